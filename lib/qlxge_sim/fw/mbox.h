/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The MPI firmware's mailboxes (§9): commands and replies, AENs, the port's link as the firmware
 * reports it, the firmware's (re)start and its poll step.
 */

#ifndef SIM_FW_MBOX_H
#define SIM_FW_MBOX_H

#include <stdint.h>

struct qlxge_sim_adapter;
struct qlxge_sim_func;
struct sim_reg_row;

/* The firmware's state at power-on: ports initialized (8000), port configuration, 0x1002. */
void sim_fw_power_on(struct qlxge_sim_adapter *ad);

/* A firmware restart (MPI soft reset, RISC reset released): AEN 0x8400 on both ports. */
void sim_fw_restart(struct qlxge_sim_adapter *ad, const char *why);

/*
 * The firmware's part of a poll step: module and link changes, the posted command once its
 * latency has passed, the next outbound message once STS.PI is clear. @return work done.
 */
unsigned int sim_fw_poll(struct qlxge_sim_func *fn, uint64_t now);

/* Queue AEN @p code with mailboxes 1.. from @p mb (@p n mailboxes in all). */
void sim_fw_aen(struct qlxge_sim_func *fn, uint32_t code, const uint32_t *mb, unsigned int n);

/* Link = the wire's carrier (or a loopback mode) unless the link fault holds it down. */
void sim_link_update(struct qlxge_sim_func *fn);

/* CSR (§2.6, §9.8): register handlers of the BAR1 table. */
uint32_t sim_csr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_csr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);

#endif /* SIM_FW_MBOX_H */
