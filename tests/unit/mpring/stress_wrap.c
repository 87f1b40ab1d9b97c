/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Tiny rings (2, 3, 7 entries; bursts larger than the ring) with 3 producers: indices wrap
 * constantly and the ring is full most of the time. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "stress_harness.h"

void
stress_wrap(void **state)
{
	static const uint32_t sizes[] = { 2, 3, 7 };
	unsigned int i;

	(void)state;
	for (i = 0; i < 3; i++) {
		struct stress_conf c = {
			.name = "wrap", .weight = 1, .ring_size = sizes[i], .producers = 3,
			.burst_max = 5, .pause_pct = 10, .part_pct = 30, .bulk_pct = 20,
		};

		mpring_conf_init(&c.ring);
		c.ring.budget_items = 8;
		stress_run(&c, stress_items(c.weight) / 3);
	}
}
