/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Interrupts of a function (§8): MSI-X vectors as eventfds, the INTR_EN / INTR_MASK / ISR1-4
 * registers, and the device errors (STS.FE, ERR_STS) vector 0 carries.
 */

#ifndef SIM_BASE_IRQ_H
#define SIM_BASE_IRQ_H

#include <stdint.h>

struct qlxge_sim_func;
struct sim_reg_row;

int sim_irq_open(struct qlxge_sim_func *fn);
void sim_irq_close(struct qlxge_sim_func *fn);

/* Signal every enabled vector with a pending source (CQ ISR bits, STS.PI, STS.FE). */
void sim_irq_update(struct qlxge_sim_func *fn);

/* A device error: ERR_STS |= @p err_sts_bits, STS.FE (sticky until a function reset). */
void sim_dev_error(struct qlxge_sim_func *fn, uint32_t err_sts_bits);

/* Register handlers (core/regs.c). */
uint32_t sim_intr_en_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_intr_en_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
void sim_intr_mask_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_isr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);

#endif /* SIM_BASE_IRQ_H */
