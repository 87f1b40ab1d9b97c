/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Each contract header compiles alone: hw_alone_regs.c, hw_alone_iocb.c and hw_alone_mbox.c
 * include exactly one header each (plus this test's hw_alone.h). That they build at all is most
 * of the test; the cases check that each computed the same value as this file, which includes
 * the whole contract (a header must not change meaning with the headers included before it).
 * The values themselves are checked by test_hw_facts.c and the headers' static_asserts.
 */

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "qlxge_contract.h"
#include "hw_alone.h"

static void
test_hw_alone_regs(void **state)
{
	(void)state;
	assert_int_equal(hw_alone_regs(), HW_ALONE_REGS_EXPR);
}

static void
test_hw_alone_iocb(void **state)
{
	(void)state;
	assert_int_equal(hw_alone_iocb(), HW_ALONE_IOCB_EXPR);
}

static void
test_hw_alone_mbox(void **state)
{
	(void)state;
	assert_int_equal(hw_alone_mbox(), HW_ALONE_MBOX_EXPR);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hw_alone_regs),
		cmocka_unit_test(test_hw_alone_iocb),
		cmocka_unit_test(test_hw_alone_mbox),
	};

	return cmocka_run_group_tests_name("hw_headers_alone", tests, NULL, NULL);
}
