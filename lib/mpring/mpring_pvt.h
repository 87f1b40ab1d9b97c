/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#ifndef MPRING_PVT_H
#define MPRING_PVT_H

/*
 * Private layout and inline helpers of lib/mpring, shared by its files and by the white-box
 * tests; not part of the API. The files: mpring.c, the state machine (the consumer, the
 * producers, the lease holder's calls); mpring_ctl.c, the role taken from outside an enqueue
 * (resume, trylock, quiesce, start); mpring_lease.c, the lease's grant check and revocation;
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

/*
 * Assertions on legal states. On when the library is built with MPRING_DEBUG (the copy the
 * tests link), compiled out otherwise; the expression is still type-checked.
 */
#ifdef MPRING_DEBUG
#define MPRING_ASSERT(x) do { \
	if (unlikely(!(x))) \
		mpring_pvt_assert_fail(#x, __FILE__, __LINE__); \
} while (0)
#else
#define MPRING_ASSERT(x) do { if (0) (void)(x); } while (0)
#endif

void mpring_pvt_assert_fail(const char *what, const char *file, int line);

/* Can this process lease (membarrier's private expedited command registered)? */
bool mpring_pvt_lease_available(void);

/*
 * Test hooks: named points inside the state machine where a deterministic test can stop the
 * calling thread while another thread changes the ring (tests/unit/mpring/test_mpring_races.c),
 * and where the stress test delays threads at random. Compiled in only with MPRING_TEST_HOOKS
 * (the tests' copy of the library); empty otherwise.
 */
enum mpring_pvt_hook_point {
	/* Consumer wrote STALLED and can_drain() said yes; about to take STALLED back. */
	MPRING_HOOK_STALL_RECHECK,
	/* Producer reserved its range (not FAST), before filling it. */
	MPRING_HOOK_RESERVED,
	/* Producer found it was not its turn and marked its range, before re-reading the word. */
	MPRING_HOOK_MARKED,
	/* Producer committed a range (its own or a marked one), before looking for the next. */
	MPRING_HOOK_COMMITTED,
	/* Producer claimed a marked range of another producer, before committing it. */
	MPRING_HOOK_CLAIMED,
	/* Consumer returned from a drain call, before reading the word again (also a lease
	 * holder's call: still inside). */
	MPRING_HOOK_DRAINED,
	/* Lease holder wrote inside = 1, before it loads the lease word. */
	MPRING_HOOK_LEASE_INSIDE,
	/* Revoker found the holder inside a call, before a wait step. */
	MPRING_HOOK_LEASE_WAIT,
	MPRING_HOOK_MAX,
};

typedef void (*mpring_pvt_hook_t)(struct mpring *r, enum mpring_pvt_hook_point point);

#ifdef MPRING_TEST_HOOKS
/* Set by a test before the threads start, cleared after they end. */
extern mpring_pvt_hook_t mpring_pvt_test_hook;
/* The clock of the hold policy's epochs and of the sole guess's time (mpring_pvt_tsc()); a
 * test sets it to play a cost model, or to step time by hand. */
extern uint64_t (*mpring_pvt_test_clock)(void);
/* Non-zero: mpring_init() finds membarrier unavailable, as with ENOSYS (no lease). */
extern int mpring_pvt_test_no_membarrier;
#define MPRING_TEST_HOOK(r, point) do { \
	mpring_pvt_hook_t h_ = __atomic_load_n(&mpring_pvt_test_hook, __ATOMIC_RELAXED); \
	if (h_ != NULL) \
		h_((r), (point)); \
} while (0)
static inline uint64_t
mpring_pvt_tsc(void)
{
	/* Relaxed: set before the test's threads start. */
	uint64_t (*clock)(void) = __atomic_load_n(&mpring_pvt_test_clock, __ATOMIC_RELAXED);

	return clock != NULL ? clock() : rte_rdtsc();
}
#else
#define MPRING_TEST_HOOK(r, point) do { } while (0)
#define mpring_pvt_tsc() rte_rdtsc()
#endif

/* Flags field of the state word: state in the low bits, the lease and quiesce bits on top. */
#define MPRING_PVT_STATE_MASK	0x7u
#define MPRING_PVT_LEASED	0x4000u	/* BUSY, the role leased (mpring_lease.c) */
#define MPRING_PVT_STOPPED	0x8000u

/* The lease word (mpring_lease.c): a holder's counter slot << 32 | its thread id (never
 * 0), or one of these. */
#define MPRING_PVT_LEASE_NONE		UINT64_C(0)
#define MPRING_PVT_LEASE_REVOKING	UINT64_MAX

/* A consumer re-checks can_drain() after writing STALLED at most this often per call. */
#define MPRING_PVT_RECHECKS	4u
/* Pauses before a wait on another thread starts yielding the CPU (it may be preempted on ours). */
#define MPRING_PVT_SPINS	64u

/* Counter slots: one per EAL lcore plus one shared (atomic) slot for other threads. */
#define MPRING_PVT_SLOTS	(RTE_MAX_LCORE + 1)
#define MPRING_PVT_SHARED_SLOT	RTE_MAX_LCORE

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

/*
 * A slot's counters, and two that stand for several: a lean SOLE call (prod_sole_direct) counts
 * only its call and its items here, and mpring_stats_get() folds them into the starts, ends,
 * drain calls, drained, direct and enqueued they stand for (mpring_pvt_stats_fold()).
 */
struct mpring_pvt_slot {
	struct mpring_stats s;
	uint64_t sole_lean;		/* lean SOLE calls */
	uint64_t sole_lean_items;	/* items the drain took in them */
	/* 1 while the slot's thread, a lease holder, is in a call (mpring_lease.c);
	 * written by that thread only, next to the counters its calls write anyway. */
	uint32_t lease_inside;
} __rte_cache_aligned;

/*
 * Coalescing state (mpring_hold.c). Written only by the consumer role, so it moves with the
 * role, which orders it like the drain's own state; the deadline is also read by lazy
 * resumers (a hint, relaxed).
 */
struct mpring_pvt_hold {
	uint64_t deadline;	/* TSC the oldest held item must go by; 0 = nothing held */
	uint64_t last_cand_tsc;	/* TSC of the last decision that could have held */
	/* Do holds pay? Throughput in epochs of items, most run the preferred way, one in
	 * probe_gap the other way (mpring_hold.c). */
	uint64_t ep_t0;		/* clock at the epoch's start; 0 = not started */
	uint64_t pref_rate;	/* throughput of the last preferred epoch; 0 = none yet */
	uint64_t probe_rate;	/* ... of the probe epoch after it, 0 = none */
	uint32_t ep_items;	/* items drained in this epoch */
	uint32_t ep_since_probe; /* preferred epochs since the last probe */
	uint32_t probe_gap;	/* preferred epochs between probes */
	uint32_t ratio;		/* throughput with holds / without, recent probes, fixed point */
	bool pref;		/* the preferred way: holds on */
	bool probing;		/* this epoch runs the other way */
	bool on;		/* holds on in this epoch: pref != probing */
	bool undo_deadline;	/* mpring_pvt_hold_made() started the deadline (for the undo) */
	uint64_t call_late;	/* the last drain call started this long after the deadline */
};

struct mpring {
	/* Line 0: the state word, alone: every producer and the consumer CAS it. */
	uint64_t state __rte_cache_aligned;

	/* Read-mostly parameters. */
	uint32_t size __rte_cache_aligned;
	uint32_t cap;
	uint32_t budget_items;
	uint32_t hold_items;
	uint32_t full_retries;
	uint32_t sole_calls;
	bool lease_on;		/* conf.lease, membarrier registered, no hold rule */
	uint64_t sole_cycles;
	uint64_t budget_cycles;
	uint64_t hold_cycles;
	mpring_drain_t drain;
	mpring_can_drain_t can_drain;
	void *cookie;
	/* Per slot: the mark of a filled range starting there that waits for pidx_tail to reach
	 * it (0: none): its holder's thread id << 32 | its length. Written by the producer that
	 * holds the range, claimed by a CAS to 0 (publication, mpring.c). */
	uint64_t *pend;

	/* The sole-producer guess (prod_sole, mpring.c): the last producer's thread id, its calls
	 * in a row up to sole_calls, when they got there, and whether sole_cycles have passed
	 * since. Its own line: written by producers, on a change of producer and while a streak
	 * grows, never by a producer that stays alone. */
	struct {
		uint32_t tid;
		uint32_t calls;
		uint64_t since;	/* clock (mpring_pvt_tsc) at the sole_calls-th call */
		bool timed;	/* sole_cycles passed since then: alone, no more clock reads */
	} sole __rte_cache_aligned;

	/*
	 * The lease (mpring_lease.c): holder: the holder's name
	 * (mpring_pvt_lease_val), NONE, or REVOKING (being ended: a CAS elects the one thread
	 * that ends it); kick: the holder's drain queued items (enqueue_only), written and read
	 * by the holder only. Its own line, read by every burst (one load), written at grants
	 * and revocations.
	 */
	struct {
		uint64_t holder;
		bool kick;
	} lease __rte_cache_aligned;
	/* Items the role holder's direct call queued with mpring_enqueue_rest(), counted when
	 * the call ends (mpring_pvt_take_queued) as part of the caller's own burst, taken but
	 * not yet drained (after a session's drain call, where it does not belong, as
	 * enqueued_only). Plain: the holder's, passed on with the role. On the lease's line,
	 * which every burst reads: written only with a rest queued (as kick is, for a
	 * holder), read after each drain call (docs/mpring.md, 2.1, has what the first place
	 * for it cost). */
	uint32_t queued;

	/* Consumer-private: written only by the consumer role. */
	struct mpring_pvt_hold hold __rte_cache_aligned;

	struct mpring_pvt_slot stats[MPRING_PVT_SLOTS];

	void *slots[] __rte_cache_aligned;
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

/* The lease word's value naming the thread @tid with counter slot @slot, and its slot. */
static inline uint64_t
mpring_pvt_lease_val(uint32_t slot, uint32_t tid)
{
	return (uint64_t)slot << 32 | tid;
}

static inline uint32_t
mpring_pvt_lease_slot(uint64_t h)
{
	return (uint32_t)(h >> 32);
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
