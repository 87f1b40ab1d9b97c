/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * RX classification of the 8100 model (§7.7, §12.1, §12.3, §2.15, §6.5, §16.13-16.14): one
 * frame from the wire in, a verdict out (dataplane/verdict.h: drop and why, CQ, completion
 * flags, RSS hash, VLAN strip). The steps, in this order (docs/model-dataplane.md), each taken
 * once, each in the file of its tables:
 *  1. L2 (here): the 802.1Q tag, the ethertype, MAC errors (oversize, injected);
 *  2. addresses and VLAN (filter.h): CAM, broadcast, multicast table and filter; the VLAN mode
 *     of NIC_RCV_CFG with the VLAN table drops here;
 *  3. L3/L4 and their checksums (parse.h);
 *  4. RSS type, hash and CQ (rss.h); an RSS match or a checksum error taken away again from a
 *     frame no slot delivers without them (SIM_RT_DATA_PROPERTIES: a second walk of the
 *     slots, only for such a frame to none of the function's addresses);
 *  5. routing (route.h): the first enabled NIC-queue slot whose mask has a bit of the frame's
 *     classification bits (inverted type: none of them) decides; no slot = dropped.
 * Inline: the receive pass (queues/rx.c) runs it once per frame, and a call's own cost was a
 * tenth of it. Buffers, completions and interrupts are the queues' (queues/).
 */

#ifndef SIM_DATAPLANE_CLASSIFY_H
#define SIM_DATAPLANE_CLASSIFY_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_ether.h>

#include "base/log.h"
#include "dataplane/filter.h"
#include "dataplane/parse.h"
#include "dataplane/route.h"
#include "dataplane/rss.h"
#include "dataplane/verdict.h"

#define SIM_RX_MAX_FRAME_DEFAULT	QLXGE_MAX_FRAME_SIZE

/**
 * Classify one frame of @p len bytes (as on the wire, no FCS, VLAN tag included) arriving on the
 * port of @p ctx. Fills @p v completely.
 * @return v->drop (SIM_RX_DELIVER = 0, or a positive enum sim_rx_drop), -EINVAL on bad args.
 */
int sim_rx_classify(const struct sim_rx_ctx *ctx, const uint8_t *frame, uint32_t len,
		    struct sim_rx_verdict *v);

/**
 * sim_rx_classify() of a frame the MAC received with error @p mac_err (a
 * QLXGE_IB_MAC_FLAGS2_ERR_* value, e.g. ERR_CRC for an injected FCS fault; 0 = none). The error
 * is reported in flags2 and in the ERR/MAC_ERR classification bits, and clears VALID.
 */
int sim_rx_classify_ex(const struct sim_rx_ctx *ctx, const uint8_t *frame, uint32_t len,
		       uint8_t mac_err, struct sim_rx_verdict *v);

/* The drop reason of a routing outcome. */
static inline int
sim_rx_drop_of(enum sim_route_to to)
{
	return to == SIM_ROUTE_CQ ? SIM_RX_DELIVER :
	       to == SIM_ROUTE_NO_SLOT ? SIM_RX_DROP_FILTER : SIM_RX_DROP_SLOT;
}

/*
 * The alternate verdict (an injected L4 checksum fault): the frame of classification bits
 * @p bits and completion flags1 @p f1 with its TCP/UDP checksum field at @p at corrupted, which
 * verifies as @p flip_checked / @p flip_err: TE/NU, the error bits and the routing again. Out
 * of line: the receive pass's common case has no trace of it.
 */
static __rte_noinline __rte_unused void
sim_rx_alt_route(const struct sim_route_table *rt, struct sim_route_queues q, uint32_t bits,
		 uint8_t f1, uint8_t mac_err, bool ip_err, bool flip_checked, bool flip_err,
		 uint16_t at, struct sim_rx_alt *alt)
{
	uint32_t err = mac_err != 0 || ip_err ? QLXGE_RT_DATA_ERR : 0;

	alt->at = at;
	alt->flags1 = f1 & ~(QLXGE_IB_MAC_FLAGS1_TE | QLXGE_IB_MAC_FLAGS1_NU);
	alt->rt_bits = bits & ~(QLXGE_RT_DATA_TU_CSUM_ERR | QLXGE_RT_DATA_ERR);
	if (!flip_checked) {
		alt->flags1 |= QLXGE_IB_MAC_FLAGS1_NU;
	} else if (flip_err) {
		alt->flags1 |= QLXGE_IB_MAC_FLAGS1_TE;
		err |= QLXGE_RT_DATA_TU_CSUM_ERR | QLXGE_RT_DATA_ERR;
	}
	alt->rt_bits |= err;
	alt->cq_id = 0;
	alt->drop = sim_rx_drop_of(sim_route_frame(rt, alt->rt_bits, &q, &alt->slot, &alt->dest,
						   &alt->cq_id, NULL));
	if (alt->drop != SIM_RX_DELIVER && mac_err == QLXGE_IB_MAC_FLAGS2_ERR_OVERSIZE)
		alt->drop = SIM_RX_DROP_OVERSIZE;
}

/*
 * The verdict of a frame of one wire burst, for the frames after it with the same headers
 * (the frames of a flow, as io forwarding and traffic generators send them). What the
 * classification of a frame that takes the IPv4 fast path (sim_l34_ipv4_plain) reads is its
 * length (the oversize check; the IPv4 total length against it), its first hdr_len bytes (the
 * destination address and the tag, the ethertype, the IPv4 header, whose checksum covers only
 * itself, and the TCP/UDP header: ports, data offset, checksum field) and the result of its
 * TCP/UDP checksum (over the payload too), with the batch's context: registers and tables,
 * which cannot change inside a poll step (register writes wait for the adapter lock), and
 * neither a MAC error (an injected FCS fault) nor a corrupted twin (an injected L4 fault).
 * A frame of the same length and the same first hdr_len bytes whose TCP/UDP checksum gives the
 * same result has the same verdict: the memo compares those bytes with the frame it was worked
 * out for, verifies the new frame's checksum (a UDP datagram without one has none), and gives
 * the verdict without the L2, address, parse, RSS and routing steps. Only a delivered verdict
 * is kept (the steps trace a drop). The frame is the one in the wire's ring, unchanged until
 * the receive pass takes the burst off the wire: the pass empties the memo at each burst
 * (queues/rx.c). Zeroed: empty. tests/unit/sim_dp/test_sim_rx_memo.c
 * (test_rx_verdict_memo_equivalent) compares it with the classification without it.
 */
struct sim_rx_vmemo {
	const uint8_t *frame;		/* the frame of the verdict; NULL: empty */
	uint32_t len;
	uint32_t hdr_len;		/* the bytes compared: to the TCP/UDP header's end */
	uint32_t l4_off;
	bool l4_err;			/* its TCP/UDP checksum's result */
	struct sim_csum_run run;	/* and the run it covers (len 0: none verified) */
	struct sim_rx_verdict v;
};

/* 8 bytes at @p off of @p a and @p b XORed: zero when they are the same. */
static __rte_always_inline uint64_t
sim_rx_vmemo_x8(const uint8_t *a, const uint8_t *b, uint32_t off)
{
	uint64_t x, y;

	memcpy(&x, a + off, sizeof(x));
	memcpy(&y, b + off, sizeof(y));
	return x ^ y;
}

/*
 * Are the frames @p a and @p b, of length @p len each, the same in their first @p n bytes,
 * 42 <= n <= len (an Ethernet, an IPv4 and a UDP or TCP header)? 8 bytes a step, the last
 * step the 8 bytes that end the run.
 */
static __rte_always_inline bool
sim_rx_vmemo_same(const uint8_t *a, const uint8_t *b, uint32_t n)
{
	uint64_t d = sim_rx_vmemo_x8(a, b, 0) | sim_rx_vmemo_x8(a, b, 8) |
		     sim_rx_vmemo_x8(a, b, 16) | sim_rx_vmemo_x8(a, b, 24) |
		     sim_rx_vmemo_x8(a, b, 32);

	for (uint32_t off = 40; off + 8 < n; off += 8)
		d |= sim_rx_vmemo_x8(a, b, off);
	return (d | sim_rx_vmemo_x8(a, b, n - 8)) == 0;
}

/*
 * Routing (§12.3): a slot applies to a frame with any of its mask's bits. The bits of the
 * frame's addresses (a CAM hit, broadcast, a multicast match) and VALID (the promiscuous slot)
 * let a frame in; those of its properties (an RSS match and its type, an IP or TCP/UDP checksum
 * error) only qualify a frame that a slot lets in without them. So the RSS slot and the
 * checksum-error slots, which both drivers program ahead of the CAM-hit and promiscuous ones,
 * take the frames to the function's addresses, and every frame in promiscuous mode, but never
 * a frame that no other slot would take: with any IP frame on the wire reaching the host,
 * promiscuous mode would mean nothing with more than one RX queue. An inference
 * (docs/hardware/17-unknowns.md).
 */
#define SIM_RT_DATA_ADDRESSED \
	(QLXGE_RT_DATA_CAM_HIT | QLXGE_RT_DATA_BCAST | QLXGE_RT_DATA_MCAST_MATCH | \
	 QLXGE_RT_DATA_MCAST_REG_MATCH | QLXGE_RT_DATA_MCAST_HASH_MATCH | \
	 QLXGE_RT_DATA_BCAST_MCAST_MATCH)
#define SIM_RT_DATA_PROPERTIES \
	(QLXGE_RT_DATA_RSS_MATCH | QLXGE_RT_DATA_RSS_IPV4 | QLXGE_RT_DATA_RSS_IPV6 | \
	 QLXGE_RT_DATA_RSS_TCP4 | QLXGE_RT_DATA_RSS_TCP6 | QLXGE_RT_DATA_IP_CSUM_ERR | \
	 QLXGE_RT_DATA_TU_CSUM_ERR)

/*
 * Whether a slot delivers a frame of @p bits without their properties: the first that takes
 * it does not drop it (out of line: rare).
 */
static __rte_noinline bool
sim_rx_let_in(const struct sim_route_table *rt, uint32_t bits)
{
	uint32_t idx_word = 0;

	return sim_route_slot(rt, bits & ~SIM_RT_DATA_PROPERTIES, &idx_word) !=
	       SIM_ROUTE_SLOT_NONE &&
	       (idx_word & QLXGE_RT_IDX_DST_MASK) != QLXGE_RT_IDX_DST_DROP;
}

/*
 * The verdict of @p m for the frame @p frame of @p len bytes, if it is that of the memo's
 * frame (see struct sim_rx_vmemo): @return true, *v set.
 */
static __rte_always_inline bool
sim_rx_vmemo_get(const struct sim_rx_vmemo *m, const uint8_t *frame, uint32_t len,
		 struct sim_rx_verdict *v)
{
	if (m->frame == NULL || m->len != len || !sim_rx_vmemo_same(m->frame, frame, m->hdr_len))
		return false;
	if (m->run.len != 0 &&
	    !sim_csum_ok(sim_csum_sum8(frame + m->l4_off, m->run.len, m->run.phdr)) != m->l4_err)
		return false;	/* the other result: classified again */
	*v = m->v;
	return true;
}

/**
 * sim_rx_classify_ex() without the checks of its arguments: the receive pass's own frames and
 * context (every pointer set, @p frame of @p len bytes). @p alt non-NULL (an injected L4
 * checksum fault): also the verdict of the same frame with a corrupted TCP/UDP checksum.
 */
static __rte_always_inline int
sim_rx_classify_frame(const struct sim_rx_ctx *ctx, const uint8_t *frame, uint32_t len,
		      uint8_t mac_err, struct sim_rx_alt *alt, struct sim_rx_verdict *v)
{
	static const uint32_t rss_bits[8] = {
		[SIM_RSS_TYPE_IPV4] = QLXGE_RT_DATA_RSS_IPV4,
		[SIM_RSS_TYPE_TCP_IPV4] = QLXGE_RT_DATA_RSS_TCP4,
		[SIM_RSS_TYPE_IPV6] = QLXGE_RT_DATA_RSS_IPV6,
		[SIM_RSS_TYPE_TCP_IPV6] = QLXGE_RT_DATA_RSS_TCP6,
	};
	const struct sim_mac_match *mp;
	struct sim_route_queues q;
	struct sim_mac_match m;
	bool flip_checked = false, flip_err = false;
	/* the burst's verdict memo: not for a MAC error or a corrupted twin */
	struct sim_rx_vmemo *vm = alt == NULL && mac_err == 0 ? ctx->verdict_memo : NULL;
	struct sim_csum_run run;
	struct sim_csum_res ck;
	struct sim_csum_at at;
	struct sim_l34 l;
	uint32_t bits = 0, max_frame;
	uint32_t off = RTE_ETHER_HDR_LEN;
	enum sim_route_to to;
	uint8_t rss_type;
	uint16_t et;
	bool tagged, fast;

	if (vm != NULL && sim_rx_vmemo_get(vm, frame, len, v))
		return SIM_RX_DELIVER;
	memset(v, 0, sizeof(*v));
	v->slot = SIM_RX_SLOT_NONE;
	if (len < RTE_ETHER_HDR_LEN) {
		v->drop = SIM_RX_DROP_RUNT;
		return v->drop;
	}
	/* a MAC Control frame (PAUSE or another opcode) is the MAC's (IEEE 802.3 clause 31,
	 * docs/hardware/choices.md): counted by it, routed to no queue */
	if (unlikely(frame[12] == 0x88 && frame[13] == 0x08)) {
		v->drop = SIM_RX_DROP_MAC_CONTROL;
		return v->drop;
	}
	max_frame = ctx->max_frame != 0 ? ctx->max_frame : SIM_RX_MAX_FRAME_DEFAULT;

	/* ---- L2 ---- */
	et = (uint16_t)((frame[12] << 8) | frame[13]);
	tagged = et == RTE_ETHER_TYPE_VLAN && len >= RTE_ETHER_HDR_LEN + 4;
	if (tagged) {
		v->vlan_tci = (uint16_t)((frame[14] << 8) | frame[15]);
		et = (uint16_t)((frame[16] << 8) | frame[17]);
		off += 4;
		v->flags2 |= QLXGE_IB_MAC_FLAGS2_V;
	}
	/* the port's max frame counts the FCS, which our wire does not carry; a tagged frame
	 * may be 4 bytes longer (xgmac.h) */
	if (unlikely(len + RTE_ETHER_CRC_LEN > max_frame + (tagged ? 4u : 0u)))
		mac_err = QLXGE_IB_MAC_FLAGS2_ERR_OVERSIZE;
	if (et < 0x0600u)	/* a length: IEEE 802.3 frame */
		bits |= QLXGE_RT_DATA_802_3;
	else if (et == RTE_ETHER_TYPE_LLDP)
		bits |= QLXGE_RT_DATA_LLDP;

	/* ---- addresses and VLAN ---- */
	mp = sim_mac_match_memo(ctx->mac, frame, tagged, v->vlan_tci, ctx->nic_rcv_cfg,
				ctx->func, ctx->port, ctx->mac_memo, &m);
	bits |= mp->bits;
	v->flags1 |= mp->flags1;
	v->flags2 |= mp->flags2;
	if (!mp->pass) {
		v->rt_bits = bits;
		v->drop = SIM_RX_DROP_VLAN;
		SIM_TRACE_DP(ctx, rx, drop_vlan, "port %u tci 0x%04x", ctx->port, v->vlan_tci);
		return v->drop;
	}
	v->strip_vlan = mp->strip;

	/* ---- L3/L4 and checksums ---- */
	/* the common frame (IPv4 without options, TCP or UDP) by fixed offsets, anything else
	 * (and a frame whose corrupted twin is asked for, which needs @p at) by the general
	 * parse */
	at.l4_len = 0;
	at.ck_off = 0;
	fast = likely(alt == NULL) && sim_l34_ipv4_plain(frame, len, off, et, &l, &ck, &run);
	if (!fast) {
		sim_l34_parse(frame, len, off, et, &l, &at);
		sim_csum_verify(frame + l.l3_off, frame + l.l4_off, &at, &ck);
		if (unlikely(alt != NULL))
			sim_csum_verify_flipped(frame + l.l4_off, &at, &flip_checked,
						&flip_err);
	}
	if (l.v4)
		v->flags3 |= QLXGE_IB_MAC_FLAGS3_V4;
	if (l.v6)
		v->flags3 |= QLXGE_IB_MAC_FLAGS3_V6;
	if (l.proto == IPPROTO_TCP)
		v->flags2 |= QLXGE_IB_MAC_FLAGS2_T;
	else if (l.proto == IPPROTO_UDP)
		v->flags2 |= QLXGE_IB_MAC_FLAGS2_U;
	if (ck.ip_err) {
		v->flags1 |= QLXGE_IB_MAC_FLAGS1_IE;
		bits |= QLXGE_RT_DATA_IP_CSUM_ERR | QLXGE_RT_DATA_ERR;
	}
	if (!ck.l4_checked) {
		v->flags1 |= QLXGE_IB_MAC_FLAGS1_NU;
	} else if (ck.l4_err) {
		v->flags1 |= QLXGE_IB_MAC_FLAGS1_TE;
		bits |= QLXGE_RT_DATA_TU_CSUM_ERR | QLXGE_RT_DATA_ERR;
	}
	if (mac_err != 0) {
		v->flags2 |= mac_err & QLXGE_IB_MAC_FLAGS2_ERR_MASK;
		bits |= QLXGE_RT_DATA_MAC_ERR | QLXGE_RT_DATA_ERR;
	} else {
		bits |= QLXGE_RT_DATA_VALID;
	}
	v->l3_off = l.l3_off;
	v->l4_off = l.l4_off;
	v->hdr_len = l.hdr_len;
	v->split = (ctx->fsc & QLXGE_FSC_SH) &&
		   ((ctx->splt_hdr & QLXGE_SPLT_HDR_EP) || (mp->cam_out & QLXGE_CAM_OUT_SH));

	/* ---- RSS ---- */
	q.rss = ctx->rss != NULL;
	q.rss_cq = 0;
	rss_type = ctx->rss != NULL ?
		   sim_rss_frame(ctx->rss, frame, &l, &v->rss_hash, &q.rss_cq) :
		   SIM_RSS_TYPE_NONE;
	if (rss_type != SIM_RSS_TYPE_NONE)
		bits |= QLXGE_RT_DATA_RSS_MATCH | rss_bits[rss_type];
	/* an RSS match, like a checksum error, qualifies a frame let in (SIM_RT_DATA_PROPERTIES):
	 * by its addresses, or by a slot without them (promiscuous, all-multicast); asked only of
	 * a frame that has such a bit and no address of the function's */
	if (unlikely((bits & SIM_RT_DATA_PROPERTIES) != 0 &&
		     (mp->bits & SIM_RT_DATA_ADDRESSED) == 0) &&
	    !sim_rx_let_in(ctx->rt, bits)) {
		bits &= ~SIM_RT_DATA_PROPERTIES;
		rss_type = SIM_RSS_TYPE_NONE;
		v->rss_hash = 0;
		q.rss_cq = 0;
	}
	if (rss_type != SIM_RSS_TYPE_NONE)
		v->flags3 |= rss_type;
	v->rt_bits = bits;

	/* ---- routing ---- */
	q.nic_rcv_cfg = ctx->nic_rcv_cfg;
	q.cam_hit = mp->cam_hit;
	q.cam_out = mp->cam_out;
	to = sim_route_frame(ctx->rt, bits, &q, &v->slot, &v->dest, &v->cq_id, ctx->route_memo);
	if (unlikely(alt != NULL))
		sim_rx_alt_route(ctx->rt, q, bits, v->flags1, mac_err, ck.ip_err, flip_checked,
				 flip_err, at.l4_len != 0 ? (uint16_t)(l.l4_off + at.ck_off) : 0,
				 alt);
	if (to == SIM_ROUTE_CQ) {
		if (vm != NULL && fast) {
			vm->frame = frame;
			vm->len = len;
			vm->hdr_len = l.hdr_len;
			vm->l4_off = l.l4_off;
			vm->l4_err = ck.l4_err;
			vm->run = run;
			vm->v = *v;
		}
		return SIM_RX_DELIVER;
	}
	if (to == SIM_ROUTE_NO_SLOT) {
		v->drop = SIM_RX_DROP_FILTER;
		SIM_TRACE_DP(ctx, rx, drop_filter, "port %u bits 0x%08x", ctx->port, bits);
	} else {
		v->drop = SIM_RX_DROP_SLOT;
		SIM_TRACE_DP(ctx, rx, drop_slot, "port %u slot %u bits 0x%08x", ctx->port,
			     v->slot, bits);
	}
	if (mac_err == QLXGE_IB_MAC_FLAGS2_ERR_OVERSIZE)
		v->drop = SIM_RX_DROP_OVERSIZE;	/* dropped for any reason: counted as oversize */
	return v->drop;
}

#endif /* SIM_DATAPLANE_CLASSIFY_H */
