/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The net_qlxge_sim virtual device: one function of a software model of the 8100 (lib/qlxge_sim)
 * attached as an ethdev port of the qlxge driver. What the binding's two files share: the
 * parsed devargs (qlxge_sim_devargs.c) that the probe acts on (qlxge_sim_vdev.c).
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

#endif /* QLXGE_SIM_VDEV_H */
