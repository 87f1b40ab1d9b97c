/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/**
 * @file
 * What an application may ask the qlxge driver (QLogic 8100 series) beyond ethdev.
 *
 * ethdev covers the rest: link (rte_eth_link_get), statistics and extended statistics, the
 * firmware version string (rte_eth_dev_fw_version_get), the register dump
 * (rte_eth_dev_get_reg_info). This header adds what ethdev has no call for: the state of the
 * adapter function behind a port, the indexes of its queues' rings, and the configuration and
 * counters of shared TX queues (RTE_ETH_TX_OFFLOAD_MT_LOCKFREE). The driver's telemetry
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

/**
 * Loopback modes of rte_eth_conf.lpbk_mode, applied at rte_eth_dev_start() (ISP8000 only).
 * Internal: the port loops at its PCS, as the Linux driver does for its self-test: every frame
 * the port sends comes back to its own receive side and none goes on the wire; the link reads
 * up without a cable. A stop takes the loop away again.
 */
#define RTE_PMD_QLXGE_LPBK_NONE		0	/**< normal operation */
#define RTE_PMD_QLXGE_LPBK_INTERNAL	1	/**< sent frames come back to the port */

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
	uint8_t shared;			/**< 1: set up with RTE_ETH_TX_OFFLOAD_MT_LOCKFREE (see
					     rte_pmd_qlxge_txq_shared_stats_get()) */
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

/*
 * Shared TX queues. A TX queue set up with RTE_ETH_TX_OFFLOAD_MT_LOCKFREE (per queue, or for
 * the port in txmode.offloads) takes rte_eth_tx_burst() from any number of lcores and other
 * threads at once. Each call enqueues its frames into the queue's ring and returns how many of
 * them the queue accepted (a prefix of its array; the rest stay the caller's); whichever caller
 * finds nobody at work turns the frames of all callers into work requests, with one doorbell for
 * them. See the driver's guide, "Shared TX queues".
 */

/** How the port's shared TX queues run; zeroed fields take the defaults given. */
struct rte_pmd_qlxge_tx_shared_conf {
	/**
	 * Coalescing: while frames come as a stream, the caller at work may leave fewer than
	 * hold_pkts of them in the ring, for at most hold_us microseconds, so that the next
	 * caller's frames share their doorbell. 0 (the default): never. The driver has no timer:
	 * a held frame goes with the next call on the queue (any rte_eth_tx_burst(), also of 0
	 * frames, rte_eth_tx_done_cleanup(), a stop), past hold_us or not. At most 1000.
	 */
	uint32_t hold_us;
	/** Hold fewer frames than this; 0: a quarter of the queue's descriptors. */
	uint32_t hold_pkts;
	/**
	 * The caller at work hands the work to the next caller after budget_pkts frames or
	 * budget_us microseconds, whichever first; 0: the queue's descriptors, 50 us. At most
	 * 65535 and 10000.
	 */
	uint32_t budget_pkts;
	uint32_t budget_us;
	/**
	 * A caller whose last sole_calls calls on the queue came with no other caller's between
	 * them, and still none sole_us microseconds after the last of them, is served as by an
	 * unshared queue when it finds nobody at work: its frames go to the device from its
	 * array, with no copy into the ring; what the work queue has no room for waits in the
	 * ring, as any caller's. 0: 64; RTE_PMD_QLXGE_TXS_SOLE_OFF: never (every call takes the
	 * ring's path).
	 */
	uint32_t sole_calls;
	/**
	 * A caller taken as alone (sole_calls) keeps the queue between its calls (a lease):
	 * its calls then cost what the unshared burst's do, with no atomic read-modify-write.
	 * Another caller, a stop or an rte_eth_tx_done_cleanup() ends the lease, at the cost
	 * of one membarrier() system call (the lease needs Linux's private expedited
	 * membarrier; without it, none is granted); so does, at no such cost, the holder's own
	 * burst that the work queue cannot take all of. 0: on; RTE_PMD_QLXGE_TXS_LEASE_OFF: never.
	 */
	uint32_t lease;
	/**
	 * The time of the sole_calls rule, in microseconds; 0: 200, at most 1000000. A longer
	 * time keeps a caller whose partner is descheduled for a scheduler time slice (a few
	 * milliseconds) from being answered alone meanwhile: its frames then wait in the ring
	 * while the work queue is full and go in fewer doorbells, at the cost of every call
	 * taking the ring's path, which at bursts of one costs two to three times the unshared
	 * burst (the driver's guide, "Shared TX queues", has the measurements).
	 */
	uint32_t sole_us;
	/**
	 * A caller that gets back some of its frames because the work queue is full and the
	 * device has not completed enough since (the queue's ring is stalled) yields the CPU
	 * once (sched_yield()) before it returns: nothing it can do makes room, and whoever does
	 * may need its core, where the caller would otherwise ask again at once. That is a
	 * device whose work requests are taken by software on the same cores (the model, a
	 * software back end), and the other callers of an oversubscribed queue. On a core of
	 * its own the yield returns at once (a system call, 160 ns on the machine the guide
	 * measured) and changes nothing else. Counted in the queue's yields. 0: on;
	 * RTE_PMD_QLXGE_TXS_YIELD_OFF: never (a refused call returns at once, as the unshared
	 * burst's does).
	 */
	uint32_t stall_yield;
};

/** rte_pmd_qlxge_tx_shared_conf.sole_calls: no caller is ever taken as alone. */
#define RTE_PMD_QLXGE_TXS_SOLE_OFF UINT32_MAX
/** rte_pmd_qlxge_tx_shared_conf.lease: no lease is ever granted. */
#define RTE_PMD_QLXGE_TXS_LEASE_OFF UINT32_MAX
/** rte_pmd_qlxge_tx_shared_conf.stall_yield: a refused caller never yields the CPU. */
#define RTE_PMD_QLXGE_TXS_YIELD_OFF UINT32_MAX

/**
 * Set how the port's shared TX queues set up from now on (rte_eth_tx_queue_setup()) run;
 * queues already set up keep theirs. In the primary process.
 *
 * @return 0; -ENODEV: no such port; -ENOTSUP: not a qlxge port; -EINVAL: @p conf is NULL or
 *   out of range; -E_RTE_SECONDARY: in a secondary process.
 */
__rte_experimental
int rte_pmd_qlxge_tx_shared_conf_set(uint16_t port_id,
				     const struct rte_pmd_qlxge_tx_shared_conf *conf);

/**
 * The configuration rte_pmd_qlxge_tx_shared_conf_set() gave (zeroes: the defaults).
 *
 * @return 0; -ENODEV, -ENOTSUP; -EINVAL: @p conf is NULL.
 */
__rte_experimental
int rte_pmd_qlxge_tx_shared_conf_get(uint16_t port_id, struct rte_pmd_qlxge_tx_shared_conf *conf);

/** What a shared queue's ring is doing (a snapshot). */
enum rte_pmd_qlxge_txs_state {
	RTE_PMD_QLXGE_TXS_IDLE = 0,	/**< nobody at work, nothing waiting */
	RTE_PMD_QLXGE_TXS_COALESCING,	/**< frames held for the next caller's doorbell */
	RTE_PMD_QLXGE_TXS_BUSY,		/**< a caller turns frames into work requests */
	RTE_PMD_QLXGE_TXS_TOO_BUSY,	/**< ... past its budget: the next caller takes over */
	RTE_PMD_QLXGE_TXS_TAKING_OVER,	/**< a caller is taking the work over */
	RTE_PMD_QLXGE_TXS_STALLED,	/**< the work queue is full: frames wait for completions */
};

/**
 * Counters of a shared TX queue, since the port's statistics were last reset
 * (rte_eth_stats_reset(), rte_eth_xstats_reset()) or the port was probed: like the port's other
 * counters they run on across stop, start, reconfiguration and rte_eth_dev_reset, the counts of
 * a queue set up again (shared) after a release added to what it counted before (under its
 * index); the same as its tx_q<N>_shared_* extended statistics.
 */
struct rte_pmd_qlxge_txq_shared_stats {
	uint32_t ring_size;		/**< entries of the queue's ring (it holds one less) */
	uint32_t ring_count;		/**< frames accepted, not yet given to the device */
	uint8_t ring_state;		/**< enum rte_pmd_qlxge_txs_state */
	uint8_t stopped;		/**< 1: the queue refuses frames (queue or port stopped) */
	uint16_t lcores;		/**< lcores that used the queue (threads without an lcore
					     id count as one), since setup */
	uint64_t enqueued;		/**< frames accepted by rte_eth_tx_burst() */
	uint64_t refused;		/**< frames returned to their callers: the ring was full,
					     the queue stopped, or (a caller alone) the work
					     queue was full */
	uint64_t direct;		/**< frames given to the device from their caller's own
					     array (the queue was idle), never queued */
	uint64_t consumers;		/**< times a caller took the work (consumer sessions) */
	uint64_t drains;		/**< drain calls: batches turned into work requests */
	uint64_t drained;		/**< frames taken by drain calls */
	uint64_t frames;		/**< frames handed to the device (tx_q<N>_packets) */
	uint64_t doorbells;		/**< work-queue doorbells (tx_q<N>_doorbells) */
	uint64_t pkts_per_doorbell;	/**< frames / doorbells, rounded */
	uint64_t handovers;		/**< the caller at work handed over, its budget spent */
	uint64_t stalls;		/**< the work queue was full: frames waited in the ring */
	uint64_t holds;			/**< frames left in the ring for a later caller
					     (coalescing) */
	uint64_t hold_max_ns;		/**< the longest time frames were held (the queue's
					     own: since its setup) */
	uint64_t flushed_on_stop;	/**< frames accepted, then freed unsent by a stop (also in
					     oerrors) */
	uint64_t lease_grants;		/**< a caller alone kept the queue between its calls
					     (a lease: rte_pmd_qlxge_tx_shared_conf.lease) */
	uint64_t lease_revocations;	/**< leases ended: another caller came, a stop, a
					     tx_done_cleanup */
	uint64_t yields;		/**< sched_yield() calls of its callers: waits for
					     another caller, and refusals while the work queue
					     was full (rte_pmd_qlxge_tx_shared_conf.stall_yield) */
};

/**
 * The counters of shared TX queue @p queue_id of a qlxge port.
 *
 * @return 0; -ENODEV: no such port; -ENOTSUP: not a qlxge port, or the queue is not shared;
 *   -EINVAL: @p st is NULL or the queue is out of range; -ENOENT: the queue is not set up.
 */
__rte_experimental
int rte_pmd_qlxge_txq_shared_stats_get(uint16_t port_id, uint16_t queue_id,
				       struct rte_pmd_qlxge_txq_shared_stats *st);

/** What one lcore did on a shared TX queue, since the queue was set up. */
struct rte_pmd_qlxge_txq_shared_lcore_stats {
	uint64_t enqueued;		/**< its frames the queue accepted */
	uint64_t refused;		/**< its frames returned: ring full, queue stopped, or
					     work queue full (a caller alone) */
	uint64_t consumers;		/**< times it took the work */
	uint64_t drains;		/**< drain calls it made (for any caller's frames) */
	uint64_t drained;		/**< frames its drain calls took */
	uint64_t handovers;		/**< times it handed the work over */
	uint64_t stalls;		/**< times it left the ring stalled on a full work queue */
	uint64_t holds;			/**< times it left frames held for a later caller */
};

/**
 * What lcore @p lcore_id did on shared TX queue @p queue_id; RTE_MAX_LCORE: the threads without
 * an lcore id, together.
 *
 * @return as rte_pmd_qlxge_txq_shared_stats_get(); -EINVAL also for @p lcore_id above
 *   RTE_MAX_LCORE.
 */
__rte_experimental
int rte_pmd_qlxge_txq_shared_lcore_stats_get(uint16_t port_id, uint16_t queue_id,
					     unsigned int lcore_id,
					     struct rte_pmd_qlxge_txq_shared_lcore_stats *st);

/**
 * A dynamic mbuf field (uint64_t) an application may register (rte_mbuf_dynfield_register())
 * before it sets up shared TX queues, to measure them: the driver then writes into each frame
 * the TSC at which the doorbell of its work request was written. The mbuf is the driver's by
 * then; the field can be read when it comes back to its pool (a mempool driver of one's own, as
 * the benchmark qlxge-bench-shared-tx does). Unregistered (the default), nothing is written.
 */
#define RTE_PMD_QLXGE_DYNFIELD_TX_DOORBELL_TSC "rte_pmd_qlxge_dynfield_tx_doorbell_tsc"

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
