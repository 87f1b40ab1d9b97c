/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, the receive path's multicast check (the user guide, "Shared tables") while a
 * control thread changes what it checks. Port 0 of a model adapter sends frames to group A
 * (in port 1's list) and group B (in port 0's list only: the shared table holds it, port 1's
 * receive path must drop it unless all-multicast is on) while another thread, at random
 * moments, sets port 1's list to {A} or {A, C} and turns all-multicast on and off. Every frame
 * to A is received (A stays first in every list, so no rewrite takes it away); every frame to
 * B is received or counted in rx_q0_mcast_unlisted_drops; nothing else is lost. Also in the
 * ThreadSanitizer build (devtools/test.sh, suite concurrency): the check's count and keys are
 * the control path's atomics, read by the burst.
 */

#include <errno.h>
#include <inttypes.h>
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

#define ROUNDS		400	/* bursts of FRAMES sent */
#define FRAMES		16	/* half to A, half to B */
#define POLL_ROUNDS	20000	/* x 100 us at most for a burst's frames to arrive */

static const struct rte_ether_addr grp_a = { { 0x01, 0x00, 0x5e, 0x00, 0x0a, 0x0a } };
static const struct rte_ether_addr grp_b = { { 0x01, 0x00, 0x5e, 0x00, 0x0b, 0x0b } };
static const struct rte_ether_addr grp_c = { { 0x01, 0x00, 0x5e, 0x00, 0x0c, 0x0c } };

struct churn {
	uint16_t port;
	volatile int stop;
	unsigned int changes;
	unsigned int seed;
};

/* The control thread: port 1's list and all-multicast mode, changed at random moments. */
static void *
churn_main(void *arg)
{
	struct churn *c = arg;
	struct rte_ether_addr list[2] = { grp_a, grp_c };
	int ret = 0;

	while (!__atomic_load_n(&c->stop, __ATOMIC_RELAXED)) {
		switch (rand_r(&c->seed) % 4) {
		case 0:
			ret = rte_eth_dev_set_mc_addr_list(c->port, list, 1);
			break;
		case 1:
			ret = rte_eth_dev_set_mc_addr_list(c->port, list, 2);
			break;
		case 2:
			ret = rte_eth_allmulticast_enable(c->port);
			break;
		default:
			ret = rte_eth_allmulticast_disable(c->port);
			break;
		}
		if (ret != 0)
			break;
		c->changes++;
		usleep(rand_r(&c->seed) % 300);
	}
	return ret == 0 ? NULL : (void *)(intptr_t)ret;
}

static struct rte_mbuf *
mk_group_frame(const struct rte_ether_addr *dst, const struct rte_ether_addr *src)
{
	struct rte_mbuf *m = rte_pktmbuf_alloc(pmd_pool());
	struct rte_ether_hdr *eth;

	assert_non_null(m);
	eth = (struct rte_ether_hdr *)rte_pktmbuf_append(m, 64);
	assert_non_null(eth);
	memset(eth, 0, 64);
	rte_ether_addr_copy(dst, &eth->dst_addr);
	rte_ether_addr_copy(src, &eth->src_addr);
	eth->ether_type = rte_cpu_to_be_16(0x88B5);	/* IEEE local experimental */
	return m;
}

static void
test_mcast_check_while_the_list_changes(void **state)
{
	struct rte_ether_addr own_b = grp_b, own_a = grp_a, src;
	uint64_t sent_a = 0, sent_b = 0, got_a = 0, got_b = 0, unlisted, missed;
	struct rte_mbuf *m[FRAMES];
	struct rte_eth_stats st;
	struct pmd_pair p;
	struct churn c;
	pthread_t tid;
	void *res;
	unsigned int r, i, round;
	uint16_t k, j;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "mcst", true), 0);
	for (i = 0; i < 2; i++) {
		assert_int_equal(pmd_configure(p.port[i], 1, 1, NULL), 0);
		assert_int_equal(rte_eth_dev_start(p.port[i]), 0);
		assert_int_equal(rte_eth_promiscuous_disable(p.port[i]), 0);
		assert_int_equal(rte_eth_allmulticast_disable(p.port[i]), 0);
	}
	assert_true(pmd_wait_link(p.port[0], true));
	assert_true(pmd_wait_link(p.port[1], true));
	assert_int_equal(rte_eth_macaddr_get(p.port[0], &src), 0);
	assert_int_equal(rte_eth_dev_set_mc_addr_list(p.port[0], &own_b, 1), 0);
	assert_int_equal(rte_eth_dev_set_mc_addr_list(p.port[1], &own_a, 1), 0);

	memset(&c, 0, sizeof(c));
	c.port = p.port[1];
	c.seed = 12345;
	assert_int_equal(pthread_create(&tid, NULL, churn_main, &c), 0);
	for (r = 0; r < ROUNDS; r++) {
		for (i = 0; i < FRAMES; i++)
			m[i] = mk_group_frame(i % 2 == 0 ? &grp_a : &grp_b, &src);
		for (i = 0, round = 0; i < FRAMES && round < POLL_ROUNDS; round++) {
			i += rte_eth_tx_burst(p.port[0], 0, m + i, (uint16_t)(FRAMES - i));
			if (i < FRAMES)
				usleep(100);
		}
		assert_int_equal(i, FRAMES);
		sent_a += FRAMES / 2;
		sent_b += FRAMES / 2;
		/* received, or dropped and counted: all the frames of the burst */
		for (round = 0; round < POLL_ROUNDS; round++) {
			k = rte_eth_rx_burst(p.port[1], 0, m, FRAMES);
			for (j = 0; j < k; j++) {
				const struct rte_ether_hdr *eth =
					rte_pktmbuf_mtod(m[j], const struct rte_ether_hdr *);

				if (rte_is_same_ether_addr(&eth->dst_addr, &grp_a))
					got_a++;
				else if (rte_is_same_ether_addr(&eth->dst_addr, &grp_b))
					got_b++;
				else
					fail_msg("a frame to another address");
				rte_pktmbuf_free(m[j]);
			}
			unlisted = pmd_xstat(p.port[1], "rx_q0_mcast_unlisted_drops");
			if (got_a + got_b + unlisted >= sent_a + sent_b)
				break;
			usleep(100);
		}
		assert_int_equal(got_a, sent_a);
	}
	__atomic_store_n(&c.stop, 1, __ATOMIC_RELAXED);
	assert_int_equal(pthread_join(tid, &res), 0);
	assert_null(res);
	unlisted = pmd_xstat(p.port[1], "rx_q0_mcast_unlisted_drops");
	assert_int_equal(rte_eth_stats_get(p.port[1], &st), 0);
	missed = st.imissed;
	print_message("mcast: %u list/mode changes; to A %" PRIu64 " of %" PRIu64 " received, "
		      "to B %" PRIu64 " received and %" PRIu64 " dropped unlisted of %" PRIu64
		      "\n", c.changes, got_a, sent_a, got_b, unlisted, sent_b);
	assert_true(c.changes > 0);
	assert_int_equal(missed, 0);
	assert_int_equal(got_a, sent_a);
	assert_int_equal(got_b + unlisted, sent_b);
	/* both ways happened: the check ran armed and disarmed */
	assert_true(unlisted > 0);
	assert_true(got_b > 0);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_stop(p.port[1]), 0);
	pmd_pair_close(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mcast_check_while_the_list_changes),
	};

	return cmocka_run_group_tests(tests, pmd_setup_suite, pmd_teardown_suite);
}
