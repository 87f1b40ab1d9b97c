/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#ifndef MPRING_PVT_HOLD_H
#define MPRING_PVT_HOLD_H

/* The coalescing policy (mpring_hold.c), as the state machine sees it. Consumer role only,
 * except mpring_pvt_hold_deadline() (any thread, a hint). */

#include <stdbool.h>
#include <stdint.h>

#include "mpring_pvt.h"
#include "mpring_pvt_stats.h"

/* TSC by which held items must go (0: nothing held). */
uint64_t mpring_pvt_hold_deadline(const struct mpring *r);

/* Should the consumer leave @pending items in the ring (COALESCING) instead of draining them? */
bool mpring_pvt_hold_want(struct mpring *r, const struct mpring_pvt_ctx *c, uint32_t pending,
		uint64_t *tsc);

/* A drain call offered @avail items and took @n; @holding: the drain keeps some back. */
void mpring_pvt_hold_drained(struct mpring *r, const struct mpring_pvt_ctx *c, uint32_t avail,
		uint32_t n, bool holding);

#endif /* MPRING_PVT_HOLD_H */
