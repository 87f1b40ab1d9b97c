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

#include <inttypes.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/queue.h>

#include "qlxge_contract.h"
#include "qlxge_sim.h"
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

/* A work queue (TX ring), §5, §6.1. */
struct sim_wq {
	bool loaded;			/* an ICB has been loaded */
	bool valid;			/* V: from the ICB or the valid doorbell */
	uint32_t len;			/* entries of 128 bytes */
	uint8_t cq_id;			/* CQ of its completions */
	uint64_t base;			/* ring IOVA */
	uint64_t shadow;		/* consumer-index shadow IOVA */
	uint32_t cons;			/* next IOCB the device takes */
	uint32_t db_valid_seen;		/* last value seen in the valid doorbell */
	struct qlxge_wq_icb icb;	/* as loaded (dump) */
};

/* A buffer queue behind its page-address table, §6.4, §7.9. */
struct sim_bq {
	uint32_t len;			/* entries; 0 = no queue */
	uint32_t bsize;			/* buffer bytes */
	uint64_t table;			/* page-address table IOVA */
	uint64_t pages[SIM_BQ_MAX_PAGES];	/* ring pages, read at load */
	uint32_t cons;			/* next entry the device takes */
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
	uint32_t published;		/* producer index last written to the shadow */
	uint64_t publish_due;		/* injected completion delay: publish at (us) */
	bool publish_pending;
	bool coal_armed;		/* entries published, interrupt not yet raised */
	bool coal_now;			/* an entry asked for no delay (OI) */
	uint64_t coal_first;		/* us of the first entry since the last interrupt */
	uint64_t coal_last;		/* us of the latest entry */
	bool irq_pending;		/* ISR bit: interrupt raised, entries not consumed */
	bool stopped;			/* CQ_STOP */
	uint32_t db_valid_seen;
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
	struct qlxge_sim_wire_cfg wire_cfg;
	bool carrier;			/* last carrier seen from the wire */
	uint64_t fault[QLXGE_SIM_FAULT_MAX];
	uint64_t fault_seq[QLXGE_SIM_FAULT_MAX];	/* frame counters of 1-in-N faults */
	struct qlxge_sim_counters cnt;
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
void sim_rx_frame(struct qlxge_sim_func *fn, const uint8_t *frame, uint32_t len);

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
void sim_xgmac_count_tx(struct qlxge_sim_func *fn, const uint8_t *frame, uint32_t len);
void sim_xgmac_count_rx(struct qlxge_sim_func *fn, const uint8_t *frame, uint32_t len,
			bool fcs_err, bool oversize);
void sim_xgmac_count(struct qlxge_sim_func *fn, uint32_t reg, uint64_t n);
uint32_t sim_port_max_frame(struct qlxge_sim_func *fn);

/* sim_fault.c */
void sim_dev_error(struct qlxge_sim_func *fn, uint32_t err_sts_bits);
bool sim_fault_one_in(struct qlxge_sim_func *fn, enum qlxge_sim_fault f);

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
