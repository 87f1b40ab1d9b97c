/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Helpers of the model data-plane tests (tests/unit/sim_dp): frame builders and an independent
 * Internet checksum (written here from RFC 1071, not taken from DPDK, so that the model's use of
 * DPDK's helpers is checked against a second implementation), and the DMA test double's
 * controls (sim_dma_double.c: IOVA = virtual address; a "bad" window faults).
 */

#ifndef SIM_DP_TEST_H
#define SIM_DP_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* IOVAs in [T_BAD_IOVA, T_BAD_IOVA + 1 MiB) fail like an untranslatable address. */
#define T_BAD_IOVA	0xDEAD00000000ull

/* Number of DMA faults the double reported since the last reset. */
extern unsigned int t_dma_faults;

/*
 * The function the data-plane calls are made for: a zeroed one (sim_dma_double.c), whose DMA
 * windows are never current, so that every access reaches the DMA double.
 */
struct qlxge_sim_func;
extern struct qlxge_sim_func *const t_fn;
#define T_FN		t_fn

static inline uint64_t
t_iova(const void *p)
{
	return (uint64_t)(uintptr_t)p;
}

/* RFC 1071 sum of big-endian 16-bit words, added to @p sum. */
static inline uint32_t
t_sum(const uint8_t *p, size_t n, uint32_t sum)
{
	size_t i;

	for (i = 0; i + 1 < n; i += 2)
		sum += ((uint32_t)p[i] << 8) | p[i + 1];
	if (n & 1)
		sum += (uint32_t)p[n - 1] << 8;
	return sum;
}

static inline uint16_t
t_fold(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xFFFFu) + (sum >> 16);
	return (uint16_t)sum;
}

static inline uint16_t
t_rd16(const uint8_t *p)
{
	return (uint16_t)((p[0] << 8) | p[1]);
}

static inline uint32_t
t_rd32(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static inline void
t_wr16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline void
t_wr32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* Layout of a built frame. */
struct t_frame {
	uint8_t *buf;
	uint32_t len;
	uint32_t l3, l4, hdr_len;	/* offsets */
};

enum t_l4 { T_TCP = 6, T_UDP = 17, T_NONE = 0 };

/* Pseudo-header sum (not complemented, folded) of IPv4/IPv6 addresses at @p ip. */
static inline uint32_t
t_phdr_sum(const uint8_t *frame, const struct t_frame *f, bool v6, uint8_t proto,
	   uint32_t l4_len)
{
	uint32_t s;

	if (v6)
		s = t_sum(frame + f->l3 + 8, 32, 0);
	else
		s = t_sum(frame + f->l3 + 12, 8, 0);
	s += proto;
	s += l4_len >> 16;
	s += l4_len & 0xFFFFu;
	return s;
}

/*
 * Build Ethernet [+ 802.1Q] + IPv4/IPv6 + TCP/UDP + payload into @p buf with every checksum
 * correct. @p vid < 0: untagged. Payload byte i = (uint8_t)(i * 7 + seed).
 */
void t_build(uint8_t *buf, struct t_frame *f, const uint8_t dst[6], int vid, bool v6,
	     enum t_l4 l4, uint32_t payload, uint8_t seed);

/* Check the IPv4 header checksum and the TCP/UDP checksum of a frame as t_build() lays out. */
bool t_ip4_ok(const uint8_t *frame, uint32_t l3);
bool t_l4_ok(const uint8_t *frame, uint32_t l3, uint32_t l4, bool v6, uint8_t proto,
	     uint32_t l4_len);

void t_dma_reset(void);

#endif /* SIM_DP_TEST_H */
