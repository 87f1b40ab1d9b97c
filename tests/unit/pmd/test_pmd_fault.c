/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, reliability under injected faults (docs/reliability.md): the firmware mailbox
 * after a hung firmware (every completion matched to its command, the port configuration read
 * back), and the frames of two ports cabled back to back accounted for under each fault the
 * model injects: every frame sent is received or counted once in a drop or error counter the
 * application sees.
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
#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "qlxge_mbox.h"
#include "pmd_test.h"

#define BURST		32
#define FRAME_LEN	64
#define ETH_TYPE_TEST	0x88B5	/* IEEE local experimental */
#define POLL_ROUNDS	20000	/* x 500 us: 10 s at most, never asserted on */

/* Two ports of one adapter, cabled back to back (the default), configured with 1+1 queues. */
struct pair {
	struct pmd_pair p;
	struct rte_ether_addr mac[2];
};

static void
pair_open(struct pair *x, const char *name, const struct rte_eth_conf *conf)
{
	unsigned int f;

	memset(x, 0, sizeof(*x));
	assert_int_equal(pmd_pair_open(&x->p, name, true), 0);
	for (f = 0; f < 2; f++) {
		assert_int_equal(pmd_configure(x->p.port[f], 1, 1, conf), 0);
		assert_int_equal(rte_eth_macaddr_get(x->p.port[f], &x->mac[f]), 0);
	}
}

static void
pair_start(struct pair *x)
{
	unsigned int f;

	for (f = 0; f < 2; f++)
		assert_int_equal(rte_eth_dev_start(x->p.port[f]), 0);
	for (f = 0; f < 2; f++)
		assert_true(pmd_wait_link(x->p.port[f], true));
}

/* @n test frames from port @from to @dst; returns how many tx_burst took (bounded retries). */
static unsigned int
send_to(struct pair *x, unsigned int from, const struct rte_ether_addr *dst, unsigned int n)
{
	struct rte_mbuf *pkts[BURST];
	unsigned int i, round, sent = 0;
	uint16_t done, k;

	while (sent < n) {
		uint16_t nb = (uint16_t)RTE_MIN(n - sent, (unsigned int)BURST);

		for (i = 0; i < nb; i++) {
			struct rte_ether_hdr *eh;
			uint8_t *f;

			pkts[i] = rte_pktmbuf_alloc(pmd_pool());
			assert_non_null(pkts[i]);
			f = (uint8_t *)rte_pktmbuf_append(pkts[i], FRAME_LEN);
			assert_non_null(f);
			memset(f, (int)(sent + i), FRAME_LEN);
			eh = (struct rte_ether_hdr *)f;
			rte_ether_addr_copy(dst, &eh->dst_addr);
			rte_ether_addr_copy(&x->mac[from], &eh->src_addr);
			eh->ether_type = rte_cpu_to_be_16(ETH_TYPE_TEST);
		}
		for (round = 0, done = 0; round < POLL_ROUNDS && done < nb; round++) {
			done += rte_eth_tx_burst(x->p.port[from], 0, pkts + done,
						 (uint16_t)(nb - done));
			if (done < nb)
				usleep(500);
		}
		for (k = done; k < nb; k++)
			rte_pktmbuf_free(pkts[k]);
		sent += done;
		if (done < nb)
			break;
	}
	return sent;
}

/* Test frames received on @port: until @want have come (bounded), or what is there. */
static unsigned int
recv_n(uint16_t port, unsigned int want)
{
	struct rte_mbuf *pkts[BURST];
	unsigned int round, got = 0, idle = 0;
	uint16_t nb, i;

	for (round = 0; round < POLL_ROUNDS; round++) {
		nb = rte_eth_rx_burst(port, 0, pkts, BURST);
		for (i = 0; i < nb; i++) {
			const struct rte_ether_hdr *eh =
				rte_pktmbuf_mtod(pkts[i], const struct rte_ether_hdr *);

			if (eh->ether_type == rte_cpu_to_be_16(ETH_TYPE_TEST))
				got++;
			rte_pktmbuf_free(pkts[i]);
		}
		if (want != 0 && got >= want)
			break;
		idle = nb == 0 ? idle + 1 : 0;
		if (want == 0 && idle > 20)
			break;
		usleep(500);
	}
	return got;
}

/* ---- the mailbox after a hung firmware ----------------------------------------------------- */

/*
 * The sequence that left a port misconfigured for good when a completion was taken for the
 * next command's: a started pair, the firmware hangs, rte_eth_dev_reset fails (-EBUSY: the
 * firmware does not take the commands), the firmware is back, reset again and reconfigure. The
 * port must come back as it was: its frames go to the peer (none loop back to itself), the
 * firmware version is the firmware's, the port configuration the one the driver sets (jumbo,
 * 9600-byte frames, no loopback), and the late completions were discarded, saying so.
 */
static void
test_mbox_desync_fw_hang_reset(void **state)
{
	struct qlxge_sim_port_state ps;
	char fw[32];
	struct pair x;
	char *log;
	int ret;

	(void)state;
	pair_open(&x, "mbdesync", NULL);
	pair_start(&x);
	assert_int_equal(send_to(&x, 0, &x.mac[1], BURST), BURST);
	assert_int_equal(recv_n(x.p.port[1], BURST), BURST);

	assert_int_equal(qlxge_sim_fault_set(x.p.fn[0], QLXGE_SIM_FAULT_FW_HANG, 1), 0);
	pmd_log_begin();
	ret = rte_eth_dev_reset(x.p.port[0]);
	log = pmd_log_end();
	assert_int_equal(ret, -EBUSY);
	assert_non_null(strstr(log, "a late answer will be discarded"));
	free(log);

	assert_int_equal(qlxge_sim_fault_set(x.p.fn[0], QLXGE_SIM_FAULT_FW_HANG, 0), 0);
	pmd_log_begin();
	ret = rte_eth_dev_reset(x.p.port[0]);
	log = pmd_log_end();
	assert_int_equal(ret, 0);
	/* the abandoned command's completion came, and was not taken for another's */
	assert_non_null(strstr(log, "discarded completion 0x4000"));
	assert_non_null(strstr(log, "mailbox back in step"));
	free(log);
	/* a second reset finds the mailbox in step: nothing to discard */
	pmd_log_begin();
	ret = rte_eth_dev_reset(x.p.port[0]);
	log = pmd_log_end();
	assert_int_equal(ret, 0);
	assert_null(strstr(log, "discarded completion"));
	free(log);
	assert_int_equal(pmd_configure(x.p.port[0], 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_start(x.p.port[0]), 0);
	assert_true(pmd_wait_link(x.p.port[0], true));

	assert_int_equal(rte_eth_dev_fw_version_get(x.p.port[0], fw, sizeof(fw)), 0);
	assert_string_equal(fw, "1.2.3");
	assert_int_equal(qlxge_sim_port_state_get(x.p.fn[0], &ps), 0);
	assert_int_equal(ps.link_config & QLXGE_LINK_CFG_LOOPBACK_MASK, 0);
	assert_int_equal(ps.link_config, QLXGE_LINK_CFG_JUMBO | QLXGE_LINK_CFG_PAUSE_STD);
	assert_int_equal(ps.max_frame, QLXGE_MAX_FRAME_DEFAULT);
	assert_int_equal(ps.fw_version, 0x00010203);

	/* frames to the peer reach the peer, and none comes back to the sender */
	assert_int_equal(send_to(&x, 0, &x.mac[1], BURST), BURST);
	assert_int_equal(recv_n(x.p.port[1], BURST), BURST);
	assert_int_equal(recv_n(x.p.port[0], 0), 0);
	/* and both ways */
	assert_int_equal(send_to(&x, 1, &x.mac[0], BURST), BURST);
	assert_int_equal(recv_n(x.p.port[0], BURST), BURST);
	pmd_pair_close(&x.p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mbox_desync_fw_hang_reset),
	};

	return cmocka_run_group_tests(tests, pmd_setup_suite, pmd_teardown_suite);
}
