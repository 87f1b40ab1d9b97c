/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The BAR1 register file's mechanics (§2, design.md B.17, B.18): the row a register is decoded
 * by (access type, reset value, handlers), its storage, mask-write, and the one dispatcher of
 * every register access, whoever makes it (the driver through qlxge_sim_reg_read/write, the
 * firmware through MPI module 2). Which register has which row is the table of core/regs.c,
 * reached through the adapter (ad->reg_table).
 */

#ifndef SIM_BASE_REG_H
#define SIM_BASE_REG_H

#include <stdint.h>

#include "qlxge_contract.h"

struct qlxge_sim_adapter;
struct qlxge_sim_func;

/* Register table row (design.md B.17): one per 32-bit register of BAR1, by offset / 4. */
enum sim_reg_access {
	SIM_REG_RW = 1u << 0,		/* read/write storage */
	SIM_REG_MWR = 1u << 1,		/* mask-write, §2.1 */
	SIM_REG_RO = 1u << 2,		/* read only: writes dropped and counted */
	SIM_REG_FS = 1u << 3,		/* function-specific copy (else adapter-wide) */
	SIM_REG_SEM = 1u << 4,		/* guarded by a hardware semaphore (not enforced) */
	SIM_REG_MPI = 1u << 5,		/* also controlled by the firmware */
	SIM_REG_PARTIAL = 1u << 6,	/* modelled as plain storage only (docs/model.md) */
	SIM_REG_KEEP = 1u << 7,		/* FS row that a function reset leaves alone */
};

struct sim_reg_row;
typedef uint32_t (*sim_reg_read_fn)(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
typedef void (*sim_reg_write_fn)(struct qlxge_sim_func *fn, const struct sim_reg_row *row,
				 uint32_t val);

struct sim_reg_row {
	const char *name;		/* NULL: no register decoded here */
	uint32_t offset;
	uint32_t access;		/* enum sim_reg_access bits */
	uint32_t reset;			/* value at power-on and (FS rows) function reset */
	sim_reg_read_fn read;		/* NULL: plain storage */
	sim_reg_write_fn write;		/* NULL: plain storage (mask-write for MWR) */
};

/* §2.1: bit n of 15:0 takes the written value where bit n + 16 is set. Bits 31:16 read 0. */
static inline uint32_t
sim_mwr(uint32_t old, uint32_t val)
{
	uint32_t mask = val >> 16;

	return ((old & ~mask) | (val & mask)) & 0xFFFFu;
}

/** Row of @p table decoding @p offset, NULL when nothing is decoded there. */
const struct sim_reg_row *sim_reg_decode(const struct sim_reg_row *table, uint32_t offset);

/** Storage of a row: the function's copy (FS rows) or the adapter's. */
uint32_t *sim_reg_store(struct qlxge_sim_func *fn, const struct sim_reg_row *row);

/** A register access of @p fn, under the adapter lock: never fails (unknown offsets read 0). */
uint32_t sim_reg_read_locked(struct qlxge_sim_func *fn, uint32_t offset);
void sim_reg_write_locked(struct qlxge_sim_func *fn, uint32_t offset, uint32_t val);

/**
 * The result @p ret of an access through an index register (MAC_ADDR_IDX, RT_IDX: @p what, its
 * index word @p idx): -EINVAL (an index out of range) is warned, -ENOTSUP (a table the model
 * keeps no state for) traced; 0 says nothing.
 */
void sim_reg_index_result(struct qlxge_sim_func *fn, int ret, const char *what, uint32_t idx);

#endif /* SIM_BASE_REG_H */
