/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Includes qlxge_regs.h and nothing else: the header must compile on its own. */
#include "qlxge_regs.h"

#include "hw_alone.h"

unsigned long
hw_alone_regs(void)
{
	return QLXGE_REG_PRB_MX_DATA + QLXGE_MWR_SET(QLXGE_FSC_FE) + QLXGE_SEM_FLASH +
	       sizeof(struct qlxge_flash_params_8000) + qlxge_flash_sum16("\x01\x00", 2);
}
