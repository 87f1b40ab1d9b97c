/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The MAC protocol address tables (§12.1, §16.4), shared by the functions of an adapter: CAM
 * (unicast), multicast, VLAN and the multicast filter; their MAC_ADDR_IDX / MAC_ADDR_DATA
 * registers; and what they make of a received frame's addresses with the VLAN mode of
 * NIC_RCV_CFG (§2.15): the address step of the classification (dataplane/classify.h).
 */

#ifndef SIM_DATAPLANE_FILTER_H
#define SIM_DATAPLANE_FILTER_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_common.h>

#include "qlxge_iocb.h"
#include "qlxge_regs.h"

struct qlxge_sim_func;
struct sim_reg_row;

/**
 * MAC protocol address tables, shared by the functions of an adapter (§12.1). The raw words are
 * kept as MAC_ADDR_DATA wrote them; the enables of the multicast, VLAN and multicast-filter
 * entries come from the E bit of MAC_ADDR_IDX. The trailing fields are derived lookup data: write
 * through the write functions below, or, after editing the raw
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

/** What the address and VLAN filters make of a frame (§12.1, §2.15). */
struct sim_mac_match {
	uint32_t bits;		/* classification bits: BCAST, MCAST..., CAM_HIT, VLAN_* */
	uint8_t flags1;		/* completion B, M */
	uint8_t flags2;		/* completion P (unicast, no CAM hit) */
	bool pass;		/* the VLAN mode lets the frame through (else dropped) */
	bool strip;		/* tagged and NIC_RCV_CFG.RV or the CAM entry's RV: strip */
	bool cam_hit;
	uint32_t cam_out;	/* output word of the CAM entry hit */
};

/**
 * Multicast address match (§12.1): registered table, then the hash filter. Returns the
 * classification bits and sets M in @p flags1. Out of line: the unicast path stays small.
 */
uint32_t sim_mac_mcast(const struct sim_mac_tables *mt, const uint8_t *frame, uint64_t a,
		       uint8_t *flags1);

/* 48-bit address m[0]..m[5] of a frame's first 8 bytes (any frame here has 14 or more). */
static inline uint64_t
sim_mac_u64_frame(const uint8_t *m)
{
	uint64_t x;

	memcpy(&x, m, sizeof(x));
	return rte_be_to_cpu_64(x) >> 16;
}

/* Does the frame pass the NIC_RCV_CFG VLAN mode (§2.15)? */
static bool
sim_mac_vlan_pass(uint32_t nic_rcv_cfg, bool tagged, bool match)
{
	switch (nic_rcv_cfg & QLXGE_NIC_RCV_CFG_VLAN_MASK) {
	case QLXGE_NIC_RCV_CFG_VLAN_ALL:
		return true;
	case QLXGE_NIC_RCV_CFG_VLAN_MATCH_ONLY:
		return tagged && match;
	case QLXGE_NIC_RCV_CFG_VLAN_MATCH_AND_NON:
		return !tagged || match;
	default:	/* NONE_AND_NON (FreeBSD REJECT): untagged frames only */
		return !tagged;
	}
}

/**
 * Match a frame's destination address and VLAN (@p tagged, @p tci) against the tables and the
 * VLAN mode of @p nic_rcv_cfg, for the function of PCI number @p func on port @p port: the CAM
 * (this function's NIC entries), broadcast, the multicast table and filter, the VLAN table.
 */
static __rte_always_inline void
sim_mac_match(const struct sim_mac_tables *t, const uint8_t *frame, bool tagged, uint16_t tci,
	      uint32_t nic_rcv_cfg, unsigned int func, unsigned int port, struct sim_mac_match *m)
{
	uint64_t dst = sim_mac_u64_frame(frame);
	bool vlan_match = tagged && t->vlan_en[tci & QLXGE_IB_MAC_VLAN_ID_MASK];

	/* the VLAN mode, a pre-routing filter: the VLAN table and the tag decide it */
	m->pass = sim_mac_vlan_pass(nic_rcv_cfg, tagged, vlan_match);
	m->bits = (tagged ? QLXGE_RT_DATA_VLAN_TAG : 0) |
		  (vlan_match ? QLXGE_RT_DATA_VLAN_MATCH : 0) |
		  (m->pass ? QLXGE_RT_DATA_VLAN_FILTER : 0);
	m->flags1 = 0;
	m->flags2 = 0;
	m->cam_hit = false;
	m->cam_out = 0;
	/* the destination address */
	if (dst == 0xFFFFFFFFFFFFull) {
		m->bits |= QLXGE_RT_DATA_BCAST | QLXGE_RT_DATA_BCAST_MCAST_MATCH;
		m->flags1 |= QLXGE_IB_MAC_FLAGS1_B;
	} else if (!(frame[0] & 1u)) {
		for (unsigned int i = 0; i < t->cam_live_n; i++) {
			unsigned int idx = t->cam_live[i];
			uint32_t out, f;

			if (t->cam_addr[idx] != dst)
				continue;
			out = t->cam[idx][QLXGE_CAM_WORD_OUTPUT];
			f = (out & QLXGE_CAM_OUT_FUNC_MASK) >> QLXGE_CAM_OUT_FUNC_SHIFT;
			/* NIC entries of this function: Linux writes the PCI function, FreeBSD
			 * the port (func & 1) */
			if (!(out & QLXGE_CAM_OUT_ROUTE_NIC) ||
			    (f != (func & 3u) && f != (port & 1u)))
				continue;
			m->cam_hit = true;
			m->cam_out = out;
			m->bits |= QLXGE_RT_DATA_CAM_HIT;
			break;
		}
		if (!m->cam_hit)
			m->flags2 |= QLXGE_IB_MAC_FLAGS2_P;
	} else {
		uint8_t f1 = 0;	/* not m->flags1: *m stays out of memory */

		m->bits |= sim_mac_mcast(t, frame, dst, &f1);
		m->flags1 |= f1;
	}
	m->strip = m->pass && tagged && ((nic_rcv_cfg & QLXGE_NIC_RCV_CFG_RV) ||
					 (m->cam_hit && (m->cam_out & QLXGE_CAM_OUT_RV)));
}

/*
 * The address match of one receive batch: the frames of a flow carry the same destination and
 * tag, and what sim_mac_match() makes of a frame is decided by its destination address, whether
 * it is tagged and its VLAN id (@p key), with the batch's NIC_RCV_CFG, function and port and the
 * tables, none of which can change inside a poll step (register writes wait for the adapter
 * lock). A frame with the key of the one before gets its match without the CAM walk.
 * Zeroed: empty. Kept by the receive pass for its batch (queues/rx.c), never across steps;
 * tests/unit/sim_dp/test_sim_rx_memo.c compares it with the walk over random frames and tables.
 */
struct sim_mac_memo {
	bool valid;
	uint64_t key;		/* destination (bits 47:0), VLAN id (59:48), tagged (63) */
	struct sim_mac_match m;
};

/*
 * sim_mac_match() through @p memo (NULL: none): a pointer to the match, @p m's or the memo's.
 */
static __rte_always_inline const struct sim_mac_match *
sim_mac_match_memo(const struct sim_mac_tables *t, const uint8_t *frame, bool tagged,
		   uint16_t tci, uint32_t nic_rcv_cfg, unsigned int func, unsigned int port,
		   struct sim_mac_memo *memo, struct sim_mac_match *m)
{
	uint64_t key;

	if (memo == NULL) {
		sim_mac_match(t, frame, tagged, tci, nic_rcv_cfg, func, port, m);
		return m;
	}
	key = sim_mac_u64_frame(frame) |
	      ((uint64_t)(tci & QLXGE_IB_MAC_VLAN_ID_MASK) << 48) | ((uint64_t)tagged << 63);
	if (!memo->valid || memo->key != key) {
		sim_mac_match(t, frame, tagged, tci, nic_rcv_cfg, func, port, &memo->m);
		memo->key = key;
		memo->valid = true;
	}
	return &memo->m;
}

/* Register handlers (core: the BAR1 table). */
uint32_t sim_mac_addr_idx_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_mac_addr_idx_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_mac_addr_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_mac_addr_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row,
			     uint32_t v);

#endif /* SIM_DATAPLANE_FILTER_H */
