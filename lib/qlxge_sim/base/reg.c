/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The dispatcher of BAR1 (design.md B.18): unknown reads return 0, unknown or read-only writes
 * are dropped, each counted and traced as a warning. Plain storage and mask-write (§2.1) are
 * the default handlers; side effects are the named handlers of the table (core/regs.c).
 */

#include <errno.h>

#include "base/log.h"
#include "base/reg.h"
#include "base/state.h"

const struct sim_reg_row *
sim_reg_decode(const struct sim_reg_row *table, uint32_t offset)
{
	if ((offset & 3) != 0 || offset >= QLXGE_SIM_REG_BAR_SIZE)
		return NULL;
	if (table[offset / 4].name == NULL)
		return NULL;
	return &table[offset / 4];
}

uint32_t *
sim_reg_store(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	return (row->access & SIM_REG_FS) ? &fn->regs[row->offset / 4] :
					    &fn->ad->regs[row->offset / 4];
}

uint32_t
sim_reg_read_locked(struct qlxge_sim_func *fn, uint32_t offset)
{
	const struct sim_reg_row *row = sim_reg_decode(fn->ad->reg_table, offset);
	uint32_t v;

	fn->cnt.reg_reads++;
	if (row == NULL) {
		fn->cnt.reg_unknown++;
		SIM_WRN(fn, regs, read_unknown, SIM_FN_FMT " read of undecoded offset 0x%x",
			SIM_FN_ARGS(fn), offset);
		return 0;
	}
	v = row->read != NULL ? row->read(fn, row) : *sim_reg_store(fn, row);
	SIM_TRACE(regs, read, SIM_FN_FMT " %s = 0x%08x", SIM_FN_ARGS(fn), row->name, v);
	return v;
}

void
sim_reg_write_locked(struct qlxge_sim_func *fn, uint32_t offset, uint32_t val)
{
	const struct sim_reg_row *row = sim_reg_decode(fn->ad->reg_table, offset);
	uint32_t *st, old;

	fn->cnt.reg_writes++;
	if (row == NULL) {
		fn->cnt.reg_unknown++;
		SIM_WRN(fn, regs, write_unknown, SIM_FN_FMT " write 0x%08x to undecoded offset "
			"0x%x dropped", SIM_FN_ARGS(fn), val, offset);
		return;
	}
	if (row->access & SIM_REG_RO) {
		fn->cnt.reg_unknown++;
		SIM_WRN(fn, regs, write_ro, SIM_FN_FMT " write 0x%08x to read-only %s dropped",
			SIM_FN_ARGS(fn), val, row->name);
		return;
	}
	SIM_TRACE(regs, write, SIM_FN_FMT " %s <- 0x%08x", SIM_FN_ARGS(fn), row->name, val);
	/* the receive filters change (a pcap wire starting at the first receive watches when) */
	if (offset == QLXGE_REG_RT_DATA || offset == QLXGE_REG_MAC_ADDR_DATA ||
	    offset == QLXGE_REG_NIC_RCV_CFG)
		fn->ad->rx_cfg_us = sim_now_us();
	if (row->write != NULL) {
		row->write(fn, row, val);
		return;
	}
	st = sim_reg_store(fn, row);
	old = *st;
	*st = (row->access & SIM_REG_MWR) ? sim_mwr(old, val) : val;
	if (old != *st)
		SIM_TRACE(regs, change, SIM_FN_FMT " %s 0x%08x -> 0x%08x", SIM_FN_ARGS(fn),
			  row->name, old, *st);
}

void
sim_reg_index_result(struct qlxge_sim_func *fn, int ret, const char *what, uint32_t idx)
{
	if (ret == -EINVAL)
		SIM_WRN(fn, regs, filter_index, SIM_FN_FMT " %s 0x%08x: index out of range",
			SIM_FN_ARGS(fn), what, idx);
	else if (ret == -ENOTSUP)
		SIM_TRACE(regs, filter_unmodelled, SIM_FN_FMT " %s 0x%08x: table not modelled",
			  SIM_FN_ARGS(fn), what, idx);
}
