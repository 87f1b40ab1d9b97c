/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#ifndef MPRING_PVT_H
#define MPRING_PVT_H

/*
 * Private inline helpers of lib/mpring, shared by its files and by the white-box tests; not
 * part of the API (the layout they work on, the assertions and the test hooks are in
 * mpring_core.h). The files: mpring.c, the state machine (the consumer, the producers, the
 * lease holder's calls); mpring_ctl.c, the role taken from outside an enqueue (resume,
 * trylock, quiesce, start); mpring_lease.c, the lease's grant check and revocation;
 * mpring_hold.c, the coalescing policy; mpring_ring.c, creation and the ring's queries;
 * mpring_stats.c, the counters.
 */

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#include <rte_common.h>
#include <rte_branch_prediction.h>
#include <rte_cycles.h>
#include <rte_lcore.h>
#include <rte_pause.h>

#include "mpring.h"

/* Can this process lease (membarrier's private expedited command registered)? */
bool mpring_pvt_lease_available(void);

/* A consumer re-checks can_drain() after writing STALLED at most this often per call. */
#define MPRING_PVT_RECHECKS	4u
/* Pauses before a wait on another thread starts yielding the CPU (it may be preempted on ours). */
#define MPRING_PVT_SPINS	64u

/* The state word: four 16-bit fields updated together by CAS (docs/mpring.md, "How it works"). */
union mpring_pvt_word {
	uint64_t u;
	struct {
		uint16_t head;	/* reservation frontier */
		uint16_t tail;	/* publication frontier */
		uint16_t cidx;	/* consumer frontier as published */
		uint16_t flags;	/* enum mpring_state | MPRING_PVT_STOPPED */
	};
};

static inline unsigned int
mpring_pvt_state(union mpring_pvt_word w)
{
	return w.flags & MPRING_PVT_STATE_MASK;
}

static inline union mpring_pvt_word
mpring_pvt_with_state(union mpring_pvt_word w, unsigned int st)
{
	w.flags = (uint16_t)((w.flags & ~MPRING_PVT_STATE_MASK) | st);
	return w;
}

/* True for the states that have a consumer: BUSY, TOO_BUSY, TAKING_OVER. */
static inline bool
mpring_pvt_owned(unsigned int st)
{
	return st == MPRING_BUSY || st == MPRING_TOO_BUSY || st == MPRING_TAKING_OVER;
}

/* Ring distance from @from to @to (positions 0..size-1, any size). */
static inline uint32_t
mpring_pvt_dist(const struct mpring *r, uint32_t from, uint32_t to)
{
	return to >= from ? to - from : to + r->size - from;
}

/* Position @p advanced by @n < size, wrapping by compare and subtract. */
static inline uint16_t
mpring_pvt_add(const struct mpring *r, uint32_t p, uint32_t n)
{
	p += n;
	return (uint16_t)(p >= r->size ? p - r->size : p);
}

/* The lease word's value naming the thread @tid with counter slot @slot. */
static inline uint64_t
mpring_pvt_lease_val(uint32_t slot, uint32_t tid)
{
	return (uint64_t)slot << 32 | tid;
}

/*
 * Is the ring leased with nothing reserved or committed, its holder out of a call (word @w)?
 * Relaxed load of the lease word (a snapshot); acquire load of the holder's inside flag,
 * pairs with its R7 (mpring.c): its drain's work before the caller's.
 */
static inline bool
mpring_pvt_lease_rest(const struct mpring *r, union mpring_pvt_word w)
{
	uint64_t h;

	if (!(w.flags & MPRING_PVT_LEASED) || w.head != w.tail || w.tail != w.cidx)
		return false;
	h = __atomic_load_n(&r->lease.holder, __ATOMIC_RELAXED);
	return h != MPRING_PVT_LEASE_NONE && h != MPRING_PVT_LEASE_REVOKING &&
		__atomic_load_n(&r->stats[mpring_pvt_lease_slot(h)].lease_inside,
				__ATOMIC_ACQUIRE) == 0;
}

/*
 * Between the state machine's files (mpring.c, mpring_ctl.c, mpring_lease.c). Each is
 * described where it is defined; docs/mpring.md drops the mpring_pvt_ prefix.
 */
struct mpring_pvt_ctx;

/* mpring_pvt_res_claim's @which (the states it may take the role from) and @flags. */
#define MPRING_PVT_RES_STALLED		(1u << MPRING_STALLED)
#define MPRING_PVT_RES_COALESCING	(1u << MPRING_COALESCING)
#define MPRING_PVT_RES_IDLE		(1u << MPRING_IDLE)
/* COALESCING only once the hold deadline passed */
#define MPRING_PVT_RES_LAZY		MPRING_RESUME_LAZY
/* STALLED without asking can_drain() (trylock) */
#define MPRING_PVT_RES_FORCE		0x100u
/* from COALESCING to flush (resume), not to join (trylock) */
#define MPRING_PVT_RES_FLUSH		0x200u

bool mpring_pvt_wait_step(const struct mpring_pvt_ctx *c, uint32_t *spins);
/* A producer leaves items with its caller: one yield if the ring is stalled (mpring_wait.c). */
void mpring_pvt_stall_yield(const struct mpring *r, const struct mpring_pvt_ctx *c);
int mpring_pvt_res_claim(struct mpring *r, const struct mpring_pvt_ctx *c,
		union mpring_pvt_word w, unsigned int which, unsigned int flags);
uint32_t mpring_pvt_cons_run(struct mpring *r, const struct mpring_pvt_ctx *c,
		unsigned int route, void *const *own, uint32_t own_start, uint32_t own_n,
		unsigned int dflags);
bool mpring_pvt_lease_revoke(struct mpring *r, const struct mpring_pvt_ctx *c);
void mpring_pvt_lease_clear(struct mpring *r, const struct mpring_pvt_ctx *c);

/* Free entries: reserved-but-uncommitted ones count as used. */
static inline uint32_t
mpring_pvt_free(const struct mpring *r, union mpring_pvt_word w)
{
	return r->cap - mpring_pvt_dist(r, w.cidx, w.head);
}

#endif /* MPRING_PVT_H */
