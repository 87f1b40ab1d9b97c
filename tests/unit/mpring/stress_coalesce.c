/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Coalescing: ring-level holds (fewer than 48 items, short deadline) and a drain that claims
 * to hold 30% of the time; producers pause and sleep so holds meet quiet periods; a completion
 * agent flushes (lazily or not). Every held item must come out. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "stress_harness.h"

void
stress_coalesce(void **state)
{
	struct stress_conf c = {
		.name = "coalesce", .weight = 1, .ring_size = 512, .producers = 4,
		.burst_max = 8, .pause_pct = 50, .sleep_pm = 5, .hold_pct = 30,
		.part_pct = 10, .resumer = true,
	};

	(void)state;
	mpring_conf_init(&c.ring);
	c.ring.hold_items = 48;
	c.ring.hold_cycles = 20000;
	stress_run(&c, stress_items(c.weight));
}
