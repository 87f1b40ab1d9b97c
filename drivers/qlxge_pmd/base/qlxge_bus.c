/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Register bus of one NIC function: 32-bit reads and writes through the per-process bus,
 * mask-write registers (§2.1), polling a register bit, the doorbell pages (§5) and the register
 * dump. The card's bus is MMIO on BAR1 with doorbells on BAR3 (§1); the model's is its register
 * callbacks and doorbell memory (given by its vdev binding).
 */

#include <errno.h>

#include <bus_pci_driver.h>
#include <rte_common.h>
#include <rte_cycles.h>

#include "qlxge_regs.h"
#include "qlxge_base.h"
#include "qlxge_osdep.h"

#define QLXGE_POLL_STEP_US	10u

static uint32_t
qlxge_mmio_rd32(void *ctx, uint32_t off)
{
	return rte_read32((uint8_t *)ctx + off);
}

static void
qlxge_mmio_wr32(void *ctx, uint32_t off, uint32_t val)
{
	rte_write32(val, (uint8_t *)ctx + off);
}

const struct qlxge_bus_ops qlxge_mmio_bus_ops = {
	.rd32 = qlxge_mmio_rd32,
	.wr32 = qlxge_mmio_wr32,
};

/* §1: control registers on BAR1, doorbell pages on BAR3, both mapped by DPDK's PCI bus. */
int
qlxge_bus_pci_map(const struct rte_pci_device *pci, struct qlxge_bus *bus)
{
	const struct rte_mem_resource *regs = &pci->mem_resource[QLXGE_BAR_REGS];
	const struct rte_mem_resource *db = &pci->mem_resource[QLXGE_BAR_DOORBELL];

	if (regs->addr == NULL || regs->len < QLXGE_BAR_REGS_MIN_SIZE ||
	    db->addr == NULL || db->len < QLXGE_BAR_DOORBELL_MIN_SIZE) {
		QLXGE_INIT_LOG(ERR, "%s: BAR%d (%" PRIu64 " bytes) or BAR%d (%" PRIu64 " bytes) "
			       "not mapped or too small; is the function bound to vfio-pci?",
			       pci->name, QLXGE_BAR_REGS, regs->len, QLXGE_BAR_DOORBELL, db->len);
		return -ENODEV;
	}
	bus->ops = &qlxge_mmio_bus_ops;
	bus->ctx = regs->addr;
	bus->db_base = db->addr;
	return 0;
}

uint32_t
qlxge_rd32(const struct qlxge_hw *hw, uint32_t off)
{
	return hw->bus.ops->rd32(hw->bus.ctx, off);
}

void
qlxge_wr32(const struct qlxge_hw *hw, uint32_t off, uint32_t val)
{
	hw->bus.ops->wr32(hw->bus.ctx, off, val);
}

/* §2.1: only bits whose write-enable (bit + 16) is set change. */
void
qlxge_mwr_set(const struct qlxge_hw *hw, uint32_t off, uint32_t bits)
{
	qlxge_wr32(hw, off, QLXGE_MWR_SET(bits));
}

void
qlxge_mwr_clear(const struct qlxge_hw *hw, uint32_t off, uint32_t bits)
{
	qlxge_wr32(hw, off, QLXGE_MWR_CLR(bits));
}

/* Write a multi-bit field of a mask-write register in one store. */
void
qlxge_mwr_field(const struct qlxge_hw *hw, uint32_t off, uint32_t mask, uint32_t val)
{
	qlxge_wr32(hw, off, QLXGE_MWR_FIELD(mask, val));
}

/*
 * Poll register @off until @bit reads @set. An @err_bit seen on the way fails the wait with
 * -EIO; expiry fails it with -ETIMEDOUT; both log the register and the last value read.
 */
int
qlxge_wait_bit(const struct qlxge_hw *hw, uint32_t off, uint32_t bit, bool set,
	       uint32_t err_bit, uint32_t timeout_us, const char *what)
{
	uint32_t waited = 0;
	uint32_t val;

	for (;;) {
		val = qlxge_rd32(hw, off);
		if (err_bit != 0 && (val & err_bit) != 0) {
			QLXGE_HW_LOG(ERR, "port %u: %s (0x%02x) reports error bit 0x%08x: 0x%08x",
				     hw->st->port_id, what, off, err_bit, val);
			return -EIO;
		}
		if (((val & bit) != 0) == set)
			return 0;
		if (waited >= timeout_us)
			break;
		rte_delay_us(QLXGE_POLL_STEP_US);
		waited += QLXGE_POLL_STEP_US;
	}
	QLXGE_HW_LOG(ERR, "port %u: %s (0x%02x) bit 0x%08x not %s after %u us: 0x%08x",
		     hw->st->port_id, what, off, bit, set ? "set" : "clear", timeout_us, val);
	return -ETIMEDOUT;
}

/* §5: the doorbell page of CQ @cq_id and of WQ @wq_id in BAR3. */
uint8_t *
qlxge_bus_cq_db(const struct qlxge_hw *hw, uint16_t cq_id)
{
	return hw->bus.db_base + QLXGE_DB_CQ_OFFSET(cq_id);
}

uint8_t *
qlxge_bus_wq_db(const struct qlxge_hw *hw, uint16_t wq_id)
{
	return hw->bus.db_base + QLXGE_DB_WQ_OFFSET(wq_id);
}

/* §5: the registers of a doorbell page the bursts write, so they need not name them. */
uint32_t
qlxge_bus_db_off(enum qlxge_db_reg reg)
{
	switch (reg) {
	case QLXGE_DBR_WQ_PROD:
		return QLXGE_DB_WQ_PROD_IDX;
	case QLXGE_DBR_CQ_CONS:
		return QLXGE_DB_CQ_CONS_IDX;
	case QLXGE_DBR_SBQ_PROD:
		return QLXGE_DB_SBQ_PROD_IDX;
	case QLXGE_DBR_LBQ_PROD:
		return QLXGE_DB_LBQ_PROD_IDX;
	}
	return QLXGE_DB_CQ_CONS_IDX;
}

/* Dwords a dump leaves 0: reserved words, and the data halves of the index/data pairs, which
 * hold nothing meaningful without their read protocol (and may be busy for another user). */
static bool
qlxge_bus_dump_skip(uint32_t off)
{
	switch (off) {
	case QLXGE_REG_RSVD2:
	case QLXGE_REG_RSVD7:
	case QLXGE_REG_PROC_DATA:
	case QLXGE_REG_XGMAC_DATA:
	case QLXGE_REG_FLASH_DATA:
	case QLXGE_REG_MAC_ADDR_DATA:
	case QLXGE_REG_RT_DATA:
	case QLXGE_REG_XG_SERDES_DATA:
	case QLXGE_REG_PRB_MX_DATA:
		return true;
	default:
		return false;
	}
}

/*
 * Register dump for get_reg: the 64 dwords of BAR1 (Linux's short dump reads the same window).
 * With a NULL @buf only the count is returned.
 */
uint32_t
qlxge_bus_dump(const struct qlxge_hw *hw, uint32_t *buf)
{
	uint32_t i;

	if (buf != NULL)
		for (i = 0; i < QLXGE_REG_COUNT; i++)
			buf[i] = qlxge_bus_dump_skip(i * 4) ? 0 : qlxge_rd32(hw, i * 4);
	return QLXGE_REG_COUNT;
}
