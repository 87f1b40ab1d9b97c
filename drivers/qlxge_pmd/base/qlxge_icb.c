/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Queue control blocks of the qlxge PMD: WQ and CQ ICBs (§6.1, §6.2), the buffer-queue page
 * tables (§6.4), the shadow index words (§6.3), their loads through CFG (§2.7; the RSS ICB's
 * too), the doorbell writes that validate and invalidate a queue (§5, FreeBSD's valid
 * registers) and the CQ stop of a runtime queue stop (§2.13). A queue is known by its descriptor
 * (struct qlxge_cq_desc, struct qlxge_wq_desc), which the glue fills from its queue's memory.
 */

#include <assert.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_common.h>

#include "qlxge_regs.h"
#include "qlxge_iocb.h"
#include "qlxge_base.h"
#include "qlxge_osdep.h"

#define QLXGE_ICB_TIMEOUT_US	10000u	/* CFG load: the device DMA-reads the ICB */

static_assert(QLXGE_BQ_PROD_BLOCK == QLXGE_DB_BQ_PROD_ALIGN, "the glue's block, the doorbell's");

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
qlxge_icb_bq_table(uint64_t *tbl, uint64_t ring_iova, uint32_t entries)
{
	uint32_t pages = RTE_ALIGN_CEIL(entries * QLXGE_BQ_ENTRY_SIZE, QLXGE_BQ_PAGE_SIZE) /
			 QLXGE_BQ_PAGE_SIZE;
	uint32_t i;

	for (i = 0; i < pages; i++)
		tbl[i] = rte_cpu_to_le_64(ring_iova + (uint64_t)i * QLXGE_BQ_PAGE_SIZE);
}

/*
 * §6.2: an inbound CQ as Linux loads it (LC|LI|LL|LS|LV, length with V, both buffer queues and
 * their page tables); a TX-completion CQ without buffer queues (LC|LI|LV).
 */
void
qlxge_icb_cq_fill(const struct qlxge_cq_desc *d)
{
	struct qlxge_cq_icb *icb = d->icb;

	memset(icb, 0, sizeof(*icb));
	icb->msix_vect = d->vector;
	icb->flags = QLXGE_CQ_ICB_FLAGS_LC | QLXGE_CQ_ICB_FLAGS_LI | QLXGE_CQ_ICB_FLAGS_LV;
	icb->len = qlxge_icb_len(d->len);
	icb->addr = rte_cpu_to_le_64(d->ring_iova);
	icb->prod_idx_addr = rte_cpu_to_le_64(d->shadow_iova);
	icb->pkt_delay = rte_cpu_to_le_16(QLXGE_PKT_DELAY_DEFAULT);
	icb->irq_delay = rte_cpu_to_le_16(QLXGE_IRQ_DELAY_DEFAULT_US);
	if (d->bq_len == 0)
		return;
	qlxge_icb_bq_table(d->sbq_tbl, d->sbq_ring_iova, d->bq_len);
	qlxge_icb_bq_table(d->lbq_tbl, d->lbq_ring_iova, d->bq_len);
	icb->flags |= QLXGE_CQ_ICB_FLAGS_LL | QLXGE_CQ_ICB_FLAGS_LS;
	icb->lbq_addr = rte_cpu_to_le_64(d->lbq_tbl_iova);
	icb->lbq_buf_size = rte_cpu_to_le_16(d->buf_size);
	icb->lbq_len = rte_cpu_to_le_16(d->bq_len);
	icb->sbq_addr = rte_cpu_to_le_64(d->sbq_tbl_iova);
	icb->sbq_buf_size = rte_cpu_to_le_16(d->buf_size);
	icb->sbq_len = rte_cpu_to_le_16(d->bq_len);
}

/* §6.1 WQ ICB: all load flags, as both drivers. */
void
qlxge_icb_wq_fill(const struct qlxge_wq_desc *d)
{
	struct qlxge_wq_icb *wq = d->icb;

	memset(wq, 0, sizeof(*wq));
	wq->len = rte_cpu_to_le_16((uint16_t)d->len | QLXGE_WQ_ICB_LEN_V |
				   QLXGE_WQ_ICB_LEN_CPP_CONT);
	wq->flags = QLXGE_WQ_ICB_FLAGS_ALL;
	wq->cq_id_rss = rte_cpu_to_le_16(d->cq_id & QLXGE_WQ_ICB_CQ_ID_MASK);
	wq->addr = rte_cpu_to_le_64(d->ring_iova);
	wq->cnsmr_idx_addr = rte_cpu_to_le_64(d->shadow_iova);
}

/*
 * §2.7: load (or dump) a control block at @iova into queue @qid. The ICB semaphore is held
 * across ICB_L/H, the CFG write and the completion wait (Linux), so the other function cannot
 * move ICB_L/H under a load in flight.
 */
static int
qlxge_icb_load(const struct qlxge_hw *hw, uint32_t cmd_bit, unsigned int qid, uint64_t iova)
{
	int ret;

	ret = qlxge_wait_bit(hw, QLXGE_REG_CFG, cmd_bit, false, 0, QLXGE_ICB_TIMEOUT_US,
			     "CFG (previous load)");
	if (ret != 0)
		return ret;
	ret = qlxge_sem_lock(hw, QLXGE_SEM_ICB, "ICB");
	if (ret != 0)
		return ret;
	qlxge_wr32(hw, QLXGE_REG_ICB_L, (uint32_t)iova);
	qlxge_wr32(hw, QLXGE_REG_ICB_H, (uint32_t)(iova >> 32));
	qlxge_mwr_field(hw, QLXGE_REG_CFG, cmd_bit | QLXGE_CFG_Q_MASK,
			cmd_bit | ((qid << QLXGE_CFG_Q_SHIFT) & QLXGE_CFG_Q_MASK));
	ret = qlxge_wait_bit(hw, QLXGE_REG_CFG, cmd_bit, false, QLXGE_CFG_LE,
			     QLXGE_ICB_TIMEOUT_US, "CFG (ICB load)");
	qlxge_sem_unlock(hw, QLXGE_SEM_ICB);
	if (ret != 0)
		QLXGE_HW_LOG(ERR, "port %u: ICB load 0x%x of queue %u at 0x%" PRIx64 " failed",
			     hw->st->port_id, cmd_bit, qid, iova);
	return ret;
}

/* §6.5, §2.7: load the RSS ICB at @iova (CFG.LR, queue 0). */
int
qlxge_icb_rss_load(const struct qlxge_hw *hw, uint64_t iova)
{
	return qlxge_icb_load(hw, QLXGE_CFG_LR, 0, iova);
}

/*
 * Start an inbound CQ: clean ring and shadow, load the CQ ICB, then validate the CQ and hand
 * @posted buffers of each buffer queue to the device.
 */
int
qlxge_icb_rx_start(const struct qlxge_hw *hw, const struct qlxge_cq_desc *cq, uint32_t posted)
{
	int ret;

	memset(cq->ring, 0, (size_t)cq->len * QLXGE_CQE_SIZE);
	__atomic_store_n(cq->prod_shadow, 0, __ATOMIC_RELAXED);	/* as in qlxge_icb_tx_start */
	ret = qlxge_icb_load(hw, QLXGE_CFG_LCQ, cq->id, cq->icb_iova);
	if (ret != 0)
		return ret;
	qlxge_db_write(cq->db, QLXGE_DB_CQ_CONS_IDX, 0);
	qlxge_db_write(cq->db, QLXGE_DB_CQ_VALID, QLXGE_DB_VALID_V);
	qlxge_db_write(cq->db, QLXGE_DB_SBQ_PROD_IDX, posted);
	qlxge_db_write(cq->db, QLXGE_DB_LBQ_PROD_IDX, posted);
	return 0;
}

/* FreeBSD's teardown: clear the valid bit of the CQ page (§4.4, §5). */
void
qlxge_icb_rx_stop(const struct qlxge_cq_desc *cq)
{
	qlxge_db_write(cq->db, QLXGE_DB_CQ_VALID, QLXGE_DB_INVALIDATE);
}

/* Start a TX queue: its completion CQ first, then the WQ that names it (§4.3 order). */
int
qlxge_icb_tx_start(const struct qlxge_hw *hw, const struct qlxge_wq_desc *wq,
		   const struct qlxge_cq_desc *cq)
{
	int ret;

	memset(wq->ring, 0, (size_t)wq->len * QLXGE_IOCB_SIZE);
	memset(cq->ring, 0, (size_t)cq->len * QLXGE_CQE_SIZE);
	/* atomic, as the device writes them: other threads read them (the API, and a shared
	 * queue's can_drain, which any thread may ask at any time) */
	__atomic_store_n(wq->cons_shadow, 0, __ATOMIC_RELAXED);
	__atomic_store_n(cq->prod_shadow, 0, __ATOMIC_RELAXED);
	ret = qlxge_icb_load(hw, QLXGE_CFG_LCQ, cq->id, cq->icb_iova);
	if (ret != 0)
		return ret;
	ret = qlxge_icb_load(hw, QLXGE_CFG_LRQ, wq->id, wq->icb_iova);
	if (ret != 0) {
		qlxge_db_write(cq->db, QLXGE_DB_CQ_VALID, QLXGE_DB_INVALIDATE);
		return ret;
	}
	qlxge_db_write(cq->db, QLXGE_DB_CQ_CONS_IDX, 0);
	qlxge_db_write(cq->db, QLXGE_DB_CQ_VALID, QLXGE_DB_VALID_V);
	qlxge_db_write(wq->db, QLXGE_DB_WQ_VALID, QLXGE_DB_VALID_V);
	return 0;
}

void
qlxge_icb_tx_stop(const struct qlxge_wq_desc *wq, const struct qlxge_cq_desc *cq)
{
	qlxge_db_write(wq->db, QLXGE_DB_WQ_VALID, QLXGE_DB_INVALIDATE);
	qlxge_db_write(cq->db, QLXGE_DB_CQ_VALID, QLXGE_DB_INVALIDATE);
}

/*
 * §2.13: ask the device to stop (or start) processing CQ @cq, then read it back until EN
 * reflects the request. A stopped CQ takes no completions, so the buffers and ring behind it
 * can be taken back without a function reset (runtime queue stop).
 */
int
qlxge_icb_cq_stop(const struct qlxge_hw *hw, unsigned int cq, bool stop)
{
	uint32_t sel = (cq << QLXGE_CQ_STOP_CQ_SHIFT) & QLXGE_CQ_STOP_CQ_MASK;

	qlxge_mwr_field(hw, QLXGE_REG_CQ_STOP, QLXGE_CQ_STOP_CQ_MASK | QLXGE_CQ_STOP_TYPE_MASK,
			sel | (stop ? QLXGE_CQ_STOP_TYPE_STOP : QLXGE_CQ_STOP_TYPE_START));
	qlxge_mwr_field(hw, QLXGE_REG_CQ_STOP, QLXGE_CQ_STOP_CQ_MASK | QLXGE_CQ_STOP_TYPE_MASK,
			sel | QLXGE_CQ_STOP_TYPE_READ);
	return qlxge_wait_bit(hw, QLXGE_REG_CQ_STOP, QLXGE_CQ_STOP_EN, !stop, 0,
			      QLXGE_CQ_STOP_TIMEOUT_US,
			      stop ? "CQ_STOP (stop)" : "CQ_STOP (start)");
}
