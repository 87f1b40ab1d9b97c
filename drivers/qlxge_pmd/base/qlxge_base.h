/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * base/: hardware access of the qlxge PMD, one concept per file. It knows one NIC function of the
 * 8100 through its register bus and doorbell pages, and host memory through IOVAs; it knows
 * nothing of ethdev (the glue above fills the small descriptors below from its queues), and
 * nothing of whether the function is a card or the model. Only base/ includes the register
 * contract (qlxge_regs.h): every register is named in one file here.
 *
 *   qlxge_bus.c       register bus: 32-bit reads/writes, mask writes (§2.1), bit waits,
 *                     doorbell pages (§5), the register dump; the card's MMIO bus and BARs (§1)
 *   qlxge_sem.c       hardware semaphores (§3)
 *   qlxge_win.c       index/data windows PROC (§9.1), FLASH (§10.1), XGMAC (§11.1),
 *                     MAC_ADDR (§12.1), RT (§12.3)
 *   qlxge_mbox.c      firmware mailbox: commands, status, asynchronous events (§9)
 *   qlxge_flash.c     the port's flash parameter block and factory MAC (§10)
 *   qlxge_icb.c       queue control blocks, their loads through CFG, queue start/stop (§2.7,
 *                     §2.13, §6)
 *   qlxge_route.c     receive routing slots, CAM, multicast and VLAN tables (§12, §2.15)
 *   qlxge_irq.c       vector enables (§8.2)
 *   qlxge_port.c      the port: physical link, MAC enables, max frame and loopback (§11.2,
 *                     §9.4), port bring-up (§4.6, §9.7)
 *   qlxge_reset.c     function reset (§4.2), bring-up (§4.1, §4.3) and teardown (§4.4)
 *   qlxge_counters.c  the XGMAC statistics counters the PMD reports (§11.3)
 *   qlxge_osdep.[ch]  log types (the platform)
 */

#ifndef QLXGE_BASE_H_
#define QLXGE_BASE_H_

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <rte_io.h>
#include <rte_pci.h>

#include "qlxge_mbox.h"

/* ---- one NIC function -------------------------------------------------------------------- */

/* Control-register bus: the card's BAR1 (MMIO) or the model's register callbacks. */
struct qlxge_bus_ops {
	uint32_t (*rd32)(void *ctx, uint32_t off);
	void (*wr32)(void *ctx, uint32_t off, uint32_t val);
};

/* Events base/ noticed (AENs, fatal status) for the glue to report. */
#define QLXGE_EV_LINK		(1u << 0)	/* link AEN: link state may have changed */
#define QLXGE_EV_FATAL		(1u << 1)	/* STS.FE or a firmware-fatal AEN */
#define QLXGE_EV_IDC_ACK	(1u << 2)	/* an IDC request wants an IDC_ACK */

/* Driver timeouts (µs). The drivers' 3 x 100 µs ready waits are kept for the index/data
 * pairs; semaphores get a longer budget than the drivers' 3 ms because two ports brought up at
 * once by two threads on a loaded host may hold one for longer (docs/guides/nics/qlxge.rst). */
#define QLXGE_SEM_TIMEOUT_US	50000u
#define QLXGE_RDY_TIMEOUT_US	300u		/* drivers: 3 x 100 µs */
#define QLXGE_RESET_TIMEOUT_US	1000u		/* FR self-clear; drivers: 100 µs / ~30 µs */
#define QLXGE_NFE_TIMEOUT_US	500000u		/* FIFO drain before reset (§4.2) */
#define QLXGE_FW_READY_TIMEOUT_US 2000000u	/* firmware answering at probe */
#define QLXGE_MBOX_TIMEOUT_US	2000000u	/* one mailbox command */
#define QLXGE_CQ_STOP_TIMEOUT_US 1000u		/* CQ_STOP.EN follows a request (§2.13) */

/* Mailbox exchange: in[0] = command; out[0] = status on return. */
struct qlxge_mbox {
	uint32_t in[QLXGE_MB_COUNT];
	uint32_t out[QLXGE_MB_COUNT];
	uint8_t nin;
	uint8_t nout;
};

/* Hardware semaphores (SEM fields, §3): one host lock each, see qlxge_sem.c. */
#define QLXGE_SEM_LOCKS		8

/* What base/ knows of one NIC function and learned from it; shared by the port's processes. */
struct qlxge_hw_state {
	uint16_t port_id;	/* ethdev port, for the logs */
	uint16_t device_id;	/* 0x8000 or 0x8012 */
	uint8_t func;		/* PCI function number (STS.FUNC_ID) */
	uint8_t port;		/* 0 = lower NIC function, 1 = higher (§1) */
	bool irq;		/* vector-0 interrupts are delivered to the driver */
	uint32_t rev_id;
	uint32_t fw_version;	/* ABOUT_FW mb1 */
	uint32_t link_status;	/* last link-status word (AEN / GET_LINK_STS mb1) */
	uint32_t link_config;	/* port configuration (GET/SET_PORT_CFG mb1) */
	uint32_t max_frame;	/* port configuration (mb2) */
	uint32_t led_saved;	/* LED configuration found at probe (restored by led_off) */
	uint32_t idc_req[4];	/* mb1-mb4 of the last IDC request to acknowledge */
	uint32_t events;	/* QLXGE_EV_*, set under mbox_lock, taken by the glue */
	bool idc_done;		/* AEN IDC_CMPLT seen */
	/* the mailbox is out of step: no status is believed before a resync (qlxge_mbox.c) */
	bool mbox_poisoned;
	bool mbox_fault;	/* ... because something went wrong (not a routine check) */
	uint16_t mbox_seq;	/* cookie of the last resynchronisation */
	uint32_t mbox_stale_mark; /* mbox_stale when last back in step */
	uint32_t mbox_stale;	/* statuses discarded: they answered no command waiting */
	uint32_t mbox_timeouts;	/* commands the firmware did not answer in time */
	uint32_t mbox_resyncs;	/* resynchronisations done */
	uint8_t mac[6];		/* factory MAC from flash */
	/* one mailbox user at a time, commands vs interrupt service (process-shared) */
	pthread_mutex_t mbox_lock;
	/* one holder of each hardware semaphore among this function's threads and processes */
	pthread_mutex_t sem_lock[QLXGE_SEM_LOCKS];
};

/* How this process reaches the function's registers and doorbells. */
struct qlxge_bus {
	const struct qlxge_bus_ops *ops;
	void *ctx;		/* the card: BAR1's address; the model: its function */
	uint8_t *db_base;	/* BAR3: the doorbell pages */
};

/*
 * The handle every base/ function takes: this process's bus, and the function's state.
 *
 * DPDK keeps a port in two places. dev_private is shared memory, the same bytes in every process
 * of the port; dev->process_private is this process's own. The bus is function pointers and
 * the virtual addresses of mapped BARs (or of the model's objects): valid only in the process
 * that set them up. So the handle lives in process_private (struct qlxge_proc of the glue) and
 * points to the state in dev_private; dev_private holds no pointer that base/ dereferences.
 * A secondary process then builds its own handle, with its own mappings, on the same state.
 */
struct qlxge_hw {
	struct qlxge_bus bus;
	struct qlxge_hw_state *st;
};

/* ---- register bus, doorbells, register dump (qlxge_bus.c) -------------------------------- */

/* Bus of the card: rte_read32/rte_write32 on the mapped BAR1 (ctx = its virtual address). */
extern const struct qlxge_bus_ops qlxge_mmio_bus_ops;

struct rte_pci_device;
/* The card's bus of @pci: MMIO on BAR1, doorbells on BAR3; -ENODEV when not mapped. */
int qlxge_bus_pci_map(const struct rte_pci_device *pci, struct qlxge_bus *bus);

uint32_t qlxge_rd32(const struct qlxge_hw *hw, uint32_t off);
void qlxge_wr32(const struct qlxge_hw *hw, uint32_t off, uint32_t val);
void qlxge_mwr_set(const struct qlxge_hw *hw, uint32_t off, uint32_t bits);
void qlxge_mwr_clear(const struct qlxge_hw *hw, uint32_t off, uint32_t bits);
void qlxge_mwr_field(const struct qlxge_hw *hw, uint32_t off, uint32_t mask, uint32_t val);
int qlxge_wait_bit(const struct qlxge_hw *hw, uint32_t off, uint32_t bit, bool set,
		   uint32_t err_bit, uint32_t timeout_us, const char *what);
uint32_t qlxge_bus_dump(const struct qlxge_hw *hw, uint32_t *buf);

/* Doorbell pages (BAR3, §5) of a completion queue and of a work queue. */
uint8_t *qlxge_bus_cq_db(const struct qlxge_hw *hw, uint16_t cq_id);
uint8_t *qlxge_bus_wq_db(const struct qlxge_hw *hw, uint16_t wq_id);
/* Registers of a doorbell page the bursts write, as offsets into the page. */
enum qlxge_db_reg {
	QLXGE_DBR_WQ_PROD,
	QLXGE_DBR_CQ_CONS,
	QLXGE_DBR_SBQ_PROD,
	QLXGE_DBR_LBQ_PROD,
};
uint32_t qlxge_bus_db_off(enum qlxge_db_reg reg);

/* Doorbell store: the only MMIO of the data path. */
static inline void
qlxge_db_write(volatile void *page, uint32_t off, uint32_t val)
{
#ifdef __SANITIZE_THREAD__
	/*
	 * rte_write32 is a release towards the device: its write barrier orders the work
	 * (IOCBs, buffer addresses) before the index that hands it over. ThreadSanitizer sees
	 * neither the barrier nor the volatile store as such; under it the same store is made
	 * as the atomic release it is, which pairs with the acquire of whoever polls the page.
	 */
	__atomic_store_n((volatile uint32_t *)((volatile uint8_t *)page + off), val,
			 __ATOMIC_RELEASE);
#else
	rte_write32(val, (volatile uint8_t *)page + off);
#endif
}

/* ---- semaphores (qlxge_sem.c) ------------------------------------------------------------ */
int qlxge_sem_init(struct qlxge_hw_state *st);
void qlxge_sem_fini(struct qlxge_hw_state *st);
int qlxge_sem_lock(const struct qlxge_hw *hw, uint32_t sem, const char *what);
bool qlxge_sem_trylock(const struct qlxge_hw *hw, uint32_t sem);
void qlxge_sem_unlock(const struct qlxge_hw *hw, uint32_t sem);

/* ---- index/data windows (qlxge_win.c) ---------------------------------------------------- */
/* PROC (§9.1): the _locked forms run under the PROC_REG semaphore the caller holds. */
int qlxge_win_proc_read_locked(const struct qlxge_hw *hw, uint32_t addr, uint32_t *val);
int qlxge_win_proc_write_locked(const struct qlxge_hw *hw, uint32_t addr, uint32_t val);
int qlxge_win_proc_read(const struct qlxge_hw *hw, uint32_t addr, uint32_t *val);
/* FLASH (§10.1): @n dwords from dword address @dword. */
int qlxge_win_flash_read(const struct qlxge_hw *hw, uint32_t dword, uint32_t n, uint32_t *buf);
/* XGMAC (§11.1) of this function's port, under the port's XGMAC semaphore. */
int qlxge_win_xgmac_lock(const struct qlxge_hw *hw);
void qlxge_win_xgmac_unlock(const struct qlxge_hw *hw);
int qlxge_win_xgmac_read_locked(const struct qlxge_hw *hw, uint32_t reg, uint32_t *val);
int qlxge_win_xgmac_write_locked(const struct qlxge_hw *hw, uint32_t reg, uint32_t val);
int qlxge_win_xgmac_read64_locked(const struct qlxge_hw *hw, uint32_t reg, uint64_t *val);
/* MAC_ADDR (§12.1): one entry of an address-filter table, @nwords data words. */
int qlxge_win_mac_addr_write(const struct qlxge_hw *hw, uint32_t type, uint32_t index,
			     const uint32_t *words, unsigned int nwords, bool enable);
/* RT (§12.3): @n NIC-queue routing slots, written under one semaphore hold. */
struct qlxge_rt_entry {
	unsigned int slot;
	uint32_t dst;		/* destination when enabled */
	uint32_t mask;		/* match mask when enabled */
	bool enable;
};
int qlxge_win_rt_write(const struct qlxge_hw *hw, const struct qlxge_rt_entry *e,
		       unsigned int n);

/* ---- firmware mailbox (qlxge_mbox.c, §9) ------------------------------------------------ */
int qlxge_mbox_init(struct qlxge_hw_state *st);
void qlxge_mbox_fini(struct qlxge_hw_state *st);
void qlxge_mbox_desync(struct qlxge_hw *hw);
int qlxge_mbox_status_to_errno(uint32_t status);
int qlxge_mbox_cmd(struct qlxge_hw *hw, struct qlxge_mbox *mb);
int qlxge_mbox_fw_ready(struct qlxge_hw *hw);
int qlxge_mbox_about_fw(struct qlxge_hw *hw);
int qlxge_mbox_get_port_cfg(struct qlxge_hw *hw, uint32_t *cfg, uint32_t *max_frame);
int qlxge_mbox_set_port_cfg(struct qlxge_hw *hw, uint32_t cfg, uint32_t max_frame);
int qlxge_mbox_port_init(struct qlxge_hw *hw);
int qlxge_mbox_get_link_status(struct qlxge_hw *hw);
int qlxge_mbox_led_get(struct qlxge_hw *hw, uint32_t *cfg);
int qlxge_mbox_led_set(struct qlxge_hw *hw, uint32_t cfg);
int qlxge_mbox_mgmt_ctl(struct qlxge_hw *hw, uint32_t ctl);
int qlxge_mbox_mgmt_status(struct qlxge_hw *hw, uint32_t *sts);
int qlxge_mbox_idc_ack(struct qlxge_hw *hw);
uint32_t qlxge_mbox_service(struct qlxge_hw *hw);

/* ---- flash (qlxge_flash.c, §10) --------------------------------------------------------- */
int qlxge_flash_get_mac(struct qlxge_hw *hw);

/* ---- queues (qlxge_icb.c, §6) ----------------------------------------------------------- */

/*
 * A completion queue as base/ programs it (§6.2-6.4): the glue fills one from its queue at
 * setup, in the queue's DMA memory. Virtual addresses are for the driver's own stores (the ICB,
 * the page tables, clearing the ring); IOVAs are what the device is given.
 */
struct qlxge_cq_desc {
	uint8_t *ring;			/* entries, cleared at each start */
	volatile uint32_t *prod_shadow;	/* producer index the device writes (§6.3) */
	void *icb;			/* where the ICB is built */
	uint8_t *db;			/* the CQ's doorbell page */
	uint64_t ring_iova;
	uint64_t shadow_iova;
	uint64_t icb_iova;
	uint16_t id;
	uint16_t len;			/* entries */
	uint8_t vector;			/* MSI-X vector the ICB names */
	/* buffer queues of an inbound CQ (bq_len 0: a TX-completion CQ has none) */
	uint16_t bq_len;		/* entries of each buffer queue */
	uint16_t buf_size;		/* bytes of each buffer */
	uint64_t *sbq_tbl;		/* page tables to fill (§6.4) */
	uint64_t *lbq_tbl;
	uint64_t sbq_tbl_iova;
	uint64_t lbq_tbl_iova;
	uint64_t sbq_ring_iova;
	uint64_t lbq_ring_iova;
};

/* A work queue (§6.1) and the CQ that receives its completions. */
struct qlxge_wq_desc {
	uint8_t *ring;			/* IOCBs, cleared at each start */
	volatile uint32_t *cons_shadow;	/* consumer index the device writes (§6.3) */
	void *icb;
	uint8_t *db;			/* the WQ's doorbell page */
	uint64_t ring_iova;
	uint64_t shadow_iova;
	uint64_t icb_iova;
	uint16_t id;
	uint16_t len;			/* entries */
	uint16_t cq_id;			/* completion queue */
};

void qlxge_icb_cq_fill(const struct qlxge_cq_desc *cq);
void qlxge_icb_wq_fill(const struct qlxge_wq_desc *wq);
int qlxge_icb_rx_start(const struct qlxge_hw *hw, const struct qlxge_cq_desc *cq,
		       uint32_t posted);
void qlxge_icb_rx_stop(const struct qlxge_cq_desc *cq);
int qlxge_icb_tx_start(const struct qlxge_hw *hw, const struct qlxge_wq_desc *wq,
		       const struct qlxge_cq_desc *cq);
void qlxge_icb_tx_stop(const struct qlxge_wq_desc *wq, const struct qlxge_cq_desc *cq);
int qlxge_icb_cq_stop(const struct qlxge_hw *hw, unsigned int cq, bool stop);
int qlxge_icb_rss_load(const struct qlxge_hw *hw, uint64_t iova);
/* §5: a buffer-queue producer moves in blocks of this many entries */
#define QLXGE_BQ_PROD_BLOCK	16u
uint32_t qlxge_icb_bq_prod_align(uint32_t n);

/* ---- receive routing and filter tables (qlxge_route.c, §12, §2.15) --------------------- */

/* The NIC-queue routing slots the PMD programs, by purpose (§12.3). */
enum qlxge_route {
	QLXGE_ROUTE_IP_CSUM_ERR,	/* IP checksum errors to the default queue, flagged */
	QLXGE_ROUTE_TU_CSUM_ERR,	/* TCP/UDP checksum errors, likewise */
	QLXGE_ROUTE_BCAST,
	QLXGE_ROUTE_MCAST_MATCH,	/* the multicast entries */
	QLXGE_ROUTE_ALLMULTI,
	QLXGE_ROUTE_RSS,		/* RSS matches to the RSS table */
	QLXGE_ROUTE_CAM_HIT,
	QLXGE_ROUTE_PROMISC,
};
int qlxge_route_set(const struct qlxge_hw *hw, enum qlxge_route route, bool on);
int qlxge_route_clear_all(const struct qlxge_hw *hw);
int qlxge_route_cam_set(const struct qlxge_hw *hw, uint32_t index, const uint8_t *mac,
			bool strip, uint8_t cq);
void qlxge_route_default_cq(const struct qlxge_hw *hw, uint8_t cq);
int qlxge_route_mcast_set(const struct qlxge_hw *hw, uint32_t index, const uint8_t *mac);
int qlxge_route_vlan_set(const struct qlxge_hw *hw, uint16_t vid, bool on);
/* §2.15: accept matching VLANs and untagged (@match_only) or every tag; strip tags or not */
void qlxge_route_vlan_mode(const struct qlxge_hw *hw, bool match_only, bool strip);

/* ---- interrupts (qlxge_irq.c, §8) ------------------------------------------------------- */
void qlxge_irq_enable(const struct qlxge_hw *hw);
void qlxge_irq_disable(const struct qlxge_hw *hw);
void qlxge_irq_vector_enable(const struct qlxge_hw *hw, unsigned int vector);
void qlxge_irq_vector_disable(const struct qlxge_hw *hw, unsigned int vector);

/* ---- the port (qlxge_port.c, §4.6, §9.4, §9.7, §11.2) --------------------------------- */
int qlxge_port_init(struct qlxge_hw *hw);
bool qlxge_port_link_up(const struct qlxge_hw *hw);
int qlxge_port_mac_enable(const struct qlxge_hw *hw, bool on);
int qlxge_port_max_frame_set(struct qlxge_hw *hw, uint32_t frame);
bool qlxge_port_has_loopback(const struct qlxge_hw *hw);
int qlxge_port_loopback_set(struct qlxge_hw *hw, uint32_t mode);

/* ---- reset, bring-up, teardown (qlxge_reset.c, §4) -------------------------------------- */
int qlxge_reset_func(struct qlxge_hw *hw, bool running);
void qlxge_reset_base_init(const struct qlxge_hw *hw);
int qlxge_reset_bringup(struct qlxge_hw *hw);
void qlxge_reset_teardown(struct qlxge_hw *hw);

/* ---- statistics counters (qlxge_counters.c, §11.3) -------------------------------------- */

/*
 * The port's XGMAC statistics counters the PMD reports: xstat name (NULL: feeds the basic stats
 * only). The first ones sit at fixed indexes, used by name by the glue's stats.
 */
enum {
	QLXGE_CNT_RX_PKTS_OK,
	QLXGE_CNT_RX_BYTES_OK,
	QLXGE_CNT_RX_PKTS,
	QLXGE_CNT_TX_PKTS,
	QLXGE_CNT_TX_BYTES,
	QLXGE_CNT_RX_FIFO_DROP,
	QLXGE_CNT_RX_OVERSIZE,		/* longer than the port's max frame, good FCS */
	QLXGE_CNT_RX_JABBER,		/* longer, with a bad FCS */
	QLXGE_CNT_RX_FCS_ERR,		/* 64 bytes up to the max frame, bad FCS */
	QLXGE_CNT_RX_FRAGMENTS,		/* shorter than 64 bytes, bad FCS */
};

#define QLXGE_NB_COUNTERS	43
/* Counter @i's xstat name; NULL for one that only feeds the basic stats. */
const char *qlxge_counter_name(unsigned int i);
/* Every counter, one snapshot under the port's XGMAC semaphore. */
int qlxge_counters_read(const struct qlxge_hw *hw, uint64_t raw[QLXGE_NB_COUNTERS]);

#endif /* QLXGE_BASE_H_ */
