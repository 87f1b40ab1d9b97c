/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Flash parameter blocks of the qlxge PMD (§10): the port's block is read through
 * FLASH_ADDR/FLASH_DATA under the flash semaphore, validated (signature, zero halfword sum) and
 * its MAC address taken (§10.2 Linux rule: the BOFM-assigned MAC when data_type1 says so).
 */

#include <errno.h>
#include <string.h>

#include <rte_common.h>
#include <rte_ether.h>

#include "qlxge_regs.h"
#include "qlxge_base.h"
#include "qlxge_osdep.h"

int
qlxge_flash_get_mac(struct qlxge_hw *hw)
{
	union {
		uint32_t dw[QLXGE_FLASH_8000_SIZE / 4];
		struct qlxge_flash_params_8000 p8000;
		struct qlxge_flash_params_8012 p8012;
	} blk;
	const char *sig;
	const uint8_t *mac;
	uint32_t dword, size, i;
	int ret;

	if (hw->st->device_id == QLXGE_PCI_DEVICE_ID_8012) {
		dword = QLXGE_FLASH_8012_DWORD(hw->st->port);
		size = QLXGE_FLASH_8012_SIZE;
		sig = QLXGE_FLASH_8012_SIG;
	} else {
		dword = QLXGE_FLASH_8000_DWORD(hw->st->port);
		size = QLXGE_FLASH_8000_SIZE;
		sig = QLXGE_FLASH_8000_SIG;
	}
	memset(&blk, 0, sizeof(blk));
	ret = qlxge_win_flash_read(hw, dword, RTE_ALIGN_CEIL(size, 4) / 4, blk.dw);
	if (ret != 0) {
		QLXGE_INIT_LOG(ERR, "port %u: cannot read flash block at dword 0x%x: %d",
			       hw->st->port_id, dword, ret);
		return ret;
	}
	/* the flash word is little-endian: bring the bytes into flash order on any host */
	for (i = 0; i < RTE_DIM(blk.dw); i++)
		blk.dw[i] = rte_cpu_to_le_32(blk.dw[i]);
	if (memcmp(blk.p8000.id, sig, QLXGE_FLASH_SIG_LEN) != 0 ||
	    qlxge_flash_sum16(&blk, size) != 0) {
		QLXGE_INIT_LOG(ERR, "port %u: flash block at dword 0x%x invalid "
			       "(id %02x%02x%02x%02x, sum 0x%04x)", hw->st->port_id, dword,
			       blk.p8000.id[0], blk.p8000.id[1], blk.p8000.id[2], blk.p8000.id[3],
			       qlxge_flash_sum16(&blk, size));
		return -EINVAL;
	}
	if (hw->st->device_id == QLXGE_PCI_DEVICE_ID_8012)
		mac = blk.p8012.mac_addr;
	else if (blk.p8000.data_type1 == QLXGE_FLASH_DATA_TYPE_BOFM_MAC)
		mac = blk.p8000.mac_addr1;
	else
		mac = blk.p8000.mac_addr0;
	if (!rte_is_valid_assigned_ether_addr((const struct rte_ether_addr *)mac)) {
		QLXGE_INIT_LOG(ERR, "port %u: flash MAC " RTE_ETHER_ADDR_PRT_FMT " is not a valid "
			       "unicast address", hw->st->port_id, mac[0], mac[1], mac[2], mac[3],
			       mac[4], mac[5]);
		return -EINVAL;
	}
	memcpy(hw->st->mac, mac, sizeof(hw->st->mac));
	return 0;
}
