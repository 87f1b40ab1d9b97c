/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The MAC's burst of the WQ engine (dataplane/xgmac.h sim_xgmac_txb, wire/wire.h sim_wire_txb):
 * frames written into the wire's ring one by one, shown to the far end and counted at the end
 * of the burst. Checked against the general send (sim_xgmac_tx, one frame at a time) on the
 * same frames and the same port states, and through the WQ engine with plain and general IOCBs
 * mixed in one pass, against counters and frames worked out here from §11.
 */

#include <stdarg.h>
#include <assert.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include <rte_byteorder.h>

#include "base/state.h"
#include "dataplane/xgmac.h"
#include "wire/wire.h"
#include "sim_test.h"

static uint64_t t_seed = 0x9E3779B97F4A7C15ull;

static uint32_t
t_rand(void)
{
	/* xorshift64*: deterministic, the same frames on every run */
	t_seed ^= t_seed >> 12;
	t_seed ^= t_seed << 25;
	t_seed ^= t_seed >> 27;
	return (uint32_t)((t_seed * 0x2545F4914F6CDD1Dull) >> 32);
}

/*
 * One adapter whose function 0 has a wire of @p kind (LOOP, or PCAP writing to a temporary file
 * named in @p path) and its link up; nothing polls it after.
 */
static void
t_wire_up(struct st_env *e, enum qlxge_sim_wire_kind kind, char *path)
{
	struct qlxge_sim_wire_cfg w = { .kind = kind };
	struct st_aen_log log = { .n = 0 };

	st_env_init(e, 0);
	if (kind == QLXGE_SIM_WIRE_PCAP) {
		int fd = mkstemp(path);

		assert_true(fd >= 0);
		close(fd);
		w.tx_pcap = path;
	}
	assert_int_equal(qlxge_sim_wire_set(e->fn[0], &w), 0);
	st_aens(e, e->fn[0], &log);
	assert_true(st_aen_seen(&log, QLXGE_AEN_LINK_UP));
	assert_true(e->fn[0]->port.link_up);
}

/* A frame of the mix: lengths around every bucket edge, all destinations, pause, tagged. */
static uint32_t
t_frame(uint8_t *f, uint32_t seq)
{
	static const uint32_t edges[] = { 14, 59, 60, 61, 64, 123, 124, 251, 252, 507, 508,
					  1019, 1020, 1514, 1515, 1518, 1519, 9596, 9597,
					  SIM_FRAME_MAX, SIM_FRAME_MAX + 1 };
	uint32_t r = t_rand() % 100;
	uint32_t len, i;

	if (r < 50)
		len = 60;	/* io forwarding's frame: 64 on the wire */
	else if (r < 60)
		len = 64;
	else if (r < 85)
		len = edges[t_rand() % RTE_DIM(edges)];
	else
		len = 14 + t_rand() % 2000;
	for (i = 0; i < len && i < 64; i++)
		f[i] = (uint8_t)t_rand();
	r = t_rand() % 8;
	if (r == 0)
		memset(f, 0xFF, 6);		/* broadcast */
	else if (r == 1)
		f[0] |= 1;			/* multicast */
	else
		f[0] &= (uint8_t)~1u;		/* unicast */
	r = t_rand() % 8;
	if (r == 0) {
		f[12] = 0x88;			/* pause (MAC control) */
		f[13] = 0x08;
	} else if (r == 1) {
		f[12] = 0x81;			/* one 802.1Q tag: 4 bytes more allowed */
		f[13] = 0x00;
	}
	if (len >= 18)
		memcpy(f + 14, &seq, sizeof(seq));
	return len;
}

/* Take up to @p max frames shown on both wires, the same number from each, compared. */
static unsigned int
t_take_both(struct sim_wire *wa, struct sim_wire *wb, unsigned int max)
{
	const uint8_t *fa[SIM_WIRE_BURST_MAX], *fb[SIM_WIRE_BURST_MAX];
	uint32_t la[SIM_WIRE_BURST_MAX], lb[SIM_WIRE_BURST_MAX];
	unsigned int na, nb, k, i;

	na = sim_wire_rx_burst(wa, 0, fa, la, SIM_WIRE_BURST_MAX);
	nb = sim_wire_rx_burst(wb, 0, fb, lb, SIM_WIRE_BURST_MAX);
	/* the burst shows its frames at its end: the general side may show more */
	assert_true(nb <= na);
	k = RTE_MIN(nb, max);
	for (i = 0; i < k; i++) {
		assert_int_equal(la[i], lb[i]);
		assert_memory_equal(fa[i], fb[i], la[i]);
	}
	sim_wire_rx_burst(wa, k, fa, la, 0);
	sim_wire_rx_burst(wb, k, fb, lb, 0);
	return k;
}

/*
 * 40,000 frames of every kind sent by sim_xgmac_tx() on one adapter and by bursts on another,
 * on LOOP wires (the burst on the wire) and on PCAP wires (frame by frame, counted at once),
 * the port's state (transmitter, link, loopback, max frame) changed between bursts only, as
 * poll steps change it; the far end taking nothing for a while (the ring fills up), then a few
 * frames at random moments, inside bursts too (a burst's stale view of the ring's tail must not
 * refuse a frame that fits): every result, frame, order and counter the same.
 */
static void
t_same_as_each(enum qlxge_sim_wire_kind kind)
{
	char pa[] = "/tmp/qlxge_test_txb_XXXXXX", pb[] = "/tmp/qlxge_test_txb_XXXXXX";
	bool ring = kind == QLXGE_SIM_WIRE_LOOP;
	static const uint32_t max_frames[] = { 0, 1518, 1522, 64, 63, 9600 };
	static uint8_t f[SIM_FRAME_MAX + 64];
	struct st_env ea, eb;
	struct qlxge_sim_func *a, *b;
	struct sim_xgmac_txb txb;
	struct sim_wire_stats sa, sb;
	unsigned int i, n = 0, shown = 0;
	uint32_t seq = 0;

	t_wire_up(&ea, kind, pa);
	t_wire_up(&eb, kind, pb);
	a = ea.fn[0];
	b = eb.fn[0];
	while (n < 40000) {
		/* phases of 2,000 frames: the far end takes nothing (the ring fills up), or takes
		 * a few frames now and then, inside bursts too */
		bool starve = (n / 2000) % 2 == 0;
		/* a poll step's state: the same on both ports, fixed for the burst */
		uint32_t mf = max_frames[t_rand() % RTE_DIM(max_frames)];
		bool tx_en = t_rand() % 16 != 0, link = t_rand() % 16 != 0;
		bool loop = t_rand() % 32 == 0;
		unsigned int burst = 1 + t_rand() % 64;

		a->port.max_frame = b->port.max_frame = mf;
		a->xg.tx_en = b->xg.tx_en = tx_en;
		a->port.link_up = b->port.link_up = link;
		a->port.link_config &= ~(uint32_t)QLXGE_LINK_CFG_LOOPBACK_MASK;
		if (loop)
			a->port.link_config |= QLXGE_LINK_CFG_LOOPBACK_PCS;
		b->port.link_config = a->port.link_config;
		assert_int_equal(sim_port_max_frame(a), sim_port_max_frame(b));
		sim_xgmac_txb_init(&txb, b, sim_port_max_frame(b));
		for (i = 0; i < burst; i++, n++) {
			uint32_t len = t_frame(f, seq++);
			int ra = sim_xgmac_tx(a, f, len);
			int rb = sim_xgmac_txb_send(&txb, f, len);

			assert_int_equal(ra, rb);
			if (!starve && t_rand() % 4 == 0)
				shown += t_take_both(a->wire, b->wire, t_rand() % 8);
			if (t_rand() % 32 == 0)
				sim_xgmac_txb_flush(&txb);	/* a general IOCB's flush */
		}
		sim_xgmac_txb_flush(&txb);
		if (!starve && t_rand() % 4 == 0)
			shown += t_take_both(a->wire, b->wire, t_rand() % 16);
	}
	/* everything the bursts sent is shown now: the rest, frame by frame */
	while (t_take_both(a->wire, b->wire, SIM_WIRE_BURST_MAX) != 0)
		shown++;
	assert_true(!ring || shown > 1000);
	assert_memory_equal(a->xg.cnt, b->xg.cnt, sizeof(a->xg.cnt));
	assert_int_equal(a->cnt.tx_drops_wire, b->cnt.tx_drops_wire);
	assert_int_equal(a->cnt.tx_drops_no_link, b->cnt.tx_drops_no_link);
	assert_int_equal(a->cnt.tx_drops_mac_disabled, b->cnt.tx_drops_mac_disabled);
	sim_wire_stats_get(a->wire, &sa);
	sim_wire_stats_get(b->wire, &sb);
	assert_int_equal(sa.tx_frames, sb.tx_frames);
	assert_int_equal(sa.tx_bytes, sb.tx_bytes);
	assert_int_equal(sa.tx_drops, sb.tx_drops);
	/* the mix reached every outcome: sent, ring full, too long for the wire, no link */
	assert_true(sa.tx_frames > 10000);
	assert_true(!ring || a->cnt.tx_drops_wire > 100);
	assert_true(!ring || sa.tx_drops > a->cnt.tx_drops_wire / 2);
	assert_true(a->cnt.tx_drops_no_link > 0 && a->cnt.tx_drops_mac_disabled > 0);
	assert_true(a->xg.cnt[QLXGE_XGMAC_TX_OVERSIZE_PKTS / 8] > 0);
	assert_true(a->xg.cnt[QLXGE_XGMAC_TX_PAUSE_PKTS / 8] > 0);
	st_env_fini(&ea);
	st_env_fini(&eb);
	if (!ring) {
		unlink(pa);
		unlink(pb);
	}
}

static void
test_txb_same_as_each(void **state)
{
	(void)state;
	t_same_as_each(QLXGE_SIM_WIRE_LOOP);
	t_same_as_each(QLXGE_SIM_WIRE_PCAP);
}

/* The size counter of a frame of @p wl bytes on the wire, 64 to 1518 (§11). */
static uint32_t
t_size_reg(uint32_t wl)
{
	if (wl <= 64)
		return QLXGE_XGMAC_TX_64_PKTS;
	if (wl <= 127)
		return QLXGE_XGMAC_TX_65_127_PKTS;
	if (wl <= 255)
		return QLXGE_XGMAC_TX_128_255_PKTS;
	if (wl <= 511)
		return QLXGE_XGMAC_TX_256_511_PKTS;
	if (wl <= 1023)
		return QLXGE_XGMAC_TX_512_1023_PKTS;
	return QLXGE_XGMAC_TX_1024_1518_PKTS;
}

#define T_WQ_LEN	64u
#define T_IOCBS		60u

/*
 * One pass of the WQ engine over plain frames and IOCBs of the general path (VLAN insertion,
 * a short frame the MAC pads, a frame in two descriptors) mixed: on the far end of a peer
 * cable, the frames in the IOCBs' order with the bytes each asked for; the MAC's counters, read
 * through the registers, those of these frames; every IOCB completed as sent.
 */
static void
test_txb_wq_mixed_pass(void **state)
{
	static const uint8_t kinds[] = { 0, 0, 0, 1, 0, 2, 0, 0, 3 };
	static const uint8_t mcast[6] = { 0x01, 0x00, 0x5E, 0x00, 0x00, 0x01 };
	struct qlxge_sim_wire_cfg w = { .kind = QLXGE_SIM_WIRE_PEER };
	struct st_aen_log log = { .n = 0 };
	uint64_t want[0x400 / 8];
	struct st_env ea, eb;
	struct qlxge_sim_func *a;
	struct st_cq cq;
	struct st_wq wq;
	uint8_t *buf, *exp[T_IOCBS];
	uint32_t exp_len[T_IOCBS];
	uint64_t buf_iova;
	const uint8_t *fr[SIM_WIRE_BURST_MAX];
	uint32_t lens[SIM_WIRE_BURST_MAX];
	unsigned int i, got = 0;

	(void)state;
	memset(want, 0, sizeof(want));
	st_env_init(&ea, 0);
	st_env_init(&eb, 0);
	a = ea.fn[0];
	st_func_up(a);
	st_cq_setup(a, &cq, 1, 128, 2, 0, 0, 0, 0);
	st_wq_setup(a, &wq, 0, T_WQ_LEN, 1);
	w.peer = eb.fn[0];
	assert_int_equal(qlxge_sim_wire_set(a, &w), 0);
	st_aens(&ea, a, &log);
	assert_true(st_aen_seen(&log, QLXGE_AEN_LINK_UP));
	buf = st_dma_alloc(T_IOCBS * 2048, &buf_iova);
	for (i = 0; i < T_IOCBS; i++) {
		struct qlxge_ob_mac_iocb *io =
			(struct qlxge_ob_mac_iocb *)(wq.ring + (size_t)wq.prod * QLXGE_IOCB_SIZE);
		uint8_t kind = kinds[i % RTE_DIM(kinds)];
		uint8_t *f = buf + (size_t)i * 2048;
		uint64_t iova = buf_iova + (size_t)i * 2048;
		uint32_t len = kind == 2 ? 20 + i % 30 : 60 + (t_rand() % 4 == 0 ? i * 20 : 0);
		uint32_t wl;

		exp[i] = calloc(1, 2048);
		assert_non_null(exp[i]);
		st_frame_udp(f, len < 42 ? 42 : len, i % 5 == 4 ? mcast : ea.mac[1], 0);
		memcpy(f + len - 4, &i, sizeof(i));	/* which frame it is */
		memset(io, 0, sizeof(*io));
		io->opcode = QLXGE_OPCODE_OB_MAC_IOCB;
		io->flags1 = QLXGE_OB_MAC_FLAGS1_I;
		io->frame_len = rte_cpu_to_le_16((uint16_t)len);
		io->tid = rte_cpu_to_le_32(1000 + i);
		io->txq_idx = rte_cpu_to_le_32(0xABC00000u);
		io->tbd[0].addr = rte_cpu_to_le_64(iova);
		io->tbd[0].len = rte_cpu_to_le_32(len | QLXGE_TX_BD_E);
		memcpy(exp[i], f, len);
		exp_len[i] = len;
		if (kind == 1) {
			/* VLAN insertion (§7.4): the tag after the addresses */
			io->flags3 = QLXGE_OB_MAC_FLAGS3_V;
			io->vlan_tci = rte_cpu_to_le_16(100 + i);
			memcpy(exp[i], f, 12);
			exp[i][12] = 0x81;
			exp[i][13] = 0x00;
			exp[i][14] = (uint8_t)((100 + i) >> 8);
			exp[i][15] = (uint8_t)(100 + i);
			memcpy(exp[i] + 16, f + 12, len - 12);
			exp_len[i] = len + 4;
		} else if (kind == 2) {
			/* shorter than 60 bytes: padded with zeros by the MAC */
			exp_len[i] = 60;
		} else if (kind == 3) {
			/* two descriptors: 14 bytes, then the rest */
			io->tbd[0].len = rte_cpu_to_le_32(14);
			io->tbd[1].addr = rte_cpu_to_le_64(iova + 14);
			io->tbd[1].len = rte_cpu_to_le_32((len - 14) | QLXGE_TX_BD_E);
		}
		wl = exp_len[i] + 4;
		want[QLXGE_XGMAC_TX_PKTS / 8]++;
		want[QLXGE_XGMAC_TX_BYTES / 8] += wl;
		want[(i % 5 == 4 ? QLXGE_XGMAC_TX_MCAST_PKTS : QLXGE_XGMAC_TX_UCAST_PKTS) / 8]++;
		want[t_size_reg(wl) / 8]++;
		wq.prod = (wq.prod + 1) % wq.len;
	}
	/* all of them in one pass: one doorbell, one step */
	__atomic_store_n((uint32_t *)(a->db + QLXGE_DB_WQ_OFFSET(0) + QLXGE_DB_WQ_PROD_IDX),
			 wq.prod, __ATOMIC_RELEASE);
	st_poll(&ea, 1);
	assert_int_equal(a->wq[0].cons, T_IOCBS);
	while (got < T_IOCBS) {
		unsigned int n = sim_wire_rx_burst(eb.fn[0]->wire, 0, fr, lens,
						   SIM_WIRE_BURST_MAX);

		assert_true(n > 0);
		for (i = 0; i < n; i++, got++) {
			assert_int_equal(lens[i], exp_len[got]);
			assert_memory_equal(fr[i], exp[got], exp_len[got]);
		}
		sim_wire_rx_burst(eb.fn[0]->wire, n, fr, lens, 0);
	}
	assert_int_equal(sim_wire_rx_burst(eb.fn[0]->wire, 0, fr, lens, 1), 0);
	for (i = 0; i < RTE_DIM(want); i++)
		if (want[i] != 0)
			assert_int_equal(st_xgmac_cnt(a, i * 8), want[i]);
	assert_int_equal(st_xgmac_cnt(a, QLXGE_XGMAC_TX_BCAST_PKTS), 0);
	for (i = 0; i < T_IOCBS; i++) {
		const struct qlxge_ob_mac_rsp *r = (const void *)st_cq_next(a, &cq);

		assert_non_null(r);
		assert_int_equal(rte_le_to_cpu_32(r->tid), 1000 + i);
		assert_int_equal(r->flags3 & QLXGE_OB_MAC_RSP_FLAGS3_B, 0);
		assert_int_equal(r->flags1 & QLXGE_OB_MAC_RSP_FLAGS1_E, 0);
		free(exp[i]);
	}
	st_dma_free(buf);
	st_wq_free(&wq);
	st_cq_free(&cq);
	st_env_fini(&ea);
	st_env_fini(&eb);
}

#define T_BP_IOCBS	1500u
#define T_BP_LEN	1514u

/*
 * Back-pressure from a PEER wire whose far end does not receive for a while (its adapter not
 * polled): the WQ engine stops taking IOCBs once the ring has less than SIM_XGMAC_TX_WIRE_ROOM
 * free, and the rest wait on the WQ, none completed "not sent", none dropped; one step of the
 * far end takes every frame on the ring; the WQ then goes on, every IOCB completes as sent, and
 * the far MAC counts every frame. Plain IOCBs and IOCBs of the general path (VLAN insertion).
 */
static void
test_txb_wq_waits_for_the_wire(void **state)
{
	struct qlxge_sim_wire_cfg w = { .kind = QLXGE_SIM_WIRE_PEER };
	struct st_aen_log log = { .n = 0 };
	uint64_t rec = SIM_WIRE_REC_HDR + RTE_ALIGN_CEIL(T_BP_LEN, 8);
	/* IOCBs taken until the room left falls under SIM_XGMAC_TX_WIRE_ROOM: the VLAN-tagged
	 * frames (4 bytes longer) take records of the same size */
	uint32_t fit = (uint32_t)((SIM_WIRE_RING_SIZE - SIM_XGMAC_TX_WIRE_ROOM) / rec) + 1;
	struct st_env ea, eb;
	struct qlxge_sim_func *a, *b;
	struct st_cq cq;
	struct st_wq wq;
	uint8_t *buf;
	uint64_t buf_iova;
	unsigned int i;

	(void)state;
	static_assert(RTE_ALIGN_CEIL(T_BP_LEN, 8) == RTE_ALIGN_CEIL(T_BP_LEN + 4, 8),
		      "tagged and untagged frames take records of one size");
	assert_true(fit < T_BP_IOCBS);
	st_env_init(&ea, 0);
	st_env_init(&eb, 0);
	a = ea.fn[0];
	b = eb.fn[0];
	st_func_up(a);
	st_cq_setup(a, &cq, 1, 2048, 2, 0, 0, 0, 0);
	st_wq_setup(a, &wq, 0, 2048, 1);
	w.peer = b;
	assert_int_equal(qlxge_sim_wire_set(a, &w), 0);
	st_aens(&ea, a, &log);
	assert_true(st_aen_seen(&log, QLXGE_AEN_LINK_UP));
	buf = st_dma_alloc(2048, &buf_iova);
	st_frame_udp(buf, T_BP_LEN, ea.mac[1], 0);
	for (i = 0; i < T_BP_IOCBS; i++) {
		struct qlxge_ob_mac_iocb *io =
			(struct qlxge_ob_mac_iocb *)(wq.ring + (size_t)wq.prod * QLXGE_IOCB_SIZE);

		memset(io, 0, sizeof(*io));
		io->opcode = QLXGE_OPCODE_OB_MAC_IOCB;
		io->flags1 = QLXGE_OB_MAC_FLAGS1_I;
		io->frame_len = rte_cpu_to_le_16((uint16_t)T_BP_LEN);
		io->tid = rte_cpu_to_le_32(i);
		io->tbd[0].addr = rte_cpu_to_le_64(buf_iova);
		io->tbd[0].len = rte_cpu_to_le_32(T_BP_LEN | QLXGE_TX_BD_E);
		if (i % 7 == 3) {
			io->flags3 = QLXGE_OB_MAC_FLAGS3_V;
			io->vlan_tci = rte_cpu_to_le_16(100);
		}
		wq.prod++;
	}
	__atomic_store_n((uint32_t *)(a->db + QLXGE_DB_WQ_OFFSET(0) + QLXGE_DB_WQ_PROD_IDX),
			 wq.prod, __ATOMIC_RELEASE);
	/* 64 IOCBs a step: far more steps than the ring needs to fill */
	st_poll(&ea, 2 * T_BP_IOCBS / 64);
	assert_int_equal(a->wq[0].cons, fit);
	assert_true(a->cnt.tx_wire_waits > 0);
	assert_int_equal(a->cnt.tx_drops_wire, 0);
	assert_int_equal(st_xgmac_cnt(a, QLXGE_XGMAC_TX_PKTS), fit);
	/* one step of the far end takes all of them (its function is not up: the MAC counts
	 * them, no queue takes them) */
	st_poll(&eb, 1);
	assert_int_equal(st_xgmac_cnt(b, QLXGE_XGMAC_RX_PKTS), fit);
	st_poll(&ea, 2 * T_BP_IOCBS / 64);
	assert_int_equal(a->wq[0].cons, T_BP_IOCBS);
	st_poll(&eb, 1);
	assert_int_equal(st_xgmac_cnt(b, QLXGE_XGMAC_RX_PKTS), T_BP_IOCBS);
	assert_int_equal(st_xgmac_cnt(a, QLXGE_XGMAC_TX_PKTS), T_BP_IOCBS);
	assert_int_equal(a->cnt.tx_drops_wire, 0);
	assert_int_equal(a->cnt.tx_errors, 0);
	for (i = 0; i < T_BP_IOCBS; i++) {
		const struct qlxge_ob_mac_rsp *r = (const void *)st_cq_next(a, &cq);

		assert_non_null(r);
		assert_int_equal(rte_le_to_cpu_32(r->tid), i);
		assert_int_equal(r->flags3 & QLXGE_OB_MAC_RSP_FLAGS3_B, 0);
	}
	st_dma_free(buf);
	st_wq_free(&wq);
	st_cq_free(&cq);
	st_env_fini(&ea);
	st_env_fini(&eb);
}

/*
 * The MAC's RX counters of a receive batch (dataplane/xgmac.h, struct sim_xgmac_rx_acc): the
 * packets and bytes of the good frames and the unicast and size-bucket counts of the usual one
 * (unicast, not pause, 64 to 1518 bytes on the wire) kept in the batch and added at its end.
 * The same counters as sim_xgmac_count_rx() one frame at a time (and the FIFO drop counter),
 * on 40,000 frames of the mix (every bucket edge, runts, every destination, pause, tagged),
 * good, with an FCS error, oversize, or dropped for want of a buffer, in batches of 1 to 64.
 */
static void
test_rxacc_same_as_each(void **state)
{
	struct st_env e;
	struct qlxge_sim_func *a, *b;
	uint8_t f[64];

	(void)state;
	st_env_init(&e, 0);
	a = e.fn[0];
	b = e.fn[1];
	memset(a->xg.cnt, 0, sizeof(a->xg.cnt));
	memset(b->xg.cnt, 0, sizeof(b->xg.cnt));
	for (unsigned int n = 0; n < 40000;) {
		struct sim_xgmac_rx_acc acc = { .frames = 0 };
		unsigned int batch = 1 + t_rand() % 64;

		for (unsigned int i = 0; i < batch; i++, n++) {
			uint32_t len = t_frame(f, n);	/* only its first 14 bytes are read */
			uint32_t r = t_rand() % 16;
			bool fcs = r == 0, over = r == 1, fifo = r == 2;

			sim_xgmac_rx(a, &acc, f, len, fcs, over, fifo);
			sim_xgmac_count_rx(b, f, len, fcs, over);
			if (fifo)
				sim_xgmac_count(b, QLXGE_XGMAC_RX_NIC_FIFO_DROP, 1);
		}
		sim_xgmac_rx_flush(a, &acc);
		assert_memory_equal(a->xg.cnt, b->xg.cnt, sizeof(a->xg.cnt));
	}
	/* the mix reached the usual frame's and every other counter */
	assert_true(st_xgmac_cnt(a, QLXGE_XGMAC_RX_64_PKTS) > 1000);
	assert_true(st_xgmac_cnt(a, QLXGE_XGMAC_RX_UCAST_PKTS) > 1000);
	assert_true(st_xgmac_cnt(a, QLXGE_XGMAC_RX_PAUSE_PKTS) > 100);
	assert_true(st_xgmac_cnt(a, QLXGE_XGMAC_RX_1024_1518_PKTS) > 10);
	st_env_fini(&e);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_txb_same_as_each),
		cmocka_unit_test(test_txb_wq_mixed_pass),
		cmocka_unit_test(test_txb_wq_waits_for_the_wire),
		cmocka_unit_test(test_rxacc_same_as_each),
	};

	st_eal();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
