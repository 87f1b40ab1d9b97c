/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#ifndef MPRING_CORE_H
#define MPRING_CORE_H

/*
 * The ring's layout, published as DPDK publishes struct rte_ring (rte_ring_core.h): so that
 * the lease holder's call (mpring_lease_enter/exit, mpring.h) is inlined in the caller's own
 * burst, where a lone sender's calls of one item feel every call and load they add. Not API:
 * nothing outside lib/mpring reads or writes these fields; use the functions of mpring.h. The
 * state machine's private helpers are in mpring_pvt.h.
 */

#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_cycles.h>

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

/* Counter slots: one per EAL lcore plus one shared (atomic) slot for other threads. */
#define MPRING_PVT_SLOTS	(RTE_MAX_LCORE + 1)
#define MPRING_PVT_SHARED_SLOT	RTE_MAX_LCORE

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
	bool stall_yield;	/* conf.stall_yield */
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

/* The counter slot of the holder that lease word value @h names. */
static inline uint32_t
mpring_pvt_lease_slot(uint64_t h)
{
	return (uint32_t)(h >> 32);
}

/* --- the counters a lease holder's call updates (the rest: mpring_pvt_stats.h) --------- */

/* The calling thread's counter slot, found once per API call. */
struct mpring_pvt_ctx {
	struct mpring_stats *st;
	bool shared;
};

static inline void
mpring_pvt_stat_add(const struct mpring_pvt_ctx *c, uint64_t *f, uint64_t v)
{
	if (unlikely(c->shared))
		/* Relaxed RMW: several threads share this slot; readers only sum. */
		__atomic_fetch_add(f, v, __ATOMIC_RELAXED);
	else
		/* Owner-only slot: load and store, no RMW. Relaxed atomics so that the summing
		 * reader (mpring_stats_get) is not a data race; no ordering is needed. */
		__atomic_store_n(f, __atomic_load_n(f, __ATOMIC_RELAXED) + v, __ATOMIC_RELAXED);
}

#define MPRING_PVT_STAT(c, field, v) mpring_pvt_stat_add((c), &(c)->st->field, (v))

/*
 * A lean SOLE call (prod_sole_direct): a session of route SOLE that ended IDLE after one direct
 * drain call of @k items (the histogram counts it here), @declined items given back. Its
 * start, end, drain call and items are counted once, in the slot's two lean counters, and
 * unfolded when read (mpring_pvt_stats_fold): two updates instead of eight.
 */
static inline void
mpring_pvt_stat_sole_lean(const struct mpring_pvt_ctx *c, uint32_t k, uint32_t declined)
{
	struct mpring_pvt_slot *sl = container_of(c->st, struct mpring_pvt_slot, s);
	unsigned int bucket = k == 0 ? 0 : 32 - (unsigned int)__builtin_clz(k);

	mpring_pvt_stat_add(c, &sl->sole_lean, 1);
	mpring_pvt_stat_add(c, &sl->sole_lean_items, k);
	MPRING_PVT_STAT(c, drain_hist[bucket], 1);
	if (declined != 0)
		MPRING_PVT_STAT(c, declined, declined);
}

/* mpring_lease_exit() of a call that queued items (kick): the lease ends (mpring.c). */
uint32_t mpring_pvt_lease_exit_kicked(struct mpring *r, struct mpring_pvt_slot *sl, uint64_t h,
				      uint32_t n, uint32_t k);

/*
 * The lease word's value that names this thread, once it has been granted a lease
 * (mpring_lease.c): its counter slot << 32 | its thread id, as the grant wrote it; before that
 * a value no lease word holds (slot 1 << 31). Initial-exec, as the counter slot's: one load.
 */
extern __thread uint64_t mpring_pvt_lease_me __attribute__((tls_model("initial-exec")));

#endif /* MPRING_CORE_H */
