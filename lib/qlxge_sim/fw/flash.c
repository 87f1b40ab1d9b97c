/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Flash (§10, §16.9; fw/flash.h): the per-port parameter blocks the drivers read through the
 * FLASH_ADDR/FLASH_DATA window, one dword per access. The flash is shared by the functions; the
 * model stores only the parameter blocks (the ISP8000 "8000" blocks at dwords 0x50080 and
 * 0x50180, and the ISP8012 "8012" blocks at dwords 0 and 5, so both personalities find theirs);
 * every other dword reads as erased flash (0xFFFFFFFF). Blocks carry the MACs given at create
 * time and a checksum word making the 16-bit sum of their halfwords 0. Host writes are refused.
 */

#include <string.h>

#include <rte_byteorder.h>

#include "base/log.h"
#include "base/reg.h"
#include "base/state.h"
#include "fw/flash.h"

#define SIM_FLASH_8000_DWORDS	(QLXGE_FLASH_8000_SIZE / 4)

static void
sim_flash_fill_8000(uint8_t *blk, const uint8_t mac[6])
{
	struct qlxge_flash_params_8000 *p = (struct qlxge_flash_params_8000 *)blk;
	uint16_t sum;

	memset(blk, 0, QLXGE_FLASH_8000_SIZE);
	memcpy(p->id, QLXGE_FLASH_8000_SIG, QLXGE_FLASH_SIG_LEN);
	p->version = rte_cpu_to_le_16(1);
	p->size = rte_cpu_to_le_16(QLXGE_FLASH_8000_SIZE);
	p->total_size = rte_cpu_to_le_16(QLXGE_FLASH_8000_SIZE);
	p->entry_count = rte_cpu_to_le_16(4);
	p->data_type0 = 1;
	p->data_size0 = 6;
	memcpy(p->mac_addr0, mac, 6);
	p->data_type1 = 0;	/* not a BOFM address: Linux takes mac_addr0 */
	p->data_size1 = 6;
	p->data_type2 = 3;
	p->data_size2 = 2;
	p->data_type3 = 0xFF;	/* end of entries */
	p->subsys_vid = rte_cpu_to_le_16(QLXGE_PCI_VENDOR_ID);
	p->subsys_did = rte_cpu_to_le_16(0x0001);
	sum = qlxge_flash_sum16(blk, QLXGE_FLASH_8000_SIZE);
	p->csum = rte_cpu_to_le_16((uint16_t)(0u - sum));
}

static void
sim_flash_fill_8012(uint8_t *blk, const uint8_t mac[6])
{
	struct qlxge_flash_params_8012 *p = (struct qlxge_flash_params_8012 *)blk;
	uint16_t sum;

	memset(blk, 0, QLXGE_FLASH_8012_SIZE);
	memcpy(p->id, QLXGE_FLASH_8012_SIG, QLXGE_FLASH_SIG_LEN);
	p->size = rte_cpu_to_le_16(QLXGE_FLASH_8012_SIZE);
	p->ver = rte_cpu_to_le_16(1);
	p->sub_dev_id = rte_cpu_to_le_16(0x0001);
	memcpy(p->mac_addr, mac, 6);
	sum = qlxge_flash_sum16(blk, QLXGE_FLASH_8012_SIZE);
	p->csum = rte_cpu_to_le_16((uint16_t)(0u - sum));
}

int
sim_flash_program(struct qlxge_sim_adapter *ad, const uint8_t mac[][6])
{
	unsigned int i;

	for (i = 0; i < QLXGE_SIM_NUM_FUNCS; i++) {
		sim_flash_fill_8000(ad->flash8000[i], mac[i]);
		sim_flash_fill_8012(&ad->flash8012[i * QLXGE_FLASH_8012_SIZE], mac[i]);
	}
	return 0;
}

static uint32_t
sim_le32_at(const uint8_t *p)
{
	rte_le32_t v;

	memcpy(&v, p, sizeof(v));
	return rte_le_to_cpu_32(v);
}

/* The little-endian dword the flash holds at dword address @p a. */
static uint32_t
sim_flash_dword(const struct qlxge_sim_adapter *ad, uint32_t a)
{
	unsigned int i;

	for (i = 0; i < QLXGE_SIM_NUM_FUNCS; i++) {
		uint32_t base = QLXGE_FLASH_8000_DWORD(i);

		if (a >= base && a < base + SIM_FLASH_8000_DWORDS)
			return sim_le32_at(&ad->flash8000[i][(a - base) * 4]);
	}
	if (a < sizeof(ad->flash8012) / 4)
		return sim_le32_at(&ad->flash8012[a * 4]);
	return 0xFFFFFFFFu;
}

uint32_t
sim_flash_addr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	RTE_SET_USED(row);
	return fn->ad->flash_addr | QLXGE_FLASH_ADDR_RDY;
}

void
sim_flash_addr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v)
{
	struct qlxge_sim_adapter *ad = fn->ad;
	uint32_t a = v & QLXGE_FLASH_ADDR_ADDR_MASK;

	RTE_SET_USED(row);
	ad->flash_addr = a;
	if (v & QLXGE_FLASH_ADDR_R) {
		ad->flash_data = sim_flash_dword(ad, a);
		SIM_TRACE(flash, read, SIM_FN_FMT " dword 0x%06x = 0x%08x", SIM_FN_ARGS(fn), a,
			  ad->flash_data);
		return;
	}
	/* Programming the flash needs erase cycles no driver issues: refuse, flag ERR. */
	ad->flash_addr |= QLXGE_FLASH_ADDR_ERR;
	SIM_WRN(fn, flash, write, SIM_FN_FMT " flash write to dword 0x%06x refused",
		SIM_FN_ARGS(fn), a);
}

uint32_t
sim_flash_data_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	RTE_SET_USED(row);
	return fn->ad->flash_data;
}

void
sim_flash_data_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v)
{
	RTE_SET_USED(row);
	fn->ad->flash_data = v;
}
