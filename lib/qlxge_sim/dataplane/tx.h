/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * TX engine (§7.2-7.6, §16.12): one 128-byte TX IOCB in, frames out, completion flags back.
 * The WQ engine (queues/wq.c) hands it each IOCB and the port's MAC as the frames' sink.
 */

#ifndef SIM_DATAPLANE_TX_H
#define SIM_DATAPLANE_TX_H

#include <errno.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>

#include "qlxge_iocb.h"
#include "base/dma.h"
#include "base/log.h"
#include "base/state.h"
#include "dataplane/xgmac.h"

/** Longest frame the TX engine gathers (TSO input: 64 KiB payload plus headers). */
#define SIM_TX_MAX_GATHER	(65536u + 1024u)
/** Longest header (total_hdrs_len) an LSO IOCB may give. */
#define SIM_TX_MAX_HDR		512u
/** Port max frame when the caller gives 0. */
#define SIM_TX_MAX_FRAME_DEFAULT	QLXGE_MAX_FRAME_SIZE
/** Shortest frame the MAC sends: shorter ones are padded with zeros (completion P). */
#define SIM_TX_MIN_FRAME	60u
/** OAL entries followed at most (one level, §7.5). */
#define SIM_TX_MAX_OAL		256u

/**
 * Put one frame on the wire; the engine reuses @p frame after the call returns, so the callee
 * copies it. @return 0, or a negative errno (the frame is lost: counted in sim_tx_result.dropped).
 */
typedef int (*sim_tx_emit_t)(void *arg, const uint8_t *frame, uint32_t len);

/** What the engine did with one IOCB; the core writes the completion from it. */
struct sim_tx_result {
	uint8_t flags1;		/* completion flags1: E, S, L, P (QLXGE_OB_MAC_RSP_FLAGS1_*) */
	uint8_t flags3;		/* completion flags3: B */
	uint32_t frames;	/* frames emitted (LSO: segments) */
	uint32_t dropped;	/* frames the emit callback refused */
	uint64_t bytes;		/* bytes emitted */
};

/**
 * The plain frame, every frame of io forwarding: a MAC IOCB (no VLAN insertion) whose first
 * descriptor holds the whole frame (E, not an OAL, frame_len bytes, no padding needed). It goes
 * out straight from host memory, as sim_tx_iocb_any()'s gather would send it, without the
 * general decode and gather. Inline: the WQ engine (queues/wq.c) tries it on every IOCB, with
 * the port's MAC as @p emit (@p max_frame not 0). @return 1 when @p mac is one (done: *ret and
 * @p res as sim_tx_iocb()'s), 0 otherwise (nothing done: take sim_tx_iocb_any()).
 */
static __rte_always_inline int
sim_tx_plain(struct qlxge_sim_func *fn, const void *iocb, uint32_t max_frame, sim_tx_emit_t emit,
	     void *arg, struct sim_tx_result *res, int *ret)
{
	const struct qlxge_ob_mac_iocb *mac = iocb;
	uint32_t frame_len = rte_le_to_cpu_16(mac->frame_len) & QLXGE_OB_MAC_FRAME_LEN_MASK;
	uint32_t w = rte_le_to_cpu_32(mac->tbd[0].len);
	const uint8_t *p;
	uint8_t flags1;

	if (mac->opcode != QLXGE_OPCODE_OB_MAC_IOCB || (mac->flags3 & QLXGE_OB_MAC_FLAGS3_V) ||
	    (w & (QLXGE_TX_BD_E | QLXGE_TX_BD_C)) != QLXGE_TX_BD_E ||
	    (w & QLXGE_TX_BD_LEN_MASK) != frame_len || frame_len < SIM_TX_MIN_FRAME ||
	    frame_len > SIM_TX_MAX_GATHER)
		return 0;
	/* the buffer is an mbuf of a pool the previous one's window of this step covers */
	p = sim_dma_at(fn, &fn->tx_buf_win, rte_le_to_cpu_64(mac->tbd[0].addr), frame_len);
	if (p == NULL) {
		res->flags1 = 0;
		res->flags3 = QLXGE_OB_MAC_RSP_FLAGS3_B;
		res->frames = 0;
		res->dropped = 0;
		res->bytes = 0;
		SIM_TRACE(tx, dma_fault, "opcode 0x%02x", mac->opcode);
		*ret = -EFAULT;
		return 1;
	}
	/* res written after the send: nothing in it is read before */
	flags1 = sim_xgmac_too_long(max_frame, p, frame_len) ? QLXGE_OB_MAC_RSP_FLAGS1_L : 0;
	if (frame_len > SIM_FRAME_MAX || emit(arg, p, frame_len) != 0) {
		res->flags1 = flags1;
		res->flags3 = QLXGE_OB_MAC_RSP_FLAGS3_B;	/* not sent */
		res->frames = 0;
		res->dropped = 1;
		res->bytes = 0;
		*ret = -ENOBUFS;
		return 1;
	}
	res->flags1 = flags1;
	res->flags3 = 0;
	res->frames = 1;
	res->dropped = 0;
	res->bytes = frame_len;
	*ret = 0;
	return 1;
}

/**
 * Execute one TX IOCB (opcode 0x01 or 0x02; @p iocb is a 128-byte copy in card layout): gather
 * the buffers by DMA through sim_dma_read()/sim_dma_map() of @p fn (following OAL pointers in any
 * slot, stopping at E), apply VLAN insertion, checksums and LSO as asked, pad short frames, and
 * hand each resulting frame to @p emit. Frames longer than the port's max frame @p max_frame
 * (0 = 9600; FCS included, one tag more: sim_xgmac_too_long()) are sent and flagged L (longer
 * than SIM_FRAME_MAX: flagged L and dropped, never emitted). Uses a
 * per-thread scratch buffer: no allocation.
 * @return 0 (sent), -EFAULT (DMA error: B), -EINVAL (malformed IOCB: E or S, nothing sent),
 *         -ENOBUFS (emit refused a frame). @p res is filled in every case.
 */
int sim_tx_iocb(struct qlxge_sim_func *fn, const void *iocb, uint32_t max_frame,
		sim_tx_emit_t emit, void *arg, struct sim_tx_result *res);

/** sim_tx_iocb() of an IOCB sim_tx_plain() did not take (@p iocb and @p emit not NULL). */
int sim_tx_iocb_any(struct qlxge_sim_func *fn, const void *iocb, uint32_t max_frame,
		    sim_tx_emit_t emit, void *arg, struct sim_tx_result *res);

#endif /* SIM_DATAPLANE_TX_H */
