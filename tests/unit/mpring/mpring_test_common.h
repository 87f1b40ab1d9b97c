/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#ifndef MPRING_TEST_COMMON_H
#define MPRING_TEST_COMMON_H

#include <stdint.h>
#include <stdio.h>

#include "mpring.h"

/* Print the counters (failure reports, stress summaries). */
static inline void
mpring_test_dump(const struct mpring *r, FILE *f)
{
	static const char *const routes[MPRING_ROUTE_MAX] = {
		"fast", "commit", "takeover", "resume", "flush", "lock", "sole", "revoke" };
	static const char *const ends[] = { "idle", "hold", "stall", "handover" };
	struct mpring_stats st;
	unsigned int i;

	mpring_stats_get(r, &st);
	fprintf(f, "  state word 0x%016llx state %d count %u\n",
		(unsigned long long)mpring_state_word(r), (int)mpring_state_get(r),
		mpring_count(r));
	fprintf(f, "  enqueued %llu only %llu dropped %llu rejected %llu declined %llu "
		"not_consumer %llu\n", (unsigned long long)st.enqueued,
		(unsigned long long)st.enqueued_only, (unsigned long long)st.dropped,
		(unsigned long long)st.rejected, (unsigned long long)st.declined,
		(unsigned long long)st.not_consumer);
	fprintf(f, "  starts:");
	for (i = 0; i < MPRING_ROUTE_MAX; i++)
		fprintf(f, " %s %llu", routes[i], (unsigned long long)st.starts[i]);
	fprintf(f, "\n  ends:");
	for (i = 0; i < MPRING_END_MAX; i++)
		fprintf(f, " %s %llu", ends[i], (unsigned long long)st.ends[i]);
	fprintf(f, "\n  handovers %llu stalls %llu restarts %llu holds %llu joins %llu "
		"flushes %llu\n", (unsigned long long)st.handovers,
		(unsigned long long)st.stalls, (unsigned long long)st.restarts,
		(unsigned long long)st.holds, (unsigned long long)st.joins,
		(unsigned long long)st.flushes);
	fprintf(f, "  drain calls %llu drained %llu direct %llu cas retries %llu helped %llu "
		"yields %llu\n",
		(unsigned long long)st.drain_calls, (unsigned long long)st.drained,
		(unsigned long long)st.direct, (unsigned long long)st.cas_retries,
		(unsigned long long)st.helped, (unsigned long long)st.yields);
	fprintf(f, "  lease grants %llu revocations %llu\n", (unsigned long long)st.lease_grants,
		(unsigned long long)st.lease_revocations);
}

/*
 * The counter identities that hold when the ring is at rest (docs/mpring.md, "Statistics").
 * Returns 0 or the number of the violated identity.
 */
static inline int
mpring_test_stats_consistent(const struct mpring *r)
{
	struct mpring_stats st;
	uint64_t starts = 0, ends = 0, hist = 0;
	unsigned int i;

	mpring_stats_get(r, &st);
	for (i = 0; i < MPRING_ROUTE_MAX; i++)
		starts += st.starts[i];
	for (i = 0; i < MPRING_END_MAX; i++)
		ends += st.ends[i];
	for (i = 0; i < MPRING_HIST_BUCKETS; i++)
		hist += st.drain_hist[i];
	if (!mpring_is_idle(r))
		return 1;
	if (st.enqueued + st.enqueued_only != st.drained)
		return 2;
	if (starts != ends)
		return 3;
	if (st.starts[MPRING_ROUTE_TAKEOVER] != st.ends[MPRING_END_HANDOVER] ||
			st.handovers != st.ends[MPRING_END_HANDOVER])
		return 4;
	if (st.stalls != st.restarts)
		return 5;
	if (st.holds != st.ends[MPRING_END_HOLD] || st.holds != st.joins + st.flushes)
		return 6;
	if (hist != st.drain_calls)
		return 7;
	return 0;
}

#define mpring_test_check_stats(r) do { \
	int bad_ = mpring_test_stats_consistent(r); \
	if (bad_ != 0) \
		mpring_test_dump((r), stderr); \
	assert_int_equal(bad_, 0); \
} while (0)

#endif /* MPRING_TEST_COMMON_H */
