/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Unit tests of the model's RX classification (lib/qlxge_sim/dataplane/classify.h and the
 * steps it takes: filter, parse, csum, rss, route), written from docs/hardware §12 (CAM,
 * multicast, VLAN table, routing slots), §2.15 (VLAN mode, RV, default CQ), §6.5 (RSS) and §7.7
 * (completion flags). The tables are programmed through the same write helpers the register
 * model calls, with the values the drivers write (§12.3 bring-up table). The VLAN modes and
 * the checksum flags are tables of cases. The set-up is sim_rx_env.c's; the receive batch's
 * shortcuts are checked against this classification in test_sim_rx_memo.c.
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

#include "sim_rx_env.h"

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

/* A MAC Control frame (PAUSE, 01:80:c2:00:00:01, type 0x8808) is the MAC's: routed to no
 * queue, even in promiscuous mode or sent to the port's own address. */
static void
test_rx_mac_control_frames_stay_in_the_mac(void **state)
{
	static const uint8_t pause_mac[6] = { 0x01, 0x80, 0xc2, 0x00, 0x00, 0x01 };
	struct env *e = *state;

	slot(e, 15, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_VALID);
	raw(e, pause_mac, -1);
	e->buf[12] = 0x88;
	e->buf[13] = 0x08;
	e->buf[14] = 0x00;
	e->buf[15] = 0x01;	/* opcode PAUSE */
	assert_int_equal(classify(e), SIM_RX_DROP_MAC_CONTROL);
	raw(e, my_mac, -1);
	e->buf[12] = 0x88;
	e->buf[13] = 0x08;
	assert_int_equal(classify(e), SIM_RX_DROP_MAC_CONTROL);
	/* another type to the same address is routed (promiscuous) */
	raw(e, pause_mac, -1);
	assert_int_equal(classify(e), SIM_RX_DELIVER);
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
		cmocka_unit_test_setup_teardown(test_rx_mac_control_frames_stay_in_the_mac, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_rx_lower_slot_wins, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_inverted_slot, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_vlan_modes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_vlan_strip, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_checksum_flags, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_checksum_all_lengths, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_ipv6_extension_header, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_rss_slot, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rx_table_access, setup, teardown),
	};

	return cmocka_run_group_tests_name("sim_rx", tests, NULL, NULL);
}
