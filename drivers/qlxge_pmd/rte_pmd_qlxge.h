/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/**
 * @file
 * What an application may ask the qlxge driver (QLogic 8100 series) beyond ethdev.
 *
 * ethdev covers the rest: link (rte_eth_link_get), statistics and extended statistics, the
 * firmware version string (rte_eth_dev_fw_version_get), the register dump
 * (rte_eth_dev_get_reg_info). This header adds what ethdev has no call for: the state of the
 * adapter function behind a port, and the indexes of its queues' rings. The driver's telemetry
 * commands (/qlxge/port_info, /qlxge/rxq, /qlxge/txq) report the same figures.
 *
 * Build with pkg-config's libqlxge (cflags, and -lrte_net_qlxge for a shared build, the static
 * archive for a static one). The functions are experimental (DPDK's rule for new API): define
 * ALLOW_EXPERIMENTAL_API.
 *
 * Every function reads what the driver keeps in the port's shared memory and touches no
 * register: it may be called from any thread or process of the port, at any time, also while
 * the data path runs. The figures of a running queue are then a snapshot taken while the
 * data path moves them: they may disagree with each other by the frames of one burst. Like any
 * ethdev call, none may race with the port's close or with the release of the queue it reads.
 */

#ifndef RTE_PMD_QLXGE_H
#define RTE_PMD_QLXGE_H

#include <stdint.h>

#include <rte_compat.h>
#include <rte_ether.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Where the adapter function behind a port stands. */
enum rte_pmd_qlxge_state {
	/** Not brought up: closing, or a bring-up (probe, rte_eth_dev_reset) failed. */
	RTE_PMD_QLXGE_STATE_DOWN = 0,
	/** Brought up, firmware answering; the port is not started. */
	RTE_PMD_QLXGE_STATE_READY,
	/** Started. */
	RTE_PMD_QLXGE_STATE_STARTED,
	/**
	 * A fatal adapter error was reported (RTE_ETH_EVENT_INTR_RESET): the port starts again
	 * only after rte_eth_dev_reset().
	 */
	RTE_PMD_QLXGE_STATE_ERROR,
};

/** The adapter function behind a port. */
struct rte_pmd_qlxge_port_info {
	uint16_t device_id;		/**< PCI device id: 0x8000 (ISP8000) or 0x8012 */
	uint8_t pci_function;		/**< PCI function number of the NIC function */
	uint8_t adapter_port;		/**< 0: the adapter's lower NIC function, 1: the higher */
	uint32_t fw_version;		/**< firmware version word: major, minor, sub in 23:0 */
	uint8_t fw_major;		/**< the same, decoded */
	uint8_t fw_minor;
	uint8_t fw_sub;
	uint8_t interrupts;		/**< 1: firmware events by interrupt; 0: polled */
	enum rte_pmd_qlxge_state state;
	uint32_t fw_link_status;	/**< the firmware's last link-status word */
	uint32_t link_config;		/**< port configuration: pause, jumbo, loopback */
	uint32_t max_frame;		/**< longest frame the port accepts, in bytes */
	uint8_t admin_down;		/**< 1: rte_eth_dev_set_link_down() in force */
	struct rte_ether_addr perm_addr; /**< factory MAC address, from the adapter's flash */
};

/**
 * The adapter function behind a qlxge port.
 *
 * @return 0; -ENODEV: no such port; -ENOTSUP: not a qlxge port; -EINVAL: @p info is NULL.
 */
__rte_experimental
int rte_pmd_qlxge_port_info_get(uint16_t port_id, struct rte_pmd_qlxge_port_info *info);

/**
 * An RX queue's rings: its completion queue, which the adapter fills, and the small and large
 * buffer queues the driver posts receive buffers to. Indexes are ring positions.
 */
struct rte_pmd_qlxge_rxq_state {
	uint16_t cq_id;			/**< the adapter's completion queue of this RX queue */
	uint16_t nb_desc;		/**< completion-queue entries */
	uint16_t cq_producer;		/**< next entry the adapter writes */
	uint16_t cq_consumer;		/**< next entry the driver reads */
	uint16_t cq_pending;		/**< completions written and not read yet */
	uint16_t bq_len;		/**< entries of each buffer queue */
	uint16_t sbq_producer;		/**< small buffers: posted up to (the doorbell value) */
	uint16_t sbq_consumer;		/**< small buffers: next one the adapter fills */
	uint16_t lbq_producer;		/**< large buffers: likewise */
	uint16_t lbq_consumer;
	uint16_t bufs_posted;		/**< buffers the adapter holds, both queues */
	uint8_t started;		/**< 1: the queue is started */
	uint8_t stalled;		/**< 1: returns no frames: not started, or a malformed
					     completion was met (the port needs a reset) */
	uint64_t packets;		/**< frames received */
	uint64_t refill_doorbells;	/**< buffer-queue doorbells written */
	uint64_t malformed_completions;	/**< completions that broke the contract */
};

/**
 * The rings of RX queue @p queue_id of a qlxge port.
 *
 * @return 0; -ENODEV: no such port; -ENOTSUP: not a qlxge port; -EINVAL: @p st is NULL or
 *   the queue is out of range; -ENOENT: the queue is not set up.
 */
__rte_experimental
int rte_pmd_qlxge_rxq_state_get(uint16_t port_id, uint16_t queue_id,
				struct rte_pmd_qlxge_rxq_state *st);

/** A TX queue's rings: its work queue, and the completion queue of its transmitted frames. */
struct rte_pmd_qlxge_txq_state {
	uint16_t wq_id;			/**< the adapter's work queue of this TX queue */
	uint16_t cq_id;			/**< the completion queue of its frames */
	uint16_t nb_desc;		/**< work-queue entries */
	uint16_t wq_producer;		/**< next entry the driver fills (the doorbell value) */
	uint16_t wq_consumer;		/**< next entry the adapter reads */
	uint16_t wq_oldest;		/**< oldest entry whose completion the driver awaits */
	uint16_t nb_free;		/**< entries free for new frames */
	uint16_t cq_producer;		/**< next completion the adapter writes */
	uint16_t cq_consumer;		/**< next completion the driver reads */
	uint8_t started;		/**< 1: the queue is started */
	uint8_t stalled;		/**< 1: sends nothing: not started, or a malformed
					     completion was met (the port needs a reset) */
	uint64_t packets;		/**< frames handed to the adapter */
	uint64_t doorbells;		/**< work-queue doorbells written */
	uint64_t malformed_completions;	/**< completions that broke the contract */
};

/**
 * The rings of TX queue @p queue_id of a qlxge port.
 *
 * @return as rte_pmd_qlxge_rxq_state_get().
 */
__rte_experimental
int rte_pmd_qlxge_txq_state_get(uint16_t port_id, uint16_t queue_id,
				struct rte_pmd_qlxge_txq_state *st);

/**
 * The name of a port state, e.g. "started".
 *
 * @return a constant string; "unknown" for a value out of range.
 */
__rte_experimental
const char *rte_pmd_qlxge_state_name(enum rte_pmd_qlxge_state state);

#ifdef __cplusplus
}
#endif

#endif /* RTE_PMD_QLXGE_H */
