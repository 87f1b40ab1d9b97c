/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * DMA windows: runs of host memory found good for DMA, which the queue engine keeps per ring,
 * shadow and buffer queue so that a device access costs a compare, not a translation. Only the
 * types and the generation live here (the state structs embed them); the accesses are in
 * base/dma.h.
 */

#ifndef SIM_BASE_DMA_WIN_H
#define SIM_BASE_DMA_WIN_H

#include <stddef.h>
#include <stdint.h>

/*
 * A window of host memory found good for DMA: the whole run of allocated (and, in PA mode,
 * IOVA-contiguous) pages around the range it was filled for. Any free of DPDK memory bumps
 * sim_dma_gen, which invalidates every window (and the translation cache): a ring freed under
 * the device is translated again, and refused, at its next access.
 */
struct sim_dma_win {
	uint64_t iova;		/* first byte */
	uint64_t len;		/* bytes; 0 = empty */
	uint8_t *va;
	uint64_t gen;		/* sim_dma_gen when filled */
};

/*
 * A ring (or a page of a buffer queue's ring) the device reads or writes entry by entry: its
 * whole extent is checked once per poll step, then an entry is an offset (sim_dma_ring_at).
 */
struct sim_dma_ring {
	uint8_t *va;
	uint64_t iova;			/* extent checked */
	uint64_t gen;			/* fn->dma_gen of the step it was checked in; 0 = not */
	struct sim_dma_win win;
};

/* Generation of DPDK's memory map as the model last saw it; 0 = caching off. */
extern uint64_t sim_dma_gen;

/* No DMA window or ring is trusted (fn->dma_gen) while a DMA fault is injected. */
#define SIM_DMA_GEN_OFF		UINT64_MAX

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

#endif /* SIM_BASE_DMA_WIN_H */
