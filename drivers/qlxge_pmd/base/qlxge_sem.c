/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Hardware semaphores (§3): one SEM register holds a 2-bit field per shared resource (the
 * index/data windows, ICB loads). Both functions of the adapter and its firmware contend for
 * them; a function acquires by writing its acquire word and reading back its SET bit.
 */

#include <errno.h>

#include <rte_cycles.h>

#include "qlxge_regs.h"
#include "qlxge_base.h"
#include "qlxge_osdep.h"

/* One try: write the acquire word, read SEM back into *@val; held when our SET bit reads 1. */
static bool
qlxge_sem_try(const struct qlxge_hw *hw, uint32_t sem, uint32_t *val)
{
	uint32_t held = QLXGE_SEM_HELD_BIT(sem);

	qlxge_mwr_field(hw, QLXGE_REG_SEM, QLXGE_SEM_RELEASE_WORD(sem) >> QLXGE_MWR_MASK_SHIFT,
			held);
	*val = qlxge_rd32(hw, QLXGE_REG_SEM);
	return (*val & held) != 0;
}

bool
qlxge_sem_trylock(const struct qlxge_hw *hw, uint32_t sem)
{
	uint32_t val;

	return qlxge_sem_try(hw, sem, &val);
}

/* Try until held, or fail with -ETIMEDOUT after QLXGE_SEM_TIMEOUT_US (logged). */
int
qlxge_sem_lock(const struct qlxge_hw *hw, uint32_t sem, const char *what)
{
	uint32_t waited = 0;
	uint32_t val;

	for (;;) {
		if (qlxge_sem_try(hw, sem, &val))
			return 0;
		if (waited >= QLXGE_SEM_TIMEOUT_US)
			break;
		rte_delay_us(QLXGE_SEM_TRY_DELAY_US);
		waited += QLXGE_SEM_TRY_DELAY_US;
	}
	QLXGE_HW_LOG(ERR, "port %u: semaphore %s (SEM word 0x%08x) not acquired in %u us: "
		     "SEM=0x%08x", hw->st->port_id, what, sem, QLXGE_SEM_TIMEOUT_US, val);
	return -ETIMEDOUT;
}

void
qlxge_sem_unlock(const struct qlxge_hw *hw, uint32_t sem)
{
	qlxge_mwr_clear(hw, QLXGE_REG_SEM, QLXGE_SEM_RELEASE_WORD(sem) >> QLXGE_MWR_MASK_SHIFT);
	/* flush the release (Linux reads SEM once after it) */
	(void)qlxge_rd32(hw, QLXGE_REG_SEM);
}
