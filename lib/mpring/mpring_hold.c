/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Coalescing policy of lib/mpring: when a consumer leaves items in the ring for the next
 * producer (a ring-level hold), whether holding pays, and the deadline that bounds every hold,
 * ring-level or the drain's own (*holding). The state machine (mpring.c) asks
 * mpring_pvt_hold_want() at each decision point, reports a hold it made with
 * mpring_pvt_hold_made() and each drain call with mpring_pvt_hold_drained(). Everything here runs
 * in the consumer role: the state is consumer-private, ordered by the role like the drain's.
 *
 * Does holding pay? A hold costs a hand-off of the role (a CAS, and the drain's state moving to
 * whichever thread picks the items up, cold in its cache) and a pause in draining; it saves
 * drain calls (doorbells) by sending several bursts in one call. Which side wins depends on the
 * drain's cost per call against the hand-off's, and on whether items would have piled up anyway
 * while the consumer drained (when items arrive faster than one consumer drains, batches are
 * large without holding): neither is known to the ring, and counting drain calls saved misses
 * the hand-offs' cost. So the policy measures the outcome: the ring's throughput (items drained
 * per TSC cycle) in epochs of HOLD_EPOCH_ITEMS items, most run the preferred way (holds on or
 * off), one in probe_gap run the other way. A probe epoch is compared with the mean of the
 * preferred epochs before and after it (a drift of the offered load cancels); a moving average
 * of those ratios (holds on / holds off) decides the preferred way: holds on from HOLD_PAYS,
 * i.e. unless they cost more than 3 % of throughput (at equal throughput holds still save
 * doorbells, which the device pays for too). probe_gap doubles while probes agree (to
 * HOLD_PROBE_MAX: at most one epoch in 33 runs the worse way) and restarts at HOLD_PROBE_MIN
 * when a probe disagrees.
 */

#include <string.h>

#include "mpring_pvt_hold.h"

#define HOLD_ONE	1024u	/* fixed point 1.0: ratios of throughput */
#define HOLD_PAYS	(HOLD_ONE * 97 / 100) /* holds on unless they cost 3 % of throughput */
#define HOLD_EPOCH_ITEMS 16384u	/* items drained per epoch */
#define HOLD_PROBE_MIN	2u	/* preferred epochs between probe epochs, first */
#define HOLD_PROBE_MAX	32u	/* ... and at most */

void
mpring_pvt_hold_init(struct mpring *r)
{
	memset(&r->hold, 0, sizeof(r->hold));
	r->hold.ratio = HOLD_ONE;	/* holds on until shown to cost */
	r->hold.pref = true;
	r->hold.on = true;
	r->hold.probe_gap = HOLD_PROBE_MIN;
}

uint64_t
mpring_pvt_hold_deadline(const struct mpring *r)
{
	/* Relaxed: a hint shared with lazy resumers; the role itself is ordered by the word. */
	return __atomic_load_n(&r->hold.deadline, __ATOMIC_RELAXED);
}

/*
 * A drain call is about to start (@tsc: a TSC read since the last one, or 0). While something
 * is held, note how far past the deadline it starts: if this call sends the held items, that is
 * the part of the hold period in which no thread of the ring got to send them (nobody called,
 * the caller was descheduled, or an earlier drain call was still running); the ring has no
 * timer. One load when nothing is held.
 */
void
mpring_pvt_hold_call(struct mpring *r, uint64_t tsc)
{
	uint64_t deadline = mpring_pvt_hold_deadline(r), now;

	if (likely(deadline == 0))
		return;
	now = tsc != 0 ? tsc : rte_rdtsc();
	r->hold.call_late = now > deadline ? now - deadline : 0;
}

static void
hold_deadline_set(struct mpring *r, uint64_t v)
{
	/* Relaxed: written only by the consumer role (see mpring_pvt_hold_deadline). */
	__atomic_store_n(&r->hold.deadline, v, __ATOMIC_RELAXED);
}

/*
 * Hold rule: leave @pending items in the ring for the next producer if coalescing is on, holds
 * are on in this epoch (they pay, or this is a probe), the items are fewer than hold_items, the
 * previous decision was less than hold_cycles ago (a stream, not an isolated burst), and the
 * hold deadline has not passed. *tsc: a TSC value read since the last drain call, 0 if none
 * (read here if needed; not while holds are off, so the no-hold path reads no clock).
 */
bool
mpring_pvt_hold_want(struct mpring *r, const struct mpring_pvt_ctx *c, uint32_t pending,
		uint64_t *tsc)
{
	uint64_t now, prev, deadline;

	if (pending >= r->hold_items)
		return false;
	if (!r->hold.on) {
		mpring_pvt_stat_hold_gate(c, false);
		return false;
	}
	if (*tsc == 0)
		*tsc = rte_rdtsc();
	now = *tsc;
	prev = r->hold.last_cand_tsc;
	r->hold.last_cand_tsc = now;
	if (prev == 0 || now - prev >= r->hold_cycles)
		return false;
	deadline = mpring_pvt_hold_deadline(r);
	if (deadline != 0 && now >= deadline)
		return false;
	if (!r->hold.pref)
		mpring_pvt_stat_hold_gate(c, true);
	return true;
}

/*
 * A ring-level hold of @pending items is being made: called just before the CAS that writes
 * COALESCING (after it the state is no longer ours); mpring_pvt_hold_undo() if the CAS fails.
 */
void
mpring_pvt_hold_made(struct mpring *r, uint64_t tsc)
{
	struct mpring_pvt_hold *h = &r->hold;

	h->undo_deadline = mpring_pvt_hold_deadline(r) == 0;
	if (h->undo_deadline)
		hold_deadline_set(r, (tsc != 0 ? tsc : rte_rdtsc()) + r->hold_cycles);
}

void
mpring_pvt_hold_undo(struct mpring *r)
{
	if (r->hold.undo_deadline)
		hold_deadline_set(r, 0);
}

/* Throughput, items per 2^-16 cycle: a probe's is compared with its neighbours'. */
static uint64_t
hold_rate(uint32_t items, uint64_t cycles)
{
	return ((uint64_t)items << 16) / RTE_MAX(cycles, (uint64_t)1);
}

/* A probe epoch (holds @probe_on) ran at @probe between preferred epochs at @before, @after. */
static void
hold_compare(struct mpring_pvt_hold *h, uint64_t probe, uint64_t before, uint64_t after)
{
	uint64_t pref = (before + after) / 2, on, off, q;
	bool was = h->pref;

	on = h->pref ? pref : probe;
	off = h->pref ? probe : pref;
	/* Holds on / off, fixed point, clamped: one disturbed epoch (a preempted consumer)
	 * moves the average by at most a quarter of a factor of two. */
	q = off == 0 ? 2 * HOLD_ONE : RTE_MIN(on * HOLD_ONE / off, (uint64_t)2 * HOLD_ONE);
	q = RTE_MAX(q, (uint64_t)HOLD_ONE / 2);
	h->ratio = h->ratio - h->ratio / 4 + (uint32_t)q / 4;
	h->pref = h->ratio >= HOLD_PAYS;
	/* A probe that disagrees is checked again soon, so that a change of regime is
	 * followed in a few epochs even after a long stable stretch. */
	h->probe_gap = h->pref != was || (q >= HOLD_PAYS) != was ? HOLD_PROBE_MIN :
		RTE_MIN(h->probe_gap * 2, HOLD_PROBE_MAX);
}

/* An epoch ended at @now: its throughput, and the way the next one runs. */
static void
hold_epoch_end(struct mpring_pvt_hold *h, uint64_t now)
{
	uint64_t rate = hold_rate(h->ep_items, now - h->ep_t0);

	if (h->probing) {
		h->probe_rate = rate;
		h->probing = false;
	} else {
		if (h->probe_rate != 0 && h->pref_rate != 0)
			hold_compare(h, h->probe_rate, h->pref_rate, rate);
		h->probe_rate = 0;
		h->pref_rate = rate;
		if (++h->ep_since_probe >= h->probe_gap) {
			h->ep_since_probe = 0;
			h->probing = true;
		}
	}
	h->on = h->pref != h->probing;
}

/* An epoch's items are drained: read the clock, and start the next epoch. */
static void
hold_epoch_tick(struct mpring_pvt_hold *h)
{
	uint64_t now = mpring_pvt_tsc();

	/* The first epoch only starts the clock. */
	if (h->ep_t0 != 0)
		hold_epoch_end(h, now);
	h->ep_t0 = now;
	h->ep_items = 0;
}

/*
 * A drain call offered @avail items and took @n; @holding: the drain keeps items back. Counts
 * the epoch's items (the clock is read once per epoch). A drain-level hold starts the deadline;
 * a call that took everything and holds nothing ends the hold period.
 */
void
mpring_pvt_hold_drained(struct mpring *r, const struct mpring_pvt_ctx *c, uint32_t avail,
		uint32_t n, bool holding)
{
	struct mpring_pvt_hold *h = &r->hold;
	uint64_t deadline = mpring_pvt_hold_deadline(r), now;

	/* Without ring-level holds there is no policy to feed, and nothing is written here: the
	 * line then stays shared by every core the role visits instead of following it. */
	if (r->hold_items != 0 && r->hold_cycles != 0) {
		h->ep_items += n;
		if (unlikely(h->ep_items >= HOLD_EPOCH_ITEMS))
			hold_epoch_tick(h);
	}
	if (holding) {
		if (deadline == 0)
			hold_deadline_set(r, rte_rdtsc() + r->hold_cycles);
	} else if (n == avail && deadline != 0) {
		now = rte_rdtsc();
		mpring_pvt_stat_hold_period(c, now + r->hold_cycles - deadline, h->call_late);
		hold_deadline_set(r, 0);
	}
}
