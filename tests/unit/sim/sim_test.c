/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Helpers of the model's tests: see sim_test.h. Register sequences follow docs/hardware. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_byteorder.h>
#include <rte_malloc.h>

#include "qlxge_test_eal.h"
#include "sim_test.h"

void
st_eal(void)
{
	static bool up;

	if (!up) {
		assert_int_equal(qlxge_test_eal_init_nopmd(NULL), 0);
		up = true;
	}
}

static enum qlxge_sim_timing st_timing;

void
st_env_init_timing(struct st_env *e, uint16_t device_id, enum qlxge_sim_timing timing)
{
	st_timing = timing;
	st_env_init(e, device_id);
	st_timing = QLXGE_SIM_TIMING_INSTANT;
}

void
st_env_init(struct st_env *e, uint16_t device_id)
{
	static unsigned int seq;
	struct qlxge_sim_params p;
	char name[32];

	st_eal();
	memset(e, 0, sizeof(*e));
	memset(&p, 0, sizeof(p));
	snprintf(name, sizeof(name), "st%u_%u", (unsigned int)getpid() % 1000, seq++);
	p.name = name;
	p.device_id = device_id;
	p.timing = st_timing;
	for (unsigned int i = 0; i < 2; i++) {
		uint8_t m[6] = { 0x00, 0x0E, 0x1E, 0x10, 0x20, (uint8_t)(0x30 + i) };

		memcpy(p.mac[i], m, 6);
		memcpy(e->mac[i], m, 6);
	}
	assert_int_equal(qlxge_sim_adapter_create(&p, &e->ad), 0);
	e->fn[0] = qlxge_sim_func(e->ad, 0);
	e->fn[1] = qlxge_sim_func(e->ad, 1);
	assert_non_null(e->fn[0]);
	assert_non_null(e->fn[1]);
}

void
st_env_fini(struct st_env *e)
{
	qlxge_sim_adapter_put(e->ad);
	e->ad = NULL;
}

uint32_t
st_rd(struct qlxge_sim_func *fn, uint32_t off)
{
	return qlxge_sim_reg_read(fn, off);
}

void
st_wr(struct qlxge_sim_func *fn, uint32_t off, uint32_t v)
{
	qlxge_sim_reg_write(fn, off, v);
}

uint64_t
st_xgmac_cnt(struct qlxge_sim_func *fn, uint32_t reg)
{
	uint64_t lo, hi;

	st_wr(fn, QLXGE_REG_XGMAC_ADDR, reg | QLXGE_XGMAC_ADDR_R);
	lo = st_rd(fn, QLXGE_REG_XGMAC_DATA);
	st_wr(fn, QLXGE_REG_XGMAC_ADDR, (reg + 4) | QLXGE_XGMAC_ADDR_R);
	hi = st_rd(fn, QLXGE_REG_XGMAC_DATA);
	return hi << 32 | lo;
}

void
st_poll(struct st_env *e, unsigned int n)
{
	while (n-- > 0)
		qlxge_sim_poll(e->ad);
}

bool
st_sem_get(struct qlxge_sim_func *fn, uint32_t word)
{
	for (int i = 0; i < QLXGE_SEM_TRIES; i++) {
		st_wr(fn, QLXGE_REG_SEM, word);
		if (st_rd(fn, QLXGE_REG_SEM) & QLXGE_SEM_HELD_BIT(word))
			return true;
	}
	return false;
}

void
st_sem_put(struct qlxge_sim_func *fn, uint32_t word)
{
	st_wr(fn, QLXGE_REG_SEM, QLXGE_SEM_RELEASE_WORD(word));
}

uint32_t
st_proc_rd(struct qlxge_sim_func *fn, uint32_t addr)
{
	assert_true(st_rd(fn, QLXGE_REG_PROC_ADDR) & QLXGE_PROC_ADDR_RDY);
	st_wr(fn, QLXGE_REG_PROC_ADDR, addr | QLXGE_PROC_ADDR_R);
	assert_true(st_rd(fn, QLXGE_REG_PROC_ADDR) & QLXGE_PROC_ADDR_RDY);
	return st_rd(fn, QLXGE_REG_PROC_DATA);
}

void
st_proc_wr(struct qlxge_sim_func *fn, uint32_t addr, uint32_t v)
{
	assert_true(st_rd(fn, QLXGE_REG_PROC_ADDR) & QLXGE_PROC_ADDR_RDY);
	st_wr(fn, QLXGE_REG_PROC_DATA, v);
	st_wr(fn, QLXGE_REG_PROC_ADDR, addr);
	assert_true(st_rd(fn, QLXGE_REG_PROC_ADDR) & QLXGE_PROC_ADDR_RDY);
}

static void
st_aen_add(struct st_aen_log *log, uint32_t code, uint32_t mb1)
{
	if (log != NULL && log->n < 16) {
		log->code[log->n] = code;
		log->mb1[log->n] = mb1;
		log->n++;
	}
}

uint32_t
st_mbox(struct st_env *e, struct qlxge_sim_func *fn, const uint32_t *in, unsigned int nin,
	uint32_t *out, unsigned int nout, struct st_aen_log *aens)
{
	unsigned int port = qlxge_sim_func_index(fn);
	unsigned int i, tries;

	assert_false(st_rd(fn, QLXGE_REG_CSR) & QLXGE_CSR_HRI);
	assert_true(st_sem_get(fn, QLXGE_SEM_PROC_REG));
	for (i = 0; i < nin; i++)
		st_proc_wr(fn, QLXGE_MB_IN(port, i), in[i]);
	st_wr(fn, QLXGE_REG_CSR, QLXGE_CSR_CMD_SET_H2R_INT);
	st_sem_put(fn, QLXGE_SEM_PROC_REG);
	for (tries = 0; tries < 1000; tries++) {
		uint32_t mb0;

		st_poll(e, 1);
		if (!(st_rd(fn, QLXGE_REG_STS) & QLXGE_STS_PI))
			continue;
		mb0 = st_proc_rd(fn, QLXGE_MB_OUT(port, 0));
		if ((mb0 & QLXGE_MB_STS_CLASS_MASK) == QLXGE_MB_STS_CLASS_AEN) {
			st_aen_add(aens, mb0, st_proc_rd(fn, QLXGE_MB_OUT(port, 1)));
			st_wr(fn, QLXGE_REG_CSR, QLXGE_CSR_CMD_CLR_R2PCI_INT);
			continue;
		}
		for (i = 0; i < nout; i++)
			out[i] = st_proc_rd(fn, QLXGE_MB_OUT(port, i));
		st_wr(fn, QLXGE_REG_CSR, QLXGE_CSR_CMD_CLR_R2PCI_INT);
		return mb0;
	}
	return 0xFFFFFFFFu;	/* no answer */
}

void
st_aens(struct st_env *e, struct qlxge_sim_func *fn, struct st_aen_log *log)
{
	unsigned int port = qlxge_sim_func_index(fn);

	for (unsigned int tries = 0; tries < 64; tries++) {
		st_poll(e, 1);
		if (!(st_rd(fn, QLXGE_REG_STS) & QLXGE_STS_PI))
			continue;
		st_aen_add(log, st_proc_rd(fn, QLXGE_MB_OUT(port, 0)),
			   st_proc_rd(fn, QLXGE_MB_OUT(port, 1)));
		st_wr(fn, QLXGE_REG_CSR, QLXGE_CSR_CMD_CLR_R2PCI_INT);
	}
}

bool
st_aen_seen(const struct st_aen_log *log, uint32_t code)
{
	for (unsigned int i = 0; i < log->n; i++)
		if (log->code[i] == code)
			return true;
	return false;
}

uint32_t
st_flash_rd(struct qlxge_sim_func *fn, uint32_t dword)
{
	assert_true(st_rd(fn, QLXGE_REG_FLASH_ADDR) & QLXGE_FLASH_ADDR_RDY);
	st_wr(fn, QLXGE_REG_FLASH_ADDR, QLXGE_FLASH_ADDR_R | dword);
	assert_true(st_rd(fn, QLXGE_REG_FLASH_ADDR) & QLXGE_FLASH_ADDR_RDY);
	assert_false(st_rd(fn, QLXGE_REG_FLASH_ADDR) & QLXGE_FLASH_ADDR_ERR);
	return st_rd(fn, QLXGE_REG_FLASH_DATA);
}

void *
st_dma_alloc(size_t len, uint64_t *iova)
{
	void *p = rte_zmalloc("sim_test", len, 4096);

	assert_non_null(p);
	*iova = rte_malloc_virt2iova(p);
	return p;
}

void
st_dma_free(void *p)
{
	rte_free(p);
}

uint32_t
st_cfg_cmd(struct qlxge_sim_func *fn, uint32_t bit, unsigned int q, uint64_t iova)
{
	assert_int_equal(st_rd(fn, QLXGE_REG_CFG) & bit, 0);
	assert_true(st_sem_get(fn, QLXGE_SEM_ICB));
	st_wr(fn, QLXGE_REG_ICB_L, (uint32_t)iova);
	st_wr(fn, QLXGE_REG_ICB_H, (uint32_t)(iova >> 32));
	st_wr(fn, QLXGE_REG_CFG, QLXGE_CFG_CMD(bit, q));
	st_sem_put(fn, QLXGE_SEM_ICB);
	return st_rd(fn, QLXGE_REG_CFG);
}

static void
st_bq_setup(uint32_t len, uint32_t bsize, uint64_t **ring, uint64_t *ring_iova, uint64_t **pt,
	    uint64_t *pt_iova, uint8_t **bufs, uint64_t *bufs_iova)
{
	uint32_t pages = (len * 8 + 4095) / 4096;

	*ring = st_dma_alloc(pages * 4096, ring_iova);
	*pt = st_dma_alloc(pages * 8, pt_iova);
	*bufs = st_dma_alloc((size_t)len * bsize, bufs_iova);
	for (uint32_t i = 0; i < pages; i++)
		(*pt)[i] = rte_cpu_to_le_64(*ring_iova + 4096ull * i);
	for (uint32_t i = 0; i < len; i++)
		(*ring)[i] = rte_cpu_to_le_64(*bufs_iova + (uint64_t)i * bsize);
}

void
st_cq_setup(struct qlxge_sim_func *fn, struct st_cq *cq, unsigned int id, uint32_t len,
	    uint8_t vector, uint32_t lbq_len, uint32_t lbq_bsize, uint32_t sbq_len,
	    uint32_t sbq_bsize)
{
	struct qlxge_cq_icb *icb;
	uint8_t flags = QLXGE_CQ_ICB_FLAGS_LC | QLXGE_CQ_ICB_FLAGS_LI | QLXGE_CQ_ICB_FLAGS_LV;

	memset(cq, 0, sizeof(*cq));
	cq->id = id;
	cq->len = len;
	cq->vector = vector;
	cq->ring = st_dma_alloc((size_t)len * QLXGE_CQE_SIZE, &cq->ring_iova);
	cq->shadow = st_dma_alloc(8, &cq->shadow_iova);
	cq->icb = st_dma_alloc(sizeof(*cq->icb), &cq->icb_iova);
	icb = cq->icb;
	icb->msix_vect = vector;
	icb->len = rte_cpu_to_le_16((uint16_t)(len | QLXGE_CQ_ICB_LEN_V));
	icb->addr = rte_cpu_to_le_64(cq->ring_iova);
	icb->prod_idx_addr = rte_cpu_to_le_64(cq->shadow_iova);
	icb->pkt_delay = 0;
	icb->irq_delay = 0;
	if (lbq_len != 0) {
		cq->lbq_len = lbq_len;
		cq->lbq_bsize = lbq_bsize;
		st_bq_setup(lbq_len, lbq_bsize, &cq->lbq, &cq->lbq_iova, &cq->lbq_pt,
			    &cq->lbq_pt_iova, &cq->lbufs, &cq->lbufs_iova);
		icb->lbq_addr = rte_cpu_to_le_64(cq->lbq_pt_iova);
		icb->lbq_buf_size = rte_cpu_to_le_16((uint16_t)lbq_bsize);
		icb->lbq_len = rte_cpu_to_le_16((uint16_t)lbq_len);
		flags |= QLXGE_CQ_ICB_FLAGS_LL;
	}
	if (sbq_len != 0) {
		cq->sbq_len = sbq_len;
		cq->sbq_bsize = sbq_bsize;
		st_bq_setup(sbq_len, sbq_bsize, &cq->sbq, &cq->sbq_iova, &cq->sbq_pt,
			    &cq->sbq_pt_iova, &cq->sbufs, &cq->sbufs_iova);
		icb->sbq_addr = rte_cpu_to_le_64(cq->sbq_pt_iova);
		icb->sbq_buf_size = rte_cpu_to_le_16((uint16_t)sbq_bsize);
		icb->sbq_len = rte_cpu_to_le_16((uint16_t)sbq_len);
		flags |= QLXGE_CQ_ICB_FLAGS_LS;
	}
	icb->flags = flags;
	assert_int_equal(st_cfg_cmd(fn, QLXGE_CFG_LCQ, id, cq->icb_iova) &
			 (QLXGE_CFG_LCQ | QLXGE_CFG_LE), 0);
}

void
st_cq_free(struct st_cq *cq)
{
	st_dma_free(cq->ring);
	st_dma_free(cq->shadow);
	st_dma_free(cq->icb);
	st_dma_free(cq->lbq);
	st_dma_free(cq->lbq_pt);
	st_dma_free(cq->lbufs);
	st_dma_free(cq->sbq);
	st_dma_free(cq->sbq_pt);
	st_dma_free(cq->sbufs);
}

static volatile uint32_t *
st_db(struct qlxge_sim_func *fn, uint32_t off)
{
	return (volatile uint32_t *)((uint8_t *)qlxge_sim_doorbell_base(fn) + off);
}

void
st_cq_give(struct qlxge_sim_func *fn, struct st_cq *cq, uint32_t lbq_prod, uint32_t sbq_prod)
{
	*st_db(fn, QLXGE_DB_CQ_OFFSET(cq->id) + QLXGE_DB_LBQ_PROD_IDX) = lbq_prod;
	*st_db(fn, QLXGE_DB_CQ_OFFSET(cq->id) + QLXGE_DB_SBQ_PROD_IDX) = sbq_prod;
}

const uint8_t *
st_cq_next(struct qlxge_sim_func *fn, struct st_cq *cq)
{
	const uint8_t *e;

	if (rte_le_to_cpu_32(*(volatile uint32_t *)cq->shadow) == cq->cons)
		return NULL;
	e = cq->ring + (size_t)cq->cons * QLXGE_CQE_SIZE;
	cq->cons = (cq->cons + 1) % cq->len;
	*st_db(fn, QLXGE_DB_CQ_OFFSET(cq->id) + QLXGE_DB_CQ_CONS_IDX) = cq->cons;
	return e;
}

void
st_wq_setup(struct qlxge_sim_func *fn, struct st_wq *wq, unsigned int id, uint32_t len,
	    unsigned int cq_id)
{
	memset(wq, 0, sizeof(*wq));
	wq->id = id;
	wq->len = len;
	wq->ring = st_dma_alloc((size_t)len * QLXGE_IOCB_SIZE, &wq->ring_iova);
	wq->shadow = st_dma_alloc(8, &wq->shadow_iova);
	wq->icb = st_dma_alloc(sizeof(*wq->icb), &wq->icb_iova);
	wq->icb->len = rte_cpu_to_le_16((uint16_t)(len | QLXGE_WQ_ICB_LEN_V));
	wq->icb->flags = QLXGE_WQ_ICB_FLAGS_ALL;
	wq->icb->cq_id_rss = rte_cpu_to_le_16((uint16_t)cq_id);
	wq->icb->addr = rte_cpu_to_le_64(wq->ring_iova);
	wq->icb->cnsmr_idx_addr = rte_cpu_to_le_64(wq->shadow_iova);
	assert_int_equal(st_cfg_cmd(fn, QLXGE_CFG_LRQ, id, wq->icb_iova) &
			 (QLXGE_CFG_LRQ | QLXGE_CFG_LE), 0);
}

void
st_wq_free(struct st_wq *wq)
{
	st_dma_free(wq->ring);
	st_dma_free(wq->shadow);
	st_dma_free(wq->icb);
}

void
st_wq_send(struct qlxge_sim_func *fn, struct st_wq *wq, uint64_t buf_iova, uint32_t len,
	   uint32_t tid, uint8_t flags1)
{
	struct qlxge_ob_mac_iocb *io =
		(struct qlxge_ob_mac_iocb *)(wq->ring + (size_t)wq->prod * QLXGE_IOCB_SIZE);
	struct qlxge_tx_bd bd;

	memset(io, 0, sizeof(*io));
	io->opcode = QLXGE_OPCODE_OB_MAC_IOCB;
	io->flags1 = flags1;
	io->frame_len = rte_cpu_to_le_16((uint16_t)len);
	io->tid = rte_cpu_to_le_32(tid);
	io->txq_idx = rte_cpu_to_le_32(0xABC00000u | wq->id);
	bd.addr = rte_cpu_to_le_64(buf_iova);
	bd.len = rte_cpu_to_le_32(len | QLXGE_TX_BD_E);
	io->tbd[0] = bd;
	wq->prod = (wq->prod + 1) % wq->len;
	*st_db(fn, QLXGE_DB_WQ_OFFSET(wq->id) + QLXGE_DB_WQ_PROD_IDX) = wq->prod;
}

void
st_func_up(struct qlxge_sim_func *fn)
{
	st_wr(fn, QLXGE_REG_SYS, QLXGE_SYS_INIT);
	st_wr(fn, QLXGE_REG_NIC_RCV_CFG, QLXGE_MWR_FIELD(QLXGE_NIC_RCV_CFG_DFQ_MASK, 0));
	st_wr(fn, QLXGE_REG_FSC, QLXGE_FSC_INIT_FREEBSD);
	st_wr(fn, QLXGE_REG_INTR_MASK, QLXGE_MWR_SET(QLXGE_INTR_MASK_PI));
	st_wr(fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_EI_ON);
}

void
st_cam_set(struct qlxge_sim_func *fn, unsigned int index, const uint8_t mac[6], unsigned int cq)
{
	uint32_t words[3] = {
		qlxge_mac_word_lo(mac), qlxge_mac_word_hi(mac),
		QLXGE_CAM_OUT_ROUTE_NIC | (qlxge_sim_func_index(fn) << QLXGE_CAM_OUT_FUNC_SHIFT) |
		(cq << QLXGE_CAM_OUT_CQ_ID_SHIFT),
	};

	assert_true(st_sem_get(fn, QLXGE_SEM_MAC_ADDR));
	for (unsigned int i = 0; i < 3; i++) {
		assert_true(st_rd(fn, QLXGE_REG_MAC_ADDR_IDX) & QLXGE_MAC_ADDR_IDX_MW);
		st_wr(fn, QLXGE_REG_MAC_ADDR_IDX,
		      QLXGE_MAC_ADDR_IDX_WORD(QLXGE_MAC_ADDR_TYPE_CAM_MAC, index, i));
		st_wr(fn, QLXGE_REG_MAC_ADDR_DATA, words[i]);
	}
	st_sem_put(fn, QLXGE_SEM_MAC_ADDR);
}

void
st_route_set(struct qlxge_sim_func *fn, unsigned int slot, uint32_t dst, uint32_t mask)
{
	assert_true(st_sem_get(fn, QLXGE_SEM_RT_IDX));
	assert_true(st_rd(fn, QLXGE_REG_RT_IDX) & QLXGE_RT_IDX_MW);
	st_wr(fn, QLXGE_REG_RT_IDX, QLXGE_RT_IDX_WORD(QLXGE_RT_IDX_TYPE_NICQ, slot, dst) |
	      (mask != 0 ? QLXGE_RT_IDX_E : 0));
	st_wr(fn, QLXGE_REG_RT_DATA, mask);
	st_sem_put(fn, QLXGE_SEM_RT_IDX);
}

static uint16_t
st_csum(const uint8_t *p, unsigned int n)
{
	uint32_t s = 0;

	for (unsigned int i = 0; i + 1 < n; i += 2)
		s += (uint32_t)(p[i] << 8 | p[i + 1]);
	while (s >> 16)
		s = (s & 0xFFFF) + (s >> 16);
	return (uint16_t)~s;
}

uint32_t
st_frame_udp(uint8_t *f, uint32_t len, const uint8_t dst[6], uint16_t vlan)
{
	static const uint8_t src[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x99 };
	uint32_t l2 = vlan ? 18 : 14;
	uint8_t *ip = f + l2;
	uint16_t iplen = (uint16_t)(len - l2);
	uint16_t c;

	memset(f, 0, len);
	memcpy(f, dst, 6);
	memcpy(f + 6, src, 6);
	if (vlan) {
		f[12] = 0x81;
		f[13] = 0x00;
		f[14] = (uint8_t)(vlan >> 8);
		f[15] = (uint8_t)vlan;
	}
	f[l2 - 2] = 0x08;
	f[l2 - 1] = 0x00;
	ip[0] = 0x45;
	ip[2] = (uint8_t)(iplen >> 8);
	ip[3] = (uint8_t)iplen;
	ip[8] = 64;
	ip[9] = 17;
	ip[12] = 10; ip[15] = 1;
	ip[16] = 10; ip[19] = 2;
	c = st_csum(ip, 20);
	ip[10] = (uint8_t)(c >> 8);
	ip[11] = (uint8_t)c;
	ip[20] = 0x12; ip[21] = 0x34;	/* sport */
	ip[22] = 0x56; ip[23] = 0x78;	/* dport */
	ip[24] = (uint8_t)((iplen - 20) >> 8);
	ip[25] = (uint8_t)(iplen - 20);
	for (uint32_t i = l2 + 28; i < len; i++)
		f[i] = (uint8_t)i;
	return len;
}

uint64_t
st_le64(const void *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return rte_le_to_cpu_64(v);
}

uint32_t
st_le32(const void *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return rte_le_to_cpu_32(v);
}

uint64_t
st_irq_count(struct qlxge_sim_func *fn, unsigned int v)
{
	uint64_t n = 0;

	if (read(qlxge_sim_irq_fd(fn, v), &n, sizeof(n)) != (ssize_t)sizeof(n))
		return 0;
	return n;
}
