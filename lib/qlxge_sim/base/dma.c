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
 * Translation cache, per thread (no lock): the runs of DMA memory found valid, the last few
 * in a small ring and, with IOVA as PA, every run by the 2 MiB block of IOVA it starts in.
 * A run is the whole stretch of allocated pages around the range translated: with IOVA as VA
 * every allocated page of the memseg list (one window then covers a mempool), with IOVA as
 * PA the pages that also follow each other in IOVA (a hugepage at least), so that buffers
 * spread over many pages cost one lookup each, not a walk of DPDK's memory map
 * (rte_mem_iova2virt takes the memory lock and visits every segment). Any free of DPDK
 * memory bumps a generation that invalidates every cache, so a run freed back to the system
 * is never used.
 */
#define SIM_DMA_CACHE		4
#define SIM_DMA_PA_SLOTS	256u		/* 512 MiB of IOVA at one slot per 2 MiB */
#define SIM_DMA_PA_SHIFT	21
#define SIM_DMA_RUN_MAX_PAGES	1024		/* pages looked at each way for a run */
struct sim_dma_run {
	uintptr_t va;
	uint64_t iova;
	uint64_t len;
	uint64_t gen;
};
static __thread struct sim_dma_run sim_dma_runs[SIM_DMA_CACHE];
static __thread unsigned int sim_dma_next;
static __thread struct sim_dma_run sim_dma_pa[SIM_DMA_PA_SLOTS];
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

static inline bool
sim_dma_run_has(const struct sim_dma_run *r, uint64_t iova, size_t len, uint64_t gen)
{
	return r->gen == gen && iova >= r->iova && iova - r->iova <= r->len &&
	       len <= r->len - (iova - r->iova);
}

static inline struct sim_dma_run *
sim_dma_pa_slot(uint64_t iova)
{
	return &sim_dma_pa[(iova >> SIM_DMA_PA_SHIFT) % SIM_DMA_PA_SLOTS];
}

/* The cached run holding [iova, iova + len), or NULL. */
static const struct sim_dma_run *
sim_dma_cache_run(uint64_t iova, size_t len, uint64_t gen)
{
	const struct sim_dma_run *r;
	unsigned int i;

	for (i = 0; i < SIM_DMA_CACHE; i++)
		if (sim_dma_run_has(&sim_dma_runs[i], iova, len, gen))
			return &sim_dma_runs[i];
	r = sim_dma_pa_slot(iova);
	return sim_dma_run_has(r, iova, len, gen) ? r : NULL;
}

static void *
sim_dma_cache_find(uint64_t iova, size_t len, uint64_t gen)
{
	const struct sim_dma_run *r = sim_dma_cache_run(iova, len, gen);

	return r != NULL ? (void *)(r->va + (uintptr_t)(iova - r->iova)) : NULL;
}

/* Page @p idx of @p msl is allocated and (PA) sits at @p iova. */
static bool
sim_dma_page_at(const struct rte_memseg_list *msl, int idx, uint64_t iova, bool pa)
{
	struct rte_fbarray *arr = (struct rte_fbarray *)(uintptr_t)&msl->memseg_arr;
	const struct rte_memseg *ms;

	if (idx < 0 || (unsigned int)idx >= arr->len || rte_fbarray_is_used(arr, idx) != 1)
		return false;
	if (!pa)
		return true;
	ms = rte_fbarray_get(arr, idx);
	return ms != NULL && ms->iova == iova;
}

/*
 * Remember the run of good pages around a valid range: used pages, and with IOVA as PA, pages
 * that follow each other in IOVA as they do in VA (the device sees one IOVA range).
 */
static void
sim_dma_cache_add(const struct rte_memseg_list *msl, uintptr_t va, uint64_t iova, size_t len,
		  uint64_t gen)
{
	struct rte_fbarray *arr = (struct rte_fbarray *)(uintptr_t)&msl->memseg_arr;
	struct sim_dma_run *r = &sim_dma_runs[sim_dma_next++ % SIM_DMA_CACHE];
	uintptr_t base = (uintptr_t)msl->base_va;
	uint64_t pg = msl->page_sz;
	int idx = (int)((va - base) / pg);
	uint64_t page_iova = iova - (uint64_t)((va - base) % pg);
	int first = idx, last = idx, fwd, back;

	r->va = va;
	r->iova = iova;
	r->len = len;
	if (msl->external) {
		r->gen = gen;
		return;
	}
	if (rte_eal_iova_mode() == RTE_IOVA_VA) {
		fwd = rte_fbarray_find_contig_used(arr, idx);
		back = rte_fbarray_find_rev_contig_used(arr, idx);
		if (fwd > 0 && back > 0) {
			first = idx - (back - 1);
			last = idx + fwd - 1;
		}
	} else {
		/* IOVA as PA: the page of the range (checked by the caller), then its
		 * IOVA-contiguous neighbours, a bounded walk */
		while (last - idx < SIM_DMA_RUN_MAX_PAGES &&
		       sim_dma_page_at(msl, last + 1, page_iova + (uint64_t)(last + 1 - idx) * pg,
				       true))
			last++;
		while (idx - first < SIM_DMA_RUN_MAX_PAGES &&
		       sim_dma_page_at(msl, first - 1,
				       page_iova - (uint64_t)(idx - first + 1) * pg, true))
			first--;
		if (va + len > base + (uintptr_t)(last + 1) * pg) {
			/* the range itself spans pages the walk did not reach: keep it exact */
			r->gen = gen;
			return;
		}
	}
	r->va = base + (uintptr_t)first * pg;
	r->iova = rte_eal_iova_mode() == RTE_IOVA_VA ? r->va :
		  page_iova - (uint64_t)(idx - first) * pg;
	r->len = (uint64_t)(last - first + 1) * pg;
	r->gen = gen;
	if (rte_eal_iova_mode() != RTE_IOVA_VA)
		*sim_dma_pa_slot(iova) = *r;
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
		/* logged at the 1st, 2nd, 4th, 8th ... error: memory never mapped for DMA (a
		 * pool of anonymous memory) fails once per frame, and the count says how often */
		fn->cnt.dma_errors++;
		if ((fn->cnt.dma_errors & (fn->cnt.dma_errors - 1)) == 0)
			SIM_LOG(WARNING, dma, "dma_error " SIM_FN_FMT ": %s iova 0x%" PRIx64
				" len %zu (%" PRIu64 " so far)", SIM_FN_ARGS(fn), what, iova, len,
				fn->cnt.dma_errors);
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
	const struct sim_dma_run *run;
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
	run = sim_dma_cache_run(iova, len, gen);
	if (run != NULL) {
		w->iova = run->iova;
		w->len = run->len;
		w->va = (uint8_t *)run->va;
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
