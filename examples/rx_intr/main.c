/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * rx_intr: a power-aware receive loop, the way l3fwd-power sleeps. Every port but the first is
 * configured with RX queue interrupts (intr_conf.rxq) and its queue registered in this thread's
 * epoll instance (rte_eth_dev_rx_intr_ctl_q). The loop polls; after IDLE_POLLS empty polls in a
 * row it enables the queues' interrupts (rte_eth_dev_rx_intr_enable), sleeps in rte_epoll_wait,
 * and disables them once woken. The first port is a traffic generator: every --interval ms it
 * sends a burst of --burst frames to the second port's MAC, so that the receivers alternate
 * between traffic and an idle wire. At the end it prints what it received, how often it woke up
 * for frames and how much CPU time it used against the time that passed.
 *
 *   rx_intr [EAL args] -- [--duration SECONDS] [--burst N] [--interval MS] [--poll]
 *
 *   rx_intr -d build/drivers --no-huge --no-shconf --no-pci -m 512 \
 *       --vdev net_qlxge_sim0,adapter=a,function=0 --vdev net_qlxge_sim1,adapter=a,function=1 \
 *       -- --duration 3
 *
 * With --burst 0 nothing is sent: on a card, the receivers wake for whatever the wire brings.
 * --poll never sleeps (a plain polling loop), for the CPU time to compare.
 */

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_epoll.h>
#include <rte_ethdev.h>
#include <rte_interrupts.h>
#include <rte_mbuf.h>

#define NB_DESC		512
#define NB_MBUFS	8191
#define BURST		32
#define IDLE_POLLS	100	/* empty polls in a row before sleeping (l3fwd-power: 300) */
#define FRAME_LEN	128
#define MAX_PORTS	8

static volatile bool quit;
static unsigned int duration_s = 3;
static unsigned int burst = 32;
static unsigned int interval_ms = 200;
static bool poll_only;
static struct rte_mempool *pool;

static uint64_t sent, received, wakeups, sleeps, timeouts;

static void
on_signal(int sig)
{
	(void)sig;
	quit = true;
}

static int
port_init(uint16_t port, bool rx_intr)
{
	struct rte_eth_conf conf = { 0 };
	int ret;

	conf.intr_conf.rxq = rx_intr;
	ret = rte_eth_dev_configure(port, 1, 1, &conf);
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(port, 0, NB_DESC, rte_eth_dev_socket_id(port), NULL,
					     pool);
	if (ret == 0)
		ret = rte_eth_tx_queue_setup(port, 0, NB_DESC, rte_eth_dev_socket_id(port), NULL);
	if (ret == 0)
		ret = rte_eth_dev_start(port);
	if (ret == 0)
		ret = rte_eth_promiscuous_enable(port);
	if (ret != 0)
		fprintf(stderr, "rx_intr: port %u: not started: %s\n", port, rte_strerror(-ret));
	return ret;
}

/* A burst of frames from @from to @to's MAC (a test ethertype, IEEE local experimental). */
static void
send_burst(uint16_t from, uint16_t to, unsigned int n)
{
	struct rte_mbuf *pkts[BURST];
	struct rte_ether_addr dst, src;
	struct rte_ether_hdr *eth;
	unsigned int i, k;
	uint16_t done;

	rte_eth_macaddr_get(to, &dst);
	rte_eth_macaddr_get(from, &src);
	while (n != 0) {
		k = RTE_MIN(n, (unsigned int)BURST);
		if (rte_pktmbuf_alloc_bulk(pool, pkts, k) != 0)
			return;
		for (i = 0; i < k; i++) {
			eth = (struct rte_ether_hdr *)rte_pktmbuf_append(pkts[i], FRAME_LEN);
			memset(eth, 0, FRAME_LEN);
			rte_ether_addr_copy(&dst, &eth->dst_addr);
			rte_ether_addr_copy(&src, &eth->src_addr);
			eth->ether_type = rte_cpu_to_be_16(0x88B5);
		}
		done = rte_eth_tx_burst(from, 0, pkts, (uint16_t)k);
		sent += done;
		if (done < k)
			rte_pktmbuf_free_bulk(pkts + done, k - done);
		n -= k;
	}
}

static uint64_t
cpu_us(void)
{
	struct rusage ru;

	getrusage(RUSAGE_THREAD, &ru);
	return (uint64_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000u +
	       (uint64_t)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

/* The loop: poll, and sleep on the receivers' interrupts when their queues stay empty. */
static void
run(uint16_t nb_ports)
{
	struct rte_epoll_event ev[MAX_PORTS];
	struct rte_mbuf *pkts[BURST];
	uint64_t hz = rte_get_timer_hz(), start = rte_get_timer_cycles();
	uint64_t end = start + (uint64_t)duration_s * hz, next = start, now, wake;
	unsigned int idle = 0;
	uint16_t p, n;
	int ms, i;

	while (!quit && (now = rte_get_timer_cycles()) < end) {
		if (burst != 0 && now >= next) {
			send_burst(0, 1, burst);
			next += (uint64_t)interval_ms * hz / 1000;
		}
		n = 0;
		for (p = 1; p < nb_ports; p++) {
			uint16_t k = rte_eth_rx_burst(p, 0, pkts, BURST);

			rte_pktmbuf_free_bulk(pkts, k);
			n += k;
		}
		received += n;
		idle = n != 0 ? 0 : idle + 1;
		if (idle < IDLE_POLLS || poll_only)
			continue;
		/* asleep until a receiver's interrupt, or the next burst to send, or the end */
		for (p = 1; p < nb_ports; p++)
			rte_eth_dev_rx_intr_enable(p, 0);
		now = rte_get_timer_cycles();
		wake = burst != 0 ? RTE_MIN(next, end) : end;
		ms = wake > now ? (int)((wake - now) * 1000 / hz) : 0;
		sleeps++;
		i = rte_epoll_wait(RTE_EPOLL_PER_THREAD, ev, MAX_PORTS, ms + 1);
		for (p = 1; p < nb_ports; p++)
			rte_eth_dev_rx_intr_disable(p, 0);
		if (i > 0)
			wakeups++;
		else
			timeouts++;
		idle = 0;
	}
}

static void
usage(FILE *f)
{
	fprintf(f, "usage: rx_intr [EAL args] -- [--duration SECONDS] [--burst N] [--interval MS] "
		"[--poll]\n"
		"  --duration  seconds to run, 1..1000000 (default 3)\n"
		"  --burst     frames port 0 sends each interval, 0..%u (default 32; 0: none)\n"
		"  --interval  milliseconds between bursts, 1..1000000 (default 200)\n"
		"  --poll      never sleep: poll all the time\n"
		"  --help      this help\n", NB_DESC);
}

/*
 * A whole number in [min, max] for option --@p opt. strtoul alone would take "-3" (and wrap it
 * to four billion frames), "x" (as 0) or "5x": all are refused here, with the valid range.
 */
static int
parse_uint(const char *opt, const char *arg, unsigned long min, unsigned long max,
	   unsigned int *val)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(arg, &end, 10);
	if (arg[0] < '0' || arg[0] > '9' || *end != '\0' || errno != 0 || v < min || v > max) {
		fprintf(stderr, "rx_intr: --%s %s: need a whole number in %lu..%lu\n", opt, arg,
			min, max);
		return -1;
	}
	*val = (unsigned int)v;
	return 0;
}

/* 0: go on; 1: --help was given (exit 0); < 0: bad usage (exit 2). */
static int
parse_args(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "duration", required_argument, NULL, 'd' },
		{ "burst", required_argument, NULL, 'b' },
		{ "interval", required_argument, NULL, 'i' },
		{ "poll", no_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c, ret = 0;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			ret = parse_uint("duration", optarg, 1, 1000000, &duration_s);
			break;
		case 'b':
			/* more than the receiver's ring holds would be lost while the one thread
			 * that also receives is still sending */
			ret = parse_uint("burst", optarg, 0, NB_DESC, &burst);
			break;
		case 'i':
			ret = parse_uint("interval", optarg, 1, 1000000, &interval_ms);
			break;
		case 'p':
			poll_only = true;
			break;
		case 'h':
			usage(stdout);
			return 1;
		default:
			usage(stderr);
			return -1;
		}
		if (ret != 0)
			return ret;
	}
	if (optind < argc) {
		fprintf(stderr, "rx_intr: unexpected argument %s\n", argv[optind]);
		usage(stderr);
		return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	uint64_t cpu0, t0, t1;
	uint16_t nb_ports, p;
	double secs;
	int ret;

	ret = rte_eal_init(argc, argv);
	if (ret < 0)
		return 1;
	ret = parse_args(argc - ret, argv + ret);
	if (ret != 0) {
		rte_eal_cleanup();
		return ret > 0 ? 0 : 2;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	nb_ports = rte_eth_dev_count_avail();
	if (nb_ports < 2 || nb_ports > MAX_PORTS) {
		fprintf(stderr, "rx_intr: needs 2 to %u ports, has %u\n", MAX_PORTS, nb_ports);
		return 1;
	}
	pool = rte_pktmbuf_pool_create("rx_intr", NB_MBUFS, 256, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
				       rte_socket_id());
	if (pool == NULL)
		return 1;
	for (p = 0; p < nb_ports; p++) {
		if (port_init(p, p != 0) != 0)
			return 1;
		if (p == 0)
			continue;
		ret = rte_eth_dev_rx_intr_ctl_q(p, 0, RTE_EPOLL_PER_THREAD, RTE_INTR_EVENT_ADD,
						(void *)(uintptr_t)p);
		if (ret != 0) {
			fprintf(stderr, "rx_intr: port %u: no RX queue interrupt: %s\n", p,
				rte_strerror(-ret));
			return 1;
		}
		printf("rx_intr: port %u queue 0: RX interrupt on eventfd %d\n", p,
		       rte_eth_dev_rx_intr_ctl_q_get_fd(p, 0));
	}
	/* the links first: a burst sent before the link is up is lost */
	for (p = 0; p < nb_ports; p++) {
		struct rte_eth_link link = { 0 };
		unsigned int w;

		for (w = 0; w < 100 && link.link_status == 0; w++) {
			rte_eth_link_get_nowait(p, &link);
			if (link.link_status == 0)
				rte_delay_ms(50);
		}
	}
	printf("rx_intr: port 0 sends %u frames every %u ms for %u s; ports 1-%u receive, %s\n",
	       burst, interval_ms, duration_s, nb_ports - 1,
	       poll_only ? "polling all the time" : "asleep after " RTE_STR(IDLE_POLLS)
	       " empty polls");
	fflush(stdout);
	cpu0 = cpu_us();
	t0 = rte_get_timer_cycles();
	run(nb_ports);
	/* what is still on its way */
	for (unsigned int k = 0; k < 100 && received < sent; k++) {
		struct rte_mbuf *pkts[BURST];

		rte_delay_ms(5);
		for (p = 1; p < nb_ports; p++) {
			uint16_t n = rte_eth_rx_burst(p, 0, pkts, BURST);

			rte_pktmbuf_free_bulk(pkts, n);
			received += n;
		}
	}
	t1 = rte_get_timer_cycles();
	secs = (double)(t1 - t0) / rte_get_timer_hz();
	printf("rx_intr: sent %" PRIu64 ", received %" PRIu64 "; slept %" PRIu64 " times: woken "
	       "by a frame %" PRIu64 ", by the clock %" PRIu64 "; CPU %.1f ms in %.2f s (%.1f%%)\n",
	       sent, received, sleeps, wakeups, timeouts, (cpu_us() - cpu0) / 1000.0, secs,
	       (cpu_us() - cpu0) / 1e4 / secs);
	for (p = 0; p < nb_ports; p++) {
		rte_eth_dev_stop(p);
		rte_eth_dev_close(p);
	}
	rte_mempool_free(pool);
	rte_eal_cleanup();
	return received == sent ? 0 : 1;
}
