/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The MPI space behind PROC_ADDR / PROC_DATA (§9.1, §2.6, §16.7, §16.17; fw/mpi.h): module 0 is
 * the RISC's RAM and mailbox banks, module 1 MDE and module 3 the RISC registers (their storage:
 * fw/risc.c), module 2 the NIC registers of any function, read through the register file (with
 * their read side effects) for dumps and never written. What an access does besides: an
 * outbound mailbox and MPI word 0x1002 are read-only, word 0x1010 restarts the firmware.
 */

#include <errno.h>

#include <rte_common.h>

#include "base/log.h"
#include "base/reg.h"
#include "base/state.h"
#include "fw/mbox.h"
#include "fw/mpi.h"
#include "fw/risc.h"

static struct qlxge_sim_func *
sim_func_by_pci(struct qlxge_sim_adapter *ad, unsigned int pci_func)
{
	unsigned int i;

	for (i = 0; i < QLXGE_SIM_NUM_FUNCS; i++)
		if (ad->fn[i].pci_func == pci_func)
			return &ad->fn[i];
	return NULL;
}

/* Word at RISC/MPI address @p addr as PROC_ADDR decodes it (module in 27:16). */
static int
sim_mpi_read(struct qlxge_sim_func *fn, uint32_t addr, uint32_t *val)
{
	struct qlxge_sim_adapter *ad = fn->ad;
	uint32_t module = (addr >> QLXGE_MPI_MODULE_SHIFT) & 0xFFFu;
	uint32_t w = addr & 0xFFFFu;
	struct qlxge_sim_func *other;

	if (module != QLXGE_MPI_MODULE_NIC_REG)
		return sim_risc_read(ad, module, w, val);
	/* (func << 6) | (reg >> 2): the other function's registers, dump code only */
	*val = 0;
	other = sim_func_by_pci(ad, (w >> 6) & 0x7u);
	if (ad->mpi_nested)
		return -EINVAL;	/* PROC reaching PROC again: refused, no recursion */
	if (other != NULL) {
		ad->mpi_nested = true;
		*val = sim_reg_read_locked(other, (w & 0x3Fu) << 2);
		ad->mpi_nested = false;
	}
	return 0;
}

static int
sim_mpi_write(struct qlxge_sim_func *fn, uint32_t addr, uint32_t val)
{
	struct qlxge_sim_adapter *ad = fn->ad;
	uint32_t module = (addr >> QLXGE_MPI_MODULE_SHIFT) & 0xFFFu;
	uint32_t w = addr & 0xFFFFu;

	if (module == QLXGE_MPI_MODULE_NIC_REG) {
		/* §16.17: the other function is reachable through module 2 for dumps only; a
		 * write (RST_FO, CFG ...) would act on a function its driver owns: ignored */
		SIM_WRN(fn, mpi, nic_reg_write, SIM_FN_FMT " MPI module 2 word 0x%04x = 0x%08x "
			"ignored (read-only)", SIM_FN_ARGS(fn), w, val);
		return 0;
	}
	if (module == QLXGE_MPI_MODULE_RISC && sim_risc_is_outbound(w)) {
		SIM_WRN(fn, mpi, outbound_write, SIM_FN_FMT " write to outbound mailbox 0x%x "
			"ignored", SIM_FN_ARGS(fn), w);
		return 0;
	}
	if (module == QLXGE_MPI_MODULE_RISC && w == QLXGE_MPI_TEST_FUNC_PORT_CFG) {
		SIM_WRN(fn, mpi, ro_write, SIM_FN_FMT " write to MPI 0x1002 ignored",
			SIM_FN_ARGS(fn));
		return 0;
	}
	if (module == QLXGE_MPI_MODULE_RISC && w == QLXGE_MPI_SOFT_RESET &&
	    (val & QLXGE_MPI_SOFT_RESET_GO)) {
		sim_fw_restart(ad, "soft reset 0x1010");
		return 0;
	}
	return sim_risc_write(ad, module, w, val);
}

/* ---- PROC_ADDR / PROC_DATA, §9.1 (accesses complete at once: RDY always reads 1) ----------- */

uint32_t
sim_proc_addr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	RTE_SET_USED(row);
	return fn->ad->proc_addr | QLXGE_PROC_ADDR_RDY;
}

void
sim_proc_addr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v)
{
	struct qlxge_sim_adapter *ad = fn->ad;
	uint32_t addr = v & ~(uint32_t)(QLXGE_PROC_ADDR_RDY | QLXGE_PROC_ADDR_R |
					QLXGE_PROC_ADDR_ERR);
	int ret;

	RTE_SET_USED(row);
	if (v & QLXGE_PROC_ADDR_R) {
		ret = sim_mpi_read(fn, addr, &ad->proc_data);
		SIM_TRACE(mpi, proc_read, SIM_FN_FMT " [0x%05x] = 0x%08x", SIM_FN_ARGS(fn), addr,
			  ad->proc_data);
	} else {
		ret = sim_mpi_write(fn, addr, ad->proc_data);
		SIM_TRACE(mpi, proc_write, SIM_FN_FMT " [0x%05x] <- 0x%08x", SIM_FN_ARGS(fn), addr,
			  ad->proc_data);
	}
	ad->proc_addr = addr;
	if (ret < 0) {
		ad->proc_addr |= QLXGE_PROC_ADDR_ERR;
		SIM_WRN(fn, mpi, proc_bad_module, SIM_FN_FMT " PROC_ADDR 0x%08x: no such module",
			SIM_FN_ARGS(fn), v);
	}
}

uint32_t
sim_proc_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	RTE_SET_USED(row);
	return fn->ad->proc_data;
}

void
sim_proc_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v)
{
	RTE_SET_USED(row);
	fn->ad->proc_data = v;
}
