/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Completion queues of a function (§5, §6.3, §8.3, §16.10-16.11; queues/cq.h), common to TX and
 * RX: entries written before the producer shadow, the shadow written before the interrupt,
 * coalescing by irq_delay / pkt_delay with OI / I honoured, and an injectable completion delay.
 * Valid doorbells are read by bit 4 only.
 */

#include <errno.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>

#include "base/dma.h"
#include "base/log.h"
#include "base/state.h"
#include "queues/cq.h"
#include "queues/doorbell.h"

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

int
sim_cq_flush(struct qlxge_sim_func *fn, struct sim_cq *cq, uint64_t now)
{
	if (cq->publish_pending &&
	    (fn->fault[QLXGE_SIM_FAULT_CQ_DELAY_US] == 0 || now >= cq->publish_due))
		return sim_cq_publish(fn, cq);
	return 0;
}

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

void
sim_cq_ae_in(struct qlxge_sim_func *fn, struct sim_cq *cq, void *slot, uint8_t event)
{
	unsigned int q = (unsigned int)(cq - fn->cq);
	struct qlxge_ib_ae_rsp ae;

	memset(&ae, 0, sizeof(ae));
	ae.opcode = QLXGE_OPCODE_IB_AE_IOCB;
	ae.event = event;
	ae.q_id = (uint8_t)(q & QLXGE_IB_AE_Q_ID_MASK);
	SIM_TRACE(rx, ae, SIM_FN_FMT " CQ %u event 0x%02x", SIM_FN_ARGS(fn), q, event);
	memcpy(slot, &ae, sizeof(ae));
	cq->coal_now = true;	/* posted as sim_cq_ae() posts it: interrupt now */
}

void
sim_cq_valid_poll(struct qlxge_sim_func *fn, unsigned int q)
{
	struct sim_cq *cq = &fn->cq[q];
	uint32_t valid = sim_db_load(fn, QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_CQ_VALID);

	if (unlikely(valid != cq->db_valid_seen)) {
		bool v = (valid & QLXGE_DB_VALID_V) != 0;

		SIM_TRACE(rx, cq_valid, SIM_FN_FMT " CQ %u V %u -> %u", SIM_FN_ARGS(fn), q,
			  cq->valid, v);
		cq->db_valid_seen = valid;
		if (cq->valid && !v)
			cq->epoch++;	/* entries not consumed are gone with the queue */
		cq->valid = v;
		fn->cnt.doorbells++;
	}
}

/*
 * The device's halves of CQ @p q's doorbells (§5): the producer index (as published) in bits
 * 31:16 of the consumer register, the buffer queues' consumer indexes in bits 31:16 of their
 * producer registers, V in the valid register.
 */
static void
sim_cq_readback(struct qlxge_sim_func *fn, unsigned int q, struct sim_cq *cq)
{
	uint32_t page = QLXGE_DB_CQ_OFFSET(q);

	sim_db_readback(fn, page + QLXGE_DB_CQ_CONS_IDX, QLXGE_DB_RD_HI_MASK,
			cq->published << QLXGE_DB_RD_HI_SHIFT);
	if (cq->lbq.len != 0)
		sim_db_readback(fn, page + QLXGE_DB_LBQ_PROD_IDX, QLXGE_DB_RD_HI_MASK,
				cq->lbq.cons << QLXGE_DB_RD_HI_SHIFT);
	if (cq->sbq.len != 0)
		sim_db_readback(fn, page + QLXGE_DB_SBQ_PROD_IDX, QLXGE_DB_RD_HI_MASK,
				cq->sbq.cons << QLXGE_DB_RD_HI_SHIFT);
	sim_db_valid_readback(fn, page + QLXGE_DB_CQ_VALID, &cq->db_valid_seen,
			      cq->valid ? QLXGE_DB_VALID_V : 0);
}

unsigned int
sim_cq_poll(struct qlxge_sim_func *fn, unsigned int q, uint64_t now)
{
	struct sim_cq *cq = &fn->cq[q];
	unsigned int work = 0;
	uint32_t cons;

	if (!cq->valid) {
		sim_cq_readback(fn, q, cq);
		return 0;
	}
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
	cons = sim_ring_index(sim_db_load(fn, QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_CQ_CONS_IDX) &
			      0xFFFFu, cq->len);
	if (cq->irq_pending && cons == cq->published && !cq->coal_armed)
		cq->irq_pending = false;	/* everything raised has been consumed */
	sim_cq_readback(fn, q, cq);
	return work;
}
