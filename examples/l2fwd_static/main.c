/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * l2fwd_static: DPDK's l2fwd in small, meant to be linked with the qlxge driver in it (static
 * archives through pkg-config --static, see the Makefile): no plugin to load, the driver is part
 * of the program. It forwards between port pairs (0 <-> 1, 2 <-> 3, ...) on the main lcore,
 * rewriting each frame's MAC addresses as l2fwd does (source: the port it leaves by;
 * destination: 02:00:00:00:00:<that port>), prints each port's rates every second and the
 * totals at the end. The forwarding runs on the first worker lcore (-l 0-1), or on the main
 * one when it is alone; the main lcore prints.
 *
 *   l2fwd_static [EAL args] -- [--duration SECONDS] [--tx-first N]
 *
 * --tx-first N: send N frames on every port at start (a pair cabled back to back, as the
 * emulated adapter's two ports are by default, has no other source of traffic).
 *
 * The counters are written by the forwarding lcore and read by the main one: relaxed atomics,
 * each value whole; the rates need no more.
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
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_udp.h>
#include <rte_version.h>

#include <rte_launch.h>
#include <rte_lcore.h>

#define NB_DESC		512
#define NB_MBUFS	8191
#define BURST		32
#define FRAME_LEN	64

struct port_stats {
	uint64_t rx, tx, dropped;
};

static bool quit;	/* set by a signal or the main lcore, read by the forwarding one */
static unsigned int duration_s;
static unsigned int tx_first;
static struct port_stats stats[RTE_MAX_ETHPORTS];
static struct rte_ether_addr port_mac[RTE_MAX_ETHPORTS];

static void
on_signal(int sig)
{
	(void)sig;
	__atomic_store_n(&quit, true, __ATOMIC_RELAXED);
}

static void
usage(FILE *f, const char *prog)
{
	fprintf(f, "usage: %s [EAL args] -- [--duration SECONDS] [--tx-first N]\n"
		"  --duration  seconds to forward, 0..1000000 (default 0: until Ctrl-C)\n"
		"  --tx-first  frames each port sends at start, 0..1000000 (default 0)\n"
		"  --help      this help\n", prog);
}

/*
 * A whole number in [min, max] for option --@p opt. strtoul alone would take "-1" (and wrap it
 * to a huge count), "5x" or an empty string: all are refused here, with the valid range.
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
		fprintf(stderr, "l2fwd_static: --%s %s: need a whole number in %lu..%lu\n", opt,
			arg, min, max);
		return -EINVAL;
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
		{ "tx-first", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c, ret;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			ret = parse_uint("duration", optarg, 0, 1000000, &duration_s);
			break;
		case 't':
			ret = parse_uint("tx-first", optarg, 0, 1000000, &tx_first);
			break;
		case 'h':
			usage(stdout, argv[0]);
			return 1;
		default:
			usage(stderr, argv[0]);
			return -EINVAL;
		}
		if (ret != 0)
			return ret;
	}
	if (optind < argc) {
		fprintf(stderr, "l2fwd_static: unexpected argument %s\n", argv[optind]);
		usage(stderr, argv[0]);
		return -EINVAL;
	}
	return 0;
}

static int
port_init(uint16_t port, struct rte_mempool *pool)
{
	struct rte_eth_conf conf = { 0 };
	int ret;

	ret = rte_eth_dev_configure(port, 1, 1, &conf);
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(port, 0, NB_DESC, rte_eth_dev_socket_id(port), NULL,
					     pool);
	if (ret == 0)
		ret = rte_eth_tx_queue_setup(port, 0, NB_DESC, rte_eth_dev_socket_id(port), NULL);
	if (ret == 0)
		ret = rte_eth_dev_start(port);
	/* frames to 02:00:00:00:00:<port> are not the port's own address: take everything */
	if (ret == 0)
		ret = rte_eth_promiscuous_enable(port);
	if (ret == 0)
		ret = rte_eth_macaddr_get(port, &port_mac[port]);
	return ret;
}

/* l2fwd's rewrite for a frame leaving by @port. */
static void
mac_rewrite(struct rte_mbuf *m, uint16_t port)
{
	struct rte_ether_hdr *eth = rte_pktmbuf_mtod(m, struct rte_ether_hdr *);

	memset(&eth->dst_addr, 0, sizeof(eth->dst_addr));
	eth->dst_addr.addr_bytes[0] = 0x02;
	eth->dst_addr.addr_bytes[5] = (uint8_t)port;
	rte_ether_addr_copy(&port_mac[port], &eth->src_addr);
}

/* @n UDP frames of FRAME_LEN bytes from @port, as testpmd's tx_first makes them. */
static void
send_first(uint16_t port, struct rte_mempool *pool, unsigned int n)
{
	struct rte_mbuf *m;
	struct rte_ipv4_hdr *ip;
	struct rte_udp_hdr *udp;
	struct rte_ether_hdr *eth;
	unsigned int i;

	for (i = 0; i < n; i++) {
		m = rte_pktmbuf_alloc(pool);
		if (m == NULL)
			return;
		m->data_len = FRAME_LEN;
		m->pkt_len = FRAME_LEN;
		eth = rte_pktmbuf_mtod(m, struct rte_ether_hdr *);
		memset(eth, 0, FRAME_LEN);
		eth->ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4);
		ip = (struct rte_ipv4_hdr *)(eth + 1);
		ip->version_ihl = RTE_IPV4_VHL_DEF;
		ip->time_to_live = 64;
		ip->next_proto_id = IPPROTO_UDP;
		ip->total_length = rte_cpu_to_be_16(FRAME_LEN - sizeof(*eth));
		ip->src_addr = rte_cpu_to_be_32(RTE_IPV4(198, 18, 0, port));
		ip->dst_addr = rte_cpu_to_be_32(RTE_IPV4(198, 18, 1, port));
		ip->hdr_checksum = rte_ipv4_cksum(ip);
		udp = (struct rte_udp_hdr *)(ip + 1);
		udp->src_port = rte_cpu_to_be_16(9);
		udp->dst_port = rte_cpu_to_be_16(9);
		udp->dgram_len = rte_cpu_to_be_16(FRAME_LEN - sizeof(*eth) - sizeof(*ip));
		mac_rewrite(m, port);
		if (rte_eth_tx_burst(port, 0, &m, 1) != 1) {
			rte_pktmbuf_free(m);
			__atomic_fetch_add(&stats[port].dropped, 1, __ATOMIC_RELAXED);
		} else {
			__atomic_fetch_add(&stats[port].tx, 1, __ATOMIC_RELAXED);
		}
	}
}

/* One round: every port's RX, forwarded to its pair's TX. */
static void
forward(void)
{
	struct rte_mbuf *pkts[BURST];
	uint16_t port, dst, n, sent, i;

	RTE_ETH_FOREACH_DEV(port) {
		dst = port ^ 1;
		n = rte_eth_rx_burst(port, 0, pkts, BURST);
		if (n == 0)
			continue;
		__atomic_fetch_add(&stats[port].rx, n, __ATOMIC_RELAXED);
		for (i = 0; i < n; i++)
			mac_rewrite(pkts[i], dst);
		sent = rte_eth_tx_burst(dst, 0, pkts, n);
		__atomic_fetch_add(&stats[dst].tx, sent, __ATOMIC_RELAXED);
		if (sent < n) {
			__atomic_fetch_add(&stats[dst].dropped, n - sent, __ATOMIC_RELAXED);
			rte_pktmbuf_free_bulk(pkts + sent, n - sent);
		}
	}
}

static int
forward_loop(void *arg)
{
	(void)arg;
	while (!__atomic_load_n(&quit, __ATOMIC_RELAXED))
		forward();
	return 0;
}

static void
snapshot(struct port_stats *s)
{
	uint16_t port;

	RTE_ETH_FOREACH_DEV(port) {
		s[port].rx = __atomic_load_n(&stats[port].rx, __ATOMIC_RELAXED);
		s[port].tx = __atomic_load_n(&stats[port].tx, __ATOMIC_RELAXED);
		s[port].dropped = __atomic_load_n(&stats[port].dropped, __ATOMIC_RELAXED);
	}
}

static void
print_rates(double secs, struct port_stats *last, double dt)
{
	struct port_stats now[RTE_MAX_ETHPORTS];
	uint16_t port;

	snapshot(now);
	printf("[%4.0fs]", secs);
	RTE_ETH_FOREACH_DEV(port) {
		printf(" port %u: rx %.3f tx %.3f Mpps", port, (now[port].rx - last[port].rx) / dt /
		       1e6, (now[port].tx - last[port].tx) / dt / 1e6);
		last[port] = now[port];
	}
	printf("\n");
	fflush(stdout);
}

int
main(int argc, char **argv)
{
	static struct port_stats last[RTE_MAX_ETHPORTS];
	char name[RTE_ETH_NAME_MAX_LEN];
	struct rte_eth_stats es;
	struct rte_mempool *pool;
	uint64_t hz, start, tick;
	unsigned int worker;
	uint16_t port, nb;
	int ret, rc = 0;

	ret = rte_eal_init(argc, argv);
	if (ret < 0) {
		fprintf(stderr, "l2fwd_static: EAL init failed\n");
		return 1;
	}
	ret = parse_args(argc - ret, argv + ret);
	if (ret != 0) {
		rte_eal_cleanup();
		return ret > 0 ? 0 : 2;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	nb = rte_eth_dev_count_avail();
	if (nb == 0 || nb % 2 != 0) {
		fprintf(stderr, "l2fwd_static: needs an even number of ports, has %u\n", nb);
		return 1;
	}
	pool = rte_pktmbuf_pool_create("l2fwd", NB_MBUFS, 256, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
				       rte_socket_id());
	if (pool == NULL) {
		fprintf(stderr, "l2fwd_static: no mbuf pool\n");
		return 1;
	}
	RTE_ETH_FOREACH_DEV(port) {
		ret = port_init(port, pool);
		if (ret != 0) {
			fprintf(stderr, "l2fwd_static: port %u: %s\n", port, strerror(-ret));
			return 1;
		}
		if (rte_eth_dev_get_name_by_port(port, name) != 0)
			snprintf(name, sizeof(name), "?");
		printf("l2fwd_static: port %u (%s) forwards to port %u\n", port, name, port ^ 1);
	}
	printf("l2fwd_static: %s, %u ports, %u frames sent first on each\n", rte_version(), nb,
	       tx_first);
	RTE_ETH_FOREACH_DEV(port)
		send_first(port, pool, tx_first);

	hz = rte_get_timer_hz();
	start = rte_get_timer_cycles();
	tick = start + hz;
	worker = rte_get_next_lcore(-1, 1, 0);
	if (worker < RTE_MAX_LCORE)
		rte_eal_remote_launch(forward_loop, NULL, worker);
	while (!__atomic_load_n(&quit, __ATOMIC_RELAXED)) {
		/* a sleep, not a busy wait: the main lcore's core is free for other threads */
		if (worker >= RTE_MAX_LCORE)
			forward();
		else
			rte_delay_us_sleep(10000);
		if (rte_get_timer_cycles() >= tick) {
			print_rates((double)(tick - start) / hz, last, 1.0);
			tick += hz;
			if (duration_s != 0 && tick - start > (uint64_t)duration_s * hz)
				__atomic_store_n(&quit, true, __ATOMIC_RELAXED);
		}
	}
	rte_eal_mp_wait_lcore();
	snapshot(last);

	RTE_ETH_FOREACH_DEV(port) {
		memset(&es, 0, sizeof(es));
		rte_eth_stats_get(port, &es);
		printf("l2fwd_static: port %u: rx %" PRIu64 " tx %" PRIu64 " dropped %" PRIu64
		       " (ethdev: ipackets %" PRIu64 " opackets %" PRIu64 " ierrors %" PRIu64
		       " oerrors %" PRIu64 " imissed %" PRIu64 ")\n", port, last[port].rx,
		       last[port].tx, last[port].dropped, es.ipackets, es.opackets, es.ierrors,
		       es.oerrors, es.imissed);
		if (es.ierrors != 0 || es.oerrors != 0)
			rc = 1;
		rte_eth_dev_stop(port);
		rte_eth_dev_close(port);
	}
	rte_mempool_free(pool);
	rte_eal_cleanup();
	return rc;
}
