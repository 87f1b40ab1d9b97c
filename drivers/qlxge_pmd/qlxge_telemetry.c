/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The driver's telemetry commands (DPDK's telemetry socket, e.g. dpdk-telemetry.py):
 *
 *   /qlxge/ports                the qlxge ports of the process
 *   /qlxge/port_info,<port>     the adapter function: device, firmware version and state,
 *                               link, MAC addresses, port configuration, queues
 *   /qlxge/rxq,<port>,<queue>   an RX queue's rings: producer/consumer indexes, pending
 *                               completions, buffers posted, doorbells, started/stalled
 *   /qlxge/txq,<port>,<queue>   a TX queue's rings: indexes, free slots, doorbells, ...; for
 *                               a shared queue (MT_LOCKFREE) its ring, counters, and what
 *                               each lcore that used it did
 *
 * They run on the telemetry thread, beside the application, so they are built on the driver's
 * API (rte_pmd_qlxge.h), which reads shared state and touches no register, and on ethdev's
 * stored link and MAC addresses: asking never disturbs the port. A bad parameter or a port of
 * another driver gets an error (the reply's data is null).
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_common.h>
#include <rte_telemetry.h>

#include "qlxge_pmd.h"
#include "rte_pmd_qlxge.h"

/* "<n>[,<m>]": @nvals unsigned numbers, each at most @max; 0 or -EINVAL. */
static int
qlxge_tel_params(const char *params, unsigned int nvals, unsigned long max, uint16_t *vals)
{
	const char *p = params;
	unsigned long v;
	unsigned int i;
	char *end;

	if (p == NULL)
		return -EINVAL;
	for (i = 0; i < nvals; i++) {
		if (*p < '0' || *p > '9')
			return -EINVAL;
		errno = 0;
		v = strtoul(p, &end, 10);
		if (errno != 0 || v > max)
			return -EINVAL;
		vals[i] = (uint16_t)v;
		if (i + 1 < nvals) {
			if (*end != ',')
				return -EINVAL;
			p = end + 1;
		} else if (*end != '\0') {
			return -EINVAL;
		}
	}
	return 0;
}

static int
qlxge_tel_ports(const char *cmd, const char *params, struct rte_tel_data *d)
{
	uint16_t port;

	RTE_SET_USED(cmd);
	RTE_SET_USED(params);
	rte_tel_data_start_array(d, RTE_TEL_INT_VAL);
	RTE_ETH_FOREACH_DEV(port)
		if (qlxge_dev_is_ours(&rte_eth_devices[port]))
			rte_tel_data_add_array_int(d, port);
	return 0;
}

static void
qlxge_tel_mac(struct rte_tel_data *d, const char *name, const struct rte_ether_addr *a)
{
	char buf[RTE_ETHER_ADDR_FMT_SIZE];

	rte_ether_format_addr(buf, sizeof(buf), a);
	rte_tel_data_add_dict_string(d, name, buf);
}

static void
qlxge_tel_hex(struct rte_tel_data *d, const char *name, uint32_t v)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "0x%08x", v);
	rte_tel_data_add_dict_string(d, name, buf);
}

static int
qlxge_tel_port_info(const char *cmd, const char *params, struct rte_tel_data *d)
{
	struct rte_pmd_qlxge_port_info info;
	struct rte_tel_data *macs;
	struct rte_eth_dev *dev;
	struct rte_eth_link link;
	char buf[RTE_ETH_LINK_MAX_STR_LEN];
	uint16_t port;
	unsigned int i;
	int ret;

	RTE_SET_USED(cmd);
	if (qlxge_tel_params(params, 1, RTE_MAX_ETHPORTS - 1, &port) != 0)
		return -EINVAL;
	ret = rte_pmd_qlxge_port_info_get(port, &info);
	if (ret != 0)
		return ret;
	dev = &rte_eth_devices[port];
	rte_tel_data_start_dict(d);
	rte_tel_data_add_dict_string(d, "name", dev->data->name);
	snprintf(buf, sizeof(buf), "ISP%04x", info.device_id);
	rte_tel_data_add_dict_string(d, "device", buf);
	rte_tel_data_add_dict_int(d, "pci_function", info.pci_function);
	rte_tel_data_add_dict_int(d, "adapter_port", info.adapter_port);
	snprintf(buf, sizeof(buf), "%u.%u.%u", info.fw_major, info.fw_minor, info.fw_sub);
	rte_tel_data_add_dict_string(d, "fw_version", buf);
	rte_tel_data_add_dict_string(d, "state", rte_pmd_qlxge_state_name(info.state));
	rte_tel_data_add_dict_string(d, "events", info.interrupts ? "interrupt" : "polled");
	/* the link as last reported (ethdev's copy): asking does not poll the device */
	rte_eth_linkstatus_get(dev, &link);
	rte_tel_data_add_dict_string(d, "link_status", link.link_status ? "up" : "down");
	rte_tel_data_add_dict_int(d, "link_speed_mbps", (int)link.link_speed);
	rte_tel_data_add_dict_string(d, "link_duplex",
				     link.link_duplex == RTE_ETH_LINK_FULL_DUPLEX ? "full" :
				     "half");
	rte_tel_data_add_dict_int(d, "admin_down", info.admin_down);
	qlxge_tel_hex(d, "fw_link_status", info.fw_link_status);
	qlxge_tel_hex(d, "link_config", info.link_config);
	rte_tel_data_add_dict_int(d, "max_frame", (int)info.max_frame);
	rte_tel_data_add_dict_int(d, "mtu", dev->data->mtu);
	qlxge_tel_mac(d, "mac", &dev->data->mac_addrs[0]);
	qlxge_tel_mac(d, "perm_mac", &info.perm_addr);
	macs = rte_tel_data_alloc();
	if (macs != NULL) {
		rte_tel_data_start_array(macs, RTE_TEL_STRING_VAL);
		for (i = 0; i < QLXGE_MAX_MAC_ADDRS; i++) {
			if (rte_is_zero_ether_addr(&dev->data->mac_addrs[i]))
				continue;
			rte_ether_format_addr(buf, sizeof(buf), &dev->data->mac_addrs[i]);
			rte_tel_data_add_array_string(macs, buf);
		}
		if (rte_tel_data_add_dict_container(d, "macs", macs, 0) != 0)
			rte_tel_data_free(macs);
	}
	rte_tel_data_add_dict_int(d, "promiscuous", dev->data->promiscuous);
	rte_tel_data_add_dict_int(d, "allmulticast", dev->data->all_multicast);
	rte_tel_data_add_dict_int(d, "nb_rx_queues", dev->data->nb_rx_queues);
	rte_tel_data_add_dict_int(d, "nb_tx_queues", dev->data->nb_tx_queues);
	return 0;
}

static int
qlxge_tel_rxq(const char *cmd, const char *params, struct rte_tel_data *d)
{
	struct rte_pmd_qlxge_rxq_state st;
	uint16_t v[2];
	int ret;

	RTE_SET_USED(cmd);
	if (qlxge_tel_params(params, 2, UINT16_MAX, v) != 0)
		return -EINVAL;
	ret = rte_pmd_qlxge_rxq_state_get(v[0], v[1], &st);
	if (ret != 0)
		return ret;
	rte_tel_data_start_dict(d);
	rte_tel_data_add_dict_int(d, "cq", st.cq_id);
	rte_tel_data_add_dict_int(d, "nb_desc", st.nb_desc);
	rte_tel_data_add_dict_int(d, "cq_producer", st.cq_producer);
	rte_tel_data_add_dict_int(d, "cq_consumer", st.cq_consumer);
	rte_tel_data_add_dict_int(d, "cq_pending", st.cq_pending);
	rte_tel_data_add_dict_int(d, "bq_len", st.bq_len);
	rte_tel_data_add_dict_int(d, "sbq_producer", st.sbq_producer);
	rte_tel_data_add_dict_int(d, "sbq_consumer", st.sbq_consumer);
	rte_tel_data_add_dict_int(d, "lbq_producer", st.lbq_producer);
	rte_tel_data_add_dict_int(d, "lbq_consumer", st.lbq_consumer);
	rte_tel_data_add_dict_int(d, "bufs_posted", st.bufs_posted);
	rte_tel_data_add_dict_int(d, "started", st.started);
	rte_tel_data_add_dict_int(d, "stalled", st.stalled);
	rte_tel_data_add_dict_u64(d, "packets", st.packets);
	rte_tel_data_add_dict_u64(d, "refill_doorbells", st.refill_doorbells);
	rte_tel_data_add_dict_u64(d, "malformed_completions", st.malformed_completions);
	return 0;
}

static const char *const qlxge_tel_txs_states[] = {
	[RTE_PMD_QLXGE_TXS_IDLE] = "idle",
	[RTE_PMD_QLXGE_TXS_COALESCING] = "coalescing",
	[RTE_PMD_QLXGE_TXS_BUSY] = "busy",
	[RTE_PMD_QLXGE_TXS_TOO_BUSY] = "too_busy",
	[RTE_PMD_QLXGE_TXS_TAKING_OVER] = "taking_over",
	[RTE_PMD_QLXGE_TXS_STALLED] = "stalled",
};

/* Per-lcore counters of a shared queue: arrays by lcore (telemetry of DPDK 22.11 nests arrays
 * only), for the lcores that used it; lcore RTE_MAX_LCORE stands for the threads without one. */
static const char *const qlxge_tel_txs_lcore_names[] = {
	"enqueued", "refused", "consumers", "drains", "drained", "handovers", "stalls", "holds",
};

static void
qlxge_tel_txs_lcores(struct rte_tel_data *d, uint16_t port, uint16_t queue)
{
	struct rte_tel_data *a[1 + RTE_DIM(qlxge_tel_txs_lcore_names)];
	struct rte_pmd_qlxge_txq_shared_lcore_stats ls;
	char name[64];
	unsigned int i, k;
	uint64_t v[RTE_DIM(qlxge_tel_txs_lcore_names)];

	for (k = 0; k < RTE_DIM(a); k++) {
		a[k] = rte_tel_data_alloc();
		if (a[k] == NULL)
			goto out;
		rte_tel_data_start_array(a[k], k == 0 ? RTE_TEL_INT_VAL : RTE_TEL_U64_VAL);
	}
	for (i = 0; i <= RTE_MAX_LCORE; i++) {
		if (rte_pmd_qlxge_txq_shared_lcore_stats_get(port, queue, i, &ls) != 0 ||
		    ls.enqueued + ls.refused + ls.drains == 0)
			continue;
		v[0] = ls.enqueued;
		v[1] = ls.refused;
		v[2] = ls.consumers;
		v[3] = ls.drains;
		v[4] = ls.drained;
		v[5] = ls.handovers;
		v[6] = ls.stalls;
		v[7] = ls.holds;
		rte_tel_data_add_array_int(a[0], (int)i);
		for (k = 0; k < RTE_DIM(v); k++)
			rte_tel_data_add_array_u64(a[k + 1], v[k]);
	}
	for (k = 0; k < RTE_DIM(a); k++) {
		snprintf(name, sizeof(name), "shared_lcore%s%s", k == 0 ? "s" : "_",
			 k == 0 ? "" : qlxge_tel_txs_lcore_names[k - 1]);
		if (rte_tel_data_add_dict_container(d, name, a[k], 0) != 0)
			rte_tel_data_free(a[k]);
		a[k] = NULL;
	}
out:
	for (k = 0; k < RTE_DIM(a) && a[k] != NULL; k++)
		rte_tel_data_free(a[k]);
}

/* What a shared TX queue adds to /qlxge/txq: shared_<counter>, and per lcore. */
static void
qlxge_tel_txs(struct rte_tel_data *d, uint16_t port, uint16_t queue)
{
	struct rte_pmd_qlxge_txq_shared_stats st;

	if (rte_pmd_qlxge_txq_shared_stats_get(port, queue, &st) != 0)
		return;
	rte_tel_data_add_dict_string(d, "shared_state", st.ring_state <
				     RTE_DIM(qlxge_tel_txs_states) ?
				     qlxge_tel_txs_states[st.ring_state] : "unknown");
	rte_tel_data_add_dict_int(d, "shared_stopped", st.stopped);
	rte_tel_data_add_dict_int(d, "shared_ring_size", (int)st.ring_size);
	rte_tel_data_add_dict_int(d, "shared_ring_count", (int)st.ring_count);
	rte_tel_data_add_dict_int(d, "shared_nb_lcores", st.lcores);
	rte_tel_data_add_dict_u64(d, "shared_enqueued", st.enqueued);
	rte_tel_data_add_dict_u64(d, "shared_refused", st.refused);
	rte_tel_data_add_dict_u64(d, "shared_direct", st.direct);
	rte_tel_data_add_dict_u64(d, "shared_consumers", st.consumers);
	rte_tel_data_add_dict_u64(d, "shared_drains", st.drains);
	rte_tel_data_add_dict_u64(d, "shared_drained", st.drained);
	rte_tel_data_add_dict_u64(d, "shared_frames", st.frames);
	rte_tel_data_add_dict_u64(d, "shared_doorbells", st.doorbells);
	rte_tel_data_add_dict_u64(d, "shared_pkts_per_doorbell", st.pkts_per_doorbell);
	rte_tel_data_add_dict_u64(d, "shared_handovers", st.handovers);
	rte_tel_data_add_dict_u64(d, "shared_stalls", st.stalls);
	rte_tel_data_add_dict_u64(d, "shared_holds", st.holds);
	rte_tel_data_add_dict_u64(d, "shared_hold_max_ns", st.hold_max_ns);
	rte_tel_data_add_dict_u64(d, "shared_flushed_on_stop", st.flushed_on_stop);
	rte_tel_data_add_dict_u64(d, "shared_lease_grants", st.lease_grants);
	rte_tel_data_add_dict_u64(d, "shared_lease_revocations", st.lease_revocations);
	rte_tel_data_add_dict_u64(d, "shared_yields", st.yields);
	qlxge_tel_txs_lcores(d, port, queue);
}

static int
qlxge_tel_txq(const char *cmd, const char *params, struct rte_tel_data *d)
{
	struct rte_pmd_qlxge_txq_state st;
	uint16_t v[2];
	int ret;

	RTE_SET_USED(cmd);
	if (qlxge_tel_params(params, 2, UINT16_MAX, v) != 0)
		return -EINVAL;
	ret = rte_pmd_qlxge_txq_state_get(v[0], v[1], &st);
	if (ret != 0)
		return ret;
	rte_tel_data_start_dict(d);
	rte_tel_data_add_dict_int(d, "wq", st.wq_id);
	rte_tel_data_add_dict_int(d, "cq", st.cq_id);
	rte_tel_data_add_dict_int(d, "nb_desc", st.nb_desc);
	rte_tel_data_add_dict_int(d, "wq_producer", st.wq_producer);
	rte_tel_data_add_dict_int(d, "wq_consumer", st.wq_consumer);
	rte_tel_data_add_dict_int(d, "wq_oldest", st.wq_oldest);
	rte_tel_data_add_dict_int(d, "nb_free", st.nb_free);
	rte_tel_data_add_dict_int(d, "cq_producer", st.cq_producer);
	rte_tel_data_add_dict_int(d, "cq_consumer", st.cq_consumer);
	rte_tel_data_add_dict_int(d, "started", st.started);
	rte_tel_data_add_dict_int(d, "stalled", st.stalled);
	rte_tel_data_add_dict_u64(d, "packets", st.packets);
	rte_tel_data_add_dict_u64(d, "doorbells", st.doorbells);
	rte_tel_data_add_dict_u64(d, "malformed_completions", st.malformed_completions);
	rte_tel_data_add_dict_int(d, "shared", st.shared);
	if (st.shared)
		qlxge_tel_txs(d, v[0], v[1]);
	return 0;
}

RTE_INIT(qlxge_telemetry_init)
{
	rte_telemetry_register_cmd("/qlxge/ports", qlxge_tel_ports,
				   "Returns the qlxge ports. Takes no parameters");
	rte_telemetry_register_cmd("/qlxge/port_info", qlxge_tel_port_info,
				   "Returns the adapter function, firmware, link and MACs of a "
				   "qlxge port. Parameters: int port_id");
	rte_telemetry_register_cmd("/qlxge/rxq", qlxge_tel_rxq,
				   "Returns the ring indexes of a qlxge RX queue. "
				   "Parameters: int port_id,int queue_id");
	rte_telemetry_register_cmd("/qlxge/txq", qlxge_tel_txq,
				   "Returns the ring indexes of a qlxge TX queue. "
				   "Parameters: int port_id,int queue_id");
}
