/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The model's log types and the per-function cache of the data-path trace levels (design.md
 * B.25): a trace on the data path tests one bit of fn->trace, refreshed here once per poll step
 * and per CFG command, instead of three library calls per event.
 */

#include <rte_log.h>

#include "base/log.h"
#include "base/state.h"

RTE_LOG_REGISTER(sim_logtype_regs, lib.qlxge_sim.regs, NOTICE);
RTE_LOG_REGISTER(sim_logtype_mpi, lib.qlxge_sim.mpi, NOTICE);
RTE_LOG_REGISTER(sim_logtype_flash, lib.qlxge_sim.flash, NOTICE);
RTE_LOG_REGISTER(sim_logtype_dma, lib.qlxge_sim.dma, NOTICE);
RTE_LOG_REGISTER(sim_logtype_tx, lib.qlxge_sim.tx, NOTICE);
RTE_LOG_REGISTER(sim_logtype_rx, lib.qlxge_sim.rx, NOTICE);
RTE_LOG_REGISTER(sim_logtype_wire, lib.qlxge_sim.wire, NOTICE);

void
sim_trace_refresh(struct qlxge_sim_adapter *ad)
{
	static const int *const types[] = {
		[SIM_TA_regs] = &sim_logtype_regs, [SIM_TA_mpi] = &sim_logtype_mpi,
		[SIM_TA_flash] = &sim_logtype_flash, [SIM_TA_dma] = &sim_logtype_dma,
		[SIM_TA_tx] = &sim_logtype_tx, [SIM_TA_rx] = &sim_logtype_rx,
		[SIM_TA_wire] = &sim_logtype_wire,
	};
	uint32_t t = 0;

	/* only the areas with data-path traces: three library calls each */
	for (unsigned int a = SIM_TA_dma; a <= SIM_TA_rx; a++)
		if (rte_log_can_log(*types[a], RTE_LOG_DEBUG))
			t |= 1u << a;
	for (unsigned int f = 0; f < QLXGE_SIM_NUM_FUNCS; f++)
		ad->fn[f].trace = t;
}
