/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Internet checksums (RFC 1071) of the data plane: the one's-complement sum and its fold, used
 * by the TX engine's offloads (§7.4), and the verification of a received frame's checksums
 * (§7.7) the parse found (dataplane/parse.h). The sum takes 8 bytes a step
 * (docs/model-dataplane.md, "Checksums": why not rte_raw_cksum's 2-byte steps here).
 */

#ifndef SIM_DATAPLANE_CSUM_H
#define SIM_DATAPLANE_CSUM_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_common.h>

/* One's-complement 64-bit add: the carry out of bit 63 comes back in at bit 0. */
static __rte_always_inline uint64_t
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
static __rte_always_inline uint64_t
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

/*
 * sim_csum_sum() of @p len >= 8 bytes, its last len % 8 bytes added as one word: the 8 bytes
 * that end the run, loaded at once and shifted so that the first of those bytes comes first
 * (no byte beyond the run is read). The word is a different number from the 4-, 2- and 1-byte
 * words sim_csum_sum() adds for the same bytes, with the same value modulo 0xFFFF (2^16, 2^32
 * and 2^48 are 1 modulo 0xFFFF), which is all that the fold keeps, and it is 0 only when those
 * bytes are: the same folded sum, in a third of the tail's instructions.
 */
static __rte_always_inline uint64_t
sim_csum_sum8(const void *buf, uint32_t len, uint64_t sum)
{
	const uint8_t *p = buf, *end = p + (len & ~7u);
	uint32_t r = len % 8;
	uint64_t q;

	/* 8 bytes a step to the last whole word: a header-sized run is a few of them, and a
	 * loop of 16-byte steps costs more to enter than it saves */
	do {
		memcpy(&q, p, sizeof(q));
		sum = sim_csum_add(sum, q);
		p += 8;
	} while (p < end);
	if (r != 0) {
		/* the run's last 8 bytes, from its start: the loop's pointer is not needed */
		memcpy(&q, (const uint8_t *)buf + len - 8, sizeof(q));
#if RTE_BYTE_ORDER == RTE_LITTLE_ENDIAN
		q >>= 8 * (8 - r);
#else
		q <<= 8 * (8 - r);
#endif
		sum = sim_csum_add(sum, q);
	}
	return sum;
}

/* Fold a 64-bit one's-complement sum to 16 bits (end-around carry at each step). */
static __rte_always_inline uint16_t
sim_csum_fold(uint64_t sum)
{
	uint32_t s32 = (uint32_t)sum;

	s32 += (uint32_t)(sum >> 32);
	s32 += s32 < (uint32_t)(sum >> 32);
	s32 = (s32 >> 16) + (s32 & 0xFFFFu);
	s32 = (s32 >> 16) + (s32 & 0xFFFFu);
	return (uint16_t)s32;
}

/*
 * sim_csum_fold(@p sum) == 0xFFFF (a checksum that verifies) without the fold: the fold keeps
 * the sum modulo 0xFFFF, 0xFFFF for a multiple of it that is not zero (a one's-complement sum
 * is zero only when every word added was), so a multiplication by the inverse stands for its
 * four steps.
 */
static __rte_always_inline bool
sim_csum_ok(uint64_t sum)
{
	return sum != 0 && sum % 0xFFFFu == 0;
}

/*
 * The checksums a received frame carries, as the parse found them (dataplane/parse.h): the
 * IPv4 header's and the TCP/UDP one.
 */
struct sim_csum_at {
	uint32_t ihl;		/* the IPv4 header's length; 0: none to verify */
	uint32_t l4_len;	/* the TCP/UDP header's bytes to the datagram's end; 0: none */
	uint32_t ck_off;	/* the checksum field in it */
	bool ck_zero_ok;	/* UDP: a zero field means no checksum */
	uint64_t phdr;		/* the pseudo-header's sum, unfolded, in CPU order */
};

/* What the RX engine makes of them (§7.7). */
struct sim_csum_res {
	bool ip_err;		/* IPv4 header checksum bad */
	bool l4_checked;	/* a TCP/UDP checksum was verified */
	bool l4_err;
};

/*
 * The run a verified TCP/UDP checksum covers (segment and pseudo-header): what verifies it
 * again on a frame of the same headers (the receive batch's verdict memo, classify.h).
 */
struct sim_csum_run {
	uint64_t phdr;		/* the pseudo-header's sum, unfolded, in CPU order */
	uint32_t len;		/* the segment's bytes from the TCP/UDP header; 0: not verified */
};

/*
 * Verify the checksums of @p at, of the IPv4 header at @p ip over IHL x 4 bytes and of the
 * TCP/UDP header at @p l4 with its pseudo-header, unless a UDP datagram carries none (a zero
 * field).
 */
static __rte_always_inline void
sim_csum_verify(const uint8_t *ip, const uint8_t *l4, const struct sim_csum_at *at,
		struct sim_csum_res *r)
{
	uint16_t ck;

	r->ip_err = r->l4_checked = r->l4_err = false;
	if (at->ihl != 0) {
		if (likely(at->ihl == 20)) {
			/* no options: 20 bytes, two 8-byte and one 4-byte word */
			uint64_t q0, q1;
			uint32_t w;

			memcpy(&q0, ip, 8);
			memcpy(&q1, ip + 8, 8);
			memcpy(&w, ip + 16, 4);
			r->ip_err = sim_csum_fold(sim_csum_add(sim_csum_add(q0, q1), w)) != 0xFFFF;
		} else {
			r->ip_err = sim_csum_fold(sim_csum_sum(ip, at->ihl, 0)) != 0xFFFF;
		}
	}
	if (at->l4_len == 0)
		return;
	memcpy(&ck, l4 + at->ck_off, sizeof(ck));
	if (ck == 0 && at->ck_zero_ok)
		return;	/* no checksum transmitted: nothing verified (NU) */
	r->l4_checked = true;
	r->l4_err = sim_csum_fold(sim_csum_sum(l4, at->l4_len, at->phdr)) != 0xFFFF;
}

/*
 * sim_csum_verify() of the TCP/UDP checksum of @p at as it would be with the bytes of its field
 * XORed with 5A A5 (an injected fault): *checked and *err as l4_checked and l4_err. Out of
 * line: only a fault asks for it.
 */
static __rte_noinline __rte_unused void
sim_csum_verify_flipped(const uint8_t *l4, const struct sim_csum_at *at, bool *checked,
			bool *err)
{
	uint8_t fb[2];
	uint16_t ck, fck;
	uint64_t sum;

	*checked = *err = false;
	if (at->l4_len == 0)
		return;
	memcpy(&ck, l4 + at->ck_off, sizeof(ck));
	fb[0] = l4[at->ck_off] ^ 0x5A;
	fb[1] = l4[at->ck_off + 1] ^ 0xA5;
	memcpy(&fck, fb, sizeof(fck));
	if (fck == 0 && at->ck_zero_ok)
		return;
	/* the field changes from ck to fck: the sum by fck - ck (RFC 1624) */
	sum = sim_csum_sum(l4, at->l4_len, at->phdr);
	*checked = true;
	*err = sim_csum_fold(sim_csum_add(sim_csum_add(sum, fck), (uint16_t)~ck)) != 0xFFFF;
}

#endif /* SIM_DATAPLANE_CSUM_H */
