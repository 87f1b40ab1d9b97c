/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Log types of the qlxge PMD: pmd.net.qlxge.{init,driver,mbox,hw,rx,tx}. Each line starts with
 * the function name. rx/tx lines exist only in builds with RTE_ETHDEV_DEBUG_RX/TX.
 */

#ifndef QLXGE_LOG_H
#define QLXGE_LOG_H

#include <rte_log.h>

extern int qlxge_logtype_init;
extern int qlxge_logtype_driver;
extern int qlxge_logtype_mbox;
extern int qlxge_logtype_hw;
extern int qlxge_logtype_rx;
extern int qlxge_logtype_tx;

#define QLXGE_LOG_(type, level, fmt, ...) \
	rte_log(RTE_LOG_ ## level, qlxge_logtype_ ## type, "%s(): " fmt "\n", __func__, \
		##__VA_ARGS__)

#define QLXGE_INIT_LOG(level, fmt, ...) QLXGE_LOG_(init, level, fmt, ##__VA_ARGS__)
#define QLXGE_DRV_LOG(level, fmt, ...) QLXGE_LOG_(driver, level, fmt, ##__VA_ARGS__)
#define QLXGE_MBOX_LOG(level, fmt, ...) QLXGE_LOG_(mbox, level, fmt, ##__VA_ARGS__)
#define QLXGE_HW_LOG(level, fmt, ...) QLXGE_LOG_(hw, level, fmt, ##__VA_ARGS__)

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
