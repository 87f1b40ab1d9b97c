/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * RSS of the 8100 model (dataplane/rss.h): the state CFG.LR loads from the RSS ICB and the
 * hash (§6.5, §16.14, §15 #7).
 *
 * The hash is Toeplitz (the natural reading of §6.5; neither driver names it) computed with
 * DPDK's rte_softrss() on the key as a byte stream in ICB order: key byte k is
 * ipv6_hash_key[k] / ipv4_hash_key[k], the order in which the Linux driver copies the standard
 * key (§15 #7; docs/model-dataplane.md). Toeplitz is linear in its input, so the load builds,
 * for every input byte position and byte value, the hash of that byte alone (with rte_softrss);
 * a frame's hash is then the XOR of one table entry per input byte.
 */

#include <errno.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_ip.h>
#include <rte_thash.h>

#include "base/log.h"
#include "dataplane/rss.h"

/* Hash of input byte @p val alone at byte position @p pos (all other bytes zero). */
static uint32_t
sim_rss_byte_hash(const uint8_t *key, unsigned int pos, unsigned int val)
{
	/* rte_softrss() reads the input as CPU-order words holding the bytes big-endian. */
	uint32_t tuple[RTE_THASH_V6_L4_LEN] = { 0 };

	tuple[pos / 4] = (uint32_t)val << (24 - 8 * (pos % 4));
	return rte_softrss(tuple, pos / 4 + 1, key);
}

static void
sim_rss_build(uint32_t (*tbl)[256], unsigned int nbytes, const uint8_t *key)
{
	for (unsigned int pos = 0; pos < nbytes; pos++) {
		tbl[pos][0] = 0;
		/* linear: the hash of a byte is the XOR of the hashes of its bits */
		for (unsigned int bit = 0; bit < 8; bit++) {
			uint32_t h = sim_rss_byte_hash(key, pos, 1u << bit);
			unsigned int step = 1u << bit;

			for (unsigned int v = 0; v < step; v++)
				tbl[pos][step + v] = tbl[pos][v] ^ h;
		}
	}
}

void
sim_rss_reset(struct sim_rss_state *s)
{
	memset(s, 0, sizeof(*s));
	s->mask = QLXGE_RSS_ICB_MASK_BITS;
}

void
sim_rss_load(struct sim_rss_state *s, const struct qlxge_rss_icb *icb)
{
	uint16_t flags = rte_le_to_cpu_16(icb->flags_base_cq);

	if (flags & QLXGE_RSS_ICB_L4K) {
		memcpy(s->ipv4_key, icb->ipv4_hash_key, sizeof(s->ipv4_key));
		sim_rss_build(s->v4_tbl, RTE_DIM(s->v4_tbl), s->ipv4_key);
	}
	if (flags & QLXGE_RSS_ICB_L6K) {
		memcpy(s->ipv6_key, icb->ipv6_hash_key, sizeof(s->ipv6_key));
		sim_rss_build(s->v6_tbl, RTE_DIM(s->v6_tbl), s->ipv6_key);
	}
	if (flags & QLXGE_RSS_ICB_LI)
		memcpy(s->cq_id, icb->cq_id, sizeof(s->cq_id));
	if (flags & QLXGE_RSS_ICB_LB)
		s->base_cq = flags & QLXGE_RSS_ICB_BASE_CQ_MASK;
	if (flags & QLXGE_RSS_ICB_LM)
		s->mask = rte_le_to_cpu_16(icb->mask) & QLXGE_RSS_ICB_MASK_BITS;
	s->flags = flags & (QLXGE_RSS_ICB_RI4 | QLXGE_RSS_ICB_RT4 | QLXGE_RSS_ICB_RI6 |
			    QLXGE_RSS_ICB_RT6);
	s->loaded = true;
	SIM_TRACE(rx, rss_load, "flags 0x%04x base_cq %u mask 0x%03x", flags, s->base_cq,
		  s->mask);
}

void
sim_rss_store(const struct sim_rss_state *s, struct qlxge_rss_icb *icb)
{
	uint16_t flags = s->flags | s->base_cq | QLXGE_RSS_ICB_L4K | QLXGE_RSS_ICB_L6K |
			 QLXGE_RSS_ICB_LI | QLXGE_RSS_ICB_LB | QLXGE_RSS_ICB_LM;

	icb->flags_base_cq = rte_cpu_to_le_16(flags);
	icb->mask = rte_cpu_to_le_16(s->mask);
	memcpy(icb->cq_id, s->cq_id, sizeof(icb->cq_id));
	memcpy(icb->ipv6_hash_key, s->ipv6_key, sizeof(icb->ipv6_hash_key));
	memcpy(icb->ipv4_hash_key, s->ipv4_key, sizeof(icb->ipv4_hash_key));
}

uint32_t
sim_rss_hash(const struct sim_rss_state *s, bool v6, const uint8_t *input, unsigned int len)
{
	if (v6)
		return sim_rss_hash_bytes(s->v6_tbl, 0, input, RTE_MIN(len, 36u));
	return sim_rss_hash_bytes(s->v4_tbl, 0, input, RTE_MIN(len, 12u));
}
