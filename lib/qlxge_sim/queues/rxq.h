/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The receive side of a completion queue (§6.4, §7.7-7.10): buffer queues and the placement of
 * a classified frame. The one-buffer placement, every frame's, is inline here for the receive
 * pass (queues/rx.c); header split, the chained form and the slow paths are in queues/rxq.c.
 */

#ifndef SIM_QUEUES_RXQ_H
#define SIM_QUEUES_RXQ_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <rte_atomic.h>
#include <rte_branch_prediction.h>
#include <rte_byteorder.h>

#include "base/copy.h"
#include "base/dma.h"
#include "base/log.h"
#include "base/state.h"
#include "dataplane/verdict.h"
#include "queues/cq.h"
#include "queues/doorbell.h"

/* Outcome of placing one frame. */
enum sim_rxq_res {
	SIM_RXQ_OK,		/* in the buffers, its completion on the CQ */
	SIM_RXQ_DROPPED,	/* dropped and counted (CQ invalid, DMA error: AE posted) */
	SIM_RXQ_NO_ROOM,	/* not enough buffers or no completion room: nothing taken */
	SIM_RXQ_TOO_BIG,	/* no buffer form fits the frame: dropped as oversize */
};

/*
 * The one-buffer placement's run in a receive batch: after a frame placed by sim_rxq_place()
 * into one buffer, what it checked of its CQ and buffer queue and the host addresses it
 * reached them through, for the frames after it to the same CQ that take the same buffer
 * queue (sim_rxq_place_run()). What it keeps cannot change inside a poll step: the CQ's
 * state (loaded, valid, stopped: ICB loads, the valid doorbell before the step's work,
 * CQ_STOP), the buffer sizes and queue lengths (ICB loads), the injected faults and the
 * traces (set under the adapter lock), the DMA windows (of the step's memory map). The
 * indexes, free counts and buffer addresses are read and written where they live, as
 * sim_rxq_place() does.
 */
struct sim_rxq_run {
	struct sim_cq *cq;	/* NULL: no run */
	struct sim_bq *bq;
	uint8_t *ring;		/* the CQ ring's host address (sim_dma_ring_va) */
	const uint8_t *page;	/* the buffer queue's ring page in use, host address */
	uint32_t first;		/* its first entry */
	uint32_t in_page;	/* its entries */
	uint32_t lo, span;	/* frames of lo < len <= lo + span bytes take this buffer queue */
	uint8_t q;
	uint8_t flags3;		/* DS or DL */
};

/*
 * The frames (one completion each) and bytes the one-buffer placement put in a batch, added
 * to the function's counters at its end (sim_rxq_acc_flush): nothing reads them inside it.
 * Zeroed: a batch's start.
 */
struct sim_rxq_acc {
	uint64_t frames;
	uint64_t bytes;
	struct sim_cq *marked;	/* the CQ last marked for its completions (sim_cq_mark) */
	struct sim_rxq_run run;
};

/* Slow path of sim_bq_take(): check the ring page in use once this step. */
const uint8_t *sim_bq_page_map(struct qlxge_sim_func *fn, struct sim_bq *bq, uint32_t pg,
			       uint64_t off);

/*
 * Placement in every form but one buffer's worth of data (header split, the chained form, no
 * data), and of a frame to a CQ that cannot take it.
 */
enum sim_rxq_res sim_rxq_place_any(struct qlxge_sim_func *fn, const struct sim_rx_verdict *v,
				   const uint8_t *data, uint32_t len);

/*
 * Buffers of @p bq the driver has given and the device has not taken, at least @p need of them.
 * The producer doorbell is read only when the buffers known given run short: the driver only
 * moves it forward, so the count can be low, never high. A BQ load (LL/LS) sets it to 0.
 */
static __rte_always_inline bool
sim_bq_has(const struct qlxge_sim_func *fn, struct sim_bq *bq, uint32_t db_off, uint32_t need)
{
	uint32_t prod;

	if (need == 0)
		return true;
	if (bq->len == 0 || unlikely(fn->fault[QLXGE_SIM_FAULT_RX_BQ_DRY] != 0))
		return false;
	if (bq->avail >= need)
		return true;
	prod = sim_db_load(fn, db_off);
	/* the device ignores the low 4 bits of a buffer-queue producer (§5) */
	prod = sim_ring_index(prod & 0xFFFFu & ~QLXGE_DB_BQ_PROD_IGNORED_MASK, bq->len);
	bq->avail = prod >= bq->cons ? prod - bq->cons : bq->len - (bq->cons - prod);
	return bq->avail >= need;
}

/* Address of the next buffer of @p bq, read through its page table; advances the queue. */
static __rte_always_inline int
sim_bq_take(struct qlxge_sim_func *fn, struct sim_bq *bq, uint64_t *addr)
{
	uint32_t pg = bq->cons / QLXGE_BQ_ENTRIES_PER_PAGE;
	uint64_t off = 8ull * (bq->cons % QLXGE_BQ_ENTRIES_PER_PAGE);
	const uint8_t *e;
	uint64_t a;

	if (likely(bq->page.gen == fn->dma_gen && bq->page.iova == bq->pages[pg]))
		e = bq->page.va + off;
	else
		e = sim_bq_page_map(fn, bq, pg, off);
	if (e == NULL)
		return -EFAULT;
	memcpy(&a, e, sizeof(a));
	SIM_TRACE_DP(fn, dma, read, SIM_FN_FMT " iova 0x%" PRIx64 " len 8", SIM_FN_ARGS(fn),
		     bq->pages[pg] + off);
	*addr = rte_le_to_cpu_64(a);
	if (++bq->cons == bq->len)
		bq->cons = 0;
	bq->avail--;
	return 0;
}

/* The RX completion's fields (§7.7) in the slot @p rsp: sim_rxq_complete()'s write. */
static __rte_always_inline void
sim_rxq_fill(struct qlxge_ib_mac_rsp *rsp, const struct sim_rx_verdict *v, uint8_t flags3,
	     uint8_t flags4, uint32_t dlen, uint64_t data_addr, uint32_t hdr_len,
	     uint64_t hdr_addr)
{
	memset(rsp, 0, sizeof(*rsp));
	/* keeps the zeroing four wide stores: merged with the opcode's store it becomes a
	 * byte loop (rep stosb) */
	rte_compiler_barrier();
	rsp->opcode = QLXGE_OPCODE_IB_MAC_IOCB;
	rsp->flags1 = v->flags1;
	rsp->flags2 = v->flags2;
	rsp->flags3 = v->flags3 | flags3;
	rsp->data_len = rte_cpu_to_le_32(dlen);
	rsp->data_addr = rte_cpu_to_le_64(data_addr);
	rsp->rss = rte_cpu_to_le_32(v->rss_hash);
	/* §7.7: the field carries the tag when flags2.V and the tag was stripped; a tag left in
	 * the data is the driver's to read there */
	if (v->strip_vlan && (v->flags2 & QLXGE_IB_MAC_FLAGS2_V))
		rsp->vlan_id = rte_cpu_to_le_16(v->vlan_tci);
	rsp->flags4 = flags4;
	rsp->hdr_len = rte_cpu_to_le_32(hdr_len);
	rsp->hdr_addr = rte_cpu_to_le_64(hdr_addr);
}

/*
 * The RX completion of a frame, written in the CQ's next slot (sim_cq_room() said there is
 * one), the producer advanced; the caller marks the CQ (sim_cq_mark: an interrupt, no delay
 * asked). NULL: the ring is not DMA memory any more (error recorded).
 */
static __rte_always_inline struct qlxge_ib_mac_rsp *
sim_rxq_complete(struct qlxge_sim_func *fn, struct sim_cq *cq, const struct sim_rx_verdict *v,
		 uint8_t flags3, uint8_t flags4, uint32_t dlen, uint64_t data_addr,
		 uint32_t hdr_len, uint64_t hdr_addr)
{
	struct qlxge_ib_mac_rsp *rsp = sim_cq_slot(fn, cq);

	if (rsp == NULL)
		return NULL;
	sim_rxq_fill(rsp, v, flags3, flags4, dlen, data_addr, hdr_len, hdr_addr);
	sim_cq_advance(cq);
	SIM_TRACE_DP(fn, rx, completion, SIM_FN_FMT " CQ %u len %u hdr %u flags "
		     "0x%02x/0x%02x/0x%02x addr 0x%" PRIx64, SIM_FN_ARGS(fn), v->cq_id, dlen,
		     hdr_len, rsp->flags1, rsp->flags2, rsp->flags3, data_addr);
	return rsp;
}

/*
 * Open the run of @p acc (struct sim_rxq_run) after a frame placed on CQ @p q in one buffer of
 * @p bq (completion flag @p flags3), or leave none: a trace asked for (the run writes none),
 * the ring or the buffer queue's next page not reached through a window in this step, or
 * buffers made to run dry.
 */
static __rte_always_inline void
sim_rxq_run_open(struct qlxge_sim_func *fn, struct sim_rxq_run *run, struct sim_cq *cq,
		 unsigned int q, struct sim_bq *bq, uint8_t flags3)
{
	uint32_t pg = bq->cons / QLXGE_BQ_ENTRIES_PER_PAGE;
	uint32_t lo;

	run->cq = NULL;
	run->ring = sim_dma_ring_va(fn, &cq->ring, cq->base);
	if (run->ring == NULL || (fn->trace & ((1u << SIM_TA_dma) | (1u << SIM_TA_rx))) ||
	    bq->page.gen != fn->dma_gen || bq->page.iova != bq->pages[pg] ||
	    fn->fault[QLXGE_SIM_FAULT_RX_BQ_DRY] != 0)
		return;
	/* sim_rxq_place()'s choice: the small buffers when they fit, else the large ones */
	lo = bq == &cq->sbq || cq->sbq.len == 0 ? 0 : cq->sbq.bsize;
	run->cq = cq;
	run->bq = bq;
	run->page = bq->page.va;
	run->first = pg * QLXGE_BQ_ENTRIES_PER_PAGE;
	run->in_page = RTE_MIN(bq->len - run->first, QLXGE_BQ_ENTRIES_PER_PAGE);
	run->lo = lo;
	run->span = bq->bsize - lo;
	run->q = (uint8_t)q;
	run->flags3 = flags3;
}

/*
 * Does the frame of verdict @p v and @p len bytes take the run of @p run: its CQ, one buffer
 * of its buffer queue, a buffer given and a completion entry free (as known: the counts
 * sim_bq_has() and sim_cq_room() read first), the next buffer's entry in the page kept?
 */
static __rte_always_inline bool
sim_rxq_run_takes(const struct sim_rxq_run *run, const struct sim_rx_verdict *v, uint32_t len)
{
	return run->cq != NULL && v->cq_id == run->q && !v->split &&
	       len - run->lo - 1 < run->span && run->cq->room != 0 && run->bq->avail != 0 &&
	       run->bq->cons - run->first < run->in_page;
}

/*
 * sim_rxq_place() of a frame its run takes (sim_rxq_run_takes()), without what the run
 * checked once: the buffer's address read in the page kept, the completion written at the
 * producer's slot of the ring kept, then the frame copied, as sim_rxq_place() does. The CQ
 * was marked for this batch by the placement that opened the run (marking it again in the
 * same step changes nothing). tests/unit/sim/test_sim_queue.c
 * (test_queue_rx_run_equivalent) compares it with sim_rxq_place() alone.
 */
static __rte_always_inline enum sim_rxq_res
sim_rxq_place_run(struct qlxge_sim_func *fn, struct sim_rxq_run *run,
		  const struct sim_rx_verdict *v, const uint8_t *data, uint32_t len,
		  struct sim_rxq_acc *acc)
{
	struct sim_cq *cq = run->cq;
	struct sim_bq *bq = run->bq;
	struct qlxge_ib_mac_rsp *rsp;
	uint64_t addr;
	void *va;

	memcpy(&addr, run->page + 8ull * (bq->cons - run->first), sizeof(addr));
	addr = rte_le_to_cpu_64(addr);
	if (++bq->cons == bq->len)
		bq->cons = 0;
	bq->avail--;
	rsp = (struct qlxge_ib_mac_rsp *)(run->ring + (uint64_t)cq->prod * QLXGE_CQE_SIZE);
	sim_rxq_fill(rsp, v, run->flags3, 0, len, addr, 0, 0);
	sim_cq_advance(cq);
	va = sim_dma_at(fn, &bq->buf_win, addr, len);
	if (unlikely(va == NULL)) {
		sim_cq_ae_in(fn, cq, rsp, QLXGE_AE_EVENT_PCI_ERR_ANON_BUF_RD);
		run->cq = NULL;
		return SIM_RXQ_DROPPED;
	}
	sim_copy(va, data, len);
	acc->frames++;
	acc->bytes += len;
	return SIM_RXQ_OK;
}

/*
 * In order: the CQ, the buffer (one buffer's worth of data here: the smallest that fits;
 * everything else in sim_rxq_place_any()), the buffer and the completion room checked before
 * anything is taken, the buffer taken, the completion written, then the frame copied, by DMA,
 * straight from the wire's record into the buffer (the last step: a buffer the device cannot
 * write turns the completion into an AE completion instead). Inline: once per frame in the
 * receive pass.
 */
static __rte_always_inline enum sim_rxq_res
sim_rxq_place(struct qlxge_sim_func *fn, const struct sim_rx_verdict *v, const uint8_t *data,
	      uint32_t len, struct sim_rxq_acc *acc)
{
	unsigned int q = v->cq_id;
	struct sim_cq *cq = &fn->cq[q];
	struct qlxge_ib_mac_rsp *rsp;
	struct sim_bq *bq;
	uint32_t db_off;
	uint64_t addr;
	uint8_t flags3;
	void *va;

	if (likely(sim_rxq_run_takes(&acc->run, v, len)))
		return sim_rxq_place_run(fn, &acc->run, v, data, len, acc);
	if (unlikely(!cq->loaded || !cq->valid || cq->stopped || v->split || len == 0))
		return sim_rxq_place_any(fn, v, data, len);
	if (cq->sbq.len != 0 && len <= cq->sbq.bsize) {
		bq = &cq->sbq;
		db_off = QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_SBQ_PROD_IDX;
		flags3 = QLXGE_IB_MAC_FLAGS3_DS;
	} else if (cq->lbq.len != 0 && len <= cq->lbq.bsize) {
		bq = &cq->lbq;
		db_off = QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_LBQ_PROD_IDX;
		flags3 = QLXGE_IB_MAC_FLAGS3_DL;
	} else {
		return sim_rxq_place_any(fn, v, data, len);
	}
	if (!sim_bq_has(fn, bq, db_off, 1) || sim_cq_room(fn, cq, q) == 0)
		return SIM_RXQ_NO_ROOM;
	if (sim_bq_take(fn, bq, &addr) < 0) {
		/* a buffer queue the device cannot read: PCI error on anonymous buffers */
		sim_cq_ae(fn, q, QLXGE_AE_EVENT_PCI_ERR_ANON_BUF_RD);
		return SIM_RXQ_DROPPED;
	}
	rsp = sim_rxq_complete(fn, cq, v, flags3, 0, len, addr, 0, 0);
	if (rsp == NULL)
		return SIM_RXQ_DROPPED;
	if (acc->marked != cq) {
		/* once for the frames of a batch to this CQ: the same step, the same marks */
		sim_cq_mark(fn, cq, true, false);
		acc->marked = cq;
	}
	/* the frame, straight from the wire's record into the buffer: one copy */
	va = sim_dma_at(fn, &bq->buf_win, addr, len);
	if (unlikely(va == NULL)) {
		/* a buffer the device cannot write: PCI error on anonymous buffers (§7.8) */
		sim_cq_ae_in(fn, cq, rsp, QLXGE_AE_EVENT_PCI_ERR_ANON_BUF_RD);
		return SIM_RXQ_DROPPED;
	}
	sim_copy(va, data, len);
	SIM_TRACE_DP(fn, dma, write, SIM_FN_FMT " iova 0x%" PRIx64 " len %u", SIM_FN_ARGS(fn),
		     addr, len);
	acc->frames++;
	acc->bytes += len;
	sim_rxq_run_open(fn, &acc->run, cq, q, bq, flags3);
	return SIM_RXQ_OK;
}

/* Add the frames placed in one batch to the function's counters. */
static inline void
sim_rxq_acc_flush(struct qlxge_sim_func *fn, const struct sim_rxq_acc *acc)
{
	fn->cnt.rx_frames += acc->frames;
	fn->cnt.rx_bytes += acc->bytes;
	fn->cnt.rx_completions += acc->frames;
}

#endif /* SIM_QUEUES_RXQ_H */
