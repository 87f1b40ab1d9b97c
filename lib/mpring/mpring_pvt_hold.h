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

/* Initial state (mpring_init). */
void mpring_pvt_hold_init(struct mpring *r);

/* TSC by which held items must go (0: nothing held). */
uint64_t mpring_pvt_hold_deadline(const struct mpring *r);

/* A drain call is about to start (@tsc: a TSC read since the last drain call, or 0). */
void mpring_pvt_hold_call(struct mpring *r, uint64_t tsc);

/* Should the consumer leave @pending items in the ring (COALESCING) instead of draining them? */
bool mpring_pvt_hold_want(struct mpring *r, const struct mpring_pvt_ctx *c, uint32_t pending,
		uint64_t *tsc);

/* A ring-level hold is being made (before the CAS; @tsc: a TSC read since the last drain call,
 * or 0), and its undo if the CAS failed. */
void mpring_pvt_hold_made(struct mpring *r, uint64_t tsc);
void mpring_pvt_hold_undo(struct mpring *r);

/* A drain call offered @avail items and took @n; @holding: the drain keeps some back. */
void mpring_pvt_hold_drained(struct mpring *r, const struct mpring_pvt_ctx *c, uint32_t avail,
		uint32_t n, bool holding);

#endif /* MPRING_PVT_HOLD_H */
