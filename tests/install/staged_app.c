/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * An application of the kind a user builds against an installed qlxge, with nothing but
 * `pkg-config --cflags --libs libqlxge_sim` (and libqlxge's header): it starts EAL on the
 * net_qlxge_sim ports given as --vdev, and prints for each port what the driver's API
 * (rte_pmd_qlxge.h) and the model-control API (rte_pmd_qlxge_sim.h) say of it. Built and run
 * by tests/install/install_staged.sh against a staged `meson install`, shared and static.
 */

#include <stdio.h>
#include <stdlib.h>

#include <rte_eal.h>
#include <rte_ethdev.h>

#include <rte_pmd_qlxge.h>
#include <rte_pmd_qlxge_sim.h>

int
main(int argc, char **argv)
{
	struct rte_pmd_qlxge_sim_port_info sim;
	struct rte_pmd_qlxge_port_info info;
	unsigned int n = 0;
	uint16_t port;
	int ret;

	ret = rte_eal_init(argc, argv);
	if (ret < 0) {
		fprintf(stderr, "staged_app: EAL init failed\n");
		return 1;
	}
	RTE_ETH_FOREACH_DEV(port) {
		ret = rte_pmd_qlxge_port_info_get(port, &info);
		if (ret != 0) {
			printf("port %u: not a qlxge port (%d)\n", port, ret);
			continue;
		}
		ret = rte_pmd_qlxge_sim_port_info_get(port, &sim);
		if (ret != 0) {
			printf("port %u: qlxge, but no model behind it (%d)\n", port, ret);
			continue;
		}
		printf("port %u: qlxge ISP%04x port %u firmware %u.%u.%u state %s, "
		       "model adapter %s function %u wire %s\n", port, info.device_id,
		       info.adapter_port, info.fw_major, info.fw_minor, info.fw_sub,
		       rte_pmd_qlxge_state_name(info.state), sim.adapter, sim.function,
		       rte_pmd_qlxge_sim_wire_name(sim.wire));
		n++;
	}
	RTE_ETH_FOREACH_DEV(port)
		rte_eth_dev_close(port);
	rte_eal_cleanup();
	printf("staged_app: %u qlxge model ports\n", n);
	return n > 0 ? 0 : 1;
}
