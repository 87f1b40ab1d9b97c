/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Fuzzer (d): the devargs parser of the net_qlxge_sim virtual device
 * (drivers/net_qlxge_sim/qlxge_sim_devargs.c, compiled in), fed any string. A string it
 * accepts must give a configuration the probe can act on: an adapter name that fits, function
 * 0 or 1, peer= exactly with wire=peer, pcap files only with wire=pcap, an interface only with
 * wire=tap, values within their bounds; a string it refuses must say why (-EINVAL or
 * -ENAMETOOLONG). The log lines it writes (with the input in them) go to /dev/null.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_log.h>

#include "qlxge_sim_vdev.h"

#define FUZZ_ARGS_MAX	4096

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	FILE *null = fopen("/dev/null", "w");

	(void)argc;
	(void)argv;
	if (null != NULL)
		rte_openlog_stream(null);
	return 0;
}

static void
check_str(const char *s, size_t cap)
{
	if (memchr(s, '\0', cap) == NULL)
		abort();	/* not terminated within its array */
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char args[FUZZ_ARGS_MAX + 1];
	struct qlxge_vdev_cfg cfg;
	bool peer, pcap, iface;
	int ret;

	if (size > FUZZ_ARGS_MAX)
		size = FUZZ_ARGS_MAX;
	memcpy(args, data, size);
	args[size] = '\0';
	ret = qlxge_vdev_parse("net_qlxge_sim_fuzz", args, &cfg);
	if (ret != 0) {
		if (ret != -EINVAL && ret != -ENAMETOOLONG)
			abort();
		return 0;
	}
	check_str(cfg.adapter, sizeof(cfg.adapter));
	check_str(cfg.peer, sizeof(cfg.peer));
	check_str(cfg.rx_pcap, sizeof(cfg.rx_pcap));
	check_str(cfg.tx_pcap, sizeof(cfg.tx_pcap));
	check_str(cfg.iface, sizeof(cfg.iface));
	if (cfg.adapter[0] == '\0' || cfg.function >= QLXGE_SIM_NUM_FUNCS ||
	    cfg.fw_latency_us > 1000000u || cfg.sem_held > 0xFF ||
	    (cfg.device_id != 0 && cfg.device_id != 0x8000 && cfg.device_id != 0x8012))
		abort();
	peer = cfg.wire_set && cfg.wire == QLXGE_SIM_WIRE_PEER;
	pcap = cfg.wire_set && cfg.wire == QLXGE_SIM_WIRE_PCAP;
	iface = cfg.wire_set && cfg.wire == QLXGE_SIM_WIRE_TAP;
	if ((cfg.peer[0] != '\0') != peer || (cfg.iface[0] != '\0') != iface ||
	    ((cfg.rx_pcap[0] != '\0' || cfg.tx_pcap[0] != '\0') && !pcap))
		abort();
	if (cfg.mac_set && !rte_is_valid_assigned_ether_addr(&cfg.mac))
		abort();
	return 0;
}
