/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * mptx: many senders, one TX queue. Every worker lcore, and --threads more threads that are not
 * EAL lcores, send frames into ONE TX queue of a port, set up shared
 * (RTE_ETH_TX_OFFLOAD_MT_LOCKFREE): no lock around rte_eth_tx_burst(). The main lcore receives
 * what the port's peer gets and counts it. Every second a line: the rate sent and received,
 * doorbells per frame and frames per drain call (the driver's counters of the shared queue,
 * rte_pmd_qlxge.h): how the queue coalesced the senders' bursts. At the end, every frame
 * accepted is accounted for: received, dropped by the peer (rx_missed), or counted by the queue
 * as not sent (oerrors).
 */

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_ethdev.h>
#include <rte_launch.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_pause.h>

#include "rte_pmd_qlxge.h"

#define MAX_SENDERS	64
#define TX_DESC		1024
#define RX_DESC		4096
#define NB_MBUFS	16383
#define ETH_TYPE_MPTX	0x88B5	/* IEEE local experimental */
#define MAX_BURST	512
#define MAX_SECONDS	1000000
/* rte_pmd_qlxge_tx_shared_conf.hold_us: "At most 1000" (rte_pmd_qlxge.h); more is -EINVAL */
#define MAX_HOLD_US	1000

static struct {
	uint16_t port, peer;
	unsigned int burst;
	unsigned int size;
	unsigned int threads;
	unsigned int seconds;
	unsigned int hold_us;
} opt = { 0, 1, 32, 64, 0, 5, 0 };

static volatile int quit;
static struct rte_mempool *pool;
static struct rte_ether_addr dst, src;

/* One sender: an lcore or a thread; its counters are its own. */
struct sender {
	pthread_t thread;
	unsigned int lcore;	/* LCORE_ID_ANY for a thread */
	uint64_t accepted;
	uint64_t calls;
} __rte_cache_aligned;

static struct sender senders[MAX_SENDERS];
static unsigned int nb_senders;

static void
on_signal(int sig)
{
	(void)sig;
	quit = 1;
}

static void
usage(FILE *f, const char *prog)
{
	fprintf(f, "usage: %s [EAL args] -- [--port P] [--peer Q] [--burst B] [--size BYTES]\n"
		"       [--threads N] [--seconds S] [--hold-us U]\n"
		"  --port     the port whose TX queue 0 all senders share (default 0)\n"
		"  --peer     the port that receives, on the main lcore (default 1)\n"
		"  --burst    frames per rte_eth_tx_burst(), 1..%u (default 32)\n"
		"  --size     frame bytes, %u..%u (default 64)\n"
		"  --threads  senders that are not EAL lcores, beside the workers, 0..%u "
		"(default 0)\n"
		"  --seconds  how long, 0..%u (default 5; 0: until Ctrl-C)\n"
		"  --hold-us  let the queue hold frames that long for the next sender's\n"
		"             doorbell, 0..%u (rte_pmd_qlxge_tx_shared_conf; default 0: no hold)\n"
		"  --help     this help\n", prog, MAX_BURST,
		RTE_ETHER_MIN_LEN - RTE_ETHER_CRC_LEN, RTE_ETHER_MAX_LEN - RTE_ETHER_CRC_LEN,
		MAX_SENDERS / 2, MAX_SECONDS, MAX_HOLD_US);
}

/* 0: go on; 1: --help was given (exit 0); < 0: bad usage (exit 2). */
static int
parse_args(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "port", required_argument, NULL, 'p' },
		{ "peer", required_argument, NULL, 'q' },
		{ "burst", required_argument, NULL, 'b' },
		{ "size", required_argument, NULL, 's' },
		{ "threads", required_argument, NULL, 't' },
		{ "seconds", required_argument, NULL, 'd' },
		{ "hold-us", required_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned long v, min, max;
	int c, idx;
	char *end;

	while ((c = getopt_long(argc, argv, "", longopts, &idx)) != -1) {
		if (c == 'h') {
			usage(stdout, argv[0]);
			return 1;
		}
		if (c == '?') {
			usage(stderr, argv[0]);
			return -1;
		}
		switch (c) {
		case 'p': case 'q': min = 0; max = RTE_MAX_ETHPORTS - 1; break;
		case 'b': min = 1; max = MAX_BURST; break;
		case 's':
			min = RTE_ETHER_MIN_LEN - RTE_ETHER_CRC_LEN;
			max = RTE_ETHER_MAX_LEN - RTE_ETHER_CRC_LEN;
			break;
		case 't': min = 0; max = MAX_SENDERS / 2; break;
		case 'd': min = 0; max = MAX_SECONDS; break;
		default: min = 0; max = MAX_HOLD_US; break;
		}
		/* strtoul alone would take "-1" (wrapped to a huge value), "5x" or "" */
		errno = 0;
		v = strtoul(optarg, &end, 10);
		if (optarg[0] < '0' || optarg[0] > '9' || *end != '\0' || errno != 0 || v < min ||
		    v > max) {
			fprintf(stderr, "mptx: --%s %s: need a whole number in %lu..%lu\n",
				longopts[idx].name, optarg, min, max);
			return -1;
		}
		switch (c) {
		case 'p': opt.port = (uint16_t)v; break;
		case 'q': opt.peer = (uint16_t)v; break;
		case 'b': opt.burst = (unsigned int)v; break;
		case 's': opt.size = (unsigned int)v; break;
		case 't': opt.threads = (unsigned int)v; break;
		case 'd': opt.seconds = (unsigned int)v; break;
		case 'H': opt.hold_us = (unsigned int)v; break;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "mptx: unexpected argument %s\n", argv[optind]);
		usage(stderr, argv[0]);
		return -1;
	}
	return 0;
}

/* ---- the ports --------------------------------------------------------------------------- */

static int
port_setup(uint16_t port, bool shared)
{
	struct rte_eth_conf conf = { 0 };
	struct rte_eth_txconf txc;
	struct rte_eth_dev_info info;
	int ret;

	ret = rte_eth_dev_info_get(port, &info);
	if (ret != 0)
		return ret;
	if (shared && !(info.tx_queue_offload_capa & RTE_ETH_TX_OFFLOAD_MT_LOCKFREE)) {
		fprintf(stderr, "mptx: port %u (%s) has no shared TX queue (MT_LOCKFREE)\n", port,
			info.driver_name);
		return -ENOTSUP;
	}
	ret = rte_eth_dev_configure(port, 1, 1, &conf);
	if (ret != 0)
		return ret;
	txc = info.default_txconf;
	txc.offloads = shared ? RTE_ETH_TX_OFFLOAD_MT_LOCKFREE : 0;
	ret = rte_eth_rx_queue_setup(port, 0, shared ? 256 : RX_DESC, rte_eth_dev_socket_id(port),
				     NULL, pool);
	if (ret == 0)
		ret = rte_eth_tx_queue_setup(port, 0, TX_DESC, rte_eth_dev_socket_id(port), &txc);
	if (ret == 0)
		ret = rte_eth_dev_start(port);
	if (ret == 0)
		ret = rte_eth_promiscuous_enable(port);
	return ret;
}

/* ---- the senders ------------------------------------------------------------------------- */

static void
frame_fill(struct rte_mbuf *m, unsigned int sender)
{
	struct rte_ether_hdr *eth;

	rte_pktmbuf_reset(m);
	eth = (struct rte_ether_hdr *)rte_pktmbuf_append(m, (uint16_t)opt.size);
	rte_ether_addr_copy(&dst, &eth->dst_addr);
	rte_ether_addr_copy(&src, &eth->src_addr);
	eth->ether_type = rte_cpu_to_be_16(ETH_TYPE_MPTX);
	*(uint32_t *)(eth + 1) = sender;
}

/* Send until told to stop: bursts into the shared queue, the unaccepted rest retried. */
static void
sender_loop(struct sender *s)
{
	struct rte_mbuf *m[512];
	unsigned int have = 0, i;
	uint16_t k;

	while (!quit) {
		if (have < opt.burst) {
			if (rte_pktmbuf_alloc_bulk(pool, &m[have], opt.burst - have) != 0) {
				rte_pause();	/* in flight: the queue gives them back */
				continue;
			}
			for (i = have; i < opt.burst; i++)
				frame_fill(m[i], (unsigned int)(s - senders));
			have = opt.burst;
		}
		/* no lock: the queue is shared; it took a prefix, the rest is still ours */
		k = rte_eth_tx_burst(opt.port, 0, m, (uint16_t)have);
		s->calls++;
		s->accepted += k;
		if (k != 0 && k < have)
			memmove(m, &m[k], (have - k) * sizeof(m[0]));
		have -= k;
	}
	rte_pktmbuf_free_bulk(m, have);
}

static int
lcore_main(void *arg)
{
	sender_loop(arg);
	return 0;
}

static void *
thread_main(void *arg)
{
	sender_loop(arg);
	return NULL;
}

/* ---- the main lcore: receive and report --------------------------------------------------- */

static uint64_t
rx_poll(void)
{
	struct rte_mbuf *rx[64];
	uint16_t n;

	n = rte_eth_rx_burst(opt.peer, 0, rx, RTE_DIM(rx));
	rte_pktmbuf_free_bulk(rx, n);
	return n;
}

static uint64_t
accepted_total(void)
{
	uint64_t a = 0;
	unsigned int i;

	for (i = 0; i < nb_senders; i++)
		a += __atomic_load_n(&senders[i].accepted, __ATOMIC_RELAXED);
	return a;
}

static void
report(unsigned int sec, uint64_t sent, uint64_t received,
       const struct rte_pmd_qlxge_txq_shared_stats *d, double dt)
{
	printf("[%3us] sent %6.3f Mpps, rcvd %6.3f Mpps, %.4f doorbells/frame, "
	       "%.1f frames/drain, %" PRIu64 " stalls\n", sec, sent / dt / 1e6,
	       received / dt / 1e6, d->frames != 0 ? (double)d->doorbells / d->frames : 0.0,
	       d->drains != 0 ? (double)d->drained / d->drains : 0.0, d->stalls);
	fflush(stdout);
}

/* @a - @b, field by field, for the counters report() shows */
static void
stats_delta(struct rte_pmd_qlxge_txq_shared_stats *d,
	    const struct rte_pmd_qlxge_txq_shared_stats *a,
	    const struct rte_pmd_qlxge_txq_shared_stats *b)
{
	d->frames = a->frames - b->frames;
	d->doorbells = a->doorbells - b->doorbells;
	d->drains = a->drains - b->drains;
	d->drained = a->drained - b->drained;
	d->stalls = a->stalls - b->stalls;
	d->holds = a->holds - b->holds;
}

int
main(int argc, char **argv)
{
	struct rte_pmd_qlxge_txq_shared_stats st0, st, prev, d;
	struct rte_pmd_qlxge_txq_shared_lcore_stats ls;
	struct rte_pmd_qlxge_tx_shared_conf conf = { 0 };
	struct rte_eth_stats es_tx, es_rx;
	pthread_attr_t attr;
	cpu_set_t all;
	uint64_t hz, t0, t_prev, now, sent_prev = 0, rx_prev = 0, received = 0, accepted, n;
	unsigned int lcore, i, sec = 0, settle;
	int ret;

	ret = rte_eal_init(argc, argv);
	if (ret < 0)
		rte_exit(EXIT_FAILURE, "mptx: EAL init failed\n");
	argc -= ret;
	argv += ret;
	ret = parse_args(argc, argv);
	if (ret != 0) {
		rte_eal_cleanup();
		return ret > 0 ? 0 : 2;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	if (!rte_eth_dev_is_valid_port(opt.port) || !rte_eth_dev_is_valid_port(opt.peer) ||
	    opt.port == opt.peer)
		rte_exit(EXIT_FAILURE, "mptx: need two ports (--port %u --peer %u)\n", opt.port,
			 opt.peer);
	if (rte_lcore_count() + opt.threads < 2)
		rte_exit(EXIT_FAILURE, "mptx: no sender: give a worker lcore (-l 0-1) or "
			 "--threads\n");
	if (rte_lcore_count() - 1 + opt.threads > MAX_SENDERS)
		rte_exit(EXIT_FAILURE, "mptx: at most %u senders\n", MAX_SENDERS);
	/*
	 * Threads without an lcore id have no mempool cache: their gets and puts (and the frees
	 * of the TX reclaim when one of them drains) go to the pool's ring itself. DPDK's default
	 * ring (ring_mp_mc) is not preemptible: a thread preempted between moving a head and
	 * its tail stops every other user of the ring until it runs again, and with more
	 * threads than cores that took the rate to 0.04 Mpps for seconds at a time. The relaxed
	 * tail sync ring lets the others go on meanwhile.
	 */
	pool = rte_pktmbuf_pool_create_by_ops("mptx", NB_MBUFS, 256, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
					      rte_socket_id(), "ring_mt_rts");
	if (pool == NULL)
		rte_exit(EXIT_FAILURE, "mptx: no mbuf pool\n");
	/* coalescing holds, if asked: before the queue is set up (a qlxge port only) */
	conf.hold_us = opt.hold_us;
	if (opt.hold_us != 0) {
		ret = rte_pmd_qlxge_tx_shared_conf_set(opt.port, &conf);
		if (ret == -ENOTSUP)
			rte_exit(EXIT_FAILURE, "mptx: --hold-us needs a qlxge port\n");
		if (ret != 0)
			rte_exit(EXIT_FAILURE, "mptx: --hold-us %u: %s\n", opt.hold_us,
				 rte_strerror(-ret));
	}
	if (port_setup(opt.peer, false) != 0 || port_setup(opt.port, true) != 0)
		rte_exit(EXIT_FAILURE, "mptx: port setup failed\n");
	rte_eth_macaddr_get(opt.peer, &dst);
	rte_eth_macaddr_get(opt.port, &src);
	if (rte_pmd_qlxge_txq_shared_stats_get(opt.port, 0, &st0) != 0)
		rte_exit(EXIT_FAILURE, "mptx: port %u is not a qlxge port with a shared queue\n",
			 opt.port);
	printf("mptx: port %u TX queue 0 shared by %u worker lcores and %u threads\n"
	       "mptx: bursts of %u, %u-byte frames, holds %s; port %u receives on lcore %u\n",
	       opt.port, rte_lcore_count() - 1, opt.threads, opt.burst, opt.size,
	       opt.hold_us != 0 ? "on" : "off", opt.peer, rte_get_main_lcore());
	fflush(stdout);

	RTE_LCORE_FOREACH_WORKER(lcore) {
		senders[nb_senders].lcore = lcore;
		rte_eal_remote_launch(lcore_main, &senders[nb_senders], lcore);
		nb_senders++;
	}
	/* the threads run on any CPU (a thread inherits the main lcore's one otherwise) */
	CPU_ZERO(&all);
	for (i = 0; i < CPU_SETSIZE && i < (unsigned int)sysconf(_SC_NPROCESSORS_ONLN); i++)
		CPU_SET(i, &all);
	pthread_attr_init(&attr);
	pthread_attr_setaffinity_np(&attr, sizeof(all), &all);
	for (i = 0; i < opt.threads; i++) {
		senders[nb_senders].lcore = LCORE_ID_ANY;
		if (pthread_create(&senders[nb_senders].thread, &attr, thread_main,
				   &senders[nb_senders]) != 0)
			rte_exit(EXIT_FAILURE, "mptx: pthread_create failed\n");
		nb_senders++;
	}
	pthread_attr_destroy(&attr);

	hz = rte_get_tsc_hz();
	t0 = t_prev = rte_rdtsc();
	prev = st0;
	while (!quit) {
		n = rx_poll();
		received += n;
		if (n == 0)
			usleep(50);	/* leave the CPU to whoever shares it (senders, a model) */
		now = rte_rdtsc();
		if (now - t_prev < hz)
			continue;
		sec++;
		accepted = accepted_total();
		rte_pmd_qlxge_txq_shared_stats_get(opt.port, 0, &st);
		stats_delta(&d, &st, &prev);
		report(sec, accepted - sent_prev, received - rx_prev, &d,
		       (double)(now - t_prev) / hz);
		prev = st;
		sent_prev = accepted;
		rx_prev = received;
		t_prev = now;
		if (opt.seconds != 0 && sec >= opt.seconds)
			quit = 1;
	}

	rte_eal_mp_wait_lcore();
	for (i = 0; i < nb_senders; i++)
		if (senders[i].lcore == LCORE_ID_ANY)
			pthread_join(senders[i].thread, NULL);
	accepted = accepted_total();
	/* what the queue still holds goes out (a burst of none flushes), then the peer drains */
	rte_eth_tx_burst(opt.port, 0, NULL, 0);
	for (settle = 0; settle < 2000; settle++) {
		rte_eth_tx_done_cleanup(opt.port, 0, 0);
		rte_eth_stats_get(opt.port, &es_tx);
		rte_eth_stats_get(opt.peer, &es_rx);
		if (received + es_rx.imissed + es_tx.oerrors >= accepted)
			break;
		n = rx_poll();
		received += n;
		if (n == 0)
			usleep(500);
	}
	rte_pmd_qlxge_txq_shared_stats_get(opt.port, 0, &st);
	stats_delta(&d, &st, &st0);
	printf("mptx: %" PRIu64 " frames sent by %u senders in %.1f s (%.3f Mpps)\n"
	       "mptx: %" PRIu64 " received, %" PRIu64 " dropped by the peer, %" PRIu64
	       " not sent\n", accepted, nb_senders, (double)(t_prev - t0) / hz,
	       accepted / ((double)(t_prev - t0) / hz) / 1e6, received, es_rx.imissed,
	       es_tx.oerrors);
	printf("mptx: %.4f doorbells per frame, %.1f frames per drain call\n"
	       "mptx: %" PRIu64 " stalls (work queue full), %" PRIu64 " holds\n",
	       d.frames != 0 ? (double)d.doorbells / d.frames : 0.0,
	       d.drains != 0 ? (double)d.drained / d.drains : 0.0, d.stalls, d.holds);
	for (i = 0; i < nb_senders; i++) {
		lcore = senders[i].lcore;
		if (rte_pmd_qlxge_txq_shared_lcore_stats_get(opt.port, 0,
				lcore == LCORE_ID_ANY ? RTE_MAX_LCORE : lcore, &ls) != 0)
			continue;
		if (lcore == LCORE_ID_ANY) {
			printf("mptx: sender %u (a thread): %" PRIu64 " frames accepted\n", i,
			       senders[i].accepted);
			continue;
		}
		printf("mptx: sender %u (lcore %u): %" PRIu64 " frames accepted, %" PRIu64
		       " drain calls, %" PRIu64 " frames drained\n", i, lcore,
		       senders[i].accepted, ls.drains, ls.drained);
	}
	if (rte_pmd_qlxge_txq_shared_lcore_stats_get(opt.port, 0, RTE_MAX_LCORE, &ls) == 0 &&
	    opt.threads != 0)
		printf("mptx: the %u threads together: %" PRIu64 " drain calls, %" PRIu64
		       " frames drained\n", opt.threads, ls.drains, ls.drained);
	ret = received + es_rx.imissed + es_tx.oerrors == accepted ? 0 : 1;
	printf("mptx: %s\n", ret == 0 ? "every frame accepted is accounted for" :
	       "frames unaccounted for");
	rte_eth_dev_stop(opt.port);
	rte_eth_dev_stop(opt.peer);
	rte_eth_dev_close(opt.port);
	rte_eth_dev_close(opt.peer);
	rte_eal_cleanup();
	return ret;
}
