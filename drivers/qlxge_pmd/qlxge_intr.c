/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The interrupt and alarm service of a qlxge port: vector 0 (§8.1) carries the firmware's
 * asynchronous events and the fatal-error status. Its handler, the periodic alarm (the polling
 * fallback without an interrupt, a safety net with one) and the one-shot alarm of an
 * administrative link change all run one service on EAL's interrupt thread: base/ takes what the
 * firmware posted (qlxge_mbox_service), and the port reports what changed, a fatal error as
 * RTE_ETH_EVENT_INTR_RESET, a link change as RTE_ETH_EVENT_INTR_LSC. Around rte_eth_dev_reset
 * the service is suspended and resumed.
 */

#include <rte_alarm.h>
#include <rte_interrupts.h>

#include "qlxge_pmd.h"
#include "qlxge_log.h"

/* Vector-0 servicing period: the polling fallback, and a safety net that reports events an
 * AEN taken by a mailbox command left pending when interrupts are on. */
#define QLXGE_POLL_IRQ_US	100000u
#define QLXGE_POLL_NOIRQ_US	10000u

/*
 * The link state (qlxge_link_update), and an LSC event when it changed. The change is judged
 * against the state last reported, not against dev_link, which an application's
 * rte_eth_link_get() refreshes too.
 */
static void
qlxge_intr_report_link(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	bool up;

	qlxge_link_update(dev, 0);
	up = dev->data->dev_link.link_status != 0;
	if (up != ad->lsc_up) {
		ad->lsc_up = up;
		/* the event only for an application that asked for it (intr_conf.lsc) */
		if (dev->data->dev_conf.intr_conf.lsc != 0)
			rte_eth_dev_callback_process(dev, RTE_ETH_EVENT_INTR_LSC, NULL);
	}
}

static void
qlxge_intr_service(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint32_t ev;

	if (!ad->hw_up || qlxge_dev_fatal(ad))
		return;
	ev = qlxge_mbox_service(QLXGE_DEV_HW(dev));
	/*
	 * A data-path queue met a malformed completion or an adapter event (design.md B.27), or
	 * a stop found the adapter not answering. This thread alone clears the request, and only
	 * after setting fatal: release, paired with qlxge_dev_broken()'s acquire of the request.
	 */
	if (__atomic_load_n(&ad->reset_req, __ATOMIC_ACQUIRE))
		ev |= QLXGE_EV_FATAL;
	if ((ev & QLXGE_EV_FATAL) != 0) {
		__atomic_store_n(&ad->fatal, true, __ATOMIC_RELEASE);
		__atomic_store_n(&ad->reset_req, false, __ATOMIC_RELEASE);
		QLXGE_DRV_LOG(ERR, "port %u: fatal adapter error, the port needs rte_eth_dev_reset",
			      dev->data->port_id);
		/* a port in error carries nothing until reset: its link reads down (as Linux
		 * takes the carrier off for its reset), and an application that follows links
		 * (net_bonding) moves away from it; up again once reset and started */
		qlxge_intr_report_link(dev);
		rte_eth_dev_callback_process(dev, RTE_ETH_EVENT_INTR_RESET, NULL);
		return;
	}
	/* STS.PLx is read on every service, event or not (a cheap register read that also covers
	 * a lost AEN) */
	qlxge_intr_report_link(dev);
}

/*
 * An administrative link change has no AEN behind it (the physical link does not move): one
 * service run right away reports it through the LSC path above. As an EAL alarm it runs on the
 * interrupt thread, serialised with the handler and the periodic alarm, which would report it
 * at its next period anyway.
 */
static void
qlxge_intr_lsc_alarm(void *arg)
{
	qlxge_intr_service(arg);
}

void
qlxge_intr_lsc_kick(struct rte_eth_dev *dev)
{
	if (rte_eal_alarm_set(1, qlxge_intr_lsc_alarm, dev) != 0)
		QLXGE_DRV_LOG(DEBUG, "port %u: LSC left to the periodic service",
			      dev->data->port_id);
}

static void
qlxge_intr_handler(void *arg)
{
	struct rte_eth_dev *dev = arg;
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);

	/* whatever the source needs before it can fire again is the probe's business */
	if (QLXGE_DEV_PROC(dev)->intr_ack != NULL)
		QLXGE_DEV_PROC(dev)->intr_ack(dev->intr_handle);
	qlxge_intr_service(dev);
	/* a delivered interrupt masks its vector (§8.2); a fatal error keeps it masked (Linux) */
	if (ad->hw_up && !qlxge_dev_fatal(ad))
		qlxge_irq_vector_enable(QLXGE_DEV_HW(dev), 0);
	rte_intr_ack(dev->intr_handle);
}

static void qlxge_intr_alarm(void *arg);

/*
 * One periodic service chain per port: the alarm re-arms itself, and dev_reset (possibly run
 * from an INTR_RESET callback inside that very alarm) arms it too; the flag keeps it single.
 * Only the interrupt thread and the control path (the latter with the alarm cancelled) touch it.
 */
static int
qlxge_intr_alarm_arm(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	int ret;

	if (ad->alarm_armed || !ad->hw_up)
		return 0;
	ret = rte_eal_alarm_set(ad->polling ? QLXGE_POLL_NOIRQ_US : QLXGE_POLL_IRQ_US,
				qlxge_intr_alarm, dev);
	if (ret == 0)
		ad->alarm_armed = true;
	return ret;
}

static void
qlxge_intr_alarm_disarm(struct rte_eth_dev *dev)
{
	rte_eal_alarm_cancel(qlxge_intr_alarm, dev);
	QLXGE_DEV_PRIVATE(dev)->alarm_armed = false;
}

static void
qlxge_intr_alarm(void *arg)
{
	struct rte_eth_dev *dev = arg;
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);

	ad->alarm_armed = false;
	qlxge_intr_service(dev);
	/* an INTR_RESET callback may have run dev_reset, which arms the alarm itself */
	qlxge_intr_alarm_arm(dev);
}

int
qlxge_intr_setup(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct rte_intr_handle *h = dev->intr_handle;

	ad->polling = true;
	if (h != NULL && rte_intr_fd_get(h) >= 0 &&
	    rte_intr_callback_register(h, qlxge_intr_handler, dev) == 0) {
		if (rte_intr_enable(h) == 0) {
			ad->polling = false;
		} else {
			rte_intr_callback_unregister_sync(h, qlxge_intr_handler, dev);
			QLXGE_INIT_LOG(WARNING, "port %u: interrupt not enabled, polling the link",
				       dev->data->port_id);
		}
	}
	ad->st.irq = !ad->polling;
	if (ad->st.irq)
		qlxge_irq_enable(QLXGE_DEV_HW(dev));
	return qlxge_intr_alarm_arm(dev);
}

void
qlxge_intr_teardown(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct rte_intr_handle *h = dev->intr_handle;

	qlxge_intr_alarm_disarm(dev);
	rte_eal_alarm_cancel(qlxge_intr_lsc_alarm, dev);
	if (ad->st.irq) {
		/* the handler re-enables the vector: take it away before masking */
		rte_intr_callback_unregister_sync(h, qlxge_intr_handler, dev);
		rte_intr_disable(h);
		qlxge_irq_disable(QLXGE_DEV_HW(dev));
		ad->st.irq = false;
	}
}

/*
 * Before rte_eth_dev_reset tears the function down: no alarm and no interrupt handler may run
 * until qlxge_intr_resume(). Called from an INTR_RESET callback, we are on the interrupt thread,
 * which runs those too: nothing can run concurrently there, and unregistering the running
 * handler would wait for itself.
 */
void
qlxge_intr_suspend(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);

	qlxge_intr_alarm_disarm(dev);
	rte_eal_alarm_cancel(qlxge_intr_lsc_alarm, dev);
	if (ad->st.irq) {
		if (!rte_thread_is_intr())
			rte_intr_callback_unregister_sync(dev->intr_handle, qlxge_intr_handler,
							  dev);
		qlxge_irq_disable(QLXGE_DEV_HW(dev));
	}
}

/* After a successful bring-up: the handler back (or polling without it), the alarm armed. */
void
qlxge_intr_resume(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct rte_intr_handle *h = dev->intr_handle;

	if (ad->st.irq && !rte_thread_is_intr() &&
	    rte_intr_callback_register(h, qlxge_intr_handler, dev) != 0) {
		/* no handler: service vector 0 by polling, as a probe without interrupts does */
		QLXGE_DRV_LOG(WARNING, "port %u: interrupt handler not registered again, "
			      "polling the link", dev->data->port_id);
		rte_intr_disable(h);
		ad->st.irq = false;
		ad->polling = true;
	}
	if (ad->st.irq)
		qlxge_irq_enable(QLXGE_DEV_HW(dev));
	qlxge_intr_alarm_arm(dev);
}
