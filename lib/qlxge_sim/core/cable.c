/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The cable of each port: attaching or replacing the wire of a function (qlxge_sim_wire_set).
 * The wire itself is wire/'s; the port's link follows its carrier and the firmware reports
 * changes with module and link AENs on the next poll step (fw/mbox.c, §9.6). PEER wires are
 * made as a pair and attached to both ends.
 */

#include <errno.h>
#include <string.h>

#include "base/log.h"
#include "base/state.h"
#include "wire/wire.h"

static void
sim_lock_two(struct qlxge_sim_adapter *a, struct qlxge_sim_adapter *b)
{
	/* a fixed order (by address) so two threads cabling the same pair cannot deadlock */
	if (a == b) {
		sim_adapter_lock(a);
	} else if ((uintptr_t)a < (uintptr_t)b) {
		sim_adapter_lock(a);
		sim_adapter_lock(b);
	} else {
		sim_adapter_lock(b);
		sim_adapter_lock(a);
	}
}

static void
sim_unlock_two(struct qlxge_sim_adapter *a, struct qlxge_sim_adapter *b)
{
	sim_adapter_unlock(a);
	if (a != b)
		sim_adapter_unlock(b);
}

static void
sim_wire_attach(struct qlxge_sim_func *fn, struct sim_wire *w, enum qlxge_sim_wire_kind kind,
		struct qlxge_sim_func *peer)
{
	SIM_TRACE(wire, attach, SIM_FN_FMT " wire kind %d -> %d", SIM_FN_ARGS(fn),
		  fn->wire_cfg.kind, kind);
	sim_wire_close(fn->wire);
	fn->wire = w;
	sim_wire_pull(w, fn->fault[QLXGE_SIM_FAULT_LINK_DOWN] != 0);
	memset(&fn->wire_cfg, 0, sizeof(fn->wire_cfg));
	fn->wire_cfg.kind = kind;
	fn->wire_cfg.peer = peer;
}

int
qlxge_sim_wire_set(struct qlxge_sim_func *fn, const struct qlxge_sim_wire_cfg *cfg)
{
	struct sim_wire *a = NULL, *b = NULL;
	struct qlxge_sim_func *peer;
	int ret;

	if (fn == NULL || cfg == NULL)
		return -EINVAL;
	switch (cfg->kind) {
	case QLXGE_SIM_WIRE_NONE:
		sim_adapter_lock(fn->ad);
		sim_wire_attach(fn, NULL, QLXGE_SIM_WIRE_NONE, NULL);
		sim_adapter_unlock(fn->ad);
		return 0;
	case QLXGE_SIM_WIRE_PEER:
		peer = cfg->peer;
		if (peer == NULL || peer == fn)
			return -EINVAL;
		ret = sim_wire_pair(&a, &b);
		if (ret < 0)
			return ret;
		sim_lock_two(fn->ad, peer->ad);
		sim_wire_attach(fn, a, QLXGE_SIM_WIRE_PEER, peer);
		sim_wire_attach(peer, b, QLXGE_SIM_WIRE_PEER, fn);
		sim_unlock_two(fn->ad, peer->ad);
		return 0;
	case QLXGE_SIM_WIRE_LOOP:
	case QLXGE_SIM_WIRE_PCAP:
	case QLXGE_SIM_WIRE_TAP:
		ret = sim_wire_open(cfg, &a);
		if (ret < 0)
			return ret;
		sim_adapter_lock(fn->ad);
		sim_wire_attach(fn, a, cfg->kind, NULL);
		sim_adapter_unlock(fn->ad);
		return 0;
	default:
		return -EINVAL;
	}
}
