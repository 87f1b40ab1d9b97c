/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Unit tests of the model's RX classification (lib/qlxge_sim/dataplane/classify.h and the
 * steps it takes: filter, parse, csum, rss, route), written from docs/hardware §12 (CAM,
 * multicast, VLAN table, routing slots), §2.15 (VLAN mode, RV, default CQ), §6.5 (RSS) and §7.7
 * (completion flags). The tables are programmed through the same write helpers the register
 * model calls, with the values the drivers write (§12.3 bring-up table). The VLAN modes and
 * the checksum flags are tables of cases.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <rte_byteorder.h>
#include <rte_net_crc.h>
#include <rte_thash.h>

#include "dataplane/classify.h"
#include "sim_dp_test.h"

#define DFLT_CQ		1
#define CAM_CQ		2

static const uint8_t my_mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x01 };
static const uint8_t other_mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x77 };
static const uint8_t bcast[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
static const uint8_t mc1[6] = { 0x01, 0x00, 0x5E, 0x00, 0x00, 0x01 };
static const uint8_t mc2[6] = { 0x01, 0x00, 0x5E, 0x00, 0x00, 0x02 };
static const uint8_t ms_key[40] = {
	0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2, 0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3,
	0x8f, 0xb0, 0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4, 0x77, 0xcb, 0x2d, 0xa3,
	0x80, 0x30, 0xf2, 0x0c, 0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa,
};

struct env {
	struct sim_mac_tables mt;
	struct sim_route_table rt;
	struct sim_rss_state rss;
	struct sim_rx_ctx ctx;
	uint8_t buf[16384];
	struct t_frame f;
	struct sim_rx_verdict v;
};

static void
slot(struct env *e, unsigned int s, uint32_t dst, uint32_t mask)
{
	uint32_t w = QLXGE_RT_IDX_E | QLXGE_RT_IDX_WORD(QLXGE_RT_IDX_TYPE_NICQ, s, dst);

	assert_int_equal(sim_route_write(&e->rt, w, mask), 0);
}

static void
slot_clear(struct env *e, unsigned int s)
{
	uint32_t w = QLXGE_RT_IDX_WORD(QLXGE_RT_IDX_TYPE_NICQ, s, QLXGE_RT_IDX_DST_DFLT_Q);

	assert_int_equal(sim_route_write(&e->rt, w, 0), 0);
}

static void
mac_write(struct env *e, uint32_t type, unsigned int idx, const uint8_t m[6], bool en)
{
	uint32_t e_bit = en ? QLXGE_MAC_ADDR_IDX_E : 0;

	assert_int_equal(sim_mac_tables_data_write(&e->mt, e_bit |
		QLXGE_MAC_ADDR_IDX_WORD(type, idx, 0), qlxge_mac_word_lo(m)), 0);
	assert_int_equal(sim_mac_tables_data_write(&e->mt, e_bit |
		QLXGE_MAC_ADDR_IDX_WORD(type, idx, 1), qlxge_mac_word_hi(m)), 0);
}

static void
cam_write(struct env *e, unsigned int idx, const uint8_t m[6], uint32_t out)
{
	mac_write(e, QLXGE_MAC_ADDR_TYPE_CAM_MAC, idx, m, false);
	assert_int_equal(sim_mac_tables_data_write(&e->mt,
		QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_CAM_MAC, idx, 2), out), 0);
}

static void
vlan_enable(struct env *e, unsigned int vid, bool en)
{
	assert_int_equal(sim_mac_tables_idx_write(&e->mt, (en ? QLXGE_MAC_ADDR_IDX_E : 0) |
		QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_VLAN, vid, 0)), 0);
}

/* Linux's bring-up (§12.3): checksum-error slots, broadcast, multicast match, RSS, CAM hit;
 * CAM entry of function 0 to CAM_CQ; default CQ DFLT_CQ; RSS with the drivers' flags. */
static int
setup(void **state)
{
	struct env *e = calloc(1, sizeof(*e));
	struct qlxge_rss_icb icb;

	if (e == NULL)
		return -1;
	sim_mac_tables_reset(&e->mt);
	sim_route_reset(&e->rt);
	sim_rss_reset(&e->rss);
	cam_write(e, 0, my_mac, QLXGE_CAM_OUT_ROUTE_NIC | (0u << QLXGE_CAM_OUT_FUNC_SHIFT) |
		  (CAM_CQ << QLXGE_CAM_OUT_CQ_ID_SHIFT));
	slot(e, 1, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_IP_CSUM_ERR);
	slot(e, 2, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_TU_CSUM_ERR);
	slot(e, 3, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_BCAST);
	slot(e, 4, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_MCAST_MATCH);
	slot(e, 8, QLXGE_RT_IDX_DST_RSS, QLXGE_RT_DATA_RSS_MATCH);
	slot(e, 12, QLXGE_RT_IDX_DST_CAM_Q, QLXGE_RT_DATA_CAM_HIT);
	memset(&icb, 0, sizeof(icb));
	icb.flags_base_cq = rte_cpu_to_le_16(QLXGE_RSS_ICB_FLAGS_DRIVERS);
	icb.mask = rte_cpu_to_le_16(QLXGE_RSS_ICB_MASK_BITS);
	for (unsigned int i = 0; i < QLXGE_RSS_TABLE_SIZE; i++)
		icb.cq_id[i] = (uint8_t)(8 + (i & 3));
	memcpy(icb.ipv6_hash_key, ms_key, 40);
	memcpy(icb.ipv4_hash_key, ms_key, 16);
	sim_rss_load(&e->rss, &icb);
	e->ctx.mac = &e->mt;
	e->ctx.rt = &e->rt;
	e->ctx.rss = &e->rss;
	e->ctx.nic_rcv_cfg = DFLT_CQ << QLXGE_NIC_RCV_CFG_DFQ_SHIFT;	/* VLAN mode ALL */
	e->ctx.func = 0;
	e->ctx.port = 0;
	e->ctx.max_frame = 9600;
	*state = e;
	return 0;
}

static int
teardown(void **state)
{
	free(*state);
	return 0;
}

static int
classify(struct env *e)
{
	return sim_rx_classify(&e->ctx, e->buf, e->f.len, &e->v);
}

/* A 64-byte non-IP frame to @p dst. */
static void
raw(struct env *e, const uint8_t dst[6], int vid)
{
	t_build(e->buf, &e->f, dst, vid, false, T_NONE, 0, 0);
	/* turn it into a non-IP frame of 64 bytes */
	t_wr16(e->buf + e->f.l3 - 2, 0x88B5);
	e->f.len = 64;
}

/* ---- negative cases ---- */

static void
test_rx_bad_args_and_runt(void **state)
{
	struct env *e = *state;

	assert_int_equal(sim_rx_classify(NULL, e->buf, 64, &e->v), -EINVAL);
	assert_int_equal(sim_rx_classify(&e->ctx, NULL, 64, &e->v), -EINVAL);
	raw(e, my_mac, -1);
	e->f.len = 13;
	assert_int_equal(classify(e), SIM_RX_DROP_RUNT);
}

static void
test_rx_cam_miss_dropped(void **state)
{
	struct env *e = *state;

	raw(e, other_mac, -1);
	assert_int_equal(classify(e), SIM_RX_DROP_FILTER);
	assert_int_equal(e->v.slot, SIM_RX_SLOT_NONE);
	/* an entry of the other function does not hit either */
	cam_write(e, 128, other_mac, QLXGE_CAM_OUT_ROUTE_NIC | (1u << QLXGE_CAM_OUT_FUNC_SHIFT));
	assert_int_equal(classify(e), SIM_RX_DROP_FILTER);
	/* nor an FC entry of this function */
	cam_write(e, 128, other_mac, 0);
	assert_int_equal(classify(e), SIM_RX_DROP_FILTER);
	/* cleared by a zero address (§12.1) */
	cam_write(e, 0, (const uint8_t[6]){ 0 }, 0);
	raw(e, my_mac, -1);
	assert_int_equal(classify(e), SIM_RX_DROP_FILTER);
}

static void
test_rx_error_slot_drops(void **state)
{
	struct env *e = *state;

	/* FreeBSD: slot 0 ERROR_PKT -> drop */
	slot(e, 0, QLXGE_RT_IDX_DST_DROP, QLXGE_RT_DATA_ERR);
	t_build(e->buf, &e->f, my_mac, -1, false, T_TCP, 100, 0);
	e->buf[e->f.l3 + 10] ^= 0x55;	/* IPv4 header checksum */
	assert_int_equal(classify(e), SIM_RX_DROP_SLOT);
	assert_int_equal(e->v.slot, 0);
	assert_true(e->v.flags1 & QLXGE_IB_MAC_FLAGS1_IE);
	/* a good frame passes slot 0 and reaches the CAM-hit slot... or RSS (TCP) */
	t_build(e->buf, &e->f, my_mac, -1, false, T_UDP, 100, 0);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.slot, 12);
	assert_int_equal(e->v.cq_id, CAM_CQ);
}

static void
test_rx_oversize(void **state)
{
	struct env *e = *state;

	t_build(e->buf, &e->f, my_mac, -1, false, T_UDP, 1600, 0);
	e->ctx.max_frame = 1518;
	/* Linux slots: delivered, with the oversize code for the driver to count and drop */
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.flags2 & QLXGE_IB_MAC_FLAGS2_ERR_MASK,
			 QLXGE_IB_MAC_FLAGS2_ERR_OVERSIZE);
	assert_true(e->v.rt_bits & QLXGE_RT_DATA_MAC_ERR);
	assert_false(e->v.rt_bits & QLXGE_RT_DATA_VALID);
	/* FreeBSD's error slot: dropped, counted as oversize */
	slot(e, 0, QLXGE_RT_IDX_DST_DROP, QLXGE_RT_DATA_ERR);
	assert_int_equal(classify(e), SIM_RX_DROP_OVERSIZE);
	/* not addressed to us: also oversize */
	slot_clear(e, 0);
	e->buf[5] = 0x55;
	assert_int_equal(classify(e), SIM_RX_DROP_OVERSIZE);
	/* the max frame counts the FCS (not on our wire): 1514 bytes fit, 1515 do not */
	e->buf[5] = my_mac[5];
	t_build(e->buf, &e->f, my_mac, -1, false, T_UDP, 1514 - 42, 0);
	assert_int_equal(e->f.len, 1514);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.flags2 & QLXGE_IB_MAC_FLAGS2_ERR_MASK, 0);
	t_build(e->buf, &e->f, my_mac, -1, false, T_UDP, 1515 - 42, 0);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.flags2 & QLXGE_IB_MAC_FLAGS2_ERR_MASK,
			 QLXGE_IB_MAC_FLAGS2_ERR_OVERSIZE);
	/* one 802.1Q tag may come on top: 1518 bytes tagged fit, 1519 do not */
	t_build(e->buf, &e->f, my_mac, 100, false, T_UDP, 1518 - 46, 0);
	assert_int_equal(e->f.len, 1518);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.flags2 & QLXGE_IB_MAC_FLAGS2_ERR_MASK, 0);
	t_build(e->buf, &e->f, my_mac, 100, false, T_UDP, 1519 - 46, 0);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.flags2 & QLXGE_IB_MAC_FLAGS2_ERR_MASK,
			 QLXGE_IB_MAC_FLAGS2_ERR_OVERSIZE);
	/* 0 = the 9600 default: 9596 bytes and the FCS */
	e->ctx.max_frame = 0;
	t_build(e->buf, &e->f, my_mac, -1, false, T_UDP, 9596 - 42, 0);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.flags2 & QLXGE_IB_MAC_FLAGS2_ERR_MASK, 0);
	t_build(e->buf, &e->f, my_mac, -1, false, T_UDP, 9596 - 42 + 1, 0);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.flags2 & QLXGE_IB_MAC_FLAGS2_ERR_MASK,
			 QLXGE_IB_MAC_FLAGS2_ERR_OVERSIZE);
}

static void
test_rx_injected_mac_error(void **state)
{
	struct env *e = *state;

	slot(e, 15, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_VALID);
	raw(e, other_mac, -1);
	assert_int_equal(classify(e), SIM_RX_DELIVER);	/* promiscuous */
	assert_int_equal(sim_rx_classify_ex(&e->ctx, e->buf, e->f.len,
					    QLXGE_IB_MAC_FLAGS2_ERR_CRC, &e->v),
			 SIM_RX_DROP_FILTER);
	raw(e, my_mac, -1);
	assert_int_equal(sim_rx_classify_ex(&e->ctx, e->buf, e->f.len,
					    QLXGE_IB_MAC_FLAGS2_ERR_CRC, &e->v), SIM_RX_DELIVER);
	assert_int_equal(e->v.flags2 & QLXGE_IB_MAC_FLAGS2_ERR_MASK, QLXGE_IB_MAC_FLAGS2_ERR_CRC);
}

/* ---- address classes ---- */

static void
test_rx_cam_hit(void **state)
{
	struct env *e = *state;

	raw(e, my_mac, -1);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.slot, 12);
	assert_int_equal(e->v.dest, QLXGE_RT_IDX_DST_CAM_Q >> QLXGE_RT_IDX_DST_SHIFT);
	assert_int_equal(e->v.cq_id, CAM_CQ);
	assert_int_equal(e->v.flags1, QLXGE_IB_MAC_FLAGS1_NU);
	assert_int_equal(e->v.flags2, 0);
	assert_int_equal(e->v.flags3, 0);
	assert_true(e->v.rt_bits & QLXGE_RT_DATA_CAM_HIT);
	/* FreeBSD: CAM-hit slot to the default queue */
	slot(e, 12, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_CAM_HIT);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.cq_id, DFLT_CQ);
	/* FreeBSD writes the port (func & 1) in the function field: function 2, port 0 */
	e->ctx.func = 2;
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	e->ctx.port = 1;
	assert_int_equal(classify(e), SIM_RX_DROP_FILTER);
}

static void
test_rx_broadcast(void **state)
{
	struct env *e = *state;

	raw(e, bcast, -1);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.slot, 3);
	assert_int_equal(e->v.cq_id, DFLT_CQ);
	assert_true(e->v.flags1 & QLXGE_IB_MAC_FLAGS1_B);
	assert_int_equal(e->v.flags1 & QLXGE_IB_MAC_FLAGS1_M_MASK, 0);
	slot_clear(e, 3);
	assert_int_equal(classify(e), SIM_RX_DROP_FILTER);
}

static void
test_rx_multicast(void **state)
{
	struct env *e = *state;

	raw(e, mc1, -1);
	/* nothing registered: dropped */
	assert_int_equal(classify(e), SIM_RX_DROP_FILTER);
	/* registered (type 1 with E): slot 4 */
	mac_write(e, QLXGE_MAC_ADDR_TYPE_MULTI_MAC, 3, mc1, true);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.slot, 4);
	assert_int_equal(e->v.flags1 & QLXGE_IB_MAC_FLAGS1_M_MASK, QLXGE_IB_MAC_FLAGS1_M_REG);
	assert_true(e->v.rt_bits & QLXGE_RT_DATA_MCAST_REG_MATCH);
	/* FreeBSD's mask bit for slot 4 works as well */
	slot(e, 4, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_MCAST_REG_MATCH);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	/* another group: dropped until all-multicast (slot 5) */
	raw(e, mc2, -1);
	assert_int_equal(classify(e), SIM_RX_DROP_FILTER);
	slot(e, 5, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_MCAST);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.slot, 5);
	assert_int_equal(e->v.flags1 & QLXGE_IB_MAC_FLAGS1_M_MASK, QLXGE_IB_MAC_FLAGS1_M_PROM);
	/* deleting by a zero address with E (FreeBSD) */
	raw(e, mc1, -1);
	slot_clear(e, 5);
	mac_write(e, QLXGE_MAC_ADDR_TYPE_MULTI_MAC, 3, (const uint8_t[6]){ 0 }, true);
	assert_int_equal(classify(e), SIM_RX_DROP_FILTER);
}

static void
test_rx_multicast_hash_filter(void **state)
{
	struct env *e = *state;
	uint32_t d;

	raw(e, mc2, -1);
	slot(e, 4, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_MCAST_HASH_MATCH);
	assert_int_equal(classify(e), SIM_RX_DROP_FILTER);
	/* enable every filter entry: whatever the hash, it matches */
	for (unsigned int i = 0; i < QLXGE_MCAST_FLTR_ENTRIES; i++)
		assert_int_equal(sim_mac_tables_idx_write(&e->mt, QLXGE_MAC_ADDR_IDX_E |
			QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_MULTI_FLTR, i, 0)), 0);
	assert_int_equal(e->mt.mcast_filter_n, QLXGE_MCAST_FLTR_ENTRIES);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.flags1 & QLXGE_IB_MAC_FLAGS1_M_MASK, QLXGE_IB_MAC_FLAGS1_M_HASH);
	assert_int_equal(sim_mac_tables_read(&e->mt,
		QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_MULTI_FLTR, 17, 0), &d), 0);
	assert_int_equal(d, 1);
}

/* The Ethernet CRC-32 of an address, bit by bit (IEEE 802.3: reflected 0xEDB88320). */
static uint32_t
ref_crc32_eth(const uint8_t *m, unsigned int n)
{
	uint32_t crc = 0xFFFFFFFFu;

	for (unsigned int i = 0; i < n; i++) {
		crc ^= m[i];
		for (unsigned int b = 0; b < 8; b++)
			crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
	}
	return ~crc;
}

/* The filter index is the low 12 bits of the address's Ethernet CRC-32: only that entry
 * matches, for many addresses. */
static void
test_rx_multicast_hash_index(void **state)
{
	struct env *e = *state;
	uint8_t mc[6] = { 0x01, 0x00, 0x5e, 0x00, 0x00, 0x00 };

	/* the known check value of CRC-32/ISO-HDLC, the reference itself */
	assert_int_equal(ref_crc32_eth((const uint8_t *)"123456789", 9), 0xCBF43926u);
	slot(e, 4, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_MCAST_HASH_MATCH);
	for (unsigned int i = 0; i < 64; i++) {
		unsigned int idx, other;

		mc[3] = (uint8_t)i;
		mc[4] = (uint8_t)(i * 37);
		mc[5] = (uint8_t)(i * 101 + 3);
		idx = ref_crc32_eth(mc, 6) & (QLXGE_MCAST_FLTR_ENTRIES - 1);
		other = (idx + 1) & (QLXGE_MCAST_FLTR_ENTRIES - 1);
		raw(e, mc, -1);
		/* a neighbour's entry enabled: no match */
		assert_int_equal(sim_mac_tables_idx_write(&e->mt, QLXGE_MAC_ADDR_IDX_E |
			QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_MULTI_FLTR, other, 0)), 0);
		assert_int_equal(classify(e), SIM_RX_DROP_FILTER);
		assert_int_equal(sim_mac_tables_idx_write(&e->mt,
			QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_MULTI_FLTR, other, 0)), 0);
		/* its own entry: a hash match */
		assert_int_equal(sim_mac_tables_idx_write(&e->mt, QLXGE_MAC_ADDR_IDX_E |
			QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_MULTI_FLTR, idx, 0)), 0);
		assert_int_equal(classify(e), SIM_RX_DELIVER);
		assert_int_equal(e->v.flags1 & QLXGE_IB_MAC_FLAGS1_M_MASK,
				 QLXGE_IB_MAC_FLAGS1_M_HASH);
		assert_int_equal(sim_mac_tables_idx_write(&e->mt,
			QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_MULTI_FLTR, idx, 0)), 0);
		assert_int_equal(e->mt.mcast_filter_n, 0);
	}
}

static void
test_rx_promiscuous_slot(void **state)
{
	struct env *e = *state;

	raw(e, other_mac, -1);
	slot(e, 15, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_VALID);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.slot, 15);
	assert_int_equal(e->v.cq_id, DFLT_CQ);
	assert_true(e->v.flags2 & QLXGE_IB_MAC_FLAGS2_P);
	/* our own address still goes through the CAM slot, not promiscuous */
	raw(e, my_mac, -1);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.slot, 12);
	assert_false(e->v.flags2 & QLXGE_IB_MAC_FLAGS2_P);
}

static void
test_rx_lower_slot_wins(void **state)
{
	struct env *e = *state;

	slot(e, 15, QLXGE_RT_IDX_DST_DROP, QLXGE_RT_DATA_VALID);
	raw(e, bcast, -1);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.slot, 3);
	/* a drop slot below the broadcast slot takes it */
	slot(e, 0, QLXGE_RT_IDX_DST_DROP, QLXGE_RT_DATA_BCAST);
	assert_int_equal(classify(e), SIM_RX_DROP_SLOT);
	assert_int_equal(e->v.slot, 0);
	/* a disabled slot does not */
	slot_clear(e, 0);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.slot, 3);
}

static void
test_rx_inverted_slot(void **state)
{
	struct env *e = *state;

	/* type 3 slot 6: frames WITHOUT the CAM-hit bit go to the default queue */
	assert_int_equal(sim_route_write(&e->rt, QLXGE_RT_IDX_E |
		QLXGE_RT_IDX_WORD(QLXGE_RT_IDX_TYPE_NICQ_INV, 6, QLXGE_RT_IDX_DST_DFLT_Q),
		QLXGE_RT_DATA_CAM_HIT), 0);
	raw(e, other_mac, -1);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.slot, 6);
	raw(e, my_mac, -1);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.slot, 12);
}

/* ---- VLAN ---- */

static void
test_rx_vlan_modes(void **state)
{
	static const struct {
		uint32_t mode;
		bool untagged, tagged_match, tagged_other;
	} m[] = {
		{ QLXGE_NIC_RCV_CFG_VLAN_ALL, true, true, true },
		{ QLXGE_NIC_RCV_CFG_VLAN_MATCH_ONLY, false, true, false },
		{ QLXGE_NIC_RCV_CFG_VLAN_MATCH_AND_NON, true, true, false },
		{ QLXGE_NIC_RCV_CFG_VLAN_NONE_AND_NON, true, false, false },
	};
	struct env *e = *state;
	uint32_t d;

	vlan_enable(e, 100, true);
	assert_int_equal(sim_mac_tables_read(&e->mt,
		QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_VLAN, 100, 0), &d), 0);
	assert_int_equal(d, 1);
	for (unsigned int i = 0; i < RTE_DIM(m); i++) {
		e->ctx.nic_rcv_cfg = (DFLT_CQ << QLXGE_NIC_RCV_CFG_DFQ_SHIFT) | m[i].mode;
		raw(e, my_mac, -1);
		assert_int_equal(classify(e), m[i].untagged ? SIM_RX_DELIVER : SIM_RX_DROP_VLAN);
		raw(e, my_mac, 0x3000 | 100);
		assert_int_equal(classify(e),
				 m[i].tagged_match ? SIM_RX_DELIVER : SIM_RX_DROP_VLAN);
		assert_true(e->v.flags2 & QLXGE_IB_MAC_FLAGS2_V);
		assert_int_equal(e->v.vlan_tci, 0x3000 | 100);
		assert_true(e->v.rt_bits & QLXGE_RT_DATA_VLAN_MATCH);
		raw(e, my_mac, 200);
		assert_int_equal(classify(e),
				 m[i].tagged_other ? SIM_RX_DELIVER : SIM_RX_DROP_VLAN);
		assert_false(e->v.rt_bits & QLXGE_RT_DATA_VLAN_MATCH);
	}
	/* disabled again */
	vlan_enable(e, 100, false);
	e->ctx.nic_rcv_cfg = QLXGE_NIC_RCV_CFG_VLAN_MATCH_ONLY;
	raw(e, my_mac, 100);
	assert_int_equal(classify(e), SIM_RX_DROP_VLAN);
}

static void
test_rx_vlan_strip(void **state)
{
	struct env *e = *state;

	raw(e, my_mac, 42);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_false(e->v.strip_vlan);
	assert_true(e->v.flags2 & QLXGE_IB_MAC_FLAGS2_V);
	e->ctx.nic_rcv_cfg |= QLXGE_NIC_RCV_CFG_RV;
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_true(e->v.strip_vlan);
	assert_int_equal(e->v.vlan_tci, 42);
	/* untagged: nothing to strip */
	raw(e, my_mac, -1);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_false(e->v.strip_vlan);
	assert_false(e->v.flags2 & QLXGE_IB_MAC_FLAGS2_V);
	/* CAM RV strips frames hitting that entry only */
	e->ctx.nic_rcv_cfg &= ~QLXGE_NIC_RCV_CFG_RV;
	cam_write(e, 0, my_mac, QLXGE_CAM_OUT_ROUTE_NIC | QLXGE_CAM_OUT_RV);
	raw(e, my_mac, 42);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_true(e->v.strip_vlan);
	raw(e, bcast, 42);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_false(e->v.strip_vlan);
}

/* ---- checksums and L3/L4 flags ---- */

static void
csum_tcp4(struct env *e)
{
	t_build(e->buf, &e->f, my_mac, -1, false, T_TCP, 30, 1);
}

static void
csum_tcp4_bad_ip(struct env *e)
{
	csum_tcp4(e);
	e->buf[e->f.l3 + 8] ^= 1;	/* TTL */
}

static void
csum_tcp4_bad_tcp(struct env *e)
{
	csum_tcp4(e);
	e->buf[e->f.len - 1] ^= 0xFF;
}

static void
csum_udp4_padded(struct env *e)
{
	t_build(e->buf, &e->f, my_mac, -1, false, T_UDP, 2, 1);
	memset(e->buf + e->f.len, 0xAA, 60 - e->f.len);
	e->f.len = 60;
}

static void
csum_udp4_none(struct env *e)
{
	csum_udp4_padded(e);
	t_wr16(e->buf + e->f.l4 + 6, 0);
}

static void
csum_udp4_fragment(struct env *e)
{
	t_build(e->buf, &e->f, my_mac, -1, false, T_UDP, 100, 1);
	t_wr16(e->buf + e->f.l3 + 6, 0x2000);	/* MF */
	t_wr16(e->buf + e->f.l3 + 10, 0);
	t_wr16(e->buf + e->f.l3 + 10, (uint16_t)~t_fold(t_sum(e->buf + e->f.l3, 20, 0)));
}

static void
csum_tcp6(struct env *e)
{
	t_build(e->buf, &e->f, my_mac, -1, true, T_TCP, 500, 3);
}

static void
csum_udp6_tagged(struct env *e)
{
	t_build(e->buf, &e->f, my_mac, 7, true, T_UDP, 501, 3);
}

static void
csum_udp6_bad(struct env *e)
{
	csum_udp6_tagged(e);
	e->buf[e->f.l4 + 9] ^= 0x10;
}

static void
csum_not_ip(struct env *e)
{
	raw(e, my_mac, -1);
}

#define F1_CK	(QLXGE_IB_MAC_FLAGS1_TE | QLXGE_IB_MAC_FLAGS1_NU | QLXGE_IB_MAC_FLAGS1_IE)
#define F3_IP	(QLXGE_IB_MAC_FLAGS3_V4 | QLXGE_IB_MAC_FLAGS3_V6)

/* The checksum and L3/L4 flags of frames (§7.7), each delivered; -1: not checked. */
static const struct {
	const char *what;
	void (*frame)(struct env *e);
	uint8_t flags1;		/* TE, NU, IE */
	uint8_t flags2;
	uint8_t flags3, flags3_mask;
	int slot;		/* the slot that takes it, to the default CQ */
	int l3_off, l4_off, hdr_len;
} rx_csums[] = {
	{ "good TCP/IPv4", csum_tcp4, 0, QLXGE_IB_MAC_FLAGS2_T, QLXGE_IB_MAC_FLAGS3_V4, F3_IP,
	  -1, 14, 34, 54 },
	{ "bad IPv4 header: IE, Linux's slot 1", csum_tcp4_bad_ip, QLXGE_IB_MAC_FLAGS1_IE,
	  QLXGE_IB_MAC_FLAGS2_T, QLXGE_IB_MAC_FLAGS3_V4, F3_IP, 1, -1, -1, -1 },
	{ "bad TCP: TE, slot 2", csum_tcp4_bad_tcp, QLXGE_IB_MAC_FLAGS1_TE, QLXGE_IB_MAC_FLAGS2_T,
	  QLXGE_IB_MAC_FLAGS3_V4, F3_IP, 2, -1, -1, -1 },
	{ "good UDP/IPv4, padded to 60 (the padding not summed)", csum_udp4_padded, 0,
	  QLXGE_IB_MAC_FLAGS2_U, QLXGE_IB_MAC_FLAGS3_V4, F3_IP, -1, -1, -1, -1 },
	{ "UDP without a checksum: NU", csum_udp4_none, QLXGE_IB_MAC_FLAGS1_NU,
	  QLXGE_IB_MAC_FLAGS2_U, QLXGE_IB_MAC_FLAGS3_V4, F3_IP, -1, -1, -1, -1 },
	{ "an IPv4 fragment: not verified, no L4", csum_udp4_fragment, QLXGE_IB_MAC_FLAGS1_NU, 0,
	  QLXGE_IB_MAC_FLAGS3_V4, F3_IP, -1, -1, -1, -1 },
	{ "good TCP/IPv6", csum_tcp6, 0, QLXGE_IB_MAC_FLAGS2_T, QLXGE_IB_MAC_FLAGS3_V6, F3_IP, -1,
	  -1, -1, -1 },
	{ "good UDP/IPv6, tagged", csum_udp6_tagged, 0,
	  QLXGE_IB_MAC_FLAGS2_U | QLXGE_IB_MAC_FLAGS2_V, QLXGE_IB_MAC_FLAGS3_V6, F3_IP, -1, 18,
	  -1, -1 },
	{ "bad UDP/IPv6: TE", csum_udp6_bad, QLXGE_IB_MAC_FLAGS1_TE,
	  QLXGE_IB_MAC_FLAGS2_U | QLXGE_IB_MAC_FLAGS2_V, QLXGE_IB_MAC_FLAGS3_V6, F3_IP, -1, -1,
	  -1, -1 },
	{ "not IP: NU, neither V4 nor V6 nor RSS", csum_not_ip, QLXGE_IB_MAC_FLAGS1_NU, 0, 0, 0xFF,
	  -1, -1, -1, -1 },
};

static void
test_rx_checksum_flags(void **state)
{
	struct env *e = *state;

	for (unsigned int i = 0; i < RTE_DIM(rx_csums); i++) {
		print_message("  %s\n", rx_csums[i].what);
		rx_csums[i].frame(e);
		assert_int_equal(classify(e), SIM_RX_DELIVER);
		assert_int_equal(e->v.flags1 & F1_CK, rx_csums[i].flags1);
		assert_int_equal(e->v.flags2, rx_csums[i].flags2);
		assert_int_equal(e->v.flags3 & rx_csums[i].flags3_mask, rx_csums[i].flags3);
		if (rx_csums[i].slot >= 0) {
			assert_int_equal(e->v.slot, rx_csums[i].slot);
			assert_int_equal(e->v.cq_id, DFLT_CQ);
		}
		if (rx_csums[i].l3_off >= 0)
			assert_int_equal(e->v.l3_off, rx_csums[i].l3_off);
		if (rx_csums[i].l4_off >= 0)
			assert_int_equal(e->v.l4_off, rx_csums[i].l4_off);
		if (rx_csums[i].hdr_len >= 0)
			assert_int_equal(e->v.hdr_len, rx_csums[i].hdr_len);
	}
}

/*
 * The checksums are summed 8 bytes at a time: every length (all remainders modulo 16, odd
 * ones), both L4 protocols and both IP versions, with payload bytes that make carries. A good
 * frame has neither IE nor TE; one flipped bit anywhere in the L4 segment gives TE.
 */
static void
test_rx_checksum_all_lengths(void **state)
{
	struct env *e = *state;

	for (int v6 = 0; v6 < 2; v6++) {
		for (int p = 0; p < 2; p++) {
			enum t_l4 l4 = p ? T_UDP : T_TCP;

			for (uint32_t pay = 0; pay < 80; pay++) {
				uint32_t at;

				t_build(e->buf, &e->f, my_mac, -1, v6, l4, pay,
					(uint8_t)(0xF0 + pay));
				assert_int_equal(classify(e), SIM_RX_DELIVER);
				assert_int_equal(e->v.flags1 & 0x1C, 0);
				/* a bit flip in the segment (not in the UDP checksum
				 * field: 0 there means "none") */
				at = e->f.l4 + (pay * 7) % (e->f.len - e->f.l4);
				if (l4 == T_UDP && at >= e->f.l4 + 6 && at < e->f.l4 + 8)
					at = e->f.l4;
				e->buf[at] ^= (uint8_t)(1u << (pay % 8));
				assert_int_equal(classify(e), SIM_RX_DELIVER);
				assert_int_equal(e->v.flags1 & 0x1C, QLXGE_IB_MAC_FLAGS1_TE);
			}
		}
	}
}

static void
test_rx_ipv6_extension_header(void **state)
{
	struct env *e = *state;
	struct t_frame f;
	static uint8_t tmp[2048];

	/* insert an 8-byte hop-by-hop header in front of TCP */
	t_build(tmp, &f, my_mac, -1, true, T_TCP, 64, 5);
	memcpy(e->buf, tmp, f.l4);
	e->buf[f.l3 + 6] = 0;			/* next header: hop-by-hop */
	t_wr16(e->buf + f.l3 + 4, (uint16_t)(f.len - f.l4 + 8));
	memset(e->buf + f.l4, 0, 8);
	e->buf[f.l4] = 6;			/* then TCP */
	e->buf[f.l4 + 2] = 1;			/* PadN option filling the rest */
	e->buf[f.l4 + 3] = 4;
	memcpy(e->buf + f.l4 + 8, tmp + f.l4, f.len - f.l4);
	e->f = f;
	e->f.len = f.len + 8;
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.flags1 & 0x1C, 0);
	assert_int_equal(e->v.flags2, QLXGE_IB_MAC_FLAGS2_T);
	assert_int_equal(e->v.l4_off, f.l4 + 8);
}

/* ---- RSS ---- */

static uint32_t
ref_hash(const uint8_t *frame, uint32_t l3, uint32_t l4, bool v6, bool ports)
{
	uint32_t tuple[9];
	unsigned int n = 0;
	const uint8_t *a = frame + l3 + (v6 ? 8 : 12);

	for (unsigned int i = 0; i < (v6 ? 8u : 2u); i++)
		tuple[n++] = t_rd32(a + 4 * i);
	if (ports)
		tuple[n++] = t_rd32(frame + l4);
	return rte_softrss(tuple, n, ms_key);
}

static void
test_rx_rss_slot(void **state)
{
	struct env *e = *state;
	uint32_t h;

	/* TCP/IPv4 with the drivers' RT4: slot 8 wins over the CAM slot */
	t_build(e->buf, &e->f, my_mac, -1, false, T_TCP, 10, 0);
	h = ref_hash(e->buf, e->f.l3, e->f.l4, false, true);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.slot, 8);
	assert_int_equal(e->v.flags3 & QLXGE_IB_MAC_FLAGS3_RSS_MASK, SIM_RSS_TYPE_TCP_IPV4);
	assert_int_equal(e->v.rss_hash, h);
	assert_int_equal(e->v.cq_id, 8 + (h & 3));
	assert_true(e->v.rt_bits & QLXGE_RT_DATA_RSS_TCP4);
	/* TCP/IPv6 with RT6 */
	t_build(e->buf, &e->f, my_mac, -1, true, T_TCP, 10, 0);
	h = ref_hash(e->buf, e->f.l3, e->f.l4, true, true);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.flags3 & QLXGE_IB_MAC_FLAGS3_RSS_MASK, SIM_RSS_TYPE_TCP_IPV6);
	assert_int_equal(e->v.rss_hash, h);
	assert_int_equal(e->v.cq_id, 8 + (h & 3));
	/* UDP: no IPv4 type enabled by the drivers -> no RSS, the CAM slot */
	t_build(e->buf, &e->f, my_mac, -1, false, T_UDP, 10, 0);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.slot, 12);
	assert_int_equal(e->v.flags3 & QLXGE_IB_MAC_FLAGS3_RSS_MASK, 0);
	assert_int_equal(e->v.rss_hash, 0);
	/* with RI4/RI6: address-only hash */
	e->rss.flags |= QLXGE_RSS_ICB_RI4 | QLXGE_RSS_ICB_RI6;
	h = ref_hash(e->buf, e->f.l3, e->f.l4, false, false);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.slot, 8);
	assert_int_equal(e->v.flags3 & QLXGE_IB_MAC_FLAGS3_RSS_MASK, SIM_RSS_TYPE_IPV4);
	assert_int_equal(e->v.rss_hash, h);
	t_build(e->buf, &e->f, my_mac, -1, true, T_UDP, 10, 0);
	h = ref_hash(e->buf, e->f.l3, e->f.l4, true, false);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.flags3 & QLXGE_IB_MAC_FLAGS3_RSS_MASK, SIM_RSS_TYPE_IPV6);
	assert_int_equal(e->v.rss_hash, h);
	/* RSS never loaded: no hash */
	sim_rss_reset(&e->rss);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
	assert_int_equal(e->v.slot, 12);
	assert_int_equal(e->v.rss_hash, 0);
}

/* ---- table access ---- */

static void
test_rx_table_access(void **state)
{
	struct env *e = *state;
	uint32_t d, w;

	assert_int_equal(sim_mac_tables_read(&e->mt,
		QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_CAM_MAC, 0, 0), &d), 0);
	assert_int_equal(d, qlxge_mac_word_lo(my_mac));
	assert_int_equal(sim_mac_tables_read(&e->mt,
		QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_CAM_MAC, 0, 1), &d), 0);
	assert_int_equal(d, qlxge_mac_word_hi(my_mac));
	assert_int_equal(sim_mac_tables_read(&e->mt,
		QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_CAM_MAC, 0, 3), &d), -EINVAL);
	assert_int_equal(sim_mac_tables_read(&e->mt,
		QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_MULTI_MAC, 32, 0), &d), -EINVAL);
	assert_int_equal(sim_mac_tables_data_write(&e->mt,
		QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_MGMT_MAC, 0, 0), 1), -ENOTSUP);
	assert_int_equal(sim_route_read(&e->rt,
		QLXGE_RT_IDX_RS | QLXGE_RT_IDX_WORD(QLXGE_RT_IDX_TYPE_NICQ, 3, 0), &d), 0);
	assert_int_equal(d, QLXGE_RT_DATA_BCAST);
	assert_int_equal(sim_route_write(&e->rt,
		QLXGE_RT_IDX_WORD(QLXGE_RT_IDX_TYPE_RT, 8, 0), 0), -EINVAL);
	assert_int_equal(sim_route_write(&e->rt, 4u << QLXGE_RT_IDX_TYPE_SHIFT, 0), -EINVAL);
	/* the stored index word is the one of §12.3's example: broadcast slot 0x08320300 */
	w = e->rt.idx[2][3];
	assert_int_equal(w, 0x08320300u);
	/* raw edits then a sync rebuild the lookup data */
	memset(e->mt.cam, 0, sizeof(e->mt.cam));
	sim_mac_tables_sync(&e->mt);
	raw(e, my_mac, -1);
	assert_int_equal(classify(e), SIM_RX_DROP_FILTER);
}

/* ---- the receive batch's memos ---- */

/* A deterministic pseudo-random sequence (xorshift64), so that a failure repeats. */
static uint64_t
memo_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* A random change of the tables or of the registers classification reads. */
static void
memo_change(struct env *e, uint64_t *x)
{
	static const uint8_t *const macs[] = { my_mac, other_mac, bcast, mc1, mc2 };
	static const uint32_t dsts[] = {
		QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_IDX_DST_CAM_Q, QLXGE_RT_IDX_DST_RSS,
		QLXGE_RT_IDX_DST_DROP,
	};
	uint64_t r = memo_rand(x);
	unsigned int i = (unsigned int)(r >> 8);

	switch (r % 8) {
	case 0: {	/* a CAM entry: address, function, NIC or not, RV, SH, CQ */
		uint32_t out = (uint32_t)(r >> 20) &
			       (QLXGE_CAM_OUT_ROUTE_NIC | QLXGE_CAM_OUT_FUNC_MASK |
				QLXGE_CAM_OUT_CQ_ID_MASK | QLXGE_CAM_OUT_RV | QLXGE_CAM_OUT_SH);

		cam_write(e, i % 4, macs[(r >> 40) % 2], out);
		break;
	}
	case 1:	/* a CAM entry cleared */
		cam_write(e, i % 4, (const uint8_t[6]){ 0 }, 0);
		break;
	case 2:
		mac_write(e, QLXGE_MAC_ADDR_TYPE_MULTI_MAC, i % 4, (r >> 40) & 1 ? mc1 : mc2,
			  (r >> 41) & 1);
		break;
	case 3:
		vlan_enable(e, i % 4, (r >> 40) & 1);
		break;
	case 4: {	/* a NIC-queue slot, plain or inverted, enabled or not */
		uint32_t type = (r >> 40) & 1 ? QLXGE_RT_IDX_TYPE_NICQ :
						QLXGE_RT_IDX_TYPE_NICQ_INV;
		uint32_t w = QLXGE_RT_IDX_WORD(type, i % 16, dsts[(r >> 42) % 4]);

		if ((r >> 44) % 4 != 0)
			w |= QLXGE_RT_IDX_E;
		assert_int_equal(sim_route_write(&e->rt, w, 1u << ((r >> 48) % 32)), 0);
		break;
	}
	case 5:	/* NIC_RCV_CFG: VLAN mode, RV, default CQ */
		e->ctx.nic_rcv_cfg = (uint32_t)(r >> 16) &
				     (QLXGE_NIC_RCV_CFG_VLAN_MASK | QLXGE_NIC_RCV_CFG_RV |
				      QLXGE_NIC_RCV_CFG_DFQ_MASK);
		break;
	case 6:	/* the function and port the frames arrive on; RSS on or off */
		e->ctx.func = (unsigned int)(r >> 16) % 4;
		e->ctx.port = e->ctx.func & 1;
		e->ctx.rss = (r >> 20) & 1 ? &e->rss : NULL;
		break;
	default: {	/* the multicast hash filter: the entry of mc1 or mc2, or another */
		uint32_t h = (uint32_t)(r >> 16) % 4096;

		if ((r >> 41) % 4 != 0)
			h = rte_net_crc_calc((r >> 43) & 1 ? mc1 : mc2, 6, RTE_NET_CRC32_ETH) &
			    4095u;
		assert_int_equal(sim_mac_tables_idx_write(&e->mt, ((r >> 40) & 1 ?
			QLXGE_MAC_ADDR_IDX_E : 0) | QLXGE_MAC_ADDR_IDX_WORD(
			QLXGE_MAC_ADDR_TYPE_MULTI_FLTR, h, 0)), 0);
		break;
	}
	}
}

/*
 * A random frame, mostly of the batch's two flows @p flows (address and tag: bits 2:0 and
 * 7:4, 15:8 of each half): IPv4/IPv6, TCP/UDP, checksums bad or not, oversize or not.
 */
static void
memo_frame(struct env *e, uint64_t *x, uint32_t flows)
{
	static const uint8_t *const macs[] = { my_mac, other_mac, bcast, mc1, mc2 };
	static const enum t_l4 l4s[] = { T_TCP, T_UDP, T_NONE };
	uint64_t r = memo_rand(x);
	uint32_t fl = (r >> 60) == 0 ? (uint32_t)(r >> 44) : (r >> 59) & 1 ? flows >> 16 : flows;
	int vid = (fl >> 4) % 3 == 0 ? -1 : (int)((fl >> 8) % 3);

	t_build(e->buf, &e->f, macs[(fl & 0xF) % 5], vid, (r >> 12) & 1, l4s[(r >> 14) % 3],
		(uint32_t)(r >> 16) % 40, (uint8_t)(r >> 24));
	if ((r >> 32) % 8 == 0)
		e->buf[e->f.l3 + 10] ^= 0x11;	/* IPv4 header checksum (IPv6: a byte) */
	if ((r >> 35) % 8 == 0)
		e->buf[e->f.len - 1] ^= 0x22;	/* the payload: TCP/UDP checksum */
	if ((r >> 38) % 16 == 0)
		e->f.len = 9700;		/* oversize */
}

static void
verdict_equal(const struct sim_rx_verdict *a, const struct sim_rx_verdict *b)
{
	assert_int_equal(a->drop, b->drop);
	assert_int_equal(a->cq_id, b->cq_id);
	assert_int_equal(a->slot, b->slot);
	assert_int_equal(a->dest, b->dest);
	assert_int_equal(a->flags1, b->flags1);
	assert_int_equal(a->flags2, b->flags2);
	assert_int_equal(a->flags3, b->flags3);
	assert_int_equal(a->strip_vlan, b->strip_vlan);
	assert_int_equal(a->vlan_tci, b->vlan_tci);
	assert_int_equal(a->rss_hash, b->rss_hash);
	assert_int_equal(a->rt_bits, b->rt_bits);
	assert_int_equal(a->l3_off, b->l3_off);
	assert_int_equal(a->l4_off, b->l4_off);
	assert_int_equal(a->hdr_len, b->hdr_len);
	assert_int_equal(a->split, b->split);
}

/*
 * The receive pass keeps, for one batch, the last address match and the last routing slot
 * search (filter.h, route.h) and gives them to the frames that follow with the same key: the
 * verdicts must be those of a classification without them, for any tables and frames. Many
 * batches of random frames of a few flows, with random changes of the tables and registers
 * between batches (never inside one: register writes wait for the poll step).
 */
static void
test_rx_memo_equivalent(void **state)
{
	struct env *e = *state;
	struct sim_mac_memo mac_memo;
	struct sim_route_memo route_memo, rt_memo;
	struct sim_rx_verdict plain, memo;
	struct sim_rx_ctx with;
	uint64_t x = 0x9E3779B97F4A7C15ull;
	unsigned int hits = 0, rt_hits = 0, frames = 0;

	e->ctx.fsc = QLXGE_FSC_SH;	/* header split by the CAM entry's SH */
	for (unsigned int b = 0; b < 4000; b++) {
		unsigned int changes = (unsigned int)(memo_rand(&x) % 4);

		uint32_t flows = (uint32_t)memo_rand(&x);

		for (unsigned int c = 0; c < changes; c++)
			memo_change(e, &x);
		with = e->ctx;
		mac_memo.valid = false;
		route_memo.valid = false;
		with.mac_memo = &mac_memo;
		with.route_memo = &route_memo;
		for (unsigned int i = 0; i < 32; i++) {
			uint64_t key;

			memo_frame(e, &x, flows);
			key = mac_memo.key;
			hits += mac_memo.valid && e->f.len >= RTE_ETHER_HDR_LEN &&
				key == (sim_mac_u64_frame(e->buf) |
					(e->buf[12] == 0x81 && e->buf[13] == 0 ?
					 (1ull << 63) | ((uint64_t)(t_rd16(e->buf + 14) &
						QLXGE_IB_MAC_VLAN_ID_MASK) << 48) : 0));
			rt_memo = route_memo;
			assert_int_equal(sim_rx_classify(&e->ctx, e->buf, e->f.len, &plain),
					 sim_rx_classify(&with, e->buf, e->f.len, &memo));
			verdict_equal(&plain, &memo);
			/* the slot and queue of the frame before, without the walk or the
			 * destination's decoding */
			rt_hits += rt_memo.valid && rt_memo.dflt && rt_memo.bits == plain.rt_bits;
			frames++;
		}
	}
	/* the memos were taken, not only filled */
	assert_true(hits > frames / 8);
	assert_true(rt_hits > frames / 64);	/* most go through RSS or CAM slots */
}

/*
 * A frame of a verdict-memo batch: a copy of one of the batch's templates @p tpl (mostly the
 * first: a flow), mostly as
 * it is or damaged where the memo's key must see it (a header byte, the length) and where it
 * must not (the payload: the TCP/UDP checksum then says what it says, or a change that keeps
 * the sum). Returns its length.
 */
static uint32_t
vmemo_frame(uint8_t *fr, uint8_t (*tpl)[256], const struct t_frame *tf, uint64_t *x)
{
	uint64_t r = memo_rand(x);
	unsigned int k = r % 8 < 6 ? 0 : r % 8 - 5;	/* mostly the first */
	const struct t_frame *t = &tf[k];
	uint32_t len = t->len, at;
	uint8_t b = (uint8_t)(1 + (r >> 16) % 255);

	memcpy(fr, tpl[k], 256);
	switch ((r >> 8) % 16) {
	case 0:
		fr[(r >> 24) % t->hdr_len] ^= b;		/* a header byte */
		break;
	case 1:
		if (t->hdr_len < len)				/* a payload byte */
			fr[t->hdr_len + (r >> 24) % (len - t->hdr_len)] ^= b;
		break;
	case 2:
		len = len - 1 - (uint32_t)(r >> 24) % 4;	/* shorter: cut, or padding */
		break;
	case 3:
		len += 1 + (uint32_t)(r >> 24) % 4;		/* longer: trailing bytes */
		break;
	case 4:
		if (t->hdr_len + 4 <= len) {			/* two payload words swapped */
			at = t->hdr_len;
			b = fr[at];
			fr[at] = fr[at + 2];
			fr[at + 2] = b;
			b = fr[at + 1];
			fr[at + 1] = fr[at + 3];
			fr[at + 3] = b;
		}
		break;
	case 5:
		fr[t->hdr_len - 1 - (r >> 24) % 8] ^= b;	/* the header's last bytes */
		break;
	default:
		break;
	}
	return len;
}

/*
 * The receive pass keeps, for one wire burst, the verdict of the last frame that took the
 * IPv4 fast path and was delivered, and gives it to a frame of the same length and headers
 * whose TCP/UDP checksum verifies the same way (classify.h, struct sim_rx_vmemo): the verdict
 * must be that of a classification without any memo, for any tables and frames. Batches of
 * frames copied from three templates (IPv4 mostly, IPv6, TCP, UDP with and without a
 * checksum, tagged or not), damaged in their headers, payloads or lengths, with random
 * changes of the tables, registers and the port's max frame between batches; some frames
 * with a MAC error, which must not take the memo.
 */
static void
test_rx_verdict_memo_equivalent(void **state)
{
	static const uint8_t *const macs[] = { my_mac, other_mac, bcast, mc1, mc2 };
	static const enum t_l4 l4s[] = { T_TCP, T_UDP, T_UDP, T_NONE };
	static uint8_t fr[32][256], tpl[3][256];
	struct env *e = *state;
	struct sim_mac_memo mac_memo;
	struct sim_route_memo route_memo;
	struct sim_rx_vmemo vmemo;
	struct sim_rx_verdict plain, memo, got;
	struct t_frame tf[3];
	struct sim_rx_ctx with;
	uint64_t x = 0x2545F4914F6CDD1Dull;
	unsigned int hits = 0, declined = 0, frames = 0;

	slot(e, 15, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_VALID);	/* promiscuous */
	for (unsigned int b = 0; b < 4000; b++) {
		unsigned int changes = (unsigned int)(memo_rand(&x) % 4);

		for (unsigned int c = 0; c < changes; c++)
			memo_change(e, &x);
		if (memo_rand(&x) % 4 == 0)
			e->ctx.max_frame = memo_rand(&x) % 2 ? 9600 : 90 + memo_rand(&x) % 40;
		e->ctx.fsc = memo_rand(&x) % 2 ? QLXGE_FSC_SH : 0;
		for (unsigned int k = 0; k < 3; k++) {
			uint64_t r = memo_rand(&x);

			t_build(tpl[k], &tf[k], macs[r % 5], (r >> 4) % 3 == 0 ? -1 :
				(int)((r >> 6) % 3), (r >> 8) % 8 == 0, l4s[(r >> 12) % 4],
				(uint32_t)(r >> 16) % 40, (uint8_t)(r >> 24));
			if (tf[k].l4 != 0 && tf[k].hdr_len == tf[k].l4 + 8 && (r >> 32) % 2)
				t_wr16(tpl[k] + tf[k].l4 + 6, 0);	/* UDP without checksum */
			if (tf[k].hdr_len == 0 || tf[k].hdr_len < tf[k].l3)
				tf[k].hdr_len = tf[k].l3;
		}
		with = e->ctx;
		mac_memo.valid = false;
		route_memo.valid = false;
		vmemo.frame = NULL;
		with.mac_memo = &mac_memo;
		with.route_memo = &route_memo;
		with.verdict_memo = &vmemo;
		for (unsigned int i = 0; i < 32; i++) {
			uint32_t len = vmemo_frame(fr[i], tpl, tf, &x);
			uint8_t mac_err = memo_rand(&x) % 16 == 0 ? QLXGE_IB_MAC_FLAGS2_ERR_CRC : 0;
			bool hit = mac_err == 0 && sim_rx_vmemo_get(&vmemo, fr[i], len, &got);

			hits += hit;
			declined += !hit && vmemo.frame != NULL && vmemo.len == len &&
				    memcmp(vmemo.frame, fr[i], vmemo.hdr_len) == 0;
			assert_int_equal(sim_rx_classify_ex(&e->ctx, fr[i], len, mac_err, &plain),
					 sim_rx_classify_ex(&with, fr[i], len, mac_err, &memo));
			verdict_equal(&plain, &memo);
			frames++;
		}
	}
	/* the memo was taken (about a quarter of the frames are IPv4 TCP/UDP and delivered),
	 * and declined for a checksum with the other result */
	assert_true(hits > frames / 16);
	assert_true(declined > frames / 100);
}

/* ---- the IPv4 fast path ---- */

/*
 * A random frame for the fast path and the general parse: IPv4 (mostly) or IPv6, tagged or
 * not, TCP, UDP or neither, with random damage: bad checksums, UDP without one, a fragment,
 * IP options, a total length past the frame or below the header, a TCP data offset too small
 * or too large, the frame cut short, another ethertype or version. Returns the L3 offset.
 */
static uint32_t
fast_frame(struct env *e, uint64_t *x)
{
	static const enum t_l4 l4s[] = { T_TCP, T_UDP, T_NONE };
	uint64_t r = memo_rand(x), d = memo_rand(x);
	bool v6 = (r & 7) == 0;
	uint8_t *ip;

	t_build(e->buf, &e->f, my_mac, (r >> 3) & 1 ? 5 : -1, v6, l4s[(r >> 4) % 3],
		(uint32_t)(r >> 8) % 90, (uint8_t)(r >> 16));
	ip = e->buf + e->f.l3;
	switch ((d >> 4) % 16) {
	case 0:
		ip[10] ^= (uint8_t)(d >> 8);			/* IPv4 header checksum */
		break;
	case 1:
		e->buf[e->f.len - 1] ^= (uint8_t)(d >> 8);	/* the L4 checksum */
		break;
	case 2:
		if (e->f.l4 + 8 <= e->f.len)
			t_wr16(e->buf + e->f.l4 + 6, 0);	/* UDP: none; TCP: a port */
		break;
	case 3:
		t_wr16(ip + 6, (d >> 8) & 1 ? 0x2000 : (uint16_t)((d >> 9) & 0x1FFF));
		break;
	case 4:
		ip[0] = (uint8_t)(0x40 | ((d >> 8) % 16));	/* IHL: options, or too small */
		break;
	case 5:
		t_wr16(ip + 2, (uint16_t)(d >> 8));		/* total length */
		break;
	case 6:
		t_wr16(ip + 2, (uint16_t)(e->f.len - e->f.l3 + (d >> 8) % 3));
		break;
	case 7:
		if (e->f.l4 + 13 <= e->f.len)
			ip[e->f.l4 - e->f.l3 + 12] = (uint8_t)(d >> 8);	/* TCP data offset */
		break;
	case 8:
		e->f.len = e->f.l3 + (uint32_t)(d >> 8) % (e->f.len - e->f.l3 + 1);
		break;
	case 9:
		ip[9] = (uint8_t)(d >> 8);			/* protocol */
		break;
	case 10:
		e->buf[e->f.l3 - 1] ^= (uint8_t)(d >> 8);	/* ethertype */
		break;
	case 11:
		memset(e->buf + e->f.len, (int)(d >> 8), 30);	/* trailing bytes: padding */
		e->f.len += (uint32_t)(d >> 16) % 30;
		break;
	default:
		break;
	}
	return e->f.l3;
}

/*
 * sim_l34_ipv4_plain() is the general parse and checksum verification (sim_l34_parse(),
 * sim_csum_verify()) for the frames it takes: the same L3/L4 facts and the same checksum
 * results, on 200,000 random frames, the common ones and damaged ones; it declines the
 * others (the general path decides those). And sim_csum_sum8() folds as sim_csum_sum() for
 * every length from 8 and any starting sum, and sim_csum_ok() says what the fold says.
 */
static void
test_rx_fast_path_equivalent(void **state)
{
	struct env *e = *state;
	uint64_t x = 0xD1B54A32D192ED03ull;
	unsigned int taken = 0, n = 200000;

	for (unsigned int i = 0; i < n; i++) {
		uint32_t off = fast_frame(e, &x);
		uint16_t et = (uint16_t)t_rd16(e->buf + off - 2);
		struct sim_l34 lg, lf;
		struct sim_csum_res cg, cf;
		struct sim_csum_run run;
		struct sim_csum_at at;

		if (e->f.len < off)
			continue;
		memset(&lf, 0xA5, sizeof(lf));
		memset(&cf, 0xA5, sizeof(cf));
		sim_l34_parse(e->buf, e->f.len, off, et, &lg, &at);
		sim_csum_verify(e->buf + lg.l3_off, e->buf + lg.l4_off, &at, &cg);
		if (!sim_l34_ipv4_plain(e->buf, e->f.len, off, et, &lf, &cf, &run))
			continue;
		taken++;
		assert_int_equal(lf.l3_off, lg.l3_off);
		assert_int_equal(lf.l4_off, lg.l4_off);
		assert_int_equal(lf.hdr_len, lg.hdr_len);
		assert_int_equal(lf.proto, lg.proto);
		assert_int_equal(lf.v4, lg.v4);
		assert_int_equal(lf.v6, lg.v6);
		assert_int_equal(cf.ip_err, cg.ip_err);
		assert_int_equal(cf.l4_checked, cg.l4_checked);
		assert_int_equal(cf.l4_err, cg.l4_err);
	}
	/* the common frame takes it: most of the random frames are plain IPv4 TCP/UDP */
	assert_true(taken > n / 4);

	for (unsigned int i = 0; i < 20000; i++) {
		uint64_t r = memo_rand(&x);
		uint32_t len = 8 + (uint32_t)(r % 200);
		uint64_t sum = (r >> 8) % 4 == 0 ? 0 : memo_rand(&x);

		for (uint32_t k = 0; k < len; k++)
			e->buf[k] = (r >> 16) % 8 == 0 ? 0xFF : (uint8_t)memo_rand(&x);
		assert_int_equal(sim_csum_fold(sim_csum_sum8(e->buf, len, sum)),
				 sim_csum_fold(sim_csum_sum(e->buf, len, sum)));
		assert_int_equal(sim_csum_ok(sim_csum_sum8(e->buf, len, sum)),
				 sim_csum_fold(sim_csum_sum(e->buf, len, sum)) == 0xFFFF);
	}
	/* sim_csum_ok() is the fold's verdict on any sum: multiples of 0xFFFF and their
	 * neighbours, the ends of the range, random values */
	for (unsigned int i = 0; i < 200000; i++) {
		uint64_t r = memo_rand(&x);
		uint64_t k = r % 3 == 0 ? r >> 48 : r >> 16;	/* k * 0xFFFF fits in 64 bits */
		const uint64_t sums[] = {
			k * 0xFFFFull, k * 0xFFFFull + 1, k * 0xFFFFull - 1, r, 0, 0xFFFF,
			UINT64_MAX, UINT64_MAX - 1, 0xFFFF0000ull, 0xFFFFFFFFull,
		};

		for (unsigned int j = 0; j < RTE_DIM(sums); j++)
			assert_int_equal(sim_csum_ok(sums[j]), sim_csum_fold(sums[j]) == 0xFFFF);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_rx_bad_args_and_runt, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_cam_miss_dropped, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_error_slot_drops, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_oversize, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_injected_mac_error, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_cam_hit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_broadcast, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_multicast, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_multicast_hash_filter, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_multicast_hash_index, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_promiscuous_slot, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_lower_slot_wins, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_inverted_slot, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_vlan_modes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_vlan_strip, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_checksum_flags, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_checksum_all_lengths, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_ipv6_extension_header, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_rss_slot, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_table_access, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_memo_equivalent, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_verdict_memo_equivalent, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_fast_path_equivalent, setup, teardown),
	};

	return cmocka_run_group_tests_name("sim_rx", tests, NULL, NULL);
}
