/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Fault injection (§2.8 FE, §2.11 ERR_STS, §4.5). Every
 * fault is visible through registers or completions: link down (the cable pulled: a peer port
 * loses its link too) through STS.PLx and AEN 0x8012,
 * a hung firmware through CSR.HRI staying set, an error status in outbound mb0, a held semaphore
 * through SEM reading 0, a dry buffer queue through the "no buffer" drop counters (XGMAC RX NIC
 * FIFO drop), bad FCS through the completion ERR code and the XGMAC FCS counter, a bad L4
 * checksum through TE, a DMA error through STS.FE / ERR_STS / an AE completion or the TX
 * completion B flag, delayed completions through a late producer shadow.
 */

#include <errno.h>
#include <inttypes.h>

#include "base/dma_win.h"
#include "base/irq.h"
#include "base/log.h"
#include "base/state.h"
#include "fw/mbox.h"
#include "wire/wire.h"

static const char *const sim_fault_names[QLXGE_SIM_FAULT_MAX] = {
	[QLXGE_SIM_FAULT_LINK_DOWN] = "link_down",
	[QLXGE_SIM_FAULT_FW_HANG] = "fw_hang",
	[QLXGE_SIM_FAULT_FW_ERROR] = "fw_error",
	[QLXGE_SIM_FAULT_SEM_HELD] = "sem_held",
	[QLXGE_SIM_FAULT_RX_BQ_DRY] = "rx_bq_dry",
	[QLXGE_SIM_FAULT_RX_BAD_FCS] = "rx_bad_fcs",
	[QLXGE_SIM_FAULT_RX_BAD_L4CSUM] = "rx_bad_l4csum",
	[QLXGE_SIM_FAULT_DMA_ERROR] = "dma_error",
	[QLXGE_SIM_FAULT_CQ_DELAY_US] = "cq_delay_us",
	[QLXGE_SIM_FAULT_FATAL] = "fatal",
};

const char *
qlxge_sim_fault_name(enum qlxge_sim_fault fault)
{
	return (unsigned int)fault < QLXGE_SIM_FAULT_MAX ? sim_fault_names[fault] : NULL;
}

int
qlxge_sim_fault_set(struct qlxge_sim_func *fn, enum qlxge_sim_fault fault, uint64_t arg)
{
	if (fn == NULL || (unsigned int)fault >= QLXGE_SIM_FAULT_MAX)
		return -EINVAL;
	if (fault == QLXGE_SIM_FAULT_SEM_HELD && arg >= (1u << QLXGE_SEM_COUNT))
		return -EINVAL;
	if (fault == QLXGE_SIM_FAULT_FW_ERROR && arg > 0xFFFF)
		return -EINVAL;
	sim_adapter_lock(fn->ad);
	SIM_LOG(INFO, regs, "fault " SIM_FN_FMT ": %s 0x%" PRIx64 " -> 0x%" PRIx64,
		SIM_FN_ARGS(fn), sim_fault_names[fault], fn->fault[fault], arg);
	fn->fault[fault] = arg;
	fn->fault_seq[fault] = 0;
	if (fault == QLXGE_SIM_FAULT_DMA_ERROR && arg != 0)
		fn->dma_gen = SIM_DMA_GEN_OFF;	/* no DMA window bypasses the injection */
	switch (fault) {
	case QLXGE_SIM_FAULT_LINK_DOWN:
		/* the cable pulled: a peer loses its carrier too (on its next poll step) */
		sim_wire_pull(fn->wire, arg != 0);
		sim_link_update(fn);
		break;
	case QLXGE_SIM_FAULT_FATAL:
		if (arg != 0)
			sim_dev_error(fn, (uint32_t)arg);
		fn->fault[fault] = 0;	/* one-shot: FE stays until a function reset */
		break;
	default:
		break;
	}
	sim_adapter_unlock(fn->ad);
	return 0;
}

int
qlxge_sim_fault_get(struct qlxge_sim_func *fn, enum qlxge_sim_fault fault, uint64_t *arg)
{
	if (fn == NULL || arg == NULL || (unsigned int)fault >= QLXGE_SIM_FAULT_MAX)
		return -EINVAL;
	sim_adapter_lock(fn->ad);
	*arg = fn->fault[fault];
	sim_adapter_unlock(fn->ad);
	return 0;
}
