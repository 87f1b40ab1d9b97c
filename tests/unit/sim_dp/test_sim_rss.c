/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Unit tests of the model's RSS (lib/qlxge_sim/dataplane/rss.c), docs/hardware §6.5 and §15 #7:
 * the hash against the published Microsoft "Verifying the RSS Hash Calculation" vectors with
 * the standard 40-byte key written into the RSS ICB in ICB byte order, the load flags, the
 * indirection.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <rte_byteorder.h>
#include <rte_thash.h>

#include "dataplane/rss.h"
#include "sim_dp_test.h"

static const uint8_t ms_key[40] = {
	0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2, 0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3,
	0x8f, 0xb0, 0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4, 0x77, 0xcb, 0x2d, 0xa3,
	0x80, 0x30, 0xf2, 0x0c, 0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa,
};

/* Microsoft, "Verifying the RSS Hash Calculation": destination, source, hashes. */
static const struct {
	uint8_t dst[4], src[4];
	uint16_t dport, sport;
	uint32_t h_ip, h_tcp;
} v4_vec[] = {
	{ { 161, 142, 100, 80 }, { 66, 9, 149, 187 }, 1766, 2794, 0x323e8fc2, 0x51ccc178 },
	{ { 65, 69, 140, 83 }, { 199, 92, 111, 2 }, 4739, 14230, 0xd718262a, 0xc626b0ea },
	{ { 12, 22, 207, 184 }, { 24, 19, 198, 95 }, 38024, 12898, 0xd2d0a5de, 0x5c2b394a },
	{ { 209, 142, 163, 6 }, { 38, 27, 205, 30 }, 2217, 48228, 0x82989176, 0xafc7327f },
	{ { 202, 188, 127, 2 }, { 153, 39, 163, 191 }, 1303, 44251, 0x5d1809c5, 0x10e828a2 },
};

static const struct {
	uint8_t dst[16], src[16];
	uint16_t dport, sport;
	uint32_t h_ip, h_tcp;
} v6_vec[] = {
	{ /* 3ffe:2501:200:3::1 <- 3ffe:2501:200:1fff::7 */
	  { 0x3f, 0xfe, 0x25, 0x01, 0x02, 0x00, 0x00, 0x03, 0, 0, 0, 0, 0, 0, 0, 0x01 },
	  { 0x3f, 0xfe, 0x25, 0x01, 0x02, 0x00, 0x1f, 0xff, 0, 0, 0, 0, 0, 0, 0, 0x07 },
	  1766, 2794, 0x2cc18cd5, 0x40207d3d },
	{ /* ff02::1 <- 3ffe:501:8::260:97ff:fe40:efab */
	  { 0xff, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01 },
	  { 0x3f, 0xfe, 0x05, 0x01, 0x00, 0x08, 0, 0, 0x02, 0x60, 0x97, 0xff, 0xfe, 0x40, 0xef,
	    0xab },
	  4739, 14230, 0x0f0c461c, 0xdde51bbf },
	{ /* fe80::200:f8ff:fe21:67cf <- 3ffe:1900:4545:3:200:f8ff:fe21:67cf */
	  { 0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0x02, 0x00, 0xf8, 0xff, 0xfe, 0x21, 0x67, 0xcf },
	  { 0x3f, 0xfe, 0x19, 0x00, 0x45, 0x45, 0x00, 0x03, 0x02, 0x00, 0xf8, 0xff, 0xfe, 0x21,
	    0x67, 0xcf },
	  38024, 44251, 0x4b61e985, 0x02d1feef },
};

static struct sim_rss_state *
rss_new(uint16_t flags)
{
	struct sim_rss_state *s = malloc(sizeof(*s));
	struct qlxge_rss_icb icb;

	assert_non_null(s);
	sim_rss_reset(s);
	memset(&icb, 0, sizeof(icb));
	icb.flags_base_cq = rte_cpu_to_le_16(flags);
	icb.mask = rte_cpu_to_le_16(QLXGE_RSS_ICB_MASK_BITS);
	for (unsigned int i = 0; i < QLXGE_RSS_TABLE_SIZE; i++)
		icb.cq_id[i] = (uint8_t)(i & 3);
	/* the key in ICB byte order: key byte k at [k] (Linux order, §15 #7) */
	memcpy(icb.ipv6_hash_key, ms_key, 40);
	memcpy(icb.ipv4_hash_key, ms_key, 16);
	sim_rss_load(s, &icb);
	return s;
}

static void
test_rss_not_loaded_hashes_nothing(void **state)
{
	struct sim_rss_state *s = malloc(sizeof(*s));
	uint8_t in[12] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };

	(void)state;
	assert_non_null(s);
	sim_rss_reset(s);
	assert_false(s->loaded);
	assert_int_equal(sim_rss_hash(s, false, in, 12), 0);
	assert_int_equal(sim_rss_cq(s, 0x12345678), 0);
	free(s);
}

static void
test_rss_microsoft_ipv4(void **state)
{
	struct sim_rss_state *s = rss_new(QLXGE_RSS_ICB_FLAGS_DRIVERS);

	(void)state;
	for (unsigned int i = 0; i < RTE_DIM(v4_vec); i++) {
		uint8_t in[12];

		memcpy(in, v4_vec[i].src, 4);
		memcpy(in + 4, v4_vec[i].dst, 4);
		t_wr16(in + 8, v4_vec[i].sport);
		t_wr16(in + 10, v4_vec[i].dport);
		assert_int_equal(sim_rss_hash(s, false, in, 8), v4_vec[i].h_ip);
		assert_int_equal(sim_rss_hash(s, false, in, 12), v4_vec[i].h_tcp);
	}
	free(s);
}

static void
test_rss_microsoft_ipv6(void **state)
{
	struct sim_rss_state *s = rss_new(QLXGE_RSS_ICB_FLAGS_DRIVERS);

	(void)state;
	for (unsigned int i = 0; i < RTE_DIM(v6_vec); i++) {
		uint8_t in[36];

		memcpy(in, v6_vec[i].src, 16);
		memcpy(in + 16, v6_vec[i].dst, 16);
		t_wr16(in + 32, v6_vec[i].sport);
		t_wr16(in + 34, v6_vec[i].dport);
		assert_int_equal(sim_rss_hash(s, true, in, 32), v6_vec[i].h_ip);
		assert_int_equal(sim_rss_hash(s, true, in, 36), v6_vec[i].h_tcp);
	}
	free(s);
}

/* The per-byte tables agree with DPDK's bit-serial rte_softrss() on arbitrary inputs. */
static void
test_rss_tables_match_softrss(void **state)
{
	struct sim_rss_state *s = rss_new(QLXGE_RSS_ICB_FLAGS_DRIVERS);
	uint32_t x = 12345;

	(void)state;
	for (int n = 0; n < 200; n++) {
		uint8_t in[36];
		uint32_t tuple[9];

		for (int i = 0; i < 36; i++) {
			x = x * 1103515245u + 12345u;
			in[i] = (uint8_t)(x >> 16);
		}
		for (int i = 0; i < 9; i++)
			tuple[i] = t_rd32(in + 4 * i);
		assert_int_equal(sim_rss_hash(s, true, in, 36), rte_softrss(tuple, 9, ms_key));
		assert_int_equal(sim_rss_hash(s, false, in, 12), rte_softrss(tuple, 3, ms_key));
	}
	free(s);
}

static void
test_rss_load_flags(void **state)
{
	struct sim_rss_state *s = rss_new(QLXGE_RSS_ICB_FLAGS_DRIVERS | 5);
	struct qlxge_rss_icb icb, out;
	uint8_t in[8] = { 0 };

	(void)state;
	assert_true(s->loaded);
	assert_int_equal(s->flags, QLXGE_RSS_ICB_RT4 | QLXGE_RSS_ICB_RT6);
	assert_int_equal(s->base_cq, 5);
	assert_int_equal(s->mask, 0x3FF);
	assert_int_equal(sim_rss_cq(s, 0x402), (5 + 2) & 0x7F);
	/* a load with only the enables: key, table, base and mask stay */
	memset(&icb, 0xEE, sizeof(icb));
	icb.flags_base_cq = rte_cpu_to_le_16(QLXGE_RSS_ICB_RI4 | 3);
	sim_rss_load(s, &icb);
	assert_int_equal(s->flags, QLXGE_RSS_ICB_RI4);
	assert_int_equal(s->base_cq, 5);
	assert_int_equal(s->mask, 0x3FF);
	assert_int_equal(s->cq_id[2], 2);
	assert_memory_equal(s->ipv4_key, ms_key, 16);
	memcpy(in, v4_vec[0].src, 4);
	memcpy(in + 4, v4_vec[0].dst, 4);
	assert_int_equal(sim_rss_hash(s, false, in, 8), v4_vec[0].h_ip);
	/* LM alone: mask 0x00F */
	icb.flags_base_cq = rte_cpu_to_le_16(QLXGE_RSS_ICB_LM);
	icb.mask = rte_cpu_to_le_16(0x000F);
	sim_rss_load(s, &icb);
	assert_int_equal(s->mask, 0xF);
	assert_int_equal(sim_rss_cq(s, 0x3F1), (5 + 1) & 0x7F);
	/* LI + LB: table and base from the ICB */
	icb.flags_base_cq = rte_cpu_to_le_16(QLXGE_RSS_ICB_LI | QLXGE_RSS_ICB_LB | 0x7F);
	sim_rss_load(s, &icb);
	assert_int_equal(s->base_cq, 0x7F);
	assert_int_equal(sim_rss_cq(s, 0), (0x7F + 0xEE) & 0x7F);
	/* read back in ICB layout */
	sim_rss_store(s, &out);
	assert_int_equal(rte_le_to_cpu_16(out.mask), 0xF);
	assert_int_equal(rte_le_to_cpu_16(out.flags_base_cq) & QLXGE_RSS_ICB_BASE_CQ_MASK, 0x7F);
	assert_memory_equal(out.ipv6_hash_key, ms_key, 40);
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rss_not_loaded_hashes_nothing),
		cmocka_unit_test(test_rss_microsoft_ipv4),
		cmocka_unit_test(test_rss_microsoft_ipv6),
		cmocka_unit_test(test_rss_tables_match_softrss),
		cmocka_unit_test(test_rss_load_flags),
	};

	return cmocka_run_group_tests_name("sim_rss", tests, NULL, NULL);
}
