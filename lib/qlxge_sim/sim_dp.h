/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Data plane of the 8100 model: the pure parts the queue engine (sim_*.c of the core) calls.
 *  - TX engine (§7.2-7.6, §16.12): one 128-byte TX IOCB in, frames out, completion
 *    flags back. Implemented in sim_tx.c.
 *  - RX classification (§7.7, §12, §2.15, §16.13): one frame from the wire in, a verdict out
 *    (drop and why, CQ, completion flags, RSS hash, VLAN strip). Implemented in sim_rx.c.
 *  - RSS (§6.5, §16.14): the state a CFG.LR load leaves, the Toeplitz hash. sim_rss.c.
 *
 * Nothing here touches registers, queues, buffers or interrupts: the core owns those, embeds the
 * storage structs below in its adapter/function state and fills them from register writes.
 * All multi-byte values in these structs are host order; raw register words are stored exactly
 * as the driver wrote them.
 *
 * Choices where docs/hardware leaves gaps are listed in docs/model-dataplane.md.
 */

#ifndef SIM_DP_H
#define SIM_DP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "qlxge_regs.h"
#include "qlxge_iocb.h"
#include "qlxge_sim.h"
#include "base/state.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== Filter tables (§12.1, §12.3) ======================================================== */

/**
 * MAC protocol address tables, shared by the functions of an adapter (§12.1). The raw words are
 * kept as MAC_ADDR_DATA wrote them; the enables of the multicast, VLAN and multicast-filter
 * entries come from the E bit of MAC_ADDR_IDX. The trailing fields are derived lookup data: write
 * through sim_mac_tables_idx_write()/sim_mac_tables_data_write(), or, after editing the raw
 * arrays directly, call sim_mac_tables_sync().
 *
 * Not locked: the caller serialises writers; a frame classified while an entry changes sees the
 * old or the new entry (as on the card).
 */
struct sim_mac_tables {
	uint32_t cam[QLXGE_CAM_ENTRIES][QLXGE_CAM_WORDS];	/* type 0: lo, hi, output */
	uint32_t mcast[QLXGE_MCAST_ENTRIES][QLXGE_MCAST_WORDS];	/* type 1: lo, hi */
	uint8_t mcast_en[QLXGE_MCAST_ENTRIES];			/* type 1: E of the last write */
	uint8_t vlan_en[QLXGE_VLAN_ENTRIES];			/* type 2: E, by VLAN id */
	uint8_t mcast_filter_en[QLXGE_MCAST_FLTR_ENTRIES];	/* type 3: E, by hash index */
	/* ---- derived (sim_mac_tables_sync) ---- */
	uint16_t cam_live_n;			/* CAM entries with a non-zero address */
	uint16_t cam_live[QLXGE_CAM_ENTRIES];	/* their indexes, ascending */
	uint64_t cam_addr[QLXGE_CAM_ENTRIES];	/* 48-bit address m[0]..m[5], m[0] highest */
	uint32_t mcast_live;			/* bit i: entry i enabled and non-zero */
	uint64_t mcast_addr[QLXGE_MCAST_ENTRIES];
	uint16_t mcast_filter_n;		/* enabled multicast-filter entries */
};

/** Zero every table (power-on state). */
void sim_mac_tables_reset(struct sim_mac_tables *t);

/** Rebuild the derived lookup fields after the raw arrays were edited directly. */
void sim_mac_tables_sync(struct sim_mac_tables *t);

/**
 * Apply a write of MAC_ADDR_IDX (@p idx_word as written, MW/MR ignored). VLAN (type 2) and
 * multicast-filter (type 3) entries take their enable from E here: these entries have no data
 * word (§12.1). Other types only latch the index, which the core keeps.
 * @return 0, -EINVAL (index out of range for the type), -ENOTSUP (management/FC types: not
 *         modelled, accepted and ignored by the caller).
 */
int sim_mac_tables_idx_write(struct sim_mac_tables *t, uint32_t idx_word);

/**
 * Apply a write of MAC_ADDR_DATA @p data for the latched MAC_ADDR_IDX @p idx_word: CAM (type 0)
 * and multicast (type 1, enable = E of @p idx_word) store the word at the offset; VLAN and filter
 * entries set their enable from E. @return 0, -EINVAL, -ENOTSUP as sim_mac_tables_idx_write().
 */
int sim_mac_tables_data_write(struct sim_mac_tables *t, uint32_t idx_word, uint32_t data);

/**
 * Word a read (MAC_ADDR_IDX with RS) of @p idx_word returns in MAC_ADDR_DATA. VLAN and filter
 * entries report their enable in bit 0. @return 0, -EINVAL, -ENOTSUP (*data = 0).
 */
int sim_mac_tables_read(const struct sim_mac_tables *t, uint32_t idx_word, uint32_t *data);

/** Number of RT_IDX types (routing, inverted routing, NIC queue, inverted NIC queue). */
#define SIM_RT_TYPES	4
/** Slots stored per type (types 0/1 use 8 of them). */
#define SIM_RT_SLOTS	16

/**
 * Frame-routing table of one function (§12.3): the RT_IDX word (E, destination, type, slot;
 * MW/MR/RS cleared) and the RT_DATA mask of every slot, indexed [type][slot]. Classification uses
 * the NIC-queue types 2 and 3; types 0/1 are stored for read-back only.
 */
struct sim_route_table {
	uint32_t idx[SIM_RT_TYPES][SIM_RT_SLOTS];
	uint32_t data[SIM_RT_TYPES][SIM_RT_SLOTS];
	/* derived (sim_route_write/reset): bit s = type 2 slot s has E, bit 16 + s = type 3 */
	uint32_t nicq_en;
};

/** Clear every slot (E = 0, data 0). */
void sim_route_reset(struct sim_route_table *rt);

/** Rebuild nicq_en after the raw arrays were edited directly (sim_route_write() keeps it). */
void sim_route_sync(struct sim_route_table *rt);

/**
 * Apply a write of RT_DATA @p data with the latched RT_IDX @p idx_word (slot, type, E and
 * destination are taken from @p idx_word). @return 0 or -EINVAL (type > 3, or slot > 7 for
 * types 0/1).
 */
int sim_route_write(struct sim_route_table *rt, uint32_t idx_word, uint32_t data);

/** The RT_DATA mask a read (RT_IDX with RS) of @p idx_word returns. @return 0 or -EINVAL. */
int sim_route_read(const struct sim_route_table *rt, uint32_t idx_word, uint32_t *data);

/* ==== RSS (§6.5) ========================================================================= */

/**
 * RSS state of one function after CFG.LR loads. The key bytes are stored in ICB order; the model
 * takes them as the Toeplitz key byte stream (key byte 0 = ipv6_hash_key[0], i.e. the order the
 * Linux driver writes; §15 #7, docs/model-dataplane.md). The IPv4 types use the 16-byte IPv4 key,
 * the IPv6 types the 40-byte IPv6 key. The tables are derived (per input byte, per byte value)
 * so that a hash costs one lookup per input byte.
 */
struct sim_rss_state {
	bool loaded;			/* at least one CFG.LR was applied */
	uint16_t flags;			/* RI4/RT4/RI6/RT6 of the last load */
	uint8_t base_cq;		/* loaded by LB */
	uint16_t mask;			/* loaded by LM (bits 9:0) */
	uint8_t cq_id[QLXGE_RSS_TABLE_SIZE];		/* loaded by LI */
	uint8_t ipv6_key[QLXGE_RSS_IPV6_KEY_SIZE];	/* loaded by L6K */
	uint8_t ipv4_key[QLXGE_RSS_IPV4_KEY_SIZE];	/* loaded by L4K */
	/* ---- derived ---- */
	uint32_t v4_tbl[12][256];	/* IPv4 key: src(4) dst(4) sport(2) dport(2) */
	uint32_t v6_tbl[36][256];	/* IPv6 key: src(16) dst(16) sport(2) dport(2) */
};

/** Forget every RSS setting (reset state: not loaded, no hashing). */
void sim_rss_reset(struct sim_rss_state *s);

/**
 * Apply one RSS ICB as CFG.LR does: the fields whose load flag (L4K, L6K, LI, LB, LM) is set are
 * loaded; the hash-type enables (RI4, RT4, RI6, RT6) are always taken from the ICB. @p icb is in
 * the card's (little-endian) layout.
 */
void sim_rss_load(struct sim_rss_state *s, const struct qlxge_rss_icb *icb);

/** Write back the current state in ICB layout (for qlxge_sim_rss_get()). */
void sim_rss_store(const struct sim_rss_state *s, struct qlxge_rss_icb *icb);

/** RSS hash types (the values of the completion's flags3 RSS field, §7.7). */
#define SIM_RSS_TYPE_NONE	QLXGE_IB_MAC_FLAGS3_RSS_NONE
#define SIM_RSS_TYPE_IPV6	QLXGE_IB_MAC_FLAGS3_RSS_IPV6
#define SIM_RSS_TYPE_TCP_IPV6	QLXGE_IB_MAC_FLAGS3_RSS_TCP_IPV6
#define SIM_RSS_TYPE_IPV4	QLXGE_IB_MAC_FLAGS3_RSS_IPV4
#define SIM_RSS_TYPE_TCP_IPV4	QLXGE_IB_MAC_FLAGS3_RSS_TCP_IPV4

/**
 * Toeplitz hash of an input in network byte order (addresses then ports, as on the wire) with
 * the loaded IPv4 (@p v6 false; @p len 8 or 12) or IPv6 (@p v6 true; @p len 32 or 36) key.
 */
uint32_t sim_rss_hash(const struct sim_rss_state *s, bool v6, const uint8_t *input,
		      unsigned int len);

/** XOR of the per-byte hashes of @p n input bytes starting at input position @p first. */
static inline uint32_t
sim_rss_hash_bytes(const uint32_t (*tbl)[256], unsigned int first, const uint8_t *p,
		   unsigned int n)
{
	uint32_t h = 0;

	for (unsigned int i = 0; i < n; i++)
		h ^= tbl[first + i][p[i]];
	return h;
}

/** CQ id the indirection table gives for @p hash: (base CQ + table[hash & mask]) & 0x7F. */
uint8_t sim_rss_cq(const struct sim_rss_state *s, uint32_t hash);

/* ==== RX classification (§7.7, §12, §2.15) =============================================== */

/** Everything classification reads; the core builds one per function (pointers stay valid). */
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
#define SIM_RX_SLOT_NONE	0xFFu

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

/* ==== TX engine (§7.2-7.6) ================================================================ */

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
 * hand each resulting frame to @p emit. Frames longer than @p max_frame (0 = 9600) are sent and
 * flagged L (longer than SIM_FRAME_MAX: flagged L and dropped, never emitted). Uses a
 * per-thread scratch buffer: no allocation.
 * @return 0 (sent), -EFAULT (DMA error: B), -EINVAL (malformed IOCB: E or S, nothing sent),
 *         -ENOBUFS (emit refused a frame). @p res is filled in every case.
 */
int sim_tx_iocb(struct qlxge_sim_func *fn, const void *iocb, uint32_t max_frame,
		sim_tx_emit_t emit, void *arg, struct sim_tx_result *res);

#ifdef __cplusplus
}
#endif

#endif /* SIM_DP_H */
