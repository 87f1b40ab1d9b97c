/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/**
 * @file
 * Control of the emulated QLogic 8100 adapter behind net_qlxge_sim ports, by port id.
 *
 * The net_qlxge_sim virtual device (librte_net_qlxge_sim.so) attaches one NIC function of a
 * software model of the adapter as an ethdev port driven by the qlxge driver. This header lets
 * an application, an example or a test do to that port what would need hands on a real card:
 * pull and plug the cable, make the firmware hang, raise a fatal adapter error, ... and see
 * what the model did (its wire, its counters). The driver itself never knows it drives a model.
 *
 * Build with pkg-config's libqlxge_sim. The functions are experimental (define
 * ALLOW_EXPERIMENTAL_API). They act on the model of the calling process: in a secondary
 * process (where the model does not live) they return -ENOTSUP. Thread-safe.
 */

#ifndef RTE_PMD_QLXGE_SIM_H
#define RTE_PMD_QLXGE_SIM_H

#include <stdint.h>

#include <rte_compat.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Faults the model injects on one port (NIC function). */
enum rte_pmd_qlxge_sim_fault {
	RTE_PMD_QLXGE_SIM_FAULT_LINK_DOWN = 0,	/**< arg != 0: the cable is pulled */
	RTE_PMD_QLXGE_SIM_FAULT_FW_HANG,	/**< arg != 0: the firmware takes no command */
	RTE_PMD_QLXGE_SIM_FAULT_FW_ERROR,	/**< arg: status every command answers, 0: off */
	RTE_PMD_QLXGE_SIM_FAULT_SEM_HELD,	/**< arg: hardware semaphores (bit mask 0-255)
						     held by "another agent" */
	RTE_PMD_QLXGE_SIM_FAULT_RX_BQ_DRY,	/**< arg != 0: no receive buffer is taken */
	RTE_PMD_QLXGE_SIM_FAULT_RX_BAD_FCS,	/**< arg: corrupt the FCS of 1 in arg frames */
	RTE_PMD_QLXGE_SIM_FAULT_RX_BAD_L4CSUM,	/**< arg: corrupt the L4 checksum of 1 in arg */
	RTE_PMD_QLXGE_SIM_FAULT_DMA_ERROR,	/**< arg != 0: the next DMA fails */
	RTE_PMD_QLXGE_SIM_FAULT_CQ_DELAY_US,	/**< arg: completions come this many us late */
	RTE_PMD_QLXGE_SIM_FAULT_FATAL,		/**< arg: a fatal adapter error with this error
						     status (one shot: the port then reports
						     RTE_ETH_EVENT_INTR_RESET) */
};

/**
 * Set, or clear (@p arg 0), a fault on a net_qlxge_sim port.
 *
 * @return 0; -ENODEV: no such port; -ENOTSUP: not a net_qlxge_sim port of this process;
 *   -EINVAL: unknown fault or bad argument.
 */
__rte_experimental
int rte_pmd_qlxge_sim_fault_set(uint16_t port_id, enum rte_pmd_qlxge_sim_fault fault,
				uint64_t arg);

/**
 * Plug (@p up != 0) or pull the cable of a net_qlxge_sim port: the model's firmware reports
 * the link change to the driver as the card's does. The same as the LINK_DOWN fault.
 *
 * @return as rte_pmd_qlxge_sim_fault_set().
 */
__rte_experimental
int rte_pmd_qlxge_sim_link_set(uint16_t port_id, int up);

/** What a port is cabled to (the wire= device argument). */
enum rte_pmd_qlxge_sim_wire {
	RTE_PMD_QLXGE_SIM_WIRE_NONE = 0,	/**< no cable: link down */
	RTE_PMD_QLXGE_SIM_WIRE_LOOP,		/**< its own receive side */
	RTE_PMD_QLXGE_SIM_WIRE_PEER,		/**< another model port, back to back */
	RTE_PMD_QLXGE_SIM_WIRE_PCAP,		/**< pcap files */
	RTE_PMD_QLXGE_SIM_WIRE_TAP,		/**< a Linux TAP interface */
};

/** Longest adapter name, with its NUL. */
#define RTE_PMD_QLXGE_SIM_NAME_MAX	32

/** Longest TAP interface name, with its NUL. */
#define RTE_PMD_QLXGE_SIM_IFACE_MAX	16

/** A net_qlxge_sim port as the model sees it. */
struct rte_pmd_qlxge_sim_port_info {
	char adapter[RTE_PMD_QLXGE_SIM_NAME_MAX];	/**< the model adapter (adapter=) */
	uint8_t function;			/**< its NIC function (function=) */
	enum rte_pmd_qlxge_sim_wire wire;	/**< the cable the port has now */
	/** The port at the other end of a PEER wire; RTE_MAX_ETHPORTS when none is. */
	uint16_t peer_port;
	uint8_t link_up;			/**< the model's firmware sees the link up */
	uint8_t function_enabled;		/**< the driver enabled the function */
	uint32_t fw_version;			/**< what the model's firmware reports */
	uint32_t max_frame;			/**< the port's maximum frame, in the firmware */
	/* the wire's live state */
	uint8_t carrier;			/**< the wire has carrier */
	/** wire TAP: the interface's name now (it may be renamed in another namespace) */
	char iface[RTE_PMD_QLXGE_SIM_IFACE_MAX];
	uint64_t wire_rx_frames;		/**< frames the port took off the wire */
	uint64_t wire_tx_frames;		/**< frames the port put on the wire */
	uint64_t wire_tx_drops;			/**< pcap or TAP writes failed */
	uint8_t rx_pcap_done;			/**< wire PCAP: every pass of the file replayed */
	/** wire PCAP started at the first receive: a frame waits for the application */
	uint8_t rx_pcap_waiting;
};

/**
 * A net_qlxge_sim port as the model sees it.
 *
 * @return 0; -ENODEV, -ENOTSUP as rte_pmd_qlxge_sim_fault_set(); -EINVAL: @p info is NULL.
 */
__rte_experimental
int rte_pmd_qlxge_sim_port_info_get(uint16_t port_id, struct rte_pmd_qlxge_sim_port_info *info);

/** Longest counter name, with its NUL. */
#define RTE_PMD_QLXGE_SIM_COUNTER_NAME_MAX	64

/** One counter of the model, e.g. "tx_frames" (frames the port put on its wire). */
struct rte_pmd_qlxge_sim_counter {
	char name[RTE_PMD_QLXGE_SIM_COUNTER_NAME_MAX];
	uint64_t value;
};

/**
 * Everything the model counted for one port (register accesses, mailbox commands, doorbells,
 * frames and bytes on the wire, drops by cause, interrupts, resets ...), like xstats: with
 * @p counters NULL or @p n too small, only the count is returned.
 *
 * @return the number of counters (filled when @p n allows); -ENODEV, -ENOTSUP as
 *   rte_pmd_qlxge_sim_fault_set().
 */
__rte_experimental
int rte_pmd_qlxge_sim_counters_get(uint16_t port_id, struct rte_pmd_qlxge_sim_counter *counters,
				   unsigned int n);

/**
 * The argument a fault has now on a net_qlxge_sim port (0: off); DMA_ERROR counts down the
 * failures still to come, FATAL is one-shot and reads 0.
 *
 * @return as rte_pmd_qlxge_sim_fault_set(); -EINVAL also for @p arg NULL.
 */
__rte_experimental
int rte_pmd_qlxge_sim_fault_get(uint16_t port_id, enum rte_pmd_qlxge_sim_fault fault,
				uint64_t *arg);

/**
 * The name of a fault in lower case ("link_down", "fw_hang", ...), as the telemetry command
 * /qlxge_sim/fault takes it; NULL out of range.
 */
__rte_experimental
const char *rte_pmd_qlxge_sim_fault_name(enum rte_pmd_qlxge_sim_fault fault);

/** The name of a wire kind ("loop", "peer", ...); "unknown" out of range. */
__rte_experimental
const char *rte_pmd_qlxge_sim_wire_name(enum rte_pmd_qlxge_sim_wire wire);

#ifdef __cplusplus
}
#endif

#endif /* RTE_PMD_QLXGE_SIM_H */
