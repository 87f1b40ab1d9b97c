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
 * whichever thread picks the items up); it saves drain calls (doorbells) by sending several
 * bursts in one call. An episode runs from the first ring-level hold, of F pending items, to the
 * drain call that sends them, in a batch of N items, after H holds. Without holding, the items
 * would have gone out in batches of about F (what was pending when the consumer could have
 * drained), so the episode saved about N / F - 1 drain calls: (N / F - 1) / H per hold. In a
 * stream of small bursts that is about one drain call per hold (each hold adds a burst to the
 * batch); when items arrive faster than one consumer drains, batches are already large, each
 * hold adds one burst to hundreds of items and saves a small fraction of a call, and holding
 * only moves the role between threads. The score is a moving average of that figure over the
 * recent episodes; below HOLD_PAYS the hold rule is switched off, and one episode in probe_gap
 * candidates (doubling while probes fail) is held anyway to see whether it pays again.
 */

#include <string.h>

#include "mpring_pvt_hold.h"

#define HOLD_ONE	256u	/* fixed point: score of one drain call saved per hold */
#define HOLD_PAYS	(HOLD_ONE / 2) /* holding pays from half a drain call saved per hold */
#define HOLD_PROBE_MIN	16u	/* candidates between probes, first */
#define HOLD_PROBE_MAX	1024u	/* ... and at most */

void
mpring_pvt_hold_init(struct mpring *r)
{
	memset(&r->hold, 0, sizeof(r->hold));
	r->hold.score = HOLD_ONE;	/* holding pays until shown otherwise */
	r->hold.probe_gap = HOLD_PROBE_MIN;
	r->hold.probe_in = HOLD_PROBE_MIN;
}

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

/* Before a new episode: hold if holding pays, or if it is time for a probe. */
static bool
hold_gate(struct mpring *r, const struct mpring_pvt_ctx *c)
{
	struct mpring_pvt_hold *h = &r->hold;

	if (h->score >= HOLD_PAYS || h->probing)
		return true;
	if (--h->probe_in != 0) {
		mpring_pvt_stat_hold_gate(c, false);
		return false;
	}
	h->probe_in = h->probe_gap;
	h->probing = true;
	mpring_pvt_stat_hold_gate(c, true);
	return true;
}

/*
 * Hold rule: leave @pending items in the ring for the next producer if coalescing is on, they
 * are fewer than hold_items, the previous decision was less than hold_cycles ago (a stream, not
 * an isolated burst), the hold deadline has not passed, and holding pays (or this is a probe).
 * *tsc: a TSC value read since the last drain call, 0 if none (read here if needed).
 */
bool
mpring_pvt_hold_want(struct mpring *r, const struct mpring_pvt_ctx *c, uint32_t pending,
		uint64_t *tsc)
{
	uint64_t now, prev, deadline;

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
	if (deadline != 0 && now >= deadline)
		return false;
	return r->hold.ep_first != 0 || hold_gate(r, c);
}

/*
 * A ring-level hold of @pending items is being made: called just before the CAS that writes
 * COALESCING (after it the state is no longer ours); mpring_pvt_hold_undo() if the CAS fails.
 */
void
mpring_pvt_hold_made(struct mpring *r, uint32_t pending, uint64_t tsc)
{
	struct mpring_pvt_hold *h = &r->hold;

	h->undo_first = h->ep_first;
	h->undo_holds = h->ep_holds;
	h->undo_deadline = mpring_pvt_hold_deadline(r) == 0;
	if (h->ep_first == 0) {
		h->ep_first = pending;
		h->ep_holds = 0;
	}
	h->ep_holds++;
	if (h->undo_deadline)
		hold_deadline_set(r, (tsc != 0 ? tsc : rte_rdtsc()) + r->hold_cycles);
}

void
mpring_pvt_hold_undo(struct mpring *r)
{
	struct mpring_pvt_hold *h = &r->hold;

	h->ep_first = h->undo_first;
	h->ep_holds = h->undo_holds;
	if (h->undo_deadline)
		hold_deadline_set(r, 0);
}

/* The episode's held items went out in a batch of @batch: score it. */
static void
hold_episode_end(struct mpring *r, uint32_t batch)
{
	struct mpring_pvt_hold *h = &r->hold;
	uint32_t first = h->ep_first, gain;

	/* Drain calls saved per hold, fixed point: (batch / first - 1) / holds. */
	gain = batch > first ? (uint32_t)RTE_MIN((uint64_t)(batch - first) * HOLD_ONE /
			((uint64_t)first * h->ep_holds), (uint64_t)4 * HOLD_ONE) : 0;
	if (h->probing) {
		/* A probe is a fresh look: it replaces what the old episodes said. */
		h->score = gain;
		h->probing = false;
		h->probe_gap = gain >= HOLD_PAYS ? HOLD_PROBE_MIN :
			RTE_MIN(h->probe_gap * 2, HOLD_PROBE_MAX);
		h->probe_in = h->probe_gap;
	} else {
		/* Moving average, weight 1/4. */
		h->score = h->score - h->score / 4 + gain / 4;
	}
	h->ep_first = 0;
	h->ep_holds = 0;
}

/*
 * A drain call offered @avail items and took @n; @holding: the drain keeps items back. The first
 * call after ring-level holds ends their episode. A drain-level hold starts the deadline; a call
 * that took everything and holds nothing ends the hold period.
 */
void
mpring_pvt_hold_drained(struct mpring *r, const struct mpring_pvt_ctx *c, uint32_t avail,
		uint32_t n, bool holding)
{
	uint64_t deadline = mpring_pvt_hold_deadline(r), now;

	if (r->hold.ep_first != 0 && avail != 0)
		hold_episode_end(r, avail);
	if (holding) {
		if (deadline == 0)
			hold_deadline_set(r, rte_rdtsc() + r->hold_cycles);
	} else if (n == avail && deadline != 0) {
		now = rte_rdtsc();
		mpring_pvt_stat_hold_period(c, now + r->hold_cycles - deadline);
		hold_deadline_set(r, 0);
	}
}
