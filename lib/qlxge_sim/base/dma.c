/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * DMA of the model: IOVA -> virtual address through DPDK's memory map, with the whole range
 * checked to be allocated DMA memory that is contiguous in IOVA (design.md "DMA", design.md
 * B.20). A failure is a device error: ERR_STS.MA (the device's master access failed), STS.FE
 * and a vector-0 interrupt (§2.8, §2.11, §8.1), counted and traced; the queue that did the
 * access decides whether an AE completion follows (§7.8).
 */

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_fbarray.h>
#include <rte_memory.h>

#include "base/dma.h"
#include "base/irq.h"

/*
 * Check that every page of [va, va + len) in @p msl is allocated and, when IOVA is not VA, that
 * the pages are contiguous in IOVA starting at @p iova (the device sees one IOVA range).
 */
static bool
sim_dma_range_ok(const struct rte_memseg_list *msl, const uint8_t *va, uint64_t iova, size_t len)
{
	struct rte_fbarray *arr = (struct rte_fbarray *)(uintptr_t)&msl->memseg_arr;
	uintptr_t base = (uintptr_t)msl->base_va;
	uintptr_t start = (uintptr_t)va;
	uintptr_t last = start + len - 1;
	uint64_t pg = msl->page_sz;
	uintptr_t p;

	if (pg == 0 || start < base || last >= base + msl->len)
		return false;
	for (p = start - (start - base) % pg; p <= last; p += pg) {
		unsigned int idx = (unsigned int)((p - base) / pg);
		const struct rte_memseg *ms;

		if (rte_fbarray_is_used(arr, idx) != 1)
			return false;
		if (rte_eal_iova_mode() == RTE_IOVA_VA || msl->external)
			continue;
		ms = rte_fbarray_get(arr, idx);
		/* the page starting at p must sit at the IOVA the device computes for p */
		if (ms == NULL || ms->iova == RTE_BAD_IOVA ||
		    ms->iova != iova + (uint64_t)p - (uint64_t)start)
			return false;
	}
	return true;
}

/*
 * Translation cache, per thread (no lock): the last runs of DMA memory found valid. Rings and
 * buffers sit in a few memzones, so nearly every access hits. Any free of DPDK memory bumps a
 * generation that invalidates every cache, so a run freed back to the system is never used.
 */
#define SIM_DMA_CACHE	4
struct sim_dma_run {
	uintptr_t va;
	uint64_t iova;
	uint64_t len;
	uint64_t gen;
};
static __thread struct sim_dma_run sim_dma_runs[SIM_DMA_CACHE];
static __thread unsigned int sim_dma_next;
uint64_t sim_dma_gen = 1;	/* 0: caching off */
static pthread_once_t sim_dma_once = PTHREAD_ONCE_INIT;

static void
sim_dma_mem_event(enum rte_mem_event ev, const void *addr, size_t len, void *arg)
{
	RTE_SET_USED(addr);
	RTE_SET_USED(len);
	RTE_SET_USED(arg);
	if (ev == RTE_MEM_EVENT_FREE)
		__atomic_fetch_add(&sim_dma_gen, 1, __ATOMIC_RELEASE);
}

static void
sim_dma_cache_init(void)
{
	char name[64];

	/* unique per copy of the library in the process (the PMD .so may hold another one) */
	snprintf(name, sizeof(name), "qlxge_sim_dma_%p", (void *)&sim_dma_gen);
	/* legacy memory is never given back (ENOTSUP): the cache is safe without events */
	if (rte_mem_event_callback_register(name, sim_dma_mem_event, NULL) < 0 &&
	    rte_errno != ENOTSUP)
		__atomic_store_n(&sim_dma_gen, 0, __ATOMIC_RELEASE);
}

static void *
sim_dma_cache_find(uint64_t iova, size_t len, uint64_t gen)
{
	unsigned int i;

	for (i = 0; i < SIM_DMA_CACHE; i++) {
		const struct sim_dma_run *r = &sim_dma_runs[i];

		if (r->gen == gen && iova >= r->iova && iova - r->iova <= r->len &&
		    len <= r->len - (iova - r->iova))
			return (void *)(r->va + (uintptr_t)(iova - r->iova));
	}
	return NULL;
}

/* Remember the run of used pages around a valid VA-mode range (IOVA == VA there). */
static void
sim_dma_cache_add(const struct rte_memseg_list *msl, uintptr_t va, uint64_t iova, size_t len,
		  uint64_t gen)
{
	struct rte_fbarray *arr = (struct rte_fbarray *)(uintptr_t)&msl->memseg_arr;
	struct sim_dma_run *r = &sim_dma_runs[sim_dma_next++ % SIM_DMA_CACHE];
	uintptr_t base = (uintptr_t)msl->base_va;
	unsigned int idx = (unsigned int)((va - base) / msl->page_sz);
	int fwd, back;

	r->va = va;
	r->iova = iova;
	r->len = len;
	if (rte_eal_iova_mode() == RTE_IOVA_VA && !msl->external) {
		fwd = rte_fbarray_find_contig_used(arr, idx);
		back = rte_fbarray_find_rev_contig_used(arr, idx);
		if (fwd > 0 && back > 0) {
			r->va = base + (uintptr_t)(idx - (unsigned int)(back - 1)) * msl->page_sz;
			r->iova = r->va;
			r->len = (uint64_t)(fwd + back - 1) * msl->page_sz;
		}
	}
	r->gen = gen;
}

void *
sim_dma_xlate(uint64_t iova, size_t len)
{
	const struct rte_memseg_list *msl;
	uint64_t gen;
	void *va;

	if (len == 0 || iova == 0 || iova + len < iova)
		return NULL;
	pthread_once(&sim_dma_once, sim_dma_cache_init);
	gen = __atomic_load_n(&sim_dma_gen, __ATOMIC_ACQUIRE);
	if (gen != 0) {
		va = sim_dma_cache_find(iova, len, gen);
		if (va != NULL)
			return va;
	}
	if (rte_eal_iova_mode() == RTE_IOVA_VA)
		va = (void *)(uintptr_t)iova;
	else
		va = rte_mem_iova2virt(iova);
	if (va == NULL)
		return NULL;
	msl = rte_mem_virt2memseg_list(va);
	if (msl == NULL)
		return NULL;
	if (!sim_dma_range_ok(msl, va, iova, len))
		return NULL;
	if (gen != 0)
		sim_dma_cache_add(msl, (uintptr_t)va, iova, len, gen);
	return va;
}

/* One-shot injected DMA failures (QLXGE_SIM_FAULT_DMA_ERROR) count down here. */
static bool
sim_dma_fault_hit(struct qlxge_sim_func *fn)
{
	if (fn->fault[QLXGE_SIM_FAULT_DMA_ERROR] == 0)
		return false;
	fn->fault[QLXGE_SIM_FAULT_DMA_ERROR]--;
	return true;
}

/* Slow path of sim_dma_get: translate, keep the run in the function's buffer windows. */
static void *
sim_dma_get_slow(struct qlxge_sim_func *fn, uint64_t iova, size_t len, const char *what)
{
	void *va;

	if (sim_dma_fault_hit(fn))
		va = NULL;
	else
		va = sim_dma_xlate(iova, len);
	if (va == NULL) {
		fn->cnt.dma_errors++;
		SIM_LOG(WARNING, dma, "dma_error " SIM_FN_FMT ": %s iova 0x%" PRIx64 " len %zu",
			SIM_FN_ARGS(fn), what, iova, len);
		sim_dev_error(fn, QLXGE_ERR_STS_MA);
		return NULL;
	}
	sim_dma_win_fill(&fn->dma_win[fn->dma_win_next++ % SIM_DMA_FN_WINS], iova, len);
	return va;
}

/*
 * Translate one access of @p fn. Buffers (frames, gather lists, page tables) sit in a few runs
 * of DPDK memory: the function's last windows catch nearly all of them without a lookup. Under
 * the adapter lock, like every device access.
 */
static inline void *
sim_dma_get(struct qlxge_sim_func *fn, uint64_t iova, size_t len, const char *what)
{
	if (likely(fn->fault[QLXGE_SIM_FAULT_DMA_ERROR] == 0) && len != 0) {
		for (unsigned int i = 0; i < SIM_DMA_FN_WINS; i++) {
			void *va = sim_dma_win_va(&fn->dma_win[i], iova, len);

			if (va != NULL)
				return va;
		}
	}
	return sim_dma_get_slow(fn, iova, len, what);
}

int
sim_dma_win_fill(struct sim_dma_win *w, uint64_t iova, size_t len)
{
	uint64_t gen;
	uint8_t *va;

	pthread_once(&sim_dma_once, sim_dma_cache_init);
	/* the generation first: a free racing with the lookup leaves the window stale */
	gen = __atomic_load_n(&sim_dma_gen, __ATOMIC_ACQUIRE);
	if (gen == 0)
		return -ENOTSUP;
	va = sim_dma_xlate(iova, len);
	if (va == NULL)
		return -EFAULT;
	w->iova = iova;
	w->len = len;
	w->va = va;
	/* widen to the run the translation cache found around it */
	for (unsigned int i = 0; i < SIM_DMA_CACHE; i++) {
		const struct sim_dma_run *r = &sim_dma_runs[i];

		if (r->gen == gen && iova >= r->iova && iova - r->iova <= r->len &&
		    len <= r->len - (iova - r->iova)) {
			w->iova = r->iova;
			w->len = r->len;
			w->va = (uint8_t *)r->va;
			break;
		}
	}
	w->gen = gen;
	return 0;
}

int
sim_dma_read(struct qlxge_sim_func *fn, uint64_t iova, void *dst, size_t len)
{
	void *va = sim_dma_get(fn, iova, len, "read");

	if (va == NULL)
		return -EFAULT;
	memcpy(dst, va, len);
	SIM_TRACE_DP(fn, dma, read, SIM_FN_FMT " iova 0x%" PRIx64 " len %zu", SIM_FN_ARGS(fn),
		     iova, len);
	return 0;
}

int
sim_dma_write(struct qlxge_sim_func *fn, uint64_t iova, const void *src, size_t len)
{
	void *va = sim_dma_get(fn, iova, len, "write");

	if (va == NULL)
		return -EFAULT;
	memcpy(va, src, len);
	SIM_TRACE_DP(fn, dma, write, SIM_FN_FMT " iova 0x%" PRIx64 " len %zu", SIM_FN_ARGS(fn),
		     iova, len);
	return 0;
}

void *
sim_dma_map(struct qlxge_sim_func *fn, uint64_t iova, size_t len)
{
	return sim_dma_get(fn, iova, len, "map");
}
