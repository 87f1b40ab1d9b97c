/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * RX queues of the qlxge PMD: setup and release (ring memory, buffer queues and their page
 * tables, fact sheet §6.2-6.4), start and stop, queue information, and the receive burst.
 *
 * Memory of one queue, one IOVA-contiguous memzone:
 *   CQ ring (nb_desc x 64 B) | SBQ ring pages | LBQ ring pages | SBQ page table |
 *   LBQ page table | CQ ICB | producer-index shadow
 * nb_desc buffers are posted per queue: half to the small, half to the large buffer queue.
 *
 * The receive path itself belongs to the data-path issue: qlxge_recv_pkts() returns no packet.
 */

#include <errno.h>
#include <string.h>

#include <rte_common.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>

#include "qlxge_iocb.h"
#include "qlxge_ethdev.h"
#include "qlxge_log.h"

struct qlxge_rx_layout {
	size_t sbq_off, lbq_off, sbq_tbl_off, lbq_tbl_off, icb_off, shadow_off, size;
};

static void
qlxge_rx_layout(uint16_t nb_desc, uint16_t bq_len, struct qlxge_rx_layout *l)
{
	size_t bq_ring = RTE_ALIGN_CEIL((size_t)bq_len * QLXGE_BQ_ENTRY_SIZE, QLXGE_PAGE_SIZE);
	size_t bq_tbl = bq_ring / QLXGE_PAGE_SIZE * sizeof(struct qlxge_bq_page);

	l->sbq_off = RTE_ALIGN_CEIL((size_t)nb_desc * QLXGE_CQE_SIZE, QLXGE_PAGE_SIZE);
	l->lbq_off = l->sbq_off + bq_ring;
	l->sbq_tbl_off = l->lbq_off + bq_ring;
	l->lbq_tbl_off = l->sbq_tbl_off + RTE_ALIGN_CEIL(bq_tbl, RTE_CACHE_LINE_SIZE);
	l->icb_off = l->lbq_tbl_off + RTE_ALIGN_CEIL(bq_tbl, RTE_CACHE_LINE_SIZE);
	l->shadow_off = l->icb_off + RTE_CACHE_LINE_SIZE;
	l->size = l->shadow_off + QLXGE_SHADOW_SIZE;
}

static void
qlxge_rxq_free_mbufs(struct qlxge_rxq *rxq)
{
	uint32_t i;

	for (i = 0; i < rxq->nb_desc; i++) {
		rte_pktmbuf_free(rxq->sw_ring[i]);
		rxq->sw_ring[i] = NULL;
	}
}

void
qlxge_rx_queue_release(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_rxq *rxq = dev->data->rx_queues[qid];

	if (rxq == NULL)
		return;
	if (rxq->started)
		qlxge_icb_rxq_stop(rxq);
	qlxge_rxq_free_mbufs(rxq);
	rte_eth_dma_zone_free(dev, "rxq", qid);
	rte_free(rxq->sw_ring);
	rte_free(rxq);
	dev->data->rx_queues[qid] = NULL;
}

int
qlxge_rx_queue_setup(struct rte_eth_dev *dev, uint16_t qid, uint16_t nb_desc,
		     unsigned int socket, const struct rte_eth_rxconf *conf,
		     struct rte_mempool *mp)
{
	struct qlxge_hw *hw = QLXGE_DEV_HW(dev);
	struct qlxge_rx_layout l;
	struct qlxge_rxq *rxq;
	uint32_t buf_size;

	if (nb_desc < QLXGE_RING_MIN || nb_desc > QLXGE_RING_MAX ||
	    nb_desc % QLXGE_RING_ALIGN != 0) {
		QLXGE_DRV_LOG(ERR, "port %u rxq %u: %u descriptors: need a multiple of %u in "
			      "[%u, %u]", dev->data->port_id, qid, nb_desc, QLXGE_RING_ALIGN,
			      QLXGE_RING_MIN, QLXGE_RING_MAX);
		return -EINVAL;
	}
	buf_size = rte_pktmbuf_data_room_size(mp);
	if (buf_size < RTE_PKTMBUF_HEADROOM + QLXGE_RX_MIN_BUF) {
		QLXGE_DRV_LOG(ERR, "port %u rxq %u: mbuf data room %u too small",
			      dev->data->port_id, qid, buf_size);
		return -EINVAL;
	}
	buf_size = RTE_MIN(buf_size - RTE_PKTMBUF_HEADROOM, (uint32_t)UINT16_MAX);

	qlxge_rx_queue_release(dev, qid);
	rxq = rte_zmalloc_socket("qlxge_rxq", sizeof(*rxq), RTE_CACHE_LINE_SIZE, socket);
	if (rxq == NULL)
		return -ENOMEM;
	rxq->sw_ring = rte_zmalloc_socket("qlxge_rxq_sw", sizeof(rxq->sw_ring[0]) * nb_desc,
					  RTE_CACHE_LINE_SIZE, socket);
	if (rxq->sw_ring == NULL)
		goto err_free_rxq;
	rxq->mp = mp;
	rxq->port_id = dev->data->port_id;
	rxq->queue_id = qid;
	rxq->cq_id = qid;
	rxq->nb_desc = nb_desc;
	rxq->bq_len = nb_desc / 2;
	rxq->buf_size = (uint16_t)buf_size;
	rxq->free_thresh = conf->rx_free_thresh != 0 ? conf->rx_free_thresh : 32;
	rxq->offloads = conf->offloads | dev->data->dev_conf.rxmode.offloads;
	rxq->deferred_start = conf->rx_deferred_start != 0;

	qlxge_rx_layout(nb_desc, rxq->bq_len, &l);
	rxq->mz = rte_eth_dma_zone_reserve(dev, "rxq", qid, l.size, QLXGE_PAGE_SIZE, socket);
	if (rxq->mz == NULL) {
		QLXGE_DRV_LOG(ERR, "port %u rxq %u: no memory for the rings (%zu bytes)",
			      dev->data->port_id, qid, l.size);
		goto err_free_sw;
	}
	memset(rxq->mz->addr, 0, l.size);
	rxq->cq_ring = rxq->mz->addr;
	rxq->sbq_ring = (uint64_t *)((uint8_t *)rxq->mz->addr + l.sbq_off);
	rxq->lbq_ring = (uint64_t *)((uint8_t *)rxq->mz->addr + l.lbq_off);
	rxq->icb = (uint8_t *)rxq->mz->addr + l.icb_off;
	rxq->icb_iova = rxq->mz->iova + l.icb_off;
	rxq->prod_shadow = (volatile uint32_t *)((uint8_t *)rxq->mz->addr + l.shadow_off);
	rxq->cq_db = qlxge_icb_cq_db(hw, rxq->cq_id);
	qlxge_icb_rxq_fill(rxq, rxq->mz->iova, l.sbq_off, l.lbq_off, l.sbq_tbl_off,
			   l.lbq_tbl_off, l.shadow_off);
	dev->data->rx_queues[qid] = rxq;
	return 0;

err_free_sw:
	rte_free(rxq->sw_ring);
err_free_rxq:
	rte_free(rxq);
	return -ENOMEM;
}

int
qlxge_rx_queue_start(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_rxq *rxq = dev->data->rx_queues[qid];
	uint32_t posted, i;
	int ret;

	if (rxq == NULL)
		return -EINVAL;
	if (rte_pktmbuf_alloc_bulk(rxq->mp, rxq->sw_ring, rxq->nb_desc) != 0) {
		QLXGE_DRV_LOG(ERR, "port %u rxq %u: cannot allocate %u mbufs", rxq->port_id, qid,
			      rxq->nb_desc);
		rxq->stats.nombuf += rxq->nb_desc;
		return -ENOMEM;
	}
	for (i = 0; i < rxq->bq_len; i++) {
		rxq->sbq_ring[i] = rte_cpu_to_le_64(rte_mbuf_data_iova_default(rxq->sw_ring[i]));
		rxq->lbq_ring[i] = rte_cpu_to_le_64(
			rte_mbuf_data_iova_default(rxq->sw_ring[rxq->bq_len + i]));
	}
	posted = qlxge_icb_bq_prod_align(rxq->bq_len);
	ret = qlxge_icb_rxq_start(QLXGE_DEV_HW(dev), rxq, posted);
	if (ret != 0) {
		qlxge_rxq_free_mbufs(rxq);
		return ret;
	}
	rxq->started = true;
	dev->data->rx_queue_state[qid] = RTE_ETH_QUEUE_STATE_STARTED;
	return 0;
}

int
qlxge_rx_queue_stop(struct rte_eth_dev *dev, uint16_t qid)
{
	struct qlxge_rxq *rxq = dev->data->rx_queues[qid];

	if (rxq == NULL)
		return -EINVAL;
	if (rxq->started)
		qlxge_icb_rxq_stop(rxq);
	qlxge_rxq_free_mbufs(rxq);
	rxq->started = false;
	dev->data->rx_queue_state[qid] = RTE_ETH_QUEUE_STATE_STOPPED;
	return 0;
}

void
qlxge_rxq_info_get(struct rte_eth_dev *dev, uint16_t qid, struct rte_eth_rxq_info *qinfo)
{
	struct qlxge_rxq *rxq = dev->data->rx_queues[qid];

	qinfo->mp = rxq->mp;
	qinfo->scattered_rx = 0;
	qinfo->nb_desc = rxq->nb_desc;
	qinfo->rx_buf_size = rxq->buf_size;
	qinfo->conf.rx_free_thresh = rxq->free_thresh;
	qinfo->conf.rx_deferred_start = rxq->deferred_start;
	qinfo->conf.offloads = rxq->offloads;
}

/* The receive path is the data-path issue's: until then no frame is handed to the app. */
uint16_t
qlxge_recv_pkts(void *rxq, struct rte_mbuf **pkts, uint16_t n)
{
	RTE_SET_USED(rxq);
	RTE_SET_USED(pkts);
	RTE_SET_USED(n);
	return 0;
}
