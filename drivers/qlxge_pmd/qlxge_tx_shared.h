/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * A shared TX queue's doorbells (qlxge_tx_shared.c): the producer index of each, and the rule
 * by which a lease holder's doorbell waits for its next call. Inline: the lease
 * holder's burst (qlxge_xmit_pkts_mp, qlxge_tx.c) runs them in the unshared burst's own
 * body, where a lone sender's calls at bursts of one feel every call and store they add.
 */

#ifndef QLXGE_TX_SHARED_H
#define QLXGE_TX_SHARED_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>

#include "qlxge_pmd.h"

#define QLXGE_TXS_POST_MIN	32	/* frames a full queue's drain posts at once, and a
					 * lease holder's doorbell waits for (qlxge_txs_db_wait) */

void qlxge_txs_stamp(struct qlxge_txq *txq, int off, uint16_t from);

/* WQ slots from @from to @to, going round. */
static inline uint16_t
qlxge_txs_dist(const struct qlxge_txq *txq, uint16_t from, uint16_t to)
{
	/* compare and add, not a division (a call of one frame costs about what the division
	 * alone does) */
	return to >= from ? to - from : to + txq->nb_desc - from;
}

/*
 * The IOCBs written since the last doorbell (db_pi), stamped if the application asked, and
 * db_pi moved past them: returns whether the caller is to write the doorbell now (which counts
 * it, in the queue's own counter). Not when none was written, nor when a malformed completion
 * stopped the queue (nothing more goes to the device; the queue's stop frees what its slots
 * hold). Under the role or the lease.
 */
static __rte_always_inline bool
qlxge_txs_db_account(struct qlxge_txq *txq)
{
	struct qlxge_txs *s = txq->shared;

	if (txq->wq_pi == s->db_pi || unlikely(txq->stalled))
		return false;
	if (unlikely(s->tsc_off >= 0))
		qlxge_txs_stamp(txq, s->tsc_off, s->db_pi);
	s->db_pi = txq->wq_pi;
	return true;
}

/*
 * May a lease holder's doorbell wait for the queue's next call? Yes while fewer than
 * QLXGE_TXS_POST_MIN frames wait for it and the device has at least as many it was rung for and
 * has not read yet (the WQ consumer index it writes, §6.3, one pass behind at most): the wire
 * stays busy meanwhile, and the next call rings for them all. The rule of the drain's batches
 * (a nearly full work queue), for a lone sender whose calls each post what fits: without it,
 * one doorbell per burst while the device is the slower one. A device with less to do, or an
 * index not readable, is rung at once: a sender at a low rate waits for nothing.
 */
static __rte_always_inline bool
qlxge_txs_db_wait(const struct qlxge_txq *txq)
{
	const struct qlxge_txs *s = txq->shared;
	uint16_t unrung = qlxge_txs_dist(txq, s->db_pi, txq->wq_pi);
	uint32_t ci;

	if (unrung >= QLXGE_TXS_POST_MIN ||
	    txq->nb_desc - 1u - txq->nb_free - unrung < QLXGE_TXS_POST_MIN)
		return false;	/* not reclaimed, so an upper bound of what the device has to do */
	/* Relaxed: a hint; too low rings now, too high waits for a call that comes anyway */
	ci = rte_le_to_cpu_32(__atomic_load_n(txq->cons_shadow, __ATOMIC_RELAXED));
	return ci < txq->nb_desc && qlxge_txs_dist(txq, (uint16_t)ci, s->db_pi) >=
				     QLXGE_TXS_POST_MIN;
}

#endif /* QLXGE_TX_SHARED_H */
