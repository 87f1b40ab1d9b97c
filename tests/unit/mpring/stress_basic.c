/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Randomized producers (4 threads on 2 cores), bursts of 1..64 (partly bulk), random pauses;
 * the drain takes all or a random prefix and sometimes sleeps. Default budget; the sole
 * producer's path on (conf.sole_calls, with conf.sole_cycles). */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "stress_harness.h"

void
stress_basic(void **state)
{
	struct stress_conf c = {
		.name = "basic", .weight = 3, .ring_size = 1024, .producers = 4,
		.burst_max = 64, .pause_pct = 30, .sleep_pm = 1, .bulk_pct = 20,
		.part_pct = 20, .dsleep_pm = 1, .dspin_pct = 10,
	};

	(void)state;
	mpring_conf_init(&c.ring);
	/* a producer alone for 4 calls in a row (the others pausing) and some 2000 cycles after
	 * takes the sole path: the guess's clock read while others come and go */
	c.ring.sole_calls = 4;
	c.ring.sole_cycles = 2000;
	/* and keeps the role between its calls (a lease) until another producer commits */
	c.ring.lease = true;
	stress_run(&c, stress_items(c.weight));
}
