/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Hardware contract of the QLogic 8100: the MPI firmware interface, i.e. the MPI address space
 * reached through PROC_ADDR/PROC_DATA, the mailbox banks, command, status and asynchronous event
 * codes, and the words carried in the mailboxes.
 * Facts from the hardware reference docs/hardware (§9); choices in docs/hardware/choices.md.
 * The PROC_ADDR bits themselves (RDY, R, ERR) are in qlxge_regs.h.
 */

#ifndef QLXGE_MBOX_H
#define QLXGE_MBOX_H

#include <stdint.h>

/* ---------------------------------------------------------------------------------------- */
/* §9.1 PROC_ADDR module values (written shifted left by 16, QLXGE_PROC_ADDR_MODULE_SHIFT) */
#define QLXGE_MPI_MODULE_RISC		0u	/* MPI RISC space (mailboxes, test logic) */
#define QLXGE_MPI_MODULE_MDE		1u
#define QLXGE_MPI_MODULE_NIC_REG	2u	/* any function's NIC registers */
#define QLXGE_MPI_MODULE_RISC_REG	3u	/* RISC internal registers */
#define QLXGE_MPI_MODULE_SHIFT		16
#define QLXGE_MPI_ADDR(module, word) \
	(((uint32_t)(module) << QLXGE_MPI_MODULE_SHIFT) | ((uint32_t)(word) & 0xFFFFu))
/* another function's NIC register (byte offset r) through module 2 (dump code only) */
#define QLXGE_MPI_NIC_REG_ADDR(func, r) \
	(QLXGE_MPI_ADDR(QLXGE_MPI_MODULE_NIC_REG, 0) | ((uint32_t)(func) << 6) | \
	 ((uint32_t)(r) >> 2))

/* §9.1 ready waits */
#define QLXGE_PROC_RDY_TRIES		3
#define QLXGE_PROC_RDY_DELAY_US		100

/* ---------------------------------------------------------------------------------------- */
/* §9.9 MPI-space addresses (module 0 unless noted), 32-bit word addresses */
#define QLXGE_MPI_TEST_LOGIC		0x1000u	/* 23 words (dump) */
#define QLXGE_MPI_TEST_FUNC_PORT_CFG	0x1002u	/* NIC/FC function numbers */
#define QLXGE_MPI_RESET_STS		0x100Au	/* write 3 = hold MPI during a dump */
#define QLXGE_MPI_PROBE_CTL		0x100Eu
#define QLXGE_MPI_SOFT_RESET		0x1010u	/* write 1 = MPI soft reset */
#define QLXGE_MPI_RMII_REGS		0x1040u	/* 64 words */
#define QLXGE_MPI_FC1_MAC_REGS		0x1080u	/* 64 words */
#define QLXGE_MPI_FC2_MAC_REGS		0x10C0u	/* 64 words */
#define QLXGE_MPI_FC1_MBX_REGS		0x1100u	/* 64 words */
#define QLXGE_MPI_IDE_REGS		0x1140u	/* 64 words */
#define QLXGE_MPI_NIC1_MBX_REGS		0x1180u	/* 64 words */
#define QLXGE_MPI_SMBUS_REGS		0x1200u	/* 64 words */
#define QLXGE_MPI_FC2_MBX_REGS		0x1240u	/* 64 words */
#define QLXGE_MPI_NIC2_MBX_REGS		0x1280u	/* 64 words */
#define QLXGE_MPI_I2C_REGS		0x1FC0u	/* 64 words */
#define QLXGE_MPI_MEMC_REGS		0x3000u	/* 256 words */
#define QLXGE_MPI_PBUS_REGS		0x7C00u	/* 256 words */
#define QLXGE_MPI_MDE_REGS		0x10000u /* 6 words (= module 1) */
#define QLXGE_MPI_CODE_RAM		0x20000u /* 0x2000 words, via DUMP_RISC_RAM */
#define QLXGE_MPI_CODE_RAM_WORDS	0x2000u
#define QLXGE_MPI_CORE_REGS		0x30000u /* 127 words (= module 3) */
#define QLXGE_MPI_SHADOW_SELECT		0x3007Cu
#define QLXGE_MPI_SHADOW_READ		0x3007Fu
#define QLXGE_MPI_SHADOW_SELECT_WORD(i)	(0xB0000000u | ((uint32_t)(i) << 20))
#define QLXGE_MPI_SHADOW_COUNT		16
#define QLXGE_MPI_MEMC_RAM		0x100000u /* 0x2000 words, via DUMP_RISC_RAM */
#define QLXGE_MPI_MEMC_RAM_WORDS	0x2000u

/* 0x1002 fields */
#define QLXGE_MPI_FPC_NIC1_EN		(1u << 0)
#define QLXGE_MPI_FPC_NIC1_FUNC_MASK	0x000Eu
#define QLXGE_MPI_FPC_NIC1_FUNC_SHIFT	1
#define QLXGE_MPI_FPC_NIC2_EN		(1u << 4)
#define QLXGE_MPI_FPC_NIC2_FUNC_MASK	0x00E0u
#define QLXGE_MPI_FPC_NIC2_FUNC_SHIFT	5
#define QLXGE_MPI_FPC_FC1_EN		(1u << 8)
#define QLXGE_MPI_FPC_FC1_FUNC_MASK	0x0E00u
#define QLXGE_MPI_FPC_FC1_FUNC_SHIFT	9
#define QLXGE_MPI_FPC_FC2_EN		(1u << 12)
#define QLXGE_MPI_FPC_FC2_FUNC_MASK	0xE000u
#define QLXGE_MPI_FPC_FC2_FUNC_SHIFT	13

/* values */
#define QLXGE_MPI_RESET_STS_FORCE	3u
#define QLXGE_MPI_PROBE_CTL_ENABLE	0x18A20000u
#define QLXGE_MPI_SOFT_RESET_GO		1u

/* ---------------------------------------------------------------------------------------- */
/* §9.2 Mailbox banks, selected by port (0 = lower NIC function, 1 = higher) */
#define QLXGE_MB_COUNT			16	/* mailboxes each way */
#define QLXGE_MB_PORT0_IN		QLXGE_MPI_NIC1_MBX_REGS	/* host -> firmware, 16 words */
#define QLXGE_MB_PORT0_OUT		0x1190u	/* firmware -> host, 0x1190-0x119F */
#define QLXGE_MB_PORT0_CTL		0x11A1u	/* Linux, unused */
#define QLXGE_MB_PORT1_IN		QLXGE_MPI_NIC2_MBX_REGS
#define QLXGE_MB_PORT1_OUT		0x1290u
#define QLXGE_MB_PORT1_CTL		0x12A1u	/* Linux, unused */
#define QLXGE_MB_PORT_STRIDE		0x100u
#define QLXGE_MB_IN(port, i) \
	(QLXGE_MB_PORT0_IN + QLXGE_MB_PORT_STRIDE * (uint32_t)(port) + (uint32_t)(i))
#define QLXGE_MB_OUT(port, i) \
	(QLXGE_MB_PORT0_OUT + QLXGE_MB_PORT_STRIDE * (uint32_t)(port) + (uint32_t)(i))

/* §9.3 waits */
#define QLXGE_MB_TIMEOUT_US		5000000u	/* Linux MAILBOX_TIMEOUT, 5 s */
#define QLXGE_MB_AEN_READ_COUNT		9	/* FreeBSD reads 9 outbound words for an AEN */

/* ---------------------------------------------------------------------------------------- */
/* §9.4 Command codes (inbound mb0) */
#define QLXGE_MB_CMD_NOP		0x0000u
#define QLXGE_MB_CMD_EX_FW		0x0002u	/* completes as AEN 0x8400 / 0x8401 */
#define QLXGE_MB_CMD_MB_TEST		0x0006u	/* FreeBSD REG_TEST */
#define QLXGE_MB_CMD_CSUM_TEST		0x0007u	/* FreeBSD VERIFY_CHKSUM */
#define QLXGE_MB_CMD_ABOUT_FW		0x0008u
#define QLXGE_MB_CMD_COPY_RISC_RAM	0x000Au
#define QLXGE_MB_CMD_LOAD_RISC_RAM	0x000Bu
#define QLXGE_MB_CMD_DUMP_RISC_RAM	0x000Cu
#define QLXGE_MB_CMD_WRITE_RAM		0x000Du
#define QLXGE_MB_CMD_INIT_RISC_RAM	0x000Eu
#define QLXGE_MB_CMD_READ_RAM		0x000Fu
#define QLXGE_MB_CMD_STOP_FW		0x0014u
#define QLXGE_MB_CMD_MAKE_SYS_ERR	0x002Au	/* no completion awaited */
#define QLXGE_MB_CMD_WRITE_SFP		0x0030u
#define QLXGE_MB_CMD_READ_SFP		0x0031u
#define QLXGE_MB_CMD_INIT_FW		0x0060u
#define QLXGE_MB_CMD_GET_IFCB		0x0061u
#define QLXGE_MB_CMD_GET_FW_STATE	0x0069u
#define QLXGE_MB_CMD_IDC_REQ		0x0100u
#define QLXGE_MB_CMD_IDC_ACK		0x0101u
#define QLXGE_MB_CMD_IDC_TIME_EXTEND	0x0102u	/* FreeBSD only */
#define QLXGE_MB_CMD_SET_WOL_MODE	0x0110u
#define QLXGE_MB_CMD_SET_WOL_FLTR	0x0111u
#define QLXGE_MB_CMD_CLEAR_WOL_FLTR	0x0112u
#define QLXGE_MB_CMD_SET_WOL_MAGIC	0x0113u
#define QLXGE_MB_CMD_CLEAR_WOL_MAGIC	0x0114u	/* Linux only */
#define QLXGE_MB_CMD_SET_WOL_IMMED	0x0115u
#define QLXGE_MB_CMD_PORT_RESET		0x0120u
#define QLXGE_MB_CMD_SET_PORT_CFG	0x0122u
#define QLXGE_MB_CMD_GET_PORT_CFG	0x0123u
#define QLXGE_MB_CMD_GET_LINK_STS	0x0124u
#define QLXGE_MB_CMD_SET_LED_CFG	0x0125u
#define QLXGE_MB_CMD_GET_LED_CFG	0x0126u
#define QLXGE_MB_CMD_SET_DCBX_CTLB	0x0130u	/* FreeBSD only */
#define QLXGE_MB_CMD_GET_DCBX_CTLB	0x0131u	/* FreeBSD only */
#define QLXGE_MB_CMD_GET_DCBX_TLV	0x0132u	/* FreeBSD only */
#define QLXGE_MB_CMD_DIAG_CMDS		0x0150u	/* FreeBSD only */
#define QLXGE_MB_CMD_SET_MGMT_CTL	0x0160u	/* Linux SET_MGMNT_TFK_CTL */
#define QLXGE_MB_CMD_GET_MGMT_CTL	0x0161u	/* Linux GET_MGMNT_TFK_CTL */

/* §9.4 mailbox counts the contract uses (inbound written incl. mb0 / outbound read incl. mb0) */
#define QLXGE_MB_ABOUT_FW_IN		1
#define QLXGE_MB_ABOUT_FW_OUT		6	/* Linux reads 3, FreeBSD 6 */
#define QLXGE_MB_GET_FW_STATE_IN	1
#define QLXGE_MB_GET_FW_STATE_OUT	2
#define QLXGE_MB_DUMP_RISC_RAM_IN	9
#define QLXGE_MB_DUMP_RISC_RAM_OUT	1
#define QLXGE_MB_MAKE_SYS_ERR_IN	1
#define QLXGE_MB_MAKE_SYS_ERR_OUT	0
#define QLXGE_MB_IDC_ACK_IN		5	/* mb1-mb4 = the IDC request AEN's mb1-mb4 */
#define QLXGE_MB_IDC_ACK_OUT		1
#define QLXGE_MB_SET_WOL_MODE_IN	2
#define QLXGE_MB_SET_WOL_MODE_OUT	1
#define QLXGE_MB_SET_WOL_MAGIC_IN	8	/* mb1-mb6 = MAC bytes 0-5, mb7 = 0 */
#define QLXGE_MB_SET_WOL_MAGIC_OUT	1
#define QLXGE_MB_SET_PORT_CFG_IN	3	/* mb1 link_config, mb2 max frame size */
#define QLXGE_MB_SET_PORT_CFG_OUT	1
#define QLXGE_MB_GET_PORT_CFG_IN	1
#define QLXGE_MB_GET_PORT_CFG_OUT	3	/* mb1 link_config, mb2 max frame size */
#define QLXGE_MB_GET_LINK_STS_IN	1
#define QLXGE_MB_GET_LINK_STS_OUT	6	/* mb1 status, mb2 down info, mb3 hw info, */
						/* mb4 DCBX counters, mb5 link-change counters */
#define QLXGE_MB_SET_LED_CFG_IN		2
#define QLXGE_MB_SET_LED_CFG_OUT	1
#define QLXGE_MB_GET_LED_CFG_IN		1
#define QLXGE_MB_GET_LED_CFG_OUT	2
#define QLXGE_MB_SET_MGMT_CTL_IN	2	/* mb1 = STOP/RESUME (§15 #17) */
#define QLXGE_MB_SET_MGMT_CTL_OUT	1
#define QLXGE_MB_GET_MGMT_CTL_IN	1
#define QLXGE_MB_GET_MGMT_CTL_OUT	2	/* mb1 = status (§15 #18) */

/* DUMP_RISC_RAM inbound mailboxes: where each part of the addresses and count goes */
#define QLXGE_MB_DUMP_RISC_ADDR_LO	1	/* RISC address 15:0 */
#define QLXGE_MB_DUMP_DMA_31_16		2
#define QLXGE_MB_DUMP_DMA_15_0		3
#define QLXGE_MB_DUMP_COUNT_HI		4	/* word count 31:16 */
#define QLXGE_MB_DUMP_COUNT_LO		5	/* word count 15:0 */
#define QLXGE_MB_DUMP_DMA_63_48		6
#define QLXGE_MB_DUMP_DMA_47_32		7
#define QLXGE_MB_DUMP_RISC_ADDR_HI	8	/* RISC address 31:16 */

/* ---------------------------------------------------------------------------------------- */
/* §9.5 Completion status codes (outbound mb0) */
#define QLXGE_MB_STS_CLASS_MASK		0xF000u
#define QLXGE_MB_STS_CLASS_INTRMDT	0x1000u	/* intermediate complete */
#define QLXGE_MB_STS_CLASS_CMD		0x4000u	/* command completion */
#define QLXGE_MB_STS_CLASS_AEN		0x8000u	/* asynchronous event */
#define QLXGE_MB_STS_INTRMDT		0x1000u	/* Linux only; e.g. SET_PORT_CFG awaits IDC */
#define QLXGE_MB_STS_GOOD		0x4000u	/* FreeBSD CMD_COMPLETE */
#define QLXGE_MB_STS_INVLD_CMD		0x4001u	/* FreeBSD CMD_INVALID */
#define QLXGE_MB_STS_XFC_ERR		0x4002u	/* Linux only: interface error */
#define QLXGE_MB_STS_CSUM_ERR		0x4003u	/* FreeBSD CMD_TEST_FAILED */
#define QLXGE_MB_STS_ERR		0x4005u	/* FreeBSD CMD_ERROR; SET_MGMT_CTL: same state */
#define QLXGE_MB_STS_PARAM_ERR		0x4006u	/* FreeBSD CMD_PARAM_ERROR */

/* ---------------------------------------------------------------------------------------- */
/* §9.6 Asynchronous event notifications (outbound mb0, class 0x8000) */
#define QLXGE_AEN_SYS_ERR		0x8002u	/* firmware error -> MPI reset */
#define QLXGE_AEN_LINK_UP		0x8011u	/* mb1 = link_status */
#define QLXGE_AEN_LINK_DOWN		0x8012u
#define QLXGE_AEN_IDC_CMPLT		0x8100u
#define QLXGE_AEN_IDC_REQ		0x8101u
#define QLXGE_AEN_IDC_EXT		0x8102u
#define QLXGE_AEN_DCBX_CHG		0x8110u
#define QLXGE_AEN_AEN_LOST		0x8120u
#define QLXGE_AEN_SFP_IN		0x8130u	/* mb1 = link_hw_info */
#define QLXGE_AEN_SFP_OUT		0x8131u
#define QLXGE_AEN_FW_INIT_DONE		0x8400u	/* mb1 = firmware version */
#define QLXGE_AEN_FW_INIT_FAIL		0x8401u

/* outbound mailboxes (incl. mb0) the driver reads per AEN */
#define QLXGE_AEN_SYS_ERR_OUT		1
#define QLXGE_AEN_LINK_UP_OUT		2
#define QLXGE_AEN_LINK_DOWN_OUT		3
#define QLXGE_AEN_IDC_CMPLT_OUT		4
#define QLXGE_AEN_IDC_REQ_OUT		4
#define QLXGE_AEN_IDC_EXT_OUT		4
#define QLXGE_AEN_DCBX_CHG_OUT		1
#define QLXGE_AEN_AEN_LOST_OUT		6
#define QLXGE_AEN_SFP_IN_OUT		5
#define QLXGE_AEN_SFP_OUT_OUT		1
#define QLXGE_AEN_FW_INIT_DONE_OUT	2

/* ---------------------------------------------------------------------------------------- */
/* §9.4 ABOUT_FW / FW_INIT_DONE mb1: firmware version */
#define QLXGE_FW_VER_MAJOR_MASK		0x00FF0000u
#define QLXGE_FW_VER_MAJOR_SHIFT	16
#define QLXGE_FW_VER_MINOR_MASK		0x0000FF00u
#define QLXGE_FW_VER_MINOR_SHIFT	8
#define QLXGE_FW_VER_SUB_MASK		0x000000FFu
#define QLXGE_FW_VER_SUB_SHIFT		0

/* §9.4 GET_FW_STATE mb1 */
#define QLXGE_FW_STATE_WAIT_INIT	(1u << 0)	/* running but awaiting init: failure */

/* §9.4 link_config (mb1 of GET/SET_PORT_CFG), Linux */
#define QLXGE_LINK_CFG_LOOPBACK_MASK	0x00000007u
#define QLXGE_LINK_CFG_LOOPBACK_NONE	0x00000000u
#define QLXGE_LINK_CFG_LOOPBACK_PCS	0x00000002u
#define QLXGE_LINK_CFG_LOOPBACK_HSS	0x00000004u
#define QLXGE_LINK_CFG_LOOPBACK_EXT	0x00000006u
#define QLXGE_LINK_CFG_DCBX		(1u << 4)
#define QLXGE_LINK_CFG_PAUSE_MASK	0x00000060u
#define QLXGE_LINK_CFG_PAUSE_STD	0x00000020u
#define QLXGE_LINK_CFG_PAUSE_PPF	0x00000040u	/* priority pause */
#define QLXGE_LINK_CFG_JUMBO		(1u << 16)	/* jumbo frame size enabled */
#define QLXGE_MAX_FRAME_DEFAULT		0x2580u		/* 9600: mb2 of SET/GET_PORT_CFG */

/* §9.4 link_status (mb1 of AEN LINK_UP and of GET_LINK_STS), Linux */
#define QLXGE_LINK_STS_TYPE_MASK	0x00000007u
#define QLXGE_LINK_STS_TYPE_XFI		0x00000001u
#define QLXGE_LINK_STS_TYPE_XAUI	0x00000002u
#define QLXGE_LINK_STS_TYPE_XFI_BP	0x00000003u	/* backplane */
#define QLXGE_LINK_STS_TYPE_XAUI_BP	0x00000004u	/* backplane */
#define QLXGE_LINK_STS_TYPE_10GBASET	0x00000005u
#define QLXGE_LINK_STS_SPEED_MASK	0x00000038u
#define QLXGE_LINK_STS_SPEED_SHIFT	3
#define QLXGE_LINK_STS_SPEED_100MB	0x00000000u
#define QLXGE_LINK_STS_SPEED_1GB	0x00000008u
#define QLXGE_LINK_STS_SPEED_10GB	0x00000010u
#define QLXGE_LINK_STS_PAUSE_MASK	0x000000C0u
#define QLXGE_LINK_STS_PAUSE_STD	0x00000040u
#define QLXGE_LINK_STS_PAUSE_PPF	0x00000080u
#define QLXGE_LINK_STS_LOOPBACK_MASK	0x00000700u
#define QLXGE_LINK_STS_LOOPBACK_PCS	0x00000100u
#define QLXGE_LINK_STS_LOOPBACK_HSS	0x00000200u
#define QLXGE_LINK_STS_LOOPBACK_EXT	0x00000300u

/* §9.4 link_hw_info (mb3 of GET_LINK_STS, mb1 of AEN SFP_IN), FreeBSD: optics in 7:4 */
#define QLXGE_LINK_HW_OPTICS_MASK	0x000000F0u
#define QLXGE_LINK_HW_OPTICS_SHIFT	4
/* optics values 1-3 10G LR/SR, 4-6 10G twinax, 7-0xB 1000BASE-SX (unshifted) */
#define QLXGE_LINK_HW_OPTICS_10G_LRSR_FIRST	0x1u
#define QLXGE_LINK_HW_OPTICS_10G_LRSR_LAST	0x3u
#define QLXGE_LINK_HW_OPTICS_10G_TWINAX_FIRST	0x4u
#define QLXGE_LINK_HW_OPTICS_10G_TWINAX_LAST	0x6u
#define QLXGE_LINK_HW_OPTICS_1G_SX_FIRST	0x7u
#define QLXGE_LINK_HW_OPTICS_1G_SX_LAST		0xBu

/* §9.4 SET_WOL_MODE mb1, Linux */
#define QLXGE_WOL_MAGIC_PKT		(1u << 1)
#define QLXGE_WOL_FLTR			(1u << 2)
#define QLXGE_WOL_UCAST			(1u << 3)
#define QLXGE_WOL_MCAST			(1u << 4)
#define QLXGE_WOL_BCAST			(1u << 5)
#define QLXGE_WOL_LINK_UP		(1u << 6)
#define QLXGE_WOL_LINK_DOWN		(1u << 7)
#define QLXGE_WOL_MODE_ON		(1u << 16)

/* §9.4 SET_LED_CFG mb1: blink pattern Linux uses */
#define QLXGE_LED_BLINK_PATTERN		0x03E803E8u

/* §9.4 SET_MGMT_CTL mb1 and GET_MGMT_CTL outbound mb1 */
#define QLXGE_MGMT_CTL_STOP		1u
#define QLXGE_MGMT_CTL_RESUME		2u
#define QLXGE_MGMT_CTL_STS_STOPPED	(1u << 0)	/* management traffic stopped */
#define QLXGE_MGMT_CTL_STS_FIFO_EMPTY	(1u << 1)

/* §9.6 IDC request / extension AEN mb1 */
#define QLXGE_IDC_REQ_OPCODE_MASK	0xFFFF0000u	/* requested command code */
#define QLXGE_IDC_REQ_OPCODE_SHIFT	16
#define QLXGE_IDC_TIMEOUT_MASK		0x00000F00u	/* non-zero: IDC_ACK required; */
#define QLXGE_IDC_TIMEOUT_SHIFT		8		/* for IDC_EXT: extra wait */
/* §9.6 IDC request sub-codes */
#define QLXGE_IDC_SUB_NONE		0x0000u
#define QLXGE_IDC_SUB_PREP_MPI_UPDATE	0x0001u
#define QLXGE_IDC_SUB_COMP_MPI_UPDATE	0x0002u
#define QLXGE_IDC_SUB_PREP_LINK_DOWN	0x0010u
#define QLXGE_IDC_SUB_DRV_START		0x0100u
#define QLXGE_IDC_SUB_FLASH_ACCESS	0x0101u
#define QLXGE_IDC_SUB_RESTART_MPI	0x0102u
#define QLXGE_IDC_SUB_MPI_CORE_DUMP	0x0103u
/* §9.7 Linux waits up to 1 s for AEN IDC_CMPLT after SET_PORT_CFG */
#define QLXGE_IDC_WAIT_US		1000000u

#endif /* QLXGE_MBOX_H */
