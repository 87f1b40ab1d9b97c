/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Hardware contract of the QLogic 8100: host-memory structures shared with the device, i.e. the
 * initialization control blocks (WQ, CQ, RSS), the TX request IOCBs with their buffer
 * descriptors, the completions (TX, RX, asynchronous event) and buffer-queue entries.
 * Facts from the hardware reference docs/hardware (§6, §7); choices in docs/hardware/choices.md.
 * The static_asserts after each structure are the checks of its layout; a structure whose size
 * has a name (QLXGE_IOCB_SIZE, ...) is asserted against that name, whose value tests/unit/hw
 * checks.
 *
 * Every multi-byte field is little-endian in memory. The structs declare plain fixed-width
 * integers: convert with rte_cpu_to_le_* / rte_le_to_cpu_* (or le*toh) where a value is used,
 * never inside this contract. Flag values are given for the field they live in (u8 flags are
 * byte values, u16/u32 flags are values of the converted word). Each field's comment gives its
 * byte offset and, for flag fields, the bits used.
 *
 * Two structs are packed because the hardware places 64-bit fields at offsets that are not
 * multiples of 8: struct qlxge_tx_bd (12 bytes, 8 of them in each IOCB) and struct qlxge_cq_icb
 * (u64 at 28). Both are aligned(4); access their fields by value, never through a pointer to a
 * member (-Waddress-of-packed-member).
 */

#ifndef QLXGE_IOCB_H
#define QLXGE_IOCB_H

#include <stddef.h>
#include <stdint.h>
#include <assert.h>

/* ---------------------------------------------------------------------------------------- */
/* §7.1 Sizes and opcodes */
#define QLXGE_IOCB_SIZE			128	/* one WQ entry */
#define QLXGE_CQE_SIZE			64	/* one CQ entry, any completion */
#define QLXGE_TX_BD_SIZE		12
#define QLXGE_TX_BD_PER_IOCB		8
#define QLXGE_BQ_ENTRY_SIZE		8

#define QLXGE_OPCODE_OB_MAC_IOCB	0x01u	/* TX plain send; echoed in its completion */
#define QLXGE_OPCODE_OB_MAC_TSO_IOCB	0x02u	/* TX LSO and/or checksum offload; echoed */
#define QLXGE_OPCODE_IB_MAC_IOCB	0x20u	/* RX frame completion */
#define QLXGE_OPCODE_IB_MPI_IOCB	0x21u	/* inbound MPI IOCB (neither driver handles it) */
#define QLXGE_OPCODE_IB_AE_IOCB		0x3Fu	/* asynchronous chip event */

/* ---------------------------------------------------------------------------------------- */
/* §6.1 WQ ICB, 24 bytes; load with CFG.LRQ, queue id = WQ id */
struct qlxge_wq_icb {
	uint16_t len;			/* 0: 15:5 entry count, 4 V, 3:0 CPP */
	uint8_t pri;			/* 2: priority, bits 7:1 (unused, 0) */
	uint8_t flags;			/* 3: 7 LO, 6 LI, 5 LB, 4 LC */
	uint16_t cq_id_rss;		/* 4: 6:0 CQ id of completions, 15 RSS_V (never set) */
	uint16_t rid;			/* 6: 0 */
	uint64_t addr;			/* 8: WQ ring base (DMA) */
	uint64_t cnsmr_idx_addr;	/* 16: consumer-index shadow (DMA), device writes LE32 */
};
static_assert(sizeof(struct qlxge_wq_icb) == 24, "WQ ICB size");
static_assert(offsetof(struct qlxge_wq_icb, len) == 0, "WQ ICB len");
static_assert(offsetof(struct qlxge_wq_icb, pri) == 2, "WQ ICB pri");
static_assert(offsetof(struct qlxge_wq_icb, flags) == 3, "WQ ICB flags");
static_assert(offsetof(struct qlxge_wq_icb, cq_id_rss) == 4, "WQ ICB cq_id_rss");
static_assert(offsetof(struct qlxge_wq_icb, rid) == 6, "WQ ICB rid");
static_assert(offsetof(struct qlxge_wq_icb, addr) == 8, "WQ ICB addr");
static_assert(offsetof(struct qlxge_wq_icb, cnsmr_idx_addr) == 16, "WQ ICB cnsmr_idx_addr");

/* len (u16) */
#define QLXGE_WQ_ICB_LEN_V		0x0010u		/* valid */
#define QLXGE_WQ_ICB_LEN_CPP_MASK	0x000Fu
#define QLXGE_WQ_ICB_LEN_CPP_CONT	0x0000u		/* contiguous */
#define QLXGE_WQ_ICB_LEN_CPP_16		0x0001u
#define QLXGE_WQ_ICB_LEN_CPP_32		0x0002u
#define QLXGE_WQ_ICB_LEN_CPP_64		0x0003u
#define QLXGE_WQ_ICB_LEN_CPP_512	0x0006u
#define QLXGE_WQ_ICB_LEN_FLAGS_MASK	0x001Fu		/* count is a multiple of 32 */
/* pri (u8) */
#define QLXGE_WQ_ICB_PRI_SHIFT		1
/* flags (u8); as the LE16 word at offset 2: 0x8000 LO, 0x4000 LI, 0x2000 LB, 0x1000 LC */
#define QLXGE_WQ_ICB_FLAGS_LO		0x80u
#define QLXGE_WQ_ICB_FLAGS_LI		0x40u
#define QLXGE_WQ_ICB_FLAGS_LB		0x20u
#define QLXGE_WQ_ICB_FLAGS_LC		0x10u
/* both drivers set all four */
#define QLXGE_WQ_ICB_FLAGS_ALL \
	(QLXGE_WQ_ICB_FLAGS_LO | QLXGE_WQ_ICB_FLAGS_LI | QLXGE_WQ_ICB_FLAGS_LB | \
	 QLXGE_WQ_ICB_FLAGS_LC)
/* cq_id_rss (u16) */
#define QLXGE_WQ_ICB_CQ_ID_MASK		0x007Fu
#define QLXGE_WQ_ICB_RSS_V		0x8000u

/* ---------------------------------------------------------------------------------------- */
/* §6.2 CQ ICB, 52 bytes; load with CFG.LCQ, queue id = CQ id */
struct __attribute__((packed, aligned(4))) qlxge_cq_icb {
	uint8_t msix_vect;		/* 0: MSI-X vector of this CQ */
	uint8_t reserved1[2];		/* 1: 0 */
	uint8_t flags;			/* 3: 7 LC, 6 LI, 5 LL, 4 LS, 3 LV */
	uint16_t len;			/* 4: 15:5 entry count (65536 = 0), 4 V, 3:0 CPP */
	uint16_t rid;			/* 6: 0 */
	uint64_t addr;			/* 8: CQ ring base (DMA) */
	uint64_t prod_idx_addr;		/* 16: producer-index shadow (DMA), device writes LE32 */
	uint16_t pkt_delay;		/* 24: inter-frame coalescing delay */
	uint16_t irq_delay;		/* 26: interrupt coalescing delay, us */
	uint64_t lbq_addr;		/* 28: LBQ page-address table (DMA), not the ring */
	uint16_t lbq_buf_size;		/* 36: large buffer bytes (65536 = 0) */
	uint16_t lbq_len;		/* 38: LBQ entries (65536 = 0) */
	uint64_t sbq_addr;		/* 40: SBQ page-address table (DMA), not the ring */
	uint16_t sbq_buf_size;		/* 48: small buffer bytes */
	uint16_t sbq_len;		/* 50: SBQ entries */
};
static_assert(sizeof(struct qlxge_cq_icb) == 52, "CQ ICB size");
static_assert(offsetof(struct qlxge_cq_icb, msix_vect) == 0, "CQ ICB msix_vect");
static_assert(offsetof(struct qlxge_cq_icb, reserved1) == 1, "CQ ICB reserved1");
static_assert(offsetof(struct qlxge_cq_icb, flags) == 3, "CQ ICB flags");
static_assert(offsetof(struct qlxge_cq_icb, len) == 4, "CQ ICB len");
static_assert(offsetof(struct qlxge_cq_icb, rid) == 6, "CQ ICB rid");
static_assert(offsetof(struct qlxge_cq_icb, addr) == 8, "CQ ICB addr");
static_assert(offsetof(struct qlxge_cq_icb, prod_idx_addr) == 16, "CQ ICB prod_idx_addr");
static_assert(offsetof(struct qlxge_cq_icb, pkt_delay) == 24, "CQ ICB pkt_delay");
static_assert(offsetof(struct qlxge_cq_icb, irq_delay) == 26, "CQ ICB irq_delay");
static_assert(offsetof(struct qlxge_cq_icb, lbq_addr) == 28, "CQ ICB lbq_addr");
static_assert(offsetof(struct qlxge_cq_icb, lbq_buf_size) == 36, "CQ ICB lbq_buf_size");
static_assert(offsetof(struct qlxge_cq_icb, lbq_len) == 38, "CQ ICB lbq_len");
static_assert(offsetof(struct qlxge_cq_icb, sbq_addr) == 40, "CQ ICB sbq_addr");
static_assert(offsetof(struct qlxge_cq_icb, sbq_buf_size) == 48, "CQ ICB sbq_buf_size");
static_assert(offsetof(struct qlxge_cq_icb, sbq_len) == 50, "CQ ICB sbq_len");

/* flags (u8) */
#define QLXGE_CQ_ICB_FLAGS_LC		0x80u	/* load queue base / length */
#define QLXGE_CQ_ICB_FLAGS_LI		0x40u	/* load interrupt delays */
#define QLXGE_CQ_ICB_FLAGS_LL		0x20u	/* load LBQ parameters */
#define QLXGE_CQ_ICB_FLAGS_LS		0x10u	/* load SBQ parameters */
#define QLXGE_CQ_ICB_FLAGS_LV		0x08u	/* load vector */
/* len (u16) */
#define QLXGE_CQ_ICB_LEN_V		0x0010u
#define QLXGE_CQ_ICB_LEN_CPP_MASK	0x000Fu
#define QLXGE_CQ_ICB_LEN_CPP_CONT	0x0000u
#define QLXGE_CQ_ICB_LEN_CPP_32		0x0001u
#define QLXGE_CQ_ICB_LEN_CPP_64		0x0002u
#define QLXGE_CQ_ICB_LEN_CPP_128	0x0003u
#define QLXGE_CQ_ICB_LEN_FLAGS_MASK	0x001Fu

/* §6.3 shadow index words: LE32 written by the device; 8 bytes reserved per shadow */
#define QLXGE_SHADOW_SIZE		8

/* §6.4 buffer-queue page-address table entry: LE64 DMA address of one 4 KiB ring page */
struct qlxge_bq_page {
	uint64_t addr;			/* 0: DMA address of a 4096-byte page of the BQ ring */
};
static_assert(sizeof(struct qlxge_bq_page) == 8, "BQ page table entry size");
static_assert(offsetof(struct qlxge_bq_page, addr) == 0, "BQ page addr");

/* §7.9 buffer-queue (LBQ/SBQ) ring entry: LE64 DMA address of an empty receive buffer */
struct qlxge_bq_entry {
	uint64_t addr;			/* 0: buffer DMA address (size from the CQ ICB) */
};
static_assert(sizeof(struct qlxge_bq_entry) == QLXGE_BQ_ENTRY_SIZE, "BQ entry size");
static_assert(offsetof(struct qlxge_bq_entry, addr) == 0, "BQ entry addr");

/* ---------------------------------------------------------------------------------------- */
/* §6.5 RSS ICB, 1084 bytes; load with CFG.LR */
#define QLXGE_RSS_TABLE_SIZE		1024
#define QLXGE_RSS_IPV6_KEY_SIZE		40
#define QLXGE_RSS_IPV4_KEY_SIZE		16

struct qlxge_rss_icb {
	uint16_t flags_base_cq;		/* 0: 6:0 base CQ, 7 L4K, 8 L6K, 9 LI, 10 LB, 11 LM, */
					/*    12 RI4, 13 RT4, 14 RI6, 15 RT6 */
	uint16_t mask;			/* 2: 9:0 hash mask (0x3FF) */
	uint8_t cq_id[QLXGE_RSS_TABLE_SIZE];	/* 4: indirection table, CQ id per bucket */
	uint8_t ipv6_hash_key[QLXGE_RSS_IPV6_KEY_SIZE]; /* 1028: key byte k at [k] */
	uint8_t ipv4_hash_key[QLXGE_RSS_IPV4_KEY_SIZE]; /* 1068: key byte k at [k] */
};
static_assert(sizeof(struct qlxge_rss_icb) == 1084, "RSS ICB size");
static_assert(offsetof(struct qlxge_rss_icb, flags_base_cq) == 0, "RSS ICB flags_base_cq");
static_assert(offsetof(struct qlxge_rss_icb, mask) == 2, "RSS ICB mask");
static_assert(offsetof(struct qlxge_rss_icb, cq_id) == 4, "RSS ICB cq_id");
static_assert(offsetof(struct qlxge_rss_icb, ipv6_hash_key) == 1028, "RSS ICB ipv6 key");
static_assert(offsetof(struct qlxge_rss_icb, ipv4_hash_key) == 1068, "RSS ICB ipv4 key");

/* flags_base_cq (u16) */
#define QLXGE_RSS_ICB_BASE_CQ_MASK	0x007Fu	/* Linux's dump masks 0x1F */
#define QLXGE_RSS_ICB_L4K		0x0080u	/* load IPv4 key */
#define QLXGE_RSS_ICB_L6K		0x0100u	/* load IPv6 key */
#define QLXGE_RSS_ICB_LI		0x0200u	/* load indirection table */
#define QLXGE_RSS_ICB_LB		0x0400u	/* load base CQ */
#define QLXGE_RSS_ICB_LM		0x0800u	/* load mask */
#define QLXGE_RSS_ICB_RI4		0x1000u	/* hash IPv4 */
#define QLXGE_RSS_ICB_RT4		0x2000u	/* hash TCP/IPv4 */
#define QLXGE_RSS_ICB_RI6		0x4000u	/* hash IPv6 */
#define QLXGE_RSS_ICB_RT6		0x8000u	/* hash TCP/IPv6 */
/* what both drivers load: L4K|L6K|LI|LB|LM|RT4|RT6, base CQ 0 */
#define QLXGE_RSS_ICB_FLAGS_DRIVERS \
	(QLXGE_RSS_ICB_L4K | QLXGE_RSS_ICB_L6K | QLXGE_RSS_ICB_LI | QLXGE_RSS_ICB_LB | \
	 QLXGE_RSS_ICB_LM | QLXGE_RSS_ICB_RT4 | QLXGE_RSS_ICB_RT6)
/* mask (u16) */
#define QLXGE_RSS_ICB_MASK_BITS		0x03FFu

/* ---------------------------------------------------------------------------------------- */
/* §7.2 TX buffer descriptor, 12 bytes; in IOCBs and in outbound address lists (OAL) */
struct __attribute__((packed, aligned(4))) qlxge_tx_bd {
	uint64_t addr;			/* 0: buffer DMA address */
	uint32_t len;			/* 8: 19:0 length, 29:20 reserved 0, 30 C, 31 E */
};
static_assert(sizeof(struct qlxge_tx_bd) == QLXGE_TX_BD_SIZE, "TX BD size");
static_assert(offsetof(struct qlxge_tx_bd, addr) == 0, "TX BD addr");
static_assert(offsetof(struct qlxge_tx_bd, len) == 8, "TX BD len");

/* len (u32); 20-bit length chosen (§15 #4, docs/hardware/choices.md) */
#define QLXGE_TX_BD_LEN_MASK		0x000FFFFFu	/* bytes; OAL size when C */
#define QLXGE_TX_BD_C			0x40000000u	/* continuation: addr points to an OAL */
#define QLXGE_TX_BD_E			0x80000000u	/* end: last descriptor of the frame */

/* ---------------------------------------------------------------------------------------- */
/* §7.8 generic headers used for dispatch */
struct qlxge_iocb_req_hdr {
	uint8_t opcode;			/* 0 */
	uint8_t flags1;			/* 1 */
	uint16_t flags;			/* 2 */
	uint32_t tid;			/* 4 */
	uint8_t reserved[120];		/* 8 */
};
static_assert(sizeof(struct qlxge_iocb_req_hdr) == QLXGE_IOCB_SIZE, "generic request size");
static_assert(offsetof(struct qlxge_iocb_req_hdr, opcode) == 0, "req opcode");
static_assert(offsetof(struct qlxge_iocb_req_hdr, flags1) == 1, "req flags1");
static_assert(offsetof(struct qlxge_iocb_req_hdr, flags) == 2, "req flags");
static_assert(offsetof(struct qlxge_iocb_req_hdr, tid) == 4, "req tid");
static_assert(offsetof(struct qlxge_iocb_req_hdr, reserved) == 8, "req reserved");

struct qlxge_iocb_rsp_hdr {
	uint8_t opcode;			/* 0 */
	uint8_t flags;			/* 1 */
	uint16_t length;		/* 2 */
	uint32_t tid;			/* 4 */
	uint8_t reserved[56];		/* 8 */
};
static_assert(sizeof(struct qlxge_iocb_rsp_hdr) == QLXGE_CQE_SIZE, "generic response size");
static_assert(offsetof(struct qlxge_iocb_rsp_hdr, opcode) == 0, "rsp opcode");
static_assert(offsetof(struct qlxge_iocb_rsp_hdr, flags) == 1, "rsp flags");
static_assert(offsetof(struct qlxge_iocb_rsp_hdr, length) == 2, "rsp length");
static_assert(offsetof(struct qlxge_iocb_rsp_hdr, tid) == 4, "rsp tid");
static_assert(offsetof(struct qlxge_iocb_rsp_hdr, reserved) == 8, "rsp reserved");

/* ---------------------------------------------------------------------------------------- */
/* §7.3 Outbound MAC IOCB, opcode 0x01, 128 bytes */
struct qlxge_ob_mac_iocb {
	uint8_t opcode;			/* 0: QLXGE_OPCODE_OB_MAC_IOCB */
	uint8_t flags1;			/* 1: 0 OI, 1 I, 3 D, 4 F */
	uint8_t flags2;			/* 2: none */
	uint8_t flags3;			/* 3: 1 DFP, 2 V */
	uint8_t reserved1[8];		/* 4 */
	uint16_t frame_len;		/* 12: 13:0 total frame length (§15 #5) */
	uint16_t reserved2;		/* 14 */
	uint32_t tid;			/* 16: opaque, echoed in the completion */
	uint32_t txq_idx;		/* 20: opaque, echoed in the completion */
	uint32_t reserved3;		/* 24 */
	uint16_t vlan_tci;		/* 28: inserted when flags3.V */
	uint16_t reserved4;		/* 30 */
	struct qlxge_tx_bd tbd[QLXGE_TX_BD_PER_IOCB];	/* 32 */
};
static_assert(sizeof(struct qlxge_ob_mac_iocb) == QLXGE_IOCB_SIZE, "OB MAC IOCB size");
static_assert(offsetof(struct qlxge_ob_mac_iocb, opcode) == 0, "OB MAC opcode");
static_assert(offsetof(struct qlxge_ob_mac_iocb, flags1) == 1, "OB MAC flags1");
static_assert(offsetof(struct qlxge_ob_mac_iocb, flags2) == 2, "OB MAC flags2");
static_assert(offsetof(struct qlxge_ob_mac_iocb, flags3) == 3, "OB MAC flags3");
static_assert(offsetof(struct qlxge_ob_mac_iocb, reserved1) == 4, "OB MAC reserved1");
static_assert(offsetof(struct qlxge_ob_mac_iocb, frame_len) == 12, "OB MAC frame_len");
static_assert(offsetof(struct qlxge_ob_mac_iocb, reserved2) == 14, "OB MAC reserved2");
static_assert(offsetof(struct qlxge_ob_mac_iocb, tid) == 16, "OB MAC tid");
static_assert(offsetof(struct qlxge_ob_mac_iocb, txq_idx) == 20, "OB MAC txq_idx");
static_assert(offsetof(struct qlxge_ob_mac_iocb, reserved3) == 24, "OB MAC reserved3");
static_assert(offsetof(struct qlxge_ob_mac_iocb, vlan_tci) == 28, "OB MAC vlan_tci");
static_assert(offsetof(struct qlxge_ob_mac_iocb, reserved4) == 30, "OB MAC reserved4");
static_assert(offsetof(struct qlxge_ob_mac_iocb, tbd) == 32, "OB MAC tbd");

/* flags1 (u8), both TX IOCBs */
#define QLXGE_OB_MAC_FLAGS1_OI		0x01u	/* override interrupt delay */
#define QLXGE_OB_MAC_FLAGS1_I		0x02u	/* no interrupt for this entry */
#define QLXGE_OB_MAC_FLAGS1_D		0x08u
#define QLXGE_OB_MAC_FLAGS1_F		0x10u	/* Linux only */
/* flags3 (u8), both TX IOCBs */
#define QLXGE_OB_MAC_FLAGS3_DFP		0x02u
#define QLXGE_OB_MAC_FLAGS3_V		0x04u	/* insert vlan_tci */
#define QLXGE_OB_MAC_FLAGS3_VLAN_OFF_SHIFT	3	/* FreeBSD only, unused */
/* frame_len (u16): 14 bits valid (§15 #5) */
#define QLXGE_OB_MAC_FRAME_LEN_MASK	0x3FFFu

/* ---------------------------------------------------------------------------------------- */
/* §7.4 Outbound TSO / checksum IOCB, opcode 0x02, 128 bytes */
struct qlxge_ob_tso_iocb {
	uint8_t opcode;			/* 0: QLXGE_OPCODE_OB_MAC_TSO_IOCB */
	uint8_t flags1;			/* 1: 0 OI, 1 I, 3 D, 6 IP4, 7 IP6 */
	uint8_t flags2;			/* 2: 5 LSO, 6 UC, 7 TC */
	uint8_t flags3;			/* 3: 0 IC, 1 DFP, 2 V */
	uint8_t reserved1[8];		/* 4 */
	uint32_t frame_len;		/* 12: 31:0 total bytes of the unsegmented frame */
	uint32_t tid;			/* 16: opaque, echoed */
	uint32_t txq_idx;		/* 20: opaque, echoed */
	uint16_t total_hdrs_len;	/* 24: L2+L3+L4 header bytes */
	uint16_t net_trans_offset;	/* 26: 5:0 IP header offset, 15:6 L4 header offset */
	uint16_t vlan_tci;		/* 28: inserted when flags3.V */
	uint16_t mss;			/* 30: LSO segment payload size */
	struct qlxge_tx_bd tbd[QLXGE_TX_BD_PER_IOCB];	/* 32 */
};
static_assert(sizeof(struct qlxge_ob_tso_iocb) == QLXGE_IOCB_SIZE, "OB TSO IOCB size");
static_assert(offsetof(struct qlxge_ob_tso_iocb, opcode) == 0, "OB TSO opcode");
static_assert(offsetof(struct qlxge_ob_tso_iocb, flags1) == 1, "OB TSO flags1");
static_assert(offsetof(struct qlxge_ob_tso_iocb, flags2) == 2, "OB TSO flags2");
static_assert(offsetof(struct qlxge_ob_tso_iocb, flags3) == 3, "OB TSO flags3");
static_assert(offsetof(struct qlxge_ob_tso_iocb, reserved1) == 4, "OB TSO reserved1");
static_assert(offsetof(struct qlxge_ob_tso_iocb, frame_len) == 12, "OB TSO frame_len");
static_assert(offsetof(struct qlxge_ob_tso_iocb, tid) == 16, "OB TSO tid");
static_assert(offsetof(struct qlxge_ob_tso_iocb, txq_idx) == 20, "OB TSO txq_idx");
static_assert(offsetof(struct qlxge_ob_tso_iocb, total_hdrs_len) == 24, "OB TSO hdrs_len");
static_assert(offsetof(struct qlxge_ob_tso_iocb, net_trans_offset) == 26, "OB TSO offsets");
static_assert(offsetof(struct qlxge_ob_tso_iocb, vlan_tci) == 28, "OB TSO vlan_tci");
static_assert(offsetof(struct qlxge_ob_tso_iocb, mss) == 30, "OB TSO mss");
static_assert(offsetof(struct qlxge_ob_tso_iocb, tbd) == 32, "OB TSO tbd");

/* flags1 (u8) */
#define QLXGE_OB_TSO_FLAGS1_OI		0x01u
#define QLXGE_OB_TSO_FLAGS1_I		0x02u
#define QLXGE_OB_TSO_FLAGS1_D		0x08u
#define QLXGE_OB_TSO_FLAGS1_IP4		0x40u	/* IPv4 frame */
#define QLXGE_OB_TSO_FLAGS1_IP6		0x80u	/* IPv6 frame */
/* flags2 (u8) */
#define QLXGE_OB_TSO_FLAGS2_LSO		0x20u	/* segment by mss */
#define QLXGE_OB_TSO_FLAGS2_UC		0x40u	/* insert UDP checksum */
#define QLXGE_OB_TSO_FLAGS2_TC		0x80u	/* insert TCP checksum */
/* flags3 (u8) */
#define QLXGE_OB_TSO_FLAGS3_IC		0x01u	/* insert IPv4 header checksum */
#define QLXGE_OB_TSO_FLAGS3_DFP		0x02u
#define QLXGE_OB_TSO_FLAGS3_V		0x04u	/* insert vlan_tci */
/* net_trans_offset (u16) */
#define QLXGE_OB_TSO_IP_OFF_MASK	0x003Fu
#define QLXGE_OB_TSO_IP_OFF_SHIFT	0
#define QLXGE_OB_TSO_L4_OFF_MASK	0xFFC0u
#define QLXGE_OB_TSO_L4_OFF_SHIFT	6
#define QLXGE_OB_TSO_OFFSETS(ip_off, l4_off) \
	((uint16_t)((((unsigned int)(ip_off) << QLXGE_OB_TSO_IP_OFF_SHIFT) & \
		     QLXGE_OB_TSO_IP_OFF_MASK) | \
		    (((unsigned int)(l4_off) << QLXGE_OB_TSO_L4_OFF_SHIFT) & \
		     QLXGE_OB_TSO_L4_OFF_MASK)))

/* ---------------------------------------------------------------------------------------- */
/* §7.6 TX completion (outbound MAC/TSO response), 64 bytes, on the WQ's CQ */
struct qlxge_ob_mac_rsp {
	uint8_t opcode;			/* 0: 0x01 or 0x02, as the request */
	uint8_t flags1;			/* 1: 0 OI, 1 I, 3 E, 4 S, 5 L, 6 P */
	uint8_t flags2;			/* 2: none */
	uint8_t flags3;			/* 3: 7 B (§15 #6) */
	uint32_t tid;			/* 4: copied from the request */
	uint32_t txq_idx;		/* 8: copied from the request */
	uint8_t reserved[52];		/* 12 */
};
static_assert(sizeof(struct qlxge_ob_mac_rsp) == QLXGE_CQE_SIZE, "OB MAC response size");
static_assert(offsetof(struct qlxge_ob_mac_rsp, opcode) == 0, "OB rsp opcode");
static_assert(offsetof(struct qlxge_ob_mac_rsp, flags1) == 1, "OB rsp flags1");
static_assert(offsetof(struct qlxge_ob_mac_rsp, flags2) == 2, "OB rsp flags2");
static_assert(offsetof(struct qlxge_ob_mac_rsp, flags3) == 3, "OB rsp flags3");
static_assert(offsetof(struct qlxge_ob_mac_rsp, tid) == 4, "OB rsp tid");
static_assert(offsetof(struct qlxge_ob_mac_rsp, txq_idx) == 8, "OB rsp txq_idx");
static_assert(offsetof(struct qlxge_ob_mac_rsp, reserved) == 12, "OB rsp reserved");

/* flags1 (u8) */
#define QLXGE_OB_MAC_RSP_FLAGS1_OI	0x01u
#define QLXGE_OB_MAC_RSP_FLAGS1_I	0x02u
#define QLXGE_OB_MAC_RSP_FLAGS1_E	0x08u	/* descriptor byte total != frame length */
#define QLXGE_OB_MAC_RSP_FLAGS1_S	0x10u	/* too short, not sent */
#define QLXGE_OB_MAC_RSP_FLAGS1_L	0x20u	/* too long, sent anyway */
#define QLXGE_OB_MAC_RSP_FLAGS1_P	0x40u	/* padded */
/* flags3 (u8) */
#define QLXGE_OB_MAC_RSP_FLAGS3_B	0x80u	/* PCI/back-plane error, not sent */

/* ---------------------------------------------------------------------------------------- */
/* §7.7 Inbound MAC completion, opcode 0x20, 64 bytes (Linux layout for bytes 48-63, §15 #3) */
struct qlxge_ib_mac_rsp {
	uint8_t opcode;			/* 0: QLXGE_OPCODE_IB_MAC_IOCB */
	uint8_t flags1;			/* 1: 0 OI, 1 I, 2 TE, 3 NU, 4 IE, 6:5 M, 7 B */
	uint8_t flags2;			/* 2: 0 P, 1 V, 4:2 ERR, 5 U, 6 T, 7 FO */
	uint8_t flags3;			/* 3: 2:0 RSS, 3 V4, 4 V6, 5 IH, 6 DS, 7 DL */
	uint32_t data_len;		/* 4: data length in bytes */
	uint64_t data_addr;		/* 8: DMA address of the data buffer */
	uint32_t rss;			/* 16: RSS hash */
	uint16_t vlan_id;		/* 20: 15:0 VLAN TCI when flags2.V */
	uint16_t reserved1;		/* 22 */
	uint8_t reserved2[24];		/* 24 */
	uint8_t reserved3[3];		/* 48 */
	uint8_t flags4;			/* 51: 5 HV, 6 HS, 7 HL */
	uint32_t hdr_len;		/* 52: header length when HV */
	uint64_t hdr_addr;		/* 56: header buffer DMA address when HV */
};
static_assert(sizeof(struct qlxge_ib_mac_rsp) == QLXGE_CQE_SIZE, "IB MAC response size");
static_assert(offsetof(struct qlxge_ib_mac_rsp, opcode) == 0, "IB rsp opcode");
static_assert(offsetof(struct qlxge_ib_mac_rsp, flags1) == 1, "IB rsp flags1");
static_assert(offsetof(struct qlxge_ib_mac_rsp, flags2) == 2, "IB rsp flags2");
static_assert(offsetof(struct qlxge_ib_mac_rsp, flags3) == 3, "IB rsp flags3");
static_assert(offsetof(struct qlxge_ib_mac_rsp, data_len) == 4, "IB rsp data_len");
static_assert(offsetof(struct qlxge_ib_mac_rsp, data_addr) == 8, "IB rsp data_addr");
static_assert(offsetof(struct qlxge_ib_mac_rsp, rss) == 16, "IB rsp rss");
static_assert(offsetof(struct qlxge_ib_mac_rsp, vlan_id) == 20, "IB rsp vlan_id");
static_assert(offsetof(struct qlxge_ib_mac_rsp, reserved1) == 22, "IB rsp reserved1");
static_assert(offsetof(struct qlxge_ib_mac_rsp, reserved2) == 24, "IB rsp reserved2");
static_assert(offsetof(struct qlxge_ib_mac_rsp, reserved3) == 48, "IB rsp reserved3");
static_assert(offsetof(struct qlxge_ib_mac_rsp, flags4) == 51, "IB rsp flags4");
static_assert(offsetof(struct qlxge_ib_mac_rsp, hdr_len) == 52, "IB rsp hdr_len");
static_assert(offsetof(struct qlxge_ib_mac_rsp, hdr_addr) == 56, "IB rsp hdr_addr");

/* flags1 (u8) */
#define QLXGE_IB_MAC_FLAGS1_OI		0x01u
#define QLXGE_IB_MAC_FLAGS1_I		0x02u
#define QLXGE_IB_MAC_FLAGS1_TE		0x04u	/* TCP/UDP checksum error */
#define QLXGE_IB_MAC_FLAGS1_NU		0x08u	/* no L4 checksum verified */
#define QLXGE_IB_MAC_FLAGS1_IE		0x10u	/* IPv4 header checksum error */
#define QLXGE_IB_MAC_FLAGS1_M_MASK	0x60u	/* multicast class */
#define QLXGE_IB_MAC_FLAGS1_M_SHIFT	5
#define QLXGE_IB_MAC_FLAGS1_M_NONE	0x00u
#define QLXGE_IB_MAC_FLAGS1_M_HASH	0x20u	/* hash match */
#define QLXGE_IB_MAC_FLAGS1_M_REG	0x40u	/* registered match */
#define QLXGE_IB_MAC_FLAGS1_M_PROM	0x60u	/* promiscuous */
#define QLXGE_IB_MAC_FLAGS1_B		0x80u	/* broadcast */
/* flags2 (u8) */
#define QLXGE_IB_MAC_FLAGS2_P		0x01u	/* promiscuous frame */
#define QLXGE_IB_MAC_FLAGS2_V		0x02u	/* VLAN tag present (in vlan_id when RV) */
#define QLXGE_IB_MAC_FLAGS2_ERR_MASK	0x1Cu
#define QLXGE_IB_MAC_FLAGS2_ERR_SHIFT	2
#define QLXGE_IB_MAC_FLAGS2_ERR_NONE	0x00u
#define QLXGE_IB_MAC_FLAGS2_ERR_CODE	0x04u	/* code error */
#define QLXGE_IB_MAC_FLAGS2_ERR_OVERSIZE	0x08u
#define QLXGE_IB_MAC_FLAGS2_ERR_UNDERSIZE	0x10u
#define QLXGE_IB_MAC_FLAGS2_ERR_PREAMBLE	0x14u
#define QLXGE_IB_MAC_FLAGS2_ERR_FRAME_LEN	0x18u
#define QLXGE_IB_MAC_FLAGS2_ERR_CRC	0x1Cu
#define QLXGE_IB_MAC_FLAGS2_U		0x20u	/* UDP */
#define QLXGE_IB_MAC_FLAGS2_T		0x40u	/* TCP */
#define QLXGE_IB_MAC_FLAGS2_FO		0x80u	/* failover port */
/* flags3 (u8) */
#define QLXGE_IB_MAC_FLAGS3_RSS_MASK	0x07u	/* RSS match type */
#define QLXGE_IB_MAC_FLAGS3_RSS_SHIFT	0
#define QLXGE_IB_MAC_FLAGS3_RSS_NONE	0x00u
#define QLXGE_IB_MAC_FLAGS3_RSS_IPV6	0x02u
#define QLXGE_IB_MAC_FLAGS3_RSS_TCP_IPV6	0x03u
#define QLXGE_IB_MAC_FLAGS3_RSS_IPV4	0x04u
#define QLXGE_IB_MAC_FLAGS3_RSS_TCP_IPV4	0x05u
#define QLXGE_IB_MAC_FLAGS3_V4		0x08u	/* IPv4 */
#define QLXGE_IB_MAC_FLAGS3_V6		0x10u	/* IPv6 */
#define QLXGE_IB_MAC_FLAGS3_IH		0x20u	/* split after IP header */
#define QLXGE_IB_MAC_FLAGS3_DS		0x40u	/* data in a small buffer */
#define QLXGE_IB_MAC_FLAGS3_DL		0x80u	/* data in a large buffer */
/* flags4 (u8) */
#define QLXGE_IB_MAC_FLAGS4_HV		0x20u	/* header split valid */
#define QLXGE_IB_MAC_FLAGS4_HS		0x40u	/* header in a small buffer */
#define QLXGE_IB_MAC_FLAGS4_HL		0x80u	/* header in a large buffer */
/* vlan_id (u16): all 16 bits are the TCI */
#define QLXGE_IB_MAC_VLAN_TCI_MASK	0xFFFFu
#define QLXGE_IB_MAC_VLAN_ID_MASK	0x0FFFu
/* §7.10 chained form: the SBQ buffer lists up to 32 large-buffer addresses */
#define QLXGE_IB_MAC_MAX_LBQ_CHAIN	32

/* ---------------------------------------------------------------------------------------- */
/* §7.8 Asynchronous-event completion, opcode 0x3F, 64 bytes */
struct qlxge_ib_ae_rsp {
	uint8_t opcode;			/* 0: QLXGE_OPCODE_IB_AE_IOCB */
	uint8_t flags;			/* 1: 0 OI, 1 I */
	uint8_t event;			/* 2: QLXGE_AE_EVENT_* */
	uint8_t q_id;			/* 3: 6:0 queue the event refers to */
	uint8_t reserved[60];		/* 4 */
};
static_assert(sizeof(struct qlxge_ib_ae_rsp) == QLXGE_CQE_SIZE, "IB AE response size");
static_assert(offsetof(struct qlxge_ib_ae_rsp, opcode) == 0, "AE opcode");
static_assert(offsetof(struct qlxge_ib_ae_rsp, flags) == 1, "AE flags");
static_assert(offsetof(struct qlxge_ib_ae_rsp, event) == 2, "AE event");
static_assert(offsetof(struct qlxge_ib_ae_rsp, q_id) == 3, "AE q_id");
static_assert(offsetof(struct qlxge_ib_ae_rsp, reserved) == 4, "AE reserved");

#define QLXGE_IB_AE_FLAGS_OI		0x01u
#define QLXGE_IB_AE_FLAGS_I		0x02u
#define QLXGE_IB_AE_Q_ID_MASK		0x7Fu
/* event (u8) */
#define QLXGE_AE_EVENT_LINK_UP		0x00u
#define QLXGE_AE_EVENT_LINK_DOWN	0x01u
#define QLXGE_AE_EVENT_CAM_LOOKUP_ERR	0x06u	/* multiple CAM hits on lookup */
#define QLXGE_AE_EVENT_SOFT_ECC_ERR	0x07u
#define QLXGE_AE_EVENT_MGMT_ERR		0x08u	/* MPI fatal error */
#define QLXGE_AE_EVENT_TEN_GIG_MAC	0x09u	/* 10G MAC interrupt */
#define QLXGE_AE_EVENT_GPI0_H2L		0x10u
#define QLXGE_AE_EVENT_GPI1_H2L		0x11u
#define QLXGE_AE_EVENT_GPI0_L2H		0x20u
#define QLXGE_AE_EVENT_GPI1_L2H		0x21u
#define QLXGE_AE_EVENT_PCI_ERR_ANON_BUF_RD	0x40u	/* reading receive buffers */

#endif /* QLXGE_IOCB_H */
