/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* CFG: ICB loads and dumps (§2.7, §6), and the queues' reset. */

#ifndef SIM_QUEUES_ICB_H
#define SIM_QUEUES_ICB_H

#include <stdint.h>

struct qlxge_sim_adapter;
struct qlxge_sim_func;
struct sim_reg_row;

/* CFG write (§2.7): every command bit set is executed (loads, dumps) and cleared; with card
 * timing once SIM_CARD_ICB_US have passed. */
void sim_cfg_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
/* CFG read: the command bits while a command is in progress (card timing). */
uint32_t sim_cfg_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
/* Carry out the CFG command in progress (card timing: it is due). */
void sim_cfg_complete(struct qlxge_sim_func *fn);

/* Unload every WQ and CQ of the function and zero its doorbells (function reset, §16.2). */
void sim_queues_reset(struct qlxge_sim_func *fn);

#endif /* SIM_QUEUES_ICB_H */
