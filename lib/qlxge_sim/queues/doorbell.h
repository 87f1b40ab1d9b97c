/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The doorbell pages of a function (§5): plain memory the driver stores producer and consumer
 * indexes and valid words to, which the device polls. WQ n at page n, CQ n at page 128 + n,
 * 4 KiB apart (qlxge_contract.h). The driver writes without the adapter lock; the device reads
 * with acquire loads (pairing with the driver's release of the index after its entries) and
 * zeroes or primes words only when it loads a queue.
 */

#ifndef SIM_QUEUES_DOORBELL_H
#define SIM_QUEUES_DOORBELL_H

#include <stdint.h>

#include "base/state.h"

/*
 * What a valid doorbell (WQ or CQ, §5) holds right after an ICB load: the model stores it there
 * and remembers it as the last word seen, so that the driver's next write is a change whatever
 * it writes (the same 0x10 as before the load included). No driver writes it: Linux writes
 * 0x10 / 0, FreeBSD 0x10 / 0xFFFFFFEF (bit 4, V, is clear: the load's V stays until then).
 */
#define SIM_DB_VALID_LOADED	0x5EED0000u

/* The word at @p off of the doorbell pages, as the driver last wrote it. */
static inline uint32_t
sim_db_load(const struct qlxge_sim_func *fn, uint32_t off)
{
	return __atomic_load_n((const uint32_t *)(fn->db + off), __ATOMIC_ACQUIRE);
}

/* The device's own store to a doorbell word (a queue load restarts its indexes). */
static inline void
sim_db_store(struct qlxge_sim_func *fn, uint32_t off, uint32_t v)
{
	__atomic_store_n((uint32_t *)(fn->db + off), v, __ATOMIC_RELAXED);
}

#endif /* SIM_QUEUES_DOORBELL_H */
