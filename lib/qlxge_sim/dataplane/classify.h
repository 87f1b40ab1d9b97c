/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * RX classification (§7.7, §12, §2.15, §16.13): one frame from the wire in, a verdict out
 * (drop and why, CQ, completion flags, RSS hash, VLAN strip). The steps, each in the file of
 * its tables: L2 here; the addresses and VLAN against the MAC tables (filter.c); L3/L4 and
 * their checksums (parse.c); RSS (rss.c); routing (route.c). Buffers, completions and
 * interrupts are the queues' (queues/).
 */

#ifndef SIM_DATAPLANE_CLASSIFY_H
#define SIM_DATAPLANE_CLASSIFY_H

#include <stdbool.h>
#include <stdint.h>

#include "dataplane/filter.h"
#include "dataplane/route.h"
#include "dataplane/rss.h"

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
	uint32_t max_frame;			/* port max frame (bytes without FCS); 0 = 9600 */
};

/** Why a frame was not delivered (sim_rx_verdict.drop). */
enum sim_rx_drop {
	SIM_RX_DELIVER = 0,	/**< deliver to cq_id */
	SIM_RX_DROP_FILTER,	/**< no routing slot matched (address filtering) */
	SIM_RX_DROP_VLAN,	/**< rejected by the NIC_RCV_CFG VLAN mode / VLAN table */
	SIM_RX_DROP_SLOT,	/**< a matching slot's destination is drop (error slot) */
	SIM_RX_DROP_OVERSIZE,	/**< longer than max_frame and not delivered */
	SIM_RX_DROP_RUNT,	/**< shorter than an Ethernet header */
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
 * Classify one frame of @p len bytes (as on the wire, no FCS, VLAN tag included) arriving on the
 * port of @p ctx. Fills @p v completely.
 * @return v->drop (SIM_RX_DELIVER = 0, or a positive enum sim_rx_drop), -EINVAL on bad args.
 */
int sim_rx_classify(const struct sim_rx_ctx *ctx, const uint8_t *frame, uint32_t len,
		    struct sim_rx_verdict *v);

/**
 * sim_rx_classify() of a frame the MAC received with error @p mac_err (a
 * QLXGE_IB_MAC_FLAGS2_ERR_* value, e.g. ERR_CRC for an injected FCS fault; 0 = none). The error
 * is reported in flags2 and in the ERR/MAC_ERR classification bits, and clears VALID.
 */
int sim_rx_classify_ex(const struct sim_rx_ctx *ctx, const uint8_t *frame, uint32_t len,
		       uint8_t mac_err, struct sim_rx_verdict *v);

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

/**
 * sim_rx_classify_ex() without the checks of its arguments: the receive pass's own frames and
 * context (every pointer set, @p frame of @p len bytes). @p alt non-NULL: also the verdict of
 * the frame with a corrupted TCP/UDP checksum.
 */
int sim_rx_classify_frame(const struct sim_rx_ctx *ctx, const uint8_t *frame, uint32_t len,
			  uint8_t mac_err, struct sim_rx_alt *alt, struct sim_rx_verdict *v);

#endif /* SIM_DATAPLANE_CLASSIFY_H */
