/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Coalescing policy of lib/mpring: when a consumer leaves items in the ring for the next
 * producer (a ring-level hold), and the deadline that bounds every hold, ring-level or the
 * drain's own (*holding). The state machine (mpring.c) asks mpring_pvt_hold_want() at each
 * decision point and reports each drain call with mpring_pvt_hold_drained(); everything here
 * runs in the consumer role (consumer-private state, ordered by the role like the drain's).
 */

#include "mpring_pvt_hold.h"

uint64_t
mpring_pvt_hold_deadline(const struct mpring *r)
{
	/* Relaxed: a hint shared with lazy resumers; the role itself is ordered by the word. */
	return __atomic_load_n(&r->hold.deadline, __ATOMIC_RELAXED);
}

static void
hold_deadline_set(struct mpring *r, uint64_t v)
{
	/* Relaxed: written only by the consumer role (see mpring_pvt_hold_deadline). */
	__atomic_store_n(&r->hold.deadline, v, __ATOMIC_RELAXED);
}

/*
 * Hold rule: leave @pending items in the ring for the next producer if coalescing is on, they
 * are fewer than hold_items, the previous decision was less than hold_cycles ago (a stream, not
 * an isolated burst) and the hold deadline has not passed. Starts the deadline if nothing was
 * held. *tsc: a TSC value read since the last drain call, 0 if none (read here if needed).
 */
bool
mpring_pvt_hold_want(struct mpring *r, const struct mpring_pvt_ctx *c, uint32_t pending,
		uint64_t *tsc)
{
	uint64_t now, prev, deadline;

	(void)c;
	if (pending >= r->hold_items)
		return false;
	if (*tsc == 0)
		*tsc = rte_rdtsc();
	now = *tsc;
	prev = r->hold.last_cand_tsc;
	r->hold.last_cand_tsc = now;
	if (prev == 0 || now - prev >= r->hold_cycles)
		return false;
	deadline = mpring_pvt_hold_deadline(r);
	if (deadline == 0)
		hold_deadline_set(r, now + r->hold_cycles);
	else if (now >= deadline)
		return false;
	return true;
}

/*
 * A drain call offered @avail items and took @n; @holding: the drain keeps items back. A hold
 * starts the deadline; a call that took everything and holds nothing ends it.
 */
void
mpring_pvt_hold_drained(struct mpring *r, const struct mpring_pvt_ctx *c, uint32_t avail,
		uint32_t n, bool holding)
{
	uint64_t deadline = mpring_pvt_hold_deadline(r);

	(void)c;
	if (holding) {
		if (deadline == 0)
			hold_deadline_set(r, rte_rdtsc() + r->hold_cycles);
	} else if (n == avail && deadline != 0) {
		hold_deadline_set(r, 0);
	}
}
