/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The lease: the grant check, the fence and the revocation; the holder's calls are in
 * mpring.c (lease_grant, lease_call, lease_drain), on the enqueue's path.
 *
 * A lease (biased ownership, conf.lease): a producer alone (prod_sole) that claims the role on
 * an idle ring with A9's CAS writes BUSY | LEASED and keeps the role after its drain call
 * instead of giving it back (R5). Its later calls take no read-modify-write at all: they write
 * "inside" = 1, check that the lease word still names them, drain from their array exactly as
 * a SOLE call does, and write inside = 0. Any other thread that wants the role ends the lease
 * (lease_revoke): a producer whose reservation or commit found LEASED in the word (its items
 * wait in the ring, which the holder never reads; the holder's own bulk call too, whose items
 * its later direct calls would overtake), mpring_quiesce(), mpring_consumer_trylock(). The
 * holder ends it itself when its drain call holds items or queued some (enqueue_only: kick).
 *
 * The lease word (lease.holder) names the holder by its thread id and counter slot; it goes
 * NONE -> holder (the grant, by the holder only, after the A9 CAS that wrote LEASED), holder ->
 * REVOKING (one CAS elects the one thread that ends the lease), and REVOKING -> NONE (by that
 * thread, after it cleared LEASED in the state word and before the session it then runs can
 * write IDLE: the next grant, which needs IDLE, comes after it). So a holder in the lease word
 * means LEASED in the state word, a holder never sees itself named again once a revocation
 * began, and no reset of a separate flag can be mistaken for a newer one.
 *
 * The inside flag is the holder's counter slot's (mpring_pvt_slot.lease_inside), written only
 * by the thread that owns the slot, so leases go only to threads with a slot of their own
 * (not the shared one). One flag per ring would not do: a former holder that read its own id
 * in the lease word (relaxed) just before its lease ended writes inside = 1 and, finding the
 * lease gone, inside = 0, which would wipe the flag of a newer holder inside its drain.
 *
 * The asymmetric fence (F1). The holder: store inside = 1; signal fence; load holder (A11).
 * The revoker: CAS holder -> REVOKING (A10); membarrier(PRIVATE_EXPEDITED); load inside (A12).
 * The holder's side needs a StoreLoad barrier to be a Dekker handshake, and a signal fence is
 * only a compiler barrier: the store may sit in the store buffer while the load runs. The
 * membarrier() call supplies the barrier on the holder's behalf: it returns only after every
 * CPU running a thread of the process has executed a full memory barrier (an IPI), and a
 * thread not running has passed a context switch, which is one. Where that barrier falls in
 * the holder's program order decides the case: before the store, the holder's load comes
 * after the revoker's CAS and sees REVOKING (it does not drain); after the store, the store
 * is visible to the revoker's load of inside, which sees 1 and waits (or sees the 0 of R7
 * after the drain, and synchronizes with it). The signal fence keeps the compiler from
 * moving the load above the store, which C11 would otherwise allow. The cost is the
 * revoker's (about 1,000 cycles and an IPI per running thread): paid once per lease.
 *
 *   R6  lease_grant holder store (release): inside = 1 -> A10 (the revoker of the grant call)
 *   A10 lease_revoke CAS holder -> REVOKING (acquire): R6
 *   A11 lease_call holder load (acquire): the drain stays below it (F1 orders the store)
 *   R7  lease_drain inside = 0 (release): drain state, reads of the caller's array -> A12,
 *       and mpring_is_idle/mpring_state_get's load (mpring_pvt_lease_rest)
 *   A12 lease_revoke inside loads (acquire): R7: the holder's drain state is the revoker's
 *   A13 lease_clear CAS (acquire): R1 of producers that committed behind the lease (the
 *       session's A4 acquires them again)
 */

#include <pthread.h>
#include <unistd.h>
#include <linux/membarrier.h>
#include <sys/syscall.h>

#include "mpring_pvt.h"
#include "mpring_pvt_stats.h"

/* 1 << 63: slot 1 << 31, which no lease word names (not NONE, nor REVOKING) */
__thread uint64_t mpring_pvt_lease_me __attribute__((tls_model("initial-exec"))) =
	UINT64_C(1) << 63;

static pthread_once_t lease_once = PTHREAD_ONCE_INIT;
static bool lease_membarrier;	/* written once under lease_once, read after it */

static void
lease_register(void)
{
	long cmds = syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);

	/* ENOSYS (old kernel, or a tool that does not pass the call on), EINVAL, EPERM: no
	 * fence, so no lease; everything else works as without one. */
	lease_membarrier = cmds > 0 && (cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED) != 0 &&
		syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0;
}

bool
mpring_pvt_lease_available(void)
{
#ifdef MPRING_TEST_HOOKS
	/* Relaxed: set by a test before it creates the ring. */
	if (__atomic_load_n(&mpring_pvt_test_no_membarrier, __ATOMIC_RELAXED) != 0)
		return false;
#endif
	pthread_once(&lease_once, lease_register);
	return lease_membarrier;
}

/* The heavy side of F1: a full barrier on every CPU that runs a thread of ours. */
static void
lease_fence(void)
{
	/* Registered (mpring_init granted no lease otherwise): the call cannot fail, and going
	 * on without it would let the holder drain beside us. */
	if (syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0)
		mpring_pvt_assert_fail("membarrier(PRIVATE_EXPEDITED)", __FILE__, __LINE__);
}

/* The inside flag of the holder named by lease word value @h. */
static uint32_t *
lease_inside(struct mpring *r, uint64_t h)
{
	return &r->stats[mpring_pvt_lease_slot(h)].lease_inside;
}

/*
 * The lease is ours to end (REVOKING is our value, and the holder is out of its calls, or is
 * us): clear LEASED in the word (the role is ours now, BUSY, as a consumer that took over),
 * then the lease word, before anything can write IDLE (the next grant needs IDLE).
 */
void
mpring_pvt_lease_clear(struct mpring *r, const struct mpring_pvt_ctx *c)
{
	union mpring_pvt_word os, ns;

	os.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED); /* a guess; the CAS validates */
	do {
		MPRING_ASSERT((os.flags & MPRING_PVT_LEASED) &&
				mpring_pvt_state(os) == MPRING_BUSY);
		ns = os;
		ns.flags &= (uint16_t)~MPRING_PVT_LEASED;
		/* A13: acquire, pairs with R1 of producers that committed behind the lease. Only
		 * BUSY's owner writes the state; producers move head and tail: retry on them. */
	} while (!__atomic_compare_exchange_n(&r->state, &os.u, ns.u, true, __ATOMIC_ACQUIRE,
			__ATOMIC_RELAXED));
	/* Relaxed: only we write it while it is REVOKING; the next grant's A9 acquires the IDLE
	 * that our session's R4 writes after this store. */
	__atomic_store_n(&r->lease.holder, MPRING_PVT_LEASE_NONE, __ATOMIC_RELAXED);
	mpring_pvt_stat_lease(c, false);
}

/*
 * End the lease for a thread that found LEASED in the word and wants the role. Returns true
 * if it is now the consumer (BUSY, LEASED cleared): it must run a session (or, trylock, hold
 * the role); false if another thread ends this lease (and drains what was committed before
 * its clear: everything our caller saw LEASED behind), or it has ended already.
 */
bool
mpring_pvt_lease_revoke(struct mpring *r, const struct mpring_pvt_ctx *c)
{
	union mpring_pvt_word w;
	uint32_t spins = 0, *inside;
	uint64_t h;

	for (;;) {
		/* Relaxed: a guess; the CAS (A10) validates it. */
		h = __atomic_load_n(&r->lease.holder, __ATOMIC_RELAXED);
		if (h == MPRING_PVT_LEASE_REVOKING)
			return false;
		if (h != MPRING_PVT_LEASE_NONE) {
			/* A10: acquire, pairs with R6. Strong: a spurious failure would only
			 * loop. A holder named means LEASED in the word (the invariant). */
			if (__atomic_compare_exchange_n(&r->lease.holder, &h,
					MPRING_PVT_LEASE_REVOKING, false, __ATOMIC_ACQUIRE,
					__ATOMIC_RELAXED))
				break;
			continue;
		}
		/* None: a grant between its CAS and its store (LEASED in the word: wait for
		 * the holder's name), or the lease ended (LEASED cleared: its revoker drains).
		 * Relaxed: the bit is all we read. */
		w.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED);
		if (!(w.flags & MPRING_PVT_LEASED))
			return false;
		mpring_pvt_wait_step(c, &spins);
	}
	lease_fence();	/* F1: the holder's store of inside, or its load of REVOKING */
	inside = lease_inside(r, h);
	spins = 0;
	/* A12: acquire, pairs with R7: the holder's drain state is ours. */
	while (__atomic_load_n(inside, __ATOMIC_ACQUIRE) != 0) {
		MPRING_TEST_HOOK(r, MPRING_HOOK_LEASE_WAIT);
		/* one drain call at most; the holder may share our core */
		mpring_pvt_wait_step(c, &spins);
	}
	mpring_pvt_lease_clear(r, c);
	return true;
}
