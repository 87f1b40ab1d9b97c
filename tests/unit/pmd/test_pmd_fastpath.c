/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, fast paths: each against the scalar path it mirrors, on the same input.
 *
 * TX (qlxge_tx.c): a frame asking for no offload, in one segment, of 60 bytes to the MTU's
 * frame takes qlxge_tx_iocb_plain(); the same mbuf with RTE_MBUF_F_TX_IPV4 set (a flag that
 * asks for nothing a MAC IOCB carries) takes qlxge_tx_check() and qlxge_tx_iocb(). Both IOCBs
 * are read in the work queue's ring (the memzone ethdev names eth_p<port>_q<queue>_txq, whose first
 * bytes are the ring, qlxge_tx.c) and must agree byte for byte but for the tid, which is each
 * one's slot. Then the frames of both paths arrive whole (port cabled to itself), counted.
 *
 * RX (qlxge_rx.c): a completion of one small or large buffer with no split header and no error
 * takes qlxge_rx_plain() (its L3/L4 flags from a table) in the non-scattered burst; the
 * scattered burst reads every completion with qlxge_rx_one(). Two ports of two adapters with no
 * cable, one of each kind, are given the same completions, the test playing the device (as
 * tests/fuzz/fuzz_rx_cq.c does: the completion ring, the producer shadow and the buffer queues
 * found through the model's view of the loaded CQ, the frame's bytes written in the buffer the
 * completion names): every combination of the bits the offloads are read from (TE, NU, IE, V,
 * U, T, V4, V6, an RSS type), small and large buffers, VLAN stripping off and on, and a few
 * completions with an error code (dropped and counted by both). The mbufs of the two must be
 * the same: data, lengths, segments, ol_flags, packet type, hash, VLAN TCI. And a completion
 * that breaks the contract (no byte, more than its buffer, longer than the port's max frame, a
 * buffer not posted next) stops both queues at it, counted alike: the fast path's test sends
 * it to the scalar path's checks.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <rte_byteorder.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>
#include <rte_memory.h>
#include <rte_memzone.h>

#include "qlxge_contract.h"
#include "qlxge_sim.h"
#include "pmd_test.h"
#include "rte_pmd_qlxge.h"

#define POLL_ROUNDS	20000	/* x 500 us: 10 s at most, never asserted on */

/* TX queue 1: its index, echoed in the IOCB's txq_idx, is not 0 (a zero would hide one
 * path leaving the field unwritten) */
#define TXQ	1

/* The IOCB in slot @slot of port @port's TX queue TXQ. */
static const uint8_t *
tx_slot(uint16_t port, uint16_t slot)
{
	char name[RTE_MEMZONE_NAMESIZE];
	const struct rte_memzone *mz;

	snprintf(name, sizeof(name), "eth_p%u_q%u_txq", port, TXQ);
	mz = rte_memzone_lookup(name);
	assert_non_null(mz);
	return (const uint8_t *)mz->addr + (size_t)slot * QLXGE_IOCB_SIZE;
}

/* Send @m on queue TXQ of @port; the WQ slot its IOCB took. */
static uint16_t
tx_one(uint16_t port, struct rte_mbuf *m)
{
	struct rte_pmd_qlxge_txq_state ts;

	assert_int_equal(rte_pmd_qlxge_txq_state_get(port, TXQ, &ts), 0);
	assert_int_equal(rte_eth_tx_burst(port, TXQ, &m, 1), 1);
	return ts.wq_producer;
}

static void
test_fastpath_tx_plain_iocb_as_scalar(void **state)
{
	static const uint16_t lens[] = { 60, 61, 64, 100, 128, 1000, 1513, 1514 };
	struct rte_eth_conf conf = { 0 };
	struct rte_eth_stats st;
	struct pmd_pair p;
	struct rte_mbuf *m, *rx[8];
	const struct qlxge_ob_mac_iocb *fast, *scalar;
	unsigned int i, got = 0, round;
	uint16_t port, a, b, nb;
	uint64_t bytes = 0;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "fpath_tx", false), 0);
	port = p.port[0];
	assert_int_equal(pmd_configure(port, 1, TXQ + 1, &conf), 0);
	assert_int_equal(rte_eth_dev_start(port), 0);
	assert_true(pmd_wait_link(port, true));
	assert_int_equal(rte_eth_promiscuous_enable(port), 0);
	for (i = 0; i < RTE_DIM(lens); i++) {
		m = pmd_mk_frame(pmd_pool(), port, lens[i]);
		assert_int_equal(m->nb_segs, 1);
		/* the same buffer for both IOCBs: one reference per send */
		rte_mbuf_refcnt_update(m, 1);
		a = tx_one(port, m);
		m->ol_flags |= RTE_MBUF_F_TX_IPV4;
		b = tx_one(port, m);
		fast = (const struct qlxge_ob_mac_iocb *)tx_slot(port, a);
		scalar = (const struct qlxge_ob_mac_iocb *)tx_slot(port, b);
		assert_int_equal(fast->opcode, QLXGE_OPCODE_OB_MAC_IOCB);
		assert_int_equal(rte_le_to_cpu_32(fast->tid), a);
		assert_int_equal(rte_le_to_cpu_32(scalar->tid), b);
		assert_int_equal(rte_le_to_cpu_32(fast->txq_idx), TXQ);
		/* everything before the tid, everything from the tid's end to the end of the one
		 * descriptor (E set on it) */
		assert_memory_equal(fast, scalar, offsetof(struct qlxge_ob_mac_iocb, tid));
		assert_memory_equal(&fast->txq_idx, &scalar->txq_idx,
				    offsetof(struct qlxge_ob_mac_iocb, tbd[1]) -
				    offsetof(struct qlxge_ob_mac_iocb, txq_idx));
		assert_int_equal(rte_le_to_cpu_32(fast->tbd[0].len), lens[i] | QLXGE_TX_BD_E);
		bytes += 2u * lens[i];
	}
	/* both frames of every length came back */
	for (round = 0; round < POLL_ROUNDS && got < 2 * RTE_DIM(lens); round++) {
		nb = rte_eth_rx_burst(port, 0, rx, RTE_DIM(rx));
		for (i = 0; i < nb; i++) {
			assert_int_equal(rx[i]->pkt_len, lens[got / 2]);
			rte_pktmbuf_free(rx[i]);
			got++;
		}
		if (nb == 0)
			usleep(500);
	}
	assert_int_equal(got, 2 * RTE_DIM(lens));
	assert_int_equal(rte_eth_stats_get(port, &st), 0);
	assert_int_equal(st.opackets, 2 * RTE_DIM(lens));
	assert_int_equal(st.obytes, bytes);
	assert_int_equal(st.oerrors, 0);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	pmd_pair_close(&p);
}

/* ---- RX ----------------------------------------------------------------------------------- */

#define RX_NB_DESC	128
#define RX_CHUNK	16	/* completions per burst: within what a refill keeps posted */

/* A port of its own adapter with no cable, and the device's cursors in its queue 0. */
struct rx_port {
	const char *name, *adapter;
	uint16_t port;
	bool scatter;
	struct qlxge_sim_func *fn;
	uint8_t *ring;
	volatile uint32_t *shadow;
	const uint64_t *bq_ring[2];	/* small, large */
	uint32_t bq_len[2], bq_bsize[2], bq_next[2], prod;
};

static void
rx_port_start(struct rx_port *rp, bool strip)
{
	struct rte_eth_conf conf = { 0 };
	struct qlxge_sim_cq_info ci;
	unsigned int i;

	if (strip)
		conf.rxmode.offloads |= RTE_ETH_RX_OFFLOAD_VLAN_STRIP;
	if (rp->scatter)
		conf.rxmode.offloads |= RTE_ETH_RX_OFFLOAD_SCATTER;
	assert_int_equal(rte_eth_dev_configure(rp->port, 1, 1, &conf), 0);
	assert_int_equal(rte_eth_rx_queue_setup(rp->port, 0, RX_NB_DESC, SOCKET_ID_ANY, NULL,
						pmd_pool()), 0);
	assert_int_equal(rte_eth_tx_queue_setup(rp->port, 0, RX_NB_DESC, SOCKET_ID_ANY, NULL), 0);
	assert_int_equal(rte_eth_dev_start(rp->port), 0);
	assert_int_equal(qlxge_sim_cq_info_get(rp->fn, 0, &ci), 0);
	assert_true(ci.loaded);
	assert_int_equal(ci.len, RX_NB_DESC);
	rp->ring = rte_mem_iova2virt(ci.ring_iova);
	rp->shadow = rte_mem_iova2virt(ci.shadow_iova);
	rp->bq_ring[0] = rte_mem_iova2virt(ci.sbq_ring_iova);
	rp->bq_ring[1] = rte_mem_iova2virt(ci.lbq_ring_iova);
	rp->bq_len[0] = ci.sbq_len;
	rp->bq_len[1] = ci.lbq_len;
	rp->bq_bsize[0] = ci.sbq_bsize;
	rp->bq_bsize[1] = ci.lbq_bsize;
	assert_non_null(rp->ring);
	assert_non_null((const void *)rp->shadow);
	for (i = 0; i < 2; i++) {
		assert_non_null(rp->bq_ring[i]);
		rp->bq_next[i] = 0;
	}
	rp->prod = 0;
}

static void
rx_port_open(struct rx_port *rp)
{
	struct qlxge_sim_adapter *ad;
	char args[64];

	snprintf(args, sizeof(args), "adapter=%s,wire=none", rp->adapter);
	assert_int_equal(pmd_probe(rp->name, args, &rp->port), 0);
	ad = qlxge_sim_adapter_find(rp->adapter);
	assert_non_null(ad);
	rp->fn = qlxge_sim_func(ad, 0);
	qlxge_sim_adapter_put(ad);	/* the port holds one */
}

/*
 * Completion @c of the sequence, written by the device at the port's next entry: its frame in
 * the next buffer of the queue it names, the bytes a function of @c.
 */
static void
rx_post(struct rx_port *rp, unsigned int c)
{
	struct qlxge_ib_mac_rsp *rsp =
		(struct qlxge_ib_mac_rsp *)(rp->ring + (size_t)rp->prod * QLXGE_CQE_SIZE);
	unsigned int large = (c >> 9) & 1, i;
	uint32_t dlen = 60 + c % 200;
	uint64_t addr;
	uint8_t *buf;

	addr = rte_le_to_cpu_64(rp->bq_ring[large][rp->bq_next[large]]);
	rp->bq_next[large] = (rp->bq_next[large] + 1) % rp->bq_len[large];
	buf = rte_mem_iova2virt(addr);
	assert_non_null(buf);
	for (i = 0; i < dlen; i++)
		buf[i] = (uint8_t)(c * 7 + i);
	memset(rsp, 0, sizeof(*rsp));
	rsp->opcode = QLXGE_OPCODE_IB_MAC_IOCB;
	/* TE, NU, IE */
	rsp->flags1 = (uint8_t)((c & 0x7) << 2);
	/* V, U, T; every 61st with an error code (a code error, which the queue counts; a bad
	 * FCS is the MAC's, qlxge_rx_mac_counted): both paths drop and count it */
	rsp->flags2 = (uint8_t)((((c >> 3) & 1) ? QLXGE_IB_MAC_FLAGS2_V : 0) |
				(((c >> 4) & 3) << 5));
	if (c % 61 == 60)
		rsp->flags2 |= QLXGE_IB_MAC_FLAGS2_ERR_CODE;
	/* V4, V6, an RSS type, the buffer queue */
	rsp->flags3 = (uint8_t)((((c >> 6) & 3) << 3) |
				(((c >> 8) & 1) ? QLXGE_IB_MAC_FLAGS3_RSS_TCP_IPV4 : 0) |
				(large ? QLXGE_IB_MAC_FLAGS3_DL : QLXGE_IB_MAC_FLAGS3_DS));
	rsp->data_len = rte_cpu_to_le_32(dlen);
	rsp->data_addr = rte_cpu_to_le_64(addr);
	rsp->rss = rte_cpu_to_le_32(0x9e3779b9u * (c + 1));
	rsp->vlan_id = rte_cpu_to_le_16((uint16_t)((c * 37) & 0xfff));
	rp->prod = (rp->prod + 1) % RX_NB_DESC;
}

/* Publish what was posted (the device's shadow write) and receive it, bounded. */
static uint16_t
rx_take(struct rx_port *rp, struct rte_mbuf **m, uint16_t want)
{
	unsigned int round;
	uint16_t got = 0;

	/* release: the entries and buffers before the producer, as the device's shadow write */
	__atomic_store_n(rp->shadow, rte_cpu_to_le_32(rp->prod), __ATOMIC_RELEASE);
	for (round = 0; round < 16 && got < want; round++)
		got += rte_eth_rx_burst(rp->port, 0, m + got, want - got);
	return got;
}

static void
rx_same_mbuf(const struct rte_mbuf *f, const struct rte_mbuf *s)
{
	assert_int_equal(f->nb_segs, 1);
	assert_int_equal(s->nb_segs, 1);
	assert_null(f->next);
	assert_null(s->next);
	assert_int_equal(f->pkt_len, s->pkt_len);
	assert_int_equal(f->data_len, s->data_len);
	assert_int_equal(f->data_off, s->data_off);
	assert_int_equal(f->ol_flags, s->ol_flags);
	assert_int_equal(f->packet_type, s->packet_type);
	assert_int_equal(f->hash.rss, s->hash.rss);
	assert_int_equal(f->vlan_tci, s->vlan_tci);
	assert_int_equal(rte_mbuf_refcnt_read(f), rte_mbuf_refcnt_read(s));
	assert_memory_equal(rte_pktmbuf_mtod(f, const void *), rte_pktmbuf_mtod(s, const void *),
			    f->data_len);
}

static void
test_fastpath_rx_plain_mbufs_as_scalar(void **state)
{
	struct rx_port rp[2] = {
		{ .name = "net_qlxge_sim_fprx_fast", .adapter = "fprxf", .scatter = false },
		{ .name = "net_qlxge_sim_fprx_scat", .adapter = "fprxs", .scatter = true },
	};
	struct rte_mbuf *m[2][RX_CHUNK];
	struct rte_eth_stats st[2];
	unsigned int strip, c, i, k, delivered = 0, in_use = rte_mempool_in_use_count(pmd_pool());
	uint16_t got[2];

	(void)state;
	for (k = 0; k < 2; k++)
		rx_port_open(&rp[k]);
	for (strip = 0; strip < 2; strip++) {
		for (k = 0; k < 2; k++)
			rx_port_start(&rp[k], strip != 0);
		/* 1024 completions: 3 flags1 bits x 3 flags2 bits x V4/V6 x RSS x DS/DL */
		for (c = 0; c < 1024; c += RX_CHUNK) {
			unsigned int want = 0;

			for (i = c; i < c + RX_CHUNK; i++)
				want += i % 61 != 60;
			for (k = 0; k < 2; k++) {
				for (i = c; i < c + RX_CHUNK; i++)
					rx_post(&rp[k], i);
				got[k] = rx_take(&rp[k], m[k], RX_CHUNK);
				assert_int_equal(got[k], want);
			}
			for (i = 0; i < got[0]; i++) {
				assert_int_equal(m[0][i]->port, rp[0].port);
				assert_int_equal(m[1][i]->port, rp[1].port);
				rx_same_mbuf(m[0][i], m[1][i]);
			}
			delivered += got[0];
			for (k = 0; k < 2; k++)
				rte_pktmbuf_free_bulk(m[k], got[k]);
		}
		for (k = 0; k < 2; k++) {
			assert_int_equal(rte_eth_stats_get(rp[k].port, &st[k]), 0);
			assert_int_equal(rte_eth_dev_stop(rp[k].port), 0);
		}
		assert_int_equal(st[0].ipackets, st[1].ipackets);
		assert_int_equal(st[0].ibytes, st[1].ibytes);
		assert_int_equal(st[0].ierrors, st[1].ierrors);
		assert_true(st[0].ierrors > 0);
	}
	assert_int_equal(delivered, 2 * (1024 - 1024 / 61));
	for (k = 0; k < 2; k++)
		assert_int_equal(pmd_remove(rp[k].name), 0);
	assert_int_equal(rte_mempool_in_use_count(pmd_pool()), in_use);
}

/* What makes a one-buffer completion break the contract (qlxge_rx_one's checks). */
enum rx_bad {
	RX_BAD_ZERO_LEN,	/* no byte */
	RX_BAD_OVER_BUFFER,	/* more bytes than the buffer holds */
	RX_BAD_OVER_MAX,	/* longer than the port's max frame, no error code */
	RX_BAD_ADDR,		/* not the buffer posted next */
	RX_BAD_MAX
};

/* Completion @c as rx_post() writes it, then spoiled as @bad says. */
static void
rx_post_bad(struct rx_port *rp, unsigned int c, enum rx_bad bad)
{
	uint32_t at = rp->prod;
	struct qlxge_ib_mac_rsp *rsp =
		(struct qlxge_ib_mac_rsp *)(rp->ring + (size_t)at * QLXGE_CQE_SIZE);

	rx_post(rp, c);
	switch (bad) {
	case RX_BAD_ZERO_LEN:
		rsp->data_len = 0;
		break;
	case RX_BAD_OVER_BUFFER:
		rsp->data_len = rte_cpu_to_le_32(rp->bq_bsize[(c >> 9) & 1] + 1);
		break;
	case RX_BAD_OVER_MAX:
		/* within the buffer (2 KiB mbufs), beyond the 1500-byte MTU's 1518 bytes */
		rsp->data_len = rte_cpu_to_le_32(RTE_ETHER_MAX_LEN + 8);
		break;
	default:
		rsp->data_addr = rte_cpu_to_le_64(rte_le_to_cpu_64(rsp->data_addr) + 64);
		break;
	}
}

/*
 * The fast path's tests are the scalar path's: a completion that breaks the contract takes the
 * scalar path, which stops the queue there and counts it, on both ports alike.
 */
static void
test_fastpath_rx_malformed_as_scalar(void **state)
{
	struct rx_port rp[2] = {
		{ .name = "net_qlxge_sim_fpbad_fast", .adapter = "fpbadf", .scatter = false },
		{ .name = "net_qlxge_sim_fpbad_scat", .adapter = "fpbads", .scatter = true },
	};
	struct rte_pmd_qlxge_rxq_state st[2];
	struct rte_mbuf *m[RX_CHUNK];
	unsigned int bad, k, i;
	uint64_t id, val;

	(void)state;
	for (k = 0; k < 2; k++)
		rx_port_open(&rp[k]);
	for (bad = 0; bad < RX_BAD_MAX; bad++) {
		for (k = 0; k < 2; k++) {
			rx_port_start(&rp[k], false);
			/* three good ones (small buffers: c < 512), then the bad one */
			for (i = 0; i < 3; i++)
				rx_post(&rp[k], i);
			rx_post_bad(&rp[k], 3, (enum rx_bad)bad);
			assert_int_equal(rx_take(&rp[k], m, RX_CHUNK), 3);
			rte_pktmbuf_free_bulk(m, 3);
			assert_int_equal(rte_pmd_qlxge_rxq_state_get(rp[k].port, 0, &st[k]), 0);
			assert_int_equal(st[k].stalled, 1);
			assert_int_equal(st[k].cq_consumer, 3);
			assert_int_equal(rte_eth_xstats_get_id_by_name(rp[k].port,
					 "rx_q0_malformed_completions", &id), 0);
			assert_int_equal(rte_eth_xstats_get_by_id(rp[k].port, &id, &val, 1), 1);
			/* one more each round: the counters run on across a reset */
			assert_int_equal(val, bad + 1);
			/* the documented recovery: stop, reset (it asked for one) */
			assert_int_equal(rte_eth_dev_stop(rp[k].port), 0);
			assert_int_equal(rte_eth_dev_reset(rp[k].port), 0);
		}
	}
	for (k = 0; k < 2; k++)
		assert_int_equal(pmd_remove(rp[k].name), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fastpath_tx_plain_iocb_as_scalar),
		cmocka_unit_test(test_fastpath_rx_plain_mbufs_as_scalar),
		cmocka_unit_test(test_fastpath_rx_malformed_as_scalar),
	};

	return cmocka_run_group_tests_name("pmd_fastpath", tests, pmd_setup_suite,
					   pmd_teardown_suite);
}
