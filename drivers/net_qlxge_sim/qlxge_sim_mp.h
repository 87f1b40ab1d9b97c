/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Secondary processes of net_qlxge_sim ports (qlxge_sim_mp.c): the model lives in the primary
 * only (its thread, its locks, its eventfds), so a secondary reaches a function's registers by
 * asking the primary over DPDK's multi-process channel, one message per register access.
 */

#ifndef QLXGE_SIM_MP_H
#define QLXGE_SIM_MP_H

#include <stdint.h>

#include "qlxge_probe.h"

/* Primary: answer the secondaries' register accesses (once per process; 0 when IPC is off). */
int qlxge_sim_mp_primary_init(void);

/*
 * Secondary: the register bus of device @name, port @port_id, through the primary; its release
 * hook for the port's close. No doorbell memory (db_base NULL): the data path is the primary's.
 */
int qlxge_sim_mp_bus(const char *name, uint16_t port_id, struct qlxge_bus *bus);
void qlxge_sim_mp_release(struct rte_eth_dev *dev);

#endif /* QLXGE_SIM_MP_H */
