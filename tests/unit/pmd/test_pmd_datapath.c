/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, data path: the two ports of one model adapter, cabled back to back; frames sent
 * on port 0 with rte_eth_tx_prepare/rte_eth_tx_burst are received on port 1 with
 * rte_eth_rx_burst and checked byte for byte. Each offload the PMD advertises is proven here:
 * multi-segment TX (inline and OAL), scattered RX of jumbo frames, VLAN insert and strip, IPv4
 * and TCP/UDP checksums both ways (verified independently with rte_ip.h on the received frame),
 * TSO over IPv4 and IPv6 (each segment checked), the RSS hash and its spread over queues. Then
 * ring wrap-around, stats and xstats against what was sent and received, mbuf leaks, bad mbufs
 * (prep_pkts rejects them, xmit drops them without sending), error frames, and the reset an
 * adapter event asks for (buffers handed back: test_pmd_bufs.c). Waits are bounded polls;
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
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_tcp.h>
#include <rte_thash.h>
#include <rte_udp.h>

#include "qlxge_contract.h"
#include "pmd_datapath.h"

/* ---- cases: negative first --------------------------------------------------------------- */

/* Too many segments, oversize without TSO, an offload we lack: prep says why, xmit drops. */
static void
test_dp_bad_mbufs(void **state)
{
	struct dp *d = *state;
	static uint8_t f[MAX_FRAME], r[MAX_FRAME];
	struct fspec s = { .l3 = 4, .l4 = IPPROTO_UDP, .payload = 200, .sport = 9, .dport = 9 };
	struct rte_mbuf *bad[3], *pkts[4], *rx[4];
	struct rte_eth_stats st;
	uint32_t len;
	uint16_t i;

	/* 65 segments: more than the IOCB and its OAL carry */
	len = build_frame(d, &s, f);
	bad[0] = mk_mbuf(f, len, 65);
	/* 1600 bytes at MTU 1500 (port 0 set to 1500 below), no TSO */
	assert_int_equal(rte_eth_dev_stop(d->p.port[0]), 0);
	assert_int_equal(rte_eth_dev_set_mtu(d->p.port[0], 1500), 0);
	assert_int_equal(rte_eth_dev_start(d->p.port[0]), 0);
	assert_true(pmd_wait_link(d->p.port[0], true));
	s.payload = 1600;
	len = build_frame(d, &s, f);
	bad[1] = mk_mbuf(f, len, 1);
	/* SCTP checksum: not offered */
	s.payload = 100;
	len = build_frame(d, &s, f);
	bad[2] = mk_mbuf(f, len, 1);
	bad[2]->ol_flags = RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_SCTP_CKSUM;
	bad[2]->l2_len = 14;
	bad[2]->l3_len = 20;
	for (i = 0; i < 3; i++) {
		rte_errno = 0;
		assert_int_equal(rte_eth_tx_prepare(d->p.port[0], 0, &bad[i], 1), 0);
		assert_int_equal(rte_errno, i == 2 ? ENOTSUP : EINVAL);
	}

	/* xmit of good, bad, good: all taken, the bad one freed, the good ones arrive intact */
	s.payload = 100;
	s.seq = 1;
	len = build_frame(d, &s, f);
	pkts[0] = mk_mbuf(f, len, 2);
	pkts[1] = bad[0];
	s.seq = 2;
	build_frame(d, &s, f);
	pkts[2] = mk_mbuf(f, len, 3);
	assert_int_equal(rte_eth_tx_burst(d->p.port[0], 0, pkts, 3), 3);
	assert_int_equal(recv_n(d->p.port[1], rx, 2, NULL), 2);
	for (i = 0; i < 2; i++) {
		s.seq = i + 1;
		build_frame(d, &s, f);
		assert_int_equal(flat(rx[i], r), len);
		assert_memory_equal(r, f, len);
	}
	free_all(rx, 2);
	rte_pktmbuf_free(bad[1]);
	rte_pktmbuf_free(bad[2]);
	assert_int_equal(pmd_xstat(d->p.port[0], "tx_q0_bad_packets"), 1);
	assert_int_equal(rte_eth_stats_get(d->p.port[0], &st), 0);
	assert_int_equal(st.opackets, 2);
	assert_int_equal(st.oerrors, 1);
	stop_and_check_leaks(d);
}

/*
 * @n UDP frames from port 0 to port 1 (to @dst, or port 1's address if NULL) with a bad FCS
 * injected at port 1 on every frame; returns once the model saw them all (placed or dropped),
 * its counters in @c, the fault cleared.
 */
static void
send_bad_fcs(struct dp *d, const struct rte_ether_addr *dst, uint16_t n,
	     struct qlxge_sim_counters *c)
{
	static uint8_t f[MAX_FRAME];
	struct fspec s = { .l3 = 4, .l4 = IPPROTO_UDP, .payload = 100, .sport = 7, .dport = 7 };
	struct rte_mbuf *pkts[8];
	uint32_t len;
	uint16_t i;

	assert_true(n <= RTE_DIM(pkts));
	assert_int_equal(qlxge_sim_fault_set(d->p.fn[1], QLXGE_SIM_FAULT_RX_BAD_FCS, 1), 0);
	for (i = 0; i < n; i++) {
		s.seq = i;
		len = build_frame(d, &s, f);
		if (dst != NULL)
			rte_ether_addr_copy(dst, &((struct rte_ether_hdr *)f)->dst_addr);
		pkts[i] = mk_mbuf(f, len, 1);
	}
	send_all(d->p.port[0], pkts, n);
	/* the model takes them in order: once it saw n frames, they are placed or dropped */
	for (i = 0; i < 20000; i++) {
		assert_int_equal(qlxge_sim_counters_get(d->p.fn[1], c), 0);
		if (c->rx_errors + c->rx_drops_fcs >= n)
			break;
		usleep(500);
	}
	assert_int_equal(qlxge_sim_fault_set(d->p.fn[1], QLXGE_SIM_FAULT_RX_BAD_FCS, 0), 0);
}

/* Frames with a MAC error code (an injected bad FCS) are dropped and counted by code. */
static void
test_dp_error_frames(void **state)
{
	struct dp *d = *state;
	static uint8_t f[MAX_FRAME];
	struct fspec s = { .l3 = 4, .l4 = IPPROTO_UDP, .payload = 100, .sport = 7, .dport = 7 };
	struct qlxge_sim_counters c;
	struct rte_mbuf *pkts[1], *rx[1];
	struct rte_eth_stats st;
	uint32_t len;

	send_bad_fcs(d, NULL, 4, &c);
	s.seq = 9;
	len = build_frame(d, &s, f);
	pkts[0] = mk_mbuf(f, len, 1);
	send_all(d->p.port[0], pkts, 1);
	assert_int_equal(recv_n(d->p.port[1], rx, 1, NULL), 1);
	assert_int_equal(seq_of(rte_pktmbuf_mtod(rx[0], uint8_t *), &s), 9);
	free_all(rx, 1);
	assert_int_equal(qlxge_sim_counters_get(d->p.fn[1], &c), 0);
	assert_int_equal(rte_eth_stats_get(d->p.port[1], &st), 0);
	/* the device delivered the four with ERR = CRC (no routing slot drops MAC errors); the
	 * driver dropped and counted them */
	assert_int_equal(c.rx_errors, 4);
	assert_int_equal(st.ierrors, 4);
	assert_int_equal(pmd_xstat(d->p.port[1], "rx_q0_crc_errors"), 4);
	assert_int_equal(st.ipackets, 1);
	stop_and_check_leaks(d);
}

/*
 * Frames with a bad FCS that no queue takes (not addressed to the port, promiscuous mode off):
 * the MAC counts them (rx_crc_errors), the filters drop them, and ierrors has them, as it has
 * the bad-FCS frames a queue drops. Until ierrors took the MAC's counter, these were counted
 * nowhere the application adds up (the fault soak found them: frames arriving while the
 * receiver was being reset).
 */
static void
test_dp_error_frames_filtered(void **state)
{
	static const struct rte_ether_addr other = { { 0x02, 0, 0, 0, 0, 0x99 } };
	struct dp *d = *state;
	struct qlxge_sim_counters c;
	struct rte_mbuf *rx[8];
	struct rte_eth_stats st0, st1;
	uint16_t i;

	assert_int_equal(rte_eth_promiscuous_disable(d->p.port[1]), 0);
	send_bad_fcs(d, &other, 4, &c);
	/* the filters dropped them: nothing to receive */
	for (i = 0; i < NB_RXQ; i++)
		assert_int_equal(rte_eth_rx_burst(d->p.port[1], i, rx, RTE_DIM(rx)), 0);
	assert_int_equal(c.rx_drops_fcs, 4);
	assert_int_equal(c.rx_errors, 0);
	assert_int_equal(rte_eth_stats_get(d->p.port[0], &st0), 0);
	assert_int_equal(rte_eth_stats_get(d->p.port[1], &st1), 0);
	assert_int_equal(pmd_xstat(d->p.port[1], "rx_crc_errors"), 4);
	assert_int_equal(pmd_xstat(d->p.port[1], "rx_q0_crc_errors"), 0);
	assert_int_equal(st1.ipackets, 0);
	assert_int_equal(st1.ierrors, 4);
	/* docs/reliability.md: every frame sent is in one counter */
	assert_int_equal(st0.opackets, st1.ipackets + st1.ierrors + st1.imissed +
			 pmd_xstat(d->p.port[1], "rx_drop_events"));
	stop_and_check_leaks(d);
}

/* A buffer the device cannot write: an adapter-event completion, counted, reset requested. */
static void
test_dp_adapter_event_reset(void **state)
{
	struct dp *d = *state;
	static uint8_t f[MAX_FRAME];
	struct fspec s = { .l3 = 4, .l4 = IPPROTO_UDP, .payload = 64, .sport = 5, .dport = 5 };
	struct rte_mbuf *pkts[1], *rx[4];
	unsigned int round;
	uint32_t len;
	uint16_t q, nb;

	__atomic_store_n(&pmd_reset_events, 0, __ATOMIC_RELEASE);
	assert_int_equal(rte_eth_dev_callback_register(d->p.port[1], RTE_ETH_EVENT_INTR_RESET,
						       pmd_reset_cb, NULL), 0);
	assert_int_equal(qlxge_sim_fault_set(d->p.fn[1], QLXGE_SIM_FAULT_DMA_ERROR, 1), 0);
	len = build_frame(d, &s, f);
	pkts[0] = mk_mbuf(f, len, 1);
	send_all(d->p.port[0], pkts, 1);
	for (round = 0; round < POLL_ROUNDS; round++) {
		for (q = 0; q < NB_RXQ; q++) {
			nb = rte_eth_rx_burst(d->p.port[1], q, rx, RTE_DIM(rx));
			free_all(rx, nb);
		}
		if (__atomic_load_n(&pmd_reset_events, __ATOMIC_ACQUIRE) != 0 &&
		    pmd_xstat(d->p.port[1], "rx_q0_adapter_events") != 0)
			break;
		usleep(500);
	}
	assert_true(pmd_wait_count(&pmd_reset_events, 1));
	/* the event 0x40 completion on the queue: counted, the queue stopped taking frames */
	assert_int_equal(pmd_xstat(d->p.port[1], "rx_q0_adapter_events"), 1);
	assert_int_equal(rte_eth_dev_callback_unregister(d->p.port[1], RTE_ETH_EVENT_INTR_RESET,
							 pmd_reset_cb, NULL), 0);
	/* the port comes back with rte_eth_dev_reset and a new start */
	assert_int_equal(rte_eth_dev_stop(d->p.port[1]), 0);
	assert_int_equal(rte_eth_dev_reset(d->p.port[1]), 0);
	assert_int_equal(rte_eth_dev_stop(d->p.port[0]), 0);
	assert_int_equal(rte_mempool_in_use_count(pmd_pool()), d->in_use);
}

/* ---- positive cases ---------------------------------------------------------------------- */

/* Lengths from 42 (padded to 60) to 1514, non-IP, UDP and TCP: bytes, lengths, flags, stats. */
static void
test_dp_basic(void **state)
{
	struct dp *d = *state;
	static uint8_t f[MAX_FRAME], r[MAX_FRAME];
	static const uint32_t payload[] = { 0, 14, 100, 512, 1000, 1472 };
	struct rte_mbuf *pkts[64], *rx[64];
	struct rte_eth_stats st0, st1;
	struct fspec s[64];
	uint64_t bytes = 0;
	uint32_t len, want, padded = 0;
	uint16_t i, n = 0, per_q[NB_RXQ] = { 0 };

	for (i = 0; i < 36; i++) {
		memset(&s[n], 0, sizeof(s[n]));
		s[n].l3 = i % 3 == 0 ? 0 : (i % 2 ? 4 : 6);
		s[n].l4 = s[n].l3 == 0 ? 0 : IPPROTO_UDP;
		s[n].payload = payload[i % RTE_DIM(payload)] + (s[n].l3 == 0 ? 28 : 0);
		s[n].seq = n;
		s[n].sport = 1000;
		s[n].dport = 2000;
		len = build_frame(d, &s[n], f);
		pkts[n] = mk_mbuf(f, len, 1);
		padded += len < 60;
		n++;
	}
	send_all(d->p.port[0], pkts, n);
	assert_int_equal(recv_n(d->p.port[1], rx, n, per_q), n);
	/* non-TCP frames are not hashed (RT4|RT6 only): all on the default queue, in order */
	assert_int_equal(per_q[0], n);
	for (i = 0; i < n; i++) {
		len = build_frame(d, &s[i], f);
		want = RTE_MAX(len, 60u);
		assert_int_equal(flat(rx[i], r), want);
		assert_int_equal(rx[i]->data_len, want);
		assert_int_equal(rx[i]->nb_segs, 1);
		assert_int_equal(rx[i]->port, d->p.port[1]);
		assert_memory_equal(r, f, len);
		if (want > len)
			assert_int_equal(r[len], 0);
		if (s[i].l3 == 4) {
			assert_int_equal(rx[i]->packet_type & RTE_PTYPE_L3_MASK,
					 RTE_PTYPE_L3_IPV4_EXT_UNKNOWN);
			assert_int_equal(rx[i]->ol_flags & RTE_MBUF_F_RX_IP_CKSUM_MASK,
					 RTE_MBUF_F_RX_IP_CKSUM_GOOD);
		}
		if (s[i].l4 == IPPROTO_UDP) {
			assert_int_equal(rx[i]->packet_type & RTE_PTYPE_L4_MASK, RTE_PTYPE_L4_UDP);
			assert_int_equal(rx[i]->ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK,
					 RTE_MBUF_F_RX_L4_CKSUM_GOOD);
		}
		if (s[i].l3 == 0)
			assert_int_equal(rx[i]->packet_type, RTE_PTYPE_L2_ETHER);
		bytes += want;
	}
	free_all(rx, n);
	/* stats and xstats: exactly what was sent and received */
	assert_int_equal(rte_eth_stats_get(d->p.port[0], &st0), 0);
	assert_int_equal(rte_eth_stats_get(d->p.port[1], &st1), 0);
	assert_int_equal(st0.opackets, n);
	assert_int_equal(st1.ipackets, n);
	assert_int_equal(st1.ibytes, bytes);
	assert_int_equal(st0.q_opackets[0], n);
	assert_int_equal(st1.q_ipackets[0], n);
	assert_int_equal(st0.oerrors + st1.ierrors + st1.imissed + st1.rx_nombuf, 0);
	assert_int_equal(pmd_xstat(d->p.port[1], "rx_good_packets"), n);
	assert_int_equal(pmd_xstat(d->p.port[1], "rx_good_bytes"), bytes);
	assert_int_equal(pmd_xstat(d->p.port[1], "rx_q0_packets"), n);
	assert_int_equal(pmd_xstat(d->p.port[0], "tx_good_packets"), n);
	assert_int_equal(pmd_xstat(d->p.port[0], "tx_q0_padded_frames"), padded);
	assert_true(padded > 0);
	assert_int_equal(pmd_xstat(d->p.port[1], "mac_rx_good_packets"), n);
	stop_and_check_leaks(d);
}

/*
 * The receive burst takes buffers from the pool as they were freed, not reset (qlxge_rx.c,
 * qlxge_bq_take): what an application left in them must not come back. The pool's free mbufs
 * are dirtied (offset, lengths, flags, hash, VLAN, TX offsets) and freed, then more frames than
 * the rings hold go through, so that the refills post those mbufs: every one received looks as
 * a reset mbuf with the frame's fields set, on the TCP queue (RSS) as on the default one. The
 * sender frees with RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE (the pool's put, no header read): the
 * counters stay exact and the pool is whole after the stop.
 */
static void
test_dp_rx_mbufs_as_reset_fast_free(void **state)
{
	struct dp *d = *state;
	struct rte_eth_conf conf = dp_conf();
	static uint8_t f[MAX_FRAME], r[MAX_FRAME];
	struct rte_mbuf *dirty[1024], *pkts[32], *rx[32];
	struct rte_eth_dev_info info;
	struct rte_eth_stats st0, st1;
	struct fspec s[32];
	const struct fspec *sp;
	uint64_t bytes = 0, sent = 0;
	uint32_t len, flen, want, ptype;
	uint16_t i, j, k, n;

	/* the sender, set up again with fast free */
	assert_int_equal(rte_eth_dev_info_get(d->p.port[0], &info), 0);
	assert_true((info.tx_offload_capa & RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE) != 0);
	assert_int_equal(rte_eth_dev_stop(d->p.port[0]), 0);
	conf.txmode.offloads |= RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE;
	assert_int_equal(pmd_configure(d->p.port[0], NB_RXQ, 1, &conf), 0);
	assert_int_equal(rte_eth_dev_start(d->p.port[0]), 0);
	assert_true(pmd_wait_link(d->p.port[0], true));
	assert_int_equal(rte_eth_stats_reset(d->p.port[0]), 0);
	assert_int_equal(rte_eth_stats_reset(d->p.port[1]), 0);

	for (k = 0; k < 24; k++) {
		/* dirty what the pool hands out next, then give it back as an application would */
		assert_int_equal(rte_pktmbuf_alloc_bulk(pmd_pool(), dirty, RTE_DIM(dirty)), 0);
		for (i = 0; i < RTE_DIM(dirty); i++) {
			struct rte_mbuf *m = dirty[i];

			m->data_off = 7;
			m->data_len = 1234;
			m->pkt_len = 4321;
			m->ol_flags = RTE_MBUF_F_RX_VLAN | RTE_MBUF_F_RX_RSS_HASH |
				      RTE_MBUF_F_RX_L4_CKSUM_BAD;
			m->packet_type = RTE_PTYPE_L4_SCTP;
			m->hash.rss = 0xdeadbeef;
			m->vlan_tci = 0xabc;
			m->port = 77;
			m->l2_len = 5;
		}
		rte_pktmbuf_free_bulk(dirty, RTE_DIM(dirty));
		/* TCP frames (hashed: any queue) and UDP ones (the default queue), 64 bytes up */
		for (n = 0; n < 32; n++) {
			memset(&s[n], 0, sizeof(s[n]));
			s[n].l3 = 4;
			s[n].l4 = n % 2 ? IPPROTO_TCP : IPPROTO_UDP;
			s[n].payload = 18 + (k * 32u + n) % 200;
			s[n].seq = k * 32u + n;
			s[n].sport = (uint16_t)(1000 + n);
			s[n].dport = 2000;
			len = build_frame(d, &s[n], f);
			pkts[n] = mk_mbuf(f, len, 1);
		}
		send_all(d->p.port[0], pkts, n);
		sent += n;
		assert_int_equal(recv_n(d->p.port[1], rx, n, NULL), n);
		for (i = 0; i < n; i++) {
			const struct rte_mbuf *m = rx[i];

			assert_int_equal(m->data_off, RTE_PKTMBUF_HEADROOM);
			assert_int_equal(m->nb_segs, 1);
			assert_null(m->next);
			assert_int_equal(rte_mbuf_refcnt_read(m), 1);
			assert_int_equal(m->port, d->p.port[1]);
			assert_int_equal(m->vlan_tci, 0);
			assert_int_equal(m->ol_flags & RTE_MBUF_F_RX_VLAN, 0);
			assert_int_equal(m->ol_flags & RTE_MBUF_F_RX_IP_CKSUM_MASK,
					 RTE_MBUF_F_RX_IP_CKSUM_GOOD);
			assert_int_equal(m->ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK,
					 RTE_MBUF_F_RX_L4_CKSUM_GOOD);
			assert_int_equal(m->packet_type & RTE_PTYPE_L3_MASK,
					 RTE_PTYPE_L3_IPV4_EXT_UNKNOWN);
			assert_int_equal(m->data_len, m->pkt_len);
			/* frames of a queue arrive in order, not across queues: by protocol and
			 * number */
			len = flat(m, r);
			sp = NULL;
			for (j = 0; j < n && sp == NULL; j++)
				if (r[RTE_ETHER_HDR_LEN + 9] == s[j].l4 &&	/* IP protocol */
				    seq_of(r, &s[j]) == s[j].seq)
					sp = &s[j];
			assert_non_null(sp);
			flen = build_frame(d, sp, f);
			want = RTE_MAX(flen, 60u);
			assert_int_equal(len, want);
			assert_memory_equal(r, f, flen);
			ptype = m->packet_type & RTE_PTYPE_L4_MASK;
			if (sp->l4 == IPPROTO_TCP) {
				assert_int_equal(ptype, RTE_PTYPE_L4_TCP);
				assert_true((m->ol_flags & RTE_MBUF_F_RX_RSS_HASH) != 0);
			} else {
				assert_int_equal(ptype, RTE_PTYPE_L4_UDP);
				assert_int_equal(m->ol_flags & RTE_MBUF_F_RX_RSS_HASH, 0);
				assert_int_equal(m->hash.rss, 0);
			}
			bytes += want;
		}
		free_all(rx, n);
	}
	assert_int_equal(rte_eth_stats_get(d->p.port[0], &st0), 0);
	assert_int_equal(rte_eth_stats_get(d->p.port[1], &st1), 0);
	assert_int_equal(st0.opackets, sent);
	assert_int_equal(st1.ipackets, sent);
	assert_int_equal(st1.ibytes, bytes);
	assert_int_equal(st0.oerrors + st1.ierrors + st1.imissed + st1.rx_nombuf, 0);
	stop_and_check_leaks(d);
}

/* Chains of 2 to 64 segments: inline descriptors and the OAL. */
static void
test_dp_multiseg(void **state)
{
	struct dp *d = *state;
	static uint8_t f[MAX_FRAME], r[MAX_FRAME];
	static const unsigned int segs[] = { 2, 7, 8, 9, 16, 33, 64 };
	struct fspec s = { .l3 = 4, .l4 = IPPROTO_UDP, .payload = 1400, .sport = 3, .dport = 4 };
	struct rte_mbuf *pkts[RTE_DIM(segs)], *rx[RTE_DIM(segs)];
	uint32_t len;
	uint16_t i, n = RTE_DIM(segs);

	for (i = 0; i < n; i++) {
		s.seq = i;
		len = build_frame(d, &s, f);
		pkts[i] = mk_mbuf(f, len, segs[i]);
		assert_int_equal(pkts[i]->nb_segs, segs[i]);
	}
	send_all(d->p.port[0], pkts, n);
	assert_int_equal(recv_n(d->p.port[1], rx, n, NULL), n);
	for (i = 0; i < n; i++) {
		s.seq = i;
		len = build_frame(d, &s, f);
		assert_int_equal(flat(rx[i], r), len);
		assert_memory_equal(r, f, len);
	}
	free_all(rx, n);
	assert_int_equal(pmd_xstat(d->p.port[0], "tx_q0_oal_frames"), 4);
	stop_and_check_leaks(d);
}

/*
 * Chains sent with RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE, which promises one pool and no other
 * reference, not one segment: every segment of every chain goes back to the pool, whether its
 * completion is reclaimed by a later burst, by rte_eth_tx_done_cleanup() or by the stop, and
 * single-segment frames sent among them too (testpmd's txonly with "set txpkts 64,64,128",
 * io forwarding of scattered jumbo frames).
 */
static void
test_dp_multiseg_fast_free(void **state)
{
	struct dp *d = *state;
	struct rte_eth_conf conf = dp_conf();
	static uint8_t f[MAX_FRAME], r[MAX_FRAME];
	static const unsigned int segs[] = { 1, 3, 1, 1, 64, 2, 1, 9, 1, 1, 1, 2 };
	struct fspec s = { .l3 = 4, .l4 = IPPROTO_UDP, .payload = 1400, .sport = 3, .dport = 4 };
	struct rte_mbuf *pkts[RTE_DIM(segs)], *rx[RTE_DIM(segs)];
	uint32_t len;
	uint16_t i, k, n = RTE_DIM(segs);

	assert_int_equal(rte_eth_dev_stop(d->p.port[0]), 0);
	conf.txmode.offloads |= RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE;
	assert_int_equal(pmd_configure(d->p.port[0], NB_RXQ, 1, &conf), 0);
	assert_int_equal(rte_eth_dev_start(d->p.port[0]), 0);
	assert_true(pmd_wait_link(d->p.port[0], true));
	/* more frames than the TX ring holds: later bursts reclaim the earlier chains */
	for (k = 0; k < 300; k++) {
		for (i = 0; i < n; i++) {
			s.seq = k * n + i;
			len = build_frame(d, &s, f);
			pkts[i] = mk_mbuf(f, len, segs[i]);
		}
		send_all(d->p.port[0], pkts, n);
		assert_int_equal(recv_n(d->p.port[1], rx, n, NULL), n);
		for (i = 0; i < n; i++) {
			s.seq = k * n + i;
			len = build_frame(d, &s, f);
			assert_int_equal(flat(rx[i], r), len);
			assert_memory_equal(r, f, len);
		}
		free_all(rx, n);
		if (k % 100 == 99)
			assert_true(rte_eth_tx_done_cleanup(d->p.port[0], 0, 0) >= 0);
	}
	/* the last ones in flight at the stop */
	stop_and_check_leaks(d);
}

/* MTU 9000: jumbo frames sent in segments, received scattered over large buffers. */
static void
test_dp_jumbo_scatter(void **state)
{
	struct dp *d = *state;
	static uint8_t f[MAX_FRAME], r[MAX_FRAME];
	struct fspec s = { .l3 = 4, .l4 = IPPROTO_UDP, .sport = 3, .dport = 4 };
	static const uint32_t payload[] = { 2100, 4000, 8972 };
	struct rte_mbuf *pkts[3], *rx[3];
	struct rte_eth_rxq_info qi;
	uint32_t len;
	uint16_t i;

	assert_int_equal(rte_eth_rx_queue_info_get(d->p.port[1], 0, &qi), 0);
	assert_int_equal(qi.scattered_rx, 1);
	for (i = 0; i < 3; i++) {
		s.seq = i;
		s.payload = payload[i];
		len = build_frame(d, &s, f);
		pkts[i] = mk_mbuf(f, len, (len + 2047) / 2048);
	}
	send_all(d->p.port[0], pkts, 3);
	assert_int_equal(recv_n(d->p.port[1], rx, 3, NULL), 3);
	for (i = 0; i < 3; i++) {
		s.seq = i;
		s.payload = payload[i];
		len = build_frame(d, &s, f);
		assert_true(rx[i]->nb_segs > 1);
		assert_int_equal(rte_pktmbuf_pkt_len(rx[i]), len);
		assert_int_equal(flat(rx[i], r), len);
		assert_memory_equal(r, f, len);
		assert_int_equal(rx[i]->ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK,
				 RTE_MBUF_F_RX_L4_CKSUM_GOOD);
	}
	free_all(rx, 3);
	assert_int_equal(pmd_xstat(d->p.port[1], "rx_q0_unscattered_drops"), 0);
	stop_and_check_leaks(d);
}

/* VLAN: inserted on TX; on RX stripped into vlan_tci, or left in the frame when strip is off. */
static void
test_dp_vlan(void **state)
{
	struct dp *d = *state;
	static uint8_t f[MAX_FRAME], r[MAX_FRAME];
	struct fspec s = { .l3 = 4, .l4 = IPPROTO_UDP, .payload = 300, .sport = 3, .dport = 4 };
	struct rte_mbuf *pkts[1], *rx[1];
	uint16_t tpid, tci;
	uint32_t len;
	int round;

	for (round = 0; round < 2; round++) {
		if (round == 1)
			assert_int_equal(rte_eth_dev_set_vlan_offload(d->p.port[1], 0), 0);
		s.seq = round;
		len = build_frame(d, &s, f);
		pkts[0] = mk_mbuf(f, len, 2);
		pkts[0]->ol_flags = RTE_MBUF_F_TX_VLAN;
		pkts[0]->vlan_tci = TEST_VLAN_TCI;
		send_all(d->p.port[0], pkts, 1);
		assert_int_equal(recv_n(d->p.port[1], rx, 1, NULL), 1);
		if (round == 0) {
			assert_true(rx[0]->ol_flags & RTE_MBUF_F_RX_VLAN);
			assert_true(rx[0]->ol_flags & RTE_MBUF_F_RX_VLAN_STRIPPED);
			assert_int_equal(rx[0]->vlan_tci, TEST_VLAN_TCI);
			assert_int_equal(flat(rx[0], r), len);
			assert_memory_equal(r, f, len);
		} else {
			assert_false(rx[0]->ol_flags & RTE_MBUF_F_RX_VLAN_STRIPPED);
			assert_int_equal(rx[0]->packet_type & RTE_PTYPE_L2_MASK,
					 RTE_PTYPE_L2_ETHER_VLAN);
			assert_int_equal(flat(rx[0], r), len + 4);
			memcpy(&tpid, r + 12, 2);
			memcpy(&tci, r + 14, 2);
			assert_int_equal(rte_be_to_cpu_16(tpid), RTE_ETHER_TYPE_VLAN);
			assert_int_equal(rte_be_to_cpu_16(tci), TEST_VLAN_TCI);
			assert_memory_equal(r, f, 12);
			assert_memory_equal(r + 16, f + 12, len - 12);
		}
		free_all(rx, 1);
	}
	stop_and_check_leaks(d);
}

/* TX checksum offloads (IPv4 header, TCP/UDP over IPv4 and IPv6) checked on the received bytes;
 * RX checksum flags good and bad. */
static void
test_dp_checksums(void **state)
{
	struct dp *d = *state;
	static uint8_t f[MAX_FRAME], r[MAX_FRAME];
	struct fspec s[8];
	struct rte_mbuf *pkts[8], *rx[8];
	struct rte_ipv4_hdr *ip4;
	uint32_t len, l2, l3, l4;
	uint16_t i, n = 4, per_q[NB_RXQ] = { 0 };
	unsigned int k;

	for (i = 0; i < n; i++) {
		memset(&s[i], 0, sizeof(s[i]));
		s[i].l3 = i < 2 ? 4 : 6;
		s[i].l4 = i % 2 ? IPPROTO_UDP : IPPROTO_TCP;
		s[i].payload = 333 + i;
		s[i].seq = i;
		s[i].sport = 4242;
		s[i].dport = 80;
		len = build_frame(d, &s[i], f);
		fspec_lens(&s[i], &l2, &l3, &l4);
		/* spoil every checksum the device is asked to write */
		if (s[i].l3 == 4) {
			ip4 = (struct rte_ipv4_hdr *)(f + l2);
			ip4->hdr_checksum = 0xdead;
		}
		memset(f + l2 + l3 + (s[i].l4 == IPPROTO_TCP ? 16 : 6), 0xee, 2);
		pkts[i] = mk_mbuf_hdr(f, len, l2 + l3 + l4, 2);
		pkts[i]->l2_len = l2;
		pkts[i]->l3_len = l3;
		pkts[i]->l4_len = l4;
		pkts[i]->ol_flags = (s[i].l3 == 4 ? RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM :
						   RTE_MBUF_F_TX_IPV6) |
				    (s[i].l4 == IPPROTO_TCP ? RTE_MBUF_F_TX_TCP_CKSUM :
							       RTE_MBUF_F_TX_UDP_CKSUM);
	}
	send_all(d->p.port[0], pkts, n);
	assert_int_equal(recv_n(d->p.port[1], rx, n, per_q), n);
	for (i = 0; i < n; i++) {
		/* TCP frames may land on any RSS queue: find each by its sequence number */
		for (k = 0; k < n; k++) {
			len = flat(rx[i], r);
			if (seq_of(r, &s[k]) == s[k].seq && rx[i]->pkt_len ==
			    build_frame(d, &s[k], f))
				break;
		}
		assert_true(k < n);
		assert_int_equal(len, build_frame(d, &s[k], f));
		check_cksums(r, &s[k]);
		assert_memory_equal(r, f, len);	/* correct checksums: the very frame we built */
		assert_int_equal(rx[i]->ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK,
				 RTE_MBUF_F_RX_L4_CKSUM_GOOD);
		if (s[k].l3 == 4)
			assert_int_equal(rx[i]->ol_flags & RTE_MBUF_F_RX_IP_CKSUM_MASK,
					 RTE_MBUF_F_RX_IP_CKSUM_GOOD);
		assert_int_equal(rx[i]->packet_type & RTE_PTYPE_L4_MASK,
				 s[k].l4 == IPPROTO_TCP ? RTE_PTYPE_L4_TCP : RTE_PTYPE_L4_UDP);
		assert_int_equal(rx[i]->packet_type & RTE_PTYPE_L3_MASK,
				 s[k].l3 == 4 ? RTE_PTYPE_L3_IPV4_EXT_UNKNOWN :
						 RTE_PTYPE_L3_IPV6_EXT_UNKNOWN);
	}
	free_all(rx, n);

	/* RX: a bad IPv4 header checksum and a bad UDP checksum, no TX offload */
	for (i = 0; i < 2; i++) {
		memset(&s[i], 0, sizeof(s[i]));
		s[i].l3 = 4;
		s[i].l4 = IPPROTO_UDP;
		s[i].payload = 100;
		s[i].seq = 10 + i;
		s[i].bad_ip_cksum = i == 0;
		s[i].bad_l4_cksum = i == 1;
		len = build_frame(d, &s[i], f);
		pkts[i] = mk_mbuf(f, len, 1);
	}
	send_all(d->p.port[0], pkts, 2);
	assert_int_equal(recv_n(d->p.port[1], rx, 2, NULL), 2);
	assert_int_equal(rx[0]->ol_flags & RTE_MBUF_F_RX_IP_CKSUM_MASK, RTE_MBUF_F_RX_IP_CKSUM_BAD);
	assert_int_equal(rx[1]->ol_flags & RTE_MBUF_F_RX_IP_CKSUM_MASK,
			 RTE_MBUF_F_RX_IP_CKSUM_GOOD);
	assert_int_equal(rx[1]->ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK, RTE_MBUF_F_RX_L4_CKSUM_BAD);
	free_all(rx, 2);
	stop_and_check_leaks(d);
}

/* One TSO frame over IPv4 (@v6 false) or IPv6 becomes correctly segmented frames. */
static void
check_tso(struct dp *d, bool v6)
{
	static uint8_t f[MAX_FRAME], r[MAX_FRAME], seg[MAX_FRAME];
	struct fspec s = { .l3 = v6 ? 6 : 4, .l4 = IPPROTO_TCP, .payload = v6 ? 3000 : 4000,
			   .seq = 77, .sport = 5555, .dport = 80 };
	uint16_t mss = v6 ? 1200 : 1000;
	uint16_t nseg = (uint16_t)((s.payload + mss - 1) / mss), i, k;
	struct rte_mbuf *pkts[1], *rx[8];
	uint32_t len, hdr, l2, l3, l4, off, plen;
	struct rte_eth_stats st;
	struct rte_tcp_hdr *tcp;
	struct fspec ss;

	fspec_lens(&s, &l2, &l3, &l4);
	hdr = l2 + l3 + l4;
	len = build_frame(d, &s, f);
	pkts[0] = mk_mbuf_hdr(f, len, hdr, 3);
	pkts[0]->l2_len = l2;
	pkts[0]->l3_len = l3;
	pkts[0]->l4_len = l4;
	pkts[0]->tso_segsz = mss;
	pkts[0]->ol_flags = RTE_MBUF_F_TX_TCP_SEG | RTE_MBUF_F_TX_TCP_CKSUM |
			    (v6 ? RTE_MBUF_F_TX_IPV6 : RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM);
	send_all(d->p.port[0], pkts, 1);
	assert_int_equal(recv_n(d->p.port[1], rx, nseg, NULL), nseg);
	for (i = 0, off = 0; i < nseg; i++, off += plen) {
		plen = RTE_MIN((uint32_t)mss, s.payload - off);
		assert_int_equal(flat(rx[i], r), hdr + plen);
		/* what this segment must be: our headers with its lengths, the payload slice */
		memcpy(seg, f, hdr);
		memcpy(seg + hdr, f + hdr + off, plen);
		ss = s;
		ss.payload = plen;
		if (v6) {
			struct rte_ipv6_hdr *ip = (struct rte_ipv6_hdr *)(r + l2);

			assert_int_equal(rte_be_to_cpu_16(ip->payload_len), l4 + plen);
		} else {
			struct rte_ipv4_hdr *ip = (struct rte_ipv4_hdr *)(r + l2);

			assert_int_equal(rte_be_to_cpu_16(ip->total_length), l3 + l4 + plen);
			assert_int_equal(rte_be_to_cpu_16(ip->packet_id), (uint16_t)(s.seq + i));
		}
		tcp = (struct rte_tcp_hdr *)(r + l2 + l3);
		assert_int_equal(rte_be_to_cpu_32(tcp->sent_seq), 1000000u + s.seq + off);
		if (i + 1 < nseg)
			assert_false(tcp->tcp_flags & RTE_TCP_PSH_FLAG);
		check_cksums(r, &ss);
		assert_memory_equal(r + hdr, seg + hdr, plen);
		assert_memory_equal(r, seg, 12);	/* MAC addresses */
		assert_int_equal(rx[i]->ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK,
				 RTE_MBUF_F_RX_L4_CKSUM_GOOD);
		for (k = 0; k < 1; k++)
			assert_int_equal(rx[i]->port, d->p.port[1]);
	}
	free_all(rx, nseg);
	assert_int_equal(rte_eth_stats_get(d->p.port[0], &st), 0);
	assert_int_equal(st.opackets, 1);
	assert_int_equal(st.obytes, len);
	assert_int_equal(rte_eth_stats_get(d->p.port[1], &st), 0);
	assert_int_equal(st.ipackets, nseg);
}

static void
test_dp_tso_v4(void **state)
{
	check_tso(*state, false);
	stop_and_check_leaks(*state);
}

static void
test_dp_tso_v6(void **state)
{
	check_tso(*state, true);
	stop_and_check_leaks(*state);
}

/* TCP flows: the RSS hash of each (Toeplitz with our key) and flows on 2+ queues. */
static void
test_dp_rss(void **state)
{
	struct dp *d = *state;
	static uint8_t f[MAX_FRAME];
	struct fspec s = { .l3 = 4, .l4 = IPPROTO_TCP, .payload = 64, .dport = 80 };
	struct rte_mbuf *pkts[64], *rx[64];
	uint16_t i, n = 64, per_q[NB_RXQ] = { 0 }, used = 0;
	struct rte_ipv4_tuple t;
	struct rte_ipv4_hdr *ip;
	struct rte_tcp_hdr *tcp;
	uint32_t len;

	for (i = 0; i < n; i++) {
		s.seq = i;
		s.sport = (uint16_t)(1024 + i * 17);
		len = build_frame(d, &s, f);
		pkts[i] = mk_mbuf(f, len, 1);
	}
	send_all(d->p.port[0], pkts, n);
	assert_int_equal(recv_n(d->p.port[1], rx, n, per_q), n);
	for (i = 0; i < n; i++) {
		assert_true(rx[i]->ol_flags & RTE_MBUF_F_RX_RSS_HASH);
		ip = rte_pktmbuf_mtod_offset(rx[i], struct rte_ipv4_hdr *, RTE_ETHER_HDR_LEN);
		tcp = (struct rte_tcp_hdr *)(ip + 1);
		t.src_addr = rte_be_to_cpu_32(ip->src_addr);
		t.dst_addr = rte_be_to_cpu_32(ip->dst_addr);
		t.sport = rte_be_to_cpu_16(tcp->src_port);
		t.dport = rte_be_to_cpu_16(tcp->dst_port);
		assert_int_equal(rx[i]->hash.rss,
				 rte_softrss((uint32_t *)&t, RTE_THASH_V4_L4_LEN, test_key));
	}
	free_all(rx, n);
	for (i = 0; i < NB_RXQ; i++)
		used += per_q[i] != 0;
	assert_true(used >= 2);
	stop_and_check_leaks(d);
}

/*
 * 32 frames no RSS bucket takes (non-IP to the port's address: CAM hit; UDP, which dp_conf()
 * does not hash; non-IP broadcast), RX queue 0 running, stopped at run time, started again:
 * they go to the default queue, which is queue 0 while it runs and queue 1 while it does not
 * (none reaches a stopped queue: no drop event); frames RSS does hash keep their spread.
 */
static void
test_dp_default_queue_follows_queue_stop(void **state)
{
	struct dp *d = *state;
	static uint8_t f[MAX_FRAME];
	struct rte_mbuf *pkts[32], *rx[32];
	uint16_t port = d->p.port[1];
	unsigned int round;
	uint32_t len;
	uint16_t i;

	for (round = 0; round < 3; round++) {
		uint16_t per_q[NB_RXQ] = { 0 };
		uint16_t want = round == 1 ? 1 : 0;	/* the default queue of the round */

		if (round == 1)
			assert_int_equal(rte_eth_dev_rx_queue_stop(port, 0), 0);
		if (round == 2)
			assert_int_equal(rte_eth_dev_rx_queue_start(port, 0), 0);
		for (i = 0; i < RTE_DIM(pkts); i++) {
			struct fspec s = { .l3 = i % 3 == 1 ? 4 : 0, .payload = 64, .seq = i,
					   .sport = 7, .dport = 9 };

			s.l4 = s.l3 != 0 ? IPPROTO_UDP : 0;
			len = build_frame(d, &s, f);
			if (i % 3 == 2)
				memset(f, 0xFF, RTE_ETHER_ADDR_LEN);	/* broadcast */
			pkts[i] = mk_mbuf(f, len, 1);
		}
		send_all(d->p.port[0], pkts, RTE_DIM(pkts));
		assert_int_equal(recv_n(port, rx, RTE_DIM(rx), per_q), RTE_DIM(rx));
		assert_int_equal(per_q[want], RTE_DIM(rx));
		for (i = 0; i < RTE_DIM(rx); i++)
			assert_int_equal(seq_of(rte_pktmbuf_mtod(rx[i], uint8_t *),
						&(struct fspec){ .l3 = i % 3 == 1 ? 4 : 0,
								 .l4 = i % 3 == 1 ? IPPROTO_UDP :
										    0 }), i);
		free_all(rx, RTE_DIM(rx));
	}
	assert_int_equal(pmd_xstat(port, "rx_drop_events"), 0);
	stop_and_check_leaks(d);
}

/*
 * RSS turned off at run time (rte_eth_dev_rss_hash_update with no hash type, testpmd's "port
 * config all rss none"): TCP frames all on queue 0 and without a hash; back on, hashed again.
 */
static void
test_dp_rss_off_no_hash(void **state)
{
	struct dp *d = *state;
	static uint8_t f[MAX_FRAME];
	struct fspec s = { .l3 = 4, .l4 = IPPROTO_TCP, .payload = 64, .dport = 80 };
	struct rte_eth_rss_conf off = { .rss_hf = 0 };
	struct rte_eth_rss_conf on = { .rss_hf = RTE_ETH_RSS_NONFRAG_IPV4_TCP };
	struct rte_mbuf *pkts[32], *rx[32];
	uint16_t port = d->p.port[1];
	unsigned int round;
	uint16_t i;

	for (round = 0; round < 2; round++) {
		uint16_t per_q[NB_RXQ] = { 0 };

		assert_int_equal(rte_eth_dev_rss_hash_update(port, round == 0 ? &off : &on), 0);
		for (i = 0; i < RTE_DIM(pkts); i++) {
			s.seq = i;
			s.sport = (uint16_t)(1024 + i * 17);
			pkts[i] = mk_mbuf(f, build_frame(d, &s, f), 1);
		}
		send_all(d->p.port[0], pkts, RTE_DIM(pkts));
		assert_int_equal(recv_n(port, rx, RTE_DIM(rx), per_q), RTE_DIM(rx));
		for (i = 0; i < RTE_DIM(rx); i++)
			assert_int_equal((rx[i]->ol_flags & RTE_MBUF_F_RX_RSS_HASH) != 0,
					 round == 1);
		if (round == 0)
			assert_int_equal(per_q[0], RTE_DIM(rx));
		else
			assert_true(per_q[0] < RTE_DIM(rx));
		free_all(rx, RTE_DIM(rx));
	}
	stop_and_check_leaks(d);
}

/* Far more frames than the rings hold, in lockstep bursts: order, stats, no leak. */
static void
test_dp_wrap_stats_leak(void **state)
{
	struct dp *d = *state;
	static uint8_t f[MAX_FRAME], r[MAX_FRAME];
	struct fspec s = { .l3 = 4, .l4 = IPPROTO_UDP, .payload = 86, .sport = 1, .dport = 2 };
	struct rte_mbuf *pkts[32], *rx[32];
	struct rte_eth_stats st0, st1;
	uint32_t len = 0, seq = 0, round, i;
	uint16_t per_q[NB_RXQ] = { 0 };
	const uint32_t rounds = 40 * PMD_NB_DESC / 32;	/* 40 times round each ring */

	for (round = 0; round < rounds; round++) {
		for (i = 0; i < 32; i++) {
			s.seq = seq + i;
			len = build_frame(d, &s, f);
			pkts[i] = mk_mbuf(f, len, 1 + i % 3);
		}
		send_all(d->p.port[0], pkts, 32);
		assert_int_equal(recv_n(d->p.port[1], rx, 32, per_q), 32);
		for (i = 0; i < 32; i++) {
			assert_int_equal(flat(rx[i], r), len);
			assert_int_equal(seq_of(r, &s), seq + i);
		}
		free_all(rx, 32);
		seq += 32;
	}
	assert_int_equal(per_q[0], seq);
	assert_int_equal(rte_eth_stats_get(d->p.port[0], &st0), 0);
	assert_int_equal(rte_eth_stats_get(d->p.port[1], &st1), 0);
	assert_int_equal(st0.opackets, seq);
	assert_int_equal(st0.obytes, (uint64_t)seq * len);
	assert_int_equal(st1.ipackets, seq);
	assert_int_equal(st1.ibytes, (uint64_t)seq * len);
	assert_int_equal(st1.q_ipackets[0], seq);
	assert_int_equal(st0.oerrors + st1.ierrors + st1.imissed + st1.rx_nombuf, 0);
	assert_int_equal(pmd_xstat(d->p.port[1], "rx_good_packets"), seq);
	assert_int_equal(pmd_xstat(d->p.port[1], "rx_q0_packets"), seq);
	assert_int_equal(pmd_xstat(d->p.port[1], "rx_q0_bytes"), (uint64_t)seq * len);
	assert_int_equal(pmd_xstat(d->p.port[0], "tx_good_packets"), seq);
	assert_int_equal(pmd_xstat(d->p.port[0], "tx_q0_packets"), seq);
	assert_int_equal(pmd_xstat(d->p.port[1], "mac_rx_good_packets"), seq);
	assert_int_equal(pmd_xstat(d->p.port[0], "mac_tx_packets"), seq);
	/* tx_done_cleanup reclaims what completed: at least the last burst (xmit reclaims only
	 * below the free threshold; its completions are published before the peer receives) */
	assert_true(rte_eth_tx_done_cleanup(d->p.port[0], 0, 0) >= 32);
	assert_int_equal(rte_eth_tx_done_cleanup(d->p.port[0], 0, 0), 0);
	assert_int_equal(rte_eth_stats_reset(d->p.port[1]), 0);
	assert_int_equal(rte_eth_stats_get(d->p.port[1], &st1), 0);
	assert_int_equal(st1.ipackets + st1.ibytes, 0);
	stop_and_check_leaks(d);
}

int
main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup_pair, teardown_pair)
	const struct CMUnitTest tests[] = {
		T(test_dp_bad_mbufs),
		T(test_dp_error_frames),
		T(test_dp_error_frames_filtered),
		T(test_dp_adapter_event_reset),
		T(test_dp_basic),
		T(test_dp_multiseg),
		T(test_dp_multiseg_fast_free),
		T(test_dp_jumbo_scatter),
		T(test_dp_vlan),
		T(test_dp_checksums),
		T(test_dp_tso_v4),
		T(test_dp_tso_v6),
		T(test_dp_rss),
		T(test_dp_default_queue_follows_queue_stop),
		T(test_dp_rss_off_no_hash),
		T(test_dp_wrap_stats_leak),
		T(test_dp_rx_mbufs_as_reset_fast_free),
	};
#undef T

	return cmocka_run_group_tests_name("pmd_datapath", tests, pmd_setup_suite,
					   pmd_teardown_suite);
}
