/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Completion queues (§5, §6.2, §6.3, §8.3): entries written in ring order, the producer shadow
 * once per batch after the entries it covers, then the interrupt (coalescing by irq_delay /
 * pkt_delay, OI / I honoured), an injectable completion delay; the valid and consumer
 * doorbells. The per-entry part is inline here for the TX and RX loops.
 */

#ifndef SIM_QUEUES_CQ_H
#define SIM_QUEUES_CQ_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_debug.h>

#include "base/dma.h"
#include "base/log.h"
#include "base/state.h"
#include "queues/doorbell.h"

/* The valid doorbell of CQ @p q: a write changes V (bit 4 only); before any TX or RX work. */
void sim_cq_valid_poll(struct qlxge_sim_func *fn, unsigned int q);

/*
 * Consumer doorbell, delayed shadow and coalescing of CQ @p q, after the work of the step.
 * @return 1 when it published entries.
 */
unsigned int sim_cq_poll(struct qlxge_sim_func *fn, unsigned int q, uint64_t now);

/*
 * Publish the entries posted so far: one producer-shadow write for a whole batch, after the
 * entries it covers (§6.3), unless an injected delay holds it back. @return 1 when written.
 */
int sim_cq_flush(struct qlxge_sim_func *fn, struct sim_cq *cq, uint64_t now);

/* One entry on CQ @p q, checked: -ENODEV (not loaded, invalid or stopped), -ENOSPC, -EFAULT. */
int sim_cq_post(struct qlxge_sim_func *fn, unsigned int cq_id, const void *entry, bool irq,
		bool now);
/* An asynchronous-event completion (§7.8) on CQ @p q, if it can take one. */
void sim_cq_ae(struct qlxge_sim_func *fn, unsigned int cq_id, uint8_t event);

/*
 * The entry just written at @p slot (sim_cq_slot, sim_cq_commit) becomes an asynchronous-event
 * completion (§7.8) with no delay: the device could not finish the work the entry reported.
 */
void sim_cq_ae_in(struct qlxge_sim_func *fn, struct sim_cq *cq, void *slot, uint8_t event);

/*
 * Free entries of CQ @p q. The consumer doorbell is read only when the entries known free are
 * used up: the driver only ever moves it forward, so the count can be low, never high. A CQ
 * load (LC) and a function reset set it to 0.
 */
static __rte_always_inline uint32_t
sim_cq_room(const struct qlxge_sim_func *fn, struct sim_cq *cq, unsigned int q)
{
	if (cq->room == 0) {
		uint32_t cons = sim_db_load(fn, QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_CQ_CONS_IDX) &
				0xFFFFu;

		cons = sim_ring_index(cons, cq->len);
		/* full = producer + 1 == consumer: one entry always stays empty */
		cq->room = cons > cq->prod ? cons - cq->prod - 1 : cq->len - (cq->prod - cons) - 1;
	}
	return cq->room;
}

/*
 * The next entry of a CQ that is loaded, valid, running and has room, in host memory (the
 * device's DMA write: the entry is built in place, then sim_cq_commit()). NULL: the ring is not
 * DMA memory any more (error recorded).
 */
static __rte_always_inline void *
sim_cq_slot(struct qlxge_sim_func *fn, struct sim_cq *cq)
{
	uint8_t *slot = sim_dma_ring_at(fn, &cq->ring, cq->base,
					(uint64_t)cq->len * QLXGE_CQE_SIZE,
					(uint64_t)cq->prod * QLXGE_CQE_SIZE);

	if (slot == NULL)
		return NULL;
	SIM_TRACE_DP(fn, dma, write, SIM_FN_FMT " iova 0x%" PRIx64 " len %u", SIM_FN_ARGS(fn),
		     cq->base + (uint64_t)cq->prod * QLXGE_CQE_SIZE, QLXGE_CQE_SIZE);
	return slot;
}

/* sim_cq_slot()'s trace, for a caller that reached the slot through sim_dma_ring_va(). */
static inline void
sim_cq_trace_slot(struct qlxge_sim_func *fn, const struct sim_cq *cq)
{
	SIM_TRACE_DP(fn, dma, write, SIM_FN_FMT " iova 0x%" PRIx64 " len %u", SIM_FN_ARGS(fn),
		     cq->base + (uint64_t)cq->prod * QLXGE_CQE_SIZE, QLXGE_CQE_SIZE);
}

/*
 * The entry of sim_cq_slot() is written: advance the producer. What the entry asks of the CQ
 * (sim_cq_mark) is the caller's, once for the entries of a batch.
 */
static __rte_always_inline void
sim_cq_advance(struct sim_cq *cq)
{
	/* every poster checked sim_cq_room() for this entry and nothing took it since: the card
	 * stalls a full CQ's producers, it never writes over unconsumed entries */
	RTE_ASSERT(cq->room != 0);
	cq->room--;
	if (++cq->prod == cq->len)
		cq->prod = 0;
}

/*
 * What entries posted on @p cq in this poll step ask: the interrupt (@p irq; @p now: without
 * coalescing delay) and the producer shadow, written once for the batch (sim_cq_flush at the
 * end of the WQ's IOCBs of the step, sim_cq_poll after the frames of the step), after the
 * entries it covers and before the interrupt (§6.3). Once per batch is the same as once per
 * entry: the step's time is the same for all, and nothing reads this state inside the batch.
 */
static __rte_always_inline void
sim_cq_mark(struct qlxge_sim_func *fn, struct sim_cq *cq, bool irq, bool now)
{
	uint64_t t = fn->ad->now;	/* read once per poll step: entries are posted inside it */

	if (irq) {
		if (!cq->coal_armed) {
			cq->coal_armed = true;
			cq->coal_first = t;
		}
		cq->coal_last = t;
		cq->coal_now |= now;
	}
	if (!cq->publish_pending) {
		cq->publish_pending = true;
		cq->publish_due = t + fn->fault[QLXGE_SIM_FAULT_CQ_DELAY_US];
	}
}

/* What the entries of a batch on one CQ ask, for sim_cq_mark() after them. */
struct sim_cq_batch {
	bool posted;	/* an entry was written */
	bool irq;	/* one of them asks for an interrupt */
	bool now;	/* one of them without delay */
};

/* Mark the CQ of batch @p b for its entries, if it had any. */
static __rte_always_inline void
sim_cq_batch_mark(struct qlxge_sim_func *fn, struct sim_cq *cq, const struct sim_cq_batch *b)
{
	if (b->posted)
		sim_cq_mark(fn, cq, b->irq, b->now);
}

/* The entry of sim_cq_slot() is written: advance the producer and mark the CQ for it. */
static __rte_always_inline void
sim_cq_commit(struct qlxge_sim_func *fn, struct sim_cq *cq, bool irq, bool now)
{
	sim_cq_advance(cq);
	sim_cq_mark(fn, cq, irq, now);
}

/*
 * Write one 64-byte entry on a CQ that is loaded, valid, running and has room, and advance
 * its producer; sim_cq_mark() is the caller's.
 */
static __rte_always_inline int
sim_cq_put_entry(struct qlxge_sim_func *fn, struct sim_cq *cq, const void *entry)
{
	void *slot = sim_cq_slot(fn, cq);

	if (slot == NULL)
		return -EFAULT;
	memcpy(slot, entry, QLXGE_CQE_SIZE);
	sim_cq_advance(cq);
	return 0;
}

/* Write one 64-byte entry on a CQ that is loaded, valid, running and has room. */
static __rte_always_inline int
sim_cq_put(struct qlxge_sim_func *fn, struct sim_cq *cq, const void *entry, bool irq, bool now)
{
	int ret = sim_cq_put_entry(fn, cq, entry);

	if (ret == 0)
		sim_cq_mark(fn, cq, irq, now);
	return ret;
}

#endif /* SIM_QUEUES_CQ_H */
