/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Receive filtering of the qlxge PMD (fact sheet §12, §2.15): unicast MACs in the CAM,
 * multicast entries, the VLAN table and mode, tag stripping, and the NIC-queue routing slots
 * (broadcast, multicast match, all-multicast, RSS, CAM hit, promiscuous, errors dropped).
 *
 * Function reset clears the routing slots, so routing and CAM are programmed at dev_start from
 * dev->data (MACs, promiscuous, all-multicast) and from our copies (multicast list, VLANs); an op
 * on a stopped port only updates that state. Table placement (our choices, §12.1 gives none for
 * two functions): CAM entries func x 128 + MAC index; multicast entries port x 16 + i of the
 * shared 32; VLAN entries are one table shared by both ports.
 * Error routing, multicast mask and CAM-hit destination follow docs/hardware-notes.md #8-#10.
 */

#include <errno.h>
#include <string.h>

#include <rte_common.h>
#include <rte_ether.h>

#include "qlxge_regs.h"
#include "qlxge_ethdev.h"
#include "qlxge_log.h"

static int
qlxge_filter_cam_write(struct rte_eth_dev *dev, uint32_t index,
		       const struct rte_ether_addr *addr)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct qlxge_hw *hw = &ad->hw;
	uint32_t words[QLXGE_CAM_WORDS] = { 0 };

	if (addr != NULL && !rte_is_zero_ether_addr(addr)) {
		words[QLXGE_CAM_WORD_ADDR_LO] = qlxge_mac_word_lo(addr->addr_bytes);
		words[QLXGE_CAM_WORD_ADDR_HI] = qlxge_mac_word_hi(addr->addr_bytes);
		words[QLXGE_CAM_WORD_OUTPUT] = QLXGE_CAM_OUT_ROUTE_NIC |
			qlxge_field_prep(QLXGE_CAM_OUT_FUNC_MASK, QLXGE_CAM_OUT_FUNC_SHIFT,
					 hw->func) |
			qlxge_field_prep(QLXGE_CAM_OUT_CQ_ID_MASK, QLXGE_CAM_OUT_CQ_ID_SHIFT, 0) |
			(ad->vlan_strip ? QLXGE_CAM_OUT_RV : 0);
	}
	return qlxge_hw_mac_table_write(hw, QLXGE_MAC_ADDR_TYPE_CAM_MAC,
					hw->func * QLXGE_CAM_ENTRIES_PER_FUNC + index,
					words, QLXGE_CAM_WORDS, false);
}

static int
qlxge_filter_mc_write(struct rte_eth_dev *dev, uint32_t i, const struct rte_ether_addr *addr)
{
	struct qlxge_hw *hw = QLXGE_DEV_HW(dev);
	uint32_t words[QLXGE_MCAST_WORDS] = { 0 };

	if (addr != NULL) {
		words[0] = qlxge_mac_word_lo(addr->addr_bytes);
		words[1] = qlxge_mac_word_hi(addr->addr_bytes);
	}
	return qlxge_hw_mac_table_write(hw, QLXGE_MAC_ADDR_TYPE_MULTI_MAC,
					hw->port * QLXGE_MAX_MC_ADDRS + i, words,
					QLXGE_MCAST_WORDS, addr != NULL);
}

static int
qlxge_filter_route(struct rte_eth_dev *dev, unsigned int slot, uint32_t dst, uint32_t mask,
		   bool on)
{
	return qlxge_hw_route_write(QLXGE_DEV_HW(dev), slot, dst, mask, on);
}

static int
qlxge_filter_mc_apply(struct rte_eth_dev *dev, uint32_t old_count)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint32_t i;
	int ret = 0;

	for (i = 0; i < RTE_MAX(old_count, ad->nb_mc_addrs) && ret == 0; i++)
		ret = qlxge_filter_mc_write(dev, i, i < ad->nb_mc_addrs ? &ad->mc_addrs[i] : NULL);
	if (ret == 0)
		ret = qlxge_filter_route(dev, QLXGE_RT_SLOT_MCAST_MATCH, QLXGE_RT_IDX_DST_DFLT_Q,
					 QLXGE_RT_DATA_MCAST_MATCH, ad->nb_mc_addrs != 0);
	return ret;
}

/* §2.15: VLAN acceptance (all, or matching tags plus untagged) and tag stripping. */
static void
qlxge_filter_vlan_mode(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);

	qlxge_hw_rcv_vlan_cfg(&ad->hw, ad->vlan_filter ? QLXGE_NIC_RCV_CFG_VLAN_MATCH_AND_NON :
			      QLXGE_NIC_RCV_CFG_VLAN_ALL, ad->vlan_strip);
}

static int
qlxge_filter_cam_all(struct rte_eth_dev *dev)
{
	uint32_t i;
	int ret;

	for (i = 0; i < QLXGE_MAX_MAC_ADDRS; i++) {
		if (rte_is_zero_ether_addr(&dev->data->mac_addrs[i]))
			continue;
		ret = qlxge_filter_cam_write(dev, i, &dev->data->mac_addrs[i]);
		if (ret != 0)
			return ret;
	}
	return 0;
}

/*
 * Everything a started port filters with, §12.3 "slots programmed at bring-up": checksum-error
 * frames to the default queue (Linux slots 1/2: DPDK wants them delivered and flagged; slot 0
 * stays clear, docs/hardware-notes.md #10), broadcast, CAM hits (Linux: to the CAM's queue),
 * multicast match, all-multicast and promiscuous as configured; RSS (slot 8) is qlxge_rss.c's.
 */
int
qlxge_filter_start(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint16_t vid;
	int ret;

	ret = qlxge_filter_cam_all(dev);
	if (ret == 0)
		ret = qlxge_filter_mc_apply(dev, 0);
	for (vid = 0; vid <= RTE_ETH_VLAN_ID_MAX && ret == 0; vid++)
		if ((ad->vlans[vid / 64] >> (vid % 64)) & 1)
			ret = qlxge_hw_mac_table_write(&ad->hw, QLXGE_MAC_ADDR_TYPE_VLAN, vid,
						       NULL, 0, true);
	if (ret != 0)
		return ret;
	qlxge_filter_vlan_mode(dev);
	ret = qlxge_filter_route(dev, QLXGE_RT_SLOT_IP_CSUM_ERR, QLXGE_RT_IDX_DST_DFLT_Q,
				 QLXGE_RT_DATA_IP_CSUM_ERR, true);
	if (ret == 0)
		ret = qlxge_filter_route(dev, QLXGE_RT_SLOT_TU_CSUM_ERR, QLXGE_RT_IDX_DST_DFLT_Q,
					 QLXGE_RT_DATA_TU_CSUM_ERR, true);
	if (ret == 0)
		ret = qlxge_filter_route(dev, QLXGE_RT_SLOT_BCAST, QLXGE_RT_IDX_DST_DFLT_Q,
					 QLXGE_RT_DATA_BCAST, true);
	if (ret == 0)
		ret = qlxge_filter_route(dev, QLXGE_RT_SLOT_ALLMULTI, QLXGE_RT_IDX_DST_DFLT_Q,
					 QLXGE_RT_DATA_MCAST, dev->data->all_multicast != 0);
	if (ret == 0)
		ret = qlxge_filter_route(dev, QLXGE_RT_SLOT_CAM_HIT, QLXGE_RT_IDX_DST_CAM_Q,
					 QLXGE_RT_DATA_CAM_HIT, true);
	if (ret == 0)
		ret = qlxge_filter_route(dev, QLXGE_RT_SLOT_PROMISC, QLXGE_RT_IDX_DST_DFLT_Q,
					 QLXGE_RT_DATA_VALID, dev->data->promiscuous != 0);
	return ret;
}

/* Linux clears its CAM MAC at close (the CAM survives a function reset); so do we. */
void
qlxge_filter_stop(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint32_t i;

	for (i = 0; i < QLXGE_MAX_MAC_ADDRS; i++)
		if (!rte_is_zero_ether_addr(&dev->data->mac_addrs[i]))
			(void)qlxge_filter_cam_write(dev, i, NULL);
	for (i = 0; i < ad->nb_mc_addrs; i++)
		(void)qlxge_filter_mc_write(dev, i, NULL);
}

/* The VLAN entries this port enabled are removed when it closes. */
void
qlxge_filter_close(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint16_t vid;

	for (vid = 0; vid <= RTE_ETH_VLAN_ID_MAX; vid++)
		if ((ad->vlans[vid / 64] >> (vid % 64)) & 1)
			(void)qlxge_hw_mac_table_write(&ad->hw, QLXGE_MAC_ADDR_TYPE_VLAN, vid,
						       NULL, 0, false);
	memset(ad->vlans, 0, sizeof(ad->vlans));
}

int
qlxge_promiscuous_enable(struct rte_eth_dev *dev)
{
	if (!QLXGE_DEV_PRIVATE(dev)->started)
		return 0;
	return qlxge_filter_route(dev, QLXGE_RT_SLOT_PROMISC, QLXGE_RT_IDX_DST_DFLT_Q,
				  QLXGE_RT_DATA_VALID, true);
}

int
qlxge_promiscuous_disable(struct rte_eth_dev *dev)
{
	if (!QLXGE_DEV_PRIVATE(dev)->started)
		return 0;
	return qlxge_filter_route(dev, QLXGE_RT_SLOT_PROMISC, 0, 0, false);
}

int
qlxge_allmulticast_enable(struct rte_eth_dev *dev)
{
	if (!QLXGE_DEV_PRIVATE(dev)->started)
		return 0;
	return qlxge_filter_route(dev, QLXGE_RT_SLOT_ALLMULTI, QLXGE_RT_IDX_DST_DFLT_Q,
				  QLXGE_RT_DATA_MCAST, true);
}

int
qlxge_allmulticast_disable(struct rte_eth_dev *dev)
{
	if (!QLXGE_DEV_PRIVATE(dev)->started)
		return 0;
	return qlxge_filter_route(dev, QLXGE_RT_SLOT_ALLMULTI, 0, 0, false);
}

int
qlxge_mac_addr_add(struct rte_eth_dev *dev, struct rte_ether_addr *addr, uint32_t index,
		   uint32_t pool)
{
	if (index >= QLXGE_MAX_MAC_ADDRS || pool != 0 || !rte_is_unicast_ether_addr(addr))
		return -EINVAL;
	if (!QLXGE_DEV_PRIVATE(dev)->started)
		return 0;
	return qlxge_filter_cam_write(dev, index, addr);
}

void
qlxge_mac_addr_remove(struct rte_eth_dev *dev, uint32_t index)
{
	if (index >= QLXGE_MAX_MAC_ADDRS || !QLXGE_DEV_PRIVATE(dev)->started)
		return;
	if (qlxge_filter_cam_write(dev, index, NULL) != 0)
		QLXGE_DRV_LOG(ERR, "port %u: CAM entry %u not cleared", dev->data->port_id, index);
}

int
qlxge_mac_addr_set(struct rte_eth_dev *dev, struct rte_ether_addr *addr)
{
	if (!rte_is_valid_assigned_ether_addr(addr))
		return -EINVAL;
	if (!QLXGE_DEV_PRIVATE(dev)->started)
		return 0;
	return qlxge_filter_cam_write(dev, 0, addr);
}

int
qlxge_set_mc_addr_list(struct rte_eth_dev *dev, struct rte_ether_addr *mc_addrs,
		       uint32_t nb_mc_addrs)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint32_t old = ad->nb_mc_addrs;
	uint32_t i;

	if (nb_mc_addrs > QLXGE_MAX_MC_ADDRS) {
		QLXGE_DRV_LOG(ERR, "port %u: %u multicast addresses, at most %u",
			      dev->data->port_id, nb_mc_addrs, QLXGE_MAX_MC_ADDRS);
		return -ENOSPC;
	}
	for (i = 0; i < nb_mc_addrs; i++)
		if (!rte_is_multicast_ether_addr(&mc_addrs[i]))
			return -EINVAL;
	for (i = 0; i < nb_mc_addrs; i++)
		ad->mc_addrs[i] = mc_addrs[i];
	ad->nb_mc_addrs = nb_mc_addrs;
	if (!ad->started)
		return 0;
	return qlxge_filter_mc_apply(dev, old);
}

/* §12.1 VLAN entry: one index write with E set or clear; the table is shared by the ports. */
int
qlxge_vlan_filter_set(struct rte_eth_dev *dev, uint16_t vlan_id, int on)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	int ret;

	if (vlan_id > RTE_ETH_VLAN_ID_MAX)
		return -EINVAL;
	ret = qlxge_hw_mac_table_write(&ad->hw, QLXGE_MAC_ADDR_TYPE_VLAN, vlan_id, NULL, 0,
				       on != 0);
	if (ret != 0)
		return ret;
	if (on)
		ad->vlans[vlan_id / 64] |= UINT64_C(1) << (vlan_id % 64);
	else
		ad->vlans[vlan_id / 64] &= ~(UINT64_C(1) << (vlan_id % 64));
	return 0;
}

int
qlxge_vlan_offload_set(struct rte_eth_dev *dev, int mask)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint64_t offloads = dev->data->dev_conf.rxmode.offloads;
	bool strip = (offloads & RTE_ETH_RX_OFFLOAD_VLAN_STRIP) != 0;

	if ((mask & RTE_ETH_QINQ_STRIP_MASK) != 0 ||
	    (offloads & RTE_ETH_RX_OFFLOAD_VLAN_EXTEND) != 0)
		return -ENOTSUP;
	ad->vlan_filter = (offloads & RTE_ETH_RX_OFFLOAD_VLAN_FILTER) != 0;
	if (strip != ad->vlan_strip) {
		ad->vlan_strip = strip;
		/* CAM entries carry RV too (§12.1): rewrite them */
		if (ad->started && qlxge_filter_cam_all(dev) != 0)
			return -EIO;
	}
	if (ad->started)
		qlxge_filter_vlan_mode(dev);
	return 0;
}
