/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, the installed API: rte_pmd_qlxge.h (the port's adapter function and its queues'
 * rings) checked against what the model and ethdev say, across the port's life (ready,
 * started, fatal error, reset, link set down); rte_pmd_qlxge_sim.h (model control by port id:
 * faults, cable, wire, counters) checked by what the driver then reports. Negative cases first:
 * no such port, a port of another driver (net_null), bad arguments.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "rte_pmd_qlxge.h"
#include "rte_pmd_qlxge_sim.h"
#include "pmd_test.h"

#define NB_FRAMES	40
#define FRAME_LEN	128

static uint16_t
null_port(void)
{
	uint16_t port;

	assert_int_equal(pmd_probe("net_null_api", "", &port), 0);
	return port;
}

static void
test_api_bad_ports(void **state)
{
	struct rte_pmd_qlxge_sim_port_info sinfo;
	struct rte_pmd_qlxge_port_info info;
	struct rte_pmd_qlxge_rxq_state rxs;
	struct rte_pmd_qlxge_txq_state txs;
	struct rte_pmd_qlxge_sim_counter c[1];
	uint16_t port;

	(void)state;
	/* no such port */
	assert_int_equal(rte_pmd_qlxge_port_info_get(RTE_MAX_ETHPORTS - 1, &info), -ENODEV);
	assert_int_equal(rte_pmd_qlxge_rxq_state_get(RTE_MAX_ETHPORTS - 1, 0, &rxs), -ENODEV);
	assert_int_equal(rte_pmd_qlxge_txq_state_get(RTE_MAX_ETHPORTS - 1, 0, &txs), -ENODEV);
	assert_int_equal(rte_pmd_qlxge_sim_fault_set(RTE_MAX_ETHPORTS - 1,
						     RTE_PMD_QLXGE_SIM_FAULT_FW_HANG, 1), -ENODEV);
	assert_int_equal(rte_pmd_qlxge_sim_port_info_get(RTE_MAX_ETHPORTS - 1, &sinfo), -ENODEV);
	assert_int_equal(rte_pmd_qlxge_sim_counters_get(RTE_MAX_ETHPORTS - 1, NULL, 0), -ENODEV);
	/* a port of another driver */
	port = null_port();
	assert_int_equal(rte_pmd_qlxge_port_info_get(port, &info), -ENOTSUP);
	assert_int_equal(rte_pmd_qlxge_rxq_state_get(port, 0, &rxs), -ENOTSUP);
	assert_int_equal(rte_pmd_qlxge_txq_state_get(port, 0, &txs), -ENOTSUP);
	assert_int_equal(rte_pmd_qlxge_sim_link_set(port, 0), -ENOTSUP);
	assert_int_equal(rte_pmd_qlxge_sim_port_info_get(port, &sinfo), -ENOTSUP);
	assert_int_equal(rte_pmd_qlxge_sim_counters_get(port, c, 1), -ENOTSUP);
	assert_int_equal(pmd_remove("net_null_api"), 0);
	/* names */
	assert_string_equal(rte_pmd_qlxge_state_name(RTE_PMD_QLXGE_STATE_ERROR), "error");
	assert_string_equal(rte_pmd_qlxge_state_name((enum rte_pmd_qlxge_state)99), "unknown");
	assert_string_equal(rte_pmd_qlxge_sim_wire_name(RTE_PMD_QLXGE_SIM_WIRE_PEER), "peer");
	assert_string_equal(rte_pmd_qlxge_sim_wire_name((enum rte_pmd_qlxge_sim_wire)99),
			    "unknown");
	assert_string_equal(rte_pmd_qlxge_sim_fault_name(RTE_PMD_QLXGE_SIM_FAULT_LINK_DOWN),
			    "link_down");
	assert_string_equal(rte_pmd_qlxge_sim_fault_name(RTE_PMD_QLXGE_SIM_FAULT_FW_HANG),
			    "fw_hang");
	assert_string_equal(rte_pmd_qlxge_sim_fault_name(RTE_PMD_QLXGE_SIM_FAULT_FATAL), "fatal");
	assert_null(rte_pmd_qlxge_sim_fault_name((enum rte_pmd_qlxge_sim_fault)99));
}

static void
test_api_bad_args(void **state)
{
	struct rte_pmd_qlxge_rxq_state rxs;
	struct rte_pmd_qlxge_txq_state txs;
	struct pmd_pair p;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "api_args", false), 0);
	assert_int_equal(rte_pmd_qlxge_port_info_get(p.port[0], NULL), -EINVAL);
	assert_int_equal(rte_pmd_qlxge_sim_port_info_get(p.port[0], NULL), -EINVAL);
	/* no queue at all before configure */
	assert_int_equal(rte_pmd_qlxge_rxq_state_get(p.port[0], 0, &rxs), -EINVAL);
	assert_int_equal(rte_pmd_qlxge_txq_state_get(p.port[0], 0, &txs), -EINVAL);
	/* two queues configured, one set up */
	assert_int_equal(pmd_configure(p.port[0], 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_configure(p.port[0], 2, 2,
					       &(struct rte_eth_conf){ 0 }), 0);
	assert_int_equal(rte_eth_rx_queue_setup(p.port[0], 0, PMD_NB_DESC, SOCKET_ID_ANY, NULL,
						pmd_pool()), 0);
	assert_int_equal(rte_pmd_qlxge_rxq_state_get(p.port[0], 1, &rxs), -ENOENT);
	assert_int_equal(rte_pmd_qlxge_rxq_state_get(p.port[0], 2, &rxs), -EINVAL);
	assert_int_equal(rte_pmd_qlxge_rxq_state_get(p.port[0], 0, NULL), -EINVAL);
	assert_int_equal(rte_pmd_qlxge_txq_state_get(p.port[0], 1, &txs), -ENOENT);
	assert_int_equal(rte_pmd_qlxge_sim_fault_set(p.port[0],
						     (enum rte_pmd_qlxge_sim_fault)99, 1), -EINVAL);
	/* an argument the model refuses */
	assert_int_equal(rte_pmd_qlxge_sim_fault_set(p.port[0], RTE_PMD_QLXGE_SIM_FAULT_SEM_HELD,
						     256), -EINVAL);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	pmd_pair_close(&p);
}

static void
check_port_info(uint16_t port, struct qlxge_sim_func *fn, unsigned int adapter_port,
		enum rte_pmd_qlxge_state state)
{
	struct rte_pmd_qlxge_port_info info;
	struct qlxge_sim_port_state st;
	struct rte_ether_addr mac;

	assert_int_equal(rte_pmd_qlxge_port_info_get(port, &info), 0);
	assert_int_equal(qlxge_sim_port_state_get(fn, &st), 0);
	assert_int_equal(info.device_id, 0x8000);
	assert_int_equal(info.adapter_port, adapter_port);
	assert_int_equal(info.fw_version, st.fw_version & 0xFFFFFF);
	assert_int_equal(info.fw_major, (st.fw_version >> 16) & 0xFF);
	assert_int_equal(info.fw_minor, (st.fw_version >> 8) & 0xFF);
	assert_int_equal(info.fw_sub, st.fw_version & 0xFF);
	assert_int_equal(info.max_frame, st.max_frame);
	assert_int_equal(info.interrupts, 1);
	assert_int_equal(info.state, state);
	/* no mac= devarg: the port's address is the factory one */
	assert_int_equal(rte_eth_macaddr_get(port, &mac), 0);
	assert_true(rte_is_same_ether_addr(&mac, &info.perm_addr));
}

/* The port's state through its life, as rte_pmd_qlxge_port_info_get() reports it. */
static void
test_api_port_info(void **state)
{
	struct rte_pmd_qlxge_port_info info;
	struct pmd_pair p;
	unsigned int f;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "api_info", true), 0);
	for (f = 0; f < 2; f++)
		check_port_info(p.port[f], p.fn[f], f, RTE_PMD_QLXGE_STATE_READY);
	assert_int_equal(pmd_configure(p.port[0], 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	check_port_info(p.port[0], p.fn[0], 0, RTE_PMD_QLXGE_STATE_STARTED);
	assert_true(pmd_wait_link(p.port[0], true));
	/* the firmware's link word came with the link */
	assert_int_equal(rte_pmd_qlxge_port_info_get(p.port[0], &info), 0);
	assert_int_equal(info.admin_down, 0);
	assert_int_equal(rte_eth_dev_set_link_down(p.port[0]), 0);
	assert_int_equal(rte_pmd_qlxge_port_info_get(p.port[0], &info), 0);
	assert_int_equal(info.admin_down, 1);
	assert_int_equal(rte_eth_dev_set_link_up(p.port[0]), 0);

	/* a fatal error, through the model-control API: state error until reset */
	__atomic_store_n(&pmd_reset_events, 0, __ATOMIC_RELEASE);
	assert_int_equal(rte_eth_dev_callback_register(p.port[0], RTE_ETH_EVENT_INTR_RESET,
						       pmd_reset_cb, NULL), 0);
	assert_int_equal(rte_pmd_qlxge_sim_fault_set(p.port[0], RTE_PMD_QLXGE_SIM_FAULT_FATAL,
						     0x1), 0);
	assert_true(pmd_wait_count(&pmd_reset_events, 1));
	check_port_info(p.port[0], p.fn[0], 0, RTE_PMD_QLXGE_STATE_ERROR);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_reset(p.port[0]), 0);
	check_port_info(p.port[0], p.fn[0], 0, RTE_PMD_QLXGE_STATE_READY);
	assert_int_equal(rte_eth_dev_callback_unregister(p.port[0], RTE_ETH_EVENT_INTR_RESET,
							 pmd_reset_cb, NULL), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_close(p.port[1]), 0);
	pmd_pair_close(&p);
}

/* A port probed with irq=0 is polled, and says so. */
static void
test_api_port_info_polled(void **state)
{
	struct rte_pmd_qlxge_port_info info;
	uint16_t port;

	(void)state;
	assert_int_equal(pmd_probe("net_qlxge_sim_api_poll", "adapter=api_poll,irq=0,"
				   "device_id=0x8012", &port), 0);
	assert_int_equal(rte_pmd_qlxge_port_info_get(port, &info), 0);
	assert_int_equal(info.interrupts, 0);
	assert_int_equal(info.device_id, 0x8012);
	assert_int_equal(rte_eth_dev_close(port), 0);
	assert_int_equal(pmd_remove("net_qlxge_sim_api_poll"), 0);
}

/* Send @n frames on @tx, to @rx's address; return what @rx received (bounded wait). */
static unsigned int
send_frames(uint16_t tx, uint16_t rx, unsigned int n)
{
	struct rte_mbuf *m, *pkts[32];
	unsigned int sent = 0, got = 0, tries;
	uint16_t r, k;

	while (sent < n) {
		m = pmd_mk_frame(pmd_pool(), rx, FRAME_LEN);
		for (tries = 0; tries < 1000 && rte_eth_tx_burst(tx, 0, &m, 1) == 0; tries++)
			usleep(100);
		assert_true(tries < 1000);
		sent++;
	}
	for (tries = 0; tries < 20000 && got < n; tries++) {
		r = rte_eth_rx_burst(rx, 0, pkts, RTE_DIM(pkts));
		for (k = 0; k < r; k++)
			rte_pktmbuf_free(pkts[k]);
		got += r;
		if (got < n)
			usleep(100);
	}
	return got;
}

/* The rings' indexes move as frames go through, and agree with the queue's counters. */
static void
test_api_queue_state(void **state)
{
	struct rte_pmd_qlxge_rxq_state rxs;
	struct rte_pmd_qlxge_txq_state txs;
	struct pmd_pair p;
	unsigned int f;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "api_q", true), 0);
	for (f = 0; f < 2; f++) {
		assert_int_equal(pmd_configure(p.port[f], 1, 1, NULL), 0);
		assert_int_equal(rte_pmd_qlxge_rxq_state_get(p.port[f], 0, &rxs), 0);
		assert_int_equal(rxs.started, 0);
		assert_int_equal(rxs.stalled, 1);
		assert_int_equal(rte_eth_dev_start(p.port[f]), 0);
	}
	for (f = 0; f < 2; f++)
		assert_true(pmd_wait_link(p.port[f], true));

	assert_int_equal(rte_pmd_qlxge_rxq_state_get(p.port[1], 0, &rxs), 0);
	assert_int_equal(rxs.nb_desc, PMD_NB_DESC);
	assert_int_equal(rxs.cq_id, 0);
	assert_int_equal(rxs.started, 1);
	assert_int_equal(rxs.stalled, 0);
	assert_int_equal(rxs.cq_pending, 0);
	assert_int_equal(rxs.bq_len, PMD_NB_DESC / 2);
	/* each buffer queue is posted one block of 16 short of full (the guide) */
	assert_int_equal(rxs.bufs_posted, 2 * (PMD_NB_DESC / 2 - 16));
	assert_int_equal(rxs.packets, 0);
	assert_int_equal(rte_pmd_qlxge_txq_state_get(p.port[0], 0, &txs), 0);
	assert_int_equal(txs.wq_id, 0);
	assert_int_equal(txs.cq_id, 32);
	assert_int_equal(txs.nb_free, PMD_NB_DESC - 1);
	assert_int_equal(txs.wq_producer, 0);
	assert_int_equal(txs.started, 1);

	assert_int_equal(send_frames(p.port[0], p.port[1], NB_FRAMES), NB_FRAMES);
	assert_int_equal(rte_pmd_qlxge_txq_state_get(p.port[0], 0, &txs), 0);
	assert_int_equal(txs.packets, NB_FRAMES);
	assert_int_equal(txs.doorbells, NB_FRAMES);	/* one burst of one frame each */
	assert_int_equal(txs.wq_producer, NB_FRAMES % PMD_NB_DESC);
	/* what the driver has not reclaimed yet is in flight, all of it free or awaited */
	assert_int_equal((txs.wq_producer - txs.wq_oldest + PMD_NB_DESC) % PMD_NB_DESC +
			 txs.nb_free, PMD_NB_DESC - 1);
	assert_int_equal(rte_pmd_qlxge_rxq_state_get(p.port[1], 0, &rxs), 0);
	assert_int_equal(rxs.packets, NB_FRAMES);
	assert_int_equal(rxs.cq_consumer, NB_FRAMES % PMD_NB_DESC);
	assert_int_equal(rxs.cq_producer, rxs.cq_consumer);
	assert_int_equal(rxs.cq_pending, 0);
	assert_int_equal(rxs.malformed_completions, 0);

	for (f = 0; f < 2; f++) {
		assert_int_equal(rte_eth_dev_stop(p.port[f]), 0);
		assert_int_equal(rte_eth_dev_close(p.port[f]), 0);
	}
	pmd_pair_close(&p);
}

static uint64_t
sim_counter(uint16_t port, const char *name)
{
	struct rte_pmd_qlxge_sim_counter c[64];
	int i, n;

	n = rte_pmd_qlxge_sim_counters_get(port, NULL, 0);
	assert_true(n > 0 && n <= (int)RTE_DIM(c));
	assert_int_equal(rte_pmd_qlxge_sim_counters_get(port, c, n - 1), n);
	assert_int_equal(rte_pmd_qlxge_sim_counters_get(port, c, RTE_DIM(c)), n);
	for (i = 0; i < n; i++)
		if (strcmp(c[i].name, name) == 0)
			return c[i].value;
	fail_msg("no model counter %s", name);
	return 0;
}

/* Model control by port id: wire, cable, counters, as the driver and the model then see them. */
static void
test_api_sim(void **state)
{
	struct rte_pmd_qlxge_sim_port_info info;
	struct qlxge_sim_counters c;
	struct pmd_pair p;
	unsigned int f;
	uint64_t tx, arg;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "api_sim", true), 0);
	for (f = 0; f < 2; f++) {
		assert_int_equal(pmd_configure(p.port[f], 1, 1, NULL), 0);
		assert_int_equal(rte_eth_dev_start(p.port[f]), 0);
	}
	for (f = 0; f < 2; f++) {
		assert_true(pmd_wait_link(p.port[f], true));
		assert_int_equal(rte_pmd_qlxge_sim_port_info_get(p.port[f], &info), 0);
		assert_string_equal(info.adapter, "api_sim");
		assert_int_equal(info.function, f);
		assert_int_equal(info.wire, RTE_PMD_QLXGE_SIM_WIRE_PEER);
		assert_int_equal(info.peer_port, p.port[1 - f]);
		assert_int_equal(info.link_up, 1);
		assert_int_equal(info.function_enabled, 1);
	}
	/* the cable pulled: the driver reports the link down, the model sees it down */
	assert_int_equal(rte_pmd_qlxge_sim_link_set(p.port[0], 0), 0);
	assert_true(pmd_wait_link(p.port[0], false));
	assert_int_equal(rte_pmd_qlxge_sim_port_info_get(p.port[0], &info), 0);
	assert_int_equal(info.link_up, 0);
	assert_int_equal(rte_pmd_qlxge_sim_fault_get(p.port[0], RTE_PMD_QLXGE_SIM_FAULT_LINK_DOWN,
						     &arg), 0);
	assert_int_equal(arg, 1);
	assert_int_equal(rte_pmd_qlxge_sim_fault_get(p.port[0], RTE_PMD_QLXGE_SIM_FAULT_LINK_DOWN,
						     NULL), -EINVAL);
	assert_int_equal(rte_pmd_qlxge_sim_link_set(p.port[0], 1), 0);
	assert_true(pmd_wait_link(p.port[0], true));
	assert_int_equal(rte_pmd_qlxge_sim_fault_get(p.port[0], RTE_PMD_QLXGE_SIM_FAULT_LINK_DOWN,
						     &arg), 0);
	assert_int_equal(arg, 0);
	/* the wire as it is now: re-cabled to a loop by the model's API, no peer any more */
	assert_int_equal(qlxge_sim_wire_set(p.fn[1], &(struct qlxge_sim_wire_cfg){
		.kind = QLXGE_SIM_WIRE_LOOP }), 0);
	assert_int_equal(rte_pmd_qlxge_sim_port_info_get(p.port[1], &info), 0);
	assert_int_equal(info.wire, RTE_PMD_QLXGE_SIM_WIRE_LOOP);
	assert_int_equal(info.peer_port, RTE_MAX_ETHPORTS);
	assert_int_equal(info.carrier, 1);
	assert_int_equal(rte_pmd_qlxge_sim_port_info_get(p.port[0], &info), 0);
	assert_int_equal(info.wire, RTE_PMD_QLXGE_SIM_WIRE_PEER);
	assert_int_equal(info.peer_port, RTE_MAX_ETHPORTS);	/* its far end is gone */
	assert_int_equal(info.carrier, 0);
	assert_int_equal(qlxge_sim_wire_set(p.fn[0], &(struct qlxge_sim_wire_cfg){
		.kind = QLXGE_SIM_WIRE_PEER, .peer = p.fn[1] }), 0);
	for (f = 0; f < 2; f++)
		assert_true(pmd_wait_link(p.port[f], true));
	assert_int_equal(rte_pmd_qlxge_sim_port_info_get(p.port[1], &info), 0);
	assert_int_equal(info.peer_port, p.port[0]);

	/* counters: the same numbers as the model's own API, moving with the traffic */
	tx = sim_counter(p.port[0], "tx_frames");
	assert_int_equal(send_frames(p.port[0], p.port[1], NB_FRAMES), NB_FRAMES);
	assert_int_equal(sim_counter(p.port[0], "tx_frames"), tx + NB_FRAMES);
	assert_int_equal(qlxge_sim_counters_get(p.fn[1], &c), 0);
	assert_int_equal(sim_counter(p.port[1], "rx_frames"), c.rx_frames);
	assert_int_equal(sim_counter(p.port[1], "doorbells"), c.doorbells);

	for (f = 0; f < 2; f++) {
		assert_int_equal(rte_eth_dev_stop(p.port[f]), 0);
		assert_int_equal(rte_eth_dev_close(p.port[f]), 0);
	}
	/* a closed port is no longer the model's */
	assert_int_equal(rte_pmd_qlxge_sim_port_info_get(p.port[0], &info), -ENODEV);
	pmd_pair_close(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_api_bad_ports),
		cmocka_unit_test(test_api_bad_args),
		cmocka_unit_test(test_api_port_info),
		cmocka_unit_test(test_api_port_info_polled),
		cmocka_unit_test(test_api_queue_state),
		cmocka_unit_test(test_api_sim),
	};

	return cmocka_run_group_tests_name("pmd_api", tests, pmd_setup_suite, pmd_teardown_suite);
}
