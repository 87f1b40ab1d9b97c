/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Statistics of the qlxge PMD (§11): the port's XGMAC counters, read as one snapshot by base/
 * (qlxge_counters.c), plus the queues' software counters; and the register dump.
 *
 * Packets, bytes and errors of the basic stats are the sums of the queues' software counters
 * (ierrors adds the frames the MAC found longer than the port's max frame or with a bad FCS,
 * which the queues do not count), so the port totals,
 * the per-queue figures (q_*, and ethdev's rx_qN_* xstats made from them) and what the
 * application received or handed over agree exactly; the MAC's own view (with
 * the FCS bytes, frames the filters dropped) is in the hardware xstats. imissed is the MAC's
 * "no buffer" drop count. ethdev derives its generic xstats (rx_good_packets ...) from
 * stats_get, and the counters behind those are not repeated among ours. Then the queues'
 * data-path counters, named from offsetof tables, and those of the shared TX queues (only
 * for the queues set up shared: a port's list changes with its setup, never while it runs;
 * per lcore they are in the API and telemetry, whose list may grow as lcores come).
 *
 * Epochs (struct qlxge_stats_epoch): every counter of the port shares one baseline, taken at
 * one moment by stats_reset (the hardware counters are never cleared: STAT_CNT_CTL is only
 * defined by the public drivers, never used). A queue's own counters die with it when it is
 * set up again or released, so what it counted is retired into the port first: the totals run
 * on across stop, start, reconfiguration and rte_eth_dev_reset. The baseline is a snapshot,
 * not a clearing: a data-path lcore still counting while stats_reset runs loses nothing.
 * Where every frame of the port is counted is docs/reliability.md.
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

#define QLXGE_RXQ_X(n, f) { n, offsetof(struct qlxge_rxq_counters, f) }
#define QLXGE_TXQ_X(n, f) { n, offsetof(struct qlxge_txq_counters, f) }

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
	QLXGE_RXQ_X("mcast_unlisted_drops", xstats.mc_unlisted),
	QLXGE_RXQ_X("malformed_completions", xstats.malformed),
	QLXGE_RXQ_X("adapter_events", xstats.ae_events),
	QLXGE_RXQ_X("refill_doorbells", xstats.refills),
	QLXGE_RXQ_X("stop_discards", xstats.stop_discards),
	QLXGE_RXQ_X("lro_packets", xstats.lro_packets),
	QLXGE_RXQ_X("lro_merged_segments", xstats.lro_merged),
};

static const struct qlxge_q_xstat qlxge_txq_xstats[] = {
	QLXGE_TXQ_X("bad_packets", xstats.bad_pkts),
	QLXGE_TXQ_X("length_mismatch_errors", xstats.cpl_e),
	QLXGE_TXQ_X("too_short_errors", xstats.cpl_s),
	QLXGE_TXQ_X("too_long_frames", xstats.cpl_l),
	QLXGE_TXQ_X("not_sent_errors", xstats.cpl_b),	/* B: PCI error or the MAC's */
	QLXGE_TXQ_X("malformed_completions", xstats.malformed),
	QLXGE_TXQ_X("oal_frames", xstats.oal),
	QLXGE_TXQ_X("padded_frames", xstats.padded),
	QLXGE_TXQ_X("doorbells", xstats.doorbells),
	QLXGE_TXQ_X("stop_discards", xstats.stop_discards),
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
	QLXGE_TXS_X(lease_grants),
	QLXGE_TXS_X(lease_revocations),
	QLXGE_TXS_X(yields),
};

/* every counter but the one that only feeds imissed has a name */
#define QLXGE_NB_XSTATS (QLXGE_NB_COUNTERS - 1)

/* The counter structures are arrays of uint64_t. */
#define QLXGE_RXC_N (sizeof(struct qlxge_rxq_counters) / sizeof(uint64_t))
#define QLXGE_TXC_N (sizeof(struct qlxge_txq_counters) / sizeof(uint64_t))
static_assert(sizeof(struct qlxge_rxq_counters) % sizeof(uint64_t) == 0, "u64 fields only");
static_assert(sizeof(struct qlxge_txq_counters) % sizeof(uint64_t) == 0, "u64 fields only");
static_assert(offsetof(struct qlxge_rxq, xstats) ==
	      offsetof(struct qlxge_rxq, stats) + sizeof(struct qlxge_queue_stats),
	      "rxq stats then xstats, as struct qlxge_rxq_counters");
static_assert(offsetof(struct qlxge_txq, xstats) ==
	      offsetof(struct qlxge_txq, stats) + sizeof(struct qlxge_queue_stats),
	      "txq stats then xstats, as struct qlxge_txq_counters");

/* A queue's live counters, in the layout of struct qlxge_rxq/txq_counters (asserted above). */
static const uint64_t *
qlxge_rxq_live(const struct rte_eth_dev *dev, uint16_t q)
{
	const struct qlxge_rxq *rxq = q < dev->data->nb_rx_queues ? dev->data->rx_queues[q] : NULL;

	return rxq != NULL ? (const uint64_t *)&rxq->stats : NULL;
}

static const uint64_t *
qlxge_txq_live(const struct rte_eth_dev *dev, uint16_t q)
{
	const struct qlxge_txq *txq = q < dev->data->nb_tx_queues ? dev->data->tx_queues[q] : NULL;

	return txq != NULL ? (const uint64_t *)&txq->stats : NULL;
}

/*
 * @out = retired + live - base, field by field (a field below its base reads 0). The live
 * counters are written by the queue's data-path lcore with plain stores of aligned 64-bit
 * words: the relaxed loads read each one whole; no other memory is ordered against them, a
 * statistic being a moment's sample.
 */
static void
qlxge_q_counters(const uint64_t *retired, const uint64_t *live, const uint64_t *base,
		 uint64_t *out, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		uint64_t v = retired[i] + (live != NULL ? __atomic_load_n(&live[i],
									  __ATOMIC_RELAXED) : 0);

		out[i] = v > base[i] ? v - base[i] : 0;
	}
}

static void
qlxge_rxq_counters_get(const struct rte_eth_dev *dev, uint16_t q, struct qlxge_rxq_counters *c)
{
	const struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);

	qlxge_q_counters((const uint64_t *)&ad->cnt.rx_retired[q], qlxge_rxq_live(dev, q),
			 (const uint64_t *)&ad->cnt.rx_base[q], (uint64_t *)c, QLXGE_RXC_N);
}

static void
qlxge_txq_counters_get(const struct rte_eth_dev *dev, uint16_t q, struct qlxge_txq_counters *c)
{
	const struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);

	qlxge_q_counters((const uint64_t *)&ad->cnt.tx_retired[q], qlxge_txq_live(dev, q),
			 (const uint64_t *)&ad->cnt.tx_base[q], (uint64_t *)c, QLXGE_TXC_N);
}

/* What queue @qid (@rxq) counted goes into the port's retired counters before it goes. */
void
qlxge_stats_retire_rxq(struct rte_eth_dev *dev, uint16_t qid, const struct qlxge_rxq *rxq)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	const uint64_t *live = (const uint64_t *)&rxq->stats;
	uint64_t *r;
	size_t i;

	if (qid >= QLXGE_MAX_RXQ)
		return;
	r = (uint64_t *)&ad->cnt.rx_retired[qid];
	for (i = 0; i < QLXGE_RXC_N; i++)
		r[i] += live[i];
}

void
qlxge_stats_retire_txq(struct rte_eth_dev *dev, uint16_t qid, const struct qlxge_txq *txq)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	const uint64_t *live = (const uint64_t *)&txq->stats;
	struct rte_pmd_qlxge_txq_shared_stats st;
	uint64_t *r;
	size_t i;

	if (qid >= QLXGE_MAX_TXQ)
		return;
	r = (uint64_t *)&ad->cnt.tx_retired[qid];
	for (i = 0; i < QLXGE_TXC_N; i++)
		r[i] += live[i];
	if (txq->shared != NULL) {	/* its ring's counters too (since its baseline) */
		qlxge_txs_stats(txq, &st);
		qlxge_txs_stats_add(&ad->cnt.txs_retired[qid], &st);
	}
}

/*
 * The counters of shared TX queue @qid (@txq): what its ring counted, and its predecessors';
 * its frames and doorbells are the queue's own counters (every frame of a shared queue goes
 * to the device through its ring or its lease), in the port's epoch like them.
 */
void
qlxge_stats_txs_get(const struct rte_eth_dev *dev, uint16_t qid, const struct qlxge_txq *txq,
		    struct rte_pmd_qlxge_txq_shared_stats *st)
{
	const struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct qlxge_txq_counters tc;

	qlxge_txs_stats(txq, st);
	if (qid >= QLXGE_MAX_TXQ)
		return;
	qlxge_txs_stats_add(st, &ad->cnt.txs_retired[qid]);
	qlxge_txq_counters_get(dev, qid, &tc);
	st->frames = tc.stats.packets;
	st->doorbells = tc.xstats.doorbells;
	st->pkts_per_doorbell = st->doorbells == 0 ? 0 :
				(st->frames + st->doorbells / 2) / st->doorbells;
}

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
		if (val[i] < ad->cnt.hw.val[i])
			ad->cnt.hw.val[i] = 0;
		val[i] -= ad->cnt.hw.val[i];
	}
	return 0;
}

int
qlxge_stats_get(struct rte_eth_dev *dev, struct rte_eth_stats *stats)
{
	uint64_t c[QLXGE_NB_COUNTERS];
	struct qlxge_rxq_counters rc;
	struct qlxge_txq_counters tc;
	unsigned int i;
	int ret;

	ret = qlxge_stats_counters(dev, c);
	if (ret != 0)
		return ret;
	stats->imissed = c[QLXGE_CNT_RX_FIFO_DROP];
	/* frames longer than the port's max frame or with a bad FCS: the MAC counts each once,
	 * whether the routing then hands it to a queue (which drops it without counting it
	 * again, qlxge_rx_mac_counted) or no queue takes it (filtered, the function being
	 * reset): in ierrors either way, as ixgbe's crcerrs */
	stats->ierrors = c[QLXGE_CNT_RX_OVERSIZE] + c[QLXGE_CNT_RX_JABBER] +
			 c[QLXGE_CNT_RX_FCS_ERR] + c[QLXGE_CNT_RX_FRAGMENTS];
	/* every queue index: a queue released since the reset still counts in the totals */
	for (i = 0; i < QLXGE_MAX_RXQ; i++) {
		qlxge_rxq_counters_get(dev, i, &rc);
		stats->ipackets += rc.stats.packets;
		stats->ibytes += rc.stats.bytes;
		stats->ierrors += rc.stats.errors;
		stats->rx_nombuf += rc.stats.nombuf;
		if (i < dev->data->nb_rx_queues && i < RTE_ETHDEV_QUEUE_STAT_CNTRS) {
			stats->q_ipackets[i] = rc.stats.packets;
			stats->q_ibytes[i] = rc.stats.bytes;
			stats->q_errors[i] = rc.stats.errors;
		}
	}
	for (i = 0; i < QLXGE_MAX_TXQ; i++) {
		qlxge_txq_counters_get(dev, i, &tc);
		stats->opackets += tc.stats.packets;
		stats->obytes += tc.stats.bytes;
		stats->oerrors += tc.stats.errors;
		if (i < dev->data->nb_tx_queues && i < RTE_ETHDEV_QUEUE_STAT_CNTRS) {
			stats->q_opackets[i] = tc.stats.packets;
			stats->q_obytes[i] = tc.stats.bytes;
		}
	}
	return 0;
}

/*
 * One baseline for every counter, taken at one moment: the hardware counters' snapshot, then
 * at once the software counters' (retired + live). Nothing is cleared. A hardware read that
 * fails leaves the old epoch whole.
 */
int
qlxge_stats_reset(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct qlxge_stats_base raw;
	unsigned int q;
	size_t i;
	int ret;

	ret = qlxge_counters_read(QLXGE_DEV_HW(dev), raw.val);
	if (ret != 0)
		return ret;
	ad->cnt.hw = raw;
	for (q = 0; q < QLXGE_MAX_RXQ; q++) {
		const uint64_t *live = qlxge_rxq_live(dev, q);
		const uint64_t *r = (const uint64_t *)&ad->cnt.rx_retired[q];
		uint64_t *b = (uint64_t *)&ad->cnt.rx_base[q];

		for (i = 0; i < QLXGE_RXC_N; i++)
			b[i] = r[i] + (live != NULL ?
				       __atomic_load_n(&live[i], __ATOMIC_RELAXED) : 0);
	}
	for (q = 0; q < QLXGE_MAX_TXQ; q++) {
		const uint64_t *live = qlxge_txq_live(dev, q);
		const uint64_t *r = (const uint64_t *)&ad->cnt.tx_retired[q];
		uint64_t *b = (uint64_t *)&ad->cnt.tx_base[q];

		for (i = 0; i < QLXGE_TXC_N; i++)
			b[i] = r[i] + (live != NULL ?
				       __atomic_load_n(&live[i], __ATOMIC_RELAXED) : 0);
		/* a shared queue's counters: a baseline of their own, what went before dropped
		 * (written by the control path only, as here) */
		memset(&ad->cnt.txs_retired[q], 0, sizeof(ad->cnt.txs_retired[q]));
		if (q < dev->data->nb_tx_queues) {
			struct qlxge_txq *txq = dev->data->tx_queues[q];

			if (txq != NULL && txq->shared != NULL)
				qlxge_txs_stats_reset(txq);
		}
	}
	return 0;
}

/* At probe: the port's counters start at 0 whatever the hardware counted before. */
int
qlxge_stats_init(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);

	memset(&ad->cnt, 0, sizeof(ad->cnt));
	return qlxge_counters_read(QLXGE_DEV_HW(dev), ad->cnt.hw.val);
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

/* A queue's counter, from its counters (struct qlxge_rxq/txq_counters). */
static uint64_t
qlxge_q_xstat_get(const void *c, const struct qlxge_q_xstat *x)
{
	return *(const uint64_t *)((const uint8_t *)c + x->off);
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
	for (q = 0; q < dev->data->nb_rx_queues; q++) {
		struct qlxge_rxq_counters rc;

		qlxge_rxq_counters_get(dev, q, &rc);
		for (i = 0; i < RTE_DIM(qlxge_rxq_xstats); i++, k++) {
			xstats[k].id = k;
			xstats[k].value = qlxge_q_xstat_get(&rc, &qlxge_rxq_xstats[i]);
		}
	}
	for (q = 0; q < dev->data->nb_tx_queues; q++) {
		struct qlxge_txq_counters tc;

		qlxge_txq_counters_get(dev, q, &tc);
		for (i = 0; i < RTE_DIM(qlxge_txq_xstats); i++, k++) {
			xstats[k].id = k;
			xstats[k].value = qlxge_q_xstat_get(&tc, &qlxge_txq_xstats[i]);
		}
	}
	for (q = 0; q < dev->data->nb_tx_queues; q++) {
		struct rte_pmd_qlxge_txq_shared_stats st;
		const struct qlxge_txq *txq = qlxge_xstats_txs(dev, q);

		if (txq == NULL)
			continue;
		qlxge_stats_txs_get(dev, q, txq, &st);
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
