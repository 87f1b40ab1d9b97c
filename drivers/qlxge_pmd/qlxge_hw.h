/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Hardware layer of the qlxge PMD: how the driver reaches one NIC function of the 8100 (register
 * bus, doorbells), mask-write registers, semaphores, the index/data register pairs, ICB loads,
 * function reset and bring-up (fact sheet §2-6, §8, §10-12), and the firmware mailbox (§9).
 * Nothing here knows ethdev; nothing here knows whether the function is a card or the model.
 */

#ifndef QLXGE_HW_H_
#define QLXGE_HW_H_

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <rte_io.h>

#include "qlxge_mbox.h"

/* Control-register bus: the card's BAR1 (MMIO) or the model's register callbacks. */
struct qlxge_bus_ops {
	uint32_t (*rd32)(void *ctx, uint32_t off);
	void (*wr32)(void *ctx, uint32_t off, uint32_t val);
};

/* Bus of the card: rte_read32/rte_write32 on the mapped BAR1 (ctx = its virtual address). */
extern const struct qlxge_bus_ops qlxge_mmio_bus_ops;

/* Events the hardware layer noticed (AENs, fatal status) for the ethdev layer to report. */
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

/* One NIC function, as the hardware layer sees it (lives in dev_private). */
struct qlxge_hw {
	uint16_t port_id;	/* ethdev port: index of the per-process bus binding */
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
	uint32_t events;	/* QLXGE_EV_*, set under mbox_lock, taken by the ethdev layer */
	bool idc_done;		/* AEN IDC_CMPLT seen */
	uint8_t mac[6];		/* factory MAC from flash */
	pthread_mutex_t mbox_lock;	/* one mailbox user at a time: commands vs interrupt */
};

/*
 * The port's XGMAC statistics counters (§11.3) the PMD reports: xstat name (NULL: feeds the
 * basic stats only) and counter register, the hardware layer's so no other file names one.
 * The first ones sit at fixed indexes, used by name by qlxge_stats.c.
 */
struct qlxge_hw_counter {
	const char *name;
	uint32_t reg;
};

enum {
	QLXGE_HW_C_RX_PKTS_OK,
	QLXGE_HW_C_RX_BYTES_OK,
	QLXGE_HW_C_RX_PKTS,
	QLXGE_HW_C_TX_PKTS,
	QLXGE_HW_C_TX_BYTES,
	QLXGE_HW_C_RX_FIFO_DROP,
};

#define QLXGE_HW_NB_COUNTERS	43
extern const struct qlxge_hw_counter qlxge_hw_counters[QLXGE_HW_NB_COUNTERS];

/* ---- bus binding (per process, by port) ----------------------------------------------- */
void qlxge_hw_bus_bind(struct qlxge_hw *hw, const struct qlxge_bus_ops *ops, void *ctx,
		       void *db_base);
void qlxge_hw_bus_unbind(struct qlxge_hw *hw);
uint8_t *qlxge_hw_db_base(const struct qlxge_hw *hw);

uint32_t qlxge_hw_rd32(const struct qlxge_hw *hw, uint32_t off);
void qlxge_hw_wr32(const struct qlxge_hw *hw, uint32_t off, uint32_t val);
void qlxge_hw_mwr_set(const struct qlxge_hw *hw, uint32_t off, uint32_t bits);
void qlxge_hw_mwr_clear(const struct qlxge_hw *hw, uint32_t off, uint32_t bits);
void qlxge_hw_mwr_field(const struct qlxge_hw *hw, uint32_t off, uint32_t mask, uint32_t val);

/* Doorbell store (BAR3): the only MMIO of the data path. */
static inline void
qlxge_db_write(volatile void *page, uint32_t off, uint32_t val)
{
	rte_write32(val, (volatile uint8_t *)page + off);
}

/* ---- registers, semaphores, index/data pairs (qlxge_hw.c) ------------------------------ */
int qlxge_hw_wait_bit(const struct qlxge_hw *hw, uint32_t off, uint32_t bit, bool set,
		      uint32_t err_bit, uint32_t timeout_us, const char *what);
int qlxge_hw_sem_lock(const struct qlxge_hw *hw, uint32_t sem, const char *what);
void qlxge_hw_sem_unlock(const struct qlxge_hw *hw, uint32_t sem);

int qlxge_hw_proc_read_locked(const struct qlxge_hw *hw, uint32_t addr, uint32_t *val);
int qlxge_hw_proc_write_locked(const struct qlxge_hw *hw, uint32_t addr, uint32_t val);
int qlxge_hw_proc_read(const struct qlxge_hw *hw, uint32_t addr, uint32_t *val);
int qlxge_hw_flash_read(const struct qlxge_hw *hw, uint32_t dword, uint32_t n, uint32_t *buf);
int qlxge_hw_xgmac_read(const struct qlxge_hw *hw, uint32_t reg, uint32_t *val);
int qlxge_hw_xgmac_read64_locked(const struct qlxge_hw *hw, uint32_t reg, uint64_t *val);
int qlxge_hw_xgmac_lock(const struct qlxge_hw *hw);
void qlxge_hw_xgmac_unlock(const struct qlxge_hw *hw);
int qlxge_hw_mac_enable(const struct qlxge_hw *hw, bool on);
int qlxge_hw_mac_table_write(const struct qlxge_hw *hw, uint32_t type, uint32_t index,
			     const uint32_t *words, unsigned int nwords, bool enable);
int qlxge_hw_route_write(const struct qlxge_hw *hw, unsigned int slot, uint32_t dst,
			 uint32_t mask, bool enable);
int qlxge_hw_route_clear_all(const struct qlxge_hw *hw);
int qlxge_hw_icb_load(const struct qlxge_hw *hw, uint32_t cmd_bit, unsigned int qid,
		      uint64_t iova);
int qlxge_hw_cq_stop(const struct qlxge_hw *hw, unsigned int cq, bool stop);
int qlxge_hw_rss_load(const struct qlxge_hw *hw, uint64_t iova);

/* The NIC-queue routing slots the PMD programs, by purpose (§12.3). */
enum qlxge_hw_route {
	QLXGE_HW_RT_IP_CSUM_ERR,	/* IP checksum errors to the default queue, flagged */
	QLXGE_HW_RT_TU_CSUM_ERR,	/* TCP/UDP checksum errors, likewise */
	QLXGE_HW_RT_BCAST,
	QLXGE_HW_RT_MCAST_MATCH,	/* the multicast entries */
	QLXGE_HW_RT_ALLMULTI,
	QLXGE_HW_RT_RSS,		/* RSS matches to the RSS table */
	QLXGE_HW_RT_CAM_HIT,
	QLXGE_HW_RT_PROMISC,
};
int qlxge_hw_route_set(const struct qlxge_hw *hw, enum qlxge_hw_route route, bool on);
int qlxge_hw_cam_set(const struct qlxge_hw *hw, uint32_t index, const uint8_t *mac, bool strip);
int qlxge_hw_mcast_set(const struct qlxge_hw *hw, uint32_t index, const uint8_t *mac);
int qlxge_hw_vlan_set(const struct qlxge_hw *hw, uint16_t vid, bool on);

/* ---- bring-up and teardown (qlxge_hw.c, §4) ------------------------------------------- */
int qlxge_hw_identify(struct qlxge_hw *hw);
int qlxge_hw_func_reset(struct qlxge_hw *hw, bool running);
void qlxge_hw_base_init(struct qlxge_hw *hw);
void qlxge_hw_func_disable(struct qlxge_hw *hw);
void qlxge_hw_intr_enable(struct qlxge_hw *hw);
void qlxge_hw_intr_disable(struct qlxge_hw *hw);
void qlxge_hw_vector_enable(const struct qlxge_hw *hw, unsigned int vector);
bool qlxge_hw_link_up(const struct qlxge_hw *hw);
/* §2.15: accept matching VLANs and untagged (@match_only) or every tag; strip tags or not */
void qlxge_hw_rcv_vlan(const struct qlxge_hw *hw, bool match_only, bool strip);
uint32_t qlxge_hw_dump_regs(const struct qlxge_hw *hw, uint32_t *buf);
int qlxge_hw_port8012_init(struct qlxge_hw *hw);
int qlxge_hw_port_init(struct qlxge_hw *hw);

/* ---- flash (qlxge_flash.c, §10) ------------------------------------------------------- */
int qlxge_flash_get_mac(struct qlxge_hw *hw);

/* ---- firmware mailbox (qlxge_mbox.c, §9) ---------------------------------------------- */
int qlxge_mbox_init(struct qlxge_hw *hw);
void qlxge_mbox_fini(struct qlxge_hw *hw);
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

#endif /* QLXGE_HW_H_ */
