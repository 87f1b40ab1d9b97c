/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Includes qlxge_mbox.h and nothing else: the header must compile on its own. */
#include "qlxge_mbox.h"

#include "hw_alone.h"

unsigned long
hw_alone_mbox(void)
{
	return HW_ALONE_MBOX_EXPR;
}
