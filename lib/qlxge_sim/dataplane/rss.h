/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * RSS of a function (§6.5, §16.14, §15 #7): the state CFG.LR loads from the RSS ICB, the
 * Toeplitz hash of a frame and the CQ the indirection table gives it (the RSS step of the
 * classification, dataplane/classify.h).
 */

#ifndef SIM_DATAPLANE_RSS_H
#define SIM_DATAPLANE_RSS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rte_common.h>
#include <rte_ip.h>

#include "qlxge_iocb.h"
#include "qlxge_regs.h"
#include "dataplane/parse.h"

/**
 * RSS state of one function after CFG.LR loads. The key bytes are stored in ICB order; the model
 * takes them as the Toeplitz key byte stream (key byte 0 = ipv6_hash_key[0], i.e. the order the
 * Linux driver writes; §15 #7, docs/model-dataplane.md). The IPv4 types use the 16-byte IPv4 key,
 * the IPv6 types the 40-byte IPv6 key. The tables are derived (per input byte, per byte value)
 * so that a hash costs one lookup per input byte.
 */
struct sim_rss_state {
	bool loaded;			/* at least one CFG.LR was applied */
	uint16_t flags;			/* RI4/RT4/RI6/RT6 of the last load */
	uint8_t base_cq;		/* loaded by LB */
	uint16_t mask;			/* loaded by LM (bits 9:0) */
	uint8_t cq_id[QLXGE_RSS_TABLE_SIZE];		/* loaded by LI */
	uint8_t ipv6_key[QLXGE_RSS_IPV6_KEY_SIZE];	/* loaded by L6K */
	uint8_t ipv4_key[QLXGE_RSS_IPV4_KEY_SIZE];	/* loaded by L4K */
	/* ---- derived ---- */
	uint32_t v4_tbl[12][256];	/* IPv4 key: src(4) dst(4) sport(2) dport(2) */
	uint32_t v6_tbl[36][256];	/* IPv6 key: src(16) dst(16) sport(2) dport(2) */
};

/** Forget every RSS setting (reset state: not loaded, no hashing). */
void sim_rss_reset(struct sim_rss_state *s);

/**
 * Apply one RSS ICB as CFG.LR does: the fields whose load flag (L4K, L6K, LI, LB, LM) is set are
 * loaded; the hash-type enables (RI4, RT4, RI6, RT6) are always taken from the ICB. @p icb is in
 * the card's (little-endian) layout.
 */
void sim_rss_load(struct sim_rss_state *s, const struct qlxge_rss_icb *icb);

/** Write back the current state in ICB layout (for qlxge_sim_rss_get()). */
void sim_rss_store(const struct sim_rss_state *s, struct qlxge_rss_icb *icb);

/** RSS hash types (the values of the completion's flags3 RSS field, §7.7). */
#define SIM_RSS_TYPE_NONE	QLXGE_IB_MAC_FLAGS3_RSS_NONE
#define SIM_RSS_TYPE_IPV6	QLXGE_IB_MAC_FLAGS3_RSS_IPV6
#define SIM_RSS_TYPE_TCP_IPV6	QLXGE_IB_MAC_FLAGS3_RSS_TCP_IPV6
#define SIM_RSS_TYPE_IPV4	QLXGE_IB_MAC_FLAGS3_RSS_IPV4
#define SIM_RSS_TYPE_TCP_IPV4	QLXGE_IB_MAC_FLAGS3_RSS_TCP_IPV4

/**
 * Toeplitz hash of an input in network byte order (addresses then ports, as on the wire) with
 * the loaded IPv4 (@p v6 false; @p len 8 or 12) or IPv6 (@p v6 true; @p len 32 or 36) key.
 */
uint32_t sim_rss_hash(const struct sim_rss_state *s, bool v6, const uint8_t *input,
		      unsigned int len);

/**
 * XOR of the per-byte hashes of @p n input bytes starting at input position @p first. Unrolled:
 * @p n is a constant on the frame path (4, 8 or 32), and the loop's own counting cost as much
 * as its lookups.
 */
static __rte_always_inline uint32_t
sim_rss_hash_bytes(const uint32_t (*tbl)[256], unsigned int first, const uint8_t *p,
		   unsigned int n)
{
	uint32_t h = 0;

#pragma GCC unroll 36
	for (unsigned int i = 0; i < n; i++)
		h ^= tbl[first + i][p[i]];
	return h;
}

/** CQ id the indirection table gives for @p hash: (base CQ + table[hash & mask]) & 0x7F. */
static inline uint8_t
sim_rss_cq(const struct sim_rss_state *s, uint32_t hash)
{
	return (uint8_t)((s->base_cq + s->cq_id[hash & s->mask & (QLXGE_RSS_TABLE_SIZE - 1)]) &
			 QLXGE_QUEUE_ID_MASK);
}

/* RSS type and hash for the enabled types; 0 = no RSS. */
static __rte_always_inline uint8_t
sim_rss_type_hash(const struct sim_rss_state *rss, const uint8_t *frame,
		  const struct sim_l34 *l, uint32_t *hash)
{
	bool tcp = l->proto == IPPROTO_TCP;

	if (!rss->loaded)
		return SIM_RSS_TYPE_NONE;
	if (l->v4) {
		const uint8_t *addrs = frame + l->l3_off + offsetof(struct rte_ipv4_hdr, src_addr);

		if (tcp && (rss->flags & QLXGE_RSS_ICB_RT4)) {
			*hash = sim_rss_hash_bytes(rss->v4_tbl, 0, addrs, 8) ^
				sim_rss_hash_bytes(rss->v4_tbl, 8, frame + l->l4_off, 4);
			return SIM_RSS_TYPE_TCP_IPV4;
		}
		if (rss->flags & QLXGE_RSS_ICB_RI4) {
			*hash = sim_rss_hash_bytes(rss->v4_tbl, 0, addrs, 8);
			return SIM_RSS_TYPE_IPV4;
		}
	} else if (l->v6) {
		const uint8_t *addrs = frame + l->l3_off + offsetof(struct rte_ipv6_hdr, src_addr);

		if (tcp && (rss->flags & QLXGE_RSS_ICB_RT6)) {
			*hash = sim_rss_hash_bytes(rss->v6_tbl, 0, addrs, 32) ^
				sim_rss_hash_bytes(rss->v6_tbl, 32, frame + l->l4_off, 4);
			return SIM_RSS_TYPE_TCP_IPV6;
		}
		if (rss->flags & QLXGE_RSS_ICB_RI6) {
			*hash = sim_rss_hash_bytes(rss->v6_tbl, 0, addrs, 32);
			return SIM_RSS_TYPE_IPV6;
		}
	}
	return SIM_RSS_TYPE_NONE;
}

/**
 * RSS type of a frame whose L3/L4 @p l describes (SIM_RSS_TYPE_*; NONE when the state has no
 * load or the type is not enabled), its hash (*hash, left alone for NONE) and the CQ the
 * indirection table gives that hash (hash 0 for NONE).
 */
static __rte_always_inline uint8_t
sim_rss_frame(const struct sim_rss_state *s, const uint8_t *frame, const struct sim_l34 *l,
	      uint32_t *hash, uint8_t *cq)
{
	uint32_t h = 0;
	uint8_t type = sim_rss_type_hash(s, frame, l, &h);

	if (type != SIM_RSS_TYPE_NONE)
		*hash = h;
	/* a frame without an RSS type still goes to the table's CQ of hash 0 through an RSS
	 * slot (docs/model-dataplane.md) */
	*cq = sim_rss_cq(s, h);
	return type;
}

#endif /* SIM_DATAPLANE_RSS_H */
