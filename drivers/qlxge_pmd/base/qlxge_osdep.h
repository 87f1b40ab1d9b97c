/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * What base/ takes from its platform, DPDK's EAL: the log types of the PMD it writes to and
 * their macros. The types live here, in the lowest layer, so that base/ needs nothing from the
 * glue above it; the glue adds the data path's rx/tx types (qlxge_log.h). Each line starts with
 * the function name.
 */

#ifndef QLXGE_OSDEP_H
#define QLXGE_OSDEP_H

#include <rte_log.h>

/*
 * Default visibility (the PMD is built with hidden symbols): what the model's plugin uses of the
 * driver's, listed in the INTERNAL section of qlxge_pmd.map.
 */
#define QLXGE_EXPORT __attribute__((visibility("default")))

/* pmd.net.qlxge.{init,driver,mbox,hw}; init is the model binding's too */
QLXGE_EXPORT extern int qlxge_logtype_init;
extern int qlxge_logtype_driver;
extern int qlxge_logtype_mbox;
extern int qlxge_logtype_hw;

#define QLXGE_LOG_(type, level, fmt, ...) \
	rte_log(RTE_LOG_ ## level, qlxge_logtype_ ## type, "%s(): " fmt "\n", __func__, \
		##__VA_ARGS__)

#define QLXGE_INIT_LOG(level, fmt, ...) QLXGE_LOG_(init, level, fmt, ##__VA_ARGS__)
#define QLXGE_DRV_LOG(level, fmt, ...) QLXGE_LOG_(driver, level, fmt, ##__VA_ARGS__)
#define QLXGE_MBOX_LOG(level, fmt, ...) QLXGE_LOG_(mbox, level, fmt, ##__VA_ARGS__)
#define QLXGE_HW_LOG(level, fmt, ...) QLXGE_LOG_(hw, level, fmt, ##__VA_ARGS__)

#endif /* QLXGE_OSDEP_H */
