/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Coalescing multi-producer ring (design: shared/design/mp-ring-notes.md §1-§11, our
 * docs/mpring.md).
 *
 * State machine. One 64-bit word holds pidx_head (reservation frontier), pidx_tail
 * (publication frontier), cidx (consumer frontier as published) and flags (state + quiesce
 * bit). Every change of the word is a CAS of the whole word, so whoever sees a state also sees
 * the indices that were current when it was written.
 *
 * Producers reserve slots with one CAS, fill them, and publish them with a second CAS. A producer
 * becomes the consumer when a commit finds nobody draining (IDLE, COALESCING, or STALLED with
 * can_drain() true), or finds the consumer over its budget (TOO_BUSY: it takes over). When the
 * reservation finds the ring idle with no producer mid-enqueue, one CAS reserves, publishes and
 * claims the role (route FAST); if the ring was also empty the producer drains its burst straight
 * from its own array and only copies into the ring what the drain did not take.
 *
 * Publication never waits for another producer. pidx_tail advances in reservation order, but a
 * producer that has filled its range while an earlier range is still being filled (its producer
 * may be preempted) leaves its range marked (pend[start] = length) and returns; whoever commits
 * the range before it also commits every marked range that follows, taking the consumer
 * decision at each commit. The mark store / word load of the one and the commit CAS / mark load
 * of the other are seq_cst (a store-buffering pair): at least one sees the other, and an
 * exchange on the mark decides who commits when both do.
 *
 * The consumer role is the ring's consumer lock: the state word admits one owner of
 * BUSY/TOO_BUSY/TAKING_OVER at a time, and the role passes from owner to owner through
 * release/acquire CAS on the word, so the drain callback's private state needs no other lock.
 * A producer that takes over from a TOO_BUSY consumer commits its items and then waits (at
 * most one drain call) until the old consumer writes BUSY on its behalf.
 *
 * The consumer drains [cidx, pidx_tail) in drain calls until it catches up (IDLE, or
 * COALESCING if something is held), the drain makes no progress (STALLED), or a taking-over
 * producer replaces it. After budget_items items or budget_cycles cycles it writes TOO_BUSY and
 * keeps draining until replaced. After writing STALLED it re-checks can_drain() and resumes
 * itself if resources came back meanwhile (closes the lost wake-up window of §10.1).
 *
 * Coalescing (§11.4). Two things may be held while the ring is COALESCING: items still in the
 * ring (a consumer that finds fewer than hold_items items pending, a stream - the previous
 * such check less than hold_cycles ago - and an unexpired deadline leaves them for the next
 * producer), and items the drain callback keeps back (*holding). A hold starts
 * a deadline of hold_cycles. COALESCING is not idle; the next enqueue drains held items with
 * its own, mpring_resume() flushes them (MPRING_RESUME_LAZY: once the deadline passed), and a
 * consumer that finds the deadline passed drains with MPRING_DRAIN_FLUSH and holds nothing.
 *
 * Transitions (state, event -> next; "P" producer, "C" consumer, "R" resumer):
 *
 *   IDLE         P reserves, nobody mid-enqueue (FAST)           -> BUSY
 *   IDLE         P commits a range (COMMIT); trylock (LOCK)      -> BUSY
 *   COALESCING   P reserves (FAST) or commits; trylock (join)    -> BUSY
 *   COALESCING   R mpring_resume() (flush)                       -> BUSY
 *   STALLED      P commits and can_drain() (COMMIT)              -> BUSY
 *   STALLED      R resume and can_drain(); trylock               -> BUSY
 *   STALLED      C re-check after writing STALLED, can_drain()   -> BUSY
 *   BUSY         C caught up, nothing held                       -> IDLE
 *   BUSY         C caught up and drain holds; or hold rule       -> COALESCING
 *   BUSY         C drain returned 0                              -> STALLED
 *   BUSY         C budget spent, work remains                    -> TOO_BUSY
 *   TOO_BUSY     C caught up / hold / drain returned 0           -> IDLE / COALESCING / STALLED
 *   TOO_BUSY     P commits a range (TAKEOVER)                    -> TAKING_OVER
 *   TAKING_OVER  C next update: after a drain call, or stall     -> BUSY (owned by the taker)
 *
 * Any state: quiesce sets the STOPPED bit (reservations refused), start clears it.
 */

#include <errno.h>
#include <string.h>

#include "mpring_pvt.h"

/* Counter slot of this thread, -1 = lcore id. Initial-exec: no __tls_get_addr per call. */
static __thread int mpring_pvt_tls_slot __attribute__((tls_model("initial-exec"))) = -1;

enum mpring_pvt_mode {
	MPRING_PVT_BURST,
	MPRING_PVT_BULK,
	MPRING_PVT_ONLY,
};

/* No route: the producer leaves the draining to someone else. */
#define MPRING_PVT_ROUTE_NONE MPRING_ROUTE_MAX

struct mpring_pvt_ctx {
	struct mpring_stats *st;
	bool shared;
};

#ifdef MPRING_TEST_HOOKS
mpring_pvt_hook_t mpring_pvt_test_hook;
#endif

void
mpring_pvt_assert_fail(const char *what, const char *file, int line)
{
	fprintf(stderr, "mpring: assertion \"%s\" failed at %s:%d\n", what, file, line);
	abort();
}

static inline void
mpring_pvt_ctx_init(struct mpring *r, struct mpring_pvt_ctx *c)
{
	int slot = mpring_pvt_tls_slot;

	if (unlikely(slot < 0)) {
		unsigned int lc = rte_lcore_id();

		if (lc < RTE_MAX_LCORE) {
			/* Cache it: rte_lcore_id() is a global-dynamic TLS access from here. */
			slot = (int)lc;
			mpring_pvt_tls_slot = slot;
		} else {
			slot = MPRING_PVT_SHARED_SLOT;
		}
	}
	c->st = &r->stats[slot].s;
	c->shared = slot == MPRING_PVT_SHARED_SLOT;
}

static inline void
mpring_pvt_stat_add(const struct mpring_pvt_ctx *c, uint64_t *f, uint64_t v)
{
	if (unlikely(c->shared))
		/* Relaxed RMW: several threads share this slot; readers only sum. */
		__atomic_fetch_add(f, v, __ATOMIC_RELAXED);
	else
		/* Owner-only slot: load and store, no RMW. Relaxed atomics so that the summing
		 * reader (mpring_stats_get) is not a data race; no ordering is needed. */
		__atomic_store_n(f, __atomic_load_n(f, __ATOMIC_RELAXED) + v, __ATOMIC_RELAXED);
}

#define MPRING_PVT_STAT(c, field, v) mpring_pvt_stat_add((c), &(c)->st->field, (v))

/*
 * One step of a wait for another thread (a consumer to step down or make room, a producer to
 * leave): pause for the first MPRING_PVT_SPINS steps, then yield the CPU at every step, because
 * on an oversubscribed host the thread we wait for may be preempted on our own core.
 * Returns true if it yielded.
 */
static bool
mpring_pvt_wait(const struct mpring_pvt_ctx *c, uint32_t *spins)
{
	if (*spins < MPRING_PVT_SPINS) {
		++*spins;
		rte_pause();
		return false;
	}
	MPRING_PVT_STAT(c, yields, 1);
	sched_yield();
	return true;
}

static inline unsigned int
mpring_pvt_hist_bucket(uint32_t n)
{
	return n == 0 ? 0 : 32 - (unsigned int)__builtin_clz(n);
}

static inline void
mpring_pvt_fill(struct mpring *r, uint32_t start, void *const *items, uint32_t n)
{
	uint32_t first = RTE_MIN(n, r->size - start);
	uint32_t i;

	for (i = 0; i < first; i++)
		r->slots[start + i] = items[i];
	for (; i < n; i++)
		r->slots[i - first] = items[i];
}

static inline void
mpring_pvt_batch(struct mpring *r, struct mpring_batch *b, uint32_t cidx, uint32_t n)
{
	uint32_t first = RTE_MIN(n, r->size - cidx);

	b->seg[0] = &r->slots[cidx];
	b->len[0] = first;
	b->seg[1] = r->slots;
	b->len[1] = n - first;
}

static inline uint64_t
mpring_pvt_deadline(const struct mpring *r)
{
	/* Relaxed: a hint shared with lazy resumers; the role itself is ordered by the word. */
	return __atomic_load_n(&r->hold_deadline, __ATOMIC_RELAXED);
}

static inline void
mpring_pvt_deadline_set(struct mpring *r, uint64_t v)
{
	/* Relaxed: written only by the consumer role (see mpring_pvt_deadline). */
	__atomic_store_n(&r->hold_deadline, v, __ATOMIC_RELAXED);
}

static inline uint32_t
mpring_pvt_call_drain(struct mpring *r, const struct mpring_pvt_ctx *c,
		const struct mpring_batch *b, uint32_t avail, unsigned int flags, bool *holding)
{
	uint32_t n;

	*holding = false;
	n = r->drain(r->cookie, b, flags, holding);
	MPRING_ASSERT(n <= avail);
	MPRING_ASSERT(avail != 0 || n == 0);
	MPRING_ASSERT(!(flags & MPRING_DRAIN_FLUSH) || !*holding);
	MPRING_PVT_STAT(c, drain_calls, 1);
	MPRING_PVT_STAT(c, drained, n);
	MPRING_PVT_STAT(c, drain_hist[mpring_pvt_hist_bucket(n)], 1);
	return n;
}

/*
 * Hold rule (§11.4): leave @pending items in the ring for the next producer if coalescing is
 * on, they are fewer than hold_items, the previous candidate session was less than
 * hold_cycles ago (a stream, not an isolated burst) and the hold deadline has not passed.
 * Starts the deadline if nothing was held. Consumer role only.
 */
static inline bool
mpring_pvt_want_hold(struct mpring *r, uint32_t pending, uint64_t *tsc)
{
	uint64_t now, prev, deadline;

	if (pending >= r->hold_items)
		return false;
	/* *tsc: a TSC value read since the last drain call, 0 if none. */
	if (*tsc == 0)
		*tsc = rte_rdtsc();
	now = *tsc;
	prev = r->last_cand_tsc;
	r->last_cand_tsc = now;
	if (prev == 0 || now - prev >= r->hold_cycles)
		return false;
	deadline = mpring_pvt_deadline(r);
	if (deadline == 0)
		mpring_pvt_deadline_set(r, now + r->hold_cycles);
	else if (now >= deadline)
		return false;
	return true;
}

static inline bool
mpring_pvt_over_budget(const struct mpring *r, uint32_t total, uint64_t *t0)
{
	uint64_t now;

	if (total >= r->budget_items)
		return true;
	if (r->budget_cycles == 0)
		return false;
	/* The clock starts at the first decision to go on, so a session that catches up after
	 * one drain call never reads the TSC. */
	now = rte_rdtsc();
	if (*t0 == 0) {
		*t0 = now;
		return false;
	}
	return now - *t0 >= r->budget_cycles;
}

/*
 * The consumer loop. The caller owns the role (state BUSY, written by its own CAS or by the
 * consumer it took over from). With @own_n != 0 (route FAST) slots [own_start, +own_n) are
 * published but not yet filled: their items are still in @own.
 */
static uint32_t
mpring_pvt_consume(struct mpring *r, const struct mpring_pvt_ctx *c, unsigned int route,
		void *const *own, uint32_t own_start, uint32_t own_n, unsigned int dflags)
{
	union mpring_pvt_word os, ns;
	struct mpring_batch b;
	uint32_t cidx, pending, n, total = 0, done = 0, rechecks = 0;
	uint64_t t0, tsc, deadline;
	bool flush, flushed, holding, hold;
	unsigned int st, end;

session:
	/* Everything below is per session and comes from the word the role was taken with. */
	t0 = 0;
	tsc = 0;
	flush = (dflags & MPRING_DRAIN_FLUSH) != 0;
	flushed = false;
	hold = false;
	MPRING_PVT_STAT(c, starts[route], 1);
	/* Acquire: pairs with the release of every commit CAS (the items) and of the previous
	 * consumer's last CAS (driver state); all writes of the word are RMWs, so the release
	 * sequences reach the value we read. */
	os.u = __atomic_load_n(&r->state, __ATOMIC_ACQUIRE);
	MPRING_ASSERT(mpring_pvt_state(os) == MPRING_BUSY);
	cidx = os.cidx;
	deadline = mpring_pvt_deadline(r);
	/* Something may still be held by the drain until a drain call says otherwise. */
	holding = deadline != 0;
	if (deadline != 0 && !flush) {
		tsc = rte_rdtsc();
		flush = tsc >= deadline;
	}

	if (own_n != 0) {
		if (cidx == own_start && !flush)
			hold = mpring_pvt_want_hold(r, own_n, &tsc);
		if (cidx == own_start && !hold) {
			/* Idle, empty ring: drain the caller's burst where it is. */
			b.seg[0] = own;
			b.len[0] = own_n;
			b.seg[1] = NULL;
			b.len[1] = 0;
			n = mpring_pvt_call_drain(r, c, &b, own_n,
					flush ? MPRING_DRAIN_FLUSH : 0, &holding);
			flushed = flush;
			tsc = 0;
			MPRING_PVT_STAT(c, direct, n);
			if (n < own_n)
				mpring_pvt_fill(r, mpring_pvt_add(r, own_start, n), own + n,
						own_n - n);
			if (holding) {
				if (deadline == 0)
					mpring_pvt_deadline_set(r, rte_rdtsc() + r->hold_cycles);
			} else if (n == own_n && deadline != 0) {
				mpring_pvt_deadline_set(r, 0);
			}
			if (n == 0)
				goto stall;
			cidx = mpring_pvt_add(r, cidx, n);
			total = n;
			goto drained;
		}
		mpring_pvt_fill(r, own_start, own, own_n);
	}

	for (;;) {
		st = mpring_pvt_state(os);
		MPRING_ASSERT(st == MPRING_BUSY || st == MPRING_TOO_BUSY ||
				st == MPRING_TAKING_OVER);
		if (st == MPRING_TAKING_OVER) {
			/* Step down: the taker waits for this BUSY, which is now its own. Release:
			 * our slot reads and the drain's state happen before its acquire load.
			 * Acquire on failure, as for every consumer CAS below whose failure value
			 * we go on to drain from: the fresh tail must come with its items. */
			ns = mpring_pvt_with_state(os, MPRING_BUSY);
			ns.cidx = (uint16_t)cidx;
			if (__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true,
					__ATOMIC_RELEASE, __ATOMIC_ACQUIRE)) {
				MPRING_PVT_STAT(c, handovers, 1);
				end = MPRING_END_HANDOVER;
				break;
			}
			MPRING_PVT_STAT(c, cas_retries, 1);
			continue;
		}
		pending = mpring_pvt_dist(r, cidx, os.tail);
		if (pending == 0 && (!flush || flushed)) {
			/* Caught up. Release: producers that reuse our slots, and the next
			 * consumer, see our reads and the drain's state. A producer that committed
			 * since our last load makes the CAS fail (acquire: its items) and we drain
			 * them. */
			ns = mpring_pvt_with_state(os, holding ? MPRING_COALESCING : MPRING_IDLE);
			ns.cidx = (uint16_t)cidx;
			if (holding && mpring_pvt_deadline(r) == 0)
				mpring_pvt_deadline_set(r, rte_rdtsc() + r->hold_cycles);
			if (__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true,
					__ATOMIC_RELEASE, __ATOMIC_ACQUIRE)) {
				if (holding)
					MPRING_PVT_STAT(c, holds, 1);
				end = holding ? MPRING_END_HOLD : MPRING_END_IDLE;
				break;
			}
			MPRING_PVT_STAT(c, cas_retries, 1);
			continue;
		}
		if (pending != 0 && !flush && ((hold && pending < r->hold_items) ||
				mpring_pvt_want_hold(r, pending, &tsc))) {
			/* Hold rule: leave the items for the next producer or resumer, so that
			 * one drain call (one doorbell) covers several bursts. Under drain
			 * pressure this is what builds large batches: the consumer goes back to
			 * producing instead of draining each trickle. Release as
			 * for catching up (acquire on failure, too); the next consumer acquires
			 * the items with the role. */
			ns = mpring_pvt_with_state(os, MPRING_COALESCING);
			ns.cidx = (uint16_t)cidx;
			if (__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true,
					__ATOMIC_RELEASE, __ATOMIC_ACQUIRE)) {
				MPRING_PVT_STAT(c, holds, 1);
				end = MPRING_END_HOLD;
				break;
			}
			MPRING_PVT_STAT(c, cas_retries, 1);
			continue;
		}

		mpring_pvt_batch(r, &b, cidx, pending);
		n = mpring_pvt_call_drain(r, c, &b, pending, flush ? MPRING_DRAIN_FLUSH : 0,
				&holding);
		tsc = 0;
		flushed = flush;
		if (holding) {
			if (mpring_pvt_deadline(r) == 0)
				mpring_pvt_deadline_set(r, rte_rdtsc() + r->hold_cycles);
		} else if (n == pending && mpring_pvt_deadline(r) != 0) {
			mpring_pvt_deadline_set(r, 0);
		}
		if (pending == 0) {
			/* The flush call of an empty range; its result means nothing. */
			os.u = __atomic_load_n(&r->state, __ATOMIC_ACQUIRE); /* as at entry */
			continue;
		}
		if (n == 0)
			goto stall;
		cidx = mpring_pvt_add(r, cidx, n);
		total += n;
drained:
		/* Acquire: items committed since (pairs with the commit CAS release). */
		os.u = __atomic_load_n(&r->state, __ATOMIC_ACQUIRE);
		st = mpring_pvt_state(os);
		if (st == MPRING_TAKING_OVER || os.tail == cidx)
			continue;
		if (st == MPRING_BUSY && mpring_pvt_over_budget(r, total, &t0)) {
			ns = mpring_pvt_with_state(os, MPRING_TOO_BUSY);
		} else if (n >= MPRING_PVT_PUBLISH_MIN || st == MPRING_TOO_BUSY ||
				mpring_pvt_free(r, os) < r->cap / 2) {
			ns = os;
		} else {
			/* Small batch, no state change: skip the CAS and keep cidx private;
			 * producers see less free space than there is (bounded as above). */
			continue;
		}
		/* Publish cidx (and maybe TOO_BUSY). Release: our reads of the consumed slots
		 * happen before a producer's reservation (acquire) reuses them. Acquire: as the
		 * load above. On failure we re-decide at the top with the fresh word. */
		ns.cidx = (uint16_t)cidx;
		if (__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true,
				__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			os = ns;
		else
			MPRING_PVT_STAT(c, cas_retries, 1);
		continue;
stall:
		/* The drain made no progress. Write STALLED (or hand over to a taker, who will
		 * try again). Release: driver state to whoever resumes (acquire CAS). */
		os.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED);
		for (;;) {
			st = mpring_pvt_state(os);
			MPRING_ASSERT(st == MPRING_BUSY || st == MPRING_TOO_BUSY ||
					st == MPRING_TAKING_OVER);
			ns = mpring_pvt_with_state(os, st == MPRING_TAKING_OVER ?
					MPRING_BUSY : MPRING_STALLED);
			ns.cidx = (uint16_t)cidx;
			if (__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true,
					__ATOMIC_RELEASE, __ATOMIC_RELAXED))
				break;
			MPRING_PVT_STAT(c, cas_retries, 1);
		}
		if (st == MPRING_TAKING_OVER) {
			MPRING_PVT_STAT(c, handovers, 1);
			end = MPRING_END_HANDOVER;
			break;
		}
		MPRING_PVT_STAT(c, stalls, 1);
		end = MPRING_END_STALL;
		/* Publish-then-recheck: resources freed between the failed drain call and our
		 * STALLED were seen by nobody (a resumer saw BUSY). */
		if (rechecks >= MPRING_PVT_RECHECKS ||
				(r->can_drain != NULL && !r->can_drain(r->cookie)))
			break;
		rechecks++;
		MPRING_TEST_HOOK(r, MPRING_HOOK_STALL_RECHECK);
		/* Having written STALLED we no longer own the role: between that CAS and the one
		 * below, others may have resumed, drained, and stalled the ring again, so our
		 * cidx and hold state may be stale. Taking STALLED back is a resume like any
		 * other: a new session that starts from the word it acquires. */
		os = ns;
		while (mpring_pvt_state(os) == MPRING_STALLED) {
			ns = mpring_pvt_with_state(os, MPRING_BUSY);
			/* Acquire: as any resume. */
			if (__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true,
					__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
				break;
			MPRING_PVT_STAT(c, cas_retries, 1);
		}
		if (mpring_pvt_state(os) != MPRING_STALLED)
			break;	/* someone else resumed it and is the consumer now */
		MPRING_PVT_STAT(c, restarts, 1);
		MPRING_PVT_STAT(c, ends[end], 1);
		done += total;
		total = 0;
		route = MPRING_ROUTE_RESUME;
		own_n = 0;
		dflags = 0;
		goto session;
	}
	MPRING_PVT_STAT(c, ends[end], 1);
	return done + total;
}

/*
 * Reserve up to @n slots (BULK: exactly @n). On an idle ring with nobody mid-enqueue the same CAS
 * publishes the range and claims the role (route FAST; we fill later, being the only reader).
 * Returns the count (0: refused, *err says why) and the range start in *start.
 */
static uint32_t
mpring_pvt_reserve(struct mpring *r, struct mpring_pvt_ctx *c, uint32_t n, unsigned int mode,
		uint32_t *start, unsigned int *route, int *err)
{
	union mpring_pvt_word os, ns;
	uint32_t k, space, tries = 0, spins = 0;
	unsigned int st;

	/* Relaxed: only a guess for the CAS, which validates it and orders. */
	os.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED);
	for (;;) {
		st = mpring_pvt_state(os);
		if (mode == MPRING_PVT_ONLY) {
			MPRING_ASSERT(st == MPRING_BUSY || st == MPRING_TOO_BUSY ||
					st == MPRING_TAKING_OVER);
		} else if (unlikely(os.flags & MPRING_PVT_STOPPED)) {
			MPRING_PVT_STAT(c, rejected, n);
			*err = -EPIPE;
			return 0;
		}
		space = mpring_pvt_free(r, os);
		k = mode == MPRING_PVT_BULK ? (space >= n ? n : 0) : RTE_MIN(n, space);
		if (unlikely(k == 0)) {
			if (mode != MPRING_PVT_ONLY && tries < r->full_retries) {
				/* Full: a stalled or holding ring will not make room by itself;
				 * a busy one needs its consumer, which may share our core: pause,
				 * then yield; a try is a resume or a yield. */
				if (st == MPRING_STALLED || st == MPRING_COALESCING) {
					mpring_resume(r, 0);
					tries++;
				} else if (mpring_pvt_wait(c, &spins)) {
					tries++;
				}
				os.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED);
				continue;
			}
			MPRING_PVT_STAT(c, dropped, n);
			*err = -ENOBUFS;
			return 0;
		}
		ns = os;
		ns.head = mpring_pvt_add(r, os.head, k);
		*route = MPRING_PVT_ROUTE_NONE;
		if (mode != MPRING_PVT_ONLY && os.head == os.tail &&
				(st == MPRING_IDLE || st == MPRING_COALESCING)) {
			ns.tail = ns.head;
			ns = mpring_pvt_with_state(ns, MPRING_BUSY);
			*route = MPRING_ROUTE_FAST;
		}
		/* Acquire: the space check read cidx; the consumer's reads of the slots we are
		 * about to overwrite happen before (its cidx-publishing CAS is a release). When
		 * we claim the role it also pairs with the previous consumer's last release. */
		if (__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true,
				__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			break;
		MPRING_PVT_STAT(c, cas_retries, 1);
	}
	if (st == MPRING_COALESCING && *route == MPRING_ROUTE_FAST)
		MPRING_PVT_STAT(c, joins, 1);
	*start = os.head;
	return k;
}

/*
 * Publish the filled range [start, start + len): advance pidx_tail over it, and over every range
 * after it that its producer filled and left marked, deciding at each commit who drains (see
 * "Publication" in the opening comment). Never waits for another producer. Returns the route if
 * a commit made us the consumer (COMMIT) or the taker (TAKEOVER), else MPRING_PVT_ROUTE_NONE.
 */
static unsigned int
mpring_pvt_publish(struct mpring *r, struct mpring_pvt_ctx *c, uint32_t start, uint32_t len,
		unsigned int mode)
{
	union mpring_pvt_word os, ns;
	unsigned int route = MPRING_PVT_ROUTE_NONE, nroute, st;
	uint32_t end;

	/* Relaxed: a guess, as in reserve. */
	os.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED);
	for (;;) {
		if (os.tail != start) {
			/*
			 * Not our turn: an earlier range is still being filled. Leave ours marked
			 * for whoever commits the range before it, and go. Seq_cst mark store
			 * and word load, against the committer's seq_cst commit CAS and mark
			 * load (a store-buffering pair): either the committer sees our mark, or
			 * we see its tail and commit ourselves; the exchange below decides which
			 * when both see. The store is also the release of our item stores (the
			 * committer's mark load acquires them, its commit CAS releases them on).
			 */
			__atomic_store_n(&r->pend[start], (uint16_t)len, __ATOMIC_SEQ_CST);
			MPRING_TEST_HOOK(r, MPRING_HOOK_MARKED);
			os.u = __atomic_load_n(&r->state, __ATOMIC_SEQ_CST);
			if (os.tail != start)
				return route;	/* the committer before us will take it */
			if (__atomic_exchange_n(&r->pend[start], 0, __ATOMIC_SEQ_CST) == 0)
				return route;	/* it saw the mark too, and took it */
			/* Our turn after all, and the range is ours again. */
		}
		end = mpring_pvt_add(r, start, len);
		for (;;) {
			MPRING_ASSERT(os.tail == start);
			st = mpring_pvt_state(os);
			ns = os;
			ns.tail = (uint16_t)end;
			nroute = route;
			if (mode == MPRING_PVT_ONLY || route != MPRING_PVT_ROUTE_NONE) {
				/* The role is ours already (enqueue_only runs inside the drain; or
				 * an earlier commit of this call claimed it): nothing to decide. */
				MPRING_ASSERT(st == MPRING_BUSY || st == MPRING_TOO_BUSY ||
						st == MPRING_TAKING_OVER);
			} else if (st == MPRING_IDLE || st == MPRING_COALESCING) {
				ns = mpring_pvt_with_state(ns, MPRING_BUSY);
				nroute = MPRING_ROUTE_COMMIT;
			} else if (st == MPRING_STALLED) {
				/* Asked again after every failed CAS: the word may show another
				 * stall. */
				if (r->can_drain == NULL || r->can_drain(r->cookie)) {
					ns = mpring_pvt_with_state(ns, MPRING_BUSY);
					nroute = MPRING_ROUTE_COMMIT;
				}
			} else if (st == MPRING_TOO_BUSY) {
				ns = mpring_pvt_with_state(ns, MPRING_TAKING_OVER);
				nroute = MPRING_ROUTE_TAKEOVER;
			}
			/* Seq_cst (acq_rel and the store-buffering pair above). Release: the
			 * items of the range (ours, or acquired with its mark) before the
			 * consumer's acquire of this tail. Acquire: if we become the consumer,
			 * other producers' items and the previous consumer's state. */
			if (__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true,
					__ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
				break;
			MPRING_PVT_STAT(c, cas_retries, 1);
		}
		if (nroute != route) {
			if (st == MPRING_STALLED)
				MPRING_PVT_STAT(c, restarts, 1);
			else if (st == MPRING_COALESCING)
				MPRING_PVT_STAT(c, joins, 1);
			route = nroute;
		}
		MPRING_TEST_HOOK(r, MPRING_HOOK_COMMITTED);
		/* A later range may be filled and marked, waiting for this tail. Nobody reserved
		 * after us when we committed: no range, nobody to wait. */
		if (ns.head == end)
			return route;
		/* Seq_cst load (the pair above), then claim it: its producer may see our tail
		 * and take the range back at the same time. */
		len = __atomic_load_n(&r->pend[end], __ATOMIC_SEQ_CST);
		if (len == 0)
			return route;
		len = __atomic_exchange_n(&r->pend[end], 0, __ATOMIC_SEQ_CST);
		if (len == 0)
			return route;
		MPRING_PVT_STAT(c, helped, 1);
		MPRING_TEST_HOOK(r, MPRING_HOOK_CLAIMED);
		start = end;
		os = ns;
	}
}

static uint32_t
mpring_pvt_enqueue(struct mpring *r, void *const *items, uint32_t n, unsigned int mode,
		int *err)
{
	union mpring_pvt_word w;
	struct mpring_pvt_ctx c;
	uint32_t k, start, spins = 0;
	unsigned int route;

	*err = 0;
	if (unlikely(n == 0))
		return 0;
	mpring_pvt_ctx_init(r, &c);
	k = mpring_pvt_reserve(r, &c, n, mode, &start, &route, err);
	if (k == 0)
		return 0;
	if (mode == MPRING_PVT_ONLY)
		MPRING_PVT_STAT(&c, enqueued_only, k);
	else
		MPRING_PVT_STAT(&c, enqueued, k);
	if (route == MPRING_ROUTE_FAST) {
		mpring_pvt_consume(r, &c, route, items, start, k, 0);
		return k;
	}
	MPRING_TEST_HOOK(r, MPRING_HOOK_RESERVED);
	mpring_pvt_fill(r, start, items, k);
	route = mpring_pvt_publish(r, &c, start, k, mode);
	if (route == MPRING_PVT_ROUTE_NONE) {
		if (mode != MPRING_PVT_ONLY)
			MPRING_PVT_STAT(&c, not_consumer, 1);
		return k;
	}
	if (route == MPRING_ROUTE_TAKEOVER) {
		/* Wait (at most one drain call) for the old consumer to step down. Acquire:
		 * pairs with its release CAS, so its slot reads and drain state are ours now. */
		w.u = __atomic_load_n(&r->state, __ATOMIC_ACQUIRE);
		while (mpring_pvt_state(w) == MPRING_TAKING_OVER) {
			mpring_pvt_wait(&c, &spins);
			w.u = __atomic_load_n(&r->state, __ATOMIC_ACQUIRE);
		}
	}
	mpring_pvt_consume(r, &c, route, NULL, 0, 0, 0);
	return k;
}

uint32_t
mpring_enqueue_burst(struct mpring *r, void *const *items, uint32_t n)
{
	int err;

	return mpring_pvt_enqueue(r, items, n, MPRING_PVT_BURST, &err);
}

int
mpring_enqueue_bulk(struct mpring *r, void *const *items, uint32_t n)
{
	int err;

	if (n > r->cap)
		return -EINVAL;
	mpring_pvt_enqueue(r, items, n, MPRING_PVT_BULK, &err);
	return err;
}

uint32_t
mpring_enqueue_only(struct mpring *r, void *const *items, uint32_t n)
{
	int err;

	return mpring_pvt_enqueue(r, items, n, MPRING_PVT_ONLY, &err);
}

uint32_t
mpring_resume(struct mpring *r, unsigned int flags)
{
	union mpring_pvt_word os, ns;
	struct mpring_pvt_ctx c;
	uint64_t deadline;
	unsigned int st;

	/* Relaxed: the CAS below acquires; nothing to do costs this one load. */
	os.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED);
	for (;;) {
		st = mpring_pvt_state(os);
		if (st == MPRING_STALLED) {
			if (r->can_drain != NULL && !r->can_drain(r->cookie))
				return 0;
		} else if (st == MPRING_COALESCING) {
			if (flags & MPRING_RESUME_LAZY) {
				deadline = mpring_pvt_deadline(r);
				if (deadline != 0 && rte_rdtsc() < deadline)
					return 0;
			}
		} else {
			return 0;
		}
		ns = mpring_pvt_with_state(os, MPRING_BUSY);
		/* Acquire: pairs with the release of the consumer that wrote STALLED or
		 * COALESCING (its drain state and the held items). */
		if (__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true,
				__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			break;
	}
	mpring_pvt_ctx_init(r, &c);
	if (st == MPRING_STALLED) {
		MPRING_PVT_STAT(&c, restarts, 1);
		return mpring_pvt_consume(r, &c, MPRING_ROUTE_RESUME, NULL, 0, 0, 0);
	}
	MPRING_PVT_STAT(&c, flushes, 1);
	return mpring_pvt_consume(r, &c, MPRING_ROUTE_FLUSH, NULL, 0, 0, MPRING_DRAIN_FLUSH);
}

int
mpring_consumer_trylock(struct mpring *r)
{
	union mpring_pvt_word os, ns;
	struct mpring_pvt_ctx c;
	unsigned int st;

	os.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED); /* the CAS acquires */
	do {
		st = mpring_pvt_state(os);
		if (st != MPRING_IDLE && st != MPRING_COALESCING && st != MPRING_STALLED)
			return -EBUSY;
		ns = mpring_pvt_with_state(os, MPRING_BUSY);
		/* Acquire: as mpring_resume(); the role is a lock and this is its acquire. */
	} while (!__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true,
			__ATOMIC_ACQUIRE, __ATOMIC_RELAXED));
	mpring_pvt_ctx_init(r, &c);
	if (st == MPRING_STALLED)
		MPRING_PVT_STAT(&c, restarts, 1);
	else if (st == MPRING_COALESCING)
		MPRING_PVT_STAT(&c, joins, 1);
	return 0;
}

uint32_t
mpring_consumer_unlock(struct mpring *r)
{
	struct mpring_pvt_ctx c;

	mpring_pvt_ctx_init(r, &c);
	return mpring_pvt_consume(r, &c, MPRING_ROUTE_LOCK, NULL, 0, 0, 0);
}

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
		/* Acq_rel: any reservation after this CAS sees the bit (it CASes this word). */
	} while (!__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true,
			__ATOMIC_ACQ_REL, __ATOMIC_RELAXED));
	for (;;) {
		/* Acquire: once idle, the last consumer's work happened before our return. */
		os.u = __atomic_load_n(&r->state, __ATOMIC_ACQUIRE);
		st = mpring_pvt_state(os);
		if (os.head != os.tail || st == MPRING_BUSY || st == MPRING_TOO_BUSY ||
				st == MPRING_TAKING_OVER) {
			mpring_pvt_wait(&c, &spins);
			continue;
		}
		if (st == MPRING_COALESCING) {
			mpring_resume(r, 0);
			continue;
		}
		if (st == MPRING_STALLED) {
			if (mpring_resume(r, 0) == 0 &&
					mpring_state_get(r) == MPRING_STALLED)
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
	} while (!__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true,
			__ATOMIC_RELEASE, __ATOMIC_RELAXED));
}

bool
mpring_is_idle(const struct mpring *r)
{
	union mpring_pvt_word w;

	/* Acquire: a caller that sees idle may reclaim what the last consumer used. */
	w.u = __atomic_load_n(&r->state, __ATOMIC_ACQUIRE);
	return mpring_pvt_state(w) == MPRING_IDLE && w.head == w.tail && w.tail == w.cidx;
}

enum mpring_state
mpring_state_get(const struct mpring *r)
{
	union mpring_pvt_word w;

	w.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED); /* a snapshot, no data read */
	return (enum mpring_state)mpring_pvt_state(w);
}

uint32_t
mpring_count(const struct mpring *r)
{
	union mpring_pvt_word w;

	w.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED); /* a snapshot, no data read */
	return mpring_pvt_dist(r, w.cidx, w.head);
}

uint64_t
mpring_state_word(const struct mpring *r)
{
	return __atomic_load_n(&r->state, __ATOMIC_RELAXED); /* a snapshot, no data read */
}

uint32_t
mpring_capacity(const struct mpring *r)
{
	return r->cap;
}

void
mpring_conf_init(struct mpring_conf *conf)
{
	memset(conf, 0, sizeof(*conf));
	conf->budget_items = 256;
	conf->full_retries = 16;
}

size_t
mpring_memsize(uint32_t size)
{
	if (size < MPRING_SIZE_MIN || size > MPRING_SIZE_MAX)
		return 0;
	return RTE_ALIGN_CEIL(sizeof(struct mpring) + size * (sizeof(void *) + sizeof(uint16_t)),
			RTE_CACHE_LINE_SIZE);
}

int
mpring_init(struct mpring *r, const struct mpring_conf *conf)
{
	RTE_BUILD_BUG_ON(offsetof(struct mpring, state) != 0);
	RTE_BUILD_BUG_ON(offsetof(struct mpring, size) != RTE_CACHE_LINE_SIZE);
	RTE_BUILD_BUG_ON(sizeof(union mpring_pvt_word) != sizeof(uint64_t));

	if (r == NULL || conf == NULL || conf->drain == NULL || mpring_memsize(conf->size) == 0 ||
			conf->budget_items == 0 || ((uintptr_t)r & (RTE_CACHE_LINE_SIZE - 1)))
		return -EINVAL;
	memset(r, 0, sizeof(*r));
	r->pend = (uint16_t *)&r->slots[conf->size];
	memset(r->pend, 0, conf->size * sizeof(r->pend[0]));
	r->size = conf->size;
	r->cap = conf->size - 1;
	r->budget_items = conf->budget_items;
	r->budget_cycles = conf->budget_cycles;
	r->hold_items = conf->hold_cycles != 0 ? conf->hold_items : 0;
	r->hold_cycles = conf->hold_cycles;
	r->full_retries = conf->full_retries;
	r->drain = conf->drain;
	r->can_drain = conf->can_drain;
	r->cookie = conf->cookie;
	/* Before the ring is shared; publication to other threads is the caller's business. */
	__atomic_store_n(&r->state, 0, __ATOMIC_RELAXED);
	return 0;
}

struct mpring *
mpring_create(const struct mpring_conf *conf)
{
	struct mpring *r;
	size_t sz = conf != NULL ? mpring_memsize(conf->size) : 0;
	int rc;

	if (sz == 0) {
		errno = EINVAL;
		return NULL;
	}
	r = aligned_alloc(RTE_CACHE_LINE_SIZE, sz);
	if (r == NULL) {
		errno = ENOMEM;
		return NULL;
	}
	rc = mpring_init(r, conf);
	if (rc != 0) {
		free(r);
		errno = -rc;
		return NULL;
	}
	return r;
}

void
mpring_free(struct mpring *r)
{
	free(r);
}

void
mpring_stats_get(const struct mpring *r, struct mpring_stats *out)
{
	const uint64_t *src;
	uint64_t *dst = (uint64_t *)out;
	unsigned int i, j, nb = sizeof(*out) / sizeof(uint64_t);

	RTE_BUILD_BUG_ON(sizeof(struct mpring_stats) % sizeof(uint64_t) != 0);
	memset(out, 0, sizeof(*out));
	for (i = 0; i < MPRING_PVT_SLOTS; i++) {
		src = (const uint64_t *)&r->stats[i].s;
		for (j = 0; j < nb; j++)
			/* Relaxed: counters are independent; see mpring_pvt_stat_add. */
			dst[j] += __atomic_load_n(&src[j], __ATOMIC_RELAXED);
	}
}

int
mpring_stats_slot_set(int slot)
{
	if (slot < -1 || slot >= MPRING_PVT_SLOTS)
		return -EINVAL;
	mpring_pvt_tls_slot = slot;
	return 0;
}

unsigned int
mpring_stats_slots(void)
{
	return MPRING_PVT_SLOTS;
}
