/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * RSS of the qlxge PMD (§6.5, §12.3 slot 8): the hash key, the hashed flow types and
 * the redirection table, loaded as one RSS ICB through CFG.LR.
 *
 * ethdev offers a 512-entry table (RTE_ETH_RSS_RETA_SIZE_512: testpmd and many applications
 * refuse larger ones); the card's table has 1024 buckets (mask 0x3FF), so entry i of ours fills
 * buckets i and i + 512. The key is loaded in the standard Toeplitz byte order (Linux's choice,
 * §15 #7): 40 bytes for IPv6, its first 16 for IPv4.
 */

#include <errno.h>
#include <string.h>

#include <rte_common.h>

#include "qlxge_iocb.h"
#include "qlxge_pmd.h"
#include "qlxge_log.h"

/* §6.5: the 40-byte key both public drivers load. */
static const uint8_t qlxge_rss_default_key[QLXGE_RSS_KEY_SIZE] = {
	0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2, 0x41, 0x67,
	0x25, 0x3d, 0x43, 0xa3, 0x8f, 0xb0, 0xd0, 0xca, 0x2b, 0xcb,
	0xae, 0x7b, 0x30, 0xb4, 0x77, 0xcb, 0x2d, 0xa3, 0x80, 0x30,
	0xf2, 0x0c, 0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa,
};

bool
qlxge_rss_active(const struct rte_eth_dev *dev)
{
	const struct qlxge_adapter *ad = dev->data->dev_private;

	return (dev->data->dev_conf.rxmode.mq_mode & RTE_ETH_MQ_RX_RSS_FLAG) != 0 &&
	       dev->data->nb_rx_queues > 1 && ad->rss_hf != 0;
}

static uint16_t
qlxge_rss_icb_flags(uint64_t rss_hf)
{
	uint16_t flags = QLXGE_RSS_ICB_L4K | QLXGE_RSS_ICB_L6K | QLXGE_RSS_ICB_LI |
			 QLXGE_RSS_ICB_LB | QLXGE_RSS_ICB_LM;

	if (rss_hf & (RTE_ETH_RSS_IPV4 | RTE_ETH_RSS_FRAG_IPV4 | RTE_ETH_RSS_NONFRAG_IPV4_OTHER))
		flags |= QLXGE_RSS_ICB_RI4;
	if (rss_hf & RTE_ETH_RSS_NONFRAG_IPV4_TCP)
		flags |= QLXGE_RSS_ICB_RT4;
	if (rss_hf & (RTE_ETH_RSS_IPV6 | RTE_ETH_RSS_FRAG_IPV6 | RTE_ETH_RSS_NONFRAG_IPV6_OTHER))
		flags |= QLXGE_RSS_ICB_RI6;
	if (rss_hf & RTE_ETH_RSS_NONFRAG_IPV6_TCP)
		flags |= QLXGE_RSS_ICB_RT6;
	return flags;
}

/* The table default spreads the buckets over the configured RX queues. */
void
qlxge_rss_defaults(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint16_t nb_rxq = RTE_MAX(dev->data->nb_rx_queues, (uint16_t)1);
	unsigned int i;

	memcpy(ad->rss_key, qlxge_rss_default_key, sizeof(ad->rss_key));
	for (i = 0; i < QLXGE_RETA_SIZE; i++)
		ad->reta[i] = i % nb_rxq;
}

/* dev_configure: take the application's key and hash types (validated by ethdev and here). */
int
qlxge_rss_configure(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	const struct rte_eth_rss_conf *conf = &dev->data->dev_conf.rx_adv_conf.rss_conf;

	if (conf->rss_key != NULL && conf->rss_key_len != QLXGE_RSS_KEY_SIZE) {
		QLXGE_DRV_LOG(ERR, "port %u: RSS key of %u bytes, need %u", dev->data->port_id,
			      conf->rss_key_len, QLXGE_RSS_KEY_SIZE);
		return -EINVAL;
	}
	qlxge_rss_defaults(dev);
	if (conf->rss_key != NULL)
		memcpy(ad->rss_key, conf->rss_key, QLXGE_RSS_KEY_SIZE);
	ad->rss_hf = conf->rss_hf & QLXGE_RSS_OFFLOAD_ALL;
	return 0;
}

/*
 * Load an RSS ICB built from @key, @hf and @reta (the adapter's state or a candidate one) and
 * steer RSS matches to it (@route), or not. A stopped queue's buckets go to a running one, so a
 * runtime queue stop takes the queue out of the RSS path.
 */
static int
qlxge_rss_load(struct rte_eth_dev *dev, const uint8_t *key, uint64_t hf, const uint16_t *reta,
	       bool route)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct qlxge_rss_icb *icb = ad->rss_mz->addr;
	uint8_t target[QLXGE_RETA_SIZE];
	unsigned int i;
	int ret;

	for (i = 0; i < QLXGE_RETA_SIZE; i++)
		target[i] = (uint8_t)qlxge_rx_queue_serving(dev, reta[i]);
	memset(icb, 0, sizeof(*icb));
	icb->flags_base_cq = rte_cpu_to_le_16(qlxge_rss_icb_flags(hf));
	icb->mask = rte_cpu_to_le_16(QLXGE_RSS_ICB_MASK_BITS);
	for (i = 0; i < QLXGE_RSS_TABLE_SIZE; i++)
		icb->cq_id[i] = target[i % QLXGE_RETA_SIZE];
	memcpy(icb->ipv6_hash_key, key, QLXGE_RSS_IPV6_KEY_SIZE);
	memcpy(icb->ipv4_hash_key, key, QLXGE_RSS_IPV4_KEY_SIZE);
	ret = qlxge_icb_rss_load(QLXGE_DEV_HW(dev), ad->rss_mz->iova);
	if (ret != 0)
		return ret;
	return qlxge_route_set(QLXGE_DEV_HW(dev), QLXGE_ROUTE_RSS, route);
}

/*
 * Load the RSS ICB and steer RSS matches to it (slot 8), or turn slot 8 off when RSS is not in
 * use. Only on a started port: function reset forgets both.
 */
int
qlxge_rss_apply(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);

	if (!qlxge_rss_active(dev))
		return qlxge_route_set(QLXGE_DEV_HW(dev), QLXGE_ROUTE_RSS, false);
	return qlxge_rss_load(dev, ad->rss_key, ad->rss_hf, ad->reta, true);
}

/* Whether RSS would be active with hash types @hf (qlxge_rss_active() for a candidate). */
static bool
qlxge_rss_active_hf(const struct rte_eth_dev *dev, uint64_t hf)
{
	return (dev->data->dev_conf.rxmode.mq_mode & RTE_ETH_MQ_RX_RSS_FLAG) != 0 &&
	       dev->data->nb_rx_queues > 1 && hf != 0;
}

/* Bad arguments or a failed load change nothing: work on a copy, commit on success. */
int
qlxge_rss_hash_update(struct rte_eth_dev *dev, struct rte_eth_rss_conf *conf)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint8_t key[QLXGE_RSS_KEY_SIZE];
	int ret = 0;

	if (conf->rss_key != NULL && conf->rss_key_len != QLXGE_RSS_KEY_SIZE)
		return -EINVAL;
	if ((conf->rss_hf & ~QLXGE_RSS_OFFLOAD_ALL) != 0)
		return -EINVAL;
	memcpy(key, conf->rss_key != NULL ? conf->rss_key : ad->rss_key, sizeof(key));
	if (ad->started) {
		if (qlxge_rss_active_hf(dev, conf->rss_hf))
			ret = qlxge_rss_load(dev, key, conf->rss_hf, ad->reta, true);
		else if (qlxge_rss_active(dev))
			/* RSS turned off (no hash type): the slot off, and a table with no hash
			 * type, so that the completions stop carrying a hash the port no longer
			 * computes for the application (as ixgbe's MRQC) */
			ret = qlxge_rss_load(dev, key, 0, ad->reta, false);
		else
			ret = qlxge_route_set(QLXGE_DEV_HW(dev), QLXGE_ROUTE_RSS, false);
	}
	if (ret != 0)
		return ret;
	memcpy(ad->rss_key, key, sizeof(key));
	ad->rss_hf = conf->rss_hf;
	return 0;
}

int
qlxge_rss_hash_conf_get(struct rte_eth_dev *dev, struct rte_eth_rss_conf *conf)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);

	if (conf->rss_key != NULL) {
		if (conf->rss_key_len < QLXGE_RSS_KEY_SIZE)
			return -EINVAL;
		memcpy(conf->rss_key, ad->rss_key, QLXGE_RSS_KEY_SIZE);
	}
	conf->rss_key_len = QLXGE_RSS_KEY_SIZE;
	conf->rss_hf = ad->rss_hf;
	return 0;
}

int
qlxge_reta_update(struct rte_eth_dev *dev, struct rte_eth_rss_reta_entry64 *reta,
		  uint16_t size)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint16_t table[QLXGE_RETA_SIZE];
	unsigned int i, g, b;
	int ret;

	if (size != QLXGE_RETA_SIZE)
		return -EINVAL;
	/* check everything first: a bad entry changes nothing */
	for (i = 0; i < size; i++) {
		g = i / RTE_ETH_RETA_GROUP_SIZE;
		b = i % RTE_ETH_RETA_GROUP_SIZE;
		if (((reta[g].mask >> b) & 1) != 0 && reta[g].reta[b] >= dev->data->nb_rx_queues)
			return -EINVAL;
	}
	memcpy(table, ad->reta, sizeof(table));
	for (i = 0; i < size; i++) {
		g = i / RTE_ETH_RETA_GROUP_SIZE;
		b = i % RTE_ETH_RETA_GROUP_SIZE;
		if (((reta[g].mask >> b) & 1) != 0)
			table[i] = reta[g].reta[b];
	}
	/* a failed load leaves the table as it was (work on a copy, commit on success) */
	if (ad->started && qlxge_rss_active(dev)) {
		ret = qlxge_rss_load(dev, ad->rss_key, ad->rss_hf, table, true);
		if (ret != 0)
			return ret;
	}
	memcpy(ad->reta, table, sizeof(table));
	return 0;
}

int
qlxge_reta_query(struct rte_eth_dev *dev, struct rte_eth_rss_reta_entry64 *reta,
		 uint16_t size)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	unsigned int i, g, b;

	if (size != QLXGE_RETA_SIZE)
		return -EINVAL;
	for (i = 0; i < size; i++) {
		g = i / RTE_ETH_RETA_GROUP_SIZE;
		b = i % RTE_ETH_RETA_GROUP_SIZE;
		if (((reta[g].mask >> b) & 1) != 0)
			reta[g].reta[b] = ad->reta[i];
	}
	return 0;
}

void
qlxge_rss_free(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);

	if (ad->rss_mz != NULL) {
		rte_eth_dma_zone_free(dev, "rss", 0);
		ad->rss_mz = NULL;
	}
}
