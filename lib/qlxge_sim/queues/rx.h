/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The receive pass of a function (§7.7): wire -> classification -> placement -> counters. */

#ifndef SIM_QUEUES_RX_H
#define SIM_QUEUES_RX_H

#include <stdint.h>

struct qlxge_sim_func;

/* Frames waiting on the port's wires, classified and placed in the CQs' buffer queues. */
unsigned int sim_rx_poll(struct qlxge_sim_func *fn, uint64_t now);

#endif /* SIM_QUEUES_RX_H */
