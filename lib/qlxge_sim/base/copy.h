/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The model's one copy of frame data (a wire's ring, a receive buffer). Not rte_memcpy(): in
 * this build (SSE4.2, no AVX) it costs 1-2 cycles a 64-byte frame more than two 32-byte moves
 * (docs/model-dataplane.md, "Cost").
 */

#ifndef SIM_BASE_COPY_H
#define SIM_BASE_COPY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <rte_common.h>

/*
 * Copy of a frame-sized run: inline moves for small frames (a library call costs as much as
 * copying 64 bytes), memcpy beyond. Writes exactly [dst, dst + len); the two moves may overlap
 * inside the destination.
 */
static __rte_always_inline void
sim_copy(void *dst, const void *src, size_t len)
{
	uint8_t *d = dst;
	const uint8_t *s = src;

	if (len >= 32 && len <= 64) {
		/* the first 32 and the last 32 bytes (overlapping below 64) */
		memcpy(d, s, 32);
		memcpy(d + len - 32, s + len - 32, 32);
		return;
	}
	if (len >= 16 && len < 32) {
		memcpy(d, s, 16);
		memcpy(d + len - 16, s + len - 16, 16);
		return;
	}
	memcpy(d, s, len);
}

#endif /* SIM_BASE_COPY_H */
