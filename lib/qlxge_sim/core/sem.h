/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Hardware semaphores (§3). */

#ifndef SIM_CORE_SEM_H
#define SIM_CORE_SEM_H

#include <stdint.h>

struct qlxge_sim_adapter;
struct qlxge_sim_func;
struct sim_reg_row;

uint32_t sim_sem_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_sem_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t val);

#endif /* SIM_CORE_SEM_H */
