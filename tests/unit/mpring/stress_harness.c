/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include <rte_pause.h>

#include "mpring_pvt.h"
#include "mpring_test_common.h"
#include "stress_harness.h"

#define STRESS_MAX_PRODUCERS	8
#define STRESS_ECHO		0xffu	/* producer id of the drain's follow-up items */
#define STRESS_SEQ_BITS		40
#define STRESS_SEQ_MASK		((UINT64_C(1) << STRESS_SEQ_BITS) - 1)
#define STRESS_HANG_SECONDS	60	/* no progress at all for this long = hang */
#define STRESS_DEFAULT_ITEMS	UINT64_C(10000000)
#define STRESS_TOTAL_WEIGHT	13	/* sum of the variants' weights */
#define STRESS_CONTROL_SLOT	(STRESS_MAX_PRODUCERS + 1) /* counter slot of the control thread */

struct stress_run_ctx;

struct stress_producer {
	struct stress_run_ctx *run;
	unsigned int id;
	uint64_t quota;
	uint64_t rnd;
	pthread_t thread;
};

struct stress_run_ctx {
	const struct stress_conf *c;
	struct mpring *r;
	/* Drain state: touched only by the consumer of the moment (the ring orders it). */
	uint64_t next_seq[STRESS_MAX_PRODUCERS];
	uint64_t echo_next;	/* next echo sequence expected */
	uint64_t echo_sent;	/* echoes accepted */
	uint64_t drain_rnd;
	/* Shared with other threads through atomics. */
	int in_drain;
	int no_stall;		/* end of run: drain always progresses, can_drain() true */
	int stop;
	unsigned int producers_done;
	uint64_t progress;	/* items drained, for the hang detector */
	uint64_t lie_rnd;
	uint64_t credits;	/* control: items the drain may still take */
	uint64_t quiesces;	/* control: quiesce/start cycles done under load */
	struct stress_producer prod[STRESS_MAX_PRODUCERS];
	pthread_t resumer;
	pthread_t control;
};

static __thread uint64_t stress_jitter_rnd;

static uint64_t
stress_rand(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*s = x;
	return x;
}

static void
stress_die(struct stress_run_ctx *run, const char *what, uint64_t a, uint64_t b)
{
	fprintf(stderr, "stress %s: %s (%" PRIu64 ", %" PRIu64 ")\n", run->c->name, what, a, b);
	mpring_test_dump(run->r, stderr);
	abort();
}

uint64_t
stress_items(unsigned int weight)
{
	const char *env = getenv("MPRING_STRESS_ITEMS");
	uint64_t total = STRESS_DEFAULT_ITEMS;

	if (env != NULL && *env != '\0')
		total = strtoull(env, NULL, 0);
	return total * weight / STRESS_TOTAL_WEIGHT;
}

static uint32_t
stress_drain(void *cookie, const struct mpring_batch *b, unsigned int flags, bool *holding)
{
	struct stress_run_ctx *run = cookie;
	const struct stress_conf *c = run->c;
	uint32_t avail = b->len[0] + b->len[1], n = avail, i;
	bool calm = __atomic_load_n(&run->no_stall, __ATOMIC_RELAXED);
	uint64_t x = stress_rand(&run->drain_rnd);

	/* One drain at a time (the acq_rel RMW also checks TSan's view of the hand-offs). */
	if (__atomic_add_fetch(&run->in_drain, 1, __ATOMIC_ACQ_REL) != 1)
		stress_die(run, "two threads inside drain", 0, 0);
	if (c->dsleep_pm != 0 && x % 1000 < c->dsleep_pm)
		usleep(1 + (x >> 20) % 40);
	if (c->dspin_pct != 0 && (x >> 40) % 100 < c->dspin_pct) {
		uint32_t k = (uint32_t)((x >> 48) % 1000);

		while (k-- != 0)
			rte_pause();
	}
	if (avail != 0 && !calm) {
		if ((x >> 10) % 100 < c->none_pct)
			n = 0;
		else if ((x >> 17) % 100 < c->part_pct)
			n = 1 + (uint32_t)((x >> 24) % avail);
		if (c->control) {
			/* Only the drain takes credits (one consumer at a time) and only the
			 * control thread adds: a load, then a subtraction, cannot go below 0. */
			uint64_t cr = __atomic_load_n(&run->credits, __ATOMIC_RELAXED);

			n = (uint32_t)RTE_MIN((uint64_t)n, cr);
			__atomic_fetch_sub(&run->credits, n, __ATOMIC_RELAXED);
		}
	}
	for (i = 0; i < n; i++) {
		uintptr_t v = (uintptr_t)(i < b->len[0] ? b->seg[0][i] : b->seg[1][i - b->len[0]]);
		unsigned int p = (unsigned int)(v >> STRESS_SEQ_BITS);
		uint64_t seq = v & STRESS_SEQ_MASK;

		if (p == STRESS_ECHO) {
			if (seq != run->echo_next + 1)
				stress_die(run, "echo out of order", seq, run->echo_next);
			run->echo_next = seq;
			continue;
		}
		if (p == 0 || p > c->producers)
			stress_die(run, "bad item", v, 0);
		if (seq != run->next_seq[p - 1] + 1)
			stress_die(run, "lost, duplicated or reordered item", p, seq);
		run->next_seq[p - 1] = seq;
		if (c->echo_pm != 0 && stress_rand(&run->drain_rnd) % 1000 < c->echo_pm) {
			void *e = (void *)(((uintptr_t)STRESS_ECHO << STRESS_SEQ_BITS) |
					(run->echo_sent + 1));

			run->echo_sent += mpring_enqueue_only(run->r, &e, 1);
		}
	}
	if (c->hold_pct != 0 && !(flags & MPRING_DRAIN_FLUSH) &&
			(x >> 32) % 100 < c->hold_pct)
		*holding = true;
	__atomic_fetch_add(&run->progress, n, __ATOMIC_RELAXED); /* a hint for the watchdog */
	__atomic_sub_fetch(&run->in_drain, 1, __ATOMIC_ACQ_REL);
	return n;
}

static bool
stress_can_drain(void *cookie)
{
	struct stress_run_ctx *run = cookie;
	uint64_t x;

	if (__atomic_load_n(&run->no_stall, __ATOMIC_RELAXED))
		return true;
	if (run->c->control && __atomic_load_n(&run->credits, __ATOMIC_RELAXED) == 0)
		return false;
	if (run->c->lie_pct == 0)
		return true;
	/* Racy on purpose would be a data race: a relaxed RMW keeps the lie cheap and legal. */
	x = __atomic_add_fetch(&run->lie_rnd, UINT64_C(0x9e3779b97f4a7c15), __ATOMIC_RELAXED);
	x ^= x >> 29;
	x *= UINT64_C(0xbf58476d1ce4e5b9);
	x ^= x >> 32;
	if (x % 100 < run->c->lie_pct)
		return (x >> 8) & 1;
	return true;
}

static void *
stress_producer_main(void *arg)
{
	struct stress_producer *pr = arg;
	struct stress_run_ctx *run = pr->run;
	const struct stress_conf *c = run->c;
	uint32_t cap = mpring_capacity(run->r);
	void **items = malloc(sizeof(void *) * c->burst_max);
	uint64_t sent = 0, x;
	uint32_t n, got, i, idle = 0;

	if (items == NULL)
		abort();
	mpring_stats_slot_set((int)pr->id + 1);
	while (sent < pr->quota) {
		x = stress_rand(&pr->rnd);
		n = 1 + (uint32_t)(x % c->burst_max);
		if (n > pr->quota - sent)
			n = (uint32_t)(pr->quota - sent);
		for (i = 0; i < n; i++)
			items[i] = (void *)(((uintptr_t)(pr->id + 1) << STRESS_SEQ_BITS) |
					(sent + 1 + i));
		if ((x >> 16) % 100 < c->bulk_pct) {
			if (n > cap)
				n = cap;
			got = mpring_enqueue_bulk(run->r, items, n) == 0 ? n : 0;
		} else {
			got = mpring_enqueue_burst(run->r, items, n);
		}
		sent += got;
		if (got == 0) {
			/* Full: let the consumer (maybe preempted) run; resume if stalled. */
			if (++idle % 64 == 0)
				sched_yield();
			mpring_resume(run->r, MPRING_RESUME_LAZY);
			continue;
		}
		if ((x >> 24) % 100 < c->pause_pct) {
			uint32_t k = (uint32_t)((x >> 32) % 2000);

			while (k-- != 0)
				rte_pause();
		}
		if (c->sleep_pm != 0 && (x >> 44) % 1000 < c->sleep_pm)
			usleep(1 + (x >> 54) % 20);
	}
	free(items);
	__atomic_add_fetch(&run->producers_done, 1, __ATOMIC_RELEASE);
	return NULL;
}

static void *
stress_resumer_main(void *arg)
{
	struct stress_run_ctx *run = arg;
	uint64_t rnd = 0x1234567ull, x;

	mpring_stats_slot_set(0);
	while (!__atomic_load_n(&run->stop, __ATOMIC_ACQUIRE)) {
		x = stress_rand(&rnd);
		if (x % 16 == 0 && mpring_consumer_trylock(run->r) == 0)
			mpring_consumer_unlock(run->r);
		else
			mpring_resume(run->r, (x >> 8) & 1 ? MPRING_RESUME_LAZY : 0);
		if ((x >> 16) % 8 == 0)
			usleep(1 + (x >> 24) % 50);
		else
			sched_yield();
	}
	return NULL;
}

/*
 * The control thread: the drain's resources and the queue's owner. Refills credits and calls
 * resume as a completion poller would, try-locks now and then, and quiesces the ring under load:
 * quiesce must return with the ring empty and idle (after -EAGAIN, more credits and again).
 */
static void *
stress_control_main(void *arg)
{
	struct stress_run_ctx *run = arg;
	const struct stress_conf *c = run->c;
	uint64_t rnd = 0xc0ffee123ull, x;
	int rc;

	mpring_stats_slot_set(STRESS_CONTROL_SLOT);
	while (!__atomic_load_n(&run->stop, __ATOMIC_ACQUIRE)) {
		x = stress_rand(&rnd);
		if (x % 2 == 0)
			__atomic_fetch_add(&run->credits, 1 + (x >> 8) % c->credits_max,
					__ATOMIC_RELAXED);
		if ((x >> 20) % 16 == 0 && mpring_consumer_trylock(run->r) == 0)
			mpring_consumer_unlock(run->r);
		else
			mpring_resume(run->r, (x >> 24) & 1 ? MPRING_RESUME_LAZY : 0);
		if ((x >> 28) % 1000 < c->quiesce_pm) {
			while ((rc = mpring_quiesce(run->r)) == -EAGAIN)
				__atomic_fetch_add(&run->credits, c->credits_max, __ATOMIC_RELAXED);
			if (rc != 0 || !mpring_is_idle(run->r) || mpring_count(run->r) != 0)
				stress_die(run, "quiesce under load left work", (uint64_t)rc,
						mpring_count(run->r));
			run->quiesces++;
			mpring_start(run->r);
		}
		if ((x >> 40) % 64 == 0)
			usleep(1 + (x >> 46) % 20);
		else if ((x >> 40) % 4 == 1)
			sched_yield();
	}
	return NULL;
}

/* Test hook: at the ring's named points, delay the calling thread now and then (pauses, or a
 * yield that lets another thread of the same core run), to widen the race windows. */
static unsigned int stress_jitter_pct;

static void
stress_jitter_hook(struct mpring *r, enum mpring_pvt_hook_point point)
{
	uint64_t x;

	(void)r;
	(void)point;
	if (stress_jitter_rnd == 0)
		stress_jitter_rnd = (uint64_t)(uintptr_t)&x | 1;
	x = stress_rand(&stress_jitter_rnd);
	if (x % 100 >= stress_jitter_pct)
		return;
	if ((x >> 8) % 4 == 0) {
		sched_yield();
	} else {
		uint32_t k = (uint32_t)((x >> 16) % 256);

		while (k-- != 0)
			rte_pause();
	}
}

void
stress_run(const struct stress_conf *c, uint64_t items)
{
	struct stress_run_ctx *run = calloc(1, sizeof(*run));
	struct mpring_conf conf = c->ring;
	uint64_t last = 0, now_items;
	unsigned int p, still = 0;
	struct timespec t0, t1;
	int rc;

	assert_non_null(run);
	assert_true(c->producers >= 1 && c->producers <= STRESS_MAX_PRODUCERS);
	run->c = c;
	run->drain_rnd = 0xdeadbeefcafeull;
	conf.size = c->ring_size;
	conf.drain = stress_drain;
	conf.can_drain = stress_can_drain;
	conf.cookie = run;
	run->r = mpring_create(&conf);
	assert_non_null(run->r);
	assert_true(!c->control || c->credits_max > 0);
	stress_jitter_pct = c->jitter_pct;
	if (c->jitter_pct != 0)
		mpring_pvt_test_hook = stress_jitter_hook;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (p = 0; p < c->producers; p++) {
		struct stress_producer *pr = &run->prod[p];

		pr->run = run;
		pr->id = p;
		pr->quota = items / c->producers + (p == 0 ? items % c->producers : 0);
		pr->rnd = 0x9e3779b97f4a7c15ull * (p + 1);
		assert_int_equal(pthread_create(&pr->thread, NULL, stress_producer_main, pr), 0);
	}
	if (c->resumer)
		assert_int_equal(pthread_create(&run->resumer, NULL, stress_resumer_main, run), 0);
	if (c->control)
		assert_int_equal(pthread_create(&run->control, NULL, stress_control_main, run), 0);

	/* Hang detector: generous and progress-based (not a performance assertion): while
	 * producers run, some item must be drained every STRESS_HANG_SECONDS. */
	while (__atomic_load_n(&run->producers_done, __ATOMIC_ACQUIRE) < c->producers) {
		usleep(100 * 1000);
		now_items = __atomic_load_n(&run->progress, __ATOMIC_RELAXED);
		if (now_items != last)
			still = 0;
		else if (++still >= STRESS_HANG_SECONDS * 10)
			stress_die(run, "no progress", now_items, items);
		last = now_items;
	}
	for (p = 0; p < c->producers; p++)
		pthread_join(run->prod[p].thread, NULL);
	__atomic_store_n(&run->stop, 1, __ATOMIC_RELEASE);
	if (c->resumer)
		pthread_join(run->resumer, NULL);
	if (c->control)
		pthread_join(run->control, NULL);
	mpring_pvt_test_hook = NULL;

	/* Everything committed must come out: quiesce, calming the drain if it stalls. */
	mpring_stats_slot_set(0);
	while ((rc = mpring_quiesce(run->r)) == -EAGAIN)
		__atomic_store_n(&run->no_stall, 1, __ATOMIC_RELAXED);
	assert_int_equal(rc, 0);
	clock_gettime(CLOCK_MONOTONIC, &t1);

	for (p = 0; p < c->producers; p++) {
		uint64_t quota = items / c->producers + (p == 0 ? items % c->producers : 0);

		if (run->next_seq[p] != quota)
			mpring_test_dump(run->r, stderr);
		assert_int_equal(run->next_seq[p], quota);
	}
	assert_int_equal(run->echo_next, run->echo_sent);
	/* At rest no publication mark is left: every marked range was claimed once. */
	for (p = 0; p < c->ring_size; p++)
		if (run->r->pend[p] != 0)
			stress_die(run, "publication mark left behind", p, run->r->pend[p]);
	mpring_test_check_stats(run->r);
	{
		struct mpring_stats st;

		mpring_stats_get(run->r, &st);
		assert_int_equal(st.enqueued, items);
		assert_int_equal(st.enqueued_only, run->echo_sent);
		printf("[ stress ] %-10s %u producers, ring %u: %" PRIu64 " items (+%" PRIu64
			" echoes, %" PRIu64 " quiesces under load) in %.2f s\n", c->name,
			c->producers, c->ring_size, items, run->echo_sent, run->quiesces,
			(double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
		mpring_test_dump(run->r, stdout);
	}
	mpring_free(run->r);
	free(run);
}
