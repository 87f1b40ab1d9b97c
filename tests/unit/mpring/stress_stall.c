/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Forced stalls: the drain takes nothing 10% of the time and a random prefix 30%; can_drain()
 * lies both ways 30% of the time; a completion agent resumes (and try-locks) at random.
 * Producers refused by the stalled ring yield the CPU (stall_yield), as the driver's do. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "stress_harness.h"

void
stress_stall(void **state)
{
	struct stress_conf c = {
		.name = "stall", .weight = 2, .ring_size = 128, .producers = 3,
		.burst_max = 24, .pause_pct = 20, .part_pct = 30, .none_pct = 10,
		.lie_pct = 30, .resumer = true, .bulk_pct = 10,
	};

	(void)state;
	mpring_conf_init(&c.ring);
	c.ring.budget_items = 32;
	c.ring.stall_yield = true;
	stress_run(&c, stress_items(c.weight));
}
