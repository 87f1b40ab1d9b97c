/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, shared TX queues (RTE_ETH_TX_OFFLOAD_MT_LOCKFREE, qlxge_tx_shared.c), on the two
 * ports of one model adapter cabled back to back (shared_tx_harness.c): port 0 sends on its
 * queue 0, port 1 receives. Single-thread cases: the capability and its reporting (ethdev,
 * API, xstats, a mixed port, counters across a queue's setups), a ring stalled on a full work
 * queue that goes on only when someone calls (no timer), a lone sender served from its array
 * and its lease's doorbells, held frames flushed by a burst of none, a stop when the adapter
 * has failed, and frames the burst's checks refuse. Then the storms of many threads
 * (test_pmd_shared_tx_storm.c). Timing is random from a seed printed at the start
 * (QLXGE_TEST_SEED=<n> replays its choices).
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

static void
test_shared_tx_capability(void **state)
{
	static struct storm st;
	struct rte_pmd_qlxge_txq_shared_lcore_stats ls;
	struct rte_pmd_qlxge_tx_shared_conf conf = { 0 }, got;
	struct rte_pmd_qlxge_txq_shared_stats ss;
	struct rte_pmd_qlxge_txq_state ts;
	struct rte_eth_txconf txc = { 0 };
	struct rte_eth_dev_info info;
	struct rte_eth_txq_info qi;
	struct rte_mbuf *m[32];
	uint16_t port;
	unsigned int q;

	(void)state;
	memset(&st, 0, sizeof(st));
	assert_int_equal(storm_open(&st, "shtx_capa", false, true), 0);
	port = st.p.port[0];
	assert_int_equal(rte_eth_dev_info_get(port, &info), 0);
	assert_true((info.tx_offload_capa & RTE_ETH_TX_OFFLOAD_MT_LOCKFREE) != 0);
	assert_int_equal(info.tx_queue_offload_capa, RTE_ETH_TX_OFFLOAD_MT_LOCKFREE);
	/* queue 0 shared, queue 1 not: ethdev, the API, the xstats say so */
	for (q = 0; q < 2; q++) {
		assert_int_equal(rte_eth_tx_queue_info_get(port, q, &qi), 0);
		assert_int_equal((qi.conf.offloads & RTE_ETH_TX_OFFLOAD_MT_LOCKFREE) != 0, q == 0);
		assert_int_equal(rte_pmd_qlxge_txq_state_get(port, q, &ts), 0);
		assert_int_equal(ts.shared, q == 0);
	}
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 1, &ss), -ENOTSUP);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 2, &ss), -EINVAL);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, NULL), -EINVAL);
	assert_int_equal(rte_pmd_qlxge_txq_shared_lcore_stats_get(port, 0, RTE_MAX_LCORE + 1,
								   &ls), -EINVAL);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
	assert_int_equal(ss.ring_size, TX_DESC);
	assert_int_equal(ss.stopped, 0);
	assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_IDLE);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_enqueued"), 0);
	{
		uint64_t id;

		assert_int_equal(rte_eth_xstats_get_id_by_name(port, "tx_q0_shared_doorbells",
							       &id), 0);
		assert_true(rte_eth_xstats_get_id_by_name(port, "tx_q1_shared_doorbells",
							  &id) != 0);
	}
	/* frames through both queues: the port's burst is the unshared one, which hands queue
	 * 0 to the shared path */
	frames_make(&st, m, 32, 0);
	assert_int_equal(rte_eth_tx_burst(port, 0, m, 32), 32);
	frames_make(&st, m, 32, 32);
	assert_int_equal(rte_eth_tx_burst(port, 1, m, 32), 32);
	assert_int_equal(rx_count(&st, 64, 10000), 64);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
	assert_int_equal(ss.enqueued, 32);
	assert_int_equal(ss.direct, 32);	/* an idle ring: straight from our array */
	assert_int_equal(ss.frames, 32);
	assert_int_equal(ss.doorbells, 1);
	assert_int_equal(ss.pkts_per_doorbell, 32);
	assert_int_equal(ss.lcores, 1);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_enqueued"), 32);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_pkts_per_doorbell"), 32);
	assert_int_equal(rte_pmd_qlxge_txq_shared_lcore_stats_get(port, 0, rte_lcore_id(), &ls),
			 0);
	assert_int_equal(ls.enqueued, 32);
	assert_int_equal(ls.drained, 32);
	assert_int_equal(rte_pmd_qlxge_txq_shared_lcore_stats_get(port, 0, RTE_MAX_LCORE, &ls),
			 0);
	assert_int_equal(ls.enqueued, 0);
	/* a stats reset: the queue's counters start again (per lcore: since setup) */
	assert_int_equal(rte_eth_xstats_reset(port), 0);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_enqueued"), 0);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_doorbells"), 0);
	/* a stopped queue refuses, and says it is stopped */
	assert_int_equal(rte_eth_dev_tx_queue_stop(port, 0), 0);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
	assert_int_equal(ss.stopped, 1);
	frames_make(&st, m, 8, 64);
	assert_int_equal(rte_eth_tx_burst(port, 0, m, 8), 0);
	assert_int_equal(rte_eth_tx_done_cleanup(port, 0, 0), 0);
	assert_int_equal(rte_eth_dev_tx_queue_start(port, 0), 0);
	assert_int_equal(rte_eth_tx_burst(port, 0, m, 8), 8);
	assert_int_equal(rx_count(&st, 8, 10000), 8);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_refused"), 8);
	/* the configuration: bounds, and what was set comes back */
	conf.hold_us = 1001;
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_set(port, &conf), -EINVAL);
	conf.hold_us = 0;
	conf.budget_us = 10001;
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_set(port, &conf), -EINVAL);
	conf.budget_us = 0;
	conf.sole_us = 1000001;
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_set(port, &conf), -EINVAL);
	conf.sole_us = 0;
	conf.stall_yield = 1;	/* 0 (on) or RTE_PMD_QLXGE_TXS_YIELD_OFF */
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_set(port, &conf), -EINVAL);
	conf.stall_yield = 0;
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_set(port, NULL), -EINVAL);
	conf = (struct rte_pmd_qlxge_tx_shared_conf){ .hold_us = 5, .hold_pkts = 16,
						      .budget_pkts = 64, .budget_us = 20,
						      .sole_calls = RTE_PMD_QLXGE_TXS_SOLE_OFF,
						      .sole_us = 1000,
						      .stall_yield = RTE_PMD_QLXGE_TXS_YIELD_OFF };
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_set(port, &conf), 0);
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_get(port, &got), 0);
	assert_memory_equal(&conf, &got, sizeof(conf));
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_get(port, NULL), -EINVAL);
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_get(RTE_MAX_ETHPORTS, &got), -ENODEV);
	/* the queue set up again, shared (defaults): its counts run on, as the port's do, and
	 * every frame it sent still went through its ring */
	conf = (struct rte_pmd_qlxge_tx_shared_conf){ 0 };
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_set(port, &conf), 0);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	txc.offloads = RTE_ETH_TX_OFFLOAD_MT_LOCKFREE;
	assert_int_equal(rte_eth_tx_queue_setup(port, 0, TX_DESC, SOCKET_ID_ANY, &txc), 0);
	assert_int_equal(rte_eth_dev_start(port), 0);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_enqueued"), 8);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_refused"), 8);
	frames_make(&st, m, 8, 72);
	assert_int_equal(rte_eth_tx_burst(port, 0, m, 8), 8);
	assert_int_equal(rx_count(&st, 8, 10000), 8);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_enqueued"), 16);
	assert_int_equal(pmd_xstat(port, "tx_q0_packets"), 16);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
	assert_true(ss.enqueued == 16 && ss.frames == 16 && ss.doorbells == 2 &&
		    ss.pkts_per_doorbell == 8);
	/* and a stats reset starts them all again */
	assert_int_equal(rte_eth_stats_reset(port), 0);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_enqueued"), 0);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_refused"), 0);
	assert_int_equal(pmd_xstat(port, "tx_q0_packets"), 0);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	storm_close(&st);
}

/*
 * A ring stalled on a full work queue goes on only when somebody calls: with the model
 * stopped, the work queue fills, then the ring; the model then completes everything, and the
 * frames in the ring stay there (no timer) until a tx_done_cleanup (round 0), or the next
 * burst, or a burst of none (round 1). A call the full queue refuses (all or part of its
 * frames) yields the CPU once, unless stall_yield is off (@yield false): the queue's yields.
 */
static void
stall_resumes_on_call(bool yield)
{
	static struct storm st;
	struct rte_pmd_qlxge_txq_shared_stats ss;
	struct rte_mbuf *m[32];
	uint64_t accepted = 0, queued, base, yields;
	unsigned int round, k, i;
	uint16_t port;

	memset(&st, 0, sizeof(st));
	st.conf.stall_yield = yield ? 0 : RTE_PMD_QLXGE_TXS_YIELD_OFF;
	assert_int_equal(storm_open(&st, yield ? "shtx_stall" : "shtx_stall_ny", false, false),
			 0);
	port = st.p.port[0];
	for (round = 0; round < 2; round++) {
		qlxge_sim_thread_stop(st.p.ad);
		base = accepted;
		yields = pmd_xstat(port, "tx_q0_shared_yields");
		/* fill the work queue and the ring (TX_DESC - 1); the work queue takes bursts
		 * of 32 until less than that is left (a batch that does not fit a nearly full
		 * queue waits for room for 32) */
		for (;;) {
			frames_make(&st, m, 32, (uint32_t)accepted);
			k = rte_eth_tx_burst(port, 0, m, 32);
			accepted += k;
			if (k < 32) {
				rte_pktmbuf_free_bulk(&m[k], 32 - k);
				break;
			}
		}
		assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
		assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_STALLED);
		assert_true(ss.stalls >= 1);
		queued = ss.ring_count;
		assert_int_equal(queued, TX_DESC - 1);
		/* the last call was refused part of its burst, on the stalled ring; so is the
		 * next, all of it */
		assert_int_equal(pmd_xstat(port, "tx_q0_shared_yields") - yields, yield ? 1 : 0);
		frames_make(&st, m, 8, (uint32_t)accepted);
		assert_int_equal(rte_eth_tx_burst(port, 0, m, 8), 0);
		rte_pktmbuf_free_bulk(m, 8);
		assert_int_equal(pmd_xstat(port, "tx_q0_shared_yields") - yields, yield ? 2 : 0);
		/* the device completes all it was given; those frames arrive */
		for (i = 0; i < 1000 && qlxge_sim_poll(st.p.ad) != 0; i++)
			;
		assert_true(accepted - base - queued >= TX_DESC - SHTX_POST_MIN);
		assert_true(accepted - base - queued <= TX_DESC - 1);
		assert_int_equal(rx_count(&st, accepted - base - queued, 1000),
				 accepted - base - queued);
		/* nobody calls: nothing moves (no timer) */
		usleep(20000);
		for (i = 0; i < 100; i++)
			qlxge_sim_poll(st.p.ad);
		assert_int_equal(rx_count(&st, 1, 20), 0);
		assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
		assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_STALLED);
		assert_int_equal(ss.ring_count, queued);
		/* a call: tx_done_cleanup (round 0), or the next burst (round 1) */
		if (round == 0) {
			rte_eth_tx_done_cleanup(port, 0, 0);
		} else {
			/* the ring goes to the device, and the burst's frame waits in the ring
			 * for the room the device has not made yet; a burst of none sends it */
			frames_make(&st, m, 1, (uint32_t)accepted);
			assert_int_equal(rte_eth_tx_burst(port, 0, m, 1), 1);
			accepted++;
			assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
			assert_int_equal(ss.ring_count, 1);
			assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_STALLED);
			for (i = 0; i < 1000 && qlxge_sim_poll(st.p.ad) != 0; i++)
				;
			assert_int_equal(rx_count(&st, queued, 1000), queued);
			queued = 1;
			assert_int_equal(rte_eth_tx_burst(port, 0, NULL, 0), 0);
		}
		assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
		assert_int_equal(ss.ring_count, 0);
		assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_IDLE);
		for (i = 0; i < 1000 && qlxge_sim_poll(st.p.ad) != 0; i++)
			;
		assert_int_equal(rx_count(&st, queued, 1000), queued);
		assert_int_equal(qlxge_sim_thread_start(st.p.ad), 0);
		/* free what completed, for the next round */
		rte_eth_tx_done_cleanup(port, 0, 0);
	}
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_flushed_on_stop"), 0);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	storm_close(&st);
}

static void
test_shared_tx_stall_resumes_on_call(void **state)
{
	(void)state;
	stall_resumes_on_call(true);
	stall_resumes_on_call(false);
}

/*
 * One sender alone on the queue (64 calls in a row and more, and 200 us since) is served from
 * its array, as by an unshared queue, while the work queue has room; with the device stopped
 * the work queue fills, and what it cannot take then waits in the ring as any caller's frames
 * would, until the ring is full too; the rest is the caller's (refused, not lost). With
 * sole_calls off (@off) the ring's path serves every call. With the lease on (@lease, the
 * default), the sender keeps the queue between its calls from its first call as alone, and
 * a full work queue refuses it what it cannot take, as an unshared queue would: the ring
 * stays empty and the lease held, until the tx_done_cleanup at the end.
 */
static void
sole_sender(bool off, bool lease)
{
	static struct storm st;
	struct rte_pmd_qlxge_txq_shared_stats ss;
	uint64_t accepted = 0, wq, t0;
	bool held = !off && lease && membarrier_ok();
	struct rte_mbuf *m[8];
	unsigned int i, k;
	uint16_t port;

	memset(&st, 0, sizeof(st));
	st.conf.sole_calls = off ? RTE_PMD_QLXGE_TXS_SOLE_OFF : 0;
	st.conf.lease = lease ? 0 : RTE_PMD_QLXGE_TXS_LEASE_OFF;
	assert_int_equal(storm_open(&st, off ? "shtx_nosole" :
				    lease ? "shtx_sole" : "shtx_nolease", false, false), 0);
	port = st.p.port[0];
	qlxge_sim_thread_stop(st.p.ad);
	/* 80 calls of one frame: the streak (64) is reached with room to spare; then the time,
	 * on the TSC as the driver reads it (not rte_delay_ms(): the model's delay callback
	 * would run the device meanwhile) */
	for (i = 0; i < 80; i++) {
		frames_make(&st, m, 1, (uint32_t)accepted);
		assert_int_equal(rte_eth_tx_burst(port, 0, m, 1), 1);
		accepted++;
	}
	t0 = rte_rdtsc();
	while (rte_rdtsc() - t0 <= (SHTX_SOLE_MS + 1) * rte_get_tsc_hz() / 1000)
		usleep(1000);
	/* then bursts of 8 until the queue refuses some */
	do {
		frames_make(&st, m, 8, (uint32_t)accepted);
		k = rte_eth_tx_burst(port, 0, m, 8);
		accepted += k;
		if (k < 8)
			rte_pktmbuf_free_bulk(&m[k], 8 - k);
	} while (k == 8);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
	wq = ss.frames;
	if (held) {
		/* the lease holder's call refused what the full work queue could not take,
		 * as an unshared queue does, and kept the lease; its last doorbell may wait
		 * for the next call (fewer than 32 frames, the device with more to do) */
		assert_int_equal(accepted, TX_DESC - 1);
		assert_int_equal(wq, accepted);	/* in the work queue, the last maybe unrung */
		assert_int_equal(ss.ring_count, 0);
		assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_IDLE); /* leased */
		assert_true(ss.direct >= accepted - 64);
		assert_int_equal(ss.lease_grants, 1);
		assert_int_equal(ss.lease_revocations, 0);
		wq = accepted;
		goto send;
	}
	assert_true(wq >= TX_DESC - SHTX_POST_MIN && wq <= TX_DESC - 1);
	/* the ring full behind the work queue, alone or not */
	assert_int_equal(ss.ring_count, TX_DESC - 1);
	assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_STALLED);
	assert_int_equal(wq + ss.ring_count, accepted);
	if (!off) {
		/* from its array until the work queue was full */
		assert_true(ss.direct >= wq - 64);
		/* one lease, from the first call as alone to the first the queue could not take */
		assert_int_equal(ss.lease_grants, lease && membarrier_ok() ? 1 : 0);
		assert_int_equal(ss.lease_revocations, ss.lease_grants);
	}
send:
	/* the device sends them all, exactly once (the ring's, or the lease holder's unrung
	 * last ones, after a call: an empty burst) */
	for (i = 0; i < 1000 && qlxge_sim_poll(st.p.ad) != 0; i++)
		;
	rte_eth_tx_burst(port, 0, NULL, 0);
	for (i = 0; i < 1000 && qlxge_sim_poll(st.p.ad) != 0; i++)
		;
	assert_int_equal(rx_count(&st, accepted, 1000), accepted);
	assert_int_equal(qlxge_sim_thread_start(st.p.ad), 0);
	rte_eth_tx_done_cleanup(port, 0, 0);
	/* no lease is left after the cleanup (the ring's path had ended it, or the cleanup) */
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_lease_revocations"),
			 pmd_xstat(port, "tx_q0_shared_lease_grants"));
	assert_int_equal(rte_eth_dev_stop(port), 0);
	assert_int_equal(pmd_mtx_double_frees(st.tx_pool), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	storm_close(&st);
}

static void
test_shared_tx_sole_sender_served_from_its_array(void **state)
{
	(void)state;
	sole_sender(false, true);
	sole_sender(false, false);
	sole_sender(true, true);
}

/*
 * A lease holder's doorbell waits while the device has 32 frames or more it was rung for and
 * has not read, and fewer than 32 wait for the doorbell; the queue's next call rings for them.
 * With the device stopped, bursts of 8: the first four are rung one by one (the device has
 * less than 32 to do), the next three wait, unsent however long nobody calls. Then, by round:
 * a burst of none, a tx_done_cleanup, a queue stop (which sends them), the next burst (the
 * fourth waiting one: 32 frames, rung). Every frame arrives once; nothing is flushed.
 */
static void
test_shared_tx_lease_doorbell_waits_for_next_call(void **state)
{
	static struct storm st;
	struct rte_pmd_qlxge_txq_shared_stats ss;
	uint64_t accepted = 0, db, got;
	unsigned int round, i, k;
	struct rte_mbuf *m[8];
	uint16_t port;

	(void)state;
	if (!membarrier_ok())
		skip();	/* no lease without membarrier() */
	memset(&st, 0, sizeof(st));
	assert_int_equal(storm_open(&st, "shtx_dbwait", false, false), 0);
	port = st.p.port[0];
	for (round = 0; round < 4; round++) {
		/* the lease: a streak of calls, the rule's time, one more call; all received */
		for (i = 0; i < 81; i++) {
			if (i == 80)
				usleep((SHTX_SOLE_MS + 1) * 1000);
			frames_make(&st, m, 1, (uint32_t)accepted);
			assert_int_equal(rte_eth_tx_burst(port, 0, m, 1), 1);
			accepted++;
		}
		assert_int_equal(rx_count(&st, 81, SETTLE_MS), 81);
		assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
		assert_int_equal(ss.lease_grants, ss.lease_revocations + 1);
		qlxge_sim_thread_stop(st.p.ad);
		db = pmd_xstat(port, "tx_q0_doorbells");
		for (i = 0; i < 7; i++) {
			frames_make(&st, m, 8, (uint32_t)accepted);
			assert_int_equal(rte_eth_tx_burst(port, 0, m, 8), 8);
			accepted += 8;
			assert_int_equal(pmd_xstat(port, "tx_q0_doorbells"),
					 db + RTE_MIN(i + 1, 4u));
		}
		assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
		assert_int_equal(ss.lease_grants, ss.lease_revocations + 1);	/* still held */
		/* every frame in the work queue (tx_q0_packets), 24 of them not rung yet */
		assert_int_equal(ss.frames, accepted);
		/* the device sends what it was rung for; the rest waits (no timer) */
		for (k = 0; k < 1000 && qlxge_sim_poll(st.p.ad) != 0; k++)
			;
		assert_int_equal(rx_count(&st, 32, 1000), 32);
		usleep(20000);
		for (k = 0; k < 100; k++)
			qlxge_sim_poll(st.p.ad);
		assert_int_equal(rx_count(&st, 1, 20), 0);
		assert_int_equal(pmd_xstat(port, "tx_q0_doorbells"), db + 4);
		got = 24;
		switch (round) {
		case 0:
			assert_int_equal(rte_eth_tx_burst(port, 0, NULL, 0), 0);
			break;
		case 1:
			rte_eth_tx_done_cleanup(port, 0, 0);
			break;
		case 2:
			assert_int_equal(rte_eth_dev_tx_queue_stop(port, 0), 0);
			break;
		default:
			/* the device idle now: rung at once, with the 24 before it */
			frames_make(&st, m, 8, (uint32_t)accepted);
			assert_int_equal(rte_eth_tx_burst(port, 0, m, 8), 8);
			accepted += 8;
			got = 32;
			break;
		}
		assert_int_equal(pmd_xstat(port, "tx_q0_doorbells"), db + 5);
		for (k = 0; k < 1000 && qlxge_sim_poll(st.p.ad) != 0; k++)
			;
		assert_int_equal(rx_count(&st, got, 1000), got);
		assert_int_equal(rx_count(&st, 1, 20), 0);
		if (round == 2)
			assert_int_equal(rte_eth_dev_tx_queue_start(port, 0), 0);
		assert_int_equal(qlxge_sim_thread_start(st.p.ad), 0);
	}
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_flushed_on_stop"), 0);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	assert_int_equal(pmd_mtx_double_frees(st.tx_pool), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	storm_close(&st);
}

/* Held frames (coalescing on) wait for the next call, however long: a burst of none sends. */
static void
test_shared_tx_hold_flushed_by_empty_burst(void **state)
{
	static struct storm st;
	struct rte_pmd_qlxge_txq_shared_stats ss;
	struct rte_mbuf *m[4];
	uint64_t sent = 0;
	unsigned int i;
	uint16_t port;

	(void)state;
	memset(&st, 0, sizeof(st));
	st.conf.hold_us = 1000;		/* streams of bursts closer than 1 ms are held */
	st.conf.hold_pkts = 64;
	assert_int_equal(storm_open(&st, "shtx_hold1", false, false), 0);
	port = st.p.port[0];
	/* back-to-back bursts until the ring holds some (the first of a stream never is) */
	for (i = 0; i < 100000; i++) {
		frames_make(&st, m, 4, (uint32_t)sent);
		assert_int_equal(rte_eth_tx_burst(port, 0, m, 4), 4);
		sent += 4;
		assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
		if (ss.ring_state == RTE_PMD_QLXGE_TXS_COALESCING && ss.ring_count != 0)
			break;
	}
	assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_COALESCING);
	assert_true(ss.holds >= 1);
	/* past the hold's deadline, nobody calls: the held frames stay (no timer) */
	assert_int_equal(rx_count(&st, sent - ss.ring_count, 10000), sent - ss.ring_count);
	usleep(20000);
	assert_int_equal(rx_count(&st, 1, 20), 0);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
	assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_COALESCING);
	/* the flush idiom */
	i = ss.ring_count;
	assert_int_equal(rte_eth_tx_burst(port, 0, NULL, 0), 0);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
	assert_int_equal(ss.ring_count, 0);
	assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_IDLE);
	assert_true(ss.hold_max_ns >= 20000000u);	/* the held period we just waited out */
	assert_int_equal(rx_count(&st, i, 10000), i);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	storm_close(&st);
}

/*
 * A stop with nobody to send to: the adapter in error with the work queue and the ring full.
 * The stop does not wait; the ring's frames are freed, and the work queue's, whose completions
 * never came; all are counted flushed and in oerrors, not in opackets, each mbuf back once.
 */
static void
test_shared_tx_stop_flushes_when_adapter_fails(void **state)
{
	static struct storm st;
	struct rte_pmd_qlxge_port_info pi;
	struct rte_eth_stats es;
	struct rte_mbuf *m[32];
	uint64_t accepted = 0;
	unsigned int k, i;
	uint16_t port;

	(void)state;
	memset(&st, 0, sizeof(st));
	assert_int_equal(storm_open(&st, "shtx_dead", false, false), 0);
	port = st.p.port[0];
	qlxge_sim_thread_stop(st.p.ad);
	do {
		frames_make(&st, m, 32, (uint32_t)accepted);
		k = rte_eth_tx_burst(port, 0, m, 32);
		accepted += k;
		if (k < 32)
			rte_pktmbuf_free_bulk(&m[k], 32 - k);
	} while (k == 32);
	/* the ring full, the work queue but for less than a batch of 32 (see above) */
	assert_true(accepted >= TX_DESC - SHTX_POST_MIN + TX_DESC - 1);
	assert_true(accepted <= 2 * (TX_DESC - 1));
	/* a fatal adapter error (STS.FE), reported by the interrupt */
	assert_int_equal(qlxge_sim_fault_set(st.p.fn[0], QLXGE_SIM_FAULT_FATAL, 1), 0);
	for (i = 0; i < 10000; i++) {
		assert_int_equal(rte_pmd_qlxge_port_info_get(port, &pi), 0);
		if (pi.state == RTE_PMD_QLXGE_STATE_ERROR)
			break;
		usleep(1000);
	}
	assert_int_equal(pi.state, RTE_PMD_QLXGE_STATE_ERROR);
	rte_eth_dev_stop(port);		/* its function reset may fail: the adapter is broken */
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_flushed_on_stop"), accepted);
	assert_int_equal(rte_eth_stats_get(port, &es), 0);
	assert_int_equal(es.oerrors, accepted);
	assert_int_equal(es.opackets, 0);
	assert_int_equal(rte_eth_tx_burst(port, 0, m, 0), 0);
	assert_int_equal(pmd_mtx_double_frees(st.tx_pool), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	assert_int_equal(qlxge_sim_thread_start(st.p.ad), 0);
	storm_close(&st);
}

/* Frames the burst's checks refuse are accepted, freed and counted, never sent. */
static void
test_shared_tx_bad_frames_counted(void **state)
{
	static struct storm st;
	struct rte_eth_stats es;
	struct rte_mbuf *m[6];
	uint16_t port;

	(void)state;
	memset(&st, 0, sizeof(st));
	assert_int_equal(storm_open(&st, "shtx_bad", true, false), 0);
	port = st.p.port[0];
	frames_make(&st, m, 6, 0);
	frame_fill(&st, m[1], BAD_MAGIC, 0, 0, 1600);		/* over the MTU */
	m[4]->ol_flags |= RTE_MBUF_F_TX_SCTP_CKSUM | RTE_MBUF_F_TX_IPV4;	/* not offered */
	m[4]->l2_len = RTE_ETHER_HDR_LEN;
	m[4]->l3_len = 20;
	assert_int_equal(rte_eth_tx_prepare(port, 0, m, 6), 1);	/* prep says which */
	assert_int_equal(rte_eth_tx_burst(port, 0, m, 6), 6);	/* all accepted */
	assert_int_equal(rx_count(&st, 4, 10000), 4);
	assert_int_equal(pmd_xstat(port, "tx_q0_bad_packets"), 2);
	assert_int_equal(rte_eth_stats_get(port, &es), 0);
	assert_int_equal(es.oerrors, 2);
	assert_int_equal(es.opackets, 4);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	storm_close(&st);
}

static int
shtx_setup(void **state)
{
	int ret = pmd_setup_suite(state);

	/* after a port stop, ethdev points bursts at a stub that logs every call: the storm's
	 * callers keep calling */
	rte_log_set_level_pattern("lib.ethdev", RTE_LOG_CRIT);
	return ret;
}

int
main(void)
{
	const char *env = getenv("QLXGE_TEST_SEED");
	struct timespec ts;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shared_tx_capability),
		cmocka_unit_test(test_shared_tx_bad_frames_counted),
		cmocka_unit_test(test_shared_tx_stall_resumes_on_call),
		cmocka_unit_test(test_shared_tx_sole_sender_served_from_its_array),
		cmocka_unit_test(test_shared_tx_lease_doorbell_waits_for_next_call),
		cmocka_unit_test(test_shared_tx_hold_flushed_by_empty_burst),
		cmocka_unit_test(test_shared_tx_stop_flushes_when_adapter_fails),
		cmocka_unit_test(test_shared_tx_storm),
		cmocka_unit_test(test_shared_tx_storm_queue_stop),
		cmocka_unit_test(test_shared_tx_storm_port_stop),
		cmocka_unit_test(test_shared_tx_storm_reset),
		cmocka_unit_test(test_shared_tx_storm_holds),
		cmocka_unit_test(test_shared_tx_storm_lease),
	};

	clock_gettime(CLOCK_REALTIME, &ts);
	seed = env != NULL ? strtoull(env, NULL, 0) : (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec;
	printf("# seed %" PRIu64 " (QLXGE_TEST_SEED=%" PRIu64 " replays it)\n", seed, seed);
	return cmocka_run_group_tests_name("pmd_shared_tx", tests, shtx_setup,
					   pmd_teardown_suite);
}
