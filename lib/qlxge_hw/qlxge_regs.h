/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Hardware contract of the QLogic 8100 (ISP8000/ISP8012 NIC function): PCI identity, control
 * registers (BAR1), semaphores, doorbell pages (BAR3), interrupt commands, flash layout, XGMAC
 * registers and counters, address filtering and frame routing, limits.
 * Facts from the hardware reference docs/hardware (§1-§5, §8, §10-§13); choices in
 * docs/hardware/choices.md.
 *
 * Conventions:
 * - Register offsets are BAR1 byte offsets, QLXGE_REG_<Linux name>; the FreeBSD name is in the
 *   comment. Registers are 32 bits wide and accessed with 32-bit loads and stores only.
 * - One-bit fields are QLXGE_<REG>_<FIELD>; wider fields have _MASK and _SHIFT. Named values of a
 *   wider field are given in position (already shifted), e.g. QLXGE_FSC_VM_PAGE_4K == 0x200.
 * - Bits and masks of mask-write registers (SYS, RST_FO, FSC, CFG, STS, INTR_EN, INTR_MASK, SEM,
 *   GPIO, CQ_STOP, NIC_RCV_CFG, MGMT_RCV_CFG) are given in their low-half (15:0) position; the
 *   write-enable mask goes in bits 31:16: build the words with QLXGE_MWR_SET/_CLR/_FIELD.
 * - Values are host-order numbers; the register bus converts nothing (registers are LE on PCI).
 * - Composite words (init words, semaphore acquire words, ...) are built here from their fields;
 *   tests/unit/hw checks each against the number the public drivers write. Layouts are checked
 *   by the static_asserts after each structure (docs/design.md, "One source for every hardware
 *   fact").
 */

#ifndef QLXGE_REGS_H
#define QLXGE_REGS_H

#include <stddef.h>
#include <stdint.h>
#include <assert.h>

/* §2.1 Mask-write helpers: bit n of 15:0 changes only where bit n+16 of the word is 1 */
#define QLXGE_MWR_SET(bits) \
	((((uint32_t)(bits) & 0xFFFFu) << 16) | ((uint32_t)(bits) & 0xFFFFu))
#define QLXGE_MWR_CLR(bits)	(((uint32_t)(bits) & 0xFFFFu) << 16)
/* write field 'mask' (low-half position) to 'val' (in position) */
#define QLXGE_MWR_FIELD(mask, val) \
	((((uint32_t)(mask) & 0xFFFFu) << 16) | ((uint32_t)(val) & (uint32_t)(mask) & 0xFFFFu))
#define QLXGE_MWR_MASK_SHIFT	16

/**
 * Extract a field from a register or descriptor word.
 *
 * @param word  the whole word
 * @param mask  the field's in-position mask (a QLXGE_*_MASK)
 * @param shift the field's shift (the matching QLXGE_*_SHIFT)
 * @return the field value, shifted down to bit 0
 */
static inline uint32_t
qlxge_field_get(uint32_t word, uint32_t mask, unsigned int shift)
{
	return (word & mask) >> shift;
}

/**
 * Place a value into a field.
 *
 * @param mask  the field's in-position mask (a QLXGE_*_MASK)
 * @param shift the field's shift (the matching QLXGE_*_SHIFT)
 * @param val   the field value, from bit 0; bits beyond the field are dropped
 * @return the value in position, to OR into a word
 */
static inline uint32_t
qlxge_field_prep(uint32_t mask, unsigned int shift, uint32_t val)
{
	return (val << shift) & mask;
}

/* ---------------------------------------------------------------------------------------- */
/* §1 PCI identity */
#define QLXGE_PCI_VENDOR_ID		0x1077u	/* QLogic */
#define QLXGE_PCI_DEVICE_ID_8000	0x8000u	/* ISP8000 NIC function (both drivers) */
#define QLXGE_PCI_DEVICE_ID_8012	0x8012u	/* ISP8012 NIC function (Linux only) */
#define QLXGE_PCI_DEVICE_ID_8001	0x8001u	/* FCoE function: not a NIC, never probed */
#define QLXGE_PCI_SUBSYS_MEZZ_0068	0x0068u	/* mezzanine: WoL magic packet allowed */
#define QLXGE_PCI_SUBSYS_MEZZ_0180	0x0180u	/* mezzanine: WoL magic packet allowed */

/* §1 BARs */
#define QLXGE_BAR_REGS			1	/* control registers, config offset 0x14 */
#define QLXGE_BAR_DOORBELL		3	/* doorbell pages, config offset 0x1C */
#define QLXGE_BAR_REGS_CFG_OFF		0x14u
#define QLXGE_BAR_DOORBELL_CFG_OFF	0x1Cu
#define QLXGE_BAR_REGS_MIN_SIZE		0x100u	/* registers 0x00-0xFC (inference) */
#define QLXGE_BAR_DOORBELL_MIN_SIZE	0x100000u /* 256 pages x 4 KiB (inference) */
#define QLXGE_MAX_PCI_FUNC		3	/* STS.FUNC_ID above 3 is rejected */

/* ---------------------------------------------------------------------------------------- */
/* §2.2 Control registers, BAR1 byte offsets (Linux name; FreeBSD Q81_CTL_* in the comment) */
#define QLXGE_REG_PROC_ADDR		0x00u	/* PROC_ADDR; RW, SEM (§9.1) */
#define QLXGE_REG_PROC_DATA		0x04u	/* PROC_DATA; RW, SEM */
#define QLXGE_REG_SYS			0x08u	/* SYSTEM; MWR (§2.3) */
#define QLXGE_REG_RST_FO		0x0Cu	/* RESET; MWR, FS (§2.4) */
#define QLXGE_REG_FSC			0x10u	/* FUNC_SPECIFIC; MWR, FS (§2.5) */
#define QLXGE_REG_CSR			0x14u	/* HOST_CMD_STATUS; RW, FS (§2.6) */
#define QLXGE_REG_LED			0x18u	/* LED; RW, FS, MPI (unused) */
#define QLXGE_REG_ICB_RID		0x1Cu	/* (none); Linux only, unused */
#define QLXGE_REG_ICB_L			0x20u	/* ICB_ACCESS_ADDR_LO; RW, SEM (§2.7) */
#define QLXGE_REG_ICB_H			0x24u	/* ICB_ACCESS_ADDR_HI; RW, SEM */
#define QLXGE_REG_CFG			0x28u	/* CONFIG; MWR (§2.7) */
#define QLXGE_REG_BIOS_ADDR		0x2Cu	/* (none); Linux only, unused */
#define QLXGE_REG_STS			0x30u	/* STATUS; MWR, FS (§2.8) */
#define QLXGE_REG_INTR_EN		0x34u	/* INTR_ENABLE; MWR, FS (§8.2) */
#define QLXGE_REG_INTR_MASK		0x38u	/* INTR_MASK; MWR, FS (§2.9) */
#define QLXGE_REG_ISR1			0x3Cu	/* INTR_STATUS1; RO, FS: CQ 0-31 */
#define QLXGE_REG_ISR2			0x40u	/* INTR_STATUS2; RO, FS: CQ 32-63 (inference) */
#define QLXGE_REG_ISR3			0x44u	/* INTR_STATUS3; RO, FS: CQ 64-95 (inference) */
#define QLXGE_REG_ISR4			0x48u	/* INTR_STATUS4; RO, FS: CQ 96-127 (inference) */
#define QLXGE_REG_REV_ID		0x4Cu	/* REV_ID; RO (§2.10) */
#define QLXGE_REG_FRC_ECC_ERR		0x50u	/* (none); Linux only (§2.11) */
#define QLXGE_REG_ERR_STS		0x54u	/* FATAL_ERR_STATUS; RO, FS (§2.11) */
#define QLXGE_REG_RAM_DBG_ADDR		0x58u	/* (none); Linux only */
#define QLXGE_REG_RAM_DBG_DATA		0x5Cu	/* (none); Linux only */
#define QLXGE_REG_ECC_ERR_CNT		0x60u	/* COR_ECC_ERR_COUNTER; RO, FS */
#define QLXGE_REG_SEM			0x64u	/* SEMAPHORE; MWR, FS (§3) */
#define QLXGE_REG_GPIO_1		0x68u	/* GPIO1; MWR, FS (unused) */
#define QLXGE_REG_GPIO_2		0x6Cu	/* GPIO2; MWR, FS (unused) */
#define QLXGE_REG_GPIO_3		0x70u	/* GPIO3; MWR, FS (unused) */
#define QLXGE_REG_RSVD2			0x74u	/* (none); reserved */
#define QLXGE_REG_XGMAC_ADDR		0x78u	/* XGMAC_ADDR; RW, FS, SEM (§11.1) */
#define QLXGE_REG_XGMAC_DATA		0x7Cu	/* XGMAC_DATA; RW, FS, SEM, MPI */
#define QLXGE_REG_NIC_ETS		0x80u	/* NIC_ENH_TX_SCHD; RW, FS, MPI (§2.12) */
#define QLXGE_REG_CNA_ETS		0x84u	/* CNA_ENH_TX_SCHD; RW, FS, MPI */
#define QLXGE_REG_FLASH_ADDR		0x88u	/* FLASH_ADDR; RW, SEM (§10.1) */
#define QLXGE_REG_FLASH_DATA		0x8Cu	/* FLASH_DATA; RW, SEM */
#define QLXGE_REG_CQ_STOP		0x90u	/* STOP_CQ_PROCESSING; MWR, FS (§2.13) */
#define QLXGE_REG_PAGE_TBL_RID		0x94u	/* (none); Linux only, unused */
#define QLXGE_REG_WQ_PAGE_TBL_LO	0x98u	/* (none); Linux only, unused */
#define QLXGE_REG_WQ_PAGE_TBL_HI	0x9Cu	/* (none); Linux only, unused */
#define QLXGE_REG_CQ_PAGE_TBL_LO	0xA0u	/* (none); Linux only, unused */
#define QLXGE_REG_CQ_PAGE_TBL_HI	0xA4u	/* (none); Linux only, unused */
#define QLXGE_REG_MAC_ADDR_IDX		0xA8u	/* MAC_PROTO_ADDR_INDEX; RW, SEM (§12.1) */
#define QLXGE_REG_MAC_ADDR_DATA		0xACu	/* MAC_PROTO_ADDR_DATA; RW, SEM */
#define QLXGE_REG_COS_DFLT_CQ1		0xB0u	/* COS_DEF_CQ1; RW, FS (unused) */
#define QLXGE_REG_COS_DFLT_CQ2		0xB4u	/* COS_DEF_CQ2; RW, FS (unused) */
#define QLXGE_REG_ETYPE_SKIP1		0xB8u	/* ETHERTYPE_SKIP_1; RW, FS (unused) */
#define QLXGE_REG_ETYPE_SKIP2		0xBCu	/* ETHERTYPE_SKIP_2; RW, FS (unused) */
#define QLXGE_REG_SPLT_HDR		0xC0u	/* SPLIT_HDR; RW, FS (§2.14) */
#define QLXGE_REG_FC_PAUSE_THRES	0xC4u	/* (none); Linux only, unused */
#define QLXGE_REG_NIC_PAUSE_THRES	0xC8u	/* NIC_PAUSE_THRES; RW, FS, MPI */
#define QLXGE_REG_FC_ETHERTYPE		0xCCu	/* (none); Linux only, unused */
#define QLXGE_REG_FC_RCV_CFG		0xD0u	/* (none); Linux only (§2.15) */
#define QLXGE_REG_NIC_RCV_CFG		0xD4u	/* NIC_RCV_CONFIG; MWR, FS, MPI (§2.15) */
#define QLXGE_REG_FC_COS_TAGS		0xD8u	/* (none); Linux only, unused */
#define QLXGE_REG_NIC_COS_TAGS		0xDCu	/* COS_TAGS_IN_NIC_FIFO; RW, FS, MPI (unused) */
#define QLXGE_REG_MGMT_RCV_CFG		0xE0u	/* MGMT_RCV_CONFIG; MWR, FS, MPI (§2.16) */
#define QLXGE_REG_RT_IDX		0xE4u	/* ROUTING_INDEX; RW, FS, SEM (§12.3) */
#define QLXGE_REG_RT_DATA		0xE8u	/* ROUTING_DATA; RW, FS, SEM */
#define QLXGE_REG_RSVD7			0xECu	/* (none); reserved */
#define QLXGE_REG_XG_SERDES_ADDR	0xF0u	/* XG_SERDES_ADDR; RW, FS, SEM, MPI */
#define QLXGE_REG_XG_SERDES_DATA	0xF4u	/* XG_SERDES_DATA; RW, FS, SEM, MPI */
#define QLXGE_REG_PRB_MX_ADDR		0xF8u	/* XG_PROBE_MUX_ADDR; RW, SEM */
#define QLXGE_REG_PRB_MX_DATA		0xFCu	/* XG_PROBE_MUX_DATA; RW, SEM */
#define QLXGE_REG_COUNT			64	/* 32-bit registers in 0x00-0xFC */

/* §2.3 SYS (0x08), MWR */
#define QLXGE_SYS_EFE			(1u << 0)	/* ENABLE_EFE */
#define QLXGE_SYS_FAE			(1u << 1)	/* ENABLE_FAE */
#define QLXGE_SYS_MDC			(1u << 2)	/* ENABLE_MDC */
#define QLXGE_SYS_DST			(1u << 3)	/* ENABLE_DA_SINGLE_THRD */
#define QLXGE_SYS_DWC			(1u << 4)	/* ENABLE_DWC */
#define QLXGE_SYS_EVW			(1u << 5)	/* ENABLE_VQM_WR */
#define QLXGE_SYS_OMP_DLY_MASK		0x3F00u		/* Linux; mask form 0x3F000000 */
#define QLXGE_SYS_OMP_DLY_SHIFT		8
#define QLXGE_SYS_ODI			(1u << 14)	/* Linux only */
/* written by both at init: EFE | FAE (0x00030003) */
#define QLXGE_SYS_INIT			QLXGE_MWR_SET(QLXGE_SYS_EFE | QLXGE_SYS_FAE)

/* §2.4 RST_FO (0x0C), MWR, FS */
#define QLXGE_RST_FO_TFO		(1u << 0)
#define QLXGE_RST_FO_RR_MASK		0x0006u		/* receive routing */
#define QLXGE_RST_FO_RR_SHIFT		1
#define QLXGE_RST_FO_RR_CQ_CAM		(0u << 1)	/* CQ by CAM */
#define QLXGE_RST_FO_RR_DROP		(1u << 1)
#define QLXGE_RST_FO_RR_DFLT_Q		(2u << 1)	/* default queue */
#define QLXGE_RST_FO_RR_RCV_FUNC_CQ	(3u << 1)	/* route by receiving function */
#define QLXGE_RST_FO_FRB		(1u << 12)
#define QLXGE_RST_FO_MOP		(1u << 13)
#define QLXGE_RST_FO_REG		(1u << 14)
#define QLXGE_RST_FO_FR			(1u << 15)	/* function reset, self-clearing */
#define QLXGE_RST_FO_FUNC_RESET		QLXGE_MWR_SET(QLXGE_RST_FO_FR)	/* 0x80008000 */
/* Linux init: RR = receive function CQ (0x00060006) */
#define QLXGE_RST_FO_INIT_RR \
	QLXGE_MWR_FIELD(QLXGE_RST_FO_RR_MASK, QLXGE_RST_FO_RR_RCV_FUNC_CQ)

/* §2.5 FSC (0x10), MWR, FS */
#define QLXGE_FSC_DBRST_MASK		0x0007u		/* DMA burst size */
#define QLXGE_FSC_DBRST_SHIFT		0
#define QLXGE_FSC_DBRST_256		(0u << 0)
#define QLXGE_FSC_DBRST_512		(1u << 0)
#define QLXGE_FSC_DBRST_768		(2u << 0)
#define QLXGE_FSC_DBRST_1024		(3u << 0)
#define QLXGE_FSC_DBL_MASK		0x0018u		/* DMA burst limit selection */
#define QLXGE_FSC_DBL_SHIFT		3
#define QLXGE_FSC_DBL_DBRST		(0u << 3)
#define QLXGE_FSC_DBL_MAX_PLD		(1u << 3)	/* max payload size */
#define QLXGE_FSC_DBL_MAX_BRST		(2u << 3)	/* max read burst size */
#define QLXGE_FSC_DBL_128_BYTES		(3u << 3)
#define QLXGE_FSC_EC			(1u << 5)	/* error checking */
#define QLXGE_FSC_EPC_INBOUND		(1u << 6)	/* EPC_I */
#define QLXGE_FSC_EPC_OUTBOUND		(1u << 7)	/* EPC_O */
#define QLXGE_FSC_EPC_MASK		0x00C0u
#define QLXGE_FSC_VM_PAGE_MASK		0x0700u		/* VM page size (and doorbell stride) */
#define QLXGE_FSC_VM_PAGE_SHIFT		8
#define QLXGE_FSC_VM_PAGE_2K		(1u << 8)
#define QLXGE_FSC_VM_PAGE_4K		(2u << 8)
#define QLXGE_FSC_VM_PAGE_8K		(3u << 8)
#define QLXGE_FSC_VM_PAGE_64K		(6u << 8)
#define QLXGE_FSC_SH			(1u << 11)	/* header split enable */
#define QLXGE_FSC_DSB			(1u << 12)
#define QLXGE_FSC_STE			(1u << 13)
#define QLXGE_FSC_FE			(1u << 15)	/* function enable */
/* FreeBSD: FE | 4K | EPC | EC, mask over FE, page field, EPC, EC (0x87E082E0) */
#define QLXGE_FSC_INIT_FREEBSD \
	(QLXGE_MWR_SET(QLXGE_FSC_FE | QLXGE_FSC_EPC_MASK | QLXGE_FSC_EC) | \
	 QLXGE_MWR_FIELD(QLXGE_FSC_VM_PAGE_MASK, QLXGE_FSC_VM_PAGE_4K))
/* Linux on x86: also DBRST 1024, mask also over DBRST and DBL (0x87FF82E3) */
#define QLXGE_FSC_INIT_LINUX_X86 \
	(QLXGE_MWR_SET(QLXGE_FSC_FE | QLXGE_FSC_EPC_MASK | QLXGE_FSC_EC) | \
	 QLXGE_MWR_FIELD(QLXGE_FSC_VM_PAGE_MASK, QLXGE_FSC_VM_PAGE_4K) | \
	 QLXGE_MWR_FIELD(QLXGE_FSC_DBRST_MASK, QLXGE_FSC_DBRST_1024) | \
	 QLXGE_MWR_FIELD(QLXGE_FSC_DBL_MASK, QLXGE_FSC_DBL_DBRST))
/* Linux on other CPUs: SH instead of DBRST 1024 (0x8FFF8AE0) */
#define QLXGE_FSC_INIT_LINUX_SPLIT \
	(QLXGE_MWR_SET(QLXGE_FSC_FE | QLXGE_FSC_EPC_MASK | QLXGE_FSC_EC | QLXGE_FSC_SH) | \
	 QLXGE_MWR_FIELD(QLXGE_FSC_VM_PAGE_MASK, QLXGE_FSC_VM_PAGE_4K) | \
	 QLXGE_MWR_FIELD(QLXGE_FSC_DBRST_MASK, QLXGE_FSC_DBRST_256) | \
	 QLXGE_MWR_FIELD(QLXGE_FSC_DBL_MASK, QLXGE_FSC_DBL_DBRST))

/* §2.6 CSR (0x14): commands in bits 31:28 (write), status in the low bits (read) */
#define QLXGE_CSR_CMD_MASK		0xF0000000u
#define QLXGE_CSR_CMD_SHIFT		28
#define QLXGE_CSR_CMD_NOP		0x00000000u
#define QLXGE_CSR_CMD_SET_RST		0x10000000u	/* SET_RISC_RESET */
#define QLXGE_CSR_CMD_CLR_RST		0x20000000u	/* CLR_RISC_RESET */
#define QLXGE_CSR_CMD_SET_PAUSE		0x30000000u	/* SET_RISC_PAUSE */
#define QLXGE_CSR_CMD_CLR_PAUSE		0x40000000u	/* CLR_RISC_PAUSE */
#define QLXGE_CSR_CMD_SET_H2R_INT	0x50000000u	/* SET_HTR_INTR: mailbox posted */
#define QLXGE_CSR_CMD_CLR_H2R_INT	0x60000000u	/* CLR_HTR_INTR */
#define QLXGE_CSR_CMD_PAR_EN		0x70000000u	/* SET_PARITY_EN */
#define QLXGE_CSR_CMD_SET_BAD_PAR	0x80000000u	/* FORCE_BAD_PARITY */
#define QLXGE_CSR_CMD_CLR_BAD_PAR	0x90000000u	/* CLR_BAD_PARITY */
#define QLXGE_CSR_CMD_CLR_R2PCI_INT	0xA0000000u	/* CLR_RTH_INTR: ack firmware intr */
#define QLXGE_CSR_CMD_PARM_SHIFT	22		/* unused */
#define QLXGE_CSR_ERR_STS_MASK		0x003Fu
#define QLXGE_CSR_ERR_STS_SHIFT		0
#define QLXGE_CSR_RR			(1u << 8)	/* RISC_RESET: RISC in reset */
#define QLXGE_CSR_HRI			(1u << 9)	/* HTR_INTR: host->RISC intr pending */
#define QLXGE_CSR_RP			(1u << 10)	/* RISC_PAUSED */

/* §2.7 CFG (0x28), MWR: ICB load / dump commands */
#define QLXGE_CFG_LRQ			(1u << 0)	/* load WQ ICB */
#define QLXGE_CFG_DRQ			(1u << 1)	/* dump WQ ICB */
#define QLXGE_CFG_LR			(1u << 2)	/* load RSS ICB */
#define QLXGE_CFG_DR			(1u << 3)	/* dump RSS ICB */
#define QLXGE_CFG_LE			(1u << 5)	/* load error */
#define QLXGE_CFG_LCQ			(1u << 6)	/* load CQ ICB */
#define QLXGE_CFG_DCQ			(1u << 7)	/* dump CQ ICB */
#define QLXGE_CFG_Q_MASK		0x7F00u		/* WQ/CQ id; mask form 0x7F000000 */
#define QLXGE_CFG_Q_SHIFT		8
/* full command word: e.g. QLXGE_CFG_CMD(QLXGE_CFG_LCQ, n) == 0x7F400040 | n << 8 */
#define QLXGE_CFG_CMD(bit, q) \
	(QLXGE_MWR_CLR((uint32_t)(bit) | QLXGE_CFG_Q_MASK) | (uint32_t)(bit) | \
	 (((uint32_t)(q) << QLXGE_CFG_Q_SHIFT) & QLXGE_CFG_Q_MASK))

/* §2.8 STS (0x30), MWR, FS */
#define QLXGE_STS_FE			(1u << 0)	/* fatal error */
#define QLXGE_STS_PI			(1u << 1)	/* MPI interrupt (mailbox/AEN) pending */
#define QLXGE_STS_PL0			(1u << 2)	/* port 0 link up */
#define QLXGE_STS_PL1			(1u << 3)	/* port 1 link up */
#define QLXGE_STS_PI0			(1u << 4)	/* port 0 initialized */
#define QLXGE_STS_PI1			(1u << 5)	/* port 1 initialized */
#define QLXGE_STS_FUNC_ID_MASK		0x00C0u		/* PCI function of the reader */
#define QLXGE_STS_FUNC_ID_SHIFT		6
#define QLXGE_STS_F0E			(1u << 8)	/* function 0 enabled */
#define QLXGE_STS_F1E			(1u << 9)
#define QLXGE_STS_F2E			(1u << 10)
#define QLXGE_STS_F3E			(1u << 11)
#define QLXGE_STS_NFE			(1u << 12)	/* NIC FIFO empty */
#define QLXGE_STS_PL(port)		(QLXGE_STS_PL0 << (port))	/* port 0/1 */
#define QLXGE_STS_PIN(port)		(QLXGE_STS_PI0 << (port))	/* port init 0/1 */
#define QLXGE_STS_FNE(func)		(QLXGE_STS_F0E << (func))	/* func 0-3 */

/* §2.9 INTR_MASK (0x38), MWR: a set bit enables the source */
#define QLXGE_INTR_MASK_PI		(1u << 0)	/* MPI (mailbox/AEN) interrupt */
#define QLXGE_INTR_MASK_HL0		(1u << 1)
#define QLXGE_INTR_MASK_LH0		(1u << 2)
#define QLXGE_INTR_MASK_HL1		(1u << 3)
#define QLXGE_INTR_MASK_LH1		(1u << 4)
#define QLXGE_INTR_MASK_SE		(1u << 5)	/* Linux only */
#define QLXGE_INTR_MASK_LSC		(1u << 6)
#define QLXGE_INTR_MASK_MC		(1u << 7)

/* §2.10 REV_ID (0x4C), RO */
#define QLXGE_REV_ID_NIC_ROLL_MASK	0x0000000Fu
#define QLXGE_REV_ID_NIC_ROLL_SHIFT	0
#define QLXGE_REV_ID_NIC_REV_MASK	0x000000F0u
#define QLXGE_REV_ID_NIC_REV_SHIFT	4
#define QLXGE_REV_ID_XG_ROLL_MASK	0x00000F00u
#define QLXGE_REV_ID_XG_ROLL_SHIFT	8
#define QLXGE_REV_ID_XG_REV_MASK	0x0000F000u	/* Linux position (§15 #12) */
#define QLXGE_REV_ID_XG_REV_SHIFT	12
#define QLXGE_REV_ID_XG_RCV_MASK	0x000F0000u	/* FreeBSD "RCV" position (§15 #12) */
#define QLXGE_REV_ID_XG_RCV_SHIFT	16
#define QLXGE_REV_ID_CHIP_REV_MASK	0xF0000000u
#define QLXGE_REV_ID_CHIP_REV_SHIFT	28

/* §2.11 ERR_STS (0x54), RO, Linux bit names */
#define QLXGE_ERR_STS_NOF		(1u << 0)
#define QLXGE_ERR_STS_NIF		(1u << 1)
#define QLXGE_ERR_STS_DRP		(1u << 2)
#define QLXGE_ERR_STS_XGP		(1u << 3)
#define QLXGE_ERR_STS_FOU		(1u << 4)
#define QLXGE_ERR_STS_FOC		(1u << 5)
#define QLXGE_ERR_STS_FOF		(1u << 6)
#define QLXGE_ERR_STS_FIU		(1u << 7)
#define QLXGE_ERR_STS_FIC		(1u << 8)
#define QLXGE_ERR_STS_FIF		(1u << 9)
#define QLXGE_ERR_STS_MOF		(1u << 10)
#define QLXGE_ERR_STS_TA		(1u << 11)
#define QLXGE_ERR_STS_MA		(1u << 12)
#define QLXGE_ERR_STS_MPE		(1u << 13)
#define QLXGE_ERR_STS_SCE		(1u << 14)
#define QLXGE_ERR_STS_STE		(1u << 15)
#define QLXGE_ERR_STS_FOW		(1u << 16)
#define QLXGE_ERR_STS_UE		(1u << 17)
#define QLXGE_ERR_STS_MCH		(1u << 26)
#define QLXGE_ERR_STS_LOC_SHIFT		27
#define QLXGE_ERR_STS_LOC_MASK		0xF8000000u	/* width not stated: bits 31:27 */

/* §2.11 FRC_ECC_ERR (0x50), Linux only */
#define QLXGE_FRC_ECC_ERR_VW		(1u << 12)
#define QLXGE_FRC_ECC_ERR_VB		(1u << 13)
#define QLXGE_FRC_ECC_ERR_NI		(1u << 14)
#define QLXGE_FRC_ECC_ERR_NO		(1u << 15)
#define QLXGE_FRC_ECC_ERR_PFE_SHIFT	16
#define QLXGE_FRC_ECC_ERR_PFE_MASK	0x00030000u	/* bits 17:16 (next field at 18) */
#define QLXGE_FRC_ECC_ERR_DO		(1u << 18)
#define QLXGE_FRC_ECC_ERR_P14		(1u << 19)

/* §2.2 RAM_DBG_ADDR (0x58), Linux only */
#define QLXGE_RAM_DBG_ADDR_FW		(1u << 30)
#define QLXGE_RAM_DBG_ADDR_FR		(1u << 31)

/* §2.12 NIC_ETS / CNA_ETS (0x80 / 0x84) */
#define QLXGE_ETS_QUEUE_SHIFT		29
#define QLXGE_ETS_QUEUE_MASK		0xE0000000u
#define QLXGE_ETS_P			(1u << 28)
#define QLXGE_ETS_RS			(1u << 27)	/* read select */
#define QLXGE_ETS_REF			(1u << 26)
#define QLXGE_ETS_FC_COS_SHIFT		23
#define QLXGE_ETS_NIC_QUEUES		8
#define QLXGE_ETS_CNA_QUEUES		2
#define QLXGE_ETS_READ_SELECT(q)	(((uint32_t)(q) << QLXGE_ETS_QUEUE_SHIFT) | QLXGE_ETS_RS)

/* §2.13 CQ_STOP (0x90), MWR */
#define QLXGE_CQ_STOP_CQ_MASK		0x007Fu
#define QLXGE_CQ_STOP_CQ_SHIFT		0
#define QLXGE_CQ_STOP_TYPE_MASK		0x0300u
#define QLXGE_CQ_STOP_TYPE_SHIFT	8
#define QLXGE_CQ_STOP_TYPE_START	(1u << 8)
#define QLXGE_CQ_STOP_TYPE_STOP		(2u << 8)
#define QLXGE_CQ_STOP_TYPE_READ		(3u << 8)
#define QLXGE_CQ_STOP_EN		(1u << 15)	/* status */

/* §2.14 SPLT_HDR (0xC0) */
#define QLXGE_SPLT_HDR_EP		(1u << 31)	/* enable */
#define QLXGE_SPLT_HDR_LEN_MASK		0x0000FFFFu	/* width not stated: bits 15:0 */
#define QLXGE_SPLT_HDR_LEN_SHIFT	0
#define QLXGE_SPLT_HDR_LINUX		(QLXGE_SPLT_HDR_EP | 256u)	/* enable, 256 bytes */

/* §2.2 NIC_PAUSE_THRES (0xC8) */
#define QLXGE_NIC_PAUSE_THRES_PAUSE_MASK	0xFFFF0000u
#define QLXGE_NIC_PAUSE_THRES_PAUSE_SHIFT	16
#define QLXGE_NIC_PAUSE_THRES_RESUME_MASK	0x0000FFFFu
#define QLXGE_NIC_PAUSE_THRES_RESUME_SHIFT	0

/* §2.15 NIC_RCV_CFG (0xD4), MWR */
#define QLXGE_NIC_RCV_CFG_PPE		(1u << 0)
#define QLXGE_NIC_RCV_CFG_VLAN_MASK	0x0006u		/* mask form 0x00060000 */
#define QLXGE_NIC_RCV_CFG_VLAN_SHIFT	1
#define QLXGE_NIC_RCV_CFG_VLAN_ALL	(0u << 1)	/* FreeBSD ALL */
#define QLXGE_NIC_RCV_CFG_VLAN_MATCH_ONLY	(1u << 1)	/* FreeBSD ONLY */
#define QLXGE_NIC_RCV_CFG_VLAN_MATCH_AND_NON	(2u << 1)	/* FreeBSD NON_VLAN */
#define QLXGE_NIC_RCV_CFG_VLAN_NONE_AND_NON	(3u << 1)	/* FreeBSD REJECT */
#define QLXGE_NIC_RCV_CFG_RV		(1u << 3)	/* strip VLAN tag into completion */
#define QLXGE_NIC_RCV_CFG_R4T		(1u << 4)	/* FreeBSD only */
#define QLXGE_NIC_RCV_CFG_DTP		(1u << 5)	/* FreeBSD only */
#define QLXGE_NIC_RCV_CFG_DFQ_MASK	0x7F00u		/* default CQ; mask form 0x7F000000 */
#define QLXGE_NIC_RCV_CFG_DFQ_SHIFT	8

/* §2.15 FC_RCV_CFG (0xD0), Linux only, unused */
#define QLXGE_FC_RCV_CFG_ECT		(1u << 15)
#define QLXGE_FC_RCV_CFG_DFH		(1u << 20)
#define QLXGE_FC_RCV_CFG_DVF		(1u << 21)
#define QLXGE_FC_RCV_CFG_RCE		(1u << 27)
#define QLXGE_FC_RCV_CFG_RFE		(1u << 28)
#define QLXGE_FC_RCV_CFG_TEE		(1u << 29)
#define QLXGE_FC_RCV_CFG_TCE		(1u << 30)
#define QLXGE_FC_RCV_CFG_TFE		(1u << 31)

/* §2.16 MGMT_RCV_CFG (0xE0), MWR, Linux bit names */
#define QLXGE_MGMT_RCV_CFG_ARP		(1u << 0)
#define QLXGE_MGMT_RCV_CFG_DHC		(1u << 1)
#define QLXGE_MGMT_RCV_CFG_DHS		(1u << 2)
#define QLXGE_MGMT_RCV_CFG_NP		(1u << 3)
#define QLXGE_MGMT_RCV_CFG_I6N		(1u << 4)
#define QLXGE_MGMT_RCV_CFG_I6R		(1u << 5)
#define QLXGE_MGMT_RCV_CFG_DH6		(1u << 6)
#define QLXGE_MGMT_RCV_CFG_UD1		(1u << 7)
#define QLXGE_MGMT_RCV_CFG_UD0		(1u << 8)
#define QLXGE_MGMT_RCV_CFG_BCT		(1u << 9)
#define QLXGE_MGMT_RCV_CFG_MCT		(1u << 10)
#define QLXGE_MGMT_RCV_CFG_DM		(1u << 11)
#define QLXGE_MGMT_RCV_CFG_RM		(1u << 12)	/* route matches to management */
#define QLXGE_MGMT_RCV_CFG_STL		(1u << 13)
#define QLXGE_MGMT_RCV_CFG_VLAN_MASK	0xC000u		/* NIC_RCV_CFG encoding >> 1 */
#define QLXGE_MGMT_RCV_CFG_VLAN_SHIFT	14
#define QLXGE_MGMT_RCV_CFG_CLEAR_ALL	QLXGE_MWR_CLR(0xFFFFu)	/* every bit cleared */

/* ---------------------------------------------------------------------------------------- */
/* §4 Words of the reset and bring-up sequences (§4.2-§4.4) */
#define QLXGE_NIC_RCV_CFG_INIT		QLXGE_MWR_FIELD(QLXGE_NIC_RCV_CFG_DFQ_MASK, 0)	/* CQ 0 */
#define QLXGE_INTR_MASK_PI_ON		QLXGE_MWR_SET(QLXGE_INTR_MASK_PI)
#define QLXGE_INTR_MASK_PI_OFF		QLXGE_MWR_CLR(QLXGE_INTR_MASK_PI)
#define QLXGE_RESET_POLL_TRIES		10		/* FreeBSD: 10 x 10 us for FR to clear */
#define QLXGE_RESET_POLL_DELAY_US	10
#define QLXGE_CFG_POLL_TRIES		3		/* ICB load bit: 3 x 100 us */
#define QLXGE_CFG_POLL_DELAY_US		100

/* ---------------------------------------------------------------------------------------- */
/* §3 Hardware semaphores (SEM, 0x64): eight 2-bit fields in 15:0, write mask in 31:16 */
#define QLXGE_SEM_FIELD_MASK		0x3u		/* field width mask, unshifted */
#define QLXGE_SEM_CLEAR			0x0u		/* field values, unshifted */
#define QLXGE_SEM_SET			0x1u
#define QLXGE_SEM_FORCE			0x3u		/* never used */
#define QLXGE_SEM_TRIES			30		/* both drivers: 30 tries, */
#define QLXGE_SEM_TRY_DELAY_US		100		/* 100 us apart */

/* acquire word of the resource whose field starts at 'shift' */
#define QLXGE_SEM_WORD(shift) \
	((QLXGE_SEM_FIELD_MASK << ((shift) + 16)) | (QLXGE_SEM_SET << (shift)))
/* the write that releases the resource of acquire word 'w' (mask only, value 0) */
#define QLXGE_SEM_RELEASE_WORD(w)	((uint32_t)(w) & 0xFFFF0000u)
/* the bit of a SEM read that says 'held by me' for acquire word 'w' */
#define QLXGE_SEM_HELD_BIT(w)		((uint32_t)(w) & 0x0000FFFFu)

#define QLXGE_SEM_XGMAC0_SHIFT		0		/* port-0 XGMAC window, stats */
#define QLXGE_SEM_XGMAC1_SHIFT		2		/* port-1 XGMAC window */
#define QLXGE_SEM_ICB_SHIFT		4		/* ICB_L/ICB_H (+CFG) */
#define QLXGE_SEM_MAC_ADDR_SHIFT	6		/* MAC_ADDR_IDX/DATA; FreeBSD MAC_SERDES */
#define QLXGE_SEM_FLASH_SHIFT		8		/* FLASH_ADDR/DATA */
#define QLXGE_SEM_PROBE_SHIFT		10		/* probe mux; Linux only */
#define QLXGE_SEM_RT_IDX_SHIFT		12		/* RT_IDX/DATA; FreeBSD RIDX_DATAREG */
#define QLXGE_SEM_PROC_REG_SHIFT	14		/* PROC_ADDR/DATA; B: PROC_ADDR_NIC_RCV */

#define QLXGE_SEM_XGMAC0_MASK		(0x3u << QLXGE_SEM_XGMAC0_SHIFT)	/* low half */
#define QLXGE_SEM_XGMAC1_MASK		(0x3u << QLXGE_SEM_XGMAC1_SHIFT)
#define QLXGE_SEM_ICB_MASK		(0x3u << QLXGE_SEM_ICB_SHIFT)
#define QLXGE_SEM_MAC_ADDR_MASK		(0x3u << QLXGE_SEM_MAC_ADDR_SHIFT)
#define QLXGE_SEM_FLASH_MASK		(0x3u << QLXGE_SEM_FLASH_SHIFT)
#define QLXGE_SEM_PROBE_MASK		(0x3u << QLXGE_SEM_PROBE_SHIFT)
#define QLXGE_SEM_RT_IDX_MASK		(0x3u << QLXGE_SEM_RT_IDX_SHIFT)
#define QLXGE_SEM_PROC_REG_MASK		(0x3u << QLXGE_SEM_PROC_REG_SHIFT)

/* acquire words: the identifiers the driver passes to its semaphore helper */
#define QLXGE_SEM_XGMAC0		QLXGE_SEM_WORD(QLXGE_SEM_XGMAC0_SHIFT)
#define QLXGE_SEM_XGMAC1		QLXGE_SEM_WORD(QLXGE_SEM_XGMAC1_SHIFT)
#define QLXGE_SEM_ICB			QLXGE_SEM_WORD(QLXGE_SEM_ICB_SHIFT)
#define QLXGE_SEM_MAC_ADDR		QLXGE_SEM_WORD(QLXGE_SEM_MAC_ADDR_SHIFT)
#define QLXGE_SEM_FLASH			QLXGE_SEM_WORD(QLXGE_SEM_FLASH_SHIFT)
#define QLXGE_SEM_PROBE			QLXGE_SEM_WORD(QLXGE_SEM_PROBE_SHIFT)
#define QLXGE_SEM_RT_IDX		QLXGE_SEM_WORD(QLXGE_SEM_RT_IDX_SHIFT)
#define QLXGE_SEM_PROC_REG		QLXGE_SEM_WORD(QLXGE_SEM_PROC_REG_SHIFT)
#define QLXGE_SEM_XGMAC(port)		((port) ? QLXGE_SEM_XGMAC1 : QLXGE_SEM_XGMAC0)
#define QLXGE_SEM_COUNT			8

/* ---------------------------------------------------------------------------------------- */
/* §5 Doorbell pages (BAR3): WQ n at page n, CQ n at page 128 + n */
#define QLXGE_DB_PAGE_SIZE		4096u
#define QLXGE_DB_PAGE_SHIFT		12
#define QLXGE_DB_CQ_PAGE_BASE		128u
#define QLXGE_DB_PAGES			256u
#define QLXGE_DB_WQ_PAGE(n)		((uint32_t)(n))
#define QLXGE_DB_CQ_PAGE(n)		(QLXGE_DB_CQ_PAGE_BASE + (uint32_t)(n))
#define QLXGE_DB_WQ_OFFSET(n)		(QLXGE_DB_WQ_PAGE(n) * QLXGE_DB_PAGE_SIZE)
#define QLXGE_DB_CQ_OFFSET(n)		(QLXGE_DB_CQ_PAGE(n) * QLXGE_DB_PAGE_SIZE)
/* byte offsets inside a WQ page */
#define QLXGE_DB_WQ_PROD_IDX		0x00u	/* write: producer index (TX doorbell) */
#define QLXGE_DB_WQ_VALID		0x04u	/* bit 4 V */
/* byte offsets inside a CQ page */
#define QLXGE_DB_CQ_CONS_IDX		0x00u	/* write: consumer index */
#define QLXGE_DB_CQ_VALID		0x04u	/* bit 4 V */
#define QLXGE_DB_LBQ_PROD_IDX		0x18u	/* large-buffer queue producer */
#define QLXGE_DB_SBQ_PROD_IDX		0x1Cu	/* small-buffer queue producer */
/* valid register bits */
#define QLXGE_DB_VALID_V		(1u << 4)
#define QLXGE_DB_VALID_ONQ		(1u << 25)	/* FreeBSD name only */
#define QLXGE_DB_INVALIDATE		((uint32_t)~QLXGE_DB_VALID_V)	/* FreeBSD teardown */
/* FreeBSD's debug read-back of index registers */
#define QLXGE_DB_RD_LO_MASK		0x0000FFFFu	/* WQ producer / CQ consumer / BQ prod */
#define QLXGE_DB_RD_HI_MASK		0xFFFF0000u	/* WQ consumer / CQ producer / BQ cons */
#define QLXGE_DB_RD_HI_SHIFT		16
/* buffer-queue producers move in blocks of 16; the device ignores the low 4 bits */
#define QLXGE_DB_BQ_PROD_ALIGN		16u
#define QLXGE_DB_BQ_PROD_IGNORED_MASK	0x0000000Fu

/* ---------------------------------------------------------------------------------------- */
/* §8.2 INTR_EN (0x34): command-style, MWR */
#define QLXGE_INTR_EN_VEC_MASK		0x007Fu		/* HOST_INTR; mask form 0x007F0000 */
#define QLXGE_INTR_EN_VEC_SHIFT		0
#define QLXGE_INTR_EN_TYPE_MASK		0x0300u		/* mask form 0x03000000 */
#define QLXGE_INTR_EN_TYPE_SHIFT	8
#define QLXGE_INTR_EN_TYPE_ENABLE	(1u << 8)
#define QLXGE_INTR_EN_TYPE_DISABLE	(2u << 8)
#define QLXGE_INTR_EN_TYPE_READ		(3u << 8)	/* select vector for read-back */
#define QLXGE_INTR_EN_IHD		(1u << 13)	/* interrupt handshake disable */
#define QLXGE_INTR_EN_EI		(1u << 14)	/* global enable */
#define QLXGE_INTR_EN_EN		(1u << 15)	/* read-back: selected vector enabled */
/* global words */
#define QLXGE_INTR_EN_EI_ON		QLXGE_MWR_SET(QLXGE_INTR_EN_EI)
#define QLXGE_INTR_EN_EI_OFF		QLXGE_MWR_CLR(QLXGE_INTR_EN_EI)
#define QLXGE_INTR_EN_IHD_ON		QLXGE_MWR_SET(QLXGE_INTR_EN_IHD)
#define QLXGE_INTR_EN_IHD_OFF		QLXGE_MWR_CLR(QLXGE_INTR_EN_IHD)
/* per-vector command: FreeBSD form, e.g. enable v = 0x037F0100 | v */
#define QLXGE_INTR_EN_VEC_CMD(type, v) \
	(QLXGE_MWR_CLR(QLXGE_INTR_EN_TYPE_MASK | QLXGE_INTR_EN_VEC_MASK) | \
	 ((uint32_t)(type) & QLXGE_INTR_EN_TYPE_MASK) | \
	 ((uint32_t)(v) & QLXGE_INTR_EN_VEC_MASK))
/* per-vector command with IHD set: Linux MSI-X form, e.g. enable v = 0x237F2100 | v */
#define QLXGE_INTR_EN_VEC_CMD_IHD(type, v) \
	(QLXGE_INTR_EN_VEC_CMD(type, v) | QLXGE_INTR_EN_IHD_ON)

/* §8.1 ISR1-4: bit n of ISR(k) = CQ 32k + n has a pending interrupt */
#define QLXGE_ISR_REG(cq)		(QLXGE_REG_ISR1 + 4u * ((uint32_t)(cq) >> 5))
#define QLXGE_ISR_BIT(cq)		(1u << ((uint32_t)(cq) & 31u))

/* §8.3 coalescing defaults */
#define QLXGE_IRQ_DELAY_DEFAULT_US	100
#define QLXGE_PKT_DELAY_DEFAULT		5	/* Linux; FreeBSD 10 */
#define QLXGE_PKT_DELAY_MAX		10	/* Linux limit */

/* ---------------------------------------------------------------------------------------- */
/* §9.1 PROC_ADDR (0x00): indirect MPI access (module values and addresses in qlxge_mbox.h) */
#define QLXGE_PROC_ADDR_RDY		(1u << 31)	/* ready / previous access done */
#define QLXGE_PROC_ADDR_R		(1u << 30)	/* read request */
#define QLXGE_PROC_ADDR_ERR		(1u << 29)
#define QLXGE_PROC_ADDR_DA		(1u << 28)	/* Linux, defined only */
#define QLXGE_PROC_ADDR_MODULE_SHIFT	16		/* width not stated */
#define QLXGE_PROC_ADDR_ADDR_MASK	0x0000FFFFu	/* word address inside the module */
#define QLXGE_PROC_ADDR_ADDR_SHIFT	0

/* §10.1 FLASH_ADDR (0x88) */
#define QLXGE_FLASH_ADDR_RDY		(1u << 31)
#define QLXGE_FLASH_ADDR_R		(1u << 30)
#define QLXGE_FLASH_ADDR_ERR		(1u << 29)
#define QLXGE_FLASH_ADDR_ADDR_MASK	0x007FFFFFu	/* dword address */
#define QLXGE_FLASH_ADDR_ADDR_SHIFT	0

/* §11.1 XGMAC_ADDR (0x78) */
#define QLXGE_XGMAC_ADDR_RDY		(1u << 31)
#define QLXGE_XGMAC_ADDR_R		(1u << 30)
#define QLXGE_XGMAC_ADDR_XME		(1u << 29)	/* error */
#define QLXGE_XGMAC_ADDR_REG_MASK	0x0000FFFFu	/* width not stated; regs 0x100-0x73C */
#define QLXGE_XGMAC_ADDR_REG_SHIFT	0

/* §2.2 XG_SERDES_ADDR (0xF0) */
#define QLXGE_XG_SERDES_ADDR_RDY	(1u << 31)
#define QLXGE_XG_SERDES_ADDR_R		(1u << 30)

/* Indirect-access ready waits of both drivers (PROC, FLASH, XGMAC, MAC_ADDR, RT, CFG) */
#define QLXGE_RDY_TRIES			3
#define QLXGE_RDY_DELAY_US		100

/* ---------------------------------------------------------------------------------------- */
/* §10 Flash: per-port parameter blocks */
#define QLXGE_FLASH_8000_PORT0_BYTE	0x140200u
#define QLXGE_FLASH_8000_PORT1_BYTE	0x140600u
#define QLXGE_FLASH_8000_PORT0_DWORD	(QLXGE_FLASH_8000_PORT0_BYTE / 4u)
#define QLXGE_FLASH_8000_PORT1_DWORD	(QLXGE_FLASH_8000_PORT1_BYTE / 4u)
#define QLXGE_FLASH_8000_DWORD(port) \
	((port) ? QLXGE_FLASH_8000_PORT1_DWORD : QLXGE_FLASH_8000_PORT0_DWORD)
#define QLXGE_FLASH_8000_SIZE		512u
#define QLXGE_FLASH_8000_SIG		"8000"
#define QLXGE_FLASH_8012_PORT0_DWORD	0u
#define QLXGE_FLASH_8012_PORT1_DWORD	5u
#define QLXGE_FLASH_8012_DWORD(port) \
	((port) ? QLXGE_FLASH_8012_PORT1_DWORD : QLXGE_FLASH_8012_PORT0_DWORD)
#define QLXGE_FLASH_8012_SIZE		20u
#define QLXGE_FLASH_8012_SIG		"8012"
#define QLXGE_FLASH_SIG_LEN		4u
#define QLXGE_FLASH_DATA_TYPE_BOFM_MAC	2u	/* data_type1 == 2: mac_addr1 is BOFM-assigned */

/* §10.2 ISP8000 parameter block, 512 bytes, LE16 fields; halfword sum of the block is 0 */
struct qlxge_flash_params_8000 {
	uint8_t id[4];			/* 0: ASCII "8000" */
	uint16_t version;		/* 4 */
	uint16_t size;			/* 6 */
	uint16_t csum;			/* 8 */
	uint16_t reserved0;		/* 10 */
	uint16_t total_size;		/* 12 */
	uint16_t entry_count;		/* 14 */
	uint8_t data_type0;		/* 16 */
	uint8_t data_size0;		/* 17 */
	uint8_t mac_addr0[6];		/* 18: factory MAC */
	uint8_t data_type1;		/* 24: 2 = BOFM MAC in mac_addr1 */
	uint8_t data_size1;		/* 25 */
	uint8_t mac_addr1[6];		/* 26: alternate MAC */
	uint8_t data_type2;		/* 32 */
	uint8_t data_size2;		/* 33 */
	uint16_t vlan_id;		/* 34 */
	uint8_t data_type3;		/* 36 */
	uint8_t data_size3;		/* 37 */
	uint16_t last;			/* 38 */
	uint8_t reserved1[464];		/* 40 */
	uint16_t subsys_vid;		/* 504: subsystem vendor id */
	uint16_t subsys_did;		/* 506: subsystem device id */
	uint8_t reserved2[4];		/* 508 */
};
static_assert(sizeof(struct qlxge_flash_params_8000) == QLXGE_FLASH_8000_SIZE, "8000 block size");
static_assert(offsetof(struct qlxge_flash_params_8000, id) == 0, "8000 id");
static_assert(offsetof(struct qlxge_flash_params_8000, version) == 4, "8000 version");
static_assert(offsetof(struct qlxge_flash_params_8000, size) == 6, "8000 size");
static_assert(offsetof(struct qlxge_flash_params_8000, csum) == 8, "8000 csum");
static_assert(offsetof(struct qlxge_flash_params_8000, reserved0) == 10, "8000 reserved0");
static_assert(offsetof(struct qlxge_flash_params_8000, total_size) == 12, "8000 total_size");
static_assert(offsetof(struct qlxge_flash_params_8000, entry_count) == 14, "8000 entry_count");
static_assert(offsetof(struct qlxge_flash_params_8000, data_type0) == 16, "8000 data_type0");
static_assert(offsetof(struct qlxge_flash_params_8000, data_size0) == 17, "8000 data_size0");
static_assert(offsetof(struct qlxge_flash_params_8000, mac_addr0) == 18, "8000 mac_addr0");
static_assert(offsetof(struct qlxge_flash_params_8000, data_type1) == 24, "8000 data_type1");
static_assert(offsetof(struct qlxge_flash_params_8000, data_size1) == 25, "8000 data_size1");
static_assert(offsetof(struct qlxge_flash_params_8000, mac_addr1) == 26, "8000 mac_addr1");
static_assert(offsetof(struct qlxge_flash_params_8000, data_type2) == 32, "8000 data_type2");
static_assert(offsetof(struct qlxge_flash_params_8000, data_size2) == 33, "8000 data_size2");
static_assert(offsetof(struct qlxge_flash_params_8000, vlan_id) == 34, "8000 vlan_id");
static_assert(offsetof(struct qlxge_flash_params_8000, data_type3) == 36, "8000 data_type3");
static_assert(offsetof(struct qlxge_flash_params_8000, data_size3) == 37, "8000 data_size3");
static_assert(offsetof(struct qlxge_flash_params_8000, last) == 38, "8000 last");
static_assert(offsetof(struct qlxge_flash_params_8000, reserved1) == 40, "8000 reserved1");
static_assert(offsetof(struct qlxge_flash_params_8000, subsys_vid) == 504, "8000 subsys_vid");
static_assert(offsetof(struct qlxge_flash_params_8000, subsys_did) == 506, "8000 subsys_did");
static_assert(offsetof(struct qlxge_flash_params_8000, reserved2) == 508, "8000 reserved2");

/* §10.3 ISP8012 parameter block, 20 bytes (Linux only); halfword sum of the block is 0 */
struct qlxge_flash_params_8012 {
	uint8_t id[4];			/* 0: ASCII "8012" */
	uint16_t size;			/* 4 */
	uint16_t csum;			/* 6 */
	uint16_t ver;			/* 8 */
	uint16_t sub_dev_id;		/* 10 */
	uint8_t mac_addr[6];		/* 12 */
	uint16_t reserved;		/* 18 */
};
static_assert(sizeof(struct qlxge_flash_params_8012) == QLXGE_FLASH_8012_SIZE, "8012 block size");
static_assert(offsetof(struct qlxge_flash_params_8012, id) == 0, "8012 id");
static_assert(offsetof(struct qlxge_flash_params_8012, size) == 4, "8012 size");
static_assert(offsetof(struct qlxge_flash_params_8012, csum) == 6, "8012 csum");
static_assert(offsetof(struct qlxge_flash_params_8012, ver) == 8, "8012 ver");
static_assert(offsetof(struct qlxge_flash_params_8012, sub_dev_id) == 10, "8012 sub_dev_id");
static_assert(offsetof(struct qlxge_flash_params_8012, mac_addr) == 12, "8012 mac_addr");
static_assert(offsetof(struct qlxge_flash_params_8012, reserved) == 18, "8012 reserved");

/**
 * §10.2 Validation sum of a flash parameter block: the 16-bit sum of its little-endian
 * halfwords. A valid block ("8000" 512 bytes, "8012" 20 bytes) sums to 0. Reads bytes, so the
 * result does not depend on the host byte order.
 *
 * @param block the block as read from flash (dword n at bytes 4n..4n+3, little-endian)
 * @param len   its length in bytes (even; an odd last byte is ignored)
 * @return the halfword sum modulo 2^16
 */
static inline uint16_t
qlxge_flash_sum16(const void *block, size_t len)
{
	const uint8_t *p = (const uint8_t *)block;
	uint16_t sum = 0;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum = (uint16_t)(sum + (uint16_t)(p[i] | (p[i + 1] << 8)));
	return sum;
}

/* ---------------------------------------------------------------------------------------- */
/* §11.2 XGMAC registers (byte offsets in the XGMAC window, reached through XGMAC_ADDR/DATA) */
#define QLXGE_XGMAC_PAUSE_SRC_LO	0x100u
#define QLXGE_XGMAC_PAUSE_SRC_HI	0x104u
#define QLXGE_XGMAC_GLOBAL_CFG		0x108u
#define QLXGE_XGMAC_TX_CFG		0x10Cu
#define QLXGE_XGMAC_RX_CFG		0x110u
#define QLXGE_XGMAC_FLOW_CTL		0x11Cu
#define QLXGE_XGMAC_PAUSE_OPCODE	0x120u
#define QLXGE_XGMAC_PAUSE_TIMER		0x124u
#define QLXGE_XGMAC_PAUSE_FRM_DEST_LO	0x128u
#define QLXGE_XGMAC_PAUSE_FRM_DEST_HI	0x12Cu
#define QLXGE_XGMAC_MAC_TX_PARAMS	0x134u
#define QLXGE_XGMAC_MAC_RX_PARAMS	0x138u
#define QLXGE_XGMAC_MAC_SYS_INT		0x144u
#define QLXGE_XGMAC_MAC_SYS_INT_MASK	0x148u
#define QLXGE_XGMAC_MAC_MGMT_INT	0x14Cu
#define QLXGE_XGMAC_MAC_MGMT_INT_MASK	0x150u
#define QLXGE_XGMAC_EXT_ARB_MODE	0x1FCu
#define QLXGE_XGMAC_FIFO_DETECT_FIRST	0x2A0u	/* RX/TX half-full, overflow detect/mask */
#define QLXGE_XGMAC_FIFO_DETECT_LAST	0x2BCu
#define QLXGE_XGMAC_STAT_CNT_CTL	0x2C0u
#define QLXGE_XGMAC_AUX_DETECT_FIRST	0x2D0u	/* AUX half-full / overflow detect/mask */
#define QLXGE_XGMAC_AUX_DETECT_LAST	0x2FCu
#define QLXGE_XGMAC_MDIO_TX_DATA	0x400u
#define QLXGE_XGMAC_MDIO_RX_DATA	0x410u
#define QLXGE_XGMAC_MDIO_CMD		0x420u
#define QLXGE_XGMAC_MDIO_PHY_ADDR	0x430u
#define QLXGE_XGMAC_MDIO_PORT		0x440u
#define QLXGE_XGMAC_MDIO_STATUS		0x450u
#define QLXGE_XGMAC_REGISTER_END	0x740u

#define QLXGE_XGMAC_GLOBAL_CFG_RESET	(1u << 0)
#define QLXGE_XGMAC_GLOBAL_CFG_JUMBO	(1u << 6)
#define QLXGE_XGMAC_GLOBAL_CFG_TX_STAT_EN	(1u << 10)
#define QLXGE_XGMAC_GLOBAL_CFG_RX_STAT_EN	(1u << 11)
#define QLXGE_XGMAC_TX_CFG_RESET	(1u << 0)
#define QLXGE_XGMAC_TX_CFG_EN		(1u << 1)
#define QLXGE_XGMAC_TX_CFG_PREAM	(1u << 2)
#define QLXGE_XGMAC_RX_CFG_RESET	(1u << 0)
#define QLXGE_XGMAC_RX_CFG_EN		(1u << 1)
#define QLXGE_XGMAC_RX_CFG_PREAM	(1u << 2)
#define QLXGE_XGMAC_MAC_TX_PARAMS_JUMBO	(1u << 31)
#define QLXGE_XGMAC_MAC_TX_PARAMS_MAX_SHIFT	16
#define QLXGE_XGMAC_MAC_TX_PARAMS_MAX_MASK	0x7FFF0000u	/* width not stated: 30:16 */
#define QLXGE_XGMAC_MAC_RX_PARAMS_MAX_MASK	0x0000FFFFu	/* width not stated: 15:0 */
#define QLXGE_XGMAC_STAT_CNT_CTL_CLR_TX	(1u << 0)
#define QLXGE_XGMAC_STAT_CNT_CTL_CLR_RX	(1u << 1)
/* ISP8012 bring-up (§4.6): JUMBO | 9600 << 16, and 9600 */
#define QLXGE_XGMAC_MAC_TX_PARAMS_8012	\
	(QLXGE_XGMAC_MAC_TX_PARAMS_JUMBO | \
	 ((uint32_t)QLXGE_MAX_FRAME_SIZE << QLXGE_XGMAC_MAC_TX_PARAMS_MAX_SHIFT))
#define QLXGE_XGMAC_MAC_RX_PARAMS_8012	((uint32_t)QLXGE_MAX_FRAME_SIZE)

/* §11.3 Counters: 64 bits as two registers, low word at the offset, high word at offset + 4 */
#define QLXGE_XGMAC_CNT_LO		0u
#define QLXGE_XGMAC_CNT_HI		4u
#define QLXGE_XGMAC_CNT_STRIDE		8u
/* TX */
#define QLXGE_XGMAC_TX_PKTS		0x200u
#define QLXGE_XGMAC_TX_BYTES		0x208u
#define QLXGE_XGMAC_TX_MCAST_PKTS	0x210u
#define QLXGE_XGMAC_TX_BCAST_PKTS	0x218u
#define QLXGE_XGMAC_TX_UCAST_PKTS	0x220u
#define QLXGE_XGMAC_TX_CTL_PKTS		0x228u
#define QLXGE_XGMAC_TX_PAUSE_PKTS	0x230u
#define QLXGE_XGMAC_TX_64_PKTS		0x238u
#define QLXGE_XGMAC_TX_65_127_PKTS	0x240u
#define QLXGE_XGMAC_TX_128_255_PKTS	0x248u
#define QLXGE_XGMAC_TX_256_511_PKTS	0x250u
#define QLXGE_XGMAC_TX_512_1023_PKTS	0x258u
#define QLXGE_XGMAC_TX_1024_1518_PKTS	0x260u
#define QLXGE_XGMAC_TX_1519_MAX_PKTS	0x268u
#define QLXGE_XGMAC_TX_UNDERSIZE_PKTS	0x270u
#define QLXGE_XGMAC_TX_OVERSIZE_PKTS	0x278u
#define QLXGE_XGMAC_TX_CNT_COUNT	16
/* RX */
#define QLXGE_XGMAC_RX_BYTES		0x300u
#define QLXGE_XGMAC_RX_BYTES_OK		0x308u
#define QLXGE_XGMAC_RX_PKTS		0x310u
#define QLXGE_XGMAC_RX_PKTS_OK		0x318u
#define QLXGE_XGMAC_RX_BCAST_PKTS	0x320u
#define QLXGE_XGMAC_RX_MCAST_PKTS	0x328u
#define QLXGE_XGMAC_RX_UCAST_PKTS	0x330u
#define QLXGE_XGMAC_RX_UNDERSIZE_PKTS	0x338u
#define QLXGE_XGMAC_RX_OVERSIZE_PKTS	0x340u
#define QLXGE_XGMAC_RX_JABBER_PKTS	0x348u
#define QLXGE_XGMAC_RX_UNDERSIZE_FCS_PKTS	0x350u
#define QLXGE_XGMAC_RX_DROP_EVENTS	0x358u
#define QLXGE_XGMAC_RX_FCS_ERR_PKTS	0x360u
#define QLXGE_XGMAC_RX_ALIGN_ERR	0x368u
#define QLXGE_XGMAC_RX_SYMBOL_ERR	0x370u
#define QLXGE_XGMAC_RX_MAC_ERR		0x378u
#define QLXGE_XGMAC_RX_CTL_PKTS		0x380u
#define QLXGE_XGMAC_RX_PAUSE_PKTS	0x388u
#define QLXGE_XGMAC_RX_64_PKTS		0x390u
#define QLXGE_XGMAC_RX_65_127_PKTS	0x398u
#define QLXGE_XGMAC_RX_128_255_PKTS	0x3A0u
#define QLXGE_XGMAC_RX_256_511_PKTS	0x3A8u
#define QLXGE_XGMAC_RX_512_1023_PKTS	0x3B0u
#define QLXGE_XGMAC_RX_1024_1518_PKTS	0x3B8u
#define QLXGE_XGMAC_RX_1519_MAX_PKTS	0x3C0u
#define QLXGE_XGMAC_RX_LEN_ERR_PKTS	0x3C8u
#define QLXGE_XGMAC_RX_CNT_COUNT	26
/* priority flow control and misc; p = priority 0-7 */
#define QLXGE_XGMAC_TX_CBFC_PAUSE(p)	(0x500u + 8u * (uint32_t)(p))
#define QLXGE_XGMAC_TX_FCOE_PKTS	0x540u	/* FreeBSD */
#define QLXGE_XGMAC_TX_MGMT_PKTS	0x548u	/* FreeBSD */
#define QLXGE_XGMAC_RX_CBFC_PAUSE(p)	(0x568u + 8u * (uint32_t)(p))
#define QLXGE_XGMAC_RX_FCOE_PKTS	0x5A8u	/* FreeBSD */
#define QLXGE_XGMAC_RX_MGMT_PKTS	0x5B0u	/* FreeBSD */
#define QLXGE_XGMAC_RX_NIC_FIFO_DROP	0x5B8u
#define QLXGE_XGMAC_RX_FCOE_FIFO_DROP	0x5C0u	/* FreeBSD */
#define QLXGE_XGMAC_RX_MGMT_FIFO_DROP	0x5C8u	/* FreeBSD */
#define QLXGE_XGMAC_RX_PRIO_PKTS(p)	(0x600u + 8u * (uint32_t)(p))	/* FreeBSD */
#define QLXGE_XGMAC_RX_PRIO_OCTETS(p)	(0x640u + 8u * (uint32_t)(p))	/* FreeBSD */
#define QLXGE_XGMAC_TX_PRIO_PKTS(p)	(0x680u + 8u * (uint32_t)(p))	/* FreeBSD */
#define QLXGE_XGMAC_TX_PRIO_OCTETS(p)	(0x6C0u + 8u * (uint32_t)(p))	/* FreeBSD */
#define QLXGE_XGMAC_RX_PRIO_DISCARDS(p)	(0x700u + 8u * (uint32_t)(p))	/* FreeBSD */
#define QLXGE_XGMAC_PRIORITIES		8

/* ---------------------------------------------------------------------------------------- */
/* §12.1 MAC_ADDR_IDX (0xA8): address-filter tables */
#define QLXGE_MAC_ADDR_IDX_MW		(1u << 31)	/* ready for a write (idle) */
#define QLXGE_MAC_ADDR_IDX_MR		(1u << 30)	/* read data ready */
#define QLXGE_MAC_ADDR_IDX_E		(1u << 27)	/* enable */
#define QLXGE_MAC_ADDR_IDX_RS		(1u << 26)	/* read select */
#define QLXGE_MAC_ADDR_IDX_ADR		(1u << 25)	/* with RS for CAM reads */
#define QLXGE_MAC_ADDR_IDX_TYPE_MASK	0x000F0000u
#define QLXGE_MAC_ADDR_IDX_TYPE_SHIFT	16
#define QLXGE_MAC_ADDR_TYPE_CAM_MAC	(0u << 16)	/* unicast MAC, 512 x 3 */
#define QLXGE_MAC_ADDR_TYPE_MULTI_MAC	(1u << 16)	/* multicast MAC, 32 x 2 */
#define QLXGE_MAC_ADDR_TYPE_VLAN	(2u << 16)	/* VLAN, 4096 x 1 */
#define QLXGE_MAC_ADDR_TYPE_MULTI_FLTR	(3u << 16)	/* multicast filter, 4096 x 1 */
#define QLXGE_MAC_ADDR_TYPE_FC_MAC	(4u << 16)	/* FC MAC, 4 x 2 (Linux) */
#define QLXGE_MAC_ADDR_TYPE_MGMT_MAC	(5u << 16)	/* management MAC, 8 x 2 */
#define QLXGE_MAC_ADDR_TYPE_MGMT_VLAN	(6u << 16)	/* management VLAN, 16 x 1 */
#define QLXGE_MAC_ADDR_TYPE_MGMT_V4	(7u << 16)	/* management IPv4, 4 x 1 */
#define QLXGE_MAC_ADDR_TYPE_MGMT_V6	(8u << 16)	/* management IPv6, 4 x 4 */
#define QLXGE_MAC_ADDR_TYPE_MGMT_TU_DP	(9u << 16)	/* management TCP/UDP port, 4 x 1 */
#define QLXGE_MAC_ADDR_IDX_INDEX_MASK	0x0000FFF0u
#define QLXGE_MAC_ADDR_IDX_INDEX_SHIFT	4
#define QLXGE_MAC_ADDR_IDX_OFFSET_MASK	0x0000000Fu	/* word within the entry */
#define QLXGE_MAC_ADDR_IDX_OFFSET_SHIFT	0
#define QLXGE_MAC_ADDR_IDX_WORD(type, index, offset) \
	((uint32_t)(type) | \
	 (((uint32_t)(index) << QLXGE_MAC_ADDR_IDX_INDEX_SHIFT) & \
	  QLXGE_MAC_ADDR_IDX_INDEX_MASK) | \
	 ((uint32_t)(offset) & QLXGE_MAC_ADDR_IDX_OFFSET_MASK))

/* §12.1 table sizes (entries, 32-bit words per entry) */
#define QLXGE_CAM_ENTRIES		512
#define QLXGE_CAM_WORDS			3
#define QLXGE_CAM_ENTRIES_PER_FUNC	128	/* index convention: func x 128 */
#define QLXGE_MCAST_ENTRIES		32
#define QLXGE_MCAST_WORDS		2
#define QLXGE_VLAN_ENTRIES		4096
#define QLXGE_VLAN_WORDS		1
#define QLXGE_MCAST_FLTR_ENTRIES	4096
#define QLXGE_MCAST_FLTR_WORDS		1
#define QLXGE_FC_MAC_ENTRIES		4
#define QLXGE_FC_MAC_WORDS		2
#define QLXGE_MGMT_MAC_ENTRIES		8
#define QLXGE_MGMT_MAC_WORDS		2
#define QLXGE_MGMT_VLAN_ENTRIES		16
#define QLXGE_MGMT_VLAN_WORDS		1
#define QLXGE_MGMT_V4_ENTRIES		4
#define QLXGE_MGMT_V4_WORDS		1
#define QLXGE_MGMT_V6_ENTRIES		4
#define QLXGE_MGMT_V6_WORDS		4
#define QLXGE_MGMT_TU_DP_ENTRIES	4
#define QLXGE_MGMT_TU_DP_WORDS		1

/* §12.1 CAM entry words: word 0 = MAC bytes 2..5 (m[2] << 24 ...), word 1 = m[0] << 8 | m[1] */
#define QLXGE_CAM_WORD_ADDR_LO		0
#define QLXGE_CAM_WORD_ADDR_HI		1
#define QLXGE_CAM_WORD_OUTPUT		2
/* §12.1 CAM output word (offset 2) */
#define QLXGE_CAM_OUT_ROUTE_NIC		(1u << 0)	/* 1 = NIC, 0 = FC */
#define QLXGE_CAM_OUT_FUNC_MASK		0x0000000Cu
#define QLXGE_CAM_OUT_FUNC_SHIFT	2
#define QLXGE_CAM_OUT_RV		(1u << 4)	/* strip VLAN on hits */
#define QLXGE_CAM_OUT_CQ_ID_MASK	0x00000FE0u
#define QLXGE_CAM_OUT_CQ_ID_SHIFT	5
#define QLXGE_CAM_OUT_SH		(1u << 15)
#define QLXGE_CAM_OUT_MHT		(1u << 30)	/* FreeBSD */
#define QLXGE_CAM_OUT_VLD		(1u << 31)	/* FreeBSD */

/**
 * §12.1 Word 0 of a CAM or multicast entry: MAC bytes 2..5, byte 2 most significant.
 *
 * @param mac the address in wire order
 * @return the word to write at offset 0
 */
static inline uint32_t
qlxge_mac_word_lo(const uint8_t mac[6])
{
	return ((uint32_t)mac[2] << 24) | ((uint32_t)mac[3] << 16) |
	       ((uint32_t)mac[4] << 8) | (uint32_t)mac[5];
}

/**
 * §12.1 Word 1 of a CAM or multicast entry: MAC bytes 0..1, byte 0 most significant.
 *
 * @param mac the address in wire order
 * @return the word to write at offset 1
 */
static inline uint32_t
qlxge_mac_word_hi(const uint8_t mac[6])
{
	return ((uint32_t)mac[0] << 8) | (uint32_t)mac[1];
}

/* §12.3 RT_IDX (0xE4) */
#define QLXGE_RT_IDX_MW			(1u << 31)	/* ready for write */
#define QLXGE_RT_IDX_MR			(1u << 30)	/* read data ready */
#define QLXGE_RT_IDX_E			(1u << 27)	/* slot enabled */
#define QLXGE_RT_IDX_RS			(1u << 26)	/* read select */
#define QLXGE_RT_IDX_DST_MASK		0x00700000u
#define QLXGE_RT_IDX_DST_SHIFT		20
#define QLXGE_RT_IDX_DST_RSS		(0u << 20)
#define QLXGE_RT_IDX_DST_CAM_Q		(1u << 20)	/* CQ from the CAM output word */
#define QLXGE_RT_IDX_DST_COS_Q		(2u << 20)
#define QLXGE_RT_IDX_DST_DFLT_Q		(3u << 20)	/* NIC_RCV_CFG default CQ */
#define QLXGE_RT_IDX_DST_DEST_Q		(4u << 20)
#define QLXGE_RT_IDX_DST_DROP		(7u << 20)	/* FreeBSD */
#define QLXGE_RT_IDX_TYPE_MASK		0x000F0000u
#define QLXGE_RT_IDX_TYPE_SHIFT		16
#define QLXGE_RT_IDX_TYPE_RT		(0u << 16)	/* routing mask, 8 slots */
#define QLXGE_RT_IDX_TYPE_RT_INV	(1u << 16)	/* inverted routing mask */
#define QLXGE_RT_IDX_TYPE_NICQ		(2u << 16)	/* NIC queue mask, 16 slots */
#define QLXGE_RT_IDX_TYPE_NICQ_INV	(3u << 16)	/* inverted NIC queue mask */
#define QLXGE_RT_IDX_IDX_MASK		0x00000F00u	/* slot */
#define QLXGE_RT_IDX_IDX_SHIFT		8
#define QLXGE_RT_IDX_WORD(type, slot, dst) \
	((uint32_t)(type) | (uint32_t)(dst) | \
	 (((uint32_t)(slot) << QLXGE_RT_IDX_IDX_SHIFT) & QLXGE_RT_IDX_IDX_MASK))
#define QLXGE_RT_NICQ_SLOTS		16
#define QLXGE_RT_RT_SLOTS		8

/* §12.3 NIC-queue slot numbers */
#define QLXGE_RT_SLOT_ALL_ERR		0	/* all errors / MAC error */
#define QLXGE_RT_SLOT_IP_CSUM_ERR	1
#define QLXGE_RT_SLOT_TU_CSUM_ERR	2	/* TCP/UDP checksum error */
#define QLXGE_RT_SLOT_BCAST		3
#define QLXGE_RT_SLOT_MCAST_MATCH	4
#define QLXGE_RT_SLOT_ALLMULTI		5
#define QLXGE_RT_SLOT_RSS_MATCH		8	/* also RSS IPv4 */
#define QLXGE_RT_SLOT_RSS_IPV6		9
#define QLXGE_RT_SLOT_RSS_TCP4		10
#define QLXGE_RT_SLOT_RSS_TCP6		11
#define QLXGE_RT_SLOT_CAM_HIT		12
#define QLXGE_RT_SLOT_PROMISC		15

/* §12.3 RT_DATA (0xE8): frame-classification mask bits */
#define QLXGE_RT_DATA_BCAST		(1u << 0)
#define QLXGE_RT_DATA_MCAST		(1u << 1)	/* all multicast */
#define QLXGE_RT_DATA_MCAST_MATCH	(1u << 2)
#define QLXGE_RT_DATA_MCAST_REG_MATCH	(1u << 3)
#define QLXGE_RT_DATA_MCAST_HASH_MATCH	(1u << 4)
#define QLXGE_RT_DATA_FC_MACH		(1u << 5)	/* Linux */
#define QLXGE_RT_DATA_ETH_FCOE		(1u << 6)	/* Linux */
#define QLXGE_RT_DATA_CAM_HIT		(1u << 7)
#define QLXGE_RT_DATA_CAM_BIT0		(1u << 8)
#define QLXGE_RT_DATA_CAM_BIT1		(1u << 9)
#define QLXGE_RT_DATA_VLAN_TAG		(1u << 10)
#define QLXGE_RT_DATA_VLAN_MATCH	(1u << 11)
#define QLXGE_RT_DATA_VLAN_FILTER	(1u << 12)
#define QLXGE_RT_DATA_ETH_SKIP1		(1u << 13)
#define QLXGE_RT_DATA_ETH_SKIP2		(1u << 14)
#define QLXGE_RT_DATA_BCAST_MCAST_MATCH	(1u << 15)
#define QLXGE_RT_DATA_802_3		(1u << 16)
#define QLXGE_RT_DATA_LLDP		(1u << 17)
#define QLXGE_RT_DATA_TUNNELED		(1u << 18)	/* FreeBSD name */
#define QLXGE_RT_DATA_ERR		(1u << 22)
#define QLXGE_RT_DATA_VALID		(1u << 23)
#define QLXGE_RT_DATA_TU_CSUM_ERR	(1u << 24)
#define QLXGE_RT_DATA_IP_CSUM_ERR	(1u << 25)
#define QLXGE_RT_DATA_MAC_ERR		(1u << 26)
#define QLXGE_RT_DATA_RSS_TCP6		(1u << 27)
#define QLXGE_RT_DATA_RSS_TCP4		(1u << 28)
#define QLXGE_RT_DATA_RSS_IPV6		(1u << 29)
#define QLXGE_RT_DATA_RSS_IPV4		(1u << 30)
#define QLXGE_RT_DATA_RSS_MATCH		(1u << 31)

/* ---------------------------------------------------------------------------------------- */
/* §13 Limits */
#define QLXGE_MAX_WQ			128	/* 7-bit queue id */
#define QLXGE_MAX_CQ			128	/* ISR1-4 = 128 bits */
#define QLXGE_MAX_VECTORS		128	/* 7-bit vector field */
#define QLXGE_QUEUE_ID_MASK		0x7Fu
#define QLXGE_WQ_LEN_ALIGN		32	/* low 5 bits of the length hold flags */
#define QLXGE_CQ_MAX_ENTRIES		65536	/* encoded as 0 */
#define QLXGE_BQ_MAX_ENTRIES		65536	/* encoded as 0 */
#define QLXGE_MAX_FRAME_SIZE		9600	/* port max frame 0x2580 */
#define QLXGE_MAX_MTU			9000	/* what both drivers allow */
#define QLXGE_BQ_PAGE_SIZE		4096u	/* buffer-queue ring page (§6.4) */
#define QLXGE_BQ_ENTRIES_PER_PAGE	512u	/* 4096 / 8 */
#define QLXGE_MIN_TX_FRAME		60	/* Linux pads shorter frames in software */

#endif /* QLXGE_REGS_H */
