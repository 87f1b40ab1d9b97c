/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Single-thread semantics of lib/mpring (plus one deterministic two-thread hand-over case); a
 * producer alone (the sole path, the lease) is test_mpring_sole.c. White-box where a case
 * needs it (mpring_pvt.h). No EAL, no timed assertions.
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

#include "mpring_test_sink.h"

/* --- negative cases first ------------------------------------------------------------------- */

static void
test_mpring_init_rejects_bad_conf(void **state)
{
	struct mpring_conf conf;
	struct mpring *r;

	(void)state;
	assert_int_equal(mpring_memsize(0), 0);
	assert_int_equal(mpring_memsize(1), 0);
	assert_int_equal(mpring_memsize(MPRING_SIZE_MAX + 1), 0);
	assert_true(mpring_memsize(2) > 0);
	mpring_conf_init(&conf);
	conf.size = 64;
	errno = 0;
	r = mpring_create(&conf); /* no drain */
	assert_null(r);
	assert_int_equal(errno, EINVAL);
	conf.drain = sink_drain;
	conf.size = 1;
	assert_null(mpring_create(&conf));
	conf.size = 64;
	conf.budget_items = 0;
	assert_null(mpring_create(&conf));
	assert_int_equal(mpring_stats_slot_set(-2), -EINVAL);
	assert_int_equal(mpring_stats_slot_set((int)mpring_stats_slots()), -EINVAL);
}

static void
test_mpring_bulk_rejects_too_many(void **state)
{
	struct sink s;
	struct mpring *r = ring_new(&s, 8, 64, NULL);
	uintptr_t v[16];

	(void)state;
	fill_seq(v, 16, 1);
	assert_int_equal(mpring_enqueue_bulk(r, (void **)v, 8), -EINVAL);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 0), 0);
	assert_int_equal(s.calls, 0);
	ring_del(&s);
}

/* --- basic path ----------------------------------------------------------------------------- */

static void
test_mpring_idle_ring_drains_caller_burst_directly(void **state)
{
	struct sink s;
	struct mpring *r = ring_new(&s, 64, 64, NULL);
	struct mpring_stats st;
	uintptr_t v[8];

	(void)state;
	fill_seq(v, 8, 100);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 8), 8);
	check_log_seq(&s, 100, 8);
	assert_int_equal(s.calls, 1);
	assert_true(mpring_is_idle(r));
	mpring_stats_get(r, &st);
	assert_int_equal(st.direct, 8);
	assert_int_equal(st.starts[MPRING_ROUTE_FAST], 1);
	mpring_test_check_stats(r);
	ring_del(&s);
}

/* Wrap-around: one producer, random bursts, random stalls and partial drains; what comes out
 * is exactly what went in, in order, with indices wrapping many times. */
static void
run_wrap(uint32_t size, uint64_t items)
{
	struct sink s;
	struct mpring *r = ring_new(&s, size, items + 1, NULL);
	uint32_t cap = size - 1, burst, got;
	uintptr_t *v = malloc(sizeof(*v) * (cap + 1));
	uint64_t next = 1, rnd = 0x9e3779b97f4a7c15ull ^ size;
	uint32_t i;

	assert_non_null(v);
	while (next <= items) {
		rnd ^= rnd << 13;
		rnd ^= rnd >> 7;
		rnd ^= rnd << 17;
		s.stall = (rnd & 7) == 0;
		s.take_max = (rnd >> 8) & 1 ? 0 : 1 + (uint32_t)((rnd >> 16) % cap);
		burst = 1 + (uint32_t)((rnd >> 32) % (cap + 1 < 300 ? cap + 1 : 300));
		if ((rnd >> 40) % 64 == 0)
			burst = cap;		/* a burst of size - 1 */
		if (burst > items - next + 1)
			burst = (uint32_t)(items - next + 1);
		for (i = 0; i < burst; i++)
			v[i] = (uintptr_t)(next + i);
		got = mpring_enqueue_burst(r, (void **)v, burst);
		assert_true(got <= burst);
		next += got;
		if (got == 0 || s.stall) {
			s.stall = false;
			mpring_resume(r, 0);
		}
	}
	s.stall = false;
	s.take_max = 0;
	assert_int_equal(mpring_quiesce(r), 0);
	check_log_seq(&s, 1, items);
	assert_true(mpring_is_idle(r));
	mpring_test_check_stats(r);
	free(v);
	ring_del(&s);
}

static void
test_mpring_wrap_sizes(void **state)
{
	static const uint32_t sizes[] = { 2, 3, 7, 64, 1024, 65535, 65536 };
	unsigned int i;

	(void)state;
	for (i = 0; i < RTE_DIM(sizes); i++)
		run_wrap(sizes[i], sizes[i] > 1024 ? 4ull * sizes[i] : 20000);
}

static void
test_mpring_full_ring_partial_acceptance(void **state)
{
	struct sink s;
	struct mpring *r = ring_new(&s, 8, 64, NULL);
	struct mpring_stats st;
	uintptr_t v[10], copy[10];

	(void)state;
	s.stall = true;
	s.can = false;
	fill_seq(v, 10, 1);
	memcpy(copy, v, sizeof(v));
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 5), 5);
	assert_int_equal(mpring_state_get(r), MPRING_STALLED);
	/* 2 of 5 fit; the rest stay the caller's, untouched. */
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[5], 5), 2);
	assert_memory_equal(v, copy, sizeof(v));
	assert_int_equal(mpring_count(r), 7);
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[7], 3), 0);
	assert_int_equal(mpring_enqueue_bulk(r, (void **)&v[7], 1), -ENOBUFS);
	mpring_stats_get(r, &st);
	assert_int_equal(st.dropped, 4);
	assert_int_equal(st.enqueued, 7);
	/* Resources back: resume drains exactly the accepted prefix. */
	assert_int_equal(mpring_resume(r, 0), 0);	/* can_drain() still says no */
	s.stall = false;
	s.can = true;
	assert_int_equal(mpring_resume(r, 0), 7);
	check_log_seq(&s, 1, 7);
	assert_true(mpring_is_idle(r));
	mpring_test_check_stats(r);
	ring_del(&s);
}

/*
 * stall_yield: a call that leaves items with its caller while the ring is STALLED yields the
 * CPU once (counted in yields), in burst and bulk mode, whole or partial refusal; without the
 * flag, or while the ring is not stalled (a ring full behind a consumer that makes progress
 * is the full-ring wait's business), it does not.
 */
static void
run_stall_yield(bool on)
{
	struct mpring_conf conf;
	struct mpring_stats st;
	struct sink s;
	struct mpring *r;
	uintptr_t v[10];

	mpring_conf_init(&conf);
	conf.stall_yield = on;
	r = ring_new(&s, 8, 64, &conf);
	s.stall = true;
	s.can = false;
	fill_seq(v, 10, 1);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 5), 5);	/* all taken: no yield */
	assert_int_equal(mpring_state_get(r), MPRING_STALLED);
	mpring_stats_get(r, &st);
	assert_int_equal(st.yields, 0);
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[5], 5), 2);	/* partly refused */
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[7], 3), 0);	/* refused */
	assert_int_equal(mpring_enqueue_bulk(r, (void **)&v[7], 1), -ENOBUFS);
	mpring_stats_get(r, &st);
	assert_int_equal(st.yields, on ? 3 : 0);
	assert_int_equal(st.dropped, 4);
	/* not stalled any more: the refused rest goes in, the ring drains, nothing is lost */
	s.stall = false;
	s.can = true;
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[7], 3), 3);
	check_log_seq(&s, 1, 10);
	assert_true(mpring_is_idle(r));
	mpring_stats_get(r, &st);
	assert_int_equal(st.yields, on ? 3 : 0);
	mpring_test_check_stats(r);
	ring_del(&s);
}

static void
test_mpring_stall_yield(void **state)
{
	(void)state;
	run_stall_yield(false);
	run_stall_yield(true);
}

static void
test_mpring_bulk_all_or_nothing(void **state)
{
	struct sink s;
	struct mpring *r = ring_new(&s, 8, 64, NULL);
	uintptr_t v[8];

	(void)state;
	s.stall = true;
	s.can = false;
	fill_seq(v, 8, 1);
	assert_int_equal(mpring_enqueue_bulk(r, (void **)v, 4), 0);
	assert_int_equal(mpring_enqueue_bulk(r, (void **)&v[4], 4), -ENOBUFS);
	assert_int_equal(mpring_count(r), 4);
	assert_int_equal(mpring_enqueue_bulk(r, (void **)&v[4], 3), 0);
	s.stall = false;
	s.can = true;
	assert_int_equal(mpring_resume(r, 0), 7);
	check_log_seq(&s, 1, 7);
	mpring_test_check_stats(r);
	ring_del(&s);
}

static void
test_mpring_partial_drain_loops(void **state)
{
	struct sink s;
	struct mpring *r = ring_new(&s, 64, 64, NULL);
	uintptr_t v[10];

	(void)state;
	s.take_max = 3;
	fill_seq(v, 10, 1);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 10), 10);
	check_log_seq(&s, 1, 10);
	assert_int_equal(s.calls, 4);	/* 3 + 3 + 3 + 1 */
	assert_true(mpring_is_idle(r));
	mpring_test_check_stats(r);
	ring_del(&s);
}

/* --- stall and resume ----------------------------------------------------------------------- */

static void
test_mpring_stall_then_resume(void **state)
{
	struct sink s;
	struct mpring *r = ring_new(&s, 64, 64, NULL);
	struct mpring_stats st;
	uintptr_t v[8];

	(void)state;
	fill_seq(v, 8, 1);
	s.stall = true;
	s.can = false;
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 4), 4);
	assert_int_equal(mpring_state_get(r), MPRING_STALLED);
	assert_false(mpring_is_idle(r));
	/* A producer that finds it stalled and can_drain() false leaves its items. */
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[4], 2), 2);
	assert_int_equal(s.nb, 0);
	/* can_drain() true: the next producer restarts it at commit. */
	s.stall = false;
	s.can = true;
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[6], 2), 2);
	check_log_seq(&s, 1, 8);
	assert_true(mpring_is_idle(r));
	mpring_stats_get(r, &st);
	assert_int_equal(st.stalls, 1);
	assert_int_equal(st.restarts, 1);
	assert_int_equal(st.starts[MPRING_ROUTE_COMMIT], 1);
	mpring_test_check_stats(r);
	ring_del(&s);
}

/* After writing STALLED the consumer re-checks can_drain() and resumes itself. */
static void
recheck_hook(struct sink *s, const struct mpring_batch *b)
{
	(void)b;
	if (s->hook_state++ == 0) {
		s->stall = true;	/* first call fails ... */
	} else {
		s->stall = false;	/* ... the re-check's call succeeds */
	}
}

static void
test_mpring_stall_recheck_resumes(void **state)
{
	struct sink s;
	struct mpring *r = ring_new(&s, 64, 64, NULL);
	struct mpring_stats st;
	uintptr_t v[4];

	(void)state;
	fill_seq(v, 4, 1);
	s.hook = recheck_hook;
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 4), 4);
	check_log_seq(&s, 1, 4);
	assert_true(mpring_is_idle(r));
	mpring_stats_get(r, &st);
	assert_int_equal(st.stalls, 1);
	assert_int_equal(st.restarts, 1);
	mpring_test_check_stats(r);
	ring_del(&s);
}

/* --- budgets -------------------------------------------------------------------------------- */

static void
budget_hook(struct sink *s, const struct mpring_batch *b)
{
	(void)b;
	/* Offered 1 item per call; after 4 the consumer must have written TOO_BUSY. */
	if (s->calls == 6)
		s->hook_state = (int)mpring_state_get(s->r);
}

static void
test_mpring_item_budget_too_busy_keeps_draining(void **state)
{
	struct mpring_conf conf;
	struct sink s;
	struct mpring *r;
	uintptr_t v[10];

	(void)state;
	mpring_conf_init(&conf);
	conf.budget_items = 4;
	r = ring_new(&s, 64, 64, &conf);
	s.take_max = 1;
	s.hook = budget_hook;
	fill_seq(v, 10, 1);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 10), 10);
	assert_int_equal(s.hook_state, MPRING_TOO_BUSY);
	check_log_seq(&s, 1, 10);	/* nobody took over: it drained everything */
	assert_true(mpring_is_idle(r));
	mpring_test_check_stats(r);
	ring_del(&s);
}

static void
test_mpring_time_budget_too_busy(void **state)
{
	struct mpring_conf conf;
	struct sink s;
	struct mpring *r;
	uintptr_t v[10];

	(void)state;
	mpring_conf_init(&conf);
	conf.budget_items = 1000;
	conf.budget_cycles = 1;	/* spent as soon as the clock starts */
	r = ring_new(&s, 64, 64, &conf);
	s.take_max = 1;
	s.hook = budget_hook;
	fill_seq(v, 10, 1);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 10), 10);
	assert_int_equal(s.hook_state, MPRING_TOO_BUSY);
	check_log_seq(&s, 1, 10);
	mpring_test_check_stats(r);
	ring_del(&s);
}

/* Hand-over: consumer A spends its budget and is kept inside its drain call until producer B
 * has claimed the role (TAKING_OVER); A steps down, B drains the rest. */
struct handover_ctx {
	struct sink s;
	uintptr_t vb[3];
	int b_done;
};

static void *
handover_b(void *arg)
{
	struct handover_ctx *h = arg;

	mpring_stats_slot_set(1);
	assert_int_equal(mpring_enqueue_burst(h->s.r, (void **)h->vb, 3), 3);
	__atomic_store_n(&h->b_done, 1, __ATOMIC_RELEASE);
	return NULL;
}

static void
handover_hook(struct sink *s, const struct mpring_batch *b)
{
	struct handover_ctx *h = container_of(s, struct handover_ctx, s);
	pthread_t t;

	(void)b;
	if (s->hook_state == 0 && mpring_state_get(s->r) == MPRING_TOO_BUSY) {
		s->hook_state = 1;
		assert_int_equal(pthread_create(&t, NULL, handover_b, h), 0);
		while (mpring_state_get(s->r) != MPRING_TAKING_OVER)
			sched_yield();
		pthread_detach(t);
	}
}

static void
test_mpring_takeover_hands_over(void **state)
{
	struct mpring_conf conf;
	struct handover_ctx h;
	struct mpring_stats st;
	struct mpring *r;
	uintptr_t v[10];

	(void)state;
	mpring_conf_init(&conf);
	conf.budget_items = 2;
	r = ring_new(&h.s, 64, 64, &conf);
	h.b_done = 0;
	h.s.take_max = 1;
	h.s.hook = handover_hook;
	fill_seq(v, 10, 1);
	fill_seq(h.vb, 3, 11);
	mpring_stats_slot_set(0);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 10), 10);
	while (!__atomic_load_n(&h.b_done, __ATOMIC_ACQUIRE))
		sched_yield();
	/* B drained what A left and its own: the log is still one FIFO. */
	check_log_seq(&h.s, 1, 13);
	assert_true(mpring_is_idle(r));
	mpring_stats_get(r, &st);
	assert_int_equal(st.handovers, 1);
	assert_int_equal(st.starts[MPRING_ROUTE_TAKEOVER], 1);
	assert_int_equal(r->stats[0].s.ends[MPRING_END_HANDOVER], 1);
	assert_int_equal(r->stats[1].s.starts[MPRING_ROUTE_TAKEOVER], 1);
	/* per slot: A enqueued 10 and handed over, B enqueued 3 and took over; nothing else */
	assert_int_equal(mpring_stats_slot_get(r, mpring_stats_slots(), &st), -EINVAL);
	assert_int_equal(mpring_stats_slot_get(r, 0, &st), 0);
	assert_int_equal(st.enqueued, 10);
	assert_int_equal(st.handovers, 1);
	assert_int_equal(st.starts[MPRING_ROUTE_TAKEOVER], 0);
	assert_int_equal(mpring_stats_slot_get(r, 1, &st), 0);
	assert_int_equal(st.enqueued, 3);
	assert_int_equal(st.handovers, 0);
	assert_int_equal(st.starts[MPRING_ROUTE_TAKEOVER], 1);
	assert_int_equal(mpring_stats_slot_get(r, 2, &st), 0);
	assert_int_equal(st.enqueued + st.drained + st.drain_calls, 0);
	mpring_test_check_stats(r);
	mpring_stats_slot_set(-1);
	ring_del(&h.s);
}

/* --- coalescing ----------------------------------------------------------------------------- */

/* The drain holds consumed items: COALESCING, not idle; the next enqueue drains, resume flushes
 * with an empty batch. */
static void
test_mpring_drain_hold_flushed_by_enqueue_and_resume(void **state)
{
	struct mpring_conf conf;
	struct mpring_stats st;
	struct sink s;
	struct mpring *r;
	uintptr_t v[8];

	(void)state;
	mpring_conf_init(&conf);
	conf.hold_cycles = UINT64_C(1) << 50;
	r = ring_new(&s, 64, 64, &conf);
	fill_seq(v, 8, 1);
	s.hold = true;
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 2), 2);
	assert_int_equal(mpring_state_get(r), MPRING_COALESCING);
	assert_false(mpring_is_idle(r));
	/* Lazy resume before the deadline: nothing. */
	assert_int_equal(mpring_resume(r, MPRING_RESUME_LAZY), 0);
	assert_int_equal(s.calls, 1);
	/* The next enqueue becomes the consumer and drains (the drain decides to stop holding). */
	s.hold = false;
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[2], 2), 2);
	assert_true(mpring_is_idle(r));
	/* Hold again, then resume flushes with an empty batch and MPRING_DRAIN_FLUSH. */
	s.hold = true;
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[4], 2), 2);
	assert_int_equal(mpring_state_get(r), MPRING_COALESCING);
	assert_int_equal(mpring_resume(r, 0), 0);
	assert_int_equal(s.flush_calls, 1);
	assert_int_equal(s.empty_calls, 1);
	assert_true(mpring_is_idle(r));
	/* An expired deadline (forced here) makes a lazy resume flush too. */
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[6], 2), 2);
	assert_int_equal(mpring_state_get(r), MPRING_COALESCING);
	__atomic_store_n(&r->hold.deadline, 1, __ATOMIC_RELAXED);
	mpring_resume(r, MPRING_RESUME_LAZY);
	assert_true(mpring_is_idle(r));
	check_log_seq(&s, 1, 8);
	mpring_stats_get(r, &st);
	assert_int_equal(st.flushes, 2);
	mpring_test_check_stats(r);
	ring_del(&s);
}

/* Ring-level hold: a stream of small bursts is left in the ring and drained in one call. */
static void
test_mpring_ring_hold_coalesces_bursts(void **state)
{
	struct mpring_conf conf;
	struct mpring_stats st;
	struct sink s;
	struct mpring *r;
	uintptr_t v[64];

	(void)state;
	mpring_conf_init(&conf);
	conf.hold_items = 32;
	conf.hold_cycles = UINT64_C(1) << 50;
	r = ring_new(&s, 256, 256, &conf);
	fill_seq(v, 64, 1);
	/* An isolated burst (no stream yet) is never held. */
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 8), 8);
	assert_int_equal(s.calls, 1);
	assert_true(mpring_is_idle(r));
	/* The stream: held while under 32 items ... */
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[8], 8), 8);
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[16], 8), 8);
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[24], 8), 8);
	assert_int_equal(s.calls, 1);
	assert_int_equal(mpring_state_get(r), MPRING_COALESCING);
	assert_int_equal(mpring_count(r), 24);
	/* ... the fourth burst brings 32: one drain call for all. */
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[32], 8), 8);
	assert_int_equal(s.calls, 2);
	assert_int_equal(s.last_batch, 32);
	assert_true(mpring_is_idle(r));
	/* A held batch is flushed by resume. */
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[40], 8), 8);
	assert_int_equal(mpring_state_get(r), MPRING_COALESCING);
	assert_int_equal(mpring_resume(r, 0), 8);
	assert_int_equal(s.flush_calls, 1);
	assert_true(mpring_is_idle(r));
	/* An expired deadline stops the holding: the next burst goes out with the held ones. */
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[48], 8), 8);
	assert_int_equal(mpring_state_get(r), MPRING_COALESCING);
	__atomic_store_n(&r->hold.deadline, 1, __ATOMIC_RELAXED);
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[56], 8), 8);
	assert_true(mpring_is_idle(r));
	check_log_seq(&s, 1, 64);
	mpring_stats_get(r, &st);
	assert_int_equal(st.holds, 5);
	mpring_test_check_stats(r);
	ring_del(&s);
}

/*
 * Does the hold policy follow what holds gain? A cost model on the policy's clock: each drain
 * call costs adapt_call_cost cycles, each hold adapt_hold_cost (the hand-off). One producer
 * sends bursts of 8 into a ring that holds up to 32 items: with holds, 4 bursts and 3 holds per
 * drain call; without, a drain call per burst.
 */
#define ADAPT_EPOCH		16384u	/* items per policy epoch (HOLD_EPOCH_ITEMS) */
#define ADAPT_EPOCHS_OFF	48u
#define ADAPT_EPOCHS_ON		80u

static uint64_t adapt_now, adapt_call_cost, adapt_hold_cost;

static uint64_t
adapt_clock(void)
{
	return adapt_now;
}

static void
adapt_hook(struct sink *s, const struct mpring_batch *b)
{
	(void)s;
	(void)b;
	adapt_now += adapt_call_cost;
}

/* @epochs epochs' worth of bursts of 8, from item @next; returns the next item. */
static uint64_t
adapt_run(struct mpring *r, uint64_t next, unsigned int epochs)
{
	uintptr_t v[8];
	unsigned int i;

	for (i = 0; i < epochs * ADAPT_EPOCH / 8; i++) {
		fill_seq(v, 8, next);
		assert_int_equal(mpring_enqueue_burst(r, (void **)v, 8), 8);
		next += 8;
		if (mpring_state_get(r) == MPRING_COALESCING)
			adapt_now += adapt_hold_cost;
	}
	return next;
}

static void
test_mpring_hold_adapts(void **state)
{
	struct mpring_conf conf;
	struct mpring_stats st, st2;
	struct sink s;
	struct mpring *r;
	uint64_t next = 1, calls, holds, declined;

	(void)state;
	mpring_conf_init(&conf);
	conf.hold_items = 32;
	conf.hold_cycles = UINT64_C(1) << 50;	/* always a stream, no deadline */
	/* The log: every epoch of the runs below. */
	r = ring_new(&s, 256, (size_t)(ADAPT_EPOCHS_OFF + 34 + ADAPT_EPOCHS_ON + 4) * ADAPT_EPOCH,
			&conf);
	s.hook = adapt_hook;
	__atomic_store_n(&mpring_pvt_test_clock, adapt_clock, __ATOMIC_RELAXED);
	adapt_now = 1;

	/* Hand-offs dear, drain calls cheap: holding costs throughput; holds go off, and only
	 * probe epochs (one in 2, 4, ... 32) hold. */
	adapt_call_cost = 100;
	adapt_hold_cost = 1000;
	next = adapt_run(r, next, ADAPT_EPOCHS_OFF);
	assert_false(r->hold.pref);
	mpring_stats_get(r, &st);
	assert_true(st.holds_declined > 0);
	assert_true(st.hold_probes > 0);	/* it kept looking */
	/* Over the next 34 epochs at most two run with holds (a probe, and the one a
	 * disagreeing probe would bring soon after): fewer than one candidate in eight held. */
	holds = st.holds;
	declined = st.holds_declined;
	next = adapt_run(r, next, 34);
	mpring_stats_get(r, &st2);
	assert_false(r->hold.pref);
	assert_true((st2.holds - holds) * 8 < st2.holds_declined - declined);

	/* Drain calls dear, hand-offs cheap: holding pays; holds come back on, and bursts go
	 * out 4 to a drain call. */
	adapt_call_cost = 1000;
	adapt_hold_cost = 50;
	next = adapt_run(r, next, ADAPT_EPOCHS_ON);
	assert_true(r->hold.pref);
	calls = s.calls;
	mpring_stats_get(r, &st);
	next = adapt_run(r, next, 4);
	mpring_stats_get(r, &st2);
	/* 4 epochs of 2048 bursts, at most one of them a probe without holds: the others
	 * make 512 drain calls and 1536 holds each. */
	assert_true(s.calls - calls <= 3 * 512 + 2048 + 4);
	assert_true(st2.holds - st.holds >= 3 * 1536 - 4);

	__atomic_store_n(&mpring_pvt_test_clock, NULL, __ATOMIC_RELAXED);
	assert_int_equal(mpring_quiesce(r), 0);
	check_log_seq(&s, 1, next - 1);
	mpring_test_check_stats(r);
	ring_del(&s);
}

/* --- enqueue-only, trylock, quiesce --------------------------------------------------------- */

static void
reenq_hook(struct sink *s, const struct mpring_batch *b)
{
	static uintptr_t extra[2] = { 1001, 1002 };

	(void)b;
	if (s->hook_state++ == 0)
		assert_int_equal(mpring_enqueue_only(s->r, (void **)extra, 2), 2);
}

static void
test_mpring_enqueue_only_inside_drain(void **state)
{
	struct mpring_stats st;
	struct sink s;
	struct mpring *r = ring_new(&s, 16, 64, NULL);
	uintptr_t v[4];

	(void)state;
	fill_seq(v, 4, 1);
	s.hook = reenq_hook;
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 4), 4);
	assert_int_equal(s.nb, 6);
	assert_int_equal(s.log[4], 1001);
	assert_int_equal(s.log[5], 1002);
	assert_true(mpring_is_idle(r));
	mpring_stats_get(r, &st);
	assert_int_equal(st.enqueued_only, 2);
	mpring_test_check_stats(r);
	ring_del(&s);
}

static void
test_mpring_trylock_defers_producers(void **state)
{
	struct sink s;
	struct mpring *r = ring_new(&s, 16, 64, NULL);
	uintptr_t v[4];

	(void)state;
	fill_seq(v, 4, 1);
	assert_int_equal(mpring_consumer_trylock(r), 0);
	assert_int_equal(mpring_consumer_trylock(r), -EBUSY);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 4), 4);
	assert_int_equal(s.calls, 0);
	assert_int_equal(mpring_consumer_unlock(r), 4);
	check_log_seq(&s, 1, 4);
	assert_true(mpring_is_idle(r));
	mpring_test_check_stats(r);
	ring_del(&s);
}

/* A burst whose reservation wraps the ring's end is copied into the slots in two pieces (the
 * producer's fill, not the direct drain: the role is held elsewhere), and comes out in order. */
static void
test_mpring_fill_wraps_the_end(void **state)
{
	struct sink s;
	struct mpring *r = ring_new(&s, 8, 64, NULL);
	uintptr_t v[7];

	(void)state;
	fill_seq(v, 5, 1);
	assert_int_equal(mpring_consumer_trylock(r), 0);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 5), 5);	/* slots 0-4 */
	assert_int_equal(mpring_consumer_unlock(r), 5);
	fill_seq(v, 7, 6);
	assert_int_equal(mpring_consumer_trylock(r), 0);
	/* slots 5-7, then 0-3: the ring's capacity, 3 items before the end and 4 after */
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 7), 7);
	assert_int_equal(s.calls, 1);
	assert_int_equal(mpring_consumer_unlock(r), 7);
	check_log_seq(&s, 1, 12);
	assert_true(mpring_is_idle(r));
	mpring_test_check_stats(r);
	ring_del(&s);
}

static void
test_mpring_quiesce(void **state)
{
	struct mpring_conf conf;
	struct mpring_stats st;
	struct sink s;
	struct mpring *r;
	uintptr_t v[8];

	(void)state;
	mpring_conf_init(&conf);
	conf.hold_cycles = UINT64_C(1) << 50;
	r = ring_new(&s, 16, 64, &conf);
	fill_seq(v, 8, 1);
	/* Held items are flushed by quiesce. */
	s.hold = true;
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 2), 2);
	assert_int_equal(mpring_quiesce(r), 0);
	assert_true(mpring_is_idle(r));
	assert_int_equal(s.flush_calls, 1);
	/* Quiesced: refused until start. */
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[2], 2), 0);
	assert_int_equal(mpring_enqueue_bulk(r, (void **)&v[2], 2), -EPIPE);
	mpring_stats_get(r, &st);
	assert_int_equal(st.rejected, 4);
	mpring_start(r);
	s.hold = false;
	/* Stalled without resources: -EAGAIN; with a discarding drain: 0. */
	s.stall = true;
	s.can = false;
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[2], 3), 3);
	assert_int_equal(mpring_quiesce(r), -EAGAIN);
	s.stall = false;
	s.can = true;
	assert_int_equal(mpring_quiesce(r), 0);
	mpring_start(r);
	assert_int_equal(mpring_enqueue_burst(r, (void **)&v[5], 3), 3);
	check_log_seq(&s, 1, 8);
	mpring_test_check_stats(r);
	ring_del(&s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mpring_init_rejects_bad_conf),
		cmocka_unit_test(test_mpring_bulk_rejects_too_many),
		cmocka_unit_test(test_mpring_idle_ring_drains_caller_burst_directly),
		cmocka_unit_test(test_mpring_wrap_sizes),
		cmocka_unit_test(test_mpring_full_ring_partial_acceptance),
		cmocka_unit_test(test_mpring_stall_yield),
		cmocka_unit_test(test_mpring_bulk_all_or_nothing),
		cmocka_unit_test(test_mpring_partial_drain_loops),
		cmocka_unit_test(test_mpring_stall_then_resume),
		cmocka_unit_test(test_mpring_stall_recheck_resumes),
		cmocka_unit_test(test_mpring_item_budget_too_busy_keeps_draining),
		cmocka_unit_test(test_mpring_time_budget_too_busy),
		cmocka_unit_test(test_mpring_takeover_hands_over),
		cmocka_unit_test(test_mpring_drain_hold_flushed_by_enqueue_and_resume),
		cmocka_unit_test(test_mpring_ring_hold_coalesces_bursts),
		cmocka_unit_test(test_mpring_hold_adapts),
		cmocka_unit_test(test_mpring_enqueue_only_inside_drain),
		cmocka_unit_test(test_mpring_trylock_defers_producers),
		cmocka_unit_test(test_mpring_fill_wraps_the_end),
		cmocka_unit_test(test_mpring_quiesce),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
