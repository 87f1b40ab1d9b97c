/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Receive routing and the address-filter tables (§12, §2.15): the NIC-queue routing slots by
 * purpose (§12.3), this function's CAM entries, the multicast and VLAN tables the two functions
 * share (§12.1), and the VLAN acceptance mode with tag stripping (NIC_RCV_CFG, §2.15). What goes
 * into them, and when, is the glue's (qlxge_filter.c, qlxge_rss.c).
 */

#include <errno.h>

#include <rte_common.h>

#include "qlxge_regs.h"
#include "qlxge_base.h"

/* §12.3 slots by purpose: slot, destination and match mask (docs/hardware/choices.md #8-#10). */
static const struct {
	unsigned int slot;
	uint32_t dst;
	uint32_t mask;
} qlxge_routes[] = {
	[QLXGE_ROUTE_IP_CSUM_ERR] = { QLXGE_RT_SLOT_IP_CSUM_ERR, QLXGE_RT_IDX_DST_DFLT_Q,
				      QLXGE_RT_DATA_IP_CSUM_ERR },
	[QLXGE_ROUTE_TU_CSUM_ERR] = { QLXGE_RT_SLOT_TU_CSUM_ERR, QLXGE_RT_IDX_DST_DFLT_Q,
				      QLXGE_RT_DATA_TU_CSUM_ERR },
	[QLXGE_ROUTE_BCAST] = { QLXGE_RT_SLOT_BCAST, QLXGE_RT_IDX_DST_DFLT_Q,
				QLXGE_RT_DATA_BCAST },
	[QLXGE_ROUTE_MCAST_MATCH] = { QLXGE_RT_SLOT_MCAST_MATCH, QLXGE_RT_IDX_DST_DFLT_Q,
				      QLXGE_RT_DATA_MCAST_MATCH },
	[QLXGE_ROUTE_ALLMULTI] = { QLXGE_RT_SLOT_ALLMULTI, QLXGE_RT_IDX_DST_DFLT_Q,
				   QLXGE_RT_DATA_MCAST },
	[QLXGE_ROUTE_RSS] = { QLXGE_RT_SLOT_RSS_MATCH, QLXGE_RT_IDX_DST_RSS,
			      QLXGE_RT_DATA_RSS_MATCH },
	[QLXGE_ROUTE_CAM_HIT] = { QLXGE_RT_SLOT_CAM_HIT, QLXGE_RT_IDX_DST_CAM_Q,
				  QLXGE_RT_DATA_CAM_HIT },
	[QLXGE_ROUTE_PROMISC] = { QLXGE_RT_SLOT_PROMISC, QLXGE_RT_IDX_DST_DFLT_Q,
				  QLXGE_RT_DATA_VALID },
};

/* Turn the routing slot that serves @route on or off. */
int
qlxge_route_set(const struct qlxge_hw *hw, enum qlxge_route route, bool on)
{
	struct qlxge_rt_entry e;

	if ((unsigned int)route >= RTE_DIM(qlxge_routes))
		return -EINVAL;
	e.slot = qlxge_routes[route].slot;
	e.dst = qlxge_routes[route].dst;
	e.mask = qlxge_routes[route].mask;
	e.enable = on;
	return qlxge_win_rt_write(hw, &e, 1);
}

/* §12.3 "Clear": all 16 NIC-queue slots disabled, destination default, data 0. */
int
qlxge_route_clear_all(const struct qlxge_hw *hw)
{
	struct qlxge_rt_entry e[QLXGE_RT_NICQ_SLOTS];
	unsigned int slot;

	for (slot = 0; slot < QLXGE_RT_NICQ_SLOTS; slot++)
		e[slot] = (struct qlxge_rt_entry){ .slot = slot };
	return qlxge_win_rt_write(hw, e, QLXGE_RT_NICQ_SLOTS);
}

/*
 * §12.1 CAM entry @index of this function (func x 128 + index): @mac routed to the NIC, our
 * function, CQ @cq (where the CAM-hit slot puts its frames), RV as tags are stripped. @mac NULL
 * clears the entry.
 */
int
qlxge_route_cam_set(const struct qlxge_hw *hw, uint32_t index, const uint8_t *mac, bool strip,
		    uint8_t cq)
{
	uint32_t words[QLXGE_CAM_WORDS] = { 0 };

	if (mac != NULL) {
		words[QLXGE_CAM_WORD_ADDR_LO] = qlxge_mac_word_lo(mac);
		words[QLXGE_CAM_WORD_ADDR_HI] = qlxge_mac_word_hi(mac);
		words[QLXGE_CAM_WORD_OUTPUT] = QLXGE_CAM_OUT_ROUTE_NIC |
			qlxge_field_prep(QLXGE_CAM_OUT_FUNC_MASK, QLXGE_CAM_OUT_FUNC_SHIFT,
					 hw->st->func) |
			qlxge_field_prep(QLXGE_CAM_OUT_CQ_ID_MASK, QLXGE_CAM_OUT_CQ_ID_SHIFT, cq) |
			(strip ? QLXGE_CAM_OUT_RV : 0);
	}
	return qlxge_win_mac_addr_write(hw, QLXGE_MAC_ADDR_TYPE_CAM_MAC,
					hw->st->func * QLXGE_CAM_ENTRIES_PER_FUNC + index,
					words, QLXGE_CAM_WORDS, false);
}

/* §12.1 multicast entry @index of the shared table: @mac enabled, or cleared when NULL. */
int
qlxge_route_mcast_set(const struct qlxge_hw *hw, uint32_t index, const uint8_t *mac)
{
	uint32_t words[QLXGE_MCAST_WORDS] = { 0 };

	if (mac != NULL) {
		words[0] = qlxge_mac_word_lo(mac);
		words[1] = qlxge_mac_word_hi(mac);
	}
	return qlxge_win_mac_addr_write(hw, QLXGE_MAC_ADDR_TYPE_MULTI_MAC, index, words,
					QLXGE_MCAST_WORDS, mac != NULL);
}

/* §12.1 VLAN entry @vid of the shared table: one index write with E set or clear. */
int
qlxge_route_vlan_set(const struct qlxge_hw *hw, uint16_t vid, bool on)
{
	return qlxge_win_mac_addr_write(hw, QLXGE_MAC_ADDR_TYPE_VLAN, vid, NULL, 0, on);
}

/* §2.15 NIC_RCV_CFG.DFQ: the CQ the slots whose destination is the default queue fill. */
void
qlxge_route_default_cq(const struct qlxge_hw *hw, uint8_t cq)
{
	qlxge_mwr_field(hw, QLXGE_REG_NIC_RCV_CFG, QLXGE_NIC_RCV_CFG_DFQ_MASK,
			qlxge_field_prep(QLXGE_NIC_RCV_CFG_DFQ_MASK, QLXGE_NIC_RCV_CFG_DFQ_SHIFT,
					 cq));
}

/* §2.15: VLAN acceptance mode and tag stripping (RV) in one store. */
void
qlxge_route_vlan_mode(const struct qlxge_hw *hw, bool match_only, bool strip)
{
	uint32_t vlan_mode = match_only ? QLXGE_NIC_RCV_CFG_VLAN_MATCH_AND_NON :
					  QLXGE_NIC_RCV_CFG_VLAN_ALL;

	qlxge_mwr_field(hw, QLXGE_REG_NIC_RCV_CFG,
			QLXGE_NIC_RCV_CFG_VLAN_MASK | QLXGE_NIC_RCV_CFG_RV,
			vlan_mode | (strip ? QLXGE_NIC_RCV_CFG_RV : 0));
}
