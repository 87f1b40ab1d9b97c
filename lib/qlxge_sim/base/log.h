/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Tracing of the model (design.md B.25): log types
 * lib.qlxge_sim.{regs,mpi,flash,dma,tx,rx,wire}, one SIM_TRACE(area, event, fmt, ...) at every
 * side effect (events <area>_<what>, state changes printed old -> new), driver misuse through
 * SIM_WRN at WARNING and counted.
 */

#ifndef SIM_BASE_LOG_H
#define SIM_BASE_LOG_H

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_log.h>

extern int sim_logtype_regs;
extern int sim_logtype_mpi;
extern int sim_logtype_flash;
extern int sim_logtype_dma;
extern int sim_logtype_tx;
extern int sim_logtype_rx;
extern int sim_logtype_wire;

/* "<adapter>.<function>" prefix of every line about a function */
#define SIM_FN_FMT		"%s.%u"
#define SIM_FN_ARGS(fn)		(fn)->ad->name, (fn)->idx

/* Plain log line of an area at a level. */
#define SIM_LOG(level, area, fmt, ...) \
	rte_log(RTE_LOG_ ## level, sim_logtype_ ## area, "qlxge_sim: " fmt "\n", ##__VA_ARGS__)

/*
 * Debug trace of a side effect. The level test comes first so that a disabled trace costs one
 * load and a branch on the data path.
 */
#define SIM_TRACE(area, event, fmt, ...) \
	do { \
		if (unlikely(rte_log_can_log(sim_logtype_ ## area, RTE_LOG_DEBUG))) \
			rte_log(RTE_LOG_DEBUG, sim_logtype_ ## area, \
				"qlxge_sim: " RTE_STR(area) "_" RTE_STR(event) ": " fmt "\n", \
				##__VA_ARGS__); \
	} while (0)

/*
 * Areas of the per-function trace cache (struct qlxge_sim_func.trace): the data path (a DMA
 * access, an IOCB, a completion) must not pay three library calls per event for a trace that
 * is off. The cache is refreshed from rte_log_can_log() once per poll step and per CFG command
 * (sim_trace_refresh), so a level change takes effect at the next step.
 */
enum sim_trace_area {
	SIM_TA_regs,
	SIM_TA_mpi,
	SIM_TA_flash,
	SIM_TA_dma,
	SIM_TA_tx,
	SIM_TA_rx,
	SIM_TA_wire,
};

/* SIM_TRACE of the data path of function @p fn: one predictable branch on its cached levels. */
#define SIM_TRACE_DP(fn, area, event, fmt, ...) \
	do { \
		if (unlikely((fn)->trace & (1u << SIM_TA_ ## area))) \
			rte_log(RTE_LOG_DEBUG, sim_logtype_ ## area, \
				"qlxge_sim: " RTE_STR(area) "_" RTE_STR(event) ": " fmt "\n", \
				##__VA_ARGS__); \
	} while (0)

struct qlxge_sim_adapter;

/* Sample the log levels of the data-path traces into each function's trace cache. */
void sim_trace_refresh(struct qlxge_sim_adapter *ad);

/*
 * Driver misuse or an input the model refuses (event wrn_<area>_<what>): WARNING, and counted
 * in the function's driver_errors counter. @p fn may be NULL for adapter-wide events.
 */
#define SIM_WRN(fn, area, event, fmt, ...) \
	do { \
		struct qlxge_sim_func *wrn_fn_ = (fn); \
		if (wrn_fn_ != NULL) \
			wrn_fn_->cnt.driver_errors++; \
		rte_log(RTE_LOG_WARNING, sim_logtype_ ## area, \
			"qlxge_sim: wrn_" RTE_STR(area) "_" RTE_STR(event) ": " fmt "\n", \
			##__VA_ARGS__); \
	} while (0)

#endif /* SIM_BASE_LOG_H */
