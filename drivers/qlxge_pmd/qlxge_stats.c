/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Statistics of the qlxge PMD (§11): the port's XGMAC counters, read as one snapshot by base/
 * (qlxge_counters.c), plus the queues' software counters; and the register dump.
 *
 * Packets, bytes and errors of the basic stats are the sums of the queues' software counters,
 * so the port totals, the per-queue figures (q_*, and ethdev's rx_qN_* xstats made from them)
 * and what the application received or handed over agree exactly; the MAC's own view (with
 * the FCS bytes, frames the filters dropped) is in the hardware xstats. imissed is the MAC's
 * "no buffer" drop count. ethdev derives its generic xstats (rx_good_packets ...) from
 * stats_get, and the counters behind those are not repeated among ours. Then the queues'
 * data-path counters, named from offsetof tables, and those of the shared TX queues (only
 * for the queues set up shared: a port's list changes with its setup, never while it runs;
 * per lcore they are in the API and telemetry, whose list may grow as lcores come). Reset
 * keeps a baseline: the hardware counters are never cleared (STAT_CNT_CTL is only defined by
 * the public drivers, never used).
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <rte_common.h>

#include "qlxge_pmd.h"
#include "qlxge_log.h"
#include "rte_pmd_qlxge.h"

/* Per-queue data-path counters: xstat rx_q<N>_<name> / tx_q<N>_<name>. */
struct qlxge_q_xstat {
	const char *name;
	size_t off;
};

#define QLXGE_RXQ_X(n, f) { n, offsetof(struct qlxge_rxq, f) }
#define QLXGE_TXQ_X(n, f) { n, offsetof(struct qlxge_txq, f) }

static const struct qlxge_q_xstat qlxge_rxq_xstats[] = {
	QLXGE_RXQ_X("mbuf_alloc_errors", stats.nombuf),
	QLXGE_RXQ_X("code_errors", xstats.err_frames[1]),
	QLXGE_RXQ_X("oversize_errors", xstats.err_frames[2]),
	QLXGE_RXQ_X("other_errors", xstats.err_frames[3]),	/* code 3: not named in §7.7 */
	QLXGE_RXQ_X("undersize_errors", xstats.err_frames[4]),
	QLXGE_RXQ_X("preamble_errors", xstats.err_frames[5]),
	QLXGE_RXQ_X("frame_length_errors", xstats.err_frames[6]),
	QLXGE_RXQ_X("crc_errors", xstats.err_frames[7]),
	QLXGE_RXQ_X("unscattered_drops", xstats.unscattered),
	QLXGE_RXQ_X("malformed_completions", xstats.malformed),
	QLXGE_RXQ_X("adapter_events", xstats.ae_events),
	QLXGE_RXQ_X("refill_doorbells", xstats.refills),
};

static const struct qlxge_q_xstat qlxge_txq_xstats[] = {
	QLXGE_TXQ_X("bad_packets", xstats.bad_pkts),
	QLXGE_TXQ_X("length_mismatch_errors", xstats.cpl_e),
	QLXGE_TXQ_X("too_short_errors", xstats.cpl_s),
	QLXGE_TXQ_X("too_long_frames", xstats.cpl_l),
	QLXGE_TXQ_X("pci_errors", xstats.cpl_b),
	QLXGE_TXQ_X("malformed_completions", xstats.malformed),
	QLXGE_TXQ_X("oal_frames", xstats.oal),
	QLXGE_TXQ_X("padded_frames", xstats.padded),
	QLXGE_TXQ_X("doorbells", xstats.doorbells),
};

/* Shared TX queues (qlxge_tx_shared.c): xstat tx_q<N>_shared_<name>, shared queues only. */
#define QLXGE_TXS_X(f) { #f, offsetof(struct rte_pmd_qlxge_txq_shared_stats, f) }

static const struct qlxge_q_xstat qlxge_txs_xstats[] = {
	QLXGE_TXS_X(enqueued),
	QLXGE_TXS_X(refused),
	QLXGE_TXS_X(direct),
	QLXGE_TXS_X(consumers),
	QLXGE_TXS_X(drains),
	QLXGE_TXS_X(doorbells),
	QLXGE_TXS_X(pkts_per_doorbell),
	QLXGE_TXS_X(handovers),
	QLXGE_TXS_X(stalls),
	QLXGE_TXS_X(holds),
	QLXGE_TXS_X(flushed_on_stop),
};

/* every counter but the one that only feeds imissed has a name */
#define QLXGE_NB_XSTATS (QLXGE_NB_COUNTERS - 1)

/* Counters since the last reset; a counter found below its baseline restarted (port reset). */
static int
qlxge_stats_counters(struct rte_eth_dev *dev, uint64_t *val)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	unsigned int i;
	int ret;

	ret = qlxge_counters_read(QLXGE_DEV_HW(dev), val);
	if (ret != 0)
		return ret;
	for (i = 0; i < QLXGE_NB_COUNTERS; i++) {
		if (val[i] < ad->base.val[i])
			ad->base.val[i] = 0;
		val[i] -= ad->base.val[i];
	}
	return 0;
}

int
qlxge_stats_get(struct rte_eth_dev *dev, struct rte_eth_stats *stats)
{
	uint64_t c[QLXGE_NB_COUNTERS];
	unsigned int i;
	int ret;

	ret = qlxge_stats_counters(dev, c);
	if (ret != 0)
		return ret;
	stats->imissed = c[QLXGE_CNT_RX_FIFO_DROP];
	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		struct qlxge_rxq *rxq = dev->data->rx_queues[i];

		if (rxq == NULL)
			continue;
		stats->ipackets += rxq->stats.packets;
		stats->ibytes += rxq->stats.bytes;
		stats->ierrors += rxq->stats.errors;
		stats->rx_nombuf += rxq->stats.nombuf;
		if (i < RTE_ETHDEV_QUEUE_STAT_CNTRS) {
			stats->q_ipackets[i] = rxq->stats.packets;
			stats->q_ibytes[i] = rxq->stats.bytes;
			stats->q_errors[i] = rxq->stats.errors;
		}
	}
	for (i = 0; i < dev->data->nb_tx_queues; i++) {
		struct qlxge_txq *txq = dev->data->tx_queues[i];

		if (txq == NULL)
			continue;
		stats->opackets += txq->stats.packets;
		stats->obytes += txq->stats.bytes;
		stats->oerrors += txq->stats.errors;
		if (i < RTE_ETHDEV_QUEUE_STAT_CNTRS) {
			stats->q_opackets[i] = txq->stats.packets;
			stats->q_obytes[i] = txq->stats.bytes;
		}
	}
	return 0;
}

int
qlxge_stats_reset(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct qlxge_stats_base raw;
	unsigned int i;
	int ret;

	ret = qlxge_counters_read(QLXGE_DEV_HW(dev), raw.val);
	if (ret != 0)
		return ret;
	ad->base = raw;
	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		struct qlxge_rxq *rxq = dev->data->rx_queues[i];

		if (rxq != NULL) {
			memset(&rxq->stats, 0, sizeof(rxq->stats));
			memset(&rxq->xstats, 0, sizeof(rxq->xstats));
		}
	}
	for (i = 0; i < dev->data->nb_tx_queues; i++) {
		struct qlxge_txq *txq = dev->data->tx_queues[i];

		if (txq != NULL) {
			memset(&txq->stats, 0, sizeof(txq->stats));
			memset(&txq->xstats, 0, sizeof(txq->xstats));
			if (txq->shared != NULL)
				qlxge_txs_stats_reset(txq);
		}
	}
	return 0;
}

/* The shared TX queue @q, or NULL. */
static const struct qlxge_txq *
qlxge_xstats_txs(const struct rte_eth_dev *dev, unsigned int q)
{
	const struct qlxge_txq *txq = dev->data->tx_queues[q];

	return txq != NULL && txq->shared != NULL ? txq : NULL;
}

static unsigned int
qlxge_xstats_count(const struct rte_eth_dev *dev)
{
	unsigned int q, n = QLXGE_NB_XSTATS + dev->data->nb_rx_queues * RTE_DIM(qlxge_rxq_xstats) +
			    dev->data->nb_tx_queues * RTE_DIM(qlxge_txq_xstats);

	for (q = 0; q < dev->data->nb_tx_queues; q++)
		if (qlxge_xstats_txs(dev, q) != NULL)
			n += RTE_DIM(qlxge_txs_xstats);
	return n;
}

/* A queue's counter; 0 for a queue not set up. */
static uint64_t
qlxge_q_xstat_get(const void *q, const struct qlxge_q_xstat *x)
{
	return q != NULL ? *(const uint64_t *)((const uint8_t *)q + x->off) : 0;
}

int
qlxge_xstats_get(struct rte_eth_dev *dev, struct rte_eth_xstat *xstats, unsigned int n)
{
	uint64_t c[QLXGE_NB_COUNTERS];
	unsigned int i, k, q, total = qlxge_xstats_count(dev);
	int ret;

	if (xstats == NULL || n < total)
		return total;
	ret = qlxge_stats_counters(dev, c);
	if (ret != 0)
		return ret;
	for (i = 0, k = 0; i < QLXGE_NB_COUNTERS; i++) {
		if (qlxge_counter_name(i) == NULL)
			continue;
		xstats[k].id = k;
		xstats[k].value = c[i];
		k++;
	}
	for (q = 0; q < dev->data->nb_rx_queues; q++)
		for (i = 0; i < RTE_DIM(qlxge_rxq_xstats); i++, k++) {
			xstats[k].id = k;
			xstats[k].value = qlxge_q_xstat_get(dev->data->rx_queues[q],
							    &qlxge_rxq_xstats[i]);
		}
	for (q = 0; q < dev->data->nb_tx_queues; q++)
		for (i = 0; i < RTE_DIM(qlxge_txq_xstats); i++, k++) {
			xstats[k].id = k;
			xstats[k].value = qlxge_q_xstat_get(dev->data->tx_queues[q],
							    &qlxge_txq_xstats[i]);
		}
	for (q = 0; q < dev->data->nb_tx_queues; q++) {
		struct rte_pmd_qlxge_txq_shared_stats st;
		const struct qlxge_txq *txq = qlxge_xstats_txs(dev, q);

		if (txq == NULL)
			continue;
		qlxge_txs_stats(txq, &st);
		for (i = 0; i < RTE_DIM(qlxge_txs_xstats); i++, k++) {
			xstats[k].id = k;
			xstats[k].value = qlxge_q_xstat_get(&st, &qlxge_txs_xstats[i]);
		}
	}
	return k;
}

int
qlxge_xstats_get_names(struct rte_eth_dev *dev, struct rte_eth_xstat_name *names,
		       unsigned int n)
{
	unsigned int i, k, q, total = qlxge_xstats_count(dev);

	if (names == NULL || n < total)
		return total;
	for (i = 0, k = 0; i < QLXGE_NB_COUNTERS; i++) {
		if (qlxge_counter_name(i) == NULL)
			continue;
		snprintf(names[k].name, sizeof(names[k].name), "%s", qlxge_counter_name(i));
		k++;
	}
	for (q = 0; q < dev->data->nb_rx_queues; q++)
		for (i = 0; i < RTE_DIM(qlxge_rxq_xstats); i++, k++)
			snprintf(names[k].name, sizeof(names[k].name), "rx_q%u_%s", q,
				 qlxge_rxq_xstats[i].name);
	for (q = 0; q < dev->data->nb_tx_queues; q++)
		for (i = 0; i < RTE_DIM(qlxge_txq_xstats); i++, k++)
			snprintf(names[k].name, sizeof(names[k].name), "tx_q%u_%s", q,
				 qlxge_txq_xstats[i].name);
	for (q = 0; q < dev->data->nb_tx_queues; q++) {
		if (qlxge_xstats_txs(dev, q) == NULL)
			continue;
		for (i = 0; i < RTE_DIM(qlxge_txs_xstats); i++, k++)
			snprintf(names[k].name, sizeof(names[k].name), "tx_q%u_shared_%s", q,
				 qlxge_txs_xstats[i].name);
	}
	return k;
}

/* A dump of the 64 control registers a user can send us; version = REV_ID. */
int
qlxge_get_reg(struct rte_eth_dev *dev, struct rte_dev_reg_info *info)
{
	struct qlxge_hw *hw = QLXGE_DEV_HW(dev);
	uint32_t count = qlxge_bus_dump(hw, NULL);

	if (info->data == NULL) {
		info->length = count;
		info->width = sizeof(uint32_t);
		return 0;
	}
	if (info->length != 0 && info->length != count)
		return -ENOTSUP;	/* partial dumps are not offered */
	info->length = count;
	info->width = sizeof(uint32_t);
	info->offset = 0;
	info->version = hw->st->rev_id;
	qlxge_bus_dump(hw, info->data);
	return 0;
}
