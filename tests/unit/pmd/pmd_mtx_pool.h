/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#ifndef PMD_MTX_POOL_H
#define PMD_MTX_POOL_H

#include <stdint.h>

#include <rte_mempool.h>

/* The ops name of the test mempool driver (pmd_mtx_pool.c), for rte_pktmbuf_pool_create_by_ops. */
#define PMD_MTX_POOL_OPS "qlxge_test_mutex"

/* Objects the pool @mp (of PMD_MTX_POOL_OPS) was given back while it held them already. */
uint64_t pmd_mtx_double_frees(struct rte_mempool *mp);

#endif /* PMD_MTX_POOL_H */
