/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The scripted sink of the single-thread tests (mpring_test_sink.h). */

#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <rte_common.h>

#include "mpring_test_sink.h"

uint32_t
sink_drain(void *cookie, const struct mpring_batch *b, unsigned int flags, bool *holding)
{
	struct sink *s = cookie;
	uint32_t avail = b->len[0] + b->len[1], n, i;

	s->calls++;
	s->last_batch = avail;
	if (flags & MPRING_DRAIN_FLUSH)
		s->flush_calls++;
	if (avail == 0)
		s->empty_calls++;
	if (s->hook != NULL)
		s->hook(s, b);
	if (s->stall && avail != 0)
		return 0;
	n = s->take_max != 0 ? RTE_MIN(avail, s->take_max) : avail;
	for (i = 0; i < n; i++)
		s->log[s->nb++] = (uintptr_t)(i < b->len[0] ? b->seg[0][i] :
				b->seg[1][i - b->len[0]]);
	*holding = s->hold && !(flags & MPRING_DRAIN_FLUSH);
	if (s->queue_rest && (flags & MPRING_DRAIN_DIRECT) && n < avail)
		n += mpring_enqueue_rest(s->r, &b->seg[0][n], avail - n);	/* one segment */
	return n;
}

bool
sink_can_drain(void *cookie)
{
	return ((struct sink *)cookie)->can;
}

struct mpring *
ring_new(struct sink *s, uint32_t size, size_t log_items, struct mpring_conf *over)
{
	struct mpring_conf conf;
	struct mpring *r;

	memset(s, 0, sizeof(*s));
	s->log = calloc(log_items, sizeof(*s->log));
	assert_non_null(s->log);
	s->can = true;
	if (over != NULL) {
		conf = *over;
	} else {
		mpring_conf_init(&conf);
	}
	conf.size = size;
	conf.drain = sink_drain;
	conf.can_drain = sink_can_drain;
	conf.cookie = s;
	r = mpring_create(&conf);
	assert_non_null(r);
	s->r = r;
	return r;
}

void
ring_del(struct sink *s)
{
	mpring_free(s->r);
	free(s->log);
}

void
fill_seq(uintptr_t *v, uint32_t n, uintptr_t first)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		v[i] = first + i;
}

void
check_log_seq(const struct sink *s, uintptr_t first, uint64_t n)
{
	uint64_t i;

	assert_int_equal(s->nb, n);
	for (i = 0; i < n; i++)
		assert_int_equal(s->log[i], first + i);
}
