/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The counters' API: choosing a thread's slot, summing the slots, reading one slot. The state
 * machine updates them through the hooks of mpring_pvt_stats.h.
 */

#include <errno.h>
#include <string.h>

#include "mpring_pvt_stats.h"

__thread int mpring_pvt_tls_slot __attribute__((tls_model("initial-exec"))) = -1;

void
mpring_stats_get(const struct mpring *r, struct mpring_stats *out)
{
	const uint64_t *src;
	uint64_t *dst = (uint64_t *)out;
	unsigned int i, j, nb = sizeof(*out) / sizeof(uint64_t);

	RTE_BUILD_BUG_ON(sizeof(struct mpring_stats) % sizeof(uint64_t) != 0);
	memset(out, 0, sizeof(*out));
	for (i = 0; i < MPRING_PVT_SLOTS; i++) {
		src = (const uint64_t *)&r->stats[i].s;
		for (j = 0; j < nb; j++)
			/* Relaxed: counters are independent; see mpring_pvt_stat_add. */
			dst[j] += __atomic_load_n(&src[j], __ATOMIC_RELAXED);
		mpring_pvt_stats_fold(&r->stats[i], out);
	}
	/* The maxima among the sums. */
	out->hold_time_max = 0;
	out->hold_late_max = 0;
	out->hold_sent_max = 0;
	for (i = 0; i < MPRING_PVT_SLOTS; i++) {
		/* Relaxed, as above. */
		out->hold_time_max = RTE_MAX(out->hold_time_max,
				__atomic_load_n(&r->stats[i].s.hold_time_max, __ATOMIC_RELAXED));
		out->hold_late_max = RTE_MAX(out->hold_late_max,
				__atomic_load_n(&r->stats[i].s.hold_late_max, __ATOMIC_RELAXED));
		out->hold_sent_max = RTE_MAX(out->hold_sent_max,
				__atomic_load_n(&r->stats[i].s.hold_sent_max, __ATOMIC_RELAXED));
	}
}

int
mpring_stats_slot_get(const struct mpring *r, unsigned int slot, struct mpring_stats *out)
{
	const uint64_t *src;
	uint64_t *dst = (uint64_t *)out;
	unsigned int j, nb = sizeof(*out) / sizeof(uint64_t);

	if (slot >= MPRING_PVT_SLOTS)
		return -EINVAL;
	src = (const uint64_t *)&r->stats[slot].s;
	for (j = 0; j < nb; j++)
		/* Relaxed: as mpring_stats_get. */
		dst[j] = __atomic_load_n(&src[j], __ATOMIC_RELAXED);
	mpring_pvt_stats_fold(&r->stats[slot], out);
	return 0;
}

int
mpring_stats_slot_set(int slot)
{
	if (slot < -1 || slot >= MPRING_PVT_SLOTS)
		return -EINVAL;
	mpring_pvt_tls_slot = slot;
	return 0;
}

unsigned int
mpring_stats_slots(void)
{
	return MPRING_PVT_SLOTS;
}
