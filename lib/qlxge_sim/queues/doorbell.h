/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The doorbell pages of a function (§5): plain memory the driver stores producer and consumer
 * indexes and valid words to, which the device polls. WQ n at page n, CQ n at page 128 + n,
 * 4 KiB apart (qlxge_contract.h). The driver writes without the adapter lock; the device reads
 * with acquire loads (pairing with the driver's release of the index after its entries).
 *
 * The device's halves (§5, FreeBSD's read-back): an index register reads the driver's index in
 * bits 15:0 and the device's in 31:16 (WQ: consumer; CQ: producer; LBQ/SBQ: consumer), a
 * valid register reads V as the device holds it, and for a WQ ONQ (bit 25) while it holds
 * IOCBs the device has not taken. On the card a read returns them live; here the device
 * writes them into the memory at each poll step, with a compare-and-swap that loses to any
 * store of the driver in between (the driver's half is never overwritten; its next write
 * clears the device's half until the following step). So a read-back lags by a poll step at
 * most. A queue load leaves the words as the device holds them: indexes 0, V as loaded.
 */

#ifndef SIM_QUEUES_DOORBELL_H
#define SIM_QUEUES_DOORBELL_H

#include <stdint.h>

#include "base/state.h"

/* The word at @p off of the doorbell pages, as the driver last wrote it. */
static inline uint32_t
sim_db_load(const struct qlxge_sim_func *fn, uint32_t off)
{
	return __atomic_load_n((const uint32_t *)(fn->db + off), __ATOMIC_ACQUIRE);
}

/*
 * The device's half @p dev (in @p mask) of the index word at @p off, the driver's half kept:
 * written only when it differs, by a CAS that a driver store in between makes fail (the next
 * step writes it again). Relaxed: the read-back is for the driver's information only; an RMW
 * continues the release sequence of the driver's store, so the device's later acquire loads
 * of the word still pair with it.
 */
static inline void
sim_db_readback(struct qlxge_sim_func *fn, uint32_t off, uint32_t mask, uint32_t dev)
{
	uint32_t *p = (uint32_t *)(fn->db + off);
	uint32_t cur = __atomic_load_n(p, __ATOMIC_RELAXED);
	uint32_t nv = (cur & ~mask) | (dev & mask);

	if (nv != cur)
		__atomic_compare_exchange_n(p, &cur, nv, false, __ATOMIC_RELAXED,
					    __ATOMIC_RELAXED);
}

/*
 * A valid register read back as the device holds it (@p canon: V, ONQ), replacing the word
 * last seen (@p seen, what the driver wrote and the device acted on). The CAS fails when the
 * driver wrote again since: @p seen then stays, so the next poll sees the new word as a change
 * and acts on it. A driver write equal to the read-back changes nothing the device holds.
 */
static inline void
sim_db_valid_readback(struct qlxge_sim_func *fn, uint32_t off, uint32_t *seen, uint32_t canon)
{
	uint32_t cur = *seen;

	if (cur != canon &&
	    __atomic_compare_exchange_n((uint32_t *)(fn->db + off), &cur, canon, false,
					__ATOMIC_RELAXED, __ATOMIC_RELAXED))
		*seen = canon;
}

/* The device's own store to a doorbell word (a queue load restarts its indexes). */
static inline void
sim_db_store(struct qlxge_sim_func *fn, uint32_t off, uint32_t v)
{
	__atomic_store_n((uint32_t *)(fn->db + off), v, __ATOMIC_RELAXED);
}

#endif /* SIM_QUEUES_DOORBELL_H */
