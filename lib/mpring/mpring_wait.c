/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * How a thread of the ring waits, and gives its CPU away: the one policy for every wait on
 * another thread (pause, then yield), and the single yield of a producer that a stalled ring
 * leaves items with (conf.stall_yield). Both assume the thread waited for may share our core:
 * on a host with more threads than cores, spinning takes the time that thread needs.
 */

#include <sched.h>

#include <rte_pause.h>

#include "mpring_pvt.h"
#include "mpring_pvt_stats.h"

/*
 * One step of a wait for another thread (a consumer to step down or make room, a producer to
 * leave): pause for the first MPRING_PVT_SPINS steps, then yield the CPU at every step, because
 * on an oversubscribed host the thread we wait for may be preempted on our own core.
 * Returns true if it yielded.
 */
bool
mpring_pvt_wait_step(const struct mpring_pvt_ctx *c, uint32_t *spins)
{
	if (*spins < MPRING_PVT_SPINS) {
		++*spins;
		rte_pause();
		return false;
	}
	mpring_pvt_stat_yield(c);
	sched_yield();
	return true;
}

/*
 * An enqueue leaves items with its caller and conf.stall_yield is on: if the ring is stalled,
 * yield the CPU once. A stall waits for the drain's resource; nothing this thread can do frees
 * it, and whoever does (the device's software, another thread) may run on this core, which the
 * caller would otherwise spend asking again at once. One yield, not a wait: the call still
 * returns, as ethdev's tx_burst and every caller of a full ring expect.
 */
void
mpring_pvt_stall_yield(const struct mpring *r, const struct mpring_pvt_ctx *c)
{
	union mpring_pvt_word w;

	/* Relaxed: a hint; a stale word costs one yield too many or too few. */
	w.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED);
	if (mpring_pvt_state(w) != MPRING_STALLED)
		return;
	mpring_pvt_stat_yield(c);
	sched_yield();
}
