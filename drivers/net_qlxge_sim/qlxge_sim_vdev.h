/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The net_qlxge_sim virtual device: one function of a software model of the 8100 (lib/qlxge_sim)
 * attached as an ethdev port of the qlxge driver. What the binding's files share: the parsed
 * devargs (qlxge_sim_devargs.c) that the probe acts on (qlxge_sim_vdev.c), and the functions
 * attached in this process, which the model-control API (rte_pmd_qlxge_sim.c), the telemetry
 * (qlxge_sim_telemetry.c) and the secondary processes' register path (qlxge_sim_mp.c) reach
 * by port or device name.
 */

#ifndef QLXGE_SIM_VDEV_H
#define QLXGE_SIM_VDEV_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include <rte_dev.h>
#include <rte_ether.h>

#include "qlxge_sim.h"

#define QLXGE_DRIVER_NAME_SIM	"net_qlxge_sim"

/* The devargs of one net_qlxge_sim device. */
struct qlxge_vdev_cfg {
	char adapter[QLXGE_SIM_NAME_MAX];
	unsigned int function;
	bool wire_set;
	enum qlxge_sim_wire_kind wire;
	char peer[RTE_DEV_NAME_MAX_LEN];
	char rx_pcap[PATH_MAX];
	char tx_pcap[PATH_MAX];
	char iface[64];
	uint64_t rx_pcap_pps;
	uint32_t rx_pcap_loops;
	enum qlxge_sim_pcap_start rx_pcap_start;
	bool pcap_opts;		/* one of the three above was given */
	enum qlxge_sim_timing timing;
	bool timing_set;
	bool mac_set;
	struct rte_ether_addr mac;
	uint32_t fw_latency_us;
	bool fw_hang;
	bool link_down;
	uint32_t sem_held;
	uint32_t device_id;
	uint32_t no_irq;	/* irq=0: no interrupt handle, the driver polls */
};

/*
 * Parse the devargs @args of device @name into @cfg: every key checked by name (an unknown or
 * repeated one is named in the error), every value checked; the adapter defaults to the device
 * name. 0, or -EINVAL / -ENAMETOOLONG with the reason logged.
 */
int qlxge_vdev_parse(const char *name, const char *args, struct qlxge_vdev_cfg *cfg);

/* A function attached in this process, as the registry of qlxge_sim_vdev.c holds it. */
struct qlxge_vdev_view {
	const char *name;		/* the device name, e.g. net_qlxge_sim0 */
	uint16_t port_id;
	struct qlxge_sim_adapter *adapter;
	struct qlxge_sim_func *fn;
	enum qlxge_sim_wire_kind wire;	/* as cabled by its probe or its peer's */
	uint16_t peer_port;		/* wire PEER: the port at the other end; else none */
};

/* With the registry locked: the function stays attached while @cb runs; @cb must not call
 * back into the registry. Returns @cb's result. */
typedef int (*qlxge_vdev_cb)(const struct qlxge_vdev_view *v, void *arg);

/* @cb on the function attached as ethdev port @port_id; -ENOTSUP when none is. */
int qlxge_vdev_call_port(uint16_t port_id, qlxge_vdev_cb cb, void *arg);
/* @cb on the function attached as device @name; -ENODEV when none is. */
int qlxge_vdev_call_name(const char *name, qlxge_vdev_cb cb, void *arg);
/* The port of the function @p fn attached in this process (registry locked by the caller, as
 * inside a callback); RTE_MAX_ETHPORTS when none is. */
uint16_t qlxge_vdev_port_of(const struct qlxge_sim_func *fn);
/* @cb on each attached function in turn, until one returns non-zero (returned). */
int qlxge_vdev_foreach(qlxge_vdev_cb cb, void *arg);

#endif /* QLXGE_SIM_VDEV_H */
