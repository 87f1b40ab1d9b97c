/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * RX queue interrupts of a qlxge port (rte_eth_dev_rx_intr_enable/_disable, rte_epoll_wait; what
 * l3fwd-power does): each RX queue's completion queue names an MSI-X vector of its own in its
 * ICB (§6.2), which the adapter raises when completions are posted, after the CQ's coalescing
 * delays (§8.3), and masks once delivered until it is enabled again (§8.2): the per-vector
 * INTR_EN commands of base/qlxge_irq.c are the enable and the disable.
 *
 * Vectors: 0 is the firmware's and fatal errors' (qlxge_intr.c), 1 the silent vector every other
 * data CQ names (TX completions: a queue's own transmissions never wake it), RX queues from
 * QLXGE_RXQ_VECTOR_BASE (2) up, one each while there are vectors, the last one shared by the
 * queues beyond (as ixgbe shares its last). ethdev finds a queue's eventfd as EAL numbers them:
 * the queue's vector v in the handle's vector list, its eventfd efds[v - 1]; the handle gets the
 * eventfds of vectors 1 .. 1 + n at start, through the probe's hooks (the model's vdev puts its
 * own in) or EAL's rte_intr_efd_enable() (VFIO MSI-X: eventfds bound to the vectors by the
 * rte_intr_enable() that follows), and loses them at stop.
 */

#include <errno.h>

#include <rte_interrupts.h>

#include "qlxge_pmd.h"
#include "qlxge_log.h"

/* The vector of RX queue @qid's CQ: its own one with RX interrupts on, else the silent one. */
uint8_t
qlxge_rx_intr_vector(const struct rte_eth_dev *dev, uint16_t qid)
{
	const struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);

	if (!ad->rx_intr)
		return QLXGE_DATA_CQ_VECTOR;
	return (uint8_t)(QLXGE_RXQ_VECTOR_BASE + RTE_MIN(qid, ad->rx_intr_nvec - 1u));
}

/* dev_configure with intr_conf.rxq: whether the port can deliver them (-ENOTSUP, logged). */
int
qlxge_rx_intr_configure(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct qlxge_proc *proc = QLXGE_DEV_PROC(dev);

	if (dev->data->dev_conf.intr_conf.rxq == 0)
		return 0;
	if (dev->intr_handle == NULL || !ad->st.irq) {
		QLXGE_DRV_LOG(ERR, "port %u: RX queue interrupts need the port's interrupts, and "
			      "its events are polled", dev->data->port_id);
		return -ENOTSUP;
	}
	if (proc->nb_vectors <= QLXGE_RXQ_VECTOR_BASE || !rte_intr_cap_multiple(dev->intr_handle)) {
		QLXGE_DRV_LOG(ERR, "port %u: RX queue interrupts need MSI-X vectors beyond %u, the "
			      "interrupt handle has %u", dev->data->port_id,
			      QLXGE_RXQ_VECTOR_BASE - 1, proc->nb_vectors);
		return -ENOTSUP;
	}
	return 0;
}

/*
 * dev_start, before the RX queues (their ICBs name the vectors): the eventfds into the handle,
 * the queue-to-vector list ethdev reads. Vectors start disabled (the function reset left them
 * so); the application enables a queue's before it sleeps.
 */
int
qlxge_rx_intr_start(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct qlxge_proc *proc = QLXGE_DEV_PROC(dev);
	struct rte_intr_handle *h = dev->intr_handle;
	uint16_t nrxq = dev->data->nb_rx_queues, nvec, q;
	int ret;

	ad->rx_intr = false;
	if (dev->data->dev_conf.intr_conf.rxq == 0 || nrxq == 0)
		return 0;
	ret = qlxge_rx_intr_configure(dev);
	if (ret != 0)
		return ret;
	nvec = RTE_MIN(nrxq, proc->nb_vectors - QLXGE_RXQ_VECTOR_BASE);
	if (nvec < nrxq)
		/* as ixgbe shares its last; one eventfd, so one epoll registration for them all */
		QLXGE_DRV_LOG(NOTICE, "port %u: RX queues %u to %u share vector %u (the function "
			      "has %u): their interrupts are one", dev->data->port_id, nvec - 1,
			      nrxq - 1, QLXGE_RXQ_VECTOR_BASE + nvec - 1, proc->nb_vectors);
	/* the handle is re-armed with the new eventfds (VFIO binds them at enable) */
	rte_intr_disable(h);
	if (proc->vectors_on != NULL)
		ret = proc->vectors_on(h, QLXGE_RXQ_VECTOR_BASE - 1 + nvec);
	else
		ret = rte_intr_efd_enable(h, QLXGE_RXQ_VECTOR_BASE - 1 + nvec);
	if (ret != 0) {
		QLXGE_DRV_LOG(ERR, "port %u: no eventfds for %u RX queue vectors: %d",
			      dev->data->port_id, nvec, ret);
		goto err_enable;
	}
	ret = rte_intr_vec_list_alloc(h, "qlxge_rxq_vec", nrxq);
	if (ret != 0) {
		QLXGE_DRV_LOG(ERR, "port %u: no vector list for %u RX queues", dev->data->port_id,
			      nrxq);
		goto err_efd;
	}
	ad->rx_intr_nvec = nvec;
	ad->rx_intr = true;
	for (q = 0; q < nrxq && ret == 0; q++)
		ret = rte_intr_vec_list_index_set(h, q, qlxge_rx_intr_vector(dev, q));
	if (ret == 0)
		ret = rte_intr_enable(h);
	if (ret != 0) {
		QLXGE_DRV_LOG(ERR, "port %u: RX queue vectors not enabled: %d", dev->data->port_id,
			      ret);
		ad->rx_intr = false;
		rte_intr_vec_list_free(h);
		goto err_efd;
	}
	QLXGE_DRV_LOG(INFO, "port %u: RX queue interrupts on %u vectors from %u",
		      dev->data->port_id, nvec, QLXGE_RXQ_VECTOR_BASE);
	return 0;

err_efd:
	if (proc->vectors_off != NULL)
		proc->vectors_off(h);
	else
		rte_intr_efd_disable(h);
err_enable:
	rte_intr_enable(h);
	return ret < 0 ? ret : -EIO;
}

/*
 * dev_stop, after the function reset (its vectors disabled): the eventfds out of the handle
 * (ethdev's epoll registrations on them go too, as on every PMD), vector 0 alone again.
 */
void
qlxge_rx_intr_stop(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct qlxge_proc *proc = QLXGE_DEV_PROC(dev);
	struct rte_intr_handle *h = dev->intr_handle;

	if (!ad->rx_intr)
		return;
	ad->rx_intr = false;
	rte_intr_disable(h);
	rte_intr_vec_list_free(h);
	if (proc->vectors_off != NULL)
		proc->vectors_off(h);
	else
		rte_intr_efd_disable(h);
	rte_intr_enable(h);
}

/*
 * The application's calls, from its data lcores: one INTR_EN command on the queue's vector
 * (§8.2). The adapter keeps a CQ's interrupt pending while its completions are not consumed
 * (ISR1, §8.1, §16.15), so a frame that came between the application's last empty poll and the
 * enable fires the vector at once.
 */
int
qlxge_rx_queue_intr_enable(struct rte_eth_dev *dev, uint16_t qid)
{
	if (!QLXGE_DEV_PRIVATE(dev)->rx_intr)
		return -EPERM;
	qlxge_irq_vector_enable(QLXGE_DEV_HW(dev), qlxge_rx_intr_vector(dev, qid));
	return 0;
}

int
qlxge_rx_queue_intr_disable(struct rte_eth_dev *dev, uint16_t qid)
{
	if (!QLXGE_DEV_PRIVATE(dev)->rx_intr)
		return -EPERM;
	qlxge_irq_vector_disable(QLXGE_DEV_HW(dev), qlxge_rx_intr_vector(dev, qid));
	return 0;
}
