/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * ICB loads of the model (lib/qlxge_sim/queues/icb.c), docs/hardware §2.7, §6, §16.5: WQ, CQ and
 * RSS loads by DMA, the command bit clearing, partial reloads by load flags (Linux's LI-only
 * coalescing change), LE on malformed ICBs, dumps, and the doorbells of a loaded queue.
 */

#include <errno.h>
#include <string.h>

#include <rte_byteorder.h>

#include "sim_test.h"

/* Negative first: malformed ICBs set LE and load nothing. */
static void
test_icb_malformed(void **state)
{
	struct st_env e;
	struct qlxge_cq_icb *cq;
	struct qlxge_wq_icb *wq;
	uint64_t cq_iova, wq_iova, ring_iova;
	void *ring;
	struct qlxge_sim_counters c;

	(void)state;
	st_env_init(&e, 0);
	st_func_up(e.fn[0]);
	ring = st_dma_alloc(4096, &ring_iova);
	cq = st_dma_alloc(sizeof(*cq), &cq_iova);
	wq = st_dma_alloc(sizeof(*wq), &wq_iova);
	/* CQ with paged (CPP != 0) ring */
	cq->flags = QLXGE_CQ_ICB_FLAGS_LC | QLXGE_CQ_ICB_FLAGS_LV;
	cq->len = rte_cpu_to_le_16(32 | QLXGE_CQ_ICB_LEN_V | QLXGE_CQ_ICB_LEN_CPP_32);
	cq->addr = rte_cpu_to_le_64(ring_iova);
	cq->prod_idx_addr = rte_cpu_to_le_64(ring_iova + 2048);
	assert_int_equal(st_cfg_cmd(e.fn[0], QLXGE_CFG_LCQ, 3, cq_iova) &
			 (QLXGE_CFG_LCQ | QLXGE_CFG_LE), QLXGE_CFG_LE);
	/* vector out of range */
	cq->len = rte_cpu_to_le_16(32 | QLXGE_CQ_ICB_LEN_V);
	cq->msix_vect = 100;
	assert_true(st_cfg_cmd(e.fn[0], QLXGE_CFG_LCQ, 3, cq_iova) & QLXGE_CFG_LE);
	/* ring outside DMA memory */
	cq->msix_vect = 0;
	cq->addr = rte_cpu_to_le_64(0x10);
	assert_true(st_cfg_cmd(e.fn[0], QLXGE_CFG_LCQ, 3, cq_iova) & QLXGE_CFG_LE);
	/* a good load clears LE */
	cq->addr = rte_cpu_to_le_64(ring_iova);
	assert_int_equal(st_cfg_cmd(e.fn[0], QLXGE_CFG_LCQ, 3, cq_iova) &
			 (QLXGE_CFG_LCQ | QLXGE_CFG_LE), 0);
	/* WQ of length 0 */
	wq->len = rte_cpu_to_le_16(QLXGE_WQ_ICB_LEN_V);
	wq->flags = QLXGE_WQ_ICB_FLAGS_ALL;
	wq->addr = rte_cpu_to_le_64(ring_iova);
	wq->cnsmr_idx_addr = rte_cpu_to_le_64(ring_iova + 3072);
	assert_true(st_cfg_cmd(e.fn[0], QLXGE_CFG_LRQ, 0, wq_iova) & QLXGE_CFG_LE);
	assert_int_equal(qlxge_sim_counters_get(e.fn[0], &c), 0);
	assert_int_equal(c.icb_loads, 5);
	assert_int_equal(c.icb_load_errors, 4);
	/* no STS.FE for a malformed ICB at a good address */
	assert_false(st_rd(e.fn[0], QLXGE_REG_STS) & QLXGE_STS_FE);
	st_dma_free(ring);
	st_dma_free(cq);
	st_dma_free(wq);
	st_env_fini(&e);
}

/* §16.5: a full CQ load then an LI-only reload changes only the delays (read back by DCQ). */
static void
test_icb_cq_partial_reload(void **state)
{
	struct st_env e;
	struct st_cq cq;
	struct qlxge_cq_icb *icb2, *dump;
	uint64_t icb2_iova, dump_iova;

	(void)state;
	st_env_init(&e, 0);
	st_func_up(e.fn[0]);
	st_cq_setup(e.fn[0], &cq, 5, 64, 2, 16, 2048, 32, 256);
	icb2 = st_dma_alloc(sizeof(*icb2), &icb2_iova);
	dump = st_dma_alloc(sizeof(*dump), &dump_iova);
	/* garbage everywhere except the delays: only LI is set */
	memset(icb2, 0xEE, sizeof(*icb2));
	icb2->flags = QLXGE_CQ_ICB_FLAGS_LI;
	icb2->irq_delay = rte_cpu_to_le_16(77);
	icb2->pkt_delay = rte_cpu_to_le_16(7);
	assert_int_equal(st_cfg_cmd(e.fn[0], QLXGE_CFG_LCQ, 5, icb2_iova) &
			 (QLXGE_CFG_LCQ | QLXGE_CFG_LE), 0);
	assert_int_equal(st_cfg_cmd(e.fn[0], QLXGE_CFG_DCQ, 5, dump_iova) & QLXGE_CFG_DCQ, 0);
	assert_int_equal(rte_le_to_cpu_16(dump->irq_delay), 77);
	assert_int_equal(rte_le_to_cpu_16(dump->pkt_delay), 7);
	assert_int_equal(rte_le_to_cpu_64(dump->addr), cq.ring_iova);
	assert_int_equal(rte_le_to_cpu_64(dump->prod_idx_addr), cq.shadow_iova);
	assert_int_equal(dump->msix_vect, 2);
	assert_int_equal(rte_le_to_cpu_16(dump->len), 64 | QLXGE_CQ_ICB_LEN_V);
	assert_int_equal(rte_le_to_cpu_16(dump->lbq_len), 16);
	assert_int_equal(rte_le_to_cpu_16(dump->sbq_buf_size), 256);
	assert_int_equal(rte_le_to_cpu_64(dump->sbq_addr), cq.sbq_pt_iova);
	st_dma_free(icb2);
	st_dma_free(dump);
	st_cq_free(&cq);
	st_env_fini(&e);
}

/* §16.5: WQ load and dump; the RSS ICB with load flags, read back. */
static void
test_icb_wq_and_rss(void **state)
{
	struct st_env e;
	struct st_cq cq;
	struct st_wq wq;
	struct qlxge_wq_icb *dump;
	struct qlxge_rss_icb *rss, back;
	uint64_t dump_iova, rss_iova;

	(void)state;
	st_env_init(&e, 0);
	st_func_up(e.fn[0]);
	st_cq_setup(e.fn[0], &cq, 1, 64, 0, 0, 0, 0, 0);
	st_wq_setup(e.fn[0], &wq, 2, 32, 1);
	dump = st_dma_alloc(sizeof(*dump), &dump_iova);
	assert_int_equal(st_cfg_cmd(e.fn[0], QLXGE_CFG_DRQ, 2, dump_iova) & QLXGE_CFG_DRQ, 0);
	assert_memory_equal(dump, wq.icb, sizeof(*dump));

	assert_int_equal(qlxge_sim_rss_get(e.fn[0], &back, sizeof(back)), -ENOENT);
	rss = st_dma_alloc(sizeof(*rss), &rss_iova);
	rss->flags_base_cq = rte_cpu_to_le_16(QLXGE_RSS_ICB_FLAGS_DRIVERS);
	rss->mask = rte_cpu_to_le_16(QLXGE_RSS_ICB_MASK_BITS);
	for (unsigned int i = 0; i < QLXGE_RSS_TABLE_SIZE; i++)
		rss->cq_id[i] = (uint8_t)(i & 3);
	for (unsigned int i = 0; i < QLXGE_RSS_IPV6_KEY_SIZE; i++)
		rss->ipv6_hash_key[i] = (uint8_t)(0x40 + i);
	memcpy(rss->ipv4_hash_key, rss->ipv6_hash_key, QLXGE_RSS_IPV4_KEY_SIZE);
	assert_int_equal(st_cfg_cmd(e.fn[0], QLXGE_CFG_LR, 0, rss_iova) &
			 (QLXGE_CFG_LR | QLXGE_CFG_LE), 0);
	assert_int_equal(qlxge_sim_rss_get(e.fn[0], &back, sizeof(back)), 0);
	assert_int_equal(rte_le_to_cpu_16(back.mask), QLXGE_RSS_ICB_MASK_BITS);
	assert_memory_equal(back.cq_id, rss->cq_id, QLXGE_RSS_TABLE_SIZE);
	assert_memory_equal(back.ipv6_hash_key, rss->ipv6_hash_key, QLXGE_RSS_IPV6_KEY_SIZE);
	/* partial: only LM with a new mask; the table stays */
	memset(rss->cq_id, 9, sizeof(rss->cq_id));
	rss->flags_base_cq = rte_cpu_to_le_16(QLXGE_RSS_ICB_LM | QLXGE_RSS_ICB_RT4);
	rss->mask = rte_cpu_to_le_16(0x7);
	assert_int_equal(st_cfg_cmd(e.fn[0], QLXGE_CFG_LR, 0, rss_iova) & QLXGE_CFG_LE, 0);
	assert_int_equal(qlxge_sim_rss_get(e.fn[0], &back, sizeof(back)), 0);
	assert_int_equal(rte_le_to_cpu_16(back.mask), 0x7);
	assert_int_equal(back.cq_id[5], 1);
	/* the other function has no RSS state */
	assert_int_equal(qlxge_sim_rss_get(e.fn[1], &back, sizeof(back)), -ENOENT);
	st_dma_free(rss);
	st_dma_free(dump);
	st_wq_free(&wq);
	st_cq_free(&cq);
	st_env_fini(&e);
}

/* §11, §16.16: the XGMAC window: RDY/R protocol, register file, 8012 bring-up words, XME. */
static void
test_xgmac_window(void **state)
{
	struct st_env e;
	struct qlxge_sim_func *fn;

	(void)state;
	st_env_init(&e, QLXGE_PCI_DEVICE_ID_8012);
	fn = e.fn[1];
	assert_true(st_sem_get(fn, QLXGE_SEM_XGMAC1));
	st_wr(fn, QLXGE_REG_XGMAC_DATA, QLXGE_XGMAC_MAC_TX_PARAMS_8012);
	st_wr(fn, QLXGE_REG_XGMAC_ADDR, QLXGE_XGMAC_MAC_TX_PARAMS);
	st_wr(fn, QLXGE_REG_XGMAC_DATA, QLXGE_XGMAC_MAC_RX_PARAMS_8012);
	st_wr(fn, QLXGE_REG_XGMAC_ADDR, QLXGE_XGMAC_MAC_RX_PARAMS);
	st_wr(fn, QLXGE_REG_XGMAC_DATA, QLXGE_XGMAC_GLOBAL_CFG_RESET);
	st_wr(fn, QLXGE_REG_XGMAC_ADDR, QLXGE_XGMAC_GLOBAL_CFG);
	st_wr(fn, QLXGE_REG_XGMAC_ADDR, QLXGE_XGMAC_MAC_TX_PARAMS | QLXGE_XGMAC_ADDR_R);
	assert_true(st_rd(fn, QLXGE_REG_XGMAC_ADDR) & QLXGE_XGMAC_ADDR_RDY);
	assert_int_equal(st_rd(fn, QLXGE_REG_XGMAC_DATA), QLXGE_XGMAC_MAC_TX_PARAMS_8012);
	st_wr(fn, QLXGE_REG_XGMAC_ADDR, QLXGE_XGMAC_GLOBAL_CFG | QLXGE_XGMAC_ADDR_R);
	assert_int_equal(st_rd(fn, QLXGE_REG_XGMAC_DATA) & QLXGE_XGMAC_GLOBAL_CFG_RESET, 0);
	/* per port: function 0's MAC is untouched */
	st_wr(e.fn[0], QLXGE_REG_XGMAC_ADDR, QLXGE_XGMAC_MAC_TX_PARAMS | QLXGE_XGMAC_ADDR_R);
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_XGMAC_DATA), 0);
	/* out of the window */
	st_wr(fn, QLXGE_REG_XGMAC_ADDR, 0x800 | QLXGE_XGMAC_ADDR_R);
	assert_true(st_rd(fn, QLXGE_REG_XGMAC_ADDR) & QLXGE_XGMAC_ADDR_XME);
	st_sem_put(fn, QLXGE_SEM_XGMAC1);
	st_env_fini(&e);
}

/* §12.1, §12.3, §16.17: the address table is shared by both functions; routing is not. */
static void
test_filter_tables_shared(void **state)
{
	static const uint8_t mac[6] = { 0x00, 0x0E, 0x1E, 0xAA, 0xBB, 0xCC };
	struct st_env e;
	uint32_t w[3], idx, mask;

	(void)state;
	st_env_init(&e, 0);
	st_cam_set(e.fn[0], 128 * 0 + 1, mac, 4);
	/* read back through the other function's window */
	assert_true(st_sem_get(e.fn[1], QLXGE_SEM_MAC_ADDR));
	for (unsigned int i = 0; i < 3; i++) {
		st_wr(e.fn[1], QLXGE_REG_MAC_ADDR_IDX, QLXGE_MAC_ADDR_IDX_RS |
		      QLXGE_MAC_ADDR_IDX_ADR |
		      QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_CAM_MAC, 1, i));
		assert_true(st_rd(e.fn[1], QLXGE_REG_MAC_ADDR_IDX) & QLXGE_MAC_ADDR_IDX_MR);
		w[i] = st_rd(e.fn[1], QLXGE_REG_MAC_ADDR_DATA);
	}
	st_sem_put(e.fn[1], QLXGE_SEM_MAC_ADDR);
	assert_int_equal(w[0], qlxge_mac_word_lo(mac));
	assert_int_equal(w[1], qlxge_mac_word_hi(mac));
	assert_int_equal((w[2] & QLXGE_CAM_OUT_CQ_ID_MASK) >> QLXGE_CAM_OUT_CQ_ID_SHIFT, 4);
	assert_int_equal(qlxge_sim_mac_table_get(e.ad, 0, 1, w, 3), 0);
	assert_int_equal(w[0], qlxge_mac_word_lo(mac));
	/* VLAN enable: an index write with E and no data */
	st_wr(e.fn[0], QLXGE_REG_MAC_ADDR_IDX, QLXGE_MAC_ADDR_IDX_E |
	      QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_VLAN, 100, 0));
	assert_int_equal(qlxge_sim_mac_table_get(e.ad, 2, 100, w, 1), 0);
	assert_int_equal(w[0] & 1, 1);
	/* routing: function 0's slot, invisible to function 1; read back with RS */
	st_route_set(e.fn[0], QLXGE_RT_SLOT_BCAST, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_BCAST);
	assert_int_equal(qlxge_sim_route_get(e.fn[0], 2, QLXGE_RT_SLOT_BCAST, &idx, &mask), 0);
	assert_int_equal(idx, 0x08320300u);
	assert_int_equal(mask, QLXGE_RT_DATA_BCAST);
	assert_int_equal(qlxge_sim_route_get(e.fn[1], 2, QLXGE_RT_SLOT_BCAST, &idx, &mask), 0);
	assert_int_equal(mask, 0);
	st_wr(e.fn[0], QLXGE_REG_RT_IDX, QLXGE_RT_IDX_RS |
	      QLXGE_RT_IDX_WORD(QLXGE_RT_IDX_TYPE_NICQ, QLXGE_RT_SLOT_BCAST, 0));
	assert_true(st_rd(e.fn[0], QLXGE_REG_RT_IDX) & QLXGE_RT_IDX_MR);
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_RT_DATA), QLXGE_RT_DATA_BCAST);
	st_env_fini(&e);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_icb_malformed),
		cmocka_unit_test(test_icb_cq_partial_reload),
		cmocka_unit_test(test_icb_wq_and_rss),
		cmocka_unit_test(test_xgmac_window),
		cmocka_unit_test(test_filter_tables_shared),
	};

	return cmocka_run_group_tests_name("sim_icb", tests, NULL, NULL);
}
