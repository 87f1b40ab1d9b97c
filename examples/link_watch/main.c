/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * link_watch: what an application does with a port's events. It starts every port with link
 * status interrupts (intr_conf.lsc), registers callbacks for RTE_ETH_EVENT_INTR_LSC (link up or
 * down) and RTE_ETH_EVENT_INTR_RESET (the device needs a reset: a fatal adapter error), prints
 * each event, and recovers a port that asked for a reset the way ethdev expects: from the main
 * loop, not from the callback, rte_eth_dev_reset(), then configure, queue setup and start again,
 * as for a new port; then checks that the port passes frames again.
 *
 *   link_watch [EAL args] -- [--inject] [--duration SECONDS]
 *
 * --inject (net_qlxge_sim ports, the emulated adapter): play the faults a real card would need
 * hands or bad luck for, through rte_pmd_qlxge_sim.h: pull and plug the cable of the first
 * port, then raise a fatal adapter error on it; the program ends once the port has recovered.
 * Without it, link_watch watches until SIGINT or the duration (on the card: pull a cable).
 *
 *   link_watch -d build/drivers --no-huge --no-shconf --no-pci -m 512 \
 *       --vdev net_qlxge_sim0,adapter=a,function=0 --vdev net_qlxge_sim1,adapter=a,function=1 \
 *       -- --inject
 */

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include <rte_pmd_qlxge.h>
#include <rte_pmd_qlxge_sim.h>

#define NB_DESC		256
#define NB_MBUFS	4095
#define PROBE_FRAMES	32
#define PROBE_WAIT_MS	2000
#define LINK_WAIT_MS	5000

static volatile bool quit;
static bool inject;
static unsigned int duration_s;
static struct rte_mempool *pool;
static uint64_t t0;

/* Set by the RESET callback (interrupt thread), taken by the main loop. */
static uint8_t reset_pending[RTE_MAX_ETHPORTS];
static unsigned int nb_link_events, nb_resets, nb_recovered;

static double
now_s(void)
{
	return (double)(rte_get_timer_cycles() - t0) / rte_get_timer_hz();
}

static void
on_signal(int sig)
{
	(void)sig;
	quit = true;
}

static void
print_link(const char *what, uint16_t port)
{
	char text[RTE_ETH_LINK_MAX_STR_LEN];
	struct rte_eth_link link;

	if (rte_eth_link_get_nowait(port, &link) != 0)
		snprintf(text, sizeof(text), "unknown");
	else
		rte_eth_link_to_str(text, sizeof(text), &link);
	printf("[%6.3f] %s: port %u: %s\n", now_s(), what, port, text);
	fflush(stdout);
}

/* The driver's view of the port, when it is a qlxge port (rte_pmd_qlxge.h). */
static const char *
qlxge_state(uint16_t port)
{
	struct rte_pmd_qlxge_port_info info;

	if (rte_pmd_qlxge_port_info_get(port, &info) != 0)
		return "n/a (not a qlxge port)";
	return rte_pmd_qlxge_state_name(info.state);
}

/* Interrupt thread: keep it short, never reconfigure from here. */
static int
on_event(uint16_t port, enum rte_eth_event_type type, void *arg, void *ret_param)
{
	(void)arg;
	(void)ret_param;
	switch (type) {
	case RTE_ETH_EVENT_INTR_LSC:
		__atomic_fetch_add(&nb_link_events, 1, __ATOMIC_RELAXED);
		print_link("event", port);
		break;
	case RTE_ETH_EVENT_INTR_RESET:
		__atomic_fetch_add(&nb_resets, 1, __ATOMIC_RELAXED);
		printf("[%6.3f] event: port %u: RESET requested (driver state: %s)\n", now_s(),
		       port, qlxge_state(port));
		fflush(stdout);
		/* release: the main loop's acquire load sees the event after this print */
		__atomic_store_n(&reset_pending[port], 1, __ATOMIC_RELEASE);
		break;
	default:
		break;
	}
	return 0;
}

/*
 * Unregister the callbacks of @port. -EAGAIN: the interrupt thread is running one; once it
 * has returned the callback is gone, and no event of @port is seen afterwards. One port at a
 * time: with RTE_ETH_ALL, ethdev reports -EAGAIN for the last port only.
 */
static void
unwatch(uint16_t port)
{
	while (rte_eth_dev_callback_unregister(port, RTE_ETH_EVENT_INTR_LSC, on_event,
					       NULL) == -EAGAIN)
		rte_delay_us_sleep(1000);
	while (rte_eth_dev_callback_unregister(port, RTE_ETH_EVENT_INTR_RESET, on_event,
					       NULL) == -EAGAIN)
		rte_delay_us_sleep(1000);
}

/* Configure @port with one RX and one TX queue and link status interrupts; start it. */
static int
port_setup(uint16_t port)
{
	struct rte_eth_conf conf = { .intr_conf.lsc = 1 };
	struct rte_eth_dev_info info;
	int ret;

	ret = rte_eth_dev_info_get(port, &info);
	if (ret != 0)
		return ret;
	if ((*info.dev_flags & RTE_ETH_DEV_INTR_LSC) == 0)
		conf.intr_conf.lsc = 0;	/* events by polling only */
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
	return ret;
}

static bool
wait_link(uint16_t port, bool up, unsigned int ms)
{
	struct rte_eth_link link;

	for (unsigned int i = 0; i < ms / 10; i++) {
		if (rte_eth_link_get_nowait(port, &link) == 0 && (link.link_status != 0) == up)
			return true;
		rte_delay_us_sleep(10000);
	}
	return false;
}

/* Receive and free what every port holds; returns what @count_port received. */
static unsigned int
drain(uint16_t count_port)
{
	struct rte_mbuf *pkts[32];
	unsigned int got = 0;
	uint16_t port, n;

	RTE_ETH_FOREACH_DEV(port) {
		n = rte_eth_rx_burst(port, 0, pkts, RTE_DIM(pkts));
		if (port == count_port)
			got += n;
		rte_pktmbuf_free_bulk(pkts, n);
	}
	return got;
}

/* Broadcast frames from @port; how many the other ports received. */
static void
probe_traffic(uint16_t port)
{
	static const struct rte_ether_addr bcast = {
		.addr_bytes = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff } };
	struct rte_mbuf *pkts[PROBE_FRAMES];
	struct rte_ether_hdr *eth;
	unsigned int i, sent = 0, got = 0;
	char *frame;
	uint16_t other;

	if (rte_eth_dev_count_avail() < 2)
		return;
	other = port;
	RTE_ETH_FOREACH_DEV(other)
		if (other != port)
			break;
	if (rte_pktmbuf_alloc_bulk(pool, pkts, PROBE_FRAMES) != 0)
		return;
	for (i = 0; i < PROBE_FRAMES; i++) {
		pkts[i]->data_len = 64;
		pkts[i]->pkt_len = 64;
		frame = rte_pktmbuf_mtod(pkts[i], char *);
		memset(frame, 0, 64);
		eth = (struct rte_ether_hdr *)frame;
		rte_ether_addr_copy(&bcast, &eth->dst_addr);
		rte_eth_macaddr_get(port, &eth->src_addr);
		eth->ether_type = rte_cpu_to_be_16(0x88B5);	/* IEEE local experimental */
	}
	while (sent < PROBE_FRAMES)
		sent += rte_eth_tx_burst(port, 0, pkts + sent, PROBE_FRAMES - sent);
	for (i = 0; i < PROBE_WAIT_MS && got < PROBE_FRAMES; i++) {
		got += drain(other);
		rte_delay_us_sleep(1000);
	}
	printf("[%6.3f] traffic: port %u: %u frames sent, %u received by port %u\n", now_s(),
	       port, PROBE_FRAMES, got, other);
	fflush(stdout);
}

/* The recovery ethdev asks for after RTE_ETH_EVENT_INTR_RESET. */
static void
recover(uint16_t port)
{
	uint64_t start = rte_get_timer_cycles();
	unsigned int events = __atomic_load_n(&nb_link_events, __ATOMIC_RELAXED);
	int ret;

	ret = rte_eth_dev_reset(port);	/* stops the port first */
	if (ret == 0)
		ret = port_setup(port);
	if (ret != 0) {
		printf("[%6.3f] recover: port %u: failed: %s\n", now_s(), port, strerror(-ret));
		return;
	}
	printf("[%6.3f] recover: port %u: reset, reconfigured, started in %.1f ms "
	       "(driver state: %s)\n", now_s(), port,
	       (double)(rte_get_timer_cycles() - start) * 1000 / rte_get_timer_hz(),
	       qlxge_state(port));
	fflush(stdout);
	if (!wait_link(port, true, LINK_WAIT_MS)) {
		printf("[%6.3f] recover: port %u: link did not come back\n", now_s(), port);
		return;
	}
	/* the driver took the link down with the error: its return comes as an event too
	 * (what a bond or a routing daemon follows); wait for it, bounded */
	for (unsigned int i = 0; i < LINK_WAIT_MS / 10 &&
	     __atomic_load_n(&nb_link_events, __ATOMIC_RELAXED) == events; i++)
		rte_delay_us_sleep(10000);
	nb_recovered++;
	probe_traffic(port);
}

/* --inject: one step of the fault script, at @t seconds; true once it is played out. */
static bool
inject_step(uint16_t port, double t, unsigned int *step)
{
	int ret = 0;

	switch (*step) {
	case 0:
		if (t < 0.5)
			return false;
		printf("[%6.3f] inject: port %u: cable pulled\n", now_s(), port);
		ret = rte_pmd_qlxge_sim_link_set(port, 0);
		break;
	case 1:
		if (t < 1.5)
			return false;
		printf("[%6.3f] inject: port %u: cable plugged in\n", now_s(), port);
		ret = rte_pmd_qlxge_sim_link_set(port, 1);
		break;
	case 2:
		if (t < 2.5 || !wait_link(port, true, LINK_WAIT_MS))
			return false;
		printf("[%6.3f] inject: port %u: fatal adapter error\n", now_s(), port);
		ret = rte_pmd_qlxge_sim_fault_set(port, RTE_PMD_QLXGE_SIM_FAULT_FATAL, 1);
		break;
	default:
		/* done when the reset was asked for and the port recovered */
		return nb_recovered > 0;
	}
	fflush(stdout);
	if (ret != 0) {
		printf("inject: port %u: %s (--inject needs a net_qlxge_sim port)\n", port,
		       strerror(-ret));
		quit = true;
	}
	(*step)++;
	return false;
}

static void
usage(FILE *f, const char *prog)
{
	fprintf(f, "usage: %s [EAL args] -- [--inject] [--duration SECONDS]\n"
		"  --inject    pull and plug the first port's cable, then raise a fatal error\n"
		"              on it (net_qlxge_sim ports); ends once the port has recovered\n"
		"  --duration  seconds to watch, 1..1000000 (default: until Ctrl-C; 30 with\n"
		"              --inject); the wait for the links at start counts\n"
		"  --help      this help\n", prog);
}

/* 0: go on; 1: --help was given (exit 0); < 0: bad usage (exit 2). */
static int
parse_args(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "inject", no_argument, NULL, 'i' },
		{ "duration", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned long v;
	char *end;
	int c;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'i':
			inject = true;
			break;
		case 'd':
			/* strtoul alone would take "-1" (wrapped to a huge count), "5x" or "" */
			errno = 0;
			v = strtoul(optarg, &end, 10);
			if (optarg[0] < '0' || optarg[0] > '9' || *end != '\0' || errno != 0 ||
			    v < 1 || v > 1000000) {
				fprintf(stderr, "link_watch: --duration %s: need a whole "
					"number of seconds in 1..1000000\n", optarg);
				return -EINVAL;
			}
			duration_s = (unsigned int)v;
			break;
		case 'h':
			usage(stdout, argv[0]);
			return 1;
		default:
			usage(stderr, argv[0]);
			return -EINVAL;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "link_watch: unexpected argument %s\n", argv[optind]);
		usage(stderr, argv[0]);
		return -EINVAL;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	unsigned int step = 0;
	uint16_t port, first = RTE_MAX_ETHPORTS;
	int ret;

	ret = rte_eal_init(argc, argv);
	if (ret < 0) {
		fprintf(stderr, "link_watch: EAL init failed\n");
		return 1;
	}
	ret = parse_args(argc - ret, argv + ret);
	if (ret != 0) {
		rte_eal_cleanup();
		return ret > 0 ? 0 : 2;
	}
	if (inject && duration_s == 0)
		duration_s = 30;	/* the script takes a few seconds: a bound if it stalls */
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	t0 = rte_get_timer_cycles();
	if (rte_eth_dev_count_avail() == 0) {
		fprintf(stderr, "link_watch: no port\n");
		return 1;
	}
	pool = rte_pktmbuf_pool_create("link_watch", NB_MBUFS, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
				       rte_socket_id());
	if (pool == NULL) {
		fprintf(stderr, "link_watch: no mbuf pool\n");
		return 1;
	}
	rte_eth_dev_callback_register(RTE_ETH_ALL, RTE_ETH_EVENT_INTR_LSC, on_event, NULL);
	rte_eth_dev_callback_register(RTE_ETH_ALL, RTE_ETH_EVENT_INTR_RESET, on_event, NULL);
	RTE_ETH_FOREACH_DEV(port) {
		ret = port_setup(port);
		if (ret != 0) {
			fprintf(stderr, "link_watch: port %u: %s\n", port, strerror(-ret));
			return 1;
		}
		if (first == RTE_MAX_ETHPORTS)
			first = port;
	}
	printf("link_watch: watching %u ports for link and reset events%s\n",
	       rte_eth_dev_count_avail(), inject ? ", injecting faults on the first" : "");
	RTE_ETH_FOREACH_DEV(port) {
		wait_link(port, true, LINK_WAIT_MS);
		print_link("start", port);
	}

	while (!quit && (duration_s == 0 || now_s() < duration_s)) {
		/* acquire: pairs with the RESET callback's release store */
		RTE_ETH_FOREACH_DEV(port)
			if (__atomic_exchange_n(&reset_pending[port], 0, __ATOMIC_ACQUIRE))
				recover(port);
		if (inject && inject_step(first, now_s(), &step))
			break;
		drain(RTE_MAX_ETHPORTS);
		rte_delay_us_sleep(10000);
	}

	/*
	 * The watch ends before the ports go: closing a port unplugs its cable, which takes its
	 * peer's link down, an event of the shutdown that the summary must not count (nor count
	 * only when the interrupt thread happens to deliver it before the summary is printed).
	 */
	RTE_ETH_FOREACH_DEV(port)
		unwatch(port);
	RTE_ETH_FOREACH_DEV(port) {
		rte_eth_dev_stop(port);
		rte_eth_dev_close(port);
	}
	printf("link_watch: link events %u, resets %u, recovered %u\n",
	       __atomic_load_n(&nb_link_events, __ATOMIC_RELAXED),
	       __atomic_load_n(&nb_resets, __ATOMIC_RELAXED), nb_recovered);
	rte_mempool_free(pool);
	rte_eal_cleanup();
	return inject && (nb_recovered == 0 || quit) ? 1 : 0;
}
