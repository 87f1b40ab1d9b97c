/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The WQ engine (§5, §6.1, §7.1, §7.6, §16.12; queues/wq.h): the WQ's valid and producer
 * doorbells, each 128-byte IOCB copied out of the ring by DMA and executed by the TX engine
 * (dataplane/tx.c, whose frames the port's MAC sends), one 64-byte completion with opcode, tid
 * and txq_idx echoed on the WQ's CQ, then the CQ's producer shadow and the WQ consumer shadow.
 */

#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_prefetch.h>

#include "base/dma.h"
#include "base/log.h"
#include "base/state.h"
#include "dataplane/tx.h"
#include "dataplane/xgmac.h"
#include "queues/cq.h"
#include "queues/doorbell.h"
#include "queues/wq.h"

/* IOCBs taken per WQ per poll step, so that one busy queue cannot starve the others. */
#define SIM_TX_BUDGET		64u

/*
 * The bytes of an IOCB the plain frame's path reads (header, first descriptor), copied first;
 * the rest is copied for the IOCBs that take the general path.
 */
#define SIM_WQ_IOCB_HEAD	64u
static_assert(offsetof(struct qlxge_ob_mac_iocb, tbd[1]) <= SIM_WQ_IOCB_HEAD,
	      "the plain frame's fields in the IOCB's first 64 bytes");
static_assert(offsetof(struct qlxge_ob_mac_iocb, txq_idx) + 4 <= SIM_WQ_IOCB_HEAD &&
	      offsetof(struct qlxge_ob_tso_iocb, tid) == offsetof(struct qlxge_ob_mac_iocb, tid) &&
	      offsetof(struct qlxge_ob_tso_iocb, txq_idx) ==
	      offsetof(struct qlxge_ob_mac_iocb, txq_idx), "tid and txq_idx echoed from there");

/* What one pass of the WQ engine over a WQ's IOCBs keeps until its end. */
struct sim_wq_pass {
	uint64_t frames, bytes;		/* fn->cnt.tx_frames, tx_bytes to add */
	uint8_t flags_and;		/* flags1 of the IOCBs completed, and-ed: I in all */
	uint8_t flags_or;		/* or-ed: OI in one */
	bool posted;			/* a completion was written */
	bool trace;			/* a TX or DMA trace on (fn->trace: for the step) */
};

/* The traces of an IOCB, when one is on (sim_wq_pass.trace): rare, out of the loop's way. */
static __rte_noinline __rte_cold void
sim_wq_trace_read(struct qlxge_sim_func *fn, const struct sim_wq *wq, uint32_t slot)
{
	SIM_TRACE_DP(fn, dma, read, SIM_FN_FMT " iova 0x%" PRIx64 " len %u", SIM_FN_ARGS(fn),
		     wq->base + (uint64_t)slot * QLXGE_IOCB_SIZE, QLXGE_IOCB_SIZE);
}

static __rte_noinline __rte_cold void
sim_wq_trace_done(struct qlxge_sim_func *fn, unsigned int q, uint32_t slot, const uint8_t *iocb,
		  struct sim_tx_result res, int ret)
{
	SIM_TRACE_DP(fn, tx, iocb, SIM_FN_FMT " WQ %u slot %u opcode 0x%02x: %u frames "
		     "%u bytes flags 0x%02x/0x%02x (%d)", SIM_FN_ARGS(fn), q, slot,
		     iocb[0], (unsigned int)res.frames, (unsigned int)res.bytes,
		     res.flags1, res.flags3, ret);
}

/*
 * An IOCB that is not a plain frame (sim_tx_plain): the rest of it read, then the TX engine's
 * general path, or an opcode it does not know. Out of line, its result returned by value: the
 * plain frame's result then stays in registers.
 */
static __rte_noinline struct sim_tx_result
sim_wq_iocb_any(struct qlxge_sim_func *fn, unsigned int q, uint32_t slot, uint8_t *iocb,
		const uint8_t *ring, struct sim_xgmac_txb *txb, int *ret)
{
	struct sim_tx_result res;

	memcpy(iocb + SIM_WQ_IOCB_HEAD, ring + SIM_WQ_IOCB_HEAD,
	       QLXGE_IOCB_SIZE - SIM_WQ_IOCB_HEAD);
	if (iocb[0] == QLXGE_OPCODE_OB_MAC_IOCB || iocb[0] == QLXGE_OPCODE_OB_MAC_TSO_IOCB) {
		/* the burst's frames on the wire before this IOCB's, which take the MAC's
		 * general send */
		sim_xgmac_txb_flush(txb);
		*ret = sim_tx_iocb_any(fn, iocb, txb->max_frame, sim_xgmac_tx, fn, &res);
	} else {
		SIM_WRN(fn, tx, opcode, SIM_FN_FMT " WQ %u slot %u opcode 0x%02x",
			SIM_FN_ARGS(fn), q, slot, iocb[0]);
		memset(&res, 0, sizeof(res));
		res.flags1 = QLXGE_OB_MAC_RSP_FLAGS1_E;
		*ret = -EINVAL;
	}
	return res;
}

/*
 * One IOCB through the TX pipeline: the TX engine executes it (its frames go to the port's MAC,
 * which sends them on the wire), then its completion, opcode, tid and txq_idx echoed, goes on
 * the WQ's CQ (which has room). @p iocb holds the IOCB's first SIM_WQ_IOCB_HEAD bytes, copied
 * from @p ring, its slot; @p cq_va is the CQ ring's host address when known for the step.
 */
static __rte_always_inline void
sim_wq_iocb(struct qlxge_sim_func *fn, unsigned int q, uint32_t slot, uint8_t *iocb,
	    const uint8_t *ring, struct sim_cq *cq, uint8_t *cq_va, struct sim_xgmac_txb *txb,
	    struct sim_wq_pass *p)
{
	struct {
		uint8_t opcode, flags1, flags2, flags3;
		uint32_t tid, txq_idx, zero;
	} head;
	struct sim_tx_result res;
	uint8_t *cqe;
	int ret;

	static_assert(sizeof(head) == 16 && offsetof(struct qlxge_ob_mac_rsp, tid) == 4 &&
		      offsetof(struct qlxge_ob_mac_rsp, txq_idx) == 8, "completion's first 16");
	if (unlikely(!sim_tx_plain(fn, iocb, txb->max_frame, sim_xgmac_txb_send, txb, &res,
				  &ret)))
		res = sim_wq_iocb_any(fn, q, slot, iocb, ring, txb, &ret);
	p->frames += res.frames;
	p->bytes += res.bytes;
	if (unlikely(ret < 0 && ret != -ENOBUFS))
		fn->cnt.tx_errors++;
	if (unlikely(p->trace))
		sim_wq_trace_done(fn, q, slot, iocb, res, ret);
	/* the completion (§7.6): opcode, flags, tid and txq_idx echoed untouched, the rest 0 */
	head.opcode = iocb[0];
	head.flags1 = res.flags1 | (iocb[1] & (QLXGE_OB_MAC_FLAGS1_OI | QLXGE_OB_MAC_FLAGS1_I));
	head.flags2 = 0;
	head.flags3 = res.flags3;
	memcpy(&head.tid, iocb + offsetof(struct qlxge_ob_mac_iocb, tid), sizeof(head.tid));
	memcpy(&head.txq_idx, iocb + offsetof(struct qlxge_ob_mac_iocb, txq_idx),
	       sizeof(head.txq_idx));
	head.zero = 0;
	cqe = likely(cq_va != NULL) ? cq_va + (size_t)cq->prod * QLXGE_CQE_SIZE :
				      sim_cq_slot(fn, cq);
	if (unlikely(cqe == NULL))
		return;	/* the CQ ring is not DMA memory any more (error recorded) */
	if (unlikely(p->trace) && cq_va != NULL)
		sim_cq_trace_slot(fn, cq);
	memcpy(cqe, &head, sizeof(head));
	memset(cqe + sizeof(head), 0, QLXGE_CQE_SIZE - sizeof(head));
	sim_cq_advance(cq);
	/* the CQ is marked once for the pass (sim_cq_batch_mark) */
	p->posted = true;
	p->flags_and &= iocb[1];
	p->flags_or |= iocb[1];
}

/*
 * The device's halves of WQ @p q's doorbells (§5): the consumer index in bits 31:16 of the
 * producer register, V and ONQ (IOCBs the device has not taken) in the valid register.
 */
static void
sim_wq_readback(struct qlxge_sim_func *fn, unsigned int q, struct sim_wq *wq, uint32_t prod)
{
	uint32_t canon = wq->valid ? QLXGE_DB_VALID_V : 0;

	if (wq->valid && prod != wq->cons)
		canon |= QLXGE_DB_VALID_ONQ;
	sim_db_readback(fn, QLXGE_DB_WQ_OFFSET(q) + QLXGE_DB_WQ_PROD_IDX, QLXGE_DB_RD_HI_MASK,
			wq->cons << QLXGE_DB_RD_HI_SHIFT);
	sim_db_valid_readback(fn, QLXGE_DB_WQ_OFFSET(q) + QLXGE_DB_WQ_VALID, &wq->db_valid_seen,
			      canon);
}

/*
 * Read-ahead, for the model's speed only: the IOCB SIM_WQ_AHEAD_IOCB slots on, and the first
 * line of the frame of the one SIM_WQ_AHEAD_FRAME on, are fetched into this core's cache while
 * this IOCB executes (the driver wrote both on another core: without it each IOCB waits for
 * two cache misses in turn, two thirds of the engine's time with the sender on the other core).
 * Only slots the producer index covers, which the driver does not write until their
 * completion; the one value read is the frame's address, and a prefetch changes nothing the
 * driver can see: the IOCBs still execute one by one, in order, from their copy.
 */
#define SIM_WQ_AHEAD_IOCB	6
#define SIM_WQ_AHEAD_FRAME	3

static __rte_always_inline void
sim_wq_read_ahead(struct qlxge_sim_func *fn, const struct sim_wq *wq, const uint8_t *ring_va,
		  uint32_t cons, uint32_t prod)
{
	uint32_t avail = prod >= cons ? prod - cons : prod + wq->len - cons;
	const struct qlxge_ob_mac_iocb *nx;
	const void *frame;
	uint32_t s;

	if (avail > SIM_WQ_AHEAD_IOCB) {
		s = cons + SIM_WQ_AHEAD_IOCB;
		s = s >= wq->len ? s - wq->len : s;
		rte_prefetch0(ring_va + (size_t)s * QLXGE_IOCB_SIZE);
	}
	if (avail > SIM_WQ_AHEAD_FRAME) {
		s = cons + SIM_WQ_AHEAD_FRAME;
		s = s >= wq->len ? s - wq->len : s;
		nx = (const void *)(ring_va + (size_t)s * QLXGE_IOCB_SIZE);
		frame = sim_dma_win_va(&fn->tx_buf_win, rte_le_to_cpu_64(nx->tbd[0].addr),
				       RTE_CACHE_LINE_SIZE);
		if (frame != NULL)
			rte_prefetch0(frame);
	}
}

/*
 * The WQ engine: every IOCB between the device's consumer and the producer (up to the budget,
 * while the CQ has room) in one pass; then the CQ's producer shadow once, then the WQ consumer
 * shadow once, each after the entries it covers (§6.3).
 */
unsigned int
sim_wq_poll(struct qlxge_sim_func *fn, unsigned int q, uint64_t now)
{
	struct sim_wq *wq = &fn->wq[q];
	uint32_t valid = sim_db_load(fn, QLXGE_DB_WQ_OFFSET(q) + QLXGE_DB_WQ_VALID);
	struct sim_cq *cq;
	uint8_t iocb[QLXGE_IOCB_SIZE];
	const uint8_t *ring_va = NULL;
	uint8_t *cq_va;
	unsigned int n = 0;
	uint32_t prod, cons;
	struct sim_xgmac_txb txb;	/* the MAC's burst: frames on the wire, MAC counters */
	struct sim_wq_pass p;

	if (unlikely(valid != wq->db_valid_seen)) {
		bool v = (valid & QLXGE_DB_VALID_V) != 0;

		SIM_TRACE(tx, wq_valid, SIM_FN_FMT " WQ %u V %u -> %u", SIM_FN_ARGS(fn), q,
			  wq->valid, v);
		wq->db_valid_seen = valid;
		wq->valid = v;
		fn->cnt.doorbells++;
	}
	prod = sim_db_load(fn, QLXGE_DB_WQ_OFFSET(q) + QLXGE_DB_WQ_PROD_IDX) & 0xFFFFu;
	if (!wq->valid) {
		sim_wq_readback(fn, q, wq, prod % wq->len);
		return 0;
	}
	if (unlikely(prod >= wq->len)) {
		/* once per bad value, not once per step while it stays (thousands a second) */
		if (prod != wq->bad_prod_seen) {
			wq->bad_prod_seen = prod;
			SIM_WRN(fn, tx, wq_prod_range, SIM_FN_FMT " WQ %u producer %u beyond %u "
				"entries", SIM_FN_ARGS(fn), q, prod, wq->len);
		}
		prod %= wq->len;
	}
	cq = &fn->cq[wq->cq_id];
	if (prod == wq->cons || !cq->loaded || !cq->valid || cq->stopped) {
		sim_wq_readback(fn, q, wq, prod);
		return 0;
	}
	fn->cnt.doorbells++;
	sim_xgmac_txb_init(&txb, fn, sim_port_max_frame(fn));
	p.frames = 0;
	p.bytes = 0;
	p.flags_and = 0xFF;
	p.flags_or = 0;
	p.posted = false;
	p.trace = (fn->trace & ((1u << SIM_TA_dma) | (1u << SIM_TA_tx))) != 0;
	/* the rings' host addresses, when checked in this step already: every entry is then at
	 * its offset from them, with no check per entry (none while a DMA fault is injected) */
	cq_va = sim_dma_ring_va(fn, &cq->ring, cq->base);
	cons = wq->cons;
	while (cons != prod && n < SIM_TX_BUDGET) {
		const uint8_t *ring;

		if (sim_cq_room(fn, cq, wq->cq_id) == 0)
			break;	/* back-pressure: the IOCB waits for completion room */
		if (unlikely(!sim_xgmac_txb_ready(&txb))) {
			/* back-pressure: the IOCB waits for the wire (the far end's step) */
			fn->cnt.tx_wire_waits++;
			break;
		}
		if (likely(ring_va != NULL)) {
			ring = ring_va + (size_t)cons * QLXGE_IOCB_SIZE;
		} else {
			ring = sim_dma_ring_at(fn, &wq->ring, wq->base,
					       (uint64_t)wq->len * QLXGE_IOCB_SIZE,
					       (uint64_t)cons * QLXGE_IOCB_SIZE);
			if (ring == NULL) {
				/* the ring is gone: the queue stops (FE set) */
				wq->valid = false;
				break;
			}
			ring_va = sim_dma_ring_va(fn, &wq->ring, wq->base);
		}
		/* one copy of the IOCB, as the device's DMA read: the driver may reuse the slot
		 * once the consumer shadow says so (the plain frame's part first, sim_wq_iocb) */
		memcpy(iocb, ring, SIM_WQ_IOCB_HEAD);
		if (likely(ring_va != NULL))
			sim_wq_read_ahead(fn, wq, ring_va, cons, prod);
		if (unlikely(p.trace))
			sim_wq_trace_read(fn, wq, cons);
		sim_wq_iocb(fn, q, cons, iocb, ring, cq, cq_va, &txb, &p);
		if (unlikely(cq_va == NULL))
			cq_va = sim_dma_ring_va(fn, &cq->ring, cq->base);
		if (++cons == wq->len)
			cons = 0;
		n++;
	}
	wq->cons = cons;
	/* the frames on the wire and counted, then their completions published */
	sim_xgmac_txb_flush(&txb);
	fn->cnt.tx_frames += p.frames;
	fn->cnt.tx_bytes += p.bytes;
	fn->cnt.tx_iocbs += n;
	if (n != 0) {
		uint32_t le = rte_cpu_to_le_32(wq->cons);
		struct sim_cq_batch b = {
			.posted = p.posted,
			.irq = !(p.flags_and & QLXGE_OB_MAC_FLAGS1_I),
			.now = (p.flags_or & QLXGE_OB_MAC_FLAGS1_OI) != 0,
		};

		/* the completions, their producer shadow, then the consumer shadow (§6.3). A
		 * release store: the IOCB reads and the completions are done before the consumer
		 * shadow is visible; the partner is the driver's read of the consumer shadow, then
		 * its reuse of the ring slots and buffers */
		sim_cq_batch_mark(fn, cq, &b);
		sim_cq_flush(fn, cq, now);
		sim_dma_wr_shadow(fn, &wq->shadow_win, wq->shadow, le);
	}
	sim_wq_readback(fn, q, wq, prod);
	return n;
}
