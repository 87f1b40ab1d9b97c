/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Flash (§10): the parameter blocks behind FLASH_ADDR / FLASH_DATA. */

#ifndef SIM_FW_FLASH_H
#define SIM_FW_FLASH_H

#include <stdint.h>

struct qlxge_sim_adapter;
struct qlxge_sim_func;
struct sim_reg_row;

uint32_t sim_flash_addr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_flash_addr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_flash_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_flash_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
int sim_flash_program(struct qlxge_sim_adapter *ad, const uint8_t mac[][6]);

#endif /* SIM_FW_FLASH_H */
