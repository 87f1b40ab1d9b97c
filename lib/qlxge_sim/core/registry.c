/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The registry of adapters (core/registry.h): a list under its own mutex. */

#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/queue.h>

#include "base/state.h"
#include "core/registry.h"

static TAILQ_HEAD(, qlxge_sim_adapter) sim_adapters = TAILQ_HEAD_INITIALIZER(sim_adapters);
static pthread_mutex_t sim_registry_lock = PTHREAD_MUTEX_INITIALIZER;

int
sim_registry_add(struct qlxge_sim_adapter *ad)
{
	struct qlxge_sim_adapter *other;

	pthread_mutex_lock(&sim_registry_lock);
	TAILQ_FOREACH(other, &sim_adapters, next) {
		if (strcmp(other->name, ad->name) == 0) {
			pthread_mutex_unlock(&sim_registry_lock);
			return -EEXIST;
		}
	}
	ad->refcnt = 1;
	TAILQ_INSERT_TAIL(&sim_adapters, ad, next);
	pthread_mutex_unlock(&sim_registry_lock);
	return 0;
}

struct qlxge_sim_adapter *
sim_registry_find(const char *name)
{
	struct qlxge_sim_adapter *ad;

	pthread_mutex_lock(&sim_registry_lock);
	TAILQ_FOREACH(ad, &sim_adapters, next) {
		if (strcmp(ad->name, name) == 0) {
			ad->refcnt++;
			break;
		}
	}
	pthread_mutex_unlock(&sim_registry_lock);
	return ad;
}

void
sim_registry_get(struct qlxge_sim_adapter *ad)
{
	pthread_mutex_lock(&sim_registry_lock);
	ad->refcnt++;
	pthread_mutex_unlock(&sim_registry_lock);
}

bool
sim_registry_put(struct qlxge_sim_adapter *ad)
{
	bool last;

	pthread_mutex_lock(&sim_registry_lock);
	last = --ad->refcnt == 0;
	if (last) {
		TAILQ_REMOVE(&sim_adapters, ad, next);
		ad->dead = true;
	}
	pthread_mutex_unlock(&sim_registry_lock);
	return last;
}

void
sim_registry_foreach(void (*cb)(struct qlxge_sim_adapter *ad))
{
	struct qlxge_sim_adapter *ad;

	/* The registry lock keeps every adapter alive while cb runs (put() takes it to unlink). */
	pthread_mutex_lock(&sim_registry_lock);
	TAILQ_FOREACH(ad, &sim_adapters, next)
		cb(ad);
	pthread_mutex_unlock(&sim_registry_lock);
}
