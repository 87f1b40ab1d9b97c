/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The WQ engine (§5, §6.1, §7.1, §7.6, §16.12; queues/wq.h): the WQ's valid and producer
 * doorbells, each 128-byte IOCB copied out of the ring by DMA and executed by the TX engine
 * (dataplane/tx.c, whose frames the port's MAC sends), one 64-byte completion with opcode, tid
 * and txq_idx echoed on the WQ's CQ, then the CQ's producer shadow and the WQ consumer shadow.
 */

#include <errno.h>
#include <stddef.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>

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
 * One IOCB through the TX pipeline: the TX engine executes it (its frames go to the port's MAC,
 * which sends them on the wire), then its completion, opcode, tid and txq_idx echoed, goes on
 * the WQ's CQ (which has room).
 */
static __rte_always_inline void
sim_wq_iocb(struct qlxge_sim_func *fn, unsigned int q, uint32_t slot, const uint8_t *iocb,
	    uint32_t max_frame, struct sim_cq *cq, struct sim_cq_batch *b,
	    struct sim_xgmac_txb *txb)
{
	struct qlxge_ob_mac_rsp rsp;
	struct sim_tx_result res;
	int ret;

	if (likely(sim_tx_plain(fn, iocb, max_frame, sim_xgmac_txb_send, txb, &res, &ret))) {
		/* sent as it is (or not, and flagged) */
	} else if (iocb[0] == QLXGE_OPCODE_OB_MAC_IOCB ||
		   iocb[0] == QLXGE_OPCODE_OB_MAC_TSO_IOCB) {
		/* the burst's frames on the wire before this IOCB's, which take the MAC's
		 * general send */
		sim_xgmac_txb_flush(txb);
		ret = sim_tx_iocb_any(fn, iocb, max_frame, sim_xgmac_tx, fn, &res);
	} else {
		SIM_WRN(fn, tx, opcode, SIM_FN_FMT " WQ %u slot %u opcode 0x%02x",
			SIM_FN_ARGS(fn), q, slot, iocb[0]);
		memset(&res, 0, sizeof(res));
		res.flags1 = QLXGE_OB_MAC_RSP_FLAGS1_E;
		ret = -EINVAL;
	}
	fn->cnt.tx_frames += res.frames;
	fn->cnt.tx_bytes += res.bytes;
	if (unlikely(ret < 0 && ret != -ENOBUFS))
		fn->cnt.tx_errors++;
	SIM_TRACE_DP(fn, tx, iocb, SIM_FN_FMT " WQ %u slot %u opcode 0x%02x: %u frames "
		     "%u bytes flags 0x%02x/0x%02x (%d)", SIM_FN_ARGS(fn), q, slot,
		     iocb[0], (unsigned int)res.frames, (unsigned int)res.bytes,
		     res.flags1, res.flags3, ret);
	memset(&rsp, 0, sizeof(rsp));
	rsp.opcode = iocb[0];
	rsp.flags1 = res.flags1 | (iocb[1] & (QLXGE_OB_MAC_FLAGS1_OI | QLXGE_OB_MAC_FLAGS1_I));
	rsp.flags3 = res.flags3;
	/* tid and txq_idx sit at the same offsets in both TX IOCBs: echo them untouched */
	memcpy(&rsp.tid, iocb + offsetof(struct qlxge_ob_mac_iocb, tid), sizeof(rsp.tid));
	memcpy(&rsp.txq_idx, iocb + offsetof(struct qlxge_ob_mac_iocb, txq_idx),
	       sizeof(rsp.txq_idx));
	if (sim_cq_put_entry(fn, cq, &rsp) == 0) {
		/* the CQ is marked once for the pass (sim_cq_batch_mark) */
		b->posted = true;
		b->irq |= !(iocb[1] & QLXGE_OB_MAC_FLAGS1_I);
		b->now |= (iocb[1] & QLXGE_OB_MAC_FLAGS1_OI) != 0;
	}
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
	unsigned int n = 0;
	uint32_t prod, cons, max_frame;
	struct sim_cq_batch b = { false, false, false };
	struct sim_xgmac_txb txb;	/* the MAC's burst: frames on the wire, MAC counters */

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
	max_frame = sim_port_max_frame(fn);
	sim_xgmac_txb_init(&txb, fn, max_frame);
	cons = wq->cons;
	while (cons != prod && n < SIM_TX_BUDGET) {
		const uint8_t *ring;

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
		sim_wq_iocb(fn, q, cons, iocb, max_frame, cq, &b, &txb);
		if (++cons == wq->len)
			cons = 0;
		wq->cons = cons;
		n++;
	}
	/* the frames on the wire and counted, then their completions published */
	sim_xgmac_txb_flush(&txb);
	fn->cnt.tx_iocbs += n;
	if (n != 0) {
		uint32_t le = rte_cpu_to_le_32(wq->cons);

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
