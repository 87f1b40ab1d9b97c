/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * qlxge-bench-mpring: lib/mpring against a spinlock and against rte_ring + trylock, on a
 * workload modelling a TX queue (docs/mpring.md, "Benchmark").
 *
 * P producer threads, pinned round-robin to two cores (P = 1, 2: one per core; P = 4, 8:
 * oversubscribed, 2 or 4 per core, so a thread can be preempted anywhere), each loop: W cycles
 * of per-packet work per item, then submit a burst of B items to one shared queue. The queue's
 * drain writes a 16-byte descriptor per item into a 4096-entry array and pays D = 300 cycles
 * per drain call (the doorbell). Implementations, interleaved in the same run on the same
 * workload:
 *   mpring    lib/mpring (coalescing on: hold < 1024 items, at most 5 us)
 *   spinlock  rte_spinlock around a direct drain of the producer's own burst
 *   rtering   rte_ring MP enqueue, then a trylock consumer that dequeues and drains all
 *   mpring-nh lib/mpring with coalescing off (extra row, not in the RESULT line)
 * Comparisons with the better peer pair the runs of one repetition (bench_paired()).
 * Every run checks that each item was drained exactly once and in per-producer order.
 * Item latency: the first item of every burst carries its submit TSC (in a per-producer array);
 * the drain records enqueue -> drained (the TSC after its doorbell) in a histogram.
 * No EAL: plain pthreads pinned with pthread_setaffinity_np; rte_ring on aligned_alloc memory.
 */

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_pause.h>
#include <rte_ring.h>
#include <rte_spinlock.h>

#include "mpring.h"

#define BENCH_QUEUE		4096	/* descriptors; also the software ring size */
#define BENCH_DOORBELL		300	/* cycles per drain call (D) */
#define BENCH_MAX_P		8
#define BENCH_CORES		2	/* producers are pinned round-robin to these */
#define BENCH_MAX_B		32
#define BENCH_STAMPS		16384	/* submit TSC of a producer's last bursts (power of 2) */
#define BENCH_SEQ_BITS		40
#define BENCH_SEQ_MASK		((UINT64_C(1) << BENCH_SEQ_BITS) - 1)
#define BENCH_HIST_LIN		4096	/* 16-cycle buckets up to 65536 cycles */
#define BENCH_HIST		(BENCH_HIST_LIN + 48)
#define BENCH_MAX_REPS		15
#define BENCH_MIN_CPU		0.90	/* producer CPU share below which a run is repeated */
#define BENCH_RETRIES		8

enum bench_impl {
	IMPL_MPRING,
	IMPL_SPINLOCK,
	IMPL_RTERING,
	IMPL_MPRING_NOHOLD,
	IMPL_MAX,
};

static const char *const impl_name[IMPL_MAX] = { "mpring", "spinlock", "rtering", "mpring-nh" };

struct bench_desc {
	uint64_t addr;
	uint64_t meta;
};

/* The fake TX queue; only the drainer of the moment touches it. */
struct bench_txq {
	struct bench_desc *desc;
	uint32_t pidx;
	uint64_t drain_calls;
	uint64_t drained;
	uint64_t drained_by[BENCH_MAX_P];
	uint64_t next_seq[BENCH_MAX_P];
	uint64_t bad;
	uint32_t b;			/* burst size: items with seq % b == 1 carry a stamp */
	uint64_t *stamps[BENCH_MAX_P];	/* per producer: submit TSC by burst number */
	uint64_t lat_hist[BENCH_HIST];	/* enqueue -> drained, cycles, first item of a burst */
	uint64_t call_max;		/* the longest drain call, cycles */
	volatile uint64_t doorbell;
} __rte_cache_aligned;

struct bench_run;

struct bench_prod {
	struct bench_run *run;
	unsigned int id;
	int core;
	uint64_t submitted;
	double cpu_secs;	/* thread CPU time during the run */
	uint64_t hist[BENCH_HIST];
	void **deq;		/* rte_ring consumer buffer */
	pthread_t thread;
} __rte_cache_aligned;

struct bench_run {
	enum bench_impl impl;
	unsigned int p, b, w;
	struct bench_txq q;
	struct mpring *mr;
	struct rte_ring *rr;
	rte_spinlock_t lock __rte_cache_aligned;
	int start __rte_cache_aligned;
	int stop;
	struct bench_prod prod[BENCH_MAX_P];
};

struct bench_result {
	double mitems;		/* Mitems/s */
	double db_per_item;	/* doorbells (drain calls with items) per item */
	double items_per_drain;
	double share_lo, share_hi;	/* producers' lowest and highest share of items */
	double dshare_lo, dshare_hi;	/* ... of the draining work */
	uint64_t p50, p99;	/* cycles per submit */
	uint64_t lat50, lat99;	/* item latency, enqueue -> drained, cycles */
	uint64_t handovers, holds, sessions;
	double hold_max;	/* mpring: longest hold period / hold deadline (hold_cycles) */
	double hold_avg;	/* mpring: mean hold period / hold deadline */
	double hold_late;	/* mpring: longest time from a deadline to the sending call / it */
	double hold_sent;	/* mpring: longest hold period less that late time / deadline */
	double call_max;	/* the longest drain call / the hold deadline */
	double secs;		/* length of the run */
	double cpu;		/* CPU the producers got of what they could: < 0.9 = disturbed */
};

static __thread unsigned int bench_self;
static uint64_t tsc_hz;
/* mpring tunables of the run (defaults in main, options --budget-items etc.) */
static unsigned int opt_budget_items = 16384, opt_hold_items = 1024;
static double opt_budget_us = 50, opt_hold_us = 5;
static int opt_impl = -1;	/* --impl: run only this one (profiling) */
static bool opt_samples;	/* --samples: a line per run, not only the medians */
static int cores[BENCH_CORES] = { 0, 1 };

/* Busy for @cycles; returns the TSC at the end. */
static inline uint64_t
bench_spin(uint64_t cycles)
{
	uint64_t t0 = rte_rdtsc(), t;

	while ((t = rte_rdtsc()) - t0 < cycles)
		;
	return t;
}

/* The drain: one descriptor per item, order check, then one doorbell per call. Items that
 * carry a stamp are remembered in stamped[] until the doorbell. */
static inline void
bench_drain_items(struct bench_txq *q, void *const *items, uint32_t n, uint64_t *stamped,
		uint32_t *nst)
{
	uint32_t i, pidx = q->pidx;

	for (i = 0; i < n; i++) {
		uintptr_t v = (uintptr_t)items[i];
		unsigned int p = (unsigned int)(v >> BENCH_SEQ_BITS) - 1;
		uint64_t seq = v & BENCH_SEQ_MASK;

		if (unlikely(p >= BENCH_MAX_P || seq != q->next_seq[p] + 1)) {
			q->bad++;
		} else {
			q->next_seq[p] = seq;
			if ((seq - 1) % q->b == 0)
				stamped[(*nst)++] =
					q->stamps[p][((seq - 1) / q->b) & (BENCH_STAMPS - 1)];
		}
		q->desc[pidx].addr = v;
		q->desc[pidx].meta = ((uint64_t)n << 32) | i;
		pidx = (pidx + 1) & (BENCH_QUEUE - 1);
	}
	q->pidx = pidx;
}

static inline unsigned int bench_hist_bucket(uint64_t c);

/* The doorbell of a drain call that started at @t0. */
static inline void
bench_doorbell(struct bench_txq *q, uint32_t n, const uint64_t *stamped, uint32_t nst,
		uint64_t t0)
{
	uint64_t now = bench_spin(BENCH_DOORBELL);
	uint32_t i;

	q->call_max = RTE_MAX(q->call_max, now - t0);
	for (i = 0; i < nst; i++)
		q->lat_hist[bench_hist_bucket(now - stamped[i])]++;
	q->doorbell = q->pidx;
	q->drain_calls++;
	q->drained += n;
	q->drained_by[bench_self] += n;
}

static uint32_t
bench_mpring_drain(void *cookie, const struct mpring_batch *b, unsigned int flags,
		bool *holding)
{
	struct bench_txq *q = cookie;
	uint32_t n = b->len[0] + b->len[1], nst = 0;
	uint64_t stamped[BENCH_QUEUE], t0 = rte_rdtsc();

	(void)flags;
	(void)holding;
	if (n == 0)
		return 0;	/* flush call: nothing held, no doorbell */
	bench_drain_items(q, b->seg[0], b->len[0], stamped, &nst);
	if (b->len[1] != 0)
		bench_drain_items(q, b->seg[1], b->len[1], stamped, &nst);
	bench_doorbell(q, n, stamped, nst, t0);
	return n;
}

static inline void
bench_submit_mpring(struct bench_run *run, void **items, uint32_t n)
{
	while (n != 0) {
		uint32_t k = mpring_enqueue_burst(run->mr, items, n);

		items += k;
		n -= k;
		if (k == 0)
			rte_pause();
	}
}

static inline void
bench_submit_spinlock(struct bench_run *run, void **items, uint32_t n)
{
	uint64_t stamped[BENCH_MAX_B], t0;
	uint32_t nst = 0;

	rte_spinlock_lock(&run->lock);
	t0 = rte_rdtsc();
	bench_drain_items(&run->q, items, n, stamped, &nst);
	bench_doorbell(&run->q, n, stamped, nst, t0);
	rte_spinlock_unlock(&run->lock);
}

static inline void
bench_rtering_consume(struct bench_run *run, void **buf)
{
	uint64_t stamped[BENCH_QUEUE];
	uint32_t nst;
	unsigned int m;

	/* Take the lock if free, drain everything, and re-check after unlocking so that items
	 * enqueued while we held the lock are not left behind (the lost-wake-up canary). The
	 * re-check needs a full fence: the unlock is a plain store, and a load may pass it (even
	 * on x86), letting a producer's failed trylock and our empty check cross. */
	while (rte_spinlock_trylock(&run->lock)) {
		while ((m = rte_ring_sc_dequeue_burst(run->rr, buf, BENCH_QUEUE, NULL)) != 0) {
			uint64_t t0 = rte_rdtsc();

			nst = 0;
			bench_drain_items(&run->q, buf, m, stamped, &nst);
			bench_doorbell(&run->q, m, stamped, nst, t0);
		}
		rte_spinlock_unlock(&run->lock);
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		if (rte_ring_empty(run->rr))
			break;
	}
}

static inline void
bench_submit_rtering(struct bench_run *run, void **items, uint32_t n, void **buf)
{
	while (n != 0) {
		unsigned int k = rte_ring_mp_enqueue_burst(run->rr, items, n, NULL);

		items += k;
		n -= k;
		bench_rtering_consume(run, buf);
	}
}

static inline unsigned int
bench_hist_bucket(uint64_t c)
{
	if (c < BENCH_HIST_LIN * 16)
		return (unsigned int)(c / 16);
	return RTE_MIN(BENCH_HIST_LIN + (unsigned int)(63 - __builtin_clzll(c)) - 16,
			BENCH_HIST - 1u);
}

static uint64_t
bench_hist_value(unsigned int b)
{
	if (b < BENCH_HIST_LIN)
		return (uint64_t)b * 16 + 8;
	return UINT64_C(1) << (b - BENCH_HIST_LIN + 16);
}

/* p50 and p99 of a histogram (0 if empty). */
static void
bench_percentiles(const uint64_t *hist, uint64_t *p50, uint64_t *p99)
{
	uint64_t total = 0, acc = 0;
	unsigned int j;

	*p50 = *p99 = 0;
	for (j = 0; j < BENCH_HIST; j++)
		total += hist[j];
	if (total == 0)
		return;
	for (j = 0; j < BENCH_HIST; j++) {
		acc += hist[j];
		if (*p50 == 0 && acc * 2 >= total)
			*p50 = bench_hist_value(j);
		if (acc * 100 >= total * 99) {
			*p99 = bench_hist_value(j);
			break;
		}
	}
}

static double
bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double
bench_cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void *
bench_prod_main(void *arg)
{
	struct bench_prod *pr = arg;
	struct bench_run *run = pr->run;
	void *items[BENCH_MAX_B];
	uint64_t *stamps = run->q.stamps[pr->id];
	uint64_t seq = 0, t0, t1, work = (uint64_t)run->w * run->b;
	uint32_t i, b = run->b;
	double c0;
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(pr->core, &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	bench_self = pr->id;
	mpring_stats_slot_set((int)pr->id);
	while (!__atomic_load_n(&run->start, __ATOMIC_ACQUIRE))
		rte_pause();
	c0 = bench_cpu_now();
	while (!__atomic_load_n(&run->stop, __ATOMIC_RELAXED)) {
		if (work != 0)
			bench_spin(work);
		for (i = 0; i < b; i++)
			items[i] = (void *)(((uintptr_t)(pr->id + 1) << BENCH_SEQ_BITS) |
					(seq + 1 + i));
		t0 = rte_rdtsc();
		/* Plain store: the queue hands the item, and with it this stamp, to the drainer
		 * with release/acquire (lock or ring). */
		stamps[(seq / b) & (BENCH_STAMPS - 1)] = t0;
		switch (run->impl) {
		case IMPL_MPRING:
		case IMPL_MPRING_NOHOLD:
			bench_submit_mpring(run, items, b);
			break;
		case IMPL_SPINLOCK:
			bench_submit_spinlock(run, items, b);
			break;
		default:
			bench_submit_rtering(run, items, b, pr->deq);
			break;
		}
		t1 = rte_rdtsc();
		pr->hist[bench_hist_bucket(t1 - t0)]++;
		seq += b;
	}
	pr->submitted = seq;
	pr->cpu_secs = bench_cpu_now() - c0;
	return NULL;
}

static int
bench_run_one(enum bench_impl impl, unsigned int p, unsigned int b, unsigned int w,
		unsigned int ms, struct bench_result *res)
{
	struct bench_run *run = aligned_alloc(RTE_CACHE_LINE_SIZE,
			RTE_ALIGN_CEIL(sizeof(*run), RTE_CACHE_LINE_SIZE));
	struct mpring_conf conf;
	uint64_t hist[BENCH_HIST] = { 0 }, sub = 0;
	double t0, t1, cpu_sum;
	unsigned int i, j;
	int rc = 0;

	if (run == NULL)
		return -ENOMEM;
	memset(run, 0, sizeof(*run));
	run->impl = impl;
	run->p = p;
	run->b = b;
	run->w = w;
	run->q.desc = aligned_alloc(RTE_CACHE_LINE_SIZE, BENCH_QUEUE * sizeof(struct bench_desc));
	run->q.b = b;
	for (i = 0; i < p; i++) {
		run->q.stamps[i] = calloc(BENCH_STAMPS, sizeof(uint64_t));
		if (run->q.stamps[i] == NULL)
			return -ENOMEM;
	}
	rte_spinlock_init(&run->lock);
	if (impl == IMPL_MPRING || impl == IMPL_MPRING_NOHOLD) {
		mpring_conf_init(&conf);
		conf.size = BENCH_QUEUE;
		conf.drain = bench_mpring_drain;
		conf.cookie = &run->q;
		conf.budget_items = opt_budget_items;
		conf.budget_cycles = (uint64_t)(opt_budget_us * (double)tsc_hz / 1e6);
		if (impl == IMPL_MPRING) {
			conf.hold_items = opt_hold_items;
			conf.hold_cycles = (uint64_t)(opt_hold_us * (double)tsc_hz / 1e6);
		}
		run->mr = mpring_create(&conf);
		if (run->mr == NULL)
			return -errno;
	} else if (impl == IMPL_RTERING) {
		ssize_t sz = rte_ring_get_memsize(BENCH_QUEUE);

		run->rr = aligned_alloc(RTE_CACHE_LINE_SIZE, RTE_ALIGN_CEIL(sz, 64));
		if (run->rr == NULL || rte_ring_init(run->rr, "bench", BENCH_QUEUE, 0) != 0)
			return -ENOMEM;
	}
	for (i = 0; i < p; i++) {
		run->prod[i].run = run;
		run->prod[i].id = i;
		run->prod[i].core = cores[i % BENCH_CORES];
		run->prod[i].deq = malloc(sizeof(void *) * BENCH_QUEUE);
		if (pthread_create(&run->prod[i].thread, NULL, bench_prod_main, &run->prod[i]))
			return -errno;
	}
	usleep(2000);
	t0 = bench_now();
	__atomic_store_n(&run->start, 1, __ATOMIC_RELEASE);
	usleep(ms * 1000);
	__atomic_store_n(&run->stop, 1, __ATOMIC_RELEASE);
	t1 = bench_now();
	for (i = 0; i < p; i++)
		pthread_join(run->prod[i].thread, NULL);

	/* Drain what is left, then check exactly-once and order. */
	bench_self = 0;
	if (run->mr != NULL) {
		mpring_stats_slot_set(BENCH_MAX_P);
		if (mpring_quiesce(run->mr) != 0)
			rc = -EIO;
	} else if (run->rr != NULL) {
		bench_rtering_consume(run, run->prod[0].deq);
	}
	for (i = 0; i < p; i++) {
		sub += run->prod[i].submitted;
		if (run->q.next_seq[i] != run->prod[i].submitted)
			rc = -EIO;
		for (j = 0; j < BENCH_HIST; j++)
			hist[j] += run->prod[i].hist[j];
	}
	if (run->q.bad != 0 || run->q.drained != sub)
		rc = -EIO;
	if (rc != 0)
		fprintf(stderr, "%s P=%u B=%u W=%u: items lost, duplicated or reordered "
			"(bad %" PRIu64 ", drained %" PRIu64 ", submitted %" PRIu64 ")\n",
			impl_name[impl], p, b, w, run->q.bad, run->q.drained, sub);

	memset(res, 0, sizeof(*res));
	res->mitems = (double)sub / (t1 - t0) / 1e6;
	res->secs = t1 - t0;
	res->db_per_item = (double)run->q.drain_calls / (double)RTE_MAX(sub, 1u);
	res->items_per_drain = (double)run->q.drained / (double)RTE_MAX(run->q.drain_calls, 1u);
	res->call_max = (double)run->q.call_max / (opt_hold_us * (double)tsc_hz / 1e6);
	/* CPU: with one producer per core, the lowest share a producer got; oversubscribed,
	 * the producers' total over the cores they share. */
	res->cpu = 1.0;
	cpu_sum = 0;
	res->share_lo = res->dshare_lo = 1.0;
	for (i = 0; i < p; i++) {
		double sh = (double)run->prod[i].submitted / (double)RTE_MAX(sub, 1u);
		double dsh = (double)run->q.drained_by[i] / (double)RTE_MAX(run->q.drained, 1u);

		res->cpu = RTE_MIN(res->cpu, run->prod[i].cpu_secs / (t1 - t0));
		cpu_sum += run->prod[i].cpu_secs / (t1 - t0);
		res->share_lo = RTE_MIN(res->share_lo, sh);
		res->share_hi = RTE_MAX(res->share_hi, sh);
		res->dshare_lo = RTE_MIN(res->dshare_lo, dsh);
		res->dshare_hi = RTE_MAX(res->dshare_hi, dsh);
	}
	if (p > BENCH_CORES)
		res->cpu = cpu_sum / BENCH_CORES;
	bench_percentiles(hist, &res->p50, &res->p99);
	bench_percentiles(run->q.lat_hist, &res->lat50, &res->lat99);
	if (run->mr != NULL) {
		struct mpring_stats st;

		mpring_stats_get(run->mr, &st);
		res->handovers = st.handovers;
		res->holds = st.holds;
		if (impl == IMPL_MPRING && st.hold_periods != 0) {
			res->hold_max = (double)st.hold_time_max / (double)conf.hold_cycles;
			res->hold_avg = (double)st.hold_time / (double)st.hold_periods /
				(double)conf.hold_cycles;
			res->hold_late = (double)st.hold_late_max / (double)conf.hold_cycles;
			res->hold_sent = (double)st.hold_sent_max / (double)conf.hold_cycles;
		}
		for (i = 0; i < MPRING_ROUTE_MAX; i++)
			res->sessions += st.starts[i];
		mpring_free(run->mr);
	}
	for (i = 0; i < p; i++) {
		free(run->prod[i].deq);
		free(run->q.stamps[i]);
	}
	free(run->rr);
	free(run->q.desc);
	free(run);
	return rc;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * The median over the repetitions of @impl's throughput over the better peer's in the same
 * repetition. The machine switches between two speeds every few seconds, and a repetition
 * runs the implementations back to back (about 2 s at --ms 500): comparing within a
 * repetition compares runs on the same machine, where the ratio of the medians can compare
 * one implementation's fast-mode runs with another's slow-mode runs.
 */
static double
bench_paired(struct bench_result res[][BENCH_MAX_REPS], unsigned int impl, unsigned int reps)
{
	double r[BENCH_MAX_REPS];
	unsigned int i;

	for (i = 0; i < reps; i++)
		r[i] = res[impl][i].mitems / RTE_MAX(res[IMPL_SPINLOCK][i].mitems,
				res[IMPL_RTERING][i].mitems);
	qsort(r, reps, sizeof(r[0]), cmp_double);
	return r[reps / 2];
}

static int
cmp_result(const void *a, const void *b)
{
	double x = ((const struct bench_result *)a)->mitems;
	double y = ((const struct bench_result *)b)->mitems;

	return x < y ? -1 : x > y;
}

static uint64_t
bench_tsc_hz(void)
{
	double t0 = bench_now(), t1;
	uint64_t c0 = rte_rdtsc(), c1;

	usleep(100 * 1000);
	t1 = bench_now();
	c1 = rte_rdtsc();
	return (uint64_t)((double)(c1 - c0) / (t1 - t0));
}

static void
usage(const char *prog)
{
	fprintf(stderr, "usage: %s [--smoke] [--ms N] [--reps N] [--no-extra] [--cores a,b]\n"
		"  --smoke      20 ms per run, 1 repetition, no re-runs (CI)\n"
		"  --ms N       milliseconds per run (default 1000)\n"
		"  --reps N     repetitions, median reported (default 3)\n"
		"  --no-extra   skip the mpring-nh (coalescing off) row\n"
		"  --only P,B,W run one configuration\n"
		"  --producers LIST  producer counts, e.g. 1,2 or 4,8 (default 1,2,4,8)\n"
		"  --cores a,b  the two cores producers are pinned to, round-robin (default 0,1)\n"
		"  --budget-items N, --budget-us X   mpring consumer budget (default 16384, 50)\n"
		"  --hold-items N, --hold-us X       mpring coalescing (default 1024, 5)\n"
		"  --impl NAME  run only this implementation (profiling; ratios meaningless)\n"
		"  --samples    also print every run (SAMPLE lines), for distributions\n",
		prog);
}

/* Geometric-mean accumulator. */
struct bench_gm {
	double sum;
	unsigned int n;
};

static void
bench_gm_add(struct bench_gm *g, double ratio)
{
	g->sum += log(ratio);
	g->n++;
}

static double
bench_gm(const struct bench_gm *g)
{
	return g->n != 0 ? exp(g->sum / g->n) : 0.0;
}

int
main(int argc, char **argv)
{
	static const unsigned int ws[] = { 0, 100, 500 }, bs[] = { 8, 32 };
	static struct option opts[] = {
		{ "smoke", no_argument, NULL, 's' }, { "ms", required_argument, NULL, 'm' },
		{ "reps", required_argument, NULL, 'r' }, { "no-extra", no_argument, NULL, 'x' },
		{ "only", required_argument, NULL, 'o' }, { "cores", required_argument, NULL, 'c' },
		{ "producers", required_argument, NULL, 'P' },
		{ "budget-items", required_argument, NULL, 'B' },
		{ "budget-us", required_argument, NULL, 'U' },
		{ "hold-items", required_argument, NULL, 'H' },
		{ "hold-us", required_argument, NULL, 'T' },
		{ "impl", required_argument, NULL, 'I' },
		{ "samples", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 },
	};
	static struct bench_result res[IMPL_MAX][BENCH_MAX_REPS], med[IMPL_MAX];
	double paired[IMPL_MAX];
	unsigned int ps[4] = { 1, 2, 4, 8 }, nps = 4;
	unsigned int ms = 1000, reps = 3, nimpl = IMPL_MAX, wi, pi, bi, rep, k, ncfg = 0;
	int only_p = -1, only_b = -1, only_w = -1, opt, failed = 0;
	double la[3] = { 0 }, worst = 1e9, worst_nh = 1e9, e = 0, f = 0, worst4 = 1e9, dbmax = 0;
	double worst_med = 1e9;
	double dbhold = 0;
	double hmax = 0, hlate = 0, hsent = 0, dpeer = 0;
	struct bench_gm ga = { 0, 0 }, gb = { 0, 0 }, gd = { 0, 0 }, g4 = { 0, 0 },
		g8 = { 0, 0 };
	unsigned int t, disturbed = 0, retries = BENCH_RETRIES;
	char model[128] = "unknown";
	FILE *fp;

	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 's': ms = 20; reps = 1; retries = 0; break;
		case 'm': ms = (unsigned int)atoi(optarg); break;
		case 'r': reps = (unsigned int)atoi(optarg); break;
		case 'x': nimpl = IMPL_MPRING_NOHOLD; break;
		case 'S': opt_samples = true; break;
		case 'B': opt_budget_items = (unsigned int)atoi(optarg); break;
		case 'U': opt_budget_us = atof(optarg); break;
		case 'H': opt_hold_items = (unsigned int)atoi(optarg); break;
		case 'T': opt_hold_us = atof(optarg); break;
		case 'I':
			for (opt_impl = 0; opt_impl < IMPL_MAX; opt_impl++)
				if (strcmp(optarg, impl_name[opt_impl]) == 0)
					break;
			if (opt_impl == IMPL_MAX) {
				usage(argv[0]);
				return 2;
			}
			break;
		case 'o':
			if (sscanf(optarg, "%d,%d,%d", &only_p, &only_b, &only_w) != 3) {
				usage(argv[0]);
				return 2;
			}
			break;
		case 'P': {
			char *tok, *save = NULL;

			nps = 0;
			for (tok = strtok_r(optarg, ",", &save); tok != NULL && nps < RTE_DIM(ps);
					tok = strtok_r(NULL, ",", &save))
				ps[nps++] = (unsigned int)atoi(tok);
			for (k = 0; k < nps; k++)
				if (ps[k] < 1 || ps[k] > BENCH_MAX_P) {
					usage(argv[0]);
					return 2;
				}
			break;
		}
		case 'c':
			if (sscanf(optarg, "%d,%d", &cores[0], &cores[1]) != 2) {
				usage(argv[0]);
				return 2;
			}
			break;
		default:
			usage(argv[0]);
			return opt == 'h' ? 0 : 2;
		}
	}
	if (reps < 1 || reps > BENCH_MAX_REPS || ms < 1 || opt_budget_items == 0 || nps == 0) {
		usage(argv[0]);
		return 2;
	}
	tsc_hz = bench_tsc_hz();
	fp = fopen("/proc/cpuinfo", "r");
	if (fp != NULL) {
		char line[256];

		while (fgets(line, sizeof(line), fp) != NULL)
			if (strncmp(line, "model name", 10) == 0) {
				char *c = strchr(line, ':');

				c = c != NULL ? c + 2 : line;
				c[strcspn(c, "\n")] = '\0';
				snprintf(model, sizeof(model), "%.100s", c);
				break;
			}
		fclose(fp);
	}
	getloadavg(la, 3);
	printf("qlxge-bench-mpring: %s, %ld online cpus, TSC %.3f GHz, producers on cores %d,%d "
		"(round-robin; P > 2 is oversubscribed)\n",
		model, sysconf(_SC_NPROCESSORS_ONLN), (double)tsc_hz / 1e9, cores[0], cores[1]);
	printf("queue %u descriptors x 16 B, doorbell %u cycles/drain call, ring %u entries, "
		"%u ms per run, median of %u; load average %.2f %.2f %.2f\n",
		BENCH_QUEUE, BENCH_DOORBELL, BENCH_QUEUE, ms, reps, la[0], la[1], la[2]);
	printf("mpring: budget %u items / %.1f us, hold < %u items / %.1f us "
	       "(mpring-nh: no hold)\n",
		opt_budget_items, opt_budget_us, opt_hold_items, opt_hold_us);
	printf("%-2s %-2s %-3s %-9s %8s %6s %7s %6s %6s %9s %9s %5s %6s %6s %7s %7s %7s %6s "
		"%5s %6s %5s %6s %4s %5s\n", "P", "B", "W", "impl", "Mitems/s", "ratio", "db/item",
		"db/sl", "it/drn", "share", "drain", "sub50", "sub99", "lat50", "lat99",
		"handov/s", "holds/s", "it/ses", "havg", "hmax", "hsent", "dmax", "cpu", "peer");

	for (pi = 0; pi < nps; pi++)
	for (bi = 0; bi < RTE_DIM(bs); bi++)
	for (wi = 0; wi < RTE_DIM(ws); wi++) {
		unsigned int p = ps[pi], b = bs[bi], w = ws[wi];
		double best_peer, r_sl;

		if (only_p >= 0 && ((unsigned int)only_p != p || (unsigned int)only_b != b ||
				(unsigned int)only_w != w))
			continue;
		for (rep = 0; rep < reps; rep++)
			for (k = 0; k < nimpl; k++) {
				/* Rotate the order so no implementation always runs first. */
				unsigned int impl = (k + rep) % nimpl;

				if (opt_impl >= 0 && impl != (unsigned int)opt_impl &&
						impl != IMPL_SPINLOCK && impl != IMPL_RTERING)
					continue;
				if (opt_impl >= 0 && impl != (unsigned int)opt_impl) {
					res[impl][rep].mitems = 1;
					continue;
				}
				/* A run whose producers did not get their cores (other load
				 * on a shared machine) is repeated after a pause, up to
				 * BENCH_RETRIES times; the cpu column shows what was kept. */
				for (t = 0; t <= retries; t++) {
					if (bench_run_one(impl, p, b, w, ms, &res[impl][rep]) != 0)
						failed = 1;
					if (opt_samples) {
						const struct bench_result *x =
							&res[impl][rep];

						printf("SAMPLE %u %u %u %s rep %u try %u "
							"%.2f Mitems/s it/drn %.1f "
							"holds/s %.0f handov/s %.0f "
							"it/ses %.1f cpu %.2f\n", p, b, w,
							impl_name[impl], rep, t, x->mitems,
							x->items_per_drain,
							x->holds / x->secs,
							x->handovers / x->secs,
							x->sessions != 0 ? x->mitems * 1e6 *
							x->secs / (double)x->sessions : 0.0,
							x->cpu);
					}
					if (res[impl][rep].cpu >= BENCH_MIN_CPU || t == retries)
						break;
					disturbed++;
					usleep(200 * 1000);
				}
			}
		/* Before the sort below, which loses the repetitions' pairing. */
		for (k = 0; k < nimpl; k++)
			paired[k] = bench_paired(res, k, reps);
		for (k = 0; k < nimpl; k++) {
			qsort(res[k], reps, sizeof(res[k][0]), cmp_result);
			med[k] = res[k][reps / 2];
		}
		for (k = 0; k < nimpl; k++) {
			char share[32], dshare[32];

			snprintf(share, sizeof(share), "%.2f/%.2f", med[k].share_lo,
				med[k].share_hi);
			snprintf(dshare, sizeof(dshare), "%.2f/%.2f", med[k].dshare_lo,
				med[k].dshare_hi);
			printf("%-2u %-2u %-3u %-9s %8.2f %6.3f %7.4f %6.3f %6.1f %9s %9s %5" PRIu64
				" %6" PRIu64 " %6" PRIu64 " %7" PRIu64 " %7.0f %7.0f %6.1f %5.2f "
				"%6.1f %5.1f %6.1f %4.2f %5.3f\n",
				p, b, w, impl_name[k], med[k].mitems,
				med[k].mitems / med[IMPL_SPINLOCK].mitems,
				med[k].db_per_item,
				med[k].db_per_item / med[IMPL_SPINLOCK].db_per_item,
				med[k].items_per_drain, share, dshare,
				med[k].p50, med[k].p99, med[k].lat50, med[k].lat99,
				med[k].handovers / med[k].secs, med[k].holds / med[k].secs,
				med[k].sessions != 0 ? med[k].mitems * 1e6 * med[k].secs /
				(double)med[k].sessions : 0.0, med[k].hold_avg, med[k].hold_max,
				med[k].hold_sent, med[k].call_max, med[k].cpu, paired[k]);
		}
		fflush(stdout);
		best_peer = RTE_MAX(med[IMPL_SPINLOCK].mitems, med[IMPL_RTERING].mitems);
		r_sl = med[IMPL_MPRING].mitems / med[IMPL_SPINLOCK].mitems;
		if (p <= BENCH_CORES) {
			/* The main table: one producer per core. */
			bench_gm_add(&ga, r_sl);
			bench_gm_add(&gb, med[IMPL_MPRING].mitems / med[IMPL_RTERING].mitems);
			worst = RTE_MIN(worst, paired[IMPL_MPRING]);
			worst_med = RTE_MIN(worst_med, med[IMPL_MPRING].mitems / best_peer);
			if (nimpl > IMPL_MPRING_NOHOLD)
				worst_nh = RTE_MIN(worst_nh, paired[IMPL_MPRING_NOHOLD]);
			/* Coalescing rows: a producer's bursts come closer than the hold
			 * window (B * W cycles of work between them), so there is a stream to
			 * coalesce; wider gaps are isolated bursts, never held. */
			if ((double)b * w < opt_hold_us * (double)tsc_hz / 1e6)
				dbhold = RTE_MAX(dbhold, med[IMPL_MPRING].db_per_item /
						med[IMPL_SPINLOCK].db_per_item);
			dbmax = RTE_MAX(dbmax, med[IMPL_MPRING].db_per_item /
					med[IMPL_SPINLOCK].db_per_item);
			if (p == 1)
				bench_gm_add(&gd, r_sl);
			if (p == 2 && b == 32 && w == 0) {
				e = paired[IMPL_MPRING];
				f = med[IMPL_MPRING].db_per_item /
					med[IMPL_SPINLOCK].db_per_item;
			}
		} else if (p == 4) {
			bench_gm_add(&g4, r_sl);
			worst4 = RTE_MIN(worst4, r_sl);
		} else {
			bench_gm_add(&g8, r_sl);
		}
		hmax = RTE_MAX(hmax, med[IMPL_MPRING].hold_max);
		hlate = RTE_MAX(hlate, med[IMPL_MPRING].hold_late);
		hsent = RTE_MAX(hsent, med[IMPL_MPRING].hold_sent);
		for (k = 0; k < nimpl; k++)
			if (p <= BENCH_CORES && k != IMPL_MPRING)
				dpeer = RTE_MAX(dpeer, med[k].call_max);
		ncfg++;
	}
	getloadavg(la, 3);
	printf("ratio = Mitems/s / spinlock's; db/item = doorbells per item; db/sl = db/item / "
		"spinlock's; it/drn = items per drain call; share, drain = lowest/highest "
		"producer share of items and of draining work; sub50/sub99 = cycles per submit "
		"call; lat50/lat99 = item latency, enqueue -> drained, cycles; handov/s, holds/s "
		"= mpring hand-overs and holds per second; it/ses = items per mpring consumer "
		"session; havg, hmax = mpring's mean and longest hold period (first hold until "
		"all held items are sent) / the hold deadline; hsent = the longest hold period "
		"less its time from the deadline to the drain call that sent the items (the "
		"ring has no timer) / the deadline; dmax = the longest drain call / the hold "
		"deadline (every implementation: a drainer descheduled mid-call); cpu = lowest "
		"producer CPU share (P > 2: total over the 2 cores); peer = median over the "
		"repetitions of Mitems/s / the better peer's (spinlock, rtering) in the same "
		"repetition (the *_vs_best_peer keys of the RESULT line); "
		"%u disturbed runs repeated; load average at end %.2f %.2f %.2f\n",
		disturbed, la[0], la[1], la[2]);
	if (ncfg == 0)
		return 2;
	printf("RESULT geomean_vs_spinlock=%.3f geomean_vs_rtering=%.3f worst_vs_best_peer=%.3f "
		"p1_vs_spinlock=%.3f w0_p2_b32_vs_best_peer=%.3f "
		"w0_p2_b32_doorbells_vs_spinlock=%.3f max_doorbells_vs_spinlock=%.3f "
		"coalescing_rows_max_doorbells_vs_spinlock=%.3f hold_max_vs_deadline=%.2f "
		"p4_vs_spinlock=%.3f p4_worst_vs_spinlock=%.3f p8_vs_spinlock=%.3f "
		"hold_late_max_vs_deadline=%.2f hold_sent_max_vs_deadline=%.2f "
		"worst_nh_vs_best_peer=%.3f peers_drain_call_max_vs_deadline=%.2f "
		"worst_vs_best_peer_of_medians=%.3f\n",
		bench_gm(&ga), bench_gm(&gb), ga.n != 0 ? worst : 0.0, bench_gm(&gd), e, f, dbmax,
		dbhold, hmax, bench_gm(&g4), g4.n != 0 ? worst4 : 0.0, bench_gm(&g8), hlate, hsent,
		nimpl > IMPL_MPRING_NOHOLD && ga.n != 0 ? worst_nh : 0.0, dpeer,
		ga.n != 0 ? worst_med : 0.0);
	if (failed)
		fprintf(stderr, "FAILED: an implementation lost, duplicated or reordered items\n");
	return failed;
}
