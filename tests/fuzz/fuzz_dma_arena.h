/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The DMA arena of fuzz_dma_arena.c: IOVAs below FUZZ_IOVA_LIMIT wrap into it. */

#ifndef FUZZ_DMA_ARENA_H
#define FUZZ_DMA_ARENA_H

#include <stddef.h>
#include <stdint.h>

#define FUZZ_IOVA_LIMIT	(1ull << 40)

extern uint8_t *fuzz_arena;
extern size_t fuzz_arena_len;
extern unsigned int fuzz_dma_faults;

#endif /* FUZZ_DMA_ARENA_H */
