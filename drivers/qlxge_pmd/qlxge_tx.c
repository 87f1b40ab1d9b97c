/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * TX queues of the qlxge PMD: setup and release (WQ ring, its completion CQ and their shadow
 * words, §6.1-6.3), start and stop, queue information, and the transmit burst.
 *
 * Memory of one queue, one IOVA-contiguous memzone:
 *   WQ ring (nb_desc x 128 B) | CQ ring (nb_desc x 64 B) | WQ ICB | CQ ICB |
 *   WQ consumer shadow | CQ producer shadow | 64 zero bytes (padding) | one OAL per WQ slot
 * TX queue j uses WQ j and CQ QLXGE_TX_CQ_BASE + j.
 *
 * Transmit (design.md "The data path", B.27): one 128-byte IOCB per frame, tid = its
 * WQ slot (§7.3, §7.4): the MAC IOCB (0x01) for a plain frame, the TSO IOCB (0x02) when a
 * checksum or segmentation offload is asked for, with the pseudo-header sums qlxge_prep_pkts()
 * pre-loads (§7.4). Up to 8 buffer descriptors inline; a longer chain keeps 7 inline and the
 * rest in the slot's outbound address list behind a C descriptor (Linux's form, §7.5); E on the
 * last. Frames under 60 bytes are padded by a descriptor of zeroes (Linux pads in software,
 * §7.4). One doorbell per burst; completions (§7.6) are reclaimed inline when free slots run
 * below the threshold, by the function behind tx_done_cleanup too, each checked for its opcode
 * and tid (FreeBSD: a wrong tid is fatal) and its E/S/L/B flags counted.
 *
 * A queue set up with RTE_ETH_TX_OFFLOAD_MT_LOCKFREE is shared (qlxge_tx_shared.c): its
 * burst, qlxge_xmit_pkts_mp() below, is the unshared one for the holder of its ring's lease,
 * and otherwise goes through a lib/mpring ring whose consumer builds the IOCBs with
 * qlxge_tx_fill(), writes the doorbell with qlxge_tx_doorbell() and reclaims with
 * qlxge_tx_reclaim(), the very code of the burst below; the hooks marked "shared" hand the
 * queue's stop and start to it.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_errno.h>
#include <rte_ethdev.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_net.h>
#include <rte_vect.h>

#include "qlxge_iocb.h"
#include "qlxge_pmd.h"
#include "qlxge_tx_shared.h"
#include "qlxge_log.h"

/* Our limits (§13 leaves them to the driver): QLXGE_TX_MAX_SEGS, one OAL per slot. */
#define QLXGE_TX_OAL_ENTRIES	(QLXGE_TX_MAX_SEGS + 1)	/* + the padding descriptor */
#define QLXGE_TX_OAL_SIZE	RTE_ALIGN_CEIL(QLXGE_TX_OAL_ENTRIES * QLXGE_TX_BD_SIZE, 64)
#define QLXGE_TX_INLINE_OAL	(QLXGE_TX_BD_PER_IOCB - 1)	/* inline BDs before the C one */
#define QLXGE_TX_MIN_FRAME	(RTE_ETHER_MIN_LEN - RTE_ETHER_CRC_LEN)	/* 60 */
#define QLXGE_TX_MAX_HDR	256	/* L2+L3+L4 header bytes we offload */
#define QLXGE_TX_TSO_MAX_FRAME	(65535 + 22)	/* FreeBSD's TSO limit (§13) */
/*
 * Least TSO segment size taken (our choice: the sources give none; ice's limit): one packet
 * becomes at most 1024 frames on the wire, not one per payload byte.
 */
#define QLXGE_TX_TSO_MIN_MSS	64
#define QLXGE_TX_IP_OFF_MAX	(QLXGE_OB_TSO_IP_OFF_MASK >> QLXGE_OB_TSO_IP_OFF_SHIFT)
#define QLXGE_TX_L4_OFF_MAX	(QLXGE_OB_TSO_L4_OFF_MASK >> QLXGE_OB_TSO_L4_OFF_SHIFT)

#define QLXGE_TX_OL_CKSUM	(RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_L4_MASK | \
				 RTE_MBUF_F_TX_TCP_SEG)
#define QLXGE_TX_OL_SUPPORTED	(RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IPV6 | \
				 RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_L4_MASK | \
				 RTE_MBUF_F_TX_TCP_SEG | RTE_MBUF_F_TX_VLAN)

struct qlxge_tx_layout {
	size_t cq_off, wq_icb_off, cq_icb_off, cons_off, prod_off, pad_off, oal_off, size;
};

static void
qlxge_tx_layout(uint16_t nb_desc, struct qlxge_tx_layout *l)
{
	l->cq_off = RTE_ALIGN_CEIL((size_t)nb_desc * QLXGE_IOCB_SIZE, QLXGE_PAGE_SIZE);
	l->wq_icb_off = l->cq_off + RTE_ALIGN_CEIL((size_t)nb_desc * QLXGE_CQE_SIZE,
						   RTE_CACHE_LINE_SIZE);
	l->cq_icb_off = l->wq_icb_off + RTE_CACHE_LINE_SIZE;
	l->cons_off = l->cq_icb_off + RTE_CACHE_LINE_SIZE;
	l->prod_off = l->cons_off + QLXGE_SHADOW_SIZE;
	l->pad_off = RTE_ALIGN_CEIL(l->prod_off + QLXGE_SHADOW_SIZE, RTE_CACHE_LINE_SIZE);
	l->oal_off = l->pad_off + RTE_ALIGN_CEIL(QLXGE_TX_MIN_FRAME, RTE_CACHE_LINE_SIZE);
	l->size = l->oal_off + (size_t)nb_desc * QLXGE_TX_OAL_SIZE;
}

static uint32_t qlxge_tx_reclaim_(struct qlxge_txq *txq, uint32_t max, const bool flush);

/*
 * The default tx_free_thresh (the application's 0): reclaim once more than
 * QLXGE_TX_RECLAIM_BULK slots are taken, whatever the ring's size, so that a frame's mbuf goes
 * back to the pool about as many frames after it was sent on a ring of 4096 as on one of 256,
 * and the completion is read soon after the device wrote it. With the threshold at 32 free
 * slots (ixgbe's), a ring of 4096 sent 4064 frames before reclaiming: their completions and
 * mbufs came back cold, and, put back by thousands at once, the mbufs overflowed the lcore's
 * mempool cache into the pool's ring, so that a refill took the pool's oldest buffers and
 * every mbuf of the pool went round (docs/performance.md, "How the cost grows"). At least 32
 * (rings of 64 and 96 slots).
 */
static uint16_t
qlxge_tx_free_thresh_default(uint16_t nb_desc)
{
	return (uint16_t)RTE_MAX((uint32_t)nb_desc - RTE_MIN((uint32_t)nb_desc,
							    QLXGE_TX_RECLAIM_BULK), 32u);
}

/*
 * The queue is off the device (function reset, confirmed CQ stop), its mbufs go back. The
 * completions written before are taken as usual, also those whose producer shadow the device
 * did not write (their frames were sent, or not, as they say); a frame without one was not
 * sent: counted in oerrors and tx_q<N>_stop_discards and taken back out of opackets/obytes,
 * where the burst put it. A queue whose completions broke the contract is not read again.
 */
static void
qlxge_txq_free_mbufs(struct qlxge_txq *txq)
{
	struct rte_mbuf *m;
	uint32_t i, n = 0;

	if (!txq->broken && txq->nb_free + 1u < txq->nb_desc)
		qlxge_tx_reclaim_(txq, UINT32_MAX, true);
	for (i = 0; i < txq->nb_desc; i++) {
		m = txq->sw_ring[i];
		if (m == NULL)
			continue;
		n++;
		txq->stats.errors++;
		if (txq->stats.packets != 0)
			txq->stats.packets--;
		txq->stats.bytes -= RTE_MIN(txq->stats.bytes, (uint64_t)m->pkt_len);
		rte_pktmbuf_free(m);
		txq->sw_ring[i] = NULL;
	}
	txq->xstats.stop_discards += n;
	if (txq->shared != NULL)	/* shared: accepted, never completed */
		txq->shared->xstats.flushed += n;
	txq->nb_free = txq->nb_desc - 1;
	txq->chains = 0;
}

void
qlxge_tx_queue_release(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_txq *txq = dev->data->tx_queues[qid];

	if (txq == NULL)
		return;
	if (txq->started)
		qlxge_icb_tx_stop(&txq->wq, &txq->cq);
	qlxge_txq_free_mbufs(txq);
	qlxge_stats_retire_txq(dev, qid, txq);
	qlxge_txs_release(txq);
	rte_eth_dma_zone_free(dev, "txq", qid);
	rte_free(txq->sw_ring);
	rte_free(txq);
	dev->data->tx_queues[qid] = NULL;
}

int
qlxge_tx_queue_setup(struct rte_eth_dev *dev, uint16_t qid, uint16_t nb_desc,
		     unsigned int socket, const struct rte_eth_txconf *conf)
{
	struct qlxge_hw *hw = QLXGE_DEV_HW(dev);
	struct qlxge_tx_layout l;
	struct qlxge_txq *txq;
	rte_iova_t iova;
	uint8_t *va;

	if (nb_desc < QLXGE_RING_MIN || nb_desc > QLXGE_RING_MAX ||
	    nb_desc % QLXGE_RING_ALIGN != 0) {
		QLXGE_DRV_LOG(ERR, "port %u txq %u: %u descriptors: need a multiple of %u in "
			      "[%u, %u]", dev->data->port_id, qid, nb_desc, QLXGE_RING_ALIGN,
			      QLXGE_RING_MIN, QLXGE_RING_MAX);
		return -EINVAL;
	}
	/* thresholds past the ring mean nothing (ixgbe and i40e refuse them too): the free
	 * threshold counts free slots; every IOCB has its completion, so tx_rs_thresh has no
	 * other use than this check */
	if (conf->tx_free_thresh >= nb_desc || conf->tx_rs_thresh >= nb_desc) {
		QLXGE_DRV_LOG(ERR, "port %u txq %u: tx_free_thresh %u / tx_rs_thresh %u: each must "
			      "be below the ring's %u descriptors", dev->data->port_id, qid,
			      conf->tx_free_thresh, conf->tx_rs_thresh, nb_desc);
		return -EINVAL;
	}
	qlxge_tx_queue_release(dev, qid);
	txq = rte_zmalloc_socket("qlxge_txq", sizeof(*txq), RTE_CACHE_LINE_SIZE, socket);
	if (txq == NULL)
		return -ENOMEM;
	txq->sw_ring = rte_zmalloc_socket("qlxge_txq_sw", sizeof(txq->sw_ring[0]) * nb_desc,
					  RTE_CACHE_LINE_SIZE, socket);
	if (txq->sw_ring == NULL) {
		rte_free(txq);
		return -ENOMEM;
	}
	txq->ad = QLXGE_DEV_PRIVATE(dev);
	txq->port_id = dev->data->port_id;
	txq->queue_id = qid;
	txq->wq_id = qid;
	txq->cq_id = QLXGE_TX_CQ_BASE + qid;
	txq->nb_desc = nb_desc;
	txq->free_thresh = conf->tx_free_thresh != 0 ? conf->tx_free_thresh :
			   qlxge_tx_free_thresh_default(nb_desc);
	txq->offloads = conf->offloads | dev->data->dev_conf.txmode.offloads;
	txq->deferred_start = conf->tx_deferred_start != 0;
	txq->stalled = true;	/* until started: a burst takes nothing */

	qlxge_tx_layout(nb_desc, &l);
	txq->mz = rte_eth_dma_zone_reserve(dev, "txq", qid, l.size, QLXGE_PAGE_SIZE, socket);
	if (txq->mz == NULL) {
		QLXGE_DRV_LOG(ERR, "port %u txq %u: no memory for the rings (%zu bytes)",
			      dev->data->port_id, qid, l.size);
		rte_free(txq->sw_ring);
		rte_free(txq);
		return -ENOMEM;
	}
	va = txq->mz->addr;
	memset(va, 0, l.size);
	iova = txq->mz->iova;
	txq->wq = (struct qlxge_wq_desc){
		.ring = va,
		.cons_shadow = (volatile uint32_t *)(va + l.cons_off),
		.icb = va + l.wq_icb_off,
		.db = qlxge_bus_wq_db(hw, txq->wq_id),
		.ring_iova = iova,
		.shadow_iova = iova + l.cons_off,
		.icb_iova = iova + l.wq_icb_off,
		.id = txq->wq_id,
		.len = nb_desc,
		.cq_id = txq->cq_id,
	};
	/* §6.2 TX-completion CQ: no buffer queues */
	txq->cq = (struct qlxge_cq_desc){
		.ring = va + l.cq_off,
		.prod_shadow = (volatile uint32_t *)(va + l.prod_off),
		.icb = va + l.cq_icb_off,
		.db = qlxge_bus_cq_db(hw, txq->cq_id),
		.ring_iova = iova + l.cq_off,
		.shadow_iova = iova + l.prod_off,
		.icb_iova = iova + l.cq_icb_off,
		.id = txq->cq_id,
		.len = nb_desc,
		.vector = QLXGE_DATA_CQ_VECTOR,
	};
	qlxge_icb_wq_fill(&txq->wq);
	qlxge_icb_cq_fill(&txq->cq);
	/* the burst's copies of what it touches, next to its other fields */
	txq->wq_ring = txq->wq.ring;
	txq->cq_ring = txq->cq.ring;
	txq->cons_shadow = txq->wq.cons_shadow;
	txq->prod_shadow = txq->cq.prod_shadow;
	txq->wq_db = txq->wq.db;
	txq->cq_db = txq->cq.db;
	txq->wq_prod_off = qlxge_bus_db_off(QLXGE_DBR_WQ_PROD);
	txq->cq_cons_off = qlxge_bus_db_off(QLXGE_DBR_CQ_CONS);
	txq->oal = va + l.oal_off;
	txq->oal_iova = iova + l.oal_off;
	txq->pad_iova = iova + l.pad_off;
	if ((txq->offloads & RTE_ETH_TX_OFFLOAD_MT_LOCKFREE) != 0 &&
	    qlxge_txs_setup(dev, txq, socket) != 0) {
		rte_eth_dma_zone_free(dev, "txq", qid);
		rte_free(txq->sw_ring);
		rte_free(txq);
		return -ENOMEM;
	}
	dev->data->tx_queues[qid] = txq;
	return 0;
}

int
qlxge_tx_queue_start(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_txq *txq = dev->data->tx_queues[qid];
	int ret;

	if (txq == NULL)
		return -EINVAL;
	qlxge_txq_free_mbufs(txq);
	txq->wq_pi = 0;
	txq->wq_ci = 0;
	txq->cq_ci = 0;
	txq->nb_free = txq->nb_desc - 1;
	txq->max_len = qlxge_mtu_to_tx_len(dev->data->mtu);
	/* a CQ stopped by a runtime queue stop stays stopped across an ICB load: start it */
	ret = qlxge_icb_cq_stop(QLXGE_DEV_HW(dev), txq->cq_id, false);
	if (ret == 0)
		ret = qlxge_icb_tx_start(QLXGE_DEV_HW(dev), &txq->wq, &txq->cq);
	if (ret != 0)
		return ret;
	txq->stalled = false;
	txq->broken = false;
	txq->started = true;
	if (txq->shared != NULL)
		qlxge_txs_start(txq);	/* shared: the ring accepts frames again */
	dev->data->tx_queue_state[qid] = RTE_ETH_QUEUE_STATE_STARTED;
	return 0;
}

/*
 * A new MTU on a running port: its frame limit for the bursts. An independent value (nothing
 * else is published with it): a burst running across the change checks a frame against the
 * old or the new limit, either of which the port's MAC let through when the burst began.
 */
void
qlxge_tx_max_len_set(struct rte_eth_dev *dev, uint16_t mtu)
{
	uint16_t i;

	for (i = 0; i < dev->data->nb_tx_queues; i++) {
		struct qlxge_txq *txq = dev->data->tx_queues[i];

		if (txq != NULL)
			__atomic_store_n(&txq->max_len, qlxge_mtu_to_tx_len(mtu),
					 __ATOMIC_RELAXED);
	}
}

/* Take the queue from the device; its mbufs stay until qlxge_tx_queue_free_bufs() (dev_stop). */
void
qlxge_tx_queue_halt(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_txq *txq = dev->data->tx_queues[qid];

	if (txq == NULL)
		return;
	/* shared: the ring stops taking frames and sends what it holds while the device runs */
	if (txq->shared != NULL)
		qlxge_txs_quiesce(txq, txq->started && !qlxge_dev_fatal(txq->ad));
	txq->stalled = true;
	if (txq->started)
		qlxge_icb_tx_stop(&txq->wq, &txq->cq);
	txq->started = false;
	dev->data->tx_queue_state[qid] = RTE_ETH_QUEUE_STATE_STOPPED;
}

void
qlxge_tx_queue_free_bufs(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_txq *txq = dev->data->tx_queues[qid];

	if (txq != NULL)
		qlxge_txq_free_mbufs(txq);
}

/*
 * Runtime queue stop (no function reset follows): the completion CQ is stopped and confirmed
 * first (§2.13: its WQ then waits, reading no more IOCBs or data), then both doorbells are
 * invalidated, then the mbufs freed. Unconfirmed, the mbufs are left to the next port stop.
 */
int
qlxge_tx_queue_stop(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_txq *txq = dev->data->tx_queues[qid];
	int ret = 0;

	if (txq == NULL)
		return -EINVAL;
	if (txq->shared != NULL)	/* shared: as in qlxge_tx_queue_halt() */
		qlxge_txs_quiesce(txq, txq->started && !qlxge_dev_fatal(txq->ad));
	txq->stalled = true;
	if (txq->started) {
		ret = qlxge_icb_cq_stop(QLXGE_DEV_HW(dev), txq->cq_id, true);
		qlxge_icb_tx_stop(&txq->wq, &txq->cq);
	}
	txq->started = false;
	dev->data->tx_queue_state[qid] = RTE_ETH_QUEUE_STATE_STOPPED;
	if (ret != 0) {
		QLXGE_DRV_LOG(ERR, "port %u txq %u: CQ %u not stopped (%d): its mbufs are left "
			      "to the device until the next port stop", txq->port_id, qid,
			      txq->cq_id, ret);
		return ret;
	}
	qlxge_txq_free_mbufs(txq);
	return 0;
}

void
qlxge_txq_info_get(struct rte_eth_dev *dev, uint16_t qid, struct rte_eth_txq_info *qinfo)
{
	struct qlxge_txq *txq = dev->data->tx_queues[qid];

	qinfo->nb_desc = txq->nb_desc;
	qinfo->conf.tx_free_thresh = txq->free_thresh;
	qinfo->conf.tx_deferred_start = txq->deferred_start;
	qinfo->conf.offloads = txq->offloads;
}

/* Which burst a TX queue runs: its own, or a shared queue's (qlxge_xmit_pkts_mp). */
int
qlxge_tx_burst_mode_get(struct rte_eth_dev *dev, uint16_t qid, struct rte_eth_burst_mode *mode)
{
	const struct qlxge_txq *txq = dev->data->tx_queues[qid];

	if (txq == NULL)
		return -EINVAL;
	snprintf(mode->info, sizeof(mode->info), "%s", txq->shared != NULL ?
		 "Scalar, shared (MT lock-free: callers' frames coalesced by mpring)" : "Scalar");
	return 0;
}

/* ---- transmit path ----------------------------------------------------------------------- */

/* A completion that breaks the contract: the queue stops, the application is told to reset. */
static void
qlxge_tx_malformed(struct qlxge_txq *txq)
{
	txq->xstats.malformed++;
	txq->stalled = true;
	txq->broken = true;
	qlxge_dev_request_reset(txq->ad);
	QLXGE_DRV_LOG(ERR, "port %u txq %u: malformed completion at %u", txq->port_id,
		      txq->queue_id, txq->cq_ci);
}

/*
 * With the device off the queue: the producer index as the ring says it, past the shadow, up
 * to the first entry the driver cleared (a completion written, its shadow not: a DMA error, a
 * coalescing delay cut by the reset). Every consumed entry is cleared and the ring is cleared at
 * start, so a non-zero opcode is a completion not yet read.
 */
static uint32_t
qlxge_tx_ring_prod(const struct qlxge_txq *txq)
{
	uint32_t ci = txq->cq_ci, n;

	for (n = 0; n + 1 < txq->nb_desc && txq->cq_ring[(size_t)ci * QLXGE_CQE_SIZE] != 0; n++)
		ci = ci + 1 == txq->nb_desc ? 0 : ci + 1;
	return ci;
}

/*
 * The mbufs of completed frames back to their pool. With RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE the
 * application promises one pool and no other reference, not one segment: the heads go back in
 * one put, their headers not read, while no frame of several segments is in flight (the burst
 * counts them in txq->chains); otherwise rte_pktmbuf_free_bulk() walks each chain, every
 * segment back to the pool as the pool wants it (next NULL, nb_segs 1).
 */
static __rte_always_inline void
qlxge_tx_free_bulk(struct qlxge_txq *txq, struct rte_mbuf **m, uint32_t n)
{
	uint32_t i;

	if ((txq->offloads & RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE) == 0) {
		rte_pktmbuf_free_bulk(m, n);
	} else if (likely(txq->chains == 0)) {
		rte_mempool_put_bulk(m[0]->pool, (void **)m, n);
	} else {
		for (i = 0; i < n; i++)
			txq->chains -= m[i]->nb_segs > 1;
		rte_pktmbuf_free_bulk(m, n);
	}
}

/*
 * The first word of a TX completion (opcode, flags1, flags2, flags3, as the CPU reads it): the
 * bits that make it unusual, an error flag of §7.6 (E, S, L, B), and the opcode's byte, which
 * is 1 or 2 (the request's). A usual completion has none of the flags and one of the opcodes,
 * tested in one mask and one compare by qlxge_tx_rsp_usual().
 */
#define QLXGE_TX_RSP_FLAGS \
	((uint32_t)(QLXGE_OB_MAC_RSP_FLAGS1_E | QLXGE_OB_MAC_RSP_FLAGS1_S | \
		    QLXGE_OB_MAC_RSP_FLAGS1_L) << 8 | (uint32_t)QLXGE_OB_MAC_RSP_FLAGS3_B << 24)
static_assert(QLXGE_OPCODE_OB_MAC_IOCB == 1 && QLXGE_OPCODE_OB_MAC_TSO_IOCB == 2,
	      "qlxge_tx_rsp_usual: the opcodes are 1 and 2");

static __rte_always_inline bool
qlxge_tx_rsp_usual(uint32_t w)
{
	/* opcode 1 or 2: (opcode - 1) is 0 or 1, any other byte wraps to 2..255 */
	return (w & QLXGE_TX_RSP_FLAGS) == 0 && (uint8_t)((uint8_t)w - 1u) <= 1u;
}

/*
 * A completion qlxge_tx_rsp_usual() did not take: malformed (not a TX completion, or not the
 * one of slot @slot, whose mbuf @m must be there): false; else the error flags, counted, and
 * E, S and B (not sent) taken back out of opackets/obytes, where the burst put them (a reset of
 * the counters in between leaves nothing to take back): true.
 */
static __rte_noinline bool
qlxge_tx_rsp_unusual(struct qlxge_txq *txq, const struct qlxge_ob_mac_rsp *rsp, uint32_t slot,
		     const struct rte_mbuf *m)
{
	uint8_t f1 = rsp->flags1 & (QLXGE_OB_MAC_RSP_FLAGS1_E | QLXGE_OB_MAC_RSP_FLAGS1_S |
				    QLXGE_OB_MAC_RSP_FLAGS1_L);
	bool b = (rsp->flags3 & QLXGE_OB_MAC_RSP_FLAGS3_B) != 0;

	if ((rsp->opcode != QLXGE_OPCODE_OB_MAC_IOCB &&
	     rsp->opcode != QLXGE_OPCODE_OB_MAC_TSO_IOCB) ||
	    rte_le_to_cpu_32(rsp->tid) != slot || m == NULL)
		return false;
	txq->xstats.cpl_e += (f1 & QLXGE_OB_MAC_RSP_FLAGS1_E) != 0;
	txq->xstats.cpl_s += (f1 & QLXGE_OB_MAC_RSP_FLAGS1_S) != 0;
	txq->xstats.cpl_l += (f1 & QLXGE_OB_MAC_RSP_FLAGS1_L) != 0;
	txq->xstats.cpl_b += b;
	/* L was sent anyway */
	if (b || (f1 & ~QLXGE_OB_MAC_RSP_FLAGS1_L) != 0) {
		txq->stats.errors++;
		if (txq->stats.packets != 0)
			txq->stats.packets--;
		txq->stats.bytes -= RTE_MIN(txq->stats.bytes, (uint64_t)m->pkt_len);
	}
	return true;
}

/*
 * Reclaim up to @max completed IOCBs (§7.6): one completion per IOCB, in WQ order, its tid the
 * slot; each entry cleared once read (see qlxge_tx_ring_prod). @flush: the device is off the
 * queue; the completions are read up to what the ring holds, and an entry that is not the next
 * completion ends the walk quietly. Returns the number of frames whose mbufs went back.
 */
static uint32_t
qlxge_tx_reclaim_(struct qlxge_txq *txq, uint32_t max, const bool flush)
{
	struct rte_mbuf *done[QLXGE_TX_RECLAIM_BULK];
	struct qlxge_ob_mac_rsp *rsp;
	uint32_t prod, ci = txq->cq_ci, n = 0, nd = 0, count, w;
	struct rte_mbuf *m;

	/* One index for both rings: they have the same length, the device completes every IOCB
	 * once, in order, and both indexes start at 0 (queue start) and move here together. */
	RTE_ASSERT(txq->wq_ci == txq->cq_ci);
	if (flush) {
		prod = qlxge_tx_ring_prod(txq);
	} else {
		if (unlikely(txq->stalled))
			return 0;
		prod = rte_le_to_cpu_32(__atomic_load_n(txq->prod_shadow, __ATOMIC_ACQUIRE));
		if (unlikely(prod >= txq->nb_desc)) {
			qlxge_tx_malformed(txq);
			return 0;
		}
	}
	/* the completions to read: a count, so that the loop tests one bound */
	count = RTE_MIN(prod >= ci ? prod - ci : prod + txq->nb_desc - ci, max);
	qlxge_cq_prefetch(txq->cq_ring, ci, count, txq->nb_desc);
	for (; n < count; n++) {
		rsp = (struct qlxge_ob_mac_rsp *)(txq->cq_ring + (size_t)ci * QLXGE_CQE_SIZE);
		memcpy(&w, rsp, sizeof(w));
		m = txq->sw_ring[ci];
		if (unlikely(!qlxge_tx_rsp_usual(rte_le_to_cpu_32(w)) ||
			     rte_le_to_cpu_32(rsp->tid) != ci || m == NULL) &&
		    !qlxge_tx_rsp_unusual(txq, rsp, ci, m)) {
			if (flush)
				break;
			txq->cq_ci = (uint16_t)ci;
			qlxge_tx_malformed(txq);
			break;
		}
		done[nd++] = m;
		txq->sw_ring[ci] = NULL;
		rsp->opcode = 0;	/* read: see qlxge_tx_ring_prod */
		if (nd == QLXGE_TX_RECLAIM_BULK) {
			qlxge_tx_free_bulk(txq, done, nd);
			nd = 0;
		}
		ci = ci + 1 == txq->nb_desc ? 0 : ci + 1;
	}
	if (nd != 0)
		qlxge_tx_free_bulk(txq, done, nd);
	if (n != 0) {
		txq->cq_ci = (uint16_t)ci;
		txq->wq_ci = (uint16_t)ci;
		txq->nb_free += n;
		/* the entries are read (and cleared) before the device may reuse them */
		rte_atomic_thread_fence(__ATOMIC_RELEASE);
		qlxge_db_write(txq->cq_db, txq->cq_cons_off, ci);
	}
	return n;
}

/*
 * Reclaim up to @max completed IOCBs. By the queue's one writer: the burst (or
 * tx_done_cleanup) of an unshared queue, the ring's consumer of a shared one.
 */
uint32_t
qlxge_tx_reclaim(struct qlxge_txq *txq, uint32_t max)
{
	return qlxge_tx_reclaim_(txq, max, false);
}

int
qlxge_tx_done_cleanup(void *tx_queue, uint32_t free_cnt)
{
	struct qlxge_txq *txq = tx_queue;

	if (txq->shared != NULL)	/* shared: under the ring's consumer role */
		return qlxge_txs_done_cleanup(txq, free_cnt);
	return (int)qlxge_tx_reclaim(txq, free_cnt == 0 ? UINT32_MAX : free_cnt);
}

/*
 * The chain as it is, not as the mbuf says: qlxge_tx_iocb() sizes the IOCB and its OAL by
 * nb_segs, so a chain longer than nb_segs would be written past them. Walked at most one
 * segment beyond the limit (a loop in the chain ends there too); the lengths must add up to
 * pkt_len, as for any valid mbuf. 0 or -EINVAL.
 */
static inline int
qlxge_tx_check_chain(const struct rte_mbuf *m)
{
	const struct rte_mbuf *seg;
	uint32_t k = 0, len = 0;

	if (likely(m->next == NULL))
		return likely(m->nb_segs == 1 && m->data_len == m->pkt_len) ? 0 : -EINVAL;
	for (seg = m; seg != NULL && k <= QLXGE_TX_MAX_SEGS; seg = seg->next, k++)
		len += seg->data_len;
	if (unlikely(seg != NULL || k != m->nb_segs || len != m->pkt_len))
		return -EINVAL;
	return 0;
}

/*
 * A frame of more than @max_len bytes (the MTU's untagged frame): what the receiving MAC of a
 * port with the same MTU lets through is 4 bytes more for a frame carrying one 802.1Q tag
 * (qlxge_pmd.h): one already in the data, not one the adapter inserts (counted in the frame on
 * the wire, its 4 bytes are the allowance).
 */
static inline bool
qlxge_tx_too_long(const struct rte_mbuf *m, uint32_t len, uint32_t max_len)
{
	const struct rte_ether_hdr *eth;

	if (len > max_len + RTE_VLAN_HLEN || (m->ol_flags & RTE_MBUF_F_TX_VLAN) != 0 ||
	    m->data_len < RTE_ETHER_HDR_LEN)
		return true;
	eth = rte_pktmbuf_mtod(m, const struct rte_ether_hdr *);
	return eth->ether_type != RTE_BE16(RTE_ETHER_TYPE_VLAN);
}

/*
 * What the IOCBs can carry (§7.3, §7.4, §13): 0, or the negative errno prep reports. Every frame
 * on the wire within the MTU, as without TSO: a TSO packet's segments (headers and tso_segsz
 * bytes of payload) too.
 */
static inline int
qlxge_tx_check(const struct qlxge_txq *txq, const struct rte_mbuf *m)
{
	uint64_t ol = m->ol_flags;
	uint32_t hdrs, max_len, seg;

	if (unlikely(m->nb_segs > QLXGE_TX_MAX_SEGS || m->pkt_len < RTE_ETHER_HDR_LEN ||
		     qlxge_tx_check_chain(m) != 0))
		return -EINVAL;
	if (unlikely((ol & RTE_MBUF_F_TX_OFFLOAD_MASK & ~QLXGE_TX_OL_SUPPORTED) != 0 ||
		     (ol & RTE_MBUF_F_TX_L4_MASK) == RTE_MBUF_F_TX_SCTP_CKSUM))
		return -ENOTSUP;
	if ((ol & QLXGE_TX_OL_CKSUM) != 0) {
		hdrs = m->l2_len + m->l3_len + m->l4_len;
		if (unlikely(m->l2_len > QLXGE_TX_IP_OFF_MAX || m->l3_len == 0 ||
			     m->l2_len + m->l3_len > QLXGE_TX_L4_OFF_MAX ||
			     hdrs > QLXGE_TX_MAX_HDR ||
			     (ol & (RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IPV6)) == 0))
			return -EINVAL;
	}
	max_len = __atomic_load_n(&txq->max_len, __ATOMIC_RELAXED);
	if ((ol & RTE_MBUF_F_TX_TCP_SEG) != 0) {
		if (unlikely(m->tso_segsz < QLXGE_TX_TSO_MIN_MSS ||
			     m->l4_len < sizeof(struct rte_tcp_hdr) ||
			     m->pkt_len > QLXGE_TX_TSO_MAX_FRAME))
			return -EINVAL;
		seg = RTE_MIN(m->pkt_len, (uint32_t)(m->l2_len + m->l3_len + m->l4_len) +
					  m->tso_segsz);
		if (unlikely(seg > max_len) && qlxge_tx_too_long(m, seg, max_len))
			return -EINVAL;
	} else if (unlikely(m->pkt_len > max_len) && qlxge_tx_too_long(m, m->pkt_len, max_len)) {
		return -EINVAL;
	}
	return 0;
}

static inline void
qlxge_tx_bd_set(struct qlxge_tx_bd *bd, rte_iova_t addr, uint32_t len)
{
	bd->addr = rte_cpu_to_le_64(addr);
	bd->len = rte_cpu_to_le_32(len);
}

/* The IOCB of @m in WQ slot @slot. */
static inline void
qlxge_tx_iocb(struct qlxge_txq *txq, struct rte_mbuf *m, uint16_t slot)
{
	uint8_t *e = txq->wq_ring + (size_t)slot * QLXGE_IOCB_SIZE;
	struct qlxge_ob_tso_iocb *t = (struct qlxge_ob_tso_iocb *)e;
	struct qlxge_ob_mac_iocb *mac = (struct qlxge_ob_mac_iocb *)e;
	struct qlxge_tx_bd *oal, *bd = NULL;
	uint64_t ol = m->ol_flags;
	uint32_t len = m->pkt_len, nb_bd, k, blen = 0;
	bool pad = len < QLXGE_TX_MIN_FRAME && (ol & RTE_MBUF_F_TX_TCP_SEG) == 0;
	struct rte_mbuf *seg;
	uint8_t f3 = 0;

	memset(e, 0, offsetof(struct qlxge_ob_tso_iocb, tbd));
	if ((ol & QLXGE_TX_OL_CKSUM) != 0) {
		uint8_t f1 = 0, f2 = 0;
		uint32_t hdrs = m->l2_len + m->l3_len;

		if ((ol & RTE_MBUF_F_TX_IPV4) != 0)
			f1 |= QLXGE_OB_TSO_FLAGS1_IP4;
		else
			f1 |= QLXGE_OB_TSO_FLAGS1_IP6;
		if ((ol & RTE_MBUF_F_TX_IP_CKSUM) != 0)
			f3 |= QLXGE_OB_TSO_FLAGS3_IC;
		if ((ol & RTE_MBUF_F_TX_TCP_SEG) != 0) {
			/* LSO fixes both checksums of each segment; IC as Linux (§15 #11) */
			f2 |= QLXGE_OB_TSO_FLAGS2_LSO;
			if ((ol & RTE_MBUF_F_TX_IPV4) != 0)
				f3 |= QLXGE_OB_TSO_FLAGS3_IC;
			t->mss = rte_cpu_to_le_16(m->tso_segsz);
			hdrs += m->l4_len;
		} else if ((ol & RTE_MBUF_F_TX_L4_MASK) == RTE_MBUF_F_TX_TCP_CKSUM) {
			f2 |= QLXGE_OB_TSO_FLAGS2_TC;
			hdrs += m->l4_len;
		} else if ((ol & RTE_MBUF_F_TX_L4_MASK) == RTE_MBUF_F_TX_UDP_CKSUM) {
			f2 |= QLXGE_OB_TSO_FLAGS2_UC;
			hdrs += sizeof(struct rte_udp_hdr);
		}
		t->opcode = QLXGE_OPCODE_OB_MAC_TSO_IOCB;
		t->flags1 = f1;
		t->flags2 = f2;
		t->frame_len = rte_cpu_to_le_32(pad ? QLXGE_TX_MIN_FRAME : len);
		t->total_hdrs_len = rte_cpu_to_le_16((uint16_t)hdrs);
		t->net_trans_offset =
			rte_cpu_to_le_16(QLXGE_OB_TSO_OFFSETS(m->l2_len, m->l2_len + m->l3_len));
	} else {
		mac->opcode = QLXGE_OPCODE_OB_MAC_IOCB;
		mac->frame_len = rte_cpu_to_le_16((uint16_t)(pad ? QLXGE_TX_MIN_FRAME : len));
	}
	if ((ol & RTE_MBUF_F_TX_VLAN) != 0) {
		f3 |= QLXGE_OB_MAC_FLAGS3_V;
		t->vlan_tci = rte_cpu_to_le_16(m->vlan_tci);	/* same place in both IOCBs */
	}
	t->flags3 = f3;
	t->tid = rte_cpu_to_le_32(slot);
	t->txq_idx = rte_cpu_to_le_32(txq->queue_id);

	nb_bd = m->nb_segs + (pad ? 1 : 0);
	oal = (struct qlxge_tx_bd *)(txq->oal + (size_t)slot * QLXGE_TX_OAL_SIZE);
	if (nb_bd > QLXGE_TX_BD_PER_IOCB) {
		qlxge_tx_bd_set(&t->tbd[QLXGE_TX_INLINE_OAL],
				txq->oal_iova + (rte_iova_t)slot * QLXGE_TX_OAL_SIZE,
				QLXGE_TX_BD_C |
				(nb_bd - QLXGE_TX_INLINE_OAL) * QLXGE_TX_BD_SIZE);
		txq->xstats.oal++;
	}
	/* nb_segs segments exactly: qlxge_tx_check() walked the chain */
	for (k = 0, seg = m; k < m->nb_segs; seg = seg->next, k++) {
		bd = nb_bd <= QLXGE_TX_BD_PER_IOCB || k < QLXGE_TX_INLINE_OAL ?
		     &t->tbd[k] : &oal[k - QLXGE_TX_INLINE_OAL];
		blen = seg->data_len;
		qlxge_tx_bd_set(bd, rte_mbuf_data_iova(seg), blen);
	}
	if (pad) {
		bd = nb_bd <= QLXGE_TX_BD_PER_IOCB || k < QLXGE_TX_INLINE_OAL ?
		     &t->tbd[k] : &oal[k - QLXGE_TX_INLINE_OAL];
		blen = QLXGE_TX_MIN_FRAME - len;
		qlxge_tx_bd_set(bd, txq->pad_iova, blen);
		txq->xstats.padded++;
	}
	qlxge_tx_bd_set(bd, rte_le_to_cpu_64(bd->addr), blen | QLXGE_TX_BD_E);
}

/*
 * The fast path: a frame asking for no offload, in one segment, of 60 bytes (no padding) to
 * the MTU's untagged frame. qlxge_tx_check() accepts it, and qlxge_tx_iocb() writes for it
 * exactly what qlxge_tx_iocb_plain() does, with fewer tests (test_pmd_fastpath.c compares the
 * two IOCBs byte for byte).
 */
static __rte_always_inline bool
qlxge_tx_is_plain(const struct rte_mbuf *m, uint32_t max_len)
{
	return (m->ol_flags & RTE_MBUF_F_TX_OFFLOAD_MASK) == 0 && m->next == NULL &&
	       m->nb_segs == 1 && m->data_len == m->pkt_len &&
	       m->pkt_len - QLXGE_TX_MIN_FRAME <= max_len - QLXGE_TX_MIN_FRAME;
}

/*
 * The MAC IOCB of a plain frame (qlxge_tx_is_plain) in WQ slot @slot: one descriptor, E.
 * Written as three 16-byte stores of the fields composed in registers, not as a memset and
 * seven field stores: the slot's line was last read by the device, so each store waits in the
 * store buffer for the line to come back, and a burst of 32 IOCBs at eight stores each
 * overflows the store buffer where three each fit (docs/profile.md, "The IOCB's stores").
 * Each 64-bit half is the little-endian image of its bytes: opcode at 0, frame_len at 12, tid
 * at 16, txq_idx at 20, the descriptor at 32. The third store also zeroes bytes 44-47, the
 * start of the second descriptor, which the device does not read after E.
 */
static __rte_always_inline void
qlxge_tx_iocb_plain(struct qlxge_txq *txq, struct rte_mbuf *m, uint16_t slot)
{
	rte_v128u64_t *w = (rte_v128u64_t *)(txq->wq_ring + (size_t)slot * QLXGE_IOCB_SIZE);

	w[0] = (rte_v128u64_t){ rte_cpu_to_le_64(QLXGE_OPCODE_OB_MAC_IOCB),
				rte_cpu_to_le_64((uint64_t)(uint16_t)m->pkt_len << 32) };
	w[1] = (rte_v128u64_t){ rte_cpu_to_le_64(slot | (uint64_t)txq->queue_id << 32), 0 };
	w[2] = (rte_v128u64_t){ rte_cpu_to_le_64(rte_mbuf_data_iova(m)),
				rte_cpu_to_le_64(m->data_len | QLXGE_TX_BD_E) };
}
static_assert(offsetof(struct qlxge_ob_mac_iocb, frame_len) == 12 &&
	      offsetof(struct qlxge_ob_mac_iocb, tid) == 16 &&
	      offsetof(struct qlxge_ob_mac_iocb, txq_idx) == 20 &&
	      offsetof(struct qlxge_ob_mac_iocb, tbd) == 32 && QLXGE_IOCB_SIZE % 16 == 0,
	      "qlxge_tx_iocb_plain: the layout its three stores write");

/*
 * The IOCBs of @pkts from WQ slot wq_pi on, while slots are free; what prep rejects is freed
 * and counted instead. No doorbell. Returns the frames taken (given to the device or dropped).
 */
static __rte_always_inline uint16_t
qlxge_tx_fill_burst(struct qlxge_txq *txq, struct rte_mbuf **pkts, uint16_t n)
{
	/* once per burst: a frame is checked against the limit of the burst's start */
	uint32_t max_len = __atomic_load_n(&txq->max_len, __ATOMIC_RELAXED);
	uint16_t pi = txq->wq_pi, i;
	uint64_t bytes = 0;
	uint32_t sent = 0;
	struct rte_mbuf *m;

	for (i = 0; i < n; i++) {
		m = pkts[i];
		if (unlikely(txq->nb_free == 0))
			break;
		if (likely(qlxge_tx_is_plain(m, max_len))) {
			qlxge_tx_iocb_plain(txq, m, pi);
		} else if (unlikely(qlxge_tx_check(txq, m) != 0)) {
			/* what prep rejects never reaches the device: dropped, counted, freed */
			txq->xstats.bad_pkts++;
			txq->stats.errors++;
			rte_pktmbuf_free(m);
			continue;
		} else {
			qlxge_tx_iocb(txq, m, pi);
			if ((txq->offloads & RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE) != 0)
				txq->chains += m->nb_segs > 1;	/* see qlxge_tx_free_bulk */
		}
		txq->sw_ring[pi] = m;
		pi = pi + 1 == txq->nb_desc ? 0 : pi + 1;
		txq->nb_free--;
		bytes += m->pkt_len;
		sent++;
	}
	if (sent != 0) {
		txq->wq_pi = pi;
		txq->stats.packets += sent;
		txq->stats.bytes += bytes;
	}
	return i;
}

/* The WQ doorbell: the producer index past the IOCBs written. */
static __rte_always_inline void
qlxge_tx_ring_doorbell(struct qlxge_txq *txq)
{
	txq->xstats.doorbells++;
	/* rte_write32: a write barrier orders the IOCBs before the producer index */
	qlxge_db_write(txq->wq_db, txq->wq_prod_off, txq->wq_pi);
}

/* The burst of a caller that has the queue to itself, but its doorbell: reclaim, IOCBs. */
static __rte_always_inline uint16_t
qlxge_tx_post(struct qlxge_txq *txq, struct rte_mbuf **pkts, uint16_t n)
{
	if (unlikely(txq->stalled))
		return 0;
	/*
	 * At most a bulk's worth, or the burst's, per burst (ixgbe frees tx_rs_thresh at a
	 * time): a few dozen mbufs per put stay in the lcore's mempool cache, where the next
	 * refill takes them back, still warm, instead of the pool's ring taking the surplus.
	 */
	if (txq->nb_free < txq->free_thresh)
		qlxge_tx_reclaim(txq, RTE_MAX((uint32_t)n, QLXGE_TX_RECLAIM_BULK));
	return qlxge_tx_fill_burst(txq, pkts, n);
}

/* The burst of a caller that has the queue to itself: reclaim, IOCBs, one doorbell. */
static __rte_always_inline uint16_t
qlxge_tx_burst_own(struct qlxge_txq *txq, struct rte_mbuf **pkts, uint16_t n)
{
	uint16_t pi = txq->wq_pi, i;

	i = qlxge_tx_post(txq, pkts, n);
	if (txq->wq_pi != pi)
		qlxge_tx_ring_doorbell(txq);	/* one per burst */
	return i;
}

uint16_t
qlxge_xmit_pkts(void *tx_queue, struct rte_mbuf **pkts, uint16_t n)
{
	struct qlxge_txq *txq = tx_queue;

	/* shared: a port with unshared queues too runs this burst (qlxge_tx_burst_select) */
	if (unlikely(txq->shared != NULL))
		return qlxge_xmit_pkts_mp(tx_queue, pkts, n);
	return qlxge_tx_burst_own(txq, pkts, n);
}

/*
 * The burst of a shared queue (qlxge_tx_shared.c; design.md B.3). The lease holder's call is
 * the unshared burst, here, between mpring_lease_enter() and mpring_lease_exit() (inline: a
 * lone sender's call of one frame pays for each call and store added), its doorbell batched by
 * qlxge_txs_db_wait. Nothing else can run meanwhile: a stop, a tx_done_cleanup or another
 * caller ends the lease first, waiting for our exit. What the work queue cannot take stays the
 * caller's, as with an unshared queue, and the lease stays: queued in the ring instead, it
 * would end the lease (the holder never drains the ring), and a lone sender faster than the
 * device would lose it at every full work queue. Every other call goes to the ring
 * (qlxge_txs_burst).
 */
uint16_t
qlxge_xmit_pkts_mp(void *tx_queue, struct rte_mbuf **pkts, uint16_t n)
{
	struct qlxge_txq *txq = tx_queue;
	struct mpring_lease_call lc;
	struct mpring *r;
	uint16_t i;

	if (unlikely(txq->shared == NULL))	/* an unshared queue of a shared port */
		return qlxge_tx_burst_own(txq, pkts, n);
	r = txq->shared->ring;
	if (unlikely(n == 0) || !mpring_lease_enter(r, &lc))
		return qlxge_txs_burst(txq, pkts, n);
	i = qlxge_tx_post(txq, pkts, n);
	if (!qlxge_txs_db_wait(txq) && qlxge_txs_db_account(txq))
		qlxge_tx_ring_doorbell(txq);
	return (uint16_t)mpring_lease_exit(r, &lc, n, i);
}

/* For the shared path: the burst's IOCBs and doorbell, under the ring's consumer role. */
uint16_t
qlxge_tx_fill(struct qlxge_txq *txq, struct rte_mbuf **pkts, uint16_t n)
{
	return qlxge_tx_fill_burst(txq, pkts, n);
}

void
qlxge_tx_doorbell(struct qlxge_txq *txq)
{
	qlxge_tx_ring_doorbell(txq);
}

/*
 * tx_descriptor_status: work-queue slot @offset on from the next one the burst fills. The
 * free slots come first (DONE: the device is done with them), then the one slot the ring
 * always keeps empty (UNAVAIL), then the slots in flight, oldest first: DONE once the device
 * has written their completion (the next reclaim frees them), FULL before. A snapshot, for
 * the queue's sending thread (as ethdev says; on a shared queue, a moment's view).
 */
int
qlxge_tx_descriptor_status(void *tx_queue, uint16_t offset)
{
	const struct qlxge_txq *txq = tx_queue;
	uint32_t prod, done, nb_free, ci;

	/* as qlxge_rx_descriptor_status(): a queue never set up comes as NULL */
	if (txq == NULL)
		return -ENODEV;
	nb_free = txq->nb_free;
	ci = txq->cq_ci;
	if (offset >= txq->nb_desc)
		return -EINVAL;
	if (offset < nb_free)
		return RTE_ETH_TX_DESC_DONE;
	if (offset == nb_free)
		return RTE_ETH_TX_DESC_UNAVAIL;
	/* acquire: as the reclaim's (the completions before the producer are written) */
	prod = rte_le_to_cpu_32(__atomic_load_n(txq->prod_shadow, __ATOMIC_ACQUIRE));
	done = txq->stalled || prod >= txq->nb_desc ? 0 :
	       prod >= ci ? prod - ci : prod + txq->nb_desc - ci;
	return offset - nb_free - 1u < done ? RTE_ETH_TX_DESC_DONE : RTE_ETH_TX_DESC_FULL;
}

uint16_t
qlxge_prep_pkts(void *tx_queue, struct rte_mbuf **pkts, uint16_t n)
{
	struct qlxge_txq *txq = tx_queue;
	uint16_t i;
	int ret;

	for (i = 0; i < n; i++) {
		ret = qlxge_tx_check(txq, pkts[i]);
#ifdef RTE_LIBRTE_ETHDEV_DEBUG
		if (ret == 0)
			ret = rte_validate_tx_offload(pkts[i]);
#endif
		/* IPv4 checksum zeroed, L4 checksum = pseudo-header sum (with the length unless
		 * TSO), as the TSO IOCB expects it (§7.4) */
		if (ret == 0)
			ret = rte_net_intel_cksum_prepare(pkts[i]);
		if (ret != 0) {
			rte_errno = -ret;
			return i;
		}
	}
	return i;
}
