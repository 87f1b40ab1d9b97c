/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * State of the model, split like the card (design.md B.19): struct qlxge_sim_adapter holds
 * what the two NIC functions share (firmware/MPI space, flash, semaphores, the MAC address
 * tables, the shared control registers), struct qlxge_sim_func what each function owns (its
 * function-specific registers, queues, vectors, routing table, RSS state, port: mailboxes,
 * XGMAC, wire); §1, §2, §3, §5, §6, §8-§12. The state of each stage has its own header
 * (queue_state.h, port_state.h); the classification tables are the data plane's
 * (dataplane/filter.h, route.h, rss.h), reached through pointers.
 *
 * Locking: one mutex per adapter (ad->lock) serialises register callbacks of both functions
 * and the poll step. Doorbell pages are plain memory the driver stores to without the lock; the
 * model reads them with atomic loads in the poll step. The registry of adapters has its own
 * mutex, always taken before an adapter's lock, never after.
 */

#ifndef SIM_BASE_STATE_H
#define SIM_BASE_STATE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/queue.h>
#include <time.h>

#include "qlxge_contract.h"
#include "qlxge_sim.h"
#include "base/dma_win.h"
#include "base/port_state.h"
#include "base/queue_state.h"

/*
 * Longest frame the model handles anywhere: what a wire carries, the RX scratch, the limit
 * beyond which the TX engine drops a frame it flags L. Above the port's 9600-byte maximum so
 * that frames sent with L still travel.
 */
#define SIM_FRAME_MAX		16384u
/* DMA windows of a function for buffers (frames, lists): the runs its last misses found. */
#define SIM_DMA_FN_WINS		2u
/* Semaphore owner values: a function index, or nobody / the firmware ("other agent"). */
#define SIM_SEM_FREE		0xFFu

/*
 * Card-like timing (QLXGE_SIM_TIMING_CARD; docs/hardware/choices.md, "Card-like timing"): how
 * long the device takes, each well inside the public drivers' budgets.
 */
#define SIM_CARD_RESET_US	20u	/* RST_FO.FR busy: 10 x 10 us, ~30 us (§2.4) */
#define SIM_CARD_ICB_US		50u	/* CFG command busy: 3 x 100 us (§2.7) */
#define SIM_CARD_SEM_HOLD_US	300u	/* the firmware holds a semaphore: 30 x 100 us (§3) */
#define SIM_CARD_SEM_EVERY	4u	/* ... on every 4th acquisition of a free resource */
/* ... of these: ICB, MAC address, flash, processor registers (not the XGMAC ones: §4.6 takes a
 * held XGMAC semaphore for the other function bringing the port up) */
#define SIM_CARD_SEM_FW_MASK	((1u << 2) | (1u << 3) | (1u << 4) | (1u << 7))
#define SIM_CARD_FW_LATENCY_US	500u	/* a mailbox command's answer at least: 5 s (§9.3) */

/*
 * A PCAP wire that starts at the application's first receive (QLXGE_SIM_PCAP_START_FIRST_BURST,
 * queues/rx.c): its first frame (and the first after each function reset) is placed, yet left
 * on the wire until the CQ's consumer index passes its entry.
 */
/* ... and a frame its filters or its max frame reject waits while they are being configured
 * (written in the last SIM_PCAP_SETTLE_US), so that none is lost to a port half-way through its
 * start or a script's reconfiguration */
#define SIM_PCAP_SETTLE_US	200000u

enum sim_pcap_gate {
	SIM_PCAP_GATE_WAIT = 0,		/* the next frame placed is the first */
	SIM_PCAP_GATE_PROBE,		/* the first is in a CQ, not yet received */
	SIM_PCAP_GATE_OPEN,		/* received: frames flow (with back-pressure) */
};

struct sim_reg_row;
struct sim_mac_tables;
struct sim_route_table;
struct sim_rss_state;
struct sim_wire;

struct qlxge_sim_func {
	struct qlxge_sim_adapter *ad;
	unsigned int idx;		/* index in the adapter = port */
	uint8_t pci_func;		/* STS.FUNC_ID, MPI 0x1002 */
	uint32_t regs[QLXGE_REG_COUNT];	/* storage of FS rows */
	uint8_t *db;			/* doorbell BAR, QLXGE_SIM_DB_BAR_SIZE bytes */
	bool db_owned;			/* mapped by the model (else the creator's memory) */
	/* interrupts, §8 (base/irq.c) */
	int irq_fd[QLXGE_SIM_NUM_VECTORS];
	bool vec_en[QLXGE_SIM_NUM_VECTORS];
	uint32_t vec_fired;		/* bitmap: vectors signalled (tests) */
	uint8_t intr_sel;		/* INTR_EN read-back vector */
	uint32_t intr_en;		/* EI, IHD as written */
	bool fe;			/* STS.FE */
	uint32_t err_sts;
	bool pi;			/* STS.PI: outbound message pending */
	bool reset_pending;		/* RST_FO.FR reads 1 until the next poll (instant) */
	uint64_t reset_done;		/* ... or until this time (us) */
	/* card timing: a CFG command in progress (queues/icb.c) */
	bool cfg_pending;
	uint32_t cfg_val;		/* the CFG write that posted it */
	uint64_t cfg_addr;		/* the ICB address, latched at the write */
	uint64_t cfg_due;		/* us */
	uint8_t ets_sel_nic, ets_sel_cna;	/* NIC_ETS/CNA_ETS read-select */
	uint32_t cq_stop_sel;		/* CQ_STOP last command */
	/* queues, §5, §6 (queues/) */
	struct sim_wq wq[SIM_NUM_WQ];
	struct sim_cq cq[SIM_NUM_CQ];
	uint64_t wq_live[2];		/* bitmaps of loaded queues */
	uint64_t cq_live[2];
	/* routing, §12.3: the RT_IDX latch (MR = read data ready) and the slots */
	uint32_t rt_idx_latch;
	uint32_t rt_data_latch;
	bool rt_mr;
	struct sim_route_table *rt;
	/* RSS, §6.5 */
	struct sim_rss_state *rss;
	/* NIC_ETS / CNA_ETS queue registers behind the read-select, §2.12 */
	uint32_t nic_ets[QLXGE_ETS_NIC_QUEUES];
	uint32_t cna_ets[QLXGE_ETS_CNA_QUEUES];
	uint32_t serdes[256];
	/* the port: firmware view, MAC, cable */
	struct sim_port port;
	struct sim_xgmac xg;
	struct sim_wire *wire;
	/* SET_PORT_CFG loopback (§9.4): the port's TX frames wait here (a LOOP wire of its own,
	 * opened at the first looped frame) for the RX side of a later step, so that TX never
	 * writes RX completions inside its own batch (a shared CQ keeps its room accounting) */
	struct sim_wire *lb_wire;
	struct qlxge_sim_wire_cfg wire_cfg;
	/* PCAP wire starting at the first receive (queues/rx.c) */
	enum sim_pcap_gate pcap_gate;
	const struct sim_wire *pcap_gate_wire;	/* the wire the gate state is of */
	uint64_t pcap_gate_resets;		/* cnt.resets when it was last closed */
	uint8_t probe_cq;			/* the first frame's CQ, entry and CQ epoch */
	uint32_t probe_entry;
	uint32_t probe_epoch;
	/* faults, counters, DMA, tracing */
	uint64_t fault[QLXGE_SIM_FAULT_MAX];
	uint64_t fault_seq[QLXGE_SIM_FAULT_MAX];	/* frame counters of 1-in-N faults */
	struct qlxge_sim_counters cnt;
	struct sim_dma_win dma_win[SIM_DMA_FN_WINS];	/* base/dma.c */
	unsigned int dma_win_next;
	uint64_t dma_gen;		/* sim_dma_gen at the poll step's start (sim_dma_at) */
	struct sim_dma_win tx_buf_win;	/* the TX engine's last frame buffer (dataplane/tx.c) */
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
	const struct sim_reg_row *reg_table;	/* BAR1 decoder (core/regs.c) */
	uint32_t regs[QLXGE_REG_COUNT];	/* storage of shared rows */
	uint8_t sem_owner[QLXGE_SEM_COUNT];
	uint64_t sem_fw_until[QLXGE_SEM_COUNT];	/* card timing: firmware holds it until (us) */
	uint32_t sem_acquires;		/* card timing: acquisitions of free resources */
	uint64_t rx_cfg_us;		/* last write to RT_DATA, MAC_ADDR_DATA, NIC_RCV_CFG, or
					   change of a port's max frame */
	enum qlxge_sim_timing timing;
	uint32_t port_init;		/* STS.PI0/PI1: firmware (8000) or driver (8012) */
	/* indirect windows shared by the functions */
	uint32_t proc_addr, proc_data;
	uint32_t flash_addr, flash_data;
	uint32_t mac_idx, mac_data;
	bool mac_mr;
	struct sim_mac_tables *mac;	/* CAM, multicast, VLAN, filter (dataplane/filter.h) */
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

static inline void
sim_adapter_lock(struct qlxge_sim_adapter *ad)
{
	pthread_mutex_lock(&ad->lock);
}

static inline void
sim_adapter_unlock(struct qlxge_sim_adapter *ad)
{
	pthread_mutex_unlock(&ad->lock);
}

/* The model's clock: CLOCK_MONOTONIC in microseconds. */
static inline uint64_t
sim_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* A 1-in-N fault @p f is due on this frame (counts the frames while it is injected). */
static inline bool
sim_fault_one_in(struct qlxge_sim_func *fn, enum qlxge_sim_fault f)
{
	uint64_t n = fn->fault[f];

	if (n == 0)
		return false;
	return ++fn->fault_seq[f] % n == 0;
}

#endif /* SIM_BASE_STATE_H */
