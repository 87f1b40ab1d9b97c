/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Hand-over storm: 8 producers on 2 cores, item budget 1 and a 1-cycle time budget, so nearly
 * every drain call hands the ring to a taking-over producer; the drain sleeps now and then to
 * widen the windows. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "stress_harness.h"

void
stress_handover(void **state)
{
	struct stress_conf c = {
		.name = "handover", .weight = 2, .ring_size = 256, .producers = 8,
		.burst_max = 16, .pause_pct = 20, .part_pct = 70, .dsleep_pm = 2,
		.dspin_pct = 50,
	};

	(void)state;
	mpring_conf_init(&c.ring);
	c.ring.budget_items = 1;
	c.ring.budget_cycles = 1;
	stress_run(&c, stress_items(c.weight));
}
