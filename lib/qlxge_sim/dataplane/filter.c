/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The MAC protocol address tables (§12.1, §16.4; dataplane/filter.h): their storage, the
 * MAC_ADDR_IDX / MAC_ADDR_DATA index/data pair that reaches it (accesses complete at once: MW
 * always reads 1, MR reads 1 after a read-select), and the match of a frame's addresses.
 */

#include <errno.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_ether.h>
#include <rte_net_crc.h>

#include "base/log.h"
#include "base/reg.h"
#include "base/state.h"
#include "dataplane/filter.h"

#define SIM_MAC_IDX_CTL	(QLXGE_MAC_ADDR_IDX_MW | QLXGE_MAC_ADDR_IDX_MR)

/* ==== storage ============================================================================== */

/* Address of a CAM or multicast entry: word 0 = bytes 2..5, word 1 = bytes 0..1. */
static inline uint64_t
sim_mac_entry_addr(const uint32_t *w)
{
	return ((uint64_t)(w[1] & 0xFFFFu) << 32) | (uint64_t)w[0];
}

void
sim_mac_tables_sync(struct sim_mac_tables *t)
{
	t->cam_live_n = 0;
	for (unsigned int i = 0; i < QLXGE_CAM_ENTRIES; i++) {
		t->cam_addr[i] = sim_mac_entry_addr(t->cam[i]);
		/* an all-zero address is how the drivers clear an entry (§12.1) */
		if (t->cam_addr[i] != 0)
			t->cam_live[t->cam_live_n++] = (uint16_t)i;
	}
	t->mcast_live = 0;
	for (unsigned int i = 0; i < QLXGE_MCAST_ENTRIES; i++) {
		t->mcast_addr[i] = sim_mac_entry_addr(t->mcast[i]);
		if (t->mcast_en[i] && t->mcast_addr[i] != 0)
			t->mcast_live |= 1u << i;
	}
	t->mcast_filter_n = 0;
	for (unsigned int i = 0; i < QLXGE_MCAST_FLTR_ENTRIES; i++)
		t->mcast_filter_n += t->mcast_filter_en[i] != 0;
}

void
sim_mac_tables_reset(struct sim_mac_tables *t)
{
	memset(t, 0, sizeof(*t));
}

/* Type, index and offset of an index word; -EINVAL/-ENOTSUP for what is not modelled. */
static int
sim_mac_idx_decode(uint32_t idx_word, unsigned int *type, unsigned int *index,
		   unsigned int *offset)
{
	static const struct { uint16_t entries; uint8_t words; } sizes[] = {
		[0] = { QLXGE_CAM_ENTRIES, QLXGE_CAM_WORDS },
		[1] = { QLXGE_MCAST_ENTRIES, QLXGE_MCAST_WORDS },
		[2] = { QLXGE_VLAN_ENTRIES, 1 },
		[3] = { QLXGE_MCAST_FLTR_ENTRIES, 1 },
	};

	*type = (idx_word & QLXGE_MAC_ADDR_IDX_TYPE_MASK) >> QLXGE_MAC_ADDR_IDX_TYPE_SHIFT;
	*index = (idx_word & QLXGE_MAC_ADDR_IDX_INDEX_MASK) >> QLXGE_MAC_ADDR_IDX_INDEX_SHIFT;
	*offset = (idx_word & QLXGE_MAC_ADDR_IDX_OFFSET_MASK) >> QLXGE_MAC_ADDR_IDX_OFFSET_SHIFT;
	if (*type >= RTE_DIM(sizes))
		return -ENOTSUP;
	if (*index >= sizes[*type].entries || *offset >= sizes[*type].words)
		return -EINVAL;
	return 0;
}

static void
sim_mac_enable_set(struct sim_mac_tables *t, unsigned int type, unsigned int index, bool en)
{
	if (type == 2) {
		t->vlan_en[index] = en;
	} else {
		if (t->mcast_filter_en[index] != en)
			t->mcast_filter_n += en ? 1 : -1;
		t->mcast_filter_en[index] = en;
	}
}

int
sim_mac_tables_idx_write(struct sim_mac_tables *t, uint32_t idx_word)
{
	unsigned int type, index, offset;
	int ret = sim_mac_idx_decode(idx_word, &type, &index, &offset);

	if (ret != 0)
		return ret;
	if (idx_word & QLXGE_MAC_ADDR_IDX_RS)
		return 0;	/* a read request changes nothing */
	if (type == 2 || type == 3)
		sim_mac_enable_set(t, type, index, (idx_word & QLXGE_MAC_ADDR_IDX_E) != 0);
	return 0;
}

int
sim_mac_tables_data_write(struct sim_mac_tables *t, uint32_t idx_word, uint32_t data)
{
	unsigned int type, index, offset;
	int ret = sim_mac_idx_decode(idx_word, &type, &index, &offset);
	bool en = (idx_word & QLXGE_MAC_ADDR_IDX_E) != 0;

	if (ret != 0)
		return ret;
	switch (type) {
	case 0: {
		bool was_live = t->cam_addr[index] != 0;
		bool live;

		t->cam[index][offset] = data;
		t->cam_addr[index] = sim_mac_entry_addr(t->cam[index]);
		live = t->cam_addr[index] != 0;
		if (live != was_live) {
			/* keep the live list ascending (lower index first on multiple hits) */
			uint16_t n = 0;

			for (unsigned int i = 0; i < QLXGE_CAM_ENTRIES; i++)
				if (t->cam_addr[i] != 0)
					t->cam_live[n++] = (uint16_t)i;
			t->cam_live_n = n;
		}
		break;
	}
	case 1:
		t->mcast[index][offset] = data;
		t->mcast_en[index] = en;
		t->mcast_addr[index] = sim_mac_entry_addr(t->mcast[index]);
		if (en && t->mcast_addr[index] != 0)
			t->mcast_live |= 1u << index;
		else
			t->mcast_live &= ~(1u << index);
		break;
	default:
		sim_mac_enable_set(t, type, index, en);
		break;
	}
	return 0;
}

int
sim_mac_tables_read(const struct sim_mac_tables *t, uint32_t idx_word, uint32_t *data)
{
	unsigned int type, index, offset;
	int ret = sim_mac_idx_decode(idx_word, &type, &index, &offset);

	*data = 0;
	if (ret != 0)
		return ret;
	switch (type) {
	case 0:
		*data = t->cam[index][offset];
		break;
	case 1:
		*data = t->mcast[index][offset];
		break;
	case 2:
		*data = t->vlan_en[index] ? 1 : 0;
		break;
	default:
		*data = t->mcast_filter_en[index] ? 1 : 0;
		break;
	}
	return 0;
}

/* ==== MAC_ADDR_IDX / MAC_ADDR_DATA ========================================================= */

uint32_t
sim_mac_addr_idx_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	RTE_SET_USED(row);
	return fn->ad->mac_idx | QLXGE_MAC_ADDR_IDX_MW |
	       (fn->ad->mac_mr ? QLXGE_MAC_ADDR_IDX_MR : 0);
}

void
sim_mac_addr_idx_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v)
{
	struct qlxge_sim_adapter *ad = fn->ad;
	int ret;

	RTE_SET_USED(row);
	ad->mac_idx = v & ~(uint32_t)SIM_MAC_IDX_CTL;
	if (v & QLXGE_MAC_ADDR_IDX_RS) {
		ret = sim_mac_tables_read(ad->mac, ad->mac_idx, &ad->mac_data);
		ad->mac_mr = true;
		SIM_TRACE(regs, mac_read, SIM_FN_FMT " idx 0x%08x = 0x%08x", SIM_FN_ARGS(fn),
			  ad->mac_idx, ad->mac_data);
	} else {
		ret = sim_mac_tables_idx_write(ad->mac, ad->mac_idx);
		ad->mac_mr = false;
		SIM_TRACE(regs, mac_index, SIM_FN_FMT " idx 0x%08x", SIM_FN_ARGS(fn), ad->mac_idx);
	}
	sim_reg_index_result(fn, ret, "MAC_ADDR_IDX", v);
}

uint32_t
sim_mac_addr_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	RTE_SET_USED(row);
	if (!fn->ad->mac_mr)
		SIM_WRN(fn, regs, mac_data_not_ready, SIM_FN_FMT " MAC_ADDR_DATA read without a "
			"read select", SIM_FN_ARGS(fn));
	return fn->ad->mac_data;
}

void
sim_mac_addr_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v)
{
	struct qlxge_sim_adapter *ad = fn->ad;
	uint32_t old = 0;
	int ret;

	RTE_SET_USED(row);
	sim_mac_tables_read(ad->mac, ad->mac_idx, &old);
	ret = sim_mac_tables_data_write(ad->mac, ad->mac_idx, v);
	ad->mac_data = v;
	ad->mac_mr = false;
	if (ret == 0)
		SIM_TRACE(regs, mac_entry, SIM_FN_FMT " type %u index %u word %u 0x%08x -> 0x%08x",
			  SIM_FN_ARGS(fn),
			  (ad->mac_idx & QLXGE_MAC_ADDR_IDX_TYPE_MASK) >>
			  QLXGE_MAC_ADDR_IDX_TYPE_SHIFT,
			  (ad->mac_idx & QLXGE_MAC_ADDR_IDX_INDEX_MASK) >>
			  QLXGE_MAC_ADDR_IDX_INDEX_SHIFT,
			  ad->mac_idx & QLXGE_MAC_ADDR_IDX_OFFSET_MASK, old, v);
	sim_reg_index_result(fn, ret, "MAC_ADDR_DATA for", ad->mac_idx);
}

/* ==== match ================================================================================ */

/*
 * Index of a multicast address in the 4096-entry filter: the low 12 bits of the Ethernet CRC-32
 * (reflected, polynomial 0xEDB88320) of the six address bytes, DPDK's RTE_NET_CRC32_ETH. The
 * hardware's hash is not in the sources; neither driver uses this table
 * (docs/model-dataplane.md).
 */
static unsigned int
sim_mac_mcast_hash(const uint8_t *mac)
{
	return rte_net_crc_calc(mac, RTE_ETHER_ADDR_LEN, RTE_NET_CRC32_ETH) &
	       (QLXGE_MCAST_FLTR_ENTRIES - 1);
}

/*
 * Multicast address match (§12.1): registered table, then the hash filter. Returns the
 * classification bits and sets M in @p flags1. Out of line: the unicast path stays small.
 */
uint32_t
sim_mac_mcast(const struct sim_mac_tables *mt, const uint8_t *frame, uint64_t a, uint8_t *flags1)
{
	bool reg_match = false, hash_match = false;
	uint32_t bits = QLXGE_RT_DATA_MCAST;

	for (uint32_t live = mt->mcast_live; live != 0; live &= live - 1) {
		if (mt->mcast_addr[rte_bsf32(live)] == a) {
			reg_match = true;
			break;
		}
	}
	if (mt->mcast_filter_n != 0 && mt->mcast_filter_en[sim_mac_mcast_hash(frame)])
		hash_match = true;
	if (reg_match)
		bits |= QLXGE_RT_DATA_MCAST_REG_MATCH;
	if (hash_match)
		bits |= QLXGE_RT_DATA_MCAST_HASH_MATCH;
	if (reg_match || hash_match)
		bits |= QLXGE_RT_DATA_MCAST_MATCH | QLXGE_RT_DATA_BCAST_MCAST_MATCH;
	*flags1 |= reg_match ? QLXGE_IB_MAC_FLAGS1_M_REG :
		   hash_match ? QLXGE_IB_MAC_FLAGS1_M_HASH : QLXGE_IB_MAC_FLAGS1_M_PROM;
	return bits;
}
