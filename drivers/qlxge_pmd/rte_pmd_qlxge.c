/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The driver's own API (rte_pmd_qlxge.h): the adapter function behind a port and the indexes
 * of its queues' rings, read from the port's shared state without touching a register, so that
 * any thread or process may call it while the data path runs. What the data path and the
 * control path write is read here with relaxed atomic loads: each value is one the owner wrote
 * (no torn read); nothing orders them with each other, and the header says the snapshot may be
 * a burst apart. The driver's telemetry (qlxge_telemetry.c) is built on these calls. The
 * counters of shared TX queues come from qlxge_tx_shared.c, which reads them alike.
 */

#include <assert.h>
#include <errno.h>
#include <string.h>

#include <rte_common.h>
#include <rte_errno.h>

#include "qlxge_pmd.h"
#include "rte_pmd_qlxge.h"

#define QLXGE_LOAD(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)

/* Port @port_id if it is a valid qlxge port; otherwise NULL and the errno in @err. */
static struct rte_eth_dev *
qlxge_api_dev(uint16_t port_id, int *err)
{
	struct rte_eth_dev *dev;

	if (!rte_eth_dev_is_valid_port(port_id)) {
		*err = -ENODEV;
		return NULL;
	}
	dev = &rte_eth_devices[port_id];
	if (!qlxge_dev_is_ours(dev)) {
		*err = -ENOTSUP;
		return NULL;
	}
	return dev;
}

static enum rte_pmd_qlxge_state
qlxge_api_state(const struct qlxge_adapter *ad)
{
	if (qlxge_dev_fatal(ad))
		return RTE_PMD_QLXGE_STATE_ERROR;
	if (!QLXGE_LOAD(ad->hw_up))
		return RTE_PMD_QLXGE_STATE_DOWN;
	if (QLXGE_LOAD(ad->started))
		return RTE_PMD_QLXGE_STATE_STARTED;
	return RTE_PMD_QLXGE_STATE_READY;
}

QLXGE_EXPORT int
rte_pmd_qlxge_port_info_get(uint16_t port_id, struct rte_pmd_qlxge_port_info *info)
{
	const struct qlxge_adapter *ad;
	struct rte_eth_dev *dev;
	uint32_t v;
	int err;

	dev = qlxge_api_dev(port_id, &err);
	if (dev == NULL)
		return err;
	if (info == NULL)
		return -EINVAL;
	ad = QLXGE_DEV_PRIVATE(dev);
	memset(info, 0, sizeof(*info));
	info->device_id = ad->st.device_id;
	info->pci_function = ad->st.func;
	info->adapter_port = ad->st.port;
	v = QLXGE_LOAD(ad->st.fw_version);
	info->fw_version = v & (QLXGE_FW_VER_MAJOR_MASK | QLXGE_FW_VER_MINOR_MASK |
				QLXGE_FW_VER_SUB_MASK);
	info->fw_major = (v & QLXGE_FW_VER_MAJOR_MASK) >> QLXGE_FW_VER_MAJOR_SHIFT;
	info->fw_minor = (v & QLXGE_FW_VER_MINOR_MASK) >> QLXGE_FW_VER_MINOR_SHIFT;
	info->fw_sub = (v & QLXGE_FW_VER_SUB_MASK) >> QLXGE_FW_VER_SUB_SHIFT;
	info->interrupts = QLXGE_LOAD(ad->st.irq);
	info->state = qlxge_api_state(ad);
	info->fw_link_status = QLXGE_LOAD(ad->st.link_status);
	info->link_config = QLXGE_LOAD(ad->st.link_config);
	info->max_frame = QLXGE_LOAD(ad->st.max_frame);
	info->admin_down = __atomic_load_n(&ad->admin_down, __ATOMIC_ACQUIRE);
	rte_ether_addr_copy(&ad->perm_mac, &info->perm_addr);
	return 0;
}

/* RX (@rx) or TX queue @queue_id of @port_id, for output @out; NULL and the errno in @err. */
static void *
qlxge_api_queue(uint16_t port_id, uint16_t queue_id, bool rx, const void *out, int *err)
{
	struct rte_eth_dev *dev;
	void *q;

	dev = qlxge_api_dev(port_id, err);
	if (dev == NULL)
		return NULL;
	if (out == NULL ||
	    queue_id >= (rx ? dev->data->nb_rx_queues : dev->data->nb_tx_queues)) {
		*err = -EINVAL;
		return NULL;
	}
	q = rx ? dev->data->rx_queues[queue_id] : dev->data->tx_queues[queue_id];
	if (q == NULL)
		*err = -ENOENT;
	return q;
}

/* Entries from @cons up to @prod in a ring of @len. */
static uint16_t
qlxge_api_ring_used(uint32_t prod, uint32_t cons, uint32_t len)
{
	return len == 0 ? 0 : (uint16_t)((prod + len - cons) % len);
}

QLXGE_EXPORT int
rte_pmd_qlxge_rxq_state_get(uint16_t port_id, uint16_t queue_id,
			    struct rte_pmd_qlxge_rxq_state *st)
{
	struct qlxge_rxq *rxq;
	int err;

	rxq = qlxge_api_queue(port_id, queue_id, true, st, &err);
	if (rxq == NULL)
		return err;
	memset(st, 0, sizeof(*st));
	st->cq_id = rxq->cq_id;
	st->nb_desc = rxq->nb_desc;
	/* the adapter's shadow index, as the burst reads it */
	st->cq_producer = rxq->prod_shadow != NULL ?
		(uint16_t)rte_le_to_cpu_32(__atomic_load_n(rxq->prod_shadow,
							   __ATOMIC_RELAXED)) : 0;
	st->cq_consumer = QLXGE_LOAD(rxq->cq_ci);
	st->cq_pending = qlxge_api_ring_used(st->cq_producer, st->cq_consumer, rxq->nb_desc);
	st->bq_len = rxq->bq_len;
	st->sbq_producer = QLXGE_LOAD(rxq->sbq.prod);
	st->sbq_consumer = QLXGE_LOAD(rxq->sbq.cons);
	st->lbq_producer = QLXGE_LOAD(rxq->lbq.prod);
	st->lbq_consumer = QLXGE_LOAD(rxq->lbq.cons);
	st->bufs_posted = qlxge_api_ring_used(st->sbq_producer, st->sbq_consumer, rxq->bq_len) +
			  qlxge_api_ring_used(st->lbq_producer, st->lbq_consumer, rxq->bq_len);
	st->started = QLXGE_LOAD(rxq->started);
	st->stalled = QLXGE_LOAD(rxq->stalled);
	st->packets = QLXGE_LOAD(rxq->stats.packets);
	st->refill_doorbells = QLXGE_LOAD(rxq->xstats.refills);
	st->malformed_completions = QLXGE_LOAD(rxq->xstats.malformed);
	return 0;
}

QLXGE_EXPORT int
rte_pmd_qlxge_txq_state_get(uint16_t port_id, uint16_t queue_id,
			    struct rte_pmd_qlxge_txq_state *st)
{
	struct qlxge_txq *txq;
	int err;

	txq = qlxge_api_queue(port_id, queue_id, false, st, &err);
	if (txq == NULL)
		return err;
	memset(st, 0, sizeof(*st));
	st->wq_id = txq->wq_id;
	st->cq_id = txq->cq_id;
	st->nb_desc = txq->nb_desc;
	st->wq_producer = QLXGE_LOAD(txq->wq_pi);
	st->wq_consumer = txq->cons_shadow != NULL ?
		(uint16_t)rte_le_to_cpu_32(__atomic_load_n(txq->cons_shadow,
							   __ATOMIC_RELAXED)) : 0;
	st->wq_oldest = QLXGE_LOAD(txq->wq_ci);
	st->nb_free = QLXGE_LOAD(txq->nb_free);
	st->cq_producer = txq->prod_shadow != NULL ?
		(uint16_t)rte_le_to_cpu_32(__atomic_load_n(txq->prod_shadow,
							   __ATOMIC_RELAXED)) : 0;
	st->cq_consumer = QLXGE_LOAD(txq->cq_ci);
	st->started = QLXGE_LOAD(txq->started);
	st->stalled = QLXGE_LOAD(txq->stalled);
	st->shared = txq->shared != NULL;
	st->packets = QLXGE_LOAD(txq->stats.packets);
	st->doorbells = QLXGE_LOAD(txq->xstats.doorbells);
	st->malformed_completions = QLXGE_LOAD(txq->xstats.malformed);
	return 0;
}

/* ---- shared TX queues (qlxge_tx_shared.c) ---------------------------------------------- */

/* The API names the ring's states (lib/mpring) as they are. */
static_assert(RTE_PMD_QLXGE_TXS_IDLE == (int)MPRING_IDLE &&
	      RTE_PMD_QLXGE_TXS_COALESCING == (int)MPRING_COALESCING &&
	      RTE_PMD_QLXGE_TXS_BUSY == (int)MPRING_BUSY &&
	      RTE_PMD_QLXGE_TXS_TOO_BUSY == (int)MPRING_TOO_BUSY &&
	      RTE_PMD_QLXGE_TXS_TAKING_OVER == (int)MPRING_TAKING_OVER &&
	      RTE_PMD_QLXGE_TXS_STALLED == (int)MPRING_STALLED, "ring states");

#define QLXGE_TXS_HOLD_US_MAX	1000
#define QLXGE_TXS_BUDGET_PKTS_MAX UINT16_MAX
#define QLXGE_TXS_BUDGET_US_MAX	10000
#define QLXGE_TXS_SOLE_US_MAX	1000000

QLXGE_EXPORT int
rte_pmd_qlxge_tx_shared_conf_set(uint16_t port_id, const struct rte_pmd_qlxge_tx_shared_conf *conf)
{
	struct qlxge_adapter *ad;
	struct rte_eth_dev *dev;
	int err;

	dev = qlxge_api_dev(port_id, &err);
	if (dev == NULL)
		return err;
	if (rte_eal_process_type() != RTE_PROC_PRIMARY)
		return -E_RTE_SECONDARY;
	if (conf == NULL || conf->hold_us > QLXGE_TXS_HOLD_US_MAX ||
	    conf->hold_pkts > QLXGE_RING_MAX || conf->budget_pkts > QLXGE_TXS_BUDGET_PKTS_MAX ||
	    conf->budget_us > QLXGE_TXS_BUDGET_US_MAX || conf->sole_us > QLXGE_TXS_SOLE_US_MAX ||
	    (conf->lease != 0 && conf->lease != RTE_PMD_QLXGE_TXS_LEASE_OFF) ||
	    (conf->stall_yield != 0 && conf->stall_yield != RTE_PMD_QLXGE_TXS_YIELD_OFF))
		return -EINVAL;
	ad = QLXGE_DEV_PRIVATE(dev);
	ad->txs_conf.hold_us = conf->hold_us;
	ad->txs_conf.hold_pkts = conf->hold_pkts;
	ad->txs_conf.budget_pkts = conf->budget_pkts;
	ad->txs_conf.budget_us = conf->budget_us;
	ad->txs_conf.sole_calls = conf->sole_calls;
	ad->txs_conf.lease = conf->lease;
	ad->txs_conf.sole_us = conf->sole_us;
	ad->txs_conf.stall_yield = conf->stall_yield;
	return 0;
}

QLXGE_EXPORT int
rte_pmd_qlxge_tx_shared_conf_get(uint16_t port_id, struct rte_pmd_qlxge_tx_shared_conf *conf)
{
	const struct qlxge_adapter *ad;
	struct rte_eth_dev *dev;
	int err;

	dev = qlxge_api_dev(port_id, &err);
	if (dev == NULL)
		return err;
	if (conf == NULL)
		return -EINVAL;
	ad = QLXGE_DEV_PRIVATE(dev);
	memset(conf, 0, sizeof(*conf));
	conf->hold_us = ad->txs_conf.hold_us;
	conf->hold_pkts = ad->txs_conf.hold_pkts;
	conf->budget_pkts = ad->txs_conf.budget_pkts;
	conf->budget_us = ad->txs_conf.budget_us;
	conf->sole_calls = ad->txs_conf.sole_calls;
	conf->lease = ad->txs_conf.lease;
	conf->sole_us = ad->txs_conf.sole_us;
	conf->stall_yield = ad->txs_conf.stall_yield;
	return 0;
}

/* Shared TX queue @queue_id of @port_id for output @out; NULL and the errno in @err. */
static struct qlxge_txq *
qlxge_api_txs(uint16_t port_id, uint16_t queue_id, const void *out, int *err)
{
	struct qlxge_txq *txq;

	txq = qlxge_api_queue(port_id, queue_id, false, out, err);
	if (txq != NULL && txq->shared == NULL) {
		*err = -ENOTSUP;
		return NULL;
	}
	return txq;
}

QLXGE_EXPORT int
rte_pmd_qlxge_txq_shared_stats_get(uint16_t port_id, uint16_t queue_id,
				   struct rte_pmd_qlxge_txq_shared_stats *st)
{
	struct qlxge_txq *txq;
	int err;

	txq = qlxge_api_txs(port_id, queue_id, st, &err);
	if (txq == NULL)
		return err;
	qlxge_stats_txs_get(&rte_eth_devices[port_id], queue_id, txq, st);
	return 0;
}

QLXGE_EXPORT int
rte_pmd_qlxge_txq_shared_lcore_stats_get(uint16_t port_id, uint16_t queue_id,
					 unsigned int lcore_id,
					 struct rte_pmd_qlxge_txq_shared_lcore_stats *st)
{
	struct qlxge_txq *txq;
	int err;

	txq = qlxge_api_txs(port_id, queue_id, st, &err);
	if (txq == NULL)
		return err;
	/* the ring's counter slots: one per lcore, then the one of the other threads */
	if (lcore_id > RTE_MAX_LCORE)
		return -EINVAL;
	memset(st, 0, sizeof(*st));
	return qlxge_txs_lcore_stats(txq, lcore_id, st);
}

QLXGE_EXPORT const char *
rte_pmd_qlxge_state_name(enum rte_pmd_qlxge_state state)
{
	switch (state) {
	case RTE_PMD_QLXGE_STATE_DOWN:
		return "down";
	case RTE_PMD_QLXGE_STATE_READY:
		return "ready";
	case RTE_PMD_QLXGE_STATE_STARTED:
		return "started";
	case RTE_PMD_QLXGE_STATE_ERROR:
		return "error";
	}
	return "unknown";
}
