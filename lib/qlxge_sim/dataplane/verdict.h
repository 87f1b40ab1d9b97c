/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * What the receive pass hands from stage to stage (§7.7, §12): the context classification reads
 * (from the function's registers and tables) and its verdict on a frame, which placement
 * (queues/rxq.h) turns into buffers and a completion.
 */

#ifndef SIM_DATAPLANE_VERDICT_H
#define SIM_DATAPLANE_VERDICT_H

#include <stdbool.h>
#include <stdint.h>

#include "dataplane/route.h"

struct sim_mac_memo;
struct sim_mac_tables;
struct sim_rss_state;
struct sim_rx_vmemo;

/** Everything classification reads; the receive pass builds one per batch of frames. */
struct sim_rx_ctx {
	const struct sim_mac_tables *mac;	/* adapter-wide tables */
	const struct sim_route_table *rt;	/* the function's routing slots */
	const struct sim_rss_state *rss;	/* the function's RSS state; NULL = none */
	uint32_t nic_rcv_cfg;			/* NIC_RCV_CFG low half (VLAN mode, RV, DFQ) */
	uint32_t fsc;				/* FSC (SH) */
	uint32_t splt_hdr;			/* SPLT_HDR (EP, length) */
	uint32_t rst_fo;			/* RST_FO (RR; stored, not used: see docs) */
	unsigned int func;			/* PCI function number (CAM function field) */
	unsigned int port;			/* port the frame arrived on (0/1) */
	uint32_t max_frame;			/* port max frame (FCS included); 0 = 9600 */
	struct sim_route_memo *route_memo;	/* the batch's last slot search; NULL = none */
	struct sim_mac_memo *mac_memo;		/* the batch's last address match; NULL = none */
	struct sim_rx_vmemo *verdict_memo;	/* the burst's last verdict; NULL = none */
	uint32_t trace;				/* the function's trace cache (SIM_TA_*, log.h)
						 * for SIM_TRACE_DP; 0: no trace */
};

/** Why a frame was not delivered (sim_rx_verdict.drop). */
enum sim_rx_drop {
	SIM_RX_DELIVER = 0,	/**< deliver to cq_id */
	SIM_RX_DROP_FILTER,	/**< no routing slot matched (address filtering) */
	SIM_RX_DROP_VLAN,	/**< rejected by the NIC_RCV_CFG VLAN mode / VLAN table */
	SIM_RX_DROP_SLOT,	/**< a matching slot's destination is drop (error slot) */
	SIM_RX_DROP_OVERSIZE,	/**< longer than max_frame and not delivered */
	SIM_RX_DROP_RUNT,	/**< shorter than an Ethernet header */
	SIM_RX_DROP_MAC_CONTROL,	/**< a MAC Control frame (0x8808): the MAC's own */
};

/** No routing slot matched (sim_rx_verdict.slot). */
#define SIM_RX_SLOT_NONE	SIM_ROUTE_SLOT_NONE

/** Result of classifying one frame. */
struct sim_rx_verdict {
	enum sim_rx_drop drop;
	uint8_t cq_id;		/* destination CQ when delivered */
	uint8_t slot;		/* matching NIC-queue slot, SIM_RX_SLOT_NONE if none */
	uint8_t dest;		/* its RT_IDX destination code (QLXGE_RT_IDX_DST_* >> 20) */
	/* completion bytes 1-3 (§7.7) without OI/I and without IH/DS/DL (placement) */
	uint8_t flags1;		/* TE, NU, IE, M, B */
	uint8_t flags2;		/* P, V, ERR, U, T */
	uint8_t flags3;		/* RSS type, V4, V6 */
	bool strip_vlan;	/* remove bytes 12-15 (the 802.1Q tag) before placing the data */
	uint16_t vlan_tci;	/* TCI of the tag when flags2.V (completion vlan_id) */
	uint32_t rss_hash;	/* completion rss (0 when flags3 RSS type is none) */
	uint32_t rt_bits;	/* the frame's classification bits (QLXGE_RT_DATA_*) */
	uint16_t l3_off;	/* offset of the IP header in the frame as received, 0 if none */
	uint16_t l4_off;	/* offset of the TCP/UDP header, 0 if none */
	uint16_t hdr_len;	/* L2+L3+L4 header bytes (for header split), 0 if not IP */
	bool split;		/* FSC.SH and SPLT_HDR.EP (or CAM SH) ask for header split */
};

/**
 * The verdict of the same frame with the bytes of its TCP/UDP checksum field XORed with 5A A5
 * (the injected fault QLXGE_SIM_FAULT_RX_BAD_L4CSUM): only what that corruption changes.
 */
struct sim_rx_alt {
	uint16_t at;		/* offset of the checksum field; 0: no TCP/UDP header to corrupt */
	int drop;		/* SIM_RX_DELIVER or the reason, as sim_rx_classify() returns */
	uint8_t flags1;		/* TE, NU as verified */
	uint8_t slot;
	uint8_t dest;
	uint8_t cq_id;
	uint32_t rt_bits;
};

#endif /* SIM_DATAPLANE_VERDICT_H */
