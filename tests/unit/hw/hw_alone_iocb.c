/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Includes qlxge_iocb.h and nothing else: the header must compile on its own. */
#include "qlxge_iocb.h"

#include "hw_alone.h"

unsigned long
hw_alone_iocb(void)
{
	return sizeof(struct qlxge_wq_icb) + sizeof(struct qlxge_cq_icb) +
	       sizeof(struct qlxge_rss_icb) + sizeof(struct qlxge_ob_tso_iocb) +
	       sizeof(struct qlxge_ib_mac_rsp) + QLXGE_OPCODE_IB_AE_IOCB;
}
