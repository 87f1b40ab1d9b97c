/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* One function per hw_alone_<header>.c, each compiled with exactly one contract header. */

#ifndef HW_ALONE_H
#define HW_ALONE_H

unsigned long hw_alone_regs(void);
unsigned long hw_alone_iocb(void);
unsigned long hw_alone_mbox(void);

#endif /* HW_ALONE_H */
