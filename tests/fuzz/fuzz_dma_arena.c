/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The model's DMA (lib/qlxge_sim/base/dma.h) for the fuzzers that compile parts of the model
 * alone: every IOVA below 2^40 is an offset into one arena the fuzzer fills (so that most
 * addresses an input names are memory, and the rest of the range still faults), anything else
 * faults, as does an access running off the arena's end. Also the model's log types.
 */

#include <errno.h>
#include <string.h>

#include <rte_log.h>

#include "base/dma.h"
#include "fuzz_dma_arena.h"

int sim_logtype_regs = RTE_LOGTYPE_USER1;
int sim_logtype_mpi = RTE_LOGTYPE_USER1;
int sim_logtype_flash = RTE_LOGTYPE_USER1;
int sim_logtype_dma = RTE_LOGTYPE_USER1;
int sim_logtype_tx = RTE_LOGTYPE_USER1;
int sim_logtype_rx = RTE_LOGTYPE_USER1;
int sim_logtype_wire = RTE_LOGTYPE_USER1;

uint8_t *fuzz_arena;
size_t fuzz_arena_len;
unsigned int fuzz_dma_faults;

void *
sim_dma_xlate(uint64_t iova, size_t len)
{
	uint64_t off;

	if (fuzz_arena_len == 0 || iova >= FUZZ_IOVA_LIMIT || len > fuzz_arena_len)
		return NULL;
	off = iova % fuzz_arena_len;
	if (off + len > fuzz_arena_len)
		return NULL;
	return fuzz_arena + off;
}

void *
sim_dma_map(struct qlxge_sim_func *fn, uint64_t iova, size_t len)
{
	void *p = sim_dma_xlate(iova, len);

	(void)fn;
	if (p == NULL)
		fuzz_dma_faults++;
	return p;
}

/* No DMA windows over the arena: every access of the fast path takes sim_dma_map(). */
uint64_t sim_dma_gen;

int
sim_dma_win_fill(struct sim_dma_win *w, uint64_t iova, size_t len)
{
	(void)w;
	(void)iova;
	(void)len;
	return -ENOTSUP;
}

int
sim_dma_read(struct qlxge_sim_func *fn, uint64_t iova, void *dst, size_t len)
{
	void *p = sim_dma_map(fn, iova, len);

	if (p == NULL)
		return -EFAULT;
	memmove(dst, p, len);
	return 0;
}

int
sim_dma_write(struct qlxge_sim_func *fn, uint64_t iova, const void *src, size_t len)
{
	void *p = sim_dma_map(fn, iova, len);

	if (p == NULL)
		return -EFAULT;
	memmove(p, src, len);
	return 0;
}
