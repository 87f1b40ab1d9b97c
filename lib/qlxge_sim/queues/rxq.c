/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The receive side of a completion queue (§6.4, §7.7, §7.9, §7.10, §16.10, §16.13;
 * queues/rxq.h): its two buffer queues and the placement of a classified frame in them,
 * strictly in ring order: the data in one small buffer (DS) when it fits, else in one large
 * buffer (DL), else in the chained form (one small buffer holding the list of the large
 * buffers' addresses, then the large buffers); with header split the headers go first into a
 * small buffer (HV, HS). Buffer queues are reached through their page-address tables;
 * producers are read from the CQ's doorbell page with the low 4 bits ignored. Then the
 * 64-byte RX completion. The one-buffer form, every frame's, is inline in queues/rxq.h; here
 * the other forms and the slow paths.
 */

#include <errno.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_atomic.h>
#include <rte_byteorder.h>

#include "queues/rxq.h"

/* ---- buffer queues -------------------------------------------------------------------------- */

/* Slow path of sim_bq_take(): check the ring page in use once this step. */
const uint8_t *
sim_bq_page_map(struct qlxge_sim_func *fn, struct sim_bq *bq, uint32_t pg, uint64_t off)
{
	uint32_t in_page = RTE_MIN(bq->len - pg * QLXGE_BQ_ENTRIES_PER_PAGE,
				   QLXGE_BQ_ENTRIES_PER_PAGE);

	return sim_dma_ring_map(fn, &bq->page, bq->pages[pg], 8ull * in_page, off);
}

/* ---- placement ------------------------------------------------------------------------------ */

/* One piece of a frame and the buffer it takes. */
struct sim_rxq_seg {
	struct sim_bq *bq;
	const uint8_t *src;	/* NULL: the list of the large buffers' addresses */
	uint32_t len;
	uint64_t addr;		/* the buffer, once taken */
};

/*
 * How a frame is placed (§7.10): the buffers it takes, in ring order (header, data or list,
 * large buffers), and the completion fields they decide.
 */
struct sim_rxq_plan {
	unsigned int nseg;
	uint32_t need_s, need_l;	/* small and large buffers */
	uint32_t hdr_len, dlen;
	uint8_t flags3, flags4;		/* DS / DL, HV | HS */
	int8_t hdr_seg, data_seg;	/* the segments of hdr_addr and data_addr; -1 none */
	struct sim_rxq_seg seg[2 + QLXGE_IB_MAC_MAX_LBQ_CHAIN];
};

/*
 * The placement of every other frame than one buffer's worth of data: header split, the
 * chained form; false when no form fits (dropped as oversize).
 */
static __rte_noinline bool
sim_rxq_plan_any(struct sim_cq *cq, const struct sim_rx_verdict *v, const uint8_t *data,
		 uint32_t len, struct sim_rxq_plan *p)
{
	uint32_t hdr_len = 0, dlen, nlb;

	p->nseg = 0;
	p->need_s = p->need_l = 0;
	p->flags3 = p->flags4 = 0;
	p->hdr_seg = p->data_seg = -1;
	if (v->split && v->hdr_len != 0 && v->hdr_len < len && cq->sbq.len != 0 &&
	    v->hdr_len <= cq->sbq.bsize) {
		hdr_len = v->hdr_len;
		p->flags4 = QLXGE_IB_MAC_FLAGS4_HV | QLXGE_IB_MAC_FLAGS4_HS;
		p->hdr_seg = 0;
		p->seg[p->nseg++] = (struct sim_rxq_seg){ &cq->sbq, data, hdr_len, 0 };
		p->need_s++;
	}
	dlen = len - hdr_len;
	p->hdr_len = hdr_len;
	p->dlen = dlen;
	if (dlen == 0)
		return true;
	if (cq->sbq.len != 0 && dlen <= cq->sbq.bsize) {
		p->flags3 = QLXGE_IB_MAC_FLAGS3_DS;
		p->data_seg = (int8_t)p->nseg;
		p->seg[p->nseg++] = (struct sim_rxq_seg){ &cq->sbq, data + hdr_len, dlen, 0 };
		p->need_s++;
		return true;
	}
	if (cq->lbq.len != 0 && dlen <= cq->lbq.bsize) {
		p->flags3 = QLXGE_IB_MAC_FLAGS3_DL;
		p->data_seg = (int8_t)p->nseg;
		p->seg[p->nseg++] = (struct sim_rxq_seg){ &cq->lbq, data + hdr_len, dlen, 0 };
		p->need_l = 1;
		return true;
	}
	if (cq->lbq.len == 0 || cq->sbq.len == 0)
		return false;
	/* chained: a small buffer with the list of the large buffers' addresses */
	nlb = (dlen + cq->lbq.bsize - 1) / cq->lbq.bsize;
	if (nlb > QLXGE_IB_MAC_MAX_LBQ_CHAIN || nlb * 8u > cq->sbq.bsize)
		return false;
	p->data_seg = (int8_t)p->nseg;
	p->seg[p->nseg++] = (struct sim_rxq_seg){ &cq->sbq, NULL, nlb * 8u, 0 };
	p->need_s++;
	for (uint32_t i = 0; i < nlb; i++) {
		uint32_t off = i * cq->lbq.bsize;

		p->seg[p->nseg++] = (struct sim_rxq_seg){ &cq->lbq, data + hdr_len + off,
							  RTE_MIN(dlen - off, cq->lbq.bsize), 0 };
	}
	p->need_l = nlb;
	return true;
}

/*
 * Placement in every form but one buffer's worth of data (header split, the chained form, no
 * data): the plan, the buffers and the completion room checked before anything is taken, the
 * buffers taken, the completion written, then the frame copied into the buffers.
 */
enum sim_rxq_res
sim_rxq_place_any(struct qlxge_sim_func *fn, const struct sim_rx_verdict *v, const uint8_t *data,
		  uint32_t len)
{
	unsigned int q = v->cq_id;
	struct sim_cq *cq = &fn->cq[q];
	uint64_t list[QLXGE_IB_MAC_MAX_LBQ_CHAIN];
	struct qlxge_ib_mac_rsp *rsp;
	struct sim_rxq_plan p;
	unsigned int i;

	if (!cq->loaded || !cq->valid || cq->stopped) {
		fn->cnt.rx_drops_cq_invalid++;
		SIM_TRACE(rx, drop_cq, SIM_FN_FMT " CQ %u not valid", SIM_FN_ARGS(fn), q);
		return SIM_RXQ_DROPPED;
	}
	if (!sim_rxq_plan_any(cq, v, data, len, &p)) {
		fn->cnt.rx_drops_oversize++;
		return SIM_RXQ_TOO_BIG;
	}
	if (!sim_bq_has(fn, &cq->sbq, QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_SBQ_PROD_IDX, p.need_s) ||
	    !sim_bq_has(fn, &cq->lbq, QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_LBQ_PROD_IDX, p.need_l) ||
	    sim_cq_room(fn, cq, q) == 0)
		return SIM_RXQ_NO_ROOM;
	for (i = 0; i < p.nseg; i++) {
		if (sim_bq_take(fn, p.seg[i].bq, &p.seg[i].addr) < 0) {
			/* a buffer queue the device cannot read: PCI error on anonymous buffers */
			sim_cq_ae(fn, q, QLXGE_AE_EVENT_PCI_ERR_ANON_BUF_RD);
			return SIM_RXQ_DROPPED;
		}
	}
	rsp = sim_rxq_complete(fn, cq, v, p.flags3, p.flags4, p.dlen,
			       p.data_seg >= 0 ? p.seg[p.data_seg].addr : 0, p.hdr_len,
			       p.hdr_seg >= 0 ? p.seg[p.hdr_seg].addr : 0);
	if (rsp == NULL)
		return SIM_RXQ_DROPPED;
	sim_cq_mark(fn, cq, true, false);
	/* the frame, straight from the wire's record into the buffers, in ring order */
	for (i = 0; i < p.nseg; i++) {
		const struct sim_rxq_seg *sg = &p.seg[i];
		void *va = sim_dma_at(fn, &sg->bq->buf_win, sg->addr, sg->len);

		if (va == NULL) {
			/* a buffer the device cannot write: PCI error on anonymous buffers */
			sim_cq_ae_in(fn, cq, rsp, QLXGE_AE_EVENT_PCI_ERR_ANON_BUF_RD);
			return SIM_RXQ_DROPPED;
		}
		if (sg->src != NULL) {
			sim_copy(va, sg->src, sg->len);
		} else {
			/* the chained form's list: the large buffers that follow it */
			for (unsigned int k = 0; k < sg->len / 8; k++)
				list[k] = rte_cpu_to_le_64(p.seg[i + 1 + k].addr);
			memcpy(va, list, sg->len);
		}
		SIM_TRACE_DP(fn, dma, write, SIM_FN_FMT " iova 0x%" PRIx64 " len %u",
			     SIM_FN_ARGS(fn), sg->addr, sg->len);
	}
	fn->cnt.rx_frames++;
	fn->cnt.rx_bytes += len;
	fn->cnt.rx_completions++;
	return SIM_RXQ_OK;
}
