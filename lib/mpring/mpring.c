/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Coalescing multi-producer ring: the state machine (docs/mpring.md). Modelled on FreeBSD
 * cxgbe's mp_ring; the differences are listed in docs/mpring.md, "Variant chosen".
 *
 * One 64-bit word holds pidx_head (reservation frontier), pidx_tail (publication frontier), cidx
 * (consumer frontier as published) and flags (state + quiesce bit). Every change of the word is
 * a CAS of the whole word, so whoever sees a state also sees the indices that were current when
 * it was written. Three kinds of thread act on it: producers (P: enqueue), the consumer (C: the
 * one thread that owns BUSY/TOO_BUSY/TAKING_OVER and calls the drain), and resumers (R:
 * mpring_resume(), mpring_consumer_trylock(), and the consumer's own re-check after a stall).
 *
 * Producers reserve a range with one CAS (prod_reserve), fill it, and publish it with a second
 * (prod_publish). Publication never waits for another producer: pidx_tail advances in
 * reservation order, but a producer whose range is filled while an earlier one is not leaves
 * its range marked (prod_leave: pend[start] = its thread id << 32 | length) and returns; whoever
 * commits the range before it commits every marked range after it too. A range is taken back or
 * claimed only by a CAS on its mark, and committed only at the tail: a position alone does not
 * tell one lap from the next. Every commit decides who drains (prod_elect). On an
 * idle ring with nobody mid-enqueue, one CAS reserves, publishes and claims the role (FAST); if
 * the ring was also empty the producer drains its burst from its own array (cons_own).
 * A producer alone (conf.sole_calls, prod_sole) on an idle, empty ring claims the role with
 * one CAS (SOLE) and offers its burst from its array; what the drain leaves goes back to it.
 * With conf.lease it keeps the role between its calls (a lease, mpring_lease.c): its later
 * calls drain from its array with no RMW, until another thread wants the role and ends it.
 *
 * The consumer role is the ring's consumer lock: one owner at a time, passed by release/acquire
 * CAS on the word, so the drain's private state needs no other lock. The consumer (cons_run)
 * runs sessions: each starts from the word it acquired (cons_begin) and repeats one step
 * (cons_next) until a step leaves the role. After budget_items items or budget_cycles cycles it
 * writes TOO_BUSY and keeps draining until a producer takes over. After writing STALLED it
 * re-checks can_drain() (cons_recheck): resources freed while it stalled were seen by nobody.
 *
 * Coalescing (mpring_hold.c): two things may be held while COALESCING: items left in the ring
 * (hold rule) and items the drain keeps back (*holding). A deadline bounds both; COALESCING is
 * not idle: the next producer joins, mpring_resume() flushes, an expired deadline flushes.
 *
 * Transitions: state, event -> next state, and the one function that writes it. The resumers'
 * entry points and stop/start are in mpring_ctl.c, the lease's revocation in mpring_lease.c;
 * functions shared between the files carry the mpring_pvt_ prefix, left out below.
 *
 *   from                  event                                      to           in
 *   IDLE, COALESCING      P reserves, nobody mid-enqueue (FAST)      BUSY         prod_reserve
 *   IDLE, COALESCING      P commits a range (COMMIT)                 BUSY         prod_elect
 *   STALLED               P commits a range and can_drain() (COMMIT) BUSY         prod_elect
 *   TOO_BUSY              P commits a range (TAKEOVER)               TAKING_OVER  prod_elect
 *   STALLED               R resume and can_drain() (RESUME)          BUSY         res_claim
 *   COALESCING            R resume: flush (FLUSH)                    BUSY         res_claim
 *   IDLE, COAL., STALLED  R trylock (LOCK)                           BUSY         res_claim
 *   IDLE, empty, running  P alone (SOLE)                             BUSY         prod_sole_direct
 *   IDLE, empty, running  P alone (SOLE), conf.lease: the grant      BUSY|LEASED  prod_sole_direct
 *   BUSY (SOLE)           P's direct drain held nothing, word as     IDLE         prod_sole_direct
 *                         its claim wrote it (lean finish)
 *   BUSY|LEASED           the holder's calls                         (no write)   lease_call,
 *                                                                                 lease_enter
 *   BUSY|LEASED           a revoker (P behind the lease, quiesce,    BUSY         lease_clear
 *                         trylock) won the lease word and the
 *                         holder is out; or the holder's drain held
 *                         or queued items (it ends its own lease)
 *   STALLED               C re-check and can_drain() (RESUME)        BUSY         res_claim
 *   BUSY, TOO_BUSY        C caught up, nothing held                  IDLE         cons_leave
 *   BUSY, TOO_BUSY        C caught up, drain holds; or hold rule     COALESCING   cons_leave
 *   BUSY, TOO_BUSY        C drain returned 0                         STALLED      cons_leave
 *   BUSY                  C budget spent, work remains               TOO_BUSY     cons_advance
 *   TAKING_OVER           C next step (after a drain call, or stall) BUSY, taker  cons_leave
 *   any                   quiesce / start                            same, STOPPED bit set / clear
 *
 * cons_next picks the consumer's step (STEP_DOWN, FINISH, HOLD or DRAIN); cons_leave is the
 * one CAS by which a consumer gives the role away (to nobody, or to a taker); cons_stall
 * chooses STALLED or the hand-over. The counters are updated through the hooks of
 * mpring_pvt_stats.h, the coalescing decisions are mpring_hold.c's.
 *
 * Memory ordering. Labels as in DPDK's rte_ring_c11_pvt.h: each acquire (An) names the release
 * (Rn) it pairs with, and back. Every write of the word is an RMW, so a release heads a release
 * sequence that later CAS continue: an acquire that reads any later value synchronizes with it.
 *   R1  prod_commit CAS (seq_cst): the range's items -> A2 (producer claiming the role), A4, A5
 *   R2  prod_leave mark store (seq_cst): the range's items -> A3
 *   R3  cons_advance publish CAS (acq_rel): our reads of consumed slots -> A1
 *   R4  cons_leave CAS (release): slot reads, drain and hold state -> A1, A2, A4, A6-A9
 *   A1  prod_reserve CAS: R3/R4 (slots we overwrite were read before); FAST: R4 (the role)
 *   A2  prod_commit CAS: R1 of other producers, R4 (when it claims the role)
 *   A3  prod_publish mark load and claiming CAS after a commit: R2
 *   A4  cons_begin load: R1 (items), R4 (the previous consumer's state)
 *   A5  consumer reloads and failed CAS: R1 (items behind the new tail)
 *   A6  prod_await_step_down loads: R4 (the step-down)
 *   A7  res_claim CAS: R4 (the stalled or holding consumer's state, held items)
 *   A8  quiesce and is_idle loads: R4 (the last consumer's work)
 *   R5  prod_sole_direct lean finish CAS (release): the drain's state -> A1, A2, A4, A7-A9
 *   A9  prod_sole_direct claim CAS: R4, R5 (the last consumer's drain state)
 *   S1/S2  seq_cst store-buffering pair of publication: S1 = mark store + word load (prod_leave,
 *       the marking producer), S2 = commit CAS + mark load (prod_commit, prod_publish: the
 *       committer): one sees the other; CAS on the mark decides when both do.
 * The lease (mpring_lease.c has the argument of each):
 *   A9  also grants: the claim CAS writes BUSY|LEASED (acquire, as above)
 *   R6  lease_grant: holder store (release): inside = 1 -> A10
 *   A10 lease_revoke CAS holder -> REVOKING (acquire): R6
 *   F1  asymmetric fence: the holder's inside = 1, signal fence, load (A11) against the
 *       revoker's A10 CAS, membarrier(PRIVATE_EXPEDITED), load of inside (A12)
 *   A11 lease_call (and mpring_lease_enter) load of the lease word (acquire): the drain
 *       stays below the check
 *   R7  lease_drain (and mpring_lease_exit) inside = 0 (release): the holder's drain state
 *       -> A12, lease_rest
 *   A12 lease_revoke loads of inside (acquire): R7
 *   A13 lease_clear CAS, LEASED cleared (acquire): R1 of producers behind the lease
 */

#include <errno.h>
#include <string.h>

#include "mpring_pvt.h"
#include "mpring_pvt_hold.h"
#include "mpring_pvt_stats.h"

#ifdef MPRING_TEST_HOOKS
mpring_pvt_hook_t mpring_pvt_test_hook;
uint64_t (*mpring_pvt_test_clock)(void);
int mpring_pvt_test_no_membarrier;
#endif

enum mpring_pvt_mode {
	MPRING_PVT_BURST,
	MPRING_PVT_BULK,
	MPRING_PVT_ONLY,	/* enqueue_only: from inside the drain, never the consumer */
};

/* No route: the producer leaves the draining to someone else. */
#define MPRING_PVT_ROUTE_NONE MPRING_ROUTE_MAX

void
mpring_pvt_assert_fail(const char *what, const char *file, int line)
{
	fprintf(stderr, "mpring: assertion \"%s\" failed at %s:%d\n", what, file, line);
	abort();
}

/* Copy @n items into the slots from @start: memcpy, which copies a burst in a few wide moves
 * (the loop it replaces cost 61 instructions for 8 items, the producer's largest part). */
static void
slots_fill(struct mpring *r, uint32_t start, void *const *items, uint32_t n)
{
	uint32_t first = RTE_MIN(n, r->size - start);

	memcpy(&r->slots[start], items, first * sizeof(items[0]));
	if (first < n)
		memcpy(r->slots, items + first, (n - first) * sizeof(items[0]));
}

static bool
can_drain(const struct mpring *r)
{
	return r->can_drain == NULL || r->can_drain(r->cookie);
}

/* ================================ the consumer ================================ */

/* One consumer session: what the role owner knows. */
struct cons {
	struct mpring *r;
	const struct mpring_pvt_ctx *c;
	union mpring_pvt_word w;	/* the word as last seen */
	uint32_t cidx;			/* our frontier; published at state changes, big calls */
	uint32_t total;			/* items drained this session (item budget) */
	uint64_t t0;			/* budget clock, 0 = not started */
	uint64_t tsc;			/* a TSC read since the last drain call, 0 if none */
	bool flush;			/* drain with MPRING_DRAIN_FLUSH (resume, deadline) */
	bool flushed;			/* a flush call was made this session */
	bool holding;			/* the drain may be holding items */
	bool hold;			/* FAST: the hold rule kept our own burst in the ring */
};

enum cons_step {
	CONS_STEP_DOWN,	/* TAKING_OVER: hand the role to the taker */
	CONS_FINISH,	/* caught up: IDLE, or COALESCING if the drain holds */
	CONS_HOLD,	/* hold rule: leave the pending items, COALESCING */
	CONS_DRAIN,	/* call the drain */
};

/* Session start: everything comes from the word the role was taken with. */
static void
cons_begin(struct cons *s, struct mpring *r, const struct mpring_pvt_ctx *c, unsigned int route,
		unsigned int dflags)
{
	uint64_t deadline;

	mpring_pvt_stat_start(c, route);
	s->r = r;
	s->c = c;
	/* A4: acquire, pairs with R1 (items) and R4 (the previous consumer's state). */
	s->w.u = __atomic_load_n(&r->state, __ATOMIC_ACQUIRE);
	MPRING_ASSERT(mpring_pvt_state(s->w) == MPRING_BUSY);
	s->cidx = s->w.cidx;
	s->total = 0;
	s->t0 = 0;
	s->tsc = 0;
	s->flush = (dflags & MPRING_DRAIN_FLUSH) != 0;
	s->flushed = false;
	s->hold = false;
	deadline = mpring_pvt_hold_deadline(r);
	/* Something may still be held by the drain until a drain call says otherwise. */
	s->holding = deadline != 0;
	if (deadline != 0 && !s->flush) {
		s->tsc = rte_rdtsc();
		s->flush = s->tsc >= deadline;
	}
}

/* One drain call on @b (@avail items); @direct: from the producer's own array. */
static uint32_t
cons_call(struct cons *s, const struct mpring_batch *b, uint32_t avail, bool direct)
{
	struct mpring *r = s->r;
	bool holding = false;
	uint32_t n;

	mpring_pvt_hold_call(r, s->tsc);
	n = r->drain(r->cookie, b, s->flush ? MPRING_DRAIN_FLUSH : 0, &holding);
	MPRING_ASSERT(n <= avail);
	MPRING_ASSERT(avail != 0 || n == 0);
	MPRING_ASSERT(!s->flush || !holding);
	mpring_pvt_stat_drain(s->c, n, direct);
	/* enqueue_rest outside a direct call (not its use): counted as enqueue_only's */
	if (unlikely(r->queued != 0))
		mpring_pvt_stat_enqueue(s->c, true, mpring_pvt_take_queued(r));
	mpring_pvt_hold_drained(r, s->c, avail, n, holding);
	s->holding = holding;
	s->flushed = s->flush;
	s->tsc = 0;
	MPRING_TEST_HOOK(r, MPRING_HOOK_DRAINED);
	return n;
}

/* Over the item or time budget? The clock starts at the first decision to go on, so a session
 * that catches up after one drain call never reads the TSC. */
static bool
cons_over_budget(struct cons *s)
{
	uint64_t now;

	if (s->total >= s->r->budget_items)
		return true;
	if (s->r->budget_cycles == 0)
		return false;
	now = rte_rdtsc();
	if (s->t0 == 0) {
		s->t0 = now;
		return false;
	}
	return now - s->t0 >= s->r->budget_cycles;
}

/* The consumer's next step, decided on the word as last seen. */
static enum cons_step
cons_next(struct cons *s)
{
	unsigned int st = mpring_pvt_state(s->w);
	uint32_t pending;

	MPRING_ASSERT(mpring_pvt_owned(st));
	if (st == MPRING_TAKING_OVER)
		return CONS_STEP_DOWN;
	pending = mpring_pvt_dist(s->r, s->cidx, s->w.tail);
	if (pending == 0 && (!s->flush || s->flushed))
		return CONS_FINISH;
	if (pending != 0 && !s->flush && ((s->hold && pending < s->r->hold_items) ||
			mpring_pvt_hold_want(s->r, s->c, pending, &s->tsc)))
		return CONS_HOLD;
	return CONS_DRAIN;
}

/*
 * Give the role away: write @to (IDLE, COALESCING, STALLED, or BUSY for a taker) with our cidx,
 * if the word is still the one our decision was taken on. On failure s->w is the new word and
 * the caller decides again.
 */
static bool
cons_leave(struct cons *s, unsigned int to)
{
	union mpring_pvt_word ns = mpring_pvt_with_state(s->w, to);

	ns.cidx = (uint16_t)s->cidx;
	/* R4: release, pairs with A1, A2, A4, A6, A7, A8, A9: our slot reads and the drain's state
	 * happen before the next owner's and producers' acquire. Failure A5: acquire, pairs with
	 * R1: a producer committed, and we will drain its items. */
	if (__atomic_compare_exchange_n(&s->r->state, &s->w.u, ns.u, true, __ATOMIC_RELEASE,
			__ATOMIC_ACQUIRE)) {
		s->w = ns;
		return true;
	}
	mpring_pvt_stat_retry(s->c);
	return false;
}

/*
 * The drain made @n items of progress: advance, read the word again, and publish cidx (with
 * TOO_BUSY once the budget is spent) if the ring is over half full or the state changes. Not
 * after every call: each CAS of ours takes the word's line from the producers.
 */
static void
cons_advance(struct cons *s, uint32_t n)
{
	struct mpring *r = s->r;
	union mpring_pvt_word ns;
	unsigned int st;

	s->cidx = mpring_pvt_add(r, s->cidx, n);
	s->total += n;
	/* A5: acquire, pairs with R1: items committed since. */
	s->w.u = __atomic_load_n(&r->state, __ATOMIC_ACQUIRE);
	st = mpring_pvt_state(s->w);
	if (st == MPRING_TAKING_OVER || s->w.tail == s->cidx)
		return;		/* cons_next steps down or finishes */
	if (st == MPRING_BUSY && cons_over_budget(s))
		ns = mpring_pvt_with_state(s->w, MPRING_TOO_BUSY);
	else if (st == MPRING_TOO_BUSY || mpring_pvt_free(r, s->w) < r->cap / 2)
		ns = s->w;
	else
		return;		/* room enough, no state change: cidx stays private */
	ns.cidx = (uint16_t)s->cidx;
	/* R3: release, pairs with A1: our reads of the consumed slots happen before a producer's
	 * reservation reuses them. A5 (also on failure): acquire, pairs with R1. */
	if (__atomic_compare_exchange_n(&r->state, &s->w.u, ns.u, true, __ATOMIC_ACQ_REL,
			__ATOMIC_ACQUIRE))
		s->w = ns;
	else
		mpring_pvt_stat_retry(s->c);
}

/* DRAIN: one drain call on [cidx, tail). Returns false if it made no progress (stall). */
static bool
cons_drain(struct cons *s)
{
	struct mpring *r = s->r;
	uint32_t pending = mpring_pvt_dist(r, s->cidx, s->w.tail);
	uint32_t first = RTE_MIN(pending, r->size - s->cidx), n;
	struct mpring_batch b = {
		.seg = { &r->slots[s->cidx], r->slots },
		.len = { first, pending - first },
	};

	n = cons_call(s, &b, pending, false);
	if (pending == 0) {
		/* The flush call of an empty range; its result means nothing. A5: as above. */
		s->w.u = __atomic_load_n(&r->state, __ATOMIC_ACQUIRE);
		return true;
	}
	if (n == 0)
		return false;
	cons_advance(s, n);
	return true;
}

/* Stall: write STALLED, or BUSY for a taker who will try again. */
static unsigned int
cons_stall(struct cons *s)
{
	unsigned int st;

	do {
		st = mpring_pvt_state(s->w);
		MPRING_ASSERT(mpring_pvt_owned(st));
	} while (!cons_leave(s, st == MPRING_TAKING_OVER ? MPRING_BUSY : MPRING_STALLED));
	return st == MPRING_TAKING_OVER ? MPRING_END_HANDOVER : MPRING_END_STALL;
}

/*
 * FAST route: our range [start, start + n) is published but not filled. If the ring was empty
 * and the hold rule does not keep the burst, drain it from the caller's array and copy only
 * what the drain left; otherwise copy it all. Returns false if the direct drain stalled.
 */
static bool
cons_own(struct cons *s, void *const *own, uint32_t start, uint32_t n)
{
	struct mpring_batch b = { .seg = { own, NULL }, .len = { n, 0 } };
	bool empty = s->cidx == start;
	uint32_t k;

	if (empty && !s->flush)
		s->hold = mpring_pvt_hold_want(s->r, s->c, n, &s->tsc);
	if (!empty || s->hold) {
		slots_fill(s->r, start, own, n);
		return true;
	}
	k = cons_call(s, &b, n, true);
	if (k < n)
		slots_fill(s->r, mpring_pvt_add(s->r, start, k), own + k, n - k);
	if (k == 0)
		return false;
	cons_advance(s, k);
	return true;
}

/* One session: steps until one of them leaves the role. Returns how (enum mpring_end). */
static unsigned int
cons_session(struct cons *s, void *const *own, uint32_t own_start, uint32_t own_n)
{
	if (own_n != 0 && !cons_own(s, own, own_start, own_n))
		return cons_stall(s);
	for (;;) {
		switch (cons_next(s)) {
		case CONS_STEP_DOWN:
			if (cons_leave(s, MPRING_BUSY))
				return MPRING_END_HANDOVER;
			break;
		case CONS_FINISH:
			if (cons_leave(s, s->holding ? MPRING_COALESCING : MPRING_IDLE))
				return s->holding ? MPRING_END_HOLD : MPRING_END_IDLE;
			break;
		case CONS_HOLD:
			/* Recorded while we still own the hold state; undone if the CAS fails
			 * (a producer committed: decide again). */
			mpring_pvt_hold_made(s->r, s->tsc);
			if (cons_leave(s, MPRING_COALESCING))
				return MPRING_END_HOLD;
			mpring_pvt_hold_undo(s->r);
			break;
		case CONS_DRAIN:
			if (!cons_drain(s))
				return cons_stall(s);
			break;
		}
	}
}

/*
 * After a stall: resources freed between the failed drain call and our STALLED were seen by
 * nobody (a resumer saw BUSY), so ask can_drain() again and take STALLED back if it says yes.
 * Having written STALLED we no longer own the role: others may have resumed, drained and
 * stalled it meanwhile. Taking it back is therefore a resume like any other, and what follows
 * is a new session from the word it acquires (our cidx and hold state may be stale).
 */
static bool
cons_recheck(struct mpring *r, const struct mpring_pvt_ctx *c)
{
	union mpring_pvt_word w;

	if (!can_drain(r))
		return false;
	MPRING_TEST_HOOK(r, MPRING_HOOK_STALL_RECHECK);
	w.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED); /* a guess; the CAS validates */
	return mpring_pvt_res_claim(r, c, w, MPRING_PVT_RES_STALLED, 0) >= 0;
}

/*
 * The consumer: the caller owns the role (BUSY, written by its own CAS or by the consumer it
 * took over from). Runs sessions until one leaves the role, re-checking after stalls (at most
 * MPRING_PVT_RECHECKS times). With @own_n != 0 (FAST) slots [own_start, +own_n) are published
 * but not filled: their items are still in @own. Returns the items drained.
 */
uint32_t
mpring_pvt_cons_run(struct mpring *r, const struct mpring_pvt_ctx *c, unsigned int route,
		void *const *own, uint32_t own_start, uint32_t own_n, unsigned int dflags)
{
	unsigned int end, rechecks = 0;
	uint32_t done = 0;
	struct cons s;

	for (;;) {
		cons_begin(&s, r, c, route, dflags);
		end = cons_session(&s, own, own_start, own_n);
		mpring_pvt_stat_end(c, end);
		done += s.total;
		if (end != MPRING_END_STALL || rechecks++ == MPRING_PVT_RECHECKS ||
				!cons_recheck(r, c))
			return done;
		route = MPRING_ROUTE_RESUME;
		own_n = 0;
		dflags = 0;
	}
}

/* ================================ resumers ================================ */

/*
 * Take the role from a consumer-less state in @which (MPRING_PVT_RES_*): STALLED if can_drain()
 * says yes (or RES_FORCE), COALESCING (RES_LAZY: once the hold deadline has passed), IDLE.
 * @w: a guess of the word. Returns the state it was taken from, or -1.
 */
int
mpring_pvt_res_claim(struct mpring *r, const struct mpring_pvt_ctx *c, union mpring_pvt_word w,
		unsigned int which, unsigned int flags)
{
	union mpring_pvt_word ns;
	unsigned int st;
	uint64_t deadline;

	for (;;) {
		st = mpring_pvt_state(w);
		if (!(which & (1u << st)))
			return -1;
		/* Both asked again after every failed CAS: the word may show another episode. */
		if (st == MPRING_STALLED && !(flags & MPRING_PVT_RES_FORCE) && !can_drain(r))
			return -1;
		if (st == MPRING_COALESCING && (flags & MPRING_PVT_RES_LAZY)) {
			deadline = mpring_pvt_hold_deadline(r);
			if (deadline != 0 && rte_rdtsc() < deadline)
				return -1;
		}
		ns = mpring_pvt_with_state(w, MPRING_BUSY);
		/* A7: acquire, pairs with R4: the state of the consumer that wrote STALLED,
		 * COALESCING or IDLE, and the held items. */
		if (__atomic_compare_exchange_n(&r->state, &w.u, ns.u, true, __ATOMIC_ACQUIRE,
				__ATOMIC_RELAXED))
			break;
		mpring_pvt_stat_retry(c);
	}
	mpring_pvt_stat_claim(c, st, (flags & MPRING_PVT_RES_FLUSH) != 0);
	return (int)st;
}

/* ================================ producers ================================ */

/*
 * Full ring (word @w): a stalled or holding ring will not make room by itself, so resume it; a
 * busy one needs its consumer, which may share our core: pause, then yield, unless the consumer
 * published progress (cidx moved from *seen) during the pauses: then it runs on another core,
 * and yielding ours would only hand it to some other process. A try is a resume, a yield, or
 * MPRING_PVT_SPINS pauses that saw progress; returns false once full_retries tries are spent.
 */
static bool
prod_wait_room(struct mpring *r, const struct mpring_pvt_ctx *c, union mpring_pvt_word w,
		uint32_t *tries, uint32_t *spins, uint32_t *seen)
{
	unsigned int st = mpring_pvt_state(w);

	if (*tries >= r->full_retries)
		return false;
	if (st == MPRING_STALLED || st == MPRING_COALESCING) {
		mpring_resume(r, 0);
		++*tries;
		return true;
	}
	if (*spins >= MPRING_PVT_SPINS && w.cidx != *seen) {
		*seen = w.cidx;
		*spins = 0;
		++*tries;
	}
	if (mpring_pvt_wait_step(c, spins))
		++*tries;
	return true;
}

/*
 * Reserve up to @n slots (BULK: exactly @n). On an idle ring with nobody mid-enqueue the same CAS
 * publishes the range and claims the role (FAST). Returns the count (0: refused, *err says why)
 * and the range start in *start.
 */
static uint32_t
prod_reserve(struct mpring *r, const struct mpring_pvt_ctx *c, uint32_t n, unsigned int mode,
		uint32_t *start, unsigned int *route, union mpring_pvt_word *wr, int *err)
{
	union mpring_pvt_word os, ns;
	uint32_t k, space, tries = 0, spins = 0, seen;
	unsigned int st;

	/* Relaxed: only a guess for the CAS, which validates it and orders. */
	os.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED);
	seen = os.cidx;
	for (;;) {
		st = mpring_pvt_state(os);
		if (mode == MPRING_PVT_ONLY) {
			MPRING_ASSERT(mpring_pvt_owned(st));
		} else if (unlikely(os.flags & MPRING_PVT_STOPPED)) {
			*err = -EPIPE;
			return 0;
		}
		space = mpring_pvt_free(r, os);
		k = mode == MPRING_PVT_BULK ? (space >= n ? n : 0) : RTE_MIN(n, space);
		if (unlikely(k == 0)) {
			if (mode == MPRING_PVT_ONLY ||
					!prod_wait_room(r, c, os, &tries, &spins, &seen)) {
				*err = -ENOBUFS;
				return 0;
			}
			os.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED);
			continue;
		}
		ns = os;
		ns.head = mpring_pvt_add(r, os.head, k);
		*route = MPRING_PVT_ROUTE_NONE;
		if (mode != MPRING_PVT_ONLY && os.head == os.tail &&
				(st == MPRING_IDLE || st == MPRING_COALESCING)) {
			/* FAST: reserve, publish, claim; we fill later, being the only reader. */
			ns.tail = ns.head;
			ns = mpring_pvt_with_state(ns, MPRING_BUSY);
			*route = MPRING_ROUTE_FAST;
		}
		/* A1: acquire, pairs with R3/R4: the consumer's reads of the slots we are about to
		 * overwrite happen before (the space check read its cidx); FAST: with R4, the
		 * previous consumer's state is ours. */
		if (__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true, __ATOMIC_ACQUIRE,
				__ATOMIC_RELAXED))
			break;
		mpring_pvt_stat_retry(c);
	}
	if (*route == MPRING_ROUTE_FAST)
		mpring_pvt_stat_claim(c, st, false);
	*start = os.head;
	*wr = ns;
	return k;
}

/*
 * Who drains, decided at a commit that found state @st: the committer becomes the consumer on
 * an idle, holding, or drainable stalled ring, and takes over from a consumer over its budget.
 * Writes the new state into *ns; returns the route, or MPRING_PVT_ROUTE_NONE.
 */
static unsigned int
prod_elect(const struct mpring *r, unsigned int st, union mpring_pvt_word *ns)
{
	switch (st) {
	case MPRING_IDLE:
	case MPRING_COALESCING:
		*ns = mpring_pvt_with_state(*ns, MPRING_BUSY);
		return MPRING_ROUTE_COMMIT;
	case MPRING_STALLED:
		if (!can_drain(r))
			return MPRING_PVT_ROUTE_NONE;
		*ns = mpring_pvt_with_state(*ns, MPRING_BUSY);
		return MPRING_ROUTE_COMMIT;
	case MPRING_TOO_BUSY:
		*ns = mpring_pvt_with_state(*ns, MPRING_TAKING_OVER);
		return MPRING_ROUTE_TAKEOVER;
	default:
		return MPRING_PVT_ROUTE_NONE;	/* BUSY, TAKING_OVER: someone drains */
	}
}

/*
 * Commit [start, end): advance pidx_tail from start, which must be where *w (our guess of the
 * word) has it. *route: the role this call already holds (NONE, or won by an earlier commit of
 * the same publish); only without one, and not from inside the drain (ONLY), is there a decision
 * to take. Returns false, without committing, if the word's tail is not at start: that happens
 * only to a range claimed from a mark left in a later lap than the one its claimer committed in
 * (prod_publish). On success *w is the word written.
 */
static bool
prod_commit(struct mpring *r, const struct mpring_pvt_ctx *c, union mpring_pvt_word *w,
		uint32_t start, uint32_t end, unsigned int *route, unsigned int mode, bool *leased)
{
	union mpring_pvt_word ns;
	unsigned int st, nroute;

	for (;;) {
		if (w->tail != start)
			return false;
		st = mpring_pvt_state(*w);
		ns = *w;
		ns.tail = (uint16_t)end;
		nroute = *route;
		if (mode == MPRING_PVT_ONLY || *route != MPRING_PVT_ROUTE_NONE)
			MPRING_ASSERT(mpring_pvt_owned(st));
		else
			/* Decided again after every failed CAS (can_drain() asked again too). */
			nroute = prod_elect(r, st, &ns);
		/* R1 (seq_cst, S2): release, pairs with A2, A4, A5: the range's items (ours, or
		 * acquired with its mark by A3) before the consumer's acquire of this tail.
		 * A2: acquire, pairs with R1 of earlier producers and R4: if we become the
		 * consumer. Seq_cst: the S1/S2 pair of prod_publish. */
		if (__atomic_compare_exchange_n(&r->state, &w->u, ns.u, true, __ATOMIC_SEQ_CST,
				__ATOMIC_RELAXED))
			break;
		mpring_pvt_stat_retry(c);
	}
	if (nroute != *route)
		mpring_pvt_stat_claim(c, st, false);
	/* Committed behind a lease: its holder drains only its own arrays (the lease). */
	if (unlikely(ns.flags & MPRING_PVT_LEASED))
		*leased = true;
	*route = nroute;
	*w = ns;
	return true;
}

/* This thread's id in publication marks and the sole guess (0: not assigned yet), and the next
 * one to assign. Initial-exec, as the counters' slot: read on every call of a sole producer,
 * and the library's default model in a shared object calls __tls_get_addr for each read. */
static __thread uint32_t prod_tid __attribute__((tls_model("initial-exec")));
static uint32_t prod_tid_next;

/* This thread's id (never 0), assigned at its first need. */
static uint32_t
prod_self(void)
{
	uint32_t tid = prod_tid;

	while (unlikely(tid == 0)) {
		/* Relaxed: only uniqueness matters, which the RMW gives. */
		tid = __atomic_add_fetch(&prod_tid_next, 1, __ATOMIC_RELAXED);
		prod_tid = tid;
	}
	return tid;
}

/*
 * The mark of a range of @len items held by this thread: its thread id and the length. Unique
 * among the ranges held at any one time, because a thread holds one range of its own at a time
 * (a range it claimed keeps its owner's mark).
 */
static uint64_t
prod_mark(uint32_t len)
{
	return (uint64_t)prod_self() << 32 | len;
}

/*
 * We hold the filled range at @start (its mark @mark) and it is not our turn: leave it marked
 * for whoever commits the range before it. S1: seq_cst mark store and word load, against the
 * committer's S2 (commit CAS, then mark load): either it sees our mark, or we see its tail.
 * R2: the store also releases the range's items, pairs with A3. Returns true if we hold the
 * range again and it is our turn: the word (in *w) has tail at start and our mark was still
 * there, so nobody committed the range, so that tail is this lap's. A position alone could be a
 * later lap's: while we are preempted here, others may commit our range and go round the ring.
 */
static bool
prod_leave(struct mpring *r, uint32_t start, uint64_t mark, union mpring_pvt_word *w)
{
	uint64_t expect = mark;

	__atomic_store_n(&r->pend[start], mark, __ATOMIC_SEQ_CST);
	MPRING_TEST_HOOK(r, MPRING_HOOK_MARKED);
	w->u = __atomic_load_n(&r->state, __ATOMIC_SEQ_CST);
	if (w->tail != start)
		return false;	/* the committer before us will take it */
	/* Seq_cst: against the committer's claim of the same mark. */
	return __atomic_compare_exchange_n(&r->pend[start], &expect, 0, false, __ATOMIC_SEQ_CST,
			__ATOMIC_RELAXED);
}

/*
 * Publish the filled range [start, start + len): commit it, and every range after it that its
 * producer filled and left marked. Never waits for another producer. Returns the route if a
 * commit made us the consumer (COMMIT) or the taker (TAKEOVER), else MPRING_PVT_ROUTE_NONE.
 * Sets *leased if a commit found the ring leased (its items wait for the lease to end).
 */
static unsigned int
prod_publish(struct mpring *r, const struct mpring_pvt_ctx *c, uint32_t start, uint32_t len,
		unsigned int mode, union mpring_pvt_word w, bool *leased)
{
	unsigned int route = MPRING_PVT_ROUTE_NONE;
	uint64_t mark = 0;	/* the held range's mark; 0: ours, not made yet */
	uint32_t end;

	/* @w: the word our reservation wrote. If nobody was mid-enqueue before us then, it is
	 * the commit CAS's first guess: no load that fetches the line shared before the CAS
	 * wants it exclusive. Otherwise look again (relaxed: a guess, as in prod_reserve). */
	if (w.tail != start)
		w.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED);
	for (;;) {
		/* We hold [start, start + len), filled. */
		if (w.tail != start) {
			if (mark == 0)
				mark = prod_mark(len);
			if (!prod_leave(r, start, mark, &w))
				return route;
		}
		end = mpring_pvt_add(r, start, len);
		if (!prod_commit(r, c, &w, start, end, &route, mode, leased))
			continue;	/* a later lap's range, not its turn: leave it marked */
		MPRING_TEST_HOOK(r, MPRING_HOOK_COMMITTED);
		/* Nobody had reserved after this range when we committed it: nothing marked. */
		if (w.head == end)
			return route;
		/* S2 / A3: seq_cst load of the next range's mark, then claim it by CAS: its
		 * producer may see our tail and take it back at the same time. A3 pairs with R2.
		 * If we are preempted between the commit and here, the mark may already be a later
		 * lap's; prod_commit then finds the tail elsewhere and we leave it marked again. */
		mark = __atomic_load_n(&r->pend[end], __ATOMIC_SEQ_CST);
		if (mark == 0 || !__atomic_compare_exchange_n(&r->pend[end], &mark, 0, false,
				__ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
			return route;
		mpring_pvt_stat_help(c);
		MPRING_TEST_HOOK(r, MPRING_HOOK_CLAIMED);
		start = end;
		len = (uint32_t)(mark & UINT16_MAX);
	}
}

/* TAKEOVER: wait (at most one drain call of a running consumer) until it steps down. */
static void
prod_await_step_down(struct mpring *r, const struct mpring_pvt_ctx *c)
{
	union mpring_pvt_word w;
	uint32_t spins = 0;

	/* A6: acquire, pairs with R4 (the step-down): its slot reads and drain state are ours. */
	w.u = __atomic_load_n(&r->state, __ATOMIC_ACQUIRE);
	while (mpring_pvt_state(w) == MPRING_TAKING_OVER) {
		mpring_pvt_wait_step(c, &spins);
		w.u = __atomic_load_n(&r->state, __ATOMIC_ACQUIRE); /* A6 */
	}
	MPRING_ASSERT(mpring_pvt_state(w) == MPRING_BUSY);
}

/*
 * Is this thread alone on the ring? It is taken to be once its last conf.sole_calls calls came
 * in a row, no other producer's between them, and (conf.sole_cycles) still none that long after
 * the last of those: on a host with fewer cores than threads, a producer whose partner is
 * descheduled for a time slice sees thousands of calls of its own in a row, and the count alone
 * would take it to be alone (a SOLE drain then sends one burst per call where the partner's
 * items would have joined it). The clock is read only between the count and the time: a
 * producer among others (the count restarts at every change of producer) and one long alone
 * read none. Relaxed loads and stores, all: a guess, and both answers are safe with any number
 * of producers (the role is still taken by a CAS); a wrong "alone" only gives back items that
 * the ring would have queued. The line is written on a change of producer, and while a streak
 * grows: never by a producer that stays alone.
 */
static bool
prod_sole(struct mpring *r)
{
	uint32_t tid = prod_self(), calls;

	if (__atomic_load_n(&r->sole.tid, __ATOMIC_RELAXED) != tid) {
		__atomic_store_n(&r->sole.tid, tid, __ATOMIC_RELAXED);
		__atomic_store_n(&r->sole.calls, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&r->sole.timed, false, __ATOMIC_RELAXED);
		return false;
	}
	calls = __atomic_load_n(&r->sole.calls, __ATOMIC_RELAXED);
	if (calls < r->sole_calls) {
		__atomic_store_n(&r->sole.calls, ++calls, __ATOMIC_RELAXED);
		if (calls == r->sole_calls && r->sole_cycles != 0)
			__atomic_store_n(&r->sole.since, mpring_pvt_tsc(), __ATOMIC_RELAXED);
		return false;
	}
	if (r->sole_cycles == 0 || __atomic_load_n(&r->sole.timed, __ATOMIC_RELAXED))
		return true;
	if (mpring_pvt_tsc() - __atomic_load_n(&r->sole.since, __ATOMIC_RELAXED) <
			r->sole_cycles)
		return false;
	__atomic_store_n(&r->sole.timed, true, __ATOMIC_RELAXED);
	return true;
}

/*
 * SOLE, after the direct drain call (@n offered, @k taken, @holding as the drain said) when the
 * lean finish could not be taken: the session it would have been from the start. It starts from
 * the word cons_begin acquires (A4), so whatever others committed while we held the role is
 * drained; the call already made is accounted as cons_call would have (@fed: the hold policy
 * was told of it already); then, as any consumer, drain and leave.
 */
static __rte_cold uint32_t
prod_sole_session(struct mpring *r, const struct mpring_pvt_ctx *c, uint32_t n, uint32_t k,
		bool holding, bool fed)
{
	unsigned int end;
	struct cons s;

	cons_begin(&s, r, c, MPRING_ROUTE_SOLE, 0);
	/* what the direct call queued is the caller's (enqueued), drained by this session */
	mpring_pvt_stat_drain(c, k - mpring_pvt_take_queued(r), true);
	if (!fed)
		mpring_pvt_hold_drained(r, c, n, k, holding);
	s.holding = holding;
	mpring_pvt_stat_sole(c, k, n - k);
	end = cons_session(&s, NULL, 0, 0);
	mpring_pvt_stat_end(c, end);
	if (end == MPRING_END_STALL && cons_recheck(r, c))
		mpring_pvt_cons_run(r, c, MPRING_ROUTE_RESUME, NULL, 0, 0, 0);
	return k;
}

/* ============== the lease: the holder's calls (the rest in mpring_lease.c) ============== */

/*
 * The holder's drain call (lease_drain) held items or queued some (kick): the lease ends. If
 * the holder wins the lease word against any revoker, it is the consumer and runs the session a
 * SOLE call runs; if a revoker won, that one waits for inside == 0 and takes over from the
 * state we leave (the hold deadline tells its session that the drain holds).
 */
static __rte_noinline __rte_cold uint32_t
lease_end_own(struct mpring *r, const struct mpring_pvt_ctx *c, uint64_t h, uint32_t *inside,
		uint32_t n, uint32_t k, bool holding)
{
	/* Relaxed, both ways: an election; the role is ours until a winner ends it. */
	if (__atomic_compare_exchange_n(&r->lease.holder, &h, MPRING_PVT_LEASE_REVOKING, false,
			__ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
		mpring_pvt_lease_clear(r, c);
		/* Relaxed: no revoker waits (we won the election). */
		__atomic_store_n(inside, 0, __ATOMIC_RELAXED);
		return prod_sole_session(r, c, n, k, holding, false);
	}
	mpring_pvt_hold_drained(r, c, n, k, holding);
	mpring_pvt_stat_sole_queued(c, k, mpring_pvt_take_queued(r), n - k);
	/* R7, as in lease_drain. */
	__atomic_store_n(inside, 0, __ATOMIC_RELEASE);
	return k;
}

/*
 * The holder's drain call, inside (its flag *@inside == 1, the lease @h checked): as
 * prod_sole_direct's, with no CAS after it. Inlined in the holder's call: it is all of it.
 */
static __rte_always_inline uint32_t
lease_drain(struct mpring *r, const struct mpring_pvt_ctx *c, uint64_t h, uint32_t *inside,
		void *const *items, uint32_t n)
{
	struct mpring_batch b = { .seg = { items, NULL }, .len = { n, 0 } };
	bool holding = false;
	uint32_t k;

	MPRING_ASSERT(mpring_pvt_hold_deadline(r) == 0);
	k = r->drain(r->cookie, &b, MPRING_DRAIN_DIRECT, &holding);
	MPRING_ASSERT(k <= n);
	MPRING_TEST_HOOK(r, MPRING_HOOK_DRAINED);
	/* Relaxed: written by this thread only (its drain's enqueue_rest or enqueue_only). */
	if (unlikely(holding || __atomic_load_n(&r->lease.kick, __ATOMIC_RELAXED)))
		return lease_end_own(r, c, h, inside, n, k, holding);
	MPRING_ASSERT(r->queued == 0);	/* queuing ends the lean path (kick, tail) */
	mpring_pvt_stat_sole_lean(c, k, n - k);
	/* R7: release, pairs with A12 and mpring_pvt_lease_rest: the drain's state and our
	 * reads of the caller's array before a revoker's session. */
	__atomic_store_n(inside, 0, __ATOMIC_RELEASE);
	return k;
}

/* The grant: A9's CAS wrote BUSY | LEASED; this call drains as the holder's calls will. */
static __rte_noinline uint32_t
lease_grant(struct mpring *r, const struct mpring_pvt_ctx *c, void *const *items, uint32_t n)
{
	struct mpring_pvt_slot *sl = container_of(c->st, struct mpring_pvt_slot, s);
	uint64_t h = mpring_pvt_lease_val((uint32_t)(sl - r->stats), prod_self());

	/* our name from now on, whichever ring we lease (mpring_lease_enter's check) */
	mpring_pvt_lease_me = h;

	/* Relaxed: the holder's own; ordered for others by the role (A9 acquired it). */
	__atomic_store_n(&r->lease.kick, false, __ATOMIC_RELAXED);
	__atomic_store_n(&sl->lease_inside, 1, __ATOMIC_RELAXED);
	/* R6: release, pairs with A10: a revoker that reads our name also reads inside = 1, so
	 * this call needs no F1. */
	__atomic_store_n(&r->lease.holder, h, __ATOMIC_RELEASE);
	mpring_pvt_stat_lease(c, true);
	return lease_drain(r, c, h, &sl->lease_inside, items, n);
}

/*
 * A call of the holder (the lease word @h named this thread and its current slot at a relaxed
 * look): F1's light side, then the drain. Returns the items taken, or UINT32_MAX if the lease
 * was revoked (the caller enqueues as usual: the lease is over for it).
 */
static __rte_always_inline uint32_t
lease_call(struct mpring *r, uint64_t h, void *const *items, uint32_t n)
{
	struct mpring_pvt_slot *sl = &r->stats[mpring_pvt_lease_slot(h)];
	/* The counters of the slot the lease names: our own, never the shared one. */
	const struct mpring_pvt_ctx c = { .st = &sl->s, .shared = false };
	uint32_t *inside = &sl->lease_inside;

	/* Relaxed: F1 orders it (the signal fence for the compiler, membarrier for the CPU). */
	__atomic_store_n(inside, 1, __ATOMIC_RELAXED);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	MPRING_TEST_HOOK(r, MPRING_HOOK_LEASE_INSIDE);
	/* A11: acquire: the drain stays after the check. */
	if (unlikely(__atomic_load_n(&r->lease.holder, __ATOMIC_ACQUIRE) != h)) {
		/* Revoked: the revoker may wait for this (nothing of ours to pass on). */
		__atomic_store_n(inside, 0, __ATOMIC_RELEASE);
		return UINT32_MAX;
	}
	return lease_drain(r, &c, h, inside, items, n);
}

/* mpring_lease_exit() (mpring.h) of a call that queued items (kick): the lease ends, as
 * lease_drain's. */
__rte_cold uint32_t
mpring_pvt_lease_exit_kicked(struct mpring *r, struct mpring_pvt_slot *sl, uint64_t h,
			     uint32_t n, uint32_t k)
{
	const struct mpring_pvt_ctx c = { .st = &sl->s, .shared = false };

	return lease_end_own(r, &c, h, &sl->lease_inside, n, k, false);
}

/*
 * SOLE: a producer alone on an idle, empty, running ring takes the role with one CAS and
 * offers its burst to the drain from its own array (MPRING_DRAIN_DIRECT); what the drain does
 * not take goes back to it (declined), unless the drain queued it (enqueue_only): the ring then
 * costs what a lock around the resource would. The lean finish: if the drain holds nothing and
 * nobody reserved or committed while we held the role, the word is still the one our claim
 * wrote, and one CAS back to the word before it (IDLE, the same indices) gives the role back,
 * with no session (cons_begin, cons_next) and counters folded into two
 * (mpring_pvt_stat_sole_lean). Otherwise, as any consumer, it drains
 * what others queued meanwhile and leaves (prod_sole_session). Returns the items taken, or
 * UINT32_MAX if the ring was not idle (the caller enqueues instead).
 */
static uint32_t
prod_sole_direct(struct mpring *r, const struct mpring_pvt_ctx *c, void *const *items,
		uint32_t n)
{
	struct mpring_batch b = { .seg = { items, NULL }, .len = { n, 0 } };
	union mpring_pvt_word os, ns;
	bool holding = false, fed = false;
	uint32_t k;

	/* Relaxed: a guess; the CAS validates it. */
	os.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED);
	/* IDLE, not stopped, nobody mid-enqueue */
	if ((os.flags & (MPRING_PVT_STATE_MASK | MPRING_PVT_STOPPED)) != MPRING_IDLE ||
			os.head != os.tail)
		return UINT32_MAX;
	ns = mpring_pvt_with_state(os, MPRING_BUSY);
	if (r->lease_on && !c->shared)
		ns.flags |= MPRING_PVT_LEASED;	/* the grant: the role stays ours */
	/* A9: acquire, pairs with R4/R5: the last consumer's drain state is ours. Strong CAS,
	 * one try: failing, the word moved (a reservation, a claim, a stop): enqueue then. IDLE
	 * means everything committed was drained (cidx == tail), so none of this producer's
	 * earlier items can still wait in the ring: its order holds. */
	if (!__atomic_compare_exchange_n(&r->state, &os.u, ns.u, false, __ATOMIC_ACQUIRE,
			__ATOMIC_RELAXED))
		return UINT32_MAX;
	MPRING_ASSERT(os.cidx == os.tail);
	/* IDLE: nothing held, so no hold deadline runs (a session goes IDLE only after a drain
	 * call that held nothing and took all it was offered, which clears it): no flush. */
	MPRING_ASSERT(mpring_pvt_hold_deadline(r) == 0);
	if (ns.flags & MPRING_PVT_LEASED)
		return lease_grant(r, c, items, n);
	k = r->drain(r->cookie, &b, MPRING_DRAIN_DIRECT, &holding);
	MPRING_ASSERT(k <= n);
	MPRING_TEST_HOOK(r, MPRING_HOOK_DRAINED);
	if (likely(!holding)) {
		/* With ring-level holds on, the policy counts the items drained (mpring_hold.c);
		 * with a deadline of 0 and nothing held, that is all it does. */
		if (r->hold_items != 0) {
			mpring_pvt_hold_drained(r, c, n, k, false);
			fed = true;
		}
		/* R5: release, pairs with A1, A2, A4, A7, A8, A9: the drain's state and our
		 * reads of the caller's array happen before the next owner's acquire, as R4.
		 * Strong, one try from the word our claim wrote (@ns: BUSY, head == tail ==
		 * cidx): it fails if a producer reserved or committed meanwhile (head or tail
		 * moved; they cannot come back to the same value, the ring holding fewer than
		 * size items with cidx ours and fixed) or a quiesce set its bit; then the
		 * session drains and leaves. Failure relaxed: the session's A4 load acquires. */
		if (__atomic_compare_exchange_n(&r->state, &ns.u, os.u, false, __ATOMIC_RELEASE,
				__ATOMIC_RELAXED)) {
			MPRING_ASSERT(r->queued == 0);	/* queuing moves the tail */
			mpring_pvt_stat_sole_lean(c, k, n - k);
			return k;
		}
		mpring_pvt_stat_retry(c);
	}
	return prod_sole_session(r, c, n, k, holding, fed);
}

/* A producer's items, up to @n of them, into the ring: enqueue()'s work. */
static uint32_t
prod_enqueue(struct mpring *r, const struct mpring_pvt_ctx *c, void *const *items, uint32_t n,
	     unsigned int mode, bool rest, int *err)
{
	union mpring_pvt_word w;
	uint32_t k, start;
	unsigned int route;
	bool leased = false;

	k = prod_reserve(r, c, n, mode, &start, &route, &w, err);
	if (k == 0) {
		mpring_pvt_stat_refuse(c, *err, n);
		return 0;
	}
	if (rest)
		r->queued += k;	/* the caller holds the role: counted when its call ends */
	else
		mpring_pvt_stat_enqueue(c, mode == MPRING_PVT_ONLY, k);
	if (route == MPRING_ROUTE_FAST) {
		mpring_pvt_cons_run(r, c, route, items, start, k, 0);
		return k;
	}
	MPRING_TEST_HOOK(r, MPRING_HOOK_RESERVED);
	slots_fill(r, start, items, k);
	route = prod_publish(r, c, start, k, mode, w, &leased);
	if (route == MPRING_PVT_ROUTE_NONE) {
		/* Behind a lease: a commit of ours found LEASED, or our reservation did (our
		 * range may be committed by another producer, or wait marked for one). The
		 * holder drains only its own arrays, so the lease must end: for others' items,
		 * and for the holder's own (a bulk call of it), which its later direct calls
		 * would overtake. */
		if (unlikely(leased || (w.flags & MPRING_PVT_LEASED))) {
			if (mode == MPRING_PVT_ONLY) {
				/* From the holder's drain (only it drains while LEASED): it ends
				 * the lease after the call. Relaxed: its own flag. */
				__atomic_store_n(&r->lease.kick, true, __ATOMIC_RELAXED);
				return k;
			}
			if (mpring_pvt_lease_revoke(r, c)) {
				mpring_pvt_cons_run(r, c, MPRING_ROUTE_REVOKE, NULL, 0, 0, 0);
				return k;
			}
		}
		if (mode != MPRING_PVT_ONLY)
			mpring_pvt_stat_not_consumer(c);
		return k;
	}
	if (route == MPRING_ROUTE_TAKEOVER)
		prod_await_step_down(r, c);
	mpring_pvt_cons_run(r, c, route, NULL, 0, 0, 0);
	return k;
}

static uint32_t
enqueue(struct mpring *r, void *const *items, uint32_t n, unsigned int mode, bool rest,
	int *err)
{
	struct mpring_pvt_ctx c;
	uint32_t k;

	*err = 0;
	if (unlikely(n == 0))
		return 0;
	mpring_pvt_ctx_init(r, &c);
	k = prod_enqueue(r, &c, items, n, mode, rest, err);
	/* not from inside the drain (ONLY): its caller holds the role and the stall is its */
	if (unlikely(k < n) && r->stall_yield && mode != MPRING_PVT_ONLY)
		mpring_pvt_stall_yield(r, &c);
	return k;
}

uint32_t
mpring_enqueue_burst(struct mpring *r, void *const *items, uint32_t n)
{
	struct mpring_pvt_ctx c;
	uint64_t h;
	uint32_t k;
	int err;

	/* A producer alone: here, not in enqueue(), so that its calls skip that function's
	 * set-up (bulk and enqueue_only never take this path). The lease holder's calls first:
	 * others pay one load of the lease word (relaxed: a guess, lease_call checks again). */
	if (r->sole_calls != 0 && n != 0) {
		if ((h = __atomic_load_n(&r->lease.holder, __ATOMIC_RELAXED)) ==
				mpring_pvt_lease_me) {
			k = lease_call(r, h, items, n);
			if (k != UINT32_MAX)
				return k;
		} else if (prod_sole(r)) {
			mpring_pvt_ctx_init(r, &c);
			k = prod_sole_direct(r, &c, items, n);
			if (k != UINT32_MAX)
				return k;
		}
	}
	return enqueue(r, items, n, MPRING_PVT_BURST, false, &err);
}

int
mpring_enqueue_bulk(struct mpring *r, void *const *items, uint32_t n)
{
	int err;

	if (n > r->cap)
		return -EINVAL;
	enqueue(r, items, n, MPRING_PVT_BULK, false, &err);
	return err;
}

uint32_t
mpring_enqueue_only(struct mpring *r, void *const *items, uint32_t n)
{
	int err;

	return enqueue(r, items, n, MPRING_PVT_ONLY, false, &err);
}

uint32_t
mpring_enqueue_rest(struct mpring *r, void *const *items, uint32_t n)
{
	int err;

	return enqueue(r, items, n, MPRING_PVT_ONLY, true, &err);
}
