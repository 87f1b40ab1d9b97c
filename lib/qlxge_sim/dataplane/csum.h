/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Internet checksums (RFC 1071) of the data plane: the one's-complement sum and its fold, used
 * by the TX engine's offloads and the RX verification (§7.4, §7.7). The sum takes 8 bytes a step
 * (docs/model-dataplane.md, "Checksums": why not rte_raw_cksum's 2-byte steps here).
 */

#ifndef SIM_DATAPLANE_CSUM_H
#define SIM_DATAPLANE_CSUM_H

#include <stdint.h>
#include <string.h>

/* One's-complement 64-bit add: the carry out of bit 63 comes back in at bit 0. */
static inline uint64_t
sim_csum_add(uint64_t sum, uint64_t x)
{
	sum += x;
	return sum + (sum < x);
}

/*
 * One's-complement sum of @p len bytes in CPU order, as rte_raw_cksum() computes it, 8 bytes
 * per step (the 2-byte steps of rte_raw_cksum() were a third of the cost of classifying a small
 * frame). A one's-complement sum of 64-bit words folds to the same 16-bit value as the sum of
 * its 16-bit words (2^16 = 1 modulo 0xFFFF; the end-around fold gives the same representative,
 * 0 only for an all-zero input). Unfolded: add more, then sim_csum_fold().
 */
static inline uint64_t
sim_csum_sum(const void *buf, uint32_t len, uint64_t sum)
{
	const uint8_t *p = buf;
	uint64_t q;
	uint32_t w;
	uint16_t h;

	for (; len >= 16; p += 16, len -= 16) {
		uint64_t q1;

		memcpy(&q, p, sizeof(q));
		memcpy(&q1, p + 8, sizeof(q1));
		sum = sim_csum_add(sim_csum_add(sum, q), q1);
	}
	if (len >= 8) {
		memcpy(&q, p, sizeof(q));
		sum = sim_csum_add(sum, q);
		p += 8;
		len -= 8;
	}
	if (len >= 4) {
		memcpy(&w, p, sizeof(w));
		sum = sim_csum_add(sum, w);
		p += 4;
		len -= 4;
	}
	if (len >= 2) {
		memcpy(&h, p, sizeof(h));
		sum = sim_csum_add(sum, h);
		p += 2;
		len -= 2;
	}
	/* the last odd byte, as the first byte of a zero-padded 16-bit word */
#if RTE_BYTE_ORDER == RTE_LITTLE_ENDIAN
	if (len != 0)
		sum = sim_csum_add(sum, *p);
#else
	if (len != 0)
		sum = sim_csum_add(sum, (uint64_t)*p << 8);
#endif
	return sum;
}

/* Fold a 64-bit one's-complement sum to 16 bits (end-around carry at each step). */
static inline uint16_t
sim_csum_fold(uint64_t sum)
{
	uint32_t s32 = (uint32_t)sum;

	s32 += (uint32_t)(sum >> 32);
	s32 += s32 < (uint32_t)(sum >> 32);
	s32 = (s32 >> 16) + (s32 & 0xFFFFu);
	s32 = (s32 >> 16) + (s32 & 0xFFFFu);
	return (uint16_t)s32;
}

#endif /* SIM_DATAPLANE_CSUM_H */
