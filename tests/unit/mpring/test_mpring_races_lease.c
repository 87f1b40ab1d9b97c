/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Deterministic interleavings of lib/mpring (race_harness.h): a producer alone, its lean finish
 * against a committer, and the lease: revokers against the holder's calls (through
 * mpring_enqueue_burst() and its direct call between mpring_lease_enter() and
 * mpring_lease_exit()), quiesce and trylock ending a lease, no lease without membarrier().
 * Listed in test_mpring_races.c's main.
 */

#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "mpring_pvt.h"
#include "mpring_test_common.h"
#include "race_harness.h"

/* --- the sole producer's lean finish ------------------------------------------------------ */

/*
 * A producer alone (sole_calls 1: its third call) takes the role on the idle ring, drains its
 * item 3 from its array, and stops after the drain call, before the lean finish's CAS. B
 * enqueues 4-5 meanwhile: the ring is BUSY, so B reserves, fills, commits and leaves them to
 * the consumer. A's CAS from the word its claim wrote must fail (the tail moved) and A must
 * drain 4-5 in a full session before it leaves: a finish that wrote IDLE over B's commit would
 * leave 4-5 in an idle ring, for nobody to drain.
 */
static void
race_b_enqueue_4_5(struct race *rc)
{
	rc->b_ret[0] = mpring_enqueue_burst(rc->r, (void **)&rc->v[3], 2);
}

static void
race_b_enqueue_5_6(struct race *rc)
{
	rc->b_ret[0] = mpring_enqueue_burst(rc->r, (void **)&rc->v[4], 2);
}

/* Where race_hook_lease starts the revoker: the hook point and A's hit count there. */
static enum mpring_pvt_hook_point race_lease_point;
static unsigned int race_lease_hit;

static void
race_hook_sole_drained(struct race *rc, enum mpring_pvt_hook_point point, bool is_a)
{
	/* A's third drain call: its SOLE call (its first two calls were FAST) */
	if (is_a && point == MPRING_HOOK_DRAINED && rc->hits[point][0] == 3)
		race_run(rc, race_b_enqueue_4_5);
}

void
test_race_sole_lean_finish_vs_commit(void **state)
{
	struct mpring_stats st;
	struct race rc;
	unsigned int i;

	(void)state;
	race_setup(&rc, 16, race_hook_sole_drained);
	rc.r->sole_calls = 1;	/* before any producer runs: they only read it */
	for (i = 0; i < 3; i++)
		assert_int_equal(mpring_enqueue_burst(rc.r, (void **)&rc.v[i], 1), 1);
	race_check(&rc, 5);
	assert_int_equal(rc.b_ret[0], 2);
	mpring_stats_get(rc.r, &st);
	assert_int_equal(st.starts[MPRING_ROUTE_SOLE], 1);
	assert_int_equal(rc.r->stats[0].sole_lean, 0);	/* no lean finish: a session */
	assert_int_equal(st.drain_calls, 4);	/* FAST, FAST, SOLE, and 4-5 */
	assert_true(st.cas_retries >= 1);
	race_teardown(&rc);
}

/*
 * The same with nothing in between: the lean finish gives the role back with one CAS, and a
 * later producer finds the ring idle and empty.
 */
void
test_race_sole_lean_finish_alone(void **state)
{
	struct mpring_stats st;
	struct race rc;
	unsigned int i;

	(void)state;
	race_setup(&rc, 16, NULL);
	rc.r->sole_calls = 1;
	for (i = 0; i < 5; i++)
		assert_int_equal(mpring_enqueue_burst(rc.r, (void **)&rc.v[i], 1), 1);
	race_check(&rc, 5);
	mpring_stats_get(rc.r, &st);
	assert_int_equal(rc.r->stats[0].sole_lean, 3);
	assert_int_equal(st.starts[MPRING_ROUTE_SOLE], 3);
	assert_int_equal(st.cas_retries, 0);
	race_teardown(&rc);
}


/* --- the lease: the holder's calls against revokers ------------------------------------------ */

/* A lease case: the ring with conf.lease, and A's calls 1-3 (items 1-3): FAST, FAST, and the
 * SOLE call that grants the lease. Returns false (the case is skipped) if this process cannot
 * lease (no membarrier). */
static bool
race_lease_setup(struct race *rc, race_hook_fn hook)
{
	struct mpring_stats st;
	unsigned int i;

	race_setup_ex(rc, 16, hook, true);
	if (!rc->r->lease_on) {
		race_teardown(rc);
		return false;
	}
	for (i = 0; i < 3; i++)
		assert_int_equal(mpring_enqueue_burst(rc->r, (void **)&rc->v[i], 1), 1);
	mpring_stats_get(rc->r, &st);
	assert_int_equal(st.lease_grants, 1);
	/* A's thread id (white box: ids are mpring.c's own) */
	assert_true(rc->r->lease.holder != MPRING_PVT_LEASE_NONE &&
			rc->r->lease.holder != MPRING_PVT_LEASE_REVOKING);
	assert_true(mpring_state_word(rc->r) >> 48 & MPRING_PVT_LEASED);
	assert_true(mpring_is_idle(rc->r));	/* leased, nothing waits, nobody inside */
	return true;
}

static void
race_b_quiesce(struct race *rc)
{
	rc->b_ret[0] = (uint32_t)mpring_quiesce(rc->r);
}

/* The revoker, whatever it is, posts sem 0 when it first finds the holder inside (B's
 * LEASE_WAIT), after its CAS and its membarrier; A's hook waits for that, then goes on. */
static void (*race_lease_b)(struct race *);
static int race_lease_b_tid;

static void
race_hook_lease(struct race *rc, enum mpring_pvt_hook_point point, bool is_a)
{
	if (!is_a && point == MPRING_HOOK_LEASE_WAIT &&
			rc->tid_hits[point][race_tid] == 1) {
		race_post(rc, 0);
		return;
	}
	/* A's fourth call: inside its drain (DRAINED), or between inside = 1 and its load
	 * (LEASE_INSIDE): whichever the case chose by setting race_lease_point */
	if (is_a && point == race_lease_point && rc->hits[point][0] == race_lease_hit) {
		race_lease_b_tid = race_spawn(rc, race_lease_b);
		race_wait(rc, 0);
	}
}

/* A lease case whose revoker (@b, run in another thread) starts at A's @hit-th hook call at
 * @point (race_hook_lease). */
static bool
race_lease_setup_revoker(struct race *rc, enum mpring_pvt_hook_point point, unsigned int hit,
		void (*b)(struct race *))
{
	race_lease_point = point;
	race_lease_hit = hit;
	race_lease_b = b;
	return race_lease_setup(rc, race_hook_lease);
}

/* The revoker returned @ret, found A inside and waited, and ended the lease once. */
static void
race_lease_check_revoker(struct race *rc, uint32_t ret)
{
	struct mpring_stats st;

	assert_int_equal(rc->b_ret[0], ret);
	assert_true(rc->tid_hits[MPRING_HOOK_LEASE_WAIT][race_lease_b_tid] >= 1);
	mpring_stats_get(rc->r, &st);
	assert_int_equal(st.lease_revocations, 1);
}

/*
 * A revoker arrives while the holder is inside its drain call: B commits 5-6 behind the lease
 * (LEASED in the word), ends it (CAS, membarrier), finds A inside and waits; A leaves its call
 * (inside = 0); B clears LEASED and drains 5-6 in its own session. 1-6 once, in order.
 */
void
test_race_lease_revoker_waits_for_holder(void **state)
{
	struct mpring_stats st;
	struct race rc;

	(void)state;
	if (!race_lease_setup_revoker(&rc, MPRING_HOOK_DRAINED, 4, race_b_enqueue_5_6))
		skip();
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)&rc.v[3], 1), 1);	/* 4 */
	race_check(&rc, 6);
	race_lease_check_revoker(&rc, 2);
	mpring_stats_get(rc.r, &st);
	assert_int_equal(st.lease_grants, 1);
	assert_int_equal(st.starts[MPRING_ROUTE_REVOKE], 1);
	assert_int_equal(rc.r->stats[0].sole_lean, 2);	/* the grant call and call 4 */
	assert_int_equal(rc.r->lease.holder, 0);
	race_teardown(&rc);
}

/*
 * The revocation lands between the holder's inside = 1 and its load of the lease word: B
 * commits 4-5, ends the lease and waits (A is inside); A's load must see REVOKING, so A does
 * not drain its item 6 from its array (it would come out before 4-5) but enqueues it behind
 * them. A check of the lease before inside = 1, or none, fails the order.
 */
void
test_race_lease_revoked_between_inside_and_check(void **state)
{
	struct race rc;

	(void)state;
	if (!race_lease_setup_revoker(&rc, MPRING_HOOK_LEASE_INSIDE, 1, race_b_enqueue_4_5))
		skip();
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)&rc.v[5], 1), 1);	/* 6 */
	race_check(&rc, 6);
	race_lease_check_revoker(&rc, 2);
	assert_int_equal(rc.r->stats[0].sole_lean, 1);	/* the grant call only */
	race_teardown(&rc);
}

/*
 * Quiesce of a leased ring from another thread, the holder inside its drain: B ends the lease,
 * waits for A, and returns with nobody inside; A's next call is refused; after a start, A is
 * alone again and is granted a new lease.
 */
void
test_race_lease_quiesce(void **state)
{
	struct mpring_stats st;
	struct race rc;

	(void)state;
	if (!race_lease_setup_revoker(&rc, MPRING_HOOK_DRAINED, 4, race_b_quiesce))
		skip();
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)&rc.v[3], 1), 1);	/* 4 */
	race_reap(&rc, race_lease_b_tid);
	race_lease_check_revoker(&rc, 0);
	assert_int_equal(mpring_state_word(rc.r) >> 48 & MPRING_PVT_LEASED, 0);
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)&rc.v[4], 1), 0);	/* refused */
	mpring_start(rc.r);
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)&rc.v[4], 1), 1);	/* a grant */
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)&rc.v[5], 1), 1);	/* leased */
	race_check(&rc, 6);
	mpring_stats_get(rc.r, &st);
	assert_int_equal(st.rejected, 1);
	assert_int_equal(st.lease_grants, 2);
	assert_int_equal(st.lease_revocations, 1);
	assert_int_equal(st.starts[MPRING_ROUTE_REVOKE], 1);
	race_teardown(&rc);
}

/* The holder's own trylock ends its lease (no other thread: no wait); the unlock's session
 * leaves the ring idle, and the next call is granted again. */
void
test_race_lease_trylock(void **state)
{
	struct mpring_stats st;
	struct race rc;

	(void)state;
	if (!race_lease_setup(&rc, NULL))
		skip();
	assert_int_equal(mpring_consumer_trylock(rc.r), 0);
	assert_int_equal(mpring_state_get(rc.r), MPRING_BUSY);
	assert_int_equal(mpring_consumer_unlock(rc.r), 0);
	assert_int_equal(mpring_state_word(rc.r) >> 48, MPRING_IDLE);
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)&rc.v[3], 1), 1);
	race_check(&rc, 4);
	mpring_stats_get(rc.r, &st);
	assert_int_equal(st.lease_grants, 2);
	assert_int_equal(st.lease_revocations, 1);
	assert_int_equal(st.starts[MPRING_ROUTE_LOCK], 1);
	race_teardown(&rc);
}

/* B stops after its reservation (4-5) until A posts sem 2. */
static void
race_hook_lease_b_reserved(struct race *rc, enum mpring_pvt_hook_point point, bool is_a)
{
	if (!is_a && point == MPRING_HOOK_RESERVED && rc->tid_hits[point][race_tid] == 1) {
		race_post(rc, 1);
		race_wait(rc, 2);
	}
}

/*
 * The holder's own items in the ring: B reserves 4-5 and stops; the holder A's bulk call 6-7
 * reserves behind it, finds it is not its turn and leaves its range marked for B, committing
 * nothing. A must end its lease there: its next call (8) would otherwise drain from its array
 * ahead of 6-7 (and 4-5), which wait for B. Then B commits 4-5 and A's ranges behind them.
 */
void
test_race_lease_holder_bulk_behind_reservation(void **state)
{
	struct mpring_stats st;
	struct race rc;
	int tid;

	(void)state;
	if (!race_lease_setup(&rc, race_hook_lease_b_reserved))
		skip();
	tid = race_spawn(&rc, race_b_enqueue_4_5);
	race_wait(&rc, 1);
	assert_int_equal(mpring_enqueue_bulk(rc.r, (void **)&rc.v[5], 2), 0);	/* 6-7 */
	assert_int_equal(rc.r->lease.holder, MPRING_PVT_LEASE_NONE);
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)&rc.v[7], 1), 1);	/* 8 */
	race_post(&rc, 2);
	race_reap(&rc, tid);
	race_check(&rc, 8);
	assert_int_equal(rc.b_ret[0], 2);
	mpring_stats_get(rc.r, &st);
	assert_int_equal(st.lease_revocations, 1);
	assert_int_equal(st.helped, 2);	/* B committed A's two ranges */
	race_teardown(&rc);
}

/* --- the holder's direct call (mpring_lease_enter/exit): its own drain code between ------ */

/*
 * A call of @n items at @items as a driver makes it: as the lease holder, its drain code (here
 * race_drain, what the callback does) between enter and exit, with @queue of them (the last)
 * put in the ring with mpring_enqueue_rest() instead; otherwise mpring_enqueue_burst(). Returns
 * what the call accepted, and in *@direct whether it was a direct call.
 */
static uint32_t
race_direct(struct race *rc, uintptr_t *items, uint32_t n, uint32_t queue, bool *direct)
{
	struct mpring_batch b = { .seg = { (void *const *)items, NULL }, .len = { n - queue, 0 } };
	struct mpring_lease_call lc;
	bool holding = false;
	uint32_t k;

	*direct = mpring_lease_enter(rc->r, &lc);
	if (!*direct)
		return mpring_enqueue_burst(rc->r, (void **)items, n);
	k = race_drain(rc, &b, 0, &holding);
	if (k == n - queue && queue != 0)
		k += mpring_enqueue_rest(rc->r, (void **)&items[k], queue);
	return mpring_lease_exit(rc->r, &lc, n, k);
}

/* Not the holder: no direct call (a ring without a lease, and a thread that holds none). */
void
test_race_lease_direct_not_holder(void **state)
{
	struct mpring_lease_call lc;
	struct race rc;
	bool direct;

	(void)state;
	race_setup_ex(&rc, 16, NULL, false);
	assert_false(mpring_lease_enter(rc.r, &lc));
	assert_int_equal(race_direct(&rc, &rc.v[0], 1, 0, &direct), 1);
	assert_false(direct);
	race_check(&rc, 1);
	race_teardown(&rc);
	if (!race_lease_setup(&rc, NULL))
		skip();
	assert_true(race_direct(&rc, &rc.v[3], 1, 0, &direct) == 1 && direct);	/* 4 */
	race_check(&rc, 4);
	assert_int_equal(rc.r->stats[0].sole_lean, 2);	/* the grant call and call 4 */
	race_teardown(&rc);
}

/*
 * A revoker arrives while the holder is inside its direct call (at its exit's DRAINED): B
 * commits 5-6 behind the lease, ends it, finds A inside and waits until A's exit; then drains
 * 5-6. 1-6 once, in order; A's direct call was counted as a lease call.
 */
void
test_race_lease_direct_revoker_waits(void **state)
{
	struct race rc;
	bool direct;

	(void)state;
	if (!race_lease_setup_revoker(&rc, MPRING_HOOK_DRAINED, 4, race_b_enqueue_5_6))
		skip();
	assert_int_equal(race_direct(&rc, &rc.v[3], 1, 0, &direct), 1);	/* 4 */
	assert_true(direct);
	race_check(&rc, 6);
	race_lease_check_revoker(&rc, 2);
	assert_int_equal(rc.r->stats[0].sole_lean, 2);
	assert_int_equal(rc.r->lease.holder, 0);
	race_teardown(&rc);
}

/*
 * The revocation lands between the enter's inside = 1 and its check of the lease word: the
 * enter must say no, so that item 6 goes into the ring behind B's 4-5 (drained from the
 * caller's array, it would come out first).
 */
void
test_race_lease_direct_revoked_in_enter(void **state)
{
	struct race rc;
	bool direct;

	(void)state;
	if (!race_lease_setup_revoker(&rc, MPRING_HOOK_LEASE_INSIDE, 1, race_b_enqueue_4_5))
		skip();
	assert_int_equal(race_direct(&rc, &rc.v[5], 1, 0, &direct), 1);	/* 6 */
	assert_false(direct);
	race_check(&rc, 6);
	race_lease_check_revoker(&rc, 2);
	race_teardown(&rc);
}

/*
 * The holder queues part of its call (mpring_enqueue_rest(), as a driver whose work queue is
 * full): 4 from its array, 5-6 into the ring. The exit ends the lease and drains 5-6 in the
 * session it runs, which leaves the ring idle; the next call, still alone, is a new grant.
 * Counted once: the three the caller's (enqueued), one of them direct, none enqueued_only.
 */
void
test_race_lease_direct_queues_rest(void **state)
{
	struct mpring_stats st0, st;
	struct race rc;
	bool direct;

	(void)state;
	if (!race_lease_setup(&rc, NULL))
		skip();
	mpring_stats_get(rc.r, &st0);
	assert_int_equal(race_direct(&rc, &rc.v[3], 3, 2, &direct), 3);	/* 4; 5-6 queued */
	assert_true(direct);
	mpring_stats_get(rc.r, &st);
	assert_int_equal(st.starts[MPRING_ROUTE_SOLE], st0.starts[MPRING_ROUTE_SOLE] + 1);
	assert_int_equal(st.enqueued - st0.enqueued, 3);
	assert_int_equal(st.direct - st0.direct, 1);
	assert_int_equal(st.drained - st0.drained, 3);
	assert_int_equal(st.enqueued_only, st0.enqueued_only);
	assert_int_equal(rc.r->lease.holder, MPRING_PVT_LEASE_NONE);
	assert_int_equal(mpring_state_word(rc.r) >> 48 & MPRING_PVT_LEASED, 0);
	assert_int_equal(race_direct(&rc, &rc.v[6], 1, 0, &direct), 1);	/* 7 */
	assert_false(direct);				/* the grant call is the sole path */
	race_check(&rc, 7);
	mpring_stats_get(rc.r, &st);
	assert_int_equal(st.lease_grants, 2);
	assert_int_equal(st.lease_revocations, 1);	/* the exit's own end */
	race_teardown(&rc);
}

/* Without membarrier (as with ENOSYS), no lease: the sole path runs as without conf.lease. */
void
test_race_lease_needs_membarrier(void **state)
{
	struct mpring_stats st;
	struct race rc;
	unsigned int i;

	(void)state;
	__atomic_store_n(&mpring_pvt_test_no_membarrier, 1, __ATOMIC_RELAXED);
	race_setup_ex(&rc, 16, NULL, true);
	__atomic_store_n(&mpring_pvt_test_no_membarrier, 0, __ATOMIC_RELAXED);
	assert_false(rc.r->lease_on);
	for (i = 0; i < 5; i++) {
		assert_int_equal(mpring_enqueue_burst(rc.r, (void **)&rc.v[i], 1), 1);
		assert_int_equal(mpring_state_word(rc.r) >> 48 & MPRING_PVT_LEASED, 0);
		assert_int_equal(rc.r->lease.holder, 0);
	}
	race_check(&rc, 5);
	mpring_stats_get(rc.r, &st);
	assert_int_equal(st.lease_grants, 0);
	assert_int_equal(rc.r->stats[0].sole_lean, 3);	/* calls 3-5, each with two CAS */
	race_teardown(&rc);
}
