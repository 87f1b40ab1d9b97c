/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The port's XGMAC statistics counters the PMD reports (§11.3): each one's register and the
 * xstat name docs/guides/nics/qlxge.rst gives it, and one snapshot of all of them under the
 * port's XGMAC semaphore (§11.1). The hardware counters are never cleared (STAT_CNT_CTL is only
 * defined by the public drivers, never used): the glue keeps a baseline.
 */

#include "qlxge_regs.h"
#include "qlxge_base.h"

/* §11.3 counter register and xstat name (NULL: feeds the basic stats only) */
static const struct {
	const char *name;
	uint32_t reg;
} qlxge_counters[QLXGE_NB_COUNTERS] = {
	[QLXGE_CNT_RX_PKTS_OK] = { "mac_rx_good_packets", QLXGE_XGMAC_RX_PKTS_OK },
	[QLXGE_CNT_RX_BYTES_OK] = { "mac_rx_good_bytes", QLXGE_XGMAC_RX_BYTES_OK },
	[QLXGE_CNT_RX_PKTS] = { "rx_total_packets", QLXGE_XGMAC_RX_PKTS },
	[QLXGE_CNT_TX_PKTS] = { "mac_tx_packets", QLXGE_XGMAC_TX_PKTS },
	[QLXGE_CNT_TX_BYTES] = { "mac_tx_bytes", QLXGE_XGMAC_TX_BYTES },
	[QLXGE_CNT_RX_FIFO_DROP] = { NULL, QLXGE_XGMAC_RX_NIC_FIFO_DROP },
	[QLXGE_CNT_RX_OVERSIZE] = { "rx_oversize_errors", QLXGE_XGMAC_RX_OVERSIZE_PKTS },
	[QLXGE_CNT_RX_JABBER] = { "rx_jabber_errors", QLXGE_XGMAC_RX_JABBER_PKTS },
	[QLXGE_CNT_RX_FCS_ERR] = { "rx_crc_errors", QLXGE_XGMAC_RX_FCS_ERR_PKTS },
	[QLXGE_CNT_RX_FRAGMENTS] = { "rx_fragmented_errors", QLXGE_XGMAC_RX_UNDERSIZE_FCS_PKTS },
	{ "rx_total_bytes", QLXGE_XGMAC_RX_BYTES },
	{ "rx_unicast_packets", QLXGE_XGMAC_RX_UCAST_PKTS },
	{ "rx_multicast_packets", QLXGE_XGMAC_RX_MCAST_PKTS },
	{ "rx_broadcast_packets", QLXGE_XGMAC_RX_BCAST_PKTS },
	{ "rx_undersize_errors", QLXGE_XGMAC_RX_UNDERSIZE_PKTS },
	{ "rx_drop_events", QLXGE_XGMAC_RX_DROP_EVENTS },
	{ "rx_alignment_errors", QLXGE_XGMAC_RX_ALIGN_ERR },
	{ "rx_symbol_errors", QLXGE_XGMAC_RX_SYMBOL_ERR },
	{ "rx_mac_errors", QLXGE_XGMAC_RX_MAC_ERR },
	{ "rx_length_errors", QLXGE_XGMAC_RX_LEN_ERR_PKTS },
	{ "rx_control_packets", QLXGE_XGMAC_RX_CTL_PKTS },
	{ "rx_pause_packets", QLXGE_XGMAC_RX_PAUSE_PKTS },
	{ "rx_size_64_packets", QLXGE_XGMAC_RX_64_PKTS },
	{ "rx_size_65_to_127_packets", QLXGE_XGMAC_RX_65_127_PKTS },
	{ "rx_size_128_to_255_packets", QLXGE_XGMAC_RX_128_255_PKTS },
	{ "rx_size_256_to_511_packets", QLXGE_XGMAC_RX_256_511_PKTS },
	{ "rx_size_512_to_1023_packets", QLXGE_XGMAC_RX_512_1023_PKTS },
	{ "rx_size_1024_to_1518_packets", QLXGE_XGMAC_RX_1024_1518_PKTS },
	{ "rx_size_1519_to_max_packets", QLXGE_XGMAC_RX_1519_MAX_PKTS },
	{ "tx_unicast_packets", QLXGE_XGMAC_TX_UCAST_PKTS },
	{ "tx_multicast_packets", QLXGE_XGMAC_TX_MCAST_PKTS },
	{ "tx_broadcast_packets", QLXGE_XGMAC_TX_BCAST_PKTS },
	{ "tx_control_packets", QLXGE_XGMAC_TX_CTL_PKTS },
	{ "tx_pause_packets", QLXGE_XGMAC_TX_PAUSE_PKTS },
	{ "tx_size_64_packets", QLXGE_XGMAC_TX_64_PKTS },
	{ "tx_size_65_to_127_packets", QLXGE_XGMAC_TX_65_127_PKTS },
	{ "tx_size_128_to_255_packets", QLXGE_XGMAC_TX_128_255_PKTS },
	{ "tx_size_256_to_511_packets", QLXGE_XGMAC_TX_256_511_PKTS },
	{ "tx_size_512_to_1023_packets", QLXGE_XGMAC_TX_512_1023_PKTS },
	{ "tx_size_1024_to_1518_packets", QLXGE_XGMAC_TX_1024_1518_PKTS },
	{ "tx_size_1519_to_max_packets", QLXGE_XGMAC_TX_1519_MAX_PKTS },
	{ "tx_undersize_errors", QLXGE_XGMAC_TX_UNDERSIZE_PKTS },
	{ "tx_oversize_errors", QLXGE_XGMAC_TX_OVERSIZE_PKTS },
};

const char *
qlxge_counter_name(unsigned int i)
{
	return i < QLXGE_NB_COUNTERS ? qlxge_counters[i].name : NULL;
}

int
qlxge_counters_read(const struct qlxge_hw *hw, uint64_t raw[QLXGE_NB_COUNTERS])
{
	unsigned int i;
	int ret;

	ret = qlxge_win_xgmac_lock(hw);
	if (ret != 0)
		return ret;
	for (i = 0; i < QLXGE_NB_COUNTERS && ret == 0; i++)
		ret = qlxge_win_xgmac_read64_locked(hw, qlxge_counters[i].reg, &raw[i]);
	qlxge_win_xgmac_unlock(hw);
	return ret;
}
