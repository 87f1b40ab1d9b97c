/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The wires' clock in nanoseconds (PCAP rate pacing, TAP carrier sampling): CLOCK_MONOTONIC,
 * or a fake clock a test advances instead of sleeping, so that no assertion depends on
 * wall-clock time.
 */

#ifndef SIM_WIRE_CLOCK_H
#define SIM_WIRE_CLOCK_H

#include <stdint.h>

/** A clock of the wires in nanoseconds (monotonic). */
typedef uint64_t (*sim_wire_clock_fn)(void);

/**
 * Replace the wires' clock; NULL restores CLOCK_MONOTONIC. A test hook. Not thread-safe: set
 * it while no wire is in use.
 */
void sim_wire_clock_set(sim_wire_clock_fn clock);

/** Now, in nanoseconds. */
uint64_t sim_wire_now_ns(void);

#endif /* SIM_WIRE_CLOCK_H */
