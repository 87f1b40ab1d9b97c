/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The memory of the firmware's RISC processor in the MPI space (§9.1): plain storage. */

#ifndef SIM_FW_RISC_H
#define SIM_FW_RISC_H

#include <stdbool.h>
#include <stdint.h>

struct qlxge_sim_adapter;

/* Word @p w of MPI module @p module (0, 1, 3). @return 0 or -EINVAL (no such module). */
int sim_risc_read(struct qlxge_sim_adapter *ad, uint32_t module, uint32_t w, uint32_t *val);
int sim_risc_write(struct qlxge_sim_adapter *ad, uint32_t module, uint32_t w, uint32_t val);

/* Module-0 word @p w is an outbound mailbox (0x1190-0x119F, 0x1290-0x129F). */
bool sim_risc_is_outbound(uint32_t w);

/* The RISC RAM word at @p addr as DUMP_RISC_RAM copies it (§9.4). */
uint32_t sim_risc_word(struct qlxge_sim_adapter *ad, uint32_t addr);

#endif /* SIM_FW_RISC_H */
