/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * A mempool driver ThreadSanitizer can follow, that catches double frees: a stack under a
 * mutex ("qlxge_test_mutex", PMD_MTX_POOL_OPS). The driver frees a frame on whichever lcore
 * reclaims it, and ThreadSanitizer sees a recycled mbuf's hand-over only through a lock it
 * knows (DPDK's ring is not instrumented). The enqueue counts an object put back twice.
 */

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <rte_common.h>
#include <rte_mempool.h>

#include "pmd_mtx_pool.h"

struct mtx_pool {
	pthread_mutex_t lock;
	unsigned int n, size, hsize;
	uint64_t double_frees;
	void **objs;		/* the stack */
	void **set;		/* open addressing: the objects in the pool */
};

static unsigned int
mtx_hash(const struct mtx_pool *p, const void *o)
{
	return (unsigned int)(((uintptr_t)o >> 6) * 2654435761u) & (p->hsize - 1);
}

static bool
mtx_set_add(struct mtx_pool *p, void *o)
{
	unsigned int h = mtx_hash(p, o);

	while (p->set[h] != NULL) {
		if (p->set[h] == o)
			return false;
		h = (h + 1) & (p->hsize - 1);
	}
	p->set[h] = o;
	return true;
}

static void
mtx_set_del(struct mtx_pool *p, void *o)
{
	unsigned int h = mtx_hash(p, o), j, k;

	while (p->set[h] != o)
		h = (h + 1) & (p->hsize - 1);
	p->set[h] = NULL;
	/* re-insert the run after the hole (linear probing) */
	for (j = (h + 1) & (p->hsize - 1); p->set[j] != NULL; j = (j + 1) & (p->hsize - 1)) {
		void *x = p->set[j];

		p->set[j] = NULL;
		k = mtx_hash(p, x);
		while (p->set[k] != NULL)
			k = (k + 1) & (p->hsize - 1);
		p->set[k] = x;
	}
}

static int
mtx_alloc(struct rte_mempool *mp)
{
	struct mtx_pool *p = calloc(1, sizeof(*p));

	if (p == NULL)
		return -ENOMEM;
	pthread_mutex_init(&p->lock, NULL);
	p->size = mp->size;
	p->hsize = rte_align32pow2(mp->size * 2 + 2);
	p->objs = calloc(p->size, sizeof(void *));
	p->set = calloc(p->hsize, sizeof(void *));
	if (p->objs == NULL || p->set == NULL) {
		free(p->objs);
		free(p->set);
		free(p);
		return -ENOMEM;
	}
	mp->pool_data = p;
	return 0;
}

static void
mtx_free(struct rte_mempool *mp)
{
	struct mtx_pool *p = mp->pool_data;

	pthread_mutex_destroy(&p->lock);
	free(p->objs);
	free(p->set);
	free(p);
}

static int
mtx_enqueue(struct rte_mempool *mp, void *const *obj, unsigned int n)
{
	struct mtx_pool *p = mp->pool_data;
	unsigned int i;

	pthread_mutex_lock(&p->lock);
	for (i = 0; i < n; i++) {
		if (!mtx_set_add(p, obj[i])) {
			p->double_frees++;	/* already in the pool: not taken twice */
			continue;
		}
		p->objs[p->n++] = obj[i];
	}
	pthread_mutex_unlock(&p->lock);
	return 0;
}

static int
mtx_dequeue(struct rte_mempool *mp, void **obj, unsigned int n)
{
	struct mtx_pool *p = mp->pool_data;
	unsigned int i;

	pthread_mutex_lock(&p->lock);
	if (p->n < n) {
		pthread_mutex_unlock(&p->lock);
		return -ENOBUFS;
	}
	for (i = 0; i < n; i++) {
		obj[i] = p->objs[--p->n];
		mtx_set_del(p, obj[i]);
	}
	pthread_mutex_unlock(&p->lock);
	return 0;
}

static unsigned int
mtx_count(const struct rte_mempool *mp)
{
	struct mtx_pool *p = mp->pool_data;
	unsigned int n;

	pthread_mutex_lock(&p->lock);
	n = p->n;
	pthread_mutex_unlock(&p->lock);
	return n;
}

static const struct rte_mempool_ops mtx_ops = {
	.name = PMD_MTX_POOL_OPS,
	.alloc = mtx_alloc,
	.free = mtx_free,
	.enqueue = mtx_enqueue,
	.dequeue = mtx_dequeue,
	.get_count = mtx_count,
};

RTE_MEMPOOL_REGISTER_OPS(mtx_ops);

uint64_t
pmd_mtx_double_frees(struct rte_mempool *mp)
{
	struct mtx_pool *p = mp->pool_data;
	uint64_t n;

	pthread_mutex_lock(&p->lock);
	n = p->double_frees;
	pthread_mutex_unlock(&p->lock);
	return n;
}
