/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The receive side of the queues (§6.4, §7.7-7.10): wire -> classification -> buffers. */

#ifndef SIM_RXQ_H
#define SIM_RXQ_H

#include <stdint.h>

struct qlxge_sim_func;

/* Frames waiting on the port's wires, classified and placed in the CQs' buffer queues. */
unsigned int sim_rx_poll(struct qlxge_sim_func *fn, uint64_t now);

#endif /* SIM_RXQ_H */
