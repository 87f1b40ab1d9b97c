/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Queues of a function (§5, §6.3, §7.1, §7.6, §8.3, §16.10-16.12 glue):
 * the doorbell pages the model polls (WQ producer, CQ consumer, valid registers by bit 4 only,
 * buffer-queue producers read elsewhere), the WQ engine (each 128-byte IOCB copied out of the
 * ring by DMA, executed by the data plane's TX engine, frames put on the wire, one 64-byte
 * completion with opcode, tid and txq_idx echoed on the WQ's CQ, then the WQ consumer shadow),
 * and the CQ side common to TX and RX: entries written before the producer shadow, the shadow
 * written before the interrupt, coalescing by irq_delay / pkt_delay with OI / I honoured, and an
 * injectable completion delay.
 */

#include <errno.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>

#include "base/dma.h"
#include "base/irq.h"
#include "base/log.h"
#include "base/state.h"
#include "dataplane/tx.h"
#include "sim_queue.h"
#include "sim_rxq.h"
#include "dataplane/xgmac.h"
#include "wire/wire.h"

/* IOCBs taken per WQ per poll step, so that one busy queue cannot starve the others. */
#define SIM_TX_BUDGET		64u

static inline uint32_t
sim_db_load(const struct qlxge_sim_func *fn, uint32_t off)
{
	return __atomic_load_n((const uint32_t *)(fn->db + off), __ATOMIC_ACQUIRE);
}

void
sim_queue_reset(struct qlxge_sim_func *fn)
{
	memset(fn->wq, 0, sizeof(fn->wq));
	memset(fn->cq, 0, sizeof(fn->cq));
	memset(fn->wq_live, 0, sizeof(fn->wq_live));
	memset(fn->cq_live, 0, sizeof(fn->cq_live));
	fn->dma_gen = SIM_DMA_GEN_OFF;	/* no ring checked (their gen is 0 now) */
	/* the device's doorbell registers read 0 after the reset */
	memset(fn->db, 0, QLXGE_SIM_DB_BAR_SIZE);
}

/* ---- completion queues ---------------------------------------------------------------------- */

static int
sim_cq_publish(struct qlxge_sim_func *fn, struct sim_cq *cq)
{
	uint32_t le = rte_cpu_to_le_32(cq->prod);

	cq->publish_pending = false;
	if (cq->published == cq->prod)
		return 0;
	/* the entries are in host memory already; the shadow makes them visible (§6.3). A release
	 * store: the entries are globally visible before the shadow; the partner is the driver's
	 * read of the producer shadow, then of the entries it covers */
	if (sim_dma_wr_shadow(fn, &cq->shadow_win, cq->shadow, le) < 0)
		return -EFAULT;
	cq->published = cq->prod;
	return 1;
}

/*
 * Publish the entries posted so far: one producer-shadow write for a whole batch, after the
 * entries it covers (§6.3), unless an injected delay holds it back.
 */
static int
sim_cq_flush(struct qlxge_sim_func *fn, struct sim_cq *cq, uint64_t now)
{
	if (cq->publish_pending &&
	    (fn->fault[QLXGE_SIM_FAULT_CQ_DELAY_US] == 0 || now >= cq->publish_due))
		return sim_cq_publish(fn, cq);
	return 0;
}

/* One entry on CQ @p q, checked: not loaded, invalid or stopped, full, DMA error. */
int
sim_cq_post(struct qlxge_sim_func *fn, unsigned int q, const void *entry, bool irq, bool now)
{
	struct sim_cq *cq;

	if (q >= SIM_NUM_CQ)
		return -ENODEV;
	cq = &fn->cq[q];
	if (!cq->loaded || !cq->valid || cq->stopped)
		return -ENODEV;
	if (sim_cq_room(fn, cq, q) == 0)
		return -ENOSPC;
	return sim_cq_put(fn, cq, entry, irq, now);
}

void
sim_cq_ae(struct qlxge_sim_func *fn, unsigned int q, uint8_t event)
{
	struct qlxge_ib_ae_rsp ae;

	memset(&ae, 0, sizeof(ae));
	ae.opcode = QLXGE_OPCODE_IB_AE_IOCB;
	ae.event = event;
	ae.q_id = (uint8_t)(q & QLXGE_IB_AE_Q_ID_MASK);
	SIM_TRACE(rx, ae, SIM_FN_FMT " CQ %u event 0x%02x", SIM_FN_ARGS(fn), q, event);
	sim_cq_post(fn, q, &ae, true, true);
}

/* Valid doorbell of one CQ: a write changes V (bit 4 only); before any TX or RX work. */
static void
sim_cq_valid_poll(struct qlxge_sim_func *fn, unsigned int q)
{
	struct sim_cq *cq = &fn->cq[q];
	uint32_t valid = sim_db_load(fn, QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_CQ_VALID);

	if (unlikely(valid != cq->db_valid_seen)) {
		bool v = (valid & QLXGE_DB_VALID_V) != 0;

		SIM_TRACE(rx, cq_valid, SIM_FN_FMT " CQ %u V %u -> %u", SIM_FN_ARGS(fn), q,
			  cq->valid, v);
		cq->db_valid_seen = valid;
		cq->valid = v;
		fn->cnt.doorbells++;
	}
}

/* Consumer doorbell, delayed shadow, coalescing of one CQ: after the work of the step. */
static unsigned int
sim_cq_poll(struct qlxge_sim_func *fn, unsigned int q, uint64_t now)
{
	struct sim_cq *cq = &fn->cq[q];
	unsigned int work = 0;
	uint32_t cons;

	if (!cq->valid)
		return 0;
	work += sim_cq_flush(fn, cq, now) > 0;
	if (cq->coal_armed && cq->published == cq->prod &&
	    (cq->coal_now || now - cq->coal_first >= cq->irq_delay ||
	     (cq->pkt_delay != 0 && now - cq->coal_last >= cq->pkt_delay))) {
		cq->coal_armed = false;
		cq->coal_now = false;
		if (!cq->irq_pending)
			SIM_TRACE(rx, cq_irq, SIM_FN_FMT " CQ %u ISR 0 -> 1 (vector %u)",
				  SIM_FN_ARGS(fn), q, cq->vector);
		cq->irq_pending = true;
	}
	cons = (sim_db_load(fn, QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_CQ_CONS_IDX) & 0xFFFFu) % cq->len;
	if (cq->irq_pending && cons == cq->published && !cq->coal_armed)
		cq->irq_pending = false;	/* everything raised has been consumed */
	return work;
}

/* ---- work queues ---------------------------------------------------------------------------- */

static inline void
sim_tx_complete(struct qlxge_sim_func *fn, struct sim_cq *cq, const uint8_t *iocb,
		const struct sim_tx_result *res)
{
	struct qlxge_ob_mac_rsp rsp;
	uint8_t req_flags1 = iocb[1];

	memset(&rsp, 0, sizeof(rsp));
	rsp.opcode = iocb[0];
	rsp.flags1 = res->flags1 | (req_flags1 & (QLXGE_OB_MAC_FLAGS1_OI | QLXGE_OB_MAC_FLAGS1_I));
	rsp.flags3 = res->flags3;
	/* tid and txq_idx sit at the same offsets in both TX IOCBs: echo them untouched */
	memcpy(&rsp.tid, iocb + offsetof(struct qlxge_ob_mac_iocb, tid), sizeof(rsp.tid));
	memcpy(&rsp.txq_idx, iocb + offsetof(struct qlxge_ob_mac_iocb, txq_idx),
	       sizeof(rsp.txq_idx));
	sim_cq_put(fn, cq, &rsp, !(req_flags1 & QLXGE_OB_MAC_FLAGS1_I),
		   (req_flags1 & QLXGE_OB_MAC_FLAGS1_OI) != 0);
}

/*
 * The WQ engine: every IOCB between the device's consumer and the producer (up to the budget,
 * while the CQ has room) in one pass; then the CQ's producer shadow once, then the WQ consumer
 * shadow once, each after the entries it covers (§6.3).
 */
static unsigned int
sim_wq_poll(struct qlxge_sim_func *fn, unsigned int q, uint64_t now)
{
	struct sim_wq *wq = &fn->wq[q];
	uint32_t valid = sim_db_load(fn, QLXGE_DB_WQ_OFFSET(q) + QLXGE_DB_WQ_VALID);
	struct sim_cq *cq;
	uint8_t iocb[QLXGE_IOCB_SIZE];
	unsigned int n = 0;
	uint32_t prod, cons, max_frame;

	if (unlikely(valid != wq->db_valid_seen)) {
		bool v = (valid & QLXGE_DB_VALID_V) != 0;

		SIM_TRACE(tx, wq_valid, SIM_FN_FMT " WQ %u V %u -> %u", SIM_FN_ARGS(fn), q,
			  wq->valid, v);
		wq->db_valid_seen = valid;
		wq->valid = v;
		fn->cnt.doorbells++;
	}
	if (!wq->valid)
		return 0;
	prod = sim_db_load(fn, QLXGE_DB_WQ_OFFSET(q) + QLXGE_DB_WQ_PROD_IDX) & 0xFFFFu;
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
	if (prod == wq->cons || !cq->loaded || !cq->valid || cq->stopped)
		return 0;
	fn->cnt.doorbells++;
	max_frame = sim_port_max_frame(fn);
	cons = wq->cons;
	while (cons != prod && n < SIM_TX_BUDGET) {
		struct sim_tx_result res;
		const uint8_t *ring;
		int ret;

		if (sim_cq_room(fn, cq, wq->cq_id) == 0)
			break;	/* back-pressure: the IOCB waits for completion room */
		ring = sim_dma_ring_at(fn, &wq->ring, wq->base,
				       (uint64_t)wq->len * QLXGE_IOCB_SIZE,
				       (uint64_t)cons * QLXGE_IOCB_SIZE);
		if (ring == NULL) {
			wq->valid = false;	/* the ring is gone: the queue stops (FE set) */
			break;
		}
		/* one copy of the IOCB, as the device's DMA read: the driver may reuse the slot */
		memcpy(iocb, ring, sizeof(iocb));
		SIM_TRACE_DP(fn, dma, read, SIM_FN_FMT " iova 0x%" PRIx64 " len %zu",
			     SIM_FN_ARGS(fn), wq->base + (uint64_t)cons * QLXGE_IOCB_SIZE,
			     sizeof(iocb));
		if (likely(iocb[0] == QLXGE_OPCODE_OB_MAC_IOCB ||
			   iocb[0] == QLXGE_OPCODE_OB_MAC_TSO_IOCB)) {
			ret = sim_tx_iocb(fn, iocb, max_frame, sim_xgmac_tx, fn, &res);
		} else {
			SIM_WRN(fn, tx, opcode, SIM_FN_FMT " WQ %u slot %u opcode 0x%02x",
				SIM_FN_ARGS(fn), q, cons, iocb[0]);
			memset(&res, 0, sizeof(res));
			res.flags1 = QLXGE_OB_MAC_RSP_FLAGS1_E;
			ret = -EINVAL;
		}
		fn->cnt.tx_frames += res.frames;
		fn->cnt.tx_bytes += res.bytes;
		if (unlikely(ret < 0 && ret != -ENOBUFS))
			fn->cnt.tx_errors++;
		SIM_TRACE_DP(fn, tx, iocb, SIM_FN_FMT " WQ %u slot %u opcode 0x%02x: %u frames "
			     "%u bytes flags 0x%02x/0x%02x (%d)", SIM_FN_ARGS(fn), q, cons,
			     iocb[0], (unsigned int)res.frames, (unsigned int)res.bytes,
			     res.flags1, res.flags3, ret);
		sim_tx_complete(fn, cq, iocb, &res);
		if (++cons == wq->len)
			cons = 0;
		wq->cons = cons;
		n++;
	}
	fn->cnt.tx_iocbs += n;
	if (n != 0) {
		uint32_t le = rte_cpu_to_le_32(wq->cons);

		/* the completions, their producer shadow, then the consumer shadow (§6.3). A
		 * release store: the IOCB reads and the completions are done before the consumer
		 * shadow is visible; the partner is the driver's read of the consumer shadow, then
		 * its reuse of the ring slots and buffers */
		sim_cq_flush(fn, cq, now);
		sim_dma_wr_shadow(fn, &wq->shadow_win, wq->shadow, le);
	}
	return n;
}

unsigned int
sim_queue_poll(struct qlxge_sim_func *fn, uint64_t now)
{
	unsigned int work = 0;
	unsigned int q;

	/* the DMA windows of this step: the memory map as it is now, none while a DMA fault is
	 * injected (every access then goes through sim_dma_map) */
	fn->dma_gen = __atomic_load_n(&sim_dma_gen, __ATOMIC_ACQUIRE);
	if (fn->fault[QLXGE_SIM_FAULT_DMA_ERROR] != 0 || fn->dma_gen == 0)
		fn->dma_gen = SIM_DMA_GEN_OFF;
	if (!(fn->regs[QLXGE_REG_FSC / 4] & QLXGE_FSC_FE)) {
		/* a disabled function takes nothing; frames reaching it are lost */
		work += sim_rx_poll(fn, now);
		return work;
	}
	/* the loaded queues only: a PMD uses a few of the 128 */
	SIM_FOREACH_BIT(q, fn->cq_live)
		sim_cq_valid_poll(fn, q);
	SIM_FOREACH_BIT(q, fn->wq_live)
		work += sim_wq_poll(fn, q, now);
	work += sim_rx_poll(fn, now);
	SIM_FOREACH_BIT(q, fn->cq_live)
		work += sim_cq_poll(fn, q, now);
	sim_irq_update(fn);
	return work;
}
