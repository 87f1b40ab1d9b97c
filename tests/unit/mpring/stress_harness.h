/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#ifndef STRESS_HARNESS_H
#define STRESS_HARNESS_H

/*
 * Multi-thread stress harness for lib/mpring (docs/mpring.md, "Tests"). One harness, hooks set
 * by a small file per variant. Items carry (producer, sequence); the drain checks per-producer
 * order, one drain at a time, and the end checks conservation and the counter identities.
 */

#include <stdbool.h>
#include <stdint.h>

#include "mpring.h"

struct stress_conf {
	const char *name;
	unsigned int weight;	/* share of the total item count (MPRING_STRESS_ITEMS) */
	uint32_t ring_size;
	unsigned int producers;	/* 2..8: more than cores on purpose */
	uint32_t burst_max;	/* bursts are 1..burst_max (may exceed the ring) */
	unsigned int pause_pct;	/* producer: busy pause after a burst */
	unsigned int sleep_pm;	/* producer: short sleep after a burst, per mille */
	unsigned int bulk_pct;	/* producer: use the bulk call */
	unsigned int part_pct;	/* drain: take a random prefix */
	unsigned int none_pct;	/* drain: take nothing (stall) */
	unsigned int dsleep_pm;	/* drain: sleep a little, per mille of calls */
	unsigned int dspin_pct;	/* drain: busy-wait up to 1000 pauses */
	unsigned int hold_pct;	/* drain: claim to hold */
	unsigned int echo_pm;	/* drain: enqueue_only one follow-up item, per mille of items */
	unsigned int lie_pct;	/* can_drain(): answer at random */
	bool resumer;		/* a completion agent thread calls resume and trylock/unlock */
	/* A control thread owns the drain's resources: the drain takes at most the credits the
	 * control thread has given (none left: returns 0, the ring stalls; can_drain() is
	 * "credits > 0"), and the control thread refills them at random and calls resume, like
	 * a TX completion poller; now and then it quiesces the ring under load and starts it. */
	bool control;
	uint32_t credits_max;	/* control: largest refill */
	unsigned int quiesce_pm; /* control: per mille of its rounds that quiesce and start */
	unsigned int jitter_pct; /* test hooks: delay the thread at a hook point (pause/yield) */
	struct mpring_conf ring; /* budgets and coalescing; size/drain/cookie set by the harness */
};

/* Items for a variant: MPRING_STRESS_ITEMS (default 10^7) * weight / total weight. */
uint64_t stress_items(unsigned int weight);

/* Run one variant with @items items in total; cmocka-asserts on failure. */
void stress_run(const struct stress_conf *c, uint64_t items);

/* The variants, one file each. */
void stress_basic(void **state);
void stress_handover(void **state);
void stress_stall(void **state);
void stress_coalesce(void **state);
void stress_wrap(void **state);
void stress_echo(void **state);
void stress_control(void **state);
void stress_publish(void **state);

#endif /* STRESS_HARNESS_H */
