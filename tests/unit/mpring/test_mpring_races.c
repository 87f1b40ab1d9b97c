/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Deterministic interleavings of lib/mpring. Test hooks (MPRING_TEST_HOOK, compiled into the
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

#define RACE_LOG	64
#define RACE_SCRIPT	16
#define RACE_ALL	(-1)	/* script step: take everything offered */
#define RACE_STALL_NO	(-2)	/* script step: stall, and can_drain() says no from now on */
#define RACE_SEMS	8
#define RACE_THREADS	8	/* threads started with race_spawn(), ids 2.. */
#define RACE_TIMEOUT_S	10	/* a wait this long means a thread blocked where it must not */

struct race;
typedef void (*race_hook_fn)(struct race *rc, enum mpring_pvt_hook_point point, bool is_a);

/*
 * A scripted drain: step i of the script says what drain call i does (RACE_ALL, 0 = stall,
 * RACE_STALL_NO, k = take at most k). Its state is touched only by the consumer of the moment
 * (the ring orders it) and by a hook between thread create and join; can_drain() is read from
 * any thread.
 */
struct race {
	struct mpring *r;
	uintptr_t log[RACE_LOG];
	unsigned int nb;
	int script[RACE_SCRIPT];
	unsigned int calls;
	int can;			/* can_drain() answer; atomic */
	pthread_t a;			/* the test's main thread */
	pthread_t b;
	bool b_running;
	void (*b_fn)(struct race *);	/* thread B's part */
	race_hook_fn hook;		/* the case's hook */
	unsigned int hits[MPRING_HOOK_MAX][2]; /* hook calls by point and thread (A = 0) */
	unsigned int tid_hits[MPRING_HOOK_MAX][RACE_THREADS]; /* ... by thread id */
	pthread_t th[RACE_THREADS];	/* race_spawn() threads, by id */
	bool th_running[RACE_THREADS];
	void (*th_fn[RACE_THREADS])(struct race *);
	int nth;			/* ids handed out: 2..nth-1 */
	sem_t sem[RACE_SEMS];
	int timed_out;			/* atomic: a wait timed out */
	uint32_t b_ret[2];		/* what B's calls returned */
	uintptr_t v[16];		/* items */
};

static struct race *race_cur;		/* the hooks' view of the running case */
static __thread int race_tid;		/* 0: thread A; 1: thread B; 2..: race_spawn() */

static uint32_t
race_drain(void *cookie, const struct mpring_batch *b, unsigned int flags, bool *holding)
{
	struct race *rc = cookie;
	uint32_t avail = b->len[0] + b->len[1], n = avail, i;
	int step = rc->calls < RACE_SCRIPT ? rc->script[rc->calls] : RACE_ALL;

	(void)flags;
	(void)holding;
	rc->calls++;
	if (avail == 0)
		return 0;
	if (step == RACE_STALL_NO) {
		__atomic_store_n(&rc->can, 0, __ATOMIC_RELAXED);
		return 0;
	}
	if (step != RACE_ALL)
		n = RTE_MIN(n, (uint32_t)step);
	for (i = 0; i < n && rc->nb < RACE_LOG; i++)
		rc->log[rc->nb++] = (uintptr_t)(i < b->len[0] ? b->seg[0][i] :
				b->seg[1][i - b->len[0]]);
	return n;
}

static bool
race_can_drain(void *cookie)
{
	return __atomic_load_n(&((struct race *)cookie)->can, __ATOMIC_RELAXED) != 0;
}

static void
race_set_can(struct race *rc, int can)
{
	__atomic_store_n(&rc->can, can, __ATOMIC_RELAXED);
}

static void
race_hook(struct mpring *r, enum mpring_pvt_hook_point point)
{
	struct race *rc = race_cur;
	bool is_a;

	if (rc == NULL || r != rc->r)
		return;
	is_a = pthread_equal(pthread_self(), rc->a) != 0;
	/* Count, then let the case act on the count (first hit, second hit, ...). Atomic: all
	 * threads other than A share the second column. */
	__atomic_add_fetch(&rc->hits[point][is_a ? 0 : 1], 1, __ATOMIC_RELAXED);
	__atomic_add_fetch(&rc->tid_hits[point][race_tid], 1, __ATOMIC_RELAXED);
	if (rc->hook != NULL)
		rc->hook(rc, point, is_a);
}

static void *
race_b_main(void *arg)
{
	struct race *rc = arg;

	race_tid = 1;
	mpring_stats_slot_set(1);
	rc->b_fn(rc);
	return NULL;
}

struct race_th_arg {
	struct race *rc;
	int tid;
};

static void *
race_th_main(void *arg)
{
	struct race_th_arg a = *(struct race_th_arg *)arg;

	free(arg);
	race_tid = a.tid;
	mpring_stats_slot_set(a.tid);
	a.rc->th_fn[a.tid](a.rc);
	return NULL;
}

/* Start another thread running @fn; returns its id (2..), which its hooks see in race_tid. */
static int
race_spawn(struct race *rc, void (*fn)(struct race *))
{
	struct race_th_arg *a = malloc(sizeof(*a));
	int tid = rc->nth++;

	if (a == NULL || tid >= RACE_THREADS)
		abort();
	a->rc = rc;
	a->tid = tid;
	rc->th_fn[tid] = fn;
	rc->th_running[tid] = pthread_create(&rc->th[tid], NULL, race_th_main, a) == 0;
	if (!rc->th_running[tid])
		abort();
	return tid;
}

/* Join a race_spawn() thread; if it does not finish in time, note it and leave it behind. */
static void
race_reap(struct race *rc, int tid)
{
	struct timespec ts;

	if (!rc->th_running[tid])
		return;
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += RACE_TIMEOUT_S;
	if (pthread_timedjoin_np(rc->th[tid], NULL, &ts) != 0) {
		__atomic_store_n(&rc->timed_out, 1, __ATOMIC_RELAXED);
		pthread_detach(rc->th[tid]);
	}
	rc->th_running[tid] = false;
}

/* Run @fn in another thread to the end. */
static void
race_run(struct race *rc, void (*fn)(struct race *))
{
	race_reap(rc, race_spawn(rc, fn));
}

static void
race_start_b(struct race *rc, void (*fn)(struct race *))
{
	rc->b_fn = fn;
	rc->b_running = pthread_create(&rc->b, NULL, race_b_main, rc) == 0;
	if (!rc->b_running)
		abort();
}

/* Join B; if it does not finish in time it is blocked (on us): note it, leave it behind. */
static void
race_join_b(struct race *rc)
{
	struct timespec ts;

	if (!rc->b_running)
		return;
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += RACE_TIMEOUT_S;
	if (pthread_timedjoin_np(rc->b, NULL, &ts) != 0) {
		__atomic_store_n(&rc->timed_out, 1, __ATOMIC_RELAXED);
		pthread_detach(rc->b);
	}
	rc->b_running = false;
}

static void
race_post(struct race *rc, unsigned int i)
{
	sem_post(&rc->sem[i]);
}

static void
race_wait(struct race *rc, unsigned int i)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += RACE_TIMEOUT_S;
	if (sem_timedwait(&rc->sem[i], &ts) != 0)
		__atomic_store_n(&rc->timed_out, 1, __ATOMIC_RELAXED);
}

/* A ring of @size for a case; @lease: conf.lease, with sole_calls 1 (a producer's third call
 * in a row takes the sole path, and there the lease). */
static void
race_setup_ex(struct race *rc, uint32_t size, race_hook_fn hook, bool lease)
{
	struct mpring_conf conf;
	unsigned int i;

	memset(rc, 0, sizeof(*rc));
	for (i = 0; i < RACE_SCRIPT; i++)
		rc->script[i] = RACE_ALL;
	for (i = 0; i < RACE_SEMS; i++)
		sem_init(&rc->sem[i], 0, 0);
	for (i = 0; i < RTE_DIM(rc->v); i++)
		rc->v[i] = i + 1;
	rc->can = 1;
	rc->hook = hook;
	rc->a = pthread_self();
	rc->nth = 2;
	race_tid = 0;
	mpring_conf_init(&conf);
	conf.size = size;
	conf.drain = race_drain;
	conf.can_drain = race_can_drain;
	conf.cookie = rc;
	if (lease) {
		conf.sole_calls = 1;
		conf.lease = true;
	}
	rc->r = mpring_create(&conf);
	assert_non_null(rc->r);
	race_cur = rc;
	mpring_pvt_test_hook = race_hook;
	mpring_stats_slot_set(0);
}

static void
race_setup(struct race *rc, uint32_t size, race_hook_fn hook)
{
	race_setup_ex(rc, size, hook, false);
}

static void
race_teardown(struct race *rc)
{
	unsigned int i;

	mpring_pvt_test_hook = NULL;
	race_cur = NULL;
	mpring_stats_slot_set(-1);
	mpring_free(rc->r);
	for (i = 0; i < RACE_SEMS; i++)
		sem_destroy(&rc->sem[i]);
}

/* No thread blocked; every item 1..n came out once, in order; the ring is at rest with
 * consistent counters. */
static void
race_check(struct race *rc, unsigned int n)
{
	unsigned int i;
	int t;

	race_join_b(rc);
	for (t = 2; t < rc->nth; t++)
		race_reap(rc, t);
	if (__atomic_load_n(&rc->timed_out, __ATOMIC_RELAXED))
		fail_msg("a thread blocked for %d s where it must not wait", RACE_TIMEOUT_S);
	for (i = 0; i < rc->nb && i < n; i++)
		if (rc->log[i] != i + 1)
			break;
	if (i != n || rc->nb != n) {
		fprintf(stderr, "drained:");
		for (i = 0; i < rc->nb; i++)
			fprintf(stderr, " %lu", (unsigned long)rc->log[i]);
		fprintf(stderr, " (expected 1..%u)\n", n);
	}
	assert_int_equal(rc->nb, n);
	for (i = 0; i < n; i++)
		assert_int_equal(rc->log[i], i + 1);
	assert_true(mpring_is_idle(rc->r));
	for (i = 0; i < rc->r->size; i++)
		assert_int_equal(rc->r->pend[i], 0);	/* no publication mark left */
	mpring_test_check_stats(rc->r);
}

static uint64_t
race_stat_helped(const struct race *rc)
{
	struct mpring_stats st;

	mpring_stats_get(rc->r, &st);
	return st.helped;
}

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

static void
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
static void
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
static void
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
static void
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
static void
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
static void
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
static void
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
static void
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
static void
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
static void
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
static void
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
static void
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
