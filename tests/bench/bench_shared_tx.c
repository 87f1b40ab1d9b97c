/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * qlxge-bench-shared-tx: the driver's shared TX queue (RTE_ETH_TX_OFFLOAD_MT_LOCKFREE, fed by
 * lib/mpring) against the alternatives an application has, on port 0 of a model adapter
 * (docs/guides/nics/qlxge.rst, "Shared TX queues"). T sender threads, registered with
 * rte_thread_register() (so each has an lcore id and a mempool cache), pinned round-robin to
 * two cores, each loop: take a burst of B 64-byte mbufs from the pool, rte_eth_tx_burst() them,
 * keep the unaccepted rest for the next call. Implementations of "send on queue 0":
 *   shared     the queue set up MT_LOCKFREE, no lock
 *   spinlock   the queue set up unshared, an rte_spinlock around rte_eth_tx_burst()
 *   unshared   (T = 1) the unshared queue, no lock: what a single sender pays
 *   per-lcore  (T = 2) one unshared queue per sender, no lock: what sharing costs
 *   noyield    (T = 2, 4, 8) the shared queue with stall_yield off: a caller the full work
 *              queue refuses asks again at once instead of yielding its CPU first; what the
 *              ring alone gives, apart from the CPU the yield leaves to the model's thread
 * Configurations: T = 2, B = 1, 8, 32 (shared, spinlock, per-lcore, noyield); T = 1, B = 1, 8, 32
 * (shared, unshared); T = 4, 8 oversubscribed on the two cores, B = 8 (shared, spinlock,
 * noyield); the cost of a
 * call, T = 1 paced, B = 1, 8, 32 (shared, unshared); then latency, T = 2 paced, B = 8 (shared,
 * spinlock). Each repeated R times, implementations interleaved, median
 * and min-max printed. The ratios of the RESULT line are paired: in each repetition the first
 * implementation's rate over the other's, the runs back to back (about 2 s), then the median
 * of those; the machine switches between two speeds every few seconds, and a ratio of medians
 * can set one implementation's fast-speed runs against another's slow-speed ones. The ratios
 * of the medians are printed too (the x column, and the RESULT keys ending in _of_medians).
 * The model's thread (it takes the work requests, as the card would) runs on the same two
 * cores and is part of the load: its placement is printed. With one sender it is kept off the
 * sender's core (bs_model_pin), so that a one-sender ratio compares the two paths rather than
 * where the scheduler put the model's thread.
 *
 * Latency, paced senders (a burst every BS_LAT_GAP_US each, below what the model takes, so
 * that a queue full of waiting frames is not what is measured), first frame of each call:
 * shared, from the first rte_eth_tx_burst() call that offered it to the TSC the driver writes
 * into it at its doorbell (RTE_PMD_QLXGE_DYNFIELD_TX_DOORBELL_TSC, read when the mbuf comes
 * back from the pool); spinlock, from before taking the lock in the first call that offered it
 * to the return of the call that took it, whose last step is the doorbell. Registering the
 * field makes the driver stamp every frame of a shared queue, so the latency runs come last.
 */

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_mbuf_dyn.h>
#include <rte_pause.h>
#include <rte_spinlock.h>

#include "rte_pmd_qlxge.h"

#define BS_MAX_T	8
#define BS_MAX_B	32
#define BS_MAX_REPS	15
#define BS_TX_DESC	1024
#define BS_FRAME	64
#define BS_NB_MBUFS	16383
#define BS_SAMPLES	(1u << 20)	/* latency samples per sender and run, at most */
#define BS_PORT		0
#define BS_PEER		1
#define BS_LAT_GAP_US	100	/* latency runs: a sender's bursts this far apart */

enum bs_impl { IMPL_SHARED, IMPL_SPINLOCK, IMPL_UNSHARED, IMPL_PER_LCORE, IMPL_NOYIELD,
	       IMPL_MAX };

#define BS_MAX_IMPL	4	/* implementations compared in one configuration */

/* What a run measures: the rate; latency (paced); the cost of a call (paced, one sender) */
enum bs_mode { MODE_RATE, MODE_LATENCY, MODE_COST };

static const char *const impl_name[IMPL_MAX] = { "shared", "spinlock", "unshared",
						 "per-lcore", "noyield" };

struct bs_sender {
	unsigned int id;
	unsigned int core;
	uint64_t accepted;
	uint64_t *lat;		/* cycles, first frame of a call */
	uint32_t nlat;
	pthread_t thread;
} __rte_cache_aligned;

static struct {
	enum bs_impl impl;
	unsigned int t, b;
	enum bs_mode mode;
	volatile int go, stop;
	rte_spinlock_t lock;
	struct bs_sender s[BS_MAX_T];
} run;

struct bs_result {
	double mpps;
	double db_per_pkt;
	double lat50_ns, lat99_ns;
	double hold_max_ns;
	double cpu;		/* CPU the senders got of what they could (min(T, 2) cores) */
};

static struct rte_mempool *pool;
static int cores[2] = { 0, 1 };
static unsigned int hold_us;
static uint32_t sole_calls;	/* 0: the driver's default */
static uint32_t sole_us;	/* 0: the driver's default */
static uint32_t lease;		/* 0: the driver's default (on); RTE_PMD_QLXGE_TXS_LEASE_OFF */
static struct rte_pmd_qlxge_tx_shared_conf sconf;	/* the options' shared-queue conf */
static int enq_off = -1, db_off = -1;	/* the latency runs' dynamic fields */
static uint64_t tsc_hz;
static int only_t = -1, only_b = -1;	/* --only T,B */
static int only_mode = -1;		/* --only T,B,MODE: enum bs_mode, -1 any */
static bool counters;			/* --counters: the shared queue's, after each run */

/* ---- the port ------------------------------------------------------------------------------ */

static bool
bs_shared(enum bs_impl impl)
{
	return impl == IMPL_SHARED || impl == IMPL_NOYIELD;
}

/* Port 0 with @nq TX queues for @impl, shared (MT_LOCKFREE, per queue) or not; started. */
static int
bs_port_setup(unsigned int nq, enum bs_impl impl)
{
	struct rte_pmd_qlxge_tx_shared_conf sc = sconf;
	bool shared = bs_shared(impl);
	static bool started;
	struct rte_eth_conf conf = { 0 };
	struct rte_eth_dev_info info;
	struct rte_eth_txconf txc;
	unsigned int q;
	int ret;

	if (started)
		rte_eth_dev_stop(BS_PORT);
	started = false;
	if (impl == IMPL_NOYIELD)
		sc.stall_yield = RTE_PMD_QLXGE_TXS_YIELD_OFF;
	ret = rte_pmd_qlxge_tx_shared_conf_set(BS_PORT, &sc);	/* for the queues set up here */
	if (ret == 0)
		ret = rte_eth_dev_info_get(BS_PORT, &info);
	if (ret == 0)
		ret = rte_eth_dev_configure(BS_PORT, 1, (uint16_t)nq, &conf);
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(BS_PORT, 0, 256, rte_socket_id(), NULL, pool);
	txc = info.default_txconf;
	txc.offloads = shared ? RTE_ETH_TX_OFFLOAD_MT_LOCKFREE : 0;
	for (q = 0; ret == 0 && q < nq; q++)
		ret = rte_eth_tx_queue_setup(BS_PORT, (uint16_t)q, BS_TX_DESC, rte_socket_id(),
					     &txc);
	if (ret == 0)
		ret = rte_eth_dev_start(BS_PORT);
	started = ret == 0;
	if (ret != 0)
		fprintf(stderr, "bench: port %u setup: %s\n", BS_PORT, rte_strerror(-ret));
	return ret;
}

/* Sum of tx_q<N>_doorbells over the port's queues (the same counter for both kinds). */
static uint64_t
bs_doorbells(unsigned int nq)
{
	char name[RTE_ETH_XSTATS_NAME_SIZE];
	uint64_t id, v, sum = 0;
	unsigned int q;

	for (q = 0; q < nq; q++) {
		snprintf(name, sizeof(name), "tx_q%u_doorbells", q);
		if (rte_eth_xstats_get_id_by_name(BS_PORT, name, &id) == 0 &&
		    rte_eth_xstats_get_by_id(BS_PORT, &id, &v, 1) == 1)
			sum += v;
	}
	return sum;
}

/* ---- the senders --------------------------------------------------------------------------- */

/* Latency of frames back from the pool: the doorbell TSC the driver wrote, minus ours. */
static void
bs_lat_collect(struct bs_sender *s, struct rte_mbuf **m, unsigned int n)
{
	uint64_t *enq, *db;
	unsigned int i;

	for (i = 0; i < n; i++) {
		enq = RTE_MBUF_DYNFIELD(m[i], enq_off, uint64_t *);
		db = RTE_MBUF_DYNFIELD(m[i], db_off, uint64_t *);
		if (*enq != 0 && *db >= *enq && s->nlat < BS_SAMPLES)
			s->lat[s->nlat++] = *db - *enq;
		*enq = 0;
		*db = 0;
	}
}

static void
bs_send_loop(struct bs_sender *s)
{
	uint16_t queue = run.impl == IMPL_PER_LCORE ? (uint16_t)s->id : 0;
	bool lock = run.impl == IMPL_SPINLOCK, lat = run.mode != MODE_RATE;
	bool stamp = run.mode == MODE_LATENCY && run.impl == IMPL_SHARED;
	bool cost = run.mode == MODE_COST;
	uint64_t gap = lat ? BS_LAT_GAP_US * tsc_hz / US_PER_S : 0, next = rte_rdtsc();
	uint64_t *enq, t0 = 0, first = 0, accepted = 0;
	struct rte_mbuf *m[BS_MAX_B];
	unsigned int have = 0, i, b = run.b;
	uint16_t k;

	while (!__atomic_load_n(&run.stop, __ATOMIC_RELAXED)) {
		if (have < b) {
			if (rte_pktmbuf_alloc_bulk(pool, &m[have], b - have) != 0) {
				rte_pause();	/* in flight: the queue gives them back */
				continue;
			}
			for (i = have; i < b; i++) {
				m[i]->data_len = BS_FRAME;
				m[i]->pkt_len = BS_FRAME;
			}
			if (stamp)
				bs_lat_collect(s, &m[have], b - have);
			have = b;
		}
		if (lat) {
			/* paced: a burst every BS_LAT_GAP_US, not to measure a full queue */
			while ((t0 = rte_rdtsc()) < next)
				rte_pause();
			next = RTE_MAX(next + gap, t0);
			/* the first call that offers the frame (refused, it is offered again) */
			enq = stamp ? RTE_MBUF_DYNFIELD(m[0], enq_off, uint64_t *) : &first;
			if (*enq == 0)
				*enq = t0;
		}
		if (lock) {
			rte_spinlock_lock(&run.lock);
			k = rte_eth_tx_burst(BS_PORT, queue, m, (uint16_t)have);
			rte_spinlock_unlock(&run.lock);
		} else {
			k = rte_eth_tx_burst(BS_PORT, queue, m, (uint16_t)have);
		}
		if (cost && k == have && s->nlat < BS_SAMPLES)
			s->lat[s->nlat++] = rte_rdtsc() - t0;
		else if (lat && !stamp && !cost && k != 0) {
			if (s->nlat < BS_SAMPLES)
				s->lat[s->nlat++] = rte_rdtsc() - first;
			first = 0;
		}
		accepted += k;
		if (k != 0 && k < have)
			memmove(m, &m[k], (have - k) * sizeof(m[0]));
		have -= k;
		/* relaxed: a count the main thread samples at the window's ends */
		__atomic_store_n(&s->accepted, accepted, __ATOMIC_RELAXED);
	}
	__atomic_store_n(&s->accepted, accepted, __ATOMIC_RELAXED);
	rte_pktmbuf_free_bulk(m, have);
}

static void *
bs_thread(void *arg)
{
	struct bs_sender *s = arg;
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(s->core, &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	if (rte_thread_register() != 0) {
		fprintf(stderr, "bench: rte_thread_register: %s\n", rte_strerror(rte_errno));
		return NULL;
	}
	while (!__atomic_load_n(&run.go, __ATOMIC_ACQUIRE))
		rte_pause();
	bs_send_loop(s);
	rte_thread_unregister();
	return NULL;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* CPU time the senders have used, seconds. */
static double
bs_cpu(unsigned int t)
{
	struct timespec ts;
	clockid_t cid;
	double sum = 0;
	unsigned int i;

	for (i = 0; i < t; i++)
		if (pthread_getcpuclockid(run.s[i].thread, &cid) == 0 &&
		    clock_gettime(cid, &ts) == 0)
			sum += (double)ts.tv_sec + ts.tv_nsec / 1e9;
	return sum;
}

static void bs_model_pin(unsigned int t);

/* One run: set the port up, send for @ms, count. */
static int
bs_run_one(enum bs_impl impl, unsigned int t, unsigned int b, unsigned int ms,
	   enum bs_mode mode, struct bs_result *r)
{
	unsigned int nq = impl == IMPL_PER_LCORE ? t : 1, i, n = 0;
	struct rte_pmd_qlxge_txq_shared_stats st;
	uint64_t db0, db1, c0 = 0, c1 = 0, t0, t1, *all;
	double cpu0, cpu1;
	int ret;

	memset(r, 0, sizeof(*r));
	ret = bs_port_setup(nq, impl);
	if (ret != 0)
		return ret;
	memset(run.s, 0, sizeof(run.s));
	run.impl = impl;
	run.t = t;
	run.b = b;
	run.mode = mode;
	run.go = 0;
	run.stop = 0;
	rte_spinlock_init(&run.lock);
	bs_model_pin(t);
	for (i = 0; i < t; i++) {
		run.s[i].id = i;
		run.s[i].core = (unsigned int)cores[i % 2];
		if (mode != MODE_RATE) {
			run.s[i].lat = malloc(BS_SAMPLES * sizeof(uint64_t));
			if (run.s[i].lat == NULL)
				return -ENOMEM;
		}
		if (pthread_create(&run.s[i].thread, NULL, bs_thread, &run.s[i]) != 0)
			return -EAGAIN;
	}
	__atomic_store_n(&run.go, 1, __ATOMIC_RELEASE);
	/* a warm-up (a tenth, 20 ms at least), then the window: what the senders had accepted at
	 * each end */
	usleep(RTE_MAX(ms * 100, 20000u));
	db0 = bs_doorbells(nq);
	cpu0 = bs_cpu(t);
	t0 = rte_rdtsc();
	for (i = 0; i < t; i++)
		c0 += __atomic_load_n(&run.s[i].accepted, __ATOMIC_RELAXED);
	usleep(ms * 1000);
	for (i = 0; i < t; i++)
		c1 += __atomic_load_n(&run.s[i].accepted, __ATOMIC_RELAXED);
	t1 = rte_rdtsc();
	cpu1 = bs_cpu(t);
	db1 = bs_doorbells(nq);
	__atomic_store_n(&run.stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < t; i++)
		pthread_join(run.s[i].thread, NULL);
	r->mpps = (double)(c1 - c0) / ((double)(t1 - t0) / tsc_hz) / 1e6;
	r->db_per_pkt = c1 > c0 ? (double)(db1 - db0) / (double)(c1 - c0) : 0;
	r->cpu = (cpu1 - cpu0) / ((double)(t1 - t0) / tsc_hz) / RTE_MIN(t, 2u);
	if (bs_shared(impl) && rte_pmd_qlxge_txq_shared_stats_get(BS_PORT, 0, &st) == 0) {
		r->hold_max_ns = (double)st.hold_max_ns;
		if (counters)	/* the whole run's, warm-up included */
			printf("  counters %s T=%u B=%u: enqueued %" PRIu64 " refused %" PRIu64
			       " direct %" PRIu64 " consumers %" PRIu64 " drains %" PRIu64
			       " doorbells %" PRIu64 " stalls %" PRIu64 " handovers %" PRIu64
			       " leases %" PRIu64 " yields %" PRIu64 "\n", impl_name[impl], t, b,
			       st.enqueued, st.refused, st.direct, st.consumers, st.drains,
			       st.doorbells, st.stalls, st.handovers, st.lease_grants, st.yields);
	}
	if (mode != MODE_RATE) {
		for (i = 0; i < t; i++)
			n += run.s[i].nlat;
		all = malloc((n + 1) * sizeof(uint64_t));
		if (all == NULL)
			return -ENOMEM;
		for (n = 0, i = 0; i < t; i++) {
			memcpy(&all[n], run.s[i].lat, run.s[i].nlat * sizeof(uint64_t));
			n += run.s[i].nlat;
			free(run.s[i].lat);
		}
		qsort(all, n, sizeof(all[0]), cmp_u64);
		if (n != 0) {
			r->lat50_ns = (double)all[n / 2] * 1e9 / tsc_hz;
			r->lat99_ns = (double)all[(uint64_t)n * 99 / 100] * 1e9 / tsc_hz;
		}
		free(all);
	}
	return 0;
}

/* ---- configurations, repetitions, report ------------------------------------------------- */

struct bs_cfg {
	const char *what;
	unsigned int t, b;
	enum bs_mode mode;
	enum bs_impl impl[BS_MAX_IMPL];
	unsigned int nimpl;
	struct bs_result res[BS_MAX_IMPL][BS_MAX_REPS];
	struct bs_result med[BS_MAX_IMPL];
	double lo[BS_MAX_IMPL], hi[BS_MAX_IMPL];
	/* median over the repetitions of impl 0's Mpps / impl k's */
	double paired[BS_MAX_IMPL];
	double noyield_paired;	/* ... of noyield's (impl 2 or 3) / spinlock's (impl 1), 0: none */
};

static int
cmp_mpps(const void *a, const void *b)
{
	double x = ((const struct bs_result *)a)->mpps, y = ((const struct bs_result *)b)->mpps;

	return x < y ? -1 : x > y;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Median of field @off of @n results. */
static double
bs_median(const struct bs_result *r, unsigned int n, size_t off)
{
	double v[BS_MAX_REPS];
	unsigned int i;

	for (i = 0; i < n; i++)
		v[i] = *(const double *)((const uint8_t *)&r[i] + off);
	qsort(v, n, sizeof(v[0]), cmp_double);
	return v[n / 2];
}

/* @a / @b; 0 when nothing went through @b (a run all disturbed) */
static double
ratio(double a, double b)
{
	return b > 0 ? a / b : 0;
}

/*
 * The median over the repetitions of implementation @a's rate over implementation @k's in the
 * same repetition (their runs back to back, so mostly at the same speed of the machine).
 * Called before the results are sorted.
 */
static double
bs_paired(const struct bs_cfg *c, unsigned int a, unsigned int k, unsigned int reps)
{
	double v[BS_MAX_REPS];
	unsigned int i;

	for (i = 0; i < reps; i++)
		v[i] = ratio(c->res[a][i].mpps, c->res[k][i].mpps);
	qsort(v, reps, sizeof(v[0]), cmp_double);
	return v[reps / 2];
}

/* A configuration comparing @nimpl implementations: @i0 (the reference) to the others. */
static struct bs_cfg *
bs_cfg_set(struct bs_cfg *c, const char *what, unsigned int t, unsigned int b, enum bs_mode mode,
	   unsigned int nimpl, enum bs_impl i0, enum bs_impl i1, enum bs_impl i2, enum bs_impl i3)
{
	memset(c, 0, sizeof(*c));
	c->what = what;
	c->t = t;
	c->b = b;
	c->mode = mode;
	c->nimpl = nimpl;
	c->impl[0] = i0;
	c->impl[1] = i1;
	c->impl[2] = i2;
	c->impl[3] = i3;
	return c;
}

static int
bs_cfg_run(struct bs_cfg *c, unsigned int reps, unsigned int ms)
{
	struct bs_result *r;
	unsigned int rep, k, impl;
	int ret;

	if (only_t >= 0 && ((unsigned int)only_t != c->t || (unsigned int)only_b != c->b ||
			    (only_mode >= 0 && (enum bs_mode)only_mode != c->mode)))
		return 0;
	for (rep = 0; rep < reps; rep++)
		for (k = 0; k < c->nimpl; k++) {
			/* rotate the order so no implementation always runs first */
			impl = (k + rep) % c->nimpl;
			ret = bs_run_one(c->impl[impl], c->t, c->b, ms, c->mode,
					 &c->res[impl][rep]);
			if (ret != 0)
				return ret;
		}
	for (k = 0; k < c->nimpl; k++) {
		c->paired[k] = bs_paired(c, 0, k, reps);
		if (c->impl[k] == IMPL_NOYIELD && c->impl[1] == IMPL_SPINLOCK)
			c->noyield_paired = bs_paired(c, k, 1, reps);
	}
	for (k = 0; k < c->nimpl; k++) {
		r = c->res[k];
		c->med[k].db_per_pkt = bs_median(r, reps, offsetof(struct bs_result, db_per_pkt));
		c->med[k].lat50_ns = bs_median(r, reps, offsetof(struct bs_result, lat50_ns));
		c->med[k].lat99_ns = bs_median(r, reps, offsetof(struct bs_result, lat99_ns));
		c->med[k].hold_max_ns = bs_median(r, reps,
						  offsetof(struct bs_result, hold_max_ns));
		c->med[k].cpu = bs_median(r, reps, offsetof(struct bs_result, cpu));
		qsort(r, reps, sizeof(r[0]), cmp_mpps);
		c->med[k].mpps = r[reps / 2].mpps;
		c->lo[k] = r[0].mpps;
		c->hi[k] = r[reps - 1].mpps;
		if (c->mode != MODE_RATE)
			printf("%-8s T=%u B=%-2u %-9s %7.3f Mpps [%6.3f-%6.3f]  p50 %6.0f ns "
			       "p99 %7.0f ns  cpu %.2f\n", c->what, c->t, c->b,
			       impl_name[c->impl[k]], c->med[k].mpps, c->lo[k], c->hi[k],
			       c->med[k].lat50_ns, c->med[k].lat99_ns, c->med[k].cpu);
		else
			printf("%-8s T=%u B=%-2u %-9s %7.3f Mpps [%6.3f-%6.3f]  %6.3f x  "
			       "%.4f db/pkt  cpu %.2f  paired %.3f\n", c->what, c->t, c->b,
			       impl_name[c->impl[k]], c->med[k].mpps, c->lo[k], c->hi[k],
			       ratio(c->med[k].mpps, c->med[0].mpps), c->med[k].db_per_pkt,
			       c->med[k].cpu, c->paired[k]);
	}
	fflush(stdout);
	return 0;
}

/* The model adapter's thread, found by bs_place_model(); 0: not found. */
static pid_t model_tid;

/*
 * Where the model's thread may run during a run of @t senders: with one sender (on cores[0]),
 * on the other core only, as a card would take the work requests without the sender's CPU;
 * left to itself, the scheduler sometimes puts it beside the sender, whose rate then halves
 * whichever implementation runs, and the one-sender ratios measure the scheduler. With two or
 * more senders both cores carry senders, and it may run on either (part of the load).
 */
static void
bs_model_pin(unsigned int t)
{
	cpu_set_t set;

	if (model_tid <= 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(cores[1], &set);
	if (t > 1)
		CPU_SET(cores[0], &set);
	sched_setaffinity(model_tid, sizeof(set), &set);
}

/* The model adapter's thread ("sim-<adapter>"): allowed on both cores; its CPU list. */
static void
bs_place_model(char *cpus, size_t len)
{
	char path[64], line[128];
	struct dirent *e;
	cpu_set_t set;
	DIR *d;
	FILE *f;

	snprintf(cpus, len, "not found");
	d = opendir("/proc/self/task");
	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		snprintf(path, sizeof(path), "/proc/self/task/%.20s/comm", e->d_name);
		f = fopen(path, "r");
		if (f == NULL)
			continue;
		if (fgets(line, sizeof(line), f) == NULL || strncmp(line, "sim-", 4) != 0) {
			fclose(f);
			continue;
		}
		fclose(f);
		CPU_ZERO(&set);
		CPU_SET(cores[0], &set);
		CPU_SET(cores[1], &set);
		model_tid = (pid_t)atoi(e->d_name);
		sched_setaffinity(model_tid, sizeof(set), &set);
		snprintf(path, sizeof(path), "/proc/self/task/%.20s/status", e->d_name);
		f = fopen(path, "r");
		while (f != NULL && fgets(line, sizeof(line), f) != NULL)
			if (strncmp(line, "Cpus_allowed_list:", 18) == 0) {
				line[strcspn(line, "\n")] = '\0';
				snprintf(cpus, len, "%s", line + 19 + strspn(line + 19, " \t"));
			}
		if (f != NULL)
			fclose(f);
		break;
	}
	closedir(d);
}

static double
geomean(const double *v, unsigned int n)
{
	double s = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (v[i] <= 0)
			return 0;
		s += log(v[i]);
	}
	return n != 0 ? exp(s / n) : 0;
}

/* --only T,B[,rate|cost|latency] */
static int
bs_only_parse(const char *arg)
{
	static const char *const modes[] = { "rate", "latency", "cost" };
	char mode[16] = "";
	unsigned int i;
	int n;

	n = sscanf(arg, "%d,%d,%15s", &only_t, &only_b, mode);
	if (n < 2 || only_t < 0 || only_b < 0)
		return -1;
	if (n == 2)
		return 0;
	for (i = 0; i < RTE_DIM(modes); i++)
		if (strcmp(mode, modes[i]) == 0)
			only_mode = (int)i;
	return only_mode >= 0 ? 0 : -1;
}

static void
usage(const char *prog)
{
	fprintf(stderr, "usage: %s [--smoke] [--ms N] [--repeat R] [--cores a,b] [--hold-us U]\n"
		"       [--sole-calls N|off] [--sole-us U] [--lease on|off]\n"
		"       [--stall-yield on|off] [--only T,B] [--counters]\n"
		"       [-- EAL args]\n"
		"  --smoke      30 ms per run, 1 repetition (CI: that it runs)\n"
		"  --ms N       milliseconds per run (default 1000), after a tenth (20 ms at\n"
		"               least) of warm-up\n"
		"  --repeat R   repetitions of each configuration, median, min-max (default 5)\n"
		"  --cores a,b  the two cores the senders are pinned to, in turn (default 0,1)\n"
		"  --hold-us U  shared queue: coalescing holds (rte_pmd_qlxge_tx_shared_conf_set)"
		"\n"
		"  --sole-calls N|off  shared queue: calls in a row after which (and --sole-us\n"
		"               later) a sender is answered as by an unshared queue (default:\n"
		"               the driver's, 64)\n"
		"  --sole-us U  shared queue: the time of that rule (default: the driver's, 200)\n"
		"  --lease on|off  shared queue: a sender alone keeps the queue between its\n"
		"               calls (no atomic read-modify-write per call; default on)\n"
		"  --stall-yield on|off  shared queue: a caller refused while the work queue\n"
		"               is full yields its CPU once (default on; the noyield rows\n"
		"               always run with it off)\n"
		"  --only T,B[,rate|cost|latency]  only the configurations of T threads, bursts\n"
		"               of B, of that kind if given (profiling, e.g. --only 1,1,cost\n"
		"               under callgrind: one sender's calls alone; the RESULT line is\n"
		"               then meaningless)\n"
		"  --counters   print the shared queue's counters after each of its runs\n"
		"               (rte_pmd_qlxge_txq_shared_stats_get, warm-up included)\n"
		"  EAL args     default: -l <a> --no-huge --no-shconf --no-pci -m 512 -d %s\n"
		"               --vdev net_qlxge_sim0,adapter=bshtx,function=0\n"
		"               --vdev net_qlxge_sim1,adapter=bshtx,function=1\n", prog,
		QLXGE_PLUGIN_DIR);
}

int
main(int argc, char **argv)
{
	static const unsigned int bursts[] = { 1, 8, 32 };
	static struct bs_cfg cfg[16];
	static struct option opts[] = {
		{ "smoke", no_argument, NULL, 's' }, { "ms", required_argument, NULL, 'm' },
		{ "repeat", required_argument, NULL, 'r' },
		{ "cores", required_argument, NULL, 'c' },
		{ "hold-us", required_argument, NULL, 'H' },
		{ "sole-calls", required_argument, NULL, 'S' },
		{ "sole-us", required_argument, NULL, 'U' },
		{ "lease", required_argument, NULL, 'L' },
		{ "stall-yield", required_argument, NULL, 'Y' },
		{ "only", required_argument, NULL, 'o' },
		{ "counters", no_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 },
	};
	const struct rte_mbuf_dynfield enq_desc = {
		.name = "qlxge_bench_shared_tx_enqueue_tsc", .size = sizeof(uint64_t),
		.align = __alignof__(uint64_t),
	};
	const struct rte_mbuf_dynfield db_desc = {
		.name = RTE_PMD_QLXGE_DYNFIELD_TX_DOORBELL_TSC, .size = sizeof(uint64_t),
		.align = __alignof__(uint64_t),
	};
	double sl[3], p1[3], pl[3], pc[3], slm[3], p1m[3], plm[3], ny[3], la[3] = { 0 };
	char sole[48];
	unsigned int ms = 1000, reps = 5, ncfg = 0, i, k, c2, c1, cpl, co4, ccost, clat;
	char eal_l[16], dir[] = "-d", model_cpus[64];
	char *eal_def[] = {
		argv[0], "-l", eal_l, "--no-huge", "--no-shconf", "--no-pci", "-m", "512",
		"--log-level=lib.eal:error", "--log-level=pmd.net.qlxge*:warning",
		dir, QLXGE_PLUGIN_DIR,
		"--vdev", "net_qlxge_sim0,adapter=bshtx,function=0",
		"--vdev", "net_qlxge_sim1,adapter=bshtx,function=1", NULL,
	};
	char **eal_argv = eal_def;
	int opt, eal_argc = (int)RTE_DIM(eal_def) - 1, ret;

	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 's': ms = 30; reps = 1; break;
		case 'm': ms = (unsigned int)atoi(optarg); break;
		case 'r': reps = (unsigned int)atoi(optarg); break;
		case 'H': hold_us = (unsigned int)atoi(optarg); break;
		case 'S':
			sole_calls = strcmp(optarg, "off") == 0 ? RTE_PMD_QLXGE_TXS_SOLE_OFF :
				     (uint32_t)atoi(optarg);
			break;
		case 'U': sole_us = (uint32_t)atoi(optarg); break;
		case 'C': counters = true; break;
		case 'L':
			if (strcmp(optarg, "on") != 0 && strcmp(optarg, "off") != 0) {
				usage(argv[0]);
				return 2;
			}
			lease = strcmp(optarg, "off") == 0 ? RTE_PMD_QLXGE_TXS_LEASE_OFF : 0;
			break;
		case 'Y':
			if (strcmp(optarg, "on") != 0 && strcmp(optarg, "off") != 0) {
				usage(argv[0]);
				return 2;
			}
			sconf.stall_yield = strcmp(optarg, "off") == 0 ?
					    RTE_PMD_QLXGE_TXS_YIELD_OFF : 0;
			break;
		case 'o':
			if (bs_only_parse(optarg) != 0) {
				usage(argv[0]);
				return 2;
			}
			break;
		case 'c':
			if (sscanf(optarg, "%d,%d", &cores[0], &cores[1]) != 2 || cores[0] < 0 ||
			    cores[1] < 0 || cores[0] >= CPU_SETSIZE || cores[1] >= CPU_SETSIZE) {
				usage(argv[0]);
				return 2;
			}
			break;
		default:
			usage(argv[0]);
			return opt == 'h' ? 0 : 2;
		}
	}
	if (reps < 1 || reps > BS_MAX_REPS || ms < 1 || ms > 60000) {
		usage(argv[0]);
		return 2;
	}
	if (optind < argc) {	/* after "--": the EAL's arguments instead of ours */
		eal_argv = &argv[optind - 1];
		eal_argv[0] = argv[0];
		eal_argc = argc - optind + 1;
	}
	snprintf(eal_l, sizeof(eal_l), "%d", cores[0]);
	ret = rte_eal_init(eal_argc, eal_argv);
	if (ret < 0) {
		fprintf(stderr, "bench: EAL init failed: %s\n", rte_strerror(rte_errno));
		return 1;
	}
	if (rte_eth_dev_count_avail() < 2) {
		fprintf(stderr, "bench: needs ports 0 and 1 of a model adapter\n");
		return 1;
	}
	tsc_hz = rte_get_tsc_hz();
	pool = rte_pktmbuf_pool_create("bshtx", BS_NB_MBUFS, 256, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
				       rte_socket_id());
	if (pool == NULL) {
		fprintf(stderr, "bench: no mbuf pool\n");
		return 1;
	}
	sconf.hold_us = hold_us;
	sconf.sole_calls = sole_calls;
	sconf.sole_us = sole_us;
	sconf.lease = lease;
	if (rte_pmd_qlxge_tx_shared_conf_set(BS_PORT, &sconf) != 0) {
		fprintf(stderr, "bench: port %u is not a qlxge port\n", BS_PORT);
		return 1;
	}
	/* the peer: cabled to port 0, started, not polled (frames end there as drops) */
	ret = rte_eth_dev_configure(BS_PEER, 1, 1, &(struct rte_eth_conf){ 0 });
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(BS_PEER, 0, 256, rte_socket_id(), NULL, pool);
	if (ret == 0)
		ret = rte_eth_tx_queue_setup(BS_PEER, 0, 256, rte_socket_id(), NULL);
	if (ret == 0)
		ret = rte_eth_dev_start(BS_PEER);
	if (ret != 0) {
		fprintf(stderr, "bench: port %u: %s\n", BS_PEER, rte_strerror(-ret));
		return 1;
	}
	bs_place_model(model_cpus, sizeof(model_cpus));
	getloadavg(la, 3);
	printf("qlxge-bench-shared-tx: port %u of a model adapter, TX queue of %u descriptors, "
	       "%u-byte frames\n", BS_PORT, BS_TX_DESC, BS_FRAME);
	printf("placement: senders are threads registered with rte_thread_register(), sender i "
	       "pinned\n  to cpu %d or %d (i even, odd: T=1 on %d; T=2, 4, 8 put 1, 2, 4 on "
	       "each); the model's thread\n  on cpus %s, its own choice (part of the load), "
	       "on cpu %d alone when T=1;\n  the main thread (cpu %d) sleeps\n", cores[0],
	       cores[1], cores[0], model_cpus, cores[1], cores[0]);
	if (sole_calls == RTE_PMD_QLXGE_TXS_SOLE_OFF)
		snprintf(sole, sizeof(sole), "never");
	else
		snprintf(sole, sizeof(sole), "after %u calls and %u us",
			 sole_calls != 0 ? sole_calls : 64, sole_us != 0 ? sole_us : 200);
	printf("%u ms per run after %u ms warm-up, median of %u [min-max]; shared queue holds "
	       "%s, a sender alone %s%s%s;\nload average %.2f %.2f %.2f\n", ms,
	       RTE_MAX(ms / 10, 20u), reps, hold_us != 0 ? "on" : "off", sole,
	       lease != 0 ? ", no lease" : "",
	       sconf.stall_yield != 0 ? ", no yield when refused" : "", la[0], la[1], la[2]);

	/* T = 2: shared vs spinlock vs one queue per sender vs shared without the yield */
	c2 = ncfg;
	for (i = 0; i < RTE_DIM(bursts); i++)
		bs_cfg_set(&cfg[ncfg++], "2 lcores", 2, bursts[i], MODE_RATE, 4, IMPL_SHARED,
			   IMPL_SPINLOCK, IMPL_PER_LCORE, IMPL_NOYIELD);
	c1 = ncfg;
	for (i = 0; i < RTE_DIM(bursts); i++)
		bs_cfg_set(&cfg[ncfg++], "1 lcore", 1, bursts[i], MODE_RATE, 2, IMPL_SHARED,
			   IMPL_UNSHARED, IMPL_MAX, IMPL_MAX);
	co4 = ncfg;
	bs_cfg_set(&cfg[ncfg++], "oversub", 4, 8, MODE_RATE, 3, IMPL_SHARED, IMPL_SPINLOCK,
		   IMPL_NOYIELD, IMPL_MAX);
	bs_cfg_set(&cfg[ncfg++], "oversub", 8, 8, MODE_RATE, 3, IMPL_SHARED, IMPL_SPINLOCK,
		   IMPL_NOYIELD, IMPL_MAX);
	/* the caller's cost of a call, one sender, paced: the queue idle, nothing saturated */
	ccost = ncfg;
	for (i = 0; i < RTE_DIM(bursts); i++)
		bs_cfg_set(&cfg[ncfg++], "cost", 1, bursts[i], MODE_COST, 2, IMPL_SHARED,
			   IMPL_UNSHARED, IMPL_MAX, IMPL_MAX);
	cpl = c2;
	for (k = 0; k < ncfg; k++) {
		if (bs_cfg_run(&cfg[k], reps, ms) != 0)
			return 1;
	}
	/* latency last: once registered, the driver stamps every frame of a shared queue */
	enq_off = rte_mbuf_dynfield_register(&enq_desc);
	db_off = rte_mbuf_dynfield_register(&db_desc);
	if (enq_off < 0 || db_off < 0) {
		fprintf(stderr, "bench: dynamic mbuf fields: %s\n", rte_strerror(rte_errno));
		return 1;
	}
	clat = ncfg;
	bs_cfg_set(&cfg[ncfg++], "latency", 2, 8, MODE_LATENCY, 2, IMPL_SHARED, IMPL_SPINLOCK,
		   IMPL_MAX, IMPL_MAX);
	if (bs_cfg_run(&cfg[clat], reps, ms) != 0)
		return 1;

	for (i = 0; i < RTE_DIM(bursts); i++) {
		sl[i] = cfg[c2 + i].paired[1];
		pl[i] = cfg[cpl + i].paired[2];
		ny[i] = cfg[c2 + i].noyield_paired;
		p1[i] = cfg[c1 + i].paired[1];
		slm[i] = ratio(cfg[c2 + i].med[0].mpps, cfg[c2 + i].med[1].mpps);
		plm[i] = ratio(cfg[cpl + i].med[0].mpps, cfg[cpl + i].med[2].mpps);
		p1m[i] = ratio(cfg[c1 + i].med[0].mpps, cfg[c1 + i].med[1].mpps);
		pc[i] = ratio(cfg[ccost + i].med[0].lat50_ns, cfg[ccost + i].med[1].lat50_ns);
	}
	getloadavg(la, 3);
	printf("legend: x = Mpps / the first row's of its configuration; db/pkt = work-queue "
	       "doorbells\n  per frame sent (tx_q<N>_doorbells); cpu = CPU time the senders got / "
	       "(window x min(T, 2)):\n  below 0.9, other load took the cores; latency (senders "
	       "paced, B frames every %u us each)\n  = first frame of a call, from the first "
	       "rte_eth_tx_burst() that offered it: shared, to its\n  doorbell (the driver's TSC "
	       "stamp); spinlock, to the return of the call that took it (whose\n  last step is "
	       "the doorbell); cost (paced alike, one sender) = the time a call that took its\n"
	       "  whole burst spent in rte_eth_tx_burst(), p50/p99 columns; noyield = the shared "
	       "queue\n  with stall_yield off (noyield_* keys: its paired ratio to the spinlock)\n",
	       BS_LAT_GAP_US);
	printf("cost of a call, 1 sender, paced (p50, shared / unshared, geomean B=1, 8, 32): "
	       "%.3f\n", geomean(pc, 3));
	printf("doorbells per frame, 2 lcores, B=8: shared %.4f (1/%.0f), spinlock %.4f\n"
	       "shared queue's longest hold %.0f ns (holds %s); load average at end %.2f %.2f "
	       "%.2f\n", cfg[c2 + 1].med[0].db_per_pkt,
	       cfg[c2 + 1].med[0].db_per_pkt > 0 ? 1 / cfg[c2 + 1].med[0].db_per_pkt : 0,
	       cfg[c2 + 1].med[1].db_per_pkt, cfg[clat].med[0].hold_max_ns,
	       hold_us != 0 ? "on" : "off", la[0], la[1], la[2]);
	printf("RESULT shared_vs_spinlock=%.3f doorbells_per_pkt_b8=%.4f "
	       "p1_shared_vs_unshared=%.3f shared_vs_per_lcore=%.3f oversub4_vs_spinlock=%.3f "
	       "p99_latency_vs_spinlock=%.3f shared_vs_spinlock_of_medians=%.3f "
	       "p1_shared_vs_unshared_of_medians=%.3f shared_vs_per_lcore_of_medians=%.3f "
	       "oversub4_vs_spinlock_of_medians=%.3f noyield_vs_spinlock=%.3f "
	       "noyield_oversub4_vs_spinlock=%.3f\n",
	       geomean(sl, 3), cfg[c2 + 1].med[0].db_per_pkt, geomean(p1, 3), geomean(pl, 3),
	       cfg[co4].paired[1], ratio(cfg[clat].med[0].lat99_ns, cfg[clat].med[1].lat99_ns),
	       geomean(slm, 3), geomean(p1m, 3), geomean(plm, 3),
	       ratio(cfg[co4].med[0].mpps, cfg[co4].med[1].mpps), geomean(ny, 3),
	       cfg[co4].noyield_paired);
	rte_eth_dev_stop(BS_PORT);
	rte_eth_dev_stop(BS_PEER);
	rte_eth_dev_close(BS_PORT);
	rte_eth_dev_close(BS_PEER);
	rte_eal_cleanup();
	return 0;
}
