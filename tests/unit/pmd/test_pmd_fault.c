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
#include <inttypes.h>
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
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_tcp.h>
#include <rte_udp.h>

#include "qlxge_mbox.h"
#include "pmd_test.h"

#define BURST		32
#define FRAME_LEN	128
#define UDP_PORT_TEST	0x5143	/* the test's frames: UDP to this port */
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

/* An IPv4/UDP test frame of FRAME_LEN bytes, checksums right, from @src to @dst. */
static struct rte_mbuf *
mk_udp(const struct rte_ether_addr *src, const struct rte_ether_addr *dst, unsigned int seq)
{
	struct rte_mbuf *m = rte_pktmbuf_alloc(pmd_pool());
	struct rte_ether_hdr *eh;
	struct rte_ipv4_hdr *ip;
	struct rte_udp_hdr *udp;
	uint8_t *f;

	assert_non_null(m);
	f = (uint8_t *)rte_pktmbuf_append(m, FRAME_LEN);
	assert_non_null(f);
	memset(f, (int)seq, FRAME_LEN);
	eh = (struct rte_ether_hdr *)f;
	rte_ether_addr_copy(dst, &eh->dst_addr);
	rte_ether_addr_copy(src, &eh->src_addr);
	eh->ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4);
	ip = (struct rte_ipv4_hdr *)(eh + 1);
	memset(ip, 0, sizeof(*ip));
	ip->version_ihl = RTE_IPV4_VHL_DEF;
	ip->total_length = rte_cpu_to_be_16(FRAME_LEN - sizeof(*eh));
	ip->time_to_live = 64;
	ip->next_proto_id = IPPROTO_UDP;
	ip->src_addr = rte_cpu_to_be_32(0x0A000001);
	ip->dst_addr = rte_cpu_to_be_32(0x0A000002);
	ip->packet_id = rte_cpu_to_be_16((uint16_t)seq);
	ip->hdr_checksum = rte_ipv4_cksum(ip);
	udp = (struct rte_udp_hdr *)(ip + 1);
	udp->src_port = rte_cpu_to_be_16(UDP_PORT_TEST);
	udp->dst_port = rte_cpu_to_be_16(UDP_PORT_TEST);
	udp->dgram_len = rte_cpu_to_be_16(FRAME_LEN - sizeof(*eh) - sizeof(*ip));
	udp->dgram_cksum = 0;
	udp->dgram_cksum = rte_ipv4_udptcp_cksum(ip, udp);
	return m;
}

/* Whether @m is one of the test's frames. */
static bool
is_test_frame(const struct rte_mbuf *m)
{
	const struct rte_ether_hdr *eh = rte_pktmbuf_mtod(m, const struct rte_ether_hdr *);
	const struct rte_udp_hdr *udp;

	if (m->data_len < FRAME_LEN || eh->ether_type != rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4))
		return false;
	udp = (const struct rte_udp_hdr *)((const uint8_t *)(eh + 1) +
					   sizeof(struct rte_ipv4_hdr));
	return udp->dst_port == rte_cpu_to_be_16(UDP_PORT_TEST);
}

/*
 * @n test frames from port @from to @dst, BURST at a time, each burst retried @rounds times
 * (500 us apart) while the queue is full; returns how many tx_burst took (the rest is freed,
 * never offered).
 */
static unsigned int
send_rounds(struct pair *x, unsigned int from, const struct rte_ether_addr *dst, unsigned int n,
	    unsigned int rounds)
{
	struct rte_mbuf *pkts[BURST];
	unsigned int i, round, sent = 0;
	uint16_t done, k;

	while (sent < n) {
		uint16_t nb = (uint16_t)RTE_MIN(n - sent, (unsigned int)BURST);

		for (i = 0; i < nb; i++)
			pkts[i] = mk_udp(&x->mac[from], dst, sent + i);
		for (round = 0, done = 0; round < rounds && done < nb; round++) {
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

static unsigned int
send_to(struct pair *x, unsigned int from, const struct rte_ether_addr *dst, unsigned int n)
{
	return send_rounds(x, from, dst, n, POLL_ROUNDS);
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
			got += is_test_frame(pkts[i]);
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
	/* the max frame follows the MTU (1500 here): header and FCS on top */
	assert_int_equal(ps.max_frame, RTE_ETHER_MTU + RTE_ETHER_HDR_LEN + RTE_ETHER_CRC_LEN);
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

/* RTE_ETH_EVENT_INTR_RESET callback: counts the events in *arg. */
static int
reset_count_cb(uint16_t port, enum rte_eth_event_type type, void *arg, void *ret_param)
{
	(void)port;
	(void)type;
	(void)ret_param;
	__atomic_fetch_add((unsigned int *)arg, 1, __ATOMIC_RELEASE);
	return 0;
}

/*
 * A stop the firmware does not answer still stops: rte_eth_dev_stop() returns 0 (ethdev then
 * holds the port stopped, so that the reset which recovers it is allowed), the port raises
 * RTE_ETH_EVENT_INTR_RESET and refuses to configure or start until rte_eth_dev_reset(), which
 * fails while the firmware is silent and succeeds once it answers; then frames flow.
 */
static void
test_stop_fw_hang_then_reset(void **state)
{
	unsigned int events = 0, round;
	struct pair x;

	(void)state;
	pair_open(&x, "stophang", NULL);
	assert_int_equal(rte_eth_dev_callback_register(x.p.port[0], RTE_ETH_EVENT_INTR_RESET,
						       reset_count_cb, &events), 0);
	pair_start(&x);
	assert_int_equal(send_to(&x, 0, &x.mac[1], BURST), BURST);
	assert_int_equal(recv_n(x.p.port[1], BURST), BURST);
	assert_int_equal(qlxge_sim_fault_set(x.p.fn[0], QLXGE_SIM_FAULT_FW_HANG, 1), 0);
	assert_int_equal(rte_eth_dev_stop(x.p.port[0]), 0);
	/* refused at once, the event not yet reported or already */
	assert_int_equal(rte_eth_dev_start(x.p.port[0]), -EIO);
	for (round = 0; round < POLL_ROUNDS && __atomic_load_n(&events, __ATOMIC_ACQUIRE) == 0;
	     round++)
		usleep(500);
	assert_int_equal(__atomic_load_n(&events, __ATOMIC_ACQUIRE), 1);
	assert_int_equal(rte_eth_dev_start(x.p.port[0]), -EIO);
	assert_true(pmd_configure(x.p.port[0], 1, 1, NULL) < 0);
	assert_int_equal(rte_eth_dev_reset(x.p.port[0]), -EBUSY);
	assert_int_equal(qlxge_sim_fault_set(x.p.fn[0], QLXGE_SIM_FAULT_FW_HANG, 0), 0);
	assert_int_equal(rte_eth_dev_reset(x.p.port[0]), 0);
	assert_int_equal(pmd_configure(x.p.port[0], 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_start(x.p.port[0]), 0);
	assert_true(pmd_wait_link(x.p.port[0], true));
	assert_int_equal(send_to(&x, 0, &x.mac[1], BURST), BURST);
	assert_int_equal(recv_n(x.p.port[1], BURST), BURST);
	assert_int_equal(send_to(&x, 1, &x.mac[0], BURST), BURST);
	assert_int_equal(recv_n(x.p.port[0], BURST), BURST);
	/* one event for the one failure */
	assert_int_equal(__atomic_load_n(&events, __ATOMIC_ACQUIRE), 1);
	assert_int_equal(rte_eth_dev_callback_unregister(x.p.port[0], RTE_ETH_EVENT_INTR_RESET,
							 reset_count_cb, &events), 0);
	pmd_pair_close(&x.p);
}

/* ---- every frame accounted for under each fault ------------------------------------------ */

#define ACC_FRAMES	96	/* frames of each phase: before, during, after the fault */

/* A fault of the model, where it is injected, and what the port then needs. */
struct acc_case {
	const char *name;
	enum qlxge_sim_fault fault;
	uint64_t arg;
	unsigned int side;	/* 0: the sending port, 1: the receiving port */
	bool reset;		/* the port reports RTE_ETH_EVENT_INTR_RESET: reset, reconfigure */
};

static const struct acc_case acc_cases[] = {
	{ "link_down@rx", QLXGE_SIM_FAULT_LINK_DOWN, 1, 1, false },
	{ "link_down@tx", QLXGE_SIM_FAULT_LINK_DOWN, 1, 0, false },
	{ "fw_hang", QLXGE_SIM_FAULT_FW_HANG, 1, 1, false },
	{ "fw_error", QLXGE_SIM_FAULT_FW_ERROR, QLXGE_MB_STS_ERR, 1, false },
	{ "sem_held", QLXGE_SIM_FAULT_SEM_HELD, 0xFF, 1, false },
	{ "rx_bq_dry", QLXGE_SIM_FAULT_RX_BQ_DRY, 1, 1, false },
	{ "rx_bad_fcs", QLXGE_SIM_FAULT_RX_BAD_FCS, 3, 1, false },
	{ "rx_bad_l4csum", QLXGE_SIM_FAULT_RX_BAD_L4CSUM, 3, 1, false },
	{ "dma_error@tx", QLXGE_SIM_FAULT_DMA_ERROR, 1, 0, true },
	{ "dma_error@rx", QLXGE_SIM_FAULT_DMA_ERROR, 1, 1, true },
	{ "cq_delay_us", QLXGE_SIM_FAULT_CQ_DELAY_US, 2000, 1, false },
	{ "fatal@rx", QLXGE_SIM_FAULT_FATAL, 1, 1, true },
	{ "fatal@tx", QLXGE_SIM_FAULT_FATAL, 1, 0, true },
};

/*
 * @n frames from port 0 to port 1, a burst at a time (each tried @rounds times), port 1
 * receiving between bursts until quiet (its buffer queues hold fewer than @n); the frames sent
 * are added to *@sent, those received to *@got.
 */
static void
acc_exchange(struct pair *x, unsigned int n, unsigned int rounds, unsigned int *sent,
	     unsigned int *got)
{
	unsigned int i;

	for (i = 0; i < n / BURST; i++) {
		*sent += send_rounds(x, 0, &x->mac[1], BURST, rounds);
		*got += recv_n(x->p.port[1], 0);
	}
}

/* rte_eth_dev_reset of port @f after its INTR_RESET, then configured and started again. */
static void
acc_reset(struct pair *x, unsigned int f, unsigned int *events)
{
	unsigned int round;

	for (round = 0; round < POLL_ROUNDS && __atomic_load_n(events, __ATOMIC_ACQUIRE) == 0;
	     round++)
		usleep(500);
	assert_int_not_equal(__atomic_load_n(events, __ATOMIC_ACQUIRE), 0);
	assert_int_equal(rte_eth_dev_reset(x->p.port[f]), 0);
	assert_int_equal(pmd_configure(x->p.port[f], 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_start(x->p.port[f]), 0);
	assert_true(pmd_wait_link(x->p.port[f], true));
}

/*
 * Port 0 sends to port 1 before, during and after the fault (on either side); afterwards every
 * frame tx_burst took is received, or counted once: port 0's oerrors (not sent: completion B,
 * or discarded when its queue stopped), port 1's ierrors (error frames, discarded when its
 * queue stopped), imissed (no buffer) or rx_drop_events (taken by no queue). The counters run
 * on across the reset a fatal error needs.
 */
static void
acc_run(const struct acc_case *c)
{
	struct rte_eth_stats s0, s1;
	unsigned int events = 0, sent = 0, got = 0, i;
	uint64_t drop_ev;
	struct pair x;
	char name[QLXGE_SIM_NAME_MAX];
	struct rte_eth_fc_conf fc;

	snprintf(name, sizeof(name), "acc%u", (unsigned int)(c - acc_cases));
	pair_open(&x, name, NULL);
	assert_int_equal(rte_eth_dev_callback_register(x.p.port[c->side],
						       RTE_ETH_EVENT_INTR_RESET, reset_count_cb,
						       &events), 0);
	pair_start(&x);
	for (i = 0; i < 2; i++)
		assert_int_equal(rte_eth_stats_reset(x.p.port[i]), 0);

	acc_exchange(&x, ACC_FRAMES, POLL_ROUNDS, &sent, &got);
	assert_int_equal(qlxge_sim_fault_set(x.p.fn[c->side], c->fault, c->arg), 0);
	if (c->fault == QLXGE_SIM_FAULT_FW_ERROR)	/* the mailbox says so, at once */
		assert_int_not_equal(rte_eth_dev_flow_ctrl_get(x.p.port[c->side], &fc), 0);
	acc_exchange(&x, ACC_FRAMES, 4, &sent, &got);
	if (c->reset)
		acc_reset(&x, c->side, &events);
	assert_int_equal(qlxge_sim_fault_set(x.p.fn[c->side], c->fault, 0), 0);
	if (c->fault == QLXGE_SIM_FAULT_LINK_DOWN)
		for (i = 0; i < 2; i++)
			assert_true(pmd_wait_link(x.p.port[i], true));
	acc_exchange(&x, ACC_FRAMES, POLL_ROUNDS, &sent, &got);
	got += recv_n(x.p.port[1], 0);
	/* every completion taken back */
	for (i = 0; i < 100 && rte_eth_tx_done_cleanup(x.p.port[0], 0, 0) > 0; i++)
		;

	assert_int_equal(rte_eth_stats_get(x.p.port[0], &s0), 0);
	assert_int_equal(rte_eth_stats_get(x.p.port[1], &s1), 0);
	drop_ev = pmd_xstat(x.p.port[1], "rx_drop_events");
	print_message("%-14s sent %u: rx %" PRIu64 " (app %u), oerrors %" PRIu64 ", ierrors %"
		      PRIu64 ", imissed %" PRIu64 ", rx_drop_events %" PRIu64 "\n", c->name, sent,
		      s1.ipackets, got, s0.oerrors, s1.ierrors, s1.imissed, drop_ev);
	assert_true(sent >= 2 * ACC_FRAMES);
	assert_int_equal(s1.ipackets, got);
	assert_int_equal(s0.opackets + s0.oerrors, sent);
	assert_int_equal(sent, s1.ipackets + s1.ierrors + s1.imissed + drop_ev + s0.oerrors);
	/* what the fault should have cost, where it is said */
	switch (c->fault) {
	case QLXGE_SIM_FAULT_LINK_DOWN:
		assert_true(s0.oerrors > 0);
		break;
	case QLXGE_SIM_FAULT_RX_BQ_DRY:
		assert_true(s1.imissed > 0);
		break;
	case QLXGE_SIM_FAULT_RX_BAD_FCS:
		assert_true(s1.ierrors > 0);
		assert_true(pmd_xstat(x.p.port[1], "rx_crc_errors") > 0);
		break;
	case QLXGE_SIM_FAULT_FW_HANG:
	case QLXGE_SIM_FAULT_FW_ERROR:
	case QLXGE_SIM_FAULT_SEM_HELD:
	case QLXGE_SIM_FAULT_RX_BAD_L4CSUM:
	case QLXGE_SIM_FAULT_CQ_DELAY_US:
		assert_int_equal(s1.ipackets, sent);	/* the data path is not affected */
		break;
	default:
		break;
	}
	assert_int_equal(rte_eth_dev_callback_unregister(x.p.port[c->side],
							 RTE_ETH_EVENT_INTR_RESET, reset_count_cb,
							 &events), 0);
	pmd_pair_close(&x.p);
}

static void
test_accounting_per_fault(void **state)
{
	unsigned int i;

	(void)state;
	for (i = 0; i < RTE_DIM(acc_cases); i++)
		acc_run(&acc_cases[i]);
}

/*
 * Counter epochs: the counters of a port run on across stop/start, reconfiguration and
 * rte_eth_dev_reset (queues set up again), and a statistics reset starts every one of them,
 * hardware and software, from the same moment.
 */
static void
test_accounting_epochs(void **state)
{
	struct rte_eth_stats s;
	struct pair x;

	(void)state;
	pair_open(&x, "epochs", NULL);
	pair_start(&x);
	assert_int_equal(send_to(&x, 0, &x.mac[1], BURST), BURST);
	assert_int_equal(recv_n(x.p.port[1], BURST), BURST);
	assert_int_equal(rte_eth_dev_stop(x.p.port[1]), 0);
	assert_int_equal(pmd_configure(x.p.port[1], 1, 1, NULL), 0);	/* queues set up again */
	assert_int_equal(rte_eth_dev_start(x.p.port[1]), 0);
	assert_true(pmd_wait_link(x.p.port[1], true));
	assert_int_equal(rte_eth_stats_get(x.p.port[1], &s), 0);
	assert_int_equal(s.ipackets, BURST);
	assert_int_equal(rte_eth_dev_reset(x.p.port[1]), 0);
	assert_int_equal(pmd_configure(x.p.port[1], 2, 2, NULL), 0);
	assert_int_equal(rte_eth_dev_start(x.p.port[1]), 0);
	assert_true(pmd_wait_link(x.p.port[1], true));
	assert_int_equal(send_to(&x, 0, &x.mac[1], BURST), BURST);
	assert_int_equal(recv_n(x.p.port[1], BURST), BURST);
	assert_int_equal(rte_eth_stats_get(x.p.port[1], &s), 0);
	assert_int_equal(s.ipackets, 2 * BURST);
	assert_int_equal(s.q_ipackets[0], 2 * BURST);
	assert_int_equal(pmd_xstat(x.p.port[1], "mac_rx_good_packets"), 2 * BURST);
	/* fewer queues: what queue 1 counted stays in the totals */
	assert_int_equal(rte_eth_dev_stop(x.p.port[1]), 0);
	assert_int_equal(pmd_configure(x.p.port[1], 1, 1, NULL), 0);
	assert_int_equal(rte_eth_stats_get(x.p.port[1], &s), 0);
	assert_int_equal(s.ipackets, 2 * BURST);
	/* one reset for all: software and hardware counters at 0 together */
	assert_int_equal(rte_eth_stats_reset(x.p.port[1]), 0);
	assert_int_equal(rte_eth_stats_get(x.p.port[1], &s), 0);
	assert_int_equal(s.ipackets + s.ibytes + s.imissed + s.ierrors, 0);
	assert_int_equal(pmd_xstat(x.p.port[1], "mac_rx_good_packets"), 0);
	assert_int_equal(pmd_xstat(x.p.port[1], "rx_q0_refill_doorbells"), 0);
	assert_int_equal(rte_eth_dev_start(x.p.port[1]), 0);
	assert_true(pmd_wait_link(x.p.port[1], true));
	assert_int_equal(send_to(&x, 0, &x.mac[1], BURST), BURST);
	assert_int_equal(recv_n(x.p.port[1], BURST), BURST);
	assert_int_equal(rte_eth_stats_get(x.p.port[1], &s), 0);
	assert_int_equal(s.ipackets, BURST);
	assert_int_equal(pmd_xstat(x.p.port[1], "mac_rx_good_packets"), BURST);
	pmd_pair_close(&x.p);
}

/* ---- re-cabling ---------------------------------------------------------------------------- */

/* Traffic both ways between the two ports of @x. */
static void
flows(struct pair *x)
{
	assert_int_equal(send_to(x, 0, &x->mac[1], BURST), BURST);
	assert_int_equal(recv_n(x->p.port[1], BURST), BURST);
	assert_int_equal(send_to(x, 1, &x->mac[0], BURST), BURST);
	assert_int_equal(recv_n(x->p.port[0], BURST), BURST);
}

/*
 * A third port asking to be cabled to a port of a started pair is refused (-EBUSY, naming the
 * port it is cabled to), and the pair keeps working. A port that goes takes its end of the
 * cable: its former peer's link goes down (frames it sends are counted, not sent), never
 * half-wired; the port attached again is cabled again, and so is a new port asking for it.
 */
static void
test_recable_refused_and_unplugged(void **state)
{
	struct qlxge_sim_port_state ps;
	struct rte_eth_stats s;
	struct pair x;
	uint16_t port;
	char *log;
	int ret;

	(void)state;
	pair_open(&x, "recab", NULL);
	pair_start(&x);
	flows(&x);

	pmd_log_begin();
	ret = pmd_probe("net_qlxge_sim_recab_c", "adapter=recabc,wire=peer,"
			"peer=net_qlxge_sim_recab_0", &port);
	log = pmd_log_end();
	assert_int_not_equal(ret, 0);
	assert_non_null(strstr(log, "is cabled to net_qlxge_sim_recab_1 (port"));
	free(log);
	assert_null(qlxge_sim_adapter_find("recabc"));
	flows(&x);	/* the pair is untouched */

	/* port 1 goes: port 0 is unplugged, its link down */
	assert_int_equal(pmd_remove(x.p.name[1]), 0);
	x.p.name[1][0] = '\0';
	assert_true(pmd_wait_link(x.p.port[0], false));
	assert_int_equal(qlxge_sim_port_state_get(x.p.fn[0], &ps), 0);
	assert_false(ps.link_up);
	assert_int_equal(rte_eth_stats_reset(x.p.port[0]), 0);
	assert_int_equal(send_to(&x, 0, &x.mac[1], BURST), BURST);
	usleep(20000);
	rte_eth_tx_done_cleanup(x.p.port[0], 0, 0);
	assert_int_equal(rte_eth_stats_get(x.p.port[0], &s), 0);
	assert_int_equal(s.opackets, 0);
	assert_int_equal(s.oerrors, BURST);

	/* a new port may take the free end; it goes, port 0 is unplugged again */
	assert_int_equal(pmd_probe("net_qlxge_sim_recab_c", "adapter=recabc,wire=peer,"
				   "peer=net_qlxge_sim_recab_0", &port), 0);
	assert_int_equal(pmd_configure(port, 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_start(port), 0);
	assert_true(pmd_wait_link(port, true));
	assert_true(pmd_wait_link(x.p.port[0], true));
	assert_int_equal(pmd_remove("net_qlxge_sim_recab_c"), 0);
	assert_true(pmd_wait_link(x.p.port[0], false));

	/* port 1 attached again, without wire=: the pair is cabled again */
	assert_int_equal(pmd_probe("net_qlxge_sim_recab_1", "adapter=recab,function=1",
				   &x.p.port[1]), 0);
	snprintf(x.p.name[1], sizeof(x.p.name[1]), "net_qlxge_sim_recab_1");
	assert_int_equal(pmd_configure(x.p.port[1], 1, 1, NULL), 0);
	assert_int_equal(rte_eth_macaddr_get(x.p.port[1], &x.mac[1]), 0);
	assert_int_equal(rte_eth_dev_start(x.p.port[1]), 0);
	assert_true(pmd_wait_link(x.p.port[0], true));
	assert_true(pmd_wait_link(x.p.port[1], true));
	flows(&x);
	pmd_pair_close(&x.p);
}

/*
 * The default cabling of two functions of one adapter does not take a function another port
 * has cabled itself to: the second function loops back, saying why, and the cable A-C works.
 */
static void
test_recable_default_keeps_taken_peer(void **state)
{
	uint16_t pa, pb, pc;
	char *log;

	(void)state;
	assert_int_equal(pmd_probe("net_qlxge_sim_dka", "adapter=dk,function=0", &pa), 0);
	assert_int_equal(pmd_probe("net_qlxge_sim_dkc", "adapter=dkc,wire=peer,"
				   "peer=net_qlxge_sim_dka", &pc), 0);
	pmd_log_begin();
	assert_int_equal(pmd_probe("net_qlxge_sim_dkb", "adapter=dk,function=1", &pb), 0);
	log = pmd_log_end();
	assert_non_null(strstr(log, "net_qlxge_sim_dka is cabled to net_qlxge_sim_dkc"));
	free(log);
	assert_int_equal(pmd_configure(pb, 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_start(pb), 0);
	assert_true(pmd_wait_link(pb, true));		/* looped back */
	assert_int_equal(pmd_configure(pa, 1, 1, NULL), 0);
	assert_int_equal(pmd_configure(pc, 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_start(pa), 0);
	assert_int_equal(rte_eth_dev_start(pc), 0);
	assert_true(pmd_wait_link(pa, true));
	assert_true(pmd_wait_link(pc, true));
	assert_int_equal(pmd_loop_frames(pb, pmd_pool(), 8, 64), 8);
	assert_int_equal(pmd_remove("net_qlxge_sim_dkb"), 0);
	assert_int_equal(pmd_remove("net_qlxge_sim_dkc"), 0);
	assert_true(pmd_wait_link(pa, false));
	assert_int_equal(pmd_remove("net_qlxge_sim_dka"), 0);
}

/* ---- bad input (docs/reliability.md, the table) ------------------------------------------- */

/*
 * Queue setup: a free threshold no refill can reach, buffers too small (below the
 * min_rx_bufsize the driver gives ethdev), descriptor counts out of range or not a multiple of
 * 32: refused with -EINVAL and a reason, nothing allocated; good queues after that work.
 */
static void
test_bad_input_queue_setup(void **state)
{
	struct rte_eth_rxconf rxc = { .rx_free_thresh = 128 };
	struct rte_mempool *tiny;
	struct pair x;
	unsigned int mz;
	char *log;

	(void)state;
	pair_open(&x, "badq", NULL);
	tiny = rte_pktmbuf_pool_create("badq_tiny", 63, 0, 0, RTE_PKTMBUF_HEADROOM + 64,
				       SOCKET_ID_ANY);
	assert_non_null(tiny);
	mz = pmd_memzone_count();
	pmd_log_begin();
	/* 128 descriptors: 64 per buffer queue, at most 48 posted by a refill */
	assert_int_equal(rte_eth_rx_queue_setup(x.p.port[0], 0, 128, SOCKET_ID_ANY, &rxc,
						pmd_pool()), -EINVAL);
	assert_int_equal(rte_eth_rx_queue_setup(x.p.port[0], 0, 128, SOCKET_ID_ANY, NULL, tiny),
			 -EINVAL);
	log = pmd_log_end();
	assert_non_null(strstr(log, "rx_free_thresh 128 above 48"));
	free(log);
	assert_int_equal(rte_eth_rx_queue_setup(x.p.port[0], 0, 96 + 1, SOCKET_ID_ANY, NULL,
						pmd_pool()), -EINVAL);
	assert_int_equal(rte_eth_tx_queue_setup(x.p.port[0], 0, 32, SOCKET_ID_ANY, NULL),
			 -EINVAL);
	assert_int_equal(rte_eth_tx_queue_setup(x.p.port[0], 0, 8192, SOCKET_ID_ANY, NULL),
			 -EINVAL);
	rxc.rx_free_thresh = 48;
	assert_int_equal(rte_eth_rx_queue_setup(x.p.port[0], 0, 128, SOCKET_ID_ANY, &rxc,
						pmd_pool()), 0);
	/* ethdev released the queue before the refused setups; they allocated nothing */
	assert_int_equal(pmd_memzone_count(), mz);
	rte_mempool_free(tiny);
	pair_start(&x);
	flows(&x);
	pmd_pair_close(&x.p);
}

/* One TCP/IPv4 frame of @len bytes, offload fields as a TSO send would set them. */
static struct rte_mbuf *
mk_tso(unsigned int len)
{
	struct rte_mbuf *m = rte_pktmbuf_alloc(pmd_pool());
	uint8_t *f;

	assert_non_null(m);
	f = (uint8_t *)rte_pktmbuf_append(m, (uint16_t)len);
	assert_non_null(f);
	memset(f, 0, len);
	((struct rte_ether_hdr *)f)->ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4);
	m->l2_len = sizeof(struct rte_ether_hdr);
	m->l3_len = sizeof(struct rte_ipv4_hdr);
	m->l4_len = sizeof(struct rte_tcp_hdr);
	m->tso_segsz = 1000;
	m->ol_flags = RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_TCP_SEG;
	return m;
}

/*
 * Offload parameters a TSO or checksum IOCB cannot carry (§7.4, §13), and TSO segments the MTU
 * (1500) does not allow or too small (under 64 bytes): rte_eth_tx_prepare says which packet and
 * why (rte_errno EINVAL), and rte_eth_tx_burst of them anyway drops, frees and counts each one
 * (oerrors, tx_q0_bad_packets), never sends it. Segments of 1460 bytes (1514-byte frames), and
 * of 1464 in a frame that carries an 802.1Q tag, are taken.
 */
static void
test_bad_input_tso_params(void **state)
{
	enum { SEGSZ0, SEGSMALL, SEGOVERMTU, SEGOVERTAG, L4SHORT, TOOLONG, L3ZERO, L2LONG,
	       HDRSLONG, NOL3FLAG, RUNT, NB };
	struct rte_mbuf *ok;
	struct rte_mbuf *m[NB];
	struct rte_eth_stats s;
	unsigned int i, in_use;
	struct pair x;

	(void)state;
	pair_open(&x, "badtso", NULL);
	pair_start(&x);
	assert_int_equal(rte_eth_stats_reset(x.p.port[0]), 0);
	in_use = rte_mempool_in_use_count(pmd_pool());
	for (i = 0; i < NB; i++)
		m[i] = mk_tso(i == SEGOVERMTU || i == SEGOVERTAG ? 1800 :
			      i == TOOLONG ? 1500 : 200);
	m[SEGSZ0]->tso_segsz = 0;
	m[SEGSMALL]->tso_segsz = 63;
	m[SEGOVERMTU]->tso_segsz = 1461;	/* 54 bytes of headers: 1515-byte segments */
	m[SEGOVERTAG]->l2_len = sizeof(struct rte_ether_hdr) + sizeof(struct rte_vlan_hdr);
	m[SEGOVERTAG]->tso_segsz = 1461;	/* tagged in the data: 1519 */
	rte_pktmbuf_mtod(m[SEGOVERTAG], struct rte_ether_hdr *)->ether_type =
		rte_cpu_to_be_16(RTE_ETHER_TYPE_VLAN);
	m[L4SHORT]->l4_len = 8;
	/* longer than TSO takes (65557): a chain of buffers long enough is not needed to say so */
	m[TOOLONG]->pkt_len = 70000;
	m[L3ZERO]->l3_len = 0;
	m[L2LONG]->l2_len = 64;
	m[HDRSLONG]->l4_len = 250;
	m[NOL3FLAG]->ol_flags = RTE_MBUF_F_TX_TCP_CKSUM;
	m[RUNT]->ol_flags = 0;
	m[RUNT]->pkt_len = m[RUNT]->data_len = 10;
	for (i = 0; i < NB; i++) {
		rte_errno = 0;
		assert_int_equal(rte_eth_tx_prepare(x.p.port[0], 0, &m[i], 1), 0);
		assert_int_equal(rte_errno, EINVAL);
	}
	/* at the MTU: 1514-byte segments, and 1518 with the tag in the data */
	ok = mk_tso(1800);
	ok->tso_segsz = 1460;
	assert_int_equal(rte_eth_tx_prepare(x.p.port[0], 0, &ok, 1), 1);
	ok->l2_len = sizeof(struct rte_ether_hdr) + sizeof(struct rte_vlan_hdr);
	rte_pktmbuf_mtod(ok, struct rte_ether_hdr *)->ether_type =
		rte_cpu_to_be_16(RTE_ETHER_TYPE_VLAN);
	assert_int_equal(rte_eth_tx_prepare(x.p.port[0], 0, &ok, 1), 1);
	rte_pktmbuf_free(ok);
	m[TOOLONG]->pkt_len = m[TOOLONG]->data_len;	/* what tx_burst may walk */
	m[TOOLONG]->tso_segsz = 0;
	assert_int_equal(rte_eth_tx_burst(x.p.port[0], 0, m, NB), NB);
	assert_int_equal(rte_eth_stats_get(x.p.port[0], &s), 0);
	assert_int_equal(s.opackets, 0);
	assert_int_equal(s.oerrors, NB);
	assert_int_equal(pmd_xstat(x.p.port[0], "tx_q0_bad_packets"), NB);
	assert_int_equal(rte_mempool_in_use_count(pmd_pool()), in_use);	/* all freed */
	assert_int_equal(recv_n(x.p.port[1], 0), 0);
	pmd_pair_close(&x.p);
}

/*
 * Calls out of order: start before configure, configure or queue setup of a started queue
 * while started, queue operations on queues that do not exist, bursts on a stopped port, stop
 * twice, reset of a started port, close of a started port: each refused with an error or
 * harmless, and the port works after them.
 */
static void
test_bad_input_call_order(void **state)
{
	struct rte_eth_conf conf = { 0 };
	struct rte_mbuf *m[4];
	struct pair x;
	uint16_t port;

	(void)state;
	assert_int_equal(pmd_probe("net_qlxge_sim_badord", "adapter=badord", &port), 0);
	assert_int_not_equal(rte_eth_dev_start(port), 0);	/* never configured */
	assert_int_equal(pmd_remove("net_qlxge_sim_badord"), 0);

	pair_open(&x, "badord2", NULL);
	pair_start(&x);
	assert_int_equal(rte_eth_dev_configure(x.p.port[0], 1, 1, &conf), -EBUSY);
	assert_int_not_equal(rte_eth_rx_queue_setup(x.p.port[0], 0, 128, SOCKET_ID_ANY, NULL,
						    pmd_pool()), 0);	/* started queue */
	assert_int_equal(rte_eth_dev_rx_queue_stop(x.p.port[0], 5), -EINVAL);
	assert_int_equal(rte_eth_dev_tx_queue_start(x.p.port[0], 5), -EINVAL);
	assert_int_equal(rte_eth_dev_stop(x.p.port[0]), 0);
	assert_int_equal(rte_eth_dev_stop(x.p.port[0]), 0);
	assert_int_equal(rte_eth_rx_burst(x.p.port[0], 0, m, 4), 0);
	m[0] = mk_udp(&x.mac[0], &x.mac[1], 1);
	assert_int_equal(rte_eth_tx_burst(x.p.port[0], 0, m, 1), 0);	/* not taken */
	rte_pktmbuf_free(m[0]);
	assert_int_equal(rte_eth_dev_start(x.p.port[0]), 0);
	assert_int_equal(rte_eth_dev_reset(x.p.port[0]), 0);	/* started: stopped first */
	assert_int_equal(pmd_configure(x.p.port[0], 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_start(x.p.port[0]), 0);
	assert_true(pmd_wait_link(x.p.port[0], true));
	flows(&x);
	/* closing (unplugging) started ports stops them first */
	pmd_pair_close(&x.p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mbox_desync_fw_hang_reset),
		cmocka_unit_test(test_stop_fw_hang_then_reset),
		cmocka_unit_test(test_accounting_epochs),
		cmocka_unit_test(test_accounting_per_fault),
		cmocka_unit_test(test_recable_refused_and_unplugged),
		cmocka_unit_test(test_recable_default_keeps_taken_peer),
		cmocka_unit_test(test_bad_input_queue_setup),
		cmocka_unit_test(test_bad_input_tso_params),
		cmocka_unit_test(test_bad_input_call_order),
	};

	return cmocka_run_group_tests(tests, pmd_setup_suite, pmd_teardown_suite);
}
