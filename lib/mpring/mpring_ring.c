/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The ring object: configuration, creation, and snapshots of the state word. */

#include <errno.h>
#include <string.h>

#include "mpring_pvt.h"
#include "mpring_pvt_hold.h"

void
mpring_conf_init(struct mpring_conf *conf)
{
	memset(conf, 0, sizeof(*conf));
	conf->budget_items = 256;
	conf->full_retries = 16;
}

size_t
mpring_memsize(uint32_t size)
{
	if (size < MPRING_SIZE_MIN || size > MPRING_SIZE_MAX)
		return 0;
	/* The header, the item slots, and a publication mark per slot. */
	return RTE_ALIGN_CEIL(sizeof(struct mpring) + size * (sizeof(void *) + sizeof(uint64_t)),
			RTE_CACHE_LINE_SIZE);
}

int
mpring_init(struct mpring *r, const struct mpring_conf *conf)
{
	RTE_BUILD_BUG_ON(offsetof(struct mpring, state) != 0);
	RTE_BUILD_BUG_ON(offsetof(struct mpring, size) != RTE_CACHE_LINE_SIZE);
	RTE_BUILD_BUG_ON(sizeof(union mpring_pvt_word) != sizeof(uint64_t));

	if (r == NULL || conf == NULL || conf->drain == NULL || mpring_memsize(conf->size) == 0 ||
			conf->budget_items == 0 || ((uintptr_t)r & (RTE_CACHE_LINE_SIZE - 1)))
		return -EINVAL;
	memset(r, 0, sizeof(*r));
	r->pend = (uint64_t *)&r->slots[conf->size];
	memset(r->pend, 0, conf->size * sizeof(r->pend[0]));
	r->size = conf->size;
	r->cap = conf->size - 1;
	r->budget_items = conf->budget_items;
	r->budget_cycles = conf->budget_cycles;
	r->hold_items = conf->hold_cycles != 0 ? conf->hold_items : 0;
	r->hold_cycles = conf->hold_cycles;
	r->full_retries = conf->full_retries;
	r->sole_calls = conf->sole_calls;
	r->sole_cycles = conf->sole_cycles;
	/* A lease needs the asymmetric fence, and is not made for holds (mpring.c). */
	r->lease_on = conf->lease && conf->sole_calls != 0 && r->hold_items == 0 &&
		mpring_pvt_lease_available();
	r->stall_yield = conf->stall_yield;
	r->drain = conf->drain;
	r->can_drain = conf->can_drain;
	r->cookie = conf->cookie;
	mpring_pvt_hold_init(r);
	/* Before the ring is shared; publication to other threads is the caller's business. */
	__atomic_store_n(&r->state, 0, __ATOMIC_RELAXED);
	return 0;
}

struct mpring *
mpring_create(const struct mpring_conf *conf)
{
	struct mpring *r;
	size_t sz = conf != NULL ? mpring_memsize(conf->size) : 0;
	int rc;

	if (sz == 0) {
		errno = EINVAL;
		return NULL;
	}
	r = aligned_alloc(RTE_CACHE_LINE_SIZE, sz);
	if (r == NULL) {
		errno = ENOMEM;
		return NULL;
	}
	rc = mpring_init(r, conf);
	if (rc != 0) {
		free(r);
		errno = -rc;
		return NULL;
	}
	return r;
}

void
mpring_free(struct mpring *r)
{
	free(r);
}

uint32_t
mpring_capacity(const struct mpring *r)
{
	return r->cap;
}

bool
mpring_is_idle(const struct mpring *r)
{
	union mpring_pvt_word w;

	/* A8: acquire, pairs with R4 (mpring.c): a caller that sees idle may reclaim what the
	 * last consumer used. */
	w.u = __atomic_load_n(&r->state, __ATOMIC_ACQUIRE);
	return (mpring_pvt_state(w) == MPRING_IDLE && w.head == w.tail && w.tail == w.cidx) ||
		mpring_pvt_lease_rest(r, w);
}

enum mpring_state
mpring_state_get(const struct mpring *r)
{
	union mpring_pvt_word w;

	w.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED); /* a snapshot, no data read */
	/* A leased ring between its holder's calls is idle to everyone else. */
	if (unlikely(w.flags & MPRING_PVT_LEASED) && mpring_pvt_lease_rest(r, w))
		return MPRING_IDLE;
	return (enum mpring_state)mpring_pvt_state(w);
}

uint32_t
mpring_count(const struct mpring *r)
{
	union mpring_pvt_word w;

	w.u = __atomic_load_n(&r->state, __ATOMIC_RELAXED); /* a snapshot, no data read */
	return mpring_pvt_dist(r, w.cidx, w.head);
}

uint64_t
mpring_state_word(const struct mpring *r)
{
	return __atomic_load_n(&r->state, __ATOMIC_RELAXED); /* a snapshot, no data read */
}
