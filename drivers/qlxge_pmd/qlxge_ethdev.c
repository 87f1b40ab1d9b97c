/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * ethdev glue of the qlxge PMD: the ops table, the common init both probes end in, bring-up and
 * teardown of a port (§4), configure/start/stop/close/reset, the frame limits of the MTU, and the
 * small firmware-backed ops (version, LED, pause). The link (state, administrative up/down) is
 * qlxge_link.c's; events (link changes, fatal errors) are the interrupt and alarm service's,
 * qlxge_intr.c. The hardware is reached only through base/.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_malloc.h>

#include "qlxge_iocb.h"
#include "qlxge_pmd.h"
#include "qlxge_log.h"

static int qlxge_dev_configure(struct rte_eth_dev *dev);
static int qlxge_dev_start(struct rte_eth_dev *dev);
static int qlxge_dev_stop(struct rte_eth_dev *dev);
static int qlxge_dev_set_link_up(struct rte_eth_dev *dev);
static int qlxge_dev_set_link_down(struct rte_eth_dev *dev);
static int qlxge_mtu_set(struct rte_eth_dev *dev, uint16_t mtu);
static int qlxge_dev_infos_get(struct rte_eth_dev *dev, struct rte_eth_dev_info *info);
static int qlxge_fw_version_get(struct rte_eth_dev *dev, char *fw_version, size_t fw_size);
static const uint32_t *qlxge_dev_supported_ptypes_get(struct rte_eth_dev *dev);
static int qlxge_dev_led_on(struct rte_eth_dev *dev);
static int qlxge_dev_led_off(struct rte_eth_dev *dev);
static int qlxge_flow_ctrl_get(struct rte_eth_dev *dev, struct rte_eth_fc_conf *fc);
static int qlxge_flow_ctrl_set(struct rte_eth_dev *dev, struct rte_eth_fc_conf *fc);
static int qlxge_dev_reset(struct rte_eth_dev *dev);
static int qlxge_dev_frame_apply(struct rte_eth_dev *dev, uint16_t mtu);

/* In eth_dev_ops order. */
static const struct eth_dev_ops qlxge_eth_dev_ops = {
	.dev_configure = qlxge_dev_configure,
	.dev_start = qlxge_dev_start,
	.dev_stop = qlxge_dev_stop,
	.dev_set_link_up = qlxge_dev_set_link_up,
	.dev_set_link_down = qlxge_dev_set_link_down,
	.dev_close = qlxge_dev_close,
	.dev_reset = qlxge_dev_reset,
	.link_update = qlxge_link_update,
	.promiscuous_enable = qlxge_promiscuous_enable,
	.promiscuous_disable = qlxge_promiscuous_disable,
	.allmulticast_enable = qlxge_allmulticast_enable,
	.allmulticast_disable = qlxge_allmulticast_disable,
	.mac_addr_remove = qlxge_mac_addr_remove,
	.mac_addr_add = qlxge_mac_addr_add,
	.mac_addr_set = qlxge_mac_addr_set,
	.set_mc_addr_list = qlxge_set_mc_addr_list,
	.mtu_set = qlxge_mtu_set,
	.stats_get = qlxge_stats_get,
	.stats_reset = qlxge_stats_reset,
	.xstats_get = qlxge_xstats_get,
	.xstats_reset = qlxge_stats_reset,
	.xstats_get_names = qlxge_xstats_get_names,
	.dev_infos_get = qlxge_dev_infos_get,
	.rxq_info_get = qlxge_rxq_info_get,
	.txq_info_get = qlxge_txq_info_get,
	.rx_burst_mode_get = qlxge_rx_burst_mode_get,
	.tx_burst_mode_get = qlxge_tx_burst_mode_get,
	.fw_version_get = qlxge_fw_version_get,
	.dev_supported_ptypes_get = qlxge_dev_supported_ptypes_get,
	.vlan_filter_set = qlxge_vlan_filter_set,
	.vlan_offload_set = qlxge_vlan_offload_set,
	.rx_queue_start = qlxge_rx_queue_start,
	.rx_queue_stop = qlxge_rx_queue_stop,
	.tx_queue_start = qlxge_tx_queue_start,
	.tx_queue_stop = qlxge_tx_queue_stop,
	.rx_queue_setup = qlxge_rx_queue_setup,
	.rx_queue_release = qlxge_rx_queue_release,
	.rx_queue_intr_enable = qlxge_rx_queue_intr_enable,
	.rx_queue_intr_disable = qlxge_rx_queue_intr_disable,
	.tx_queue_setup = qlxge_tx_queue_setup,
	.tx_queue_release = qlxge_tx_queue_release,
	.tx_done_cleanup = qlxge_tx_done_cleanup,
	.dev_led_on = qlxge_dev_led_on,
	.dev_led_off = qlxge_dev_led_off,
	.flow_ctrl_get = qlxge_flow_ctrl_get,
	.flow_ctrl_set = qlxge_flow_ctrl_set,
	.rss_hash_update = qlxge_rss_hash_update,
	.rss_hash_conf_get = qlxge_rss_hash_conf_get,
	.reta_update = qlxge_reta_update,
	.reta_query = qlxge_reta_query,
	.get_reg = qlxge_get_reg,
};

/*
 * The ops of a secondary process (dpdk-proc-info, dpdk-dumpcap beside the application): the
 * primary owns the port, so a secondary looks and does not reconfigure: statistics (and their
 * reset), information, link, registers; and the receive filter modes, which dpdk-dumpcap sets
 * for its capture. Everything reaches the device through this process's own bus. No burst:
 * the queues' doorbell addresses are the primary's (see qlxge_dev_init_secondary()).
 */
static const struct eth_dev_ops qlxge_eth_dev_sec_ops = {
	.dev_close = qlxge_dev_close,
	.link_update = qlxge_link_update,
	.promiscuous_enable = qlxge_promiscuous_enable,
	.promiscuous_disable = qlxge_promiscuous_disable,
	.allmulticast_enable = qlxge_allmulticast_enable,
	.allmulticast_disable = qlxge_allmulticast_disable,
	.stats_get = qlxge_stats_get,
	.stats_reset = qlxge_stats_reset,
	.xstats_get = qlxge_xstats_get,
	.xstats_reset = qlxge_stats_reset,
	.xstats_get_names = qlxge_xstats_get_names,
	.dev_infos_get = qlxge_dev_infos_get,
	.rxq_info_get = qlxge_rxq_info_get,
	.txq_info_get = qlxge_txq_info_get,
	.rx_burst_mode_get = qlxge_rx_burst_mode_get,
	.tx_burst_mode_get = qlxge_tx_burst_mode_get,
	.fw_version_get = qlxge_fw_version_get,
	.dev_supported_ptypes_get = qlxge_dev_supported_ptypes_get,
	.flow_ctrl_get = qlxge_flow_ctrl_get,
	.rss_hash_conf_get = qlxge_rss_hash_conf_get,
	.reta_query = qlxge_reta_query,
	.get_reg = qlxge_get_reg,
};

/* ---- bring-up and teardown of the function (§4) ----------------------------------------- */

/* At probe and at reset: the function brought up by base/, then owned by this port. */
static int
qlxge_dev_hw_up(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	int ret;

	ret = qlxge_reset_bringup(QLXGE_DEV_HW(dev));
	if (ret == 0)
		ad->hw_up = true;
	return ret;
}

/* §4.4: what the port changed undone, filters gone, the function reset and disabled. */
static void
qlxge_dev_hw_down(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);

	if (!ad->hw_up)
		return;
	/* teardown undoes what the port did: a blinking LED goes back to what probe found */
	if (ad->led_changed && !qlxge_dev_fatal(ad)) {
		if (qlxge_mbox_led_set(QLXGE_DEV_HW(dev), ad->st.led_saved) != 0)
			QLXGE_DRV_LOG(WARNING, "port %u: LED configuration not restored",
				      dev->data->port_id);
		else
			ad->led_changed = false;
	}
	qlxge_filter_close(dev);
	qlxge_reset_teardown(QLXGE_DEV_HW(dev));
	ad->hw_up = false;
}

/* ---- configure, start, stop, close, reset ------------------------------------------------ */

static int
qlxge_dev_configure(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	const struct rte_eth_conf *conf = &dev->data->dev_conf;
	int ret;

	if (conf->rxmode.mq_mode != RTE_ETH_MQ_RX_NONE &&
	    conf->rxmode.mq_mode != RTE_ETH_MQ_RX_RSS) {
		QLXGE_DRV_LOG(ERR, "port %u: RX multi-queue mode %d not supported (none or RSS)",
			      dev->data->port_id, conf->rxmode.mq_mode);
		return -EINVAL;
	}
	if (conf->txmode.mq_mode != RTE_ETH_MQ_TX_NONE) {
		QLXGE_DRV_LOG(ERR, "port %u: TX multi-queue mode %d not supported",
			      dev->data->port_id, conf->txmode.mq_mode);
		return -EINVAL;
	}
	ret = qlxge_link_conf_check(dev);
	if (ret != 0)
		return ret;
	ret = qlxge_rx_intr_configure(dev);
	if (ret != 0)
		return ret;
	if (qlxge_dev_broken(ad)) {
		QLXGE_DRV_LOG(ERR, "port %u: fatal error pending, reset the port first",
			      dev->data->port_id);
		return -EIO;
	}
	ret = qlxge_rss_configure(dev);
	if (ret != 0)
		return ret;
	ad->vlan_filter = (conf->rxmode.offloads & RTE_ETH_RX_OFFLOAD_VLAN_FILTER) != 0;
	ad->vlan_strip = (conf->rxmode.offloads & RTE_ETH_RX_OFFLOAD_VLAN_STRIP) != 0;
	/* the counters run on: only a statistics reset starts them again (qlxge_stats.c) */
	return 0;
}

/* Doorbells invalidated: the device is told to leave every queue (FreeBSD's teardown, §5). */
static void
qlxge_queues_halt(struct rte_eth_dev *dev)
{
	uint16_t i;

	for (i = 0; i < dev->data->nb_tx_queues; i++)
		qlxge_tx_queue_halt(dev, i);
	for (i = 0; i < dev->data->nb_rx_queues; i++)
		qlxge_rx_queue_halt(dev, i);
}

static void
qlxge_queues_free_bufs(struct rte_eth_dev *dev)
{
	uint16_t i;

	for (i = 0; i < dev->data->nb_tx_queues; i++)
		qlxge_tx_queue_free_bufs(dev, i);
	for (i = 0; i < dev->data->nb_rx_queues; i++)
		qlxge_rx_queue_free_bufs(dev, i);
}

/*
 * Doorbells invalidated, filters gone, function reset (§4.2, the running form), and only then
 * the buffers freed: until the reset the device may still write a receive buffer or read a
 * frame (Linux resets first and frees after, §4.4). Then the base registers and interrupts
 * again, so that firmware, link and a later start work as after probe.
 */
static int
qlxge_dev_quiesce(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	int ret;

	qlxge_queues_halt(dev);
	qlxge_filter_stop(dev);
	/* after an adapter error the firmware is not asked to stop management traffic (Linux) */
	ret = qlxge_reset_func(QLXGE_DEV_HW(dev), !qlxge_dev_fatal(ad));
	qlxge_queues_free_bufs(dev);
	qlxge_reset_base_init(QLXGE_DEV_HW(dev));
	if (ad->st.irq)
		qlxge_irq_enable(QLXGE_DEV_HW(dev));
	return ret;
}

/* The administrative link (qlxge_link.c); its change is reported by an LSC event right away. */
static int
qlxge_dev_set_link(struct rte_eth_dev *dev, bool up)
{
	int ret;

	ret = qlxge_link_set(dev, up);
	if (ret == 0)
		qlxge_intr_lsc_kick(dev);
	return ret;
}

static int
qlxge_dev_set_link_up(struct rte_eth_dev *dev)
{
	return qlxge_dev_set_link(dev, true);
}

static int
qlxge_dev_set_link_down(struct rte_eth_dev *dev)
{
	return qlxge_dev_set_link(dev, false);
}

/*
 * Every queue the configuration asked for must be set up before start (ethdev does not check,
 * and a burst on a queue never set up would find no queue): -EINVAL, naming the first one
 * missing, as a start with a bad configuration fails on other PMDs.
 */
static int
qlxge_dev_queues_check(struct rte_eth_dev *dev)
{
	uint16_t i;

	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		if (dev->data->rx_queues[i] == NULL) {
			QLXGE_DRV_LOG(ERR, "port %u: RX queue %u of %u is not set up "
				      "(rte_eth_rx_queue_setup): not started", dev->data->port_id,
				      i, dev->data->nb_rx_queues);
			return -EINVAL;
		}
	}
	for (i = 0; i < dev->data->nb_tx_queues; i++) {
		if (dev->data->tx_queues[i] == NULL) {
			QLXGE_DRV_LOG(ERR, "port %u: TX queue %u of %u is not set up "
				      "(rte_eth_tx_queue_setup): not started", dev->data->port_id,
				      i, dev->data->nb_tx_queues);
			return -EINVAL;
		}
	}
	return 0;
}

static int
qlxge_dev_start(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct qlxge_rxq *rxq;
	struct qlxge_txq *txq;
	uint16_t i;
	int ret;

	if (qlxge_dev_broken(ad) || !ad->hw_up) {
		QLXGE_DRV_LOG(ERR, "port %u: adapter in error, reset the port first",
			      dev->data->port_id);
		return -EIO;
	}
	ret = qlxge_dev_queues_check(dev);
	if (ret != 0)
		return ret;
	/* the MAC enables first, so a port set down before start never passes a frame */
	ret = qlxge_link_mac_apply(dev);
	if (ret != 0)
		return ret;
	/* the MTU's max frame before the queues: their bounds follow it */
	ret = qlxge_dev_frame_apply(dev, dev->data->mtu);
	/* the loop before the queues: no frame of a looped port goes on the wire */
	if (ret == 0)
		ret = qlxge_link_loopback_apply(dev, true);
	if (ret != 0) {
		qlxge_link_mac_restore(dev);
		return ret;
	}
	/* the RX queues' vectors before the queues: their ICBs name them */
	ret = qlxge_rx_intr_start(dev);
	if (ret != 0) {
		qlxge_link_mac_restore(dev);
		return ret;
	}
	/* §4.3: completion queues (RX, then each TX queue's), RSS, work queues, filters */
	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		rxq = dev->data->rx_queues[i];
		if (rxq->deferred_start) {
			dev->data->rx_queue_state[i] = RTE_ETH_QUEUE_STATE_STOPPED;
			continue;
		}
		ret = qlxge_rx_queue_start(dev, i);
		if (ret != 0)
			goto err_quiesce;
	}
	for (i = 0; i < dev->data->nb_tx_queues; i++) {
		txq = dev->data->tx_queues[i];
		if (txq->deferred_start) {
			dev->data->tx_queue_state[i] = RTE_ETH_QUEUE_STATE_STOPPED;
			continue;
		}
		ret = qlxge_tx_queue_start(dev, i);
		if (ret != 0)
			goto err_quiesce;
	}
	qlxge_rx_burst_select(dev);
	qlxge_tx_burst_select(dev);
	ad->started = true;
	ret = qlxge_rss_apply(dev);
	if (ret == 0)
		ret = qlxge_filter_start(dev);
	if (ret != 0)
		goto err_quiesce;
	qlxge_link_update(dev, 0);
	/* a link reported down before (a fatal error, a reset) is reported up at once, not at
	 * the next service period */
	qlxge_intr_lsc_kick(dev);
	return 0;

err_quiesce:
	QLXGE_DRV_LOG(ERR, "port %u: start failed: %d", dev->data->port_id, ret);
	ad->started = false;
	qlxge_dev_quiesce(dev);
	qlxge_rx_intr_stop(dev);
	if (!qlxge_dev_fatal(ad))
		qlxge_link_loopback_apply(dev, false);
	qlxge_link_mac_restore(dev);
	return ret;
}

/*
 * Stop leaves the function as reset found it: queues and filters gone, the MAC enables set (by
 * the firmware on the ISP8000, by the §4.6 bring-up on the ISP8012). A set_link_down made while
 * started ends here: the next start brings the port up, as on other PMDs.
 *
 * The port is stopped whatever the adapter answers: its queues are gone and their buffers freed
 * either way. An adapter that did not answer (a firmware that takes no command, a function reset
 * that does not complete) is an adapter error, reported as RTE_ETH_EVENT_INTR_RESET: the next
 * start needs rte_eth_dev_reset(), as Linux resets a firmware that times out. Failing the stop
 * instead would leave ethdev calling the port started, and refusing the very reset that
 * recovers it.
 */
static int
qlxge_dev_stop(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	int ret, ret2;

	if (!ad->started)
		return 0;
	ad->started = false;
	dev->data->dev_started = 0;
	ret = qlxge_dev_quiesce(dev);
	qlxge_rx_intr_stop(dev);
	/* the loop goes with the queues (a firmware in error is not asked: reset clears it) */
	if (!qlxge_dev_fatal(ad) && ret == 0)
		ret = qlxge_link_loopback_apply(dev, false);
	ret2 = qlxge_link_mac_restore(dev);
	__atomic_store_n(&ad->admin_down, false, __ATOMIC_RELEASE);
	if (ret == 0)
		ret = ret2;
	if (ret != 0 && !qlxge_dev_fatal(ad)) {
		QLXGE_DRV_LOG(ERR, "port %u: stopped, but the adapter did not answer (%d): reset "
			      "the port (rte_eth_dev_reset) before starting it again",
			      dev->data->port_id, ret);
		qlxge_dev_request_reset(ad);
	}
	return 0;
}

int
qlxge_dev_close(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint16_t i;

	/* a secondary leaves the port to the primary: only its own part goes */
	if (rte_eal_process_type() != RTE_PROC_PRIMARY) {
		if (dev->process_private == NULL)
			return 0;
		if (QLXGE_DEV_PROC(dev)->release != NULL)
			QLXGE_DEV_PROC(dev)->release(dev);
		rte_free(dev->process_private);
		dev->process_private = NULL;
		return 0;
	}
	if (ad->started)
		qlxge_dev_stop(dev);
	for (i = 0; i < dev->data->nb_rx_queues; i++)
		qlxge_rx_queue_release(dev, i);
	for (i = 0; i < dev->data->nb_tx_queues; i++)
		qlxge_tx_queue_release(dev, i);
	qlxge_intr_teardown(dev);
	qlxge_dev_hw_down(dev);
	qlxge_shared_detach(dev);
	qlxge_rss_free(dev);
	qlxge_sem_fini(&ad->st);
	qlxge_mbox_fini(&ad->st);
	if (QLXGE_DEV_PROC(dev)->release != NULL)
		QLXGE_DEV_PROC(dev)->release(dev);
	rte_free(dev->process_private);
	dev->process_private = NULL;
	return 0;
}

/*
 * rte_eth_dev_reset (after a fatal error): the function is torn down and brought up again with
 * neither the service alarm nor the interrupt handler able to run in between (qlxge_intr.c).
 */
static int
qlxge_dev_reset(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	int ret;

	qlxge_intr_suspend(dev);
	qlxge_dev_hw_down(dev);
	__atomic_store_n(&ad->fatal, false, __ATOMIC_RELEASE);
	__atomic_store_n(&ad->reset_req, false, __ATOMIC_RELEASE);
	ret = qlxge_dev_hw_up(dev);
	if (ret != 0) {
		QLXGE_DRV_LOG(ERR, "port %u: reset failed: %d", dev->data->port_id, ret);
		return ret;
	}
	qlxge_intr_resume(dev);
	qlxge_link_update(dev, 0);
	QLXGE_DRV_LOG(NOTICE, "port %u: reset done", dev->data->port_id);
	return 0;
}

/* ---- small ops --------------------------------------------------------------------------- */

static int
qlxge_dev_infos_get(struct rte_eth_dev *dev, struct rte_eth_dev_info *info)
{
	RTE_SET_USED(dev);
	info->max_rx_queues = QLXGE_MAX_RXQ;
	info->max_tx_queues = QLXGE_MAX_TXQ;
	/* the data room past the headroom, which ethdev adds to it */
	info->min_rx_bufsize = QLXGE_RX_MIN_BUF;
	/* as ixgbe: max_mtu = max_rx_pktlen - (Ethernet header + CRC) */
	info->max_rx_pktlen = QLXGE_ETH_MAX_FRAME;
	info->min_mtu = RTE_ETHER_MIN_MTU;
	info->max_mtu = QLXGE_ETH_MAX_MTU;
	info->max_mac_addrs = QLXGE_MAX_MAC_ADDRS;
	/* LRO merges in the receive burst (qlxge_lro.c), up to GRO's IPv4 limit */
	info->max_lro_pkt_size = QLXGE_LRO_MAX_PKT;
	/* exactly what the bursts implement and tests/unit/pmd/test_pmd_datapath.c proves */
	info->rx_offload_capa = RTE_ETH_RX_OFFLOAD_VLAN_STRIP | RTE_ETH_RX_OFFLOAD_VLAN_FILTER |
				RTE_ETH_RX_OFFLOAD_IPV4_CKSUM | RTE_ETH_RX_OFFLOAD_TCP_CKSUM |
				RTE_ETH_RX_OFFLOAD_UDP_CKSUM | RTE_ETH_RX_OFFLOAD_RSS_HASH |
				RTE_ETH_RX_OFFLOAD_SCATTER | RTE_ETH_RX_OFFLOAD_TCP_LRO;
	/* a shared queue (qlxge_tx_shared.c, tests/unit/pmd/test_pmd_shared_tx.c) per queue */
	info->tx_queue_offload_capa = RTE_ETH_TX_OFFLOAD_MT_LOCKFREE;
	info->tx_offload_capa = RTE_ETH_TX_OFFLOAD_MULTI_SEGS | RTE_ETH_TX_OFFLOAD_IPV4_CKSUM |
				RTE_ETH_TX_OFFLOAD_TCP_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM |
				RTE_ETH_TX_OFFLOAD_TCP_TSO | RTE_ETH_TX_OFFLOAD_VLAN_INSERT |
				RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE | info->tx_queue_offload_capa;
	info->rx_queue_offload_capa = 0;
	info->flow_type_rss_offloads = QLXGE_RSS_OFFLOAD_ALL;
	info->reta_size = QLXGE_RETA_SIZE;
	info->hash_key_size = QLXGE_RSS_KEY_SIZE;
	info->rx_desc_lim.nb_max = QLXGE_RING_MAX;
	info->rx_desc_lim.nb_min = QLXGE_RING_MIN;
	info->rx_desc_lim.nb_align = QLXGE_RING_ALIGN;
	info->tx_desc_lim.nb_max = QLXGE_RING_MAX;
	info->tx_desc_lim.nb_min = QLXGE_RING_MIN;
	info->tx_desc_lim.nb_align = QLXGE_RING_ALIGN;
	/* 8 descriptors in the IOCB, longer chains through the slot's OAL (§7.5) */
	info->tx_desc_lim.nb_seg_max = QLXGE_TX_MAX_SEGS;
	info->tx_desc_lim.nb_mtu_seg_max = QLXGE_TX_MAX_SEGS;
	/* 0: the queue's default, QLXGE_RX_FREE_THRESH_DEFAULT clamped to what a refill posts */
	info->default_rxconf.rx_free_thresh = 0;
	/* 0: the queue's default, reclaim once QLXGE_TX_RECLAIM_BULK slots are taken */
	info->default_txconf.tx_free_thresh = 0;
	info->default_rxportconf.ring_size = QLXGE_RX_RING_DEFAULT;
	info->default_txportconf.ring_size = QLXGE_TX_RING_DEFAULT;
	info->default_rxportconf.nb_queues = 1;
	info->default_txportconf.nb_queues = 1;
	/*
	 * The ports are 10 GbE, but the firmware's link-status word can report 1 Gb and 100 Mb
	 * (§9.4, a 10GBASE-T port at a lower rate) and link_update passes that on: what it can
	 * report is advertised.
	 */
	info->speed_capa = RTE_ETH_LINK_SPEED_10G | RTE_ETH_LINK_SPEED_1G |
			   RTE_ETH_LINK_SPEED_100M;
	info->dev_capa = RTE_ETH_DEV_CAPA_RUNTIME_RX_QUEUE_SETUP |
			 RTE_ETH_DEV_CAPA_RUNTIME_TX_QUEUE_SETUP;
	return 0;
}

/*
 * The frame limits of @mtu on the port (qlxge_pmd.h): the port's max frame, MTU + 18, which the
 * MAC enforces on receive (longer frames are dropped and counted, §11.3), the queues' bound on
 * what a completion may report, and the TX bursts' frame limit. At start, and for an MTU change
 * on a running port.
 */
static int
qlxge_dev_frame_apply(struct rte_eth_dev *dev, uint16_t mtu)
{
	uint32_t frame = qlxge_mtu_to_frame(mtu);
	int ret;

	qlxge_rx_max_len_raise(dev, frame);
	ret = qlxge_port_max_frame_set(QLXGE_DEV_HW(dev), frame);
	if (ret != 0) {
		QLXGE_DRV_LOG(ERR, "port %u: MTU %u: the port's max frame (%u bytes) not set: %d",
			      dev->data->port_id, mtu, frame, ret);
		return ret;
	}
	qlxge_tx_max_len_set(dev, mtu);
	return 0;
}

/*
 * As ixgbe: ethdev checked [min_mtu, max_mtu]; a stopped port takes any MTU, applied by the next
 * start (which checks it against the queues then set up); a started one takes it at once, unless
 * its frames would overflow a receive buffer while the started burst is not the scattered one, or
 * a running queue cannot hold one such frame (-EINVAL: stop the port first, or change the queue).
 */
static int
qlxge_mtu_set(struct rte_eth_dev *dev, uint16_t mtu)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	uint16_t i;
	int ret;

	if (mtu < RTE_ETHER_MIN_MTU || mtu > QLXGE_ETH_MAX_MTU)
		return -EINVAL;
	if (!ad->started)
		return 0;
	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		const struct qlxge_rxq *rxq = dev->data->rx_queues[i];

		ret = rxq != NULL ? qlxge_rx_frame_check(rxq, mtu) : 0;
		if (ret != 0)
			return ret;
	}
	if (!dev->data->scattered_rx && qlxge_rx_needs_scatter(dev, mtu)) {
		QLXGE_DRV_LOG(ERR, "port %u: MTU %u needs scattered RX (%u-byte frames, larger "
			      "than its receive buffers), which the running port does not do: stop "
			      "the port, set the MTU, start it", dev->data->port_id, mtu,
			      qlxge_mtu_to_rx_len(mtu));
		return -EINVAL;
	}
	return qlxge_dev_frame_apply(dev, mtu);
}

static int
qlxge_fw_version_get(struct rte_eth_dev *dev, char *fw_version, size_t fw_size)
{
	uint32_t v = QLXGE_DEV_PRIVATE(dev)->st.fw_version;
	char buf[QLXGE_FW_VERSION_LEN];
	int len;

	len = snprintf(buf, sizeof(buf), "%u.%u.%u",
		       (v & QLXGE_FW_VER_MAJOR_MASK) >> QLXGE_FW_VER_MAJOR_SHIFT,
		       (v & QLXGE_FW_VER_MINOR_MASK) >> QLXGE_FW_VER_MINOR_SHIFT,
		       (v & QLXGE_FW_VER_SUB_MASK) >> QLXGE_FW_VER_SUB_SHIFT) + 1;
	if (fw_size < (size_t)len)
		return len;
	memcpy(fw_version, buf, len);
	return 0;
}

/* What the RX completion classifies (§7.7 flags2/flags3); filled by the receive path. */
static const uint32_t *
qlxge_dev_supported_ptypes_get(struct rte_eth_dev *dev)
{
	static const uint32_t ptypes[] = {
		RTE_PTYPE_L2_ETHER,
		RTE_PTYPE_L2_ETHER_VLAN,	/* tagged, VLAN stripping off */
		RTE_PTYPE_L3_IPV4_EXT_UNKNOWN,	/* V4, V6: with options or extensions, or not */
		RTE_PTYPE_L3_IPV6_EXT_UNKNOWN,
		RTE_PTYPE_L4_TCP,
		RTE_PTYPE_L4_UDP,
		RTE_PTYPE_UNKNOWN,
	};

	RTE_SET_USED(dev);
	return ptypes;
}

/* LED through the firmware (§9.4): "on" blinks (Linux's pattern), "off" restores. */
static int
qlxge_dev_led_on(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	int ret;

	ret = qlxge_mbox_led_set(QLXGE_DEV_HW(dev), QLXGE_LED_BLINK_PATTERN);
	/* even a failed command may have reached the firmware: restore at teardown */
	ad->led_changed = true;
	return ret;
}

static int
qlxge_dev_led_off(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	int ret;

	ret = qlxge_mbox_led_set(QLXGE_DEV_HW(dev), ad->st.led_saved);
	if (ret == 0)
		ad->led_changed = false;
	return ret;
}

/* Pause is the port configuration's standard-pause bit (§9.4 link_config): both or none. */
static int
qlxge_flow_ctrl_get(struct rte_eth_dev *dev, struct rte_eth_fc_conf *fc)
{
	struct qlxge_hw *hw = QLXGE_DEV_HW(dev);
	uint32_t cfg, max_frame;
	int ret;

	ret = qlxge_mbox_get_port_cfg(hw, &cfg, &max_frame);
	if (ret != 0)
		return ret;
	memset(fc, 0, sizeof(*fc));
	fc->mode = (cfg & QLXGE_LINK_CFG_PAUSE_STD) != 0 ? RTE_ETH_FC_FULL : RTE_ETH_FC_NONE;
	fc->autoneg = 0;
	return 0;
}

static int
qlxge_flow_ctrl_set(struct rte_eth_dev *dev, struct rte_eth_fc_conf *fc)
{
	struct qlxge_hw *hw = QLXGE_DEV_HW(dev);
	uint32_t cfg, max_frame;
	int ret;

	if (fc->mode != RTE_ETH_FC_FULL && fc->mode != RTE_ETH_FC_NONE)
		return fc->mode > RTE_ETH_FC_FULL ? -EINVAL : -ENOTSUP;
	if (fc->autoneg != 0 || fc->mac_ctrl_frame_fwd != 0)
		return -ENOTSUP;
	/* the firmware keeps its own thresholds and pause time (SET_PORT_CFG carries none):
	 * a value asked for would be dropped without a word */
	if (fc->high_water != 0 || fc->low_water != 0 || fc->pause_time != 0 ||
	    fc->send_xon != 0) {
		QLXGE_DRV_LOG(ERR, "port %u: flow control: water marks, pause time and XON are "
			      "the firmware's; only 0 (leave them) is taken", dev->data->port_id);
		return -ENOTSUP;
	}
	ret = qlxge_mbox_get_port_cfg(hw, &cfg, &max_frame);
	if (ret != 0)
		return ret;
	cfg &= ~QLXGE_LINK_CFG_PAUSE_MASK;
	if (fc->mode == RTE_ETH_FC_FULL)
		cfg |= QLXGE_LINK_CFG_PAUSE_STD;
	if (cfg == hw->st->link_config)
		return 0;
	return qlxge_mbox_set_port_cfg(hw, cfg, max_frame);
}

/* ---- common init ------------------------------------------------------------------------- */

/* Whether @dev is driven by this driver (the driver's API checks the ports it is given). */
bool
qlxge_dev_is_ours(const struct rte_eth_dev *dev)
{
	return dev->dev_ops == &qlxge_eth_dev_ops || dev->dev_ops == &qlxge_eth_dev_sec_ops;
}

size_t
qlxge_dev_private_size(void)
{
	return sizeof(struct qlxge_adapter);
}

/*
 * A secondary process attaches to a port the primary brought up: it builds its own part of the
 * port (struct qlxge_proc: the probe's bus, valid in this process) on the shared state, and
 * touches neither the device nor the shared state. Its bursts are dummies: the queues in shared
 * memory hold the primary's doorbell addresses (the card's BAR3 is mapped at the same address
 * in every process, but the model's doorbell memory is the primary's own), so the data path
 * stays with the primary; capture (dpdk-dumpcap) works through the primary's callbacks.
 */
static int
qlxge_dev_init_secondary(struct rte_eth_dev *dev, const struct qlxge_init_params *params)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct qlxge_proc *proc;

	proc = rte_zmalloc_socket("qlxge_proc", sizeof(*proc), RTE_CACHE_LINE_SIZE,
				  dev->device->numa_node);
	if (proc == NULL)
		return -ENOMEM;
	proc->hw.bus = params->bus;
	proc->hw.st = &ad->st;
	proc->release = params->release;
	dev->process_private = proc;
	dev->dev_ops = &qlxge_eth_dev_sec_ops;
	dev->rx_pkt_burst = rte_eth_pkt_burst_dummy;
	dev->tx_pkt_burst = rte_eth_pkt_burst_dummy;
	dev->tx_pkt_prepare = NULL;
	QLXGE_INIT_LOG(INFO, "port %u: attached in a secondary process", dev->data->port_id);
	return 0;
}

/*
 * Both probes end here with the function's register bus, doorbell base and interrupt handle:
 * from now on the card and the model are driven by the same code. The probe's bus goes into
 * this process's part of the port (struct qlxge_proc), the function's state into the shared
 * part (struct qlxge_adapter).
 */
int
qlxge_dev_init(struct rte_eth_dev *dev, const struct qlxge_init_params *params)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct qlxge_proc *proc;
	char fw[QLXGE_FW_VERSION_LEN];
	int ret;

	if (rte_eal_process_type() != RTE_PROC_PRIMARY)
		return qlxge_dev_init_secondary(dev, params);

	proc = rte_zmalloc_socket("qlxge_proc", sizeof(*proc), RTE_CACHE_LINE_SIZE,
				  dev->device->numa_node);
	if (proc == NULL)
		return -ENOMEM;
	proc->hw.bus = params->bus;
	proc->hw.st = &ad->st;
	proc->intr_ack = params->intr_ack;
	proc->nb_vectors = params->intr_handle != NULL ? params->nb_vectors : 0;
	proc->vectors_on = params->vectors_on;
	proc->vectors_off = params->vectors_off;
	dev->process_private = proc;
	ad->st.port_id = dev->data->port_id;
	ad->st.device_id = params->device_id;
	dev->dev_ops = &qlxge_eth_dev_ops;
	dev->rx_pkt_burst = qlxge_recv_pkts;
	dev->tx_pkt_burst = qlxge_xmit_pkts;
	dev->tx_pkt_prepare = qlxge_prep_pkts;
	dev->rx_queue_count = qlxge_rx_queue_count;
	dev->rx_descriptor_status = qlxge_rx_descriptor_status;
	dev->tx_descriptor_status = qlxge_tx_descriptor_status;
	dev->intr_handle = params->intr_handle;
	ret = qlxge_mbox_init(&ad->st);
	if (ret != 0)
		goto err_proc;
	ret = qlxge_sem_init(&ad->st);
	if (ret != 0)
		goto err_mbox_fini;
	ret = qlxge_shared_attach(dev, params->adapter_id);
	if (ret != 0)
		goto err_sem_fini;
	dev->data->mac_addrs = rte_zmalloc("qlxge_mac", RTE_ETHER_ADDR_LEN * QLXGE_MAX_MAC_ADDRS,
					   0);
	if (dev->data->mac_addrs == NULL) {
		ret = -ENOMEM;
		goto err_shared;
	}
	ad->rss_mz = rte_eth_dma_zone_reserve(dev, "rss", 0, sizeof(struct qlxge_rss_icb),
					      RTE_CACHE_LINE_SIZE, dev->device->numa_node);
	if (ad->rss_mz == NULL) {
		ret = -ENOMEM;
		goto err_mac;
	}
	ret = qlxge_dev_hw_up(dev);
	if (ret != 0)
		goto err_rss;
	memcpy(ad->perm_mac.addr_bytes, ad->st.mac, RTE_ETHER_ADDR_LEN);
	if (params->mac != NULL) {
		ad->mac_override = true;
		rte_ether_addr_copy(params->mac, &dev->data->mac_addrs[0]);
	} else {
		rte_ether_addr_copy(&ad->perm_mac, &dev->data->mac_addrs[0]);
	}
	qlxge_rss_defaults(dev);
	if (qlxge_stats_init(dev) != 0)
		QLXGE_INIT_LOG(WARNING, "port %u: hardware counters unreadable: they count from "
			       "power-on", dev->data->port_id);
	qlxge_link_update(dev, 0);
	ad->lsc_up = dev->data->dev_link.link_status != 0;
	ret = qlxge_intr_setup(dev);
	if (ret != 0)
		goto err_hw;
	dev->data->dev_flags |= RTE_ETH_DEV_INTR_LSC | RTE_ETH_DEV_AUTOFILL_QUEUE_XSTATS;
	proc->release = params->release;
	qlxge_fw_version_get(dev, fw, sizeof(fw));
	QLXGE_INIT_LOG(NOTICE, "port %u: ISP%04x function %u (port %u), firmware %s, MAC "
		       RTE_ETHER_ADDR_PRT_FMT ", link %s%s", dev->data->port_id, ad->st.device_id,
		       ad->st.func, ad->st.port, fw,
		       RTE_ETHER_ADDR_BYTES(&dev->data->mac_addrs[0]),
		       dev->data->dev_link.link_status ? "up" : "down",
		       ad->polling ? " (polled)" : "");
	return 0;

err_hw:
	qlxge_intr_teardown(dev);
	qlxge_dev_hw_down(dev);
err_rss:
	qlxge_rss_free(dev);
err_mac:
	rte_free(dev->data->mac_addrs);
	dev->data->mac_addrs = NULL;
err_shared:
	qlxge_shared_detach(dev);
err_sem_fini:
	qlxge_sem_fini(&ad->st);
err_mbox_fini:
	qlxge_mbox_fini(&ad->st);
err_proc:
	dev->process_private = NULL;
	rte_free(proc);
	return ret;
}
