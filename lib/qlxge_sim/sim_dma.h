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

#endif /* SIM_DMA_H */
