/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Registration of the data path's log types (design.md B.24): DEBUG, compiled in only with
 * RTE_ETHDEV_DEBUG_RX/TX. The control path's are base/'s (qlxge_osdep.c). */

#include "qlxge_log.h"

RTE_LOG_REGISTER_SUFFIX(qlxge_logtype_rx, rx, DEBUG);
RTE_LOG_REGISTER_SUFFIX(qlxge_logtype_tx, tx, DEBUG);
