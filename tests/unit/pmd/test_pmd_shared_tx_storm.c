/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, shared TX queues (RTE_ETH_TX_OFFLOAD_MT_LOCKFREE, qlxge_tx_shared.c): the storm.
 * On the two ports of one model adapter cabled back to back (shared_tx_harness.c), 2 to 8
 * threads (half of them registered as EAL threads, half not) send frames carrying (thread,
 * sequence) into the one shared queue at once, with random bursts and random pauses, while a
 * receiver thread on port 1 checks that each thread's frames arrive in order,
 * none twice. Meanwhile the main thread stops and starts the queue, or the port, or resets and
 * reconfigures the port, and calls tx_done_cleanup. At the end, exactly: every frame a thread
 * had accepted was received, or counted by the model as dropped after the work queue, or
 * flushed by a stop (tx_q0_shared_flushed_on_stop), or dropped by the burst's checks
 * (tx_q0_bad_packets); a call made after a stop returned gets 0; every mbuf is back in its pool
 * and none came back twice. Timing is random from a seed printed at the start
 * (QLXGE_TEST_SEED=<n> replays its choices; the interleavings are the machine's).
 */

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

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_log.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>
#include <rte_pause.h>

#include "pmd_mtx_pool.h"
#include "pmd_test.h"
#include "rte_pmd_qlxge.h"
#include "shared_tx_harness.h"

/* ---- the receiver -------------------------------------------------------------------------- */

static void
rx_fail(struct storm *st, const char *fmt, ...)
{
	va_list ap;

	if (st->rx_errors++ == 0) {
		va_start(ap, fmt);
		vsnprintf(st->rx_error, sizeof(st->rx_error), fmt, ap);
		va_end(ap);
	}
}

static void
rx_one(struct storm *st, const struct rte_mbuf *m)
{
	const struct frame *f = rte_pktmbuf_mtod(m, const struct frame *);

	if (m->pkt_len < sizeof(*f) || f->magic != STORM_MAGIC || f->thread >= st->nb_threads) {
		rx_fail(st, "a frame that was not sent (len %u)", m->pkt_len);
		return;
	}
	/* in order, none twice: gaps are frames flushed or dropped, counted at the end */
	if (f->seq < st->next[f->thread])
		rx_fail(st, "thread %u: frame %u after %u", f->thread, f->seq,
			st->next[f->thread] - 1);
	else
		st->next[f->thread] = f->seq + 1;
	st->rx_by[f->thread]++;
	__atomic_store_n(&st->received, st->received + 1, __ATOMIC_RELEASE);
}

static void *
rx_main(void *arg)
{
	struct storm *st = arg;
	struct rte_mbuf *rx[64];
	uint16_t n, i;

	while (!__atomic_load_n(&st->rx_stop, __ATOMIC_ACQUIRE)) {
		n = rte_eth_rx_burst(st->p.port[1], 0, rx, RTE_DIM(rx));
		for (i = 0; i < n; i++) {
			rx_one(st, rx[i]);
			rte_pktmbuf_free(rx[i]);
		}
		if (n == 0)
			sched_yield();
	}
	return NULL;
}

/* ---- the producers ------------------------------------------------------------------------- */

/* Park while the control thread reconfigures the port (a queue's setup frees it). */
static void
prod_park(struct storm *st)
{
	if (!__atomic_load_n(&st->pause, __ATOMIC_ACQUIRE))
		return;
	__atomic_fetch_add(&st->parked, 1, __ATOMIC_ACQ_REL);
	while (__atomic_load_n(&st->pause, __ATOMIC_ACQUIRE))
		usleep(100);
	__atomic_fetch_sub(&st->parked, 1, __ATOMIC_ACQ_REL);
}

static void *
prod_main(void *arg)
{
	struct producer *pr = arg;
	struct storm *st = pr->st;
	struct rte_mbuf *m[MAX_BURST];
	uint16_t port = st->p.port[0];
	unsigned int b, i, k, bad_at;
	uint32_t e0, e1;

	if (pr->eal) {
		if (rte_thread_register() == 0)
			pr->lcore = rte_lcore_id();
		else
			pr->eal = false;
	}
	/* relay: our turn; those before us may still be sending (they revoke our lease, or we
	 * theirs), or done (alone: the sole rule's 64 calls and 200 us, then a lease) */
	while (rte_rdtsc() - st->t0 < (uint64_t)pr->id * st->relay_ms * rte_get_tsc_hz() / 1000)
		usleep(1000);
	while (pr->next_seq < st->frames) {
		prod_park(st);
		b = 1 + rnd_below(&pr->rng, MAX_BURST);
		b = RTE_MIN(b, st->frames - pr->next_seq);
		if (rte_pktmbuf_alloc_bulk(st->tx_pool, m, b) != 0) {
			sched_yield();	/* the pool is in flight: the queue will give it back */
			continue;
		}
		/* one frame in 64 bursts is too long for the port: the burst drops it */
		bad_at = rnd_below(&pr->rng, 64) == 0 ? rnd_below(&pr->rng, b) : b;
		for (i = 0, k = 0; i < b; i++)
			if (i == bad_at)
				frame_fill(st, m[i], BAD_MAGIC, (uint16_t)pr->id, 0, 1600);
			else
				frame_fill(st, m[i], STORM_MAGIC, (uint16_t)pr->id,
					   pr->next_seq + k++, 64);
		/* acquire: pairs with the control thread's release after its stop returned; the
		 * same odd epoch before and after: the whole call ran while stopped */
		e0 = __atomic_load_n(&st->epoch, __ATOMIC_ACQUIRE);
		k = rte_eth_tx_burst(port, 0, m, (uint16_t)b);
		e1 = __atomic_load_n(&st->epoch, __ATOMIC_ACQUIRE);
		pr->calls++;
		if (e0 == e1 && (e0 & 1) != 0)
			pr->after_stop += k;
		/* accepted: a prefix; the rest is ours again */
		for (i = 0; i < k; i++) {
			if (i == bad_at)
				pr->bad++;
			else	/* relaxed: the control thread only looks whether we are done */
				__atomic_store_n(&pr->next_seq, pr->next_seq + 1,
						 __ATOMIC_RELAXED);
		}
		pr->accepted += k;
		if (k < b)
			rte_pktmbuf_free_bulk(&m[k], b - k);
		rnd_pause(&pr->rng);
		if (st->pace_us != 0)
			usleep(rnd_below(&pr->rng, 2 * st->pace_us));
	}
	if (pr->eal)
		rte_thread_unregister();
	/* release: pairs with storm_park's acquire */
	__atomic_fetch_add(&st->finished, 1, __ATOMIC_RELEASE);
	return NULL;
}

/* ---- the control thread ------------------------------------------------------------------ */

static bool
producers_done(struct storm *st)
{
	unsigned int i;

	for (i = 0; i < st->nb_threads; i++)
		if (__atomic_load_n(&st->prod[i].next_seq, __ATOMIC_RELAXED) < st->frames)
			return false;
	return true;
}

/*
 * The producers out of rte_eth_tx_burst() on the port, parked (or finished), for ethdev's
 * port-wide calls: DPDK 22.11's rte_eth_dev_stop() (and so reset) clears the port's fast-path
 * table with a string store before it writes its stubs into it, and a burst on another thread
 * in that instant reads a null function or queue array (the guide, "Stop, reset and close").
 * The driver's part with callers inside is the queue stop before it.
 */
static void
storm_park(struct storm *st)
{
	/* release: pairs with prod_park's acquire */
	__atomic_store_n(&st->pause, 1, __ATOMIC_RELEASE);
	while (__atomic_load_n(&st->parked, __ATOMIC_ACQUIRE) +
	       __atomic_load_n(&st->finished, __ATOMIC_ACQUIRE) < (int)st->nb_threads)
		usleep(100);
}

static void
storm_unpark(struct storm *st)
{
	__atomic_store_n(&st->pause, 0, __ATOMIC_RELEASE);
}

/* A stop returned (@on), or a start is about to be called. */
static void
storm_stopped(struct storm *st, bool on)
{
	RTE_SET_USED(on);
	/* release: pairs with the producers' acquire */
	__atomic_fetch_add(&st->epoch, 1, __ATOMIC_RELEASE);
}

static void
storm_control(struct storm *st, uint64_t *rng)
{
	uint16_t port = st->p.port[0];
	unsigned int rounds = 0;
	struct timespec ts;

	while (!producers_done(st)) {
		ts.tv_sec = 0;
		ts.tv_nsec = (long)(500 + rnd_below(rng, 4000)) * 1000;
		nanosleep(&ts, NULL);
		if (rnd_below(rng, 4) == 0)
			rte_eth_tx_done_cleanup(port, 0, 0);
		if (st->ctl == CTL_NONE || rounds >= 12)
			continue;
		rounds++;
		switch (st->ctl) {
		case CTL_QUEUE:
			assert_int_equal(rte_eth_dev_tx_queue_stop(port, 0), 0);
			storm_stopped(st, true);
			rnd_pause(rng);
			usleep(rnd_below(rng, 2000));
			storm_stopped(st, false);
			assert_int_equal(rte_eth_dev_tx_queue_start(port, 0), 0);
			break;
		case CTL_PORT:
			/* the queue's quiesce with the callers inside, then the port's stop and
			 * start with them parked (storm_park) */
			assert_int_equal(rte_eth_dev_tx_queue_stop(port, 0), 0);
			storm_stopped(st, true);
			usleep(rnd_below(rng, 1000));
			storm_park(st);
			assert_int_equal(rte_eth_dev_stop(port), 0);
			usleep(rnd_below(rng, 1000));
			storm_stopped(st, false);
			assert_int_equal(rte_eth_dev_start(port), 0);
			storm_unpark(st);
			break;
		case CTL_RESET:
			if (rounds > 4)
				break;
			/* as the port stop; the reconfiguration after the reset frees the queue */
			assert_int_equal(rte_eth_dev_tx_queue_stop(port, 0), 0);
			storm_stopped(st, true);
			usleep(rnd_below(rng, 1000));
			storm_park(st);
			assert_int_equal(rte_eth_dev_reset(port), 0);
			usleep(rnd_below(rng, 1000));
			assert_int_equal(storm_setup_port0(st, false, false), 0);
			storm_stopped(st, false);
			assert_int_equal(rte_eth_dev_start(port), 0);
			storm_unpark(st);
			break;
		default:
			break;
		}
	}
}

/* Frames the model lost after the work queue: IOCBs without a frame on the wire (port 0),
 * frames port 1 dropped. */
static uint64_t
model_drops(struct storm *st)
{
	struct qlxge_sim_counters c0, c1;

	assert_int_equal(qlxge_sim_counters_get(st->p.fn[0], &c0), 0);
	assert_int_equal(qlxge_sim_counters_get(st->p.fn[1], &c1), 0);
	return (c0.tx_iocbs - c0.tx_frames) + c1.rx_drops_filter + c1.rx_drops_nobuf +
	       c1.rx_drops_oversize + c1.rx_drops_fcs + c1.rx_drops_mac_disabled +
	       c1.rx_drops_cq_invalid;
}

struct tally {
	uint64_t accepted, bad;		/* by the callers: accepted, and of them too long */
	uint64_t received, drops;	/* by the receiver, by the model */
	uint64_t flushed, bad_packets, enqueued;	/* by the queue, across its setups */
};

static void
storm_tally(struct storm *st, uint64_t drops0, struct tally *t)
{
	struct rte_pmd_qlxge_txq_shared_stats s;
	unsigned int i;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < st->nb_threads; i++) {
		t->accepted += st->prod[i].accepted;
		t->bad += st->prod[i].bad;
	}
	t->received = __atomic_load_n(&st->received, __ATOMIC_ACQUIRE);
	t->drops = model_drops(st) - drops0;
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(st->p.port[0], 0, &s), 0);
	/* the queue's counters, its ring's too, outlive its setups (until a stats reset): a
	 * reset's reconfiguration loses none */
	t->flushed = s.flushed_on_stop;
	t->bad_packets = pmd_xstat(st->p.port[0], "tx_q0_bad_packets");
	t->enqueued = s.enqueued;
}

/* Wait (bounded) until every accepted frame is accounted for; tx_done_cleanup resumes a ring
 * stalled when the callers stopped. */
static void
storm_settle(struct storm *st, uint64_t drops0, struct tally *t)
{
	unsigned int ms;

	for (ms = 0; ms < SETTLE_MS; ms++) {
		rte_eth_tx_done_cleanup(st->p.port[0], 0, 0);
		storm_tally(st, drops0, t);
		if (t->received + t->drops + t->flushed + t->bad_packets >= t->accepted)
			break;
		usleep(1000);
	}
}

static void
storm_run(enum storm_ctl ctl, const char *name, uint32_t hold_us, unsigned int relay_ms)
{
	static const uint32_t budgets[] = { 0, 4, 16, 64 };
	static struct storm st;
	struct rte_eth_stats es;
	struct tally t;
	uint64_t rng = seed ^ (uint64_t)ctl * 0x100000001b3ull, drops0, after = 0;
	unsigned int i;

	memset(&st, 0, sizeof(st));
	st.ctl = ctl;
	st.conf.hold_us = hold_us;
	/* small budgets: consumers hand over to callers (TOO_BUSY, TAKING_OVER) */
	st.conf.budget_pkts = budgets[rnd_below(&rng, RTE_DIM(budgets))];
	st.conf.budget_us = rnd_below(&rng, 3);
	/* paced callers (about the model's rate): the work queue has room, consumers find more
	 * work after a drain call and hand over; unpaced: it is full, the ring stalls */
	st.pace_us = rnd_below(&rng, 2) == 0 ? 0 : 30 * (2 + rnd_below(&rng, 8));
	st.nb_threads = 2 + rnd_below(&rng, MAX_THREADS - 1);
	st.frames = STORM_FRAMES;
	st.relay_ms = relay_ms;
	if (relay_ms != 0)
		st.pace_us = 100;	/* a sender's frames last longer than its turn alone */
	assert_int_equal(storm_open(&st, name, rnd_below(&rng, 2) == 0, false), 0);
	printf("# storm %s: %u threads x %u frames, paced %u us, hold %u us, budget %u frames / %u "
	       "us, seed %" PRIu64 "\n", name, st.nb_threads, st.frames, st.pace_us, hold_us,
	       st.conf.budget_pkts, st.conf.budget_us, seed);
	drops0 = model_drops(&st);
	st.t0 = rte_rdtsc();
	assert_int_equal(pthread_create(&st.rx_t, NULL, rx_main, &st), 0);
	for (i = 0; i < st.nb_threads; i++) {
		st.prod[i].st = &st;
		st.prod[i].id = i;
		st.prod[i].eal = i % 2 == 0;
		st.prod[i].rng = rnd(&rng);
		assert_int_equal(pthread_create(&st.prod[i].t, NULL, prod_main, &st.prod[i]), 0);
	}
	storm_control(&st, &rng);
	for (i = 0; i < st.nb_threads; i++)
		pthread_join(st.prod[i].t, NULL);
	storm_settle(&st, drops0, &t);
	__atomic_store_n(&st.rx_stop, 1, __ATOMIC_RELEASE);
	pthread_join(st.rx_t, NULL);
	for (i = 0; i < st.nb_threads; i++)
		after += st.prod[i].after_stop;
	printf("# accepted %" PRIu64 " (bad %" PRIu64 "): received %" PRIu64 ", dropped by the "
	       "model %" PRIu64 ", flushed on stop %" PRIu64 ", dropped by the burst %" PRIu64
	       "\n", t.accepted, t.bad, t.received, t.drops, t.flushed, t.bad_packets);
	{
		struct rte_pmd_qlxge_txq_shared_stats ss;

		assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(st.p.port[0], 0, &ss), 0);
		printf("# queue: %" PRIu64 " consumers, %" PRIu64 " drains, %" PRIu64
		       " pkts/doorbell, %" PRIu64 " direct, %" PRIu64 " handovers, %" PRIu64
		       " stalls, %" PRIu64 " holds, %u lcores, %" PRIu64 " refused, %" PRIu64
		       " leases (%" PRIu64 " revoked)\n",
		       ss.consumers, ss.drains, ss.pkts_per_doorbell, ss.direct, ss.handovers,
		       ss.stalls, ss.holds, ss.lcores, ss.refused, ss.lease_grants,
		       ss.lease_revocations);
	}
	if (st.rx_errors != 0)
		fail_msg("receiver: %" PRIu64 " errors, first: %s", st.rx_errors, st.rx_error);
	/* a call after a stop returned gets nothing */
	assert_int_equal(after, 0);
	/* every accepted frame: received, or dropped by the model, flushed, or refused by the
	 * burst's checks; each exactly once */
	assert_int_equal(t.received + t.drops + t.flushed + t.bad_packets, t.accepted);
	assert_int_equal(t.enqueued, t.accepted);
	if (ctl == CTL_NONE) {
		/* nothing stopped: every good frame arrived, each thread's all in order */
		assert_int_equal(t.flushed, 0);
		assert_int_equal(t.bad_packets, t.bad);
		for (i = 0; i < st.nb_threads && t.drops == 0; i++)
			assert_int_equal(st.rx_by[i], st.prod[i].next_seq);
	}
	/* the port's counters: oerrors are the frames accepted and not sent */
	assert_int_equal(rte_eth_stats_get(st.p.port[0], &es), 0);
	assert_int_equal(es.oerrors, t.bad_packets + t.flushed);
	/* a last stop finds nothing to flush, and every mbuf comes back, once */
	assert_int_equal(rte_eth_dev_stop(st.p.port[0]), 0);
	assert_int_equal(rte_eth_dev_stop(st.p.port[1]), 0);
	storm_tally(&st, drops0, &t);
	assert_int_equal(t.received + t.drops + t.flushed + t.bad_packets, t.accepted);
	assert_int_equal(pmd_mtx_double_frees(st.tx_pool), 0);
	assert_int_equal(pmd_mtx_double_frees(st.rx_pool), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	storm_close(&st);
}

void
test_shared_tx_storm(void **state)
{
	(void)state;
	storm_run(CTL_NONE, "shtx_storm", 0, 0);
}

void
test_shared_tx_storm_holds(void **state)
{
	(void)state;
	/* coalescing on: frames held for the next caller, flushed by callers and stops */
	storm_run(CTL_QUEUE, "shtx_hold", 20, 0);
}

void
test_shared_tx_storm_queue_stop(void **state)
{
	(void)state;
	storm_run(CTL_QUEUE, "shtx_qstop", 0, 0);
}

void
test_shared_tx_storm_port_stop(void **state)
{
	(void)state;
	storm_run(CTL_PORT, "shtx_pstop", 0, 0);
}

void
test_shared_tx_storm_reset(void **state)
{
	(void)state;
	storm_run(CTL_RESET, "shtx_reset", 0, 0);
}

/*
 * Senders in relay, each starting RELAY_MS after the one before: each is alone long enough
 * (64 calls and 200 us) to hold a lease, which the next one's frames, the control thread's
 * queue stops (quiesce) and tx_done_cleanup (trylock) end; every frame still goes exactly
 * once, in order per sender.
 */
void
test_shared_tx_storm_lease(void **state)
{
	(void)state;
	storm_run(CTL_QUEUE, "shtx_lease", 0, RELAY_MS);
}
