/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Each contract header compiles alone: hw_alone_regs.c, hw_alone_iocb.c and hw_alone_mbox.c
 * include exactly one header each (plus this test's hw_alone.h). That they build at all is most
 * of the test; the cases check the values they computed against the fact sheet.
 */

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "hw_alone.h"

static void
test_hw_alone_regs(void **state)
{
	(void)state;
	/* 0xFC + 0x80008000 + 0x03000100 + 512 + 1 */
	assert_int_equal(hw_alone_regs(), 0xFCul + 0x80008000ul + 0x03000100ul + 512ul + 1ul);
}

static void
test_hw_alone_iocb(void **state)
{
	(void)state;
	assert_int_equal(hw_alone_iocb(), 24ul + 52ul + 1084ul + 128ul + 64ul + 0x3Ful);
}

static void
test_hw_alone_mbox(void **state)
{
	(void)state;
	assert_int_equal(hw_alone_mbox(), 0x0161ul + 0x4000ul + 0x8401ul + 0x129Ful);
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
