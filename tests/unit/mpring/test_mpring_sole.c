/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * A producer alone on lib/mpring, single thread (and a second one where a case needs another
 * producer): the sole path (conf.sole_calls, sole_cycles), its lean finish, the rest of a
 * direct batch, and the lease (conf.lease) and its holder's name. White-box where a case needs
 * it (mpring_pvt.h). No EAL, no timed assertions. The holder's calls against revokers are in
 * test_mpring_races.c.
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

static void *
sole_other_thread(void *arg)
{
	struct sink *s = arg;
	uintptr_t v = (uintptr_t)s->hook_state;

	assert_int_equal(mpring_enqueue_burst(s->r, (void **)&v, 1), 1);
	return NULL;
}

/* A producer alone (conf.sole_calls): once its streak is reached, what the drain does not take
 * goes back to it (declined) and the ring stays empty; before the streak, and after another
 * thread has enqueued, the ring queues what the drain leaves, as always. */
static void
test_mpring_sole_producer_gets_back_what_the_drain_leaves(void **state)
{
	struct mpring_conf conf;
	struct mpring_stats st;
	uintptr_t v[10], next = 1;
	struct sink s;
	struct mpring *r;
	pthread_t t;
	unsigned int i;

	(void)state;
	mpring_conf_init(&conf);
	conf.sole_calls = 3;
	r = ring_new(&s, 64, 256, &conf);
	/* the first call makes this thread the last producer, three more complete its streak */
	for (i = 0; i < 4; i++, next++) {
		fill_seq(v, 1, next);
		assert_int_equal(mpring_enqueue_burst(r, (void **)v, 1), 1);
	}
	mpring_stats_get(r, &st);
	assert_int_equal(st.starts[MPRING_ROUTE_SOLE], 0);
	/* alone: the drain takes 3 of 10, the other 7 come back, nothing waits in the ring */
	s.take_max = 3;
	fill_seq(v, 10, next);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 10), 3);
	next += 3;
	assert_true(mpring_is_idle(r));
	/* the resource full: all of it back, no stall */
	s.stall = true;
	fill_seq(v, 10, next);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 10), 0);
	assert_true(mpring_is_idle(r));
	/* all or nothing: bulk never takes the sole path */
	s.stall = false;
	s.take_max = 2;
	fill_seq(v, 5, next);
	assert_int_equal(mpring_enqueue_bulk(r, (void **)v, 5), 0);
	next += 5;
	mpring_stats_get(r, &st);
	assert_int_equal(st.starts[MPRING_ROUTE_SOLE], 2);
	assert_int_equal(st.declined, 17);
	assert_int_equal(st.dropped, 0);
	/* another producer: the streak is broken, what the drain leaves waits in the ring */
	s.hook_state = (int)next++;
	assert_int_equal(pthread_create(&t, NULL, sole_other_thread, &s), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
	s.take_max = 0;
	s.stall = true;
	fill_seq(v, 4, next);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 4), 4);
	next += 4;
	assert_int_equal(mpring_count(r), 4);
	s.stall = false;
	mpring_resume(r, 0);
	check_log_seq(&s, 1, next - 1);
	mpring_stats_get(r, &st);
	assert_int_equal(st.starts[MPRING_ROUTE_SOLE], 2);
	assert_int_equal(st.declined, 17);
	mpring_test_check_stats(r);
	ring_del(&s);
}

/* A clock the sole guess reads (mpring_pvt_test_clock): set by hand, its reads counted. */
static uint64_t sole_clock_now, sole_clock_reads;

static uint64_t
sole_clock(void)
{
	sole_clock_reads++;
	return sole_clock_now;
}

/*
 * conf.sole_cycles: a streak of sole_calls calls makes a producer alone only once that many
 * cycles have passed since its last counted call; another producer's call restarts both. The
 * clock is read from the count on and until the time has passed, never while counting or
 * after. Alone or not is told by what the drain leaves: given back (SOLE) or queued and
 * drained by a second call (FAST).
 */
static void
test_mpring_sole_producer_needs_time_too(void **state)
{
	struct mpring_conf conf;
	struct mpring_stats st;
	uintptr_t v[2], next = 1;
	struct sink s;
	struct mpring *r;
	pthread_t t;
	unsigned int i;

	(void)state;
	sole_clock_now = 5000;
	sole_clock_reads = 0;
	__atomic_store_n(&mpring_pvt_test_clock, sole_clock, __ATOMIC_RELAXED);
	mpring_conf_init(&conf);
	conf.sole_calls = 2;
	conf.sole_cycles = 1000;
	r = ring_new(&s, 64, 256, &conf);
	s.take_max = 1;
	/* the first call makes this thread the last producer; the next two count, the second
	 * of them reads the clock (the count is reached at 5000) */
	for (i = 0; i < 3; i++, next += 2) {
		fill_seq(v, 2, next);
		assert_int_equal(mpring_enqueue_burst(r, (void **)v, 2), 2);
		assert_int_equal(sole_clock_reads, i < 2 ? 0 : 1);
	}
	/* 999 cycles later: not yet */
	sole_clock_now = 5999;
	fill_seq(v, 2, next);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 2), 2);
	next += 2;
	mpring_stats_get(r, &st);
	assert_int_equal(st.starts[MPRING_ROUTE_SOLE], 0);
	assert_int_equal(sole_clock_reads, 2);
	/* 1000: alone; what the drain leaves comes back, and the clock is not read again */
	sole_clock_now = 6000;
	for (i = 0; i < 3; i++) {
		fill_seq(v, 2, next);
		assert_int_equal(mpring_enqueue_burst(r, (void **)v, 2), 1);
		next++;
	}
	assert_int_equal(sole_clock_reads, 3);
	mpring_stats_get(r, &st);
	assert_int_equal(st.starts[MPRING_ROUTE_SOLE], 3);
	assert_int_equal(st.declined, 3);
	/* a partner comes back (it was only descheduled): count and time start again */
	s.hook_state = (int)next++;
	assert_int_equal(pthread_create(&t, NULL, sole_other_thread, &s), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
	sole_clock_now = 100000;
	for (i = 0; i < 3; i++, next += 2) {
		fill_seq(v, 2, next);
		assert_int_equal(mpring_enqueue_burst(r, (void **)v, 2), 2);
	}
	assert_int_equal(sole_clock_reads, 4);	/* the count reached at 100000 */
	sole_clock_now = 100999;
	fill_seq(v, 2, next);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 2), 2);
	next += 2;
	sole_clock_now = 101000;
	fill_seq(v, 2, next);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 2), 1);
	next++;
	assert_int_equal(sole_clock_reads, 6);
	check_log_seq(&s, 1, next - 1);
	mpring_stats_get(r, &st);
	assert_int_equal(st.starts[MPRING_ROUTE_SOLE], 4);
	assert_int_equal(st.declined, 4);
	mpring_test_check_stats(r);
	__atomic_store_n(&mpring_pvt_test_clock, NULL, __ATOMIC_RELAXED);
	ring_del(&s);
}

/*
 * The lean finish of a SOLE call and its way out when the drain holds: a call whose drain
 * holds nothing gives the role back with one CAS and counts in the slot's two lean counters,
 * which the sums unfold (every identity holds); a drain that holds makes the call a session
 * that leaves COALESCING, and the held items go with the next flush.
 */
static void
test_mpring_sole_lean_finish_and_hold(void **state)
{
	struct mpring_conf conf;
	struct mpring_stats st;
	uintptr_t v[4], next = 1;
	struct sink s;
	struct mpring *r;
	unsigned int i;

	(void)state;
	assert_int_equal(mpring_stats_slot_set(3), 0);
	mpring_conf_init(&conf);
	conf.sole_calls = 1;
	conf.hold_cycles = UINT64_MAX / 4;	/* a drain-level hold does not expire here */
	r = ring_new(&s, 64, 256, &conf);
	for (i = 0; i < 2; i++, next++) {	/* the streak: last producer, one call */
		fill_seq(v, 1, next);
		assert_int_equal(mpring_enqueue_burst(r, (void **)v, 1), 1);
	}
	/* lean: two calls, one of them with an item given back */
	fill_seq(v, 4, next);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 4), 4);
	next += 4;
	s.take_max = 2;
	fill_seq(v, 4, next);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 4), 2);
	next += 2;
	assert_int_equal(r->stats[3].sole_lean, 2);
	assert_int_equal(r->stats[3].sole_lean_items, 6);
	assert_int_equal(r->stats[3].s.starts[MPRING_ROUTE_SOLE], 0);
	mpring_stats_get(r, &st);
	assert_int_equal(st.starts[MPRING_ROUTE_SOLE], 2);
	assert_int_equal(st.ends[MPRING_END_IDLE], 4);	/* 2 FAST, 2 SOLE */
	assert_int_equal(st.direct, 8);
	assert_int_equal(st.declined, 2);
	mpring_test_check_stats(r);
	/* the drain holds: a session, COALESCING; the items are the drain's until the flush */
	s.take_max = 0;
	s.hold = true;
	fill_seq(v, 3, next);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 3), 3);
	next += 3;
	assert_int_equal(mpring_state_get(r), MPRING_COALESCING);
	assert_int_equal(r->stats[3].sole_lean, 2);
	/* not idle: the next call of the producer alone joins instead (no SOLE) */
	s.hold = false;
	fill_seq(v, 1, next);
	assert_int_equal(mpring_enqueue_burst(r, (void **)v, 1), 1);
	next++;
	assert_true(mpring_is_idle(r));
	check_log_seq(&s, 1, next - 1);
	mpring_stats_get(r, &st);
	assert_int_equal(st.starts[MPRING_ROUTE_SOLE], 3);
	assert_int_equal(st.ends[MPRING_END_HOLD], 1);
	assert_int_equal(st.joins, 1);
	mpring_test_check_stats(r);
	ring_del(&s);
	assert_int_equal(mpring_stats_slot_set(-1), 0);
}

/*
 * A producer alone (the sole path, then the lease) whose direct drain takes 3 of its 8 items
 * and queues the other 5 with mpring_enqueue_only(), as a driver's full work queue does: all 8
 * are the caller's, enqueued; 3 went direct; the 5 are drained from the ring after, in order,
 * and counted once, neither as enqueued_only nor as direct.
 */
static void
direct_rest_run(bool lease)
{
	struct mpring_conf conf;
	struct mpring_stats st;
	struct sink s;
	struct mpring *r;
	uintptr_t v[8], next = 1;
	uint64_t sole = 0;
	unsigned int i;

	assert_int_equal(mpring_stats_slot_set(3), 0);
	mpring_conf_init(&conf);
	conf.sole_calls = 1;
	conf.lease = lease;
	r = ring_new(&s, 64, 256, &conf);
	for (i = 0; i < 2; i++, next++) {	/* the streak: last producer, one call */
		fill_seq(v, 1, next);
		assert_int_equal(mpring_enqueue_burst(r, (void **)v, 1), 1);
	}
	mpring_stats_get(r, &st);
	sole = st.direct;
	s.take_max = 3;
	s.queue_rest = true;
	for (i = 0; i < 4; i++, next += 8) {
		fill_seq(v, 8, next);
		assert_int_equal(mpring_enqueue_burst(r, (void **)v, 8), 8);
	}
	s.take_max = 0;
	assert_int_equal(mpring_quiesce(r), 0);
	check_log_seq(&s, 1, next - 1);
	mpring_stats_get(r, &st);
	assert_int_equal(st.enqueued, next - 1);
	assert_int_equal(st.enqueued_only, 0);
	assert_int_equal(st.drained, next - 1);
	assert_int_equal(st.direct - sole, 4 * 3);
	assert_true(lease == (st.lease_grants != 0));
	mpring_test_check_stats(r);
	ring_del(&s);
}

static void
test_mpring_direct_rest_queued_counted_once(void **state)
{
	(void)state;
	direct_rest_run(false);
	direct_rest_run(true);
}

/* Another thread, with a counter slot of its own: does it enter a holder's call on any of
 * @arg's three rings? */
static void *
lease_enter_other(void *arg)
{
	struct mpring **r = arg;
	struct mpring_lease_call lc;
	uintptr_t entered;

	mpring_stats_slot_set(5);
	entered = mpring_lease_enter(r[0], &lc) || mpring_lease_enter(r[1], &lc) ||
		  mpring_lease_enter(r[2], &lc);
	mpring_stats_slot_set(-1);
	return (void *)entered;
}

/* mpring_lease_enter() and an empty call's exit: was this thread the holder of @r? */
static bool
lease_entered(struct mpring *r)
{
	struct mpring_lease_call lc;

	if (!mpring_lease_enter(r, &lc))
		return false;
	assert_int_equal(mpring_lease_exit(r, &lc, 0, 0), 0);
	return true;
}

/*
 * The holder's name is its thread's, whichever ring it leases (mpring_lease_enter checks it
 * with one thread-local load): a thread enters the holder's call on each ring it leases, on no
 * other, and on none whose lease has ended; another thread enters none.
 */
static void
test_mpring_lease_holder_named_per_thread(void **state)
{
	struct mpring_conf conf;
	struct mpring_stats st;
	struct sink s[3];
	struct mpring *r[3];
	uintptr_t v[3], next = 1;
	unsigned int i, k;
	pthread_t t;
	void *other;

	(void)state;
	assert_int_equal(mpring_stats_slot_set(3), 0);
	mpring_conf_init(&conf);
	conf.sole_calls = 1;
	conf.lease = true;
	for (i = 0; i < 3; i++)
		r[i] = ring_new(&s[i], 64, 256, &conf);
	for (i = 0; i < 2; i++)	/* two calls of a streak, then the grant */
		for (k = 0; k < 3; k++, next++) {
			fill_seq(v, 1, next);
			assert_int_equal(mpring_enqueue_burst(r[i], (void **)v, 1), 1);
		}
	mpring_stats_get(r[0], &st);
	if (st.lease_grants == 0) {	/* no membarrier here: no lease */
		for (i = 0; i < 3; i++)
			ring_del(&s[i]);
		mpring_stats_slot_set(-1);
		skip();
	}
	assert_true(lease_entered(r[0]) && lease_entered(r[1]));
	assert_false(lease_entered(r[2]));	/* never leased */
	assert_int_equal(pthread_create(&t, NULL, lease_enter_other, r), 0);
	assert_int_equal(pthread_join(t, &other), 0);
	assert_null(other);
	/* the quiesce ends the lease of ring 0 only */
	assert_int_equal(mpring_quiesce(r[0]), 0);
	mpring_start(r[0]);
	assert_false(lease_entered(r[0]));
	assert_true(lease_entered(r[1]));
	mpring_stats_get(r[0], &st);
	assert_true(st.lease_grants == 1 && st.lease_revocations == 1);
	mpring_stats_get(r[1], &st);
	assert_true(st.lease_grants == 1 && st.lease_revocations == 0);
	for (i = 0; i < 3; i++) {
		assert_int_equal(mpring_quiesce(r[i]), 0);
		check_log_seq(&s[i], 1 + 3 * i, i < 2 ? 3 : 0);
		mpring_test_check_stats(r[i]);
		ring_del(&s[i]);
	}
	mpring_stats_slot_set(-1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mpring_sole_producer_gets_back_what_the_drain_leaves),
		cmocka_unit_test(test_mpring_sole_producer_needs_time_too),
		cmocka_unit_test(test_mpring_sole_lean_finish_and_hold),
		cmocka_unit_test(test_mpring_direct_rest_queued_counted_once),
		cmocka_unit_test(test_mpring_lease_holder_named_per_thread),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
