/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Hardware semaphores (§3, §16.3): eight resources, each a 2-bit field of SEM with
 * its write mask in bits 31:16. The lock is global to the adapter (both functions and the
 * firmware); each function reads its own view, in which a field reads SET only for the holder.
 * A SET (or FORCE) write takes a free resource; a mask-only write (value 0) releases it if the
 * writer holds it. The adapter lock makes each write-then-read acquire atomic between functions.
 * QLXGE_SIM_FAULT_SEM_HELD makes resources look held by another agent to one function.
 */

#include "base/log.h"
#include "base/reg.h"
#include "base/state.h"
#include "core/sem.h"

static const char *const sim_sem_names[QLXGE_SEM_COUNT] = {
	"XGMAC0", "XGMAC1", "ICB", "MAC_ADDR", "FLASH", "PROBE", "RT_IDX", "PROC_REG",
};

uint32_t
sim_sem_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	uint32_t v = 0;
	unsigned int i;

	RTE_SET_USED(row);
	for (i = 0; i < QLXGE_SEM_COUNT; i++)
		if (fn->ad->sem_owner[i] == fn->idx)
			v |= QLXGE_SEM_SET << (2 * i);
	return v;
}

void
sim_sem_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t val)
{
	uint8_t *owner = fn->ad->sem_owner;
	unsigned int i;

	RTE_SET_USED(row);
	for (i = 0; i < QLXGE_SEM_COUNT; i++) {
		uint32_t mask = (val >> (16 + 2 * i)) & QLXGE_SEM_FIELD_MASK;
		uint32_t fv = (val >> (2 * i)) & QLXGE_SEM_FIELD_MASK;

		if (mask == 0)
			continue;
		if (fv != QLXGE_SEM_CLEAR) {
			bool held_elsewhere = (fn->fault[QLXGE_SIM_FAULT_SEM_HELD] >> i) & 1;

			if (owner[i] == fn->idx)
				continue;	/* already ours: the acquire re-reads SET */
			if (owner[i] != SIM_SEM_FREE || held_elsewhere) {
				fn->cnt.sem_contended++;
				SIM_TRACE(regs, sem_busy, SIM_FN_FMT " %s held by %s",
					  SIM_FN_ARGS(fn), sim_sem_names[i],
					  held_elsewhere ? "another agent" :
					  (owner[i] == 0 ? "function 0" : "function 1"));
				continue;
			}
			owner[i] = (uint8_t)fn->idx;
			fn->cnt.sem_acquired++;
			SIM_TRACE(regs, sem_acquire, SIM_FN_FMT " %s free -> held",
				  SIM_FN_ARGS(fn), sim_sem_names[i]);
		} else if (owner[i] == fn->idx) {
			owner[i] = SIM_SEM_FREE;
			SIM_TRACE(regs, sem_release, SIM_FN_FMT " %s held -> free",
				  SIM_FN_ARGS(fn), sim_sem_names[i]);
		} else if (owner[i] != SIM_SEM_FREE) {
			SIM_WRN(fn, regs, sem_release_foreign, SIM_FN_FMT " release of %s "
				"held by the other function ignored", SIM_FN_ARGS(fn),
				sim_sem_names[i]);
		}
	}
}
