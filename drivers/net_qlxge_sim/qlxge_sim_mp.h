/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Secondary processes of net_qlxge_sim ports (qlxge_sim_mp.c): the model lives in the primary
 * only (its thread, its locks, its eventfds), so a secondary reaches a function's registers by
 * asking the primary over DPDK's multi-process channel, one message per register access.
 */

#ifndef QLXGE_SIM_MP_H
#define QLXGE_SIM_MP_H

#include <stdbool.h>
#include <stdint.h>

#include "qlxge_probe.h"

/*
 * The primary's register access for a secondary: device @dev's register @off read into or
 * written from @val, with the device held while it runs; 0 or -ENODEV. The vdev binding owns
 * the devices and hands this in, so calls go one way: binding -> multi-process channel.
 */
typedef int (*qlxge_sim_mp_access_t)(const char *dev, bool write, uint32_t off, uint32_t *val);

/*
 * Primary: answer the secondaries' register accesses with @access (once per process; 0 when
 * IPC is off).
 */
int qlxge_sim_mp_primary_init(qlxge_sim_mp_access_t access);

/*
 * Secondary: the register bus of device @name, port @port_id, through the primary; its release
 * hook for the port's close. No doorbell memory (db_base NULL): the data path is the primary's.
 */
int qlxge_sim_mp_bus(const char *name, uint16_t port_id, struct qlxge_bus *bus);
void qlxge_sim_mp_release(struct rte_eth_dev *dev);

#endif /* QLXGE_SIM_MP_H */
