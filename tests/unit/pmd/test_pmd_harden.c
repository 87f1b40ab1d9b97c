/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, hardening: what an application or the device can hand the driver that it must
 * refuse without harm. A start with queues configured but not set up; mbufs whose nb_segs or
 * lengths disagree with their chain (prep reports them, the burst drops and counts them, and no
 * descriptor lands outside the frame's IOCB and OAL); completions whose lengths the device
 * cannot have written (zero, beyond the port's max frame without an error code, a chained
 * length that wraps the buffer count) or TX completions that are not the next one: the queue
 * stops, the completion is counted and the port asks for a reset, and comes back with
 * rte_eth_dev_reset; TX completions with the error flags of §7.6, each counted as its flag says.
 *
 * The completions are the model's own, changed in place before the driver reads them: the
 * model's thread is stopped and the test steps it (qlxge_sim_poll) until the completion is
 * posted, then edits it in the queue's ring (the memzone ethdev names eth_p<port>_q<queue>_rxq,
 * whose first bytes are the completion ring, qlxge_rx.c; for TX, eth_p<port>_q<queue>_txq, the
 * work queue's ring, then the completion ring at the next 4 KiB page, qlxge_tx.c). Waits are
 * bounded; nothing asserts on time.
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
#include "qlxge_sim.h"
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
 * overrun; 2 said to be 1 with pkt_len the first's data_len, which the fast path's test would
 * take but for its look at next), above it, and lengths that do not add up: prep refuses each
 * with EINVAL; the burst
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
		{ 10, 1, 0 }, { 10, 8, 0 }, { 10, 9, 0 }, { 2, 1, -100 }, { 3, 4, 0 },
		{ 1, 2, 0 }, { 3, 0, 1 }, { 1, 0, -1 },
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
	assert_int_equal(pmd_xstat(port, "tx_q0_bad_packets"), RTE_DIM(cases));
	/* the queue is intact: frames still go out and come back */
	assert_int_equal(pmd_loop_frames(port, pmd_pool(), 8, 1000), 8);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	pmd_pair_close(&p);
}

/* ---- RX: completions with lengths the device cannot have written ------------------------ */

/* Port @f of @p at @mtu: one queue each way, scattered RX, started. */
static void
rx_port_up(struct pmd_pair *p, unsigned int f, uint16_t mtu)
{
	struct rte_eth_conf conf = { 0 };

	conf.rxmode.mtu = mtu;
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_SCATTER;
	conf.txmode.offloads = RTE_ETH_TX_OFFLOAD_MULTI_SEGS;
	assert_int_equal(pmd_configure(p->port[f], 1, 1, &conf), 0);
	assert_int_equal(rte_eth_dev_start(p->port[f]), 0);
	assert_true(pmd_wait_link(p->port[f], true));
}

/*
 * Port 0 (MTU 9000) sends @n frames of @len bytes to port 1 (MTU 1500) with the model's thread
 * stopped; the test steps the model until port 1's queue 0 has them all, and returns the first
 * of their completions in the queue's ring, not read by the driver yet.
 */
static struct qlxge_ib_mac_rsp *
rx_posted(struct pmd_pair *p, unsigned int n, uint16_t len, uint16_t *at)
{
	struct rte_pmd_qlxge_rxq_state st;
	const struct rte_memzone *mz;
	char name[RTE_MEMZONE_NAMESIZE];
	struct rte_mbuf *m;
	unsigned int i, round;

	qlxge_sim_thread_stop(p->ad);
	for (i = 0; i < n; i++) {
		m = pmd_mk_frame(pmd_pool(), p->port[1], len);
		assert_int_equal(rte_eth_tx_burst(p->port[0], 0, &m, 1), 1);
	}
	for (round = 0; round < POLL_ROUNDS; round++) {
		qlxge_sim_poll(p->ad);
		assert_int_equal(rte_pmd_qlxge_rxq_state_get(p->port[1], 0, &st), 0);
		if (st.cq_pending >= n)
			break;
		usleep(500);
	}
	assert_int_equal(st.cq_pending, n);
	*at = st.cq_consumer;
	/* ethdev's name of the queue's DMA zone; the completion ring is first (qlxge_rx.c) */
	snprintf(name, sizeof(name), "eth_p%u_q0_rxq", p->port[1]);
	mz = rte_memzone_lookup(name);
	assert_non_null(mz);
	return (struct qlxge_ib_mac_rsp *)((uint8_t *)mz->addr +
					   (size_t)st.cq_consumer * QLXGE_CQE_SIZE);
}

/*
 * The burst reads the completion at @at, edited by the caller: no frame comes out, nothing is
 * counted but the malformed completion, the queue stops there (its consumer index stays on it)
 * and the port asks for a reset; it comes back with rte_eth_dev_reset() and frames flow again.
 */
static void
rx_expect_malformed(struct pmd_pair *p, uint16_t at)
{
	struct rte_pmd_qlxge_rxq_state st;
	struct rte_eth_stats es, es0;
	struct rte_mbuf *rx[32], *m;
	uint16_t nb;

	assert_int_equal(rte_eth_stats_get(p->port[1], &es0), 0);
	nb = rte_eth_rx_burst(p->port[1], 0, rx, RTE_DIM(rx));
	while (nb != 0)
		rte_pktmbuf_free(rx[--nb]);
	assert_int_equal(rte_eth_rx_burst(p->port[1], 0, rx, RTE_DIM(rx)), 0);
	assert_int_equal(pmd_xstat(p->port[1], "rx_q0_malformed_completions"), 1);
	assert_int_equal(rte_pmd_qlxge_rxq_state_get(p->port[1], 0, &st), 0);
	assert_int_equal(st.stalled, 1);
	assert_int_equal(st.cq_consumer, at);
	assert_int_equal(st.packets, 0);
	assert_int_equal(rte_eth_stats_get(p->port[1], &es), 0);
	assert_int_equal(es.ierrors, es0.ierrors);
	assert_true(pmd_wait_count(&pmd_reset_events, 1));
	/* the documented recovery */
	assert_int_equal(qlxge_sim_thread_start(p->ad), 0);
	assert_int_equal(rte_eth_dev_stop(p->port[1]), 0);
	assert_int_equal(rte_eth_dev_reset(p->port[1]), 0);
	rx_port_up(p, 1, RTE_ETHER_MTU);
	m = pmd_mk_frame(pmd_pool(), p->port[1], 200);
	assert_int_equal(rte_eth_tx_burst(p->port[0], 0, &m, 1), 1);
	m = NULL;
	for (unsigned int round = 0; round < POLL_ROUNDS && m == NULL; round++) {
		if (rte_eth_rx_burst(p->port[1], 0, &m, 1) == 0) {
			m = NULL;
			usleep(500);
		}
	}
	assert_non_null(m);
	assert_int_equal(m->pkt_len, 200);
	rte_pktmbuf_free(m);
}

static void
rx_case_open(struct pmd_pair *p, const char *name)
{
	__atomic_store_n(&pmd_reset_events, 0, __ATOMIC_RELEASE);
	assert_int_equal(pmd_pair_open(p, name, true), 0);
	rx_port_up(p, 0, 9000);
	rx_port_up(p, 1, RTE_ETHER_MTU);
	assert_int_equal(rte_eth_dev_callback_register(p->port[1], RTE_ETH_EVENT_INTR_RESET,
						       pmd_reset_cb, NULL), 0);
}

static void
rx_case_close(struct pmd_pair *p)
{
	assert_int_equal(rte_eth_dev_callback_unregister(p->port[1], RTE_ETH_EVENT_INTR_RESET,
							 pmd_reset_cb, NULL), 0);
	assert_int_equal(rte_eth_dev_stop(p->port[0]), 0);
	assert_int_equal(rte_eth_dev_stop(p->port[1]), 0);
	pmd_pair_close(p);
}

/*
 * What ethdev's descriptor queries report (rte_eth_tx_descriptor_status, rte_eth_rx_queue_count,
 * rte_eth_rx_descriptor_status), the model stepped by hand: frames posted and not yet read by
 * the device are FULL, behind the free slots (DONE) and the one the ring keeps empty
 * (UNAVAIL), and DONE once completed, before any reclaim; on the receiving port the frames
 * waiting are counted and DONE, the buffers posted behind them AVAIL, the rest UNAVAIL; an
 * offset past the ring is -EINVAL.
 */
static void
test_harden_descriptor_status(void **state)
{
	const uint16_t free = PMD_NB_DESC - 1 - 8;	/* TX slots free with 8 in flight */
	struct rte_mbuf *m, *rx[16];
	struct pmd_pair p;
	unsigned int i, round;
	uint16_t nb;

	(void)state;
	rx_case_open(&p, "hdds");
	qlxge_sim_thread_stop(p.ad);
	assert_int_equal(rte_eth_tx_descriptor_status(p.port[0], 0, 0), RTE_ETH_TX_DESC_DONE);
	assert_int_equal(rte_eth_tx_descriptor_status(p.port[0], 0, PMD_NB_DESC - 1),
			 RTE_ETH_TX_DESC_UNAVAIL);
	assert_int_equal(rte_eth_tx_descriptor_status(p.port[0], 0, PMD_NB_DESC), -EINVAL);
	/* a queue never set up: ethdev (a release build) hands the driver NULL */
	assert_int_equal(rte_eth_tx_descriptor_status(p.port[0], 9, 0), -ENODEV);
	assert_int_equal(rte_eth_rx_descriptor_status(p.port[0], 9, 0), -ENODEV);
	for (i = 0; i < 8; i++) {
		m = pmd_mk_frame(pmd_pool(), p.port[1], 100);
		assert_int_equal(rte_eth_tx_burst(p.port[0], 0, &m, 1), 1);
	}
	assert_int_equal(rte_eth_tx_descriptor_status(p.port[0], 0, free - 1),
			 RTE_ETH_TX_DESC_DONE);
	assert_int_equal(rte_eth_tx_descriptor_status(p.port[0], 0, free),
			 RTE_ETH_TX_DESC_UNAVAIL);
	for (i = free + 1; i <= free + 8u; i++)
		assert_int_equal(rte_eth_tx_descriptor_status(p.port[0], 0, (uint16_t)i),
				 RTE_ETH_TX_DESC_FULL);
	assert_int_equal(rte_eth_rx_queue_count(p.port[1], 0), 0);
	/* the device takes them: completed on port 0, waiting on port 1 */
	for (round = 0; round < POLL_ROUNDS && rte_eth_rx_queue_count(p.port[1], 0) < 8; round++) {
		qlxge_sim_poll(p.ad);
		usleep(500);
	}
	assert_int_equal(rte_eth_rx_queue_count(p.port[1], 0), 8);
	for (i = free + 1; i <= free + 8u; i++)
		assert_int_equal(rte_eth_tx_descriptor_status(p.port[0], 0, (uint16_t)i),
				 RTE_ETH_TX_DESC_DONE);
	assert_int_equal(rte_eth_rx_descriptor_status(p.port[1], 0, 0), RTE_ETH_RX_DESC_DONE);
	assert_int_equal(rte_eth_rx_descriptor_status(p.port[1], 0, 7), RTE_ETH_RX_DESC_DONE);
	assert_int_equal(rte_eth_rx_descriptor_status(p.port[1], 0, 8), RTE_ETH_RX_DESC_AVAIL);
	assert_int_equal(rte_eth_rx_descriptor_status(p.port[1], 0, PMD_NB_DESC - 1),
			 RTE_ETH_RX_DESC_UNAVAIL);
	assert_int_equal(rte_eth_rx_descriptor_status(p.port[1], 0, PMD_NB_DESC), -EINVAL);
	/* received: nothing waits */
	nb = rte_eth_rx_burst(p.port[1], 0, rx, RTE_DIM(rx));
	assert_int_equal(nb, 8);
	rte_pktmbuf_free_bulk(rx, nb);
	assert_int_equal(rte_eth_rx_queue_count(p.port[1], 0), 0);
	assert_int_equal(rte_eth_rx_descriptor_status(p.port[1], 0, 0), RTE_ETH_RX_DESC_AVAIL);
	assert_int_equal(qlxge_sim_thread_start(p.ad), 0);
	rx_case_close(&p);
}

/* A one-buffer completion whose data length is 0: malformed, not a 0-byte frame. */
static void
test_harden_rx_zero_length(void **state)
{
	struct qlxge_ib_mac_rsp *rsp;
	struct pmd_pair p;
	uint16_t at;

	(void)state;
	rx_case_open(&p, "hdrz");
	rsp = rx_posted(&p, 1, 100, &at);
	assert_true(rsp->flags3 & QLXGE_IB_MAC_FLAGS3_DS);
	rsp->data_len = 0;
	rx_expect_malformed(&p, at);
	rx_case_close(&p);
}

/*
 * A completion without an error code longer than the port's max frame: port 1 at MTU 1500
 * receives a 3000-byte frame, which its MAC reports with ERR = oversize in the chained form;
 * without the code it claims a frame the MAC cannot have let through.
 */
static void
test_harden_rx_over_max_frame(void **state)
{
	struct qlxge_ib_mac_rsp *rsp;
	struct rte_eth_stats st;
	struct rte_mbuf *rx[4];
	struct pmd_pair p;
	uint16_t at;

	(void)state;
	rx_case_open(&p, "hdro");
	/* as the MAC reports it: dropped and counted, once, not malformed */
	rsp = rx_posted(&p, 1, 3000, &at);
	assert_int_equal(rsp->flags2 & QLXGE_IB_MAC_FLAGS2_ERR_MASK,
			 QLXGE_IB_MAC_FLAGS2_ERR_OVERSIZE);
	assert_int_equal(rte_eth_rx_burst(p.port[1], 0, rx, RTE_DIM(rx)), 0);
	assert_int_equal(pmd_xstat(p.port[1], "rx_q0_oversize_errors"), 1);
	assert_int_equal(pmd_xstat(p.port[1], "rx_q0_malformed_completions"), 0);
	assert_int_equal(rte_eth_stats_get(p.port[1], &st), 0);
	assert_int_equal(st.ierrors, 1);
	/* the same with the code taken out */
	rsp = rx_posted(&p, 1, 3000, &at);
	rsp->flags2 &= (uint8_t)~QLXGE_IB_MAC_FLAGS2_ERR_MASK;
	rx_expect_malformed(&p, at);
	rx_case_close(&p);
}

/*
 * The chained form with a data length of 2^32 - 1792: (dlen + bsize - 1) / bsize wrapped to 0
 * large buffers, and the split header alone came out as a frame. Without an error code the
 * length is over the max frame; with one (CRC), over what 32 large buffers hold.
 */
static void
chained_wrap(bool with_err)
{
	struct qlxge_ib_mac_rsp *rsp;
	struct pmd_pair p;
	uint64_t a0, a1;
	uint16_t at;

	rx_case_open(&p, with_err ? "hdwe" : "hdwn");
	/* two small frames: the addresses of two small buffers in ring order */
	rsp = rx_posted(&p, 2, 100, &at);
	a0 = rte_le_to_cpu_64(rsp[0].data_addr);
	a1 = rte_le_to_cpu_64(rsp[1].data_addr);
	/* the first becomes a split header (60 bytes in a0) and a chain listed in a1 */
	rsp->flags4 = QLXGE_IB_MAC_FLAGS4_HV | QLXGE_IB_MAC_FLAGS4_HS;
	rsp->hdr_len = rte_cpu_to_le_32(60);
	rsp->hdr_addr = rte_cpu_to_le_64(a0);
	rsp->flags3 &= (uint8_t)~(QLXGE_IB_MAC_FLAGS3_DS | QLXGE_IB_MAC_FLAGS3_DL);
	rsp->data_addr = rte_cpu_to_le_64(a1);
	rsp->data_len = rte_cpu_to_le_32(0xFFFFF900u);
	if (with_err)
		rsp->flags2 |= QLXGE_IB_MAC_FLAGS2_ERR_CRC;
	rx_expect_malformed(&p, at);
	rx_case_close(&p);
}

static void
test_harden_rx_chained_length_wraps(void **state)
{
	(void)state;
	chained_wrap(false);
	chained_wrap(true);
}

/* ---- TX: completions with error flags, and one that is not the next --------------------- */

#define TX_FRAME_LEN	200
#define TX_CQ_OFF(nb)	RTE_ALIGN_CEIL((size_t)(nb) * QLXGE_IOCB_SIZE, 4096)

/*
 * Port 0 sends @n frames to port 1 with the model's thread stopped; the test steps the model
 * until port 0's TX queue 0 has all their completions, unread by the driver. Returns the
 * completion ring and, in *@at, the index of the first of them.
 */
static struct qlxge_ob_mac_rsp *
tx_posted(struct pmd_pair *p, unsigned int n, uint16_t *at)
{
	struct rte_pmd_qlxge_txq_state ts;
	char name[RTE_MEMZONE_NAMESIZE];
	const struct rte_memzone *mz;
	unsigned int i, round;
	struct rte_mbuf *m;

	qlxge_sim_thread_stop(p->ad);
	assert_int_equal(rte_pmd_qlxge_txq_state_get(p->port[0], 0, &ts), 0);
	*at = ts.cq_consumer;
	for (i = 0; i < n; i++) {
		m = pmd_mk_frame(pmd_pool(), p->port[1], TX_FRAME_LEN);
		assert_int_equal(rte_eth_tx_burst(p->port[0], 0, &m, 1), 1);
	}
	for (round = 0; round < POLL_ROUNDS; round++) {
		qlxge_sim_poll(p->ad);
		assert_int_equal(rte_pmd_qlxge_txq_state_get(p->port[0], 0, &ts), 0);
		if ((unsigned int)(ts.cq_producer + ts.nb_desc - *at) % ts.nb_desc >= n)
			break;
		usleep(500);
	}
	assert_int_equal((unsigned int)(ts.cq_producer + ts.nb_desc - *at) % ts.nb_desc, n);
	assert_int_equal(ts.cq_consumer, *at);
	snprintf(name, sizeof(name), "eth_p%u_q0_txq", p->port[0]);
	mz = rte_memzone_lookup(name);
	assert_non_null(mz);
	return (struct qlxge_ob_mac_rsp *)((uint8_t *)mz->addr + TX_CQ_OFF(ts.nb_desc));
}

/* With the model's thread running again: port 0 sends a frame, port 1 receives it. */
static void
tx_flows(struct pmd_pair *p)
{
	struct rte_mbuf *m = pmd_mk_frame(pmd_pool(), p->port[1], TX_FRAME_LEN);
	unsigned int round;

	assert_int_equal(rte_eth_tx_burst(p->port[0], 0, &m, 1), 1);
	m = NULL;
	for (round = 0; round < POLL_ROUNDS && m == NULL; round++) {
		if (rte_eth_rx_burst(p->port[1], 0, &m, 1) == 0) {
			m = NULL;
			usleep(500);
		}
	}
	assert_non_null(m);
	assert_int_equal(m->pkt_len, TX_FRAME_LEN);
	rte_pktmbuf_free(m);
}

/* Port 1's frames so far, freed. */
static void
rx_drain(struct pmd_pair *p)
{
	struct rte_mbuf *rx[32];
	uint16_t nb;

	while ((nb = rte_eth_rx_burst(p->port[1], 0, rx, RTE_DIM(rx))) != 0)
		rte_pktmbuf_free_bulk(rx, nb);
}

/*
 * Completions with L (sent, too long), S (too short, not sent) and B (not sent): each counted
 * in its xstat; S and B in oerrors and taken back out of opackets and obytes, L left there.
 * Nothing is malformed, and the queue goes on.
 */
static void
test_harden_tx_completion_flags(void **state)
{
	struct qlxge_ob_mac_rsp *ring;
	struct rte_eth_stats s0, s1;
	struct pmd_pair p;
	uint16_t at;

	(void)state;
	rx_case_open(&p, "hdtx_flags");
	assert_int_equal(rte_eth_stats_get(p.port[0], &s0), 0);
	ring = tx_posted(&p, 3, &at);
	ring[at].flags1 |= QLXGE_OB_MAC_RSP_FLAGS1_L;
	ring[(at + 1) % PMD_NB_DESC].flags1 |= QLXGE_OB_MAC_RSP_FLAGS1_S;
	ring[(at + 2) % PMD_NB_DESC].flags3 |= QLXGE_OB_MAC_RSP_FLAGS3_B;
	assert_int_equal(rte_eth_tx_done_cleanup(p.port[0], 0, 0), 3);
	assert_int_equal(pmd_xstat(p.port[0], "tx_q0_too_long_frames"), 1);
	assert_int_equal(pmd_xstat(p.port[0], "tx_q0_too_short_errors"), 1);
	assert_int_equal(pmd_xstat(p.port[0], "tx_q0_not_sent_errors"), 1);
	assert_int_equal(pmd_xstat(p.port[0], "tx_q0_length_mismatch_errors"), 0);
	assert_int_equal(pmd_xstat(p.port[0], "tx_q0_malformed_completions"), 0);
	assert_int_equal(rte_eth_stats_get(p.port[0], &s1), 0);
	assert_int_equal(s1.opackets - s0.opackets, 1);
	assert_int_equal(s1.obytes - s0.obytes, TX_FRAME_LEN);
	assert_int_equal(s1.oerrors - s0.oerrors, 2);
	assert_int_equal(qlxge_sim_thread_start(p.ad), 0);
	rx_drain(&p);
	tx_flows(&p);
	assert_int_equal(__atomic_load_n(&pmd_reset_events, __ATOMIC_ACQUIRE), 0);
	rx_case_close(&p);
}

/*
 * A completion whose tid is not its slot: the reclaim takes the completions before it, counts
 * it as malformed and stops there; the queue sends nothing more (the burst returns 0) and the
 * port asks for a reset; it comes back with rte_eth_dev_reset() and frames flow again.
 */
static void
test_harden_tx_completion_not_next(void **state)
{
	struct rte_pmd_qlxge_txq_state ts;
	struct qlxge_ob_mac_rsp *ring;
	struct pmd_pair p;
	struct rte_mbuf *m;
	uint16_t at;

	(void)state;
	rx_case_open(&p, "hdtx_tid");
	assert_int_equal(rte_eth_dev_callback_register(p.port[0], RTE_ETH_EVENT_INTR_RESET,
						       pmd_reset_cb, NULL), 0);
	ring = tx_posted(&p, 2, &at);
	ring[(at + 1) % PMD_NB_DESC].tid = rte_cpu_to_le_32((at + 5u) % PMD_NB_DESC);
	assert_int_equal(rte_eth_tx_done_cleanup(p.port[0], 0, 0), 1);
	assert_int_equal(pmd_xstat(p.port[0], "tx_q0_malformed_completions"), 1);
	assert_int_equal(rte_pmd_qlxge_txq_state_get(p.port[0], 0, &ts), 0);
	assert_int_equal(ts.stalled, 1);
	assert_int_equal(ts.cq_consumer, (at + 1) % PMD_NB_DESC);
	m = pmd_mk_frame(pmd_pool(), p.port[1], TX_FRAME_LEN);
	assert_int_equal(rte_eth_tx_burst(p.port[0], 0, &m, 1), 0);
	rte_pktmbuf_free(m);
	assert_true(pmd_wait_count(&pmd_reset_events, 1));
	/* the documented recovery */
	assert_int_equal(qlxge_sim_thread_start(p.ad), 0);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_reset(p.port[0]), 0);
	rx_port_up(&p, 0, 9000);
	rx_drain(&p);
	tx_flows(&p);
	assert_int_equal(rte_eth_dev_callback_unregister(p.port[0], RTE_ETH_EVENT_INTR_RESET,
							 pmd_reset_cb, NULL), 0);
	rx_case_close(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_harden_start_rxq_not_set_up),
		cmocka_unit_test(test_harden_start_txq_not_set_up),
		cmocka_unit_test(test_harden_tx_chain_mismatch),
		cmocka_unit_test(test_harden_descriptor_status),
		cmocka_unit_test(test_harden_rx_zero_length),
		cmocka_unit_test(test_harden_rx_over_max_frame),
		cmocka_unit_test(test_harden_rx_chained_length_wraps),
		cmocka_unit_test(test_harden_tx_completion_flags),
		cmocka_unit_test(test_harden_tx_completion_not_next),
	};

	return cmocka_run_group_tests(tests, pmd_setup_suite, pmd_teardown_suite);
}
