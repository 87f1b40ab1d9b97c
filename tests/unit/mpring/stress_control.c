/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Resume, stall and quiesce driven from a separate control thread (the queue's owner and
 * completion poller) while producers run, on tiny rings with tiny budgets: the drain only has
 * the resources the control thread gives it, so the ring stalls all the time and is resumed from
 * outside while its consumers re-check; the test hooks delay threads at the ring's named points.
 * The last run also holds (ring and drain level), so quiesce has held items to flush. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <rte_common.h>

#include "stress_harness.h"

void
stress_control(void **state)
{
	static const struct {
		uint32_t size, budget, producers, credits;
		bool hold;
	} runs[] = {
		{ 4, 1, 4, 3, false },
		{ 8, 2, 3, 8, false },
		{ 16, 4, 6, 24, true },
	};
	unsigned int i;

	(void)state;
	for (i = 0; i < RTE_DIM(runs); i++) {
		struct stress_conf c = {
			.name = "control", .weight = 2, .ring_size = runs[i].size,
			.producers = runs[i].producers, .burst_max = runs[i].size + 2,
			.pause_pct = 20, .part_pct = 20, .bulk_pct = 10, .dspin_pct = 5,
			.hold_pct = runs[i].hold ? 20 : 0, .control = true,
			.credits_max = runs[i].credits, .quiesce_pm = 20, .jitter_pct = 20,
		};

		mpring_conf_init(&c.ring);
		c.ring.budget_items = runs[i].budget;
		/* a producer alone for 2 calls takes the sole path: while the others pause;
		 * and keeps the role between its calls (a lease), ended by the others'
		 * commits, the control thread's quiesce and trylock */
		c.ring.sole_calls = i < 2 ? 2 : 0;
		c.ring.lease = i < 2;
		if (runs[i].hold) {
			c.ring.hold_items = 8;
			c.ring.hold_cycles = 20000;
		}
		stress_run(&c, stress_items(c.weight) / RTE_DIM(runs));
	}
}
