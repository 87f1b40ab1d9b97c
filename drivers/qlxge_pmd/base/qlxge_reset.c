/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The NIC function's life (§4): function reset (§4.2), the bring-up at probe and after an
 * ethdev reset (which NIC function and port we are, the base registers of §4.3, firmware ready
 * and its version, port configuration, factory MAC, LED and link state) and the teardown that
 * leaves the function as reset found it (§4.4).
 */

#include <errno.h>

#include <rte_cycles.h>

#include "qlxge_regs.h"
#include "qlxge_base.h"
#include "qlxge_osdep.h"

/*
 * §1, §4.1 (Linux): our function number is STS[7:6]; MPI word 0x1002 names the two NIC
 * functions; the lower one is port 0. REV_ID is kept for the register dump.
 */
static int
qlxge_reset_identify(struct qlxge_hw *hw)
{
	uint32_t sts, fpc, nic1, nic2;
	int ret;

	sts = qlxge_rd32(hw, QLXGE_REG_STS);
	hw->st->func = qlxge_field_get(sts, QLXGE_STS_FUNC_ID_MASK, QLXGE_STS_FUNC_ID_SHIFT);
	ret = qlxge_win_proc_read(hw, QLXGE_MPI_ADDR(QLXGE_MPI_MODULE_RISC,
						     QLXGE_MPI_TEST_FUNC_PORT_CFG), &fpc);
	if (ret != 0) {
		QLXGE_INIT_LOG(ERR, "cannot read MPI function/port word 0x%x: %d",
			       QLXGE_MPI_TEST_FUNC_PORT_CFG, ret);
		return ret;
	}
	nic1 = qlxge_field_get(fpc, QLXGE_MPI_FPC_NIC1_FUNC_MASK, QLXGE_MPI_FPC_NIC1_FUNC_SHIFT);
	nic2 = qlxge_field_get(fpc, QLXGE_MPI_FPC_NIC2_FUNC_MASK, QLXGE_MPI_FPC_NIC2_FUNC_SHIFT);
	if (hw->st->func == nic1 && hw->st->func != nic2) {
		hw->st->port = nic1 < nic2 ? 0 : 1;
	} else if (hw->st->func == nic2 && hw->st->func != nic1) {
		hw->st->port = nic2 < nic1 ? 0 : 1;
	} else {
		QLXGE_INIT_LOG(ERR, "PCI function %u is not one NIC function of the adapter "
			       "(MPI 0x%x = 0x%08x)", hw->st->func, QLXGE_MPI_TEST_FUNC_PORT_CFG,
			       fpc);
		return -ENODEV;
	}
	hw->st->rev_id = qlxge_rd32(hw, QLXGE_REG_REV_ID);
	return 0;
}

/*
 * §4.2 function reset. With @running (the function was brought up), first clear the routing
 * slots and stop management traffic until the NIC FIFO drains, then reset, then resume
 * management traffic. Failures before the reset are only logged (both drivers go on): the
 * reset is what makes the function forget queues whose memory is about to be freed.
 * Without @running, reset only.
 */
int
qlxge_reset_func(struct qlxge_hw *hw, bool running)
{
	uint32_t mgmt = 0;
	uint32_t waited;
	int ret = 0;

	if (running) {
		if (qlxge_route_clear_all(hw) != 0)
			QLXGE_HW_LOG(WARNING, "port %u: routing slots not cleared",
				     hw->st->port_id);
		ret = qlxge_mbox_mgmt_ctl(hw, QLXGE_MGMT_CTL_STOP);
		if (ret != 0 && ret != -EALREADY)
			QLXGE_HW_LOG(WARNING, "port %u: management traffic not stopped: %d",
				     hw->st->port_id, ret);
		if (qlxge_wait_bit(hw, QLXGE_REG_STS, QLXGE_STS_NFE, true, 0,
				   QLXGE_NFE_TIMEOUT_US, "STS.NFE") != 0)
			QLXGE_HW_LOG(WARNING, "port %u: NIC FIFO not empty, resetting anyway",
				     hw->st->port_id);
		for (waited = 0; ret == 0 && waited < QLXGE_NFE_TIMEOUT_US; waited += 1000) {
			if (qlxge_mbox_mgmt_status(hw, &mgmt) != 0 ||
			    (mgmt & QLXGE_MGMT_CTL_STS_FIFO_EMPTY) != 0)
				break;
			rte_delay_us(1000);
		}
	}
	qlxge_mwr_set(hw, QLXGE_REG_RST_FO, QLXGE_RST_FO_FR);
	ret = qlxge_wait_bit(hw, QLXGE_REG_RST_FO, QLXGE_RST_FO_FR, false, 0,
			     QLXGE_RESET_TIMEOUT_US, "RST_FO.FR (function reset)");
	if (ret != 0)
		return ret;
	if (running) {
		ret = qlxge_mbox_mgmt_ctl(hw, QLXGE_MGMT_CTL_RESUME);
		if (ret == -EALREADY)
			ret = 0;
	}
	return ret;
}

/*
 * §4.3 steps 1-7 (Linux order, x86 values): system error stops, default CQ 0, MPI interrupt
 * source enabled, function enabled with 4 KiB pages and 1024-byte DMA bursts, no header split,
 * receive routing by the receiving function, management processor not stealing frames.
 */
void
qlxge_reset_base_init(const struct qlxge_hw *hw)
{
	qlxge_mwr_set(hw, QLXGE_REG_SYS, QLXGE_SYS_EFE | QLXGE_SYS_FAE);
	qlxge_mwr_clear(hw, QLXGE_REG_NIC_RCV_CFG, QLXGE_NIC_RCV_CFG_DFQ_MASK);
	qlxge_mwr_set(hw, QLXGE_REG_INTR_MASK, QLXGE_INTR_MASK_PI);
	qlxge_mwr_field(hw, QLXGE_REG_FSC,
			QLXGE_FSC_FE | QLXGE_FSC_VM_PAGE_MASK | QLXGE_FSC_EPC_MASK |
			QLXGE_FSC_EC | QLXGE_FSC_DBL_MASK | QLXGE_FSC_DBRST_MASK,
			QLXGE_FSC_FE | QLXGE_FSC_VM_PAGE_4K | QLXGE_FSC_EPC_INBOUND |
			QLXGE_FSC_EPC_OUTBOUND | QLXGE_FSC_EC | QLXGE_FSC_DBRST_1024);
	qlxge_wr32(hw, QLXGE_REG_SPLT_HDR, 0);
	qlxge_mwr_field(hw, QLXGE_REG_RST_FO, QLXGE_RST_FO_RR_MASK, QLXGE_RST_FO_RR_RCV_FUNC_CQ);
	qlxge_mwr_clear(hw, QLXGE_REG_MGMT_RCV_CFG, QLXGE_MGMT_RCV_CFG_RM);
}

/* The function disabled again, as a fresh reset leaves it. */
static void
qlxge_reset_func_disable(const struct qlxge_hw *hw)
{
	qlxge_mwr_clear(hw, QLXGE_REG_FSC, QLXGE_FSC_FE);
}

/*
 * §4.1-4.3: function reset, which NIC function and port we are, the base registers (function
 * enable included), firmware ready and its version, port configuration (jumbo, 9600-byte
 * frames), the flash MAC, the LED state to restore and the link state. A failure after the
 * function was enabled disables it again.
 */
int
qlxge_reset_bringup(struct qlxge_hw *hw)
{
	int ret;

	/* whatever is posted in the mailbox is not known to be ours: resynchronise first */
	qlxge_mbox_desync(hw);
	ret = qlxge_reset_func(hw, false);
	if (ret != 0)
		return ret;
	ret = qlxge_reset_identify(hw);
	if (ret != 0)
		return ret;
	qlxge_reset_base_init(hw);
	ret = qlxge_mbox_fw_ready(hw);
	if (ret == 0)
		ret = qlxge_mbox_about_fw(hw);
	if (ret == 0)
		ret = qlxge_port_init(hw);
	if (ret == 0)
		ret = qlxge_flash_get_mac(hw);
	if (ret != 0) {
		qlxge_reset_func_disable(hw);
		return ret;
	}
	if (qlxge_mbox_led_get(hw, &hw->st->led_saved) != 0)
		hw->st->led_saved = 0;
	if (qlxge_mbox_get_link_status(hw) != 0)
		QLXGE_INIT_LOG(WARNING, "port %u: link status unknown", hw->st->port_id);
	return 0;
}

/* §4.4: function reset, function disabled: as the probe's reset found it. */
void
qlxge_reset_teardown(struct qlxge_hw *hw)
{
	if (qlxge_reset_func(hw, false) != 0)
		QLXGE_DRV_LOG(WARNING, "port %u: function reset failed at teardown",
			      hw->st->port_id);
	qlxge_reset_func_disable(hw);
}
