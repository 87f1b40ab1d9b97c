/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, buffers: on one model port cabled to itself, buffers are handed back only once the
 * device cannot use them (port stop after the function reset, runtime queue stop after a
 * confirmed CQ stop), a 64-descriptor RX queue keeps receiving, and the TX queue's default
 * threshold gives sent frames' mbufs back whatever the ring's size. Waits are bounded polls;
 * nothing asserts on time.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "qlxge_contract.h"
#include "pmd_test.h"

/* ---- buffers handed back only when the device is done with them -------------------------- */

/* dev_stop: the mbufs of RX rings and of TX in flight are freed after the function reset. */
static void
test_dp_stop_frees_bufs_after_reset(void **state)
{
	struct rte_mempool *wp = pmd_watch_pool();
	struct rte_eth_conf conf = { 0 };
	struct qlxge_sim_counters c;
	unsigned int seen, bad;
	struct pmd_pair p;
	struct rte_mbuf *m;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "dpstop", false), 0);
	assert_int_equal(rte_eth_dev_configure(p.port[0], 1, 1, &conf), 0);
	assert_int_equal(rte_eth_rx_queue_setup(p.port[0], 0, 256, SOCKET_ID_ANY, NULL, wp),
			 0);
	assert_int_equal(rte_eth_tx_queue_setup(p.port[0], 0, 256, SOCKET_ID_ANY, NULL), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_true(pmd_wait_link(p.port[0], true));
	assert_int_equal(pmd_loop_frames(p.port[0], wp, 8, 100), 8);
	m = pmd_mk_frame(wp, p.port[0], 100);
	if (rte_eth_tx_burst(p.port[0], 0, &m, 1) == 0)
		rte_pktmbuf_free(m);

	assert_int_equal(qlxge_sim_counters_get(p.fn[0], &c), 0);
	pmd_watch_arm(p.fn[0], c.resets + 1, -1);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	pmd_watch_disarm(&seen, &bad);
	/* the RX rings held buffers: they came back, none before the reset */
	assert_true(seen > 0);
	assert_int_equal(bad, 0);
	assert_int_equal(rte_mempool_in_use_count(wp), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	pmd_pair_close(&p);
}

/* TX completion CQs follow the RX ones: CQ max_rx_queues + TX queue. */
static void
info_max_rxq(uint16_t port, unsigned int *n)
{
	struct rte_eth_dev_info info;

	assert_int_equal(rte_eth_dev_info_get(port, &info), 0);
	*n = info.max_rx_queues;
}

/*
 * Runtime queue stop: the queue leaves the RSS table, its CQ reads stopped before any of its
 * buffers is freed, and a restart brings it back (CQ processed, ICB loaded, in the table).
 */
static void
test_dp_queue_stop_frees_after_cq_stop(void **state)
{
	struct rte_mempool *wp = pmd_watch_pool();
	struct rte_eth_conf conf = { 0 };
	struct qlxge_sim_counters c0, c1;
	struct qlxge_rss_icb icb;
	struct pmd_pair p;
	unsigned int i, txcq, seen, bad;
	uint16_t q;

	(void)state;
	conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
	conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IPV4;
	assert_int_equal(pmd_pair_open(&p, "dpqstop", false), 0);
	assert_int_equal(rte_eth_dev_configure(p.port[0], 2, 2, &conf), 0);
	for (q = 0; q < 2; q++) {
		assert_int_equal(rte_eth_rx_queue_setup(p.port[0], q, 128, SOCKET_ID_ANY, NULL,
							wp), 0);
		assert_int_equal(rte_eth_tx_queue_setup(p.port[0], q, 128, SOCKET_ID_ANY, NULL),
				 0);
	}
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_true(pmd_wait_link(p.port[0], true));
	assert_false(pmd_cq_stopped(p.fn[0], 1));

	pmd_watch_arm(p.fn[0], 0, 1);	/* RX queue 1 is CQ 1 */
	assert_int_equal(rte_eth_dev_rx_queue_stop(p.port[0], 1), 0);
	pmd_watch_disarm(&seen, &bad);
	assert_true(seen > 0);
	assert_int_equal(bad, 0);
	assert_true(pmd_cq_stopped(p.fn[0], 1));
	/* the RSS table the device holds no longer names queue 1 */
	assert_int_equal(qlxge_sim_rss_get(p.fn[0], &icb, sizeof(icb)), 0);
	for (i = 0; i < QLXGE_RSS_TABLE_SIZE; i++)
		assert_int_equal(icb.cq_id[i], 0);

	/* and back: CQ processed again, its ICB loaded, in the table again, traffic flows */
	assert_int_equal(qlxge_sim_counters_get(p.fn[0], &c0), 0);
	assert_int_equal(rte_eth_dev_rx_queue_start(p.port[0], 1), 0);
	assert_int_equal(qlxge_sim_counters_get(p.fn[0], &c1), 0);
	assert_true(c1.icb_loads > c0.icb_loads);
	assert_false(pmd_cq_stopped(p.fn[0], 1));
	assert_int_equal(qlxge_sim_rss_get(p.fn[0], &icb, sizeof(icb)), 0);
	assert_int_equal(icb.cq_id[1], 1);

	/* TX: the completion CQ (the driver's: after the RX ones) stops first */
	assert_int_equal(pmd_loop_frames(p.port[0], wp, 4, 100), 4);
	info_max_rxq(p.port[0], &txcq);
	assert_false(pmd_cq_stopped(p.fn[0], txcq + 1));
	assert_int_equal(rte_eth_dev_tx_queue_stop(p.port[0], 1), 0);
	assert_true(pmd_cq_stopped(p.fn[0], txcq + 1));
	assert_int_equal(rte_eth_dev_tx_queue_start(p.port[0], 1), 0);
	assert_false(pmd_cq_stopped(p.fn[0], txcq + 1));
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_mempool_in_use_count(wp), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	pmd_pair_close(&p);
}

/* Send @n 60-byte frames from @from to @to's MAC; poll @to's queue 0 a while into @rx. */
static unsigned int
short_pool_round(uint16_t from, uint16_t to, unsigned int n, struct rte_mbuf **rx,
		 unsigned int room)
{
	struct rte_mbuf *m[64];
	unsigned int i, got = 0;

	for (i = 0; i < n; i++)
		m[i] = pmd_mk_frame(pmd_pool(), to, 60);
	assert_int_equal(rte_eth_tx_burst(from, 0, m, (uint16_t)n), n);
	for (i = 0; i < 1000 && got < room; i++) {
		got += rte_eth_rx_burst(to, 0, rx + got, (uint16_t)RTE_MIN(room - got, 64u));
		usleep(500);
	}
	return got;
}

/*
 * A receive queue the pool let run dry comes back once the pool has a few blocks free, not
 * only once it holds the queue's whole room at once, which a forwarding loop under pressure
 * never leaves (testpmd with 32 queues of 16384 mbufs: a port stopped receiving for good).
 * Port 1's queue of 1024 descriptors, its pool's other mbufs held by the application: the
 * frames it received are kept until its 496 small buffers are spent and none can be posted
 * again; 64 mbufs given back, and each round's frames freed, frames keep arriving.
 */
static void
test_dp_rx_recovers_from_pool_shortage(void **state)
{
	static struct rte_mbuf *held[4096], *rx[1024];
	struct rte_eth_conf conf = { 0 };
	unsigned int nheld = 0, got = 0, again = 0, i;
	struct rte_mempool *rp;
	struct rte_mbuf *m;
	struct pmd_pair p;

	(void)state;
	rp = rte_pktmbuf_pool_create("rxshort", 2047, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
				     SOCKET_ID_ANY);
	assert_non_null(rp);
	assert_int_equal(pmd_pair_open(&p, "rxshort", true), 0);
	assert_int_equal(pmd_configure(p.port[0], 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_configure(p.port[1], 1, 1, &conf), 0);
	assert_int_equal(rte_eth_rx_queue_setup(p.port[1], 0, 1024, SOCKET_ID_ANY, NULL, rp), 0);
	assert_int_equal(rte_eth_tx_queue_setup(p.port[1], 0, 256, SOCKET_ID_ANY, NULL), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_start(p.port[1]), 0);
	assert_true(pmd_wait_link(p.port[1], true));
	while (nheld < RTE_DIM(held) && (m = rte_pktmbuf_alloc(rp)) != NULL)
		held[nheld++] = m;
	assert_true(nheld > 64);
	/* the small buffers spent: frames received and kept, then nothing more */
	for (i = 0; i < 20 && got < 496; i++)
		got += short_pool_round(p.port[0], p.port[1], 64, rx + got, 496 - got);
	assert_int_equal(got, 496);
	assert_int_equal(short_pool_round(p.port[0], p.port[1], 64, rx + got, 64), 0);
	assert_true(pmd_xstat(p.port[1], "rx_q0_mbuf_alloc_errors") > 0);
	/* 64 back to the pool, then each round's frames freed as a forwarding loop does (never
	 * 480 free at once): the queue takes what it can each time and keeps receiving */
	for (i = 0; i < 64; i++)
		rte_pktmbuf_free(held[--nheld]);
	for (i = 0; i < 16; i++) {
		unsigned int n = short_pool_round(p.port[0], p.port[1], 32, rx + got, 32);

		for (unsigned int k = 0; k < n; k++)
			rte_pktmbuf_free(rx[got + k]);
		again += n;
	}
	assert_true(again >= 8 * 32);
	for (i = 0; i < got; i++)
		rte_pktmbuf_free(rx[i]);
	for (i = 0; i < nheld; i++)
		rte_pktmbuf_free(held[i]);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_stop(p.port[1]), 0);
	assert_int_equal(rte_mempool_in_use_count(rp), 0);
	pmd_pair_close(&p);
	rte_mempool_free(rp);
}

/* A 64-descriptor RX queue keeps receiving: its refill threshold fits what a refill posts. */
static void
test_dp_rx_64_desc_ring_keeps_receiving(void **state)
{
	struct rte_eth_conf conf = { 0 };
	struct rte_eth_rxconf rxc = { 0 };
	struct rte_eth_rxq_info qi;
	struct pmd_pair p;
	char *log;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "dprx64", false), 0);
	assert_int_equal(rte_eth_dev_configure(p.port[0], 1, 1, &conf), 0);
	/* a threshold one refill can never reach is refused, and the log says why */
	rxc.rx_free_thresh = 32;
	pmd_log_begin();
	assert_int_equal(rte_eth_rx_queue_setup(p.port[0], 0, 64, SOCKET_ID_ANY, &rxc,
						pmd_pool()), -EINVAL);
	log = pmd_log_end();
	assert_non_null(strstr(log, "rx_free_thresh"));
	free(log);
	/* the default is clamped */
	assert_int_equal(rte_eth_rx_queue_setup(p.port[0], 0, 64, SOCKET_ID_ANY, NULL,
						pmd_pool()), 0);
	assert_int_equal(rte_eth_rx_queue_info_get(p.port[0], 0, &qi), 0);
	assert_true(qi.conf.rx_free_thresh > 0 && qi.conf.rx_free_thresh <= 16);
	assert_int_equal(rte_eth_tx_queue_setup(p.port[0], 0, 256, SOCKET_ID_ANY, NULL), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_true(pmd_wait_link(p.port[0], true));
	assert_int_equal(pmd_loop_frames(p.port[0], pmd_pool(), 150, 100), 150);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	pmd_pair_close(&p);
}

/*
 * A TX queue's default tx_free_thresh is relative to its ring: the mbufs of sent frames go back
 * once more than TX_RECLAIM_BULK (64) slots are taken, on a ring of 1024 as on one of
 * 256, not a ring's lap later; an application's threshold is kept as given. The mbufs the
 * queue holds are counted in the pool: in use after 300 frames looped, less those the RX ring
 * held when full (it may be short of full by less than its refill threshold, 32, at the end).
 * Thresholds at or past the ring's size are refused.
 */
#define TX_RECLAIM_BULK	64u	/* the driver's QLXGE_TX_RECLAIM_BULK (qlxge_pmd.h) */

static unsigned int
tx_held_after_loop(struct pmd_pair *p, struct rte_mempool *mp, uint16_t thresh,
		   uint16_t *thresh_seen)
{
	struct rte_eth_txconf txc = { .tx_free_thresh = thresh };
	struct rte_eth_conf conf = { 0 };
	struct rte_eth_txq_info qi;
	unsigned int rx_held, held;

	assert_int_equal(rte_eth_dev_configure(p->port[0], 1, 1, &conf), 0);
	assert_int_equal(rte_eth_rx_queue_setup(p->port[0], 0, 1024, SOCKET_ID_ANY, NULL, mp),
			 0);
	assert_int_equal(rte_eth_tx_queue_setup(p->port[0], 0, 1024, SOCKET_ID_ANY, &txc), 0);
	assert_int_equal(rte_eth_tx_queue_info_get(p->port[0], 0, &qi), 0);
	*thresh_seen = qi.conf.tx_free_thresh;
	assert_int_equal(rte_eth_dev_start(p->port[0]), 0);
	assert_true(pmd_wait_link(p->port[0], true));
	rx_held = rte_mempool_in_use_count(mp);
	assert_int_equal(pmd_loop_frames(p->port[0], mp, 300, 100), 300);
	held = rte_mempool_in_use_count(mp) - rx_held;
	assert_int_equal(rte_eth_dev_stop(p->port[0]), 0);
	assert_int_equal(rte_mempool_in_use_count(mp), 0);
	return held;
}

static void
test_dp_tx_reclaim_default_by_ring(void **state)
{
	struct rte_mempool *mp;
	struct pmd_pair p;
	uint16_t thresh;
	unsigned int held;

	(void)state;
	mp = rte_pktmbuf_pool_create("dptxrec", 4095, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
				     SOCKET_ID_ANY);
	assert_non_null(mp);
	assert_int_equal(pmd_pair_open(&p, "dptxrec", false), 0);
	/* the default: 1024 - 64; every frame was received, so its completion was written */
	held = tx_held_after_loop(&p, mp, 0, &thresh);
	assert_int_equal(thresh, 1024 - TX_RECLAIM_BULK);
	assert_true(held <= TX_RECLAIM_BULK);
	/* the application's 32: nothing goes back before fewer than 32 slots are free */
	held = tx_held_after_loop(&p, mp, 32, &thresh);
	assert_int_equal(thresh, 32);
	assert_true(held >= 300 - 32);
	/* thresholds at or past the ring are refused, and the log says why */
	for (unsigned int k = 0; k < 2; k++) {
		struct rte_eth_txconf txc = { .tx_free_thresh = k == 0 ? 1024 : 0,
					      .tx_rs_thresh = k == 1 ? 1024 : 0 };
		char *log;

		pmd_log_begin();
		assert_int_equal(rte_eth_tx_queue_setup(p.port[0], 0, 1024, SOCKET_ID_ANY, &txc),
				 -EINVAL);
		log = pmd_log_end();
		assert_non_null(strstr(log, "below the ring's 1024 descriptors"));
		free(log);
	}
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	pmd_pair_close(&p);
	rte_mempool_free(mp);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dp_stop_frees_bufs_after_reset),
		cmocka_unit_test(test_dp_queue_stop_frees_after_cq_stop),
		cmocka_unit_test(test_dp_rx_64_desc_ring_keeps_receiving),
		cmocka_unit_test(test_dp_rx_recovers_from_pool_shortage),
		cmocka_unit_test(test_dp_tx_reclaim_default_by_ring),
	};

	return cmocka_run_group_tests_name("pmd_bufs", tests, pmd_setup_suite,
					   pmd_teardown_suite);
}
