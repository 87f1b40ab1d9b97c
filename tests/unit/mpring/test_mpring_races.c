/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Deterministic interleavings of lib/mpring (the harness: race_harness.c; the lease's cases:
 * test_mpring_races_lease.c). Test hooks (MPRING_TEST_HOOK, compiled into the
 * tests' copy of the library only) stop a thread at a named point of the state machine; each
 * case's hook function then runs or releases another thread, so the case forces one interleaving
 * that random stress testing reaches only rarely. Every case checks that each item comes out
 * exactly once and in order, and the counter identities. Waits between the threads time out
 * (RACE_TIMEOUT_S) so that a thread that blocks where it must not fails the case instead of
 * hanging it. No EAL, no timing otherwise.
 *
 * Thread A is the test's main thread; thread B is started by a hook. Only thread A asserts
 * (cmocka is not thread-safe): B records what it saw and A checks it.
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

/* --- the STALLED re-check --------------------------------------------------------------- */

/* Hook: at A's first STALL_RECHECK, run B's part to the end. */
static void
race_hook_recheck(struct race *rc, enum mpring_pvt_hook_point point, bool is_a)
{
	if (is_a && point == MPRING_HOOK_STALL_RECHECK && rc->hits[point][0] == 1) {
		race_start_b(rc, rc->b_fn);
		race_join_b(rc);
	}
}

/*
 * Stall re-check vs a resumer, duplication form. A's drain stalls on items 1-4 (cidx 0); A
 * writes STALLED, can_drain() says yes, and A stops before taking STALLED back. B resumes,
 * drains 1-2, stalls again (cidx 2, can_drain() now no) and leaves. A takes STALLED back: it
 * must drain from the word's cidx (2), not from the cidx it had when it stalled (0), which would
 * drain 1-2 twice.
 */
static void
race_dup_b(struct race *rc)
{
	rc->b_ret[0] = mpring_resume(rc->r, 0);
	rc->b_ret[1] = mpring_state_get(rc->r);
	race_set_can(rc, 1);
}

static void
test_race_stall_recheck_vs_resume_duplicates(void **state)
{
	struct race rc;

	(void)state;
	race_setup(&rc, 16, race_hook_recheck);
	rc.b_fn = race_dup_b;
	rc.script[0] = 0;	/* A: stall on 1-4 */
	rc.script[1] = 2;	/* B: resume takes 1-2 */
	rc.script[2] = RACE_STALL_NO; /* B: stall; no re-check success for B */
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)rc.v, 4), 4);
	race_check(&rc, 4);
	assert_int_equal(rc.hits[MPRING_HOOK_STALL_RECHECK][0], 1);
	assert_int_equal(rc.b_ret[0], 2);
	assert_int_equal(rc.b_ret[1], MPRING_STALLED);
	race_teardown(&rc);
}

/*
 * Stall re-check vs a resumer and a producer, loss form (ring of 8). A stalls on items 1-4
 * (cidx 0, tail 4) and stops as above. B resumes and drains 1-4 (IDLE, cidx 4), then enqueues
 * 5-10, whose drain stalls (STALLED, cidx 4, tail 2 after the wrap). A takes STALLED back: from
 * its old cidx 0 it would see 2 items (slots 0-1, items 9-10), drain them, go IDLE and lose 5-8.
 */
static void
race_loss_b(struct race *rc)
{
	race_set_can(rc, 1);
	rc->b_ret[0] = mpring_resume(rc->r, 0);
	race_set_can(rc, 0);
	rc->b_ret[1] = mpring_enqueue_burst(rc->r, (void **)&rc->v[4], 6);
	race_set_can(rc, 1);
}

static void
test_race_stall_recheck_vs_resume_loses(void **state)
{
	struct race rc;

	(void)state;
	race_setup(&rc, 8, race_hook_recheck);
	rc.b_fn = race_loss_b;
	rc.script[0] = 0;	/* A: stall on 1-4 */
	rc.script[1] = RACE_ALL; /* B: resume drains 1-4 */
	rc.script[2] = 0;	/* B: its burst 5-10 stalls */
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)rc.v, 4), 4);
	race_check(&rc, 10);
	assert_int_equal(rc.hits[MPRING_HOOK_STALL_RECHECK][0], 1);
	assert_int_equal(rc.b_ret[0], 4);
	assert_int_equal(rc.b_ret[1], 6);
	race_teardown(&rc);
}

/* --- publication: nobody waits for a preempted producer ----------------------------------- */

/*
 * A producer stopped between reservation and commit (preempted) must not hold up the producers
 * after it. The consumer role is held (trylock) so that A's reservation is not FAST. A reserves
 * 1-4 and stops; B enqueues 5-8 and must return without waiting for A (before, it spun until A
 * committed: with A stopped, forever); A commits its range and B's, which B left marked; the
 * unlock drains 1-8.
 */
static void
race_b_enqueue_5_8(struct race *rc)
{
	rc->b_ret[0] = mpring_enqueue_burst(rc->r, (void **)&rc->v[4], 4);
	race_post(rc, 0);
}

static void
race_hook_preempted(struct race *rc, enum mpring_pvt_hook_point point, bool is_a)
{
	if (is_a && point == MPRING_HOOK_RESERVED && rc->hits[point][0] == 1) {
		race_start_b(rc, race_b_enqueue_5_8);
		race_wait(rc, 0);	/* B done, while A is still stopped */
	}
}

static void
test_race_preempted_producer_does_not_block(void **state)
{
	struct race rc;

	(void)state;
	race_setup(&rc, 16, race_hook_preempted);
	assert_int_equal(mpring_consumer_trylock(rc.r), 0);
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)rc.v, 4), 4);
	race_join_b(&rc);
	assert_false(__atomic_load_n(&rc.timed_out, __ATOMIC_RELAXED));
	assert_int_equal(rc.b_ret[0], 4);
	assert_int_equal(rc.nb, 0);
	assert_int_equal(race_stat_helped(&rc), 1);	/* A published B's range */
	assert_int_equal(mpring_consumer_unlock(rc.r), 8);
	race_check(&rc, 8);
	race_teardown(&rc);
}

/*
 * The same with an idle ring when A commits: B reserved and marked while the role was held;
 * thread B then gives the role back (unlock: nothing committed, IDLE with producers
 * mid-enqueue). A's commit finds IDLE: A becomes the consumer and drains its range and B's.
 */
static void
race_b_enqueue_unlock(struct race *rc)
{
	rc->b_ret[0] = mpring_enqueue_burst(rc->r, (void **)&rc->v[4], 4);
	rc->b_ret[1] = mpring_consumer_unlock(rc->r);
	race_post(rc, 0);
}

static void
race_hook_preempted_unlock(struct race *rc, enum mpring_pvt_hook_point point, bool is_a)
{
	if (is_a && point == MPRING_HOOK_RESERVED && rc->hits[point][0] == 1) {
		race_start_b(rc, race_b_enqueue_unlock);
		race_wait(rc, 0);
	}
}

static void
test_race_helper_becomes_consumer(void **state)
{
	struct mpring_stats st;
	struct race rc;

	(void)state;
	race_setup(&rc, 16, race_hook_preempted_unlock);
	assert_int_equal(mpring_consumer_trylock(rc.r), 0);
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)rc.v, 4), 4);
	race_check(&rc, 8);
	assert_int_equal(rc.b_ret[0], 4);
	assert_int_equal(rc.b_ret[1], 0);
	mpring_stats_get(rc.r, &st);
	assert_int_equal(st.helped, 1);
	assert_int_equal(st.starts[MPRING_ROUTE_COMMIT], 1);
	assert_int_equal(rc.r->stats[0].s.starts[MPRING_ROUTE_COMMIT], 1); /* A */
	race_teardown(&rc);
}

/*
 * The committer before a marked range finds the role free only at its second commit: A commits
 * its own range while the role is held (not the consumer), then, before A looks for marked
 * ranges, thread B unlocks (drains 1-4, IDLE). A publishes B's range, finds IDLE, and drains it.
 */
static void
race_b_mark_5_8(struct race *rc)
{
	rc->b_ret[0] = mpring_enqueue_burst(rc->r, (void **)&rc->v[4], 4);
}

static void
race_b_unlock(struct race *rc)
{
	rc->b_ret[1] = mpring_consumer_unlock(rc->r);
}

static void
race_hook_second_commit(struct race *rc, enum mpring_pvt_hook_point point, bool is_a)
{
	if (!is_a)
		return;
	if (point == MPRING_HOOK_RESERVED && rc->hits[point][0] == 1) {
		race_start_b(rc, race_b_mark_5_8);
		race_join_b(rc);
	} else if (point == MPRING_HOOK_COMMITTED && rc->hits[point][0] == 1) {
		race_start_b(rc, race_b_unlock);
		race_join_b(rc);
	}
}

static void
test_race_helped_commit_finds_idle(void **state)
{
	struct race rc;

	(void)state;
	race_setup(&rc, 16, race_hook_second_commit);
	assert_int_equal(mpring_consumer_trylock(rc.r), 0);
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)rc.v, 4), 4);
	race_check(&rc, 8);
	assert_int_equal(rc.b_ret[0], 4);
	assert_int_equal(rc.b_ret[1], 4);
	assert_int_equal(rc.r->stats[0].s.helped, 1);
	assert_int_equal(rc.r->stats[0].s.starts[MPRING_ROUTE_COMMIT], 1);
	race_teardown(&rc);
}

/*
 * The store-buffering pair of publication, three ways. B marks its range 5-8 (not its turn: A
 * reserved 1-4 first and is stopped) and stops before re-reading the word; then:
 *   committer_takes:  A commits 1-4, sees the mark, claims it and publishes 5-8; B then finds
 *                     pidx_tail past its range and leaves.
 *   owner_takes_back: A commits 1-4 and stops before looking for marks; B re-reads, sees that it
 *                     is its turn, takes its mark back and commits 5-8 itself; A finds no mark.
 *   owner_loses:      A commits 1-4 and claims the mark, and stops before committing 5-8; B
 *                     re-reads, sees that it is its turn, but its mark is gone: it leaves; A
 *                     commits 5-8.
 * In each case exactly one thread publishes 5-8, and the unlock drains 1-8.
 */
enum race_sb { RACE_SB_COMMITTER, RACE_SB_OWNER, RACE_SB_OWNER_LOSES };
static enum race_sb race_sb_mode;

static void
race_b_sb(struct race *rc)
{
	rc->b_ret[0] = mpring_enqueue_burst(rc->r, (void **)&rc->v[4], 4);
	race_post(rc, 2);	/* B finished */
}

static void
race_hook_sb(struct race *rc, enum mpring_pvt_hook_point point, bool is_a)
{
	if (!is_a) {
		if (point == MPRING_HOOK_MARKED) {
			race_post(rc, 0);	/* B marked */
			race_wait(rc, 1);	/* until A says go */
		}
		return;
	}
	if (point == MPRING_HOOK_RESERVED && rc->hits[point][0] == 1) {
		race_start_b(rc, race_b_sb);
		race_wait(rc, 0);
		if (race_sb_mode == RACE_SB_COMMITTER) {
			/* A goes on alone: commits, claims, publishes; B goes on at the end. */
			return;
		}
	} else if (point == MPRING_HOOK_COMMITTED && rc->hits[point][0] == 1 &&
			race_sb_mode == RACE_SB_OWNER) {
		race_post(rc, 1);
		race_wait(rc, 2);
	} else if (point == MPRING_HOOK_CLAIMED && rc->hits[point][0] == 1 &&
			race_sb_mode == RACE_SB_OWNER_LOSES) {
		race_post(rc, 1);
		race_wait(rc, 2);
	}
}

static void
race_sb_run(enum race_sb mode, uint64_t helped)
{
	struct race rc;

	race_sb_mode = mode;
	race_setup(&rc, 16, race_hook_sb);
	assert_int_equal(mpring_consumer_trylock(rc.r), 0);
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)rc.v, 4), 4);
	if (mode == RACE_SB_COMMITTER) {
		race_post(&rc, 1);
		race_wait(&rc, 2);
	}
	race_join_b(&rc);
	assert_false(__atomic_load_n(&rc.timed_out, __ATOMIC_RELAXED));
	assert_int_equal(rc.b_ret[0], 4);
	assert_int_equal(rc.hits[MPRING_HOOK_MARKED][1], 1);
	assert_int_equal(race_stat_helped(&rc), helped);
	assert_int_equal(mpring_consumer_unlock(rc.r), 8);
	race_check(&rc, 8);
	race_teardown(&rc);
}

static void
test_race_publish_committer_takes_mark(void **state)
{
	(void)state;
	race_sb_run(RACE_SB_COMMITTER, 1);
}

static void
test_race_publish_owner_takes_back(void **state)
{
	(void)state;
	race_sb_run(RACE_SB_OWNER, 0);
}

static void
test_race_publish_owner_loses_to_claim(void **state)
{
	(void)state;
	race_sb_run(RACE_SB_OWNER_LOSES, 1);
}

/* --- publication across laps: a position does not tell one lap from the next --------------- */

/*
 * Thread A reserves 3-5 at positions 2-4 (ring of 8, role held) behind P's 1-2 at 0-1, marks
 * its range and stops before re-reading the word. P commits 1-2, claims A's mark and commits
 * 3-5; the ring is drained and goes round (6-8 at 5-7); in the next lap D reserves 9-10 at 0-1,
 * C reserves 11 at 2 and marks it, D commits 9-10 and stops before looking for marks. A goes on:
 * the tail is at its start again, but it is C's range, and C's mark is there. Taking "the mark"
 * back by exchange (before) made A commit positions 2-4 as its own range: the tail passed the
 * reservations (C's one item), and the drain saw stale slots. A must leave it; D publishes it.
 */
enum { RACE_S_P_RESERVED, RACE_S_P_GO, RACE_S_P_DONE, RACE_S_D_RESERVED, RACE_S_D_GO,
	RACE_S_D_COMMITTED, RACE_S_D_GO2 };
static int race_p_tid, race_d_tid;

static void
race_p_enqueue(struct race *rc)
{
	rc->b_ret[0] = mpring_enqueue_burst(rc->r, (void **)&rc->v[0], 2);
	race_post(rc, RACE_S_P_DONE);
}

static void
race_unlock_and_go_round(struct race *rc)
{
	mpring_consumer_unlock(rc->r);			/* drains 1-5 */
	mpring_enqueue_burst(rc->r, (void **)&rc->v[5], 3);	/* 6-8 at 5-7, FAST */
	mpring_consumer_trylock(rc->r);
}

static void
race_d_enqueue(struct race *rc)
{
	rc->b_ret[1] = mpring_enqueue_burst(rc->r, (void **)&rc->v[8], 2);
}

static void
race_c_enqueue(struct race *rc)
{
	mpring_enqueue_burst(rc->r, (void **)&rc->v[10], 1);
}

static void
race_hook_owner_lap(struct race *rc, enum mpring_pvt_hook_point point, bool is_a)
{
	(void)is_a;
	if (race_tid == race_p_tid && point == MPRING_HOOK_RESERVED &&
			rc->tid_hits[point][race_tid] == 1) {
		race_post(rc, RACE_S_P_RESERVED);
		race_wait(rc, RACE_S_P_GO);
	} else if (race_tid == race_d_tid && race_d_tid != 0 && point == MPRING_HOOK_RESERVED &&
			rc->tid_hits[point][race_tid] == 1) {
		race_post(rc, RACE_S_D_RESERVED);
		race_wait(rc, RACE_S_D_GO);
	} else if (race_tid == race_d_tid && race_d_tid != 0 &&
			point == MPRING_HOOK_COMMITTED && rc->tid_hits[point][race_tid] == 1) {
		race_post(rc, RACE_S_D_COMMITTED);
		race_wait(rc, RACE_S_D_GO2);
	} else if (race_tid == 0 && point == MPRING_HOOK_MARKED && rc->tid_hits[point][0] == 1) {
		/* A marked 3-5 and stops. P publishes both ranges. */
		race_post(rc, RACE_S_P_GO);
		race_wait(rc, RACE_S_P_DONE);
		/* Drain, go round, hold the role again. */
		race_run(rc, race_unlock_and_go_round);
		/* Next lap: D reserves 0-1 and stops; C marks 2; D commits and stops. */
		race_d_tid = rc->nth;	/* before the thread starts: its hooks read it */
		race_spawn(rc, race_d_enqueue);
		race_wait(rc, RACE_S_D_RESERVED);
		race_run(rc, race_c_enqueue);
		race_post(rc, RACE_S_D_GO);
		race_wait(rc, RACE_S_D_COMMITTED);
		/* A goes on: the tail is at 2 again. */
	}
}

static void
test_race_owner_reload_a_lap_later(void **state)
{
	struct race rc;

	(void)state;
	race_p_tid = 2;
	race_d_tid = 0;
	race_setup(&rc, 8, race_hook_owner_lap);
	assert_int_equal(mpring_consumer_trylock(rc.r), 0);
	assert_int_equal(race_spawn(&rc, race_p_enqueue), race_p_tid);
	race_wait(&rc, RACE_S_P_RESERVED);
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)&rc.v[2], 3), 3);	/* A */
	race_post(&rc, RACE_S_D_GO2);	/* D looks for marks: C's, and publishes it */
	race_reap(&rc, race_d_tid);
	assert_false(__atomic_load_n(&rc.timed_out, __ATOMIC_RELAXED));
	assert_int_equal(rc.b_ret[0], 2);
	assert_int_equal(rc.b_ret[1], 2);
	assert_int_equal(mpring_consumer_unlock(rc.r), 3);	/* 9-11 */
	race_check(&rc, 11);
	race_teardown(&rc);
}

/*
 * The same for the committer's claim. A commits 1-2 at 0-1 (role held) and stops before looking
 * for marks; O, who marked 3-4 at 2-3, finds its turn and publishes them itself; the ring is
 * drained and goes round (5-8 at 4-7); in the next lap D reserves 9-10 at 0-1 and stops, and O3
 * marks 11-13 at 2-4. A goes on and finds a mark at 2: O3's, a lap later. Claiming and
 * committing it (before) moved the tail from D's range to 5, past items not yet filled; D's
 * commit then moved it back. A must leave it marked; D publishes it.
 */
enum { RACE_S_O_MARKED, RACE_S_O_GO, RACE_S_D2_RESERVED, RACE_S_D2_GO };
static int race_o_tid, race_d2_tid;

static void
race_o_enqueue(struct race *rc)
{
	rc->b_ret[0] = mpring_enqueue_burst(rc->r, (void **)&rc->v[2], 2);
}

static void
race_drain_and_go_round(struct race *rc)
{
	mpring_consumer_unlock(rc->r);			/* drains 1-4 */
	mpring_enqueue_burst(rc->r, (void **)&rc->v[4], 4);	/* 5-8 at 4-7, FAST */
	mpring_consumer_trylock(rc->r);
}

static void
race_d2_enqueue(struct race *rc)
{
	rc->b_ret[1] = mpring_enqueue_burst(rc->r, (void **)&rc->v[8], 2);
}

static void
race_o3_enqueue(struct race *rc)
{
	mpring_enqueue_burst(rc->r, (void **)&rc->v[10], 3);
}

static void
race_hook_claim_lap(struct race *rc, enum mpring_pvt_hook_point point, bool is_a)
{
	(void)is_a;
	if (race_tid == race_o_tid && point == MPRING_HOOK_MARKED &&
			rc->tid_hits[point][race_tid] == 1) {
		race_post(rc, RACE_S_O_MARKED);
		race_wait(rc, RACE_S_O_GO);
	} else if (race_tid == race_d2_tid && race_d2_tid != 0 &&
			point == MPRING_HOOK_RESERVED && rc->tid_hits[point][race_tid] == 1) {
		race_post(rc, RACE_S_D2_RESERVED);
		race_wait(rc, RACE_S_D2_GO);
	} else if (race_tid == 0 && point == MPRING_HOOK_RESERVED &&
			rc->tid_hits[point][0] == 1) {
		/* A reserved 0-1; O reserves 2-3, fills, marks, stops. */
		assert_int_equal(race_spawn(rc, race_o_enqueue), race_o_tid);
		race_wait(rc, RACE_S_O_MARKED);
	} else if (race_tid == 0 && point == MPRING_HOOK_COMMITTED &&
			rc->tid_hits[point][0] == 1) {
		/* A committed 1-2. O re-reads, finds its turn, publishes 3-4 itself. */
		race_post(rc, RACE_S_O_GO);
		race_reap(rc, race_o_tid);
		race_run(rc, race_drain_and_go_round);
		/* Next lap: D reserves 0-1 and stops; O3 marks 2-4. */
		race_d2_tid = rc->nth;	/* before the thread starts: its hooks read it */
		race_spawn(rc, race_d2_enqueue);
		race_wait(rc, RACE_S_D2_RESERVED);
		race_run(rc, race_o3_enqueue);
		/* A goes on: the mark at 2 is O3's. */
	}
}

static void
test_race_committer_claim_a_lap_later(void **state)
{
	struct race rc;

	(void)state;
	race_o_tid = 2;
	race_d2_tid = 0;
	race_setup(&rc, 8, race_hook_claim_lap);
	assert_int_equal(mpring_consumer_trylock(rc.r), 0);
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)rc.v, 2), 2);	/* A */
	race_post(&rc, RACE_S_D2_GO);	/* D commits 9-10, claims O3's mark, publishes 11-13 */
	race_reap(&rc, race_d2_tid);
	assert_false(__atomic_load_n(&rc.timed_out, __ATOMIC_RELAXED));
	assert_int_equal(rc.b_ret[0], 2);
	assert_int_equal(rc.b_ret[1], 2);
	assert_int_equal(mpring_consumer_unlock(rc.r), 5);	/* 9-13 */
	race_check(&rc, 13);
	race_teardown(&rc);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_race_stall_recheck_vs_resume_duplicates),
		cmocka_unit_test(test_race_stall_recheck_vs_resume_loses),
		cmocka_unit_test(test_race_preempted_producer_does_not_block),
		cmocka_unit_test(test_race_helper_becomes_consumer),
		cmocka_unit_test(test_race_helped_commit_finds_idle),
		cmocka_unit_test(test_race_publish_committer_takes_mark),
		cmocka_unit_test(test_race_publish_owner_takes_back),
		cmocka_unit_test(test_race_publish_owner_loses_to_claim),
		cmocka_unit_test(test_race_owner_reload_a_lap_later),
		cmocka_unit_test(test_race_committer_claim_a_lap_later),
		cmocka_unit_test(test_race_sole_lean_finish_vs_commit),
		cmocka_unit_test(test_race_sole_lean_finish_alone),
		cmocka_unit_test(test_race_lease_revoker_waits_for_holder),
		cmocka_unit_test(test_race_lease_revoked_between_inside_and_check),
		cmocka_unit_test(test_race_lease_quiesce),
		cmocka_unit_test(test_race_lease_trylock),
		cmocka_unit_test(test_race_lease_holder_bulk_behind_reservation),
		cmocka_unit_test(test_race_lease_needs_membarrier),
		cmocka_unit_test(test_race_lease_direct_not_holder),
		cmocka_unit_test(test_race_lease_direct_revoker_waits),
		cmocka_unit_test(test_race_lease_direct_revoked_in_enter),
		cmocka_unit_test(test_race_lease_direct_queues_rest),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
