/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * RX queues of the qlxge PMD: setup and release (ring memory, buffer queues and their page
 * tables, §6.2-6.4), start and stop, queue information, and the receive burst.
 *
 * Memory of one queue, one IOVA-contiguous memzone:
 *   CQ ring (nb_desc x 64 B) | SBQ ring pages | LBQ ring pages | SBQ page table |
 *   LBQ page table | CQ ICB | producer-index shadow
 * nb_desc buffers back a queue: half for the small, half for the large buffer queue, each
 * posted up to 16 short of full (§5).
 *
 * Receive (design.md "The data path", B.27): completions from the consumer index up to
 * the producer shadow (§6.3); the buffers of each inbound MAC completion (§7.7, §7.10: DS, DL,
 * the chained form whose small buffer lists the large ones, and a split header) are taken from
 * the buffer queues in ring order, each checked against the address the device reports, and
 * become one mbuf chain. Anything that contradicts the contract (unknown opcode, a buffer the
 * driver did not post, a length no buffer holds) stops the queue, is counted and asks the
 * application for a reset: never a crash. Buffer queues are refilled in bulk in blocks of 16
 * above the free threshold, one doorbell each; the CQ consumer doorbell once per burst.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>

#include "qlxge_iocb.h"
#include "qlxge_pmd.h"
#include "qlxge_log.h"

/* The completion's first word (opcode, flags1, flags2, flags3, as the CPU reads it): the error
 * code and the two buffer flags, which the fast path wants as no code and exactly one flag;
 * while the multicast check is armed, no multicast class either (qlxge_rx_one() checks it). */
#define QLXGE_RX_W_M	((uint32_t)QLXGE_IB_MAC_FLAGS1_M_MASK << 8)
#define QLXGE_RX_W_ERR	((uint32_t)QLXGE_IB_MAC_FLAGS2_ERR_MASK << 16)
#define QLXGE_RX_W_DS	((uint32_t)QLXGE_IB_MAC_FLAGS3_DS << 24)
#define QLXGE_RX_W_DL	((uint32_t)QLXGE_IB_MAC_FLAGS3_DL << 24)
#define QLXGE_RX_W_PLAIN	(QLXGE_RX_W_ERR | QLXGE_RX_W_DS | QLXGE_RX_W_DL)

/*
 * The port's multicast check armed (@on) or not (qlxge_filter.c): the fast path sends
 * multicast frames to qlxge_rx_one(), which checks them, or not. In each queue, next to what
 * the burst reads anyway: an adapter field read per burst cost a sixth of the model-bound
 * forwarding rate. A burst that reads the old mask lets a frame through unchecked while the
 * list changes, as the adapter may match one against a table entry being rewritten.
 */
void
qlxge_rx_mc_check_set(struct rte_eth_dev *dev, bool on)
{
	uint16_t i;

	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		struct qlxge_rxq *rxq = dev->data->rx_queues[i];

		if (rxq != NULL)
			__atomic_store_n(&rxq->plain_mask,
					 QLXGE_RX_W_PLAIN | (on ? QLXGE_RX_W_M : 0),
					 __ATOMIC_RELAXED);
	}
}

struct qlxge_rx_layout {
	size_t sbq_off, lbq_off, sbq_tbl_off, lbq_tbl_off, icb_off, shadow_off, size;
};

static void
qlxge_rx_layout(uint16_t nb_desc, uint16_t bq_len, struct qlxge_rx_layout *l)
{
	size_t bq_ring = RTE_ALIGN_CEIL((size_t)bq_len * QLXGE_BQ_ENTRY_SIZE, QLXGE_PAGE_SIZE);
	size_t bq_tbl = bq_ring / QLXGE_PAGE_SIZE * sizeof(struct qlxge_bq_page);

	l->sbq_off = RTE_ALIGN_CEIL((size_t)nb_desc * QLXGE_CQE_SIZE, QLXGE_PAGE_SIZE);
	l->lbq_off = l->sbq_off + bq_ring;
	l->sbq_tbl_off = l->lbq_off + bq_ring;
	l->lbq_tbl_off = l->sbq_tbl_off + RTE_ALIGN_CEIL(bq_tbl, RTE_CACHE_LINE_SIZE);
	l->icb_off = l->lbq_tbl_off + RTE_ALIGN_CEIL(bq_tbl, RTE_CACHE_LINE_SIZE);
	l->shadow_off = l->icb_off + RTE_CACHE_LINE_SIZE;
	l->size = l->shadow_off + QLXGE_SHADOW_SIZE;
}

/*
 * The first 8 bytes of an mbuf's rearm_data as a freshly reset mbuf has them (data_off at the
 * headroom, refcnt 1, one segment, the port): the burst writes them with one store when it
 * takes a buffer, as ixgbe's and i40e's vector paths do, so that a refill takes mbufs from
 * the pool without resetting each one (rte_pktmbuf_alloc_bulk would write every header once
 * more).
 */
static uint64_t
qlxge_rx_mbuf_init(uint16_t port)
{
	struct rte_mbuf mb = { .buf_addr = NULL };
	uint64_t v;

	mb.nb_segs = 1;
	mb.data_off = RTE_PKTMBUF_HEADROOM;
	mb.port = port;
	rte_mbuf_refcnt_set(&mb, 1);
	memcpy(&v, &mb.rearm_data, sizeof(v));
	return v;
}

/*
 * A frame delivered with a MAC error code the port's counters count too: a bad FCS (the MAC's
 * FCS error counters) or longer than the port's max frame (oversize, jabber). ierrors adds those
 * counters (qlxge_stats.c), which also count the frames no queue took (dropped by the filters
 * or while the function was being reset), so the queue drops such a frame without counting it
 * again: every one the MAC saw is counted once.
 */
static inline bool
qlxge_rx_mac_counted(uint8_t flags2)
{
	uint8_t err = flags2 & QLXGE_IB_MAC_FLAGS2_ERR_MASK;

	return err == QLXGE_IB_MAC_FLAGS2_ERR_CRC || err == QLXGE_IB_MAC_FLAGS2_ERR_OVERSIZE;
}

/*
 * Frames the device placed that the application has not taken are lost with the queue's
 * buffers: counted (ierrors, rx_q<N>_stop_discards) so that no frame goes without a trace, and
 * cleared, so that they are counted once. The ring says which: it is cleared at start and the
 * burst clears every entry it consumes, so the entries from the consumer on that are not clear
 * are completions not read, also those whose producer shadow the device did not write (a DMA
 * error, a coalescing delay cut by the reset). Called with the device off the queue (function
 * reset or confirmed CQ stop). A frame the MAC already counted as an error (qlxge_rx_mac_counted)
 * is in ierrors through that counter: not again.
 */
static void
qlxge_rxq_count_discards(struct qlxge_rxq *rxq)
{
	uint32_t ci = rxq->cq_ci, i, n = 0;
	const struct qlxge_ib_mac_rsp *rsp;
	uint8_t *op;

	for (i = 0; i + 1 < rxq->nb_desc; i++) {
		op = &rxq->cq_ring[(size_t)ci * QLXGE_CQE_SIZE];
		if (*op == 0)
			break;
		rsp = (const struct qlxge_ib_mac_rsp *)op;
		n += *op == QLXGE_OPCODE_IB_MAC_IOCB && !qlxge_rx_mac_counted(rsp->flags2);
		*op = 0;
		ci = ci + 1 == rxq->nb_desc ? 0 : ci + 1;
	}
	rxq->cq_ci = (uint16_t)ci;
	rxq->stats.errors += n;
	rxq->xstats.stop_discards += n;
}

static void
qlxge_rxq_free_mbufs(struct qlxge_rxq *rxq)
{
	uint32_t i;

	qlxge_rxq_count_discards(rxq);
	for (i = 0; i < rxq->nb_desc; i++) {
		rte_pktmbuf_free(rxq->sw_ring[i]);
		rxq->sw_ring[i] = NULL;
	}
}

void
qlxge_rx_queue_release(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_rxq *rxq = dev->data->rx_queues[qid];

	if (rxq == NULL)
		return;
	if (rxq->started)
		qlxge_icb_rx_stop(&rxq->cq);
	qlxge_rxq_free_mbufs(rxq);
	qlxge_stats_retire_rxq(dev, qid, rxq);
	rte_eth_dma_zone_free(dev, "rxq", qid);
	rte_free(rxq->sw_ring);
	rte_free(rxq);
	dev->data->rx_queues[qid] = NULL;
}

int
qlxge_rx_queue_setup(struct rte_eth_dev *dev, uint16_t qid, uint16_t nb_desc,
		     unsigned int socket, const struct rte_eth_rxconf *conf,
		     struct rte_mempool *mp)
{
	struct qlxge_hw *hw = QLXGE_DEV_HW(dev);
	struct qlxge_rx_layout l;
	struct qlxge_rxq *rxq;
	uint32_t buf_size, max_thresh;
	rte_iova_t iova;
	uint8_t *va;

	if (nb_desc < QLXGE_RING_MIN || nb_desc > QLXGE_RING_MAX ||
	    nb_desc % QLXGE_RING_ALIGN != 0) {
		QLXGE_DRV_LOG(ERR, "port %u rxq %u: %u descriptors: need a multiple of %u in "
			      "[%u, %u]", dev->data->port_id, qid, nb_desc, QLXGE_RING_ALIGN,
			      QLXGE_RING_MIN, QLXGE_RING_MAX);
		return -EINVAL;
	}
	buf_size = rte_pktmbuf_data_room_size(mp);
	if (buf_size < RTE_PKTMBUF_HEADROOM + QLXGE_RX_MIN_BUF) {
		QLXGE_DRV_LOG(ERR, "port %u rxq %u: mbuf data room %u too small",
			      dev->data->port_id, qid, buf_size);
		return -EINVAL;
	}
	buf_size = RTE_MIN(buf_size - RTE_PKTMBUF_HEADROOM, (uint32_t)UINT16_MAX);
	/*
	 * A refill posts whole blocks of 16 and keeps one block empty (§5): at most
	 * bq_len - 16 buffers go at once. A threshold above that never fires and the queue
	 * starves, so it is refused; the default (0) is clamped to it.
	 */
	max_thresh = qlxge_icb_bq_prod_align(nb_desc / 2);
	if (conf->rx_free_thresh > max_thresh) {
		QLXGE_DRV_LOG(ERR, "port %u rxq %u: rx_free_thresh %u above %u, the most one "
			      "refill of a %u-descriptor queue can post (each buffer queue %u "
			      "entries, refilled in blocks of %u, one block kept empty)",
			      dev->data->port_id, qid, conf->rx_free_thresh, max_thresh, nb_desc,
			      nb_desc / 2, QLXGE_RX_REFILL_BLOCK);
		return -EINVAL;
	}

	qlxge_rx_queue_release(dev, qid);
	rxq = rte_zmalloc_socket("qlxge_rxq", sizeof(*rxq), RTE_CACHE_LINE_SIZE, socket);
	if (rxq == NULL)
		return -ENOMEM;
	rxq->sw_ring = rte_zmalloc_socket("qlxge_rxq_sw", sizeof(rxq->sw_ring[0]) * nb_desc,
					  RTE_CACHE_LINE_SIZE, socket);
	if (rxq->sw_ring == NULL)
		goto err_free_rxq;
	rxq->mp = mp;
	rxq->ad = QLXGE_DEV_PRIVATE(dev);
	rxq->port_id = dev->data->port_id;
	rxq->queue_id = qid;
	rxq->cq_id = qid;
	rxq->nb_desc = nb_desc;
	rxq->bq_len = nb_desc / 2;
	rxq->buf_size = (uint16_t)buf_size;
	rxq->free_thresh = conf->rx_free_thresh != 0 ? conf->rx_free_thresh :
			   RTE_MIN(QLXGE_RX_FREE_THRESH_DEFAULT, max_thresh);
	rxq->offloads = conf->offloads | dev->data->dev_conf.rxmode.offloads;
	rxq->mbuf_init = qlxge_rx_mbuf_init(rxq->port_id);
	/* a pool of pinned external buffers: its mbufs keep the flag (rte_pktmbuf_reset) */
	rxq->ol_init = (rte_pktmbuf_priv_flags(mp) & RTE_PKTMBUF_POOL_F_PINNED_EXT_BUF) != 0 ?
		       RTE_MBUF_F_EXTERNAL : 0;
	rxq->deferred_start = conf->rx_deferred_start != 0;
	rxq->stalled = true;	/* until started: a burst neither reads nor refills */

	qlxge_rx_layout(nb_desc, rxq->bq_len, &l);
	rxq->mz = rte_eth_dma_zone_reserve(dev, "rxq", qid, l.size, QLXGE_PAGE_SIZE, socket);
	if (rxq->mz == NULL) {
		QLXGE_DRV_LOG(ERR, "port %u rxq %u: no memory for the rings (%zu bytes)",
			      dev->data->port_id, qid, l.size);
		goto err_free_sw;
	}
	va = rxq->mz->addr;
	iova = rxq->mz->iova;
	memset(va, 0, l.size);
	rxq->cq = (struct qlxge_cq_desc){
		.ring = va,
		.prod_shadow = (volatile uint32_t *)(va + l.shadow_off),
		.icb = va + l.icb_off,
		.db = qlxge_bus_cq_db(hw, rxq->cq_id),
		.ring_iova = iova,
		.shadow_iova = iova + l.shadow_off,
		.icb_iova = iova + l.icb_off,
		.id = rxq->cq_id,
		.len = nb_desc,
		.vector = QLXGE_DATA_CQ_VECTOR,
		.bq_len = rxq->bq_len,
		.buf_size = rxq->buf_size,
		.sbq_tbl = (uint64_t *)(va + l.sbq_tbl_off),
		.lbq_tbl = (uint64_t *)(va + l.lbq_tbl_off),
		.sbq_tbl_iova = iova + l.sbq_tbl_off,
		.lbq_tbl_iova = iova + l.lbq_tbl_off,
		.sbq_ring_iova = iova + l.sbq_off,
		.lbq_ring_iova = iova + l.lbq_off,
	};
	qlxge_icb_cq_fill(&rxq->cq);
	/* the burst's copies of what it touches, next to its other fields */
	rxq->cq_ring = rxq->cq.ring;
	rxq->prod_shadow = rxq->cq.prod_shadow;
	rxq->cq_db = rxq->cq.db;
	rxq->cq_cons_off = qlxge_bus_db_off(QLXGE_DBR_CQ_CONS);
	rxq->sbq.sw = rxq->sw_ring;
	rxq->sbq.ring = (uint64_t *)(va + l.sbq_off);
	rxq->sbq.db_off = qlxge_bus_db_off(QLXGE_DBR_SBQ_PROD);
	rxq->lbq.sw = rxq->sw_ring + rxq->bq_len;
	rxq->lbq.ring = (uint64_t *)(va + l.lbq_off);
	rxq->lbq.db_off = qlxge_bus_db_off(QLXGE_DBR_LBQ_PROD);
	dev->data->rx_queues[qid] = rxq;
	return 0;

err_free_sw:
	rte_free(rxq->sw_ring);
err_free_rxq:
	rte_free(rxq);
	return -ENOMEM;
}

/* Post the first @posted buffers of @bq; the others stay empty until a refill reaches them. */
static int
qlxge_bq_init(struct qlxge_rxq *rxq, struct qlxge_bq *bq, uint32_t posted)
{
	uint32_t i;

	if (rte_pktmbuf_alloc_bulk(rxq->mp, bq->sw, posted) != 0)
		return -ENOMEM;
	for (i = 0; i < posted; i++)
		bq->ring[i] = rte_cpu_to_le_64(rte_mbuf_data_iova_default(bq->sw[i]));
	bq->cons = 0;
	bq->prod = (uint16_t)posted;
	return 0;
}

int
qlxge_rx_queue_start(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_rxq *rxq = dev->data->rx_queues[qid];
	uint32_t posted;
	int ret;

	if (rxq == NULL)
		return -EINVAL;
	ret = qlxge_rx_frame_check(rxq, dev->data->mtu);
	if (ret != 0)
		return ret;
	qlxge_rxq_free_mbufs(rxq);
	posted = qlxge_icb_bq_prod_align(rxq->bq_len);
	if (qlxge_bq_init(rxq, &rxq->sbq, posted) != 0 ||
	    qlxge_bq_init(rxq, &rxq->lbq, posted) != 0) {
		/* not in rx_nombuf (ixgbe and i40e do not count their first fill either): no
		 * frame was there to take a buffer */
		QLXGE_DRV_LOG(ERR, "port %u rxq %u: cannot allocate %u mbufs, pool %s has %u: not "
			      "started", rxq->port_id, qid, 2 * posted, rxq->mp->name,
			      rte_mempool_avail_count(rxq->mp));
		qlxge_rxq_free_mbufs(rxq);
		return -ENOMEM;
	}
	rxq->cq_ci = 0;
	/* the port's max frame counts the FCS, which is not in the buffers, and not the VLAN
	 * tag the MAC lets through on top, which may be; no burst runs on the queue yet */
	rxq->max_len = QLXGE_DEV_PRIVATE(dev)->st.max_frame;
	rxq->plain_mask = QLXGE_RX_W_PLAIN |
			  (QLXGE_DEV_PRIVATE(dev)->mc_check_n != 0 ? QLXGE_RX_W_M : 0);
	/* LRO's bound on a merged packet (ethdev checked it against max_lro_pkt_size) */
	rxq->lro_max = dev->data->dev_conf.rxmode.max_lro_pkt_size;
	/* its CQ's vector: its own with RX queue interrupts, else the silent one */
	rxq->cq.vector = qlxge_rx_intr_vector(dev, qid);
	qlxge_icb_cq_fill(&rxq->cq);
	/* a CQ stopped by a runtime queue stop stays stopped across an ICB load: start it */
	ret = qlxge_icb_cq_stop(QLXGE_DEV_HW(dev), rxq->cq_id, false);
	if (ret == 0)
		ret = qlxge_icb_rx_start(QLXGE_DEV_HW(dev), &rxq->cq, posted);
	if (ret != 0) {
		qlxge_rxq_free_mbufs(rxq);
		return ret;
	}
	rxq->stalled = false;
	rxq->started = true;
	dev->data->rx_queue_state[qid] = RTE_ETH_QUEUE_STATE_STARTED;
	/* a runtime start puts the queue back in the RSS table and, queue 0, back as the
	 * default queue (dev_start programs both once, after its queues) */
	if (QLXGE_DEV_PRIVATE(dev)->started && qlxge_rss_active(dev))
		ret = qlxge_rss_apply(dev);
	if (ret == 0)
		ret = qlxge_filter_steer(dev);
	if (ret != 0)
		QLXGE_DRV_LOG(ERR, "port %u rxq %u: started, but not steered to: %d",
			      rxq->port_id, qid, ret);
	return ret;
}

/*
 * Take a queue away from the device without touching its buffers: invalidate the CQ so the
 * device posts no more completions to it. Its buffers stay owned by the device until a function
 * reset (dev_stop) or a confirmed CQ stop (queue stop) lets qlxge_rx_queue_free_bufs() run.
 */
void
qlxge_rx_queue_halt(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_rxq *rxq = dev->data->rx_queues[qid];

	if (rxq == NULL)
		return;
	rxq->stalled = true;
	if (rxq->started)
		qlxge_icb_rx_stop(&rxq->cq);
	rxq->started = false;
	dev->data->rx_queue_state[qid] = RTE_ETH_QUEUE_STATE_STOPPED;
}

void
qlxge_rx_queue_free_bufs(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_rxq *rxq = dev->data->rx_queues[qid];

	if (rxq != NULL)
		qlxge_rxq_free_mbufs(rxq);
}

/*
 * Runtime queue stop (the port keeps running, so no function reset protects the buffers):
 * first no more traffic for the queue (the RSS table is reloaded without it), then CQ_STOP
 * confirmed by the device (§2.13), then the doorbell invalidated, and only then the buffers
 * freed. If the device does not confirm, the buffers are leaked rather than handed back to the
 * pool while the device may still write them.
 */
int
qlxge_rx_queue_stop(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct qlxge_rxq *rxq = dev->data->rx_queues[qid];
	bool was_started;
	int ret = 0;

	if (rxq == NULL)
		return -EINVAL;
	was_started = rxq->started;
	rxq->stalled = true;
	rxq->started = false;
	if (was_started && ad->started) {
		/* its RSS buckets, and the default queue if it was, go to a running queue */
		if (qlxge_rss_active(dev))
			ret = qlxge_rss_apply(dev);
		if (ret == 0)
			ret = qlxge_filter_steer(dev);
		if (ret != 0)
			QLXGE_DRV_LOG(WARNING, "port %u rxq %u: frames still steered to it: %d",
				      rxq->port_id, qid, ret);
	}
	if (was_started) {
		ret = qlxge_icb_cq_stop(QLXGE_DEV_HW(dev), rxq->cq_id, true);
		qlxge_icb_rx_stop(&rxq->cq);
	}
	dev->data->rx_queue_state[qid] = RTE_ETH_QUEUE_STATE_STOPPED;
	if (ret != 0) {
		QLXGE_DRV_LOG(ERR, "port %u rxq %u: CQ %u not stopped (%d): its %u buffers are "
			      "left to the device until the next port stop", rxq->port_id, qid,
			      rxq->cq_id, ret, rxq->nb_desc);
		return ret;
	}
	qlxge_rxq_free_mbufs(rxq);
	return 0;
}

void
qlxge_rxq_info_get(struct rte_eth_dev *dev, uint16_t qid, struct rte_eth_rxq_info *qinfo)
{
	struct qlxge_rxq *rxq = dev->data->rx_queues[qid];

	qinfo->mp = rxq->mp;
	qinfo->scattered_rx = dev->data->scattered_rx;
	qinfo->nb_desc = rxq->nb_desc;
	qinfo->rx_buf_size = rxq->buf_size;
	qinfo->conf.rx_free_thresh = rxq->free_thresh;
	qinfo->conf.rx_deferred_start = rxq->deferred_start;
	qinfo->conf.offloads = rxq->offloads;
}

/*
 * Which receive burst the port runs (qlxge_rx_burst_select), from what it wrote in the port's
 * shared data at start, so that a secondary process reports the primary's.
 */
int
qlxge_rx_burst_mode_get(struct rte_eth_dev *dev, uint16_t qid, struct rte_eth_burst_mode *mode)
{
	RTE_SET_USED(qid);
	snprintf(mode->info, sizeof(mode->info), "%s",
		 dev->data->lro ? "Scalar, LRO (TCP/IPv4 merged by rte_gro)" :
		 dev->data->scattered_rx ? "Scalar, scattered" : "Scalar");
	return 0;
}

/*
 * The RX queue that takes the frames steered to queue @q (an RSS bucket's, the default queue's):
 * @q while it runs, else the first queue that does, so that a queue stopped at run time takes
 * no class of frames from the others; @q when none runs (its stopped CQ drops them).
 */
uint16_t
qlxge_rx_queue_serving(const struct rte_eth_dev *dev, uint16_t q)
{
	const struct qlxge_rxq *rxq;
	uint16_t i;

	rxq = q < dev->data->nb_rx_queues ? dev->data->rx_queues[q] : NULL;
	if (rxq != NULL && rxq->started)
		return q;
	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		rxq = dev->data->rx_queues[i];
		if (rxq != NULL && rxq->started)
			return i;
	}
	return q;
}

/* ---- receive path ------------------------------------------------------------------------ */

/* Whether frames of @mtu overflow a buffer of some RX queue (scattered RX needed). */
bool
qlxge_rx_needs_scatter(const struct rte_eth_dev *dev, uint16_t mtu)
{
	uint16_t i;

	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		const struct qlxge_rxq *rxq = dev->data->rx_queues[i];

		if (rxq != NULL && rxq->buf_size < qlxge_mtu_to_rx_len(mtu))
			return true;
	}
	return false;
}

/*
 * Whether queue @rxq can receive frames of @mtu at all: a frame longer than a buffer takes
 * one large buffer per buffer's worth of bytes, chained (§7.10: 32 at most), and the queue
 * never has more than a refill's worth posted at once (§5, qlxge_icb_bq_prod_align): a frame
 * that needs more waits for buffers that never come (counted missed, or on a pcap wire for
 * good). 0, or -EINVAL with what to change.
 */
int
qlxge_rx_frame_check(const struct qlxge_rxq *rxq, uint16_t mtu)
{
	uint32_t frame = qlxge_mtu_to_rx_len(mtu), need, posted;

	if (frame <= rxq->buf_size)
		return 0;
	need = (frame - 1) / rxq->buf_size + 1;
	posted = qlxge_icb_bq_prod_align(rxq->bq_len);
	if (need <= posted && need <= QLXGE_IB_MAC_MAX_LBQ_CHAIN)
		return 0;
	if (need > QLXGE_IB_MAC_MAX_LBQ_CHAIN)
		QLXGE_DRV_LOG(ERR, "port %u rxq %u: MTU %u needs %u-byte frames, %u buffers of %u "
			      "bytes each, but a frame takes %u at most: use larger mbufs or a "
			      "smaller MTU", rxq->port_id, rxq->queue_id, mtu, frame, need,
			      rxq->buf_size, QLXGE_IB_MAC_MAX_LBQ_CHAIN);
	else
		QLXGE_DRV_LOG(ERR, "port %u rxq %u: MTU %u needs %u-byte frames, %u buffers of %u "
			      "bytes each, but a queue of %u descriptors posts %u at most: use "
			      "more descriptors, larger mbufs or a smaller MTU", rxq->port_id,
			      rxq->queue_id, mtu, frame, need, rxq->buf_size, rxq->nb_desc,
			      posted);
	return -EINVAL;
}

/*
 * A larger MTU on a running port: before the port's max frame grows, the queues' bound on what a
 * completion may report grows with it (a smaller one takes effect at the next start, as frames
 * received under the old limit may still be in the rings). The release store, before the
 * register writes that change the max frame, pairs with the burst's load after its acquire of
 * the producer shadow, which the device writes only for frames it took under the new limit.
 */
void
qlxge_rx_max_len_raise(struct rte_eth_dev *dev, uint32_t frame)
{
	uint16_t i;

	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		struct qlxge_rxq *rxq = dev->data->rx_queues[i];

		if (rxq != NULL && frame > __atomic_load_n(&rxq->max_len, __ATOMIC_RELAXED))
			__atomic_store_n(&rxq->max_len, frame, __ATOMIC_RELEASE);
	}
}

/*
 * Frames longer than a buffer need the scattered path: on request, or when the MTU needs it.
 * LRO takes the scattered path too (its packets are chains) and merges after it.
 */
void
qlxge_rx_burst_select(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint32_t frame = qlxge_mtu_to_rx_len(dev->data->mtu);
	bool scatter = (dev->data->dev_conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_SCATTER) != 0;
	bool lro = (dev->data->dev_conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_TCP_LRO) != 0;
	uint16_t i;

	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		struct qlxge_rxq *rxq = dev->data->rx_queues[i];

		if (rxq != NULL && rxq->buf_size < frame) {
			/* as ixgbe does; not asked for, so say it (once per port) */
			if (!scatter && !ad->scatter_noted)
				QLXGE_DRV_LOG(NOTICE, "port %u: MTU %u needs %u-byte frames, "
					      "rxq %u buffers hold %u: scattered RX enabled",
					      dev->data->port_id, dev->data->mtu, frame, i,
					      rxq->buf_size);
			ad->scatter_noted |= !scatter;
			scatter = true;
		}
	}
	/* the LRO burst is the scattered one, which it merges after */
	dev->data->scattered_rx = scatter || lro;
	dev->data->lro = lro;
	dev->rx_pkt_burst = lro ? qlxge_recv_lro_pkts :
			    scatter ? qlxge_recv_scattered_pkts : qlxge_recv_pkts;
}

/* A completion that breaks the contract: the queue stops, the application is told to reset. */
static void
qlxge_rx_malformed(struct qlxge_rxq *rxq, uint32_t at)
{
	rxq->xstats.malformed++;
	rxq->stalled = true;
	qlxge_dev_request_reset(rxq->ad);
	QLXGE_DRV_LOG(ERR, "port %u rxq %u: malformed completion at %u", rxq->port_id,
		     rxq->queue_id, at);
}

/*
 * Take the buffer the device filled from @bq: it must be the next posted one and the address
 * the completion reports (FreeBSD checks the same). NULL when not. The mbuf came from the pool
 * as it was freed (next NULL, one segment: the pool's invariant); rearmed here as a reset
 * would (qlxge_rx_mbuf_init), its lengths and offload fields are the caller's to set.
 */
static __rte_always_inline struct rte_mbuf *
qlxge_bq_take(struct qlxge_rxq *rxq, struct qlxge_bq *bq, uint64_t addr)
{
	struct rte_mbuf *m;

	if (unlikely(bq->cons == bq->prod))
		return NULL;
	m = bq->sw[bq->cons];
	if (unlikely(rte_mbuf_data_iova_default(m) != addr))
		return NULL;
	memcpy(&m->rearm_data, &rxq->mbuf_init, sizeof(rxq->mbuf_init));
	bq->sw[bq->cons] = NULL;
	bq->cons = bq->cons + 1 == rxq->bq_len ? 0 : bq->cons + 1;
	return m;
}

/* Append @seg of @len bytes to the chain whose first segment is @head, last is *@tail. */
static inline void
qlxge_rx_chain(struct rte_mbuf **head, struct rte_mbuf **tail, struct rte_mbuf *seg,
	       uint32_t len)
{
	seg->data_len = (uint16_t)len;
	if (*head == NULL) {
		*head = seg;
		seg->pkt_len = len;
	} else {
		(*tail)->next = seg;
		(*head)->nb_segs++;
		(*head)->pkt_len += len;
	}
	*tail = seg;
}

/*
 * Packet type and checksum flags of the L3/L4 bits of a completion (§7.7: flags1 TE, NU, IE;
 * flags2 U, T; flags3 V4, V6), ORed into *@ol and *@ptype. V4 and V6 say nothing of IPv4
 * options or IPv6 extension headers: the L3 types are the _EXT_UNKNOWN ones (RTE_PTYPE_L3_IPV4
 * would promise no option).
 */
static __rte_always_inline void
qlxge_rx_l34(uint8_t f1, uint8_t f2, uint8_t f3, uint64_t *ol, uint32_t *ptype)
{
	if ((f3 & QLXGE_IB_MAC_FLAGS3_V4) != 0) {
		*ptype |= RTE_PTYPE_L3_IPV4_EXT_UNKNOWN;
		*ol |= (f1 & QLXGE_IB_MAC_FLAGS1_IE) != 0 ? RTE_MBUF_F_RX_IP_CKSUM_BAD :
							    RTE_MBUF_F_RX_IP_CKSUM_GOOD;
	} else if ((f3 & QLXGE_IB_MAC_FLAGS3_V6) != 0) {
		*ptype |= RTE_PTYPE_L3_IPV6_EXT_UNKNOWN;
	}
	if ((f2 & (QLXGE_IB_MAC_FLAGS2_T | QLXGE_IB_MAC_FLAGS2_U)) != 0) {
		*ptype |= (f2 & QLXGE_IB_MAC_FLAGS2_T) != 0 ? RTE_PTYPE_L4_TCP : RTE_PTYPE_L4_UDP;
		if ((f1 & QLXGE_IB_MAC_FLAGS1_TE) != 0)
			*ol |= RTE_MBUF_F_RX_L4_CKSUM_BAD;
		else if ((f1 & QLXGE_IB_MAC_FLAGS1_NU) == 0)
			*ol |= RTE_MBUF_F_RX_L4_CKSUM_GOOD;
		else
			*ol |= RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN;
	}
}

/*
 * The same as a table, for the fast path: indexed by the 7 bits qlxge_rx_l34() reads (flags1
 * bits 4:2 -> 2:0, flags2 bits 6:5 -> 4:3, flags3 bits 4:3 -> 6:5), each entry what
 * qlxge_rx_l34() gives for them, filled once by it.
 */
#define QLXGE_RX_L34_BITS	7
struct qlxge_rx_l34_entry {
	uint64_t ol;
	uint32_t ptype;
};
static struct qlxge_rx_l34_entry qlxge_rx_l34_tbl[1u << QLXGE_RX_L34_BITS];

static __rte_always_inline unsigned int
qlxge_rx_l34_index(uint8_t f1, uint8_t f2, uint8_t f3)
{
	return ((f1 >> 2) & 0x07u) | ((f2 >> 2) & 0x18u) | ((f3 << 2) & 0x60u);
}

RTE_INIT(qlxge_rx_l34_tbl_init)
{
	unsigned int i;

	for (i = 0; i < RTE_DIM(qlxge_rx_l34_tbl); i++) {
		/* the bits of index i back in their completion bytes */
		uint8_t f1 = (uint8_t)((i & 0x07u) << 2);
		uint8_t f2 = (uint8_t)((i & 0x18u) << 2);
		uint8_t f3 = (uint8_t)((i & 0x60u) >> 2);
		uint64_t ol = 0;
		uint32_t ptype = 0;

		RTE_VERIFY(qlxge_rx_l34_index(f1, f2, f3) == i);
		qlxge_rx_l34(f1, f2, f3, &ol, &ptype);
		qlxge_rx_l34_tbl[i] = (struct qlxge_rx_l34_entry){ ol, ptype };
	}
}

/*
 * RSS hash and VLAN of the completion (§7.7) into @m; the L2 packet type. The mbuf is not
 * reset (qlxge_bq_take): both fields written, 0 when not reported.
 */
static __rte_always_inline uint32_t
qlxge_rx_l2(struct qlxge_rxq *rxq, const struct qlxge_ib_mac_rsp *rsp, struct rte_mbuf *m,
	    uint64_t *ol)
{
	m->hash.rss = 0;
	m->vlan_tci = 0;
	if ((rsp->flags3 & QLXGE_IB_MAC_FLAGS3_RSS_MASK) != 0) {
		m->hash.rss = rte_le_to_cpu_32(rsp->rss);
		*ol |= RTE_MBUF_F_RX_RSS_HASH;
	}
	if ((rsp->flags2 & QLXGE_IB_MAC_FLAGS2_V) != 0) {
		/* V says the frame was tagged; the tag left the data only if stripping is on */
		if (!rxq->ad->vlan_strip)
			return RTE_PTYPE_L2_ETHER_VLAN;
		m->vlan_tci = rte_le_to_cpu_16(rsp->vlan_id);
		*ol |= RTE_MBUF_F_RX_VLAN | RTE_MBUF_F_RX_VLAN_STRIPPED;
	}
	return RTE_PTYPE_L2_ETHER;
}

/* Offload results of the completion (§7.7) into @m. */
static inline void
qlxge_rx_offloads(struct qlxge_rxq *rxq, const struct qlxge_ib_mac_rsp *rsp, struct rte_mbuf *m)
{
	uint64_t ol = rxq->ol_init;
	uint32_t ptype = qlxge_rx_l2(rxq, rsp, m, &ol);

	qlxge_rx_l34(rsp->flags1, rsp->flags2, rsp->flags3, &ol, &ptype);
	m->ol_flags = ol;
	m->packet_type = ptype;
}

/* The same with the L3/L4 part from the table: the fast path's. */
static __rte_always_inline void
qlxge_rx_offloads_tbl(struct qlxge_rxq *rxq, const struct qlxge_ib_mac_rsp *rsp,
		      struct rte_mbuf *m)
{
	const struct qlxge_rx_l34_entry *e =
		&qlxge_rx_l34_tbl[qlxge_rx_l34_index(rsp->flags1, rsp->flags2, rsp->flags3)];
	uint64_t ol = rxq->ol_init | e->ol;
	uint32_t ptype = qlxge_rx_l2(rxq, rsp, m, &ol) | e->ptype;

	m->ol_flags = ol;
	m->packet_type = ptype;
}

/* Outcome of one inbound MAC completion. */
enum qlxge_rx_res {
	QLXGE_RX_PKT,		/* *out holds the frame */
	QLXGE_RX_DROP,		/* buffers taken, frame dropped and counted */
	QLXGE_RX_BAD,		/* contract broken */
};

/*
 * The buffers of one inbound MAC completion (§7.10), in the device's ring order: split header
 * (small buffer), then the data in one small (DS) or large (DL) buffer, or the chained form:
 * one small buffer listing the large ones, then those.
 */
static inline enum qlxge_rx_res
qlxge_rx_one(struct qlxge_rxq *rxq, const struct qlxge_ib_mac_rsp *rsp, bool scatter,
	     struct rte_mbuf **out)
{
	struct rte_mbuf *head = NULL, *tail = NULL, *m, *list;
	uint8_t f3 = rsp->flags3, f4 = rsp->flags4;
	uint32_t dlen = rte_le_to_cpu_32(rsp->data_len), hlen = 0;
	uint64_t addr = rte_le_to_cpu_64(rsp->data_addr);
	uint32_t bsize = rxq->buf_size, nlb, i, n;
	const uint64_t *lst;
	uint8_t err;

	err = (rsp->flags2 & QLXGE_IB_MAC_FLAGS2_ERR_MASK) >> QLXGE_IB_MAC_FLAGS2_ERR_SHIFT;
	if ((f4 & QLXGE_IB_MAC_FLAGS4_HV) != 0)
		hlen = rte_le_to_cpu_32(rsp->hdr_len);
	/*
	 * The lengths first, each a 32-bit field the device wrote, added in 64 bits: a frame has
	 * bytes, and no more than the port's MAC lets through (rxq->max_len) unless the MAC
	 * reports it in error (an oversize frame is delivered with its ERR code, §7.7). Anything
	 * else contradicts the contract and takes no buffer.
	 */
	if (unlikely((uint64_t)hlen + dlen == 0 ||
		     (err == 0 && (uint64_t)hlen + dlen >
		      __atomic_load_n(&rxq->max_len, __ATOMIC_RELAXED))))
		return QLXGE_RX_BAD;
	if ((f4 & QLXGE_IB_MAC_FLAGS4_HV) != 0) {
		if (unlikely((f4 & QLXGE_IB_MAC_FLAGS4_HS) == 0 || hlen > bsize))
			return QLXGE_RX_BAD;
		m = qlxge_bq_take(rxq, &rxq->sbq, rte_le_to_cpu_64(rsp->hdr_addr));
		if (unlikely(m == NULL))
			return QLXGE_RX_BAD;
		qlxge_rx_chain(&head, &tail, m, hlen);
	}
	switch (f3 & (QLXGE_IB_MAC_FLAGS3_DS | QLXGE_IB_MAC_FLAGS3_DL)) {
	case QLXGE_IB_MAC_FLAGS3_DS:
	case QLXGE_IB_MAC_FLAGS3_DL:
		/* a data buffer holds 1 to one buffer's worth of bytes */
		if (unlikely(dlen == 0 || dlen > bsize))
			goto bad;
		m = qlxge_bq_take(rxq, (f3 & QLXGE_IB_MAC_FLAGS3_DS) != 0 ? &rxq->sbq : &rxq->lbq,
				  addr);
		if (unlikely(m == NULL))
			goto bad;
		qlxge_rx_chain(&head, &tail, m, dlen);
		break;
	case 0:
		if (dlen == 0)
			break;	/* header only */
		/* at most 32 large buffers (§7.10): bounded before the division, which cannot
		 * wrap then */
		if (unlikely(dlen > QLXGE_IB_MAC_MAX_LBQ_CHAIN * bsize))
			goto bad;
		nlb = (dlen - 1) / bsize + 1;
		list = qlxge_bq_take(rxq, &rxq->sbq, addr);
		if (unlikely(list == NULL))
			goto bad;
		lst = rte_pktmbuf_mtod(list, const uint64_t *);
		for (i = 0; i < nlb; i++) {
			m = qlxge_bq_take(rxq, &rxq->lbq, rte_le_to_cpu_64(lst[i]));
			if (unlikely(m == NULL))
				goto bad_list;
			n = RTE_MIN(dlen - i * bsize, bsize);
			qlxge_rx_chain(&head, &tail, m, n);
		}
		/* the list buffer carried addresses only: back to the pool */
		rte_pktmbuf_free_seg(list);
		break;
	default:
		goto bad;
	}
	if (unlikely(head == NULL))
		return QLXGE_RX_BAD;	/* neither header nor data */
	if (unlikely(err != 0)) {
		rxq->xstats.err_frames[err]++;
		/* bad FCS and oversize: in ierrors through the MAC's counters */
		if (!qlxge_rx_mac_counted(rsp->flags2))
			rxq->stats.errors++;
		rte_pktmbuf_free(head);
		return QLXGE_RX_DROP;
	}
	if (unlikely(!scatter && head->nb_segs > 1)) {
		rxq->xstats.unscattered++;
		rxq->stats.errors++;
		rte_pktmbuf_free(head);
		return QLXGE_RX_DROP;
	}
	/* the multicast table is the two ports' (§12.1): a group of the other port's list */
	if (unlikely((rsp->flags1 & QLXGE_IB_MAC_FLAGS1_M_MASK) == QLXGE_IB_MAC_FLAGS1_M_REG) &&
	    !qlxge_filter_mc_wanted(rxq->ad, head)) {
		rxq->xstats.mc_unlisted++;
		rte_pktmbuf_free(head);
		return QLXGE_RX_DROP;
	}
	head->port = rxq->port_id;
	qlxge_rx_offloads(rxq, rsp, head);
	*out = head;
	return QLXGE_RX_PKT;

bad_list:
	rte_pktmbuf_free_seg(list);
bad:
	rte_pktmbuf_free(head);
	return QLXGE_RX_BAD;
}

/*
 * The fast path: a completion of one small (DS) or large (DL) buffer, no split header, no
 * error code, a length of 1 to the buffer's and the port's bound. qlxge_rx_one() gives for it
 * what qlxge_rx_plain() does, with more tests; test_pmd_fastpath.c compares the mbufs of the
 * two on the same completions. The non-scattered burst only: the scattered and LRO bursts keep
 * the scalar path, the reference.
 */
static __rte_always_inline bool
qlxge_rx_is_plain(const struct qlxge_rxq *rxq, const struct qlxge_ib_mac_rsp *rsp, uint32_t mask)
{
	uint32_t dlen = rte_le_to_cpu_32(rsp->data_len), w;

	/* one load and one mask (@mask: QLXGE_RX_W_PLAIN, with QLXGE_RX_W_M while the multicast
	 * check is armed) for flags2's error code and flags3's DS and DL */
	memcpy(&w, rsp, sizeof(w));
	w = rte_le_to_cpu_32(w) & mask;
	return (w == QLXGE_RX_W_DS || w == QLXGE_RX_W_DL) &&
	       (rsp->flags4 & QLXGE_IB_MAC_FLAGS4_HV) == 0 &&
	       dlen - 1 < RTE_MIN((uint32_t)rxq->buf_size,
				  __atomic_load_n(&rxq->max_len, __ATOMIC_RELAXED));
}

static __rte_always_inline enum qlxge_rx_res
qlxge_rx_plain(struct qlxge_rxq *rxq, const struct qlxge_ib_mac_rsp *rsp, struct rte_mbuf **out)
{
	uint32_t dlen = rte_le_to_cpu_32(rsp->data_len);
	struct rte_mbuf *m;

	m = qlxge_bq_take(rxq, (rsp->flags3 & QLXGE_IB_MAC_FLAGS3_DS) != 0 ? &rxq->sbq :
		&rxq->lbq, rte_le_to_cpu_64(rsp->data_addr));
	if (unlikely(m == NULL))
		return QLXGE_RX_BAD;
	m->data_len = (uint16_t)dlen;
	m->pkt_len = dlen;
	qlxge_rx_offloads_tbl(rxq, rsp, m);
	*out = m;
	return QLXGE_RX_PKT;
}

/* §7.8: every event but a link change means the adapter needs a reset (Linux, §4.5). */
static void
qlxge_rx_ae(struct qlxge_rxq *rxq, const struct qlxge_ib_ae_rsp *ae)
{
	rxq->xstats.ae_events++;
	if (ae->event == QLXGE_AE_EVENT_LINK_UP || ae->event == QLXGE_AE_EVENT_LINK_DOWN)
		return;
	/* a buffer the device could not write was taken out of ring order: stop here */
	rxq->stalled = true;
	qlxge_dev_request_reset(rxq->ad);
	QLXGE_DRV_LOG(ERR, "port %u rxq %u: adapter event 0x%02x on queue %u", rxq->port_id,
		     rxq->queue_id, ae->event, ae->q_id & QLXGE_IB_AE_Q_ID_MASK);
}

/*
 * The pool refused @want buffers at once: fewer, in whole blocks, halving down to one block.
 * Asked for its whole room each time, a queue the pool let run dry would wait for the pool to
 * hold that many at once, which a forwarding loop never leaves free (the queue then receives
 * nothing for good); a block at a time it comes back as soon as one is free. The shortfall is
 * counted once per refill, as the smallest request the pool refused (ixgbe counts its free
 * threshold per refused refill). @return the buffers taken into @sw, 0 if none.
 */
static __rte_noinline uint32_t
qlxge_bq_get_some(struct qlxge_rxq *rxq, struct rte_mbuf **sw, uint32_t want)
{
	uint32_t refused = want, n = want;

	while (n > QLXGE_BQ_PROD_BLOCK) {
		n = RTE_ALIGN_FLOOR(n / 2, QLXGE_BQ_PROD_BLOCK);
		if (rte_mempool_get_bulk(rxq->mp, (void **)sw, n) == 0) {
			rxq->stats.nombuf += refused;
			return n;
		}
		refused = n;
	}
	rxq->stats.nombuf += refused;
	return 0;
}

/*
 * Post empty buffers up to 16 short of the consumer (§5: the producer moves in blocks of 16,
 * never fills the ring), once at least the free threshold of them can go: one bulk allocation
 * per contiguous run (fewer when the pool is short), one doorbell.
 */
static inline void
qlxge_bq_refill(struct qlxge_rxq *rxq, struct qlxge_bq *bq)
{
	uint32_t len = rxq->bq_len, prod = bq->prod, i, n;
	uint32_t used = prod >= bq->cons ? prod - bq->cons : prod + len - bq->cons;
	uint32_t room = qlxge_icb_bq_prod_align(len - used);	/* whole blocks, one kept empty */

	if (room < rxq->free_thresh || room == 0)
		return;
	while (room != 0) {
		n = RTE_MIN(room, len - prod);
		/* not reset: qlxge_bq_take() rearms each mbuf it takes */
		if (unlikely(rte_mempool_get_bulk(rxq->mp, (void **)&bq->sw[prod], n) != 0)) {
			n = qlxge_bq_get_some(rxq, &bq->sw[prod], n);
			if (n == 0)
				break;
			room = n;	/* the pool is short: no more this time */
		}
		for (i = 0; i < n; i++)
			bq->ring[prod + i] =
				rte_cpu_to_le_64(rte_mbuf_data_iova_default(bq->sw[prod + i]));
		prod = prod + n == len ? 0 : prod + n;
		room -= n;
	}
	if (prod != bq->prod) {
		bq->prod = (uint16_t)prod;
		rxq->xstats.refills++;
		/* rte_write32 orders the ring entries before the doorbell */
		qlxge_db_write(rxq->cq_db, bq->db_off, prod);
	}
}

static inline uint16_t
qlxge_recv(struct qlxge_rxq *rxq, struct rte_mbuf **pkts, uint16_t n, bool scatter)
{
	uint32_t prod, ci = rxq->cq_ci, plain;
	uint64_t bytes = 0;
	uint16_t nb = 0;
	const struct qlxge_ib_mac_rsp *rsp;
	enum qlxge_rx_res res;
	const uint8_t *cqe;
	struct rte_mbuf *m;

	if (unlikely(rxq->stalled))
		return 0;
	/* relaxed: whether to look at the multicast class at all (qlxge_rx_mc_check_set) */
	plain = __atomic_load_n(&rxq->plain_mask, __ATOMIC_RELAXED);
	/* acquire: the entries before the producer are in memory once the shadow says so */
	prod = rte_le_to_cpu_32(__atomic_load_n(rxq->prod_shadow, __ATOMIC_ACQUIRE));
	if (unlikely(prod >= rxq->nb_desc)) {
		qlxge_rx_malformed(rxq, prod);
		return 0;
	}
	qlxge_cq_prefetch(rxq->cq_ring, ci,
			  RTE_MIN(prod >= ci ? prod - ci : prod + rxq->nb_desc - ci, (uint32_t)n),
			  rxq->nb_desc);
	while (nb < n && ci != prod) {
		cqe = rxq->cq_ring + (size_t)ci * QLXGE_CQE_SIZE;
		switch (cqe[0]) {
		case QLXGE_OPCODE_IB_MAC_IOCB:
			rsp = (const struct qlxge_ib_mac_rsp *)cqe;
			res = !scatter && likely(qlxge_rx_is_plain(rxq, rsp, plain)) ?
			      qlxge_rx_plain(rxq, rsp, &m) : qlxge_rx_one(rxq, rsp, scatter, &m);
			switch (res) {
			case QLXGE_RX_PKT:
				bytes += m->pkt_len;
				pkts[nb++] = m;
				break;
			case QLXGE_RX_DROP:
				break;
			case QLXGE_RX_BAD:
				/* the entries before it were consumed: the doorbell says so */
				qlxge_rx_malformed(rxq, ci);
				goto out;
			}
			break;
		case QLXGE_OPCODE_IB_AE_IOCB:
			qlxge_rx_ae(rxq, (const struct qlxge_ib_ae_rsp *)cqe);
			break;
		default:
			qlxge_rx_malformed(rxq, ci);
			goto out;
		}
		/* consumed: cleared, so that a stop tells the unread ones (count_discards) */
		rxq->cq_ring[(size_t)ci * QLXGE_CQE_SIZE] = 0;
		ci = ci + 1 == rxq->nb_desc ? 0 : ci + 1;
		if (unlikely(rxq->stalled))
			break;
	}
out:
	if (ci != rxq->cq_ci) {
		rxq->cq_ci = (uint16_t)ci;
		/* the entries are read (and cleared) before the device may reuse them */
		rte_atomic_thread_fence(__ATOMIC_RELEASE);
		qlxge_db_write(rxq->cq_db, rxq->cq_cons_off, ci);
	}
	rxq->stats.packets += nb;
	rxq->stats.bytes += bytes;
	if (!rxq->stalled) {
		qlxge_bq_refill(rxq, &rxq->sbq);
		qlxge_bq_refill(rxq, &rxq->lbq);
	}
	return nb;
}

/* Frames that fit one buffer (DS / DL); a frame spanning buffers is dropped and counted. */
uint16_t
qlxge_recv_pkts(void *rxq, struct rte_mbuf **pkts, uint16_t n)
{
	return qlxge_recv(rxq, pkts, n, false);
}

/* Any frame: the chained form and a split header become multi-segment mbufs. */
uint16_t
qlxge_recv_scattered_pkts(void *rxq, struct rte_mbuf **pkts, uint16_t n)
{
	return qlxge_recv(rxq, pkts, n, true);
}

/* Any frame, then the TCP segments of the burst merged (qlxge_lro.c). */
uint16_t
qlxge_recv_lro_pkts(void *rxq, struct rte_mbuf **pkts, uint16_t n)
{
	uint16_t nb = qlxge_recv(rxq, pkts, n, true);

	return nb > 1 ? qlxge_lro_burst(rxq, pkts, nb) : nb;
}

/*
 * The queue's descriptors as ethdev counts them (rx_queue_count, rx_descriptor_status): its
 * completion queue's entries, nb_desc of them, from the next one the burst reads. The device
 * writes one per frame (and one per asynchronous event), taking one buffer or more from the
 * small or the large buffer queue. A snapshot, for the queue's polling thread (as ethdev says).
 */
static uint32_t
qlxge_rxq_pending(const struct qlxge_rxq *rxq)
{
	/* acquire: as the burst's (the entries before the producer are written) */
	uint32_t prod = rte_le_to_cpu_32(__atomic_load_n(rxq->prod_shadow, __ATOMIC_ACQUIRE));
	uint32_t ci = rxq->cq_ci;

	if (rxq->stalled || prod >= rxq->nb_desc)
		return 0;	/* not started, or malformed: the burst reports it */
	return prod >= ci ? prod - ci : prod + rxq->nb_desc - ci;
}

/* Buffers of @bq posted to the device and not yet taken by a completion the burst read. */
static uint32_t
qlxge_bq_posted(const struct qlxge_rxq *rxq, const struct qlxge_bq *bq)
{
	return bq->prod >= bq->cons ? (uint32_t)(bq->prod - bq->cons) :
				      (uint32_t)bq->prod + rxq->bq_len - bq->cons;
}

/* Completions written and not yet read: the frames waiting for the next burst. */
uint32_t
qlxge_rx_queue_count(void *rx_queue)
{
	return qlxge_rxq_pending(rx_queue);
}

/*
 * Entry @offset on from the next completion: DONE if the device has written it (a frame
 * waits), AVAIL while there are buffers posted for it (each frame takes one or more),
 * UNAVAIL past those (buffers the driver has not posted again yet).
 */
int
qlxge_rx_descriptor_status(void *rx_queue, uint16_t offset)
{
	const struct qlxge_rxq *rxq = rx_queue;

	/* ethdev checks the queue only in a debug build: a queue never set up comes as NULL
	 * (testpmd's "show port 0 rxq 9 desc 0 status" on a port of 4 queues) */
	if (rxq == NULL)
		return -ENODEV;
	if (offset >= rxq->nb_desc)
		return -EINVAL;
	if (offset < qlxge_rxq_pending(rxq))
		return RTE_ETH_RX_DESC_DONE;
	if (!rxq->stalled &&
	    offset < qlxge_bq_posted(rxq, &rxq->sbq) + qlxge_bq_posted(rxq, &rxq->lbq))
		return RTE_ETH_RX_DESC_AVAIL;
	return RTE_ETH_RX_DESC_UNAVAIL;
}
