/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#ifndef MPRING_TEST_SINK_H
#define MPRING_TEST_SINK_H

/*
 * A ring whose drain is a scripted sink (mpring_test_sink.c), for the single-thread tests
 * (test_mpring.c, test_mpring_sole.c): what the drain takes is logged in order, and the test
 * sets how much it takes, whether it stalls or holds, what can_drain() answers.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mpring.h"

/* A scripted drain: records what it takes, in order. */
struct sink {
	uintptr_t *log;		/* items taken, in order */
	uint64_t nb;		/* items taken */
	uint64_t calls;
	uint64_t flush_calls;	/* calls with MPRING_DRAIN_FLUSH */
	uint64_t empty_calls;	/* calls with an empty batch */
	uint32_t take_max;	/* 0 = all */
	bool stall;		/* return 0 */
	bool hold;		/* claim to hold (unless flushing) */
	bool can;		/* can_drain() answer */
	bool queue_rest;	/* a direct batch: queue what take_max leaves (enqueue_only) */
	uint32_t last_batch;	/* items offered in the last call */
	struct mpring *r;
	/* optional hooks */
	void (*hook)(struct sink *s, const struct mpring_batch *b);
	int hook_state;
};

/* The callbacks ring_new() sets (a test that makes its own configuration sets them too). */
uint32_t sink_drain(void *cookie, const struct mpring_batch *b, unsigned int flags,
		    bool *holding);
bool sink_can_drain(void *cookie);
/* A ring of @size entries draining into @s (its log of @log_items), @over's configuration
 * (NULL: the defaults); cmocka asserts it is created. */
struct mpring *ring_new(struct sink *s, uint32_t size, size_t log_items,
			struct mpring_conf *over);
void ring_del(struct sink *s);
/* @n items first, first + 1, ... into @v */
void fill_seq(uintptr_t *v, uint32_t n, uintptr_t first);
/* the sink took exactly first, first + 1, ... (@n items), in order */
void check_log_seq(const struct sink *s, uintptr_t first, uint64_t n);

#endif /* MPRING_TEST_SINK_H */
