/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Fuzzer (c): IOCBs written into a live work queue of the running model, through its public
 * API only (registers, doorbells, DMA memory, qlxge_sim_poll), as a driver would: a WQ and its
 * completion CQ, a looped-back wire and an RX CQ with buffers, so that the frames the IOCBs
 * make come back through classification and placement. Each input is a run of IOCBs (any
 * bytes; the addresses of their inline descriptors are folded into a DMA arena the input fills,
 * unless their top bits are set, so that bad and good addresses both occur), the producer
 * doorbell, poll steps. The model must never crash; a bad address must be a device error
 * (STS.FE), after which the harness resets the function (RST_FO.FR) and sets the queues up
 * again; every IOCB taken gets exactly one completion, in order, its tid echoed.
 *
 * Input: up to 32 IOCBs (128 bytes each), then the arena's bytes (the first byte of the input
 * says how many IOCBs).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_eal.h>
#include <rte_log.h>
#include <rte_malloc.h>

#include "qlxge_contract.h"
#include "qlxge_sim.h"
#include "qlxge_test_eal.h"

#define WQ_LEN		64
#define CQ_LEN		64
#define RX_CQ		0
#define TX_CQ		1
#define BQ_LEN		32
#define BQ_BSIZE	2048
#define ARENA_LEN	(64u * 1024u)
#define MAX_IOCBS	32
#define STEPS		4

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
fz_fail(const char *what)
{
	fprintf(stderr, "fuzz_wq: %s\n", what);
	abort();
}

static void *
fz_dma(size_t len, uint64_t *iova)
{
	void *p = rte_zmalloc("fuzz_wq", len, 4096);

	if (p == NULL)
		fz_fail("no DMA memory");
	*iova = rte_malloc_virt2iova(p);
	return p;
}

static struct qlxge_sim_adapter *ad;
static struct qlxge_sim_func *fn;

/* DMA memory of the queues, kept across function resets (the ICBs are loaded again). */
static struct {
	uint8_t *wq_ring, *txcq_ring, *rxcq_ring, *arena;
	uint32_t *wq_shadow, *txcq_shadow, *rxcq_shadow;
	struct qlxge_wq_icb *wq_icb;
	struct qlxge_cq_icb *txcq_icb, *rxcq_icb;
	uint64_t *lbq, *lbq_pt, *sbq, *sbq_pt;
	uint8_t *bufs;
	uint64_t wq_ring_iova, txcq_ring_iova, rxcq_ring_iova, arena_iova;
	uint64_t wq_shadow_iova, txcq_shadow_iova, rxcq_shadow_iova;
	uint64_t wq_icb_iova, txcq_icb_iova, rxcq_icb_iova;
	uint64_t lbq_iova, lbq_pt_iova, sbq_iova, sbq_pt_iova, bufs_iova;
	uint32_t wq_prod, txcq_cons, rxcq_cons, lbq_prod, sbq_prod;
} q;

static volatile uint32_t *
fz_db(uint32_t off)
{
	return (volatile uint32_t *)((uint8_t *)qlxge_sim_doorbell_base(fn) + off);
}

static void
fz_sem(uint32_t word, bool take)
{
	int i;

	if (!take) {
		qlxge_sim_reg_write(fn, QLXGE_REG_SEM, QLXGE_SEM_RELEASE_WORD(word));
		return;
	}
	for (i = 0; i < 1000; i++) {
		qlxge_sim_reg_write(fn, QLXGE_REG_SEM, word);
		if (qlxge_sim_reg_read(fn, QLXGE_REG_SEM) & QLXGE_SEM_HELD_BIT(word))
			return;
	}
	fz_fail("semaphore not granted");
}

static void
fz_cfg(uint32_t bit, unsigned int id, uint64_t iova)
{
	fz_sem(QLXGE_SEM_ICB, true);
	qlxge_sim_reg_write(fn, QLXGE_REG_ICB_L, (uint32_t)iova);
	qlxge_sim_reg_write(fn, QLXGE_REG_ICB_H, (uint32_t)(iova >> 32));
	qlxge_sim_reg_write(fn, QLXGE_REG_CFG, QLXGE_CFG_CMD(bit, id));
	fz_sem(QLXGE_SEM_ICB, false);
	if (qlxge_sim_reg_read(fn, QLXGE_REG_CFG) & (bit | QLXGE_CFG_LE))
		fz_fail("ICB load refused");
}

static void
fz_cq_icb(struct qlxge_cq_icb *icb, uint64_t ring, uint64_t shadow, bool bqs)
{
	memset(icb, 0, sizeof(*icb));
	icb->msix_vect = 1;
	icb->len = rte_cpu_to_le_16(CQ_LEN | QLXGE_CQ_ICB_LEN_V);
	icb->addr = rte_cpu_to_le_64(ring);
	icb->prod_idx_addr = rte_cpu_to_le_64(shadow);
	icb->flags = QLXGE_CQ_ICB_FLAGS_LC | QLXGE_CQ_ICB_FLAGS_LI | QLXGE_CQ_ICB_FLAGS_LV;
	if (bqs) {
		icb->lbq_addr = rte_cpu_to_le_64(q.lbq_pt_iova);
		icb->lbq_buf_size = rte_cpu_to_le_16(BQ_BSIZE);
		icb->lbq_len = rte_cpu_to_le_16(BQ_LEN);
		icb->sbq_addr = rte_cpu_to_le_64(q.sbq_pt_iova);
		icb->sbq_buf_size = rte_cpu_to_le_16(BQ_BSIZE);
		icb->sbq_len = rte_cpu_to_le_16(BQ_LEN);
		icb->flags |= QLXGE_CQ_ICB_FLAGS_LL | QLXGE_CQ_ICB_FLAGS_LS;
	}
}

/* The function up, the RX CQ with its buffers, the TX CQ, the WQ, every frame to the RX CQ. */
static void
fz_queues_up(void)
{
	uint32_t i;

	qlxge_sim_reg_write(fn, QLXGE_REG_SYS, QLXGE_SYS_INIT);
	qlxge_sim_reg_write(fn, QLXGE_REG_NIC_RCV_CFG,
			    QLXGE_MWR_FIELD(QLXGE_NIC_RCV_CFG_DFQ_MASK, 0));
	qlxge_sim_reg_write(fn, QLXGE_REG_FSC, QLXGE_FSC_INIT_FREEBSD);
	memset(q.rxcq_ring, 0, (size_t)CQ_LEN * QLXGE_CQE_SIZE);
	memset(q.txcq_ring, 0, (size_t)CQ_LEN * QLXGE_CQE_SIZE);
	*q.rxcq_shadow = 0;
	*q.txcq_shadow = 0;
	*q.wq_shadow = 0;
	for (i = 0; i < BQ_LEN; i++) {
		q.lbq[i] = rte_cpu_to_le_64(q.bufs_iova + (uint64_t)i * BQ_BSIZE);
		q.sbq[i] = rte_cpu_to_le_64(q.bufs_iova + (uint64_t)(BQ_LEN + i) * BQ_BSIZE);
	}
	fz_cq_icb(q.rxcq_icb, q.rxcq_ring_iova, q.rxcq_shadow_iova, true);
	fz_cfg(QLXGE_CFG_LCQ, RX_CQ, q.rxcq_icb_iova);
	fz_cq_icb(q.txcq_icb, q.txcq_ring_iova, q.txcq_shadow_iova, false);
	fz_cfg(QLXGE_CFG_LCQ, TX_CQ, q.txcq_icb_iova);
	memset(q.wq_icb, 0, sizeof(*q.wq_icb));
	q.wq_icb->len = rte_cpu_to_le_16(WQ_LEN | QLXGE_WQ_ICB_LEN_V);
	q.wq_icb->flags = QLXGE_WQ_ICB_FLAGS_ALL;
	q.wq_icb->cq_id_rss = rte_cpu_to_le_16(TX_CQ);
	q.wq_icb->addr = rte_cpu_to_le_64(q.wq_ring_iova);
	q.wq_icb->cnsmr_idx_addr = rte_cpu_to_le_64(q.wq_shadow_iova);
	fz_cfg(QLXGE_CFG_LRQ, 0, q.wq_icb_iova);
	q.wq_prod = q.txcq_cons = q.rxcq_cons = 0;
	q.lbq_prod = q.sbq_prod = BQ_LEN - 16;
	*fz_db(QLXGE_DB_CQ_OFFSET(RX_CQ) + QLXGE_DB_LBQ_PROD_IDX) = q.lbq_prod;
	*fz_db(QLXGE_DB_CQ_OFFSET(RX_CQ) + QLXGE_DB_SBQ_PROD_IDX) = q.sbq_prod;
	fz_sem(QLXGE_SEM_RT_IDX, true);
	qlxge_sim_reg_write(fn, QLXGE_REG_RT_IDX,
			    QLXGE_RT_IDX_WORD(QLXGE_RT_IDX_TYPE_NICQ, QLXGE_RT_SLOT_PROMISC,
					      QLXGE_RT_IDX_DST_DFLT_Q) | QLXGE_RT_IDX_E);
	qlxge_sim_reg_write(fn, QLXGE_REG_RT_DATA, QLXGE_RT_DATA_VALID);
	fz_sem(QLXGE_SEM_RT_IDX, false);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const extra[] = { "--log-level=lib.qlxge_sim.*:emerg", NULL };
	struct qlxge_sim_params p = { .name = "fuzzwq" };
	struct qlxge_sim_wire_cfg w = { .kind = QLXGE_SIM_WIRE_LOOP };
	uint32_t pages = (BQ_LEN * 8 + 4095) / 4096;

	(void)argc;
	(void)argv;
	if (qlxge_test_eal_init_nopmd(extra) != 0)
		fz_fail("EAL init");
	if (qlxge_sim_adapter_create(&p, &ad) != 0)
		fz_fail("adapter");
	fn = qlxge_sim_func(ad, 0);
	q.wq_ring = fz_dma((size_t)WQ_LEN * QLXGE_IOCB_SIZE, &q.wq_ring_iova);
	q.txcq_ring = fz_dma((size_t)CQ_LEN * QLXGE_CQE_SIZE, &q.txcq_ring_iova);
	q.rxcq_ring = fz_dma((size_t)CQ_LEN * QLXGE_CQE_SIZE, &q.rxcq_ring_iova);
	q.wq_shadow = fz_dma(8, &q.wq_shadow_iova);
	q.txcq_shadow = fz_dma(8, &q.txcq_shadow_iova);
	q.rxcq_shadow = fz_dma(8, &q.rxcq_shadow_iova);
	q.wq_icb = fz_dma(sizeof(*q.wq_icb), &q.wq_icb_iova);
	q.txcq_icb = fz_dma(sizeof(*q.txcq_icb), &q.txcq_icb_iova);
	q.rxcq_icb = fz_dma(sizeof(*q.rxcq_icb), &q.rxcq_icb_iova);
	q.lbq = fz_dma(pages * 4096, &q.lbq_iova);
	q.sbq = fz_dma(pages * 4096, &q.sbq_iova);
	q.lbq_pt = fz_dma(pages * 8, &q.lbq_pt_iova);
	q.sbq_pt = fz_dma(pages * 8, &q.sbq_pt_iova);
	q.lbq_pt[0] = rte_cpu_to_le_64(q.lbq_iova);
	q.sbq_pt[0] = rte_cpu_to_le_64(q.sbq_iova);
	q.bufs = fz_dma((size_t)2 * BQ_LEN * BQ_BSIZE, &q.bufs_iova);
	q.arena = fz_dma(ARENA_LEN, &q.arena_iova);
	if (qlxge_sim_wire_set(fn, &w) != 0)
		fz_fail("wire");
	fz_queues_up();
	return 0;
}

/* The RX side, as a driver keeps it going: completions consumed, buffers given back. */
static void
fz_rx_drain(void)
{
	uint32_t prod = rte_le_to_cpu_32(*(volatile uint32_t *)q.rxcq_shadow), n = 0;

	if (prod >= CQ_LEN)
		fz_fail("RX producer shadow out of range");
	while (q.rxcq_cons != prod) {
		q.rxcq_cons = (q.rxcq_cons + 1) % CQ_LEN;
		n++;
	}
	if (n == 0)
		return;
	*fz_db(QLXGE_DB_CQ_OFFSET(RX_CQ) + QLXGE_DB_CQ_CONS_IDX) = q.rxcq_cons;
	/* every buffer back, 16 short of full (§5): the same addresses are still in the rings */
	q.lbq_prod = (q.lbq_prod + 16) % BQ_LEN;
	q.sbq_prod = (q.sbq_prod + 16) % BQ_LEN;
	*fz_db(QLXGE_DB_CQ_OFFSET(RX_CQ) + QLXGE_DB_LBQ_PROD_IDX) = q.lbq_prod;
	*fz_db(QLXGE_DB_CQ_OFFSET(RX_CQ) + QLXGE_DB_SBQ_PROD_IDX) = q.sbq_prod;
}

/* TX completions: one per IOCB taken, in WQ order, the tid its slot. */
static void
fz_tx_drain(uint32_t *expect_tid, uint32_t *left)
{
	uint32_t prod = rte_le_to_cpu_32(*(volatile uint32_t *)q.txcq_shadow);

	if (prod >= CQ_LEN)
		fz_fail("TX producer shadow out of range");
	while (q.txcq_cons != prod) {
		const struct qlxge_ob_mac_rsp *r = (const void *)(q.txcq_ring +
			(size_t)q.txcq_cons * QLXGE_CQE_SIZE);

		if (*left == 0)
			fz_fail("a completion for no IOCB");
		if (rte_le_to_cpu_32(r->tid) != *expect_tid)
			fz_fail("a completion out of order");
		*expect_tid = (*expect_tid + 1) % WQ_LEN;
		(*left)--;
		q.txcq_cons = (q.txcq_cons + 1) % CQ_LEN;
	}
	*fz_db(QLXGE_DB_CQ_OFFSET(TX_CQ) + QLXGE_DB_CQ_CONS_IDX) = q.txcq_cons;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t n, i, k, first, expect, left;
	size_t arena;

	if (size < 1)
		return 0;
	n = data[0] % (MAX_IOCBS + 1);
	data++;
	size--;
	if (size < (size_t)n * QLXGE_IOCB_SIZE)
		n = (uint32_t)(size / QLXGE_IOCB_SIZE);
	arena = size - (size_t)n * QLXGE_IOCB_SIZE;
	memset(q.arena, 0, ARENA_LEN);
	memcpy(q.arena, data + (size_t)n * QLXGE_IOCB_SIZE, RTE_MIN(arena, (size_t)ARENA_LEN));
	first = q.wq_prod;
	for (i = 0; i < n; i++) {
		uint8_t *e = q.wq_ring + (size_t)q.wq_prod * QLXGE_IOCB_SIZE;
		struct qlxge_ob_mac_iocb *io = (struct qlxge_ob_mac_iocb *)e;

		memcpy(e, data + (size_t)i * QLXGE_IOCB_SIZE, QLXGE_IOCB_SIZE);
		io->tid = rte_cpu_to_le_32(q.wq_prod);
		for (k = 0; k < QLXGE_TX_BD_PER_IOCB; k++) {
			uint64_t a = rte_le_to_cpu_64(io->tbd[k].addr);

			if ((a >> 48) == 0)
				a = q.arena_iova + a % ARENA_LEN;
			io->tbd[k].addr = rte_cpu_to_le_64(a);
		}
		q.wq_prod = (q.wq_prod + 1) % WQ_LEN;
	}
	*fz_db(QLXGE_DB_WQ_OFFSET(0) + QLXGE_DB_WQ_PROD_IDX) = q.wq_prod;
	expect = first;
	left = n;
	for (i = 0; i < STEPS * 4 && (left != 0 || i < STEPS); i++) {
		qlxge_sim_poll(ad);
		fz_tx_drain(&expect, &left);
		fz_rx_drain();
		if (qlxge_sim_reg_read(fn, QLXGE_REG_STS) & QLXGE_STS_FE)
			break;
	}
	if (qlxge_sim_reg_read(fn, QLXGE_REG_STS) & QLXGE_STS_FE) {
		/* a device error: the driver's way out, a function reset, then the queues again */
		qlxge_sim_reg_write(fn, QLXGE_REG_RST_FO, QLXGE_MWR_SET(QLXGE_RST_FO_FR));
		qlxge_sim_poll(ad);
		if (qlxge_sim_reg_read(fn, QLXGE_REG_STS) & QLXGE_STS_FE)
			fz_fail("STS.FE stays after a function reset");
		fz_queues_up();
	} else if (left != 0) {
		fz_fail("IOCBs taken by no completion");
	}
	return 0;
}
