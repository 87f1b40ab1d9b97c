/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Address filtering and routing registers (§12.1, §12.3, §16.4): the MAC_ADDR_IDX /
 * MAC_ADDR_DATA index/data pair into the MAC protocol address tables shared by the functions,
 * and the RT_IDX / RT_DATA pair into each function's routing slots. Accesses complete at once,
 * so MW (ready for a write) always reads 1 and MR (read data ready) reads 1 after a read-select
 * (RS) write. The tables are the data plane's storage (sim_dp.h); classification reads them.
 */

#include <errno.h>

#include "base/log.h"
#include "base/reg.h"
#include "base/state.h"
#include "sim_dp.h"
#include "sim_filter.h"

#define SIM_MAC_IDX_CTL	(QLXGE_MAC_ADDR_IDX_MW | QLXGE_MAC_ADDR_IDX_MR)
#define SIM_RT_IDX_CTL	(QLXGE_RT_IDX_MW | QLXGE_RT_IDX_MR)

static void
sim_filter_result(struct qlxge_sim_func *fn, int ret, const char *what, uint32_t idx)
{
	if (ret == -EINVAL)
		SIM_WRN(fn, regs, filter_index, SIM_FN_FMT " %s 0x%08x: index out of range",
			SIM_FN_ARGS(fn), what, idx);
	else if (ret == -ENOTSUP)
		SIM_TRACE(regs, filter_unmodelled, SIM_FN_FMT " %s 0x%08x: table not modelled",
			  SIM_FN_ARGS(fn), what, idx);
}

uint32_t
sim_mac_addr_idx_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	RTE_SET_USED(row);
	return fn->ad->mac_idx | QLXGE_MAC_ADDR_IDX_MW |
	       (fn->ad->mac_mr ? QLXGE_MAC_ADDR_IDX_MR : 0);
}

void
sim_mac_addr_idx_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v)
{
	struct qlxge_sim_adapter *ad = fn->ad;
	int ret;

	RTE_SET_USED(row);
	ad->mac_idx = v & ~(uint32_t)SIM_MAC_IDX_CTL;
	if (v & QLXGE_MAC_ADDR_IDX_RS) {
		ret = sim_mac_tables_read(ad->mac, ad->mac_idx, &ad->mac_data);
		ad->mac_mr = true;
		SIM_TRACE(regs, mac_read, SIM_FN_FMT " idx 0x%08x = 0x%08x", SIM_FN_ARGS(fn),
			  ad->mac_idx, ad->mac_data);
	} else {
		ret = sim_mac_tables_idx_write(ad->mac, ad->mac_idx);
		ad->mac_mr = false;
		SIM_TRACE(regs, mac_index, SIM_FN_FMT " idx 0x%08x", SIM_FN_ARGS(fn), ad->mac_idx);
	}
	sim_filter_result(fn, ret, "MAC_ADDR_IDX", v);
}

uint32_t
sim_mac_addr_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	RTE_SET_USED(row);
	if (!fn->ad->mac_mr)
		SIM_WRN(fn, regs, mac_data_not_ready, SIM_FN_FMT " MAC_ADDR_DATA read without a "
			"read select", SIM_FN_ARGS(fn));
	return fn->ad->mac_data;
}

void
sim_mac_addr_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v)
{
	struct qlxge_sim_adapter *ad = fn->ad;
	uint32_t old = 0;
	int ret;

	RTE_SET_USED(row);
	sim_mac_tables_read(ad->mac, ad->mac_idx, &old);
	ret = sim_mac_tables_data_write(ad->mac, ad->mac_idx, v);
	ad->mac_data = v;
	ad->mac_mr = false;
	if (ret == 0)
		SIM_TRACE(regs, mac_entry, SIM_FN_FMT " type %u index %u word %u 0x%08x -> 0x%08x",
			  SIM_FN_ARGS(fn),
			  (ad->mac_idx & QLXGE_MAC_ADDR_IDX_TYPE_MASK) >>
			  QLXGE_MAC_ADDR_IDX_TYPE_SHIFT,
			  (ad->mac_idx & QLXGE_MAC_ADDR_IDX_INDEX_MASK) >>
			  QLXGE_MAC_ADDR_IDX_INDEX_SHIFT,
			  ad->mac_idx & QLXGE_MAC_ADDR_IDX_OFFSET_MASK, old, v);
	sim_filter_result(fn, ret, "MAC_ADDR_DATA for", ad->mac_idx);
}

uint32_t
sim_rt_idx_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	RTE_SET_USED(row);
	return fn->rt_idx_latch | QLXGE_RT_IDX_MW | (fn->rt_mr ? QLXGE_RT_IDX_MR : 0);
}

void
sim_rt_idx_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v)
{
	RTE_SET_USED(row);
	fn->rt_idx_latch = v & ~(uint32_t)SIM_RT_IDX_CTL;
	fn->rt_mr = false;
	if (v & QLXGE_RT_IDX_RS) {
		int ret = sim_route_read(fn->rt, fn->rt_idx_latch, &fn->rt_data_latch);

		fn->rt_mr = true;
		sim_filter_result(fn, ret, "RT_IDX", v);
	}
}

uint32_t
sim_rt_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	RTE_SET_USED(row);
	if (!fn->rt_mr)
		SIM_WRN(fn, regs, rt_data_not_ready, SIM_FN_FMT " RT_DATA read without a read "
			"select", SIM_FN_ARGS(fn));
	return fn->rt_data_latch;
}

void
sim_rt_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v)
{
	uint32_t idx = fn->rt_idx_latch;
	unsigned int type = (idx & QLXGE_RT_IDX_TYPE_MASK) >> QLXGE_RT_IDX_TYPE_SHIFT;
	unsigned int slot = (idx & QLXGE_RT_IDX_IDX_MASK) >> QLXGE_RT_IDX_IDX_SHIFT;
	int ret;

	RTE_SET_USED(row);
	if (type < SIM_RT_TYPES)
		SIM_TRACE(regs, route, SIM_FN_FMT " type %u slot %u idx 0x%08x -> 0x%08x mask "
			  "0x%08x -> 0x%08x", SIM_FN_ARGS(fn), type, slot, fn->rt->idx[type][slot],
			  idx, fn->rt->data[type][slot], v);
	ret = sim_route_write(fn->rt, idx, v);
	fn->rt_data_latch = v;
	sim_filter_result(fn, ret, "RT_IDX", idx);
}
