/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Registration of the log types base/ writes to (design.md B.24): NOTICE for init, driver and
 * mbox, WARNING for the hardware accessors. */

#include "qlxge_osdep.h"

RTE_LOG_REGISTER_SUFFIX(qlxge_logtype_init, init, NOTICE);
RTE_LOG_REGISTER_SUFFIX(qlxge_logtype_driver, driver, NOTICE);
RTE_LOG_REGISTER_SUFFIX(qlxge_logtype_mbox, mbox, NOTICE);
RTE_LOG_REGISTER_SUFFIX(qlxge_logtype_hw, hw, WARNING);
