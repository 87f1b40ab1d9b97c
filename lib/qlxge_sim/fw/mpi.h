/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The MPI space behind PROC_ADDR / PROC_DATA (§9.1): register handlers of the BAR1 table. */

#ifndef SIM_FW_MPI_H
#define SIM_FW_MPI_H

#include <stdint.h>

struct qlxge_sim_func;
struct sim_reg_row;

uint32_t sim_proc_addr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_proc_addr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_proc_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_proc_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);

#endif /* SIM_FW_MPI_H */
