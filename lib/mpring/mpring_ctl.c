/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The role taken from outside an enqueue: a resume (a stalled ring whose resource came back, a
 * coalescing one to flush), the consumer lock (trylock/unlock: the role held by a thread that
 * enqueues nothing, e.g. to reclaim or reset what the drain feeds), and stop and start (quiesce:
 * no producer gets in, no consumer is left inside, nothing is left in the ring). Each takes the
 * role as mpring.c's transition table says (res_claim, lease_revoke) and runs the consumer
 * (cons_run) from the word it acquired.
 */

#include <errno.h>

#include "mpring_pvt.h"
#include "mpring_pvt_stats.h"

/* ================================ resumers ================================ */

uint32_t
mpring_resume(struct mpring *r, unsigned int flags)
{
	struct mpring_pvt_ctx c;
	union mpring_pvt_word w;
	int from;

	/* Relaxed: nothing to do costs this one load; res_claim's CAS validates and acquires. */
	w.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED);
	if (mpring_pvt_state(w) != MPRING_STALLED && mpring_pvt_state(w) != MPRING_COALESCING)
		return 0;
	mpring_pvt_ctx_init(r, &c);
	from = mpring_pvt_res_claim(r, &c, w, MPRING_PVT_RES_STALLED | MPRING_PVT_RES_COALESCING,
			MPRING_PVT_RES_FLUSH | (flags & MPRING_RESUME_LAZY));
	if (from < 0)
		return 0;
	if (from == MPRING_STALLED)
		return mpring_pvt_cons_run(r, &c, MPRING_ROUTE_RESUME, NULL, 0, 0, 0);
	return mpring_pvt_cons_run(r, &c, MPRING_ROUTE_FLUSH, NULL, 0, 0, MPRING_DRAIN_FLUSH);
}

int
mpring_consumer_trylock(struct mpring *r)
{
	struct mpring_pvt_ctx c;
	union mpring_pvt_word w;

	mpring_pvt_ctx_init(r, &c);
	w.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED); /* res_claim's CAS acquires */
	if (unlikely(w.flags & MPRING_PVT_LEASED))
		/* The role is the holder's between its calls: end the lease. Won, the role is
		 * ours (BUSY) as from res_claim; the unlock's session drains what waits. */
		return mpring_pvt_lease_revoke(r, &c) ? 0 : -EBUSY;
	return mpring_pvt_res_claim(r, &c, w, MPRING_PVT_RES_IDLE | MPRING_PVT_RES_COALESCING |
			MPRING_PVT_RES_STALLED, MPRING_PVT_RES_FORCE) < 0 ? -EBUSY : 0;
}

uint32_t
mpring_consumer_unlock(struct mpring *r)
{
	struct mpring_pvt_ctx c;

	mpring_pvt_ctx_init(r, &c);
	return mpring_pvt_cons_run(r, &c, MPRING_ROUTE_LOCK, NULL, 0, 0, 0);
}

/* ================================ stop and start ================================ */

int
mpring_quiesce(struct mpring *r)
{
	union mpring_pvt_word os, ns;
	struct mpring_pvt_ctx c;
	uint32_t spins = 0;
	unsigned int st;

	mpring_pvt_ctx_init(r, &c);
	os.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED);
	do {
		ns = os;
		ns.flags |= MPRING_PVT_STOPPED;
		/* Acq_rel: every reservation after this CAS sees the bit (it CASes this word). */
	} while (!__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true, __ATOMIC_ACQ_REL,
			__ATOMIC_RELAXED));
	for (;;) {
		/* A8: acquire, pairs with R4: once idle, the last consumer's work happened before
		 * our return. */
		os.u = __atomic_load_n(&r->state, __ATOMIC_ACQUIRE);
		st = mpring_pvt_state(os);
		if (os.flags & MPRING_PVT_LEASED) {
			/* The holder keeps the role: end the lease, drain, leave (or another
			 * thread ends it: wait for its session as for any consumer). */
			if (mpring_pvt_lease_revoke(r, &c))
				mpring_pvt_cons_run(r, &c, MPRING_ROUTE_REVOKE, NULL, 0, 0, 0);
			else
				mpring_pvt_wait_step(&c, &spins);
			continue;
		}
		if (os.head != os.tail || mpring_pvt_owned(st)) {
			mpring_pvt_wait_step(&c, &spins);
			continue;
		}
		if (st == MPRING_COALESCING) {
			mpring_resume(r, 0);
			continue;
		}
		if (st == MPRING_STALLED) {
			if (mpring_resume(r, 0) == 0 && mpring_state_get(r) == MPRING_STALLED)
				return -EAGAIN;
			continue;
		}
		MPRING_ASSERT(os.cidx == os.tail);
		return 0;
	}
}

void
mpring_start(struct mpring *r)
{
	union mpring_pvt_word os, ns;

	os.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED);
	do {
		ns = os;
		ns.flags &= (uint16_t)~MPRING_PVT_STOPPED;
		/* Release: what the caller set up while stopped precedes new reservations. */
	} while (!__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true, __ATOMIC_RELEASE,
			__ATOMIC_RELAXED));
}
