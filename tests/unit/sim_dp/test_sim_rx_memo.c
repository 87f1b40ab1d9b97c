/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The model's RX shortcuts against the plain classification (lib/qlxge_sim/dataplane/classify.h):
 * the receive batch's memos (a flow's parse and verdict reused for the next frames of the same
 * headers while the tables are unchanged) and the IPv4 fast path must give what
 * sim_rx_classify() gives, on random frames under random table changes. Deterministic
 * (xorshift64 from fixed seeds), so that a failure repeats.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <rte_byteorder.h>
#include <rte_net_crc.h>
#include <rte_thash.h>

#include "sim_rx_env.h"

/* ---- the receive batch's memos ---- */

/* A deterministic pseudo-random sequence (xorshift64), so that a failure repeats. */
static uint64_t
memo_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* A random change of the tables or of the registers classification reads. */
static void
memo_change(struct env *e, uint64_t *x)
{
	static const uint8_t *const macs[] = { my_mac, other_mac, bcast, mc1, mc2 };
	static const uint32_t dsts[] = {
		QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_IDX_DST_CAM_Q, QLXGE_RT_IDX_DST_RSS,
		QLXGE_RT_IDX_DST_DROP,
	};
	uint64_t r = memo_rand(x);
	unsigned int i = (unsigned int)(r >> 8);

	switch (r % 8) {
	case 0: {	/* a CAM entry: address, function, NIC or not, RV, SH, CQ */
		uint32_t out = (uint32_t)(r >> 20) &
			       (QLXGE_CAM_OUT_ROUTE_NIC | QLXGE_CAM_OUT_FUNC_MASK |
				QLXGE_CAM_OUT_CQ_ID_MASK | QLXGE_CAM_OUT_RV | QLXGE_CAM_OUT_SH);

		cam_write(e, i % 4, macs[(r >> 40) % 2], out);
		break;
	}
	case 1:	/* a CAM entry cleared */
		cam_write(e, i % 4, (const uint8_t[6]){ 0 }, 0);
		break;
	case 2:
		mac_write(e, QLXGE_MAC_ADDR_TYPE_MULTI_MAC, i % 4, (r >> 40) & 1 ? mc1 : mc2,
			  (r >> 41) & 1);
		break;
	case 3:
		vlan_enable(e, i % 4, (r >> 40) & 1);
		break;
	case 4: {	/* a NIC-queue slot, plain or inverted, enabled or not */
		uint32_t type = (r >> 40) & 1 ? QLXGE_RT_IDX_TYPE_NICQ :
						QLXGE_RT_IDX_TYPE_NICQ_INV;
		uint32_t w = QLXGE_RT_IDX_WORD(type, i % 16, dsts[(r >> 42) % 4]);

		if ((r >> 44) % 4 != 0)
			w |= QLXGE_RT_IDX_E;
		assert_int_equal(sim_route_write(&e->rt, w, 1u << ((r >> 48) % 32)), 0);
		break;
	}
	case 5:	/* NIC_RCV_CFG: VLAN mode, RV, default CQ */
		e->ctx.nic_rcv_cfg = (uint32_t)(r >> 16) &
				     (QLXGE_NIC_RCV_CFG_VLAN_MASK | QLXGE_NIC_RCV_CFG_RV |
				      QLXGE_NIC_RCV_CFG_DFQ_MASK);
		break;
	case 6:	/* the function and port the frames arrive on; RSS on or off */
		e->ctx.func = (unsigned int)(r >> 16) % 4;
		e->ctx.port = e->ctx.func & 1;
		e->ctx.rss = (r >> 20) & 1 ? &e->rss : NULL;
		break;
	default: {	/* the multicast hash filter: the entry of mc1 or mc2, or another */
		uint32_t h = (uint32_t)(r >> 16) % 4096;

		if ((r >> 41) % 4 != 0)
			h = rte_net_crc_calc((r >> 43) & 1 ? mc1 : mc2, 6, RTE_NET_CRC32_ETH) &
			    4095u;
		assert_int_equal(sim_mac_tables_idx_write(&e->mt, ((r >> 40) & 1 ?
			QLXGE_MAC_ADDR_IDX_E : 0) | QLXGE_MAC_ADDR_IDX_WORD(
			QLXGE_MAC_ADDR_TYPE_MULTI_FLTR, h, 0)), 0);
		break;
	}
	}
}

/*
 * A random frame, mostly of the batch's two flows @p flows (address and tag: bits 2:0 and
 * 7:4, 15:8 of each half): IPv4/IPv6, TCP/UDP, checksums bad or not, oversize or not.
 */
static void
memo_frame(struct env *e, uint64_t *x, uint32_t flows)
{
	static const uint8_t *const macs[] = { my_mac, other_mac, bcast, mc1, mc2 };
	static const enum t_l4 l4s[] = { T_TCP, T_UDP, T_NONE };
	uint64_t r = memo_rand(x);
	uint32_t fl = (r >> 60) == 0 ? (uint32_t)(r >> 44) : (r >> 59) & 1 ? flows >> 16 : flows;
	int vid = (fl >> 4) % 3 == 0 ? -1 : (int)((fl >> 8) % 3);

	t_build(e->buf, &e->f, macs[(fl & 0xF) % 5], vid, (r >> 12) & 1, l4s[(r >> 14) % 3],
		(uint32_t)(r >> 16) % 40, (uint8_t)(r >> 24));
	if ((r >> 32) % 8 == 0)
		e->buf[e->f.l3 + 10] ^= 0x11;	/* IPv4 header checksum (IPv6: a byte) */
	if ((r >> 35) % 8 == 0)
		e->buf[e->f.len - 1] ^= 0x22;	/* the payload: TCP/UDP checksum */
	if ((r >> 38) % 16 == 0)
		e->f.len = 9700;		/* oversize */
}

static void
verdict_equal(const struct sim_rx_verdict *a, const struct sim_rx_verdict *b)
{
	assert_int_equal(a->drop, b->drop);
	assert_int_equal(a->cq_id, b->cq_id);
	assert_int_equal(a->slot, b->slot);
	assert_int_equal(a->dest, b->dest);
	assert_int_equal(a->flags1, b->flags1);
	assert_int_equal(a->flags2, b->flags2);
	assert_int_equal(a->flags3, b->flags3);
	assert_int_equal(a->strip_vlan, b->strip_vlan);
	assert_int_equal(a->vlan_tci, b->vlan_tci);
	assert_int_equal(a->rss_hash, b->rss_hash);
	assert_int_equal(a->rt_bits, b->rt_bits);
	assert_int_equal(a->l3_off, b->l3_off);
	assert_int_equal(a->l4_off, b->l4_off);
	assert_int_equal(a->hdr_len, b->hdr_len);
	assert_int_equal(a->split, b->split);
}

/*
 * The receive pass keeps, for one batch, the last address match and the last routing slot
 * search (filter.h, route.h) and gives them to the frames that follow with the same key: the
 * verdicts must be those of a classification without them, for any tables and frames. Many
 * batches of random frames of a few flows, with random changes of the tables and registers
 * between batches (never inside one: register writes wait for the poll step).
 */
static void
test_rx_memo_equivalent(void **state)
{
	struct env *e = *state;
	struct sim_mac_memo mac_memo;
	struct sim_route_memo route_memo, rt_memo;
	struct sim_rx_verdict plain, memo;
	struct sim_rx_ctx with;
	uint64_t x = 0x9E3779B97F4A7C15ull;
	unsigned int hits = 0, rt_hits = 0, frames = 0;

	e->ctx.fsc = QLXGE_FSC_SH;	/* header split by the CAM entry's SH */
	for (unsigned int b = 0; b < 4000; b++) {
		unsigned int changes = (unsigned int)(memo_rand(&x) % 4);

		uint32_t flows = (uint32_t)memo_rand(&x);

		for (unsigned int c = 0; c < changes; c++)
			memo_change(e, &x);
		with = e->ctx;
		mac_memo.valid = false;
		route_memo.valid = false;
		with.mac_memo = &mac_memo;
		with.route_memo = &route_memo;
		for (unsigned int i = 0; i < 32; i++) {
			uint64_t key;

			memo_frame(e, &x, flows);
			key = mac_memo.key;
			hits += mac_memo.valid && e->f.len >= RTE_ETHER_HDR_LEN &&
				key == (sim_mac_u64_frame(e->buf) |
					(e->buf[12] == 0x81 && e->buf[13] == 0 ?
					 (1ull << 63) | ((uint64_t)(t_rd16(e->buf + 14) &
						QLXGE_IB_MAC_VLAN_ID_MASK) << 48) : 0));
			rt_memo = route_memo;
			assert_int_equal(sim_rx_classify(&e->ctx, e->buf, e->f.len, &plain),
					 sim_rx_classify(&with, e->buf, e->f.len, &memo));
			verdict_equal(&plain, &memo);
			/* the slot and queue of the frame before, without the walk or the
			 * destination's decoding */
			rt_hits += rt_memo.valid && rt_memo.dflt && rt_memo.bits == plain.rt_bits;
			frames++;
		}
	}
	/* the memos were taken, not only filled */
	assert_true(hits > frames / 8);
	assert_true(rt_hits > frames / 64);	/* most go through RSS or CAM slots */
}

/*
 * A frame of a verdict-memo batch: a copy of one of the batch's templates @p tpl (mostly the
 * first: a flow), mostly as
 * it is or damaged where the memo's key must see it (a header byte, the length) and where it
 * must not (the payload: the TCP/UDP checksum then says what it says, or a change that keeps
 * the sum). Returns its length.
 */
static uint32_t
vmemo_frame(uint8_t *fr, uint8_t (*tpl)[256], const struct t_frame *tf, uint64_t *x)
{
	uint64_t r = memo_rand(x);
	unsigned int k = r % 8 < 6 ? 0 : r % 8 - 5;	/* mostly the first */
	const struct t_frame *t = &tf[k];
	uint32_t len = t->len, at;
	uint8_t b = (uint8_t)(1 + (r >> 16) % 255);

	memcpy(fr, tpl[k], 256);
	switch ((r >> 8) % 16) {
	case 0:
		fr[(r >> 24) % t->hdr_len] ^= b;		/* a header byte */
		break;
	case 1:
		if (t->hdr_len < len)				/* a payload byte */
			fr[t->hdr_len + (r >> 24) % (len - t->hdr_len)] ^= b;
		break;
	case 2:
		len = len - 1 - (uint32_t)(r >> 24) % 4;	/* shorter: cut, or padding */
		break;
	case 3:
		len += 1 + (uint32_t)(r >> 24) % 4;		/* longer: trailing bytes */
		break;
	case 4:
		if (t->hdr_len + 4 <= len) {			/* two payload words swapped */
			at = t->hdr_len;
			b = fr[at];
			fr[at] = fr[at + 2];
			fr[at + 2] = b;
			b = fr[at + 1];
			fr[at + 1] = fr[at + 3];
			fr[at + 3] = b;
		}
		break;
	case 5:
		fr[t->hdr_len - 1 - (r >> 24) % 8] ^= b;	/* the header's last bytes */
		break;
	default:
		break;
	}
	return len;
}

/*
 * The receive pass keeps, for one wire burst, the verdict of the last frame that took the
 * IPv4 fast path and was delivered, and gives it to a frame of the same length and headers
 * whose TCP/UDP checksum verifies the same way (classify.h, struct sim_rx_vmemo): the verdict
 * must be that of a classification without any memo, for any tables and frames. Batches of
 * frames copied from three templates (IPv4 mostly, IPv6, TCP, UDP with and without a
 * checksum, tagged or not), damaged in their headers, payloads or lengths, with random
 * changes of the tables, registers and the port's max frame between batches; some frames
 * with a MAC error, which must not take the memo.
 */
static void
test_rx_verdict_memo_equivalent(void **state)
{
	static const uint8_t *const macs[] = { my_mac, other_mac, bcast, mc1, mc2 };
	static const enum t_l4 l4s[] = { T_TCP, T_UDP, T_UDP, T_NONE };
	static uint8_t fr[32][256], tpl[3][256];
	struct env *e = *state;
	struct sim_mac_memo mac_memo;
	struct sim_route_memo route_memo;
	struct sim_rx_vmemo vmemo;
	struct sim_rx_verdict plain, memo, got;
	struct t_frame tf[3];
	struct sim_rx_ctx with;
	uint64_t x = 0x2545F4914F6CDD1Dull;
	unsigned int hits = 0, declined = 0, frames = 0;

	slot(e, 15, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_VALID);	/* promiscuous */
	for (unsigned int b = 0; b < 4000; b++) {
		unsigned int changes = (unsigned int)(memo_rand(&x) % 4);

		for (unsigned int c = 0; c < changes; c++)
			memo_change(e, &x);
		if (memo_rand(&x) % 4 == 0)
			e->ctx.max_frame = memo_rand(&x) % 2 ? 9600 : 90 + memo_rand(&x) % 40;
		e->ctx.fsc = memo_rand(&x) % 2 ? QLXGE_FSC_SH : 0;
		for (unsigned int k = 0; k < 3; k++) {
			uint64_t r = memo_rand(&x);

			t_build(tpl[k], &tf[k], macs[r % 5], (r >> 4) % 3 == 0 ? -1 :
				(int)((r >> 6) % 3), (r >> 8) % 8 == 0, l4s[(r >> 12) % 4],
				(uint32_t)(r >> 16) % 40, (uint8_t)(r >> 24));
			if (tf[k].l4 != 0 && tf[k].hdr_len == tf[k].l4 + 8 && (r >> 32) % 2)
				t_wr16(tpl[k] + tf[k].l4 + 6, 0);	/* UDP without checksum */
			if (tf[k].hdr_len == 0 || tf[k].hdr_len < tf[k].l3)
				tf[k].hdr_len = tf[k].l3;
		}
		with = e->ctx;
		mac_memo.valid = false;
		route_memo.valid = false;
		vmemo.frame = NULL;
		with.mac_memo = &mac_memo;
		with.route_memo = &route_memo;
		with.verdict_memo = &vmemo;
		for (unsigned int i = 0; i < 32; i++) {
			uint32_t len = vmemo_frame(fr[i], tpl, tf, &x);
			uint8_t mac_err = memo_rand(&x) % 16 == 0 ? QLXGE_IB_MAC_FLAGS2_ERR_CRC : 0;
			bool hit = mac_err == 0 && sim_rx_vmemo_get(&vmemo, fr[i], len, &got);

			hits += hit;
			declined += !hit && vmemo.frame != NULL && vmemo.len == len &&
				    memcmp(vmemo.frame, fr[i], vmemo.hdr_len) == 0;
			assert_int_equal(sim_rx_classify_ex(&e->ctx, fr[i], len, mac_err, &plain),
					 sim_rx_classify_ex(&with, fr[i], len, mac_err, &memo));
			verdict_equal(&plain, &memo);
			frames++;
		}
	}
	/* the memo was taken (about a quarter of the frames are IPv4 TCP/UDP and delivered),
	 * and declined for a checksum with the other result */
	assert_true(hits > frames / 16);
	assert_true(declined > frames / 100);
}

/* ---- the IPv4 fast path ---- */

/*
 * A random frame for the fast path and the general parse: IPv4 (mostly) or IPv6, tagged or
 * not, TCP, UDP or neither, with random damage: bad checksums, UDP without one, a fragment,
 * IP options, a total length past the frame or below the header, a TCP data offset too small
 * or too large, the frame cut short, another ethertype or version. Returns the L3 offset.
 */
static uint32_t
fast_frame(struct env *e, uint64_t *x)
{
	static const enum t_l4 l4s[] = { T_TCP, T_UDP, T_NONE };
	uint64_t r = memo_rand(x), d = memo_rand(x);
	bool v6 = (r & 7) == 0;
	uint8_t *ip;

	t_build(e->buf, &e->f, my_mac, (r >> 3) & 1 ? 5 : -1, v6, l4s[(r >> 4) % 3],
		(uint32_t)(r >> 8) % 90, (uint8_t)(r >> 16));
	ip = e->buf + e->f.l3;
	switch ((d >> 4) % 16) {
	case 0:
		ip[10] ^= (uint8_t)(d >> 8);			/* IPv4 header checksum */
		break;
	case 1:
		e->buf[e->f.len - 1] ^= (uint8_t)(d >> 8);	/* the L4 checksum */
		break;
	case 2:
		if (e->f.l4 + 8 <= e->f.len)
			t_wr16(e->buf + e->f.l4 + 6, 0);	/* UDP: none; TCP: a port */
		break;
	case 3:
		t_wr16(ip + 6, (d >> 8) & 1 ? 0x2000 : (uint16_t)((d >> 9) & 0x1FFF));
		break;
	case 4:
		ip[0] = (uint8_t)(0x40 | ((d >> 8) % 16));	/* IHL: options, or too small */
		break;
	case 5:
		t_wr16(ip + 2, (uint16_t)(d >> 8));		/* total length */
		break;
	case 6:
		t_wr16(ip + 2, (uint16_t)(e->f.len - e->f.l3 + (d >> 8) % 3));
		break;
	case 7:
		if (e->f.l4 + 13 <= e->f.len)
			ip[e->f.l4 - e->f.l3 + 12] = (uint8_t)(d >> 8);	/* TCP data offset */
		break;
	case 8:
		e->f.len = e->f.l3 + (uint32_t)(d >> 8) % (e->f.len - e->f.l3 + 1);
		break;
	case 9:
		ip[9] = (uint8_t)(d >> 8);			/* protocol */
		break;
	case 10:
		e->buf[e->f.l3 - 1] ^= (uint8_t)(d >> 8);	/* ethertype */
		break;
	case 11:
		memset(e->buf + e->f.len, (int)(d >> 8), 30);	/* trailing bytes: padding */
		e->f.len += (uint32_t)(d >> 16) % 30;
		break;
	default:
		break;
	}
	return e->f.l3;
}

/*
 * sim_l34_ipv4_plain() is the general parse and checksum verification (sim_l34_parse(),
 * sim_csum_verify()) for the frames it takes: the same L3/L4 facts and the same checksum
 * results, on 200,000 random frames, the common ones and damaged ones; it declines the
 * others (the general path decides those). And sim_csum_sum8() folds as sim_csum_sum() for
 * every length from 8 and any starting sum, and sim_csum_ok() says what the fold says.
 */
static void
test_rx_fast_path_equivalent(void **state)
{
	struct env *e = *state;
	uint64_t x = 0xD1B54A32D192ED03ull;
	unsigned int taken = 0, n = 200000;

	for (unsigned int i = 0; i < n; i++) {
		uint32_t off = fast_frame(e, &x);
		uint16_t et = (uint16_t)t_rd16(e->buf + off - 2);
		struct sim_l34 lg, lf;
		struct sim_csum_res cg, cf;
		struct sim_csum_run run;
		struct sim_csum_at at;

		if (e->f.len < off)
			continue;
		memset(&lf, 0xA5, sizeof(lf));
		memset(&cf, 0xA5, sizeof(cf));
		sim_l34_parse(e->buf, e->f.len, off, et, &lg, &at);
		sim_csum_verify(e->buf + lg.l3_off, e->buf + lg.l4_off, &at, &cg);
		if (!sim_l34_ipv4_plain(e->buf, e->f.len, off, et, &lf, &cf, &run))
			continue;
		taken++;
		assert_int_equal(lf.l3_off, lg.l3_off);
		assert_int_equal(lf.l4_off, lg.l4_off);
		assert_int_equal(lf.hdr_len, lg.hdr_len);
		assert_int_equal(lf.proto, lg.proto);
		assert_int_equal(lf.v4, lg.v4);
		assert_int_equal(lf.v6, lg.v6);
		assert_int_equal(cf.ip_err, cg.ip_err);
		assert_int_equal(cf.l4_checked, cg.l4_checked);
		assert_int_equal(cf.l4_err, cg.l4_err);
	}
	/* the common frame takes it: most of the random frames are plain IPv4 TCP/UDP */
	assert_true(taken > n / 4);

	for (unsigned int i = 0; i < 20000; i++) {
		uint64_t r = memo_rand(&x);
		uint32_t len = 8 + (uint32_t)(r % 200);
		uint64_t sum = (r >> 8) % 4 == 0 ? 0 : memo_rand(&x);

		for (uint32_t k = 0; k < len; k++)
			e->buf[k] = (r >> 16) % 8 == 0 ? 0xFF : (uint8_t)memo_rand(&x);
		assert_int_equal(sim_csum_fold(sim_csum_sum8(e->buf, len, sum)),
				 sim_csum_fold(sim_csum_sum(e->buf, len, sum)));
		assert_int_equal(sim_csum_ok(sim_csum_sum8(e->buf, len, sum)),
				 sim_csum_fold(sim_csum_sum(e->buf, len, sum)) == 0xFFFF);
	}
	/* sim_csum_ok() is the fold's verdict on any sum: multiples of 0xFFFF and their
	 * neighbours, the ends of the range, random values */
	for (unsigned int i = 0; i < 200000; i++) {
		uint64_t r = memo_rand(&x);
		uint64_t k = r % 3 == 0 ? r >> 48 : r >> 16;	/* k * 0xFFFF fits in 64 bits */
		const uint64_t sums[] = {
			k * 0xFFFFull, k * 0xFFFFull + 1, k * 0xFFFFull - 1, r, 0, 0xFFFF,
			UINT64_MAX, UINT64_MAX - 1, 0xFFFF0000ull, 0xFFFFFFFFull,
		};

		for (unsigned int j = 0; j < RTE_DIM(sums); j++)
			assert_int_equal(sim_csum_ok(sums[j]), sim_csum_fold(sums[j]) == 0xFFFF);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_rx_memo_equivalent, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_verdict_memo_equivalent, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_fast_path_equivalent, setup, teardown),
	};

	return cmocka_run_group_tests_name("sim_rx_memo", tests, NULL, NULL);
}
