/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The WQ engine (§5, §6.1, §7.6): a WQ's IOCBs through the TX engine to their completions. */

#ifndef SIM_QUEUES_WQ_H
#define SIM_QUEUES_WQ_H

#include <stdint.h>

struct qlxge_sim_func;

/*
 * Every IOCB of WQ @p q between the device's consumer and the producer (up to a budget, while
 * its CQ has room) in one pass; then the CQ's producer shadow once, then the WQ consumer
 * shadow once, each after the entries it covers (§6.3). @return IOCBs taken.
 */
unsigned int sim_wq_poll(struct qlxge_sim_func *fn, unsigned int q, uint64_t now);

#endif /* SIM_QUEUES_WQ_H */
