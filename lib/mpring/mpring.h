/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#ifndef MPRING_H
#define MPRING_H

/**
 * @file
 * Coalescing multi-producer ring.
 *
 * A bounded ring of opaque item pointers in front of one consumer resource (a NIC TX queue).
 * Any number of threads enqueue concurrently. There is no consumer thread: the producer that
 * finds nobody draining becomes the consumer and calls the owner's drain callback, which turns
 * queued items into work for the resource; the other producers leave their items and return.
 * The design and its failure analysis are in docs/mpring.md.
 *
 * The ring never frees, copies out or touches an item beyond storing and passing its pointer.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Smallest number of entries (capacity is entries - 1). */
#define MPRING_SIZE_MIN 2u
/** Largest number of entries. */
#define MPRING_SIZE_MAX 65536u

/** Ring states, the low bits of the flags field of the state word. */
enum mpring_state {
	MPRING_IDLE = 0,	/**< no consumer; everything committed has been drained */
	MPRING_COALESCING = 1,	/**< no consumer; items or drain-held work wait for a flush */
	MPRING_BUSY = 2,	/**< one consumer owns the ring (or claimed it, starts soon) */
	MPRING_TOO_BUSY = 3,	/**< the consumer spent its budget; the next producer takes over */
	MPRING_TAKING_OVER = 4,	/**< a producer claimed the role; consumer leaves at next update */
	MPRING_STALLED = 5,	/**< the drain made no progress; waits for resume or a producer */
};

/** How a thread became the consumer (statistics index). */
enum mpring_route {
	MPRING_ROUTE_FAST = 0,	/**< reservation on an idle ring, no producer mid-enqueue */
	MPRING_ROUTE_COMMIT,	/**< a commit (own range or one it published for another producer)
				 *   found the ring idle, or stalled and drainable */
	MPRING_ROUTE_TAKEOVER,	/**< a commit found TOO_BUSY */
	MPRING_ROUTE_RESUME,	/**< mpring_resume() on a STALLED ring */
	MPRING_ROUTE_FLUSH,	/**< mpring_resume() on a COALESCING ring */
	MPRING_ROUTE_LOCK,	/**< mpring_consumer_trylock() */
	MPRING_ROUTE_SOLE,	/**< a producer alone on an idle ring (mpring_conf.sole_calls) */
	MPRING_ROUTE_REVOKE,	/**< a thread that ended a lease (mpring_conf.lease) to drain
				 *   what others committed behind it, or to quiesce */
	MPRING_ROUTE_MAX,
};

/** How a consumer session ended (statistics index). */
enum mpring_end {
	MPRING_END_IDLE = 0,	/**< caught up, nothing held: IDLE */
	MPRING_END_HOLD,	/**< left items or drain-held work behind: COALESCING */
	MPRING_END_STALL,	/**< drain made no progress: STALLED */
	MPRING_END_HANDOVER,	/**< stepped down for a taking-over producer */
	MPRING_END_MAX,
};

/** Buckets of the items-per-drain-call histogram: 0, 1, 2-3, 4-7, ..., 65536-131071. */
#define MPRING_HIST_BUCKETS 18

/**
 * Counters, kept per lcore (or per slot, see mpring_stats_slot_set()) and summed on read.
 * At rest (mpring_is_idle()), the following hold and the tests check them:
 *   enqueued + enqueued_only == drained;
 *   sum(starts) == sum(ends);   starts[TAKEOVER] == ends[HANDOVER] == handovers;
 *   stalls == restarts;         holds == ends[HOLD] == joins + flushes.
 */
struct mpring_stats {
	uint64_t enqueued;	/**< items accepted by enqueue_burst/bulk */
	uint64_t enqueued_only;	/**< items accepted by enqueue_only */
	uint64_t dropped;	/**< items refused because the ring was full */
	uint64_t rejected;	/**< items refused because the ring was quiesced */
	uint64_t declined;	/**< items of a producer alone on an idle ring that the drain did
				 *   not take, given back to it (mpring_conf.sole_calls) */
	uint64_t not_consumer;	/**< enqueue calls that left the draining to another thread */
	uint64_t starts[MPRING_ROUTE_MAX]; /**< consumer sessions by route */
	uint64_t ends[MPRING_END_MAX];	/**< consumer sessions by way out */
	uint64_t handovers;	/**< consumer stepped down for a taking-over producer */
	uint64_t stalls;	/**< STALLED written */
	uint64_t restarts;	/**< STALLED left for BUSY (commit, resume, trylock, recheck) */
	uint64_t holds;		/**< COALESCING written */
	uint64_t joins;		/**< COALESCING left by a producer or trylock */
	uint64_t flushes;	/**< COALESCING left by mpring_resume() */
	uint64_t direct;	/**< items drained from the caller's array, never copied */
	uint64_t drain_calls;	/**< calls of the drain callback */
	uint64_t drained;	/**< items taken by the drain callback */
	uint64_t cas_retries;	/**< failed CAS on the state word, all paths */
	uint64_t helped;	/**< ranges published for another producer (not its turn) */
	uint64_t yields;	/**< sched_yield() calls while waiting (consumer, room, quiesce)
				 *   and on leaving a STALLED ring (conf.stall_yield) */
	uint64_t holds_declined; /**< hold-rule holds not made: recent holds did not pay */
	uint64_t hold_probes;	/**< holds made while holding did not pay, to see if it does */
	uint64_t hold_periods;	/**< hold periods ended: from the first hold (ring or drain level)
				 *   until nothing is held any more */
	uint64_t hold_time;	/**< TSC cycles of those periods, in total */
	uint64_t hold_time_max;	/**< the longest such period, TSC cycles (a maximum over the
				 *   slots, not a sum); compare with conf.hold_cycles */
	uint64_t drain_hist[MPRING_HIST_BUCKETS]; /**< drain calls by items taken */
	uint64_t hold_late_max;	/**< of those periods, the longest time from the deadline to the
				 *   start of the drain call that sent the held items (TSC cycles,
				 *   a maximum). The ring has no timer: this is time in which no
				 *   thread ran its code (nobody called, the caller was
				 *   descheduled) or an earlier drain call still ran */
	uint64_t hold_sent_max;	/**< the longest period less that late time (TSC cycles, a
				 *   maximum): at most the deadline plus the drain call that sent
				 *   the items, the part the ring bounds */
	uint64_t lease_grants;	/**< leases granted to producers alone (mpring_conf.lease) */
	uint64_t lease_revocations; /**< leases ended: by another thread that wanted the role
				 *   (a producer, quiesce, trylock), or by the holder itself when
				 *   its drain held items or queued some (enqueue_rest,
				 *   enqueue_only) */
};

/**
 * One contiguous view of the items offered to the drain callback: seg[0][0..len[0]) followed
 * by seg[1][0..len[1]), oldest first (two segments when the range wraps the ring).
 */
struct mpring_batch {
	void *const *seg[2];
	uint32_t len[2];
};

/** Drain flag: send everything, hold nothing (resume, quiesce, expired hold). */
#define MPRING_DRAIN_FLUSH 0x1u
/**
 * Drain flag: the batch is a producer's own array, not in the ring (a producer alone,
 * mpring_conf.sole_calls): what the callback does not take goes back to that producer. The
 * callback may instead queue the rest with mpring_enqueue_rest() and count it as taken, so
 * that it waits in the ring as any producer's would.
 */
#define MPRING_DRAIN_DIRECT 0x2u

/**
 * Drain callback. Called by the one consumer, never concurrently with itself.
 *
 * Takes ownership of a prefix of the batch and returns its length. Returning fewer items than
 * offered is fine (the ring calls again). Returns 0 only when it cannot make progress for lack
 * of resources: the ring goes STALLED until mpring_resume() or a producer finds can_drain()
 * true. When the batch is empty (a flush call, flags has MPRING_DRAIN_FLUSH) the return value
 * must be 0 and means nothing. Sets *holding to true iff it keeps consumed items back (for
 * coalescing); it must then make sure somebody calls mpring_resume() later. With
 * MPRING_DRAIN_FLUSH it must send everything it holds and leave *holding false. Must not block
 * and must not call mpring_enqueue_burst()/bulk() on the same ring (mpring_enqueue_only() is
 * allowed). *holding is false on entry.
 */
typedef uint32_t (*mpring_drain_t)(void *cookie, const struct mpring_batch *batch,
		unsigned int flags, bool *holding);

/**
 * Can-drain callback: cheap, lock-free, callable from any thread; may be wrong. A false "yes"
 * costs one futile drain call; a false "no" must be followed by a later mpring_resume() call.
 */
typedef bool (*mpring_can_drain_t)(void *cookie);

/** Creation parameters; fill with mpring_conf_init() then override. */
struct mpring_conf {
	uint32_t size;		/**< entries, MPRING_SIZE_MIN..MPRING_SIZE_MAX, any value */
	mpring_drain_t drain;	/**< required */
	mpring_can_drain_t can_drain; /**< NULL: always true */
	void *cookie;		/**< passed to the callbacks */
	uint32_t budget_items;	/**< items a consumer drains before others may take over (>0) */
	uint64_t budget_cycles;	/**< TSC cycles of draining before others may take over, 0 off */
	uint32_t hold_items;	/**< coalescing: hold fewer than this many items, 0 = never hold */
	uint64_t hold_cycles;	/**< coalescing: stream gap and longest hold, in TSC cycles */
	uint32_t full_retries;	/**< tries on a full ring before refusing: a try resumes a
				 *   stalled or holding ring, or yields the CPU to the consumer
				 *   (after a short pause phase) */
	uint32_t sole_calls;	/**< a producer whose last sole_calls enqueue_burst calls came
				 *   with no other producer's between them (and, with sole_cycles,
				 *   still none sole_cycles later) is taken to be alone: on an
				 *   idle ring its burst goes to the drain from its array
				 *   (MPRING_DRAIN_DIRECT), and what the drain does not take is
				 *   given back to it, not queued (the ring then costs what a
				 *   lock would); 0 = never */
	uint64_t sole_cycles;	/**< with sole_calls: TSC cycles the streak must also last,
				 *   counted from its sole_calls-th call (the clock is read only
				 *   from then on, until they have passed), so that a producer is
				 *   not taken to be alone while the others are only descheduled:
				 *   make it longer than a scheduler time slice; 0 = the count
				 *   alone */
	bool lease;		/**< with sole_calls: a producer taken to be alone keeps the
				 *   consumer role between its calls (a lease), and its later calls
				 *   drain from its array with no read-modify-write at all, until
				 *   another thread wants the role (a producer commits, quiesce,
				 *   trylock) and ends the lease; that thread pays one
				 *   membarrier() system call. Needs Linux membarrier's private
				 *   expedited command (registered once per process); without it,
				 *   or with hold_items, no lease is ever granted; only threads
				 *   with a counter slot of their own (an lcore id, or
				 *   mpring_stats_slot_set()) are granted one. Only for a ring
				 *   whose producers and consumers are threads of one process:
				 *   the private membarrier reaches no other process's threads */
	bool stall_yield;	/**< a producer that leaves items with its caller while the ring
				 *   is STALLED yields the CPU once (sched_yield()) before it
				 *   returns, counted in yields: a stall waits for the drain's
				 *   resource, and whoever frees it (a device served by software,
				 *   another thread) may need the caller's core more than the
				 *   caller's next try does; off: the call returns at once */
};

/*
 * A leased ring (mpring_conf.lease): its holder keeps the role between its calls. Between
 * them, with nothing reserved or committed, mpring_state_get() reports IDLE and
 * mpring_is_idle() is true; while it is inside a call, BUSY. A call of mpring_resume() leaves
 * the lease alone (a leased ring holds nothing and is not stalled).
 */

/** Opaque ring. */
struct mpring;

/** Fill @p conf with defaults: budget 256 items, no time budget, coalescing off, 16 retries. */
void mpring_conf_init(struct mpring_conf *conf);

/**
 * Bytes needed for a ring of @p size entries.
 * @return the size, or 0 if @p size is out of range.
 */
size_t mpring_memsize(uint32_t size);

/**
 * Initialise a ring in caller memory of mpring_memsize() bytes, aligned to a cache line.
 * @return 0, or -EINVAL on bad parameters.
 */
int mpring_init(struct mpring *r, const struct mpring_conf *conf);

/**
 * Allocate (aligned_alloc) and initialise a ring.
 * @return the ring, or NULL with errno set (EINVAL, ENOMEM).
 */
struct mpring *mpring_create(const struct mpring_conf *conf);

/** Free a ring from mpring_create(). The ring must be quiesced. */
void mpring_free(struct mpring *r);

/**
 * Enqueue up to @p n items, ethdev style: accepts min(n, free space) and returns that count;
 * items not accepted stay the caller's and are not touched. The caller may become the
 * consumer and drain (its own items first, without copying them, when the ring was idle).
 * Must not be called from inside the drain callback.
 * @return items accepted (0 when full after conf.full_retries tries, or quiesced).
 */
uint32_t mpring_enqueue_burst(struct mpring *r, void *const *items, uint32_t n);

struct mpring_pvt_slot;

/** A lease holder's call in progress (mpring_lease_enter()); opaque. */
struct mpring_lease_call {
	struct mpring_pvt_slot *slot;
	uint64_t holder;
};

/**
 * The lease holder's call without the drain callback, for a producer whose drain of its own
 * array is its own code inlined in its call (a driver's unshared burst): if this thread holds
 * @p r's lease (mpring_conf.lease), enter its call and return true; the caller then does with
 * its @p n items what its drain callback would do with a batch of them alone (flags
 * MPRING_DRAIN_DIRECT, taking a prefix, holding nothing; mpring_enqueue_rest() and
 * mpring_enqueue_only() allowed),
 * calling nothing else of the ring, and ends the call with
 * mpring_lease_exit(). False: not the holder, or its lease is being ended; use
 * mpring_enqueue_burst(), which also serves a holder. Between enter and exit the thread is
 * "inside" as in mpring_enqueue_burst(): a thread ending the lease waits for the exit.
 * Inline (defined at the end of this file): a holder's call is a few loads and stores.
 */
static inline bool mpring_lease_enter(struct mpring *r, struct mpring_lease_call *lc);

/**
 * End the call mpring_lease_enter() began, in which the caller took @p k of its @p n items.
 * @return @p k: what mpring_enqueue_burst() would have returned for the call.
 */
static inline uint32_t mpring_lease_exit(struct mpring *r, struct mpring_lease_call *lc,
					 uint32_t n, uint32_t k);

/**
 * Enqueue all @p n items or none.
 * @return 0, -ENOBUFS (not enough room), -EPIPE (quiesced), -EINVAL (n > capacity).
 */
int mpring_enqueue_bulk(struct mpring *r, void *const *items, uint32_t n);

/**
 * Enqueue from inside the drain callback (the caller is the consumer): never becomes the
 * consumer, never retries, ignores quiescing. The current consumer drains the items after its
 * current drain call.
 * @return items accepted (min(n, free space)).
 */
uint32_t mpring_enqueue_only(struct mpring *r, void *const *items, uint32_t n);

/**
 * As mpring_enqueue_only(), for the rest of a direct batch (MPRING_DRAIN_DIRECT, or a lease
 * holder's call between mpring_lease_enter() and mpring_lease_exit()): @p items are the tail
 * of the caller's own array that the drain did not send, and the drain counts what this
 * accepts as taken. In the counters they stay the caller's burst: enqueued (not
 * enqueued_only), drained when a session drains them, never direct. Items of the drain's own
 * making go with mpring_enqueue_only().
 * @return items accepted (min(n, free space)).
 */
uint32_t mpring_enqueue_rest(struct mpring *r, void *const *items, uint32_t n);

/** Resume flag: flush a COALESCING ring only if its hold deadline has passed. */
#define MPRING_RESUME_LAZY 0x1u

/**
 * Resume entry point, for any thread at any time (completion poller, no-space loop, watchdog).
 * One load of the state word when there is nothing to do. On a STALLED ring, if can_drain()
 * says yes, becomes the consumer. On a COALESCING ring, becomes the consumer and flushes (with
 * MPRING_RESUME_LAZY only once the hold deadline has passed).
 * @return items drained by this call.
 */
uint32_t mpring_resume(struct mpring *r, unsigned int flags);

/**
 * Take the consumer role without items (e.g. to reclaim completions under the same mutual
 * exclusion as the drain callback). Succeeds on IDLE, COALESCING and STALLED rings, and on a
 * leased one (it ends the lease: one membarrier() call and a wait while its holder is inside
 * a call), unless another thread is ending it (-EBUSY: that thread becomes the consumer).
 * @return 0, or -EBUSY if another thread is the consumer.
 */
int mpring_consumer_trylock(struct mpring *r);

/**
 * Give the role back: drains what producers queued meanwhile (the ring cannot go idle with
 * items in it), then leaves as any consumer does.
 * @return items drained.
 */
uint32_t mpring_consumer_unlock(struct mpring *r);

/**
 * Stop the ring and wait until no producer or consumer is inside it: new enqueues are refused
 * (burst returns 0, bulk -EPIPE), producers mid-enqueue finish, the consumer leaves, held items
 * are flushed, a lease is ended. Call mpring_start() to accept items again.
 * @return 0 when the ring is empty and idle; -EAGAIN when items remain because the drain
 *   cannot progress (STALLED): switch the drain to discard mode and call again.
 */
int mpring_quiesce(struct mpring *r);

/** Accept enqueues again after mpring_quiesce(). */
void mpring_start(struct mpring *r);

/**
 * @return true if IDLE with nothing reserved, committed or held (COALESCING is not idle), or
 *   leased with nothing reserved or committed and its holder not inside a call.
 */
bool mpring_is_idle(const struct mpring *r);

/** @return the current state. */
enum mpring_state mpring_state_get(const struct mpring *r);

/** @return items reserved or queued and not yet drained (a snapshot). */
uint32_t mpring_count(const struct mpring *r);

/** @return the raw state word (debugging). */
uint64_t mpring_state_word(const struct mpring *r);

/** @return the capacity (size - 1). */
uint32_t mpring_capacity(const struct mpring *r);

/** Sum the per-slot counters into @p out (consistent per counter, not across counters). */
void mpring_stats_get(const struct mpring *r, struct mpring_stats *out);

/**
 * The counters of one slot (an lcore id, a slot chosen with mpring_stats_slot_set(), or
 * mpring_stats_slots() - 1 for the slot threads without one share), e.g. to report per lcore
 * who enqueued and who drained.
 * @return 0, or -EINVAL for a slot out of range.
 */
int mpring_stats_slot_get(const struct mpring *r, unsigned int slot, struct mpring_stats *out);

/**
 * Choose the counter slot of the calling thread, for threads that are not EAL lcores (or to
 * override the lcore id): 0 <= slot < mpring_stats_slots(). -1 returns to the default: the
 * lcore id, read once and remembered by the thread (call again with -1 after the thread's
 * lcore id changes); threads without one share a slot updated with atomic adds.
 * @return 0 or -EINVAL.
 */
int mpring_stats_slot_set(int slot);

/** @return the number of counter slots. */
unsigned int mpring_stats_slots(void);

/* --- the lease holder's call, inline (mpring_core.h has why; mpring_lease.c, the lease) --- */

#include "mpring_core.h"

static inline bool
mpring_lease_enter(struct mpring *r, struct mpring_lease_call *lc)
{
	struct mpring_pvt_slot *sl;
	/* Relaxed: a guess, checked again below after F1, as in mpring_enqueue_burst. A
	 * thread never granted a lease has a name no lease word holds (mpring_pvt_lease_me). */
	uint64_t h = __atomic_load_n(&r->lease.holder, __ATOMIC_RELAXED);

	if (h != mpring_pvt_lease_me)
		return false;
	sl = &r->stats[mpring_pvt_lease_slot(h)];
	/* Relaxed: F1 orders it (the signal fence for the compiler, membarrier for the CPU). */
	__atomic_store_n(&sl->lease_inside, 1, __ATOMIC_RELAXED);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	MPRING_TEST_HOOK(r, MPRING_HOOK_LEASE_INSIDE);
	/* A11: acquire: the caller's drain stays after the check. */
	if (unlikely(__atomic_load_n(&r->lease.holder, __ATOMIC_ACQUIRE) != h)) {
		/* Revoked: the revoker may wait for this (nothing of ours to pass on). */
		__atomic_store_n(&sl->lease_inside, 0, __ATOMIC_RELEASE);
		return false;
	}
	lc->slot = sl;
	lc->holder = h;
	return true;
}

static inline uint32_t
mpring_lease_exit(struct mpring *r, struct mpring_lease_call *lc, uint32_t n, uint32_t k)
{
	struct mpring_pvt_slot *sl = lc->slot;
	/* the slot the lease names: the holder's own, never the shared one */
	const struct mpring_pvt_ctx c = { .st = &sl->s, .shared = false };

	MPRING_ASSERT(k <= n);
	MPRING_TEST_HOOK(r, MPRING_HOOK_DRAINED);
	/* Relaxed: written by this thread only (its enqueue_rest or enqueue_only in the call). */
	if (unlikely(__atomic_load_n(&r->lease.kick, __ATOMIC_RELAXED)))
		return mpring_pvt_lease_exit_kicked(r, sl, lc->holder, n, k);
	MPRING_ASSERT(r->queued == 0);	/* queuing ends the lean path (kick, tail) */
	mpring_pvt_stat_sole_lean(&c, k, n - k);
	/* R7, as in lease_drain (mpring.c). */
	__atomic_store_n(&sl->lease_inside, 0, __ATOMIC_RELEASE);
	return k;
}

#ifdef __cplusplus
}
#endif

#endif /* MPRING_H */
