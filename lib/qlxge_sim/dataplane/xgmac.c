/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * XGMAC of each port (§11, §16.16; dataplane/xgmac.h) reached through the function's XGMAC_ADDR /
 * XGMAC_DATA window (RDY always reads 1, R requests a read, XME flags a register outside the
 * window): a register file for the control registers (the 8012 bring-up words are accepted and
 * read back) and the statistics counters, 64 bits each as two 32-bit registers, low word at the
 * offset and high word at offset + 4 (Linux's order, §15 #14), counted from the frames the port
 * sends and receives (lengths include the 4-byte FCS the MAC adds or checks; the counting is
 * inline in the TX and RX loops, xgmac.h). STAT_CNT_CTL clears them. TX_CFG.EN and RX_CFG.EN
 * (§11.2) gate the port's frames: here for TX (the frames of the TX engine, to the wire), in the
 * receive pass for RX. Also the XG_SERDES_ADDR / DATA window (plain storage).
 */

#include <errno.h>
#include <string.h>

#include <rte_branch_prediction.h>

#include "base/log.h"
#include "base/reg.h"
#include "base/state.h"
#include "dataplane/xgmac.h"
#include "wire/wire.h"

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

/* The derived enables the data path reads, from TX_CFG / RX_CFG. */
static void
sim_xgmac_en_sync(struct qlxge_sim_func *fn)
{
	fn->xg.tx_en = (fn->xg.regs[QLXGE_XGMAC_TX_CFG / 4] & QLXGE_XGMAC_TX_CFG_EN) != 0;
	fn->xg.rx_en = (fn->xg.regs[QLXGE_XGMAC_RX_CFG / 4] & QLXGE_XGMAC_RX_CFG_EN) != 0;
}

/*
 * Power-on state of the port's MAC. The 8000's firmware has initialized the port (§4.6 says the
 * 8012 is the one without a firmware port init; STS.PIx is set at power-on, §16.6): jumbo,
 * statistics and both enables as the 8012 bring-up would leave them. On the 8012 nothing has run:
 * every control register reads 0, TX_CFG.EN and RX_CFG.EN included, until the driver's bring-up
 * (§4.6 step 3) sets them; until then the port neither sends nor receives.
 */
void
sim_xgmac_power_on(struct qlxge_sim_func *fn)
{
	memset(&fn->xg, 0, sizeof(fn->xg));
	if (fn->ad->device_id != QLXGE_PCI_DEVICE_ID_8012) {
		fn->xg.regs[QLXGE_XGMAC_GLOBAL_CFG / 4] = QLXGE_XGMAC_GLOBAL_CFG_JUMBO |
			QLXGE_XGMAC_GLOBAL_CFG_TX_STAT_EN | QLXGE_XGMAC_GLOBAL_CFG_RX_STAT_EN;
		fn->xg.regs[QLXGE_XGMAC_TX_CFG / 4] = QLXGE_XGMAC_TX_CFG_EN;
		fn->xg.regs[QLXGE_XGMAC_RX_CFG / 4] = QLXGE_XGMAC_RX_CFG_EN;
	}
	sim_xgmac_en_sync(fn);
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
	/* the 8012's max frame (sim_port_max_frame): a receive configuration change, which a pcap
	 * wire starting at the first receive watches (queues/rx.c) */
	if (off == QLXGE_XGMAC_MAC_RX_PARAMS)
		fn->ad->rx_cfg_us = sim_now_us();
	if (off == QLXGE_XGMAC_TX_CFG || off == QLXGE_XGMAC_RX_CFG) {
		bool tx = fn->xg.tx_en, rx = fn->xg.rx_en;

		sim_xgmac_en_sync(fn);
		if (tx != fn->xg.tx_en || rx != fn->xg.rx_en)
			SIM_LOG(INFO, regs, "port %s.%u MAC TX %s -> %s, RX %s -> %s",
				fn->ad->name, fn->idx, tx ? "on" : "off",
				fn->xg.tx_en ? "on" : "off", rx ? "on" : "off",
				fn->xg.rx_en ? "on" : "off");
	}
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

/* ---- the frames the port sends ---- */

/*
 * Frames of the TX engine: looped back or put on the wire, and counted by the MAC once sent. A
 * frame the MAC could not send is not counted, and the TX engine completes its IOCB with B (not
 * sent, dataplane/tx.c): a disabled transmitter (TX_CFG.EN clear), no link, or a far end that
 * does not take it (its wire full).
 */
int
sim_xgmac_tx(void *arg, const uint8_t *frame, uint32_t len)
{
	struct qlxge_sim_func *fn = arg;
	struct sim_wire *w;
	int err, ret;

	if (unlikely(!fn->xg.tx_en)) {
		fn->cnt.tx_drops_mac_disabled++;
		return -ENETDOWN;
	}
	if (unlikely(fn->port.link_config & QLXGE_LINK_CFG_LOOPBACK_MASK)) {
		/* SET_PORT_CFG loopback (§9.4): the frame comes back on the port's own RX, taken
		 * by the RX side of the step (sim_rx_poll) like a LOOP wire's, never inline here:
		 * the WQ engine reserved one CQ entry for this IOCB's completion only */
		if (fn->lb_wire == NULL) {
			struct qlxge_sim_wire_cfg lc = { .kind = QLXGE_SIM_WIRE_LOOP };

			if (sim_wire_open(&lc, &fn->lb_wire) != 0)
				fn->lb_wire = NULL;
		}
		w = fn->lb_wire;
		err = -ENOMEM;		/* no loopback ring */
	} else {
		w = fn->port.link_up ? fn->wire : NULL;
		err = -ENOLINK;		/* no carrier: the MAC drops the frame */
	}
	if (unlikely(w == NULL)) {
		fn->cnt.tx_drops_no_link++;
		return err;
	}
	ret = sim_wire_tx(w, frame, len);
	if (unlikely(ret != 0)) {
		fn->cnt.tx_drops_wire++;
		return ret;
	}
	sim_xgmac_count_tx(fn, frame, len);
	return 0;
}

void
sim_xgmac_txb_open(struct sim_xgmac_txb *b)
{
	struct qlxge_sim_func *fn = b->fn;

	/* sim_xgmac_tx()'s checks, once for the burst: the port's state does not change inside
	 * a poll step (register writes and link changes wait for the adapter lock) */
	if (!fn->xg.tx_en || (fn->port.link_config & QLXGE_LINK_CFG_LOOPBACK_MASK) ||
	    !fn->port.link_up || fn->wire == NULL)
		b->state = SIM_XGMAC_TXB_EACH;
	else if (sim_wire_txb_begin(fn->wire, &b->wire) == 0)
		b->state = SIM_XGMAC_TXB_WIRE;
	else
		b->state = SIM_XGMAC_TXB_FRAME;	/* PCAP, TAP, or a PEER's far end closed */
}

void
sim_xgmac_txb_flush(struct sim_xgmac_txb *b)
{
	struct qlxge_sim_func *fn = b->fn;
	unsigned int i;

	if (b->state != SIM_XGMAC_TXB_WIRE)
		return;	/* nothing sent in the burst: every frame took sim_xgmac_tx() */
	sim_xgmac_count(fn, QLXGE_XGMAC_TX_PKTS, b->wire.frames);
	sim_xgmac_count(fn, QLXGE_XGMAC_TX_BYTES, b->wire.bytes + 4 * b->wire.frames);
	sim_xgmac_count(fn, QLXGE_XGMAC_TX_UCAST_PKTS, b->ucast);
	for (i = 0; i < RTE_DIM(b->size); i++)
		sim_xgmac_count(fn, QLXGE_XGMAC_TX_64_PKTS + 8 * i, b->size[i]);
	sim_wire_txb_end(&b->wire);
	b->state = SIM_XGMAC_TXB_IDLE;	/* the next frame opens a new burst */
	b->ucast = 0;
	memset(b->size, 0, sizeof(b->size));
}
