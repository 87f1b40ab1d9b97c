/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * TX engine (§7.2-7.6, §16.12): one 128-byte TX IOCB in, frames out, completion flags back.
 * The WQ engine (queues/wq.c) hands it each IOCB and the port's MAC as the frames' sink.
 */

#ifndef SIM_DATAPLANE_TX_H
#define SIM_DATAPLANE_TX_H

#include <stdint.h>

#include "qlxge_iocb.h"

struct qlxge_sim_func;

/** Longest frame the TX engine gathers (TSO input: 64 KiB payload plus headers). */
#define SIM_TX_MAX_GATHER	(65536u + 1024u)
/** Longest header (total_hdrs_len) an LSO IOCB may give. */
#define SIM_TX_MAX_HDR		512u
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

#endif /* SIM_DATAPLANE_TX_H */
