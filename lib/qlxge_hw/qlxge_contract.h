/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The whole hardware contract of the QLogic 8100 (docs/hardware §1-§13):
 * registers (§1-5, §8, §10-13), host-memory structures (§6-7), firmware interface (§9).
 * Named apart from the driver's own base/ headers (drivers/qlxge_pmd/base/qlxge_base.h), so
 * that an include of this file can never pick up the wrong header.
 */

#ifndef QLXGE_CONTRACT_H
#define QLXGE_CONTRACT_H

#include "qlxge_regs.h"
#include "qlxge_iocb.h"
#include "qlxge_mbox.h"

#endif /* QLXGE_CONTRACT_H */
