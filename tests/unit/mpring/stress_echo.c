/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* Enqueue-only from inside the drain (a TLS-like follow-up item for 5% of the items) while two
 * producers run: no deadlock, and the follow-ups are conserved and ordered too, also when the
 * drain is a lease holder's (its follow-ups end its lease). */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "stress_harness.h"

void
stress_echo(void **state)
{
	struct stress_conf c = {
		.name = "echo", .weight = 1, .ring_size = 64, .producers = 2,
		.burst_max = 16, .pause_pct = 20, .part_pct = 20, .echo_pm = 50,
	};

	(void)state;
	mpring_conf_init(&c.ring);
	c.ring.budget_items = 16;
	/* a producer alone for 2 calls holds a lease: its drain's follow-ups end it */
	c.ring.sole_calls = 2;
	c.ring.lease = true;
	stress_run(&c, stress_items(c.weight));
}
