/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The link of a qlxge port: its state for ethdev (STS.PLx and the firmware's link-status word)
 * and the administrative link state behind set_link_up/down, which is the port's MAC enables
 * (§11.2): set down, the MAC neither sends nor receives and the link reads down, though the
 * PHY's link stays; what a configuration may ask of the link (speeds, loopback). Reporting a
 * change (LSC events) is the interrupt service's (qlxge_intr.c).
 */

#include <errno.h>

#include <rte_cycles.h>

#include "qlxge_pmd.h"
#include "qlxge_log.h"
#include "rte_pmd_qlxge.h"

#define QLXGE_LINK_WAIT_US	1000000u	/* link_update with wait_to_complete */

/* ---- link state -------------------------------------------------------------------------- */

/*
 * Link state is STS.PLx (§2.8); speed is the firmware's link-status word (§9.4). A port set down
 * (set_link_down) reports down: its MAC neither sends nor receives, though the PHY's link stays.
 */
int
qlxge_link_update(struct rte_eth_dev *dev, int wait_to_complete)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	struct rte_eth_link link = { .link_duplex = RTE_ETH_LINK_FULL_DUPLEX,
				     .link_autoneg = RTE_ETH_LINK_FIXED };
	uint32_t waited = 0;
	bool up = false;

	if (ad->hw_up && !qlxge_dev_fatal(ad) &&
	    !__atomic_load_n(&ad->admin_down, __ATOMIC_ACQUIRE)) {
		up = qlxge_port_link_up(QLXGE_DEV_HW(dev));
		while (!up && wait_to_complete && waited < QLXGE_LINK_WAIT_US) {
			rte_delay_us(10000);
			waited += 10000;
			up = qlxge_port_link_up(QLXGE_DEV_HW(dev));
		}
	}
	if (up) {
		link.link_status = RTE_ETH_LINK_UP;
		switch (ad->st.link_status & QLXGE_LINK_STS_SPEED_MASK) {
		case QLXGE_LINK_STS_SPEED_1GB:
			link.link_speed = RTE_ETH_SPEED_NUM_1G;
			break;
		case QLXGE_LINK_STS_SPEED_100MB:
			link.link_speed = RTE_ETH_SPEED_NUM_100M;
			break;
		default:
			link.link_speed = RTE_ETH_SPEED_NUM_10G;
			break;
		}
	} else {
		link.link_status = RTE_ETH_LINK_DOWN;
		link.link_speed = RTE_ETH_SPEED_NUM_NONE;
	}
	return rte_eth_linkstatus_set(dev, &link);
}

/* ---- administrative link: the port's MAC enables (§11.2) -------------------------------- */

/* Set the MAC enables again if this port cleared them. */
int
qlxge_link_mac_restore(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	int ret;

	if (!ad->mac_off)
		return 0;
	ret = qlxge_port_mac_enable(QLXGE_DEV_HW(dev), true);
	if (ret != 0) {
		QLXGE_DRV_LOG(ERR, "port %u: MAC enables not restored: %d", dev->data->port_id,
			      ret);
		return ret;
	}
	ad->mac_off = false;
	return 0;
}

/* At start: the MAC enables as the administrative state wants them (set unless set down). */
int
qlxge_link_mac_apply(struct rte_eth_dev *dev)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	bool down = __atomic_load_n(&ad->admin_down, __ATOMIC_ACQUIRE);
	int ret;

	ret = qlxge_port_mac_enable(QLXGE_DEV_HW(dev), !down);
	if (ret != 0) {
		QLXGE_DRV_LOG(ERR, "port %u: MAC enables not %s: %d", dev->data->port_id,
			      down ? "cleared" : "set", ret);
		if (down)
			qlxge_port_mac_enable(QLXGE_DEV_HW(dev), true);	/* TX may be off already */
		return ret;
	}
	ad->mac_off = down;
	return 0;
}

/*
 * The administrative link state of the port (ethdev checks nothing for these ops). Started: the
 * MAC enables change now. Stopped: only the state is recorded and the next start applies it.
 * Down, the link is reported down whatever STS.PLx says; the caller has the change reported by
 * an LSC event.
 */
int
qlxge_link_set(struct rte_eth_dev *dev, bool up)
{
	struct qlxge_adapter *ad = QLXGE_DEV_PRIVATE(dev);
	int ret;

	if (qlxge_dev_fatal(ad) || !ad->hw_up) {
		QLXGE_DRV_LOG(ERR, "port %u: adapter in error, reset the port first",
			      dev->data->port_id);
		return -EIO;
	}
	if (ad->started) {
		ret = qlxge_port_mac_enable(QLXGE_DEV_HW(dev), up);
		if (ret != 0) {
			QLXGE_DRV_LOG(ERR, "port %u: set link %s failed: %d", dev->data->port_id,
				      up ? "up" : "down", ret);
			/* a half-done disable may have stopped TX: put it back, stay up */
			if (!up && qlxge_port_mac_enable(QLXGE_DEV_HW(dev), true) != 0)
				ad->mac_off = true;
			return ret;
		}
		ad->mac_off = !up;
	}
	__atomic_store_n(&ad->admin_down, !up, __ATOMIC_RELEASE);
	QLXGE_DRV_LOG(INFO, "port %u: link set %s%s", dev->data->port_id, up ? "up" : "down",
		      ad->started ? "" : " (applied at start)");
	qlxge_link_update(dev, 0);
	return 0;
}

/* ---- what a configuration asks of the link: speeds and loopback --------------------------- */

/*
 * At configure, so that a start never runs with a link other than the one asked for.
 * link_speeds: the port's rate is the one its link comes up at and no driver can choose it
 * (§9.4: the port configuration has no speed, the link-status word only reports one), so the
 * port takes autonegotiation, or 10 Gb/s among the rates asked; a fixed other rate, or rates
 * without 10G, are refused rather than ignored. lpbk_mode: RTE_PMD_QLXGE_LPBK_* (the ISP8012
 * has no loopback, qlxge_port_loopback_set).
 */
int
qlxge_link_conf_check(struct rte_eth_dev *dev)
{
	const struct rte_eth_conf *conf = &dev->data->dev_conf;
	uint32_t rates = conf->link_speeds & ~RTE_ETH_LINK_SPEED_FIXED;
	bool fixed = (conf->link_speeds & RTE_ETH_LINK_SPEED_FIXED) != 0;

	if (conf->link_speeds != RTE_ETH_LINK_SPEED_AUTONEG &&
	    (fixed ? rates != RTE_ETH_LINK_SPEED_10G : (rates & RTE_ETH_LINK_SPEED_10G) == 0)) {
		QLXGE_DRV_LOG(ERR, "port %u: link speeds 0x%x not supported: the port runs at the "
			      "rate its link comes up at (autonegotiation, or 10G, fixed or not)",
			      dev->data->port_id, conf->link_speeds);
		return -EINVAL;
	}
	if (conf->lpbk_mode > RTE_PMD_QLXGE_LPBK_INTERNAL) {
		QLXGE_DRV_LOG(ERR, "port %u: loopback mode %u not supported (%u none, %u internal)",
			      dev->data->port_id, conf->lpbk_mode, RTE_PMD_QLXGE_LPBK_NONE,
			      RTE_PMD_QLXGE_LPBK_INTERNAL);
		return -EINVAL;
	}
	if (conf->lpbk_mode != RTE_PMD_QLXGE_LPBK_NONE &&
	    !qlxge_port_has_loopback(QLXGE_DEV_HW(dev))) {
		QLXGE_DRV_LOG(ERR, "port %u: this adapter (ISP8012) has no internal loopback",
			      dev->data->port_id);
		return -ENOTSUP;
	}
	return 0;
}

/*
 * At start, before the queues, so that no frame of a loopback port reaches the wire: the
 * port's loopback mode as lpbk_mode asks (PCS loopback for internal, §9.4). At stop, @on false:
 * the loop goes, as the Linux driver ends its self-test.
 */
int
qlxge_link_loopback_apply(struct rte_eth_dev *dev, bool on)
{
	uint32_t mode = QLXGE_LINK_CFG_LOOPBACK_NONE;
	int ret;

	if (on && dev->data->dev_conf.lpbk_mode == RTE_PMD_QLXGE_LPBK_INTERNAL)
		mode = QLXGE_LINK_CFG_LOOPBACK_PCS;
	ret = qlxge_port_loopback_set(QLXGE_DEV_HW(dev), mode);
	if (ret != 0)
		QLXGE_DRV_LOG(ERR, "port %u: loopback %s not set: %d", dev->data->port_id,
			      mode != QLXGE_LINK_CFG_LOOPBACK_NONE ? "on" : "off", ret);
	return ret;
}
