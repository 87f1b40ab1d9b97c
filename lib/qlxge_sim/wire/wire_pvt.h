/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * One end of a wire, private to wire/: the state of every kind (wire.c dispatches, ring.c,
 * pcap.c and tap.c keep their part).
 */

#ifndef SIM_WIRE_WIRE_PVT_H
#define SIM_WIRE_WIRE_PVT_H

#include <stdbool.h>
#include <stdint.h>

#include "wire/ring.h"
#include "wire/wire.h"

/* Shared by the two ends of a peer cable. */
struct sim_wire_cable {
	struct sim_wire_ring ring[2];	/* ring[i]: frames end i receives */
	int refs;			/* ends not yet closed (atomic) */
	bool open[2];			/* end i open (atomic) */
	bool pulled[2];			/* end i's link forced down (atomic): no carrier */
};

struct sim_wire {
	enum qlxge_sim_wire_kind kind;
	/* LOOP and PEER */
	struct sim_wire_ring *txr, *rxr;
	struct sim_wire_cable *cable;	/* PEER */
	unsigned int end;		/* PEER: 0 or 1 */
	/* the last burst shown: the frames' count, where each record ends, its bytes */
	unsigned int burst_n;
	uint64_t burst_end[SIM_WIRE_BURST_MAX];
	uint32_t burst_len[SIM_WIRE_BURST_MAX];
	/* PCAP and TAP: the frame received and not yet taken */
	uint8_t *rxbuf;
	uint32_t rxlen;
	bool rx_have;
	/* PCAP */
	void *rx_pcap;			/* pcap_t * */
	void *tx_pcap;			/* pcap_t * (dead handle) */
	void *tx_dump;			/* pcap_dumper_t * */
	char *rx_path;
	char *tx_path;
	enum qlxge_sim_pcap_start start;
	uint64_t pps;
	uint32_t loops;			/* passes configured (at least 1) */
	uint32_t passes_left;
	uint64_t start_ns;
	uint64_t rx_count;
	/* TAP */
	int tap_fd;
	int ctl_fd;			/* a socket in the interface's network namespace */
	uint64_t ns_dev, ns_ino;	/* that namespace (0/0: the process's own) */
	bool ns_warned;
	char ifname[32];		/* its name as last seen (TUNGETIFF) */
	bool carrier;
	uint64_t carrier_ns;
	struct sim_wire_stats st;
};

#endif /* SIM_WIRE_WIRE_PVT_H */
