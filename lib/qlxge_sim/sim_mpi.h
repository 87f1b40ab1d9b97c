/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The MPI firmware (§9): PROC window, CSR, mailboxes, AENs, link. */

#ifndef SIM_MPI_H
#define SIM_MPI_H

#include <stdint.h>

struct qlxge_sim_adapter;
struct qlxge_sim_func;
struct sim_reg_row;

uint32_t sim_proc_addr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_proc_addr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_proc_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_proc_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_csr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_csr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
void sim_mpi_power_on(struct qlxge_sim_adapter *ad);
unsigned int sim_mpi_poll(struct qlxge_sim_func *fn, uint64_t now);
void sim_mpi_aen(struct qlxge_sim_func *fn, uint32_t code, const uint32_t *mb, unsigned int n);
void sim_link_update(struct qlxge_sim_func *fn);

#endif /* SIM_MPI_H */
