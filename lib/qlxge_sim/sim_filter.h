/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* MAC address tables and routing registers (§12). */

#ifndef SIM_FILTER_H
#define SIM_FILTER_H

#include <stdint.h>

struct qlxge_sim_adapter;
struct qlxge_sim_func;
struct sim_reg_row;

uint32_t sim_mac_addr_idx_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_mac_addr_idx_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_mac_addr_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_mac_addr_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row,
			     uint32_t v);
uint32_t sim_rt_idx_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_rt_idx_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_rt_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_rt_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);

#endif /* SIM_FILTER_H */
