/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, hardening: what an application or the device can hand the driver that it must
 * refuse without harm. A start with queues configured but not set up; mbufs whose nb_segs or
 * lengths disagree with their chain (prep reports them, the burst drops and counts them, and no
 * descriptor lands outside the frame's IOCB and OAL); completions whose lengths the device
 * cannot have written (zero, beyond the port's max frame without an error code, a chained
 * length that wraps the buffer count): the queue stops, the completion is counted and the port
 * asks for a reset, and comes back with rte_eth_dev_reset.
 *
 * The completions are the model's own, changed in place before the driver reads them: the
 * model's thread is stopped and the test steps it (qlxge_sim_poll) until the completion is
 * posted, then edits it in the queue's ring (the memzone ethdev names eth_p<port>_q<queue>_rxq,
 * whose first bytes are the completion ring, qlxge_rx.c). Waits are bounded; nothing asserts on
 * time.
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

#include <rte_byteorder.h>
#include <rte_errno.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>
#include <rte_memzone.h>

#include "qlxge_contract.h"
#include "pmd_test.h"
#include "rte_pmd_qlxge.h"

#define POLL_ROUNDS	20000	/* x 500 us: 10 s at most, never asserted on */

static uint64_t
xstat(uint16_t port, const char *name)
{
	uint64_t id, val;

	assert_int_equal(rte_eth_xstats_get_id_by_name(port, name, &id), 0);
	assert_int_equal(rte_eth_xstats_get_by_id(port, &id, &val, 1), 1);
	return val;
}

/* ---- start with queues not set up -------------------------------------------------------- */

static void
start_refused(bool rx)
{
	struct rte_eth_conf conf = { 0 };
	struct pmd_pair p;
	uint16_t port;
	char *log;

	assert_int_equal(pmd_pair_open(&p, rx ? "hdq_rx" : "hdq_tx", false), 0);
	port = p.port[0];
	assert_int_equal(rte_eth_dev_configure(port, 2, 2, &conf), 0);
	assert_int_equal(rte_eth_rx_queue_setup(port, 0, PMD_NB_DESC, SOCKET_ID_ANY, NULL,
						pmd_pool()), 0);
	assert_int_equal(rte_eth_tx_queue_setup(port, 0, PMD_NB_DESC, SOCKET_ID_ANY, NULL), 0);
	/* queue 1 of the other direction set up: only the one under test is missing */
	if (rx)
		assert_int_equal(rte_eth_tx_queue_setup(port, 1, PMD_NB_DESC, SOCKET_ID_ANY,
							NULL), 0);
	else
		assert_int_equal(rte_eth_rx_queue_setup(port, 1, PMD_NB_DESC, SOCKET_ID_ANY, NULL,
							pmd_pool()), 0);
	pmd_log_begin();
	assert_int_equal(rte_eth_dev_start(port), -EINVAL);
	log = pmd_log_end();
	assert_non_null(strstr(log, rx ? "RX queue 1 of 2 is not set up" :
				  "TX queue 1 of 2 is not set up"));
	free(log);
	/* nothing was started: the bursts of a port that refused to start return nothing */
	assert_int_equal(rte_eth_dev_is_valid_port(port), 1);
	/* set up, the port starts and runs */
	if (rx)
		assert_int_equal(rte_eth_rx_queue_setup(port, 1, PMD_NB_DESC, SOCKET_ID_ANY, NULL,
							pmd_pool()), 0);
	else
		assert_int_equal(rte_eth_tx_queue_setup(port, 1, PMD_NB_DESC, SOCKET_ID_ANY,
							NULL), 0);
	assert_int_equal(rte_eth_dev_start(port), 0);
	assert_true(pmd_wait_link(port, true));
	assert_int_equal(pmd_loop_frames(port, pmd_pool(), 4, 100), 4);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	pmd_pair_close(&p);
}

/* A configured RX queue never set up: start refuses, -EINVAL, and the log names the queue. */
static void
test_harden_start_rxq_not_set_up(void **state)
{
	(void)state;
	start_refused(true);
}

static void
test_harden_start_txq_not_set_up(void **state)
{
	(void)state;
	start_refused(false);
}

/* ---- TX: mbufs that disagree with their chain -------------------------------------------- */

/* A chain of @nsegs segments of 100 bytes each, to the port's own MAC. */
static struct rte_mbuf *
mk_chain(uint16_t port, unsigned int nsegs)
{
	struct rte_mbuf *m = pmd_mk_frame(pmd_pool(), port, 100), *seg;
	unsigned int i;

	for (i = 1; i < nsegs; i++) {
		seg = rte_pktmbuf_alloc(pmd_pool());
		assert_non_null(seg);
		memset(rte_pktmbuf_append(seg, 100), 0xa5, 100);
		assert_int_equal(rte_pktmbuf_chain(m, seg), 0);
	}
	return m;
}

/*
 * nb_segs below the chain (10 segments said to be 1, 8 and 9: the IOCB's 8 descriptors would be
 * overrun), above it, and lengths that do not add up: prep refuses each with EINVAL; the burst
 * takes, drops and counts it, writes no IOCB for it (the work queue's producer does not move)
 * and the port goes on sending.
 */
static void
test_harden_tx_chain_mismatch(void **state)
{
	static const struct {
		unsigned int segs;	/* real chain */
		int nb_segs;		/* what the mbuf says; 0: as built */
		int pkt_len_delta;
	} cases[] = {
		{ 10, 1, 0 }, { 10, 8, 0 }, { 10, 9, 0 }, { 3, 4, 0 }, { 1, 2, 0 },
		{ 3, 0, 1 }, { 1, 0, -1 },
	};
	struct rte_eth_conf conf = { 0 };
	struct rte_pmd_qlxge_txq_state ts;
	struct rte_eth_stats st;
	struct pmd_pair p;
	struct rte_mbuf *m;
	uint16_t port;
	unsigned int i;

	(void)state;
	conf.txmode.offloads = RTE_ETH_TX_OFFLOAD_MULTI_SEGS;
	assert_int_equal(pmd_pair_open(&p, "hdtx", false), 0);
	port = p.port[0];
	assert_int_equal(pmd_configure(port, 1, 1, &conf), 0);
	assert_int_equal(rte_eth_dev_start(port), 0);
	assert_true(pmd_wait_link(port, true));
	for (i = 0; i < RTE_DIM(cases); i++) {
		m = mk_chain(port, cases[i].segs);
		if (cases[i].nb_segs != 0)
			m->nb_segs = (uint16_t)cases[i].nb_segs;
		m->pkt_len = (uint32_t)((int)m->pkt_len + cases[i].pkt_len_delta);
		rte_errno = 0;
		assert_int_equal(rte_eth_tx_prepare(port, 0, &m, 1), 0);
		assert_int_equal(rte_errno, EINVAL);
		/* the burst takes it (dropped and freed: the chain as built goes back whole) */
		m->nb_segs = (uint16_t)(cases[i].nb_segs != 0 ? cases[i].nb_segs : m->nb_segs);
		assert_int_equal(rte_eth_tx_burst(port, 0, &m, 1), 1);
		assert_int_equal(rte_pmd_qlxge_txq_state_get(port, 0, &ts), 0);
		assert_int_equal(ts.wq_producer, 0);
	}
	assert_int_equal(rte_eth_stats_get(port, &st), 0);
	assert_int_equal(st.oerrors, RTE_DIM(cases));
	assert_int_equal(st.opackets, 0);
	assert_int_equal(xstat(port, "tx_q0_bad_packets"), RTE_DIM(cases));
	/* the queue is intact: frames still go out and come back */
	assert_int_equal(pmd_loop_frames(port, pmd_pool(), 8, 1000), 8);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	pmd_pair_close(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_harden_start_rxq_not_set_up),
		cmocka_unit_test(test_harden_start_txq_not_set_up),
		cmocka_unit_test(test_harden_tx_chain_mismatch),
	};

	return cmocka_run_group_tests(tests, pmd_setup_suite, pmd_teardown_suite);
}
