/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Includes qlxge_regs.h and nothing else: the header must compile on its own. */
#include "qlxge_regs.h"

#include "hw_alone.h"

unsigned long
hw_alone_regs(void)
{
	return HW_ALONE_REGS_EXPR;
}
