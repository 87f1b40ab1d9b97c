/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* CFG: ICB loads and dumps (§2.7, §6). */

#ifndef SIM_ICB_H
#define SIM_ICB_H

#include <stdint.h>

struct qlxge_sim_adapter;
struct qlxge_sim_func;
struct sim_reg_row;

void sim_cfg_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);

#endif /* SIM_ICB_H */
