/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * DMA of the model (design.md "How the driver reaches the device", design.md B.20): every host
 * memory access the device makes goes through here. An IOVA is translated through DPDK's memory
 * map and the whole range must be DMA memory; an address that fails is a device error on the
 * function (ERR_STS, STS.FE, counters), never a crash of the process.
 *
 * The out-of-line accesses (read, write, map) translate and record errors; the fast path below
 * reaches rings, shadows and buffers through windows checked once per poll step.
 */

#ifndef SIM_BASE_DMA_H
#define SIM_BASE_DMA_H

#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>

#include "base/dma_win.h"
#include "base/log.h"
#include "base/state.h"

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
 * The DMA windows of a poll step: the memory map as it is at the step's start, none while a
 * DMA fault is injected (every access then goes through sim_dma_map).
 */
static inline void
sim_dma_step(struct qlxge_sim_func *fn)
{
	fn->dma_gen = __atomic_load_n(&sim_dma_gen, __ATOMIC_ACQUIRE);
	if (fn->fault[QLXGE_SIM_FAULT_DMA_ERROR] != 0 || fn->dma_gen == 0)
		fn->dma_gen = SIM_DMA_GEN_OFF;
}

/*
 * Host address of a device access of the poll step through the window @p w of a ring, shadow
 * or buffer queue. The fast path is a compare: the window is of the memory map the step
 * started with (DPDK memory is freed by the driver between steps, after stopping the queue)
 * and no injected DMA fault is pending. Otherwise the access takes sim_dma_map() (fault
 * injection, translation, device error on failure) and the window is filled again for the next
 * access. NULL: the access failed (error recorded).
 */
static __rte_always_inline void *
sim_dma_at(struct qlxge_sim_func *fn, struct sim_dma_win *w, uint64_t iova, size_t len)
{
	uint64_t off = iova - w->iova;
	void *va;

	/* fn->dma_gen: sampled per poll step, SIM_DMA_GEN_OFF while a DMA fault is injected */
	if (likely(w->gen == fn->dma_gen && off < w->len && len <= w->len - off))
		return w->va + off;
	va = sim_dma_map(fn, iova, len);
	if (va != NULL)
		sim_dma_win_fill(w, iova, len);
	return va;
}

/* Slow path of sim_dma_ring_at(): check the whole ring [base, base + size) once this step. */
static inline void *
sim_dma_ring_map(struct qlxge_sim_func *fn, struct sim_dma_ring *r, uint64_t base,
		 uint64_t size, uint64_t off)
{
	uint8_t *va = sim_dma_at(fn, &r->win, base, size);

	if (va == NULL)
		return NULL;
	if (fn->dma_gen != SIM_DMA_GEN_OFF) {
		r->va = va;
		r->iova = base;
		r->gen = fn->dma_gen;
	}
	return va + off;
}

/*
 * Host address of the entry at @p off of the ring [@p base, @p base + @p size): a compare once
 * the ring has been checked in this poll step. NULL: the access failed (error recorded).
 */
static __rte_always_inline void *
sim_dma_ring_at(struct qlxge_sim_func *fn, struct sim_dma_ring *r, uint64_t base,
		uint64_t size, uint64_t off)
{
	if (likely(r->gen == fn->dma_gen && r->iova == base))
		return r->va + off;
	return sim_dma_ring_map(fn, r, base, size, off);
}

/*
 * The host address of the ring [@p base, ...) when sim_dma_ring_at() has checked it in this
 * poll step (an entry is then at its offset from it, as sim_dma_ring_at() gives it), else NULL.
 */
static __rte_always_inline uint8_t *
sim_dma_ring_va(const struct qlxge_sim_func *fn, const struct sim_dma_ring *r, uint64_t base)
{
	return r->gen == fn->dma_gen && r->iova == base ? r->va : NULL;
}

/* sim_dma_write() through a window. */
static inline int
sim_dma_wr(struct qlxge_sim_func *fn, struct sim_dma_win *w, uint64_t iova, const void *src,
	   size_t len)
{
	void *va = sim_dma_at(fn, w, iova, len);

	if (va == NULL)
		return -EFAULT;
	memcpy(va, src, len);
	SIM_TRACE_DP(fn, dma, write, SIM_FN_FMT " iova 0x%" PRIx64 " len %zu",
		     SIM_FN_ARGS(fn), iova, len);
	return 0;
}

/*
 * A 32-bit shadow index (CQ producer, WQ consumer, LE32) written through a window with release
 * semantics: every earlier store of the device (entries, buffers) and its reads of the ring
 * are globally visible before the shadow is. The partner is the driver's (acquire) read of the
 * shadow, then its reads of the entries it covers or its reuse of the slots (§6.3). A release
 * store rather than a fence, so that ThreadSanitizer sees the ordering too; a shadow that is
 * not 4-byte aligned (no driver places one so) is written after a full fence.
 */
static inline int
sim_dma_wr_shadow(struct qlxge_sim_func *fn, struct sim_dma_win *w, uint64_t iova, uint32_t le)
{
	void *va = sim_dma_at(fn, w, iova, sizeof(le));

	if (va == NULL)
		return -EFAULT;
	if (likely(((uintptr_t)va & 3) == 0)) {
		__atomic_store_n((uint32_t *)va, le, __ATOMIC_RELEASE);
	} else {
		__sync_synchronize();
		memcpy(va, &le, sizeof(le));
	}
	SIM_TRACE_DP(fn, dma, write, SIM_FN_FMT " iova 0x%" PRIx64 " len 4 (shadow)",
		     SIM_FN_ARGS(fn), iova);
	return 0;
}

#endif /* SIM_BASE_DMA_H */
