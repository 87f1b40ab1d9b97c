/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Private state of the model's wires (sim_wire.c: common part, loop and peer; sim_wire_pcap.c;
 * sim_wire_tap.c). Not a fact-sheet concept: the wires are the model's cable (§16.12-16.13 need
 * frames to come and go somewhere).
 */

#ifndef SIM_WIRE_PVT_H
#define SIM_WIRE_PVT_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_common.h>

#include "sim_dp.h"

/*
 * Lock-free single-producer/single-consumer ring of variable-size frame records: a 32-bit
 * length, 4 bytes of padding, the bytes, padded to 8. A record that does not fit before the end
 * of the buffer is preceded by a wrap marker. head (producer) and tail (consumer) count bytes
 * and only grow; the producer publishes head with a release store that the consumer's acquire
 * load pairs with (and the same for tail in the other direction).
 */
struct sim_wire_ring {
	uint64_t head __rte_cache_aligned;	/* written by the producer only */
	uint64_t tail __rte_cache_aligned;	/* written by the consumer only */
	uint64_t size __rte_cache_aligned;	/* bytes, a power of two */
	uint8_t *data;
};

#define SIM_WIRE_RING_SIZE	(2u << 20)	/* bytes per direction */
#define SIM_WIRE_REC_HDR	8u
#define SIM_WIRE_REC_WRAP	UINT32_MAX

/* Shared by the two ends of a peer cable. */
struct sim_wire_cable {
	struct sim_wire_ring ring[2];	/* ring[i]: frames end i receives */
	int refs;			/* ends not yet closed (atomic) */
	bool open[2];			/* end i open (atomic) */
};

struct sim_wire {
	enum qlxge_sim_wire_kind kind;
	/* LOOP and PEER */
	struct sim_wire_ring *txr, *rxr;
	struct sim_wire_cable *cable;	/* PEER */
	unsigned int end;		/* PEER: 0 or 1 */
	bool rx_peeked;			/* a peeked ring record awaits consume */
	uint32_t peek_len;
	/* the last sim_wire_rx_burst() of a ring: where each record ends, its bytes */
	unsigned int burst_n;
	uint64_t burst_end[SIM_WIRE_BURST_MAX];
	uint32_t burst_len[SIM_WIRE_BURST_MAX];
	/* PCAP and TAP: the frame received and not yet consumed */
	uint8_t *rxbuf;
	uint32_t rxlen;
	bool rx_have;
	/* PCAP */
	void *rx_pcap;			/* pcap_t * */
	void *tx_pcap;			/* pcap_t * (dead handle) */
	void *tx_dump;			/* pcap_dumper_t * */
	char *rx_path;
	uint64_t pps;
	uint32_t passes_left;
	uint64_t start_ns;
	uint64_t rx_count;
	/* TAP */
	int tap_fd;
	int ctl_fd;
	char ifname[32];
	bool carrier;
	uint64_t carrier_ns;
	struct sim_wire_stats st;
};

/* Monotonic time in nanoseconds. */
uint64_t sim_wire_now_ns(void);

int sim_wire_pcap_open(struct sim_wire *w, const struct qlxge_sim_wire_cfg *cfg);
int sim_wire_pcap_tx(struct sim_wire *w, const uint8_t *frame, uint32_t len);
int sim_wire_pcap_rx(struct sim_wire *w);	/* stage the next due frame in rxbuf */
void sim_wire_pcap_close(struct sim_wire *w);

int sim_wire_tap_open(struct sim_wire *w, const struct qlxge_sim_wire_cfg *cfg);
int sim_wire_tap_tx(struct sim_wire *w, const uint8_t *frame, uint32_t len);
int sim_wire_tap_rx(struct sim_wire *w);	/* stage the next frame in rxbuf */
bool sim_wire_tap_carrier(struct sim_wire *w);
void sim_wire_tap_close(struct sim_wire *w);

#endif /* SIM_WIRE_PVT_H */
