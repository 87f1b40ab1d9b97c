/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Internal state of the model, split like the card (STYLE B.19): struct qlxge_sim_adapter holds
 * what the two NIC functions share (firmware/MPI space, flash, semaphores, the MAC address
 * tables, the shared control registers), struct qlxge_sim_func what each function owns (its
 * function-specific registers, queues, vectors, routing table, port: mailboxes, XGMAC, wire).
 * Fact sheet §1, §2, §3, §5, §6, §8, §9, §10, §11, §12.
 *
 * Locking: one mutex per adapter (ad->lock) serialises register callbacks of both functions
 * and the poll step. Doorbell pages are plain memory the driver stores to without the lock; the
 * model reads them with relaxed atomic loads in the poll step. The registry of adapters has
 * its own mutex, always taken before an adapter's lock, never after.
 */

#ifndef SIM_INTERNAL_H
#define SIM_INTERNAL_H

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/queue.h>

#include <rte_debug.h>

#include "qlxge_contract.h"
#include "qlxge_sim.h"
#include "sim_dma.h"
#include "sim_dp.h"
#include "sim_log.h"

#define SIM_NUM_WQ		QLXGE_MAX_WQ
#define SIM_NUM_CQ		QLXGE_MAX_CQ
#define SIM_BQ_MAX_PAGES	(QLXGE_BQ_MAX_ENTRIES / QLXGE_BQ_ENTRIES_PER_PAGE)
/* Largest frame the RX side handles (what a wire carries). */
#define SIM_FRAME_MAX		SIM_WIRE_MAX_FRAME
/* Work done per queue per poll, so that one busy queue cannot starve the others. */
#define SIM_TX_BUDGET		64u
#define SIM_RX_BUDGET		64u
/* DMA windows of a function for buffers (frames, lists): the runs its last misses found. */
#define SIM_DMA_FN_WINS		2u
/* Outbound mailbox messages (command replies, AENs) waiting for STS.PI to clear, per port. */
#define SIM_MBOX_QUEUE		16u
/* Semaphore owner values: a function index, or nobody / the firmware ("other agent"). */
#define SIM_SEM_FREE		0xFFu
/* Default firmware version reported by ABOUT_FW: 1.2.3 (any value; docs/model.md). */
#define SIM_FW_VERSION_DEFAULT	0x00010203u
/* REV_ID read by both drivers (§2.10): chip rev 1, XGMAC rev/roll 1/1, NIC rev/roll 1/1. */
#define SIM_REV_ID		0x10001111u

/* Register table row (STYLE B.17): one per 32-bit register of BAR1, indexed by offset / 4. */
enum sim_reg_access {
	SIM_REG_RW = 1u << 0,		/* read/write storage */
	SIM_REG_MWR = 1u << 1,		/* mask-write, §2.1 */
	SIM_REG_RO = 1u << 2,		/* read only: writes dropped and counted */
	SIM_REG_FS = 1u << 3,		/* function-specific copy (else adapter-wide) */
	SIM_REG_SEM = 1u << 4,		/* guarded by a hardware semaphore (not enforced) */
	SIM_REG_MPI = 1u << 5,		/* also controlled by the firmware */
	SIM_REG_PARTIAL = 1u << 6,	/* modelled as plain storage only (docs/model.md) */
	SIM_REG_KEEP = 1u << 7,		/* FS row that a function reset leaves alone */
};

struct qlxge_sim_func;
struct sim_reg_row;
typedef uint32_t (*sim_reg_read_fn)(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
typedef void (*sim_reg_write_fn)(struct qlxge_sim_func *fn, const struct sim_reg_row *row,
				 uint32_t val);

struct sim_reg_row {
	const char *name;		/* NULL: no register decoded here */
	uint32_t offset;
	uint32_t access;		/* enum sim_reg_access bits */
	uint32_t reset;			/* value at power-on and (FS rows) function reset */
	sim_reg_read_fn read;		/* NULL: plain storage */
	sim_reg_write_fn write;		/* NULL: plain storage (mask-write for MWR) */
};

/*
 * A ring (or a page of a buffer queue's ring) the device reads or writes entry by entry: its
 * whole extent is checked once per poll step, then an entry is an offset (sim_dma_ring_at).
 */
struct sim_dma_ring {
	uint8_t *va;
	uint64_t iova;			/* extent checked */
	uint64_t gen;			/* fn->dma_gen of the step it was checked in; 0 = not */
	struct sim_dma_win win;
};

/* A work queue (TX ring), §5, §6.1. */
struct sim_wq {
	bool loaded;			/* an ICB has been loaded */
	bool valid;			/* V: from the ICB or the valid doorbell */
	uint32_t len;			/* entries of 128 bytes */
	uint8_t cq_id;			/* CQ of its completions */
	uint64_t base;			/* ring IOVA */
	uint64_t shadow;		/* consumer-index shadow IOVA */
	uint32_t cons;			/* next IOCB the device takes */
	uint32_t bad_prod_seen;		/* out-of-range producer last warned about (0 none) */
	uint32_t db_valid_seen;		/* last value seen in the valid doorbell (or
					   SIM_DB_VALID_LOADED, stored at the ICB load) */
	struct sim_dma_ring ring;	/* DMA of the ring */
	struct sim_dma_win shadow_win;
	struct qlxge_wq_icb icb;	/* as loaded (dump) */
};

/* A buffer queue behind its page-address table, §6.4, §7.9. */
struct sim_bq {
	uint32_t len;			/* entries; 0 = no queue */
	uint32_t bsize;			/* buffer bytes */
	uint64_t table;			/* page-address table IOVA */
	uint64_t pages[SIM_BQ_MAX_PAGES];	/* ring pages, read at load */
	uint32_t cons;			/* next entry the device takes */
	uint32_t avail;			/* buffers known given (producer seen), not yet taken */
	struct sim_dma_ring page;	/* DMA of the ring page in use */
	struct sim_dma_win buf_win;	/* DMA window of the buffers last written */
};

/* A completion queue, §5, §6.2, §6.3, §8.3. */
struct sim_cq {
	bool loaded;
	bool valid;
	uint32_t len;			/* entries of 64 bytes */
	uint64_t base;
	uint64_t shadow;		/* producer-index shadow IOVA */
	uint8_t vector;
	uint16_t pkt_delay;		/* us without a new entry before the interrupt */
	uint16_t irq_delay;		/* us after the first entry before the interrupt */
	struct sim_bq lbq;
	struct sim_bq sbq;
	uint32_t prod;			/* next entry the device writes */
	uint32_t room;			/* entries known free (consumer seen); 0 = look again */
	struct sim_dma_ring ring;	/* DMA of the ring and of the producer shadow */
	struct sim_dma_win shadow_win;
	uint32_t published;		/* producer index last written to the shadow */
	uint64_t publish_due;		/* injected completion delay: publish at (us) */
	bool publish_pending;
	bool coal_armed;		/* entries published, interrupt not yet raised */
	bool coal_now;			/* an entry asked for no delay (OI) */
	uint64_t coal_first;		/* us of the first entry since the last interrupt */
	uint64_t coal_last;		/* us of the latest entry */
	bool irq_pending;		/* ISR bit: interrupt raised, entries not consumed */
	bool stopped;			/* CQ_STOP */
	uint32_t db_valid_seen;		/* as in struct sim_wq */
	struct qlxge_cq_icb icb;	/* as loaded (dump) */
};

/* One outbound mailbox message (command status or AEN), §9.3, §9.6. */
struct sim_mbox_msg {
	uint32_t mb[QLXGE_MB_COUNT];
	uint8_t count;
};

/* Firmware view of one port, §9. */
struct sim_port {
	uint32_t mb_in[QLXGE_MB_COUNT];
	uint32_t mb_out[QLXGE_MB_COUNT];
	bool hri;			/* command posted (CSR.HRI) */
	uint64_t cmd_due;		/* us at which the firmware takes it */
	struct sim_mbox_msg q[SIM_MBOX_QUEUE];
	unsigned int q_head, q_count;
	bool link_up;
	uint32_t link_status;
	uint32_t link_config;
	uint32_t max_frame;
	uint32_t led_config;
	uint32_t wol_mode;
	uint8_t wol_magic[6];
	bool mgmt_stopped;
	uint32_t link_changes;
	bool sfp_present;
};

/* XGMAC of one port, §11. */
#define SIM_XGMAC_WORDS		(QLXGE_XGMAC_REGISTER_END / 4)
struct sim_xgmac {
	/* TX_CFG.EN / RX_CFG.EN as last written (§11.2), read once per frame (TX) or per batch
	 * (RX): clear = the MAC neither sends nor receives (an inference, docs/model.md) */
	bool tx_en;
	bool rx_en;
	uint32_t regs[SIM_XGMAC_WORDS];	/* control registers */
	uint64_t cnt[SIM_XGMAC_WORDS / 2];	/* counters by offset / 8 */
};

struct qlxge_sim_func {
	struct qlxge_sim_adapter *ad;
	unsigned int idx;		/* index in the adapter = port */
	uint8_t pci_func;		/* STS.FUNC_ID, MPI 0x1002 */
	uint32_t regs[QLXGE_REG_COUNT];	/* storage of FS rows */
	uint8_t *db;			/* doorbell BAR, QLXGE_SIM_DB_BAR_SIZE bytes */
	int irq_fd[QLXGE_SIM_NUM_VECTORS];
	bool vec_en[QLXGE_SIM_NUM_VECTORS];
	uint32_t vec_fired;		/* bitmap: vectors signalled (tests) */
	uint8_t intr_sel;		/* INTR_EN read-back vector */
	uint32_t intr_en;		/* EI, IHD as written */
	bool fe;			/* STS.FE */
	uint32_t err_sts;
	bool pi;			/* STS.PI: outbound message pending */
	bool reset_pending;		/* RST_FO.FR reads 1 until the next poll */
	uint64_t reset_done;		/* ... or until this time (us) */
	uint8_t ets_sel_nic, ets_sel_cna;	/* NIC_ETS/CNA_ETS read-select */
	uint32_t cq_stop_sel;		/* CQ_STOP last command */
	struct sim_wq wq[SIM_NUM_WQ];
	struct sim_cq cq[SIM_NUM_CQ];
	uint64_t wq_live[2];		/* bitmaps of loaded queues */
	uint64_t cq_live[2];
	/* routing table, §12.3: RT_IDX latch (MR = read data ready) and the slots */
	uint32_t rt_idx_latch;
	uint32_t rt_data_latch;
	bool rt_mr;
	struct sim_route_table rt;
	/* RSS, §6.5 */
	struct sim_rss_state rss;
	struct sim_rx_ctx rx_ctx;	/* what classification reads, refreshed per frame */
	/* NIC_ETS / CNA_ETS queue registers behind the read-select, §2.12 */
	uint32_t nic_ets[QLXGE_ETS_NIC_QUEUES];
	uint32_t cna_ets[QLXGE_ETS_CNA_QUEUES];
	uint32_t serdes[256];
	struct sim_port port;
	struct sim_xgmac xg;
	struct sim_wire *wire;
	/* SET_PORT_CFG loopback (§9.4): the port's TX frames wait here (a LOOP wire of its own,
	 * opened at the first looped frame) for the RX side of a later step, so that TX never
	 * writes RX completions inside its own batch (a shared CQ keeps its room accounting) */
	struct sim_wire *lb_wire;
	struct qlxge_sim_wire_cfg wire_cfg;
	bool carrier;			/* last carrier seen from the wire */
	uint64_t fault[QLXGE_SIM_FAULT_MAX];
	uint64_t fault_seq[QLXGE_SIM_FAULT_MAX];	/* frame counters of 1-in-N faults */
	struct qlxge_sim_counters cnt;
	struct sim_dma_win dma_win[SIM_DMA_FN_WINS];	/* sim_dma.c */
	unsigned int dma_win_next;
	uint64_t dma_gen;		/* sim_dma_gen at the poll step's start (sim_dma_at) */
	uint32_t trace;			/* SIM_TA_* areas tracing at DEBUG (sim_trace_refresh) */
	uint8_t frame[SIM_FRAME_MAX];	/* scratch: one frame */
};

struct qlxge_sim_adapter {
	TAILQ_ENTRY(qlxge_sim_adapter) next;
	char name[QLXGE_SIM_NAME_MAX];
	uint16_t device_id;
	unsigned int refcnt;		/* under the registry lock */
	bool dead;			/* removed from the registry */
	pthread_mutex_t lock;
	uint32_t regs[QLXGE_REG_COUNT];	/* storage of shared rows */
	uint8_t sem_owner[QLXGE_SEM_COUNT];
	uint32_t port_init;		/* STS.PI0/PI1: firmware (8000) or driver (8012) */
	/* indirect windows shared by the functions */
	uint32_t proc_addr, proc_data;
	uint32_t flash_addr, flash_data;
	uint32_t mac_idx, mac_data;
	bool mac_mr;
	struct sim_mac_tables mac;	/* CAM, multicast, VLAN, filter (sim_dp.h) */
	/* flash: the parameter blocks only, erased (0xFF) elsewhere, §10 */
	uint8_t flash8000[QLXGE_SIM_NUM_FUNCS][QLXGE_FLASH_8000_SIZE];
	uint8_t flash8012[2 * QLXGE_FLASH_8012_SIZE];
	/* firmware, §9 */
	uint32_t fw_version;
	uint32_t fw_latency_us;
	bool risc_reset, risc_paused;
	bool mpi_nested;		/* inside a module-2 register access */
	uint32_t mpi_ram[0x2000];	/* module 0 words 0x0000-0x1FFF not decoded otherwise */
	uint32_t mpi_core[0x80];	/* module 3 */
	uint32_t mpi_mde[0x10];		/* module 1 */
	struct qlxge_sim_func fn[QLXGE_SIM_NUM_FUNCS];
	/* execution */
	uint64_t now;			/* us, read at the start of the current poll step */
	pthread_t thread;
	bool thread_running;
	volatile int thread_stop;
	uint32_t service_id;
	bool service_registered;
};

/* sim_adapter.c */
void sim_adapter_lock(struct qlxge_sim_adapter *ad);
void sim_adapter_unlock(struct qlxge_sim_adapter *ad);
uint64_t sim_now_us(void);
/* Call @p cb on every live adapter with the registry locked (delay hook). */
void sim_adapter_foreach(void (*cb)(struct qlxge_sim_adapter *ad));
/* Sample the log levels of the data-path traces into each fn->trace (SIM_TRACE_DP). */
void sim_trace_refresh(struct qlxge_sim_adapter *ad);

/* sim_regs.c */
const struct sim_reg_row *sim_reg_row(uint32_t offset);
uint32_t sim_reg_read_locked(struct qlxge_sim_func *fn, uint32_t offset);
void sim_reg_write_locked(struct qlxge_sim_func *fn, uint32_t offset, uint32_t val);
uint32_t *sim_reg_store(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_regs_power_on(struct qlxge_sim_adapter *ad);
void sim_func_reset(struct qlxge_sim_func *fn);
uint32_t sim_mwr(uint32_t old, uint32_t val);

/* sim_sem.c */
uint32_t sim_sem_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_sem_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t val);

/* sim_mpi.c */
uint32_t sim_proc_addr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_proc_addr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_proc_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_proc_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_csr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_csr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
void sim_mpi_power_on(struct qlxge_sim_adapter *ad);
unsigned int sim_mpi_poll(struct qlxge_sim_func *fn, uint64_t now);
void sim_mpi_aen(struct qlxge_sim_func *fn, uint32_t code, const uint32_t *mb, unsigned int n);
void sim_link_update(struct qlxge_sim_func *fn);

/* sim_flash.c */
uint32_t sim_flash_addr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_flash_addr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_flash_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_flash_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
int sim_flash_program(struct qlxge_sim_adapter *ad, const uint8_t mac[][6]);

/* sim_filter.c: MAC address tables and routing, §12 */
uint32_t sim_mac_addr_idx_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_mac_addr_idx_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_mac_addr_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_mac_addr_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row,
			     uint32_t v);
uint32_t sim_rt_idx_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_rt_idx_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_rt_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_rt_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);

/* sim_icb.c */
void sim_cfg_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);

/* sim_queue.c */
unsigned int sim_queue_poll(struct qlxge_sim_func *fn, uint64_t now);
void sim_queue_reset(struct qlxge_sim_func *fn);
int sim_cq_post(struct qlxge_sim_func *fn, unsigned int cq_id, const void *entry, bool irq,
		bool now);
void sim_cq_ae(struct qlxge_sim_func *fn, unsigned int cq_id, uint8_t event);
unsigned int sim_rx_poll(struct qlxge_sim_func *fn, uint64_t now);

/* sim_irq.c */
uint32_t sim_intr_en_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_intr_en_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
void sim_intr_mask_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_isr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_irq_update(struct qlxge_sim_func *fn);
unsigned int sim_irq_poll(struct qlxge_sim_func *fn, uint64_t now);
int sim_irq_open(struct qlxge_sim_func *fn);
void sim_irq_close(struct qlxge_sim_func *fn);

/* sim_xgmac.c */
uint32_t sim_xgmac_addr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_xgmac_addr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_xgmac_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_xgmac_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v);
uint32_t sim_xg_serdes_addr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row);
void sim_xg_serdes_addr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row,
			      uint32_t v);
void sim_xgmac_power_on(struct qlxge_sim_func *fn);

/* Add @p n to the 64-bit XGMAC counter at register offset @p reg (§11). */
static inline void
sim_xgmac_count(struct qlxge_sim_func *fn, uint32_t reg, uint64_t n)
{
	fn->xg.cnt[reg / 8] += n;
}

/* sim_fault.c */
void sim_dev_error(struct qlxge_sim_func *fn, uint32_t err_sts_bits);
bool sim_fault_one_in(struct qlxge_sim_func *fn, enum qlxge_sim_fault f);

/*
 * Host address of a device access of the poll step through the window @p w of a ring, shadow
 * or buffer queue. The fast path is a compare: the window is of the memory map the step
 * started with (DPDK memory is freed by the driver between steps, after stopping the queue)
 * and no injected DMA fault is pending. Otherwise the access takes sim_dma_map() (fault
 * injection, translation, device error on failure) and the window is filled again for the next
 * access. NULL: the access failed (error recorded).
 */
static __rte_always_inline void *
sim_dma_at(struct qlxge_sim_func *fn, struct sim_dma_win *w, uint64_t iova, size_t len)
{
	uint64_t off = iova - w->iova;
	void *va;

	/* fn->dma_gen: sampled per poll step, SIM_DMA_GEN_OFF while a DMA fault is injected */
	if (likely(w->gen == fn->dma_gen && off < w->len && len <= w->len - off))
		return w->va + off;
	va = sim_dma_map(fn, iova, len);
	if (va != NULL)
		sim_dma_win_fill(w, iova, len);
	return va;
}

/* No DMA window or ring is trusted (fn->dma_gen) while a DMA fault is injected. */
#define SIM_DMA_GEN_OFF		UINT64_MAX

/* Slow path of sim_dma_ring_at(): check the whole ring [base, base + size) once this step. */
static inline void *
sim_dma_ring_map(struct qlxge_sim_func *fn, struct sim_dma_ring *r, uint64_t base,
		 uint64_t size, uint64_t off)
{
	uint8_t *va = sim_dma_at(fn, &r->win, base, size);

	if (va == NULL)
		return NULL;
	if (fn->dma_gen != SIM_DMA_GEN_OFF) {
		r->va = va;
		r->iova = base;
		r->gen = fn->dma_gen;
	}
	return va + off;
}

/*
 * Host address of the entry at @p off of the ring [@p base, @p base + @p size): a compare once
 * the ring has been checked in this poll step. NULL: the access failed (error recorded).
 */
static __rte_always_inline void *
sim_dma_ring_at(struct qlxge_sim_func *fn, struct sim_dma_ring *r, uint64_t base,
		uint64_t size, uint64_t off)
{
	if (likely(r->gen == fn->dma_gen && r->iova == base))
		return r->va + off;
	return sim_dma_ring_map(fn, r, base, size, off);
}

/*
 * Copy of a frame-sized run: inline moves for small frames (a library call costs as much as
 * copying 64 bytes), memcpy beyond. Writes exactly [dst, dst + len); the two moves may overlap
 * inside the destination.
 */
static __rte_always_inline void
sim_copy(void *dst, const void *src, size_t len)
{
	uint8_t *d = dst;
	const uint8_t *s = src;

	if (len >= 32 && len <= 64) {
		/* the first 32 and the last 32 bytes (overlapping below 64) */
		memcpy(d, s, 32);
		memcpy(d + len - 32, s + len - 32, 32);
		return;
	}
	if (len >= 16 && len < 32) {
		memcpy(d, s, 16);
		memcpy(d + len - 16, s + len - 16, 16);
		return;
	}
	memcpy(d, s, len);
}

/* sim_dma_write() through a window. */
static inline int
sim_dma_wr(struct qlxge_sim_func *fn, struct sim_dma_win *w, uint64_t iova, const void *src,
	   size_t len)
{
	void *va = sim_dma_at(fn, w, iova, len);

	if (va == NULL)
		return -EFAULT;
	memcpy(va, src, len);
	SIM_TRACE_DP(fn, dma, write, SIM_FN_FMT " iova 0x%" PRIx64 " len %zu",
		     SIM_FN_ARGS(fn), iova, len);
	return 0;
}

/*
 * A 32-bit shadow index (CQ producer, WQ consumer, LE32) written through a window with release
 * semantics: every earlier store of the device (entries, buffers) and its reads of the ring
 * are globally visible before the shadow is. The partner is the driver's (acquire) read of the
 * shadow, then its reads of the entries it covers or its reuse of the slots (§6.3). A release
 * store rather than a fence, so that ThreadSanitizer sees the ordering too; a shadow that is
 * not 4-byte aligned (no driver places one so) is written after a full fence.
 */
static inline int
sim_dma_wr_shadow(struct qlxge_sim_func *fn, struct sim_dma_win *w, uint64_t iova, uint32_t le)
{
	void *va = sim_dma_at(fn, w, iova, sizeof(le));

	if (va == NULL)
		return -EFAULT;
	if (likely(((uintptr_t)va & 3) == 0)) {
		__atomic_store_n((uint32_t *)va, le, __ATOMIC_RELEASE);
	} else {
		__sync_synchronize();
		memcpy(va, &le, sizeof(le));
	}
	SIM_TRACE_DP(fn, dma, write, SIM_FN_FMT " iova 0x%" PRIx64 " len 4 (shadow)",
		     SIM_FN_ARGS(fn), iova);
	return 0;
}

/* Largest frame of the port (bytes without FCS), §4.6, §9.4. */
static inline uint32_t
sim_port_max_frame(struct qlxge_sim_func *fn)
{
	uint32_t rx = fn->xg.regs[QLXGE_XGMAC_MAC_RX_PARAMS / 4] &
		      QLXGE_XGMAC_MAC_RX_PARAMS_MAX_MASK;

	/* the 8012 has no firmware port configuration: its driver programs the MAC (§4.6) */
	if (fn->ad->device_id == QLXGE_PCI_DEVICE_ID_8012 && rx != 0)
		return rx;
	return fn->port.max_frame ? fn->port.max_frame : QLXGE_MAX_FRAME_SIZE;
}

/*
 * XGMAC statistics of the frames the port sends and receives (§11), inline in the TX and RX
 * loops: lengths count the 4-byte FCS the MAC adds or checks.
 */

/* Counter of the size bucket of a frame of @p wire_len bytes (64 to max frame), from @p first. */
static inline uint32_t
sim_xgmac_size_bucket(uint32_t wire_len, uint32_t first)
{
	/* buckets 64, 65-127, 128-255, 256-511, 512-1023, 1024-1518, 1519-max */
	if (likely(wire_len <= 64))
		return first;
	if (wire_len > 1518)
		return first + 8 * 6;
	/* 65-127 .. 1024-1518: one bucket per power of two, by the highest bit of wire_len */
	return first + 8 * ((uint32_t)(31 - __builtin_clz(wire_len)) - 5);
}

static inline bool
sim_xgmac_is_pause(const uint8_t *f, uint32_t len)
{
	return len >= 14 && f[12] == 0x88 && f[13] == 0x08;
}

/* Broadcast, multicast or unicast counter of a frame by its destination address. */
static inline uint32_t
sim_xgmac_cast(const uint8_t *f, uint32_t len, uint32_t bcast, uint32_t mcast, uint32_t ucast)
{
	if (likely(len < 6 || !(f[0] & 1)))
		return ucast;
	return (f[0] & f[1] & f[2] & f[3] & f[4] & f[5]) == 0xFF ? bcast : mcast;
}

static inline void
sim_xgmac_count_tx(struct qlxge_sim_func *fn, const uint8_t *f, uint32_t len)
{
	uint32_t wl = len + 4;

	sim_xgmac_count(fn, QLXGE_XGMAC_TX_PKTS, 1);
	sim_xgmac_count(fn, QLXGE_XGMAC_TX_BYTES, wl);
	sim_xgmac_count(fn, sim_xgmac_cast(f, len, QLXGE_XGMAC_TX_BCAST_PKTS,
					   QLXGE_XGMAC_TX_MCAST_PKTS,
					   QLXGE_XGMAC_TX_UCAST_PKTS), 1);
	if (unlikely(sim_xgmac_is_pause(f, len))) {
		sim_xgmac_count(fn, QLXGE_XGMAC_TX_CTL_PKTS, 1);
		sim_xgmac_count(fn, QLXGE_XGMAC_TX_PAUSE_PKTS, 1);
	}
	if (unlikely(wl < 64))
		sim_xgmac_count(fn, QLXGE_XGMAC_TX_UNDERSIZE_PKTS, 1);
	else if (unlikely(wl > sim_port_max_frame(fn)))
		sim_xgmac_count(fn, QLXGE_XGMAC_TX_OVERSIZE_PKTS, 1);
	else
		sim_xgmac_count(fn, sim_xgmac_size_bucket(wl, QLXGE_XGMAC_TX_64_PKTS), 1);
}

static inline void
sim_xgmac_count_rx(struct qlxge_sim_func *fn, const uint8_t *f, uint32_t len, bool fcs_err,
		   bool oversize)
{
	uint32_t wl = len + 4;

	sim_xgmac_count(fn, QLXGE_XGMAC_RX_PKTS, 1);
	sim_xgmac_count(fn, QLXGE_XGMAC_RX_BYTES, wl);
	if (likely(!fcs_err && !oversize)) {
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_PKTS_OK, 1);
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_BYTES_OK, wl);
	}
	sim_xgmac_count(fn, sim_xgmac_cast(f, len, QLXGE_XGMAC_RX_BCAST_PKTS,
					   QLXGE_XGMAC_RX_MCAST_PKTS,
					   QLXGE_XGMAC_RX_UCAST_PKTS), 1);
	if (unlikely(sim_xgmac_is_pause(f, len))) {
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_CTL_PKTS, 1);
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_PAUSE_PKTS, 1);
	}
	if (unlikely(fcs_err))
		sim_xgmac_count(fn, wl < 64 ? QLXGE_XGMAC_RX_UNDERSIZE_FCS_PKTS :
				QLXGE_XGMAC_RX_FCS_ERR_PKTS, 1);
	if (unlikely(wl < 64))
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_UNDERSIZE_PKTS, 1);
	else if (unlikely(oversize))
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_OVERSIZE_PKTS, 1);
	else
		sim_xgmac_count(fn, sim_xgmac_size_bucket(wl, QLXGE_XGMAC_RX_64_PKTS), 1);
}

/*
 * The RX packet and byte counters (all and good) of the good frames of a receive batch, added
 * to the XGMAC once at its end (sim_xgmac_rx_flush): nothing reads them inside the poll step.
 */
struct sim_xgmac_rx_acc {
	uint64_t frames;
	uint64_t bytes;
};

/* sim_xgmac_count_rx() of a frame without FCS error or oversize, packets and bytes in @p acc. */
static __rte_always_inline void
sim_xgmac_count_rx_good(struct qlxge_sim_func *fn, const uint8_t *f, uint32_t len,
			struct sim_xgmac_rx_acc *acc)
{
	uint32_t wl = len + 4;

	acc->frames++;
	acc->bytes += wl;
	sim_xgmac_count(fn, sim_xgmac_cast(f, len, QLXGE_XGMAC_RX_BCAST_PKTS,
					   QLXGE_XGMAC_RX_MCAST_PKTS,
					   QLXGE_XGMAC_RX_UCAST_PKTS), 1);
	if (unlikely(sim_xgmac_is_pause(f, len))) {
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_CTL_PKTS, 1);
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_PAUSE_PKTS, 1);
	}
	if (unlikely(wl < 64))
		sim_xgmac_count(fn, QLXGE_XGMAC_RX_UNDERSIZE_PKTS, 1);
	else
		sim_xgmac_count(fn, sim_xgmac_size_bucket(wl, QLXGE_XGMAC_RX_64_PKTS), 1);
}

static inline void
sim_xgmac_rx_flush(struct qlxge_sim_func *fn, const struct sim_xgmac_rx_acc *acc)
{
	sim_xgmac_count(fn, QLXGE_XGMAC_RX_PKTS, acc->frames);
	sim_xgmac_count(fn, QLXGE_XGMAC_RX_BYTES, acc->bytes);
	sim_xgmac_count(fn, QLXGE_XGMAC_RX_PKTS_OK, acc->frames);
	sim_xgmac_count(fn, QLXGE_XGMAC_RX_BYTES_OK, acc->bytes);
}

/* ---- completion queues (sim_queue.c): the per-entry part, inlined in the TX and RX loops ---- */

/*
 * Free entries of CQ @p q. The consumer doorbell is read only when the entries known free are
 * used up: the driver only ever moves it forward, so the count can be low, never high. A CQ
 * load (LC) and a function reset set it to 0.
 */
static __rte_always_inline uint32_t
sim_cq_room(const struct qlxge_sim_func *fn, struct sim_cq *cq, unsigned int q)
{
	if (cq->room == 0) {
		uint32_t cons = __atomic_load_n((const uint32_t *)(fn->db + QLXGE_DB_CQ_OFFSET(q) +
								    QLXGE_DB_CQ_CONS_IDX),
						__ATOMIC_ACQUIRE) & 0xFFFFu;

		if (cons >= cq->len)
			cons %= cq->len;
		/* full = producer + 1 == consumer: one entry always stays empty */
		cq->room = cons > cq->prod ? cons - cq->prod - 1 : cq->len - (cq->prod - cons) - 1;
	}
	return cq->room;
}

/*
 * The next entry of a CQ that is loaded, valid, running and has room, in host memory (the
 * device's DMA write: the entry is built in place, then sim_cq_commit()). NULL: the ring is not
 * DMA memory any more (error recorded).
 */
static __rte_always_inline void *
sim_cq_slot(struct qlxge_sim_func *fn, struct sim_cq *cq)
{
	uint8_t *slot = sim_dma_ring_at(fn, &cq->ring, cq->base,
					(uint64_t)cq->len * QLXGE_CQE_SIZE,
					(uint64_t)cq->prod * QLXGE_CQE_SIZE);

	if (slot == NULL)
		return NULL;
	SIM_TRACE_DP(fn, dma, write, SIM_FN_FMT " iova 0x%" PRIx64 " len %u", SIM_FN_ARGS(fn),
		     cq->base + (uint64_t)cq->prod * QLXGE_CQE_SIZE, QLXGE_CQE_SIZE);
	return slot;
}

/*
 * The entry of sim_cq_slot() is written: advance the producer. The producer shadow is written
 * once for the batch (sim_cq_flush at the end of the WQ's IOCBs of the step, sim_cq_poll after
 * the frames of the step), after the entries it covers and before the interrupt (§6.3).
 */
static __rte_always_inline void
sim_cq_commit(struct qlxge_sim_func *fn, struct sim_cq *cq, bool irq, bool now)
{
	uint64_t t = fn->ad->now;	/* read once per poll step: entries are posted inside it */

	/* every poster checked sim_cq_room() for this entry and nothing took it since: the card
	 * stalls a full CQ's producers, it never writes over unconsumed entries */
	RTE_ASSERT(cq->room != 0);
	cq->room--;
	if (++cq->prod == cq->len)
		cq->prod = 0;
	if (irq) {
		if (!cq->coal_armed) {
			cq->coal_armed = true;
			cq->coal_first = t;
		}
		cq->coal_last = t;
		cq->coal_now |= now;
	}
	if (!cq->publish_pending) {
		cq->publish_pending = true;
		cq->publish_due = t + fn->fault[QLXGE_SIM_FAULT_CQ_DELAY_US];
	}
}

/* Write one 64-byte entry on a CQ that is loaded, valid, running and has room. */
static __rte_always_inline int
sim_cq_put(struct qlxge_sim_func *fn, struct sim_cq *cq, const void *entry, bool irq, bool now)
{
	void *slot = sim_cq_slot(fn, cq);

	if (slot == NULL)
		return -EFAULT;
	memcpy(slot, entry, QLXGE_CQE_SIZE);
	sim_cq_commit(fn, cq, irq, now);
	return 0;
}

/*
 * What a valid doorbell (WQ or CQ, §5) holds right after an ICB load: the model stores it there
 * and remembers it as the last word seen, so that the driver's next write is a change whatever
 * it writes (the same 0x10 as before the load included). No driver writes it: Linux writes
 * 0x10 / 0, FreeBSD 0x10 / 0xFFFFFFEF (bit 4, V, is clear: the load's V stays until then).
 */
#define SIM_DB_VALID_LOADED	0x5EED0000u

/* Visit the set bits of a 128-bit map (two words) in ascending order, as @p i. */
#define SIM_FOREACH_BIT(i, map) \
	for (uint64_t w_ = 0, m_ = (map)[0]; w_ < 2; m_ = ++w_ < 2 ? (map)[w_] : 0) \
		for (; m_ != 0 && ((i) = (unsigned int)(w_ * 64 + \
						 (unsigned int)__builtin_ctzll(m_)), 1); \
		     m_ &= m_ - 1)

static inline bool
sim_bit_test(const uint64_t *map, unsigned int i)
{
	return (map[i >> 6] >> (i & 63)) & 1;
}

static inline void
sim_bit_set(uint64_t *map, unsigned int i, bool on)
{
	if (on)
		map[i >> 6] |= 1ull << (i & 63);
	else
		map[i >> 6] &= ~(1ull << (i & 63));
}

#endif /* SIM_INTERNAL_H */
