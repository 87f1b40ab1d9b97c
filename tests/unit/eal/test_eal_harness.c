/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The test harness itself: EAL comes up without hugepages, shared config or PCI, the qlxge PMD
 * is loaded from the build tree (its log types exist), and DMA-capable memory is usable with
 * IOVA = VA, which the model relies on.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <rte_eal.h>
#include <rte_log.h>
#include <rte_memzone.h>
#include <rte_memory.h>

#include "qlxge_test_eal.h"

static void
test_eal_harness_pmd_loaded(void **state)
{
	(void)state;
	/* rte_log_register() returns the existing id for a known name; the PMD registered these
	 * names when -d loaded it, so their level is the PMD's default, not the global one. */
	int id = rte_log_register("pmd.net.qlxge.init");

	assert_true(id >= 0);
	assert_int_equal(rte_log_get_level(id), RTE_LOG_NOTICE);
	id = rte_log_register("pmd.net.qlxge.hw");
	assert_true(id >= 0);
	assert_int_equal(rte_log_get_level(id), RTE_LOG_WARNING);
}

static void
test_eal_harness_iova_is_va(void **state)
{
	(void)state;
	const struct rte_memzone *mz;

	assert_int_equal(rte_eal_iova_mode(), RTE_IOVA_VA);
	mz = rte_memzone_reserve_aligned("qlxge_test_mz", 65536, SOCKET_ID_ANY, 0, 4096);
	assert_non_null(mz);
	assert_int_equal(mz->iova, (rte_iova_t)(uintptr_t)mz->addr);
	assert_ptr_equal(rte_mem_iova2virt(mz->iova), mz->addr);
	assert_int_equal(rte_memzone_free(mz), 0);
}

static void
test_eal_harness_second_init_is_noop(void **state)
{
	(void)state;
	assert_int_equal(qlxge_test_eal_init(NULL), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_eal_harness_pmd_loaded),
		cmocka_unit_test(test_eal_harness_iova_is_va),
		cmocka_unit_test(test_eal_harness_second_init_is_noop),
	};
	int ret;

	if (qlxge_test_eal_init(NULL) != 0)
		return 1;
	ret = cmocka_run_group_tests_name("eal_harness", tests, NULL, NULL);
	qlxge_test_eal_fini();
	return ret;
}
