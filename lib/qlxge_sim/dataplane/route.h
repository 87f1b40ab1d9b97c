/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The frame-routing table of a function (§12.3, §16.4): its storage, the RT_IDX / RT_DATA
 * registers that reach it, and the routing of a classified frame: the first NIC-queue slot
 * that takes it and the queue its destination names (the last step of the classification,
 * dataplane/classify.h).
 */

#ifndef SIM_DATAPLANE_ROUTE_H
#define SIM_DATAPLANE_ROUTE_H

#include <stdint.h>

#include <rte_common.h>

#include "qlxge_regs.h"

struct qlxge_sim_func;
struct sim_reg_row;

/** Number of RT_IDX types (routing, inverted routing, NIC queue, inverted NIC queue). */
#define SIM_RT_TYPES	4
/** Slots stored per type (types 0/1 use 8 of them). */
#define SIM_RT_SLOTS	16

/**
 * Frame-routing table of one function (§12.3): the RT_IDX word (E, destination, type, slot;
 * MW/MR/RS cleared) and the RT_DATA mask of every slot, indexed [type][slot]. Classification uses
 * the NIC-queue types 2 and 3; types 0/1 are stored for read-back only.
 */
struct sim_route_table {
	uint32_t idx[SIM_RT_TYPES][SIM_RT_SLOTS];
	uint32_t data[SIM_RT_TYPES][SIM_RT_SLOTS];
	/* derived (sim_route_write/reset): bit s = type 2 slot s has E, bit 16 + s = type 3 */
	uint32_t nicq_en;
};

/** Clear every slot (E = 0, data 0). */
void sim_route_reset(struct sim_route_table *rt);

/** Rebuild nicq_en after the raw arrays were edited directly (sim_route_write() keeps it). */
void sim_route_sync(struct sim_route_table *rt);

/**
 * Apply a write of RT_DATA @p data with the latched RT_IDX @p idx_word (slot, type, E and
 * destination are taken from @p idx_word). @return 0 or -EINVAL (type > 3, or slot > 7 for
 * types 0/1).
 */
int sim_route_write(struct sim_route_table *rt, uint32_t idx_word, uint32_t data);

/** The RT_DATA mask a read (RT_IDX with RS) of @p idx_word returns. @return 0 or -EINVAL. */
int sim_route_read(const struct sim_route_table *rt, uint32_t idx_word, uint32_t *data);

/** No routing slot matched. */
#define SIM_ROUTE_SLOT_NONE	0xFFu

/**
 * What the queues a routing destination may name for one frame come from (§12.3); each is
 * worked out only when a slot names it.
 */
struct sim_route_queues {
	uint32_t nic_rcv_cfg;	/* default queue: its DFQ field */
	uint32_t cam_out;	/* CAM queue: the output word of the CAM entry hit */
	bool cam_hit;		/* (no hit: the default queue) */
	bool rss;		/* RSS: the indirection table's CQ, rss_cq (none: default queue) */
	uint8_t rss_cq;
};

/* The default queue of NIC_RCV_CFG (DFQ). */
static inline uint8_t
sim_route_dflt_cq(uint32_t nic_rcv_cfg)
{
	return (uint8_t)((nic_rcv_cfg & QLXGE_NIC_RCV_CFG_DFQ_MASK) >> QLXGE_NIC_RCV_CFG_DFQ_SHIFT);
}

/** Where a frame goes (sim_route_frame()). */
enum sim_route_to {
	SIM_ROUTE_CQ,		/* delivered to the CQ */
	SIM_ROUTE_NO_SLOT,	/* no slot matched (address filtering) */
	SIM_ROUTE_DROP,		/* the matching slot's destination is drop */
};

/* First NIC-queue slot that takes the frame (§12.3); lower slots win, and in one slot the
 * NIC-queue type (2) before the inverted one (3). Only enabled slots are visited. */
static inline unsigned int
sim_route_slot(const struct sim_route_table *rt, uint32_t bits, uint32_t *idx_word)
{
	uint32_t en = rt->nicq_en;

	/* fold the inverted-type bits onto their slot: visit slots in order */
	for (uint32_t slots = (en | (en >> 16)) & 0xFFFFu; slots != 0; slots &= slots - 1) {
		unsigned int slot = rte_bsf32(slots);

		if ((en & (1u << slot)) && (rt->data[2][slot] & bits)) {
			*idx_word = rt->idx[2][slot];
			return slot;
		}
		if ((en & (1u << (slot + 16))) && !(rt->data[3][slot] & bits)) {
			*idx_word = rt->idx[3][slot];
			return slot;
		}
	}
	return SIM_ROUTE_SLOT_NONE;
}

/*
 * The slot search of one receive batch: the table cannot change inside a poll step (register
 * writes wait for the adapter lock), and the frames of a flow have the same classification
 * bits, so a frame with the bits of the one before gets its slot without the walk (which
 * visits every enabled slot below the one that takes it: for a frame taken by promiscuous
 * mode, slot 15, all the drivers' others).
 * When the slot names the default queue, the queue is kept too: NIC_RCV_CFG, which names it,
 * is the batch's (the receive pass reads it once per batch, sim_rx_ctx_init()).
 * Zeroed: empty. Kept by the receive pass for its batch (queues/rx.c), never across steps.
 */
struct sim_route_memo {
	bool valid;
	bool dflt;		/* the slot names the default queue: cq is the frame's */
	uint8_t cq;		/* NIC_RCV_CFG's default queue (the batch's NIC_RCV_CFG) */
	uint32_t bits;
	unsigned int slot;
	uint32_t idx_word;
};

/* sim_route_slot() through @p m (NULL: none). */
static __rte_always_inline unsigned int
sim_route_slot_memo(const struct sim_route_table *rt, uint32_t bits, uint32_t *idx_word,
		    struct sim_route_memo *m)
{
	if (m == NULL)
		return sim_route_slot(rt, bits, idx_word);
	if (!m->valid || m->bits != bits) {
		m->slot = sim_route_slot(rt, bits, &m->idx_word);
		m->bits = bits;
		m->valid = true;
	}
	*idx_word = m->idx_word;
	return m->slot;
}

/**
 * Route a frame with classification @p bits: the first enabled NIC-queue slot whose mask has
 * one of them (inverted type: none) decides. Sets *slot (SIM_ROUTE_SLOT_NONE), *dest (the
 * RT_IDX destination code) and, when delivered, *cq. @p memo: the batch's last search, or
 * NULL.
 */
static __rte_always_inline enum sim_route_to
sim_route_frame(const struct sim_route_table *rt, uint32_t bits, const struct sim_route_queues *q,
		uint8_t *slot, uint8_t *dest, uint8_t *cq, struct sim_route_memo *memo)
{
	uint32_t idx_word = 0;
	unsigned int s;

	/* the frame of a flow whose slot names the default queue (a promiscuous or broadcast
	 * slot): slot, destination and queue as for the frame before */
	if (memo != NULL && memo->valid && memo->bits == bits && memo->dflt) {
		*slot = (uint8_t)memo->slot;
		*dest = (uint8_t)(QLXGE_RT_IDX_DST_DFLT_Q >> QLXGE_RT_IDX_DST_SHIFT);
		*cq = memo->cq;
		return SIM_ROUTE_CQ;
	}
	s = sim_route_slot_memo(rt, bits, &idx_word, memo);
	if (memo != NULL) {
		memo->dflt = s != SIM_ROUTE_SLOT_NONE &&
			     (idx_word & QLXGE_RT_IDX_DST_MASK) == QLXGE_RT_IDX_DST_DFLT_Q;
		memo->cq = sim_route_dflt_cq(q->nic_rcv_cfg);
	}

	*slot = (uint8_t)s;
	if (s == SIM_ROUTE_SLOT_NONE) {
		*dest = 0;
		return SIM_ROUTE_NO_SLOT;
	}
	*dest = (uint8_t)((idx_word & QLXGE_RT_IDX_DST_MASK) >> QLXGE_RT_IDX_DST_SHIFT);
	switch (idx_word & QLXGE_RT_IDX_DST_MASK) {
	case QLXGE_RT_IDX_DST_DROP:
		return SIM_ROUTE_DROP;
	case QLXGE_RT_IDX_DST_RSS:
		*cq = q->rss ? q->rss_cq : sim_route_dflt_cq(q->nic_rcv_cfg);
		break;
	case QLXGE_RT_IDX_DST_CAM_Q:
		*cq = q->cam_hit ? (uint8_t)((q->cam_out & QLXGE_CAM_OUT_CQ_ID_MASK) >>
					     QLXGE_CAM_OUT_CQ_ID_SHIFT) :
		      sim_route_dflt_cq(q->nic_rcv_cfg);
		break;
	default:	/* default queue; CoS and destination queues are not modelled */
		*cq = sim_route_dflt_cq(q->nic_rcv_cfg);
		break;
	}
	return SIM_ROUTE_CQ;
}

/* Register handlers (core: the BAR1 table). */
uint32_t sim_rt_idx_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_rt_idx_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_rt_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_rt_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);

#endif /* SIM_DATAPLANE_ROUTE_H */
