/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Helpers of the pmd suite, shared by its programs (one per feature: lifecycle, ops, datapath,
 * link): the suite's setup and teardown, ports of the model plugged in and out through EAL
 * hotplug, a port configured with queues, frames looped through a port, a mempool that checks
 * the device is done with each buffer handed back, memory accounting, bounded waits and log
 * capture.
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

/* Start EAL once (no vdevs: ports are hot-plugged by each test) and make the mbuf pools. */
int pmd_test_init(void);
void pmd_test_fini(void);
struct rte_mempool *pmd_pool(void);

/* cmocka group setup and teardown of every program of the suite: pmd_test_init/_fini. */
int pmd_setup_suite(void **state);
int pmd_teardown_suite(void **state);

/* Plug vdev @name with @args; its port in @port. Returns rte_eal_hotplug_add()'s result. */
int pmd_probe(const char *name, const char *args, uint16_t *port);
int pmd_remove(const char *name);

/* Attach function 0 (and 1 when @both) of a new adapter named @adapter. */
int pmd_pair_open(struct pmd_pair *p, const char *adapter, bool both);
void pmd_pair_close(struct pmd_pair *p);

/* rte_eth_dev_configure() with @conf (NULL: defaults) and the queues, not started. */
int pmd_configure(uint16_t port, uint16_t nb_rxq, uint16_t nb_txq,
		  const struct rte_eth_conf *conf);

/*
 * Send @n frames of @len bytes (a chain when longer than one buffer of @mp) to the port's own
 * MAC on queue 0, one at a time, receiving as they come on queue 0 (a port cabled to itself);
 * returns the frames received, stopping at the first one that does not arrive (bounded wait).
 */
unsigned int pmd_loop_frames(uint16_t port, struct rte_mempool *mp, unsigned int n,
			     uint16_t len);
/* A frame of @len bytes from @mp (chained when longer than one buffer) to the port's MAC. */
struct rte_mbuf *pmd_mk_frame(struct rte_mempool *mp, uint16_t port, uint16_t len);
/* Receive and free what queue @q of @port holds, for a few rounds. */
void pmd_drain(uint16_t port, uint16_t q);

/*
 * The watch pool: no cache, and every buffer handed back to it is checked, while armed, that the
 * device is done with it: a function reset of @fn happened since arming (when @min_resets is not
 * 0: the model's reset count must have reached it), completion queue @cq reads stopped (when
 * @cq >= 0). pmd_watch_disarm() gives the buffers seen and those that failed the check.
 */
struct rte_mempool *pmd_watch_pool(void);
void pmd_watch_arm(struct qlxge_sim_func *fn, uint64_t min_resets, int cq);
void pmd_watch_disarm(unsigned int *seen, unsigned int *bad);
/* Whether the device has stopped processing completion queue @cq of @fn (CQ_STOP.EN clear). */
bool pmd_cq_stopped(struct qlxge_sim_func *fn, unsigned int cq);

unsigned int pmd_memzone_count(void);
size_t pmd_heap_used(void);

/* Wait (bounded, 10 s) until *@counter reaches @target; returns whether it did. */
bool pmd_wait_count(volatile unsigned int *counter, unsigned int target);

/* RTE_ETH_EVENT_INTR_RESET events seen by pmd_reset_cb() (an ethdev callback), any port. */
extern unsigned int pmd_reset_events;
int pmd_reset_cb(uint16_t port, enum rte_eth_event_type type, void *arg, void *ret);
/* Wait (bounded) until the port's link is @up. */
bool pmd_wait_link(uint16_t port, bool up);

/* Extended statistic @name of @port; asserts that the port has it. */
uint64_t pmd_xstat(uint16_t port, const char *name);

/* Capture the log into memory between begin and end; end returns a malloc'ed string. */
void pmd_log_begin(void);
char *pmd_log_end(void);

#endif /* PMD_TEST_H */
