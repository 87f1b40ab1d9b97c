/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Publication under oversubscription: 8 producers on 2 cores, tiny rings (8 and 16 entries)
 * that wrap every few bursts, a drain that takes everything at once, and delays at the hook
 * points (a yield lets a thread of the same core run): producers are stopped between marking
 * their range and re-reading the word, or between a commit and the claim of the next mark,
 * while the ring goes round, which is where a position alone cannot tell one lap from the
 * next. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <rte_common.h>

#include "stress_harness.h"

void
stress_publish(void **state)
{
	static const uint32_t sizes[] = { 8, 16 };
	unsigned int i;

	(void)state;
	for (i = 0; i < RTE_DIM(sizes); i++) {
		struct stress_conf c = {
			.name = "publish", .weight = 1, .ring_size = sizes[i], .producers = 8,
			.burst_max = 3, .jitter_pct = 30, .bulk_pct = 10,
		};

		mpring_conf_init(&c.ring);
		c.ring.budget_items = 4;
		stress_run(&c, stress_items(c.weight) / RTE_DIM(sizes));
	}
}
