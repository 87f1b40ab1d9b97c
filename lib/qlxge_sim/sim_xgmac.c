/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * XGMAC of each port (fact sheet §11, §16.16) reached through the function's XGMAC_ADDR /
 * XGMAC_DATA window (RDY always reads 1, R requests a read, XME flags a register outside the
 * window): a register file for the control registers (the 8012 bring-up words are accepted and
 * read back) and the statistics counters, 64 bits each as two 32-bit registers, low word at the
 * offset and high word at offset + 4 (Linux's order, §15 #14), counted from the frames the port
 * sends and receives (lengths include the 4-byte FCS the MAC adds or checks). STAT_CNT_CTL
 * clears them. Also the XG_SERDES_ADDR / DATA window (plain storage).
 */

#include <string.h>

#include "sim_internal.h"

#define SIM_SERDES_ADDR_MASK	0x0000FFFFu

static bool
sim_xgmac_is_counter(uint32_t off)
{
	return (off >= QLXGE_XGMAC_TX_PKTS && off < QLXGE_XGMAC_TX_PKTS + 8 * 16) ||
	       (off >= QLXGE_XGMAC_RX_BYTES && off < QLXGE_XGMAC_RX_BYTES + 8 * 26) ||
	       (off >= QLXGE_XGMAC_TX_CBFC_PAUSE(0) && off < QLXGE_XGMAC_REGISTER_END);
}

static bool
sim_xgmac_is_tx_counter(uint32_t off)
{
	return (off >= QLXGE_XGMAC_TX_PKTS && off < QLXGE_XGMAC_RX_BYTES) ||
	       (off >= QLXGE_XGMAC_TX_CBFC_PAUSE(0) && off <= QLXGE_XGMAC_TX_MGMT_PKTS) ||
	       (off >= QLXGE_XGMAC_TX_PRIO_PKTS(0) && off < QLXGE_XGMAC_RX_PRIO_DISCARDS(0));
}

void
sim_xgmac_power_on(struct qlxge_sim_func *fn)
{
	memset(&fn->xg, 0, sizeof(fn->xg));
	fn->xg.regs[QLXGE_XGMAC_GLOBAL_CFG / 4] = QLXGE_XGMAC_GLOBAL_CFG_JUMBO |
		QLXGE_XGMAC_GLOBAL_CFG_TX_STAT_EN | QLXGE_XGMAC_GLOBAL_CFG_RX_STAT_EN;
	fn->xg.regs[QLXGE_XGMAC_TX_CFG / 4] = QLXGE_XGMAC_TX_CFG_EN;
	fn->xg.regs[QLXGE_XGMAC_RX_CFG / 4] = QLXGE_XGMAC_RX_CFG_EN;
}

void
sim_xgmac_count(struct qlxge_sim_func *fn, uint32_t reg, uint64_t n)
{
	fn->xg.cnt[reg / 8] += n;
}

static uint32_t
sim_xgmac_reg_read(struct qlxge_sim_func *fn, uint32_t off)
{
	if (sim_xgmac_is_counter(off)) {
		uint64_t c = fn->xg.cnt[off / 8];

		return (off & 4) ? (uint32_t)(c >> 32) : (uint32_t)c;
	}
	if (off == QLXGE_XGMAC_STAT_CNT_CTL)
		return 0;	/* clear commands complete at once */
	return fn->xg.regs[off / 4];
}

static void
sim_xgmac_reg_write(struct qlxge_sim_func *fn, uint32_t off, uint32_t v)
{
	uint32_t o;

	if (sim_xgmac_is_counter(off)) {
		SIM_WRN(fn, regs, xgmac_counter_write, SIM_FN_FMT " write to XGMAC counter 0x%x "
			"ignored", SIM_FN_ARGS(fn), off);
		return;
	}
	if (off == QLXGE_XGMAC_STAT_CNT_CTL) {
		for (o = QLXGE_XGMAC_TX_PKTS; o < QLXGE_XGMAC_REGISTER_END; o += 8) {
			if (!sim_xgmac_is_counter(o))
				continue;
			if (sim_xgmac_is_tx_counter(o) ? (v & QLXGE_XGMAC_STAT_CNT_CTL_CLR_TX) :
							  (v & QLXGE_XGMAC_STAT_CNT_CTL_CLR_RX))
				fn->xg.cnt[o / 8] = 0;
		}
		SIM_TRACE(regs, xgmac_clear, SIM_FN_FMT " counters cleared (0x%x)",
			  SIM_FN_ARGS(fn), v);
		return;
	}
	/* RESET bits of the 8012 bring-up complete at once */
	if (off == QLXGE_XGMAC_GLOBAL_CFG || off == QLXGE_XGMAC_TX_CFG ||
	    off == QLXGE_XGMAC_RX_CFG)
		v &= ~(uint32_t)QLXGE_XGMAC_GLOBAL_CFG_RESET;
	SIM_TRACE(regs, xgmac_reg, SIM_FN_FMT " [0x%03x] 0x%08x -> 0x%08x", SIM_FN_ARGS(fn), off,
		  fn->xg.regs[off / 4], v);
	fn->xg.regs[off / 4] = v;
}

uint32_t
sim_xgmac_addr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	return *sim_reg_store(fn, row) | QLXGE_XGMAC_ADDR_RDY;
}

void
sim_xgmac_addr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v)
{
	uint32_t off = v & QLXGE_XGMAC_ADDR_REG_MASK;
	uint32_t *data = &fn->regs[QLXGE_REG_XGMAC_DATA / 4];
	uint32_t *st = sim_reg_store(fn, row);

	*st = off;
	if ((off & 3) || off >= QLXGE_XGMAC_REGISTER_END) {
		*st |= QLXGE_XGMAC_ADDR_XME;
		SIM_WRN(fn, regs, xgmac_addr, SIM_FN_FMT " XGMAC register 0x%x outside the window",
			SIM_FN_ARGS(fn), off);
		return;
	}
	if (v & QLXGE_XGMAC_ADDR_R)
		*data = sim_xgmac_reg_read(fn, off);
	else
		sim_xgmac_reg_write(fn, off, *data);
}

uint32_t
sim_xgmac_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	return *sim_reg_store(fn, row);
}

void
sim_xgmac_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v)
{
	*sim_reg_store(fn, row) = v;
}

uint32_t
sim_xg_serdes_addr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	return *sim_reg_store(fn, row) | QLXGE_XG_SERDES_ADDR_RDY;
}

void
sim_xg_serdes_addr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v)
{
	uint32_t a = v & SIM_SERDES_ADDR_MASK;
	uint32_t *data = &fn->regs[QLXGE_REG_XG_SERDES_DATA / 4];

	*sim_reg_store(fn, row) = a;
	if (v & QLXGE_XG_SERDES_ADDR_R)
		*data = fn->serdes[a % RTE_DIM(fn->serdes)];
	else
		fn->serdes[a % RTE_DIM(fn->serdes)] = *data;
}

uint32_t
sim_port_max_frame(struct qlxge_sim_func *fn)
{
	uint32_t rx = fn->xg.regs[QLXGE_XGMAC_MAC_RX_PARAMS / 4] &
		      QLXGE_XGMAC_MAC_RX_PARAMS_MAX_MASK;

	/* the 8012 has no firmware port configuration: its driver programs the MAC (§4.6) */
	if (fn->ad->device_id == QLXGE_PCI_DEVICE_ID_8012 && rx != 0)
		return rx;
	return fn->port.max_frame ? fn->port.max_frame : QLXGE_MAX_FRAME_SIZE;
}

static uint32_t
sim_size_bucket(uint32_t wire_len, uint32_t first)
{
	static const uint32_t limits[] = { 64, 127, 255, 511, 1023, 1518 };
	uint32_t i;

	for (i = 0; i < RTE_DIM(limits); i++)
		if (wire_len <= limits[i])
			return first + 8 * i;
	return first + 8 * RTE_DIM(limits);
}

static bool
sim_is_pause(const uint8_t *f, uint32_t len)
{
	return len >= 14 && f[12] == 0x88 && f[13] == 0x08;
}

void
sim_xgmac_count_tx(struct qlxge_sim_func *fn, const uint8_t *f, uint32_t len)
{
	uint32_t wl = len + 4;

	sim_xgmac_count(fn, QLXGE_XGMAC_TX_PKTS, 1);
	sim_xgmac_count(fn, QLXGE_XGMAC_TX_BYTES, wl);
	if (len >= 6 && (f[0] & 1))
		sim_xgmac_count(fn, (f[0] & f[1] & f[2] & f[3] & f[4] & f[5]) == 0xFF ?
				QLXGE_XGMAC_TX_BCAST_PKTS : QLXGE_XGMAC_TX_MCAST_PKTS, 1);
	else
		sim_xgmac_count(fn, QLXGE_XGMAC_TX_UCAST_PKTS, 1);
	if (sim_is_pause(f, len)) {
		sim_xgmac_count(fn, QLXGE_XGMAC_TX_CTL_PKTS, 1);
		sim_xgmac_count(fn, QLXGE_XGMAC_TX_PAUSE_PKTS, 1);
	}
	if (wl < 64)
		sim_xgmac_count(fn, QLXGE_XGMAC_TX_UNDERSIZE_PKTS, 1);
	else if (wl > sim_port_max_frame(fn))
		sim_xgmac_count(fn, QLXGE_XGMAC_TX_OVERSIZE_PKTS, 1);
	else
		sim_xgmac_count(fn, sim_size_bucket(wl, QLXGE_XGMAC_TX_64_PKTS), 1);
}

void
sim_xgmac_count_rx(struct qlxge_sim_func *fn, const uint8_t *f, uint32_t len, bool fcs_err,
		   bool oversize)
{
	uint32_t wl = len + 4;

	sim_xgmac_count(fn, QLXGE_XGMAC_RX_PKTS, 1);
	sim_xgmac_count(fn, QLXGE_XGMAC_RX_BYTES, wl);
	if (!fcs_err && !oversize) {
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_PKTS_OK, 1);
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_BYTES_OK, wl);
	}
	if (len >= 6 && (f[0] & 1))
		sim_xgmac_count(fn, (f[0] & f[1] & f[2] & f[3] & f[4] & f[5]) == 0xFF ?
				QLXGE_XGMAC_RX_BCAST_PKTS : QLXGE_XGMAC_RX_MCAST_PKTS, 1);
	else
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_UCAST_PKTS, 1);
	if (sim_is_pause(f, len)) {
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_CTL_PKTS, 1);
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_PAUSE_PKTS, 1);
	}
	if (fcs_err)
		sim_xgmac_count(fn, wl < 64 ? QLXGE_XGMAC_RX_UNDERSIZE_FCS_PKTS :
				QLXGE_XGMAC_RX_FCS_ERR_PKTS, 1);
	if (wl < 64)
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_UNDERSIZE_PKTS, 1);
	else if (oversize)
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_OVERSIZE_PKTS, 1);
	else
		sim_xgmac_count(fn, sim_size_bucket(wl, QLXGE_XGMAC_RX_64_PKTS), 1);
}
