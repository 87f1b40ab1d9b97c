/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Telemetry of the emulated adapter, beside the driver's /qlxge/ commands:
 *
 *   /qlxge_sim/ports               the net_qlxge_sim ports of the process
 *   /qlxge_sim/port,<port>         the model behind a port: adapter, function, wire and the
 *                                  port at its other end, link and firmware as the model sees them
 *   /qlxge_sim/counters,<port>     everything the model counted for the port (frames and bytes
 *                                  on the wire, drops by cause, doorbells, mailbox commands, ...)
 *   /qlxge_sim/fault,<port>[,<fault>[,<arg>]]
 *                                  injects a fault (rte_pmd_qlxge_sim_fault_set(): arg 1 if
 *                                  not given, 0 clears it), then returns the faults in force:
 *                                  what a script does to a running application's port that
 *                                  would need hands on a card (pull the cable, hang the
 *                                  firmware, raise a fatal error)
 *
 * Built on the model-control API (rte_pmd_qlxge_sim.h): what the driver reports of a port can be
 * held against what the device did.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_common.h>
#include <rte_ethdev.h>
#include <rte_telemetry.h>

#include "qlxge_probe.h"
#include "qlxge_sim_vdev.h"
#include "rte_pmd_qlxge_sim.h"

#define QLXGE_SIM_TEL_MAX_COUNTERS	64

/* "<port>": 0 and the port, or -EINVAL. */
static int
qlxge_sim_tel_port(const char *params, uint16_t *port)
{
	unsigned long v;
	char *end;

	if (params == NULL || *params < '0' || *params > '9')
		return -EINVAL;
	errno = 0;
	v = strtoul(params, &end, 10);
	if (errno != 0 || *end != '\0' || v >= RTE_MAX_ETHPORTS)
		return -EINVAL;
	*port = (uint16_t)v;
	return 0;
}

static int
qlxge_sim_tel_add_port(const struct qlxge_vdev_view *v, void *arg)
{
	rte_tel_data_add_array_int(arg, v->port_id);
	return 0;
}

static int
qlxge_sim_tel_ports(const char *cmd, const char *params, struct rte_tel_data *d)
{
	RTE_SET_USED(cmd);
	RTE_SET_USED(params);
	rte_tel_data_start_array(d, RTE_TEL_INT_VAL);
	qlxge_vdev_foreach(qlxge_sim_tel_add_port, d);
	return 0;
}

/* The faults in force on the port, as a dict of name: argument (only those that are on). */
static void
qlxge_sim_tel_faults_fill(uint16_t port, struct rte_tel_data *f)
{
	unsigned int i;
	uint64_t arg;

	rte_tel_data_start_dict(f);
	for (i = 0; rte_pmd_qlxge_sim_fault_name(i) != NULL; i++)
		if (rte_pmd_qlxge_sim_fault_get(port, i, &arg) == 0 && arg != 0)
			rte_tel_data_add_dict_u64(f, rte_pmd_qlxge_sim_fault_name(i), arg);
}

static void
qlxge_sim_tel_faults(uint16_t port, struct rte_tel_data *d)
{
	struct rte_tel_data *f = rte_tel_data_alloc();

	if (f == NULL)
		return;
	qlxge_sim_tel_faults_fill(port, f);
	if (rte_tel_data_add_dict_container(d, "faults", f, 0) != 0)
		rte_tel_data_free(f);
}

static int
qlxge_sim_tel_port_info(const char *cmd, const char *params, struct rte_tel_data *d)
{
	struct rte_pmd_qlxge_sim_port_info info;
	char name[RTE_ETH_NAME_MAX_LEN];
	char buf[16];
	uint16_t port;
	int ret;

	RTE_SET_USED(cmd);
	if (qlxge_sim_tel_port(params, &port) != 0)
		return -EINVAL;
	ret = rte_pmd_qlxge_sim_port_info_get(port, &info);
	if (ret != 0)
		return ret;
	rte_tel_data_start_dict(d);
	if (rte_eth_dev_get_name_by_port(port, name) == 0)
		rte_tel_data_add_dict_string(d, "name", name);
	rte_tel_data_add_dict_string(d, "adapter", info.adapter);
	rte_tel_data_add_dict_int(d, "function", info.function);
	rte_tel_data_add_dict_string(d, "wire", rte_pmd_qlxge_sim_wire_name(info.wire));
	if (info.peer_port != RTE_MAX_ETHPORTS)
		rte_tel_data_add_dict_int(d, "peer_port", info.peer_port);
	rte_tel_data_add_dict_int(d, "carrier", info.carrier);
	if (info.iface[0] != '\0')
		rte_tel_data_add_dict_string(d, "iface", info.iface);
	rte_tel_data_add_dict_u64(d, "wire_rx_frames", info.wire_rx_frames);
	rte_tel_data_add_dict_u64(d, "wire_tx_frames", info.wire_tx_frames);
	rte_tel_data_add_dict_u64(d, "wire_tx_drops", info.wire_tx_drops);
	if (info.wire == RTE_PMD_QLXGE_SIM_WIRE_PCAP) {
		rte_tel_data_add_dict_int(d, "rx_pcap_done", info.rx_pcap_done);
		rte_tel_data_add_dict_int(d, "rx_pcap_waiting", info.rx_pcap_waiting);
	}
	rte_tel_data_add_dict_string(d, "link", info.link_up ? "up" : "down");
	rte_tel_data_add_dict_int(d, "function_enabled", info.function_enabled);
	snprintf(buf, sizeof(buf), "0x%06x", info.fw_version);
	rte_tel_data_add_dict_string(d, "fw_version", buf);
	rte_tel_data_add_dict_int(d, "max_frame", (int)info.max_frame);
	qlxge_sim_tel_faults(port, d);
	return 0;
}

static int
qlxge_sim_tel_counters(const char *cmd, const char *params, struct rte_tel_data *d)
{
	struct rte_pmd_qlxge_sim_counter c[QLXGE_SIM_TEL_MAX_COUNTERS];
	uint16_t port;
	int i, n;

	RTE_SET_USED(cmd);
	if (qlxge_sim_tel_port(params, &port) != 0)
		return -EINVAL;
	n = rte_pmd_qlxge_sim_counters_get(port, c, RTE_DIM(c));
	if (n < 0)
		return n;
	if (n > (int)RTE_DIM(c))
		return -ENOSPC;
	rte_tel_data_start_dict(d);
	for (i = 0; i < n; i++)
		rte_tel_data_add_dict_u64(d, c[i].name, c[i].value);
	return 0;
}

/*
 * "<port>[,<fault>[,<arg>]]": the fault set (its argument 1 if not given, 0 clears it), then the
 * faults in force. A bad port, name or argument sets nothing (-EINVAL, or the API's error).
 */
static int
qlxge_sim_tel_fault(const char *cmd, const char *params, struct rte_tel_data *d)
{
	char buf[64], *name, *argstr, *end;
	unsigned long long arg = 1;
	unsigned int i;
	uint16_t port;
	int ret;

	RTE_SET_USED(cmd);
	if (params == NULL || strlen(params) >= sizeof(buf))
		return -EINVAL;
	strcpy(buf, params);
	name = strchr(buf, ',');
	if (name != NULL)
		*name++ = '\0';
	if (qlxge_sim_tel_port(buf, &port) != 0)
		return -EINVAL;
	if (name != NULL) {
		argstr = strchr(name, ',');
		if (argstr != NULL) {
			*argstr++ = '\0';
			errno = 0;
			arg = strtoull(argstr, &end, 0);
			if (errno != 0 || *argstr < '0' || *argstr > '9' || *end != '\0')
				return -EINVAL;
		}
		for (i = 0; rte_pmd_qlxge_sim_fault_name(i) != NULL; i++)
			if (strcmp(name, rte_pmd_qlxge_sim_fault_name(i)) == 0)
				break;
		if (rte_pmd_qlxge_sim_fault_name(i) == NULL)
			return -EINVAL;
		ret = rte_pmd_qlxge_sim_fault_set(port, i, arg);
		if (ret != 0)
			return ret;
	} else {
		uint64_t on;

		ret = rte_pmd_qlxge_sim_fault_get(port, RTE_PMD_QLXGE_SIM_FAULT_LINK_DOWN, &on);
		if (ret != 0)
			return ret;	/* not a net_qlxge_sim port of this process */
	}
	qlxge_sim_tel_faults_fill(port, d);
	return 0;
}

/* Help texts stay under RTE_TEL_MAX_STRING_LEN (128): a longer one is not registered. */
RTE_INIT(qlxge_sim_telemetry_init)
{
	rte_telemetry_register_cmd("/qlxge_sim/ports", qlxge_sim_tel_ports,
				   "Returns the net_qlxge_sim (emulated 8100) ports. "
				   "Takes no parameters");
	rte_telemetry_register_cmd("/qlxge_sim/port", qlxge_sim_tel_port_info,
				   "Returns the model adapter, wire and link behind a "
				   "net_qlxge_sim port. Parameters: int port_id");
	rte_telemetry_register_cmd("/qlxge_sim/counters", qlxge_sim_tel_counters,
				   "Returns the model's counters of a net_qlxge_sim port. "
				   "Parameters: int port_id");
	rte_telemetry_register_cmd("/qlxge_sim/fault", qlxge_sim_tel_fault,
				   "Sets a fault (arg 0 clears), returns those in force. "
				   "Parameters: int port_id[,string fault[,int arg]]");
}
