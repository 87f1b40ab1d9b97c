/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * One function per hw_alone_<header>.c, each compiled with exactly one contract header. Each
 * returns the expression below, which test_hw_headers_alone.c also computes with the whole
 * contract: a header must mean the same alone as with the others. The expressions touch a
 * composite word, a struct size and a helper of each header; the values themselves are
 * checked by test_hw_facts.c and the headers' static_asserts.
 */

#ifndef HW_ALONE_H
#define HW_ALONE_H

#define HW_ALONE_REGS_EXPR \
	((unsigned long)QLXGE_REG_PRB_MX_DATA + QLXGE_FSC_INIT_LINUX_X86 + QLXGE_SEM_FLASH + \
	 QLXGE_XGMAC_MAC_TX_PARAMS_8012 + QLXGE_INTR_EN_VEC_CMD_IHD(QLXGE_INTR_EN_TYPE_READ, 5) + \
	 sizeof(struct qlxge_flash_params_8000) + qlxge_flash_sum16("\x01\x00", 2))

#define HW_ALONE_IOCB_EXPR \
	((unsigned long)sizeof(struct qlxge_wq_icb) + sizeof(struct qlxge_cq_icb) + \
	 sizeof(struct qlxge_rss_icb) + sizeof(struct qlxge_ob_tso_iocb) + \
	 sizeof(struct qlxge_ib_mac_rsp) + QLXGE_OPCODE_IB_AE_IOCB + QLXGE_RSS_ICB_FLAGS_DRIVERS + \
	 QLXGE_WQ_ICB_FLAGS_ALL + QLXGE_OB_TSO_OFFSETS(14, 34))

#define HW_ALONE_MBOX_EXPR \
	((unsigned long)QLXGE_MB_CMD_GET_MGMT_CTL + QLXGE_MB_STS_GOOD + QLXGE_AEN_FW_INIT_FAIL + \
	 QLXGE_MB_OUT(1, 15) + QLXGE_MB_IN(0, 3) + QLXGE_MPI_NIC_REG_ADDR(1, 0x64))

unsigned long hw_alone_regs(void);
unsigned long hw_alone_iocb(void);
unsigned long hw_alone_mbox(void);

#endif /* HW_ALONE_H */
