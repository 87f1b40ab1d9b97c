/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * State of a function's queues (§5, §6): work queues, completion queues and the buffer queues
 * of a CQ, as the ICB loads leave them and the queue engine (queues/) advances them. Also the
 * bitmaps of the loaded queues, which the poll step walks.
 */

#ifndef SIM_BASE_QUEUE_STATE_H
#define SIM_BASE_QUEUE_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>

#include "qlxge_contract.h"
#include "base/dma_win.h"

#define SIM_NUM_WQ		QLXGE_MAX_WQ
#define SIM_NUM_CQ		QLXGE_MAX_CQ
#define SIM_BQ_MAX_PAGES	(QLXGE_BQ_MAX_ENTRIES / QLXGE_BQ_ENTRIES_PER_PAGE)

/* A work queue (TX ring), §5, §6.1. */
struct sim_wq {
	bool loaded;			/* an ICB has been loaded */
	bool valid;			/* V: from the ICB or the valid doorbell */
	uint32_t len;			/* entries of 128 bytes */
	uint8_t cq_id;			/* CQ of its completions */
	uint64_t base;			/* ring IOVA */
	uint64_t shadow;		/* consumer-index shadow IOVA */
	uint32_t cons;			/* next IOCB the device takes */
	uint32_t bad_prod_seen;		/* out-of-range producer last warned about (0 none) */
	uint32_t db_valid_seen;		/* the valid doorbell as last seen, or as the device
					   last wrote it back (V, ONQ: queues/doorbell.h) */
	struct sim_dma_ring ring;	/* DMA of the ring */
	struct sim_dma_win shadow_win;
	struct qlxge_wq_icb icb;	/* as loaded (dump) */
};

/* A buffer queue behind its page-address table, §6.4, §7.9. */
struct sim_bq {
	uint32_t len;			/* entries; 0 = no queue */
	uint32_t bsize;			/* buffer bytes */
	uint64_t table;			/* page-address table IOVA */
	uint64_t pages[SIM_BQ_MAX_PAGES];	/* ring pages, read at load */
	uint32_t cons;			/* next entry the device takes */
	uint32_t avail;			/* buffers known given (producer seen), not yet taken */
	struct sim_dma_ring page;	/* DMA of the ring page in use */
	struct sim_dma_win buf_win;	/* DMA window of the buffers last written */
};

/* A completion queue and its two buffer queues, §5, §6.2, §6.3, §6.4, §8.3. */
struct sim_cq {
	bool loaded;
	bool valid;
	uint32_t len;			/* entries of 64 bytes */
	uint64_t base;
	uint64_t shadow;		/* producer-index shadow IOVA */
	uint8_t vector;
	uint16_t pkt_delay;		/* us without a new entry before the interrupt */
	uint16_t irq_delay;		/* us after the first entry before the interrupt */
	struct sim_bq lbq;
	struct sim_bq sbq;
	uint32_t prod;			/* next entry the device writes */
	uint32_t room;			/* entries known free (consumer seen); 0 = look again */
	struct sim_dma_ring ring;	/* DMA of the ring and of the producer shadow */
	struct sim_dma_win shadow_win;
	uint32_t published;		/* producer index last written to the shadow */
	uint64_t publish_due;		/* injected completion delay: publish at (us) */
	bool publish_pending;
	bool coal_armed;		/* entries published, interrupt not yet raised */
	bool coal_now;			/* an entry asked for no delay (OI) */
	uint64_t coal_first;		/* us of the first entry since the last interrupt */
	uint64_t coal_last;		/* us of the latest entry */
	bool irq_pending;		/* ISR bit: interrupt raised, entries not consumed */
	bool stopped;			/* CQ_STOP */
	uint32_t db_valid_seen;		/* as in struct sim_wq */
	uint32_t epoch;			/* + 1 at each LC load and each invalidation */
	struct qlxge_cq_icb icb;	/* as loaded (dump) */
};

/*
 * An index the driver wrote (a producer or consumer doorbell) as a ring position: @p v itself
 * when in range, as a correct driver writes it, without the division of the modulo that a
 * value beyond the ring takes (the card uses the low bits; the model wraps it).
 */
static inline uint32_t
sim_ring_index(uint32_t v, uint32_t len)
{
	return likely(v < len) ? v : v % len;
}

/* Visit the set bits of a 128-bit map of queues (two words) in ascending order, as @p i. */
#define SIM_FOREACH_BIT(i, map) \
	for (uint64_t w_ = 0, m_ = (map)[0]; w_ < 2; m_ = ++w_ < 2 ? (map)[w_] : 0) \
		for (; m_ != 0 && ((i) = (unsigned int)(w_ * 64 + \
						 (unsigned int)__builtin_ctzll(m_)), 1); \
		     m_ &= m_ - 1)

static inline bool
sim_bit_test(const uint64_t *map, unsigned int i)
{
	return (map[i >> 6] >> (i & 63)) & 1;
}

static inline void
sim_bit_set(uint64_t *map, unsigned int i, bool on)
{
	if (on)
		map[i >> 6] |= 1ull << (i & 63);
	else
		map[i >> 6] &= ~(1ull << (i & 63));
}

#endif /* SIM_BASE_QUEUE_STATE_H */
