/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The MAC of each port (XGMAC, §11): its register window, the frames it sends (the TX engine's
 * sink, to the wire), and the statistics of the frames the port sends and receives, counted
 * inline in the TX and RX loops.
 */

#ifndef SIM_DATAPLANE_XGMAC_H
#define SIM_DATAPLANE_XGMAC_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_common.h>

#include "base/state.h"
#include "wire/wire.h"

struct sim_reg_row;

uint32_t sim_xgmac_addr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_xgmac_addr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_xgmac_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_xgmac_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_xg_serdes_addr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_xg_serdes_addr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row,
			      uint32_t v);
void sim_xgmac_power_on(struct qlxge_sim_func *fn);

/**
 * Send a frame of the TX engine (a sim_tx_emit_t; @p arg is the function): counted by the MAC,
 * then looped back (SET_PORT_CFG loopback) or put on the wire. @return 0 or a negative errno
 * (the frame is lost: TX_CFG.EN clear, no link, the wire refused it).
 */
int sim_xgmac_tx(void *arg, const uint8_t *frame, uint32_t len);

/* Add @p n to the 64-bit XGMAC counter at register offset @p reg (§11). */
static inline void
sim_xgmac_count(struct qlxge_sim_func *fn, uint32_t reg, uint64_t n)
{
	fn->xg.cnt[reg / 8] += n;
}

/*
 * The port's max frame (§9.4 SET_PORT_CFG mb2, or the 8012's MAC_RX_PARAMS, §11.2), as the MAC
 * applies it (docs/hardware/choices.md, "Port max frame"): it counts the frame on the wire,
 * 4-byte FCS included, and a frame carrying one 802.1Q tag may be 4 bytes longer. Whether a
 * frame of @p len bytes without FCS, starting at @p f, is too long for @p max_frame.
 */
static __rte_always_inline bool
sim_xgmac_too_long(uint32_t max_frame, const uint8_t *f, uint32_t len)
{
	if (likely(len + 4 <= max_frame))
		return false;
	/* only a tagged frame may have the 4 bytes more: look at the ethertype */
	return len + 4 > max_frame + 4 || len < 18 || f[12] != 0x81 || f[13] != 0x00;
}

/* The port's max frame (bytes on the wire, FCS included, one tag more), §4.6, §9.4. */
static inline uint32_t
sim_port_max_frame(struct qlxge_sim_func *fn)
{
	uint32_t rx = fn->xg.regs[QLXGE_XGMAC_MAC_RX_PARAMS / 4] &
		      QLXGE_XGMAC_MAC_RX_PARAMS_MAX_MASK;

	/* the 8012 has no firmware port configuration: its driver programs the MAC (§4.6) */
	if (fn->ad->device_id == QLXGE_PCI_DEVICE_ID_8012 && rx != 0)
		return rx;
	return fn->port.max_frame ? fn->port.max_frame : QLXGE_MAX_FRAME_SIZE;
}

/*
 * XGMAC statistics of the frames the port sends and receives (§11), inline in the TX and RX
 * loops: lengths count the 4-byte FCS the MAC adds or checks.
 */

/* Counter of the size bucket of a frame of @p wire_len bytes (64 to max frame), from @p first. */
static inline uint32_t
sim_xgmac_size_bucket(uint32_t wire_len, uint32_t first)
{
	/* buckets 64, 65-127, 128-255, 256-511, 512-1023, 1024-1518, 1519-max */
	if (likely(wire_len <= 64))
		return first;
	if (wire_len > 1518)
		return first + 8 * 6;
	/* 65-127 .. 1024-1518: one bucket per power of two, by the highest bit of wire_len */
	return first + 8 * ((uint32_t)(31 - __builtin_clz(wire_len)) - 5);
}

static inline bool
sim_xgmac_is_pause(const uint8_t *f, uint32_t len)
{
	return len >= 14 && f[12] == 0x88 && f[13] == 0x08;
}

/* Broadcast, multicast or unicast counter of a frame by its destination address. */
static inline uint32_t
sim_xgmac_cast(const uint8_t *f, uint32_t len, uint32_t bcast, uint32_t mcast, uint32_t ucast)
{
	if (likely(len < 6 || !(f[0] & 1)))
		return ucast;
	return (f[0] & f[1] & f[2] & f[3] & f[4] & f[5]) == 0xFF ? bcast : mcast;
}

/*
 * The TX counters of a frame but its packets and bytes: by destination, pause, and by size or
 * as undersize or oversize against the port's max frame @p max_frame.
 */
static inline void
sim_xgmac_count_tx_kind(struct qlxge_sim_func *fn, const uint8_t *f, uint32_t len,
			uint32_t max_frame)
{
	uint32_t wl = len + 4;

	sim_xgmac_count(fn, sim_xgmac_cast(f, len, QLXGE_XGMAC_TX_BCAST_PKTS,
					   QLXGE_XGMAC_TX_MCAST_PKTS,
					   QLXGE_XGMAC_TX_UCAST_PKTS), 1);
	if (unlikely(sim_xgmac_is_pause(f, len))) {
		sim_xgmac_count(fn, QLXGE_XGMAC_TX_CTL_PKTS, 1);
		sim_xgmac_count(fn, QLXGE_XGMAC_TX_PAUSE_PKTS, 1);
	}
	if (unlikely(wl < 64))
		sim_xgmac_count(fn, QLXGE_XGMAC_TX_UNDERSIZE_PKTS, 1);
	else if (unlikely(sim_xgmac_too_long(max_frame, f, len)))
		sim_xgmac_count(fn, QLXGE_XGMAC_TX_OVERSIZE_PKTS, 1);
	else
		sim_xgmac_count(fn, sim_xgmac_size_bucket(wl, QLXGE_XGMAC_TX_64_PKTS), 1);
}

static inline void
sim_xgmac_count_tx(struct qlxge_sim_func *fn, const uint8_t *f, uint32_t len)
{
	sim_xgmac_count(fn, QLXGE_XGMAC_TX_PKTS, 1);
	sim_xgmac_count(fn, QLXGE_XGMAC_TX_BYTES, len + 4);
	sim_xgmac_count_tx_kind(fn, f, len, sim_port_max_frame(fn));
}

/*
 * A burst of frames the MAC sends for the WQ engine in one pass (queues/wq.c): each frame goes
 * into the wire's ring as it comes, all are shown to the far end at the end of the burst
 * (sim_wire_txb), and the MAC's counters of the usual frame (unicast, not a pause frame, 64 to
 * 1518 bytes on the wire and not over the max frame: packets, bytes, unicast, its size) are
 * added at its end too. Nothing reads them inside the poll step (a register read waits for the
 * adapter lock), so they are exact whenever read. The frames, their order, the results and
 * every counter are those of one sim_xgmac_tx() per frame, which is what a port that does not
 * send on its wire (transmitter off, no link, loopback) still does; on a PCAP or TAP wire the
 * frames go one by one, counted at once.
 */
struct sim_xgmac_txb {
	struct qlxge_sim_func *fn;
	uint32_t max_frame;	/* the port's, sim_port_max_frame() */
	uint8_t state;		/* SIM_XGMAC_TXB_* */
	struct sim_wire_txb wire;	/* its frames and bytes are the MAC's packets and bytes */
	uint64_t ucast;		/* TX_UCAST_PKTS to add */
	uint64_t size[6];	/* TX_64_PKTS .. TX_1024_1518_PKTS to add */
};

#define SIM_XGMAC_TXB_IDLE	0	/* no burst open on the wire */
#define SIM_XGMAC_TXB_WIRE	1	/* a burst is open */
#define SIM_XGMAC_TXB_FRAME	2	/* the port sends on a PCAP or TAP wire: frame by frame */
#define SIM_XGMAC_TXB_EACH	3	/* the port does not send on its wire: sim_xgmac_tx() */

/* A burst of the MAC of @p fn, whose max frame is @p max_frame (sim_port_max_frame()). */
static inline void
sim_xgmac_txb_init(struct sim_xgmac_txb *b, struct qlxge_sim_func *fn, uint32_t max_frame)
{
	b->fn = fn;
	b->max_frame = max_frame;
	b->state = SIM_XGMAC_TXB_IDLE;
	b->ucast = 0;
	memset(b->size, 0, sizeof(b->size));
}

/*
 * Open the burst on the wire when the port sends on one (transmitter on, link up, no loopback):
 * SIM_XGMAC_TXB_WIRE on a LOOP or PEER wire whose far end is open, SIM_XGMAC_TXB_FRAME on
 * another, else SIM_XGMAC_TXB_EACH.
 */
void sim_xgmac_txb_open(struct sim_xgmac_txb *b);

/*
 * The frames of the burst shown on the wire and counted: before anything else sends on the
 * port (sim_xgmac_tx()), and at the end of the pass. The burst may go on after it.
 */
void sim_xgmac_txb_flush(struct sim_xgmac_txb *b);

/*
 * Room on a LOOP or PEER wire that one more IOCB needs: its frames' records, wrap included,
 * for a 64 KiB TSO send cut into segments of 64 payload bytes behind 256 bytes of headers
 * (1024 segments of 328-byte records, 328 KiB; an MSS of 536, the least IPv4 allows by
 * default, makes 123). An IOCB cut into still more can find the ring full on its way (then
 * B, tx_drops_wire, as sim_xgmac_tx() says).
 */
#define SIM_XGMAC_TX_WIRE_ROOM	(512u << 10)

/*
 * Whether the MAC can take the next IOCB's frames now: false while the port sends on a LOOP or
 * PEER wire whose far end has less than SIM_XGMAC_TX_WIRE_ROOM free, the cable and the far
 * MAC's FIFO full. A real MAC sends at the line's rate and the far MAC receives at the same
 * rate; the model's far end takes the frames when its poll step runs, so the sender waits for
 * it (back-pressure: the IOCB stays on its WQ) rather than losing frames a card would send.
 * Opens the burst (sim_xgmac_txb_open) when none is.
 */
static __rte_always_inline bool
sim_xgmac_txb_ready(struct sim_xgmac_txb *b)
{
	if (unlikely(b->state == SIM_XGMAC_TXB_IDLE))
		sim_xgmac_txb_open(b);
	return b->state != SIM_XGMAC_TXB_WIRE ||
	       sim_wire_txb_room(&b->wire, SIM_XGMAC_TX_WIRE_ROOM);
}

/* sim_xgmac_tx() of a frame of burst @p arg (a sim_tx_emit_t, inline for the plain frames). */
static __rte_always_inline int
sim_xgmac_txb_send(void *arg, const uint8_t *frame, uint32_t len)
{
	struct sim_xgmac_txb *b = arg;
	uint32_t wl = len + 4;
	uint16_t et;
	int ret;

	if (unlikely(b->state != SIM_XGMAC_TXB_WIRE)) {
		if (b->state == SIM_XGMAC_TXB_IDLE)
			sim_xgmac_txb_open(b);
		if (b->state == SIM_XGMAC_TXB_FRAME) {
			/* sim_xgmac_tx() past its checks, which hold for the burst */
			ret = sim_wire_tx(b->fn->wire, frame, len);
			if (unlikely(ret != 0)) {
				b->fn->cnt.tx_drops_wire++;
				return ret;
			}
			sim_xgmac_count(b->fn, QLXGE_XGMAC_TX_PKTS, 1);
			sim_xgmac_count(b->fn, QLXGE_XGMAC_TX_BYTES, wl);
			sim_xgmac_count_tx_kind(b->fn, frame, len, b->max_frame);
			return 0;
		}
		if (b->state != SIM_XGMAC_TXB_WIRE)
			return sim_xgmac_tx(b->fn, frame, len);
	}
	ret = sim_wire_txb_put(&b->wire, frame, len);
	if (unlikely(ret != 0)) {
		b->fn->cnt.tx_drops_wire++;
		return ret;
	}
	/* sim_xgmac_count_tx()'s verdict on the usual frame (len >= 60 once wl >= 64): unicast,
	 * not pause, its size bucket, not too long; its packets and bytes are the burst's */
	if (likely(wl >= 64 && wl <= 1518 && wl <= b->max_frame && !(frame[0] & 1) &&
		   (memcpy(&et, frame + 12, sizeof(et)), et != RTE_BE16(0x8808)))) {
		b->ucast++;
		b->size[wl <= 64 ? 0 : (uint32_t)(31 - __builtin_clz(wl)) - 5]++;
	} else {
		sim_xgmac_count_tx_kind(b->fn, frame, len, b->max_frame);
	}
	return 0;
}

/*
 * The RX counters of one frame (§11.3). The error counters as RMON defines the ones of the same
 * names (RFC 2819 etherStats*): oversize = longer than the max frame with a good FCS, jabber =
 * longer with a bad one, FCS errors = a bad FCS from 64 bytes to the max, undersize with FCS
 * error (fragments) = a bad FCS under 64 bytes: each bad or long frame in one of the four.
 */
static inline void
sim_xgmac_count_rx(struct qlxge_sim_func *fn, const uint8_t *f, uint32_t len, bool fcs_err,
		   bool oversize)
{
	uint32_t wl = len + 4;

	sim_xgmac_count(fn, QLXGE_XGMAC_RX_PKTS, 1);
	sim_xgmac_count(fn, QLXGE_XGMAC_RX_BYTES, wl);
	if (likely(!fcs_err && !oversize)) {
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_PKTS_OK, 1);
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_BYTES_OK, wl);
	}
	sim_xgmac_count(fn, sim_xgmac_cast(f, len, QLXGE_XGMAC_RX_BCAST_PKTS,
					   QLXGE_XGMAC_RX_MCAST_PKTS,
					   QLXGE_XGMAC_RX_UCAST_PKTS), 1);
	if (unlikely(sim_xgmac_is_pause(f, len))) {
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_CTL_PKTS, 1);
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_PAUSE_PKTS, 1);
	}
	if (unlikely(fcs_err) && !oversize)
		sim_xgmac_count(fn, wl < 64 ? QLXGE_XGMAC_RX_UNDERSIZE_FCS_PKTS :
				QLXGE_XGMAC_RX_FCS_ERR_PKTS, 1);
	if (unlikely(wl < 64))
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_UNDERSIZE_PKTS, 1);
	else if (unlikely(oversize))
		sim_xgmac_count(fn, fcs_err ? QLXGE_XGMAC_RX_JABBER_PKTS :
				QLXGE_XGMAC_RX_OVERSIZE_PKTS, 1);
	else
		sim_xgmac_count(fn, sim_xgmac_size_bucket(wl, QLXGE_XGMAC_RX_64_PKTS), 1);
}

/*
 * The RX packet and byte counters (all and good) of the good frames of a receive batch, and
 * the unicast and size-bucket counters of the usual frame (unicast, not pause, 64 to 1518
 * bytes on the wire: io forwarding's), added to the XGMAC once at its end
 * (sim_xgmac_rx_flush): nothing reads them inside the poll step (a register read waits for
 * the adapter lock), as the TX burst's (struct sim_xgmac_txb). Zeroed: a batch's start.
 * tests/unit/sim/test_sim_txb.c (test_rxacc_same_as_each) compares them with
 * sim_xgmac_count_rx() frame by frame.
 */
struct sim_xgmac_rx_acc {
	uint64_t frames;
	uint64_t bytes;
	uint64_t ucast;
	uint64_t size[6];	/* 64, 65-127, ..., 1024-1518: RX_64_PKTS onwards */
};

/*
 * sim_xgmac_count_rx() of a frame without FCS error or oversize, packets and bytes in @p acc,
 * and the usual frame's other counters too.
 */
static __rte_always_inline void
sim_xgmac_count_rx_good(struct qlxge_sim_func *fn, const uint8_t *f, uint32_t len,
			struct sim_xgmac_rx_acc *acc)
{
	uint32_t wl = len + 4;

	acc->frames++;
	acc->bytes += wl;
	if (likely(!(f[0] & 1) && wl >= 64 && wl <= 1518 && !sim_xgmac_is_pause(f, len))) {
		acc->ucast++;
		acc->size[wl <= 64 ? 0 : (uint32_t)(31 - __builtin_clz(wl)) - 5]++;
		return;
	}
	sim_xgmac_count(fn, sim_xgmac_cast(f, len, QLXGE_XGMAC_RX_BCAST_PKTS,
					   QLXGE_XGMAC_RX_MCAST_PKTS,
					   QLXGE_XGMAC_RX_UCAST_PKTS), 1);
	if (unlikely(sim_xgmac_is_pause(f, len))) {
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_CTL_PKTS, 1);
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_PAUSE_PKTS, 1);
	}
	if (unlikely(wl < 64))
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_UNDERSIZE_PKTS, 1);
	else
		sim_xgmac_count(fn, sim_xgmac_size_bucket(wl, QLXGE_XGMAC_RX_64_PKTS), 1);
}

/*
 * The RX statistics of one frame the MAC took off the wire (§11): @p fcs_err and @p oversize as
 * the MAC saw it, @p fifo_drop when no buffer took it; the packets and bytes of good frames
 * collect in @p acc until sim_xgmac_rx_flush() at the end of the batch.
 */
static __rte_always_inline void
sim_xgmac_rx(struct qlxge_sim_func *fn, struct sim_xgmac_rx_acc *acc, const uint8_t *f,
	     uint32_t len, bool fcs_err, bool oversize, bool fifo_drop)
{
	if (likely(!fcs_err && !oversize))
		sim_xgmac_count_rx_good(fn, f, len, acc);
	else
		sim_xgmac_count_rx(fn, f, len, fcs_err, oversize);
	if (unlikely(fifo_drop))
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_NIC_FIFO_DROP, 1);
}

/*
 * @p n frames the port received that no queue took, for a reason no other counter shows
 * (filtered, the function disabled, the CQ not ready, the receiver off, a DMA error placing
 * it): the RX drop-event counter (§11.3 0x358), so that every frame arriving is counted
 * somewhere the driver reads (docs/hardware/choices.md).
 */
static inline void
sim_xgmac_rx_drop_event(struct qlxge_sim_func *fn, uint64_t n)
{
	sim_xgmac_count(fn, QLXGE_XGMAC_RX_DROP_EVENTS, n);
	fn->cnt.rx_drop_events += n;
}

static inline void
sim_xgmac_rx_flush(struct qlxge_sim_func *fn, const struct sim_xgmac_rx_acc *acc)
{
	sim_xgmac_count(fn, QLXGE_XGMAC_RX_PKTS, acc->frames);
	sim_xgmac_count(fn, QLXGE_XGMAC_RX_BYTES, acc->bytes);
	sim_xgmac_count(fn, QLXGE_XGMAC_RX_PKTS_OK, acc->frames);
	sim_xgmac_count(fn, QLXGE_XGMAC_RX_BYTES_OK, acc->bytes);
	sim_xgmac_count(fn, QLXGE_XGMAC_RX_UCAST_PKTS, acc->ucast);
	for (unsigned int i = 0; i < 6; i++)
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_64_PKTS + 8 * i, acc->size[i]);
}

#endif /* SIM_DATAPLANE_XGMAC_H */
