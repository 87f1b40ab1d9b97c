/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Private structures of the qlxge PMD's ethdev glue: the port (its shared and its per-process
 * part), RX and TX queues, and what the glue's files offer each other. The hardware is reached
 * only through base/ (qlxge_base.h).
 */

#ifndef QLXGE_PMD_H_
#define QLXGE_PMD_H_

#include <stdbool.h>
#include <stdint.h>

#include <ethdev_driver.h>
#include <rte_ether.h>
#include <rte_memzone.h>
#include <rte_prefetch.h>

#include "mpring.h"
#include "qlxge_base.h"
#include "qlxge_iocb.h"
#include "qlxge_probe.h"
#include "rte_pmd_qlxge.h"

/* Limits the control path offers (§13 bounds them; these are our choices). */
#define QLXGE_MAX_RXQ		32	/* RX queue i = CQ i */
#define QLXGE_MAX_TXQ		32	/* TX queue j = WQ j, its completions on CQ 32 + j */
#define QLXGE_TX_CQ_BASE	QLXGE_MAX_RXQ
#define QLXGE_RING_MIN		64
#define QLXGE_RING_MAX		4096
#define QLXGE_RING_ALIGN	32	/* low 5 bits of an ICB length hold flags (§6.1, §6.2) */
#define QLXGE_RX_RING_DEFAULT	256
#define QLXGE_RX_FREE_THRESH_DEFAULT 32u	/* clamped to what one refill can post */
#define QLXGE_RX_REFILL_BLOCK	16	/* buffer-queue producer granularity (§5) */
#define QLXGE_TX_RING_DEFAULT	256
/*
 * Reclaim, by default, once more than this many TX slots are taken (sent or in flight), and
 * at most this many (or the burst's size) per burst: qlxge_tx.c, "reclaim".
 */
#define QLXGE_TX_RECLAIM_BULK	64u
#define QLXGE_MAX_MAC_ADDRS	32	/* of the 128 CAM entries by function convention */
#define QLXGE_MAX_MC_ADDRS	16	/* each port owns half of the shared 32-entry table */
#define QLXGE_RETA_SIZE		RTE_ETH_RSS_RETA_SIZE_512	/* mirrored into 1024 buckets */
#define QLXGE_RSS_KEY_SIZE	QLXGE_RSS_IPV6_KEY_SIZE	/* the IPv4 key is its first 16 bytes */
#define QLXGE_TX_MAX_SEGS	64	/* FreeBSD's limit: 7 inline + the OAL (§7.5, §13) */
#define QLXGE_RX_MIN_BUF	256	/* smaller RX buffers are not worth a queue */
/*
 * Frame limits, one rule for configuration, RX and TX (docs/guides/nics/qlxge.rst, "MTU and
 * frame limits"). The port's max frame (§9.4 SET_PORT_CFG mb2) counts the frame on the wire with
 * its FCS, and the MAC lets a frame with one 802.1Q tag be 4 bytes longer (docs/hardware/
 * choices.md, "Port max frame"): max frame = MTU + 18, as ixgbe's MTU + RTE_ETHER_HDR_LEN +
 * RTE_ETHER_CRC_LEN. The largest max frame is the firmware's default (§9.4, §13): 9600, hence
 * MTU 9582.
 */
#define QLXGE_ETH_MAX_FRAME	QLXGE_MAX_FRAME_DEFAULT
#define QLXGE_ETH_OVERHEAD	(RTE_ETHER_HDR_LEN + RTE_ETHER_CRC_LEN)
#define QLXGE_ETH_MAX_MTU	(QLXGE_ETH_MAX_FRAME - QLXGE_ETH_OVERHEAD)
#define QLXGE_FW_VERSION_LEN	16
/*
 * MSI-X vector the data queues' CQs name (§6.2): one the driver never enables, since the bursts
 * poll. On vector 0 (the firmware's, §8.1) every completion batch would wake the interrupt
 * thread into a mailbox service: measured on the model, io forwarding fell 7-fold. With RX queue
 * interrupts (qlxge_rx_intr.c) each RX queue's CQ names one of the vectors from
 * QLXGE_RXQ_VECTOR_BASE up instead; the TX completion CQs keep the silent one, so that a queue's
 * own transmissions never wake it.
 */
#define QLXGE_DATA_CQ_VECTOR	1
#define QLXGE_RXQ_VECTOR_BASE	2
#define QLXGE_PAGE_SIZE		4096	/* ring memory in 4 KiB pages: BQ page tables (§6.4) */

#define QLXGE_RSS_OFFLOAD_ALL	(RTE_ETH_RSS_IPV4 | RTE_ETH_RSS_FRAG_IPV4 | \
				 RTE_ETH_RSS_NONFRAG_IPV4_OTHER | \
				 RTE_ETH_RSS_NONFRAG_IPV4_TCP | RTE_ETH_RSS_IPV6 | \
				 RTE_ETH_RSS_FRAG_IPV6 | RTE_ETH_RSS_NONFRAG_IPV6_OTHER | \
				 RTE_ETH_RSS_NONFRAG_IPV6_TCP)

struct qlxge_queue_stats {
	uint64_t packets;
	uint64_t bytes;
	uint64_t errors;
	uint64_t nombuf;	/* RX only */
};

/* Data-path counters beyond the basic ones, per queue; named in qlxge_stats.c's tables. */
struct qlxge_rxq_xstats {
	uint64_t err_frames[8];		/* dropped with a MAC error, by ERR code (§7.7 flags2) */
	uint64_t unscattered;		/* spanned buffers while the scattered path is off */
	uint64_t mc_unlisted;		/* the other port's multicast groups (mc_keys) */
	uint64_t malformed;		/* completions that break the contract: reset requested */
	uint64_t ae_events;		/* asynchronous-event completions (§7.8) */
	uint64_t refills;		/* buffer-queue doorbells */
	uint64_t stop_discards;		/* frames placed, not taken when the queue stopped */
	uint64_t lro_packets;		/* packets LRO merged and delivered */
	uint64_t lro_merged;		/* segments that went into another one by LRO */
};

struct qlxge_txq_xstats {
	uint64_t bad_pkts;		/* refused by xmit (what prep rejects), freed */
	uint64_t cpl_e;			/* completion E: descriptor total != frame length */
	uint64_t cpl_s;			/* completion S: too short, not sent */
	uint64_t cpl_l;			/* completion L: too long, sent anyway */
	uint64_t cpl_b;			/* completion B: not sent (PCI error, or by the MAC) */
	uint64_t malformed;		/* completions that break the contract: reset requested */
	uint64_t oal;			/* frames described through an OAL (§7.5) */
	uint64_t padded;		/* frames padded to 60 bytes by the driver (§7.4) */
	uint64_t doorbells;
	uint64_t stop_discards;		/* frames not completed when the queue stopped */
};

/*
 * The software counters of one queue index, as the statistics report them: every field a
 * uint64_t (qlxge_stats.c adds and subtracts them as arrays).
 */
struct qlxge_rxq_counters {
	struct qlxge_queue_stats stats;
	struct qlxge_rxq_xstats xstats;
};

struct qlxge_txq_counters {
	struct qlxge_queue_stats stats;
	struct qlxge_txq_xstats xstats;
};

/*
 * Counters of a shared TX queue beyond the ring's own (lib/mpring counts per lcore) and the
 * queue's (its frames and doorbells are tx_q<N>_packets and tx_q<N>_doorbells).
 */
struct qlxge_txs_xstats {
	uint64_t flushed;		/* accepted, never completed: freed at a stop, counted */
};

/*
 * A shared TX queue (RTE_ETH_TX_OFFLOAD_MT_LOCKFREE, qlxge_tx_shared.c): its lib/mpring ring,
 * whose consumer role serializes everything that touches the queue's data-path state.
 */
struct qlxge_txs {
	struct mpring *ring;		/* in the same allocation, after this struct */
	/* can_drain(): when the drain stalled on a (nearly) full work queue, the CQ producer
	 * value (LE32, low half) it had reclaimed up to, and how many more completions it waits
	 * for (high half): the ring may go on once the device has written them */
	uint64_t stall;
	bool discard;			/* the drain frees what it is given (a stop) */
	bool held;			/* the control path holds the consumer role: stopped */
	int tsc_off;			/* doorbell TSC dynfield offset, -1: not registered */
	/* the WQ producer index of the last doorbell: a lease holder's IOCBs past it wait for
	 * the queue's next call while the device is busy (qlxge_txs_db_wait) */
	uint16_t db_pi;
	struct qlxge_txs_xstats xstats;
	struct mpring_stats base;	/* the ring's counters at the last stats reset */
};

/* One buffer queue as the driver tracks it: device takes from cons, driver posts up to prod. */
struct qlxge_bq {
	struct rte_mbuf **sw;		/* mbuf of each entry, NULL when not posted */
	uint64_t *ring;			/* LE64 buffer addresses (§7.9) */
	uint32_t db_off;		/* producer register in the CQ doorbell page */
	uint16_t cons;			/* next entry the device fills */
	uint16_t prod;			/* first entry not posted; a multiple of 16 (§5) */
};

struct qlxge_adapter;

/* RX queue: one CQ with a small and a large buffer queue (§6.2, §6.4). */
struct qlxge_rxq {
	struct rte_mempool *mp;
	const struct rte_memzone *mz;
	struct rte_mbuf **sw_ring;	/* sbq entries first, then lbq entries */
	uint8_t *cq_db;			/* CQ doorbell page (in the primary's mapping) */
	uint8_t *cq_ring;
	volatile uint32_t *prod_shadow;
	struct qlxge_adapter *ad;	/* VLAN strip state, reset requests */
	struct qlxge_bq sbq;
	struct qlxge_bq lbq;
	uint32_t cq_cons_off;		/* consumer register in the CQ doorbell page */
	uint16_t cq_ci;			/* next completion to read */
	bool stalled;			/* not started, or a malformed completion seen */
	uint64_t mbuf_init;		/* rearm_data of a taken buffer (qlxge_rx.c) */
	uint64_t ol_init;		/* ol_flags every received mbuf keeps (pinned buffers) */
	uint16_t port_id;
	uint16_t queue_id;
	uint16_t cq_id;
	uint16_t nb_desc;		/* CQ entries = buffers posted (half SBQ, half LBQ) */
	uint16_t bq_len;		/* entries of each buffer queue */
	uint16_t buf_size;		/* bytes each buffer takes (mbuf data room - headroom) */
	uint16_t free_thresh;
	/*
	 * Longest frame a completion without an error code may report: the port's max frame
	 * (its FCS is not in the buffers, a VLAN tag may be) since the queue started, the largest
	 * if the MTU changed at run time. Written by the control path, read by the burst.
	 */
	uint32_t max_len;
	/*
	 * What the fast path masks a completion's first word with (qlxge_rx_is_plain): with the
	 * multicast class while the port's multicast check is armed (qlxge_rx_mc_check_set).
	 * Written by the control path, read by the burst, as max_len.
	 */
	uint32_t plain_mask;
	uint32_t lro_max;		/* LRO: max_lro_pkt_size, the longest merged packet */
	uint64_t offloads;
	bool deferred_start;
	bool started;
	struct qlxge_queue_stats stats;
	struct qlxge_rxq_xstats xstats;
	struct qlxge_cq_desc cq;	/* the queue as base/ programs it */
};

/* TX queue: one WQ and the CQ that receives its completions (§6.1, §6.2). */
struct qlxge_txq {
	const struct rte_memzone *mz;
	uint8_t *wq_db;			/* WQ doorbell page (in the primary's mapping) */
	uint8_t *cq_db;			/* completion CQ doorbell page (likewise) */
	uint8_t *wq_ring;
	uint8_t *cq_ring;
	volatile uint32_t *cons_shadow;	/* WQ consumer index written by the device */
	volatile uint32_t *prod_shadow;	/* completion CQ producer index */
	struct rte_mbuf **sw_ring;	/* mbuf of each WQ slot in flight */
	uint8_t *oal;			/* one outbound address list per WQ slot (§7.5) */
	rte_iova_t oal_iova;
	rte_iova_t pad_iova;		/* zeroes that pad short frames to 60 bytes */
	struct qlxge_adapter *ad;	/* reset requests */
	uint32_t wq_prod_off;		/* producer register in the WQ doorbell page */
	uint32_t cq_cons_off;		/* consumer register in the CQ doorbell page */
	uint16_t wq_pi;			/* next WQ slot to fill */
	uint16_t wq_ci;			/* oldest slot whose completion is awaited */
	uint16_t cq_ci;			/* next completion to read */
	uint16_t nb_free;		/* WQ slots free (one always left empty) */
	uint32_t max_len;		/* longest untagged frame without TSO (the MTU's) */
	uint32_t chains;		/* fast free: frames of several segments in flight */
	bool stalled;			/* not started, or a malformed completion seen */
	bool broken;			/* a malformed completion seen since the start */
	uint16_t port_id;
	uint16_t queue_id;
	struct qlxge_txs *shared;	/* set up with MT_LOCKFREE: its ring; NULL otherwise */
	uint16_t wq_id;
	uint16_t cq_id;
	uint16_t nb_desc;
	uint16_t free_thresh;
	uint64_t offloads;
	bool deferred_start;
	bool started;
	struct qlxge_queue_stats stats;
	struct qlxge_txq_xstats xstats;
	struct qlxge_wq_desc wq;	/* the queue as base/ programs it */
	struct qlxge_cq_desc cq;	/* its completion queue */
};

/* How the port's shared TX queues set up next run their rings (rte_pmd_qlxge.h). */
struct qlxge_txs_conf {
	uint32_t hold_us;		/* 0: no ring-level holds */
	uint32_t hold_pkts;		/* 0: a quarter of the queue */
	uint32_t budget_pkts;		/* 0: the queue's descriptors */
	uint32_t budget_us;		/* 0: QLXGE_TXS_BUDGET_US */
	uint32_t sole_calls;		/* 0: QLXGE_TXS_SOLE_CALLS; RTE_PMD_QLXGE_TXS_SOLE_OFF */
	uint32_t lease;			/* 0: on; RTE_PMD_QLXGE_TXS_LEASE_OFF */
	uint32_t sole_us;		/* 0: QLXGE_TXS_SOLE_US */
	uint32_t stall_yield;		/* 0: on; RTE_PMD_QLXGE_TXS_YIELD_OFF */
};

/* Baseline of the hardware counters (stats_reset subtracts it). */
struct qlxge_stats_base {
	uint64_t val[QLXGE_NB_COUNTERS];
};

/*
 * One epoch for every counter of the port (qlxge_stats.c): a counter reads retired + live -
 * base. The queues' own counters go with them (a queue set up again starts from 0): what a
 * released queue counted is kept in retired, by queue index; stats_reset takes the baseline of
 * the hardware and the software counters at one moment. So the counters run on across stop,
 * start, reconfiguration and rte_eth_dev_reset, and start again from 0 only at a statistics
 * reset. A shared queue's counters likewise (txs_retired: its counts, the rest of the struct
 * unused); their live part has a baseline of its own, in the queue (qlxge_txs_stats_reset).
 */
struct qlxge_stats_epoch {
	struct qlxge_stats_base hw;
	struct qlxge_rxq_counters rx_retired[QLXGE_MAX_RXQ];
	struct qlxge_rxq_counters rx_base[QLXGE_MAX_RXQ];
	struct qlxge_txq_counters tx_retired[QLXGE_MAX_TXQ];
	struct qlxge_txq_counters tx_base[QLXGE_MAX_TXQ];
	struct rte_pmd_qlxge_txq_shared_stats txs_retired[QLXGE_MAX_TXQ];
};

struct qlxge_shared;

/*
 * A port's shared part, dev_private (shared memory: the same for every process of the port). It
 * holds no pointer into a process (struct qlxge_hw explains why); what is per process is in
 * struct qlxge_proc.
 */
struct qlxge_adapter {
	struct qlxge_hw_state st;		/* the function, as base/ knows it */
	const struct rte_memzone *rss_mz;	/* RSS ICB (1084 bytes) */
	uint8_t rss_key[QLXGE_RSS_KEY_SIZE];
	uint16_t reta[QLXGE_RETA_SIZE];
	uint64_t rss_hf;
	struct rte_ether_addr mc_addrs[QLXGE_MAX_MC_ADDRS];
	uint32_t nb_mc_addrs;
	/*
	 * The multicast table has no function field (§12.1): the port's multicast-match slot also
	 * matches the other port's groups. The receive path drops a registered match whose group
	 * is not one of mc_keys[0 .. mc_check_n) (qlxge_filter_mc_wanted); 0: no check (no list,
	 * or all-multicast or promiscuous mode, where every group is wanted).
	 */
	uint64_t mc_keys[QLXGE_MAX_MC_ADDRS];
	uint32_t mc_check_n;
	uint64_t vlans[RTE_ETH_VLAN_ID_MAX / 64 + 1];
	bool vlan_filter;
	bool vlan_strip;
	uint8_t dflt_cq;	/* the default queue's CQ while started (qlxge_filter_steer) */
	bool mac_override;
	bool hw_up;		/* probe bring-up done, hardware owned by this port */
	bool started;
	bool fatal;		/* fatal error reported, waiting for dev_reset */
	bool polling;		/* no interrupt: an alarm services vector 0 */
	bool lsc_up;		/* link state last reported by an LSC event */
	bool reset_req;		/* the data path found the device broken: raise INTR_RESET */
	bool admin_down;	/* dev_set_link_down in force (read by the service: atomic) */
	bool mac_off;		/* the PMD cleared the MAC enables: stop must set them again */
	bool alarm_armed;	/* the periodic service alarm is set (one chain only) */
	bool led_changed;	/* led_on in force: teardown restores the LED found at probe */
	bool scatter_noted;	/* scattered RX turned on for the MTU has been logged */
	bool rx_intr;		/* RX queue interrupts on (started with intr_conf.rxq) */
	uint16_t rx_intr_nvec;	/* their vectors: QLXGE_RXQ_VECTOR_BASE + 0 .. nvec - 1 */
	struct rte_ether_addr perm_mac;
	struct qlxge_txs_conf txs_conf;	/* shared TX queues set up from now on */
	struct qlxge_stats_epoch cnt;		/* the counters' epoch (qlxge_stats.c) */
	struct qlxge_shared *shared;	/* state shared with the other port of the adapter */
};

/*
 * A port's per-process part, dev->process_private: the handle on the hardware base/ functions
 * take (this process's bus, pointing to the shared state) and the probe's callbacks (function
 * pointers: another process would have them at other addresses).
 */
struct qlxge_proc {
	struct qlxge_hw hw;
	/* called by close, after the hardware is torn down, to release what the probe took */
	void (*release)(struct rte_eth_dev *dev);
	/* acknowledge the interrupt source before servicing it; NULL: nothing to do */
	void (*intr_ack)(struct rte_intr_handle *h);
	/* RX queue interrupts: the probe's vectors and their hooks (qlxge_probe.h) */
	uint16_t nb_vectors;
	int (*vectors_on)(struct rte_intr_handle *h, uint16_t n);
	void (*vectors_off)(struct rte_intr_handle *h);
};

/* The port's max frame for @mtu: bytes on the wire, FCS included. */
static inline uint32_t
qlxge_mtu_to_frame(uint16_t mtu)
{
	return (uint32_t)mtu + QLXGE_ETH_OVERHEAD;
}

/* The longest frame of @mtu in the receive buffers: no FCS, one 802.1Q tag left in the data. */
static inline uint32_t
qlxge_mtu_to_rx_len(uint16_t mtu)
{
	return (uint32_t)mtu + RTE_ETHER_HDR_LEN + RTE_VLAN_HLEN;
}

/* The longest untagged frame of @mtu an mbuf may hand the TX burst (no FCS: the MAC adds it). */
static inline uint32_t
qlxge_mtu_to_tx_len(uint16_t mtu)
{
	return (uint32_t)mtu + RTE_ETHER_HDR_LEN;
}

/*
 * Prefetch @count completions of a completion ring of @len entries, from entry @ci on: those
 * its producer shadow says are written, all at once, before the burst reads the first. Each
 * is a line the device wrote; read one after the other, each read waits for its line in turn,
 * prefetched together they arrive together (docs/profile.md, "Prefetch"). Published entries
 * only: a line the device has yet to write would be pulled away from it for nothing. At most
 * QLXGE_CQ_PREFETCH_MAX: a larger burst reads the rest as it goes.
 */
#define QLXGE_CQ_PREFETCH_MAX	64u
static __rte_always_inline void
qlxge_cq_prefetch(const uint8_t *ring, uint32_t ci, uint32_t count, uint32_t len)
{
	uint32_t k;

	count = RTE_MIN(count, QLXGE_CQ_PREFETCH_MAX);
	for (k = 0; k < count; k++) {
		rte_prefetch0(ring + (size_t)ci * QLXGE_CQE_SIZE);
		ci = ci + 1 == len ? 0 : ci + 1;
	}
}

#define QLXGE_DEV_PRIVATE(dev) ((struct qlxge_adapter *)(dev)->data->dev_private)
#define QLXGE_DEV_PROC(dev) ((struct qlxge_proc *)(dev)->process_private)
#define QLXGE_DEV_HW(dev) (&QLXGE_DEV_PROC(dev)->hw)

/* Set by the interrupt thread, read by the application's: accessed atomically. */
static inline bool
qlxge_dev_fatal(const struct qlxge_adapter *ad)
{
	return __atomic_load_n(&ad->fatal, __ATOMIC_ACQUIRE);
}

/*
 * From a data-path lcore or a stop the adapter did not answer: the service turns this into
 * RTE_ETH_EVENT_INTR_RESET and fatal.
 */
static inline void
qlxge_dev_request_reset(struct qlxge_adapter *ad)
{
	__atomic_store_n(&ad->reset_req, true, __ATOMIC_RELEASE);
}

/*
 * Fatal, or about to be (a reset asked for, not yet reported): no start before a reset. The
 * request is read first, with acquire: it pairs with the service's release when it clears the
 * request after setting fatal (qlxge_intr.c), so a request seen cleared means fatal is seen set.
 */
static inline bool
qlxge_dev_broken(const struct qlxge_adapter *ad)
{
	return __atomic_load_n(&ad->reset_req, __ATOMIC_ACQUIRE) || qlxge_dev_fatal(ad);
}

/* qlxge_ethdev.c (and qlxge_dev_init, qlxge_dev_private_size: qlxge_probe.h) */
int qlxge_dev_close(struct rte_eth_dev *dev);
bool qlxge_dev_is_ours(const struct rte_eth_dev *dev);

/* qlxge_link.c */
int qlxge_link_update(struct rte_eth_dev *dev, int wait_to_complete);
int qlxge_link_set(struct rte_eth_dev *dev, bool up);
int qlxge_link_mac_apply(struct rte_eth_dev *dev);
int qlxge_link_mac_restore(struct rte_eth_dev *dev);
int qlxge_link_conf_check(struct rte_eth_dev *dev);
int qlxge_link_loopback_apply(struct rte_eth_dev *dev, bool on);

/* qlxge_intr.c: the vector-0 service (interrupt, alarms) */
int qlxge_intr_setup(struct rte_eth_dev *dev);
void qlxge_intr_teardown(struct rte_eth_dev *dev);
void qlxge_intr_suspend(struct rte_eth_dev *dev);
void qlxge_intr_resume(struct rte_eth_dev *dev);
void qlxge_intr_lsc_kick(struct rte_eth_dev *dev);

/* qlxge_lro.c: LRO in the receive burst, with rte_gro */
#define QLXGE_LRO_MAX_PKT	UINT16_MAX	/* what a merged packet may be: GRO's IPv4 limit */
uint16_t qlxge_lro_burst(struct qlxge_rxq *rxq, struct rte_mbuf **pkts, uint16_t n);

/* qlxge_rx_intr.c: RX queue interrupts */
int qlxge_rx_intr_configure(struct rte_eth_dev *dev);
int qlxge_rx_intr_start(struct rte_eth_dev *dev);
void qlxge_rx_intr_stop(struct rte_eth_dev *dev);
uint8_t qlxge_rx_intr_vector(const struct rte_eth_dev *dev, uint16_t qid);
int qlxge_rx_queue_intr_enable(struct rte_eth_dev *dev, uint16_t qid);
int qlxge_rx_queue_intr_disable(struct rte_eth_dev *dev, uint16_t qid);

/* qlxge_rx.c / qlxge_tx.c */
bool qlxge_rx_needs_scatter(const struct rte_eth_dev *dev, uint16_t mtu);
int qlxge_rx_frame_check(const struct qlxge_rxq *rxq, uint16_t mtu);
void qlxge_rx_mc_check_set(struct rte_eth_dev *dev, bool on);
uint16_t qlxge_rx_queue_serving(const struct rte_eth_dev *dev, uint16_t q);
void qlxge_rx_max_len_raise(struct rte_eth_dev *dev, uint32_t frame);
void qlxge_tx_max_len_set(struct rte_eth_dev *dev, uint16_t mtu);
int qlxge_rx_queue_setup(struct rte_eth_dev *dev, uint16_t qid, uint16_t nb_desc,
			 unsigned int socket, const struct rte_eth_rxconf *conf,
			 struct rte_mempool *mp);
void qlxge_rx_queue_release(struct rte_eth_dev *dev, uint16_t qid);
int qlxge_rx_queue_start(struct rte_eth_dev *dev, uint16_t qid);
int qlxge_rx_queue_stop(struct rte_eth_dev *dev, uint16_t qid);
void qlxge_rx_queue_halt(struct rte_eth_dev *dev, uint16_t qid);
void qlxge_rx_queue_free_bufs(struct rte_eth_dev *dev, uint16_t qid);
void qlxge_rxq_info_get(struct rte_eth_dev *dev, uint16_t qid,
			struct rte_eth_rxq_info *qinfo);
int qlxge_rx_burst_mode_get(struct rte_eth_dev *dev, uint16_t qid,
			    struct rte_eth_burst_mode *mode);
uint16_t qlxge_recv_pkts(void *rxq, struct rte_mbuf **pkts, uint16_t n);
uint32_t qlxge_rx_queue_count(void *rxq);
int qlxge_rx_descriptor_status(void *rxq, uint16_t offset);
uint16_t qlxge_recv_scattered_pkts(void *rxq, struct rte_mbuf **pkts, uint16_t n);
uint16_t qlxge_recv_lro_pkts(void *rxq, struct rte_mbuf **pkts, uint16_t n);
void qlxge_rx_burst_select(struct rte_eth_dev *dev);
int qlxge_tx_queue_setup(struct rte_eth_dev *dev, uint16_t qid, uint16_t nb_desc,
			 unsigned int socket, const struct rte_eth_txconf *conf);
void qlxge_tx_queue_release(struct rte_eth_dev *dev, uint16_t qid);
int qlxge_tx_queue_start(struct rte_eth_dev *dev, uint16_t qid);
int qlxge_tx_queue_stop(struct rte_eth_dev *dev, uint16_t qid);
void qlxge_tx_queue_halt(struct rte_eth_dev *dev, uint16_t qid);
void qlxge_tx_queue_free_bufs(struct rte_eth_dev *dev, uint16_t qid);
void qlxge_txq_info_get(struct rte_eth_dev *dev, uint16_t qid,
			struct rte_eth_txq_info *qinfo);
int qlxge_tx_burst_mode_get(struct rte_eth_dev *dev, uint16_t qid,
			    struct rte_eth_burst_mode *mode);
uint16_t qlxge_xmit_pkts(void *txq, struct rte_mbuf **pkts, uint16_t n);
uint16_t qlxge_xmit_pkts_mp(void *txq, struct rte_mbuf **pkts, uint16_t n);
uint16_t qlxge_prep_pkts(void *txq, struct rte_mbuf **pkts, uint16_t n);
int qlxge_tx_done_cleanup(void *txq, uint32_t free_cnt);
int qlxge_tx_descriptor_status(void *txq, uint16_t offset);
/* what qlxge_tx.c lends the shared path: IOCBs without a doorbell, the doorbell, reclaim */
uint16_t qlxge_tx_fill(struct qlxge_txq *txq, struct rte_mbuf **pkts, uint16_t n);
void qlxge_tx_doorbell(struct qlxge_txq *txq);
uint32_t qlxge_tx_reclaim(struct qlxge_txq *txq, uint32_t max);

/* qlxge_tx_shared.c: shared TX queues (RTE_ETH_TX_OFFLOAD_MT_LOCKFREE) */
int qlxge_txs_setup(struct rte_eth_dev *dev, struct qlxge_txq *txq, unsigned int socket);
void qlxge_txs_release(struct qlxge_txq *txq);
void qlxge_txs_start(struct qlxge_txq *txq);
void qlxge_txs_quiesce(struct qlxge_txq *txq, bool wait);
int qlxge_txs_done_cleanup(struct qlxge_txq *txq, uint32_t free_cnt);
uint16_t qlxge_txs_burst(struct qlxge_txq *txq, struct rte_mbuf **pkts, uint16_t n);
void qlxge_tx_burst_select(struct rte_eth_dev *dev);
struct rte_pmd_qlxge_txq_shared_stats;
struct rte_pmd_qlxge_txq_shared_lcore_stats;
void qlxge_txs_stats(const struct qlxge_txq *txq, struct rte_pmd_qlxge_txq_shared_stats *st);
void qlxge_txs_stats_add(struct rte_pmd_qlxge_txq_shared_stats *st,
			 const struct rte_pmd_qlxge_txq_shared_stats *more);
int qlxge_txs_lcore_stats(const struct qlxge_txq *txq, unsigned int slot,
			  struct rte_pmd_qlxge_txq_shared_lcore_stats *st);
void qlxge_txs_stats_reset(struct qlxge_txq *txq);

/* qlxge_filter.c */
int qlxge_filter_start(struct rte_eth_dev *dev);
void qlxge_filter_stop(struct rte_eth_dev *dev);
void qlxge_filter_close(struct rte_eth_dev *dev);
int qlxge_filter_steer(struct rte_eth_dev *dev);
bool qlxge_filter_mc_wanted(const struct qlxge_adapter *ad, const struct rte_mbuf *m);
int qlxge_shared_attach(struct rte_eth_dev *dev, const char *adapter_id);
void qlxge_shared_detach(struct rte_eth_dev *dev);
int qlxge_promiscuous_enable(struct rte_eth_dev *dev);
int qlxge_promiscuous_disable(struct rte_eth_dev *dev);
int qlxge_allmulticast_enable(struct rte_eth_dev *dev);
int qlxge_allmulticast_disable(struct rte_eth_dev *dev);
void qlxge_mac_addr_remove(struct rte_eth_dev *dev, uint32_t index);
int qlxge_mac_addr_add(struct rte_eth_dev *dev, struct rte_ether_addr *addr, uint32_t index,
		       uint32_t pool);
int qlxge_mac_addr_set(struct rte_eth_dev *dev, struct rte_ether_addr *addr);
int qlxge_set_mc_addr_list(struct rte_eth_dev *dev, struct rte_ether_addr *mc_addrs,
			   uint32_t nb_mc_addrs);
int qlxge_vlan_filter_set(struct rte_eth_dev *dev, uint16_t vlan_id, int on);
int qlxge_vlan_offload_set(struct rte_eth_dev *dev, int mask);

/* qlxge_rss.c */
void qlxge_rss_defaults(struct rte_eth_dev *dev);
int qlxge_rss_configure(struct rte_eth_dev *dev);
int qlxge_rss_apply(struct rte_eth_dev *dev);
int qlxge_rss_hash_update(struct rte_eth_dev *dev, struct rte_eth_rss_conf *conf);
int qlxge_rss_hash_conf_get(struct rte_eth_dev *dev, struct rte_eth_rss_conf *conf);
int qlxge_reta_update(struct rte_eth_dev *dev, struct rte_eth_rss_reta_entry64 *reta,
		      uint16_t size);
int qlxge_reta_query(struct rte_eth_dev *dev, struct rte_eth_rss_reta_entry64 *reta,
		     uint16_t size);
void qlxge_rss_free(struct rte_eth_dev *dev);
bool qlxge_rss_active(const struct rte_eth_dev *dev);

/* qlxge_stats.c */
int qlxge_stats_init(struct rte_eth_dev *dev);
void qlxge_stats_retire_rxq(struct rte_eth_dev *dev, uint16_t qid, const struct qlxge_rxq *rxq);
void qlxge_stats_retire_txq(struct rte_eth_dev *dev, uint16_t qid, const struct qlxge_txq *txq);
void qlxge_stats_txs_get(const struct rte_eth_dev *dev, uint16_t qid, const struct qlxge_txq *txq,
			 struct rte_pmd_qlxge_txq_shared_stats *st);
int qlxge_stats_get(struct rte_eth_dev *dev, struct rte_eth_stats *stats);
int qlxge_stats_reset(struct rte_eth_dev *dev);
int qlxge_xstats_get(struct rte_eth_dev *dev, struct rte_eth_xstat *xstats, unsigned int n);
int qlxge_xstats_get_names(struct rte_eth_dev *dev, struct rte_eth_xstat_name *names,
			   unsigned int n);
int qlxge_get_reg(struct rte_eth_dev *dev, struct rte_dev_reg_info *info);

#endif /* QLXGE_PMD_H_ */
