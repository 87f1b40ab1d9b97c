/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, shared TX queues (RTE_ETH_TX_OFFLOAD_MT_LOCKFREE, qlxge_tx_shared.c), on the two
 * ports of one model adapter cabled back to back: port 0 sends on its queue 0, port 1 receives.
 *
 * The storm: 2 to 8 threads (half of them registered as EAL threads, half not) send frames
 * carrying (thread, sequence) into the one shared queue at once, with random bursts and random
 * pauses, while a receiver thread on port 1 checks that each thread's frames arrive in order,
 * none twice. Meanwhile the main thread stops and starts the queue, or the port, or resets and
 * reconfigures the port, and calls tx_done_cleanup. At the end, exactly: every frame a thread
 * had accepted was received, or counted by the model as dropped after the work queue, or
 * flushed by a stop (tx_q0_shared_flushed_on_stop), or dropped by the burst's checks
 * (tx_q0_bad_packets); a call made after a stop returned gets 0; every mbuf is back in its pool
 * and none came back twice. Timing is random from a seed printed at the start
 * (QLXGE_TEST_SEED=<n> replays its choices; the interleavings are the machine's).
 *
 * The pools are the test's own mempool driver (pmd_mtx_pool.c), which ThreadSanitizer can
 * follow and which catches an mbuf freed twice.
 *
 * Then single-thread cases: the capability and its reporting (ethdev, API, xstats, a mixed
 * port), a ring stalled on a full work queue that goes on only when someone calls (no timer),
 * held frames flushed by a burst of none, and frames the burst's checks refuse.
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

/* ---- randomness ------------------------------------------------------------------------ */

static uint64_t seed;

static uint64_t
rnd(uint64_t *s)
{
	/* splitmix64 */
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static unsigned int
rnd_below(uint64_t *s, unsigned int n)
{
	return (unsigned int)(rnd(s) % n);
}

/* A random pause of a producer or the control thread: none, spins, a yield, a short sleep. */
static void
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

/* Can the ring lease here (mpring.c registers the same command)? Else no lease is granted. */
static bool
membarrier_ok(void)
{
	long cmds = syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);

	return cmds > 0 && (cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED) != 0;
}

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

static struct rte_eth_conf
port_conf(uint64_t tx_offloads)
{
	struct rte_eth_conf conf = { 0 };

	conf.txmode.offloads = tx_offloads;
	return conf;
}

/* Port 0: RX queue 0, TX queue 0 shared (queue 1 unshared when @mixed); port 1 receives. */
static int
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

static int
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

static void
storm_close(struct storm *st)
{
	pmd_pair_close(&st->p);
	rte_mempool_free(st->tx_pool);
	rte_mempool_free(st->rx_pool);
	rte_mempool_free(st->rx0_pool);
}

static void
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

/* ---- the receiver -------------------------------------------------------------------------- */

static void
rx_fail(struct storm *st, const char *fmt, ...)
{
	va_list ap;

	if (st->rx_errors++ == 0) {
		va_start(ap, fmt);
		vsnprintf(st->rx_error, sizeof(st->rx_error), fmt, ap);
		va_end(ap);
	}
}

static void
rx_one(struct storm *st, const struct rte_mbuf *m)
{
	const struct frame *f = rte_pktmbuf_mtod(m, const struct frame *);

	if (m->pkt_len < sizeof(*f) || f->magic != STORM_MAGIC || f->thread >= st->nb_threads) {
		rx_fail(st, "a frame that was not sent (len %u)", m->pkt_len);
		return;
	}
	/* in order, none twice: gaps are frames flushed or dropped, counted at the end */
	if (f->seq < st->next[f->thread])
		rx_fail(st, "thread %u: frame %u after %u", f->thread, f->seq,
			st->next[f->thread] - 1);
	else
		st->next[f->thread] = f->seq + 1;
	st->rx_by[f->thread]++;
	__atomic_store_n(&st->received, st->received + 1, __ATOMIC_RELEASE);
}

static void *
rx_main(void *arg)
{
	struct storm *st = arg;
	struct rte_mbuf *rx[64];
	uint16_t n, i;

	while (!__atomic_load_n(&st->rx_stop, __ATOMIC_ACQUIRE)) {
		n = rte_eth_rx_burst(st->p.port[1], 0, rx, RTE_DIM(rx));
		for (i = 0; i < n; i++) {
			rx_one(st, rx[i]);
			rte_pktmbuf_free(rx[i]);
		}
		if (n == 0)
			sched_yield();
	}
	return NULL;
}

/* ---- the producers ------------------------------------------------------------------------- */

/* Park while the control thread reconfigures the port (a queue's setup frees it). */
static void
prod_park(struct storm *st)
{
	if (!__atomic_load_n(&st->pause, __ATOMIC_ACQUIRE))
		return;
	__atomic_fetch_add(&st->parked, 1, __ATOMIC_ACQ_REL);
	while (__atomic_load_n(&st->pause, __ATOMIC_ACQUIRE))
		usleep(100);
	__atomic_fetch_sub(&st->parked, 1, __ATOMIC_ACQ_REL);
}

static void *
prod_main(void *arg)
{
	struct producer *pr = arg;
	struct storm *st = pr->st;
	struct rte_mbuf *m[MAX_BURST];
	uint16_t port = st->p.port[0];
	unsigned int b, i, k, bad_at;
	uint32_t e0, e1;

	if (pr->eal) {
		if (rte_thread_register() == 0)
			pr->lcore = rte_lcore_id();
		else
			pr->eal = false;
	}
	/* relay: our turn; those before us may still be sending (they revoke our lease, or we
	 * theirs), or done (alone: the sole rule's 64 calls and 200 us, then a lease) */
	while (rte_rdtsc() - st->t0 < (uint64_t)pr->id * st->relay_ms * rte_get_tsc_hz() / 1000)
		usleep(1000);
	while (pr->next_seq < st->frames) {
		prod_park(st);
		b = 1 + rnd_below(&pr->rng, MAX_BURST);
		b = RTE_MIN(b, st->frames - pr->next_seq);
		if (rte_pktmbuf_alloc_bulk(st->tx_pool, m, b) != 0) {
			sched_yield();	/* the pool is in flight: the queue will give it back */
			continue;
		}
		/* one frame in 64 bursts is too long for the port: the burst drops it */
		bad_at = rnd_below(&pr->rng, 64) == 0 ? rnd_below(&pr->rng, b) : b;
		for (i = 0, k = 0; i < b; i++)
			if (i == bad_at)
				frame_fill(st, m[i], BAD_MAGIC, (uint16_t)pr->id, 0, 1600);
			else
				frame_fill(st, m[i], STORM_MAGIC, (uint16_t)pr->id,
					   pr->next_seq + k++, 64);
		/* acquire: pairs with the control thread's release after its stop returned; the
		 * same odd epoch before and after: the whole call ran while stopped */
		e0 = __atomic_load_n(&st->epoch, __ATOMIC_ACQUIRE);
		k = rte_eth_tx_burst(port, 0, m, (uint16_t)b);
		e1 = __atomic_load_n(&st->epoch, __ATOMIC_ACQUIRE);
		pr->calls++;
		if (e0 == e1 && (e0 & 1) != 0)
			pr->after_stop += k;
		/* accepted: a prefix; the rest is ours again */
		for (i = 0; i < k; i++) {
			if (i == bad_at)
				pr->bad++;
			else	/* relaxed: the control thread only looks whether we are done */
				__atomic_store_n(&pr->next_seq, pr->next_seq + 1,
						 __ATOMIC_RELAXED);
		}
		pr->accepted += k;
		if (k < b)
			rte_pktmbuf_free_bulk(&m[k], b - k);
		rnd_pause(&pr->rng);
		if (st->pace_us != 0)
			usleep(rnd_below(&pr->rng, 2 * st->pace_us));
	}
	if (pr->eal)
		rte_thread_unregister();
	/* release: pairs with storm_park's acquire */
	__atomic_fetch_add(&st->finished, 1, __ATOMIC_RELEASE);
	return NULL;
}

/* ---- the control thread ------------------------------------------------------------------ */

static bool
producers_done(struct storm *st)
{
	unsigned int i;

	for (i = 0; i < st->nb_threads; i++)
		if (__atomic_load_n(&st->prod[i].next_seq, __ATOMIC_RELAXED) < st->frames)
			return false;
	return true;
}

/*
 * The producers out of rte_eth_tx_burst() on the port, parked (or finished), for ethdev's
 * port-wide calls: DPDK 22.11's rte_eth_dev_stop() (and so reset) clears the port's fast-path
 * table with a string store before it writes its stubs into it, and a burst on another thread
 * in that instant reads a null function or queue array (the guide, "Stop, reset and close").
 * The driver's part with callers inside is the queue stop before it.
 */
static void
storm_park(struct storm *st)
{
	/* release: pairs with prod_park's acquire */
	__atomic_store_n(&st->pause, 1, __ATOMIC_RELEASE);
	while (__atomic_load_n(&st->parked, __ATOMIC_ACQUIRE) +
	       __atomic_load_n(&st->finished, __ATOMIC_ACQUIRE) < (int)st->nb_threads)
		usleep(100);
}

static void
storm_unpark(struct storm *st)
{
	__atomic_store_n(&st->pause, 0, __ATOMIC_RELEASE);
}

/* A stop returned (@on), or a start is about to be called. */
static void
storm_stopped(struct storm *st, bool on)
{
	RTE_SET_USED(on);
	/* release: pairs with the producers' acquire */
	__atomic_fetch_add(&st->epoch, 1, __ATOMIC_RELEASE);
}

static void
storm_control(struct storm *st, uint64_t *rng)
{
	uint16_t port = st->p.port[0];
	unsigned int rounds = 0;
	struct timespec ts;

	while (!producers_done(st)) {
		ts.tv_sec = 0;
		ts.tv_nsec = (long)(500 + rnd_below(rng, 4000)) * 1000;
		nanosleep(&ts, NULL);
		if (rnd_below(rng, 4) == 0)
			rte_eth_tx_done_cleanup(port, 0, 0);
		if (st->ctl == CTL_NONE || rounds >= 12)
			continue;
		rounds++;
		switch (st->ctl) {
		case CTL_QUEUE:
			assert_int_equal(rte_eth_dev_tx_queue_stop(port, 0), 0);
			storm_stopped(st, true);
			rnd_pause(rng);
			usleep(rnd_below(rng, 2000));
			storm_stopped(st, false);
			assert_int_equal(rte_eth_dev_tx_queue_start(port, 0), 0);
			break;
		case CTL_PORT:
			/* the queue's quiesce with the callers inside, then the port's stop and
			 * start with them parked (storm_park) */
			assert_int_equal(rte_eth_dev_tx_queue_stop(port, 0), 0);
			storm_stopped(st, true);
			usleep(rnd_below(rng, 1000));
			storm_park(st);
			assert_int_equal(rte_eth_dev_stop(port), 0);
			usleep(rnd_below(rng, 1000));
			storm_stopped(st, false);
			assert_int_equal(rte_eth_dev_start(port), 0);
			storm_unpark(st);
			break;
		case CTL_RESET:
			if (rounds > 4)
				break;
			/* as the port stop; the reconfiguration after the reset frees the queue */
			assert_int_equal(rte_eth_dev_tx_queue_stop(port, 0), 0);
			storm_stopped(st, true);
			usleep(rnd_below(rng, 1000));
			storm_park(st);
			assert_int_equal(rte_eth_dev_reset(port), 0);
			usleep(rnd_below(rng, 1000));
			assert_int_equal(storm_setup_port0(st, false, false), 0);
			storm_stopped(st, false);
			assert_int_equal(rte_eth_dev_start(port), 0);
			storm_unpark(st);
			break;
		default:
			break;
		}
	}
}

/* Frames the model lost after the work queue: IOCBs without a frame on the wire (port 0),
 * frames port 1 dropped. */
static uint64_t
model_drops(struct storm *st)
{
	struct qlxge_sim_counters c0, c1;

	assert_int_equal(qlxge_sim_counters_get(st->p.fn[0], &c0), 0);
	assert_int_equal(qlxge_sim_counters_get(st->p.fn[1], &c1), 0);
	return (c0.tx_iocbs - c0.tx_frames) + c1.rx_drops_filter + c1.rx_drops_nobuf +
	       c1.rx_drops_oversize + c1.rx_drops_fcs + c1.rx_drops_mac_disabled +
	       c1.rx_drops_cq_invalid;
}

struct tally {
	uint64_t accepted, bad;		/* by the callers: accepted, and of them too long */
	uint64_t received, drops;	/* by the receiver, by the model */
	uint64_t flushed, bad_packets, enqueued;	/* by the queue, across its setups */
};

static void
storm_tally(struct storm *st, uint64_t drops0, struct tally *t)
{
	struct rte_pmd_qlxge_txq_shared_stats s;
	unsigned int i;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < st->nb_threads; i++) {
		t->accepted += st->prod[i].accepted;
		t->bad += st->prod[i].bad;
	}
	t->received = __atomic_load_n(&st->received, __ATOMIC_ACQUIRE);
	t->drops = model_drops(st) - drops0;
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(st->p.port[0], 0, &s), 0);
	/* the queue's counters, its ring's too, outlive its setups (until a stats reset): a
	 * reset's reconfiguration loses none */
	t->flushed = s.flushed_on_stop;
	t->bad_packets = pmd_xstat(st->p.port[0], "tx_q0_bad_packets");
	t->enqueued = s.enqueued;
}

/* Wait (bounded) until every accepted frame is accounted for; tx_done_cleanup resumes a ring
 * stalled when the callers stopped. */
static void
storm_settle(struct storm *st, uint64_t drops0, struct tally *t)
{
	unsigned int ms;

	for (ms = 0; ms < SETTLE_MS; ms++) {
		rte_eth_tx_done_cleanup(st->p.port[0], 0, 0);
		storm_tally(st, drops0, t);
		if (t->received + t->drops + t->flushed + t->bad_packets >= t->accepted)
			break;
		usleep(1000);
	}
}

static void
storm_run(enum storm_ctl ctl, const char *name, uint32_t hold_us, unsigned int relay_ms)
{
	static const uint32_t budgets[] = { 0, 4, 16, 64 };
	static struct storm st;
	struct rte_eth_stats es;
	struct tally t;
	uint64_t rng = seed ^ (uint64_t)ctl * 0x100000001b3ull, drops0, after = 0;
	unsigned int i;

	memset(&st, 0, sizeof(st));
	st.ctl = ctl;
	st.conf.hold_us = hold_us;
	/* small budgets: consumers hand over to callers (TOO_BUSY, TAKING_OVER) */
	st.conf.budget_pkts = budgets[rnd_below(&rng, RTE_DIM(budgets))];
	st.conf.budget_us = rnd_below(&rng, 3);
	/* paced callers (about the model's rate): the work queue has room, consumers find more
	 * work after a drain call and hand over; unpaced: it is full, the ring stalls */
	st.pace_us = rnd_below(&rng, 2) == 0 ? 0 : 30 * (2 + rnd_below(&rng, 8));
	st.nb_threads = 2 + rnd_below(&rng, MAX_THREADS - 1);
	st.frames = STORM_FRAMES;
	st.relay_ms = relay_ms;
	if (relay_ms != 0)
		st.pace_us = 100;	/* a sender's frames last longer than its turn alone */
	assert_int_equal(storm_open(&st, name, rnd_below(&rng, 2) == 0, false), 0);
	printf("# storm %s: %u threads x %u frames, paced %u us, hold %u us, budget %u frames / %u "
	       "us, seed %" PRIu64 "\n", name, st.nb_threads, st.frames, st.pace_us, hold_us,
	       st.conf.budget_pkts, st.conf.budget_us, seed);
	drops0 = model_drops(&st);
	st.t0 = rte_rdtsc();
	assert_int_equal(pthread_create(&st.rx_t, NULL, rx_main, &st), 0);
	for (i = 0; i < st.nb_threads; i++) {
		st.prod[i].st = &st;
		st.prod[i].id = i;
		st.prod[i].eal = i % 2 == 0;
		st.prod[i].rng = rnd(&rng);
		assert_int_equal(pthread_create(&st.prod[i].t, NULL, prod_main, &st.prod[i]), 0);
	}
	storm_control(&st, &rng);
	for (i = 0; i < st.nb_threads; i++)
		pthread_join(st.prod[i].t, NULL);
	storm_settle(&st, drops0, &t);
	__atomic_store_n(&st.rx_stop, 1, __ATOMIC_RELEASE);
	pthread_join(st.rx_t, NULL);
	for (i = 0; i < st.nb_threads; i++)
		after += st.prod[i].after_stop;
	printf("# accepted %" PRIu64 " (bad %" PRIu64 "): received %" PRIu64 ", dropped by the "
	       "model %" PRIu64 ", flushed on stop %" PRIu64 ", dropped by the burst %" PRIu64
	       "\n", t.accepted, t.bad, t.received, t.drops, t.flushed, t.bad_packets);
	{
		struct rte_pmd_qlxge_txq_shared_stats ss;

		assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(st.p.port[0], 0, &ss), 0);
		printf("# queue: %" PRIu64 " consumers, %" PRIu64 " drains, %" PRIu64
		       " pkts/doorbell, %" PRIu64 " direct, %" PRIu64 " handovers, %" PRIu64
		       " stalls, %" PRIu64 " holds, %u lcores, %" PRIu64 " refused, %" PRIu64
		       " leases (%" PRIu64 " revoked)\n",
		       ss.consumers, ss.drains, ss.pkts_per_doorbell, ss.direct, ss.handovers,
		       ss.stalls, ss.holds, ss.lcores, ss.refused, ss.lease_grants,
		       ss.lease_revocations);
	}
	if (st.rx_errors != 0)
		fail_msg("receiver: %" PRIu64 " errors, first: %s", st.rx_errors, st.rx_error);
	/* a call after a stop returned gets nothing */
	assert_int_equal(after, 0);
	/* every accepted frame: received, or dropped by the model, flushed, or refused by the
	 * burst's checks; each exactly once */
	assert_int_equal(t.received + t.drops + t.flushed + t.bad_packets, t.accepted);
	assert_int_equal(t.enqueued, t.accepted);
	if (ctl == CTL_NONE) {
		/* nothing stopped: every good frame arrived, each thread's all in order */
		assert_int_equal(t.flushed, 0);
		assert_int_equal(t.bad_packets, t.bad);
		for (i = 0; i < st.nb_threads && t.drops == 0; i++)
			assert_int_equal(st.rx_by[i], st.prod[i].next_seq);
	}
	/* the port's counters: oerrors are the frames accepted and not sent */
	assert_int_equal(rte_eth_stats_get(st.p.port[0], &es), 0);
	assert_int_equal(es.oerrors, t.bad_packets + t.flushed);
	/* a last stop finds nothing to flush, and every mbuf comes back, once */
	assert_int_equal(rte_eth_dev_stop(st.p.port[0]), 0);
	assert_int_equal(rte_eth_dev_stop(st.p.port[1]), 0);
	storm_tally(&st, drops0, &t);
	assert_int_equal(t.received + t.drops + t.flushed + t.bad_packets, t.accepted);
	assert_int_equal(pmd_mtx_double_frees(st.tx_pool), 0);
	assert_int_equal(pmd_mtx_double_frees(st.rx_pool), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	storm_close(&st);
}

static void
test_shared_tx_storm(void **state)
{
	(void)state;
	storm_run(CTL_NONE, "shtx_storm", 0, 0);
}

static void
test_shared_tx_storm_holds(void **state)
{
	(void)state;
	/* coalescing on: frames held for the next caller, flushed by callers and stops */
	storm_run(CTL_QUEUE, "shtx_hold", 20, 0);
}

static void
test_shared_tx_storm_queue_stop(void **state)
{
	(void)state;
	storm_run(CTL_QUEUE, "shtx_qstop", 0, 0);
}

static void
test_shared_tx_storm_port_stop(void **state)
{
	(void)state;
	storm_run(CTL_PORT, "shtx_pstop", 0, 0);
}

static void
test_shared_tx_storm_reset(void **state)
{
	(void)state;
	storm_run(CTL_RESET, "shtx_reset", 0, 0);
}

/*
 * Senders in relay, each starting RELAY_MS after the one before: each is alone long enough
 * (64 calls and 200 us) to hold a lease, which the next one's frames, the control thread's
 * queue stops (quiesce) and tx_done_cleanup (trylock) end; every frame still goes exactly
 * once, in order per sender.
 */
static void
test_shared_tx_storm_lease(void **state)
{
	(void)state;
	storm_run(CTL_QUEUE, "shtx_lease", 0, RELAY_MS);
}

/* ---- single-thread cases ----------------------------------------------------------------- */

/* Receive on port 1 (bounded) until @n frames of the storm came; returns how many came. */
static uint64_t
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
static void
frames_make(struct storm *st, struct rte_mbuf **m, unsigned int n, uint32_t seq)
{
	unsigned int i;

	assert_int_equal(rte_pktmbuf_alloc_bulk(st->tx_pool, m, n), 0);
	for (i = 0; i < n; i++)
		frame_fill(st, m[i], STORM_MAGIC, 0, seq + i, 64);
}

static void
test_shared_tx_capability(void **state)
{
	static struct storm st;
	struct rte_pmd_qlxge_txq_shared_lcore_stats ls;
	struct rte_pmd_qlxge_tx_shared_conf conf = { 0 }, got;
	struct rte_pmd_qlxge_txq_shared_stats ss;
	struct rte_pmd_qlxge_txq_state ts;
	struct rte_eth_txconf txc = { 0 };
	struct rte_eth_dev_info info;
	struct rte_eth_txq_info qi;
	struct rte_mbuf *m[32];
	uint16_t port;
	unsigned int q;

	(void)state;
	memset(&st, 0, sizeof(st));
	assert_int_equal(storm_open(&st, "shtx_capa", false, true), 0);
	port = st.p.port[0];
	assert_int_equal(rte_eth_dev_info_get(port, &info), 0);
	assert_true((info.tx_offload_capa & RTE_ETH_TX_OFFLOAD_MT_LOCKFREE) != 0);
	assert_int_equal(info.tx_queue_offload_capa, RTE_ETH_TX_OFFLOAD_MT_LOCKFREE);
	/* queue 0 shared, queue 1 not: ethdev, the API, the xstats say so */
	for (q = 0; q < 2; q++) {
		assert_int_equal(rte_eth_tx_queue_info_get(port, q, &qi), 0);
		assert_int_equal((qi.conf.offloads & RTE_ETH_TX_OFFLOAD_MT_LOCKFREE) != 0, q == 0);
		assert_int_equal(rte_pmd_qlxge_txq_state_get(port, q, &ts), 0);
		assert_int_equal(ts.shared, q == 0);
	}
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 1, &ss), -ENOTSUP);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 2, &ss), -EINVAL);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, NULL), -EINVAL);
	assert_int_equal(rte_pmd_qlxge_txq_shared_lcore_stats_get(port, 0, RTE_MAX_LCORE + 1,
								   &ls), -EINVAL);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
	assert_int_equal(ss.ring_size, TX_DESC);
	assert_int_equal(ss.stopped, 0);
	assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_IDLE);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_enqueued"), 0);
	{
		uint64_t id;

		assert_int_equal(rte_eth_xstats_get_id_by_name(port, "tx_q0_shared_doorbells",
							       &id), 0);
		assert_true(rte_eth_xstats_get_id_by_name(port, "tx_q1_shared_doorbells",
							  &id) != 0);
	}
	/* frames through both queues: the port's burst is the unshared one, which hands queue
	 * 0 to the shared path */
	frames_make(&st, m, 32, 0);
	assert_int_equal(rte_eth_tx_burst(port, 0, m, 32), 32);
	frames_make(&st, m, 32, 32);
	assert_int_equal(rte_eth_tx_burst(port, 1, m, 32), 32);
	assert_int_equal(rx_count(&st, 64, 10000), 64);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
	assert_int_equal(ss.enqueued, 32);
	assert_int_equal(ss.direct, 32);	/* an idle ring: straight from our array */
	assert_int_equal(ss.frames, 32);
	assert_int_equal(ss.doorbells, 1);
	assert_int_equal(ss.pkts_per_doorbell, 32);
	assert_int_equal(ss.lcores, 1);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_enqueued"), 32);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_pkts_per_doorbell"), 32);
	assert_int_equal(rte_pmd_qlxge_txq_shared_lcore_stats_get(port, 0, rte_lcore_id(), &ls),
			 0);
	assert_int_equal(ls.enqueued, 32);
	assert_int_equal(ls.drained, 32);
	assert_int_equal(rte_pmd_qlxge_txq_shared_lcore_stats_get(port, 0, RTE_MAX_LCORE, &ls),
			 0);
	assert_int_equal(ls.enqueued, 0);
	/* a stats reset: the queue's counters start again (per lcore: since setup) */
	assert_int_equal(rte_eth_xstats_reset(port), 0);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_enqueued"), 0);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_doorbells"), 0);
	/* a stopped queue refuses, and says it is stopped */
	assert_int_equal(rte_eth_dev_tx_queue_stop(port, 0), 0);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
	assert_int_equal(ss.stopped, 1);
	frames_make(&st, m, 8, 64);
	assert_int_equal(rte_eth_tx_burst(port, 0, m, 8), 0);
	assert_int_equal(rte_eth_tx_done_cleanup(port, 0, 0), 0);
	assert_int_equal(rte_eth_dev_tx_queue_start(port, 0), 0);
	assert_int_equal(rte_eth_tx_burst(port, 0, m, 8), 8);
	assert_int_equal(rx_count(&st, 8, 10000), 8);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_refused"), 8);
	/* the configuration: bounds, and what was set comes back */
	conf.hold_us = 1001;
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_set(port, &conf), -EINVAL);
	conf.hold_us = 0;
	conf.budget_us = 10001;
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_set(port, &conf), -EINVAL);
	conf.budget_us = 0;
	conf.sole_us = 1000001;
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_set(port, &conf), -EINVAL);
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_set(port, NULL), -EINVAL);
	conf = (struct rte_pmd_qlxge_tx_shared_conf){ .hold_us = 5, .hold_pkts = 16,
						      .budget_pkts = 64, .budget_us = 20,
						      .sole_calls = RTE_PMD_QLXGE_TXS_SOLE_OFF,
						      .sole_us = 1000 };
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_set(port, &conf), 0);
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_get(port, &got), 0);
	assert_memory_equal(&conf, &got, sizeof(conf));
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_get(port, NULL), -EINVAL);
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_get(RTE_MAX_ETHPORTS, &got), -ENODEV);
	/* the queue set up again, shared (defaults): its counts run on, as the port's do, and
	 * every frame it sent still went through its ring */
	conf = (struct rte_pmd_qlxge_tx_shared_conf){ 0 };
	assert_int_equal(rte_pmd_qlxge_tx_shared_conf_set(port, &conf), 0);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	txc.offloads = RTE_ETH_TX_OFFLOAD_MT_LOCKFREE;
	assert_int_equal(rte_eth_tx_queue_setup(port, 0, TX_DESC, SOCKET_ID_ANY, &txc), 0);
	assert_int_equal(rte_eth_dev_start(port), 0);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_enqueued"), 8);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_refused"), 8);
	frames_make(&st, m, 8, 72);
	assert_int_equal(rte_eth_tx_burst(port, 0, m, 8), 8);
	assert_int_equal(rx_count(&st, 8, 10000), 8);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_enqueued"), 16);
	assert_int_equal(pmd_xstat(port, "tx_q0_packets"), 16);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
	assert_true(ss.enqueued == 16 && ss.frames == 16 && ss.doorbells == 2 &&
		    ss.pkts_per_doorbell == 8);
	/* and a stats reset starts them all again */
	assert_int_equal(rte_eth_stats_reset(port), 0);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_enqueued"), 0);
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_refused"), 0);
	assert_int_equal(pmd_xstat(port, "tx_q0_packets"), 0);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	storm_close(&st);
}

/*
 * A ring stalled on a full work queue goes on only when somebody calls: with the model
 * stopped, the work queue fills, then the ring; the model then completes everything, and the
 * frames in the ring stay there (no timer) until a tx_done_cleanup (round 0), or the next
 * burst, or a burst of none (round 1).
 */
static void
test_shared_tx_stall_resumes_on_call(void **state)
{
	static struct storm st;
	struct rte_pmd_qlxge_txq_shared_stats ss;
	struct rte_mbuf *m[32];
	uint64_t accepted = 0, queued, base;
	unsigned int round, k, i;
	uint16_t port;

	(void)state;
	memset(&st, 0, sizeof(st));
	assert_int_equal(storm_open(&st, "shtx_stall", false, false), 0);
	port = st.p.port[0];
	for (round = 0; round < 2; round++) {
		qlxge_sim_thread_stop(st.p.ad);
		base = accepted;
		/* fill the work queue and the ring (TX_DESC - 1); the work queue takes bursts
		 * of 32 until less than that is left (a batch that does not fit a nearly full
		 * queue waits for room for 32) */
		for (;;) {
			frames_make(&st, m, 32, (uint32_t)accepted);
			k = rte_eth_tx_burst(port, 0, m, 32);
			accepted += k;
			if (k < 32) {
				rte_pktmbuf_free_bulk(&m[k], 32 - k);
				break;
			}
		}
		assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
		assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_STALLED);
		assert_true(ss.stalls >= 1);
		queued = ss.ring_count;
		assert_int_equal(queued, TX_DESC - 1);
		/* the device completes all it was given; those frames arrive */
		for (i = 0; i < 1000 && qlxge_sim_poll(st.p.ad) != 0; i++)
			;
		assert_true(accepted - base - queued >= TX_DESC - SHTX_POST_MIN);
		assert_true(accepted - base - queued <= TX_DESC - 1);
		assert_int_equal(rx_count(&st, accepted - base - queued, 1000),
				 accepted - base - queued);
		/* nobody calls: nothing moves (no timer) */
		usleep(20000);
		for (i = 0; i < 100; i++)
			qlxge_sim_poll(st.p.ad);
		assert_int_equal(rx_count(&st, 1, 20), 0);
		assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
		assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_STALLED);
		assert_int_equal(ss.ring_count, queued);
		/* a call: tx_done_cleanup (round 0), or the next burst (round 1) */
		if (round == 0) {
			rte_eth_tx_done_cleanup(port, 0, 0);
		} else {
			/* the ring goes to the device, and the burst's frame waits in the ring
			 * for the room the device has not made yet; a burst of none sends it */
			frames_make(&st, m, 1, (uint32_t)accepted);
			assert_int_equal(rte_eth_tx_burst(port, 0, m, 1), 1);
			accepted++;
			assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
			assert_int_equal(ss.ring_count, 1);
			assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_STALLED);
			for (i = 0; i < 1000 && qlxge_sim_poll(st.p.ad) != 0; i++)
				;
			assert_int_equal(rx_count(&st, queued, 1000), queued);
			queued = 1;
			assert_int_equal(rte_eth_tx_burst(port, 0, NULL, 0), 0);
		}
		assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
		assert_int_equal(ss.ring_count, 0);
		assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_IDLE);
		for (i = 0; i < 1000 && qlxge_sim_poll(st.p.ad) != 0; i++)
			;
		assert_int_equal(rx_count(&st, queued, 1000), queued);
		assert_int_equal(qlxge_sim_thread_start(st.p.ad), 0);
		/* free what completed, for the next round */
		rte_eth_tx_done_cleanup(port, 0, 0);
	}
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_flushed_on_stop"), 0);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	storm_close(&st);
}

/*
 * One sender alone on the queue (64 calls in a row and more, and 200 us since) is served from
 * its array, as by an unshared queue, while the work queue has room; with the device stopped
 * the work queue fills, and what it cannot take then waits in the ring as any caller's frames
 * would, until the ring is full too; the rest is the caller's (refused, not lost). With
 * sole_calls off (@off) the ring's path serves every call. With the lease on (@lease, the
 * default), the sender keeps the queue between its calls from its first call as alone, and
 * a full work queue refuses it what it cannot take, as an unshared queue would: the ring
 * stays empty and the lease held, until the tx_done_cleanup at the end.
 */
static void
sole_sender(bool off, bool lease)
{
	static struct storm st;
	struct rte_pmd_qlxge_txq_shared_stats ss;
	uint64_t accepted = 0, wq, t0;
	bool held = !off && lease && membarrier_ok();
	struct rte_mbuf *m[8];
	unsigned int i, k;
	uint16_t port;

	memset(&st, 0, sizeof(st));
	st.conf.sole_calls = off ? RTE_PMD_QLXGE_TXS_SOLE_OFF : 0;
	st.conf.lease = lease ? 0 : RTE_PMD_QLXGE_TXS_LEASE_OFF;
	assert_int_equal(storm_open(&st, off ? "shtx_nosole" :
				    lease ? "shtx_sole" : "shtx_nolease", false, false), 0);
	port = st.p.port[0];
	qlxge_sim_thread_stop(st.p.ad);
	/* 80 calls of one frame: the streak (64) is reached with room to spare; then the time,
	 * on the TSC as the driver reads it (not rte_delay_ms(): the model's delay callback
	 * would run the device meanwhile) */
	for (i = 0; i < 80; i++) {
		frames_make(&st, m, 1, (uint32_t)accepted);
		assert_int_equal(rte_eth_tx_burst(port, 0, m, 1), 1);
		accepted++;
	}
	t0 = rte_rdtsc();
	while (rte_rdtsc() - t0 <= (SHTX_SOLE_MS + 1) * rte_get_tsc_hz() / 1000)
		usleep(1000);
	/* then bursts of 8 until the queue refuses some */
	do {
		frames_make(&st, m, 8, (uint32_t)accepted);
		k = rte_eth_tx_burst(port, 0, m, 8);
		accepted += k;
		if (k < 8)
			rte_pktmbuf_free_bulk(&m[k], 8 - k);
	} while (k == 8);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
	wq = ss.frames;
	if (held) {
		/* the lease holder's call refused what the full work queue could not take,
		 * as an unshared queue does, and kept the lease; its last doorbell may wait
		 * for the next call (fewer than 32 frames, the device with more to do) */
		assert_int_equal(accepted, TX_DESC - 1);
		assert_int_equal(wq, accepted);	/* in the work queue, the last maybe unrung */
		assert_int_equal(ss.ring_count, 0);
		assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_IDLE); /* leased */
		assert_true(ss.direct >= accepted - 64);
		assert_int_equal(ss.lease_grants, 1);
		assert_int_equal(ss.lease_revocations, 0);
		wq = accepted;
		goto send;
	}
	assert_true(wq >= TX_DESC - SHTX_POST_MIN && wq <= TX_DESC - 1);
	/* the ring full behind the work queue, alone or not */
	assert_int_equal(ss.ring_count, TX_DESC - 1);
	assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_STALLED);
	assert_int_equal(wq + ss.ring_count, accepted);
	if (!off) {
		/* from its array until the work queue was full */
		assert_true(ss.direct >= wq - 64);
		/* one lease, from the first call as alone to the first the queue could not take */
		assert_int_equal(ss.lease_grants, lease && membarrier_ok() ? 1 : 0);
		assert_int_equal(ss.lease_revocations, ss.lease_grants);
	}
send:
	/* the device sends them all, exactly once (the ring's, or the lease holder's unrung
	 * last ones, after a call: an empty burst) */
	for (i = 0; i < 1000 && qlxge_sim_poll(st.p.ad) != 0; i++)
		;
	rte_eth_tx_burst(port, 0, NULL, 0);
	for (i = 0; i < 1000 && qlxge_sim_poll(st.p.ad) != 0; i++)
		;
	assert_int_equal(rx_count(&st, accepted, 1000), accepted);
	assert_int_equal(qlxge_sim_thread_start(st.p.ad), 0);
	rte_eth_tx_done_cleanup(port, 0, 0);
	/* no lease is left after the cleanup (the ring's path had ended it, or the cleanup) */
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_lease_revocations"),
			 pmd_xstat(port, "tx_q0_shared_lease_grants"));
	assert_int_equal(rte_eth_dev_stop(port), 0);
	assert_int_equal(pmd_mtx_double_frees(st.tx_pool), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	storm_close(&st);
}

static void
test_shared_tx_sole_sender_served_from_its_array(void **state)
{
	(void)state;
	sole_sender(false, true);
	sole_sender(false, false);
	sole_sender(true, true);
}

/*
 * A lease holder's doorbell waits while the device has 32 frames or more it was rung for and
 * has not read, and fewer than 32 wait for the doorbell; the queue's next call rings for them.
 * With the device stopped, bursts of 8: the first four are rung one by one (the device has
 * less than 32 to do), the next three wait, unsent however long nobody calls. Then, by round:
 * a burst of none, a tx_done_cleanup, a queue stop (which sends them), the next burst (the
 * fourth waiting one: 32 frames, rung). Every frame arrives once; nothing is flushed.
 */
static void
test_shared_tx_lease_doorbell_waits_for_next_call(void **state)
{
	static struct storm st;
	struct rte_pmd_qlxge_txq_shared_stats ss;
	uint64_t accepted = 0, db, got;
	unsigned int round, i, k;
	struct rte_mbuf *m[8];
	uint16_t port;

	(void)state;
	if (!membarrier_ok())
		skip();	/* no lease without membarrier() */
	memset(&st, 0, sizeof(st));
	assert_int_equal(storm_open(&st, "shtx_dbwait", false, false), 0);
	port = st.p.port[0];
	for (round = 0; round < 4; round++) {
		/* the lease: a streak of calls, the rule's time, one more call; all received */
		for (i = 0; i < 81; i++) {
			if (i == 80)
				usleep((SHTX_SOLE_MS + 1) * 1000);
			frames_make(&st, m, 1, (uint32_t)accepted);
			assert_int_equal(rte_eth_tx_burst(port, 0, m, 1), 1);
			accepted++;
		}
		assert_int_equal(rx_count(&st, 81, SETTLE_MS), 81);
		assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
		assert_int_equal(ss.lease_grants, ss.lease_revocations + 1);
		qlxge_sim_thread_stop(st.p.ad);
		db = pmd_xstat(port, "tx_q0_doorbells");
		for (i = 0; i < 7; i++) {
			frames_make(&st, m, 8, (uint32_t)accepted);
			assert_int_equal(rte_eth_tx_burst(port, 0, m, 8), 8);
			accepted += 8;
			assert_int_equal(pmd_xstat(port, "tx_q0_doorbells"),
					 db + RTE_MIN(i + 1, 4u));
		}
		assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
		assert_int_equal(ss.lease_grants, ss.lease_revocations + 1);	/* still held */
		/* every frame in the work queue (tx_q0_packets), 24 of them not rung yet */
		assert_int_equal(ss.frames, accepted);
		/* the device sends what it was rung for; the rest waits (no timer) */
		for (k = 0; k < 1000 && qlxge_sim_poll(st.p.ad) != 0; k++)
			;
		assert_int_equal(rx_count(&st, 32, 1000), 32);
		usleep(20000);
		for (k = 0; k < 100; k++)
			qlxge_sim_poll(st.p.ad);
		assert_int_equal(rx_count(&st, 1, 20), 0);
		assert_int_equal(pmd_xstat(port, "tx_q0_doorbells"), db + 4);
		got = 24;
		switch (round) {
		case 0:
			assert_int_equal(rte_eth_tx_burst(port, 0, NULL, 0), 0);
			break;
		case 1:
			rte_eth_tx_done_cleanup(port, 0, 0);
			break;
		case 2:
			assert_int_equal(rte_eth_dev_tx_queue_stop(port, 0), 0);
			break;
		default:
			/* the device idle now: rung at once, with the 24 before it */
			frames_make(&st, m, 8, (uint32_t)accepted);
			assert_int_equal(rte_eth_tx_burst(port, 0, m, 8), 8);
			accepted += 8;
			got = 32;
			break;
		}
		assert_int_equal(pmd_xstat(port, "tx_q0_doorbells"), db + 5);
		for (k = 0; k < 1000 && qlxge_sim_poll(st.p.ad) != 0; k++)
			;
		assert_int_equal(rx_count(&st, got, 1000), got);
		assert_int_equal(rx_count(&st, 1, 20), 0);
		if (round == 2)
			assert_int_equal(rte_eth_dev_tx_queue_start(port, 0), 0);
		assert_int_equal(qlxge_sim_thread_start(st.p.ad), 0);
	}
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_flushed_on_stop"), 0);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	assert_int_equal(pmd_mtx_double_frees(st.tx_pool), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	storm_close(&st);
}

/* Held frames (coalescing on) wait for the next call, however long: a burst of none sends. */
static void
test_shared_tx_hold_flushed_by_empty_burst(void **state)
{
	static struct storm st;
	struct rte_pmd_qlxge_txq_shared_stats ss;
	struct rte_mbuf *m[4];
	uint64_t sent = 0;
	unsigned int i;
	uint16_t port;

	(void)state;
	memset(&st, 0, sizeof(st));
	st.conf.hold_us = 1000;		/* streams of bursts closer than 1 ms are held */
	st.conf.hold_pkts = 64;
	assert_int_equal(storm_open(&st, "shtx_hold1", false, false), 0);
	port = st.p.port[0];
	/* back-to-back bursts until the ring holds some (the first of a stream never is) */
	for (i = 0; i < 100000; i++) {
		frames_make(&st, m, 4, (uint32_t)sent);
		assert_int_equal(rte_eth_tx_burst(port, 0, m, 4), 4);
		sent += 4;
		assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
		if (ss.ring_state == RTE_PMD_QLXGE_TXS_COALESCING && ss.ring_count != 0)
			break;
	}
	assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_COALESCING);
	assert_true(ss.holds >= 1);
	/* past the hold's deadline, nobody calls: the held frames stay (no timer) */
	assert_int_equal(rx_count(&st, sent - ss.ring_count, 10000), sent - ss.ring_count);
	usleep(20000);
	assert_int_equal(rx_count(&st, 1, 20), 0);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
	assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_COALESCING);
	/* the flush idiom */
	i = ss.ring_count;
	assert_int_equal(rte_eth_tx_burst(port, 0, NULL, 0), 0);
	assert_int_equal(rte_pmd_qlxge_txq_shared_stats_get(port, 0, &ss), 0);
	assert_int_equal(ss.ring_count, 0);
	assert_int_equal(ss.ring_state, RTE_PMD_QLXGE_TXS_IDLE);
	assert_true(ss.hold_max_ns >= 20000000u);	/* the held period we just waited out */
	assert_int_equal(rx_count(&st, i, 10000), i);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	storm_close(&st);
}

/*
 * A stop with nobody to send to: the adapter in error with the work queue and the ring full.
 * The stop does not wait; the ring's frames are freed, and the work queue's, whose completions
 * never came; all are counted flushed and in oerrors, not in opackets, each mbuf back once.
 */
static void
test_shared_tx_stop_flushes_when_adapter_fails(void **state)
{
	static struct storm st;
	struct rte_pmd_qlxge_port_info pi;
	struct rte_eth_stats es;
	struct rte_mbuf *m[32];
	uint64_t accepted = 0;
	unsigned int k, i;
	uint16_t port;

	(void)state;
	memset(&st, 0, sizeof(st));
	assert_int_equal(storm_open(&st, "shtx_dead", false, false), 0);
	port = st.p.port[0];
	qlxge_sim_thread_stop(st.p.ad);
	do {
		frames_make(&st, m, 32, (uint32_t)accepted);
		k = rte_eth_tx_burst(port, 0, m, 32);
		accepted += k;
		if (k < 32)
			rte_pktmbuf_free_bulk(&m[k], 32 - k);
	} while (k == 32);
	/* the ring full, the work queue but for less than a batch of 32 (see above) */
	assert_true(accepted >= TX_DESC - SHTX_POST_MIN + TX_DESC - 1);
	assert_true(accepted <= 2 * (TX_DESC - 1));
	/* a fatal adapter error (STS.FE), reported by the interrupt */
	assert_int_equal(qlxge_sim_fault_set(st.p.fn[0], QLXGE_SIM_FAULT_FATAL, 1), 0);
	for (i = 0; i < 10000; i++) {
		assert_int_equal(rte_pmd_qlxge_port_info_get(port, &pi), 0);
		if (pi.state == RTE_PMD_QLXGE_STATE_ERROR)
			break;
		usleep(1000);
	}
	assert_int_equal(pi.state, RTE_PMD_QLXGE_STATE_ERROR);
	rte_eth_dev_stop(port);		/* its function reset may fail: the adapter is broken */
	assert_int_equal(pmd_xstat(port, "tx_q0_shared_flushed_on_stop"), accepted);
	assert_int_equal(rte_eth_stats_get(port, &es), 0);
	assert_int_equal(es.oerrors, accepted);
	assert_int_equal(es.opackets, 0);
	assert_int_equal(rte_eth_tx_burst(port, 0, m, 0), 0);
	assert_int_equal(pmd_mtx_double_frees(st.tx_pool), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	assert_int_equal(qlxge_sim_thread_start(st.p.ad), 0);
	storm_close(&st);
}

/* Frames the burst's checks refuse are accepted, freed and counted, never sent. */
static void
test_shared_tx_bad_frames_counted(void **state)
{
	static struct storm st;
	struct rte_eth_stats es;
	struct rte_mbuf *m[6];
	uint16_t port;

	(void)state;
	memset(&st, 0, sizeof(st));
	assert_int_equal(storm_open(&st, "shtx_bad", true, false), 0);
	port = st.p.port[0];
	frames_make(&st, m, 6, 0);
	frame_fill(&st, m[1], BAD_MAGIC, 0, 0, 1600);		/* over the MTU */
	m[4]->ol_flags |= RTE_MBUF_F_TX_SCTP_CKSUM | RTE_MBUF_F_TX_IPV4;	/* not offered */
	m[4]->l2_len = RTE_ETHER_HDR_LEN;
	m[4]->l3_len = 20;
	assert_int_equal(rte_eth_tx_prepare(port, 0, m, 6), 1);	/* prep says which */
	assert_int_equal(rte_eth_tx_burst(port, 0, m, 6), 6);	/* all accepted */
	assert_int_equal(rx_count(&st, 4, 10000), 4);
	assert_int_equal(pmd_xstat(port, "tx_q0_bad_packets"), 2);
	assert_int_equal(rte_eth_stats_get(port, &es), 0);
	assert_int_equal(es.oerrors, 2);
	assert_int_equal(es.opackets, 4);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	assert_int_equal(rte_mempool_avail_count(st.tx_pool), POOL_TX);
	storm_close(&st);
}

static int
shtx_setup(void **state)
{
	int ret = pmd_setup_suite(state);

	/* after a port stop, ethdev points bursts at a stub that logs every call: the storm's
	 * callers keep calling */
	rte_log_set_level_pattern("lib.ethdev", RTE_LOG_CRIT);
	return ret;
}

int
main(void)
{
	const char *env = getenv("QLXGE_TEST_SEED");
	struct timespec ts;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shared_tx_capability),
		cmocka_unit_test(test_shared_tx_bad_frames_counted),
		cmocka_unit_test(test_shared_tx_stall_resumes_on_call),
		cmocka_unit_test(test_shared_tx_sole_sender_served_from_its_array),
		cmocka_unit_test(test_shared_tx_lease_doorbell_waits_for_next_call),
		cmocka_unit_test(test_shared_tx_hold_flushed_by_empty_burst),
		cmocka_unit_test(test_shared_tx_stop_flushes_when_adapter_fails),
		cmocka_unit_test(test_shared_tx_storm),
		cmocka_unit_test(test_shared_tx_storm_queue_stop),
		cmocka_unit_test(test_shared_tx_storm_port_stop),
		cmocka_unit_test(test_shared_tx_storm_reset),
		cmocka_unit_test(test_shared_tx_storm_holds),
		cmocka_unit_test(test_shared_tx_storm_lease),
	};

	clock_gettime(CLOCK_REALTIME, &ts);
	seed = env != NULL ? strtoull(env, NULL, 0) : (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec;
	printf("# seed %" PRIu64 " (QLXGE_TEST_SEED=%" PRIu64 " replays it)\n", seed, seed);
	return cmocka_run_group_tests_name("pmd_shared_tx", tests, shtx_setup,
					   pmd_teardown_suite);
}
