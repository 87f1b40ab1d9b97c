/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <rte_bus.h>
#include <rte_dev.h>
#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_log.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_memzone.h>
#include <rte_ring.h>

#include "qlxge_contract.h"
#include "qlxge_test_eal.h"
#include "pmd_test.h"

#define PMD_POOL_SIZE	8191
#define PMD_WATCH_POOL_SIZE 2047
#define PMD_WAIT_US	10000000u
#define PMD_WAIT_STEP	1000u

static struct rte_mempool *pool;
static struct rte_mempool *watch_pool;
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
	/* no cache: every free reaches the watch at once */
	if (watch_pool == NULL)
		watch_pool = rte_pktmbuf_pool_create_by_ops("pmd_watch", PMD_WATCH_POOL_SIZE, 0, 0,
							    RTE_MBUF_DEFAULT_BUF_SIZE,
							    SOCKET_ID_ANY, "qlxge_watch");
	return pool != NULL && watch_pool != NULL ? 0 : -ENOMEM;
}

void
pmd_test_fini(void)
{
	rte_mempool_free(watch_pool);
	watch_pool = NULL;
	rte_mempool_free(pool);
	pool = NULL;
	qlxge_test_eal_fini();
}

int
pmd_setup_suite(void **state)
{
	(void)state;
	return pmd_test_init();
}

int
pmd_teardown_suite(void **state)
{
	(void)state;
	pmd_test_fini();
	return 0;
}

struct rte_mempool *
pmd_pool(void)
{
	return pool;
}

/* ---- the watch pool ---------------------------------------------------------------------- */

static struct {
	struct qlxge_sim_func *fn;
	uint64_t min_resets;	/* != 0: a function reset must have happened since arming */
	int cq;			/* >= 0: this CQ must read stopped (CQ_STOP.EN clear) */
	bool on;
	unsigned int seen, bad;
} watch;

bool
pmd_cq_stopped(struct qlxge_sim_func *fn, unsigned int cq)
{
	qlxge_sim_reg_write(fn, QLXGE_REG_CQ_STOP,
			    QLXGE_MWR_FIELD(QLXGE_CQ_STOP_CQ_MASK | QLXGE_CQ_STOP_TYPE_MASK,
					    cq | QLXGE_CQ_STOP_TYPE_READ));
	return (qlxge_sim_reg_read(fn, QLXGE_REG_CQ_STOP) & QLXGE_CQ_STOP_EN) == 0;
}

static void
watch_check(unsigned int n)
{
	struct qlxge_sim_counters c;

	if (!watch.on)
		return;
	watch.seen += n;
	if (watch.min_resets != 0 && qlxge_sim_counters_get(watch.fn, &c) == 0 &&
	    c.resets < watch.min_resets)
		watch.bad += n;
	if (watch.cq >= 0 && !pmd_cq_stopped(watch.fn, (unsigned int)watch.cq))
		watch.bad += n;
}

static int
watch_alloc(struct rte_mempool *mp)
{
	char name[RTE_RING_NAMESIZE];
	struct rte_ring *r;

	snprintf(name, sizeof(name), "w_%s", mp->name);
	r = rte_ring_create(name, rte_align32pow2(mp->size + 1), mp->socket_id, 0);
	if (r == NULL)
		return -rte_errno;
	mp->pool_data = r;
	return 0;
}

static void
watch_free(struct rte_mempool *mp)
{
	rte_ring_free(mp->pool_data);
}

static int
watch_enqueue(struct rte_mempool *mp, void *const *obj, unsigned int n)
{
	watch_check(n);
	return rte_ring_mp_enqueue_bulk(mp->pool_data, obj, n, NULL) == 0 ? -ENOBUFS : 0;
}

static int
watch_dequeue(struct rte_mempool *mp, void **obj, unsigned int n)
{
	return rte_ring_mc_dequeue_bulk(mp->pool_data, obj, n, NULL) == 0 ? -ENOBUFS : 0;
}

static unsigned int
watch_count(const struct rte_mempool *mp)
{
	return rte_ring_count(mp->pool_data);
}

static const struct rte_mempool_ops watch_ops = {
	.name = "qlxge_watch",
	.alloc = watch_alloc,
	.free = watch_free,
	.enqueue = watch_enqueue,
	.dequeue = watch_dequeue,
	.get_count = watch_count,
};

RTE_MEMPOOL_REGISTER_OPS(watch_ops);

struct rte_mempool *
pmd_watch_pool(void)
{
	return watch_pool;
}

void
pmd_watch_arm(struct qlxge_sim_func *fn, uint64_t min_resets, int cq)
{
	watch.fn = fn;
	watch.min_resets = min_resets;
	watch.cq = cq;
	watch.seen = 0;
	watch.bad = 0;
	watch.on = true;
}

void
pmd_watch_disarm(unsigned int *seen, unsigned int *bad)
{
	watch.on = false;
	*seen = watch.seen;
	*bad = watch.bad;
}

/* ---- frames through a port --------------------------------------------------------------- */

struct rte_mbuf *
pmd_mk_frame(struct rte_mempool *mp, uint16_t port, uint16_t len)
{
	struct rte_ether_addr mac;
	struct rte_mbuf *m, *seg;
	uint16_t n;
	uint8_t *d;

	rte_eth_macaddr_get(port, &mac);
	m = rte_pktmbuf_alloc(mp);
	assert_non_null(m);
	/* longer than one buffer: a chain */
	while (len != 0) {
		n = RTE_MIN(rte_pktmbuf_tailroom(rte_pktmbuf_lastseg(m)), len);
		d = (uint8_t *)rte_pktmbuf_append(m, n);
		assert_non_null(d);
		memset(d, 0x5a, n);
		len -= n;
		if (len != 0) {
			seg = rte_pktmbuf_alloc(mp);
			assert_non_null(seg);
			assert_int_equal(rte_pktmbuf_chain(m, seg), 0);
		}
	}
	d = rte_pktmbuf_mtod(m, uint8_t *);
	memcpy(d, mac.addr_bytes, RTE_ETHER_ADDR_LEN);
	d[12] = 0x08;
	d[13] = 0x00;
	return m;
}

unsigned int
pmd_loop_frames(uint16_t port, struct rte_mempool *mp, unsigned int n, uint16_t len)
{
	struct rte_mbuf *m, *rx[32];
	unsigned int got = 0, i, tries;
	uint16_t r, k;

	for (i = 0; i < n; i++) {
		m = pmd_mk_frame(mp, port, len);
		for (tries = 0; tries < 1000 && rte_eth_tx_burst(port, 0, &m, 1) == 0; tries++)
			usleep(100);
		if (tries == 1000)
			rte_pktmbuf_free(m);
		/* bounded wait for this frame (a starved queue never delivers it) */
		for (tries = 0; tries < 2000 && got <= i; tries++) {
			r = rte_eth_rx_burst(port, 0, rx, RTE_DIM(rx));
			for (k = 0; k < r; k++)
				rte_pktmbuf_free(rx[k]);
			got += r;
			if (got <= i)
				usleep(100);
		}
		if (got <= i)
			break;
	}
	return got;
}

void
pmd_drain(uint16_t port, uint16_t q)
{
	struct rte_mbuf *rx[32];
	unsigned int i;
	uint16_t r, k;

	for (i = 0; i < 20; i++) {
		r = rte_eth_rx_burst(port, q, rx, RTE_DIM(rx));
		for (k = 0; k < r; k++)
			rte_pktmbuf_free(rx[k]);
		usleep(200);
	}
}

/* ---- ports of the model ------------------------------------------------------------------ */

/*
 * QLXGE_SIM_TIMING=card runs every port on an adapter with card-like timing (timing=card):
 * the suites' second pass, in which the driver's waits and retries run.
 */
int
pmd_probe(const char *name, const char *args, uint16_t *port)
{
	const char *timing = getenv("QLXGE_SIM_TIMING");
	char buf[512];
	int ret;

	if (timing != NULL && timing[0] != '\0' && strncmp(name, "net_qlxge_sim", 13) == 0 &&
	    strstr(args, "timing=") == NULL) {
		snprintf(buf, sizeof(buf), "%s%stiming=%s", args, args[0] != '\0' ? "," : "",
			 timing);
		args = buf;
	}
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

unsigned int pmd_reset_events;

int
pmd_reset_cb(uint16_t port, enum rte_eth_event_type type, void *arg, void *ret)
{
	(void)port;
	(void)type;
	(void)arg;
	(void)ret;
	__atomic_fetch_add(&pmd_reset_events, 1, __ATOMIC_RELEASE);
	return 0;
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

uint64_t
pmd_xstat(uint16_t port, const char *name)
{
	uint64_t id, val;

	assert_int_equal(rte_eth_xstats_get_id_by_name(port, name, &id), 0);
	assert_int_equal(rte_eth_xstats_get_by_id(port, &id, &val, 1), 1);
	return val;
}
