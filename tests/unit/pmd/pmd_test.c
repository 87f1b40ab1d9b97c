/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_bus.h>
#include <rte_dev.h>
#include <rte_eal.h>
#include <rte_log.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_memzone.h>

#include "qlxge_test_eal.h"
#include "pmd_test.h"

#define PMD_POOL_SIZE	8191
#define PMD_WAIT_US	10000000u
#define PMD_WAIT_STEP	1000u

static struct rte_mempool *pool;
static FILE *log_stream;
static char *log_buf;
static size_t log_len;

int
pmd_test_init(void)
{
	static const char *const extra[] = { "--log-level=pmd.net.qlxge.*:notice", NULL };
	int ret;

	ret = qlxge_test_eal_init(extra);
	if (ret != 0)
		return ret;
	if (pool == NULL)
		pool = rte_pktmbuf_pool_create("pmd_test_pool", PMD_POOL_SIZE, 0, 0,
					       RTE_MBUF_DEFAULT_BUF_SIZE, SOCKET_ID_ANY);
	return pool != NULL ? 0 : -ENOMEM;
}

void
pmd_test_fini(void)
{
	rte_mempool_free(pool);
	pool = NULL;
	qlxge_test_eal_fini();
}

struct rte_mempool *
pmd_pool(void)
{
	return pool;
}

int
pmd_probe(const char *name, const char *args, uint16_t *port)
{
	int ret;

	ret = rte_eal_hotplug_add("vdev", name, args);
	if (ret != 0)
		return ret;
	return rte_eth_dev_get_port_by_name(name, port);
}

int
pmd_remove(const char *name)
{
	return rte_eal_hotplug_remove("vdev", name);
}

int
pmd_pair_open(struct pmd_pair *p, const char *adapter, bool both)
{
	char args[128];
	unsigned int f;
	int ret;

	memset(p, 0, sizeof(*p));
	snprintf(p->adapter, sizeof(p->adapter), "%s", adapter);
	for (f = 0; f < (both ? 2u : 1u); f++) {
		snprintf(p->name[f], sizeof(p->name[f]), "net_qlxge_sim_%s_%u", adapter, f);
		snprintf(args, sizeof(args), "adapter=%s,function=%u", adapter, f);
		ret = pmd_probe(p->name[f], args, &p->port[f]);
		if (ret != 0)
			return ret;
	}
	p->ad = qlxge_sim_adapter_find(adapter);
	if (p->ad == NULL)
		return -ENOENT;
	p->fn[0] = qlxge_sim_func(p->ad, 0);
	p->fn[1] = qlxge_sim_func(p->ad, 1);
	return 0;
}

void
pmd_pair_close(struct pmd_pair *p)
{
	unsigned int f;

	for (f = 0; f < 2; f++)
		if (p->name[f][0] != '\0')
			pmd_remove(p->name[f]);
	if (p->ad != NULL)
		qlxge_sim_adapter_put(p->ad);
	memset(p, 0, sizeof(*p));
}

int
pmd_configure(uint16_t port, uint16_t nb_rxq, uint16_t nb_txq, const struct rte_eth_conf *conf)
{
	struct rte_eth_conf def = { 0 };
	uint16_t q;
	int ret;

	ret = rte_eth_dev_configure(port, nb_rxq, nb_txq, conf != NULL ? conf : &def);
	for (q = 0; q < nb_rxq && ret == 0; q++)
		ret = rte_eth_rx_queue_setup(port, q, PMD_NB_DESC, SOCKET_ID_ANY, NULL, pool);
	for (q = 0; q < nb_txq && ret == 0; q++)
		ret = rte_eth_tx_queue_setup(port, q, PMD_NB_DESC, SOCKET_ID_ANY, NULL);
	return ret;
}

static void
pmd_mz_count_cb(const struct rte_memzone *mz, void *arg)
{
	(void)mz;
	(*(unsigned int *)arg)++;
}

unsigned int
pmd_memzone_count(void)
{
	unsigned int n = 0;

	rte_memzone_walk(pmd_mz_count_cb, &n);
	return n;
}

size_t
pmd_heap_used(void)
{
	struct rte_malloc_socket_stats st;
	size_t used = 0;
	unsigned int i;

	for (i = 0; i < rte_socket_count(); i++)
		if (rte_malloc_get_socket_stats(rte_socket_id_by_idx(i), &st) == 0)
			used += st.heap_allocsz_bytes;
	return used;
}

bool
pmd_wait_count(volatile unsigned int *counter, unsigned int target)
{
	unsigned int waited;

	for (waited = 0; waited < PMD_WAIT_US; waited += PMD_WAIT_STEP) {
		if (__atomic_load_n(counter, __ATOMIC_ACQUIRE) >= target)
			return true;
		usleep(PMD_WAIT_STEP);
	}
	return __atomic_load_n(counter, __ATOMIC_ACQUIRE) >= target;
}

bool
pmd_wait_link(uint16_t port, bool up)
{
	struct rte_eth_link link;
	unsigned int waited;

	for (waited = 0; waited < PMD_WAIT_US; waited += PMD_WAIT_STEP) {
		if (rte_eth_link_get_nowait(port, &link) == 0 && link.link_status == up)
			return true;
		usleep(PMD_WAIT_STEP);
	}
	return false;
}

void
pmd_log_begin(void)
{
	log_buf = NULL;
	log_len = 0;
	log_stream = open_memstream(&log_buf, &log_len);
	if (log_stream != NULL)
		rte_openlog_stream(log_stream);
}

char *
pmd_log_end(void)
{
	rte_openlog_stream(NULL);
	if (log_stream != NULL)
		fclose(log_stream);
	log_stream = NULL;
	return log_buf != NULL ? log_buf : strdup("");
}
