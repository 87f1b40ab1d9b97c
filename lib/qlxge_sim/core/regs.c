/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Control registers of BAR1 (§2, §16.1, §16.2, §16.6): one const table indexed by offset / 4
 * (design.md B.17) with each register's access type, reset value and handlers, decoded by the
 * one dispatcher (design.md B.18, base/reg.c). Plain storage and mask-write (§2.1) are the
 * default handlers; side effects have named handlers here (RST_FO, FSC, STS, ERR_STS, CQ_STOP,
 * ETS) or in the file of their concept (semaphores, MPI, flash, ICB, interrupts, XGMAC,
 * filters).
 */

#include <errno.h>
#include <string.h>

#include "base/dma.h"
#include "base/irq.h"
#include "base/log.h"
#include "base/reg.h"
#include "base/state.h"
#include "core/regs.h"
#include "core/sem.h"
#include "dataplane/filter.h"
#include "dataplane/route.h"
#include "dataplane/rss.h"
#include "dataplane/xgmac.h"
#include "fw/flash.h"
#include "fw/mbox.h"
#include "fw/mpi.h"
#include "queues/icb.h"

/* ---- small handlers ------------------------------------------------------------------------ */

/*
 * §2.4, §16.2: FR reads 1 until the reset has completed: the next poll step or 2 us, whichever
 * comes first; with card timing SIM_CARD_RESET_US of wall time, poll steps or not.
 */
static uint32_t
sim_rst_fo_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	uint32_t v = *sim_reg_store(fn, row);

	if (fn->reset_pending && sim_now_us() >= fn->reset_done)
		fn->reset_pending = false;
	return fn->reset_pending ? v | QLXGE_RST_FO_FR : v;
}

static void
sim_rst_fo_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t val)
{
	uint32_t *st = sim_reg_store(fn, row);
	uint32_t nv = sim_mwr(*st, val);

	if (nv & QLXGE_RST_FO_FR) {
		nv &= ~QLXGE_RST_FO_FR;
		sim_func_reset(fn);
		fn->reset_pending = true;
		fn->reset_done = sim_now_us() +
				 (fn->ad->timing == QLXGE_SIM_TIMING_CARD ? SIM_CARD_RESET_US : 2);
	}
	SIM_TRACE(regs, rst_fo, SIM_FN_FMT " 0x%04x -> 0x%04x", SIM_FN_ARGS(fn), *st, nv);
	*st = nv;
}

static void
sim_fsc_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t val)
{
	uint32_t *st = sim_reg_store(fn, row);
	uint32_t nv = sim_mwr(*st, val);

	if ((nv ^ *st) & QLXGE_FSC_FE)
		SIM_TRACE(regs, function_enable, SIM_FN_FMT " FE %u -> %u", SIM_FN_ARGS(fn),
			  !!(*st & QLXGE_FSC_FE), !!(nv & QLXGE_FSC_FE));
	*st = nv;
}

/* §2.8, §16.6 */
static uint32_t
sim_sts_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	struct qlxge_sim_adapter *ad = fn->ad;
	uint32_t v = 0;
	unsigned int i;
	bool busy = false;

	RTE_SET_USED(row);
	if (fn->fe)
		v |= QLXGE_STS_FE;
	if (fn->pi)
		v |= QLXGE_STS_PI;
	for (i = 0; i < QLXGE_SIM_NUM_FUNCS; i++) {
		if (ad->fn[i].port.link_up)
			v |= QLXGE_STS_PL(i);
		if (ad->fn[i].regs[QLXGE_REG_FSC / 4] & QLXGE_FSC_FE)
			v |= QLXGE_STS_FNE(ad->fn[i].pci_func);
	}
	v |= ad->port_init & (QLXGE_STS_PI0 | QLXGE_STS_PI1);
	v |= ((uint32_t)fn->pci_func << QLXGE_STS_FUNC_ID_SHIFT) & QLXGE_STS_FUNC_ID_MASK;
	/* NIC FIFO empty: no TX work waiting in a valid WQ of this function */
	for (i = 0; i < SIM_NUM_WQ && !busy; i++) {
		const struct sim_wq *wq = &fn->wq[i];

		if (!sim_bit_test(fn->wq_live, i) || !wq->valid)
			continue;
		busy = (__atomic_load_n((uint32_t *)(fn->db + QLXGE_DB_WQ_OFFSET(i)),
					__ATOMIC_RELAXED) & 0xFFFFu) % wq->len != wq->cons;
	}
	if (!busy)
		v |= QLXGE_STS_NFE;
	return v;
}

/* Only the port-initialized bits are writable (Linux 8012 bring-up, §2.8, §4.6). */
static void
sim_sts_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t val)
{
	uint32_t wmask = (val >> 16) & (QLXGE_STS_PI0 | QLXGE_STS_PI1);
	uint32_t old = fn->ad->port_init;

	RTE_SET_USED(row);
	if ((val >> 16) & ~(uint32_t)(QLXGE_STS_PI0 | QLXGE_STS_PI1))
		SIM_WRN(fn, regs, sts_write_ro, SIM_FN_FMT " STS write 0x%08x: only PI0/PI1 are "
			"writable", SIM_FN_ARGS(fn), val);
	fn->ad->port_init = (old & ~wmask) | (val & wmask);
	if (old != fn->ad->port_init)
		SIM_TRACE(regs, port_init, SIM_FN_FMT " 0x%x -> 0x%x", SIM_FN_ARGS(fn), old,
			  fn->ad->port_init);
}

static uint32_t
sim_err_sts_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	RTE_SET_USED(row);
	return fn->err_sts;
}

/* §2.13: start (1), stop (2) or read (3) CQ n; EN reads 1 while the CQ is processed. */
static uint32_t
sim_cq_stop_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	uint32_t q = fn->cq_stop_sel & QLXGE_CQ_STOP_CQ_MASK;

	RTE_SET_USED(row);
	return (fn->cq_stop_sel & (QLXGE_CQ_STOP_CQ_MASK | QLXGE_CQ_STOP_TYPE_MASK)) |
	       (fn->cq[q].stopped ? 0 : QLXGE_CQ_STOP_EN);
}

static void
sim_cq_stop_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t val)
{
	uint32_t nv = sim_mwr(fn->cq_stop_sel, val);
	uint32_t q = nv & QLXGE_CQ_STOP_CQ_MASK;
	uint32_t type = nv & QLXGE_CQ_STOP_TYPE_MASK;

	RTE_SET_USED(row);
	fn->cq_stop_sel = nv;
	if (type == QLXGE_CQ_STOP_TYPE_START || type == QLXGE_CQ_STOP_TYPE_STOP) {
		bool stop = type == QLXGE_CQ_STOP_TYPE_STOP;

		SIM_TRACE(regs, cq_stop, SIM_FN_FMT " CQ %u stopped %u -> %u", SIM_FN_ARGS(fn), q,
			  fn->cq[q].stopped, stop);
		fn->cq[q].stopped = stop;
	}
}

/* §2.12: write (queue << 29) | RS selects a queue for read-back; other writes set it. */
static uint32_t *
sim_ets_slot(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t q, bool nic)
{
	RTE_SET_USED(row);
	return nic ? &fn->nic_ets[q % QLXGE_ETS_NIC_QUEUES] :
		     &fn->cna_ets[q % QLXGE_ETS_CNA_QUEUES];
}

static uint32_t
sim_ets_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	bool nic = row->offset == QLXGE_REG_NIC_ETS;
	uint32_t q = nic ? fn->ets_sel_nic : fn->ets_sel_cna;

	return (q << QLXGE_ETS_QUEUE_SHIFT) | (*sim_ets_slot(fn, row, q, nic) &
					      ~(uint32_t)QLXGE_ETS_QUEUE_MASK);
}

static void
sim_ets_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t val)
{
	bool nic = row->offset == QLXGE_REG_NIC_ETS;
	uint32_t q = (val & QLXGE_ETS_QUEUE_MASK) >> QLXGE_ETS_QUEUE_SHIFT;

	if (nic)
		fn->ets_sel_nic = (uint8_t)(q % QLXGE_ETS_NIC_QUEUES);
	else
		fn->ets_sel_cna = (uint8_t)(q % QLXGE_ETS_CNA_QUEUES);
	if (!(val & QLXGE_ETS_RS))
		*sim_ets_slot(fn, row, q, nic) = val;
}

/* ---- the table ----------------------------------------------------------------------------- */

#define RW	SIM_REG_RW
#define MWR	SIM_REG_MWR
#define RO	SIM_REG_RO
#define FS	SIM_REG_FS
#define SEM	SIM_REG_SEM
#define MPI	SIM_REG_MPI
#define PART	SIM_REG_PARTIAL
#define KEEP	SIM_REG_KEEP

#define ROW(reg, acc, rst, rd, wr) \
	[QLXGE_REG_ ## reg / 4] = { #reg, QLXGE_REG_ ## reg, (acc), (rst), (rd), (wr) }

static const struct sim_reg_row sim_reg_table[QLXGE_REG_COUNT] = {
	ROW(PROC_ADDR, RW | SEM, QLXGE_PROC_ADDR_RDY, sim_proc_addr_read, sim_proc_addr_write),
	ROW(PROC_DATA, RW | SEM, 0, sim_proc_data_read, sim_proc_data_write),
	ROW(SYS, MWR, 0, NULL, NULL),
	ROW(RST_FO, MWR | FS, 0, sim_rst_fo_read, sim_rst_fo_write),
	ROW(FSC, MWR | FS, 0, NULL, sim_fsc_write),
	ROW(CSR, RW | FS | KEEP, 0, sim_csr_read, sim_csr_write),
	ROW(LED, RW | FS | MPI | KEEP | PART, 0, NULL, NULL),
	ROW(ICB_RID, RW | PART, 0, NULL, NULL),
	ROW(ICB_L, RW | SEM, 0, NULL, NULL),
	ROW(ICB_H, RW | SEM, 0, NULL, NULL),
	ROW(CFG, MWR, 0, sim_cfg_read, sim_cfg_write),
	ROW(BIOS_ADDR, RW | PART, 0, NULL, NULL),
	ROW(STS, MWR | FS, 0, sim_sts_read, sim_sts_write),
	ROW(INTR_EN, MWR | FS, 0, sim_intr_en_read, sim_intr_en_write),
	ROW(INTR_MASK, MWR | FS, 0, NULL, sim_intr_mask_write),
	ROW(ISR1, RO | FS, 0, sim_isr_read, NULL),
	ROW(ISR2, RO | FS, 0, sim_isr_read, NULL),
	ROW(ISR3, RO | FS, 0, sim_isr_read, NULL),
	ROW(ISR4, RO | FS, 0, sim_isr_read, NULL),
	ROW(REV_ID, RO, SIM_REV_ID, NULL, NULL),
	ROW(FRC_ECC_ERR, RW | PART, 0, NULL, NULL),
	ROW(ERR_STS, RO | FS, 0, sim_err_sts_read, NULL),
	ROW(RAM_DBG_ADDR, RW | PART, 0, NULL, NULL),
	ROW(RAM_DBG_DATA, RW | PART, 0, NULL, NULL),
	ROW(ECC_ERR_CNT, RO | FS, 0, NULL, NULL),
	ROW(SEM, MWR | FS | KEEP, 0, sim_sem_read, sim_sem_write),
	ROW(GPIO_1, MWR | FS | PART, 0, NULL, NULL),
	ROW(GPIO_2, MWR | FS | PART, 0, NULL, NULL),
	ROW(GPIO_3, MWR | FS | PART, 0, NULL, NULL),
	ROW(XGMAC_ADDR, RW | FS | SEM | KEEP, QLXGE_XGMAC_ADDR_RDY, sim_xgmac_addr_read,
	    sim_xgmac_addr_write),
	ROW(XGMAC_DATA, RW | FS | SEM | MPI | KEEP, 0, sim_xgmac_data_read, sim_xgmac_data_write),
	ROW(NIC_ETS, RW | FS | MPI | KEEP, 0, sim_ets_read, sim_ets_write),
	ROW(CNA_ETS, RW | FS | MPI | KEEP, 0, sim_ets_read, sim_ets_write),
	ROW(FLASH_ADDR, RW | SEM, QLXGE_FLASH_ADDR_RDY, sim_flash_addr_read, sim_flash_addr_write),
	ROW(FLASH_DATA, RW | SEM, 0, sim_flash_data_read, sim_flash_data_write),
	ROW(CQ_STOP, MWR | FS, 0, sim_cq_stop_read, sim_cq_stop_write),
	ROW(PAGE_TBL_RID, RW | PART, 0, NULL, NULL),
	ROW(WQ_PAGE_TBL_LO, RW | PART, 0, NULL, NULL),
	ROW(WQ_PAGE_TBL_HI, RW | PART, 0, NULL, NULL),
	ROW(CQ_PAGE_TBL_LO, RW | PART, 0, NULL, NULL),
	ROW(CQ_PAGE_TBL_HI, RW | PART, 0, NULL, NULL),
	ROW(MAC_ADDR_IDX, RW | SEM, QLXGE_MAC_ADDR_IDX_MW, sim_mac_addr_idx_read,
	    sim_mac_addr_idx_write),
	ROW(MAC_ADDR_DATA, RW | SEM, 0, sim_mac_addr_data_read, sim_mac_addr_data_write),
	ROW(COS_DFLT_CQ1, RW | FS | PART, 0, NULL, NULL),
	ROW(COS_DFLT_CQ2, RW | FS | PART, 0, NULL, NULL),
	ROW(ETYPE_SKIP1, RW | FS | PART, 0, NULL, NULL),
	ROW(ETYPE_SKIP2, RW | FS | PART, 0, NULL, NULL),
	ROW(SPLT_HDR, RW | FS, 0, NULL, NULL),
	ROW(FC_PAUSE_THRES, RW | PART, 0, NULL, NULL),
	ROW(NIC_PAUSE_THRES, RW | FS | MPI | KEEP | PART, 0, NULL, NULL),
	ROW(FC_ETHERTYPE, RW | PART, 0, NULL, NULL),
	ROW(FC_RCV_CFG, RW | PART, 0, NULL, NULL),
	ROW(NIC_RCV_CFG, MWR | FS | MPI, 0, NULL, NULL),
	ROW(FC_COS_TAGS, RW | PART, 0, NULL, NULL),
	ROW(NIC_COS_TAGS, RW | FS | MPI | KEEP | PART, 0, NULL, NULL),
	ROW(MGMT_RCV_CFG, MWR | FS | MPI | KEEP, 0, NULL, NULL),
	ROW(RT_IDX, RW | FS | SEM | KEEP, QLXGE_RT_IDX_MW, sim_rt_idx_read, sim_rt_idx_write),
	ROW(RT_DATA, RW | FS | SEM | KEEP, 0, sim_rt_data_read, sim_rt_data_write),
	ROW(XG_SERDES_ADDR, RW | FS | SEM | MPI | KEEP, QLXGE_XG_SERDES_ADDR_RDY,
	    sim_xg_serdes_addr_read, sim_xg_serdes_addr_write),
	ROW(XG_SERDES_DATA, RW | FS | SEM | MPI | KEEP, 0, NULL, NULL),
	ROW(PRB_MX_ADDR, RW | SEM | PART, 0, NULL, NULL),
	ROW(PRB_MX_DATA, RW | SEM | PART, 0, NULL, NULL),
	/* 0x74 RSVD2 and 0xEC RSVD7: reserved, no row (undecoded). */
};

#undef RW
#undef MWR
#undef RO
#undef FS
#undef SEM
#undef MPI
#undef PART
#undef KEEP

const struct sim_reg_row *
sim_reg_row(uint32_t offset)
{
	return sim_reg_decode(sim_reg_table, offset);
}

/* Power-on: every row to its reset value, in both functions' copies and the shared one. */
void
sim_regs_power_on(struct qlxge_sim_adapter *ad)
{
	unsigned int i, f;

	ad->reg_table = sim_reg_table;
	for (i = 0; i < QLXGE_REG_COUNT; i++) {
		const struct sim_reg_row *row = &sim_reg_table[i];

		if (row->name == NULL)
			continue;
		ad->regs[i] = row->reset;
		for (f = 0; f < QLXGE_SIM_NUM_FUNCS; f++)
			ad->fn[f].regs[i] = row->reset;
	}
	for (f = 0; f < QLXGE_SIM_NUM_FUNCS; f++) {
		sim_route_reset(ad->fn[f].rt);
		sim_rss_reset(ad->fn[f].rss);
		sim_xgmac_power_on(&ad->fn[f]);
		ad->fn[f].dma_gen = SIM_DMA_GEN_OFF;	/* no ring checked yet */
	}
	memset(ad->sem_owner, SIM_SEM_FREE, sizeof(ad->sem_owner));
}

/*
 * Function reset (§2.4, §16.2): walk the table and restore the FS rows not marked KEEP; then
 * invalidate the function's queues and disable its vectors (the conservative reading of §16.2).
 * The shared state (CAM, semaphores, firmware) and the routing table survive (Linux notes the CAM
 * survives; both drivers clear routing themselves before the reset).
 */
void
sim_func_reset(struct qlxge_sim_func *fn)
{
	unsigned int i, v;

	for (i = 0; i < QLXGE_REG_COUNT; i++) {
		const struct sim_reg_row *row = &sim_reg_table[i];

		if (row->name != NULL && (row->access & SIM_REG_FS) &&
		    !(row->access & SIM_REG_KEEP))
			fn->regs[i] = row->reset;
	}
	sim_queues_reset(fn);
	for (v = 0; v < QLXGE_SIM_NUM_VECTORS; v++)
		fn->vec_en[v] = false;
	fn->intr_en = 0;
	fn->intr_sel = 0;
	fn->fe = false;
	fn->err_sts = 0;
	fn->cq_stop_sel = 0;
	fn->cnt.resets++;
	SIM_TRACE(regs, function_reset, SIM_FN_FMT " queues invalidated, vectors disabled",
		  SIM_FN_ARGS(fn));
}
