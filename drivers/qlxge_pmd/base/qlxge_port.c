/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The function's port: its physical link (STS.PLx, §2.8), the MAC transmitter and receiver
 * enables behind the administrative link state (§11.2), its max frame (§9.4, §11.2), and the
 * port's bring-up, by the firmware on the ISP8000 (§9.7) or by the driver through the XGMAC
 * window on the ISP8012 (§4.6), and its internal loopback (§9.4).
 */

#include <errno.h>

#include "qlxge_regs.h"
#include "qlxge_base.h"
#include "qlxge_osdep.h"

/* §2.8: PL0/PL1 is the port's link state. */
bool
qlxge_port_link_up(const struct qlxge_hw *hw)
{
	return (qlxge_rd32(hw, QLXGE_REG_STS) & QLXGE_STS_PL(hw->st->port)) != 0;
}

/* One MAC enable (EN, bit 1 of TX_CFG or RX_CFG), other bits kept, then read back. */
static int
qlxge_port_mac_en_locked(const struct qlxge_hw *hw, uint32_t reg, uint32_t en, bool on,
			 const char *name)
{
	uint32_t val, want;
	int ret;

	ret = qlxge_win_xgmac_read_locked(hw, reg, &val);
	if (ret != 0)
		goto err;
	want = on ? val | en : val & ~en;
	if (want == val)
		return 0;
	ret = qlxge_win_xgmac_write_locked(hw, reg, want);
	if (ret == 0)
		ret = qlxge_win_xgmac_read_locked(hw, reg, &val);
	if (ret == 0 && (val & en) != (want & en))
		ret = -EIO;	/* the MAC did not take the bit */
	if (ret == 0)
		return 0;
err:
	QLXGE_HW_LOG(ERR, "port %u: XGMAC %s (0x%03x) EN %s failed: %d", hw->st->port_id, name, reg,
		     on ? "set" : "clear", ret);
	return ret;
}

/*
 * §11.2: the port's MAC transmitter and receiver enables, TX_CFG.EN and RX_CFG.EN, both set or
 * both cleared, under the port's XGMAC semaphore (§11.1). The firmware (ISP8000) or the §4.6
 * bring-up (ISP8012) sets them; clear means the MAC neither sends nor receives frames (an
 * inference: the drivers only ever set EN to bring the MAC up, docs/hardware/choices.md). The
 * physical link (STS.PLx) does not follow. TX_CFG first, then RX_CFG; a failure stops there,
 * logged with the register's name, and the caller reports it (-ETIMEDOUT, -EIO).
 */
int
qlxge_port_mac_enable(const struct qlxge_hw *hw, bool on)
{
	int ret;

	ret = qlxge_win_xgmac_lock(hw);
	if (ret != 0)
		return ret;
	ret = qlxge_port_mac_en_locked(hw, QLXGE_XGMAC_TX_CFG, QLXGE_XGMAC_TX_CFG_EN, on,
				       "TX_CFG");
	if (ret == 0)
		ret = qlxge_port_mac_en_locked(hw, QLXGE_XGMAC_RX_CFG, QLXGE_XGMAC_RX_CFG_EN, on,
					       "RX_CFG");
	qlxge_win_xgmac_unlock(hw);
	return ret;
}

/* §4.6 with the port's XGMAC semaphore held: MAC reset, jumbo and statistics, TX/RX enables. */
static int
qlxge_port8012_mac_init_locked(const struct qlxge_hw *hw)
{
	uint32_t val = 0;
	int ret;

	ret = qlxge_win_xgmac_read_locked(hw, QLXGE_XGMAC_GLOBAL_CFG, &val);
	if (ret == 0)
		ret = qlxge_win_xgmac_write_locked(hw, QLXGE_XGMAC_GLOBAL_CFG,
						   val | QLXGE_XGMAC_GLOBAL_CFG_RESET);
	if (ret == 0)
		ret = qlxge_win_xgmac_write_locked(hw, QLXGE_XGMAC_GLOBAL_CFG,
			(val & ~QLXGE_XGMAC_GLOBAL_CFG_RESET) | QLXGE_XGMAC_GLOBAL_CFG_JUMBO |
			QLXGE_XGMAC_GLOBAL_CFG_TX_STAT_EN | QLXGE_XGMAC_GLOBAL_CFG_RX_STAT_EN);
	if (ret == 0)
		ret = qlxge_win_xgmac_read_locked(hw, QLXGE_XGMAC_TX_CFG, &val);
	if (ret == 0)
		ret = qlxge_win_xgmac_write_locked(hw, QLXGE_XGMAC_TX_CFG,
			(val & ~QLXGE_XGMAC_TX_CFG_RESET) | QLXGE_XGMAC_TX_CFG_EN);
	if (ret == 0)
		ret = qlxge_win_xgmac_read_locked(hw, QLXGE_XGMAC_RX_CFG, &val);
	if (ret == 0)
		ret = qlxge_win_xgmac_write_locked(hw, QLXGE_XGMAC_RX_CFG,
			(val & ~QLXGE_XGMAC_RX_CFG_RESET) | QLXGE_XGMAC_RX_CFG_EN);
	if (ret == 0)
		ret = qlxge_win_xgmac_write_locked(hw, QLXGE_XGMAC_MAC_TX_PARAMS,
						   QLXGE_XGMAC_MAC_TX_PARAMS_8012);
	if (ret == 0)
		ret = qlxge_win_xgmac_write_locked(hw, QLXGE_XGMAC_MAC_RX_PARAMS,
						   QLXGE_XGMAC_MAC_RX_PARAMS_8012);
	if (ret == 0)
		qlxge_mwr_set(hw, QLXGE_REG_STS, QLXGE_STS_PIN(hw->st->port));
	return ret;
}

/*
 * §4.6: the ISP8012 has no firmware port init; the first function to take the port's XGMAC
 * semaphore programs the MAC (jumbo, 9600-byte frames) and marks the port initialized; the
 * other one waits for that mark.
 */
static int
qlxge_port8012_init(struct qlxge_hw *hw)
{
	int ret;

	if (qlxge_sem_trylock(hw, QLXGE_SEM_XGMAC(hw->st->port))) {
		ret = qlxge_port8012_mac_init_locked(hw);
		qlxge_win_xgmac_unlock(hw);
	} else {
		ret = qlxge_wait_bit(hw, QLXGE_REG_STS, QLXGE_STS_PIN(hw->st->port), true, 0,
				     QLXGE_RDY_TIMEOUT_US, "STS.PIx (port init by peer)");
	}
	if (ret == 0) {
		hw->st->link_config = QLXGE_LINK_CFG_JUMBO;
		hw->st->max_frame = QLXGE_MAX_FRAME_DEFAULT;
	}
	return ret;
}

/* §11.2 on the ISP8012: the MAC's max TX and RX frame, under the port's XGMAC semaphore. */
static int
qlxge_port8012_max_frame_set(const struct qlxge_hw *hw, uint32_t frame)
{
	int ret;

	ret = qlxge_win_xgmac_lock(hw);
	if (ret != 0)
		return ret;
	ret = qlxge_win_xgmac_write_locked(hw, QLXGE_XGMAC_MAC_TX_PARAMS,
		QLXGE_XGMAC_MAC_TX_PARAMS_JUMBO |
		((frame << QLXGE_XGMAC_MAC_TX_PARAMS_MAX_SHIFT) &
		 QLXGE_XGMAC_MAC_TX_PARAMS_MAX_MASK));
	if (ret == 0)
		ret = qlxge_win_xgmac_write_locked(hw, QLXGE_XGMAC_MAC_RX_PARAMS,
						   frame & QLXGE_XGMAC_MAC_RX_PARAMS_MAX_MASK);
	qlxge_win_xgmac_unlock(hw);
	return ret;
}

/*
 * The port's max frame, in bytes on the wire with the FCS (docs/hardware/choices.md, "Port max
 * frame"): through the firmware's port configuration on the ISP8000 (§9.4 SET_PORT_CFG mb2,
 * link_config kept, jumbo on as §9.7 leaves it), through the MAC's frame-size registers on the
 * ISP8012, which has no firmware port configuration (§4.6, §11.2). Nothing is sent when the
 * port already has it. The caller keeps @frame within [64, QLXGE_MAX_FRAME_DEFAULT].
 */
int
qlxge_port_max_frame_set(struct qlxge_hw *hw, uint32_t frame)
{
	int ret;

	if (frame == hw->st->max_frame)
		return 0;
	if (hw->st->device_id == QLXGE_PCI_DEVICE_ID_8012) {
		ret = qlxge_port8012_max_frame_set(hw, frame);
		if (ret == 0)
			hw->st->max_frame = frame;
	} else {
		ret = qlxge_mbox_set_port_cfg(hw, hw->st->link_config | QLXGE_LINK_CFG_JUMBO,
					      frame);
	}
	if (ret != 0)
		QLXGE_HW_LOG(ERR, "port %u: max frame %u -> %u not set: %d", hw->st->port_id,
			     hw->st->max_frame, frame, ret);
	return ret;
}

/*
 * Port bring-up: by the firmware on the ISP8000 (§9.7), by the driver on the ISP8012 (§4.6).
 * Then the MAC enables (§11.2) are read back and set where they are not (the firmware or the
 * §4.6 bring-up sets them; a port found with them clear would neither send nor receive).
 */
int
qlxge_port_init(struct qlxge_hw *hw)
{
	int ret;

	if (hw->st->device_id == QLXGE_PCI_DEVICE_ID_8012)
		ret = qlxge_port8012_init(hw);
	else
		ret = qlxge_mbox_port_init(hw);
	if (ret == 0)
		ret = qlxge_port_mac_enable(hw, true);
	return ret;
}

/*
 * Whether the port can loop: the ISP8012 has no firmware port configuration and its sources
 * name no MAC loopback.
 */
bool
qlxge_port_has_loopback(const struct qlxge_hw *hw)
{
	return hw->st->device_id != QLXGE_PCI_DEVICE_ID_8012;
}

/*
 * The port's loopback mode (§9.4 link_config 2:0, QLXGE_LINK_CFG_LOOPBACK_*) through the
 * firmware's port configuration on the ISP8000, the max frame and pause kept: the way Linux
 * loops the port at the PCS for its self-test. Only "none" where the port cannot loop
 * (-ENOTSUP otherwise). Nothing is sent when the configuration last read or set has @mode (as
 * for the max frame: a start or stop of a port that never loops asks nothing of the firmware);
 * otherwise the configuration is read again first, the rest of it kept.
 */
int
qlxge_port_loopback_set(struct qlxge_hw *hw, uint32_t mode)
{
	uint32_t cfg, max_frame, want;
	int ret;

	if (!qlxge_port_has_loopback(hw))
		return mode == QLXGE_LINK_CFG_LOOPBACK_NONE ? 0 : -ENOTSUP;
	if ((hw->st->link_config & QLXGE_LINK_CFG_LOOPBACK_MASK) == mode)
		return 0;
	ret = qlxge_mbox_get_port_cfg(hw, &cfg, &max_frame);
	if (ret != 0)
		return ret;
	want = (cfg & ~QLXGE_LINK_CFG_LOOPBACK_MASK) | (mode & QLXGE_LINK_CFG_LOOPBACK_MASK);
	if (want == cfg)
		return 0;
	return qlxge_mbox_set_port_cfg(hw, want, max_frame);
}
