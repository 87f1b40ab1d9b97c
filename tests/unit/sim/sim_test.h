/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Helpers of the model's tests, written from docs/hardware at register level (no driver
 * code): register access, semaphores (§3), the PROC window and mailboxes (§9.1, §9.3), the
 * flash window (§10.1), ICB loads (§2.7, §6), DMA memory from DPDK, frames.
 * The tests step the model themselves (qlxge_sim_poll), so everything is deterministic.
 */

#ifndef SIM_TEST_H
#define SIM_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <cmocka.h>

#include "qlxge_contract.h"
#include "qlxge_sim.h"

/* One adapter and its two functions. */
struct st_env {
	struct qlxge_sim_adapter *ad;
	struct qlxge_sim_func *fn[2];
	uint8_t mac[2][6];
};

/* Start EAL once (the model needs DPDK memory for DMA). */
void st_eal(void);
/* Create an adapter with a unique name; device_id 0 = 0x8000. */
void st_env_init(struct st_env *e, uint16_t device_id);
/* The same with the device's timing (QLXGE_SIM_TIMING_CARD: card-like). */
void st_env_init_timing(struct st_env *e, uint16_t device_id, enum qlxge_sim_timing timing);
void st_env_fini(struct st_env *e);

uint32_t st_rd(struct qlxge_sim_func *fn, uint32_t off);
void st_wr(struct qlxge_sim_func *fn, uint32_t off, uint32_t v);
/* XGMAC counter @p reg of @p fn, a 64-bit pair, through the XGMAC_ADDR / XGMAC_DATA window
 * (§11, §16.16). */
uint64_t st_xgmac_cnt(struct qlxge_sim_func *fn, uint32_t reg);
/* Poll the adapter @p n times. */
void st_poll(struct st_env *e, unsigned int n);

/* §3: write-then-read acquire, 30 tries; mask-only release. */
bool st_sem_get(struct qlxge_sim_func *fn, uint32_t word);
void st_sem_put(struct qlxge_sim_func *fn, uint32_t word);

/* §9.1 PROC window */
uint32_t st_proc_rd(struct qlxge_sim_func *fn, uint32_t addr);
void st_proc_wr(struct qlxge_sim_func *fn, uint32_t addr, uint32_t v);

/* §9.3: issue a command on @p fn's port; AENs met while waiting are appended to aen[]. */
struct st_aen_log {
	uint32_t code[16];
	uint32_t mb1[16];
	unsigned int n;
};
uint32_t st_mbox(struct st_env *e, struct qlxge_sim_func *fn, const uint32_t *in,
		 unsigned int nin, uint32_t *out, unsigned int nout, struct st_aen_log *aens);
/* Collect pending AENs of @p fn (poll + read + clear) into @p log. */
void st_aens(struct st_env *e, struct qlxge_sim_func *fn, struct st_aen_log *log);
bool st_aen_seen(const struct st_aen_log *log, uint32_t code);

/* §10.1 */
uint32_t st_flash_rd(struct qlxge_sim_func *fn, uint32_t dword);

/* DMA memory: zeroed, aligned, with its IOVA. */
void *st_dma_alloc(size_t len, uint64_t *iova);
void st_dma_free(void *p);

/* §2.7: load/dump an ICB held at @p iova; returns CFG after the command. */
uint32_t st_cfg_cmd(struct qlxge_sim_func *fn, uint32_t bit, unsigned int q, uint64_t iova);

/* A ready-made RX/TX queue set on one function (§5, §6). */
struct st_cq {
	unsigned int id;
	uint32_t len;
	uint8_t *ring; uint64_t ring_iova;
	uint32_t *shadow; uint64_t shadow_iova;
	struct qlxge_cq_icb *icb; uint64_t icb_iova;
	/* buffer queues */
	uint32_t lbq_len, lbq_bsize, sbq_len, sbq_bsize;
	uint64_t *lbq; uint64_t lbq_iova;	/* ring of buffer addresses */
	uint64_t *sbq; uint64_t sbq_iova;
	uint64_t *lbq_pt; uint64_t lbq_pt_iova;	/* page tables */
	uint64_t *sbq_pt; uint64_t sbq_pt_iova;
	uint8_t *lbufs; uint64_t lbufs_iova;	/* the buffers */
	uint8_t *sbufs; uint64_t sbufs_iova;
	uint32_t cons;				/* test-side consumer */
	uint8_t vector;
};
struct st_wq {
	unsigned int id;
	uint32_t len;
	uint8_t *ring; uint64_t ring_iova;
	uint32_t *shadow; uint64_t shadow_iova;
	struct qlxge_wq_icb *icb; uint64_t icb_iova;
	uint32_t prod;
};
/* Load CQ @p id with @p len entries, vector, and buffer queues (lbq/sbq len 0 = none). */
void st_cq_setup(struct qlxge_sim_func *fn, struct st_cq *cq, unsigned int id, uint32_t len,
		 uint8_t vector, uint32_t lbq_len, uint32_t lbq_bsize, uint32_t sbq_len,
		 uint32_t sbq_bsize);
void st_cq_free(struct st_cq *cq);
/* Hand @p n more buffers of each queue to the device (producer doorbells). */
void st_cq_give(struct qlxge_sim_func *fn, struct st_cq *cq, uint32_t lbq_prod, uint32_t sbq_prod);
/* Next completion, or NULL when the shadow says none; advances and writes the consumer. */
const uint8_t *st_cq_next(struct qlxge_sim_func *fn, struct st_cq *cq);
void st_wq_setup(struct qlxge_sim_func *fn, struct st_wq *wq, unsigned int id, uint32_t len,
		 unsigned int cq_id);
void st_wq_free(struct st_wq *wq);
/* Post one MAC IOCB sending @p len bytes from @p buf_iova (one BD); rings the doorbell. */
void st_wq_send(struct qlxge_sim_func *fn, struct st_wq *wq, uint64_t buf_iova, uint32_t len,
		uint32_t tid, uint8_t flags1);

/* Function bring-up: SYS, FSC (FE, 4K), INTR_MASK PI, EI (§4.3). */
void st_func_up(struct qlxge_sim_func *fn);
/* Program the CAM entry of @p fn with @p mac (§12.1) and a routing slot (§12.3). */
void st_cam_set(struct qlxge_sim_func *fn, unsigned int index, const uint8_t mac[6],
		unsigned int cq);
void st_route_set(struct qlxge_sim_func *fn, unsigned int slot, uint32_t dst, uint32_t mask);

/* Build an Ethernet/IPv4/UDP frame of @p len bytes to @p dst; returns len. */
uint32_t st_frame_udp(uint8_t *f, uint32_t len, const uint8_t dst[6], uint16_t vlan);
/* Read 8 bytes little-endian. */
uint64_t st_le64(const void *p);
uint32_t st_le32(const void *p);

/* Read and clear eventfd of a vector: the number of signals since the last read. */
uint64_t st_irq_count(struct qlxge_sim_func *fn, unsigned int v);

#endif /* SIM_TEST_H */
