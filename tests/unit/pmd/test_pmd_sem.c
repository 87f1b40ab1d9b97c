/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, the hardware semaphores' host locks (base/qlxge_sem.c): threads of one port using
 * one semaphore-guarded window at the same time (ethdev's telemetry thread reads statistics
 * beside the application; a secondary process beside the primary) take it one after the other.
 * The hardware cannot see to that: it arbitrates between functions, and a function holding a
 * semaphore acquires it again at once.
 */

#include <errno.h>
#include <pthread.h>
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

#include "pmd_test.h"

#define NB_FRAMES	40
#define FRAME_LEN	128
#define STATS_THREADS	3
/*
 * Rounds per thread. Without the host locks the model, whose register calls are short, mixes
 * two threads' window accesses about once in 500 rounds of three threads: 20000 rounds
 * failed every run of that build.
 */
#define STATS_ROUNDS	20000

/* Send @n frames of @len bytes on @tx to @rx's address; return what @rx received. */
static unsigned int
send_frames(uint16_t tx, uint16_t rx, unsigned int n, uint16_t len)
{
	struct rte_mbuf *m, *pkts[32];
	unsigned int sent = 0, got = 0, tries;
	uint16_t r, k;

	while (sent < n) {
		m = pmd_mk_frame(pmd_pool(), rx, len);
		for (tries = 0; tries < 1000 && rte_eth_tx_burst(tx, 0, &m, 1) == 0; tries++)
			usleep(100);
		assert_true(tries < 1000);
		sent++;
	}
	for (tries = 0; tries < 20000 && got < n; tries++) {
		r = rte_eth_rx_burst(rx, 0, pkts, RTE_DIM(pkts));
		for (k = 0; k < r; k++)
			rte_pktmbuf_free(pkts[k]);
		got += r;
		if (got < n)
			usleep(100);
	}
	return got;
}

struct stats_reader {
	uint16_t port;
	const struct rte_eth_xstat *ref;
	int n;
	unsigned int bad;
	int err;
};

static void *
stats_reader(void *arg)
{
	struct stats_reader *r = arg;
	struct rte_eth_xstat *x;
	unsigned int round;
	int i, n;

	x = calloc(r->n, sizeof(*x));
	if (x == NULL) {
		r->err = -ENOMEM;
		return NULL;
	}
	for (round = 0; round < STATS_ROUNDS; round++) {
		n = rte_eth_xstats_get(r->port, x, r->n);
		if (n != r->n) {
			r->err = n;
			break;
		}
		for (i = 0; i < n; i++)
			if (x[i].value != r->ref[i].value)
				r->bad++;
	}
	free(x);
	return NULL;
}

/*
 * With no traffic, every snapshot of the MAC counters equals the first: threads reading at once
 * take the XGMAC window one after the other (the host lock); without it, one thread's index
 * write would land between another's index write and data read.
 */
static void
test_sem_stats_threads(void **state)
{
	struct stats_reader r[STATS_THREADS];
	pthread_t th[STATS_THREADS];
	struct rte_eth_xstat *ref;
	struct pmd_pair p;
	unsigned int t;
	int n;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "sem_lock", true), 0);
	for (t = 0; t < 2; t++) {
		assert_int_equal(pmd_configure(p.port[t], 1, 1, NULL), 0);
		assert_int_equal(rte_eth_dev_start(p.port[t]), 0);
	}
	for (t = 0; t < 2; t++)
		assert_true(pmd_wait_link(p.port[t], true));
	/* frames of several sizes both ways: counters with different values */
	assert_int_equal(send_frames(p.port[0], p.port[1], NB_FRAMES, FRAME_LEN), NB_FRAMES);
	assert_int_equal(send_frames(p.port[0], p.port[1], NB_FRAMES / 4, 600), NB_FRAMES / 4);
	assert_int_equal(send_frames(p.port[1], p.port[0], NB_FRAMES / 2, 64), NB_FRAMES / 2);
	n = rte_eth_xstats_get(p.port[1], NULL, 0);
	assert_true(n > 0);
	ref = calloc(n, sizeof(*ref));
	assert_non_null(ref);
	assert_int_equal(rte_eth_xstats_get(p.port[1], ref, n), n);
	for (t = 0; t < STATS_THREADS; t++) {
		r[t] = (struct stats_reader){ .port = p.port[1], .ref = ref, .n = n };
		assert_int_equal(pthread_create(&th[t], NULL, stats_reader, &r[t]), 0);
	}
	for (t = 0; t < STATS_THREADS; t++) {
		assert_int_equal(pthread_join(th[t], NULL), 0);
		assert_int_equal(r[t].err, 0);
		assert_int_equal(r[t].bad, 0);
	}
	free(ref);
	for (t = 0; t < 2; t++) {
		assert_int_equal(rte_eth_dev_stop(p.port[t]), 0);
		assert_int_equal(rte_eth_dev_close(p.port[t]), 0);
	}
	pmd_pair_close(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sem_stats_threads),
	};

	return cmocka_run_group_tests_name("pmd_sem", tests, pmd_setup_suite, pmd_teardown_suite);
}
