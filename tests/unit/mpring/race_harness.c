/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The harness of the deterministic interleavings (race_harness.h). */

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

static struct race *race_cur;		/* the hooks' view of the running case */
__thread int race_tid;		/* 0: thread A; 1: thread B; 2..: race_spawn() */

uint32_t
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

void
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
int
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
void
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
void
race_run(struct race *rc, void (*fn)(struct race *))
{
	race_reap(rc, race_spawn(rc, fn));
}

void
race_start_b(struct race *rc, void (*fn)(struct race *))
{
	rc->b_fn = fn;
	rc->b_running = pthread_create(&rc->b, NULL, race_b_main, rc) == 0;
	if (!rc->b_running)
		abort();
}

/* Join B; if it does not finish in time it is blocked (on us): note it, leave it behind. */
void
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

void
race_post(struct race *rc, unsigned int i)
{
	sem_post(&rc->sem[i]);
}

void
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
void
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

void
race_setup(struct race *rc, uint32_t size, race_hook_fn hook)
{
	race_setup_ex(rc, size, hook, false);
}

void
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
void
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

uint64_t
race_stat_helped(const struct race *rc)
{
	struct mpring_stats st;

	mpring_stats_get(rc->r, &st);
	return st.helped;
}
