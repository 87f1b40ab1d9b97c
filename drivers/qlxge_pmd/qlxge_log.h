/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Log types of the qlxge PMD: pmd.net.qlxge.{init,driver,mbox,hw} (base/qlxge_osdep.h) and the
 * data path's pmd.net.qlxge.{rx,tx}, whose lines exist only in builds with
 * RTE_ETHDEV_DEBUG_RX/TX.
 */

#ifndef QLXGE_LOG_H
#define QLXGE_LOG_H

#include <rte_log.h>

#include "qlxge_osdep.h"

extern int qlxge_logtype_rx;
extern int qlxge_logtype_tx;

#ifdef RTE_ETHDEV_DEBUG_RX
#define QLXGE_RX_LOG(level, fmt, ...) QLXGE_LOG_(rx, level, fmt, ##__VA_ARGS__)
#else
#define QLXGE_RX_LOG(level, fmt, ...) do { } while (0)
#endif

#ifdef RTE_ETHDEV_DEBUG_TX
#define QLXGE_TX_LOG(level, fmt, ...) QLXGE_LOG_(tx, level, fmt, ##__VA_ARGS__)
#else
#define QLXGE_TX_LOG(level, fmt, ...) do { } while (0)
#endif

#endif /* QLXGE_LOG_H */
