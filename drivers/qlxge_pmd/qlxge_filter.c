/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Receive filtering of the qlxge PMD (§12, §2.15): unicast MACs in the CAM,
 * multicast entries, the VLAN table and mode, tag stripping, and the NIC-queue routing slots
 * (broadcast, multicast match, all-multicast, RSS, CAM hit, promiscuous, errors dropped).
 *
 * Function reset clears the routing slots, so routing and CAM are programmed at dev_start from
 * dev->data (MACs, promiscuous, all-multicast) and from our copies (multicast list, VLANs); an op
 * on a stopped port only updates that state. Table placement (our choices, §12.1 gives none for
 * two functions): CAM entries func x 128 + MAC index; multicast entries port x 16 + i of the
 * shared 32; VLAN entries are one table shared by both ports.
 * Error routing, multicast mask and CAM-hit destination follow docs/hardware/choices.md #8-#10.
 */

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/queue.h>

#include <rte_common.h>
#include <rte_ether.h>
#include <rte_malloc.h>

#include "qlxge_pmd.h"
#include "qlxge_log.h"

/*
 * State the two ports of one adapter share, kept per process and keyed by the adapter identity
 * the probe gives: which ports use each entry of the shared VLAN table (bit = port), so that
 * one port never clears an entry the other still uses.
 */
struct qlxge_shared {
	TAILQ_ENTRY(qlxge_shared) next;
	char id[QLXGE_ADAPTER_ID_LEN];
	unsigned int refs;
	uint8_t vlan_users[RTE_ETH_VLAN_ID_MAX + 1];
};

static TAILQ_HEAD(, qlxge_shared) qlxge_shared_list = TAILQ_HEAD_INITIALIZER(qlxge_shared_list);
static pthread_mutex_t qlxge_shared_lock = PTHREAD_MUTEX_INITIALIZER;

int
qlxge_shared_attach(struct rte_eth_dev *dev, const char *adapter_id)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct qlxge_shared *sh;
	int ret = 0;

	if (adapter_id == NULL || adapter_id[0] == '\0' ||
	    strlen(adapter_id) >= QLXGE_ADAPTER_ID_LEN) {
		QLXGE_INIT_LOG(ERR, "port %u: no usable adapter identity", dev->data->port_id);
		return -EINVAL;
	}
	pthread_mutex_lock(&qlxge_shared_lock);
	TAILQ_FOREACH(sh, &qlxge_shared_list, next)
		if (strcmp(sh->id, adapter_id) == 0)
			break;
	if (sh == NULL) {
		sh = rte_zmalloc("qlxge_shared", sizeof(*sh), 0);
		if (sh == NULL) {
			ret = -ENOMEM;
			goto out;
		}
		snprintf(sh->id, sizeof(sh->id), "%s", adapter_id);
		TAILQ_INSERT_TAIL(&qlxge_shared_list, sh, next);
	}
	sh->refs++;
	ad->shared = sh;
out:
	pthread_mutex_unlock(&qlxge_shared_lock);
	return ret;
}

void
qlxge_shared_detach(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct qlxge_shared *sh = ad->shared;

	if (sh == NULL)
		return;
	pthread_mutex_lock(&qlxge_shared_lock);
	if (--sh->refs == 0) {
		TAILQ_REMOVE(&qlxge_shared_list, sh, next);
		rte_free(sh);
	}
	pthread_mutex_unlock(&qlxge_shared_lock);
	ad->shared = NULL;
}

/*
 * Enable (@on) VLAN @vid for this port, or drop this port's use of it: the table entry is
 * written enabled when a port uses it, cleared only when no port does.
 */
static int
qlxge_filter_vlan_use(struct rte_eth_dev *dev, uint16_t vid, bool on)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint8_t bit = (uint8_t)(1u << ad->st.port);
	uint8_t users;
	int ret = 0;

	pthread_mutex_lock(&qlxge_shared_lock);
	users = ad->shared->vlan_users[vid];
	users = on ? users | bit : users & ~bit;
	if (on || users == 0)
		ret = qlxge_route_vlan_set(QLXGE_DEV_HW(dev), vid, on);
	if (ret == 0)
		ad->shared->vlan_users[vid] = users;
	pthread_mutex_unlock(&qlxge_shared_lock);
	return ret;
}

static int
qlxge_filter_cam_write(struct rte_eth_dev *dev, uint32_t index,
		       const struct rte_ether_addr *addr)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);

	if (addr != NULL && rte_is_zero_ether_addr(addr))
		addr = NULL;
	return qlxge_route_cam_set(QLXGE_DEV_HW(dev), index, addr != NULL ? addr->addr_bytes : NULL,
				ad->vlan_strip, ad->dflt_cq);
}

static int
qlxge_filter_mc_write(struct rte_eth_dev *dev, uint32_t i, const struct rte_ether_addr *addr)
{
	struct qlxge_hw *hw = QLXGE_DEV_HW(dev);

	return qlxge_route_mcast_set(hw, hw->st->port * QLXGE_MAX_MC_ADDRS + i,
				  addr != NULL ? addr->addr_bytes : NULL);
}

static int
qlxge_filter_route(struct rte_eth_dev *dev, enum qlxge_route route, bool on)
{
	return qlxge_route_set(QLXGE_DEV_HW(dev), route, on);
}

/* Program @n entries from @addrs, clearing up to @old_count, and the multicast-match slot. */
static int
qlxge_filter_mc_program(struct rte_eth_dev *dev, const struct rte_ether_addr *addrs, uint32_t n,
			uint32_t old_count)
{
	uint32_t i;
	int ret = 0;

	for (i = 0; i < RTE_MAX(old_count, n) && ret == 0; i++)
		ret = qlxge_filter_mc_write(dev, i, i < n ? &addrs[i] : NULL);
	if (ret == 0)
		ret = qlxge_filter_route(dev, QLXGE_ROUTE_MCAST_MATCH, n != 0);
	return ret;
}

/* A 48-bit address as a number, the key of the receive path's multicast check. */
static inline uint64_t
qlxge_filter_mac_key(const struct rte_ether_addr *a)
{
	uint64_t k = 0;

	memcpy(&k, a->addr_bytes, RTE_ETHER_ADDR_LEN);
	return k;
}

/*
 * What the receive path checks a registered multicast match against (struct qlxge_adapter,
 * mc_keys): the port's list, unless @promisc or @allmulti lets every group in. A burst running
 * meanwhile may compare a frame with a key being replaced, as the adapter may match a frame
 * against a table entry being rewritten: each key is read whole.
 */
static void
qlxge_filter_mc_arm(struct rte_eth_dev *dev, bool promisc, bool allmulti)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint32_t n = promisc || allmulti ? 0 : ad->nb_mc_addrs, i;

	/* release, pairs with the acquire of qlxge_filter_mc_wanted(): no check while the keys
	 * change (a burst that read the count before may still compare with them) */
	__atomic_store_n(&ad->mc_check_n, 0, __ATOMIC_RELEASE);
	for (i = 0; i < n; i++)
		__atomic_store_n(&ad->mc_keys[i], qlxge_filter_mac_key(&ad->mc_addrs[i]),
				 __ATOMIC_RELAXED);
	/* release, pairs with the same acquire: the keys are written before the count that
	 * covers them is seen */
	__atomic_store_n(&ad->mc_check_n, n, __ATOMIC_RELEASE);
	qlxge_rx_mc_check_set(dev, n != 0);
}

/*
 * Is @m (a frame the adapter received as a registered multicast match) to a group of this
 * port's list? Called by the receive path (qlxge_rx.c) while the check is armed.
 */
bool
qlxge_filter_mc_wanted(const struct qlxge_adapter *ad, const struct rte_mbuf *m)
{
	/* acquire, pairs with the releases of qlxge_filter_mc_arm(): the keys the count
	 * covers are read after it */
	uint32_t n = __atomic_load_n(&ad->mc_check_n, __ATOMIC_ACQUIRE), i;
	uint64_t key;

	if (n == 0 || m->data_len < RTE_ETHER_ADDR_LEN)
		return true;
	key = qlxge_filter_mac_key(rte_pktmbuf_mtod(m, const struct rte_ether_addr *));
	for (i = 0; i < n; i++)
		if (__atomic_load_n(&ad->mc_keys[i], __ATOMIC_RELAXED) == key)
			return true;
	return false;
}

static int
qlxge_filter_mc_apply(struct rte_eth_dev *dev, uint32_t old_count)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);

	return qlxge_filter_mc_program(dev, ad->mc_addrs, ad->nb_mc_addrs, old_count);
}

/* §2.15: VLAN acceptance (all, or matching tags plus untagged) and tag stripping. */
static void
qlxge_filter_vlan_mode(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);

	qlxge_route_vlan_mode(QLXGE_DEV_HW(dev), ad->vlan_filter, ad->vlan_strip);
}

static int
qlxge_filter_cam_all(struct rte_eth_dev *dev)
{
	uint32_t i;
	int ret;

	for (i = 0; i < QLXGE_MAX_MAC_ADDRS; i++) {
		if (rte_is_zero_ether_addr(&dev->data->mac_addrs[i]))
			continue;
		ret = qlxge_filter_cam_write(dev, i, &dev->data->mac_addrs[i]);
		if (ret != 0)
			return ret;
	}
	return 0;
}

/*
 * Everything a started port filters with, §12.3 "slots programmed at bring-up": checksum-error
 * frames to the default queue (Linux slots 1/2: DPDK wants them delivered and flagged; slot 0
 * stays clear, docs/hardware/choices.md #10), broadcast, CAM hits (Linux: to the CAM's queue),
 * multicast match, all-multicast and promiscuous as configured; RSS (slot 8) is qlxge_rss.c's.
 */
int
qlxge_filter_start(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint16_t vid;
	int ret;

	ad->dflt_cq = (uint8_t)qlxge_rx_queue_serving(dev, 0);
	qlxge_route_default_cq(QLXGE_DEV_HW(dev), ad->dflt_cq);
	ret = qlxge_filter_cam_all(dev);
	if (ret == 0)
		ret = qlxge_filter_mc_apply(dev, 0);
	qlxge_filter_mc_arm(dev, dev->data->promiscuous != 0, dev->data->all_multicast != 0);
	for (vid = 0; vid <= RTE_ETH_VLAN_ID_MAX && ret == 0; vid++)
		if ((ad->vlans[vid / 64] >> (vid % 64)) & 1)
			ret = qlxge_filter_vlan_use(dev, vid, true);
	if (ret != 0)
		return ret;
	qlxge_filter_vlan_mode(dev);
	ret = qlxge_filter_route(dev, QLXGE_ROUTE_IP_CSUM_ERR, true);
	if (ret == 0)
		ret = qlxge_filter_route(dev, QLXGE_ROUTE_TU_CSUM_ERR, true);
	if (ret == 0)
		ret = qlxge_filter_route(dev, QLXGE_ROUTE_BCAST, true);
	if (ret == 0)
		ret = qlxge_filter_route(dev, QLXGE_ROUTE_ALLMULTI, dev->data->all_multicast != 0);
	if (ret == 0)
		ret = qlxge_filter_route(dev, QLXGE_ROUTE_CAM_HIT, true);
	if (ret == 0)
		ret = qlxge_filter_route(dev, QLXGE_ROUTE_PROMISC, dev->data->promiscuous != 0);
	return ret;
}

/*
 * The default queue follows the RX queues a started port runs: queue 0, or while it is stopped
 * at run time the first queue that runs (the RSS buckets move alike, qlxge_rss.c), so that the
 * frames the slots without RSS deliver (broadcast, multicast, checksum errors, promiscuous, and
 * the CAM hits RSS does not take: not IP) keep reaching the application. NIC_RCV_CFG.DFQ and the
 * CQ of each CAM entry are written again when it moves.
 */
int
qlxge_filter_steer(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint8_t cq = (uint8_t)qlxge_rx_queue_serving(dev, 0);

	if (!ad->started || cq == ad->dflt_cq)
		return 0;
	ad->dflt_cq = cq;
	qlxge_route_default_cq(QLXGE_DEV_HW(dev), cq);
	return qlxge_filter_cam_all(dev);
}

/* Linux clears its CAM MAC at close (the CAM survives a function reset); so do we. */
void
qlxge_filter_stop(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint32_t i;

	for (i = 0; i < QLXGE_MAX_MAC_ADDRS; i++)
		if (!rte_is_zero_ether_addr(&dev->data->mac_addrs[i]))
			(void)qlxge_filter_cam_write(dev, i, NULL);
	for (i = 0; i < ad->nb_mc_addrs; i++)
		(void)qlxge_filter_mc_write(dev, i, NULL);
}

/*
 * The function goes down (close, reset): this port's use of its VLANs in the shared table is
 * given up (entries the other port uses stay). The port's list (ad->vlans) is kept: a reset
 * port programs it again at its next start, as it does its MAC addresses and multicast list.
 */
void
qlxge_filter_close(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint16_t vid;

	for (vid = 0; vid <= RTE_ETH_VLAN_ID_MAX; vid++)
		if ((ad->vlans[vid / 64] >> (vid % 64)) & 1)
			(void)qlxge_filter_vlan_use(dev, vid, false);
}

/*
 * The four receive modes (ethdev records the new one once the op succeeds): the routing slot,
 * programmed while started (qlxge_filter_start() does it at start), and the multicast check.
 */
static int
qlxge_filter_mode(struct rte_eth_dev *dev, enum qlxge_route route, bool promisc, bool allmulti)
{
	int ret = 0;

	if (QLXGE_DEV_PRIVATE(dev)->started)
		ret = qlxge_filter_route(dev, route, route == QLXGE_ROUTE_PROMISC ? promisc :
					 allmulti);
	if (ret == 0)
		qlxge_filter_mc_arm(dev, promisc, allmulti);
	return ret;
}

int
qlxge_promiscuous_enable(struct rte_eth_dev *dev)
{
	return qlxge_filter_mode(dev, QLXGE_ROUTE_PROMISC, true, dev->data->all_multicast != 0);
}

int
qlxge_promiscuous_disable(struct rte_eth_dev *dev)
{
	return qlxge_filter_mode(dev, QLXGE_ROUTE_PROMISC, false, dev->data->all_multicast != 0);
}

int
qlxge_allmulticast_enable(struct rte_eth_dev *dev)
{
	return qlxge_filter_mode(dev, QLXGE_ROUTE_ALLMULTI, dev->data->promiscuous != 0, true);
}

int
qlxge_allmulticast_disable(struct rte_eth_dev *dev)
{
	return qlxge_filter_mode(dev, QLXGE_ROUTE_ALLMULTI, dev->data->promiscuous != 0, false);
}

int
qlxge_mac_addr_add(struct rte_eth_dev *dev, struct rte_ether_addr *addr, uint32_t index,
		   uint32_t pool)
{
	if (index >= QLXGE_MAX_MAC_ADDRS || pool != 0 || !rte_is_unicast_ether_addr(addr)) {
		QLXGE_DRV_LOG(ERR, "port %u: MAC " RTE_ETHER_ADDR_PRT_FMT " not added: %s",
			      dev->data->port_id, RTE_ETHER_ADDR_BYTES(addr),
			      !rte_is_unicast_ether_addr(addr) ?
			      "a group address (multicast goes to the multicast list)" :
			      pool != 0 ? "pools (VMDq) are not offered, pool 0 only" :
			      "no CAM entry left");
		return -EINVAL;
	}
	if (!QLXGE_DEV_PRIVATE(dev)->started)
		return 0;
	return qlxge_filter_cam_write(dev, index, addr);
}

void
qlxge_mac_addr_remove(struct rte_eth_dev *dev, uint32_t index)
{
	if (index >= QLXGE_MAX_MAC_ADDRS || !QLXGE_DEV_PRIVATE(dev)->started)
		return;
	if (qlxge_filter_cam_write(dev, index, NULL) != 0)
		QLXGE_DRV_LOG(ERR, "port %u: CAM entry %u not cleared", dev->data->port_id, index);
}

int
qlxge_mac_addr_set(struct rte_eth_dev *dev, struct rte_ether_addr *addr)
{
	if (!rte_is_valid_assigned_ether_addr(addr))
		return -EINVAL;
	if (!QLXGE_DEV_PRIVATE(dev)->started)
		return 0;
	return qlxge_filter_cam_write(dev, 0, addr);
}

int
qlxge_set_mc_addr_list(struct rte_eth_dev *dev, struct rte_ether_addr *mc_addrs,
		       uint32_t nb_mc_addrs)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint32_t old = ad->nb_mc_addrs;
	uint32_t i;
	int ret;

	if (nb_mc_addrs > QLXGE_MAX_MC_ADDRS) {
		QLXGE_DRV_LOG(ERR, "port %u: %u multicast addresses, at most %u",
			      dev->data->port_id, nb_mc_addrs, QLXGE_MAX_MC_ADDRS);
		return -ENOSPC;
	}
	for (i = 0; i < nb_mc_addrs; i++)
		if (!rte_is_multicast_ether_addr(&mc_addrs[i]))
			return -EINVAL;
	if (ad->started) {
		ret = qlxge_filter_mc_program(dev, mc_addrs, nb_mc_addrs, old);
		if (ret != 0) {
			/* put the entries back as the list we keep says (best effort) */
			(void)qlxge_filter_mc_program(dev, ad->mc_addrs, old, nb_mc_addrs);
			return ret;
		}
	}
	for (i = 0; i < nb_mc_addrs; i++)
		ad->mc_addrs[i] = mc_addrs[i];
	ad->nb_mc_addrs = nb_mc_addrs;
	qlxge_filter_mc_arm(dev, dev->data->promiscuous != 0, dev->data->all_multicast != 0);
	return 0;
}

/* §12.1 VLAN entry: one index write with E set or clear; shared by the ports (users kept). */
int
qlxge_vlan_filter_set(struct rte_eth_dev *dev, uint16_t vlan_id, int on)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	int ret;

	if (vlan_id > RTE_ETH_VLAN_ID_MAX)
		return -EINVAL;
	ret = qlxge_filter_vlan_use(dev, vlan_id, on != 0);
	if (ret != 0)
		return ret;
	if (on)
		ad->vlans[vlan_id / 64] |= UINT64_C(1) << (vlan_id % 64);
	else
		ad->vlans[vlan_id / 64] &= ~(UINT64_C(1) << (vlan_id % 64));
	return 0;
}

int
qlxge_vlan_offload_set(struct rte_eth_dev *dev, int mask)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint64_t offloads = dev->data->dev_conf.rxmode.offloads;
	bool strip = (offloads & RTE_ETH_RX_OFFLOAD_VLAN_STRIP) != 0;

	if ((mask & RTE_ETH_QINQ_STRIP_MASK) != 0 ||
	    (offloads & RTE_ETH_RX_OFFLOAD_VLAN_EXTEND) != 0)
		return -ENOTSUP;
	ad->vlan_filter = (offloads & RTE_ETH_RX_OFFLOAD_VLAN_FILTER) != 0;
	if (strip != ad->vlan_strip) {
		ad->vlan_strip = strip;
		/* CAM entries carry RV too (§12.1): rewrite them */
		if (ad->started && qlxge_filter_cam_all(dev) != 0)
			return -EIO;
	}
	if (ad->started)
		qlxge_filter_vlan_mode(dev);
	return 0;
}
