/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Queue control blocks and doorbells of the qlxge PMD: WQ and CQ ICBs (§6.1, §6.2), the
 * buffer-queue page tables (§6.4), the shadow index words (§6.3), their loads through CFG
 * (§2.7) and the doorbell pages that start and stop a queue (§5, FreeBSD's valid registers).
 * Each queue's memory is one IOVA-contiguous memzone laid out by qlxge_rx.c / qlxge_tx.c.
 */

#include <string.h>

#include <rte_byteorder.h>
#include <rte_common.h>

#include "qlxge_regs.h"
#include "qlxge_iocb.h"
#include "qlxge_ethdev.h"

uint8_t *
qlxge_icb_cq_db(struct qlxge_hw *hw, uint16_t cq_id)
{
	return qlxge_hw_db_base(hw) + QLXGE_DB_CQ_OFFSET(cq_id);
}

uint8_t *
qlxge_icb_wq_db(struct qlxge_hw *hw, uint16_t wq_id)
{
	return qlxge_hw_db_base(hw) + QLXGE_DB_WQ_OFFSET(wq_id);
}

/* §5: the registers of a doorbell page the bursts write, so they need not name them. */
uint32_t
qlxge_icb_db_off(enum qlxge_db_reg reg)
{
	switch (reg) {
	case QLXGE_DBR_WQ_PROD:
		return QLXGE_DB_WQ_PROD_IDX;
	case QLXGE_DBR_CQ_CONS:
		return QLXGE_DB_CQ_CONS_IDX;
	case QLXGE_DBR_SBQ_PROD:
		return QLXGE_DB_SBQ_PROD_IDX;
	case QLXGE_DBR_LBQ_PROD:
		return QLXGE_DB_LBQ_PROD_IDX;
	}
	return QLXGE_DB_CQ_CONS_IDX;
}

/* §5: buffer-queue producers move in blocks of 16 and never fill the ring completely. */
uint32_t
qlxge_icb_bq_prod_align(uint32_t n)
{
	return (n - 1) & ~(QLXGE_DB_BQ_PROD_ALIGN - 1);
}

static uint16_t
qlxge_icb_len(uint32_t entries)
{
	/* 65536 entries encode as 0 (§6.2); counts are multiples of 32, flags in bits 4:0 */
	return rte_cpu_to_le_16((uint16_t)(entries & 0xFFFFu) | QLXGE_CQ_ICB_LEN_V);
}

/* §6.4: one 64-bit table entry per 4 KiB page of the buffer-queue ring. */
static void
qlxge_icb_bq_table(uint64_t *tbl, rte_iova_t ring_iova, uint32_t entries)
{
	uint32_t pages = RTE_ALIGN_CEIL(entries * QLXGE_BQ_ENTRY_SIZE, QLXGE_BQ_PAGE_SIZE) /
			 QLXGE_BQ_PAGE_SIZE;
	uint32_t i;

	for (i = 0; i < pages; i++)
		tbl[i] = rte_cpu_to_le_64(ring_iova + (uint64_t)i * QLXGE_BQ_PAGE_SIZE);
}

/* §6.2, Linux's inbound CQ: LC|LI|LL|LS|LV, length with V, both buffer queues. */
void
qlxge_icb_rxq_fill(struct qlxge_rxq *rxq, rte_iova_t base, size_t sbq_off, size_t lbq_off,
		   size_t sbq_tbl_off, size_t lbq_tbl_off, size_t shadow_off)
{
	struct qlxge_cq_icb *icb = rxq->icb;
	uint8_t *va = rxq->mz->addr;

	qlxge_icb_bq_table((uint64_t *)(va + sbq_tbl_off), base + sbq_off, rxq->bq_len);
	qlxge_icb_bq_table((uint64_t *)(va + lbq_tbl_off), base + lbq_off, rxq->bq_len);
	memset(icb, 0, sizeof(*icb));
	icb->msix_vect = QLXGE_DATA_CQ_VECTOR;
	icb->flags = QLXGE_CQ_ICB_FLAGS_LC | QLXGE_CQ_ICB_FLAGS_LI | QLXGE_CQ_ICB_FLAGS_LL |
		     QLXGE_CQ_ICB_FLAGS_LS | QLXGE_CQ_ICB_FLAGS_LV;
	icb->len = qlxge_icb_len(rxq->nb_desc);
	icb->addr = rte_cpu_to_le_64(base);
	icb->prod_idx_addr = rte_cpu_to_le_64(base + shadow_off);
	icb->pkt_delay = rte_cpu_to_le_16(QLXGE_PKT_DELAY_DEFAULT);
	icb->irq_delay = rte_cpu_to_le_16(QLXGE_IRQ_DELAY_DEFAULT_US);
	icb->lbq_addr = rte_cpu_to_le_64(base + lbq_tbl_off);
	icb->lbq_buf_size = rte_cpu_to_le_16(rxq->buf_size);
	icb->lbq_len = rte_cpu_to_le_16(rxq->bq_len);
	icb->sbq_addr = rte_cpu_to_le_64(base + sbq_tbl_off);
	icb->sbq_buf_size = rte_cpu_to_le_16(rxq->buf_size);
	icb->sbq_len = rte_cpu_to_le_16(rxq->bq_len);
}

/* §6.1 WQ ICB (all load flags, as both drivers) and §6.2 TX-completion CQ (LC|LV|LI). */
void
qlxge_icb_txq_fill(struct qlxge_txq *txq, rte_iova_t base, size_t cq_off, size_t cons_off,
		   size_t prod_off)
{
	struct qlxge_wq_icb *wq = txq->wq_icb;
	struct qlxge_cq_icb *cq = txq->cq_icb;

	memset(wq, 0, sizeof(*wq));
	wq->len = rte_cpu_to_le_16((uint16_t)txq->nb_desc | QLXGE_WQ_ICB_LEN_V |
				   QLXGE_WQ_ICB_LEN_CPP_CONT);
	wq->flags = QLXGE_WQ_ICB_FLAGS_ALL;
	wq->cq_id_rss = rte_cpu_to_le_16(txq->cq_id & QLXGE_WQ_ICB_CQ_ID_MASK);
	wq->addr = rte_cpu_to_le_64(base);
	wq->cnsmr_idx_addr = rte_cpu_to_le_64(base + cons_off);

	memset(cq, 0, sizeof(*cq));
	cq->msix_vect = QLXGE_DATA_CQ_VECTOR;
	cq->flags = QLXGE_CQ_ICB_FLAGS_LC | QLXGE_CQ_ICB_FLAGS_LI | QLXGE_CQ_ICB_FLAGS_LV;
	cq->len = qlxge_icb_len(txq->nb_desc);
	cq->addr = rte_cpu_to_le_64(base + cq_off);
	cq->prod_idx_addr = rte_cpu_to_le_64(base + prod_off);
	cq->pkt_delay = rte_cpu_to_le_16(QLXGE_PKT_DELAY_DEFAULT);
	cq->irq_delay = rte_cpu_to_le_16(QLXGE_IRQ_DELAY_DEFAULT_US);
}

/*
 * Start an RX queue: clean ring and shadow, load the CQ ICB, then validate the CQ and hand
 * @posted buffers of each buffer queue to the device.
 */
int
qlxge_icb_rxq_start(struct qlxge_hw *hw, struct qlxge_rxq *rxq, uint32_t posted)
{
	int ret;

	memset(rxq->cq_ring, 0, (size_t)rxq->nb_desc * QLXGE_CQE_SIZE);
	*rxq->prod_shadow = 0;
	ret = qlxge_hw_icb_load(hw, QLXGE_CFG_LCQ, rxq->cq_id, rxq->icb_iova);
	if (ret != 0)
		return ret;
	qlxge_db_write(rxq->cq_db, QLXGE_DB_CQ_CONS_IDX, 0);
	qlxge_db_write(rxq->cq_db, QLXGE_DB_CQ_VALID, QLXGE_DB_VALID_V);
	qlxge_db_write(rxq->cq_db, QLXGE_DB_SBQ_PROD_IDX, posted);
	qlxge_db_write(rxq->cq_db, QLXGE_DB_LBQ_PROD_IDX, posted);
	return 0;
}

/* FreeBSD's teardown: clear the valid bit of the CQ page (§4.4, §5). */
void
qlxge_icb_rxq_stop(struct qlxge_rxq *rxq)
{
	qlxge_db_write(rxq->cq_db, QLXGE_DB_CQ_VALID, QLXGE_DB_INVALIDATE);
}

/* Start a TX queue: its completion CQ first, then the WQ that names it (§4.3 order). */
int
qlxge_icb_txq_start(struct qlxge_hw *hw, struct qlxge_txq *txq)
{
	int ret;

	memset(txq->wq_ring, 0, (size_t)txq->nb_desc * QLXGE_IOCB_SIZE);
	memset(txq->cq_ring, 0, (size_t)txq->nb_desc * QLXGE_CQE_SIZE);
	*txq->cons_shadow = 0;
	*txq->prod_shadow = 0;
	ret = qlxge_hw_icb_load(hw, QLXGE_CFG_LCQ, txq->cq_id, txq->cq_icb_iova);
	if (ret != 0)
		return ret;
	ret = qlxge_hw_icb_load(hw, QLXGE_CFG_LRQ, txq->wq_id, txq->wq_icb_iova);
	if (ret != 0) {
		qlxge_db_write(txq->cq_db, QLXGE_DB_CQ_VALID, QLXGE_DB_INVALIDATE);
		return ret;
	}
	qlxge_db_write(txq->cq_db, QLXGE_DB_CQ_CONS_IDX, 0);
	qlxge_db_write(txq->cq_db, QLXGE_DB_CQ_VALID, QLXGE_DB_VALID_V);
	qlxge_db_write(txq->wq_db, QLXGE_DB_WQ_VALID, QLXGE_DB_VALID_V);
	return 0;
}

void
qlxge_icb_txq_stop(struct qlxge_txq *txq)
{
	qlxge_db_write(txq->wq_db, QLXGE_DB_WQ_VALID, QLXGE_DB_INVALIDATE);
	qlxge_db_write(txq->cq_db, QLXGE_DB_CQ_VALID, QLXGE_DB_INVALIDATE);
}
