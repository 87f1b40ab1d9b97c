/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The BAR1 register table (§2). */

#ifndef SIM_CORE_REGS_H
#define SIM_CORE_REGS_H

#include <stdint.h>

/* REV_ID read by both drivers (§2.10): chip rev 1, XGMAC rev/roll 1/1, NIC rev/roll 1/1. */
#define SIM_REV_ID		0x10001111u

struct qlxge_sim_adapter;
struct qlxge_sim_func;
struct sim_reg_row;

/* Row decoding @p offset in the BAR1 table, NULL when nothing is decoded there. */
const struct sim_reg_row *sim_reg_row(uint32_t offset);
void sim_regs_power_on(struct qlxge_sim_adapter *ad);
void sim_func_reset(struct qlxge_sim_func *fn);

#endif /* SIM_CORE_REGS_H */
