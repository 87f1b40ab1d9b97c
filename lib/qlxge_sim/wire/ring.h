/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The frame ring of LOOP and PEER wires: lock-free single-producer / single-consumer, of
 * variable-size records (a 32-bit length, 4 bytes of padding, the bytes, padded to 8). A record
 * that does not fit before the end of the buffer is preceded by a wrap marker. head (producer)
 * and tail (consumer) count bytes and only grow; the producer publishes head with a release
 * store that the consumer's acquire load pairs with (and the same for tail in the other
 * direction).
 */

#ifndef SIM_WIRE_RING_H
#define SIM_WIRE_RING_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>

#include "base/copy.h"

struct sim_wire_ring {
	uint64_t head __rte_cache_aligned;	/* written by the producer only */
	uint64_t tail __rte_cache_aligned;	/* written by the consumer only */
	uint64_t size __rte_cache_aligned;	/* bytes, a power of two */
	uint8_t *data;
};

#define SIM_WIRE_RING_SIZE	(2u << 20)	/* bytes per direction */
#define SIM_WIRE_REC_HDR	8u
#define SIM_WIRE_REC_WRAP	UINT32_MAX

int sim_wire_ring_init(struct sim_wire_ring *r, uint64_t size);
void sim_wire_ring_fini(struct sim_wire_ring *r);

/**
 * Write a frame's record at *@p headp, zero-padded to @p min_len (the sending MAC pads), without
 * publishing it: *@p headp moves past it, the consumer sees it once the producer stores that
 * head (sim_wire_ring_publish). *@p tailp is the consumer's tail as the producer last read it:
 * read again (acquire) only when the record does not fit before it, so a stale value never
 * refuses a frame that fits. Producer only. @return 0 or -EAGAIN (no room: the receiving port's
 * FIFO overflowed).
 */
static inline int
sim_wire_ring_write(struct sim_wire_ring *r, uint64_t *headp, uint64_t *tailp,
		    const uint8_t *frame, uint32_t len, uint32_t min_len)
{
	uint32_t stored = RTE_MAX(len, min_len);
	uint64_t need = SIM_WIRE_REC_HDR + RTE_ALIGN_CEIL((uint64_t)stored, 8);
	uint64_t head = *headp;
	uint64_t pos = head & (r->size - 1);
	uint64_t contig = r->size - pos;
	uint64_t total = contig < need ? contig + need : need;

	if (unlikely(r->size - (head - *tailp) < total)) {
		/* acquire: pairs with the consumer's release of tail, the space is free once
		 * seen */
		*tailp = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
		if (r->size - (head - *tailp) < total)
			return -EAGAIN;
	}
	if (contig < need) {
		uint32_t wrap = SIM_WIRE_REC_WRAP;

		memcpy(r->data + pos, &wrap, sizeof(wrap));
		head += contig;
		pos = 0;
	}
	memcpy(r->data + pos, &stored, sizeof(stored));
	sim_copy(r->data + pos + SIM_WIRE_REC_HDR, frame, len);
	if (stored > len)
		memset(r->data + pos + SIM_WIRE_REC_HDR + len, 0, stored - len);
	*headp = head + need;
	return 0;
}

/**
 * At least @p need bytes free for records after *@p headp, with *@p tailp as in
 * sim_wire_ring_write() (read again only when the last view falls short). Producer only.
 */
static __rte_always_inline bool
sim_wire_ring_room(struct sim_wire_ring *r, uint64_t head, uint64_t *tailp, uint64_t need)
{
	if (likely(r->size - (head - *tailp) >= need))
		return true;
	/* acquire: pairs with the consumer's release of tail (sim_wire_ring_take), the space
	 * is free once seen */
	*tailp = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
	return r->size - (head - *tailp) >= need;
}

/** Show the consumer every record written up to @p head (sim_wire_ring_write). Producer only. */
static inline void
sim_wire_ring_publish(struct sim_wire_ring *r, uint64_t head)
{
	/* release: the records' bytes are visible before the consumer sees the new head (its
	 * acquire load in sim_wire_ring_look) */
	__atomic_store_n(&r->head, head, __ATOMIC_RELEASE);
}

/**
 * Copy a frame in, zero-padded to @p min_len (the sending MAC pads), and publish it. Producer
 * only. @return 0 or -EAGAIN (no room: the receiving port's FIFO overflowed).
 */
static inline int
sim_wire_ring_put(struct sim_wire_ring *r, const uint8_t *frame, uint32_t len,
		  uint32_t min_len)
{
	uint64_t head = r->head;
	/* acquire: pairs with the consumer's release of tail, the space is free once seen */
	uint64_t tail = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
	int ret = sim_wire_ring_write(r, &head, &tail, frame, len, min_len);

	if (ret == 0)
		sim_wire_ring_publish(r, head);
	return ret;
}

/**
 * The next records, left in place: up to @p max frames, their lengths (in @p lens and
 * @p lens2), and where each record ends (the tail that taking it sets). Consumer only.
 * @return the number of records.
 */
static inline unsigned int
sim_wire_ring_look(struct sim_wire_ring *r, const uint8_t **frames, uint32_t *lens,
		   uint32_t *lens2, uint64_t *ends, unsigned int max)
{
	uint64_t tail = r->tail;
	/* acquire: pairs with the producer's release of head */
	uint64_t head = __atomic_load_n(&r->head, __ATOMIC_ACQUIRE);
	unsigned int n = 0;

	/* walk the records from the tail; the tail moves when they are taken */
	while (n < max && tail != head) {
		uint64_t pos = tail & (r->size - 1);
		uint32_t l;

		memcpy(&l, r->data + pos, sizeof(l));
		if (l == SIM_WIRE_REC_WRAP) {
			tail += r->size - pos;
			continue;
		}
		frames[n] = r->data + pos + SIM_WIRE_REC_HDR;
		lens[n] = l;
		lens2[n] = l;
		tail += SIM_WIRE_REC_HDR + RTE_ALIGN_CEIL((uint64_t)l, 8);
		ends[n] = tail;
		n++;
	}
	return n;
}

/** Take the records looked at up to @p end (an ends[] value of sim_wire_ring_look). */
static inline void
sim_wire_ring_take(struct sim_wire_ring *r, uint64_t end)
{
	/* release: our reads of the records are done before the producer reuses them */
	__atomic_store_n(&r->tail, end, __ATOMIC_RELEASE);
}

#endif /* SIM_WIRE_RING_H */
