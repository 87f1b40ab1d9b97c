/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The receive side of a completion queue (§6.4, §7.7-7.10): buffer queues and placement. */

#ifndef SIM_QUEUES_RXQ_H
#define SIM_QUEUES_RXQ_H

#include <stdint.h>

struct qlxge_sim_func;
struct sim_rx_verdict;

/* Outcome of placing one frame. */
enum sim_rxq_res {
	SIM_RXQ_OK,		/* in the buffers, its completion on the CQ */
	SIM_RXQ_DROPPED,	/* dropped and counted (CQ invalid, DMA error: AE posted) */
	SIM_RXQ_NO_ROOM,	/* not enough buffers or no completion room: nothing taken */
	SIM_RXQ_TOO_BIG,	/* no buffer form fits the frame: dropped as oversize */
};

/*
 * Place a frame the classification delivers to CQ v->cq_id (@p data of @p len bytes, after
 * VLAN strip when asked): buffers, then the RX completion built from @p v.
 */
enum sim_rxq_res sim_rxq_place(struct qlxge_sim_func *fn, const struct sim_rx_verdict *v,
			       const uint8_t *data, uint32_t len);

#endif /* SIM_QUEUES_RXQ_H */
