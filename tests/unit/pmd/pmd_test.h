/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Helpers of the pmd suite: ports of the model plugged in and out through EAL hotplug, a port
 * configured with queues, memory accounting, bounded waits and log capture.
 *
 * The test programs link librte_net_qlxge_sim.so itself (and EAL loads the same file with -d), so
 * the qlxge_sim_* calls below reach the very model instance the net_qlxge_sim vdev drives; the
 * model is never linked into a test a second time.
 */

#ifndef PMD_TEST_H
#define PMD_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rte_ethdev.h>
#include <rte_mempool.h>

#include "qlxge_sim.h"

#define PMD_NB_DESC		128

/* One model adapter with its two functions attached as two ports. */
struct pmd_pair {
	char adapter[QLXGE_SIM_NAME_MAX];
	char name[2][64];
	uint16_t port[2];
	struct qlxge_sim_adapter *ad;	/* a reference taken by the test */
	struct qlxge_sim_func *fn[2];
};

/* Start EAL once (no vdevs: ports are hot-plugged by each test) and make the mbuf pool. */
int pmd_test_init(void);
void pmd_test_fini(void);
struct rte_mempool *pmd_pool(void);

/* Plug vdev @name with @args; its port in @port. Returns rte_eal_hotplug_add()'s result. */
int pmd_probe(const char *name, const char *args, uint16_t *port);
int pmd_remove(const char *name);

/* Attach function 0 (and 1 when @both) of a new adapter named @adapter. */
int pmd_pair_open(struct pmd_pair *p, const char *adapter, bool both);
void pmd_pair_close(struct pmd_pair *p);

/* rte_eth_dev_configure() with @conf (NULL: defaults) and the queues, not started. */
int pmd_configure(uint16_t port, uint16_t nb_rxq, uint16_t nb_txq,
		  const struct rte_eth_conf *conf);

unsigned int pmd_memzone_count(void);
size_t pmd_heap_used(void);

/* Wait (bounded, 10 s) until *@counter reaches @target; returns whether it did. */
bool pmd_wait_count(volatile unsigned int *counter, unsigned int target);
/* Wait (bounded) until the port's link is @up. */
bool pmd_wait_link(uint16_t port, bool up);

/* Capture the log into memory between begin and end; end returns a malloc'ed string. */
void pmd_log_begin(void);
char *pmd_log_end(void);

#endif /* PMD_TEST_H */
