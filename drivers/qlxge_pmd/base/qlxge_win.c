/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Index/data windows (§2.2): registers behind an address register and a data register, each
 * pair guarded by its semaphore (§3). PROC (§9.1, the firmware's memory: mailboxes, MPI words),
 * FLASH (§10.1) and XGMAC (§11.1) share one protocol: wait for the address register's ready bit
 * (an error bit fails the wait), write the address (with R to read), wait again, move the data.
 * MAC_ADDR (§12.1) and RT (§12.3) are write windows: wait for MW, write the index, then the data.
 * Each wait is bounded by QLXGE_RDY_TIMEOUT_US and fails with -ETIMEDOUT (logged).
 */

#include <errno.h>

#include "qlxge_regs.h"
#include "qlxge_base.h"
#include "qlxge_osdep.h"

/* A read/write window: its registers, bits and the name its waits are logged under. */
struct qlxge_win {
	uint32_t addr_reg;
	uint32_t data_reg;
	uint32_t rdy;		/* address register: the window takes a command */
	uint32_t err;		/* address register: the last command failed */
	uint32_t rd;		/* address register: read command */
	uint32_t addr_mask;	/* address bits of the address register */
	bool write_waits;	/* a write is complete only once ready again (PROC) */
	const char *rdy_name;
};

static const struct qlxge_win qlxge_win_proc = {
	.addr_reg = QLXGE_REG_PROC_ADDR, .data_reg = QLXGE_REG_PROC_DATA,
	.rdy = QLXGE_PROC_ADDR_RDY, .err = QLXGE_PROC_ADDR_ERR, .rd = QLXGE_PROC_ADDR_R,
	.addr_mask = UINT32_MAX, .write_waits = true, .rdy_name = "PROC_ADDR.RDY",
};

static const struct qlxge_win qlxge_win_flash = {
	.addr_reg = QLXGE_REG_FLASH_ADDR, .data_reg = QLXGE_REG_FLASH_DATA,
	.rdy = QLXGE_FLASH_ADDR_RDY, .err = QLXGE_FLASH_ADDR_ERR, .rd = QLXGE_FLASH_ADDR_R,
	.addr_mask = QLXGE_FLASH_ADDR_ADDR_MASK, .rdy_name = "FLASH_ADDR.RDY",
};

static const struct qlxge_win qlxge_win_xgmac = {
	.addr_reg = QLXGE_REG_XGMAC_ADDR, .data_reg = QLXGE_REG_XGMAC_DATA,
	.rdy = QLXGE_XGMAC_ADDR_RDY, .err = QLXGE_XGMAC_ADDR_XME, .rd = QLXGE_XGMAC_ADDR_R,
	.addr_mask = QLXGE_XGMAC_ADDR_REG_MASK, .rdy_name = "XGMAC_ADDR.RDY",
};

static int
qlxge_win_ready(const struct qlxge_hw *hw, const struct qlxge_win *w)
{
	return qlxge_wait_bit(hw, w->addr_reg, w->rdy, true, w->err, QLXGE_RDY_TIMEOUT_US,
			      w->rdy_name);
}

/* The caller holds the window's semaphore. */
static int
qlxge_win_read_locked(const struct qlxge_hw *hw, const struct qlxge_win *w, uint32_t addr,
		      uint32_t *val)
{
	int ret;

	ret = qlxge_win_ready(hw, w);
	if (ret != 0)
		return ret;
	qlxge_wr32(hw, w->addr_reg, (addr & w->addr_mask) | w->rd);
	ret = qlxge_win_ready(hw, w);
	if (ret != 0)
		return ret;
	*val = qlxge_rd32(hw, w->data_reg);
	return 0;
}

static int
qlxge_win_write_locked(const struct qlxge_hw *hw, const struct qlxge_win *w, uint32_t addr,
		       uint32_t val)
{
	int ret;

	ret = qlxge_win_ready(hw, w);
	if (ret != 0)
		return ret;
	qlxge_wr32(hw, w->data_reg, val);
	qlxge_wr32(hw, w->addr_reg, addr & w->addr_mask);
	return w->write_waits ? qlxge_win_ready(hw, w) : 0;
}

/* ---- PROC (§9.1) ------------------------------------------------------------------------ */

int
qlxge_win_proc_read_locked(const struct qlxge_hw *hw, uint32_t addr, uint32_t *val)
{
	return qlxge_win_read_locked(hw, &qlxge_win_proc, addr, val);
}

int
qlxge_win_proc_write_locked(const struct qlxge_hw *hw, uint32_t addr, uint32_t val)
{
	return qlxge_win_write_locked(hw, &qlxge_win_proc, addr, val);
}

int
qlxge_win_proc_read(const struct qlxge_hw *hw, uint32_t addr, uint32_t *val)
{
	int ret;

	ret = qlxge_sem_lock(hw, QLXGE_SEM_PROC_REG, "PROC_REG");
	if (ret != 0)
		return ret;
	ret = qlxge_win_proc_read_locked(hw, addr, val);
	qlxge_sem_unlock(hw, QLXGE_SEM_PROC_REG);
	return ret;
}

/* ---- FLASH (§10.1) ---------------------------------------------------------------------- */

/* @n flash dwords from dword address @dword, under one hold of the FLASH semaphore. */
int
qlxge_win_flash_read(const struct qlxge_hw *hw, uint32_t dword, uint32_t n, uint32_t *buf)
{
	uint32_t i;
	int ret;

	ret = qlxge_sem_lock(hw, QLXGE_SEM_FLASH, "FLASH");
	if (ret != 0)
		return ret;
	for (i = 0; i < n && ret == 0; i++)
		ret = qlxge_win_read_locked(hw, &qlxge_win_flash, dword + i, &buf[i]);
	qlxge_sem_unlock(hw, QLXGE_SEM_FLASH);
	return ret;
}

/* ---- XGMAC (§11.1) of this function's port ---------------------------------------------- */

int
qlxge_win_xgmac_lock(const struct qlxge_hw *hw)
{
	return qlxge_sem_lock(hw, QLXGE_SEM_XGMAC(hw->st->port), "XGMAC");
}

void
qlxge_win_xgmac_unlock(const struct qlxge_hw *hw)
{
	qlxge_sem_unlock(hw, QLXGE_SEM_XGMAC(hw->st->port));
}

int
qlxge_win_xgmac_read_locked(const struct qlxge_hw *hw, uint32_t reg, uint32_t *val)
{
	return qlxge_win_read_locked(hw, &qlxge_win_xgmac, reg, val);
}

int
qlxge_win_xgmac_write_locked(const struct qlxge_hw *hw, uint32_t reg, uint32_t val)
{
	return qlxge_win_write_locked(hw, &qlxge_win_xgmac, reg, val);
}

/* §11.1: a 64-bit counter is the low word at @reg and the high word at @reg + 4 (Linux). The
 * high word is read twice so that a carry between the two halves is not mistaken. */
int
qlxge_win_xgmac_read64_locked(const struct qlxge_hw *hw, uint32_t reg, uint64_t *val)
{
	uint32_t hi, hi2, lo;
	int ret;

	ret = qlxge_win_xgmac_read_locked(hw, reg + QLXGE_XGMAC_CNT_HI, &hi);
	if (ret == 0)
		ret = qlxge_win_xgmac_read_locked(hw, reg + QLXGE_XGMAC_CNT_LO, &lo);
	if (ret == 0)
		ret = qlxge_win_xgmac_read_locked(hw, reg + QLXGE_XGMAC_CNT_HI, &hi2);
	if (ret == 0 && hi2 != hi)
		ret = qlxge_win_xgmac_read_locked(hw, reg + QLXGE_XGMAC_CNT_LO, &lo);
	if (ret != 0)
		return ret;
	*val = ((uint64_t)hi2 << 32) | lo;
	return 0;
}

/* ---- MAC_ADDR (§12.1) ------------------------------------------------------------------- */

/*
 * Write one entry of the address-filter tables (CAM, multicast, VLAN ...) under the MAC_ADDR
 * semaphore: per word, wait MW, write the index (with E when @enable), write the data. A VLAN
 * entry has no data word (@nwords 0): the index write alone sets or clears E.
 */
int
qlxge_win_mac_addr_write(const struct qlxge_hw *hw, uint32_t type, uint32_t index,
			 const uint32_t *words, unsigned int nwords, bool enable)
{
	uint32_t e = enable ? QLXGE_MAC_ADDR_IDX_E : 0;
	unsigned int i;
	int ret;

	ret = qlxge_sem_lock(hw, QLXGE_SEM_MAC_ADDR, "MAC_ADDR");
	if (ret != 0)
		return ret;
	i = 0;
	do {
		ret = qlxge_wait_bit(hw, QLXGE_REG_MAC_ADDR_IDX, QLXGE_MAC_ADDR_IDX_MW, true, 0,
				     QLXGE_RDY_TIMEOUT_US, "MAC_ADDR_IDX.MW");
		if (ret != 0)
			break;
		qlxge_wr32(hw, QLXGE_REG_MAC_ADDR_IDX,
			   QLXGE_MAC_ADDR_IDX_WORD(type, index, i) | e);
		if (nwords != 0)
			qlxge_wr32(hw, QLXGE_REG_MAC_ADDR_DATA, words[i]);
	} while (++i < nwords);
	qlxge_sem_unlock(hw, QLXGE_SEM_MAC_ADDR);
	return ret;
}

/* ---- RT (§12.3) ------------------------------------------------------------------------- */

/* NIC-queue slots; a disabled slot gets the default destination and data 0. */
int
qlxge_win_rt_write(const struct qlxge_hw *hw, const struct qlxge_rt_entry *e, unsigned int n)
{
	unsigned int i;
	uint32_t dst;
	int ret;

	ret = qlxge_sem_lock(hw, QLXGE_SEM_RT_IDX, "RT_IDX");
	if (ret != 0)
		return ret;
	for (i = 0; i < n && ret == 0; i++) {
		ret = qlxge_wait_bit(hw, QLXGE_REG_RT_IDX, QLXGE_RT_IDX_MW, true, 0,
				     QLXGE_RDY_TIMEOUT_US, "RT_IDX.MW");
		if (ret != 0)
			break;
		dst = e[i].enable ? e[i].dst : QLXGE_RT_IDX_DST_DFLT_Q;
		qlxge_wr32(hw, QLXGE_REG_RT_IDX,
			   QLXGE_RT_IDX_WORD(QLXGE_RT_IDX_TYPE_NICQ, e[i].slot, dst) |
			   (e[i].enable ? QLXGE_RT_IDX_E : 0));
		qlxge_wr32(hw, QLXGE_REG_RT_DATA, e[i].enable ? e[i].mask : 0);
	}
	qlxge_sem_unlock(hw, QLXGE_SEM_RT_IDX);
	return ret;
}
