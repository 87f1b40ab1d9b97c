/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * TX queues of the qlxge PMD: setup and release (WQ ring, its completion CQ and their shadow
 * words, fact sheet §6.1-6.3), start and stop, queue information, and the transmit burst.
 *
 * Memory of one queue, one IOVA-contiguous memzone:
 *   WQ ring (nb_desc x 128 B) | CQ ring (nb_desc x 64 B) | WQ ICB | CQ ICB |
 *   WQ consumer shadow | CQ producer shadow
 * TX queue j uses WQ j and CQ QLXGE_TX_CQ_BASE + j.
 *
 * The transmit path itself belongs to the data-path issue: qlxge_xmit_pkts() sends nothing.
 */

#include <errno.h>
#include <string.h>

#include <rte_common.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>

#include "qlxge_iocb.h"
#include "qlxge_ethdev.h"
#include "qlxge_log.h"

struct qlxge_tx_layout {
	size_t cq_off, wq_icb_off, cq_icb_off, cons_off, prod_off, size;
};

static void
qlxge_tx_layout(uint16_t nb_desc, struct qlxge_tx_layout *l)
{
	l->cq_off = RTE_ALIGN_CEIL((size_t)nb_desc * QLXGE_IOCB_SIZE, QLXGE_PAGE_SIZE);
	l->wq_icb_off = l->cq_off + RTE_ALIGN_CEIL((size_t)nb_desc * QLXGE_CQE_SIZE,
						   RTE_CACHE_LINE_SIZE);
	l->cq_icb_off = l->wq_icb_off + RTE_CACHE_LINE_SIZE;
	l->cons_off = l->cq_icb_off + RTE_CACHE_LINE_SIZE;
	l->prod_off = l->cons_off + QLXGE_SHADOW_SIZE;
	l->size = l->prod_off + QLXGE_SHADOW_SIZE;
}

void
qlxge_tx_queue_release(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_txq *txq = dev->data->tx_queues[qid];

	if (txq == NULL)
		return;
	if (txq->started)
		qlxge_icb_txq_stop(txq);
	rte_eth_dma_zone_free(dev, "txq", qid);
	rte_free(txq);
	dev->data->tx_queues[qid] = NULL;
}

int
qlxge_tx_queue_setup(struct rte_eth_dev *dev, uint16_t qid, uint16_t nb_desc,
		     unsigned int socket, const struct rte_eth_txconf *conf)
{
	struct qlxge_hw *hw = QLXGE_DEV_HW(dev);
	struct qlxge_tx_layout l;
	struct qlxge_txq *txq;
	uint8_t *va;

	if (nb_desc < QLXGE_RING_MIN || nb_desc > QLXGE_RING_MAX ||
	    nb_desc % QLXGE_RING_ALIGN != 0) {
		QLXGE_DRV_LOG(ERR, "port %u txq %u: %u descriptors: need a multiple of %u in "
			      "[%u, %u]", dev->data->port_id, qid, nb_desc, QLXGE_RING_ALIGN,
			      QLXGE_RING_MIN, QLXGE_RING_MAX);
		return -EINVAL;
	}
	qlxge_tx_queue_release(dev, qid);
	txq = rte_zmalloc_socket("qlxge_txq", sizeof(*txq), RTE_CACHE_LINE_SIZE, socket);
	if (txq == NULL)
		return -ENOMEM;
	txq->port_id = dev->data->port_id;
	txq->queue_id = qid;
	txq->wq_id = qid;
	txq->cq_id = QLXGE_TX_CQ_BASE + qid;
	txq->nb_desc = nb_desc;
	txq->free_thresh = conf->tx_free_thresh != 0 ? conf->tx_free_thresh : 32;
	txq->offloads = conf->offloads | dev->data->dev_conf.txmode.offloads;
	txq->deferred_start = conf->tx_deferred_start != 0;

	qlxge_tx_layout(nb_desc, &l);
	txq->mz = rte_eth_dma_zone_reserve(dev, "txq", qid, l.size, QLXGE_PAGE_SIZE, socket);
	if (txq->mz == NULL) {
		QLXGE_DRV_LOG(ERR, "port %u txq %u: no memory for the rings (%zu bytes)",
			      dev->data->port_id, qid, l.size);
		rte_free(txq);
		return -ENOMEM;
	}
	va = txq->mz->addr;
	memset(va, 0, l.size);
	txq->wq_ring = va;
	txq->cq_ring = va + l.cq_off;
	txq->wq_icb = va + l.wq_icb_off;
	txq->cq_icb = va + l.cq_icb_off;
	txq->wq_icb_iova = txq->mz->iova + l.wq_icb_off;
	txq->cq_icb_iova = txq->mz->iova + l.cq_icb_off;
	txq->cons_shadow = (volatile uint32_t *)(va + l.cons_off);
	txq->prod_shadow = (volatile uint32_t *)(va + l.prod_off);
	txq->wq_db = qlxge_icb_wq_db(hw, txq->wq_id);
	txq->cq_db = qlxge_icb_cq_db(hw, txq->cq_id);
	qlxge_icb_txq_fill(txq, txq->mz->iova, l.cq_off, l.cons_off, l.prod_off);
	dev->data->tx_queues[qid] = txq;
	return 0;
}

int
qlxge_tx_queue_start(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_txq *txq = dev->data->tx_queues[qid];
	int ret;

	if (txq == NULL)
		return -EINVAL;
	ret = qlxge_icb_txq_start(QLXGE_DEV_HW(dev), txq);
	if (ret != 0)
		return ret;
	txq->started = true;
	dev->data->tx_queue_state[qid] = RTE_ETH_QUEUE_STATE_STARTED;
	return 0;
}

int
qlxge_tx_queue_stop(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_txq *txq = dev->data->tx_queues[qid];

	if (txq == NULL)
		return -EINVAL;
	if (txq->started)
		qlxge_icb_txq_stop(txq);
	txq->started = false;
	dev->data->tx_queue_state[qid] = RTE_ETH_QUEUE_STATE_STOPPED;
	return 0;
}

void
qlxge_txq_info_get(struct rte_eth_dev *dev, uint16_t qid, struct rte_eth_txq_info *qinfo)
{
	struct qlxge_txq *txq = dev->data->tx_queues[qid];

	qinfo->nb_desc = txq->nb_desc;
	qinfo->conf.tx_free_thresh = txq->free_thresh;
	qinfo->conf.tx_deferred_start = txq->deferred_start;
	qinfo->conf.offloads = txq->offloads;
}

/* The transmit path is the data-path issue's: until then no frame is taken. */
uint16_t
qlxge_xmit_pkts(void *txq, struct rte_mbuf **pkts, uint16_t n)
{
	RTE_SET_USED(txq);
	RTE_SET_USED(pkts);
	RTE_SET_USED(n);
	return 0;
}
