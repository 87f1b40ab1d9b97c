/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Model control by port id (rte_pmd_qlxge_sim.h): the port is looked up among the functions
 * this process attached (qlxge_sim_vdev.c's registry, locked for the call, so the function
 * stays attached) and the call goes to the model's public API (qlxge_sim.h). The header's
 * enums are the application's: they are mapped here, never cast, so that the model may number
 * its own as it likes.
 */

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <rte_common.h>
#include <rte_ethdev.h>

#include "qlxge_sim.h"
#include "qlxge_probe.h"
#include "qlxge_sim_vdev.h"
#include "rte_pmd_qlxge_sim.h"

static const enum qlxge_sim_fault qlxge_sim_api_faults[] = {
	[RTE_PMD_QLXGE_SIM_FAULT_LINK_DOWN] = QLXGE_SIM_FAULT_LINK_DOWN,
	[RTE_PMD_QLXGE_SIM_FAULT_FW_HANG] = QLXGE_SIM_FAULT_FW_HANG,
	[RTE_PMD_QLXGE_SIM_FAULT_FW_ERROR] = QLXGE_SIM_FAULT_FW_ERROR,
	[RTE_PMD_QLXGE_SIM_FAULT_SEM_HELD] = QLXGE_SIM_FAULT_SEM_HELD,
	[RTE_PMD_QLXGE_SIM_FAULT_RX_BQ_DRY] = QLXGE_SIM_FAULT_RX_BQ_DRY,
	[RTE_PMD_QLXGE_SIM_FAULT_RX_BAD_FCS] = QLXGE_SIM_FAULT_RX_BAD_FCS,
	[RTE_PMD_QLXGE_SIM_FAULT_RX_BAD_L4CSUM] = QLXGE_SIM_FAULT_RX_BAD_L4CSUM,
	[RTE_PMD_QLXGE_SIM_FAULT_DMA_ERROR] = QLXGE_SIM_FAULT_DMA_ERROR,
	[RTE_PMD_QLXGE_SIM_FAULT_CQ_DELAY_US] = QLXGE_SIM_FAULT_CQ_DELAY_US,
	[RTE_PMD_QLXGE_SIM_FAULT_FATAL] = QLXGE_SIM_FAULT_FATAL,
};

/* The counters of struct qlxge_sim_counters, by name (the model's field names). */
#define QLXGE_SIM_CNT(f) { #f, offsetof(struct qlxge_sim_counters, f) }
static const struct {
	const char *name;
	size_t off;
} qlxge_sim_api_counters[] = {
	QLXGE_SIM_CNT(reg_reads), QLXGE_SIM_CNT(reg_writes), QLXGE_SIM_CNT(reg_unknown),
	QLXGE_SIM_CNT(sem_acquired), QLXGE_SIM_CNT(sem_contended),
	QLXGE_SIM_CNT(mbox_cmds), QLXGE_SIM_CNT(mbox_errors), QLXGE_SIM_CNT(aens),
	QLXGE_SIM_CNT(aens_lost),
	QLXGE_SIM_CNT(icb_loads), QLXGE_SIM_CNT(icb_load_errors),
	QLXGE_SIM_CNT(doorbells),
	QLXGE_SIM_CNT(tx_iocbs), QLXGE_SIM_CNT(tx_frames), QLXGE_SIM_CNT(tx_bytes),
	QLXGE_SIM_CNT(tx_errors), QLXGE_SIM_CNT(tx_drops_mac_disabled),
	QLXGE_SIM_CNT(rx_frames), QLXGE_SIM_CNT(rx_bytes), QLXGE_SIM_CNT(rx_completions),
	QLXGE_SIM_CNT(rx_errors), QLXGE_SIM_CNT(rx_drops_filter), QLXGE_SIM_CNT(rx_drops_nobuf),
	QLXGE_SIM_CNT(rx_drops_oversize), QLXGE_SIM_CNT(rx_drops_fcs),
	QLXGE_SIM_CNT(rx_drops_mac_disabled), QLXGE_SIM_CNT(rx_drops_cq_invalid),
	QLXGE_SIM_CNT(tx_drops_no_link), QLXGE_SIM_CNT(tx_drops_wire),
	QLXGE_SIM_CNT(tx_wire_waits), QLXGE_SIM_CNT(rx_drop_events),
	QLXGE_SIM_CNT(irqs), QLXGE_SIM_CNT(dma_errors), QLXGE_SIM_CNT(resets),
	QLXGE_SIM_CNT(driver_errors),
};

/* A port's function, looked up for the calls below: -ENODEV, -ENOTSUP as the header says. */
static int
qlxge_sim_api_call(uint16_t port_id, qlxge_vdev_cb cb, void *arg)
{
	if (!rte_eth_dev_is_valid_port(port_id))
		return -ENODEV;
	return qlxge_vdev_call_port(port_id, cb, arg);
}

struct qlxge_sim_api_fault {
	enum qlxge_sim_fault fault;
	uint64_t arg;
	uint64_t *out;
};

static int
qlxge_sim_api_fault_cb(const struct qlxge_vdev_view *v, void *arg)
{
	const struct qlxge_sim_api_fault *f = arg;

	return qlxge_sim_fault_set(v->fn, f->fault, f->arg);
}

QLXGE_EXPORT int
rte_pmd_qlxge_sim_fault_set(uint16_t port_id, enum rte_pmd_qlxge_sim_fault fault, uint64_t arg)
{
	struct qlxge_sim_api_fault f = { .arg = arg };

	if ((unsigned int)fault >= RTE_DIM(qlxge_sim_api_faults))
		return rte_eth_dev_is_valid_port(port_id) ? -EINVAL : -ENODEV;
	f.fault = qlxge_sim_api_faults[fault];
	return qlxge_sim_api_call(port_id, qlxge_sim_api_fault_cb, &f);
}

static int
qlxge_sim_api_fault_get_cb(const struct qlxge_vdev_view *v, void *arg)
{
	const struct qlxge_sim_api_fault *f = arg;

	return qlxge_sim_fault_get(v->fn, f->fault, f->out);
}

QLXGE_EXPORT int
rte_pmd_qlxge_sim_fault_get(uint16_t port_id, enum rte_pmd_qlxge_sim_fault fault, uint64_t *arg)
{
	struct qlxge_sim_api_fault f = { .out = arg };

	if ((unsigned int)fault >= RTE_DIM(qlxge_sim_api_faults) || arg == NULL)
		return rte_eth_dev_is_valid_port(port_id) ? -EINVAL : -ENODEV;
	f.fault = qlxge_sim_api_faults[fault];
	return qlxge_sim_api_call(port_id, qlxge_sim_api_fault_get_cb, &f);
}

QLXGE_EXPORT int
rte_pmd_qlxge_sim_link_set(uint16_t port_id, int up)
{
	return rte_pmd_qlxge_sim_fault_set(port_id, RTE_PMD_QLXGE_SIM_FAULT_LINK_DOWN, up == 0);
}

static enum rte_pmd_qlxge_sim_wire
qlxge_sim_api_wire(enum qlxge_sim_wire_kind kind)
{
	switch (kind) {
	case QLXGE_SIM_WIRE_LOOP:
		return RTE_PMD_QLXGE_SIM_WIRE_LOOP;
	case QLXGE_SIM_WIRE_PEER:
		return RTE_PMD_QLXGE_SIM_WIRE_PEER;
	case QLXGE_SIM_WIRE_PCAP:
		return RTE_PMD_QLXGE_SIM_WIRE_PCAP;
	case QLXGE_SIM_WIRE_TAP:
		return RTE_PMD_QLXGE_SIM_WIRE_TAP;
	default:
		return RTE_PMD_QLXGE_SIM_WIRE_NONE;
	}
}

static int
qlxge_sim_api_info_cb(const struct qlxge_vdev_view *v, void *arg)
{
	struct rte_pmd_qlxge_sim_port_info *info = arg;
	struct qlxge_sim_wire_info w;
	struct qlxge_sim_port_state st;
	int ret;

	ret = qlxge_sim_port_state_get(v->fn, &st);
	if (ret == 0)
		ret = qlxge_sim_wire_get(v->fn, &w);
	if (ret != 0)
		return ret;
	snprintf(info->adapter, sizeof(info->adapter), "%s", qlxge_sim_adapter_name(v->adapter));
	info->function = (uint8_t)qlxge_sim_func_index(v->fn);
	/* the wire as it is now (re-cabled, peer gone ...), not as the probe attached it */
	info->wire = qlxge_sim_api_wire(w.kind);
	info->peer_port = w.peer != NULL ? qlxge_vdev_port_of(w.peer) : RTE_MAX_ETHPORTS;
	info->carrier = w.carrier;
	/* a TAP name fits IFNAMSIZ (16) */
	memcpy(info->iface, w.iface, sizeof(info->iface) - 1);
	info->wire_rx_frames = w.rx_frames;
	info->wire_tx_frames = w.tx_frames;
	info->wire_tx_drops = w.tx_drops;
	info->rx_pcap_done = w.rx_pcap_done;
	info->rx_pcap_waiting = w.rx_pcap_waiting;
	info->link_up = st.link_up;
	info->function_enabled = st.function_enabled;
	info->fw_version = st.fw_version;
	info->max_frame = st.max_frame;
	return 0;
}

QLXGE_EXPORT int
rte_pmd_qlxge_sim_port_info_get(uint16_t port_id, struct rte_pmd_qlxge_sim_port_info *info)
{
	if (info == NULL)
		return rte_eth_dev_is_valid_port(port_id) ? -EINVAL : -ENODEV;
	memset(info, 0, sizeof(*info));
	return qlxge_sim_api_call(port_id, qlxge_sim_api_info_cb, info);
}

static int
qlxge_sim_api_counters_cb(const struct qlxge_vdev_view *v, void *arg)
{
	return qlxge_sim_counters_get(v->fn, arg);
}

QLXGE_EXPORT int
rte_pmd_qlxge_sim_counters_get(uint16_t port_id, struct rte_pmd_qlxge_sim_counter *counters,
			       unsigned int n)
{
	struct qlxge_sim_counters c;
	unsigned int i;
	int ret;

	ret = qlxge_sim_api_call(port_id, qlxge_sim_api_counters_cb, &c);
	if (ret != 0)
		return ret;
	if (counters == NULL || n < RTE_DIM(qlxge_sim_api_counters))
		return RTE_DIM(qlxge_sim_api_counters);
	for (i = 0; i < RTE_DIM(qlxge_sim_api_counters); i++) {
		snprintf(counters[i].name, sizeof(counters[i].name), "%s",
			 qlxge_sim_api_counters[i].name);
		counters[i].value = *(const uint64_t *)((const uint8_t *)&c +
							qlxge_sim_api_counters[i].off);
	}
	return RTE_DIM(qlxge_sim_api_counters);
}

QLXGE_EXPORT const char *
rte_pmd_qlxge_sim_fault_name(enum rte_pmd_qlxge_sim_fault fault)
{
	if ((unsigned int)fault >= RTE_DIM(qlxge_sim_api_faults))
		return NULL;
	return qlxge_sim_fault_name(qlxge_sim_api_faults[fault]);
}

QLXGE_EXPORT const char *
rte_pmd_qlxge_sim_wire_name(enum rte_pmd_qlxge_sim_wire wire)
{
	switch (wire) {
	case RTE_PMD_QLXGE_SIM_WIRE_NONE:
		return "none";
	case RTE_PMD_QLXGE_SIM_WIRE_LOOP:
		return "loop";
	case RTE_PMD_QLXGE_SIM_WIRE_PEER:
		return "peer";
	case RTE_PMD_QLXGE_SIM_WIRE_PCAP:
		return "pcap";
	case RTE_PMD_QLXGE_SIM_WIRE_TAP:
		return "tap";
	}
	return "unknown";
}
