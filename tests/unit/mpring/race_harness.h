/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#ifndef RACE_HARNESS_H
#define RACE_HARNESS_H

/*
 * The harness of the deterministic interleavings (race_harness.c; the cases are
 * test_mpring_races.c and test_mpring_races_lease.c): a ring whose drain follows a script, the
 * test hook that hands each case's hook function the point a thread reached, the threads a case
 * starts, semaphores with a timeout, and the checks every case ends with.
 */

#include <pthread.h>
#include <semaphore.h>
#include <stdbool.h>
#include <stdint.h>

#include "mpring_pvt.h"

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

/* 0: thread A (the test's main thread); 1: thread B; 2..: race_spawn() */
extern __thread int race_tid;

void race_check(struct race *rc, unsigned int n);
uint32_t race_drain(void *cookie, const struct mpring_batch *b, unsigned int flags, bool *holding);
void race_join_b(struct race *rc);
void race_post(struct race *rc, unsigned int i);
void race_reap(struct race *rc, int tid);
void race_run(struct race *rc, void (*fn)(struct race *));
void race_set_can(struct race *rc, int can);
void race_setup(struct race *rc, uint32_t size, race_hook_fn hook);
void race_setup_ex(struct race *rc, uint32_t size, race_hook_fn hook, bool lease);
int race_spawn(struct race *rc, void (*fn)(struct race *));
void race_start_b(struct race *rc, void (*fn)(struct race *));
uint64_t race_stat_helped(const struct race *rc);
void race_teardown(struct race *rc);
void race_wait(struct race *rc, unsigned int i);

/* the lease's cases (test_mpring_races_lease.c) */
void test_race_sole_lean_finish_vs_commit(void **state);
void test_race_sole_lean_finish_alone(void **state);
void test_race_lease_revoker_waits_for_holder(void **state);
void test_race_lease_revoked_between_inside_and_check(void **state);
void test_race_lease_quiesce(void **state);
void test_race_lease_trylock(void **state);
void test_race_lease_holder_bulk_behind_reservation(void **state);
void test_race_lease_direct_not_holder(void **state);
void test_race_lease_direct_revoker_waits(void **state);
void test_race_lease_direct_revoked_in_enter(void **state);
void test_race_lease_direct_queues_rest(void **state);
void test_race_lease_needs_membarrier(void **state);

#endif /* RACE_HARNESS_H */
