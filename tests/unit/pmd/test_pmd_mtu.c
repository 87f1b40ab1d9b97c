/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, frame limits: one rule for configuration, receive and transmit, as on ixgbe. The
 * port's max frame is MTU + 18 (Ethernet header and CRC); a frame carrying one 802.1Q tag may be
 * 4 bytes longer; max_rx_pktlen is 9600, so max_mtu is 9582. On the two ports of one model
 * adapter, cabled back to back: the boundary frames (max frame - 1, max frame, max frame + 1 on
 * the wire, tagged and not) at several MTUs are received or dropped by the receiving port's MAC
 * and counted in ierrors and rx_oversize_errors; the transmitting port refuses (prep: EINVAL,
 * burst: oerrors) exactly the frames a port of the same MTU would drop, so whatever a port
 * receives it can send to a port of its MTU; an MTU changed on a running port takes effect at
 * once. Every oversize frame is followed by a small marker frame: once the marker is received,
 * the frame before it has been taken or dropped (the wire keeps order). Waits are bounded;
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

#include <rte_byteorder.h>
#include <rte_errno.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "qlxge_contract.h"
#include "pmd_test.h"

#define POLL_ROUNDS	20000	/* x 500 us: 10 s at most, never asserted on */
#define ETH_TYPE_TEST	0x88B5	/* IEEE local experimental */
#define MARKER_LEN	60	/* fits the smallest MTU's frame (68 + 14) */
#define OVERHEAD	(RTE_ETHER_HDR_LEN + RTE_ETHER_CRC_LEN)

struct mt {
	struct pmd_pair p;
	unsigned int in_use;
};

static struct mt mt;
static unsigned int markers;	/* marker frames received */

static int
setup_pair(void **state)
{
	static unsigned int seq;
	char name[16];

	memset(&mt, 0, sizeof(mt));
	mt.in_use = rte_mempool_in_use_count(pmd_pool());
	snprintf(name, sizeof(name), "mtu%u", seq++);
	if (pmd_pair_open(&mt.p, name, true) != 0)
		return -1;
	*state = &mt;
	return 0;
}

static int
teardown_pair(void **state)
{
	struct mt *m = *state;

	if (m != NULL)
		pmd_pair_close(&m->p);
	return 0;
}

/* Port @f of the pair at @mtu: one queue each way, scattered RX, multi-segment TX, started. */
static void
port_up(struct mt *m, unsigned int f, uint16_t mtu)
{
	struct rte_eth_conf conf = { 0 };

	conf.rxmode.mtu = mtu;
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_SCATTER;
	conf.txmode.offloads = RTE_ETH_TX_OFFLOAD_MULTI_SEGS | RTE_ETH_TX_OFFLOAD_VLAN_INSERT;
	assert_int_equal(pmd_configure(m->p.port[f], 1, 1, &conf), 0);
	assert_int_equal(rte_eth_dev_start(m->p.port[f]), 0);
}

static void
pair_up(struct mt *m, uint16_t mtu0, uint16_t mtu1)
{
	port_up(m, 0, mtu0);
	port_up(m, 1, mtu1);
	assert_true(pmd_wait_link(m->p.port[0], true));
	assert_true(pmd_wait_link(m->p.port[1], true));
}

static void
pair_down(struct mt *m)
{
	assert_int_equal(rte_eth_dev_stop(m->p.port[0]), 0);
	assert_int_equal(rte_eth_dev_stop(m->p.port[1]), 0);
	assert_int_equal(rte_mempool_in_use_count(pmd_pool()), m->in_use);
}

/* Byte @off of the chain @m set to @v. */
static void
put_byte(struct rte_mbuf *m, uint32_t off, uint8_t v)
{
	while (off >= m->data_len) {
		off -= m->data_len;
		m = m->next;
		assert_non_null(m);
	}
	rte_pktmbuf_mtod(m, uint8_t *)[off] = v;
}

/*
 * A frame of @len bytes (no FCS) to port @to's MAC: a test ethertype, or an 802.1Q tag in the
 * data when @tagged; @seq in its last two bytes.
 */
static struct rte_mbuf *
mk(uint16_t to, uint32_t len, bool tagged, uint16_t seq)
{
	struct rte_mbuf *m = pmd_mk_frame(pmd_pool(), to, (uint16_t)len);
	uint8_t *d = rte_pktmbuf_mtod(m, uint8_t *);
	rte_be16_t be;

	if (tagged) {
		be = rte_cpu_to_be_16(RTE_ETHER_TYPE_VLAN);
		memcpy(d + 12, &be, 2);
		be = rte_cpu_to_be_16(100);
		memcpy(d + 14, &be, 2);
		be = rte_cpu_to_be_16(ETH_TYPE_TEST);
		memcpy(d + 16, &be, 2);
	} else {
		be = rte_cpu_to_be_16(ETH_TYPE_TEST);
		memcpy(d + 12, &be, 2);
	}
	put_byte(m, len - 2, (uint8_t)(seq >> 8));
	put_byte(m, len - 1, (uint8_t)seq);
	return m;
}

static uint16_t
seq_of(const struct rte_mbuf *m)
{
	const void *p;
	rte_be16_t be;

	p = rte_pktmbuf_read(m, m->pkt_len - 2, 2, &be);
	assert_non_null(p);
	memcpy(&be, p, 2);
	return rte_be_to_cpu_16(be);
}

/* rte_eth_tx_prepare() of @m on @port: its result; the mbuf is sent when prep takes it. */
static int
send_one(uint16_t port, struct rte_mbuf *m)
{
	unsigned int round;
	int ret;

	rte_errno = 0;
	ret = rte_eth_tx_prepare(port, 0, &m, 1) == 1 ? 0 : -rte_errno;
	for (round = 0; round < POLL_ROUNDS; round++) {
		if (rte_eth_tx_burst(port, 0, &m, 1) == 1)
			return ret;
		usleep(500);
	}
	fail_msg("the TX queue of port %u did not take a frame", port);
	return ret;
}

/* The next frame on @port's queue (bounded wait); NULL when none comes. */
static struct rte_mbuf *
recv_one(uint16_t port)
{
	struct rte_mbuf *m;
	unsigned int round;

	for (round = 0; round < POLL_ROUNDS; round++) {
		if (rte_eth_rx_burst(port, 0, &m, 1) == 1)
			return m;
		usleep(500);
	}
	return NULL;
}

/*
 * Send a frame of @len bytes (@tagged or not) from port 0 to port 1, then a marker: whether
 * port 1 received it (checked whole: length and sequence), the marker in any case.
 */
static bool
crosses(struct mt *m, uint32_t len, bool tagged, uint16_t seq)
{
	struct rte_mbuf *r;
	bool got = false;

	assert_int_equal(send_one(m->p.port[0], mk(m->p.port[1], len, tagged, seq)), 0);
	assert_int_equal(send_one(m->p.port[0], mk(m->p.port[1], MARKER_LEN, false, 0xFFFF)), 0);
	r = recv_one(m->p.port[1]);
	assert_non_null(r);
	if (seq_of(r) == seq) {
		assert_int_equal(r->pkt_len, len);
		got = true;
		rte_pktmbuf_free(r);
		r = recv_one(m->p.port[1]);
		assert_non_null(r);
	}
	assert_int_equal(seq_of(r), 0xFFFF);
	assert_int_equal(r->pkt_len, MARKER_LEN);
	rte_pktmbuf_free(r);
	markers++;
	return got;
}

/* ---- cases ------------------------------------------------------------------------------- */

/* As ixgbe: max_rx_pktlen 9600, max_mtu = 9600 - 18; configure takes 9582, not 9583. */
static void
test_mtu_dev_info_and_configure(void **state)
{
	struct mt *m = *state;
	struct rte_eth_conf conf = { 0 };
	struct qlxge_sim_port_state st;
	struct rte_eth_dev_info info;
	uint16_t mtu;

	assert_int_equal(rte_eth_dev_info_get(m->p.port[0], &info), 0);
	assert_int_equal(info.max_rx_pktlen, 9600);
	assert_int_equal(info.max_mtu, 9582);
	assert_int_equal(info.min_mtu, RTE_ETHER_MIN_MTU);
	conf.rxmode.mtu = 9583;
	assert_true(rte_eth_dev_configure(m->p.port[0], 1, 1, &conf) < 0);
	port_up(m, 0, 9582);
	assert_int_equal(rte_eth_dev_get_mtu(m->p.port[0], &mtu), 0);
	assert_int_equal(mtu, 9582);
	/* the port's max frame follows the MTU (SET_PORT_CFG mb2, as the model's firmware saw) */
	assert_int_equal(qlxge_sim_port_state_get(m->p.fn[0], &st), 0);
	assert_int_equal(st.max_frame, 9600);
	assert_int_equal(rte_eth_dev_stop(m->p.port[0]), 0);
	assert_int_equal(rte_eth_dev_set_mtu(m->p.port[0], RTE_ETHER_MIN_MTU), 0);
	assert_int_equal(rte_eth_dev_start(m->p.port[0]), 0);
	assert_int_equal(qlxge_sim_port_state_get(m->p.fn[0], &st), 0);
	assert_int_equal(st.max_frame, RTE_ETHER_MIN_MTU + OVERHEAD);
	assert_int_equal(rte_eth_dev_stop(m->p.port[0]), 0);
}

/*
 * The receiving port at MTU M: max frame - 1 and max frame on the wire (M + 13 and M + 14 bytes
 * without the FCS; M + 17 and M + 18 with a tag) are received whole, max frame + 1 is dropped
 * by the MAC and counted once in ierrors and rx_oversize_errors, never delivered.
 */
static void
test_mtu_rx_boundary_frames(void **state)
{
	static const uint16_t mtus[] = { RTE_ETHER_MIN_MTU, RTE_ETHER_MTU, 9000, 9582 };
	struct mt *m = *state;
	struct rte_eth_stats st;
	uint64_t errs = 0, oversize = 0, pkts = 0;
	unsigned int i, t;
	uint16_t seq = 0;

	markers = 0;
	pair_up(m, 9582, mtus[0]);
	for (i = 0; i < RTE_DIM(mtus); i++) {
		uint16_t mtu = mtus[i];

		if (i != 0) {
			assert_int_equal(rte_eth_dev_stop(m->p.port[1]), 0);
			assert_int_equal(rte_eth_dev_set_mtu(m->p.port[1], mtu), 0);
			assert_int_equal(rte_eth_dev_start(m->p.port[1]), 0);
			assert_true(pmd_wait_link(m->p.port[1], true));
		}
		for (t = 0; t < 2; t++) {
			uint32_t max = mtu + RTE_ETHER_HDR_LEN + (t != 0 ? RTE_VLAN_HLEN : 0);

			assert_true(crosses(m, max - 1, t != 0, ++seq));
			assert_true(crosses(m, max, t != 0, ++seq));
			pkts += 2;
			/* the sender (MTU 9582, the largest) sends no longer frame */
			if (max + 1 > 9582u + RTE_ETHER_HDR_LEN + (t != 0 ? RTE_VLAN_HLEN : 0))
				continue;
			assert_false(crosses(m, max + 1, t != 0, ++seq));
			errs++;
			oversize++;
		}
		assert_int_equal(rte_eth_stats_get(m->p.port[1], &st), 0);
		assert_int_equal(st.ierrors, errs);
		assert_int_equal(pmd_xstat(m->p.port[1], "rx_oversize_errors"), oversize);
	}
	assert_int_equal(rte_eth_stats_get(m->p.port[1], &st), 0);
	assert_int_equal(st.ipackets, pkts + markers);
	assert_int_equal(st.imissed, 0);
	pair_down(m);
}

/*
 * The transmitting port at MTU M refuses what a port of MTU M would drop: M + 14 bytes go, M + 15
 * do not; with a tag in the data M + 18 and M + 19; with a tag the adapter inserts, M + 14 and
 * M + 15 (the tag is counted on the wire). prep says EINVAL, the burst drops and counts; what
 * goes is received by a port of the same MTU.
 */
static void
test_mtu_tx_same_rule(void **state)
{
	static const uint16_t mtus[] = { RTE_ETHER_MTU, 9000 };
	struct mt *m = *state;
	struct rte_eth_stats st;
	struct rte_mbuf *x, *r;
	uint64_t oerrs = 0;
	unsigned int i, k;
	uint16_t seq = 0;

	for (i = 0; i < RTE_DIM(mtus); i++) {
		uint16_t mtu = mtus[i];
		const struct {
			uint32_t len;
			bool tagged, insert, ok;
		} cases[] = {
			{ mtu + 14u, false, false, true }, { mtu + 15u, false, false, false },
			{ mtu + 18u, true, false, true }, { mtu + 19u, true, false, false },
			{ mtu + 14u, false, true, true }, { mtu + 15u, false, true, false },
		};

		pair_up(m, mtu, mtu);
		for (k = 0; k < RTE_DIM(cases); k++) {
			x = mk(m->p.port[1], cases[k].len, cases[k].tagged, ++seq);
			if (cases[k].insert) {
				x->ol_flags |= RTE_MBUF_F_TX_VLAN;
				x->vlan_tci = 100;
			}
			assert_int_equal(send_one(m->p.port[0], x), cases[k].ok ? 0 : -EINVAL);
			if (!cases[k].ok) {
				oerrs++;
				continue;
			}
			r = recv_one(m->p.port[1]);
			assert_non_null(r);
			assert_int_equal(seq_of(r), seq);
			assert_int_equal(r->pkt_len, cases[k].len + (cases[k].insert ? 4 : 0));
			rte_pktmbuf_free(r);
		}
		assert_int_equal(rte_eth_stats_get(m->p.port[0], &st), 0);
		assert_int_equal(st.oerrors, oerrs);
		assert_int_equal(rte_eth_stats_get(m->p.port[1], &st), 0);
		assert_int_equal(st.ierrors, 0);
		pair_down(m);	/* counters last until a stats reset: oerrs adds up */
	}
}

/* What a port receives at its MTU it can send on to a port of that MTU (io forwarding). */
static void
test_mtu_forward_what_is_received(void **state)
{
	struct mt *m = *state;
	struct rte_mbuf *r;
	struct rte_eth_stats st;
	unsigned int t;

	pair_up(m, 9000, 9000);
	/* the frame goes back with its destination unchanged, as testpmd's io mode does it */
	assert_int_equal(rte_eth_promiscuous_enable(m->p.port[0]), 0);
	for (t = 0; t < 2; t++) {
		uint32_t len = 9000 + RTE_ETHER_HDR_LEN + (t != 0 ? RTE_VLAN_HLEN : 0);

		assert_int_equal(send_one(m->p.port[0], mk(m->p.port[1], len, t != 0, 7)), 0);
		r = recv_one(m->p.port[1]);
		assert_non_null(r);
		assert_int_equal(r->pkt_len, len);
		/* back the other way, as it came (io forwarding does not touch the frame) */
		assert_int_equal(send_one(m->p.port[1], r), 0);
		r = recv_one(m->p.port[0]);
		assert_non_null(r);
		assert_int_equal(r->pkt_len, len);
		assert_int_equal(seq_of(r), 7);
		rte_pktmbuf_free(r);
	}
	assert_int_equal(rte_eth_stats_get(m->p.port[1], &st), 0);
	assert_int_equal(st.oerrors + st.ierrors, 0);
	pair_down(m);
}

/*
 * An MTU changed on a running port takes effect at once, both ways (the port's max frame and
 * the TX limit), as on ixgbe; one whose frames need scattered RX the started burst does not do
 * is refused (a port without SCATTER: tested in test_pmd_ops.c).
 */
static void
test_mtu_change_while_running(void **state)
{
	struct mt *m = *state;
	struct qlxge_sim_port_state st;
	struct rte_eth_stats es;

	pair_up(m, 9000, 9000);
	assert_true(crosses(m, 9014, false, 1));
	assert_int_equal(rte_eth_dev_set_mtu(m->p.port[1], RTE_ETHER_MTU), 0);
	assert_int_equal(qlxge_sim_port_state_get(m->p.fn[1], &st), 0);
	assert_int_equal(st.max_frame, RTE_ETHER_MTU + OVERHEAD);
	assert_true(crosses(m, 1514, false, 2));
	assert_false(crosses(m, 1515, false, 3));
	assert_false(crosses(m, 9014, false, 4));
	assert_int_equal(rte_eth_stats_get(m->p.port[1], &es), 0);
	assert_int_equal(es.ierrors, 2);
	/* its TX limit followed */
	assert_int_equal(send_one(m->p.port[1], mk(m->p.port[0], 1515, false, 5)), -EINVAL);
	/* and back up */
	assert_int_equal(rte_eth_dev_set_mtu(m->p.port[1], 9000), 0);
	assert_true(crosses(m, 9014, false, 6));
	pair_down(m);
}

/* Port @port, stopped, configured at @mtu with one RX queue of @nb_desc into @mp. */
static int
ring_port(uint16_t port, uint16_t mtu, uint64_t offloads, uint16_t nb_desc,
	  struct rte_mempool *mp)
{
	struct rte_eth_conf conf = { 0 };
	int ret;

	conf.rxmode.mtu = mtu;
	conf.rxmode.offloads = offloads;
	conf.rxmode.max_lro_pkt_size = 65535;
	ret = rte_eth_dev_configure(port, 1, 1, &conf);
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(port, 0, nb_desc, SOCKET_ID_ANY, NULL, mp);
	if (ret == 0)
		ret = rte_eth_tx_queue_setup(port, 0, PMD_NB_DESC, SOCKET_ID_ANY, NULL);
	return ret;
}

/*
 * A frame longer than a buffer takes one buffer per buffer's worth (32 at most, §7.10) and a
 * queue never has more than its refill's worth posted: an MTU whose frames the queue can never
 * hold is refused, at start and on a running port (-EINVAL), not left to drop every such frame.
 * dev_info's min_rx_bufsize is the data room past the headroom (ethdev adds the headroom): a
 * pool of 256-byte buffers is taken. And LRO's burst is the scattered one: the queue says so,
 * and a running LRO port takes an MTU larger than its buffers.
 */
static void
test_mtu_queue_must_hold_a_frame(void **state)
{
	struct mt *m = *state;
	uint16_t port = m->p.port[0];
	struct rte_mempool *b512, *b256;
	struct rte_eth_rxq_info qi;
	struct rte_eth_dev_info info;

	assert_int_equal(rte_eth_dev_info_get(port, &info), 0);
	assert_int_equal(info.min_rx_bufsize, 256);
	b512 = rte_pktmbuf_pool_create("mtu_b512", 1023, 0, 0, RTE_PKTMBUF_HEADROOM + 512,
				       SOCKET_ID_ANY);
	b256 = rte_pktmbuf_pool_create("mtu_b256", 1023, 0, 0, RTE_PKTMBUF_HEADROOM + 256,
				       SOCKET_ID_ANY);
	assert_non_null(b512);
	assert_non_null(b256);
	/* 9018 bytes in 512-byte buffers: 18; 64 descriptors post 16 at most */
	assert_int_equal(ring_port(port, 9000, RTE_ETH_RX_OFFLOAD_SCATTER, 64, b512), 0);
	assert_int_equal(rte_eth_dev_start(port), -EINVAL);
	/* 128 descriptors post 48 */
	assert_int_equal(ring_port(port, 9000, RTE_ETH_RX_OFFLOAD_SCATTER, 128, b512), 0);
	assert_int_equal(rte_eth_dev_start(port), 0);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	/* 256-byte buffers: 8018 bytes in 32, the most a frame takes; 9018 would need 36 */
	assert_int_equal(ring_port(port, 9000, RTE_ETH_RX_OFFLOAD_SCATTER, 128, b256), 0);
	assert_int_equal(rte_eth_dev_start(port), -EINVAL);
	assert_int_equal(rte_eth_dev_set_mtu(port, 8000), 0);
	assert_int_equal(rte_eth_dev_start(port), 0);
	assert_int_equal(rte_eth_dev_set_mtu(port, 9000), -EINVAL);
	assert_int_equal(rte_eth_dev_set_mtu(port, 7000), 0);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	/* LRO without SCATTER: scattered RX reported, and a running port takes MTU 4000 */
	assert_int_equal(ring_port(port, RTE_ETHER_MTU, RTE_ETH_RX_OFFLOAD_TCP_LRO, 128, b512),
			 0);
	assert_int_equal(rte_eth_dev_start(port), 0);
	assert_int_equal(rte_eth_rx_queue_info_get(port, 0, &qi), 0);
	assert_int_equal(qi.scattered_rx, 1);
	assert_int_equal(rte_eth_dev_set_mtu(port, 4000), 0);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	/* the queue back to the suite's pool before these are freed */
	assert_int_equal(pmd_configure(port, 1, 1, NULL), 0);
	assert_int_equal(rte_mempool_full(b512), 1);
	assert_int_equal(rte_mempool_full(b256), 1);
	rte_mempool_free(b512);
	rte_mempool_free(b256);
}

int
main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup_pair, teardown_pair)
	const struct CMUnitTest tests[] = {
		T(test_mtu_dev_info_and_configure),
		T(test_mtu_rx_boundary_frames),
		T(test_mtu_tx_same_rule),
		T(test_mtu_forward_what_is_received),
		T(test_mtu_change_while_running),
		T(test_mtu_queue_must_hold_a_frame),
	};

	return cmocka_run_group_tests(tests, pmd_setup_suite, pmd_teardown_suite);
}
