/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Deterministic interleavings of lib/mpring. A test hook (MPRING_TEST_HOOK, compiled into the
 * tests' copy of the library only) stops thread A at a named point of the state machine; the
 * hook runs thread B to completion (create + join) and then lets A go on. Each case forces one
 * interleaving that random stress testing reaches only rarely, and checks that every item comes
 * out exactly once and in order. No EAL, no timing.
 */

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mpring_pvt.h"
#include "mpring_test_common.h"

#define RACE_LOG	64
#define RACE_SCRIPT	16
#define RACE_ALL	(-1)	/* script step: take everything offered */
#define RACE_STALL_NO	(-2)	/* script step: stall, and can_drain() says no from now on */

/*
 * A scripted drain: step i of the script says what drain call i does (RACE_ALL, 0 = stall,
 * RACE_STALL_NO, k = take at most k). Its state is touched only by the consumer of the moment
 * (the ring orders it) and by the hook between create and join; can_drain() is read from any
 * thread.
 */
struct race {
	struct mpring *r;
	uintptr_t log[RACE_LOG];
	unsigned int nb;
	int script[RACE_SCRIPT];
	unsigned int calls;
	int can;			/* can_drain() answer; atomic */
	enum mpring_pvt_hook_point point; /* where A stops */
	unsigned int hits;		/* hook calls at that point */
	void (*other)(struct race *);	/* thread B's part */
};

static struct race *race_cur;		/* the hook's view of the running case */

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
	for (i = 0; i < n; i++) {
		assert_true(rc->nb < RACE_LOG);
		rc->log[rc->nb++] = (uintptr_t)(i < b->len[0] ? b->seg[0][i] :
				b->seg[1][i - b->len[0]]);
	}
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

static void *
race_other_main(void *arg)
{
	struct race *rc = arg;

	mpring_stats_slot_set(1);
	rc->other(rc);
	return NULL;
}

/* Runs in thread A at every hook point; at the first hit of rc->point, runs B to the end. */
static void
race_hook(struct mpring *r, enum mpring_pvt_hook_point point)
{
	struct race *rc = race_cur;
	pthread_t t;

	if (rc == NULL || r != rc->r || point != rc->point || rc->hits++ != 0)
		return;
	assert_int_equal(pthread_create(&t, NULL, race_other_main, rc), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
}

static void
race_setup(struct race *rc, uint32_t size, enum mpring_pvt_hook_point point,
		void (*other)(struct race *))
{
	struct mpring_conf conf;
	unsigned int i;

	memset(rc, 0, sizeof(*rc));
	for (i = 0; i < RACE_SCRIPT; i++)
		rc->script[i] = RACE_ALL;
	rc->can = 1;
	rc->point = point;
	rc->other = other;
	mpring_conf_init(&conf);
	conf.size = size;
	conf.drain = race_drain;
	conf.can_drain = race_can_drain;
	conf.cookie = rc;
	rc->r = mpring_create(&conf);
	assert_non_null(rc->r);
	race_cur = rc;
	mpring_pvt_test_hook = race_hook;
	mpring_stats_slot_set(0);
}

static void
race_teardown(struct race *rc)
{
	mpring_pvt_test_hook = NULL;
	race_cur = NULL;
	mpring_stats_slot_set(-1);
	mpring_free(rc->r);
}

/* Every item 1..n came out once, in order, and the ring is at rest with consistent counters. */
static void
race_check(struct race *rc, unsigned int n)
{
	unsigned int i;

	assert_int_equal(rc->hits, 1);
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
	mpring_test_check_stats(rc->r);
}

static void
fill(uintptr_t *v, unsigned int n, uintptr_t first)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		v[i] = first + i;
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
	assert_int_equal(mpring_resume(rc->r, 0), 2);
	assert_int_equal(mpring_state_get(rc->r), MPRING_STALLED);
	race_set_can(rc, 1);
}

static void
test_race_stall_recheck_vs_resume_duplicates(void **state)
{
	struct race rc;
	uintptr_t v[4];

	(void)state;
	race_setup(&rc, 16, MPRING_HOOK_STALL_RECHECK, race_dup_b);
	rc.script[0] = 0;	/* A: stall on 1-4 */
	rc.script[1] = 2;	/* B: resume takes 1-2 */
	rc.script[2] = RACE_STALL_NO; /* B: stall; no re-check success for B */
	fill(v, 4, 1);
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)v, 4), 4);
	race_check(&rc, 4);
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
	uintptr_t v[6];

	race_set_can(rc, 1);
	assert_int_equal(mpring_resume(rc->r, 0), 4);
	assert_true(mpring_is_idle(rc->r));
	race_set_can(rc, 0);
	fill(v, 6, 5);
	assert_int_equal(mpring_enqueue_burst(rc->r, (void **)v, 6), 6);
	assert_int_equal(mpring_state_get(rc->r), MPRING_STALLED);
	race_set_can(rc, 1);
}

static void
test_race_stall_recheck_vs_resume_loses(void **state)
{
	struct race rc;
	uintptr_t v[4];

	(void)state;
	race_setup(&rc, 8, MPRING_HOOK_STALL_RECHECK, race_loss_b);
	rc.script[0] = 0;	/* A: stall on 1-4 */
	rc.script[1] = RACE_ALL; /* B: resume drains 1-4 */
	rc.script[2] = 0;	/* B: its burst 5-10 stalls */
	fill(v, 4, 1);
	assert_int_equal(mpring_enqueue_burst(rc.r, (void **)v, 4), 4);
	race_check(&rc, 10);
	race_teardown(&rc);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_race_stall_recheck_vs_resume_duplicates),
		cmocka_unit_test(test_race_stall_recheck_vs_resume_loses),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
