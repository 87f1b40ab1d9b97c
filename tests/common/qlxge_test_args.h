/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Strict numbers on the command lines of the test and benchmark programs. strtoul alone takes
 * "-5" (wrapped to a huge value), "x" (as 0) and "5x" (as 5): each is refused here, with the
 * option and the range in the message.
 */

#ifndef QLXGE_TEST_ARGS_H
#define QLXGE_TEST_ARGS_H

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/* @arg as a whole decimal number in [@lo, @hi] into *@v; false (said on stderr) if not. */
static inline bool
qlxge_test_parse_uint(const char *prog, const char *opt, const char *arg, unsigned long lo,
		      unsigned long hi, unsigned long *v)
{
	char *end;

	errno = 0;
	*v = strtoul(arg, &end, 10);
	if (arg[0] < '0' || arg[0] > '9' || *end != '\0' || errno != 0 || *v < lo || *v > hi) {
		fprintf(stderr, "%s: %s %s: need a whole number in %lu..%lu\n", prog, opt, arg,
			lo, hi);
		return false;
	}
	return true;
}

#endif /* QLXGE_TEST_ARGS_H */
