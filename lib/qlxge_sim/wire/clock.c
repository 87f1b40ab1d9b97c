/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The wires' clock: CLOCK_MONOTONIC unless a test set its own (wire/clock.h). */

#include <stddef.h>
#include <time.h>

#include "wire/clock.h"

static uint64_t
sim_wire_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static sim_wire_clock_fn sim_wire_clock = sim_wire_mono_ns;

void
sim_wire_clock_set(sim_wire_clock_fn clock)
{
	sim_wire_clock = clock != NULL ? clock : sim_wire_mono_ns;
}

uint64_t
sim_wire_now_ns(void)
{
	return sim_wire_clock();
}
