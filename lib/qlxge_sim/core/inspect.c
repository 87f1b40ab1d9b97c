/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The state-inspection API (qlxge_sim.h; tests, tools): the port, its wire, the MAC address
 * tables, the routing slots, the RSS state, the completion queues and the counters, read under
 * the adapter lock without side effects (a TAP wire refreshes its sampled carrier and name).
 */

#include <errno.h>
#include <string.h>

#include "base/state.h"
#include "dataplane/filter.h"
#include "dataplane/route.h"
#include "dataplane/rss.h"
#include "wire/wire.h"

int
qlxge_sim_port_state_get(struct qlxge_sim_func *fn, struct qlxge_sim_port_state *st)
{
	if (fn == NULL || st == NULL)
		return -EINVAL;
	sim_adapter_lock(fn->ad);
	st->link_up = fn->port.link_up;
	st->link_status = fn->port.link_status;
	st->link_config = fn->port.link_config;
	st->max_frame = fn->port.max_frame;
	st->led_config = fn->port.led_config;
	st->wol_mode = fn->port.wol_mode;
	st->mgmt_stopped = fn->port.mgmt_stopped;
	st->function_enabled = (fn->regs[QLXGE_REG_FSC / 4] & QLXGE_FSC_FE) != 0;
	st->fw_version = fn->ad->fw_version;
	sim_adapter_unlock(fn->ad);
	return 0;
}

int
qlxge_sim_mac_table_get(struct qlxge_sim_adapter *adapter, unsigned int type,
			unsigned int index, uint32_t *words, unsigned int nwords)
{
	unsigned int i;
	int ret = 0;

	if (adapter == NULL || words == NULL || nwords == 0 || nwords > 16 || type > 15 ||
	    index > 0xFFF)
		return -EINVAL;
	sim_adapter_lock(adapter);
	for (i = 0; i < nwords && ret == 0; i++) {
		uint32_t idx = QLXGE_MAC_ADDR_IDX_WORD(type << QLXGE_MAC_ADDR_IDX_TYPE_SHIFT,
						       index, i);

		ret = sim_mac_tables_read(adapter->mac, idx, &words[i]);
	}
	sim_adapter_unlock(adapter);
	return ret < 0 ? -EINVAL : 0;
}

int
qlxge_sim_route_get(struct qlxge_sim_func *fn, unsigned int type, unsigned int slot,
		    uint32_t *idx_word, uint32_t *mask)
{
	if (fn == NULL || type >= SIM_RT_TYPES || slot >= SIM_RT_SLOTS)
		return -EINVAL;
	sim_adapter_lock(fn->ad);
	if (idx_word != NULL)
		*idx_word = fn->rt->idx[type][slot];
	if (mask != NULL)
		*mask = fn->rt->data[type][slot];
	sim_adapter_unlock(fn->ad);
	return 0;
}

int
qlxge_sim_rss_get(struct qlxge_sim_func *fn, void *icb, size_t len)
{
	int ret = 0;

	if (fn == NULL || icb == NULL || len < sizeof(struct qlxge_rss_icb))
		return -EINVAL;
	sim_adapter_lock(fn->ad);
	if (!fn->rss->loaded)
		ret = -ENOENT;
	else
		sim_rss_store(fn->rss, icb);
	sim_adapter_unlock(fn->ad);
	return ret;
}

int
qlxge_sim_counters_get(struct qlxge_sim_func *fn, struct qlxge_sim_counters *c)
{
	if (fn == NULL || c == NULL)
		return -EINVAL;
	sim_adapter_lock(fn->ad);
	*c = fn->cnt;
	sim_adapter_unlock(fn->ad);
	return 0;
}

int
qlxge_sim_wire_get(struct qlxge_sim_func *fn, struct qlxge_sim_wire_info *info)
{
	if (fn == NULL || info == NULL)
		return -EINVAL;
	memset(info, 0, sizeof(*info));
	sim_adapter_lock(fn->ad);
	info->kind = fn->wire_cfg.kind;
	if (fn->wire != NULL)
		sim_wire_info(fn->wire, info);
	/* the far end of a peer cable, while it is attached */
	if (info->kind == QLXGE_SIM_WIRE_PEER && info->carrier)
		info->peer = fn->wire_cfg.peer;
	info->link_up = fn->port.link_up;
	info->rx_pcap_waiting = fn->pcap_gate == SIM_PCAP_GATE_PROBE;
	sim_adapter_unlock(fn->ad);
	return 0;
}

int
qlxge_sim_cq_info_get(struct qlxge_sim_func *fn, unsigned int cq, struct qlxge_sim_cq_info *info)
{
	const struct sim_cq *c;

	if (fn == NULL || info == NULL || cq >= SIM_NUM_CQ)
		return -EINVAL;
	sim_adapter_lock(fn->ad);
	c = &fn->cq[cq];
	memset(info, 0, sizeof(*info));
	info->loaded = c->loaded;
	info->valid = c->valid;
	info->stopped = c->stopped;
	info->len = c->len;
	info->ring_iova = c->base;
	info->shadow_iova = c->shadow;
	info->prod = c->prod;
	info->lbq_len = c->lbq.len;
	info->lbq_bsize = c->lbq.bsize;
	info->lbq_ring_iova = c->lbq.len != 0 ? c->lbq.pages[0] : 0;
	info->sbq_len = c->sbq.len;
	info->sbq_bsize = c->sbq.bsize;
	info->sbq_ring_iova = c->sbq.len != 0 ? c->sbq.pages[0] : 0;
	sim_adapter_unlock(fn->ad);
	return 0;
}
