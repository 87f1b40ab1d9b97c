/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#ifndef SHARED_TX_HARNESS_H
#define SHARED_TX_HARNESS_H

/*
 * The shared TX queue tests' harness (shared_tx_harness.c): the two ports of one model adapter
 * cabled back to back, port 0 sending on its shared queue 0, port 1 receiving; the storm's
 * state (test_pmd_shared_tx_storm.c) and the frames both kinds of test send.
 */

#include <stdbool.h>
#include <stdint.h>
#include <pthread.h>

#include <rte_ethdev.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "pmd_test.h"
#include "rte_pmd_qlxge.h"

#define ETH_TYPE_TEST	0x88B5		/* IEEE local experimental */
#define STORM_MAGIC	0x51785458u	/* good frames of the storm */
#define BAD_MAGIC	0x42616421u	/* frames the burst's checks refuse */
#define MAX_THREADS	8
#define TX_DESC		128		/* small: the work queue fills, the ring stalls */
#define SHTX_POST_MIN	32		/* a nearly full work queue takes batches this large */
#define SHTX_SOLE_MS	50		/* past the sole rule's time (200 us): alone for sure */
#define RELAY_MS	(SHTX_SOLE_MS * 5 / 2)	/* a relay storm's senders' start interval */
#define RX_DESC		4096		/* the receiver's: 2032 frames of buffering */
#define POOL_TX		8191
#define POOL_RX		8191
#define MAX_BURST	32
#define SETTLE_MS	30000		/* bounded waits, never asserted on */

#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define STORM_FRAMES	3000u		/* per thread */
#else
#define STORM_FRAMES	20000u
#endif

struct frame {
	struct rte_ether_hdr eth;
	uint32_t magic;
	uint16_t thread;
	uint16_t pad;
	uint32_t seq;
};

enum storm_ctl {
	CTL_NONE,	/* no stop: everything must arrive */
	CTL_QUEUE,	/* rte_eth_dev_tx_queue_stop / start */
	CTL_PORT,	/* rte_eth_dev_stop / start */
	CTL_RESET,	/* rte_eth_dev_reset, then configure and set up again (callers paused) */
};

struct producer {
	pthread_t t;
	struct storm *st;
	unsigned int id;
	bool eal;		/* registered as an EAL thread (rte_thread_register) */
	unsigned int lcore;	/* its lcore id, when registered */
	uint64_t rng;
	uint32_t next_seq;	/* = good frames accepted */
	uint64_t accepted;	/* frames accepted, good and bad */
	uint64_t bad;		/* bad frames accepted */
	uint64_t after_stop;	/* frames accepted by a call made while stopped */
	uint64_t calls;
};

struct storm {
	struct pmd_pair p;
	struct rte_ether_addr mac[2];
	struct rte_mempool *tx_pool, *rx_pool, *rx0_pool;
	unsigned int nb_threads;
	uint32_t frames;	/* per thread */
	enum storm_ctl ctl;
	unsigned int pace_us;	/* a producer's sleep between bursts, 0: none */
	unsigned int relay_ms;	/* producer i starts i * relay_ms after the first, 0: all
				 * at once (each may be alone long enough for a lease) */
	uint64_t t0;		/* TSC at the storm's start */
	struct rte_pmd_qlxge_tx_shared_conf conf;
	struct producer prod[MAX_THREADS];
	/* control -> producers */
	uint32_t epoch;		/* odd from a stop's return to the next start's call */
	int pause;		/* producers park (ethdev's port-wide calls) */
	int parked;
	int finished;		/* producers out of their loop */
	/* receiver */
	pthread_t rx_t;
	int rx_stop;
	uint64_t received;
	uint64_t rx_by[MAX_THREADS];
	uint32_t next[MAX_THREADS];
	uint64_t rx_errors;
	char rx_error[160];
};

/* randomness: splitmix64 from the run's seed (QLXGE_TEST_SEED replays it) */
extern uint64_t seed;
uint64_t rnd(uint64_t *s);
unsigned int rnd_below(uint64_t *s, unsigned int n);
void rnd_pause(uint64_t *s);

bool membarrier_ok(void);
struct rte_eth_conf port_conf(uint64_t tx_offloads);
int storm_setup_port0(struct storm *st, bool port_wide, bool mixed);
int storm_open(struct storm *st, const char *name, bool port_wide, bool mixed);
void storm_close(struct storm *st);
void frame_fill(const struct storm *st, struct rte_mbuf *m, uint32_t magic, uint16_t thread,
		uint32_t seq, uint16_t len);
uint64_t rx_count(struct storm *st, uint64_t n, unsigned int max_ms);
void frames_make(struct storm *st, struct rte_mbuf **m, unsigned int n, uint32_t seq);

/* the storms (test_pmd_shared_tx_storm.c) */
void test_shared_tx_storm(void **state);
void test_shared_tx_storm_holds(void **state);
void test_shared_tx_storm_queue_stop(void **state);
void test_shared_tx_storm_port_stop(void **state);
void test_shared_tx_storm_reset(void **state);
void test_shared_tx_storm_lease(void **state);

#endif /* SHARED_TX_HARNESS_H */
