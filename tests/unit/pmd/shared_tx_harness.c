/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The shared TX queue tests' harness (shared_tx_harness.h): randomness, the two ports and
 * their pools (the test's own mempool driver, pmd_mtx_pool.c, which ThreadSanitizer can follow
 * and which catches an mbuf freed twice), the frames, and a bounded receive.
 */

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/membarrier.h>
#include <sys/syscall.h>

#include <cmocka.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_log.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>
#include <rte_pause.h>

#include "pmd_mtx_pool.h"
#include "pmd_test.h"
#include "rte_pmd_qlxge.h"
#include "shared_tx_harness.h"

/* ---- randomness ------------------------------------------------------------------------ */

uint64_t seed;

uint64_t
rnd(uint64_t *s)
{
	/* splitmix64 */
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

unsigned int
rnd_below(uint64_t *s, unsigned int n)
{
	return (unsigned int)(rnd(s) % n);
}

/* A random pause of a producer or the control thread: none, spins, a yield, a short sleep. */
void
rnd_pause(uint64_t *s)
{
	unsigned int i, k = rnd_below(s, 16);

	if (k < 8)
		return;
	if (k < 12) {
		for (i = rnd_below(s, 2000); i > 0; i--)
			rte_pause();
	} else if (k < 15) {
		sched_yield();
	} else {
		usleep(rnd_below(s, 50));
	}
}

/* ---- the two ports --------------------------------------------------------------------- */

/* Can the ring lease here (mpring.c registers the same command)? Else no lease is granted. */
bool
membarrier_ok(void)
{
	long cmds = syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);

	return cmds > 0 && (cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED) != 0;
}

struct rte_eth_conf
port_conf(uint64_t tx_offloads)
{
	struct rte_eth_conf conf = { 0 };

	conf.txmode.offloads = tx_offloads;
	return conf;
}

/* Port 0: RX queue 0, TX queue 0 shared (queue 1 unshared when @mixed); port 1 receives. */
int
storm_setup_port0(struct storm *st, bool port_wide, bool mixed)
{
	struct rte_eth_conf conf = port_conf(port_wide ? RTE_ETH_TX_OFFLOAD_MT_LOCKFREE : 0);
	struct rte_eth_txconf txc = { 0 };
	uint16_t port = st->p.port[0];
	int ret;

	ret = rte_eth_dev_configure(port, 1, mixed ? 2 : 1, &conf);
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(port, 0, 256, SOCKET_ID_ANY, NULL, st->rx0_pool);
	if (ret == 0)
		ret = rte_pmd_qlxge_tx_shared_conf_set(port, &st->conf);
	txc.tx_free_thresh = 32;
	txc.offloads = port_wide ? 0 : RTE_ETH_TX_OFFLOAD_MT_LOCKFREE;
	if (ret == 0)
		ret = rte_eth_tx_queue_setup(port, 0, TX_DESC, SOCKET_ID_ANY, &txc);
	txc.offloads = 0;
	if (ret == 0 && mixed)
		ret = rte_eth_tx_queue_setup(port, 1, TX_DESC, SOCKET_ID_ANY, &txc);
	return ret;
}

int
storm_open(struct storm *st, const char *name, bool port_wide, bool mixed)
{
	static unsigned int pools;
	struct rte_eth_conf conf = port_conf(0);
	char pn[32];
	unsigned int f;

	snprintf(pn, sizeof(pn), "shtx_tx%u", pools);
	st->tx_pool = rte_pktmbuf_pool_create_by_ops(pn, POOL_TX, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
						     SOCKET_ID_ANY, PMD_MTX_POOL_OPS);
	snprintf(pn, sizeof(pn), "shtx_rx%u", pools);
	st->rx_pool = rte_pktmbuf_pool_create_by_ops(pn, POOL_RX, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
						     SOCKET_ID_ANY, PMD_MTX_POOL_OPS);
	snprintf(pn, sizeof(pn), "shtx_r0%u", pools++);
	st->rx0_pool = rte_pktmbuf_pool_create_by_ops(pn, 1023, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
						      SOCKET_ID_ANY, PMD_MTX_POOL_OPS);
	if (st->tx_pool == NULL || st->rx_pool == NULL || st->rx0_pool == NULL)
		return -ENOMEM;
	if (pmd_pair_open(&st->p, name, true) != 0)
		return -ENODEV;
	if (storm_setup_port0(st, port_wide, mixed) != 0 ||
	    rte_eth_dev_configure(st->p.port[1], 1, 1, &conf) != 0 ||
	    rte_eth_rx_queue_setup(st->p.port[1], 0, RX_DESC, SOCKET_ID_ANY, NULL,
				   st->rx_pool) != 0 ||
	    rte_eth_tx_queue_setup(st->p.port[1], 0, TX_DESC, SOCKET_ID_ANY, NULL) != 0)
		return -EIO;
	for (f = 0; f < 2; f++)
		if (rte_eth_dev_start(st->p.port[f]) != 0 ||
		    rte_eth_macaddr_get(st->p.port[f], &st->mac[f]) != 0)
			return -EIO;
	for (f = 0; f < 2; f++)
		if (!pmd_wait_link(st->p.port[f], true))
			return -ETIMEDOUT;
	return 0;
}

void
storm_close(struct storm *st)
{
	pmd_pair_close(&st->p);
	rte_mempool_free(st->tx_pool);
	rte_mempool_free(st->rx_pool);
	rte_mempool_free(st->rx0_pool);
}

void
frame_fill(const struct storm *st, struct rte_mbuf *m, uint32_t magic, uint16_t thread,
	   uint32_t seq, uint16_t len)
{
	struct frame *f;

	rte_pktmbuf_reset(m);
	f = (struct frame *)rte_pktmbuf_append(m, len);
	memset(f, 0, len);
	rte_ether_addr_copy(&st->mac[1], &f->eth.dst_addr);
	rte_ether_addr_copy(&st->mac[0], &f->eth.src_addr);
	f->eth.ether_type = rte_cpu_to_be_16(ETH_TYPE_TEST);
	f->magic = magic;
	f->thread = thread;
	f->seq = seq;
}

/* ---- a bounded receive, frames to send ---------------------------------------------- */

/* Receive on port 1 (bounded) until @n frames of the storm came; returns how many came. */
uint64_t
rx_count(struct storm *st, uint64_t n, unsigned int max_ms)
{
	struct rte_mbuf *rx[64];
	unsigned int ms;
	uint64_t got = 0;
	uint16_t k, i;

	for (ms = 0; ms <= max_ms && got < n; ) {
		k = rte_eth_rx_burst(st->p.port[1], 0, rx, RTE_DIM(rx));
		for (i = 0; i < k; i++) {
			if (rte_pktmbuf_mtod(rx[i], const struct frame *)->magic == STORM_MAGIC)
				got++;
			rte_pktmbuf_free(rx[i]);
		}
		if (k == 0) {
			usleep(1000);
			ms++;
		}
	}
	return got;
}

/* @n good frames from @seq on into @m (allocated here). */
void
frames_make(struct storm *st, struct rte_mbuf **m, unsigned int n, uint32_t seq)
{
	unsigned int i;

	assert_int_equal(rte_pktmbuf_alloc_bulk(st->tx_pool, m, n), 0);
	for (i = 0; i < n; i++)
		frame_fill(st, m[i], STORM_MAGIC, 0, seq + i, 64);
}
