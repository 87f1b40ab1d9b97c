/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Register access of the qlxge PMD: the per-process register bus, mask-write registers (§2.1),
 * hardware semaphores (§3), the index/data pairs PROC (§9.1), FLASH (§10.1), XGMAC (§11.1),
 * MAC_ADDR (§12.1) and RT (§12.3), ICB loads through CFG (§2.7), function reset (§2.4, §4.2),
 * the base bring-up of §4.3 and interrupt enables (§8.2), the ISP8012 port bring-up (§4.6), and
 * the port's MAC enables (§11.2) behind the administrative link state.
 */

#include <errno.h>

#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_ethdev.h>

#include "qlxge_regs.h"
#include "qlxge_hw.h"
#include "qlxge_log.h"

#define QLXGE_ICB_TIMEOUT_US	10000u	/* CFG load: the device DMA-reads the ICB */
#define QLXGE_POLL_STEP_US	10u

/*
 * The bus is kept per process and per port (as virtio keeps its ops): the function pointers
 * and the BAR addresses are only valid in the process that mapped them, so they must not live in
 * dev_private, which is shared memory.
 */
struct qlxge_bus {
	const struct qlxge_bus_ops *ops;
	void *ctx;
	uint8_t *db_base;
};

static struct qlxge_bus qlxge_bus_tbl[RTE_MAX_ETHPORTS];

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

void
qlxge_hw_bus_bind(struct qlxge_hw *hw, const struct qlxge_bus_ops *ops, void *ctx,
		  void *db_base)
{
	struct qlxge_bus *bus = &qlxge_bus_tbl[hw->port_id];

	bus->ops = ops;
	bus->ctx = ctx;
	bus->db_base = db_base;
}

void
qlxge_hw_bus_unbind(struct qlxge_hw *hw)
{
	struct qlxge_bus *bus = &qlxge_bus_tbl[hw->port_id];

	bus->ops = NULL;
	bus->ctx = NULL;
	bus->db_base = NULL;
}

uint8_t *
qlxge_hw_db_base(const struct qlxge_hw *hw)
{
	return qlxge_bus_tbl[hw->port_id].db_base;
}

uint32_t
qlxge_hw_rd32(const struct qlxge_hw *hw, uint32_t off)
{
	const struct qlxge_bus *bus = &qlxge_bus_tbl[hw->port_id];

	return bus->ops->rd32(bus->ctx, off);
}

void
qlxge_hw_wr32(const struct qlxge_hw *hw, uint32_t off, uint32_t val)
{
	const struct qlxge_bus *bus = &qlxge_bus_tbl[hw->port_id];

	bus->ops->wr32(bus->ctx, off, val);
}

/* §11.3: see qlxge_hw.h; the names are the xstats of docs/guides/nics/qlxge.rst. */
const struct qlxge_hw_counter qlxge_hw_counters[QLXGE_HW_NB_COUNTERS] = {
	[QLXGE_HW_C_RX_PKTS_OK] = { "mac_rx_good_packets", QLXGE_XGMAC_RX_PKTS_OK },
	[QLXGE_HW_C_RX_BYTES_OK] = { "mac_rx_good_bytes", QLXGE_XGMAC_RX_BYTES_OK },
	[QLXGE_HW_C_RX_PKTS] = { "rx_total_packets", QLXGE_XGMAC_RX_PKTS },
	[QLXGE_HW_C_TX_PKTS] = { "mac_tx_packets", QLXGE_XGMAC_TX_PKTS },
	[QLXGE_HW_C_TX_BYTES] = { "mac_tx_bytes", QLXGE_XGMAC_TX_BYTES },
	[QLXGE_HW_C_RX_FIFO_DROP] = { NULL, QLXGE_XGMAC_RX_NIC_FIFO_DROP },
	{ "rx_total_bytes", QLXGE_XGMAC_RX_BYTES },
	{ "rx_unicast_packets", QLXGE_XGMAC_RX_UCAST_PKTS },
	{ "rx_multicast_packets", QLXGE_XGMAC_RX_MCAST_PKTS },
	{ "rx_broadcast_packets", QLXGE_XGMAC_RX_BCAST_PKTS },
	{ "rx_undersize_errors", QLXGE_XGMAC_RX_UNDERSIZE_PKTS },
	{ "rx_oversize_errors", QLXGE_XGMAC_RX_OVERSIZE_PKTS },
	{ "rx_jabber_errors", QLXGE_XGMAC_RX_JABBER_PKTS },
	{ "rx_fragmented_errors", QLXGE_XGMAC_RX_UNDERSIZE_FCS_PKTS },
	{ "rx_drop_events", QLXGE_XGMAC_RX_DROP_EVENTS },
	{ "rx_crc_errors", QLXGE_XGMAC_RX_FCS_ERR_PKTS },
	{ "rx_alignment_errors", QLXGE_XGMAC_RX_ALIGN_ERR },
	{ "rx_symbol_errors", QLXGE_XGMAC_RX_SYMBOL_ERR },
	{ "rx_mac_errors", QLXGE_XGMAC_RX_MAC_ERR },
	{ "rx_length_errors", QLXGE_XGMAC_RX_LEN_ERR_PKTS },
	{ "rx_control_packets", QLXGE_XGMAC_RX_CTL_PKTS },
	{ "rx_pause_packets", QLXGE_XGMAC_RX_PAUSE_PKTS },
	{ "rx_size_64_packets", QLXGE_XGMAC_RX_64_PKTS },
	{ "rx_size_65_to_127_packets", QLXGE_XGMAC_RX_65_127_PKTS },
	{ "rx_size_128_to_255_packets", QLXGE_XGMAC_RX_128_255_PKTS },
	{ "rx_size_256_to_511_packets", QLXGE_XGMAC_RX_256_511_PKTS },
	{ "rx_size_512_to_1023_packets", QLXGE_XGMAC_RX_512_1023_PKTS },
	{ "rx_size_1024_to_1518_packets", QLXGE_XGMAC_RX_1024_1518_PKTS },
	{ "rx_size_1519_to_max_packets", QLXGE_XGMAC_RX_1519_MAX_PKTS },
	{ "tx_unicast_packets", QLXGE_XGMAC_TX_UCAST_PKTS },
	{ "tx_multicast_packets", QLXGE_XGMAC_TX_MCAST_PKTS },
	{ "tx_broadcast_packets", QLXGE_XGMAC_TX_BCAST_PKTS },
	{ "tx_control_packets", QLXGE_XGMAC_TX_CTL_PKTS },
	{ "tx_pause_packets", QLXGE_XGMAC_TX_PAUSE_PKTS },
	{ "tx_size_64_packets", QLXGE_XGMAC_TX_64_PKTS },
	{ "tx_size_65_to_127_packets", QLXGE_XGMAC_TX_65_127_PKTS },
	{ "tx_size_128_to_255_packets", QLXGE_XGMAC_TX_128_255_PKTS },
	{ "tx_size_256_to_511_packets", QLXGE_XGMAC_TX_256_511_PKTS },
	{ "tx_size_512_to_1023_packets", QLXGE_XGMAC_TX_512_1023_PKTS },
	{ "tx_size_1024_to_1518_packets", QLXGE_XGMAC_TX_1024_1518_PKTS },
	{ "tx_size_1519_to_max_packets", QLXGE_XGMAC_TX_1519_MAX_PKTS },
	{ "tx_undersize_errors", QLXGE_XGMAC_TX_UNDERSIZE_PKTS },
	{ "tx_oversize_errors", QLXGE_XGMAC_TX_OVERSIZE_PKTS },
};

/* §2.1: only bits whose write-enable (bit + 16) is set change. */
void
qlxge_hw_mwr_set(const struct qlxge_hw *hw, uint32_t off, uint32_t bits)
{
	qlxge_hw_wr32(hw, off, QLXGE_MWR_SET(bits));
}

void
qlxge_hw_mwr_clear(const struct qlxge_hw *hw, uint32_t off, uint32_t bits)
{
	qlxge_hw_wr32(hw, off, QLXGE_MWR_CLR(bits));
}

/* Write a multi-bit field of a mask-write register in one store. */
void
qlxge_hw_mwr_field(const struct qlxge_hw *hw, uint32_t off, uint32_t mask, uint32_t val)
{
	qlxge_hw_wr32(hw, off, QLXGE_MWR_FIELD(mask, val));
}

/*
 * Poll register @off until @bit reads @set. An @err_bit seen on the way fails the wait with
 * -EIO; expiry fails it with -ETIMEDOUT; both log the register and the last value read.
 */
int
qlxge_hw_wait_bit(const struct qlxge_hw *hw, uint32_t off, uint32_t bit, bool set,
		  uint32_t err_bit, uint32_t timeout_us, const char *what)
{
	uint32_t waited = 0;
	uint32_t val;

	for (;;) {
		val = qlxge_hw_rd32(hw, off);
		if (err_bit != 0 && (val & err_bit) != 0) {
			QLXGE_HW_LOG(ERR, "port %u: %s (0x%02x) reports error bit 0x%08x: 0x%08x",
				     hw->port_id, what, off, err_bit, val);
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
		     hw->port_id, what, off, bit, set ? "set" : "clear", timeout_us, val);
	return -ETIMEDOUT;
}

/* §3: write the acquire word, read back; held when our SET bit reads 1. */
int
qlxge_hw_sem_lock(const struct qlxge_hw *hw, uint32_t sem, const char *what)
{
	uint32_t field = QLXGE_SEM_RELEASE_WORD(sem) >> QLXGE_MWR_MASK_SHIFT;
	uint32_t held = QLXGE_SEM_HELD_BIT(sem);
	uint32_t waited = 0;
	uint32_t val;

	for (;;) {
		qlxge_hw_mwr_field(hw, QLXGE_REG_SEM, field, held);
		val = qlxge_hw_rd32(hw, QLXGE_REG_SEM);
		if ((val & held) != 0)
			return 0;
		if (waited >= QLXGE_SEM_TIMEOUT_US)
			break;
		rte_delay_us(QLXGE_SEM_TRY_DELAY_US);
		waited += QLXGE_SEM_TRY_DELAY_US;
	}
	QLXGE_HW_LOG(ERR, "port %u: semaphore %s (SEM word 0x%08x) not acquired in %u us: "
		     "SEM=0x%08x", hw->port_id, what, sem, QLXGE_SEM_TIMEOUT_US, val);
	return -ETIMEDOUT;
}

void
qlxge_hw_sem_unlock(const struct qlxge_hw *hw, uint32_t sem)
{
	qlxge_hw_mwr_clear(hw, QLXGE_REG_SEM, QLXGE_SEM_RELEASE_WORD(sem) >> QLXGE_MWR_MASK_SHIFT);
	/* flush the release (Linux reads SEM once after it) */
	(void)qlxge_hw_rd32(hw, QLXGE_REG_SEM);
}

/* §9.1 PROC_ADDR/PROC_DATA; the caller holds the PROC_REG semaphore. */
int
qlxge_hw_proc_read_locked(const struct qlxge_hw *hw, uint32_t addr, uint32_t *val)
{
	int ret;

	ret = qlxge_hw_wait_bit(hw, QLXGE_REG_PROC_ADDR, QLXGE_PROC_ADDR_RDY, true,
				QLXGE_PROC_ADDR_ERR, QLXGE_RDY_TIMEOUT_US, "PROC_ADDR.RDY");
	if (ret != 0)
		return ret;
	qlxge_hw_wr32(hw, QLXGE_REG_PROC_ADDR, addr | QLXGE_PROC_ADDR_R);
	ret = qlxge_hw_wait_bit(hw, QLXGE_REG_PROC_ADDR, QLXGE_PROC_ADDR_RDY, true,
				QLXGE_PROC_ADDR_ERR, QLXGE_RDY_TIMEOUT_US, "PROC_ADDR.RDY");
	if (ret != 0)
		return ret;
	*val = qlxge_hw_rd32(hw, QLXGE_REG_PROC_DATA);
	return 0;
}

int
qlxge_hw_proc_write_locked(const struct qlxge_hw *hw, uint32_t addr, uint32_t val)
{
	int ret;

	ret = qlxge_hw_wait_bit(hw, QLXGE_REG_PROC_ADDR, QLXGE_PROC_ADDR_RDY, true,
				QLXGE_PROC_ADDR_ERR, QLXGE_RDY_TIMEOUT_US, "PROC_ADDR.RDY");
	if (ret != 0)
		return ret;
	qlxge_hw_wr32(hw, QLXGE_REG_PROC_DATA, val);
	qlxge_hw_wr32(hw, QLXGE_REG_PROC_ADDR, addr);
	return qlxge_hw_wait_bit(hw, QLXGE_REG_PROC_ADDR, QLXGE_PROC_ADDR_RDY, true,
				 QLXGE_PROC_ADDR_ERR, QLXGE_RDY_TIMEOUT_US, "PROC_ADDR.RDY");
}

int
qlxge_hw_proc_read(const struct qlxge_hw *hw, uint32_t addr, uint32_t *val)
{
	int ret;

	ret = qlxge_hw_sem_lock(hw, QLXGE_SEM_PROC_REG, "PROC_REG");
	if (ret != 0)
		return ret;
	ret = qlxge_hw_proc_read_locked(hw, addr, val);
	qlxge_hw_sem_unlock(hw, QLXGE_SEM_PROC_REG);
	return ret;
}

/* §10.1: read @n flash dwords from dword address @dword, under the FLASH semaphore. */
int
qlxge_hw_flash_read(const struct qlxge_hw *hw, uint32_t dword, uint32_t n, uint32_t *buf)
{
	uint32_t i;
	int ret;

	ret = qlxge_hw_sem_lock(hw, QLXGE_SEM_FLASH, "FLASH");
	if (ret != 0)
		return ret;
	for (i = 0; i < n; i++) {
		ret = qlxge_hw_wait_bit(hw, QLXGE_REG_FLASH_ADDR, QLXGE_FLASH_ADDR_RDY, true,
					QLXGE_FLASH_ADDR_ERR, QLXGE_RDY_TIMEOUT_US,
					"FLASH_ADDR.RDY");
		if (ret != 0)
			break;
		qlxge_hw_wr32(hw, QLXGE_REG_FLASH_ADDR,
			      QLXGE_FLASH_ADDR_R | ((dword + i) & QLXGE_FLASH_ADDR_ADDR_MASK));
		ret = qlxge_hw_wait_bit(hw, QLXGE_REG_FLASH_ADDR, QLXGE_FLASH_ADDR_RDY, true,
					QLXGE_FLASH_ADDR_ERR, QLXGE_RDY_TIMEOUT_US,
					"FLASH_ADDR.RDY");
		if (ret != 0)
			break;
		buf[i] = qlxge_hw_rd32(hw, QLXGE_REG_FLASH_DATA);
	}
	qlxge_hw_sem_unlock(hw, QLXGE_SEM_FLASH);
	return ret;
}

/* §11.1 XGMAC window of this function's port, under the port's XGMAC semaphore. */
int
qlxge_hw_xgmac_lock(const struct qlxge_hw *hw)
{
	return qlxge_hw_sem_lock(hw, QLXGE_SEM_XGMAC(hw->port), "XGMAC");
}

void
qlxge_hw_xgmac_unlock(const struct qlxge_hw *hw)
{
	qlxge_hw_sem_unlock(hw, QLXGE_SEM_XGMAC(hw->port));
}

static int
qlxge_hw_xgmac_read_locked(const struct qlxge_hw *hw, uint32_t reg, uint32_t *val)
{
	int ret;

	ret = qlxge_hw_wait_bit(hw, QLXGE_REG_XGMAC_ADDR, QLXGE_XGMAC_ADDR_RDY, true,
				QLXGE_XGMAC_ADDR_XME, QLXGE_RDY_TIMEOUT_US, "XGMAC_ADDR.RDY");
	if (ret != 0)
		return ret;
	qlxge_hw_wr32(hw, QLXGE_REG_XGMAC_ADDR, (reg & QLXGE_XGMAC_ADDR_REG_MASK) |
		      QLXGE_XGMAC_ADDR_R);
	ret = qlxge_hw_wait_bit(hw, QLXGE_REG_XGMAC_ADDR, QLXGE_XGMAC_ADDR_RDY, true,
				QLXGE_XGMAC_ADDR_XME, QLXGE_RDY_TIMEOUT_US, "XGMAC_ADDR.RDY");
	if (ret != 0)
		return ret;
	*val = qlxge_hw_rd32(hw, QLXGE_REG_XGMAC_DATA);
	return 0;
}

static int
qlxge_hw_xgmac_write_locked(const struct qlxge_hw *hw, uint32_t reg, uint32_t val)
{
	int ret;

	ret = qlxge_hw_wait_bit(hw, QLXGE_REG_XGMAC_ADDR, QLXGE_XGMAC_ADDR_RDY, true,
				QLXGE_XGMAC_ADDR_XME, QLXGE_RDY_TIMEOUT_US, "XGMAC_ADDR.RDY");
	if (ret != 0)
		return ret;
	qlxge_hw_wr32(hw, QLXGE_REG_XGMAC_DATA, val);
	qlxge_hw_wr32(hw, QLXGE_REG_XGMAC_ADDR, reg & QLXGE_XGMAC_ADDR_REG_MASK);
	return 0;
}

int
qlxge_hw_xgmac_read(const struct qlxge_hw *hw, uint32_t reg, uint32_t *val)
{
	int ret;

	ret = qlxge_hw_xgmac_lock(hw);
	if (ret != 0)
		return ret;
	ret = qlxge_hw_xgmac_read_locked(hw, reg, val);
	qlxge_hw_xgmac_unlock(hw);
	return ret;
}

/* §11.1: a 64-bit counter is the low word at @reg and the high word at @reg + 4 (Linux). The
 * high word is read twice so that a carry between the two halves is not mistaken. */
int
qlxge_hw_xgmac_read64_locked(const struct qlxge_hw *hw, uint32_t reg, uint64_t *val)
{
	uint32_t hi, hi2, lo;
	int ret;

	ret = qlxge_hw_xgmac_read_locked(hw, reg + QLXGE_XGMAC_CNT_HI, &hi);
	if (ret == 0)
		ret = qlxge_hw_xgmac_read_locked(hw, reg + QLXGE_XGMAC_CNT_LO, &lo);
	if (ret == 0)
		ret = qlxge_hw_xgmac_read_locked(hw, reg + QLXGE_XGMAC_CNT_HI, &hi2);
	if (ret == 0 && hi2 != hi)
		ret = qlxge_hw_xgmac_read_locked(hw, reg + QLXGE_XGMAC_CNT_LO, &lo);
	if (ret != 0)
		return ret;
	*val = ((uint64_t)hi2 << 32) | lo;
	return 0;
}

/* One MAC enable (EN, bit 1 of TX_CFG or RX_CFG), other bits kept, then read back. */
static int
qlxge_hw_mac_en_locked(const struct qlxge_hw *hw, uint32_t reg, uint32_t en, bool on,
		       const char *name)
{
	uint32_t val, want;
	int ret;

	ret = qlxge_hw_xgmac_read_locked(hw, reg, &val);
	if (ret != 0)
		goto err;
	want = on ? val | en : val & ~en;
	if (want == val)
		return 0;
	ret = qlxge_hw_xgmac_write_locked(hw, reg, want);
	if (ret == 0)
		ret = qlxge_hw_xgmac_read_locked(hw, reg, &val);
	if (ret == 0 && (val & en) != (want & en))
		ret = -EIO;	/* the MAC did not take the bit */
	if (ret == 0)
		return 0;
err:
	QLXGE_HW_LOG(ERR, "port %u: XGMAC %s (0x%03x) EN %s failed: %d", hw->port_id, name, reg,
		     on ? "set" : "clear", ret);
	return ret;
}

/*
 * §11.2: the port's MAC transmitter and receiver enables, TX_CFG.EN and RX_CFG.EN, both set or
 * both cleared, under the port's XGMAC semaphore (§11.1). The firmware (ISP8000) or the §4.6
 * bring-up (ISP8012) sets them; clear means the MAC neither sends nor receives frames (an
 * inference: the drivers only ever set EN to bring the MAC up, docs/hardware-notes.md). The
 * physical link (STS.PLx) does not follow. TX_CFG first, then RX_CFG; a failure stops there,
 * logged with the register's name, and the caller reports it (-ETIMEDOUT, -EIO).
 */
int
qlxge_hw_mac_enable(const struct qlxge_hw *hw, bool on)
{
	int ret;

	ret = qlxge_hw_xgmac_lock(hw);
	if (ret != 0)
		return ret;
	ret = qlxge_hw_mac_en_locked(hw, QLXGE_XGMAC_TX_CFG, QLXGE_XGMAC_TX_CFG_EN, on,
				     "TX_CFG");
	if (ret == 0)
		ret = qlxge_hw_mac_en_locked(hw, QLXGE_XGMAC_RX_CFG, QLXGE_XGMAC_RX_CFG_EN, on,
					     "RX_CFG");
	qlxge_hw_xgmac_unlock(hw);
	return ret;
}

/*
 * §12.1: write one entry of the address-filter tables (CAM, multicast, VLAN ...) under the
 * MAC_ADDR semaphore: per word, wait MW, write the index (with E when @enable), write the data.
 * A VLAN entry has no data word (@nwords 0): the index write alone sets or clears E.
 */
int
qlxge_hw_mac_table_write(const struct qlxge_hw *hw, uint32_t type, uint32_t index,
			 const uint32_t *words, unsigned int nwords, bool enable)
{
	uint32_t e = enable ? QLXGE_MAC_ADDR_IDX_E : 0;
	unsigned int i;
	int ret;

	ret = qlxge_hw_sem_lock(hw, QLXGE_SEM_MAC_ADDR, "MAC_ADDR");
	if (ret != 0)
		return ret;
	i = 0;
	do {
		ret = qlxge_hw_wait_bit(hw, QLXGE_REG_MAC_ADDR_IDX, QLXGE_MAC_ADDR_IDX_MW, true,
					0, QLXGE_RDY_TIMEOUT_US, "MAC_ADDR_IDX.MW");
		if (ret != 0)
			break;
		qlxge_hw_wr32(hw, QLXGE_REG_MAC_ADDR_IDX,
			      QLXGE_MAC_ADDR_IDX_WORD(type, index, i) | e);
		if (nwords != 0)
			qlxge_hw_wr32(hw, QLXGE_REG_MAC_ADDR_DATA, words[i]);
	} while (++i < nwords);
	qlxge_hw_sem_unlock(hw, QLXGE_SEM_MAC_ADDR);
	return ret;
}

static int
qlxge_hw_route_write_locked(const struct qlxge_hw *hw, unsigned int slot, uint32_t dst,
			    uint32_t mask, bool enable)
{
	int ret;

	ret = qlxge_hw_wait_bit(hw, QLXGE_REG_RT_IDX, QLXGE_RT_IDX_MW, true, 0,
				QLXGE_RDY_TIMEOUT_US, "RT_IDX.MW");
	if (ret != 0)
		return ret;
	qlxge_hw_wr32(hw, QLXGE_REG_RT_IDX, QLXGE_RT_IDX_WORD(QLXGE_RT_IDX_TYPE_NICQ, slot, dst) |
		      (enable ? QLXGE_RT_IDX_E : 0));
	qlxge_hw_wr32(hw, QLXGE_REG_RT_DATA, enable ? mask : 0);
	return 0;
}

/* §12.3: program (or clear) one NIC-queue routing slot under the RT_IDX semaphore. */
int
qlxge_hw_route_write(const struct qlxge_hw *hw, unsigned int slot, uint32_t dst,
		     uint32_t mask, bool enable)
{
	int ret;

	ret = qlxge_hw_sem_lock(hw, QLXGE_SEM_RT_IDX, "RT_IDX");
	if (ret != 0)
		return ret;
	ret = qlxge_hw_route_write_locked(hw, slot, enable ? dst : QLXGE_RT_IDX_DST_DFLT_Q,
					  mask, enable);
	qlxge_hw_sem_unlock(hw, QLXGE_SEM_RT_IDX);
	return ret;
}

/* §12.3 "Clear": all 16 NIC-queue slots disabled, destination default, data 0. */
int
qlxge_hw_route_clear_all(const struct qlxge_hw *hw)
{
	unsigned int slot;
	int ret;

	ret = qlxge_hw_sem_lock(hw, QLXGE_SEM_RT_IDX, "RT_IDX");
	if (ret != 0)
		return ret;
	for (slot = 0; slot < QLXGE_RT_NICQ_SLOTS && ret == 0; slot++)
		ret = qlxge_hw_route_write_locked(hw, slot, QLXGE_RT_IDX_DST_DFLT_Q, 0, false);
	qlxge_hw_sem_unlock(hw, QLXGE_SEM_RT_IDX);
	return ret;
}

/*
 * §2.7: load (or dump) a control block at @iova into queue @qid. The ICB semaphore is held
 * across ICB_L/H, the CFG write and the completion wait (Linux), so the other function cannot
 * move ICB_L/H under a load in flight.
 */
int
qlxge_hw_icb_load(const struct qlxge_hw *hw, uint32_t cmd_bit, unsigned int qid, uint64_t iova)
{
	int ret;

	ret = qlxge_hw_wait_bit(hw, QLXGE_REG_CFG, cmd_bit, false, 0, QLXGE_ICB_TIMEOUT_US,
				"CFG (previous load)");
	if (ret != 0)
		return ret;
	ret = qlxge_hw_sem_lock(hw, QLXGE_SEM_ICB, "ICB");
	if (ret != 0)
		return ret;
	qlxge_hw_wr32(hw, QLXGE_REG_ICB_L, (uint32_t)iova);
	qlxge_hw_wr32(hw, QLXGE_REG_ICB_H, (uint32_t)(iova >> 32));
	qlxge_hw_mwr_field(hw, QLXGE_REG_CFG, cmd_bit | QLXGE_CFG_Q_MASK,
			   cmd_bit | ((qid << QLXGE_CFG_Q_SHIFT) & QLXGE_CFG_Q_MASK));
	ret = qlxge_hw_wait_bit(hw, QLXGE_REG_CFG, cmd_bit, false, QLXGE_CFG_LE,
				QLXGE_ICB_TIMEOUT_US, "CFG (ICB load)");
	qlxge_hw_sem_unlock(hw, QLXGE_SEM_ICB);
	if (ret != 0)
		QLXGE_HW_LOG(ERR, "port %u: ICB load 0x%x of queue %u at 0x%" PRIx64 " failed",
			     hw->port_id, cmd_bit, qid, iova);
	return ret;
}

/* §6.5, §2.7: load the RSS ICB at @iova (CFG.LR, queue 0). */
int
qlxge_hw_rss_load(const struct qlxge_hw *hw, uint64_t iova)
{
	return qlxge_hw_icb_load(hw, QLXGE_CFG_LR, 0, iova);
}

/* §12.3 slots by purpose: slot, destination and match mask (docs/hardware-notes.md #8-#10). */
static const struct {
	unsigned int slot;
	uint32_t dst;
	uint32_t mask;
} qlxge_hw_routes[] = {
	[QLXGE_HW_RT_IP_CSUM_ERR] = { QLXGE_RT_SLOT_IP_CSUM_ERR, QLXGE_RT_IDX_DST_DFLT_Q,
				      QLXGE_RT_DATA_IP_CSUM_ERR },
	[QLXGE_HW_RT_TU_CSUM_ERR] = { QLXGE_RT_SLOT_TU_CSUM_ERR, QLXGE_RT_IDX_DST_DFLT_Q,
				      QLXGE_RT_DATA_TU_CSUM_ERR },
	[QLXGE_HW_RT_BCAST] = { QLXGE_RT_SLOT_BCAST, QLXGE_RT_IDX_DST_DFLT_Q,
				QLXGE_RT_DATA_BCAST },
	[QLXGE_HW_RT_MCAST_MATCH] = { QLXGE_RT_SLOT_MCAST_MATCH, QLXGE_RT_IDX_DST_DFLT_Q,
				      QLXGE_RT_DATA_MCAST_MATCH },
	[QLXGE_HW_RT_ALLMULTI] = { QLXGE_RT_SLOT_ALLMULTI, QLXGE_RT_IDX_DST_DFLT_Q,
				   QLXGE_RT_DATA_MCAST },
	[QLXGE_HW_RT_RSS] = { QLXGE_RT_SLOT_RSS_MATCH, QLXGE_RT_IDX_DST_RSS,
			      QLXGE_RT_DATA_RSS_MATCH },
	[QLXGE_HW_RT_CAM_HIT] = { QLXGE_RT_SLOT_CAM_HIT, QLXGE_RT_IDX_DST_CAM_Q,
				  QLXGE_RT_DATA_CAM_HIT },
	[QLXGE_HW_RT_PROMISC] = { QLXGE_RT_SLOT_PROMISC, QLXGE_RT_IDX_DST_DFLT_Q,
				  QLXGE_RT_DATA_VALID },
};

/* Turn the routing slot that serves @route on or off. */
int
qlxge_hw_route_set(const struct qlxge_hw *hw, enum qlxge_hw_route route, bool on)
{
	if ((unsigned int)route >= RTE_DIM(qlxge_hw_routes))
		return -EINVAL;
	return qlxge_hw_route_write(hw, qlxge_hw_routes[route].slot, qlxge_hw_routes[route].dst,
				    qlxge_hw_routes[route].mask, on);
}

/*
 * §12.1 CAM entry @index of this function (func x 128 + index): @mac routed to the NIC, our
 * function, CQ 0 (the CAM-hit slot sends it to the default queue), RV as tags are stripped.
 * @mac NULL clears the entry.
 */
int
qlxge_hw_cam_set(const struct qlxge_hw *hw, uint32_t index, const uint8_t *mac, bool strip)
{
	uint32_t words[QLXGE_CAM_WORDS] = { 0 };

	if (mac != NULL) {
		words[QLXGE_CAM_WORD_ADDR_LO] = qlxge_mac_word_lo(mac);
		words[QLXGE_CAM_WORD_ADDR_HI] = qlxge_mac_word_hi(mac);
		words[QLXGE_CAM_WORD_OUTPUT] = QLXGE_CAM_OUT_ROUTE_NIC |
			qlxge_field_prep(QLXGE_CAM_OUT_FUNC_MASK, QLXGE_CAM_OUT_FUNC_SHIFT,
					 hw->func) |
			qlxge_field_prep(QLXGE_CAM_OUT_CQ_ID_MASK, QLXGE_CAM_OUT_CQ_ID_SHIFT, 0) |
			(strip ? QLXGE_CAM_OUT_RV : 0);
	}
	return qlxge_hw_mac_table_write(hw, QLXGE_MAC_ADDR_TYPE_CAM_MAC,
					hw->func * QLXGE_CAM_ENTRIES_PER_FUNC + index,
					words, QLXGE_CAM_WORDS, false);
}

/* §12.1 multicast entry @index of the shared table: @mac enabled, or cleared when NULL. */
int
qlxge_hw_mcast_set(const struct qlxge_hw *hw, uint32_t index, const uint8_t *mac)
{
	uint32_t words[QLXGE_MCAST_WORDS] = { 0 };

	if (mac != NULL) {
		words[0] = qlxge_mac_word_lo(mac);
		words[1] = qlxge_mac_word_hi(mac);
	}
	return qlxge_hw_mac_table_write(hw, QLXGE_MAC_ADDR_TYPE_MULTI_MAC, index, words,
					QLXGE_MCAST_WORDS, mac != NULL);
}

/* §12.1 VLAN entry @vid of the shared table: one index write with E set or clear. */
int
qlxge_hw_vlan_set(const struct qlxge_hw *hw, uint16_t vid, bool on)
{
	return qlxge_hw_mac_table_write(hw, QLXGE_MAC_ADDR_TYPE_VLAN, vid, NULL, 0, on);
}

/*
 * §2.13: ask the device to stop (or start) processing CQ @cq, then read it back until EN
 * reflects the request. A stopped CQ takes no completions, so the buffers and ring behind it
 * can be taken back without a function reset (runtime queue stop).
 */
int
qlxge_hw_cq_stop(const struct qlxge_hw *hw, unsigned int cq, bool stop)
{
	uint32_t sel = (cq << QLXGE_CQ_STOP_CQ_SHIFT) & QLXGE_CQ_STOP_CQ_MASK;

	qlxge_hw_mwr_field(hw, QLXGE_REG_CQ_STOP, QLXGE_CQ_STOP_CQ_MASK | QLXGE_CQ_STOP_TYPE_MASK,
			   sel | (stop ? QLXGE_CQ_STOP_TYPE_STOP : QLXGE_CQ_STOP_TYPE_START));
	qlxge_hw_mwr_field(hw, QLXGE_REG_CQ_STOP, QLXGE_CQ_STOP_CQ_MASK | QLXGE_CQ_STOP_TYPE_MASK,
			   sel | QLXGE_CQ_STOP_TYPE_READ);
	return qlxge_hw_wait_bit(hw, QLXGE_REG_CQ_STOP, QLXGE_CQ_STOP_EN, !stop, 0,
				 QLXGE_CQ_STOP_TIMEOUT_US,
				 stop ? "CQ_STOP (stop)" : "CQ_STOP (start)");
}

/*
 * §1, §4.1 (Linux): our function number is STS[7:6]; MPI word 0x1002 names the two NIC
 * functions; the lower one is port 0. REV_ID is kept for the register dump.
 */
int
qlxge_hw_identify(struct qlxge_hw *hw)
{
	uint32_t sts, fpc, nic1, nic2;
	int ret;

	sts = qlxge_hw_rd32(hw, QLXGE_REG_STS);
	hw->func = qlxge_field_get(sts, QLXGE_STS_FUNC_ID_MASK, QLXGE_STS_FUNC_ID_SHIFT);
	ret = qlxge_hw_proc_read(hw, QLXGE_MPI_ADDR(QLXGE_MPI_MODULE_RISC,
						    QLXGE_MPI_TEST_FUNC_PORT_CFG), &fpc);
	if (ret != 0) {
		QLXGE_INIT_LOG(ERR, "cannot read MPI function/port word 0x%x: %d",
			       QLXGE_MPI_TEST_FUNC_PORT_CFG, ret);
		return ret;
	}
	nic1 = qlxge_field_get(fpc, QLXGE_MPI_FPC_NIC1_FUNC_MASK, QLXGE_MPI_FPC_NIC1_FUNC_SHIFT);
	nic2 = qlxge_field_get(fpc, QLXGE_MPI_FPC_NIC2_FUNC_MASK, QLXGE_MPI_FPC_NIC2_FUNC_SHIFT);
	if (hw->func == nic1 && hw->func != nic2) {
		hw->port = nic1 < nic2 ? 0 : 1;
	} else if (hw->func == nic2 && hw->func != nic1) {
		hw->port = nic2 < nic1 ? 0 : 1;
	} else {
		QLXGE_INIT_LOG(ERR, "PCI function %u is not one NIC function of the adapter "
			       "(MPI 0x%x = 0x%08x)", hw->func, QLXGE_MPI_TEST_FUNC_PORT_CFG, fpc);
		return -ENODEV;
	}
	hw->rev_id = qlxge_hw_rd32(hw, QLXGE_REG_REV_ID);
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
qlxge_hw_func_reset(struct qlxge_hw *hw, bool running)
{
	uint32_t mgmt = 0;
	uint32_t waited;
	int ret = 0;

	if (running) {
		if (qlxge_hw_route_clear_all(hw) != 0)
			QLXGE_HW_LOG(WARNING, "port %u: routing slots not cleared", hw->port_id);
		ret = qlxge_mbox_mgmt_ctl(hw, QLXGE_MGMT_CTL_STOP);
		if (ret != 0 && ret != -EALREADY)
			QLXGE_HW_LOG(WARNING, "port %u: management traffic not stopped: %d",
				     hw->port_id, ret);
		if (qlxge_hw_wait_bit(hw, QLXGE_REG_STS, QLXGE_STS_NFE, true, 0,
				      QLXGE_NFE_TIMEOUT_US, "STS.NFE") != 0)
			QLXGE_HW_LOG(WARNING, "port %u: NIC FIFO not empty, resetting anyway",
				     hw->port_id);
		for (waited = 0; ret == 0 && waited < QLXGE_NFE_TIMEOUT_US; waited += 1000) {
			if (qlxge_mbox_mgmt_status(hw, &mgmt) != 0 ||
			    (mgmt & QLXGE_MGMT_CTL_STS_FIFO_EMPTY) != 0)
				break;
			rte_delay_us(1000);
		}
	}
	qlxge_hw_mwr_set(hw, QLXGE_REG_RST_FO, QLXGE_RST_FO_FR);
	ret = qlxge_hw_wait_bit(hw, QLXGE_REG_RST_FO, QLXGE_RST_FO_FR, false, 0,
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
qlxge_hw_base_init(struct qlxge_hw *hw)
{
	qlxge_hw_mwr_set(hw, QLXGE_REG_SYS, QLXGE_SYS_EFE | QLXGE_SYS_FAE);
	qlxge_hw_mwr_clear(hw, QLXGE_REG_NIC_RCV_CFG, QLXGE_NIC_RCV_CFG_DFQ_MASK);
	qlxge_hw_mwr_set(hw, QLXGE_REG_INTR_MASK, QLXGE_INTR_MASK_PI);
	qlxge_hw_mwr_field(hw, QLXGE_REG_FSC,
			   QLXGE_FSC_FE | QLXGE_FSC_VM_PAGE_MASK | QLXGE_FSC_EPC_MASK |
			   QLXGE_FSC_EC | QLXGE_FSC_DBL_MASK | QLXGE_FSC_DBRST_MASK,
			   QLXGE_FSC_FE | QLXGE_FSC_VM_PAGE_4K | QLXGE_FSC_EPC_INBOUND |
			   QLXGE_FSC_EPC_OUTBOUND | QLXGE_FSC_EC | QLXGE_FSC_DBRST_1024);
	qlxge_hw_wr32(hw, QLXGE_REG_SPLT_HDR, 0);
	qlxge_hw_mwr_field(hw, QLXGE_REG_RST_FO, QLXGE_RST_FO_RR_MASK,
			   QLXGE_RST_FO_RR_RCV_FUNC_CQ);
	qlxge_hw_mwr_clear(hw, QLXGE_REG_MGMT_RCV_CFG, QLXGE_MGMT_RCV_CFG_RM);
}

/* Teardown's last step: the function disabled again, as a fresh reset leaves it. */
void
qlxge_hw_func_disable(struct qlxge_hw *hw)
{
	qlxge_hw_mwr_clear(hw, QLXGE_REG_FSC, QLXGE_FSC_FE);
}

/* §8.2, Linux MSI-X words: per-vector commands carry IHD. */
void
qlxge_hw_vector_enable(const struct qlxge_hw *hw, unsigned int vector)
{
	qlxge_hw_mwr_field(hw, QLXGE_REG_INTR_EN,
			   QLXGE_INTR_EN_TYPE_MASK | QLXGE_INTR_EN_VEC_MASK | QLXGE_INTR_EN_IHD,
			   QLXGE_INTR_EN_TYPE_ENABLE | QLXGE_INTR_EN_IHD |
			   (vector & QLXGE_INTR_EN_VEC_MASK));
}

static void
qlxge_hw_vector_disable(const struct qlxge_hw *hw, unsigned int vector)
{
	qlxge_hw_mwr_field(hw, QLXGE_REG_INTR_EN,
			   QLXGE_INTR_EN_TYPE_MASK | QLXGE_INTR_EN_VEC_MASK | QLXGE_INTR_EN_IHD,
			   QLXGE_INTR_EN_TYPE_DISABLE | QLXGE_INTR_EN_IHD |
			   (vector & QLXGE_INTR_EN_VEC_MASK));
}

/* Vector 0 carries the firmware (STS.PI) and fatal-error (STS.FE) events (§8.1, §8.4). */
void
qlxge_hw_intr_enable(struct qlxge_hw *hw)
{
	qlxge_hw_mwr_set(hw, QLXGE_REG_INTR_MASK, QLXGE_INTR_MASK_PI);
	qlxge_hw_mwr_set(hw, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_EI);
	qlxge_hw_vector_enable(hw, 0);
}

void
qlxge_hw_intr_disable(struct qlxge_hw *hw)
{
	qlxge_hw_vector_disable(hw, 0);
	qlxge_hw_mwr_clear(hw, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_EI);
	qlxge_hw_mwr_clear(hw, QLXGE_REG_INTR_MASK, QLXGE_INTR_MASK_PI);
}

/* §2.8: PL0/PL1 is the port's link state. */
bool
qlxge_hw_link_up(const struct qlxge_hw *hw)
{
	return (qlxge_hw_rd32(hw, QLXGE_REG_STS) & QLXGE_STS_PL(hw->port)) != 0;
}

/* §2.15: VLAN acceptance mode and tag stripping (RV) in one store. */
void
qlxge_hw_rcv_vlan(const struct qlxge_hw *hw, bool match_only, bool strip)
{
	uint32_t vlan_mode = match_only ? QLXGE_NIC_RCV_CFG_VLAN_MATCH_AND_NON :
					  QLXGE_NIC_RCV_CFG_VLAN_ALL;

	qlxge_hw_mwr_field(hw, QLXGE_REG_NIC_RCV_CFG,
			   QLXGE_NIC_RCV_CFG_VLAN_MASK | QLXGE_NIC_RCV_CFG_RV,
			   vlan_mode | (strip ? QLXGE_NIC_RCV_CFG_RV : 0));
}

/* Dwords a dump leaves 0: reserved words, and the data halves of the index/data pairs, which
 * hold nothing meaningful without their read protocol (and may be busy for another user). */
static bool
qlxge_hw_dump_skip(uint32_t off)
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
qlxge_hw_dump_regs(const struct qlxge_hw *hw, uint32_t *buf)
{
	uint32_t i;

	if (buf != NULL)
		for (i = 0; i < QLXGE_REG_COUNT; i++)
			buf[i] = qlxge_hw_dump_skip(i * 4) ? 0 : qlxge_hw_rd32(hw, i * 4);
	return QLXGE_REG_COUNT;
}

/*
 * §4.6: the ISP8012 has no firmware port init; the first function to take the port's XGMAC
 * semaphore programs the MAC (jumbo, 9600-byte frames) and marks the port initialized.
 */
int
qlxge_hw_port8012_init(struct qlxge_hw *hw)
{
	uint32_t field = QLXGE_SEM_RELEASE_WORD(QLXGE_SEM_XGMAC(hw->port)) >> 16;
	uint32_t held = QLXGE_SEM_HELD_BIT(QLXGE_SEM_XGMAC(hw->port));
	uint32_t val = 0;
	int ret;

	qlxge_hw_mwr_field(hw, QLXGE_REG_SEM, field, held);
	if ((qlxge_hw_rd32(hw, QLXGE_REG_SEM) & held) == 0) {
		ret = qlxge_hw_wait_bit(hw, QLXGE_REG_STS, QLXGE_STS_PIN(hw->port), true, 0,
					QLXGE_RDY_TIMEOUT_US, "STS.PIx (port init by peer)");
		if (ret == 0) {
			hw->link_config = QLXGE_LINK_CFG_JUMBO;
			hw->max_frame = QLXGE_MAX_FRAME_DEFAULT;
		}
		return ret;
	}
	ret = qlxge_hw_xgmac_read_locked(hw, QLXGE_XGMAC_GLOBAL_CFG, &val);
	if (ret == 0)
		ret = qlxge_hw_xgmac_write_locked(hw, QLXGE_XGMAC_GLOBAL_CFG,
						  val | QLXGE_XGMAC_GLOBAL_CFG_RESET);
	if (ret == 0)
		ret = qlxge_hw_xgmac_write_locked(hw, QLXGE_XGMAC_GLOBAL_CFG,
			(val & ~QLXGE_XGMAC_GLOBAL_CFG_RESET) | QLXGE_XGMAC_GLOBAL_CFG_JUMBO |
			QLXGE_XGMAC_GLOBAL_CFG_TX_STAT_EN | QLXGE_XGMAC_GLOBAL_CFG_RX_STAT_EN);
	if (ret == 0)
		ret = qlxge_hw_xgmac_read_locked(hw, QLXGE_XGMAC_TX_CFG, &val);
	if (ret == 0)
		ret = qlxge_hw_xgmac_write_locked(hw, QLXGE_XGMAC_TX_CFG,
			(val & ~QLXGE_XGMAC_TX_CFG_RESET) | QLXGE_XGMAC_TX_CFG_EN);
	if (ret == 0)
		ret = qlxge_hw_xgmac_read_locked(hw, QLXGE_XGMAC_RX_CFG, &val);
	if (ret == 0)
		ret = qlxge_hw_xgmac_write_locked(hw, QLXGE_XGMAC_RX_CFG,
			(val & ~QLXGE_XGMAC_RX_CFG_RESET) | QLXGE_XGMAC_RX_CFG_EN);
	if (ret == 0)
		ret = qlxge_hw_xgmac_write_locked(hw, QLXGE_XGMAC_MAC_TX_PARAMS,
						  QLXGE_XGMAC_MAC_TX_PARAMS_8012);
	if (ret == 0)
		ret = qlxge_hw_xgmac_write_locked(hw, QLXGE_XGMAC_MAC_RX_PARAMS,
						  QLXGE_XGMAC_MAC_RX_PARAMS_8012);
	if (ret == 0)
		qlxge_hw_mwr_set(hw, QLXGE_REG_STS, QLXGE_STS_PIN(hw->port));
	qlxge_hw_xgmac_unlock(hw);
	if (ret == 0) {
		hw->link_config = QLXGE_LINK_CFG_JUMBO;
		hw->max_frame = QLXGE_MAX_FRAME_DEFAULT;
	}
	return ret;
}

/* Port bring-up: by the firmware on the ISP8000 (§9.7), by the driver on the ISP8012 (§4.6). */
int
qlxge_hw_port_init(struct qlxge_hw *hw)
{
	if (hw->device_id == QLXGE_PCI_DEVICE_ID_8012)
		return qlxge_hw_port8012_init(hw);
	return qlxge_mbox_port_init(hw);
}
