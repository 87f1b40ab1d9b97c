/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Shared TX queues (RTE_ETH_TX_OFFLOAD_MT_LOCKFREE; design.md "The data path", B.3): any
 * number of lcores and other threads call rte_eth_tx_burst() on one queue at once. The burst
 * is an enqueue into the queue's lib/mpring ring (docs/mpring.md); whichever caller finds
 * nobody draining becomes the ring's consumer and runs the drain below, which turns the frames
 * of every caller it finds into IOCBs with the unshared burst's own code (qlxge_tx.c) and
 * writes one doorbell per drain call. On an idle ring the caller's burst goes to the device
 * straight from its array, as the unshared burst would. A caller that has been alone on the
 * queue for QLXGE_TXS_SOLE_CALLS calls in a row (sole_calls of rte_pmd_qlxge_tx_shared_conf)
 * and still is QLXGE_TXS_SOLE_US later is also served from its array when the ring is idle
 * (mpring's sole producer), so one sender pays a lock's two CAS and little more; and it keeps
 * the queue between its calls (mpring's lease, unless the lease is off), so that its later
 * calls run the unshared burst itself between mpring_lease_enter() and mpring_lease_exit(),
 * with no CAS at all, until another caller, a stop or a tx_done_cleanup ends the lease (one
 * membarrier() system call, mpring.c "the lease"). What the work queue cannot take of the
 * holder's burst is refused, as by the unshared burst, and the lease stays; while the device is
 * the slower one, the holder's doorbell waits for its next call until 32 frames wait for it
 * (qlxge_txs_db_wait, qlxge_tx_shared.h), so its frames go in batches, not one burst per
 * doorbell. Without the lease, what the work queue cannot take of a lone caller's burst waits
 * in the ring as anyone's would (qlxge_txs_direct_rest). The time is a trade: while one of two
 * callers that share cores with other threads is descheduled, the other is alone for a
 * scheduler time slice (milliseconds). Taken as alone, it pays the unshared burst's cost
 * instead of the ring's (two to three times as much per call at bursts of one, most of it in
 * the CAS that gives the role back after the doorbell); not taken, its bursts wait in the ring
 * while the work queue is full and go in fewer doorbells. 200 us takes the first (the driver's
 * guide, "Shared TX queues", has the measurements of both).
 *
 * The consumer role is the queue's lock: exactly one thread at a time holds it, passed on by
 * the ring's acquire/release CAS (mpring.c, R4 -> A1/A2/A4/A7). Everything that touches the
 * queue's data-path state (WQ indexes, sw_ring, CQ, counters) runs under it: the drain,
 * tx_done_cleanup (by trylock), and the control path while the queue is stopped (it holds the
 * role from its stop to its start). So the unshared code runs unchanged and unlocked.
 *
 * Rules (design.md B.27):
 *  - no timer: a drain that finds the work queue full reclaims in bulk; if nothing completed it
 *    returns 0 and the ring stalls; it goes on at the next enqueue or tx_done_cleanup that finds
 *    the device past the stall (can_drain), or when the stop reclaims; a lease holder's unrung
 *    IOCBs are rung by the queue's next call of any kind (the holder's, a burst of none,
 *    whoever ends the lease: a drain, tx_done_cleanup, a stop);
 *  - a caller gets back how many of ITS frames the queue accepted, a prefix of its array
 *    (mpring_enqueue_burst); an accepted frame is sent, or freed and counted: dropped by the
 *    burst's checks (oerrors, tx_q<N>_bad_packets), or flushed by a stop
 *    (tx_q<N>_shared_flushed_on_stop, oerrors);
 *  - stop (queue, port, and so reset and close) quiesces the ring: callers get 0 from then on,
 *    no caller is left inside, the frames it holds go to the device while it makes room, within
 *    QLXGE_TXS_STOP_WAIT_US, and are freed and counted past it (or at once when the adapter is
 *    in error); the device's completions are awaited likewise; what remains is freed at the
 *    queue's stop and counted.
 *
 * Ring-level holds for coalescing (mpring's hold rule) are off unless the application sets
 * hold_us (rte_pmd_qlxge_tx_shared_conf_set): with no timer, a held frame waits for the next
 * call on the queue (any burst, a burst of 0 frames, tx_done_cleanup, a stop).
 */

#include <errno.h>
#include <sched.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_mbuf_dyn.h>
#include <rte_pause.h>

#include "qlxge_pmd.h"
#include "qlxge_log.h"
#include "qlxge_tx_shared.h"
#include "rte_pmd_qlxge.h"

#define QLXGE_TXS_BUDGET_US	50	/* a consumer drains others' frames this long at most */
#define QLXGE_TXS_STOP_WAIT_US	100000	/* a stop waits this long for the device, in total */
#define QLXGE_TXS_STOP_STEP_US	10
#define QLXGE_TXS_SOLE_CALLS	64	/* calls in a row after which a caller is taken as alone */
#define QLXGE_TXS_SOLE_US	200	/* ... if still alone this long after (sole_us) */

/* ---- the drain: the ring's consumer feeds the work queue ------------------------------ */

/* The doorbell's TSC into each frame of slots [from, wq_pi), for an application measuring. */
void
qlxge_txs_stamp(struct qlxge_txq *txq, int off, uint16_t from)
{
	uint64_t tsc = rte_rdtsc();
	uint16_t i;

	for (i = from; i != txq->wq_pi; i = i + 1 == txq->nb_desc ? 0 : i + 1)
		*RTE_MBUF_DYNFIELD(txq->sw_ring[i], off, uint64_t *) = tsc;
}

/*
 * The doorbell for the IOCBs written since the last one, if any: the drain's, and whoever
 * takes the queue over from a lease holder that left some unrung (the holder's own are in
 * qlxge_xmit_pkts_mp). Under the role or the lease.
 */
static void
qlxge_txs_doorbell(struct qlxge_txq *txq)
{
	if (qlxge_txs_db_account(txq))
		qlxge_tx_doorbell(txq);
}

/* Stopping: every frame offered is freed and counted. */
static uint32_t
qlxge_txs_discard(struct qlxge_txq *txq, const struct mpring_batch *b, uint32_t avail)
{
	unsigned int i;

	for (i = 0; i < RTE_DIM(b->seg); i++)
		if (b->len[i] != 0)
			rte_pktmbuf_free_bulk((struct rte_mbuf **)(uintptr_t)b->seg[i], b->len[i]);
	txq->shared->xstats.flushed += avail;
	txq->stats.errors += avail;
	return avail;
}

/* The ring stalls until the device's CQ producer is @need entries past @cq (LE32, as the
 * shadow holds it): can_drain() says yes from then on. A lease holder's unrung IOCBs go now:
 * the device completes them, which ends the stall. */
static uint32_t
qlxge_txs_stall(struct qlxge_txq *txq, uint32_t cq, uint32_t need)
{
	struct qlxge_txs *s = txq->shared;

	qlxge_txs_doorbell(txq);
	/* Relaxed: a hint for can_drain() (mpring.h allows it to be wrong); the completions
	 * themselves are read by the next drain, under the role. One word: index and need
	 * change together. */
	__atomic_store_n(&s->stall, (uint64_t)need << 32 | cq, __ATOMIC_RELAXED);
	return 0;
}

/*
 * A batch of a caller alone (MPRING_DRAIN_DIRECT: its own array, not in the ring) of which the
 * work queue took @done: the rest goes into the ring, to wait there as any caller's frames
 * would, and counts as taken; the ring's next session stalls on the full work queue and posts it
 * in larger batches once the device has made room. Returning it to the caller instead would
 * post a few frames per doorbell while the device is the slower one.
 */
static uint32_t
qlxge_txs_direct_rest(struct qlxge_txq *txq, const struct mpring_batch *b, uint32_t done)
{
	if (unlikely(txq->stalled))
		return done;	/* nothing more goes to the device: the rest is the caller's */
	return done + mpring_enqueue_rest(txq->shared->ring, &b->seg[0][done], b->len[0] - done);
}

/*
 * mpring drain callback: IOCBs for a prefix of the batch (frames of any callers, oldest first),
 * one doorbell. Reclaim first, in bulk, when the batch does not fit the free slots. Returns the
 * frames taken; 0 when the work queue is full (the ring stalls until the device has made room).
 * A nearly full queue (room for fewer than QLXGE_TXS_POST_MIN frames, the device busy with at
 * least as many) takes no batch until it has that much room: the device loses nothing, and the
 * frames, more of them by then, go in one doorbell instead of one per few completions. (Not
 * the lease holder's call, which posts what fits, as the unshared burst does: the rule there
 * sent a lone sender to the ring's path, at two to three times the cost per call, whenever
 * the device was behind it by a few frames; nor a lone sender's direct call, likewise.)
 * Takes nothing back to hold: coalescing is the ring's (hold rule), never the drain's.
 */
static uint32_t
qlxge_txs_drain(void *cookie, const struct mpring_batch *b, unsigned int flags, bool *holding)
{
	struct qlxge_txq *txq = cookie;
	struct qlxge_txs *s = txq->shared;
	uint32_t avail = b->len[0] + b->len[1], done, busy;

	RTE_SET_USED(holding);
	if (unlikely(avail == 0)) {
		qlxge_txs_doorbell(txq);	/* a lease holder's, if it left any */
		return 0;	/* a flush call: nothing is held here */
	}
	/* Relaxed: set by the stopping thread before the quiesce (or trylock) whose acquire
	 * made us the consumer; a stale false only delays the discard to the next call. */
	if (unlikely(__atomic_load_n(&s->discard, __ATOMIC_RELAXED))) {
		qlxge_txs_doorbell(txq);	/* in the work queue already: the stop waits */
		return qlxge_txs_discard(txq, b, avail);
	}
	if (unlikely(txq->stalled)) {
		/* a malformed completion: nothing more goes to the device until a reset (the
		 * unshared burst returns 0 alike); the stop frees what waits */
		return qlxge_txs_stall(txq, __atomic_load_n(txq->prod_shadow,
						       __ATOMIC_RELAXED), 1);
	}
	if (txq->nb_free < avail || txq->nb_free < txq->free_thresh)
		qlxge_tx_reclaim(txq, RTE_MAX(avail, QLXGE_TX_RECLAIM_BULK));
	busy = txq->nb_desc - 1u - txq->nb_free;	/* IOCBs the device has not completed */
	if (txq->nb_free < QLXGE_TXS_POST_MIN && busy >= QLXGE_TXS_POST_MIN &&
	    !(flags & MPRING_DRAIN_DIRECT))
		return qlxge_txs_stall(txq, rte_cpu_to_le_32(txq->cq_ci),
				       QLXGE_TXS_POST_MIN - txq->nb_free);
	done = qlxge_tx_fill(txq, (struct rte_mbuf **)(uintptr_t)b->seg[0],
			     (uint16_t)b->len[0]);
	if (done == b->len[0] && b->len[1] != 0)
		done += qlxge_tx_fill(txq, (struct rte_mbuf **)(uintptr_t)b->seg[1],
				      (uint16_t)b->len[1]);
	qlxge_txs_doorbell(txq);
	if (unlikely(done < avail) && (flags & MPRING_DRAIN_DIRECT))
		return qlxge_txs_direct_rest(txq, b, done);
	if (likely(done != 0))
		return done;
	/* the work queue is full and the reclaim took every completion there was, up to cq_ci */
	return qlxge_txs_stall(txq, rte_cpu_to_le_32(txq->cq_ci), 1);
}

/*
 * mpring can_drain callback, any thread: has the device written as many completions since the
 * drain stalled as it waits for? A "no" that turns stale is caught by the next enqueue,
 * tx_done_cleanup or stop, which ask again (a stalled ring holds frames, no caller waits for
 * them). A malformed index says yes: the drain finds it out.
 */
static bool
qlxge_txs_can_drain(void *cookie)
{
	const struct qlxge_txq *txq = cookie;
	const struct qlxge_txs *s = txq->shared;
	uint32_t cq, prod, need;
	uint64_t stall;

	/* Relaxed, all three: a hint; see qlxge_txs_stall and the shadow's writer, the device
	 * (§6.3). */
	if (__atomic_load_n(&s->discard, __ATOMIC_RELAXED))
		return true;
	stall = __atomic_load_n(&s->stall, __ATOMIC_RELAXED);
	cq = rte_le_to_cpu_32((uint32_t)stall);
	need = (uint32_t)(stall >> 32);
	prod = rte_le_to_cpu_32(__atomic_load_n(txq->prod_shadow, __ATOMIC_RELAXED));
	if (unlikely(prod >= txq->nb_desc))
		return true;	/* malformed: the drain finds it out (qlxge_tx_malformed) */
	if (prod == cq)
		return false;
	return (prod > cq ? prod - cq : prod + txq->nb_desc - cq) >= need;
}

/* ---- the burst ------------------------------------------------------------------------ */

/*
 * The burst of a shared queue but the lease holder's (qlxge_xmit_pkts_mp, qlxge_tx.c): the
 * caller's frames into the ring, a prefix of @pkts; the caller may become the consumer and
 * drain (its own frames first, from its array, if the ring was idle). A burst of no frames
 * flushes what the ring holds for coalescing, and what the lease holder's calls left unrung.
 */
uint16_t
qlxge_txs_burst(struct qlxge_txq *txq, struct rte_mbuf **pkts, uint16_t n)
{
	struct mpring *r = txq->shared->ring;
	struct mpring_lease_call lc;

	if (likely(n != 0))
		return (uint16_t)mpring_enqueue_burst(r, (void *const *)pkts, n);
	if (mpring_lease_enter(r, &lc)) {
		qlxge_txs_doorbell(txq);
		return (uint16_t)mpring_lease_exit(r, &lc, 0, 0);
	}
	mpring_resume(r, 0);
	return 0;
}

/*
 * The port's burst (at start): the shared one when every queue set up is shared, the unshared
 * one otherwise. Each hands a queue of the other kind to the other (a queue may be set up at
 * run time), at the cost of one predictable branch per burst.
 */
void
qlxge_tx_burst_select(struct rte_eth_dev *dev)
{
	unsigned int i, set = 0, shared = 0;
	struct qlxge_txq *txq;

	for (i = 0; i < dev->data->nb_tx_queues; i++) {
		txq = dev->data->tx_queues[i];
		if (txq == NULL)
			continue;
		set++;
		shared += txq->shared != NULL;
	}
	dev->tx_pkt_burst = set != 0 && shared == set ? qlxge_xmit_pkts_mp : qlxge_xmit_pkts;
}

/* tx_done_cleanup of a shared queue: under the role, or not at all (its holder reclaims). */
int
qlxge_txs_done_cleanup(struct qlxge_txq *txq, uint32_t free_cnt)
{
	struct mpring *r = txq->shared->ring;
	uint32_t n;

	/* held frames go now, a stalled ring goes on if the device has made room */
	mpring_resume(r, 0);
	if (mpring_consumer_trylock(r) != 0)
		return 0;	/* another thread drains (and reclaims), or the queue is stopped */
	qlxge_txs_doorbell(txq);	/* a lease holder's, ended by the trylock */
	n = qlxge_tx_reclaim(txq, free_cnt == 0 ? UINT32_MAX : free_cnt);
	/* gives the role back and drains what waited for the room just made */
	mpring_consumer_unlock(r);
	return (int)n;
}

/* ---- setup, stop, start --------------------------------------------------------------- */

int
qlxge_txs_setup(struct rte_eth_dev *dev, struct qlxge_txq *txq, unsigned int socket)
{
	const struct qlxge_txs_conf *c = &QLXGE_DEV_PRIVATE(dev)->txs_conf;
	size_t off = RTE_ALIGN_CEIL(sizeof(struct qlxge_txs), RTE_CACHE_LINE_SIZE);
	uint64_t hz = rte_get_tsc_hz();
	struct mpring_conf conf;
	struct qlxge_txs *s;
	int ret;

	mpring_conf_init(&conf);
	conf.size = txq->nb_desc;
	conf.drain = qlxge_txs_drain;
	conf.can_drain = qlxge_txs_can_drain;
	conf.cookie = txq;
	conf.budget_items = c->budget_pkts != 0 ? c->budget_pkts : txq->nb_desc;
	conf.budget_cycles = (c->budget_us != 0 ? c->budget_us : QLXGE_TXS_BUDGET_US) * hz /
			     US_PER_S;
	conf.hold_cycles = (uint64_t)c->hold_us * hz / US_PER_S;
	conf.hold_items = c->hold_us == 0 ? 0 :
			  c->hold_pkts != 0 ? c->hold_pkts : txq->nb_desc / 4u;
	conf.sole_calls = c->sole_calls == RTE_PMD_QLXGE_TXS_SOLE_OFF ? 0 :
			  c->sole_calls != 0 ? c->sole_calls : QLXGE_TXS_SOLE_CALLS;
	conf.sole_cycles = (uint64_t)(c->sole_us != 0 ? c->sole_us : QLXGE_TXS_SOLE_US) * hz /
			   US_PER_S;
	/* no lease with holds: mpring grants none then */
	conf.lease = c->lease != RTE_PMD_QLXGE_TXS_LEASE_OFF;
	/* the stall waits for the device, which may be software on the callers' cores */
	conf.stall_yield = c->stall_yield != RTE_PMD_QLXGE_TXS_YIELD_OFF;
	s = rte_zmalloc_socket("qlxge_txs", off + mpring_memsize(conf.size), RTE_CACHE_LINE_SIZE,
			       socket);
	if (s == NULL)
		return -ENOMEM;
	s->ring = (struct mpring *)((uint8_t *)s + off);
	ret = mpring_init(s->ring, &conf);
	if (ret != 0) {
		rte_free(s);
		return ret;
	}
	/* the application measures enqueue -> doorbell if it registered the field */
	s->tsc_off = rte_mbuf_dynfield_lookup(RTE_PMD_QLXGE_DYNFIELD_TX_DOORBELL_TSC, NULL);
	/* not started: closed to callers, the control path holding the role (qlxge_txs_start) */
	mpring_quiesce(s->ring);
	mpring_consumer_trylock(s->ring);
	s->held = true;
	txq->shared = s;
	QLXGE_DRV_LOG(INFO, "port %u txq %u: shared (MT_LOCKFREE), ring of %u, holds %s",
		      txq->port_id, txq->queue_id, conf.size,
		      conf.hold_items != 0 ? "on" : "off");
	return 0;
}

void
qlxge_txs_release(struct qlxge_txq *txq)
{
	rte_free(txq->shared);
	txq->shared = NULL;
}

/* Queue start, the hardware queue running: the role goes back to the ring, callers come in. */
void
qlxge_txs_start(struct qlxge_txq *txq)
{
	struct qlxge_txs *s = txq->shared;

	if (!s->held)
		return;
	s->held = false;
	s->db_pi = txq->wq_pi;
	/* R4 (mpring.c, the unlock's release): the queue's fresh indexes to the next consumer */
	mpring_consumer_unlock(s->ring);
	mpring_start(s->ring);
}

/*
 * The ring is stalled on a full work queue (its consumer gone). Under the role, for a moment:
 * with the device working (@wait) reclaim what it completed; otherwise switch the drain to
 * discarding. The unlock then drains into the room made, or frees everything. Returns whether
 * to wait a little before looking again.
 */
static bool
qlxge_txs_unstall(struct qlxge_txq *txq, bool wait)
{
	struct qlxge_txs *s = txq->shared;

	if (mpring_consumer_trylock(s->ring) != 0)
		return true;	/* another thread drains: look again */
	/* A7 (the trylock's acquire, mpring.c): the stalled consumer's view of the queue */
	wait = wait && !txq->stalled;
	qlxge_txs_doorbell(txq);
	if (wait)
		qlxge_tx_reclaim(txq, UINT32_MAX);
	else
		__atomic_store_n(&s->discard, true, __ATOMIC_RELAXED);
	mpring_consumer_unlock(s->ring);
	return wait;
}

/*
 * Stop of a shared queue (queue stop, port stop), before the hardware queue is stopped: the
 * ring refuses frames from now on (callers get 0) and waits until no caller is inside it; what
 * it holds goes to the device (@wait: the device works), or is freed and counted; then the
 * control path takes the role and keeps it until qlxge_txs_start(), and lets the device
 * complete what it was given. Within QLXGE_TXS_STOP_WAIT_US in all.
 */
void
qlxge_txs_quiesce(struct qlxge_txq *txq, bool wait)
{
	struct qlxge_txs *s = txq->shared;
	unsigned int waited = 0, spins = 0;

	if (s->held)
		return;
	/* -EAGAIN: stalled on a full work queue */
	while (mpring_quiesce(s->ring) != 0)
		if (qlxge_txs_unstall(txq, wait && waited < QLXGE_TXS_STOP_WAIT_US)) {
			rte_delay_us(QLXGE_TXS_STOP_STEP_US);
			waited += QLXGE_TXS_STOP_STEP_US;
		}
	/* empty, and nobody can enqueue; a tx_done_cleanup may still hold the role a moment */
	while (mpring_consumer_trylock(s->ring) != 0)
		if (++spins % 64 == 0)
			sched_yield();	/* it may be preempted on our core */
		else
			rte_pause();
	__atomic_store_n(&s->discard, false, __ATOMIC_RELAXED);
	s->held = true;
	qlxge_txs_doorbell(txq);	/* a lease holder's last IOCBs, the quiesce ended it */
	/* the device's completions of what it was given; the rest is freed at the queue's stop */
	while (wait && !txq->stalled && txq->wq_ci != txq->wq_pi &&
	       waited < QLXGE_TXS_STOP_WAIT_US) {
		if (qlxge_tx_reclaim(txq, UINT32_MAX) != 0)
			continue;
		rte_delay_us(QLXGE_TXS_STOP_STEP_US);
		waited += QLXGE_TXS_STOP_STEP_US;
	}
}

/* ---- statistics ----------------------------------------------------------------------- */

/* @cur - @base, the counters the queue reports of the ring. */
static void
qlxge_txs_ring_delta(const struct mpring_stats *cur, const struct mpring_stats *base,
		     struct rte_pmd_qlxge_txq_shared_stats *st)
{
	unsigned int i;

	st->enqueued = cur->enqueued - base->enqueued;
	st->refused = cur->dropped + cur->rejected + cur->declined - base->dropped -
		      base->rejected - base->declined;
	st->direct = cur->direct - base->direct;
	for (i = 0; i < MPRING_ROUTE_MAX; i++)
		st->consumers += cur->starts[i] - base->starts[i];
	st->drains = cur->drain_calls - base->drain_calls;
	st->drained = cur->drained - base->drained;
	st->handovers = cur->handovers - base->handovers;
	st->stalls = cur->stalls - base->stalls;
	st->holds = cur->holds - base->holds;
	st->lease_grants = cur->lease_grants - base->lease_grants;
	st->lease_revocations = cur->lease_revocations - base->lease_revocations;
	st->yields = cur->yields - base->yields;
}

/*
 * The counters of a shared queue (its API and its xstats), from any thread: the ring sums its
 * per-lcore counters with relaxed loads; ours are read likewise (QLXGE_LOAD in
 * rte_pmd_qlxge.c): a snapshot, the figures a burst apart at most.
 */
void
qlxge_txs_stats(const struct qlxge_txq *txq, struct rte_pmd_qlxge_txq_shared_stats *st)
{
	const struct qlxge_txs *s = txq->shared;
	struct mpring_stats cur, slot;
	unsigned int i;

	memset(st, 0, sizeof(*st));
	st->ring_size = mpring_capacity(s->ring) + 1;
	st->ring_count = mpring_count(s->ring);
	st->ring_state = (uint8_t)mpring_state_get(s->ring);
	st->stopped = __atomic_load_n(&s->held, __ATOMIC_RELAXED);
	for (i = 0; i < mpring_stats_slots(); i++)
		if (mpring_stats_slot_get(s->ring, i, &slot) == 0 &&
		    slot.enqueued + slot.dropped + slot.rejected + slot.drain_calls != 0)
			st->lcores++;
	mpring_stats_get(s->ring, &cur);
	qlxge_txs_ring_delta(&cur, &s->base, st);
	st->hold_max_ns = cur.hold_time_max * NS_PER_S / rte_get_tsc_hz();
	/* frames and doorbells: the queue's own counters (qlxge_stats_txs_get) */
	st->flushed_on_stop = __atomic_load_n(&s->xstats.flushed, __ATOMIC_RELAXED);
}

/*
 * @more's counts added into @st (the counts of a queue set up again after a release: its
 * predecessors' and its own). What describes the queue now (its ring, state, lcores) stays
 * @st's; frames and doorbells are the queue's (qlxge_stats_txs_get).
 */
void
qlxge_txs_stats_add(struct rte_pmd_qlxge_txq_shared_stats *st,
		    const struct rte_pmd_qlxge_txq_shared_stats *more)
{
	st->enqueued += more->enqueued;
	st->refused += more->refused;
	st->direct += more->direct;
	st->consumers += more->consumers;
	st->drains += more->drains;
	st->drained += more->drained;
	st->handovers += more->handovers;
	st->stalls += more->stalls;
	st->holds += more->holds;
	st->hold_max_ns = RTE_MAX(st->hold_max_ns, more->hold_max_ns);
	st->flushed_on_stop += more->flushed_on_stop;
	st->lease_grants += more->lease_grants;
	st->lease_revocations += more->lease_revocations;
	st->yields += more->yields;
}

/* What the lcores of counter slot @slot did (lcore id; RTE_MAX_LCORE: the others). */
int
qlxge_txs_lcore_stats(const struct qlxge_txq *txq, unsigned int slot,
		      struct rte_pmd_qlxge_txq_shared_lcore_stats *st)
{
	struct rte_pmd_qlxge_txq_shared_stats d = { 0 };
	struct mpring_stats cur, zero = { 0 };
	int ret;

	ret = mpring_stats_slot_get(txq->shared->ring, slot, &cur);
	if (ret != 0)
		return ret;
	qlxge_txs_ring_delta(&cur, &zero, &d);
	st->enqueued = d.enqueued;
	st->refused = d.refused;
	st->consumers = d.consumers;
	st->drains = d.drains;
	st->drained = d.drained;
	st->handovers = d.handovers;
	st->stalls = d.stalls;
	st->holds = d.holds;
	return 0;
}

/* Statistics reset: the ring's counters become the baseline, ours start again. */
void
qlxge_txs_stats_reset(struct qlxge_txq *txq)
{
	struct qlxge_txs *s = txq->shared;

	mpring_stats_get(s->ring, &s->base);
	memset(&s->xstats, 0, sizeof(s->xstats));
}
