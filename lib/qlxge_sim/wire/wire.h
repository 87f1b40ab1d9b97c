/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The wires of the model: the cable a port's frames travel on (the frames of §7 come and go
 * somewhere, §16.12-16.13). One interface for four kinds: LOOP (the port's TX comes back to
 * its RX), PEER (two ports cabled back to back, on one adapter or two), PCAP (frames from and
 * to pcap files) and TAP (a Linux TAP interface). wire.c dispatches to the kinds: ring.c
 * (LOOP, PEER), pcap.c, tap.c.
 *
 * Threads: each end is sent on by one thread and received on by one thread, which may differ
 * (two adapters polled by two threads share a peer cable).
 */

#ifndef SIM_WIRE_WIRE_H
#define SIM_WIRE_WIRE_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>

#include "qlxge_sim.h"
#include "base/state.h"
#include "wire/ring.h"

/** One end of a wire. */
struct sim_wire;

/**
 * Longest frame a wire carries (SIM_FRAME_MAX): longer frames are dropped by sim_wire_tx()
 * (-EMSGSIZE), longer pcap records are dropped and counted, TAP reads are cut.
 */
#define SIM_WIRE_MAX_FRAME	SIM_FRAME_MAX
/** Frames shorter than this are zero-padded on receive (the sending MAC's padding). */
#define SIM_WIRE_MIN_FRAME	60u
/** Most frames one sim_wire_rx_burst() shows. */
#define SIM_WIRE_BURST_MAX	64u

/** Counters of one end. */
struct sim_wire_stats {
	uint64_t tx_frames, tx_bytes, tx_drops;
	uint64_t rx_frames, rx_bytes;
	uint64_t rx_drops_oversize;	/* PCAP: records over SIM_WIRE_MAX_FRAME, dropped */
};

/**
 * Open a wire of kind LOOP, PCAP or TAP (cfg fields as in qlxge_sim.h). PEER wires are made by
 * sim_wire_pair(); NONE has no wire. @return 0, -EINVAL, -ENOMEM, -ENOENT (rx pcap file),
 *         -errno of the TAP device or pcap.
 */
int sim_wire_open(const struct qlxge_sim_wire_cfg *cfg, struct sim_wire **w);

/** Make the two ends of a back-to-back cable: what @p a sends, @p b receives and vice versa. */
int sim_wire_pair(struct sim_wire **a, struct sim_wire **b);

/** Close one end (a TAP interface is deleted, a TX pcap flushed). NULL is a no-op. */
void sim_wire_close(struct sim_wire *w);

/**
 * Send a frame (copied). @return 0, -EAGAIN (the far end's queue is full; frame dropped and
 * counted), -EMSGSIZE, -EIO (pcap/tap write failed), -ENOLINK (peer end closed).
 */
int sim_wire_tx(struct sim_wire *w, const uint8_t *frame, uint32_t len);

/**
 * A burst of frames sent on one LOOP or PEER end (the WQ engine's frames of one poll step):
 * each frame's record written into the ring as sim_wire_tx() writes it, all of them shown to
 * the far end at once by sim_wire_txb_end(), the end's counters added then. The frames, their
 * order and the counters are those of one sim_wire_tx() per frame; only the moment the far end
 * sees them moves, to the end of the burst (the receiving side of the same poll step runs
 * after it; another thread's sees them a burst at a time, as it sees them a frame at a time).
 */
struct sim_wire_txb {
	struct sim_wire *w;
	struct sim_wire_ring *r;
	uint64_t head;		/* where the next record goes; published at the end */
	uint64_t tail;		/* the consumer's tail as last read */
	uint64_t frames, bytes, drops;
};

/**
 * Open a burst on @p w: 0 when @p w is a LOOP end or a PEER end whose far end is open (the
 * frames then go through sim_wire_txb_put() until sim_wire_txb_end()), -ENOTSUP for the other
 * kinds and -ENOLINK for a closed far end (send each frame with sim_wire_tx(), which says why).
 * Nothing else may send on @p w until the end of the burst.
 */
int sim_wire_txb_begin(struct sim_wire *w, struct sim_wire_txb *b);

/** Show the far end the frames of the burst and count them on the end. */
void sim_wire_txb_end(struct sim_wire_txb *b);

/** sim_wire_tx() of one frame in a burst: same checks, result and record. */
static __rte_always_inline int
sim_wire_txb_put(struct sim_wire_txb *b, const uint8_t *frame, uint32_t len)
{
	int ret;

	if (unlikely(len > SIM_WIRE_MAX_FRAME))
		ret = -EMSGSIZE;
	else
		ret = sim_wire_ring_write(b->r, &b->head, &b->tail, frame, len,
					  SIM_WIRE_MIN_FRAME);
	if (unlikely(ret != 0)) {
		b->drops++;
		return ret;
	}
	b->frames++;
	b->bytes += len;
	return 0;
}

/**
 * The far end's ring of burst @p b has room for @p need more bytes of records (a frame of len
 * bytes takes SIM_WIRE_REC_HDR + len rounded up to 8, and a record that wraps the ring up to
 * its own size again).
 */
static __rte_always_inline bool
sim_wire_txb_room(struct sim_wire_txb *b, uint64_t need)
{
	return sim_wire_ring_room(b->r, b->head, &b->tail, need);
}

/** sim_wire_tx() as a frame sink of the TX engine (sim_tx_emit_t): @p arg is the wire. */
int sim_wire_emit(void *arg, const uint8_t *frame, uint32_t len);

/**
 * Zero-copy receive, one call per batch: first take the first @p done frames of the previous
 * burst (at most its count; 0 takes nothing), then show up to @p max (at most
 * SIM_WIRE_BURST_MAX) next frames without taking them. frames[i] stays valid until the next
 * receive call or sim_wire_close(). PCAP and TAP wires stage one frame at a time (count 0 or
 * 1). @p max 0 only takes. @return the number of frames shown (0: nothing now).
 */
unsigned int sim_wire_rx_burst(struct sim_wire *w, unsigned int done, const uint8_t **frames,
			       uint32_t *lens, unsigned int max);

/**
 * Receive the next frame into @p buf (@p cap bytes). @return 0 (*len set), -EAGAIN (nothing now:
 * empty, or a pcap frame not yet due), -EMSGSIZE (frame longer than @p cap: dropped).
 */
int sim_wire_rx(struct sim_wire *w, uint8_t *buf, uint32_t cap, uint32_t *len);

/** Link (carrier) as this end sees it: LOOP/PCAP always, PEER while the other end is open,
 * TAP while the interface is IFF_UP|IFF_RUNNING (sampled at most every few milliseconds). */
bool sim_wire_carrier(struct sim_wire *w);

/**
 * Force the link of this end down (@p down) or let it follow the wire again: a PEER cable pulled
 * at one end has no carrier at either end (10GbE link fault signalling); other kinds: no-op.
 */
void sim_wire_pull(struct sim_wire *w, bool down);

/** Kind of the wire. */
enum qlxge_sim_wire_kind sim_wire_kind(const struct sim_wire *w);

/** Counters of this end. */
void sim_wire_stats_get(const struct sim_wire *w, struct sim_wire_stats *st);

/**
 * The wire's own part of qlxge_sim_wire_get(): kind, carrier, TAP name, PCAP files and
 * progress, counters (peer and link are the port's, filled by the caller).
 */
void sim_wire_info(struct sim_wire *w, struct qlxge_sim_wire_info *info);

/** PCAP: when the RX file starts to arrive (qlxge_sim.h); other kinds: LINK (no waiting). */
enum qlxge_sim_pcap_start sim_wire_pcap_start(const struct sim_wire *w);

#endif /* SIM_WIRE_WIRE_H */
