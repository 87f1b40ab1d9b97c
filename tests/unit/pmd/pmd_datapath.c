/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The data-path cases' harness: see pmd_datapath.h. */

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
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_tcp.h>
#include <rte_thash.h>
#include <rte_udp.h>

#include "qlxge_contract.h"
#include "pmd_datapath.h"

uint8_t test_key[40] = {
	0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2, 0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3,
	0x8f, 0xb0, 0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4, 0x77, 0xcb, 0x2d, 0xa3,
	0x80, 0x30, 0xf2, 0x0c, 0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa,
};

struct rte_eth_conf
dp_conf(void)
{
	struct rte_eth_conf conf = { 0 };

	conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
	conf.rxmode.mtu = 9000;
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_IPV4_CKSUM | RTE_ETH_RX_OFFLOAD_TCP_CKSUM |
			       RTE_ETH_RX_OFFLOAD_UDP_CKSUM | RTE_ETH_RX_OFFLOAD_RSS_HASH |
			       RTE_ETH_RX_OFFLOAD_VLAN_STRIP | RTE_ETH_RX_OFFLOAD_SCATTER;
	conf.txmode.offloads = RTE_ETH_TX_OFFLOAD_MULTI_SEGS | RTE_ETH_TX_OFFLOAD_IPV4_CKSUM |
			       RTE_ETH_TX_OFFLOAD_TCP_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM |
			       RTE_ETH_TX_OFFLOAD_TCP_TSO | RTE_ETH_TX_OFFLOAD_VLAN_INSERT;
	conf.rx_adv_conf.rss_conf.rss_key = test_key;
	conf.rx_adv_conf.rss_conf.rss_key_len = sizeof(test_key);
	/* TCP only (RT4|RT6, as both public drivers): other frames stay on the default queue */
	conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_NONFRAG_IPV4_TCP |
					  RTE_ETH_RSS_NONFRAG_IPV6_TCP;
	return conf;
}

/* Each case: a fresh adapter, both ports configured alike (RSS over 4 queues, MTU 9000). */
int
setup_pair(void **state)
{
	static unsigned int seq;
	static struct dp d;
	struct rte_eth_conf conf = dp_conf();
	char name[16];
	unsigned int f;

	memset(&d, 0, sizeof(d));
	d.in_use = rte_mempool_in_use_count(pmd_pool());
	snprintf(name, sizeof(name), "dp%u", seq++);
	if (pmd_pair_open(&d.p, name, true) != 0)
		return -1;
	for (f = 0; f < 2; f++) {
		if (pmd_configure(d.p.port[f], NB_RXQ, 1, &conf) != 0 ||
		    rte_eth_dev_start(d.p.port[f]) != 0 ||
		    rte_eth_macaddr_get(d.p.port[f], &d.mac[f]) != 0)
			return -1;
	}
	for (f = 0; f < 2; f++)
		if (!pmd_wait_link(d.p.port[f], true))
			return -1;
	*state = &d;
	return 0;
}

int
teardown_pair(void **state)
{
	struct dp *d = *state;

	if (d != NULL)
		pmd_pair_close(&d->p);
	return 0;
}

/* ---- frames ------------------------------------------------------------------------------ */

static uint8_t
pattern(uint32_t seq, uint32_t i)
{
	return (uint8_t)(seq * 7u + i * 13u + (i >> 8));
}

/* Header bytes of @s: L2, L3, L4. */
void
fspec_lens(const struct fspec *s, uint32_t *l2, uint32_t *l3, uint32_t *l4)
{
	*l2 = RTE_ETHER_HDR_LEN;
	*l3 = s->l3 == 4 ? sizeof(struct rte_ipv4_hdr) : s->l3 == 6 ? sizeof(struct rte_ipv6_hdr) :
	      0;
	*l4 = s->l4 == IPPROTO_TCP ? sizeof(struct rte_tcp_hdr) :
	      s->l4 == IPPROTO_UDP ? sizeof(struct rte_udp_hdr) : 0;
}

/* Build frame @s from @d's port 0 to port 1 into @f; checksums correct unless asked. */
uint32_t
build_frame(const struct dp *d, const struct fspec *s, uint8_t *f)
{
	struct rte_ether_hdr *eth = (struct rte_ether_hdr *)f;
	uint32_t l2, l3, l4, i, len;
	uint8_t *pl;

	fspec_lens(s, &l2, &l3, &l4);
	len = l2 + l3 + l4 + s->payload;
	memset(f, 0, len);
	rte_ether_addr_copy(&d->mac[1], &eth->dst_addr);
	rte_ether_addr_copy(&d->mac[0], &eth->src_addr);
	eth->ether_type = rte_cpu_to_be_16(s->l3 == 4 ? RTE_ETHER_TYPE_IPV4 :
					   s->l3 == 6 ? RTE_ETHER_TYPE_IPV6 : ETH_TYPE_TEST);
	pl = f + l2 + l3 + l4;
	for (i = 0; i < s->payload; i++)
		pl[i] = pattern(s->seq, i);
	if (s->payload >= 4) {
		uint32_t be = rte_cpu_to_be_32(s->seq);

		memcpy(pl, &be, 4);
	}
	if (s->l3 == 4) {
		struct rte_ipv4_hdr *ip = (struct rte_ipv4_hdr *)(f + l2);

		ip->version_ihl = RTE_IPV4_VHL_DEF;
		ip->total_length = rte_cpu_to_be_16((uint16_t)(l3 + l4 + s->payload));
		ip->packet_id = rte_cpu_to_be_16((uint16_t)s->seq);
		ip->time_to_live = 64;
		ip->next_proto_id = (uint8_t)(s->l4 != 0 ? s->l4 : 253);
		ip->src_addr = rte_cpu_to_be_32(0x0a000001 + (s->seq & 0xff));
		ip->dst_addr = rte_cpu_to_be_32(0x0a000101);
		ip->hdr_checksum = rte_ipv4_cksum(ip);
		if (s->bad_ip_cksum)
			ip->hdr_checksum ^= 0x5a5a;
	} else if (s->l3 == 6) {
		struct rte_ipv6_hdr *ip = (struct rte_ipv6_hdr *)(f + l2);

		ip->vtc_flow = rte_cpu_to_be_32(6u << 28);
		ip->payload_len = rte_cpu_to_be_16((uint16_t)(l4 + s->payload));
		ip->proto = (uint8_t)(s->l4 != 0 ? s->l4 : 253);
		ip->hop_limits = 64;
		ip->src_addr[0] = 0xfd;
		ip->src_addr[15] = (uint8_t)s->seq;
		ip->dst_addr[0] = 0xfd;
		ip->dst_addr[15] = 0x99;
	}
	if (s->l4 == IPPROTO_TCP) {
		struct rte_tcp_hdr *tcp = (struct rte_tcp_hdr *)(f + l2 + l3);

		tcp->src_port = rte_cpu_to_be_16(s->sport);
		tcp->dst_port = rte_cpu_to_be_16(s->dport);
		tcp->sent_seq = rte_cpu_to_be_32(1000000u + s->seq);
		tcp->data_off = (sizeof(*tcp) / 4) << 4;
		tcp->tcp_flags = RTE_TCP_ACK_FLAG | RTE_TCP_PSH_FLAG;
		tcp->rx_win = rte_cpu_to_be_16(65535);
		tcp->cksum = s->l3 == 4 ? rte_ipv4_udptcp_cksum((void *)(f + l2), tcp) :
					  rte_ipv6_udptcp_cksum((void *)(f + l2), tcp);
		if (s->bad_l4_cksum)
			tcp->cksum ^= 0x1234;
	} else if (s->l4 == IPPROTO_UDP) {
		struct rte_udp_hdr *udp = (struct rte_udp_hdr *)(f + l2 + l3);

		udp->src_port = rte_cpu_to_be_16(s->sport);
		udp->dst_port = rte_cpu_to_be_16(s->dport);
		udp->dgram_len = rte_cpu_to_be_16((uint16_t)(l4 + s->payload));
		udp->dgram_cksum = s->l3 == 4 ? rte_ipv4_udptcp_cksum((void *)(f + l2), udp) :
						rte_ipv6_udptcp_cksum((void *)(f + l2), udp);
		if (s->bad_l4_cksum)
			udp->dgram_cksum ^= 0x1234;
	}
	return len;
}

/* An mbuf chain of @nsegs segments holding @len bytes of @f. */
struct rte_mbuf *
mk_mbuf(const uint8_t *f, uint32_t len, unsigned int nsegs)
{
	struct rte_mbuf *head = NULL, *m;
	uint32_t off = 0, piece, i;

	for (i = 0; i < nsegs; i++) {
		piece = i + 1 == nsegs ? len - off : len / nsegs;
		m = rte_pktmbuf_alloc(pmd_pool());
		assert_non_null(m);
		if (piece != 0)
			memcpy(rte_pktmbuf_append(m, (uint16_t)piece), f + off, piece);
		off += piece;
		if (head == NULL)
			head = m;
		else
			assert_int_equal(rte_pktmbuf_chain(head, m), 0);
	}
	return head;
}

/* Header in its own segment, the payload in @nsegs more (what prep's checksum code wants). */
struct rte_mbuf *
mk_mbuf_hdr(const uint8_t *f, uint32_t len, uint32_t hdr, unsigned int nsegs)
{
	struct rte_mbuf *head = mk_mbuf(f, hdr, 1);

	assert_int_equal(rte_pktmbuf_chain(head, mk_mbuf(f + hdr, len - hdr, nsegs)), 0);
	return head;
}

/* Send all @n through prepare and burst, bounded. */
void
send_all(uint16_t port, struct rte_mbuf **pkts, uint16_t n)
{
	unsigned int round;
	uint16_t done = 0;

	assert_int_equal(rte_eth_tx_prepare(port, 0, pkts, n), n);
	for (round = 0; round < POLL_ROUNDS && done < n; round++) {
		done += rte_eth_tx_burst(port, 0, pkts + done, n - done);
		if (done < n)
			usleep(500);
	}
	assert_int_equal(done, n);
}

/* Receive @want frames from all queues of @port into @pkts (queue order kept), bounded. */
uint16_t
recv_n(uint16_t port, struct rte_mbuf **pkts, uint16_t want, uint16_t *per_q)
{
	unsigned int round;
	uint16_t got = 0, q, nb;

	for (round = 0; round < POLL_ROUNDS && got < want; round++) {
		for (q = 0; q < NB_RXQ && got < want; q++) {
			nb = rte_eth_rx_burst(port, q, pkts + got, want - got);
			if (per_q != NULL)
				per_q[q] += nb;
			got += nb;
		}
		if (got < want)
			usleep(500);
	}
	return got;
}

void
free_all(struct rte_mbuf **pkts, uint16_t n)
{
	uint16_t i;

	for (i = 0; i < n; i++)
		rte_pktmbuf_free(pkts[i]);
}

/* The received frame, flattened into @buf; its length. */
uint32_t
flat(const struct rte_mbuf *m, uint8_t *buf)
{
	const void *p;

	assert_true(m->pkt_len <= MAX_FRAME);
	p = rte_pktmbuf_read(m, 0, m->pkt_len, buf);
	assert_non_null(p);
	if (p != buf)
		memcpy(buf, p, m->pkt_len);
	return m->pkt_len;
}

uint32_t
seq_of(const uint8_t *f, const struct fspec *s)
{
	uint32_t l2, l3, l4, be;

	fspec_lens(s, &l2, &l3, &l4);
	memcpy(&be, f + l2 + l3 + l4, 4);
	return rte_be_to_cpu_32(be);
}

/* Independent checks of a received frame's checksums (rte_ip.h on the bytes). */
void
check_cksums(uint8_t *f, const struct fspec *s)
{
	uint32_t l2, l3, l4;
	uint16_t want;

	fspec_lens(s, &l2, &l3, &l4);
	if (s->l3 == 4) {
		struct rte_ipv4_hdr *ip = (struct rte_ipv4_hdr *)(f + l2);

		want = ip->hdr_checksum;
		ip->hdr_checksum = 0;
		assert_int_equal(rte_ipv4_cksum(ip), want);
		ip->hdr_checksum = want;
	}
	if (s->l4 == IPPROTO_TCP) {
		struct rte_tcp_hdr *tcp = (struct rte_tcp_hdr *)(f + l2 + l3);

		want = tcp->cksum;
		tcp->cksum = 0;
		assert_int_equal(s->l3 == 4 ? rte_ipv4_udptcp_cksum((void *)(f + l2), tcp) :
					      rte_ipv6_udptcp_cksum((void *)(f + l2), tcp), want);
		tcp->cksum = want;
	} else if (s->l4 == IPPROTO_UDP) {
		struct rte_udp_hdr *udp = (struct rte_udp_hdr *)(f + l2 + l3);

		want = udp->dgram_cksum;
		udp->dgram_cksum = 0;
		assert_int_equal(s->l3 == 4 ? rte_ipv4_udptcp_cksum((void *)(f + l2), udp) :
					      rte_ipv6_udptcp_cksum((void *)(f + l2), udp), want);
		udp->dgram_cksum = want;
	}
}

void
stop_and_check_leaks(struct dp *d)
{
	assert_int_equal(rte_eth_dev_stop(d->p.port[0]), 0);
	assert_int_equal(rte_eth_dev_stop(d->p.port[1]), 0);
	assert_int_equal(rte_mempool_in_use_count(pmd_pool()), d->in_use);
}
