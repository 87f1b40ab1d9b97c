/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * DMA of the model (ARCHITECTURE "How the driver reaches the device", STYLE B.20): every host
 * memory access the device makes goes through these three functions. An IOVA is translated
 * through DPDK's memory map and the whole range must be DMA memory; an address that fails is a
 * device error on the function (ERR_STS, STS.FE, counters), never a crash of the process.
 */

#ifndef SIM_DMA_H
#define SIM_DMA_H

#include <stddef.h>
#include <stdint.h>

#include "qlxge_sim.h"

/** Copy @p len bytes at @p iova into @p dst. @return 0 or -EFAULT (device error recorded). */
int sim_dma_read(struct qlxge_sim_func *fn, uint64_t iova, void *dst, size_t len);

/** Copy @p len bytes from @p src to @p iova. @return 0 or -EFAULT (device error recorded). */
int sim_dma_write(struct qlxge_sim_func *fn, uint64_t iova, const void *src, size_t len);

/**
 * Virtual address of [@p iova, @p iova + @p len), checked to be DMA memory that is contiguous
 * for the device. NULL on failure (device error recorded).
 */
void *sim_dma_map(struct qlxge_sim_func *fn, uint64_t iova, size_t len);

/** Same translation with no error recorded and no fault injection (inspection, tests). */
void *sim_dma_xlate(uint64_t iova, size_t len);

/*
 * A window of host memory found good for DMA: the whole run of allocated (and, in PA mode,
 * IOVA-contiguous) pages around the range it was filled for. The queue engine keeps one per
 * ring, shadow and buffer queue so that an access costs a compare, not a translation. Any free
 * of DPDK memory bumps sim_dma_gen, which invalidates every window (and the translation cache):
 * a ring freed under the device is translated again, and refused, at its next access.
 */
struct sim_dma_win {
	uint64_t iova;		/* first byte */
	uint64_t len;		/* bytes; 0 = empty */
	uint8_t *va;
	uint64_t gen;		/* sim_dma_gen when filled */
};

/* Generation of DPDK's memory map as the model last saw it; 0 = caching off. */
extern uint64_t sim_dma_gen;

/**
 * Fill @p w with the good run holding [@p iova, @p iova + @p len). No error is recorded.
 * @return 0, -EFAULT (not DMA memory) or -ENOTSUP (caching off).
 */
int sim_dma_win_fill(struct sim_dma_win *w, uint64_t iova, size_t len);

/** Host address of [@p iova, @p iova + @p len) when @p w covers it and is current, else NULL. */
static inline void *
sim_dma_win_va(const struct sim_dma_win *w, uint64_t iova, size_t len)
{
	uint64_t off = iova - w->iova;

	if (w->gen == __atomic_load_n(&sim_dma_gen, __ATOMIC_ACQUIRE) && off < w->len &&
	    len <= w->len - off)
		return w->va + off;
	return NULL;
}

#endif /* SIM_DMA_H */
