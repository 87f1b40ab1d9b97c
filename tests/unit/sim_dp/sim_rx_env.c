/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The RX classification tests' shared set-up (sim_rx_env.h). */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <rte_byteorder.h>

#include "sim_rx_env.h"

const uint8_t my_mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x01 };
const uint8_t other_mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x77 };
const uint8_t bcast[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
const uint8_t mc1[6] = { 0x01, 0x00, 0x5E, 0x00, 0x00, 0x01 };
const uint8_t mc2[6] = { 0x01, 0x00, 0x5E, 0x00, 0x00, 0x02 };
const uint8_t ms_key[40] = {
	0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2, 0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3,
	0x8f, 0xb0, 0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4, 0x77, 0xcb, 0x2d, 0xa3,
	0x80, 0x30, 0xf2, 0x0c, 0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa,
};

void
slot(struct env *e, unsigned int s, uint32_t dst, uint32_t mask)
{
	uint32_t w = QLXGE_RT_IDX_E | QLXGE_RT_IDX_WORD(QLXGE_RT_IDX_TYPE_NICQ, s, dst);

	assert_int_equal(sim_route_write(&e->rt, w, mask), 0);
}

void
slot_clear(struct env *e, unsigned int s)
{
	uint32_t w = QLXGE_RT_IDX_WORD(QLXGE_RT_IDX_TYPE_NICQ, s, QLXGE_RT_IDX_DST_DFLT_Q);

	assert_int_equal(sim_route_write(&e->rt, w, 0), 0);
}

void
mac_write(struct env *e, uint32_t type, unsigned int idx, const uint8_t m[6], bool en)
{
	uint32_t e_bit = en ? QLXGE_MAC_ADDR_IDX_E : 0;

	assert_int_equal(sim_mac_tables_data_write(&e->mt, e_bit |
		QLXGE_MAC_ADDR_IDX_WORD(type, idx, 0), qlxge_mac_word_lo(m)), 0);
	assert_int_equal(sim_mac_tables_data_write(&e->mt, e_bit |
		QLXGE_MAC_ADDR_IDX_WORD(type, idx, 1), qlxge_mac_word_hi(m)), 0);
}

void
cam_write(struct env *e, unsigned int idx, const uint8_t m[6], uint32_t out)
{
	mac_write(e, QLXGE_MAC_ADDR_TYPE_CAM_MAC, idx, m, false);
	assert_int_equal(sim_mac_tables_data_write(&e->mt,
		QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_CAM_MAC, idx, 2), out), 0);
}

void
vlan_enable(struct env *e, unsigned int vid, bool en)
{
	assert_int_equal(sim_mac_tables_idx_write(&e->mt, (en ? QLXGE_MAC_ADDR_IDX_E : 0) |
		QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_VLAN, vid, 0)), 0);
}

/* Linux's bring-up (§12.3): checksum-error slots, broadcast, multicast match, RSS, CAM hit;
 * CAM entry of function 0 to CAM_CQ; default CQ DFLT_CQ; RSS with the drivers' flags. */
int
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

int
teardown(void **state)
{
	free(*state);
	return 0;
}

int
classify(struct env *e)
{
	return sim_rx_classify(&e->ctx, e->buf, e->f.len, &e->v);
}

/* A 64-byte non-IP frame to @p dst. */
void
raw(struct env *e, const uint8_t dst[6], int vid)
{
	t_build(e->buf, &e->f, dst, vid, false, T_NONE, 0, 0);
	/* turn it into a non-IP frame of 64 bytes */
	t_wr16(e->buf + e->f.l3 - 2, 0x88B5);
	e->f.len = 64;
}
