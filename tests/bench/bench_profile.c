/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * qlxge-bench-profile: io forwarding between the two ports of one model adapter (cabled back to
 * back) in ONE thread, the model's thread stopped and its poll step called between the bursts:
 * the same work for the same packets on every run, so that a profiler that counts instructions
 * (callgrind) gives the driver's and the model's cost per packet and per stage exactly, without
 * the noise of a shared machine and without the two cores' cache traffic of a real run
 * (docs/profile.md says how both are read).
 *
 * Each iteration: for each port, rte_eth_rx_burst() of up to 32 and rte_eth_tx_burst() of what
 * came to the other port (as testpmd's io forwarding), then one qlxge_sim_poll(). 2 x 2 bursts
 * of 32 64-byte UDP/IPv4 frames are injected first (testpmd's "start tx_first 2"). Both ports
 * as testpmd sets them up: one queue each, default ring sizes, RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE
 * when offered (--no-fast-free: without).
 *
 * --rxd N / --txd N: ring sizes (default: the driver's); --queues Q: Q RX and TX queues per port
 * with RSS on IP, the first bursts carrying one flow per frame (testpmd's --txonly-multi-flow)
 * so that RSS spreads them, each queue polled in turn and forwarded to the same queue of the
 * other port (io forwarding's streams); 2 bursts are injected per queue. The pool is sized as
 * qlxge-bench-fwd --scaling sizes testpmd's (every ring full, the bursts in flight, 8192 more;
 * 8191 at the defaults), with a mempool cache of 256 (--mbufs N overrides the count).
 *
 * Prints TSC cycles per forwarded packet of the RX bursts, the TX bursts and the model's poll
 * steps (one core: the model's and the driver's accesses hit the same caches, so these are
 * lower bounds of a two-core run) and "RESULT profile_rx_cycles=.. profile_tx_cycles=..
 * profile_model_cycles=..". Under callgrind:
 *   valgrind --tool=callgrind build/tests/bench/qlxge-bench-profile --iters 20000
 *   callgrind_annotate --inclusive=yes callgrind.out.<pid> | grep -E 'qlxge_|sim_'
 * and divide by the packets it prints. --smoke: a short run. Measured, never asserted.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_udp.h>

#include "qlxge_sim.h"
#include "qlxge_test_eal.h"

#define BURST		32
#define FRAME_LEN	64
#define TX_FIRST	2	/* bursts injected per port */
#define LINK_WAIT_STEPS	100000
#define MAX_QUEUES	8
#define POOL_CACHE	256

static struct rte_mempool *pool;
static bool fast_free = true;
static uint16_t nb_rxd, nb_txd, nb_q = 1;

/* "--name N" at argv[*i], N in [1, max]: N in *v, *i on it. */
static bool
opt_num(int argc, char **argv, int *i, const char *name, unsigned long max, unsigned long *v)
{
	char *end;

	if (strcmp(argv[*i], name) != 0 || *i + 1 >= argc)
		return false;
	/* a leading digit: strtoul alone would take "-5", wrapped to a huge value */
	errno = 0;
	*v = strtoul(argv[*i + 1], &end, 0);
	if (argv[*i + 1][0] < '0' || argv[*i + 1][0] > '9' || *end != '\0' || errno != 0 ||
	    *v == 0 || *v > max)
		return false;
	(*i)++;
	return true;
}

static int
port_up(uint16_t port)
{
	struct rte_eth_conf conf = { 0 };
	struct rte_eth_dev_info info;
	uint16_t q;

	if (rte_eth_dev_info_get(port, &info) != 0)
		return -1;
	if (fast_free)
		conf.txmode.offloads = info.tx_offload_capa & RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE;
	if (nb_q > 1) {	/* as testpmd's --rss-ip */
		conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
		conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IP & info.flow_type_rss_offloads;
	}
	if (rte_eth_dev_configure(port, nb_q, nb_q, &conf) != 0)
		return -1;
	for (q = 0; q < nb_q; q++)
		if (rte_eth_rx_queue_setup(port, q, nb_rxd, 0, NULL, pool) != 0 ||
		    rte_eth_tx_queue_setup(port, q, nb_txd, 0, NULL) != 0)
			return -1;
	if (rte_eth_dev_start(port) != 0)
		return -1;
	return rte_eth_promiscuous_enable(port);
}

/* A 64-byte UDP/IPv4 frame, as testpmd's txonly engine builds for tx_first. */
static struct rte_mbuf *
mk_frame(uint32_t flow)
{
	struct rte_mbuf *m = rte_pktmbuf_alloc(pool);
	struct rte_ether_hdr *eth;
	struct rte_ipv4_hdr *ip;
	struct rte_udp_hdr *udp;

	if (m == NULL || rte_pktmbuf_append(m, FRAME_LEN) == NULL)
		return NULL;
	eth = rte_pktmbuf_mtod(m, struct rte_ether_hdr *);
	memset(eth, 0, FRAME_LEN);
	eth->dst_addr.addr_bytes[0] = 0x02;
	eth->src_addr.addr_bytes[0] = 0x02;
	eth->src_addr.addr_bytes[5] = 1;
	eth->ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4);
	ip = (struct rte_ipv4_hdr *)(eth + 1);
	ip->version_ihl = RTE_IPV4_VHL_DEF;
	ip->total_length = rte_cpu_to_be_16(FRAME_LEN - RTE_ETHER_HDR_LEN);
	ip->time_to_live = 64;
	ip->next_proto_id = IPPROTO_UDP;
	/* one flow per frame with more than one queue, as --txonly-multi-flow */
	ip->src_addr = rte_cpu_to_be_32(RTE_IPV4(198, 18, 0, 1) + (nb_q > 1 ? flow : 0));
	ip->dst_addr = rte_cpu_to_be_32(RTE_IPV4(198, 18, 0, 2));
	ip->hdr_checksum = rte_ipv4_cksum(ip);
	udp = (struct rte_udp_hdr *)(ip + 1);
	udp->src_port = rte_cpu_to_be_16(9);
	udp->dst_port = rte_cpu_to_be_16(9);
	udp->dgram_len = rte_cpu_to_be_16(FRAME_LEN - RTE_ETHER_HDR_LEN - sizeof(*ip));
	return m;
}

static bool
links_up(struct qlxge_sim_adapter *ad)
{
	struct rte_eth_link l0, l1;
	unsigned int i;

	for (i = 0; i < LINK_WAIT_STEPS; i++) {
		qlxge_sim_poll(ad);
		if (rte_eth_link_get_nowait(0, &l0) == 0 && rte_eth_link_get_nowait(1, &l1) == 0 &&
		    l0.link_status && l1.link_status)
			return true;
		rte_delay_us_block(10);
	}
	return false;
}

int
main(int argc, char **argv)
{
	static const char *const vdevs[] = {
		"--vdev", "net_qlxge_sim0,adapter=benchprof,function=0",
		"--vdev", "net_qlxge_sim1,adapter=benchprof,function=1", NULL
	};
	uint64_t iters = 200000, fwd = 0, t_rx = 0, t_tx = 0, t_sim = 0, t0, t1, t2, it;
	unsigned long nb_mbufs = 0, v;
	struct rte_mbuf *pkts[BURST];
	struct qlxge_sim_adapter *ad;
	uint16_t p, n, s, q;
	uint32_t flow = 0;
	int i, b;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--smoke") == 0)
			iters = 2000;
		else if (opt_num(argc, argv, &i, "--iters", 1000000000, &v))
			iters = v;
		else if (strcmp(argv[i], "--no-fast-free") == 0)
			fast_free = false;
		else if (opt_num(argc, argv, &i, "--rxd", UINT16_MAX, &v))
			nb_rxd = (uint16_t)v;
		else if (opt_num(argc, argv, &i, "--txd", UINT16_MAX, &v))
			nb_txd = (uint16_t)v;
		else if (opt_num(argc, argv, &i, "--queues", MAX_QUEUES, &v))
			nb_q = (uint16_t)v;
		else if (opt_num(argc, argv, &i, "--mbufs", UINT32_MAX, &v))
			nb_mbufs = v;
		else {
			bool help = strcmp(argv[i], "--help") == 0;

			fprintf(help ? stdout : stderr, "usage: %s [--smoke] [--iters N] "
				"[--no-fast-free] [--rxd N] [--txd N] [--queues 1-%u] "
				"[--mbufs N]\n(whole numbers from 1; --iters up to 1000000000, "
				"--rxd and --txd up to 65535)\n", argv[0], MAX_QUEUES);
			return help ? 0 : 2;
		}
	}
	if (nb_mbufs == 0 && nb_rxd == 0 && nb_txd == 0 && nb_q == 1)
		nb_mbufs = 8191;
	else if (nb_mbufs == 0)	/* qlxge-bench-fwd --scaling's count for testpmd */
		nb_mbufs = 2ul * nb_q * ((nb_rxd != 0 ? nb_rxd : 256u) +
					 (nb_txd != 0 ? nb_txd : 256u)) +
			   2ul * BURST * TX_FIRST * nb_q * 2 + 8192;
	if (iters == 0 || qlxge_test_eal_init(vdevs) != 0 || rte_eth_dev_count_avail() != 2) {
		fprintf(stderr, "qlxge-bench-profile: EAL or the two model ports failed\n");
		return 1;
	}
	pool = rte_pktmbuf_pool_create("profile", (unsigned int)nb_mbufs, POOL_CACHE, 0,
				       RTE_MBUF_DEFAULT_BUF_SIZE, (int)rte_socket_id());
	ad = qlxge_sim_adapter_find("benchprof");
	if (pool == NULL || ad == NULL || port_up(0) != 0 || port_up(1) != 0 || !links_up(ad)) {
		fprintf(stderr, "qlxge-bench-profile: ports not up\n");
		return 1;
	}
	/* from here on the model moves only when this thread steps it */
	qlxge_sim_thread_stop(ad);
	for (p = 0; p < 2; p++) {
		for (q = 0; q < nb_q; q++) {
			for (b = 0; b < TX_FIRST; b++) {
				for (n = 0; n < BURST; n++)
					if ((pkts[n] = mk_frame(flow++)) == NULL)
						return 1;
				s = rte_eth_tx_burst(p, q, pkts, BURST);
				if (s < BURST)
					rte_pktmbuf_free_bulk(pkts + s, BURST - s);
			}
		}
	}
	for (it = 0; it < iters; it++) {
		for (p = 0; p < 2; p++) {
			for (q = 0; q < nb_q; q++) {
				t0 = rte_rdtsc();
				n = rte_eth_rx_burst(p, q, pkts, BURST);
				t1 = rte_rdtsc();
				s = n != 0 ? rte_eth_tx_burst(p ^ 1, q, pkts, n) : 0;
				t2 = rte_rdtsc();
				t_rx += t1 - t0;
				t_tx += t2 - t1;
				if (s < n)
					rte_pktmbuf_free_bulk(pkts + s, n - s);
				fwd += s;
			}
		}
		t0 = rte_rdtsc();
		qlxge_sim_poll(ad);
		t_sim += rte_rdtsc() - t0;
	}
	if (fwd == 0) {
		fprintf(stderr, "qlxge-bench-profile: nothing forwarded\n");
		return 1;
	}
	printf("qlxge-bench-profile: %" PRIu64 " iterations, %" PRIu64 " packets forwarded, "
	       "fast free %s, rings %u/%u (0: default), %u queue(s) per port, %lu mbufs, "
	       "TSC %" PRIu64 " Hz, one thread\n", iters, fwd, fast_free ? "on" : "off",
	       nb_rxd, nb_txd, nb_q, nb_mbufs, rte_get_tsc_hz());
	printf("cycles per packet: RX bursts %.1f, TX bursts %.1f, model steps %.1f\n",
	       (double)t_rx / fwd, (double)t_tx / fwd, (double)t_sim / fwd);
	printf("RESULT profile_rx_cycles=%.1f profile_tx_cycles=%.1f profile_model_cycles=%.1f "
	       "profile_packets=%" PRIu64 "\n", (double)t_rx / fwd, (double)t_tx / fwd,
	       (double)t_sim / fwd, fwd);
	rte_eth_dev_stop(0);
	rte_eth_dev_stop(1);
	qlxge_test_eal_fini();
	return 0;
}
