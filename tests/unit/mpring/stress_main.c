/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The stress variants of lib/mpring (docs/mpring.md, "Tests"). MPRING_STRESS_ITEMS sets the total
 * number of items over all variants: 10^7 by default (CI), 10^9 for a soak run. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "stress_harness.h"

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stress_basic),
		cmocka_unit_test(stress_handover),
		cmocka_unit_test(stress_stall),
		cmocka_unit_test(stress_coalesce),
		cmocka_unit_test(stress_wrap),
		cmocka_unit_test(stress_echo),
		cmocka_unit_test(stress_control),
		cmocka_unit_test(stress_publish),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
