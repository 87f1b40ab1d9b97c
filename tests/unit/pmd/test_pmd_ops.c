/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, ethdev ops: each op through the public API, asserting its result and what the
 * model's hardware holds afterwards (CAM, multicast and VLAN tables, routing slots, RSS ICB,
 * port configuration, LED, registers), bad arguments first in each case. Then the MTU of a
 * started port, the VLAN table the two ports share, and writes the hardware refuses, which
 * change nothing.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <rte_byteorder.h>
#include <rte_ethdev.h>

#include "qlxge_contract.h"
#include "pmd_test.h"

#define NB_RXQ	4
#define NB_TXQ	2
#define RT_NICQ	2	/* routing type "NIC queue mask" as qlxge_sim_route_get() takes it */
#define RETA_SIZE	512	/* what the PMD reports (reta_size, hash_key_size) */
#define KEY_SIZE	40

static uint8_t test_key[40] = {
	1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
	21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
};

static struct rte_eth_conf
test_conf(void)
{
	struct rte_eth_conf conf = { 0 };

	conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_VLAN_FILTER | RTE_ETH_RX_OFFLOAD_VLAN_STRIP;
	conf.rx_adv_conf.rss_conf.rss_key = test_key;
	conf.rx_adv_conf.rss_conf.rss_key_len = sizeof(test_key);
	conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IPV4 | RTE_ETH_RSS_NONFRAG_IPV4_TCP |
					  RTE_ETH_RSS_IPV6 | RTE_ETH_RSS_NONFRAG_IPV6_TCP;
	return conf;
}

/* Each case: both ports of a fresh adapter, port 0 configured with RSS and VLAN and started. */
static int
setup_port(void **state)
{
	static unsigned int seq;
	static struct pmd_pair p;
	struct rte_eth_conf conf = test_conf();
	char name[16];

	snprintf(name, sizeof(name), "ops%u", seq++);
	if (pmd_pair_open(&p, name, true) != 0)
		return -1;
	if (pmd_configure(p.port[0], NB_RXQ, NB_TXQ, &conf) != 0 ||
	    rte_eth_dev_start(p.port[0]) != 0)
		return -1;
	*state = &p;
	return 0;
}

static int
teardown_port(void **state)
{
	pmd_pair_close(*state);
	return 0;
}

static void
route(struct pmd_pair *p, unsigned int slot, uint32_t *idx, uint32_t *mask)
{
	assert_int_equal(qlxge_sim_route_get(p->fn[0], RT_NICQ, slot, idx, mask), 0);
}

static bool
route_on(struct pmd_pair *p, unsigned int slot)
{
	uint32_t idx, mask;

	route(p, slot, &idx, &mask);
	return (idx & QLXGE_RT_IDX_E) != 0;
}

static void
cam(struct pmd_pair *p, unsigned int index, uint32_t *words)
{
	assert_int_equal(qlxge_sim_mac_table_get(p->ad, 0, index, words, 3), 0);
}

static void
test_ethdev_infos(void **state)
{
	struct pmd_pair *p = *state;
	struct rte_eth_dev_info info;

	assert_int_equal(rte_eth_dev_info_get(p->port[0], &info), 0);
	assert_string_equal(info.driver_name, "net_qlxge_sim");
	assert_int_equal(info.reta_size, 512);
	assert_int_equal(info.hash_key_size, 40);
	/* as ixgbe: max_mtu = max_rx_pktlen - (Ethernet header + CRC) */
	assert_int_equal(info.max_rx_pktlen, 9600);
	assert_int_equal(info.max_mtu, 9582);
	/* every speed the firmware's link-status word can report (§9.4), and no other */
	assert_int_equal(info.speed_capa, RTE_ETH_LINK_SPEED_10G | RTE_ETH_LINK_SPEED_1G |
			 RTE_ETH_LINK_SPEED_100M);
	assert_int_equal(info.rx_desc_lim.nb_align, 32);
	assert_true(info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_VLAN_FILTER);
	/* the data path's offloads; test_pmd_datapath.c proves each */
	assert_true(info.tx_offload_capa & RTE_ETH_TX_OFFLOAD_TCP_TSO);
	assert_int_equal(info.tx_desc_lim.nb_seg_max, 64);
	assert_true(info.dev_capa & RTE_ETH_DEV_CAPA_RUNTIME_RX_QUEUE_SETUP);
}

static void
test_ethdev_fw_version_link_ptypes(void **state)
{
	struct pmd_pair *p = *state;
	struct qlxge_sim_port_state st;
	struct rte_eth_dev_info info;
	struct rte_eth_link link;
	uint32_t ptypes[16];
	char buf[32], want[32];
	int n, i;
	bool v4 = false;

	assert_int_equal(qlxge_sim_port_state_get(p->fn[0], &st), 0);
	snprintf(want, sizeof(want), "%u.%u.%u", (st.fw_version >> 16) & 0xFF,
		 (st.fw_version >> 8) & 0xFF, st.fw_version & 0xFF);
	/* too small a buffer: the size needed, nothing else */
	assert_int_equal(rte_eth_dev_fw_version_get(p->port[0], buf, 2), strlen(want) + 1);
	assert_int_equal(rte_eth_dev_fw_version_get(p->port[0], buf, sizeof(buf)), 0);
	assert_string_equal(buf, want);

	assert_true(pmd_wait_link(p->port[0], true));
	assert_int_equal(rte_eth_link_get(p->port[0], &link), 0);
	assert_int_equal(link.link_speed, RTE_ETH_SPEED_NUM_10G);
	assert_int_equal(link.link_duplex, RTE_ETH_LINK_FULL_DUPLEX);
	/* what link_get reports is advertised in speed_capa */
	assert_int_equal(rte_eth_dev_info_get(p->port[0], &info), 0);
	assert_true(info.speed_capa & rte_eth_speed_bitflag(link.link_speed, link.link_duplex));

	n = rte_eth_dev_get_supported_ptypes(p->port[0], RTE_PTYPE_L3_MASK, ptypes, 16);
	assert_true(n > 0);
	for (i = 0; i < n; i++)
		v4 |= ptypes[i] == RTE_PTYPE_L3_IPV4_EXT_UNKNOWN;
	assert_true(v4);
}

/* dev_start programs §4.3: port config, CAM, routing, default CQ; dev_stop takes it away. */
static void
test_ethdev_start_stop_state(void **state)
{
	struct pmd_pair *p = *state;
	struct qlxge_sim_port_state st;
	struct qlxge_sim_counters c0, c1;
	struct rte_ether_addr mac;
	uint32_t w[3], idx, mask;

	assert_int_equal(qlxge_sim_port_state_get(p->fn[0], &st), 0);
	assert_true(st.function_enabled);
	assert_true(st.link_config & QLXGE_LINK_CFG_JUMBO);
	/* the MTU's max frame (1500 + 18) */
	assert_int_equal(st.max_frame, 1518);
	assert_int_equal(qlxge_sim_reg_read(p->fn[0], QLXGE_REG_NIC_RCV_CFG) &
			 QLXGE_NIC_RCV_CFG_DFQ_MASK, 0);

	assert_int_equal(rte_eth_macaddr_get(p->port[0], &mac), 0);
	cam(p, 0, w);
	assert_int_equal(w[0], qlxge_mac_word_lo(mac.addr_bytes));
	assert_int_equal(w[1], qlxge_mac_word_hi(mac.addr_bytes));
	assert_int_equal(w[2] & (QLXGE_CAM_OUT_ROUTE_NIC | QLXGE_CAM_OUT_FUNC_MASK |
				 QLXGE_CAM_OUT_CQ_ID_MASK), QLXGE_CAM_OUT_ROUTE_NIC);

	route(p, QLXGE_RT_SLOT_BCAST, &idx, &mask);
	assert_int_equal(idx & ~(QLXGE_RT_IDX_MW | QLXGE_RT_IDX_MR), 0x08320300);
	assert_int_equal(mask, QLXGE_RT_DATA_BCAST);
	route(p, QLXGE_RT_SLOT_CAM_HIT, &idx, &mask);
	assert_int_equal(idx & ~(QLXGE_RT_IDX_MW | QLXGE_RT_IDX_MR), 0x08120C00);
	assert_int_equal(mask, QLXGE_RT_DATA_CAM_HIT);
	assert_false(route_on(p, QLXGE_RT_SLOT_ALL_ERR));
	route(p, QLXGE_RT_SLOT_IP_CSUM_ERR, &idx, &mask);
	assert_int_equal(idx & ~(QLXGE_RT_IDX_MW | QLXGE_RT_IDX_MR), 0x08320100);
	assert_int_equal(mask, QLXGE_RT_DATA_IP_CSUM_ERR);
	route(p, QLXGE_RT_SLOT_TU_CSUM_ERR, &idx, &mask);
	assert_int_equal(idx & ~(QLXGE_RT_IDX_MW | QLXGE_RT_IDX_MR), 0x08320200);
	assert_int_equal(mask, QLXGE_RT_DATA_TU_CSUM_ERR);
	route(p, QLXGE_RT_SLOT_RSS_MATCH, &idx, &mask);
	assert_int_equal(idx & ~(QLXGE_RT_IDX_MW | QLXGE_RT_IDX_MR), 0x08020800);
	assert_false(route_on(p, QLXGE_RT_SLOT_PROMISC));
	/* the other function is untouched */
	assert_int_equal(qlxge_sim_route_get(p->fn[1], RT_NICQ, QLXGE_RT_SLOT_BCAST, &idx, &mask),
			 0);
	assert_false(idx & QLXGE_RT_IDX_E);

	assert_int_equal(rte_eth_dev_stop(p->port[0]), 0);
	assert_false(route_on(p, QLXGE_RT_SLOT_BCAST));
	assert_false(route_on(p, QLXGE_RT_SLOT_CAM_HIT));
	cam(p, 0, w);
	assert_int_equal(w[0] | w[1], 0);
	assert_int_equal(qlxge_sim_port_state_get(p->fn[0], &st), 0);
	assert_true(st.function_enabled);	/* firmware and link stay usable */
	/* a start loads one CQ ICB per RX queue, a CQ and a WQ ICB per TX queue, the RSS ICB */
	assert_int_equal(qlxge_sim_counters_get(p->fn[0], &c0), 0);
	assert_int_equal(rte_eth_dev_start(p->port[0]), 0);
	assert_int_equal(qlxge_sim_counters_get(p->fn[0], &c1), 0);
	assert_int_equal(c1.icb_loads - c0.icb_loads, NB_RXQ + 2 * NB_TXQ + 1);
	assert_int_equal(c1.icb_load_errors, 0);
	assert_true(route_on(p, QLXGE_RT_SLOT_BCAST));
}

static void
test_filter_promisc_allmulti(void **state)
{
	struct pmd_pair *p = *state;
	uint32_t idx, mask;

	assert_int_equal(rte_eth_promiscuous_enable(p->port[0]), 0);
	route(p, QLXGE_RT_SLOT_PROMISC, &idx, &mask);
	assert_int_equal(idx & ~(QLXGE_RT_IDX_MW | QLXGE_RT_IDX_MR), 0x08320F00);
	assert_int_equal(mask, QLXGE_RT_DATA_VALID);
	assert_int_equal(rte_eth_promiscuous_get(p->port[0]), 1);
	assert_int_equal(rte_eth_promiscuous_disable(p->port[0]), 0);
	assert_false(route_on(p, QLXGE_RT_SLOT_PROMISC));

	assert_int_equal(rte_eth_allmulticast_enable(p->port[0]), 0);
	route(p, QLXGE_RT_SLOT_ALLMULTI, &idx, &mask);
	assert_true(idx & QLXGE_RT_IDX_E);
	assert_int_equal(mask, QLXGE_RT_DATA_MCAST);
	assert_int_equal(rte_eth_allmulticast_disable(p->port[0]), 0);
	assert_false(route_on(p, QLXGE_RT_SLOT_ALLMULTI));

	/* set while stopped: applied at start */
	assert_int_equal(rte_eth_dev_stop(p->port[0]), 0);
	assert_int_equal(rte_eth_promiscuous_enable(p->port[0]), 0);
	assert_int_equal(rte_eth_dev_start(p->port[0]), 0);
	assert_true(route_on(p, QLXGE_RT_SLOT_PROMISC));
}

static void
test_filter_mac_addrs(void **state)
{
	struct pmd_pair *p = *state;
	struct rte_ether_addr a = { { 0x02, 0, 0, 0, 0, 0x09 } };
	struct rte_ether_addr b = { { 0x02, 0, 0, 0, 0, 0x0a } };
	struct rte_ether_addr zero = { { 0 } };
	struct rte_ether_addr mc = { { 0x01, 0, 0x5e, 0, 0, 1 } };
	uint32_t w[3];

	/* bad arguments change nothing */
	assert_int_equal(rte_eth_dev_mac_addr_add(p->port[0], &zero, 0), -EINVAL);
	assert_true(rte_eth_dev_mac_addr_add(p->port[0], &mc, 0) < 0);
	assert_int_equal(rte_eth_dev_default_mac_addr_set(p->port[0], &mc), -EINVAL);
	cam(p, 1, w);
	assert_int_equal(w[0] | w[1], 0);

	assert_int_equal(rte_eth_dev_mac_addr_add(p->port[0], &a, 0), 0);
	cam(p, 1, w);
	assert_int_equal(w[0], qlxge_mac_word_lo(a.addr_bytes));
	assert_int_equal(w[1], qlxge_mac_word_hi(a.addr_bytes));
	assert_true(w[2] & QLXGE_CAM_OUT_ROUTE_NIC);
	assert_int_equal(rte_eth_dev_mac_addr_remove(p->port[0], &a), 0);
	cam(p, 1, w);
	assert_int_equal(w[0] | w[1], 0);

	assert_int_equal(rte_eth_dev_default_mac_addr_set(p->port[0], &b), 0);
	cam(p, 0, w);
	assert_int_equal(w[0], qlxge_mac_word_lo(b.addr_bytes));
	/* function 1's CAM block is another 128 entries on */
	assert_int_equal(qlxge_sim_mac_table_get(p->ad, 0, 128, w, 3), 0);
	assert_int_not_equal(w[0], qlxge_mac_word_lo(b.addr_bytes));
}

static void
test_filter_mc_list(void **state)
{
	struct pmd_pair *p = *state;
	struct rte_ether_addr mc[17];
	struct rte_ether_addr uc = { { 0x02, 0, 0, 0, 0, 1 } };
	uint32_t w[2], idx, mask;
	unsigned int i;

	for (i = 0; i < RTE_DIM(mc); i++)
		mc[i] = (struct rte_ether_addr){ { 0x01, 0x00, 0x5e, 0, 1, (uint8_t)i } };
	assert_int_equal(rte_eth_dev_set_mc_addr_list(p->port[0], mc, 17), -ENOSPC);
	mc[16] = uc;
	assert_int_equal(rte_eth_dev_set_mc_addr_list(p->port[0], &mc[15], 2), -EINVAL);
	assert_false(route_on(p, QLXGE_RT_SLOT_MCAST_MATCH));

	assert_int_equal(rte_eth_dev_set_mc_addr_list(p->port[0], mc, 3), 0);
	for (i = 0; i < 3; i++) {
		assert_int_equal(qlxge_sim_mac_table_get(p->ad, 1, i, w, 2), 0);
		assert_int_equal(w[0], qlxge_mac_word_lo(mc[i].addr_bytes));
		assert_int_equal(w[1], qlxge_mac_word_hi(mc[i].addr_bytes));
	}
	route(p, QLXGE_RT_SLOT_MCAST_MATCH, &idx, &mask);
	assert_true(idx & QLXGE_RT_IDX_E);
	assert_int_equal(mask, QLXGE_RT_DATA_MCAST_MATCH);

	assert_int_equal(rte_eth_dev_set_mc_addr_list(p->port[0], NULL, 0), 0);
	assert_int_equal(qlxge_sim_mac_table_get(p->ad, 1, 0, w, 2), 0);
	assert_int_equal(w[0] | w[1], 0);
	assert_false(route_on(p, QLXGE_RT_SLOT_MCAST_MATCH));
}

static void
test_filter_vlan(void **state)
{
	struct pmd_pair *p = *state;
	uint32_t w[3], rcv;

	rcv = qlxge_sim_reg_read(p->fn[0], QLXGE_REG_NIC_RCV_CFG);
	assert_true(rcv & QLXGE_NIC_RCV_CFG_RV);
	assert_int_equal(rcv & QLXGE_NIC_RCV_CFG_VLAN_MASK, QLXGE_NIC_RCV_CFG_VLAN_MATCH_AND_NON);
	cam(p, 0, w);
	assert_true(w[2] & QLXGE_CAM_OUT_RV);

	assert_int_equal(rte_eth_dev_vlan_filter(p->port[0], 4096, 1), -EINVAL);
	assert_int_equal(rte_eth_dev_vlan_filter(p->port[0], 100, 1), 0);
	assert_int_equal(qlxge_sim_mac_table_get(p->ad, 2, 100, w, 1), 0);
	assert_int_equal(w[0] & 1, 1);
	assert_int_equal(rte_eth_dev_vlan_filter(p->port[0], 100, 0), 0);
	assert_int_equal(qlxge_sim_mac_table_get(p->ad, 2, 100, w, 1), 0);
	assert_int_equal(w[0] & 1, 0);

	/* strip and filter off */
	assert_int_equal(rte_eth_dev_set_vlan_offload(p->port[0], 0), 0);
	rcv = qlxge_sim_reg_read(p->fn[0], QLXGE_REG_NIC_RCV_CFG);
	assert_false(rcv & QLXGE_NIC_RCV_CFG_RV);
	assert_int_equal(rcv & QLXGE_NIC_RCV_CFG_VLAN_MASK, QLXGE_NIC_RCV_CFG_VLAN_ALL);
	cam(p, 0, w);
	assert_false(w[2] & QLXGE_CAM_OUT_RV);
	/* QinQ is not offered */
	assert_true(rte_eth_dev_set_vlan_offload(p->port[0], RTE_ETH_QINQ_STRIP_OFFLOAD) < 0);
}

static void
test_ethdev_mtu(void **state)
{
	struct pmd_pair *p = *state;
	struct qlxge_sim_port_state st;
	uint16_t mtu;

	assert_int_equal(rte_eth_dev_set_mtu(p->port[0], 9583), -EINVAL);
	assert_int_equal(rte_eth_dev_set_mtu(p->port[0], 10), -EINVAL);
	assert_int_equal(rte_eth_dev_get_mtu(p->port[0], &mtu), 0);
	assert_int_equal(mtu, RTE_ETHER_MTU);
	assert_int_equal(rte_eth_dev_stop(p->port[0]), 0);
	/* stopped: taken, and applied by the next start (the port keeps its max frame) */
	assert_int_equal(rte_eth_dev_set_mtu(p->port[0], 9582), 0);
	assert_int_equal(rte_eth_dev_get_mtu(p->port[0], &mtu), 0);
	assert_int_equal(mtu, 9582);
	assert_int_equal(qlxge_sim_port_state_get(p->fn[0], &st), 0);
	assert_int_equal(st.max_frame, 1518);
	assert_int_equal(rte_eth_dev_start(p->port[0]), 0);
	assert_int_equal(qlxge_sim_port_state_get(p->fn[0], &st), 0);
	assert_int_equal(st.max_frame, 9600);
	assert_true(st.link_config & QLXGE_LINK_CFG_JUMBO);
}

static void
test_rss_icb(void **state)
{
	struct pmd_pair *p = *state;
	struct rte_eth_rss_reta_entry64 reta[512 / RTE_ETH_RETA_GROUP_SIZE];
	struct rte_eth_rss_conf rc = { 0 };
	struct qlxge_rss_icb icb, before;
	uint8_t key[40], short_key[10] = { 0 };
	uint16_t flags;
	unsigned int i;

	assert_int_equal(qlxge_sim_rss_get(p->fn[0], &icb, sizeof(icb)), 0);
	flags = rte_le_to_cpu_16(icb.flags_base_cq);
	assert_int_equal(flags & 0x0F80, QLXGE_RSS_ICB_L4K | QLXGE_RSS_ICB_L6K |
			 QLXGE_RSS_ICB_LI | QLXGE_RSS_ICB_LB | QLXGE_RSS_ICB_LM);
	assert_int_equal(flags & 0xF000, QLXGE_RSS_ICB_RI4 | QLXGE_RSS_ICB_RT4 |
			 QLXGE_RSS_ICB_RI6 | QLXGE_RSS_ICB_RT6);
	assert_int_equal(flags & QLXGE_RSS_ICB_BASE_CQ_MASK, 0);
	assert_int_equal(rte_le_to_cpu_16(icb.mask), 0x3FF);
	for (i = 0; i < 1024; i++)
		assert_int_equal(icb.cq_id[i], (i % 512) % NB_RXQ);
	assert_memory_equal(icb.ipv6_hash_key, test_key, 40);
	assert_memory_equal(icb.ipv4_hash_key, test_key, 16);

	/* bad arguments: nothing reloaded */
	memset(reta, 0, sizeof(reta));
	reta[0].mask = 1;
	reta[0].reta[0] = NB_RXQ;
	assert_int_equal(rte_eth_dev_rss_reta_update(p->port[0], reta, 512), -EINVAL);
	assert_int_equal(rte_eth_dev_rss_reta_update(p->port[0], reta, 1024), -EINVAL);
	assert_int_equal(rte_eth_dev_rss_reta_query(p->port[0], reta, 128), -EINVAL);
	rc.rss_key = short_key;
	rc.rss_key_len = sizeof(short_key);
	rc.rss_hf = RTE_ETH_RSS_IPV4;
	assert_int_equal(rte_eth_dev_rss_hash_update(p->port[0], &rc), -EINVAL);
	rc.rss_key = NULL;
	rc.rss_hf = RTE_ETH_RSS_L2_PAYLOAD;
	assert_int_equal(rte_eth_dev_rss_hash_update(p->port[0], &rc), -EINVAL);
	assert_int_equal(qlxge_sim_rss_get(p->fn[0], &before, sizeof(before)), 0);
	assert_memory_equal(&before, &icb, sizeof(icb));

	/* entries 0-63 to queue 3: both halves of the card's table follow */
	reta[0].mask = UINT64_MAX;
	for (i = 0; i < RTE_ETH_RETA_GROUP_SIZE; i++)
		reta[0].reta[i] = 3;
	assert_int_equal(rte_eth_dev_rss_reta_update(p->port[0], reta, 512), 0);
	assert_int_equal(qlxge_sim_rss_get(p->fn[0], &icb, sizeof(icb)), 0);
	for (i = 0; i < 64; i++) {
		assert_int_equal(icb.cq_id[i], 3);
		assert_int_equal(icb.cq_id[512 + i], 3);
	}
	assert_int_equal(icb.cq_id[64], 64 % NB_RXQ);
	memset(reta, 0, sizeof(reta));
	reta[1].mask = UINT64_MAX;
	assert_int_equal(rte_eth_dev_rss_reta_query(p->port[0], reta, 512), 0);
	assert_int_equal(reta[1].reta[0], 64 % NB_RXQ);

	/* IPv4 addresses only, default key kept */
	rc.rss_hf = RTE_ETH_RSS_IPV4;
	assert_int_equal(rte_eth_dev_rss_hash_update(p->port[0], &rc), 0);
	assert_int_equal(qlxge_sim_rss_get(p->fn[0], &icb, sizeof(icb)), 0);
	flags = rte_le_to_cpu_16(icb.flags_base_cq);
	assert_int_equal(flags & 0xF000, QLXGE_RSS_ICB_RI4);
	memset(&rc, 0, sizeof(rc));
	rc.rss_key = key;
	rc.rss_key_len = sizeof(key);
	assert_int_equal(rte_eth_dev_rss_hash_conf_get(p->port[0], &rc), 0);
	assert_memory_equal(key, test_key, 40);
	assert_int_equal(rc.rss_hf, RTE_ETH_RSS_IPV4);
}

static void
test_ethdev_flow_ctrl(void **state)
{
	struct pmd_pair *p = *state;
	struct qlxge_sim_port_state st;
	struct rte_eth_fc_conf fc = { 0 };
	uint32_t initial;

	assert_int_equal(qlxge_sim_port_state_get(p->fn[0], &st), 0);
	initial = st.link_config;
	fc.mode = RTE_ETH_FC_RX_PAUSE;
	assert_int_equal(rte_eth_dev_flow_ctrl_set(p->port[0], &fc), -ENOTSUP);
	fc.mode = RTE_ETH_FC_FULL;
	fc.autoneg = 1;
	assert_int_equal(rte_eth_dev_flow_ctrl_set(p->port[0], &fc), -ENOTSUP);
	assert_int_equal(qlxge_sim_port_state_get(p->fn[0], &st), 0);
	assert_int_equal(st.link_config, initial);

	fc.autoneg = 0;
	assert_int_equal(rte_eth_dev_flow_ctrl_set(p->port[0], &fc), 0);
	assert_int_equal(qlxge_sim_port_state_get(p->fn[0], &st), 0);
	assert_true(st.link_config & QLXGE_LINK_CFG_PAUSE_STD);
	assert_true(st.link_config & QLXGE_LINK_CFG_JUMBO);
	/* the max frame the MTU set is kept */
	assert_int_equal(st.max_frame, 1518);
	memset(&fc, 0, sizeof(fc));
	assert_int_equal(rte_eth_dev_flow_ctrl_get(p->port[0], &fc), 0);
	assert_int_equal(fc.mode, RTE_ETH_FC_FULL);
	fc.mode = RTE_ETH_FC_NONE;
	assert_int_equal(rte_eth_dev_flow_ctrl_set(p->port[0], &fc), 0);
	assert_int_equal(qlxge_sim_port_state_get(p->fn[0], &st), 0);
	assert_false(st.link_config & QLXGE_LINK_CFG_PAUSE_MASK);
}

static void
test_ethdev_led(void **state)
{
	struct pmd_pair *p = *state;
	struct qlxge_sim_port_state st;
	uint32_t saved;

	assert_int_equal(qlxge_sim_port_state_get(p->fn[0], &st), 0);
	saved = st.led_config;
	assert_int_equal(rte_eth_led_on(p->port[0]), 0);
	assert_int_equal(qlxge_sim_port_state_get(p->fn[0], &st), 0);
	assert_int_equal(st.led_config, QLXGE_LED_BLINK_PATTERN);
	assert_int_equal(rte_eth_led_off(p->port[0]), 0);
	assert_int_equal(qlxge_sim_port_state_get(p->fn[0], &st), 0);
	assert_int_equal(st.led_config, saved);
}

static uint64_t
xstat_by_name(const struct rte_eth_xstat *xs, const struct rte_eth_xstat_name *names, int n,
	      const char *name)
{
	int i, k;

	for (i = 0; i < n; i++)
		if (strcmp(names[i].name, name) == 0)
			for (k = 0; k < n; k++)
				if (xs[k].id == (uint64_t)i)
					return xs[k].value;
	fail_msg("no xstat %s", name);
	return 0;
}

static void
test_stats_xstats_agree(void **state)
{
	struct pmd_pair *p = *state;
	struct rte_eth_xstat_name *names;
	struct rte_eth_xstat *xs;
	struct rte_eth_stats st;
	int n, i;

	n = rte_eth_xstats_get_names(p->port[0], NULL, 0);
	assert_true(n > 20);
	names = calloc(n, sizeof(*names));
	xs = calloc(n, sizeof(*xs));
	assert_int_equal(rte_eth_xstats_get_names(p->port[0], names, n), n);
	assert_int_equal(rte_eth_stats_get(p->port[0], &st), 0);
	assert_int_equal(rte_eth_xstats_get(p->port[0], xs, n), n);
	assert_int_equal(xstat_by_name(xs, names, n, "rx_good_packets"), st.ipackets);
	assert_int_equal(xstat_by_name(xs, names, n, "rx_good_bytes"), st.ibytes);
	assert_int_equal(xstat_by_name(xs, names, n, "tx_good_packets"), st.opackets);
	assert_int_equal(xstat_by_name(xs, names, n, "rx_missed_errors"), st.imissed);
	assert_int_equal(xstat_by_name(xs, names, n, "rx_errors"), st.ierrors);
	(void)xstat_by_name(xs, names, n, "rx_crc_errors");
	(void)xstat_by_name(xs, names, n, "rx_size_64_packets");
	/* names are unique */
	for (i = 1; i < n; i++)
		assert_string_not_equal(names[i].name, names[i - 1].name);
	assert_int_equal(rte_eth_stats_reset(p->port[0]), 0);
	assert_int_equal(rte_eth_xstats_reset(p->port[0]), 0);
	assert_int_equal(rte_eth_stats_get(p->port[0], &st), 0);
	assert_int_equal(st.ipackets + st.opackets + st.ierrors, 0);
	assert_int_equal(rte_eth_xstats_get(p->port[0], xs, n), n);
	for (i = 0; i < n; i++)
		assert_int_equal(xs[i].value, 0);
	free(names);
	free(xs);
}

static void
test_ethdev_get_reg(void **state)
{
	struct pmd_pair *p = *state;
	struct rte_dev_reg_info info = { 0 };
	uint32_t regs[64];

	assert_int_equal(rte_eth_dev_get_reg_info(p->port[0], &info), 0);
	assert_int_equal(info.length, 64);
	assert_int_equal(info.width, 4);
	info.data = regs;
	info.length = 10;
	assert_int_equal(rte_eth_dev_get_reg_info(p->port[0], &info), -ENOTSUP);
	info.length = 0;
	assert_int_equal(rte_eth_dev_get_reg_info(p->port[0], &info), 0);
	/* STS names function 0, FSC has the function enabled */
	assert_int_equal(regs[QLXGE_REG_STS / 4] & QLXGE_STS_FUNC_ID_MASK, 0);
	assert_true(regs[QLXGE_REG_FSC / 4] & QLXGE_FSC_FE);
}

static void
test_queue_ops(void **state)
{
	struct pmd_pair *p = *state;
	struct rte_eth_conf conf = test_conf();
	struct rte_eth_rxconf rxc = { .rx_deferred_start = 1 };
	struct rte_eth_txconf txc = { .tx_deferred_start = 1 };
	struct rte_eth_rxq_info rqi;
	struct rte_eth_txq_info tqi;

	/* bad descriptor counts and queue ids */
	assert_int_equal(rte_eth_dev_stop(p->port[0]), 0);
	assert_int_equal(rte_eth_rx_queue_setup(p->port[0], 0, 100, SOCKET_ID_ANY, NULL,
						pmd_pool()), -EINVAL);
	assert_int_equal(rte_eth_rx_queue_setup(p->port[0], 0, 8192, SOCKET_ID_ANY, NULL,
						pmd_pool()), -EINVAL);
	assert_int_equal(rte_eth_tx_queue_setup(p->port[0], NB_TXQ, 128, SOCKET_ID_ANY, NULL),
			 -EINVAL);

	/* deferred start */
	assert_int_equal(rte_eth_dev_configure(p->port[0], NB_RXQ, NB_TXQ, &conf), 0);
	assert_int_equal(rte_eth_rx_queue_setup(p->port[0], 1, 256, SOCKET_ID_ANY, &rxc,
						pmd_pool()), 0);
	assert_int_equal(rte_eth_tx_queue_setup(p->port[0], 1, 256, SOCKET_ID_ANY, &txc), 0);
	assert_int_equal(rte_eth_dev_start(p->port[0]), 0);
	assert_int_equal(rte_eth_rx_queue_info_get(p->port[0], 1, &rqi), 0);
	assert_int_equal(rqi.queue_state, RTE_ETH_QUEUE_STATE_STOPPED);
	assert_int_equal(rqi.nb_desc, 256);
	assert_true(rqi.conf.rx_deferred_start);
	assert_int_equal(rte_eth_tx_queue_info_get(p->port[0], 1, &tqi), 0);
	assert_int_equal(tqi.queue_state, RTE_ETH_QUEUE_STATE_STOPPED);
	assert_int_equal(rte_eth_dev_rx_queue_start(p->port[0], 1), 0);
	assert_int_equal(rte_eth_dev_tx_queue_start(p->port[0], 1), 0);
	assert_int_equal(rte_eth_rx_queue_info_get(p->port[0], 1, &rqi), 0);
	assert_int_equal(rqi.queue_state, RTE_ETH_QUEUE_STATE_STARTED);
	/* buffers posted: the queue holds 256 mbufs */
	assert_true(rte_mempool_in_use_count(pmd_pool()) >= 256);
	assert_int_equal(rte_eth_dev_rx_queue_stop(p->port[0], 1), 0);
	assert_int_equal(rte_eth_dev_tx_queue_stop(p->port[0], 1), 0);

	/* runtime setup of a stopped queue of a started port */
	assert_int_equal(rte_eth_rx_queue_setup(p->port[0], 1, 64, SOCKET_ID_ANY, NULL,
						pmd_pool()), 0);
	assert_int_equal(rte_eth_tx_queue_setup(p->port[0], 1, 64, SOCKET_ID_ANY, NULL), 0);
	assert_int_equal(rte_eth_dev_rx_queue_start(p->port[0], 1), 0);
	assert_int_equal(rte_eth_dev_tx_queue_start(p->port[0], 1), 0);
	assert_int_equal(rte_eth_rx_queue_info_get(p->port[0], 1, &rqi), 0);
	assert_int_equal(rqi.nb_desc, 64);
	/* the bursts are in place and take nothing yet */
	assert_int_equal(rte_eth_tx_burst(p->port[0], 0, NULL, 0), 0);
}

static void
test_ethdev_configure_errors(void **state)
{
	struct pmd_pair *p = *state;
	struct rte_eth_conf conf = test_conf();

	assert_int_equal(rte_eth_dev_stop(p->port[0]), 0);
	conf.rxmode.mq_mode = RTE_ETH_MQ_RX_VMDQ_ONLY;
	assert_true(rte_eth_dev_configure(p->port[0], NB_RXQ, NB_TXQ, &conf) < 0);
	conf = test_conf();
	conf.txmode.mq_mode = RTE_ETH_MQ_TX_DCB;
	assert_true(rte_eth_dev_configure(p->port[0], NB_RXQ, NB_TXQ, &conf) < 0);
	conf = test_conf();
	assert_true(rte_eth_dev_configure(p->port[0], 33, NB_TXQ, &conf) < 0);
	assert_true(rte_eth_dev_configure(p->port[0], NB_RXQ, 33, &conf) < 0);
	conf.rx_adv_conf.rss_conf.rss_key_len = 20;
	assert_true(rte_eth_dev_configure(p->port[0], NB_RXQ, NB_TXQ, &conf) < 0);
	conf = test_conf();
	conf.rxmode.mtu = 9583;
	assert_true(rte_eth_dev_configure(p->port[0], NB_RXQ, NB_TXQ, &conf) < 0);
	/* a good configuration still works after all that */
	assert_int_equal(pmd_configure(p->port[0], NB_RXQ, NB_TXQ, NULL), 0);
	assert_int_equal(rte_eth_dev_start(p->port[0]), 0);
	/*
	 * NB_RXQ queues but no RSS asked for (mq_mode none): the RSS slot stays off. Checked while
	 * started: a stopped port has every slot cleared by the function reset anyway.
	 */
	assert_false(route_on(p, QLXGE_RT_SLOT_RSS_MATCH));
	assert_int_equal(rte_eth_dev_stop(p->port[0]), 0);
}

/* ---- cases on ports of their own --------------------------------------------------------- */

/*
 * As ixgbe: a started port takes a new MTU at once (the port's max frame follows) unless its
 * frames need scattered RX the started burst does not do (-EINVAL); stopped, it takes any, and
 * start scatters for it.
 */
static void
test_ethdev_mtu_on_started_port(void **state)
{
	struct rte_mempool *wp = pmd_watch_pool();
	struct qlxge_sim_port_state st;
	struct rte_eth_rxq_info qi;
	struct pmd_pair p;
	uint16_t mtu;
	char *log;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "opsmtu", false), 0);
	assert_int_equal(pmd_configure(p.port[0], 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	pmd_log_begin();
	assert_int_equal(rte_eth_dev_set_mtu(p.port[0], 9000), -EINVAL);
	log = pmd_log_end();
	assert_non_null(strstr(log, "stop the port, set the MTU, start it"));
	free(log);
	assert_int_equal(rte_eth_dev_get_mtu(p.port[0], &mtu), 0);
	assert_int_equal(mtu, RTE_ETHER_MTU);
	assert_int_equal(qlxge_sim_port_state_get(p.fn[0], &st), 0);
	assert_int_equal(st.max_frame, 1518);
	/* 2030 + 18 bytes fit the 2 KiB buffers: taken while running */
	assert_int_equal(rte_eth_dev_set_mtu(p.port[0], 2030), 0);
	assert_int_equal(qlxge_sim_port_state_get(p.fn[0], &st), 0);
	assert_int_equal(st.max_frame, 2048);
	assert_true(pmd_wait_link(p.port[0], true));
	assert_int_equal(pmd_loop_frames(p.port[0], wp, 3, 2030 + 14), 3);
	assert_int_equal(rte_eth_dev_set_mtu(p.port[0], RTE_ETHER_MTU), 0);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	/*
	 * Stopped, it is taken, and the next start uses it: 9000 bytes do not fit the pool's
	 * 2 KiB buffers, so scattered RX is switched on, and the log says so.
	 */
	assert_int_equal(rte_eth_dev_set_mtu(p.port[0], 9000), 0);
	pmd_log_begin();
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	log = pmd_log_end();
	assert_non_null(strstr(log, "scattered RX enabled"));
	free(log);
	assert_int_equal(rte_eth_rx_queue_info_get(p.port[0], 0, &qi), 0);
	assert_int_equal(qi.scattered_rx, 1);
	assert_true(pmd_wait_link(p.port[0], true));
	assert_int_equal(pmd_loop_frames(p.port[0], wp, 3, 4000), 3);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	pmd_pair_close(&p);
}

static bool
vlan_enabled(struct pmd_pair *p, uint16_t vid)
{
	uint32_t w = 0;

	assert_int_equal(qlxge_sim_mac_table_get(p->ad, 2, vid, &w, 1), 0);
	return (w & 1) != 0;
}

/* The VLAN table both ports share: an entry stays while a port uses it, at close too. */
static void
test_filter_vlan_shared_by_ports(void **state)
{
	struct rte_eth_conf conf = { 0 };
	struct pmd_pair p;
	unsigned int f;

	(void)state;
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_VLAN_FILTER;
	assert_int_equal(pmd_pair_open(&p, "opsvlan", true), 0);
	for (f = 0; f < 2; f++)
		assert_int_equal(pmd_configure(p.port[f], 1, 1, &conf), 0);
	/* one port turning a VLAN off leaves it on for the other */
	assert_int_equal(rte_eth_dev_vlan_filter(p.port[0], 100, 1), 0);
	assert_int_equal(rte_eth_dev_vlan_filter(p.port[1], 100, 1), 0);
	assert_int_equal(rte_eth_dev_vlan_filter(p.port[0], 100, 0), 0);
	assert_true(vlan_enabled(&p, 100));
	assert_int_equal(rte_eth_dev_vlan_filter(p.port[1], 100, 0), 0);
	assert_false(vlan_enabled(&p, 100));
	/* closing a port keeps what the other uses and clears what only it used */
	assert_int_equal(rte_eth_dev_vlan_filter(p.port[0], 200, 1), 0);
	assert_int_equal(rte_eth_dev_vlan_filter(p.port[1], 200, 1), 0);
	assert_int_equal(rte_eth_dev_vlan_filter(p.port[0], 300, 1), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	assert_true(vlan_enabled(&p, 200));
	assert_false(vlan_enabled(&p, 300));
	assert_int_equal(rte_eth_dev_close(p.port[1]), 0);
	assert_false(vlan_enabled(&p, 200));
	pmd_pair_close(&p);
}

/*
 * A write the hardware refuses (semaphores held elsewhere) changes nothing: the multicast list,
 * the RSS key and hash types and the redirection table keep their old values, in the port and
 * in the device after a restart.
 */
static void
test_ethdev_failed_write_keeps_state(void **state)
{
	struct rte_eth_conf conf = { 0 };
	struct rte_eth_rss_reta_entry64 reta[RETA_SIZE / RTE_ETH_RETA_GROUP_SIZE];
	struct rte_eth_rss_reta_entry64 back[RETA_SIZE / RTE_ETH_RETA_GROUP_SIZE];
	struct rte_ether_addr mc[2] = {
		{ .addr_bytes = { 0x01, 0x00, 0x5e, 0x00, 0x00, 0x01 } },
		{ .addr_bytes = { 0x01, 0x00, 0x5e, 0x00, 0x00, 0x02 } },
	};
	uint8_t key[KEY_SIZE], got_key[KEY_SIZE];
	struct rte_eth_rss_conf rc = { 0 }, gc = { 0 };
	struct pmd_pair p;
	uint32_t w[2];
	unsigned int i;

	(void)state;
	conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
	conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IPV4;
	assert_int_equal(pmd_pair_open(&p, "opsfail", false), 0);
	assert_int_equal(pmd_configure(p.port[0], 4, 1, &conf), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_set_mc_addr_list(p.port[0], &mc[0], 1), 0);

	/* the MAC address and ICB semaphores held elsewhere: every write of these ops fails */
	assert_int_equal(qlxge_sim_fault_set(p.fn[0], QLXGE_SIM_FAULT_SEM_HELD,
					     (1u << (QLXGE_SEM_MAC_ADDR_SHIFT / 2)) |
					     (1u << (QLXGE_SEM_ICB_SHIFT / 2))), 0);
	assert_int_not_equal(rte_eth_dev_set_mc_addr_list(p.port[0], &mc[1], 1), 0);
	memset(key, 0xa5, sizeof(key));
	rc.rss_key = key;
	rc.rss_key_len = sizeof(key);
	rc.rss_hf = RTE_ETH_RSS_NONFRAG_IPV4_TCP;
	assert_int_not_equal(rte_eth_dev_rss_hash_update(p.port[0], &rc), 0);
	memset(reta, 0, sizeof(reta));
	for (i = 0; i < RTE_DIM(reta); i++) {
		reta[i].mask = UINT64_MAX;
		memset(reta[i].reta, 0, sizeof(reta[i].reta));
		reta[i].reta[0] = 3;
	}
	assert_int_not_equal(rte_eth_dev_rss_reta_update(p.port[0], reta, RETA_SIZE), 0);
	assert_int_equal(qlxge_sim_fault_set(p.fn[0], QLXGE_SIM_FAULT_SEM_HELD, 0), 0);

	/* the kept state is the old one */
	gc.rss_key = got_key;
	gc.rss_key_len = sizeof(got_key);
	assert_int_equal(rte_eth_dev_rss_hash_conf_get(p.port[0], &gc), 0);
	assert_int_equal(gc.rss_hf, RTE_ETH_RSS_IPV4);
	assert_memory_not_equal(got_key, key, sizeof(key));
	memset(back, 0, sizeof(back));
	for (i = 0; i < RTE_DIM(back); i++)
		back[i].mask = UINT64_MAX;
	assert_int_equal(rte_eth_dev_rss_reta_query(p.port[0], back, RETA_SIZE), 0);
	for (i = 0; i < RETA_SIZE; i++) {
		const struct rte_eth_rss_reta_entry64 *g = &back[i / RTE_ETH_RETA_GROUP_SIZE];

		assert_int_equal(g->reta[i % RTE_ETH_RETA_GROUP_SIZE], i % 4);
	}
	/* a restart programs the multicast list kept: the old one */
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_int_equal(qlxge_sim_mac_table_get(p.ad, 1, 0, w, 2), 0);
	assert_int_equal(w[0] & 0xFFFF, 0x0001);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	pmd_pair_close(&p);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup_port, teardown_port)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_ethdev_configure_errors),
		T(test_ethdev_infos),
		T(test_ethdev_fw_version_link_ptypes),
		T(test_ethdev_start_stop_state),
		T(test_filter_promisc_allmulti),
		T(test_filter_mac_addrs),
		T(test_filter_mc_list),
		T(test_filter_vlan),
		T(test_ethdev_mtu),
		T(test_rss_icb),
		T(test_ethdev_flow_ctrl),
		T(test_ethdev_led),
		T(test_stats_xstats_agree),
		T(test_ethdev_get_reg),
		T(test_queue_ops),
		cmocka_unit_test(test_ethdev_mtu_on_started_port),
		cmocka_unit_test(test_filter_vlan_shared_by_ports),
		cmocka_unit_test(test_ethdev_failed_write_keeps_state),
	};

	return cmocka_run_group_tests_name("pmd_ops", tests, pmd_setup_suite, pmd_teardown_suite);
}
