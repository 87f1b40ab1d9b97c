/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Hardware semaphores (§3, §16.3): eight resources, each a 2-bit field of SEM with
 * its write mask in bits 31:16. The lock is global to the adapter (both functions and the
 * firmware); each function reads its own view, in which a field reads SET only for the holder.
 * A SET (or FORCE) write takes a free resource; a mask-only write (value 0) releases it if the
 * writer holds it. The adapter lock makes each write-then-read acquire atomic between functions.
 * QLXGE_SIM_FAULT_SEM_HELD makes resources look held by another agent to one function. With
 * card timing the firmware (the third agent of §3) takes a free resource it shares (ICB, MAC
 * address, flash, processor registers) itself now and then, for SIM_CARD_SEM_HOLD_US: every
 * SIM_CARD_SEM_EVERY-th acquisition finds it held, so the drivers' retries run.
 */

#include "base/log.h"
#include "base/reg.h"
#include "base/state.h"
#include "core/sem.h"

static const char *const sim_sem_names[QLXGE_SEM_COUNT] = {
	"XGMAC0", "XGMAC1", "ICB", "MAC_ADDR", "FLASH", "PROBE", "RT_IDX", "PROC_REG",
};

/*
 * Card timing: the firmware holds resource @p i now (it took it on an acquisition of the free
 * resource by a function, every SIM_CARD_SEM_EVERY-th one, for SIM_CARD_SEM_HOLD_US).
 */
static bool
sim_sem_fw_holds(struct qlxge_sim_adapter *ad, unsigned int i)
{
	uint64_t now = sim_now_us();

	if (now < ad->sem_fw_until[i])
		return true;
	if (++ad->sem_acquires % SIM_CARD_SEM_EVERY != 0)
		return false;
	ad->sem_fw_until[i] = now + SIM_CARD_SEM_HOLD_US;
	SIM_TRACE(regs, sem_fw, "%s: firmware holds %s for %u us", ad->name, sim_sem_names[i],
		  SIM_CARD_SEM_HOLD_US);
	return true;
}

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
			if (fn->ad->timing == QLXGE_SIM_TIMING_CARD && owner[i] == SIM_SEM_FREE &&
			    !held_elsewhere && ((SIM_CARD_SEM_FW_MASK >> i) & 1))
				held_elsewhere = sim_sem_fw_holds(fn->ad, i);
			if (owner[i] != SIM_SEM_FREE || held_elsewhere) {
				fn->cnt.sem_contended++;
				SIM_TRACE(regs, sem_busy, SIM_FN_FMT " %s held by %s",
					  SIM_FN_ARGS(fn), sim_sem_names[i],
					  held_elsewhere ? "another agent (or the firmware)" :
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
