/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * ICB loads and dumps through CFG (§2.7, §6, §16.5): on LRQ / LCQ / LR the device
 * DMA-reads the WQ / CQ / RSS ICB at ICB_H:ICB_L, applies the fields whose load flags are set
 * (a live CQ reloaded with only LI changes only its delays), and clears the command bit; on
 * DRQ / DCQ / DR it DMA-writes the block back. A malformed ICB (bad length, unsupported paging,
 * out-of-range ids, rings outside DMA memory) loads nothing and sets LE. The work is done
 * inside the register write, so the command bit already reads 0 when the driver polls it.
 * Also the function reset's unload of every queue.
 */

#include <errno.h>
#include <string.h>

#include <rte_byteorder.h>

#include "base/dma.h"
#include "base/log.h"
#include "base/reg.h"
#include "base/state.h"
#include "dataplane/rss.h"
#include "queues/doorbell.h"
#include "queues/icb.h"

static uint64_t
sim_icb_addr(struct qlxge_sim_func *fn)
{
	return ((uint64_t)fn->ad->regs[QLXGE_REG_ICB_H / 4] << 32) |
	       fn->ad->regs[QLXGE_REG_ICB_L / 4];
}

static int
sim_icb_load_wq(struct qlxge_sim_func *fn, unsigned int q, uint64_t addr)
{
	struct qlxge_wq_icb icb;
	struct sim_wq *wq = &fn->wq[q];
	uint16_t len;
	uint32_t count;

	if (sim_dma_read(fn, addr, &icb, sizeof(icb)) < 0)
		return -EFAULT;
	len = rte_le_to_cpu_16(icb.len);
	count = len & ~(uint32_t)QLXGE_WQ_ICB_LEN_FLAGS_MASK;
	if (count == 0 || (len & QLXGE_WQ_ICB_LEN_CPP_MASK) != QLXGE_WQ_ICB_LEN_CPP_CONT ||
	    rte_le_to_cpu_64(icb.addr) & 3 ||
	    sim_dma_xlate(rte_le_to_cpu_64(icb.addr), (size_t)count * QLXGE_IOCB_SIZE) == NULL ||
	    sim_dma_xlate(rte_le_to_cpu_64(icb.cnsmr_idx_addr), 4) == NULL) {
		SIM_WRN(fn, regs, icb_bad_wq, SIM_FN_FMT " WQ %u ICB: len 0x%04x ring 0x%" PRIx64
			" shadow 0x%" PRIx64, SIM_FN_ARGS(fn), q, len, rte_le_to_cpu_64(icb.addr),
			rte_le_to_cpu_64(icb.cnsmr_idx_addr));
		return -EINVAL;
	}
	wq->icb = icb;
	wq->len = count;
	wq->cq_id = rte_le_to_cpu_16(icb.cq_id_rss) & QLXGE_WQ_ICB_CQ_ID_MASK;
	wq->base = rte_le_to_cpu_64(icb.addr);
	wq->shadow = rte_le_to_cpu_64(icb.cnsmr_idx_addr);
	wq->cons = 0;
	wq->ring.gen = 0;	/* checked again at its next access */
	wq->valid = (len & QLXGE_WQ_ICB_LEN_V) != 0;
	wq->loaded = true;
	sim_db_store(fn, QLXGE_DB_WQ_OFFSET(q) + QLXGE_DB_WQ_PROD_IDX, 0);
	/* the load decides V and the valid register reads it (§5; ONQ 0: the ring is empty); a
	 * driver write that differs decides again */
	wq->db_valid_seen = wq->valid ? QLXGE_DB_VALID_V : 0;
	sim_db_store(fn, QLXGE_DB_WQ_OFFSET(q) + QLXGE_DB_WQ_VALID, wq->db_valid_seen);
	sim_bit_set(fn->wq_live, q, true);
	SIM_TRACE(regs, icb_wq, SIM_FN_FMT " WQ %u: %u entries at 0x%" PRIx64 " -> CQ %u, V %u",
		  SIM_FN_ARGS(fn), q, count, wq->base, wq->cq_id, wq->valid);
	return 0;
}

/* Read the page-address table of a buffer queue (§6.4). */
static int
sim_icb_bq(struct qlxge_sim_func *fn, struct sim_bq *bq, uint64_t table, uint16_t bsize,
	   uint16_t len)
{
	uint32_t n = len ? len : QLXGE_BQ_MAX_ENTRIES;
	uint32_t pages = (n + QLXGE_BQ_ENTRIES_PER_PAGE - 1) / QLXGE_BQ_ENTRIES_PER_PAGE;
	uint64_t raw[SIM_BQ_MAX_PAGES];
	uint32_t i;

	if (table == 0 || sim_dma_xlate(table, pages * 8u) == NULL)
		return -EINVAL;
	if (sim_dma_read(fn, table, raw, pages * 8u) < 0)
		return -EFAULT;
	for (i = 0; i < pages; i++) {
		uint64_t pg = rte_le_to_cpu_64(raw[i]);
		uint32_t in_page = RTE_MIN(n - i * QLXGE_BQ_ENTRIES_PER_PAGE,
					   QLXGE_BQ_ENTRIES_PER_PAGE);

		if (sim_dma_xlate(pg, in_page * 8u) == NULL)
			return -EINVAL;
		bq->pages[i] = pg;
	}
	bq->len = n;
	bq->bsize = bsize ? bsize : 65536u;
	bq->table = table;
	bq->cons = 0;
	bq->avail = 0;
	bq->page.gen = 0;
	return 0;
}

static int
sim_icb_load_cq(struct qlxge_sim_func *fn, unsigned int q, uint64_t addr)
{
	struct qlxge_cq_icb icb;
	struct sim_cq *cq = &fn->cq[q];
	struct sim_cq nc = *cq;
	uint8_t flags;
	uint16_t len;
	int ret;

	if (sim_dma_read(fn, addr, &icb, sizeof(icb)) < 0)
		return -EFAULT;
	flags = icb.flags;
	len = rte_le_to_cpu_16(icb.len);
	if (flags & QLXGE_CQ_ICB_FLAGS_LC) {
		uint32_t count = len & ~(uint32_t)QLXGE_CQ_ICB_LEN_FLAGS_MASK;

		if (count == 0)
			count = QLXGE_CQ_MAX_ENTRIES;
		if ((len & QLXGE_CQ_ICB_LEN_CPP_MASK) != QLXGE_CQ_ICB_LEN_CPP_CONT ||
		    sim_dma_xlate(rte_le_to_cpu_64(icb.addr), (size_t)count * QLXGE_CQE_SIZE) ==
		    NULL || sim_dma_xlate(rte_le_to_cpu_64(icb.prod_idx_addr), 4) == NULL)
			goto bad;
		nc.len = count;
		nc.base = rte_le_to_cpu_64(icb.addr);
		nc.shadow = rte_le_to_cpu_64(icb.prod_idx_addr);
		nc.valid = (len & QLXGE_CQ_ICB_LEN_V) != 0;
		nc.prod = 0;
		nc.room = 0;
		nc.ring.gen = 0;
		nc.published = 0;
		nc.publish_pending = false;
		nc.coal_armed = false;
		nc.irq_pending = false;
		nc.loaded = true;
		nc.epoch++;	/* a new ring: what was in the old one is gone */
	}
	if (flags & QLXGE_CQ_ICB_FLAGS_LI) {
		nc.pkt_delay = rte_le_to_cpu_16(icb.pkt_delay);
		nc.irq_delay = rte_le_to_cpu_16(icb.irq_delay);
	}
	if (flags & QLXGE_CQ_ICB_FLAGS_LV) {
		if (icb.msix_vect >= QLXGE_SIM_NUM_VECTORS)
			goto bad;
		nc.vector = icb.msix_vect;
	}
	if (flags & QLXGE_CQ_ICB_FLAGS_LL) {
		ret = sim_icb_bq(fn, &nc.lbq, rte_le_to_cpu_64(icb.lbq_addr),
				 rte_le_to_cpu_16(icb.lbq_buf_size),
				 rte_le_to_cpu_16(icb.lbq_len));
		if (ret == -EFAULT)
			return ret;
		if (ret < 0)
			goto bad;
	}
	if (flags & QLXGE_CQ_ICB_FLAGS_LS) {
		ret = sim_icb_bq(fn, &nc.sbq, rte_le_to_cpu_64(icb.sbq_addr),
				 rte_le_to_cpu_16(icb.sbq_buf_size),
				 rte_le_to_cpu_16(icb.sbq_len));
		if (ret == -EFAULT)
			return ret;
		if (ret < 0)
			goto bad;
	}
	nc.icb = icb;
	*cq = nc;
	if (flags & QLXGE_CQ_ICB_FLAGS_LC) {
		sim_db_store(fn, QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_CQ_CONS_IDX, 0);
		/* as for a WQ: the valid register reads the loaded V */
		cq->db_valid_seen = cq->valid ? QLXGE_DB_VALID_V : 0;
		sim_db_store(fn, QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_CQ_VALID, cq->db_valid_seen);
	}
	if (flags & QLXGE_CQ_ICB_FLAGS_LL)
		sim_db_store(fn, QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_LBQ_PROD_IDX, 0);
	if (flags & QLXGE_CQ_ICB_FLAGS_LS)
		sim_db_store(fn, QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_SBQ_PROD_IDX, 0);
	sim_bit_set(fn->cq_live, q, cq->loaded);
	SIM_TRACE(regs, icb_cq, SIM_FN_FMT " CQ %u flags 0x%02x: %u entries at 0x%" PRIx64
		  " vector %u delays %u/%u LBQ %u x %u SBQ %u x %u V %u", SIM_FN_ARGS(fn), q,
		  flags, cq->len, cq->base, cq->vector, cq->irq_delay, cq->pkt_delay, cq->lbq.len,
		  cq->lbq.bsize, cq->sbq.len, cq->sbq.bsize, cq->valid);
	return 0;
bad:
	SIM_WRN(fn, regs, icb_bad_cq, SIM_FN_FMT " CQ %u ICB flags 0x%02x len 0x%04x vector %u "
		"rejected", SIM_FN_ARGS(fn), q, flags, len, icb.msix_vect);
	return -EINVAL;
}

static int
sim_icb_load_rss(struct qlxge_sim_func *fn, uint64_t addr)
{
	struct qlxge_rss_icb icb;

	if (sim_dma_read(fn, addr, &icb, sizeof(icb)) < 0)
		return -EFAULT;
	sim_rss_load(fn->rss, &icb);
	SIM_TRACE(regs, icb_rss, SIM_FN_FMT " RSS flags 0x%04x mask 0x%03x", SIM_FN_ARGS(fn),
		  rte_le_to_cpu_16(icb.flags_base_cq), rte_le_to_cpu_16(icb.mask));
	return 0;
}

/* The CQ context as the device holds it (after partial loads), in ICB layout. */
static void
sim_icb_cq_state(const struct sim_cq *s, struct qlxge_cq_icb *icb)
{
	memset(icb, 0, sizeof(*icb));
	icb->msix_vect = s->vector;
	icb->flags = s->icb.flags;
	icb->len = rte_cpu_to_le_16((uint16_t)((s->len & 0xFFFFu) |
					       (s->valid ? QLXGE_CQ_ICB_LEN_V : 0)));
	icb->addr = rte_cpu_to_le_64(s->base);
	icb->prod_idx_addr = rte_cpu_to_le_64(s->shadow);
	icb->pkt_delay = rte_cpu_to_le_16(s->pkt_delay);
	icb->irq_delay = rte_cpu_to_le_16(s->irq_delay);
	icb->lbq_addr = rte_cpu_to_le_64(s->lbq.table);
	icb->lbq_buf_size = rte_cpu_to_le_16((uint16_t)s->lbq.bsize);
	icb->lbq_len = rte_cpu_to_le_16((uint16_t)s->lbq.len);
	icb->sbq_addr = rte_cpu_to_le_64(s->sbq.table);
	icb->sbq_buf_size = rte_cpu_to_le_16((uint16_t)s->sbq.bsize);
	icb->sbq_len = rte_cpu_to_le_16((uint16_t)s->sbq.len);
}

static int
sim_icb_dump(struct qlxge_sim_func *fn, uint32_t bit, unsigned int q, uint64_t addr)
{
	struct qlxge_rss_icb rss;
	struct qlxge_cq_icb cq;

	switch (bit) {
	case QLXGE_CFG_DRQ:
		return sim_dma_write(fn, addr, &fn->wq[q].icb, sizeof(fn->wq[q].icb));
	case QLXGE_CFG_DCQ:
		sim_icb_cq_state(&fn->cq[q], &cq);
		return sim_dma_write(fn, addr, &cq, sizeof(cq));
	default:
		sim_rss_store(fn->rss, &rss);
		return sim_dma_write(fn, addr, &rss, sizeof(rss));
	}
}

#define SIM_CFG_CMDS	(QLXGE_CFG_LRQ | QLXGE_CFG_LCQ | QLXGE_CFG_LR | QLXGE_CFG_DRQ | \
			 QLXGE_CFG_DCQ | QLXGE_CFG_DR)

/* Execute the commands of the CFG write @p val (stored as @p nv in @p st) on the ICB at @p addr. */
static void
sim_cfg_exec(struct qlxge_sim_func *fn, uint32_t *st, uint32_t nv, uint32_t val, uint64_t addr)
{
	static const uint32_t cmds[] = {
		QLXGE_CFG_LRQ, QLXGE_CFG_LCQ, QLXGE_CFG_LR,
		QLXGE_CFG_DRQ, QLXGE_CFG_DCQ, QLXGE_CFG_DR,
	};
	unsigned int q = (nv & QLXGE_CFG_Q_MASK) >> QLXGE_CFG_Q_SHIFT;
	bool err = false;
	unsigned int i;
	int ret;

	sim_trace_refresh(fn->ad);	/* the ICB DMA traces */
	for (i = 0; i < RTE_DIM(cmds); i++) {
		uint32_t bit = cmds[i];

		if (!(nv & bit) || !(val & (bit << 16)))
			continue;
		switch (bit) {
		case QLXGE_CFG_LRQ:
			ret = sim_icb_load_wq(fn, q, addr);
			break;
		case QLXGE_CFG_LCQ:
			ret = sim_icb_load_cq(fn, q, addr);
			break;
		case QLXGE_CFG_LR:
			ret = sim_icb_load_rss(fn, addr);
			break;
		default:
			ret = sim_icb_dump(fn, bit, q, addr);
			break;
		}
		if (bit == QLXGE_CFG_LRQ || bit == QLXGE_CFG_LCQ || bit == QLXGE_CFG_LR) {
			fn->cnt.icb_loads++;
			if (ret < 0)
				fn->cnt.icb_load_errors++;
		}
		err |= ret < 0;
		nv &= ~bit;	/* the command completes: its bit self-clears */
	}
	if (err)
		nv |= QLXGE_CFG_LE;
	else if (val & (QLXGE_CFG_LRQ | QLXGE_CFG_LCQ | QLXGE_CFG_LR | QLXGE_CFG_DRQ |
			QLXGE_CFG_DCQ | QLXGE_CFG_DR))
		nv &= ~(uint32_t)QLXGE_CFG_LE;	/* a good command clears a previous LE */
	SIM_TRACE(regs, cfg, SIM_FN_FMT " CFG 0x%04x -> 0x%04x (queue %u, ICB 0x%" PRIx64 ")",
		  SIM_FN_ARGS(fn), *st, nv, q, addr);
	*st = nv;
}

static uint32_t *
sim_cfg_store(struct qlxge_sim_func *fn)
{
	return &fn->ad->regs[QLXGE_REG_CFG / 4];	/* CFG is shared (§2.2) */
}

void
sim_cfg_complete(struct qlxge_sim_func *fn)
{
	uint32_t *st = sim_cfg_store(fn);

	fn->cfg_pending = false;
	/* the command bits were stored at the write: they clear as the command completes */
	sim_cfg_exec(fn, st, *st, fn->cfg_val, fn->cfg_addr);
}

/*
 * CFG write: MWR storage, then every command bit set is executed and cleared; with card timing
 * the bits read 1 for SIM_CARD_ICB_US, and the command is carried out when they clear (at the
 * first CFG read or poll step after), on the ICB address latched at the write.
 */
void
sim_cfg_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t val)
{
	uint32_t *st = sim_reg_store(fn, row);
	uint32_t nv;

	if (fn->cfg_pending) {
		SIM_WRN(fn, regs, cfg_busy, SIM_FN_FMT " CFG written while a command is in "
			"progress", SIM_FN_ARGS(fn));
		sim_cfg_complete(fn);
	}
	nv = sim_mwr(*st, val);
	if (fn->ad->timing == QLXGE_SIM_TIMING_CARD && (val & nv & SIM_CFG_CMDS) != 0 &&
	    (val & (SIM_CFG_CMDS << 16)) != 0) {
		*st = nv;
		fn->cfg_pending = true;
		fn->cfg_val = val;
		fn->cfg_addr = sim_icb_addr(fn);
		fn->cfg_due = sim_now_us() + SIM_CARD_ICB_US;
		return;
	}
	sim_cfg_exec(fn, st, nv, val, sim_icb_addr(fn));
}

/* CFG read: a command in progress completes when due (card timing). */
uint32_t
sim_cfg_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	if (fn->cfg_pending && sim_now_us() >= fn->cfg_due)
		sim_cfg_complete(fn);
	return *sim_reg_store(fn, row);
}

void
sim_queues_reset(struct qlxge_sim_func *fn)
{
	memset(fn->wq, 0, sizeof(fn->wq));
	memset(fn->cq, 0, sizeof(fn->cq));
	memset(fn->wq_live, 0, sizeof(fn->wq_live));
	memset(fn->cq_live, 0, sizeof(fn->cq_live));
	fn->dma_gen = SIM_DMA_GEN_OFF;	/* no ring checked (their gen is 0 now) */
	/* the device's doorbell registers read 0 after the reset */
	memset(fn->db, 0, QLXGE_SIM_DB_BAR_SIZE);
}
