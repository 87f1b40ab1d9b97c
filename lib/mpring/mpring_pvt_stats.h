/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#ifndef MPRING_PVT_STATS_H
#define MPRING_PVT_STATS_H

/*
 * The counters of lib/mpring, kept apart from the algorithm: the state machine (mpring.c) and
 * the coalescing policy (mpring_hold.c) report events through the few named hooks below, which
 * alone know the fields of struct mpring_stats. Counters live in per-slot copies (one per EAL
 * lcore, or a slot chosen with mpring_stats_slot_set(); threads without one share an atomic
 * slot) and are summed on read (mpring_stats.c).
 */

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include "mpring_pvt.h"

/* Counter slot of this thread, -1 = lcore id. Initial-exec: no __tls_get_addr per call. */
extern __thread int mpring_pvt_tls_slot __attribute__((tls_model("initial-exec")));

static inline void
mpring_pvt_ctx_init(struct mpring *r, struct mpring_pvt_ctx *c)
{
	int slot = mpring_pvt_tls_slot;

	if (unlikely(slot < 0)) {
		unsigned int lc = rte_lcore_id();

		if (lc < RTE_MAX_LCORE) {
			/* Cache it: rte_lcore_id() is a global-dynamic TLS access from here. */
			slot = (int)lc;
			mpring_pvt_tls_slot = slot;
		} else {
			slot = MPRING_PVT_SHARED_SLOT;
		}
	}
	c->st = &r->stats[slot].s;
	c->shared = slot == MPRING_PVT_SHARED_SLOT;
}

/* --- the hooks ------------------------------------------------------------------------- */

/* Items accepted by enqueue_burst/bulk, or by enqueue_only. */
static inline void
mpring_pvt_stat_enqueue(const struct mpring_pvt_ctx *c, bool only, uint32_t k)
{
	if (only)
		MPRING_PVT_STAT(c, enqueued_only, k);
	else
		MPRING_PVT_STAT(c, enqueued, k);
}

/* Items refused: -EPIPE (quiesced) or -ENOBUFS (full). */
static inline void
mpring_pvt_stat_refuse(const struct mpring_pvt_ctx *c, int err, uint32_t n)
{
	if (err == -EPIPE)
		MPRING_PVT_STAT(c, rejected, n);
	else
		MPRING_PVT_STAT(c, dropped, n);
}

/* A producer alone on an idle ring: the drain took @k of its items, @declined went back. */
static inline void
mpring_pvt_stat_sole(const struct mpring_pvt_ctx *c, uint32_t k, uint32_t declined)
{
	MPRING_PVT_STAT(c, enqueued, k);
	if (declined != 0)
		MPRING_PVT_STAT(c, declined, declined);
}

/* Add what a slot's lean counters stand for into @out (a sum being read). */
static inline void
mpring_pvt_stats_fold(const struct mpring_pvt_slot *sl, struct mpring_stats *out)
{
	/* Relaxed: as the other counters (mpring_pvt_stat_add). */
	uint64_t calls = __atomic_load_n(&sl->sole_lean, __ATOMIC_RELAXED);
	uint64_t items = __atomic_load_n(&sl->sole_lean_items, __ATOMIC_RELAXED);

	out->starts[MPRING_ROUTE_SOLE] += calls;
	out->ends[MPRING_END_IDLE] += calls;
	out->drain_calls += calls;
	out->drained += items;
	out->direct += items;
	out->enqueued += items;
}

/* A lease was granted (@grant), or ended by a revoker or its holder (mpring.c, "the lease"). */
static inline void
mpring_pvt_stat_lease(const struct mpring_pvt_ctx *c, bool grant)
{
	if (grant)
		MPRING_PVT_STAT(c, lease_grants, 1);
	else
		MPRING_PVT_STAT(c, lease_revocations, 1);
}

/* An enqueue call left the draining to another thread. */
static inline void
mpring_pvt_stat_not_consumer(const struct mpring_pvt_ctx *c)
{
	MPRING_PVT_STAT(c, not_consumer, 1);
}

/* The role was claimed from a consumer-less state @prev (by a producer, resumer, re-check or
 * trylock); @flush: by mpring_resume() on a COALESCING ring. */
static inline void
mpring_pvt_stat_claim(const struct mpring_pvt_ctx *c, unsigned int prev, bool flush)
{
	if (prev == MPRING_STALLED)
		MPRING_PVT_STAT(c, restarts, 1);
	else if (prev == MPRING_COALESCING && flush)
		MPRING_PVT_STAT(c, flushes, 1);
	else if (prev == MPRING_COALESCING)
		MPRING_PVT_STAT(c, joins, 1);
}

/* A consumer session starts (enum mpring_route). */
static inline void
mpring_pvt_stat_start(const struct mpring_pvt_ctx *c, unsigned int route)
{
	MPRING_PVT_STAT(c, starts[route], 1);
}

/* A consumer session ends (enum mpring_end). */
static inline void
mpring_pvt_stat_end(const struct mpring_pvt_ctx *c, unsigned int end)
{
	MPRING_PVT_STAT(c, ends[end], 1);
	if (end == MPRING_END_HOLD)
		MPRING_PVT_STAT(c, holds, 1);
	else if (end == MPRING_END_STALL)
		MPRING_PVT_STAT(c, stalls, 1);
	else if (end == MPRING_END_HANDOVER)
		MPRING_PVT_STAT(c, handovers, 1);
}

/* The items the role holder's last drain call queued (mpring_enqueue_rest), now counted. */
static inline uint32_t
mpring_pvt_take_queued(struct mpring *r)
{
	uint32_t q = r->queued;

	if (unlikely(q != 0))
		r->queued = 0;
	return q;
}

/* A drain call took @n items; @direct: from the producer's own array. */
static inline void
mpring_pvt_stat_drain(const struct mpring_pvt_ctx *c, uint32_t n, bool direct)
{
	unsigned int bucket = n == 0 ? 0 : 32 - (unsigned int)__builtin_clz(n);

	MPRING_PVT_STAT(c, drain_calls, 1);
	MPRING_PVT_STAT(c, drained, n);
	MPRING_PVT_STAT(c, drain_hist[bucket], 1);
	if (direct)
		MPRING_PVT_STAT(c, direct, n);
}

/*
 * A SOLE call counted as a lean one (mpring_pvt_stat_sole_lean) whose direct drain call took
 * @k items of which it queued @q (mpring_enqueue_rest): the caller's @k are enqueued, the @q
 * are drained later by a session (so neither drained nor direct now, nor enqueued_only).
 */
static inline void
mpring_pvt_stat_sole_queued(const struct mpring_pvt_ctx *c, uint32_t k, uint32_t q,
			    uint32_t declined)
{
	if (likely(q == 0)) {
		mpring_pvt_stat_sole_lean(c, k, declined);
		return;
	}
	MPRING_PVT_STAT(c, starts[MPRING_ROUTE_SOLE], 1);
	MPRING_PVT_STAT(c, ends[MPRING_END_IDLE], 1);
	mpring_pvt_stat_drain(c, k - q, true);
	mpring_pvt_stat_sole(c, k, declined);
}

/* A CAS on the state word failed. */
static inline void
mpring_pvt_stat_retry(const struct mpring_pvt_ctx *c)
{
	MPRING_PVT_STAT(c, cas_retries, 1);
}

/* A producer published a range another producer had marked. */
static inline void
mpring_pvt_stat_help(const struct mpring_pvt_ctx *c)
{
	MPRING_PVT_STAT(c, helped, 1);
}

/* A wait yielded the CPU. */
static inline void
mpring_pvt_stat_yield(const struct mpring_pvt_ctx *c)
{
	MPRING_PVT_STAT(c, yields, 1);
}

/* The hold rule would have held, but holding does not pay (@probe false); or held anyway to
 * see whether it pays again (@probe true). */
static inline void
mpring_pvt_stat_hold_gate(const struct mpring_pvt_ctx *c, bool probe)
{
	if (probe)
		MPRING_PVT_STAT(c, hold_probes, 1);
	else
		MPRING_PVT_STAT(c, holds_declined, 1);
}

/*
 * A maximum, not a sum: relaxed load and store. On the shared slot a racing update may be
 * lost; the value is still one that was observed.
 */
static inline void
mpring_pvt_stat_max(uint64_t *max, uint64_t v)
{
	if (v > __atomic_load_n(max, __ATOMIC_RELAXED))
		__atomic_store_n(max, v, __ATOMIC_RELAXED);
}

/* A hold period of @cycles ended (everything held was sent) by a drain call that started @late
 * cycles after the deadline. */
static inline void
mpring_pvt_stat_hold_period(const struct mpring_pvt_ctx *c, uint64_t cycles, uint64_t late)
{
	MPRING_PVT_STAT(c, hold_periods, 1);
	MPRING_PVT_STAT(c, hold_time, cycles);
	mpring_pvt_stat_max(&c->st->hold_time_max, cycles);
	mpring_pvt_stat_max(&c->st->hold_late_max, late);
	mpring_pvt_stat_max(&c->st->hold_sent_max, cycles - RTE_MIN(late, cycles));
}

#endif /* MPRING_PVT_STATS_H */
