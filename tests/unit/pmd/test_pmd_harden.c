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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_harden_start_rxq_not_set_up),
		cmocka_unit_test(test_harden_start_txq_not_set_up),
	};

	return cmocka_run_group_tests(tests, pmd_setup_suite, pmd_teardown_suite);
}
