/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, LRO (RTE_ETH_RX_OFFLOAD_TCP_LRO, merged in the receive burst with rte_gro): port 0
 * of a model adapter sends TCP segments to port 1, which receives with LRO on. The segments are
 * all placed in port 1's queue before it polls (the test waits for the completions), so that each
 * burst of 32 holds the same frames every run and what is merged is exact. Checked on every
 * packet: the bytes (the TCP stream rebuilt from the packets, in order, matches what was sent),
 * the lengths (pkt_len, each segment's data_len, l2/l3/l4_len, the IPv4 total length), the flags
 * (RTE_MBUF_F_RX_LRO with tso_segsz on merged packets; checksum flags as verified). And what must
 * never be merged: two flows, segments out of order, segments with flags other than ACK, a bad
 * checksum, TCP/IPv6 (no TCP/IPv6 in 22.11's GRO), a stripped VLAN; max_lro_pkt_size honoured.
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
#include <rte_ethdev.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_tcp.h>
#include <rte_udp.h>

#include "qlxge_contract.h"
#include "pmd_test.h"
#include "rte_pmd_qlxge.h"

#define NB_DESC		1024	/* 496 buffers posted per buffer queue: a whole test's frames */
#define MSS		1448
#define MAX_SEGS	256
#define MAX_OUT		(MAX_SEGS + 8)
#define HDRS4		(RTE_ETHER_HDR_LEN + 20 + 20)
#define POLL_ROUNDS	20000

/* One TCP segment (or, with udp, a UDP datagram) the test sends. */
struct seg {
	uint8_t flow;		/* source port 1000 + flow */
	uint32_t off;		/* stream offset of its payload */
	uint16_t len;		/* payload bytes */
	uint8_t flags;		/* TCP flags; 0: ACK */
	bool v6, udp, bad_l4, vlan;
};

/* What came out: one packet. */
struct got {
	uint8_t flow;
	uint32_t off, len;	/* the stream bytes it carries */
	uint16_t nb_segs;
	bool lro;
};

struct lt {
	struct pmd_pair p;
	struct rte_ether_addr mac[2];
	struct got got[MAX_OUT];
	unsigned int ngot;
	unsigned int in_use;
	bool keep;				/* exchange() keeps the packets in kept[] */
	struct rte_mbuf *kept[MAX_OUT];
};

static struct lt lt;

static uint8_t
stream_byte(uint8_t flow, uint32_t off)
{
	return (uint8_t)(off * 7u + (off >> 8) + flow * 31u + 3u);
}

/* Build segment @s into an mbuf. */
static struct rte_mbuf *
mk_seg(const struct lt *t, const struct seg *s)
{
	uint32_t l2 = RTE_ETHER_HDR_LEN + (s->vlan ? 4 : 0);
	uint32_t l3 = s->v6 ? sizeof(struct rte_ipv6_hdr) : sizeof(struct rte_ipv4_hdr);
	uint32_t l4 = s->udp ? sizeof(struct rte_udp_hdr) : sizeof(struct rte_tcp_hdr);
	uint32_t len = l2 + l3 + l4 + s->len, i;
	struct rte_mbuf *m = rte_pktmbuf_alloc(pmd_pool());
	struct rte_ether_hdr *eth;
	uint8_t *f, *l3h, *l4h;

	assert_non_null(m);
	f = (uint8_t *)rte_pktmbuf_append(m, (uint16_t)len);
	assert_non_null(f);
	memset(f, 0, len);
	eth = (struct rte_ether_hdr *)f;
	rte_ether_addr_copy(&t->mac[1], &eth->dst_addr);
	rte_ether_addr_copy(&t->mac[0], &eth->src_addr);
	if (s->vlan) {
		eth->ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_VLAN);
		f[14] = 0x00;
		f[15] = 100;
	}
	*(rte_be16_t *)(f + l2 - 2) = rte_cpu_to_be_16(s->v6 ? RTE_ETHER_TYPE_IPV6 :
						      RTE_ETHER_TYPE_IPV4);
	l3h = f + l2;
	l4h = l3h + l3;
	for (i = 0; i < s->len; i++)
		l4h[l4 + i] = stream_byte(s->flow, s->off + i);
	if (s->v6) {
		struct rte_ipv6_hdr *ip = (struct rte_ipv6_hdr *)l3h;

		ip->vtc_flow = rte_cpu_to_be_32(6u << 28);
		ip->payload_len = rte_cpu_to_be_16((uint16_t)(l4 + s->len));
		ip->proto = s->udp ? IPPROTO_UDP : IPPROTO_TCP;
		ip->hop_limits = 64;
		ip->src_addr[0] = 0xfd;
		ip->src_addr[15] = 1;
		ip->dst_addr[0] = 0xfd;
		ip->dst_addr[15] = 2;
	} else {
		struct rte_ipv4_hdr *ip = (struct rte_ipv4_hdr *)l3h;

		ip->version_ihl = RTE_IPV4_VHL_DEF;
		ip->total_length = rte_cpu_to_be_16((uint16_t)(l3 + l4 + s->len));
		ip->fragment_offset = rte_cpu_to_be_16(RTE_IPV4_HDR_DF_FLAG);
		ip->time_to_live = 64;
		ip->next_proto_id = s->udp ? IPPROTO_UDP : IPPROTO_TCP;
		ip->src_addr = rte_cpu_to_be_32(0x0a000001);
		ip->dst_addr = rte_cpu_to_be_32(0x0a000002);
		ip->hdr_checksum = rte_ipv4_cksum(ip);
	}
	if (s->udp) {
		struct rte_udp_hdr *udp = (struct rte_udp_hdr *)l4h;

		udp->src_port = rte_cpu_to_be_16(1000 + s->flow);
		udp->dst_port = rte_cpu_to_be_16(80);
		udp->dgram_len = rte_cpu_to_be_16((uint16_t)(l4 + s->len));
		udp->dgram_cksum = s->v6 ? rte_ipv6_udptcp_cksum((void *)l3h, udp) :
					   rte_ipv4_udptcp_cksum((void *)l3h, udp);
	} else {
		struct rte_tcp_hdr *tcp = (struct rte_tcp_hdr *)l4h;

		tcp->src_port = rte_cpu_to_be_16(1000 + s->flow);
		tcp->dst_port = rte_cpu_to_be_16(80);
		tcp->sent_seq = rte_cpu_to_be_32(0x10000000u + s->off);
		tcp->recv_ack = rte_cpu_to_be_32(77);
		tcp->data_off = 5 << 4;
		tcp->tcp_flags = s->flags != 0 ? s->flags : RTE_TCP_ACK_FLAG;
		tcp->rx_win = rte_cpu_to_be_16(65535);
		tcp->cksum = s->v6 ? rte_ipv6_udptcp_cksum((void *)l3h, tcp) :
				     rte_ipv4_udptcp_cksum((void *)l3h, tcp);
		if (s->bad_l4)
			tcp->cksum ^= 0x1234;
	}
	return m;
}

/*
 * Port 1 with LRO as asked (max_lro_pkt_size @max, 0: ethdev's default), receiving into @rxmp
 * (NULL: the suite's pool); port 0 sending, with TSO (what a merged packet is sent again with).
 */
static void
pair_up_pool(struct lt *t, bool lro, uint32_t max, bool strip, struct rte_mempool *rxmp)
{
	struct rte_eth_conf conf = { 0 };
	unsigned int f;

	conf.txmode.offloads = RTE_ETH_TX_OFFLOAD_MULTI_SEGS | RTE_ETH_TX_OFFLOAD_TCP_TSO |
			       RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_TCP_CKSUM;
	assert_int_equal(rte_eth_dev_configure(t->p.port[0], 1, 1, &conf), 0);
	assert_int_equal(rte_eth_rx_queue_setup(t->p.port[0], 0, NB_DESC, SOCKET_ID_ANY, NULL,
						pmd_pool()), 0);
	assert_int_equal(rte_eth_tx_queue_setup(t->p.port[0], 0, NB_DESC, SOCKET_ID_ANY, NULL),
			 0);
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_IPV4_CKSUM | RTE_ETH_RX_OFFLOAD_TCP_CKSUM |
			       (lro ? RTE_ETH_RX_OFFLOAD_TCP_LRO : 0) |
			       (strip ? RTE_ETH_RX_OFFLOAD_VLAN_STRIP |
					RTE_ETH_RX_OFFLOAD_VLAN_FILTER : 0);
	conf.rxmode.max_lro_pkt_size = max;
	assert_int_equal(rte_eth_dev_configure(t->p.port[1], 1, 1, &conf), 0);
	assert_int_equal(rte_eth_rx_queue_setup(t->p.port[1], 0, NB_DESC, SOCKET_ID_ANY, NULL,
						rxmp != NULL ? rxmp : pmd_pool()), 0);
	assert_int_equal(rte_eth_tx_queue_setup(t->p.port[1], 0, NB_DESC, SOCKET_ID_ANY, NULL),
			 0);
	/* the VLAN of the tagged segments */
	if (strip)
		assert_int_equal(rte_eth_dev_vlan_filter(t->p.port[1], 100, 1), 0);
	for (f = 0; f < 2; f++) {
		assert_int_equal(rte_eth_dev_start(t->p.port[f]), 0);
		assert_int_equal(rte_eth_macaddr_get(t->p.port[f], &t->mac[f]), 0);
	}
	for (f = 0; f < 2; f++)
		assert_true(pmd_wait_link(t->p.port[f], true));
}

static void
pair_up(struct lt *t, bool lro, uint32_t max, bool strip)
{
	pair_up_pool(t, lro, max, strip, NULL);
}

static int
setup(void **state)
{
	static unsigned int seq;
	char name[16];

	memset(&lt, 0, sizeof(lt));
	lt.in_use = rte_mempool_in_use_count(pmd_pool());
	snprintf(name, sizeof(name), "lro%u", seq++);
	if (pmd_pair_open(&lt.p, name, true) != 0)
		return -1;
	*state = &lt;
	return 0;
}

static int
teardown(void **state)
{
	struct lt *t = *state;

	if (t != NULL) {
		rte_eth_dev_stop(t->p.port[0]);
		rte_eth_dev_stop(t->p.port[1]);
		assert_int_equal(rte_mempool_in_use_count(pmd_pool()), t->in_use);
		pmd_pair_close(&t->p);
	}
	return 0;
}

/* Check one received packet: bytes, lengths, flags; what it carries into t->got. */
static void
check_pkt(struct lt *t, struct rte_mbuf *m)
{
	static uint8_t buf[70000];
	const struct rte_mbuf *seg;
	struct got *g = &t->got[t->ngot++];
	uint32_t sum = 0, l2, l3, l4, i;
	const uint8_t *f, *l4h;
	uint16_t et;

	assert_true(t->ngot <= MAX_OUT);
	for (seg = m; seg != NULL; seg = seg->next)
		sum += seg->data_len;
	assert_int_equal(sum, m->pkt_len);
	f = rte_pktmbuf_read(m, 0, m->pkt_len, buf);
	assert_non_null(f);
	memset(g, 0, sizeof(*g));
	g->nb_segs = m->nb_segs;
	g->lro = (m->ol_flags & RTE_MBUF_F_RX_LRO) != 0;
	et = rte_be_to_cpu_16(*(const rte_be16_t *)(f + 12));
	l2 = RTE_ETHER_HDR_LEN;
	if (et == RTE_ETHER_TYPE_IPV4) {
		const struct rte_ipv4_hdr *ip = (const void *)(f + l2);

		l3 = 20;
		assert_int_equal(rte_be_to_cpu_16(ip->total_length), m->pkt_len - l2);
		if (ip->next_proto_id == IPPROTO_UDP) {
			g->flow = 0xFF;
			return;
		}
	} else {
		const struct rte_ipv6_hdr *ip = (const void *)(f + l2);

		assert_int_equal(et, RTE_ETHER_TYPE_IPV6);
		l3 = 40;
		assert_int_equal(rte_be_to_cpu_16(ip->payload_len), m->pkt_len - l2 - l3);
	}
	l4 = 20;
	l4h = f + l2 + l3;
	g->flow = (uint8_t)(rte_be_to_cpu_16(((const struct rte_tcp_hdr *)l4h)->src_port) - 1000);
	g->off = rte_be_to_cpu_32(((const struct rte_tcp_hdr *)l4h)->sent_seq) - 0x10000000u;
	g->len = m->pkt_len - l2 - l3 - l4;
	/* the stream bytes, whole: merged or not, nothing lost, nothing out of place */
	for (i = 0; i < g->len; i++)
		if (l4h[l4 + i] != stream_byte(g->flow, g->off + i))
			fail_msg("flow %u: stream byte %u wrong", g->flow, g->off + i);
	if (g->lro) {
		/* RTE_MBUF_F_RX_LRO: segment size, header lengths, checksum fields not correct
		 * but every segment verified */
		assert_int_equal(m->tso_segsz, MSS);
		assert_int_equal(m->l2_len, l2);
		assert_int_equal(m->l3_len, l3);
		assert_int_equal(m->l4_len, l4);
		assert_int_equal(m->ol_flags & RTE_MBUF_F_RX_IP_CKSUM_MASK,
				 RTE_MBUF_F_RX_IP_CKSUM_NONE);
		assert_int_equal(m->ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK,
				 RTE_MBUF_F_RX_L4_CKSUM_NONE);
		assert_true(g->len > MSS);
	} else {
		assert_true(g->nb_segs == 1);
	}
}

/* Send @n segments from port 0, wait until port 1's queue holds them all, then receive. */
static void
exchange(struct lt *t, const struct seg *segs, unsigned int n)
{
	struct rte_pmd_qlxge_rxq_state st;
	struct rte_mbuf *m[MAX_SEGS];
	unsigned int i, round, sent = 0;
	uint16_t k;

	assert_true(n <= MAX_SEGS);
	for (i = 0; i < n; i++)
		m[i] = mk_seg(t, &segs[i]);
	for (round = 0; round < POLL_ROUNDS && sent < n; round++) {
		sent += rte_eth_tx_burst(t->p.port[0], 0, m + sent, (uint16_t)(n - sent));
		if (sent < n)
			usleep(500);
	}
	assert_int_equal(sent, n);
	for (round = 0; round < POLL_ROUNDS; round++) {
		assert_int_equal(rte_pmd_qlxge_rxq_state_get(t->p.port[1], 0, &st), 0);
		if (st.cq_pending >= n)
			break;
		usleep(500);
	}
	assert_int_equal(st.cq_pending, n);
	t->ngot = 0;
	while ((k = rte_eth_rx_burst(t->p.port[1], 0, m, 32)) != 0) {
		for (i = 0; i < k; i++) {
			check_pkt(t, m[i]);
			if (t->keep)
				t->kept[t->ngot - 1] = m[i];
			else
				rte_pktmbuf_free(m[i]);
		}
	}
}

/* The packets of @flow, in the order they came, cover the stream from 0, each after the last. */
static unsigned int
check_flow_order(const struct lt *t, uint8_t flow, uint32_t total)
{
	uint32_t next = 0;
	unsigned int i, n = 0;

	for (i = 0; i < t->ngot; i++) {
		if (t->got[i].flow != flow)
			continue;
		assert_int_equal(t->got[i].off, next);
		next += t->got[i].len;
		n++;
	}
	assert_int_equal(next, total);
	return n;
}

/* ---- cases: negative first --------------------------------------------------------------- */

/* dev_info offers it; a max_lro_pkt_size above 65535 is refused (by ethdev, from dev_info). */
static void
test_lro_dev_info_and_limits(void **state)
{
	struct lt *t = *state;
	struct rte_eth_conf conf = { 0 };
	struct rte_eth_dev_info info;

	assert_int_equal(rte_eth_dev_info_get(t->p.port[1], &info), 0);
	assert_true(info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_TCP_LRO);
	assert_int_equal(info.max_lro_pkt_size, 65535);
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_TCP_LRO;
	conf.rxmode.max_lro_pkt_size = 65536;
	assert_true(rte_eth_dev_configure(t->p.port[1], 1, 1, &conf) < 0);
	conf.rxmode.max_lro_pkt_size = 65535;
	assert_int_equal(rte_eth_dev_configure(t->p.port[1], 1, 1, &conf), 0);
}

/* Without LRO, nothing is merged. */
static void
test_lro_off(void **state)
{
	struct lt *t = *state;
	static struct seg s[64];
	unsigned int i;

	pair_up(t, false, 0, false);
	for (i = 0; i < RTE_DIM(s); i++)
		s[i] = (struct seg){ .off = i * MSS, .len = MSS };
	exchange(t, s, RTE_DIM(s));
	assert_int_equal(t->ngot, 64);
	assert_int_equal(check_flow_order(t, 0, 64 * MSS), 64);
}

/*
 * Two flows interleaved: never a packet of both (each packet's bytes are its flow's, checked),
 * each flow in order; TCP/IPv6 segments, a stripped VLAN and a UDP frame between them are left
 * as they are.
 */
static void
test_lro_flows_kept_apart(void **state)
{
	struct lt *t = *state;
	static struct seg s[96];
	unsigned int i, n0, n1;

	pair_up(t, true, 65535, true);
	for (i = 0; i < 64; i++)
		s[i] = (struct seg){ .flow = (uint8_t)(i & 1), .off = (i / 2) * MSS, .len = MSS };
	exchange(t, s, 64);
	n0 = check_flow_order(t, 0, 32 * MSS);
	n1 = check_flow_order(t, 1, 32 * MSS);
	/* each burst of 32 holds 16 of each: one packet each */
	assert_int_equal(n0, 2);
	assert_int_equal(n1, 2);
	/* IPv6 (flow 2), VLAN-tagged and stripped (flow 3), UDP: none merged */
	for (i = 0; i < 32; i++)	/* the IPv6 MSS of a 1500-byte MTU */
		s[i] = (struct seg){ .flow = 2, .off = i * (MSS - 8), .len = MSS - 8, .v6 = true };
	for (i = 32; i < 64; i++)
		s[i] = (struct seg){ .flow = 3, .off = (i - 32) * MSS, .len = MSS, .vlan = true };
	s[64] = (struct seg){ .flow = 5, .len = 100, .udp = true };
	exchange(t, s, 65);
	assert_int_equal(t->ngot, 65);
	assert_int_equal(check_flow_order(t, 2, 32 * (MSS - 8)), 32);
	assert_int_equal(check_flow_order(t, 3, 32 * MSS), 32);
}

/*
 * In one burst: segments with PSH, FIN, URG or a bad checksum are never merged, nor merged
 * across (the flow's order is kept around them); out-of-order segments are merged only where
 * their bytes are contiguous.
 */
static void
test_lro_order_flags_checksums(void **state)
{
	struct lt *t = *state;
	static const struct {
		uint32_t k;	/* segment number: stream offset k * MSS */
		uint8_t flags;
		bool bad;
	} order[] = {
		{ 0, 0, false }, { 1, 0, false }, { 2, RTE_TCP_ACK_FLAG | RTE_TCP_PSH_FLAG, false },
		{ 3, 0, false }, { 4, 0, false }, { 6, 0, false }, { 5, 0, false },
		{ 7, 0, true }, { 8, 0, false }, { 9, RTE_TCP_ACK_FLAG | RTE_TCP_URG_FLAG, false },
		{ 10, 0, false }, { 11, 0, false },
		{ 12, RTE_TCP_ACK_FLAG | RTE_TCP_FIN_FLAG, false },
	};
	static struct seg s[RTE_DIM(order) + 1];
	unsigned int i;

	pair_up(t, true, 65535, false);
	/* the segments in that order, a UDP frame after the first two */
	for (i = 0; i < RTE_DIM(order); i++)
		s[i < 2 ? i : i + 1] = (struct seg){ .off = order[i].k * MSS, .len = MSS,
						     .flags = order[i].flags,
						     .bad_l4 = order[i].bad };
	s[2] = (struct seg){ .flow = 5, .len = 64, .udp = true };
	exchange(t, s, RTE_DIM(s));
	/* 0-1, 2 (PSH), 3-5 (6 came before 5: 5 joins 3-4), 6, 7 (bad), 8, 9 (URG), 10-11,
	 * 12 (FIN), and the UDP frame (of no flow of theirs: delivered at once, first) */
	assert_int_equal(check_flow_order(t, 0, 13 * MSS), 9);
	assert_int_equal(t->ngot, 10);
	for (i = 0; i < t->ngot; i++) {
		if (t->got[i].flow != 0)
			continue;
		if (t->got[i].off == 0 || t->got[i].off == 3 * MSS || t->got[i].off == 10 * MSS)
			assert_true(t->got[i].lro);
		else
			assert_false(t->got[i].lro);
	}
}

/* A bulk stream: bursts of 32 segments leave as single packets; the counters say so. */
static void
test_lro_bulk_stream(void **state)
{
	struct lt *t = *state;
	static struct seg s[MAX_SEGS];
	struct rte_eth_stats st;
	unsigned int i;

	pair_up(t, true, 65535, false);
	for (i = 0; i < MAX_SEGS; i++)
		s[i] = (struct seg){ .off = i * MSS, .len = MSS };
	exchange(t, s, MAX_SEGS);
	assert_int_equal(check_flow_order(t, 0, MAX_SEGS * MSS), MAX_SEGS / 32);
	for (i = 0; i < t->ngot; i++) {
		assert_true(t->got[i].lro);
		assert_int_equal(t->got[i].nb_segs, 32);
		assert_int_equal(t->got[i].len, 32 * MSS);
	}
	print_message("lro: %u wire segments -> %u packets (%.4f per segment)\n", MAX_SEGS,
		      t->ngot, (double)t->ngot / MAX_SEGS);
	/* ipackets counts the frames of the wire, the xstats what LRO did with them */
	assert_int_equal(rte_eth_stats_get(t->p.port[1], &st), 0);
	assert_int_equal(st.ipackets, MAX_SEGS);
	assert_int_equal(st.ierrors, 0);
	assert_int_equal(pmd_xstat(t->p.port[1], "rx_q0_lro_packets"), MAX_SEGS / 32);
	assert_int_equal(pmd_xstat(t->p.port[1], "rx_q0_lro_merged_segments"),
			 MAX_SEGS - MAX_SEGS / 32);
}

/* max_lro_pkt_size honoured: with 8000, no packet beyond it (5 segments of 1514 bytes). */
static void
test_lro_max_pkt_size(void **state)
{
	struct lt *t = *state;
	static struct seg s[64];
	unsigned int i;

	pair_up(t, true, 8000, false);
	for (i = 0; i < RTE_DIM(s); i++)
		s[i] = (struct seg){ .off = i * MSS, .len = MSS };
	exchange(t, s, RTE_DIM(s));
	check_flow_order(t, 0, 64 * MSS);
	for (i = 0; i < t->ngot; i++) {
		assert_true(HDRS4 + t->got[i].len <= 8000);
		assert_true(t->got[i].nb_segs <= 5);
	}
	/* 32 frames a burst, runs of 5: 6 runs of 5 and one of 2 per burst */
	assert_int_equal(t->ngot, 2 * 7);
}

/*
 * Small receive buffers (384 bytes: a 1514-byte frame in 4): a run ends before its packets hold
 * more mbufs than the port's TX takes in one packet (64), so that each merged packet can be
 * sent again with TSO: rte_eth_tx_prepare() of port 0 accepts every one. Bursts of 32 frames,
 * 128 mbufs: two packets of 16 segments each. 96 frames: 384 buffers, within the 496 the queue
 * posts, so that all are in the queue before it is polled.
 */
#define CHAIN_FRAMES	96
static void
test_lro_chain_fits_tx(void **state)
{
	struct lt *t = *state;
	static struct seg s[CHAIN_FRAMES];
	struct rte_mempool *small;
	struct rte_mbuf *m;
	unsigned int i;

	small = rte_pktmbuf_pool_create("lro_small", 4095, 0, 0, RTE_PKTMBUF_HEADROOM + 384,
					SOCKET_ID_ANY);
	assert_non_null(small);
	pair_up_pool(t, true, 65535, false, small);
	for (i = 0; i < CHAIN_FRAMES; i++)
		s[i] = (struct seg){ .off = i * MSS, .len = MSS };
	t->keep = true;
	exchange(t, s, CHAIN_FRAMES);
	t->keep = false;
	assert_int_equal(check_flow_order(t, 0, CHAIN_FRAMES * MSS), CHAIN_FRAMES / 16);
	for (i = 0; i < t->ngot; i++) {
		assert_true(t->got[i].lro);
		assert_int_equal(t->got[i].nb_segs, 64);
		assert_int_equal(t->got[i].len, 16 * MSS);
		/* sent again with TSO, as testpmd's csum engine does */
		m = t->kept[i];
		m->ol_flags = RTE_MBUF_F_TX_TCP_SEG | RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM;
		assert_int_equal(rte_eth_tx_prepare(t->p.port[0], 0, &m, 1), 1);
		rte_pktmbuf_free(m);
	}
	rte_eth_dev_stop(t->p.port[1]);
	assert_int_equal(rte_mempool_full(small), 1);
	/* the queue goes back to the suite's pool before this one is freed */
	assert_int_equal(rte_eth_rx_queue_setup(t->p.port[1], 0, NB_DESC, SOCKET_ID_ANY, NULL,
						pmd_pool()), 0);
	rte_mempool_free(small);
}

int
main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(test_lro_dev_info_and_limits),
		T(test_lro_off),
		T(test_lro_flows_kept_apart),
		T(test_lro_order_flags_checksums),
		T(test_lro_bulk_stream),
		T(test_lro_max_pkt_size),
		T(test_lro_chain_fits_tx),
	};

	return cmocka_run_group_tests(tests, pmd_setup_suite, pmd_teardown_suite);
}
