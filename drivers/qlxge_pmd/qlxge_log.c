/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Registration of the PMD's log types (STYLE.md B.24): NOTICE for init/driver/mbox, WARNING for
 * the hardware layer, DEBUG for the bursts (compiled in only with RTE_ETHDEV_DEBUG_RX/TX). */

#include "qlxge_log.h"

RTE_LOG_REGISTER_SUFFIX(qlxge_logtype_init, init, NOTICE);
RTE_LOG_REGISTER_SUFFIX(qlxge_logtype_driver, driver, NOTICE);
RTE_LOG_REGISTER_SUFFIX(qlxge_logtype_mbox, mbox, NOTICE);
RTE_LOG_REGISTER_SUFFIX(qlxge_logtype_hw, hw, WARNING);
RTE_LOG_REGISTER_SUFFIX(qlxge_logtype_rx, rx, DEBUG);
RTE_LOG_REGISTER_SUFFIX(qlxge_logtype_tx, tx, DEBUG);
