/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Includes qlxge_iocb.h and nothing else: the header must compile on its own. */
#include "qlxge_iocb.h"

#include "hw_alone.h"

unsigned long
hw_alone_iocb(void)
{
	return HW_ALONE_IOCB_EXPR;
}
