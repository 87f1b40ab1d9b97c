/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/**
 * @file
 * Public API of the software model of the QLogic 8100 adapter (ISP8000 family).
 *
 * The model is one adapter with two NIC PCI functions (ports). A driver reaches a function only
 * the way it reaches the card:
 *  - control registers (BAR1) through qlxge_sim_reg_read() / qlxge_sim_reg_write(), whose
 *    signatures fit a register-bus callback taking an opaque context (the function);
 *  - doorbell pages (BAR3) as plain memory returned by qlxge_sim_doorbell_base(), which the model
 *    observes by polling, as the card's hardware does;
 *  - DMA memory by IOVA (DPDK memory; the model translates and range-checks every access);
 *  - one eventfd per MSI-X vector (qlxge_sim_irq_fd()).
 *
 * The model makes progress only in qlxge_sim_poll(), called by a thread the model owns
 * (qlxge_sim_thread_start()), by an rte_service, by a test directly, or from the rte_delay_us
 * callback installed by qlxge_sim_delay_hook_install(), so a single-threaded driver that polls
 * a ready bit with a delay between reads sees the device progress.
 *
 * Everything else in this header (link, faults, wires, state inspection, counters) is for the
 * code that creates the model (the vdev binding, tests, tools), never for the driver proper.
 * All functions are thread-safe unless stated otherwise.
 */

#ifndef QLXGE_SIM_H
#define QLXGE_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct qlxge_sim_adapter;
struct qlxge_sim_func;

/** NIC functions (ports) per adapter. */
#define QLXGE_SIM_NUM_FUNCS	2
/** MSI-X vectors modelled per function. */
#define QLXGE_SIM_NUM_VECTORS	16
/** Size of the control-register window (BAR1) a function decodes. */
#define QLXGE_SIM_REG_BAR_SIZE	0x100
/** Size of the doorbell BAR (BAR3): 256 pages of 4 KiB (WQ pages 0-127, CQ pages 128-255). */
#define QLXGE_SIM_DB_BAR_SIZE	(256u * 4096u)
/** Longest adapter name accepted, including the terminating NUL. */
#define QLXGE_SIM_NAME_MAX	32

/** Parameters of a new adapter. Zeroed fields take the defaults given. */
struct qlxge_sim_params {
	/** Adapter name, unique in the process (qlxge_sim_adapter_find()). Required. */
	const char *name;
	/** PCI device id: 0x8000 (default when 0) or 0x8012. */
	uint16_t device_id;
	/** Factory MAC of each function, written into the flash parameter block; all-zero → a
	 * locally administered address derived from the adapter name and function. */
	uint8_t mac[QLXGE_SIM_NUM_FUNCS][6];
	/** Firmware version reported by ABOUT_FW (mb1); 0 → the model's default. */
	uint32_t fw_version;
	/** Time the firmware takes to answer a mailbox command, in microseconds (0 = next poll). */
	uint32_t fw_latency_us;
	/** PCI function numbers of the two NIC functions (MPI 0x1002); both 0 → 0 and 1. */
	uint8_t pci_func[QLXGE_SIM_NUM_FUNCS];
	/** How long the device takes to do things (QLXGE_SIM_TIMING_INSTANT when 0). */
	enum qlxge_sim_timing {
		/** Resets, ICB loads and semaphores complete at once, the firmware answers at
		 * the next poll step unless fw_latency_us says otherwise. */
		QLXGE_SIM_TIMING_INSTANT = 0,
		/** Card-like: function resets and ICB loads take a few tens of microseconds,
		 * the firmware now and then holds a semaphore briefly, and answers a mailbox
		 * command after a delay (at least fw_latency_us), each well inside the public
		 * drivers' timeouts (docs/hardware/choices.md, "Card-like timing"). */
		QLXGE_SIM_TIMING_CARD,
	} timing;
	/** Doorbell memory of each function, owned by the caller: QLXGE_SIM_DB_BAR_SIZE bytes,
	 * 4 KiB aligned, which the model zeroes and uses as the function's doorbell BAR (e.g. a
	 * memzone, so that secondary processes see the same doorbells). NULL: the model maps
	 * memory of its own. The memory must outlive the adapter. */
	void *db_mem[QLXGE_SIM_NUM_FUNCS];
};

/**
 * Create an adapter, powered on: firmware ready, flash programmed, links down until a wire is
 * attached. The caller holds one reference.
 * @return 0, -EINVAL (bad parameters), -EEXIST (name taken), -ENOMEM.
 */
int qlxge_sim_adapter_create(const struct qlxge_sim_params *params,
			     struct qlxge_sim_adapter **adapter);

/** Find an adapter by name and take a reference; NULL if there is none. */
struct qlxge_sim_adapter *qlxge_sim_adapter_find(const char *name);

/** Take one more reference. */
void qlxge_sim_adapter_get(struct qlxge_sim_adapter *adapter);

/** Drop a reference; the last one stops the model's thread and frees the adapter. */
void qlxge_sim_adapter_put(struct qlxge_sim_adapter *adapter);

/** Adapter name. */
const char *qlxge_sim_adapter_name(const struct qlxge_sim_adapter *adapter);

/** Function @p idx (0 or 1) of the adapter, NULL if out of range. */
struct qlxge_sim_func *qlxge_sim_func(struct qlxge_sim_adapter *adapter, unsigned int idx);

/** Adapter a function belongs to. */
struct qlxge_sim_adapter *qlxge_sim_func_adapter(struct qlxge_sim_func *fn);

/** Index (0 or 1, i.e. the port) of a function in its adapter. */
unsigned int qlxge_sim_func_index(const struct qlxge_sim_func *fn);

/** PCI device id of the adapter (0x8000 or 0x8012). */
uint16_t qlxge_sim_device_id(const struct qlxge_sim_adapter *adapter);

/* ---- What the driver sees: BARs, interrupts ---------------------------------------------- */

/**
 * Read a 32-bit control register of function @p fn (a struct qlxge_sim_func *) at byte
 * @p offset in BAR1, with the side effects the card has. Unaligned or out-of-window offsets
 * read 0 and are counted as driver errors.
 */
uint32_t qlxge_sim_reg_read(void *fn, uint32_t offset);

/** Write a 32-bit control register; see qlxge_sim_reg_read(). */
void qlxge_sim_reg_write(void *fn, uint32_t offset, uint32_t value);

/**
 * Base of the function's doorbell BAR (QLXGE_SIM_DB_BAR_SIZE bytes of memory the driver
 * stores to with 32-bit writes and the model polls).
 */
void *qlxge_sim_doorbell_base(struct qlxge_sim_func *fn);

/** eventfd signalled when MSI-X vector @p vector of @p fn fires; -1 if out of range. */
int qlxge_sim_irq_fd(struct qlxge_sim_func *fn, unsigned int vector);

/* ---- Execution ---------------------------------------------------------------------------- */

/**
 * One round of device work on every function of the adapter: doorbells, TX queues, frames from
 * the wires, RX completions, interrupts, firmware. Deterministic when called from one thread
 * with no model thread running.
 * @return the number of work items done (0 = the device was idle).
 */
unsigned int qlxge_sim_poll(struct qlxge_sim_adapter *adapter);

/** Start a thread that polls the adapter, backing off when idle. Idempotent. */
int qlxge_sim_thread_start(struct qlxge_sim_adapter *adapter);

/** Stop the adapter's polling thread, if any, and wait for it. Idempotent. */
void qlxge_sim_thread_stop(struct qlxge_sim_adapter *adapter);

/** Register an rte_service that polls the adapter; its id in @p service_id. */
int qlxge_sim_service_register(struct qlxge_sim_adapter *adapter, uint32_t *service_id);

/** Unregister the service made by qlxge_sim_service_register(). */
int qlxge_sim_service_unregister(struct qlxge_sim_adapter *adapter);

/**
 * Install an rte_delay_us callback that polls every live adapter before delaying, so that a
 * driver waiting on a ready bit lets the model progress. Reference counted; the last uninstall
 * restores DPDK's default delay.
 */
void qlxge_sim_delay_hook_install(void);
void qlxge_sim_delay_hook_uninstall(void);

/* ---- Wires -------------------------------------------------------------------------------- */

enum qlxge_sim_wire_kind {
	QLXGE_SIM_WIRE_NONE = 0,	/**< no cable: link down */
	QLXGE_SIM_WIRE_LOOP,		/**< the port's TX comes back to its own RX */
	QLXGE_SIM_WIRE_PEER,		/**< cabled back to back to another function */
	QLXGE_SIM_WIRE_PCAP,		/**< RX from a pcap file, TX to a pcap file */
	QLXGE_SIM_WIRE_TAP,		/**< a Linux TAP device */
};

struct qlxge_sim_wire_cfg {
	enum qlxge_sim_wire_kind kind;
	/** PEER: the function at the other end (may belong to another adapter). */
	struct qlxge_sim_func *peer;
	/** PCAP: file to receive from (NULL: nothing arrives), file to write TX to (NULL: drop). */
	const char *rx_pcap;
	const char *tx_pcap;
	/** PCAP: RX rate in frames per second (0 = as fast as the RX queue takes them). */
	uint64_t rx_pcap_pps;
	/** PCAP: replay the RX file this many times (0 = once). */
	uint32_t rx_pcap_loops;
	/** TAP: interface name (created if absent). */
	const char *iface;
	/** PCAP: when the RX file starts to arrive (QLXGE_SIM_PCAP_START_RXQ when 0). */
	enum qlxge_sim_pcap_start {
		/** Frames wait on the wire until the port can place them (back-pressure: link
		 * up, RX MAC and function enabled, routing programmed, the frame's queue valid,
		 * a buffer and a completion entry free). */
		QLXGE_SIM_PCAP_START_RXQ = 0,
		/** Back-pressure as above, and the first frame (and the first after each
		 * function reset) is taken off the wire only once the application has received
		 * it (the CQ consumer index passed it): if the port is stopped before, it is
		 * offered again. Nothing is lost before the application polls, as with net_pcap
		 * (the net_qlxge_sim device's default). */
		QLXGE_SIM_PCAP_START_FIRST_BURST,
		/** A cable from a traffic generator that starts at link-up: no back-pressure;
		 * frames the port cannot take are dropped (and counted) as on a real wire. */
		QLXGE_SIM_PCAP_START_LINK,
	} rx_pcap_start;
};

/**
 * Attach a wire to a function, replacing the previous one. Link goes up when the wire can
 * carry frames (for TAP: when the interface is up) and the firmware reports it with AENs.
 * PEER wires are symmetric: attaching A to B also attaches B to A.
 * @return 0, -EINVAL, -ENOENT (pcap file), -errno from the TAP device.
 */
int qlxge_sim_wire_set(struct qlxge_sim_func *fn, const struct qlxge_sim_wire_cfg *cfg);

/** Longest name or path struct qlxge_sim_wire_info holds (longer ones are cut). */
#define QLXGE_SIM_WIRE_NAME_MAX	256

/** The live state of a function's wire (qlxge_sim_wire_get()). */
struct qlxge_sim_wire_info {
	enum qlxge_sim_wire_kind kind;	/**< NONE: no cable */
	/** PEER: the function at the other end, NULL once that end is closed. */
	struct qlxge_sim_func *peer;
	bool carrier;			/**< the wire has carrier (see the wire kinds) */
	bool link_up;			/**< the port's link, as the firmware reports it */
	/** TAP: the interface's name now (it may have been renamed, in any namespace). */
	char iface[QLXGE_SIM_WIRE_NAME_MAX];
	/** PCAP: the files (empty: none). */
	char rx_pcap[QLXGE_SIM_WIRE_NAME_MAX];
	char tx_pcap[QLXGE_SIM_WIRE_NAME_MAX];
	enum qlxge_sim_pcap_start rx_pcap_start;
	uint64_t rx_pcap_pps;		/**< configured rate, 0: as fast as taken */
	uint32_t rx_pcap_loops;		/**< configured passes over the file (0 = 1) */
	uint32_t rx_pcap_pass;		/**< the pass being replayed, from 1 */
	bool rx_pcap_done;		/**< every pass replayed: nothing more will arrive */
	/** first_burst: a frame waits for the application's first receive. */
	bool rx_pcap_waiting;
	/** Frames and bytes the wire carried, each way, as this end counts them. */
	uint64_t tx_frames, tx_bytes, tx_drops;
	uint64_t rx_frames, rx_bytes;
	uint64_t rx_drops_oversize;	/**< PCAP: records longer than any wire carries */
};

/** The live state of @p fn's wire. @return 0 or -EINVAL. */
int qlxge_sim_wire_get(struct qlxge_sim_func *fn, struct qlxge_sim_wire_info *info);

/* ---- Fault injection ----------------------------------------------------------------------- */

enum qlxge_sim_fault {
	QLXGE_SIM_FAULT_LINK_DOWN = 0,	/**< arg != 0: force the link down (cable pulled) */
	QLXGE_SIM_FAULT_FW_HANG,	/**< arg != 0: firmware takes no mailbox command */
	QLXGE_SIM_FAULT_FW_ERROR,	/**< arg: status code every command answers (0 = off) */
	QLXGE_SIM_FAULT_SEM_HELD,	/**< arg: bitmask of SEM resources (by field index 0-7)
					     held by "the other agent" */
	QLXGE_SIM_FAULT_RX_BQ_DRY,	/**< arg != 0: RX buffer queues give no buffers */
	QLXGE_SIM_FAULT_RX_BAD_FCS,	/**< arg: corrupt the FCS of 1 in arg received frames */
	QLXGE_SIM_FAULT_RX_BAD_L4CSUM,	/**< arg: corrupt the L4 checksum of 1 in arg frames */
	QLXGE_SIM_FAULT_DMA_ERROR,	/**< arg: next DMA on any queue of the function fails */
	QLXGE_SIM_FAULT_CQ_DELAY_US,	/**< arg: delay completions by this many microseconds */
	QLXGE_SIM_FAULT_FATAL,		/**< arg: raise STS.FE with this ERR_STS value */
	QLXGE_SIM_FAULT_MAX,
};

/** Set or clear (arg 0) a fault on a function. @return 0 or -EINVAL. */
int qlxge_sim_fault_set(struct qlxge_sim_func *fn, enum qlxge_sim_fault fault, uint64_t arg);

/**
 * The argument a fault has now on a function (0: off). It may differ from what was set:
 * DMA_ERROR counts down the failures still to come. @return 0 or -EINVAL.
 */
int qlxge_sim_fault_get(struct qlxge_sim_func *fn, enum qlxge_sim_fault fault, uint64_t *arg);

/** The fault's name ("link_down", "fw_hang", ...), or NULL out of range. */
const char *qlxge_sim_fault_name(enum qlxge_sim_fault fault);

/* ---- State inspection (tests, tools) ------------------------------------------------------ */

/** Port state as the firmware keeps it. */
struct qlxge_sim_port_state {
	bool link_up;
	uint32_t link_status;	/**< link-status word reported in the LINK_UP AEN */
	uint32_t link_config;	/**< GET/SET_PORT_CFG mb1 */
	uint32_t max_frame;	/**< GET/SET_PORT_CFG mb2 */
	uint32_t led_config;	/**< GET/SET_LED_CFG mb1 */
	uint32_t wol_mode;	/**< WOL_MODE mb1 */
	bool mgmt_stopped;	/**< SET_MGMT_CTL stop/resume */
	bool function_enabled;	/**< FSC.FE */
	uint32_t fw_version;
};
int qlxge_sim_port_state_get(struct qlxge_sim_func *fn, struct qlxge_sim_port_state *st);

/**
 * Read @p nwords 32-bit words of the MAC protocol address table (shared by the functions):
 * @p type as MAC_ADDR_IDX's type field (0 CAM, 1 multicast, 2 VLAN, 3 multicast filter ...),
 * @p index the entry. VLAN and filter entries report their enable bit in words[0] bit 0.
 * @return 0 or -EINVAL.
 */
int qlxge_sim_mac_table_get(struct qlxge_sim_adapter *adapter, unsigned int type,
			    unsigned int index, uint32_t *words, unsigned int nwords);

/** The RT_IDX word (with E, destination, type, slot) and RT_DATA mask of a routing slot. */
int qlxge_sim_route_get(struct qlxge_sim_func *fn, unsigned int type, unsigned int slot,
			uint32_t *idx_word, uint32_t *mask);

/**
 * Copy of the RSS state last loaded by CFG.LR, in the card's RSS ICB layout (1084 bytes,
 * struct qlxge_rss_icb); @p len must be at least that. @return 0, -ENOENT (never loaded).
 */
int qlxge_sim_rss_get(struct qlxge_sim_func *fn, void *icb, size_t len);

/**
 * A completion queue as the device has it loaded (§6.2, §6.4): for tests and fuzzers that play
 * the device on a queue the driver set up. Buffer-queue rings are given by their first page.
 */
struct qlxge_sim_cq_info {
	bool loaded;		/**< an ICB was loaded */
	bool valid;		/**< V: the device may post to it */
	bool stopped;		/**< CQ_STOP */
	uint32_t len;		/**< entries of 64 bytes */
	uint64_t ring_iova;
	uint64_t shadow_iova;	/**< producer-index shadow */
	uint32_t prod;		/**< next entry the device writes */
	uint32_t lbq_len, lbq_bsize;	/**< large buffer queue: entries, buffer bytes (0: none) */
	uint64_t lbq_ring_iova;
	uint32_t sbq_len, sbq_bsize;	/**< small buffer queue */
	uint64_t sbq_ring_iova;
};

/** CQ @p cq of @p fn as loaded. @return 0, -EINVAL (no such CQ). */
int qlxge_sim_cq_info_get(struct qlxge_sim_func *fn, unsigned int cq,
			  struct qlxge_sim_cq_info *info);

/** Counters of everything the model did for one function. */
struct qlxge_sim_counters {
	uint64_t reg_reads, reg_writes;
	uint64_t reg_unknown;		/**< accesses to undecoded or read-only registers */
	uint64_t sem_acquired, sem_contended;
	uint64_t mbox_cmds, mbox_errors, aens;
	uint64_t icb_loads, icb_load_errors;
	uint64_t doorbells;
	uint64_t tx_iocbs, tx_frames, tx_bytes, tx_errors;
	uint64_t rx_frames, rx_bytes, rx_drops_filter, rx_drops_nobuf, rx_drops_oversize;
	uint64_t rx_completions;
	uint64_t irqs;
	uint64_t dma_errors;
	uint64_t resets;
	/* added by the model core */
	uint64_t driver_errors;		/**< driver misuse (each also logged as wrn_* WARNING) */
	uint64_t rx_errors;		/**< frames delivered with an error code (bad FCS) */
	uint64_t rx_drops_fcs;		/**< bad-FCS frames dropped by a routing slot */
	uint64_t aens_lost;		/**< AENs dropped: outbound mailbox queue full */
	/* added for the MAC enables (XGMAC TX_CFG.EN / RX_CFG.EN, §11.2) */
	uint64_t tx_drops_mac_disabled;	/**< frames the TX engine made while TX_CFG.EN was clear:
					     completed, not sent */
	uint64_t rx_drops_mac_disabled;	/**< frames from the wire dropped while RX_CFG.EN was
					     clear (not counted by the XGMAC RX counters) */
	/* added by the review fixes */
	uint64_t rx_drops_cq_invalid;	/**< frames routed to a CQ not loaded, invalid (V clear)
					     or stopped (CQ_STOP): not a filter drop */
	/* added for the accounting of frames under faults (docs/reliability.md) */
	uint64_t tx_drops_no_link;	/**< frames the MAC could not send for want of a link:
					     completed with B, not counted as sent */
	uint64_t tx_drops_wire;		/**< frames the wire refused (a pcap or tap write
					     failed, a LOOP or PEER ring full in the middle of an
					     IOCB of more than 512 KiB): completed with B */
	uint64_t rx_drop_events;	/**< frames received and taken by no queue (filtered,
					     function disabled, CQ not ready, receiver off, DMA
					     error): the XGMAC RX drop-event counter */
	/* added for the wire's back-pressure */
	uint64_t tx_wire_waits;		/**< WQ passes that stopped because the LOOP or PEER
					     wire was full: the IOCBs waited on their WQ */
};
int qlxge_sim_counters_get(struct qlxge_sim_func *fn, struct qlxge_sim_counters *c);

#ifdef __cplusplus
}
#endif

#endif /* QLXGE_SIM_H */
