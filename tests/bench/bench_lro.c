/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * qlxge-bench-lro: what LRO (RTE_ETH_RX_OFFLOAD_TCP_LRO, merged in the receive burst with
 * rte_gro) gives and costs, on the two ports of one model adapter cabled back to back: port 0
 * sends a bulk TCP/IPv4 stream (1448-byte segments, ACK only, one flow), port 1 receives it.
 *
 *   batched   each round, 32 segments are sent and all placed in port 1's queue before one
 *             rte_eth_rx_burst() of 32 takes them, timed (TSC): the receive burst's cost per
 *             wire segment and the mbufs it delivers per wire segment, LRO on and off, the
 *             two alternating in blocks so that a shared machine's load falls on both
 *   streaming the stream sent as fast as port 0 takes it while port 1 polls: mbufs delivered
 *             per wire segment as the timing of the moment batches the frames
 *
 * The model runs in its own thread and its work is not in the numbers; machines are shared:
 * numbers are printed, never asserted. Prints a table and
 *   RESULT lro_mbufs_per_segment=... lro_cycles_per_segment=... nolro_cycles_per_segment=...
 *          stream_lro_mbufs_per_segment=...
 * --smoke: a short run; --rounds N: rounds per block (2000).
 */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_tcp.h>

#include "qlxge_test_args.h"
#include "qlxge_test_eal.h"
#include "rte_pmd_qlxge.h"

#define NB_DESC		1024
#define BURST		32
#define MSS		1448
#define FRAME_LEN	(RTE_ETHER_HDR_LEN + 20 + 20 + MSS)
#define BLOCKS		4
#define WAIT_US		2000000u

static unsigned int rounds = 2000;
static struct rte_mempool *pool;
static uint16_t tx_port, rx_port;
static struct rte_ether_addr mac[2];
static uint32_t seq;

/* The next segment of the stream. */
static struct rte_mbuf *
mk_segment(void)
{
	struct rte_mbuf *m = rte_pktmbuf_alloc(pool);
	struct rte_ether_hdr *eth;
	struct rte_ipv4_hdr *ip;
	struct rte_tcp_hdr *tcp;
	uint8_t *f;

	if (m == NULL)
		return NULL;
	f = (uint8_t *)rte_pktmbuf_append(m, FRAME_LEN);
	if (f == NULL) {
		rte_pktmbuf_free(m);
		return NULL;
	}
	memset(f, 0, RTE_ETHER_HDR_LEN + 40);
	memset(f + RTE_ETHER_HDR_LEN + 40, 0x5a, MSS);
	eth = (struct rte_ether_hdr *)f;
	rte_ether_addr_copy(&mac[1], &eth->dst_addr);
	rte_ether_addr_copy(&mac[0], &eth->src_addr);
	eth->ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4);
	ip = (struct rte_ipv4_hdr *)(eth + 1);
	ip->version_ihl = RTE_IPV4_VHL_DEF;
	ip->total_length = rte_cpu_to_be_16(40 + MSS);
	ip->fragment_offset = rte_cpu_to_be_16(RTE_IPV4_HDR_DF_FLAG);
	ip->time_to_live = 64;
	ip->next_proto_id = IPPROTO_TCP;
	ip->src_addr = rte_cpu_to_be_32(0x0a000001);
	ip->dst_addr = rte_cpu_to_be_32(0x0a000002);
	ip->hdr_checksum = rte_ipv4_cksum(ip);
	tcp = (struct rte_tcp_hdr *)(ip + 1);
	tcp->src_port = rte_cpu_to_be_16(5001);
	tcp->dst_port = rte_cpu_to_be_16(80);
	tcp->sent_seq = rte_cpu_to_be_32(seq);
	tcp->recv_ack = rte_cpu_to_be_32(1);
	tcp->data_off = 5 << 4;
	tcp->tcp_flags = RTE_TCP_ACK_FLAG;
	tcp->rx_win = rte_cpu_to_be_16(65535);
	tcp->cksum = rte_ipv4_udptcp_cksum(ip, tcp);
	seq += MSS;
	return m;
}

static int
port_up(uint16_t port, bool lro)
{
	struct rte_eth_conf conf = { 0 };
	int ret;

	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_IPV4_CKSUM | RTE_ETH_RX_OFFLOAD_TCP_CKSUM |
			       (lro ? RTE_ETH_RX_OFFLOAD_TCP_LRO : 0);
	conf.rxmode.max_lro_pkt_size = lro ? 65535 : 0;
	rte_eth_dev_stop(port);
	ret = rte_eth_dev_configure(port, 1, 1, &conf);
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(port, 0, NB_DESC, SOCKET_ID_ANY, NULL, pool);
	if (ret == 0)
		ret = rte_eth_tx_queue_setup(port, 0, NB_DESC, SOCKET_ID_ANY, NULL);
	if (ret == 0)
		ret = rte_eth_dev_start(port);
	if (ret == 0)
		ret = rte_eth_macaddr_get(port, &mac[port == tx_port ? 0 : 1]);
	return ret;
}

static bool
link_up(uint16_t port)
{
	struct rte_eth_link link;
	unsigned int i;

	for (i = 0; i < 1000; i++) {
		if (rte_eth_link_get_nowait(port, &link) == 0 && link.link_status)
			return true;
		usleep(2000);
	}
	return false;
}

/* Send @n segments (all of them, bounded); false if the TX queue did not take them. */
static bool
send_segments(unsigned int n)
{
	struct rte_mbuf *m[BURST];
	unsigned int i, done = 0, w;

	for (i = 0; i < n; i++)
		if ((m[i] = mk_segment()) == NULL)
			return false;
	for (w = 0; w < WAIT_US && done < n; w++) {
		done += rte_eth_tx_burst(tx_port, 0, m + done, (uint16_t)(n - done));
		if (done < n)
			rte_delay_us_block(1);
	}
	return done == n;
}

struct sample {
	uint64_t cycles, segments, mbufs;
};

/* One batched round: @n segments placed, then one timed receive burst, then the rest. */
static bool
batched_round(struct sample *s)
{
	struct rte_pmd_qlxge_rxq_state st;
	struct rte_mbuf *pkts[BURST];
	unsigned int w, i;
	uint64_t t0, t1;
	uint16_t k;

	if (!send_segments(BURST))
		return false;
	for (w = 0; w < WAIT_US; w++) {
		if (rte_pmd_qlxge_rxq_state_get(rx_port, 0, &st) != 0)
			return false;
		if (st.cq_pending >= BURST)
			break;
		rte_delay_us_block(1);
	}
	if (st.cq_pending < BURST)
		return false;
	t0 = rte_rdtsc_precise();
	k = rte_eth_rx_burst(rx_port, 0, pkts, BURST);
	t1 = rte_rdtsc_precise();
	s->cycles += t1 - t0;
	s->segments += BURST;
	s->mbufs += k;
	for (i = 0; i < k; i++)
		rte_pktmbuf_free(pkts[i]);
	/* anything the burst left (none when all came at once) */
	while ((k = rte_eth_rx_burst(rx_port, 0, pkts, BURST)) != 0)
		rte_pktmbuf_free_bulk(pkts, k);
	return true;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Streaming: send and receive as fast as each side goes, for @secs; mbufs per segment. */
static double
streaming(double secs, uint64_t *segments)
{
	uint64_t end = rte_get_timer_cycles() + (uint64_t)(secs * rte_get_timer_hz());
	uint64_t sent = 0, got_segs = 0, mbufs = 0;
	struct rte_eth_stats st0, st1;
	struct rte_mbuf *pkts[BURST];
	unsigned int i;
	uint16_t k;

	rte_eth_stats_get(rx_port, &st0);
	while (rte_get_timer_cycles() < end) {
		for (i = 0; i < BURST; i++)
			if ((pkts[i] = mk_segment()) == NULL)
				break;
		k = rte_eth_tx_burst(tx_port, 0, pkts, (uint16_t)i);
		sent += k;
		if (k < i)
			rte_pktmbuf_free_bulk(pkts + k, i - k);
		while ((k = rte_eth_rx_burst(rx_port, 0, pkts, BURST)) != 0) {
			mbufs += k;
			rte_pktmbuf_free_bulk(pkts, k);
		}
	}
	for (i = 0; i < 200; i++) {
		rte_delay_us_block(500);
		while ((k = rte_eth_rx_burst(rx_port, 0, pkts, BURST)) != 0) {
			mbufs += k;
			rte_pktmbuf_free_bulk(pkts, k);
		}
	}
	rte_eth_stats_get(rx_port, &st1);
	got_segs = st1.ipackets - st0.ipackets;
	*segments = got_segs;
	(void)sent;
	return got_segs != 0 ? (double)mbufs / (double)got_segs : 0;
}

#define MAX_ROUNDS	1000000u

/* The --rounds argument: a whole number in 1..MAX_ROUNDS. */
static bool
parse_rounds(const char *arg)
{
	unsigned long v;

	if (!qlxge_test_parse_uint("qlxge-bench-lro", "--rounds", arg, 1, MAX_ROUNDS, &v))
		return false;
	rounds = (unsigned int)v;
	return true;
}

static void
usage(FILE *f, const char *prog)
{
	fprintf(f, "usage: %s [--smoke] [--rounds 1-%u] [--help]\n"
		"  --smoke   a short run (100 rounds per block)\n"
		"  --rounds  rounds per block (default 2000)\n", prog, MAX_ROUNDS);
}

int
main(int argc, char **argv)
{
	static const char *const vdevs[] = {
		"--vdev", "net_qlxge_sim0,adapter=lrobench,function=0",
		"--vdev", "net_qlxge_sim1,adapter=lrobench,function=1", NULL,
	};
	uint64_t *cyc[2];
	struct sample tot[2] = { { 0 } };
	double stream_ratio, per_seg[2];
	uint64_t stream_segs;
	unsigned int b, r, mode, nc[2] = { 0, 0 };
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--smoke") == 0) {
			rounds = 100;
		} else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) {
			if (!parse_rounds(argv[++i]))
				return 2;
		} else if (strcmp(argv[i], "--help") == 0) {
			usage(stdout, argv[0]);
			return 0;
		} else {
			/* an unknown option never starts the whole benchmark */
			fprintf(stderr, "qlxge-bench-lro: unknown argument %s\n", argv[i]);
			usage(stderr, argv[0]);
			return 2;
		}
	}
	if (qlxge_test_eal_init(vdevs) != 0) {
		fprintf(stderr, "qlxge-bench-lro: EAL init failed\n");
		return 1;
	}
	if (rte_eth_dev_get_port_by_name("net_qlxge_sim0", &tx_port) != 0 ||
	    rte_eth_dev_get_port_by_name("net_qlxge_sim1", &rx_port) != 0)
		return 1;
	pool = rte_pktmbuf_pool_create("bench_lro", 16383, 256, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
				       SOCKET_ID_ANY);
	cyc[0] = calloc((size_t)rounds * BLOCKS, sizeof(uint64_t));
	cyc[1] = calloc((size_t)rounds * BLOCKS, sizeof(uint64_t));
	if (pool == NULL || cyc[0] == NULL || cyc[1] == NULL || port_up(tx_port, false) != 0)
		return 1;

	/* batched: LRO on (mode 1) and off (mode 0), alternating blocks */
	for (b = 0; b < BLOCKS; b++) {
		for (mode = 0; mode < 2; mode++) {
			unsigned int m = b % 2 == 0 ? 1 - mode : mode;

			if (port_up(rx_port, m == 1) != 0 || !link_up(rx_port) || !link_up(tx_port))
				return 1;
			for (r = 0; r < rounds; r++) {
				struct sample s = { 0 };

				if (!batched_round(&s)) {
					fprintf(stderr, "qlxge-bench-lro: a round did not "
						"complete\n");
					return 1;
				}
				tot[m].cycles += s.cycles;
				tot[m].segments += s.segments;
				tot[m].mbufs += s.mbufs;
				cyc[m][nc[m]++] = s.cycles;
			}
		}
	}
	for (mode = 0; mode < 2; mode++) {
		qsort(cyc[mode], nc[mode], sizeof(uint64_t), cmp_u64);
		per_seg[mode] = (double)cyc[mode][nc[mode] / 2] / BURST;
	}
	/* streaming, LRO on */
	if (port_up(rx_port, true) != 0 || !link_up(rx_port))
		return 1;
	stream_ratio = streaming(rounds >= 1000 ? 3.0 : 0.5, &stream_segs);

	printf("qlxge-bench-lro: TCP/IPv4 stream of %u-byte segments, port 0 -> port 1 of one "
	       "model adapter, bursts of %u,\n%u rounds in each of %u blocks a mode "
	       "(TSC %.2f GHz)\n", MSS, BURST, rounds, BLOCKS, rte_get_tsc_hz() / 1e9);
	printf("%-28s %14s %14s\n", "batched (32 placed, 1 burst)", "LRO off", "LRO on");
	printf("%-28s %14.1f %14.1f\n", "cycles/segment (median)", per_seg[0], per_seg[1]);
	printf("%-28s %14.1f %14.1f\n", "cycles/segment (mean)",
	       (double)tot[0].cycles / tot[0].segments, (double)tot[1].cycles / tot[1].segments);
	printf("%-28s %14.4f %14.4f\n", "mbufs/segment",
	       (double)tot[0].mbufs / tot[0].segments, (double)tot[1].mbufs / tot[1].segments);
	printf("streaming, LRO on: %" PRIu64 " segments received, %.4f mbufs/segment\n",
	       stream_segs, stream_ratio);
	printf("RESULT lro_mbufs_per_segment=%.4f lro_cycles_per_segment=%.1f "
	       "nolro_cycles_per_segment=%.1f stream_lro_mbufs_per_segment=%.4f\n",
	       (double)tot[1].mbufs / tot[1].segments, per_seg[1], per_seg[0], stream_ratio);
	rte_eth_dev_stop(rx_port);
	rte_eth_dev_stop(tx_port);
	rte_eth_dev_close(rx_port);
	rte_eth_dev_close(tx_port);
	rte_mempool_free(pool);
	free(cyc[0]);
	free(cyc[1]);
	qlxge_test_eal_fini();
	return 0;
}
