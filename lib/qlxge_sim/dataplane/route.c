/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The routing table of a function (§12.3, §16.4; dataplane/route.h): its storage, the RT_IDX /
 * RT_DATA pair (accesses complete at once: MW always reads 1, MR reads 1 after a read-select),
 * and the routing of a frame. The 16 NIC-queue slots are tried in order, the lowest matching
 * slot wins, and in one slot the NIC-queue type (2) before the inverted one (3).
 */

#include <errno.h>
#include <string.h>

#include <rte_common.h>

#include "base/log.h"
#include "base/reg.h"
#include "base/state.h"
#include "dataplane/route.h"

#define SIM_RT_IDX_CTL	(QLXGE_RT_IDX_MW | QLXGE_RT_IDX_MR)

/* ==== storage ============================================================================== */

void
sim_route_reset(struct sim_route_table *rt)
{
	memset(rt, 0, sizeof(*rt));
	for (unsigned int type = 0; type < SIM_RT_TYPES; type++)
		for (unsigned int slot = 0; slot < SIM_RT_SLOTS; slot++)
			rt->idx[type][slot] = (type << QLXGE_RT_IDX_TYPE_SHIFT) |
					      (slot << QLXGE_RT_IDX_IDX_SHIFT);
}

void
sim_route_sync(struct sim_route_table *rt)
{
	rt->nicq_en = 0;
	for (unsigned int slot = 0; slot < SIM_RT_SLOTS; slot++) {
		if (rt->idx[2][slot] & QLXGE_RT_IDX_E)
			rt->nicq_en |= 1u << slot;
		if (rt->idx[3][slot] & QLXGE_RT_IDX_E)
			rt->nicq_en |= 1u << (slot + 16);
	}
}

static int
sim_route_decode(uint32_t idx_word, unsigned int *type, unsigned int *slot)
{
	*type = (idx_word & QLXGE_RT_IDX_TYPE_MASK) >> QLXGE_RT_IDX_TYPE_SHIFT;
	*slot = (idx_word & QLXGE_RT_IDX_IDX_MASK) >> QLXGE_RT_IDX_IDX_SHIFT;
	if (*type >= SIM_RT_TYPES)
		return -EINVAL;
	if (*type < 2 && *slot >= QLXGE_RT_RT_SLOTS)
		return -EINVAL;
	return 0;
}

int
sim_route_write(struct sim_route_table *rt, uint32_t idx_word, uint32_t data)
{
	unsigned int type, slot;

	if (sim_route_decode(idx_word, &type, &slot) != 0)
		return -EINVAL;
	rt->idx[type][slot] = idx_word & ~(QLXGE_RT_IDX_MW | QLXGE_RT_IDX_MR | QLXGE_RT_IDX_RS);
	rt->data[type][slot] = data;
	if (type >= 2) {
		uint32_t bit = 1u << (slot + (type == 3 ? 16 : 0));

		if (idx_word & QLXGE_RT_IDX_E)
			rt->nicq_en |= bit;
		else
			rt->nicq_en &= ~bit;
	}
	return 0;
}

int
sim_route_read(const struct sim_route_table *rt, uint32_t idx_word, uint32_t *data)
{
	unsigned int type, slot;

	*data = 0;
	if (sim_route_decode(idx_word, &type, &slot) != 0)
		return -EINVAL;
	*data = rt->data[type][slot];
	return 0;
}

/* ==== RT_IDX / RT_DATA ===================================================================== */

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
		sim_reg_index_result(fn, ret, "RT_IDX", v);
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
	sim_reg_index_result(fn, ret, "RT_IDX", idx);
}
