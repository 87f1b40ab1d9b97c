/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The fault soak: two net_qlxge_sim ports cabled back to back, traffic both ways for a while,
 * and the faults the model injects coming and going at random (seeded; the seed is printed, so
 * a run can be replayed): link down, firmware hang, firmware error status, dry buffer queues,
 * bad FCS, bad L4 checksums, DMA errors, delayed completions, fatal errors. A port that reports
 * RTE_ETH_EVENT_INTR_RESET is recovered as an application does: rte_eth_dev_reset (retried
 * while a fault keeps it from succeeding), configure, start.
 *
 * It fails (exit 1, saying why) on a crash or a hang (no frame moving for seconds with no fault
 * in force), a port that cannot be recovered once the faults are gone, a mempool not back to
 * full once both ports are stopped, or frames not accounted for: for each direction, every
 * frame rte_eth_tx_burst took is received (ipackets, which must be what the application got)
 * or counted once: the sender's oerrors, the receiver's ierrors, imissed or rx_drop_events
 * (docs/reliability.md).
 *
 * Usage: qlxge-soak [--seconds N] [--seed S] [--quiet]; EAL and the plugins are set up by the
 * program itself (tests/common/qlxge_test_eal.c: no hugepages, the build tree's plugins).
 * Ends with a RESULT line of figures.
 */

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <rte_byteorder.h>
#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>
#include <rte_udp.h>

#include "qlxge_contract.h"
#include "qlxge_sim.h"
#include "qlxge_test_eal.h"

#define NB_PORTS	2
#define NB_DESC		256
#define BURST		32
#define POOL_SIZE	8191
#define FRAME_LEN	128
#define UDP_PORT_SOAK	0x5153
#define HANG_S		5.0	/* no frame moving this long, no fault in force: a hang */
#define RECOVER_S	15.0	/* a port must be back this long after the faults are gone */
#define MAX_ACTIVE	2	/* faults in force at once */

static struct rte_mempool *pool;
static uint16_t port[NB_PORTS];
static struct rte_ether_addr mac[NB_PORTS];
static struct qlxge_sim_func *fn[NB_PORTS];
static struct qlxge_sim_adapter *adapter;
static bool quiet;
static double t0;	/* start of the run, for the log's times */

/* What the application sees of each port. */
static struct {
	uint64_t sent;		/* frames rte_eth_tx_burst took */
	uint64_t got;		/* test frames rte_eth_rx_burst gave */
	unsigned int reset_events;	/* RTE_ETH_EVENT_INTR_RESET (atomic) */
	bool need_reset;
	bool up;		/* configured and started */
	unsigned int resets, reset_failures;
	double retry_at;
} ps[NB_PORTS];

/* The faults of the soak: which, what argument, how long it holds (one-shots clear alone). */
struct soak_fault {
	const char *name;
	enum qlxge_sim_fault fault;
	uint64_t arg_min, arg_max;
	bool one_shot;
	unsigned int count;	/* times injected */
};

static struct soak_fault faults[] = {
	{ "link_down", QLXGE_SIM_FAULT_LINK_DOWN, 1, 1, false, 0 },
	{ "fw_hang", QLXGE_SIM_FAULT_FW_HANG, 1, 1, false, 0 },
	{ "fw_error", QLXGE_SIM_FAULT_FW_ERROR, QLXGE_MB_STS_ERR, QLXGE_MB_STS_ERR, false, 0 },
	{ "rx_bq_dry", QLXGE_SIM_FAULT_RX_BQ_DRY, 1, 1, false, 0 },
	{ "rx_bad_fcs", QLXGE_SIM_FAULT_RX_BAD_FCS, 2, 16, false, 0 },
	{ "rx_bad_l4csum", QLXGE_SIM_FAULT_RX_BAD_L4CSUM, 2, 16, false, 0 },
	{ "dma_error", QLXGE_SIM_FAULT_DMA_ERROR, 1, 3, true, 0 },
	{ "cq_delay_us", QLXGE_SIM_FAULT_CQ_DELAY_US, 100, 20000, false, 0 },
	{ "fatal", QLXGE_SIM_FAULT_FATAL, QLXGE_ERR_STS_NOF, QLXGE_ERR_STS_NOF, true, 0 },
};

static struct {
	int fault;		/* index into faults[], -1: free */
	unsigned int side;
	double until;
} active[MAX_ACTIVE];

/* xorshift64*: the soak's only source of randomness, from the printed seed */
static uint64_t rng;

static uint64_t
rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 2685821657736338717ull;
}

static uint64_t
rnd_in(uint64_t lo, uint64_t hi)
{
	return lo + (hi > lo ? rnd() % (hi - lo + 1) : 0);
}

static double
now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void
fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void
fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("FAIL: ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
	fflush(stdout);
	exit(1);
}

static int
reset_cb(uint16_t p, enum rte_eth_event_type type, void *arg, void *ret_param)
{
	(void)p;
	(void)type;
	(void)ret_param;
	__atomic_fetch_add((unsigned int *)arg, 1, __ATOMIC_RELEASE);
	return 0;
}

static int
port_up(unsigned int i)
{
	struct rte_eth_conf conf = { 0 };
	int ret;

	ret = rte_eth_dev_configure(port[i], 1, 1, &conf);
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(port[i], 0, NB_DESC, SOCKET_ID_ANY, NULL, pool);
	if (ret == 0)
		ret = rte_eth_tx_queue_setup(port[i], 0, NB_DESC, SOCKET_ID_ANY, NULL);
	if (ret == 0)
		ret = rte_eth_dev_start(port[i]);
	ps[i].up = ret == 0;
	return ret;
}

/* rte_eth_dev_reset, configure, start; retried later while it fails (a fault in force). */
static void
recover(unsigned int i, double t)
{
	int ret;

	ps[i].up = false;
	ret = rte_eth_dev_reset(port[i]);
	if (ret == 0)
		ret = port_up(i);
	if (ret != 0) {
		ps[i].reset_failures++;
		ps[i].retry_at = t + 0.05;
		if (!quiet)
			printf("[%7.3f] port %u: recovery failed (%s), retrying\n", t - t0, i,
			       strerror(-ret));
		return;
	}
	ps[i].need_reset = false;
	ps[i].resets++;
	if (!quiet)
		printf("[%7.3f] port %u: recovered (reset, reconfigured, started)\n", t - t0, i);
}

static struct rte_mbuf *
mk_frame(unsigned int from, uint64_t seq)
{
	struct rte_mbuf *m = rte_pktmbuf_alloc(pool);
	struct rte_ether_hdr *eh;
	struct rte_ipv4_hdr *ip;
	struct rte_udp_hdr *udp;

	if (m == NULL)
		return NULL;
	eh = (struct rte_ether_hdr *)rte_pktmbuf_append(m, FRAME_LEN);
	if (eh == NULL) {
		rte_pktmbuf_free(m);
		return NULL;
	}
	memset(rte_pktmbuf_mtod(m, uint8_t *), (int)(seq & 0xFF), FRAME_LEN);
	rte_ether_addr_copy(&mac[1 - from], &eh->dst_addr);
	rte_ether_addr_copy(&mac[from], &eh->src_addr);
	eh->ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4);
	ip = (struct rte_ipv4_hdr *)(eh + 1);
	memset(ip, 0, sizeof(*ip));
	ip->version_ihl = RTE_IPV4_VHL_DEF;
	ip->total_length = rte_cpu_to_be_16(FRAME_LEN - sizeof(*eh));
	ip->time_to_live = 64;
	ip->next_proto_id = IPPROTO_UDP;
	ip->src_addr = rte_cpu_to_be_32(0x0A000001 + from);
	ip->dst_addr = rte_cpu_to_be_32(0x0A000002 - from);
	ip->packet_id = rte_cpu_to_be_16((uint16_t)seq);
	ip->hdr_checksum = rte_ipv4_cksum(ip);
	udp = (struct rte_udp_hdr *)(ip + 1);
	udp->src_port = rte_cpu_to_be_16(UDP_PORT_SOAK);
	udp->dst_port = rte_cpu_to_be_16(UDP_PORT_SOAK);
	udp->dgram_len = rte_cpu_to_be_16(FRAME_LEN - sizeof(*eh) - sizeof(*ip));
	udp->dgram_cksum = 0;
	udp->dgram_cksum = rte_ipv4_udptcp_cksum(ip, udp);
	return m;
}

static void
send_burst(unsigned int i)
{
	struct rte_mbuf *m[BURST];
	uint16_t n, k;

	for (n = 0; n < BURST; n++) {
		m[n] = mk_frame(i, ps[i].sent + n);
		if (m[n] == NULL)
			break;
	}
	k = n != 0 ? rte_eth_tx_burst(port[i], 0, m, n) : 0;
	ps[i].sent += k;
	if (k < n)
		rte_pktmbuf_free_bulk(m + k, n - k);
}

static unsigned int
recv_burst(unsigned int i)
{
	struct rte_mbuf *m[BURST];
	uint16_t n, k;

	n = rte_eth_rx_burst(port[i], 0, m, BURST);
	for (k = 0; k < n; k++) {
		const struct rte_ether_hdr *eh =
			rte_pktmbuf_mtod(m[k], const struct rte_ether_hdr *);

		if (eh->ether_type != rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4))
			fail("port %u received a frame that is not the soak's", i);
	}
	ps[i].got += n;
	rte_pktmbuf_free_bulk(m, n);
	return n;
}

static unsigned int
nb_active(void)
{
	unsigned int a, n = 0;

	for (a = 0; a < MAX_ACTIVE; a++)
		n += active[a].fault >= 0;
	return n;
}

/* The faults: one ends when its time is up; a new one starts now and then, at random. */
static void
faults_step(double t, double *next)
{
	unsigned int a, b;

	for (a = 0; a < MAX_ACTIVE; a++) {
		struct soak_fault *f;

		if (active[a].fault < 0 || t < active[a].until)
			continue;
		f = &faults[active[a].fault];
		if (qlxge_sim_fault_set(fn[active[a].side], f->fault, 0) != 0)
			fail("clearing fault %s", f->name);
		if (!quiet)
			printf("[%7.3f] port %u: %s cleared\n", t - t0, active[a].side, f->name);
		active[a].fault = -1;
	}
	if (t < *next)
		return;
	*next = t + (double)rnd_in(20, 300) / 1000.0;
	for (a = 0; a < MAX_ACTIVE && active[a].fault >= 0; a++)
		;
	if (a == MAX_ACTIVE)
		return;
	active[a].fault = (int)(rnd() % RTE_DIM(faults));
	active[a].side = (unsigned int)(rnd() % NB_PORTS);
	for (b = 0; b < MAX_ACTIVE; b++) {
		/* one fault of a kind per port at a time: clearing one must not clear another */
		if (b != a && active[b].fault == active[a].fault &&
		    active[b].side == active[a].side) {
			active[a].fault = -1;
			return;
		}
	}
	{
		struct soak_fault *f = &faults[active[a].fault];
		uint64_t arg = rnd_in(f->arg_min, f->arg_max);

		active[a].until = t + (double)rnd_in(10, 400) / 1000.0;
		if (qlxge_sim_fault_set(fn[active[a].side], f->fault, arg) != 0)
			fail("setting fault %s", f->name);
		f->count++;
		if (!quiet)
			printf("[%7.3f] port %u: %s (0x%" PRIx64 ") for %.0f ms\n", t - t0,
			       active[a].side, f->name, arg, (active[a].until - t) * 1000);
	}
}

/*
 * The model's own view of port @i, for a mismatch: where the frames went as the device counts
 * them (what it sent and completed with an error, what arrived and why it was not delivered),
 * and the driver's queue xstats, so that a lost frame is placed between two counters.
 */
static void
model_view(unsigned int i)
{
	struct qlxge_sim_wire_info w;
	struct qlxge_sim_counters c;
	struct rte_eth_xstat_name *names;
	struct rte_eth_xstat *xs;
	int n, k;

	if (qlxge_sim_counters_get(fn[i], &c) == 0)
		printf("model port %u: tx_iocbs %" PRIu64 " tx_frames %" PRIu64 " tx_errors %"
		       PRIu64 " tx_drops_mac_disabled %" PRIu64 " tx_drops_no_link %" PRIu64
		       " tx_drops_wire %" PRIu64 "; rx_frames %" PRIu64 " rx_completions %" PRIu64
		       " rx_errors %" PRIu64 " drops: filter %" PRIu64 " nobuf %" PRIu64
		       " oversize %" PRIu64 " fcs %" PRIu64 " mac_disabled %" PRIu64
		       " cq_invalid %" PRIu64 " drop_events %" PRIu64 "; dma_errors %" PRIu64
		       " resets %" PRIu64 "\n", i, c.tx_iocbs, c.tx_frames, c.tx_errors,
		       c.tx_drops_mac_disabled, c.tx_drops_no_link, c.tx_drops_wire, c.rx_frames,
		       c.rx_completions, c.rx_errors, c.rx_drops_filter, c.rx_drops_nobuf,
		       c.rx_drops_oversize, c.rx_drops_fcs, c.rx_drops_mac_disabled,
		       c.rx_drops_cq_invalid, c.rx_drop_events, c.dma_errors, c.resets);
	if (qlxge_sim_wire_get(fn[i], &w) == 0)
		printf("model port %u wire: tx_frames %" PRIu64 " tx_drops %" PRIu64
		       " rx_frames %" PRIu64 "\n", i, w.tx_frames, w.tx_drops, w.rx_frames);
	n = rte_eth_xstats_get(port[i], NULL, 0);
	if (n <= 0)
		return;
	names = calloc((size_t)n, sizeof(*names));
	xs = calloc((size_t)n, sizeof(*xs));
	if (names != NULL && xs != NULL && rte_eth_xstats_get_names(port[i], names, n) == n &&
	    rte_eth_xstats_get(port[i], xs, n) == n) {
		printf("port %u xstats (non-zero):", i);
		for (k = 0; k < n; k++)
			if (xs[k].value != 0)
				printf(" %s=%" PRIu64, names[xs[k].id].name, xs[k].value);
		printf("\n");
	}
	free(names);
	free(xs);
}

static uint64_t
xstat(uint16_t p, const char *name)
{
	uint64_t id, v;

	if (rte_eth_xstats_get_id_by_name(p, name, &id) != 0 ||
	    rte_eth_xstats_get_by_id(p, &id, &v, 1) != 1)
		fail("xstat %s of port %u unreadable", name, p);
	return v;
}

int
main(int argc, char **argv)
{
	static const char *const extra[] = {
		"--log-level=pmd.net.qlxge.*:emerg", "--log-level=lib.qlxge_sim.*:emerg",
		"--vdev", "net_qlxge_sim_soak0,adapter=qlxsoak,function=0",
		"--vdev", "net_qlxge_sim_soak1,adapter=qlxsoak,function=1", NULL
	};
	static const struct option opts[] = {
		{ "seconds", required_argument, NULL, 't' },
		{ "seed", required_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	double seconds = 30, t, next_fault, last_progress, end;
	uint64_t seed = 0, frames = 0;
	struct rte_eth_stats st[NB_PORTS];
	unsigned int i, a, resets = 0, failures = 0, in_use;
	char *arg_end;
	int c;

	/* strict numbers: atof and strtoull alone take "x" as 0 and "-5" as a wrapped seed */
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			errno = 0;
			seconds = strtod(optarg, &arg_end);
			if (arg_end == optarg || *arg_end != '\0' || errno != 0 ||
			    !(seconds > 0) || seconds > 1e6) {
				fprintf(stderr, "qlxge-soak: --seconds %s: need a number of "
					"seconds above 0, up to 1000000\n", optarg);
				return 2;
			}
			break;
		case 's':
			errno = 0;
			seed = strtoull(optarg, &arg_end, 0);
			if (optarg[0] < '0' || optarg[0] > '9' || *arg_end != '\0' || errno != 0) {
				fprintf(stderr, "qlxge-soak: --seed %s: need a whole number up to "
					"%" PRIu64 "\n", optarg, UINT64_MAX);
				return 2;
			}
			break;
		case 'q':
			quiet = true;
			break;
		case 'h':
			printf("usage: %s [--seconds N] [--seed S] [--quiet]\n", argv[0]);
			return 0;
		default:
			fprintf(stderr, "usage: %s [--seconds N] [--seed S] [--quiet]\n", argv[0]);
			return 2;
		}
	}
	if (seed == 0)
		seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	rng = seed | 1;
	printf("qlxge-soak: seed %" PRIu64 " (--seed %" PRIu64 " replays the faults), %.0f s\n",
	       seed, seed, seconds);
	fflush(stdout);
	if (qlxge_test_eal_init(extra) != 0)
		fail("EAL init");
	pool = rte_pktmbuf_pool_create("soak", POOL_SIZE, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
				       SOCKET_ID_ANY);
	if (pool == NULL)
		fail("no mempool");
	adapter = qlxge_sim_adapter_find("qlxsoak");
	if (adapter == NULL)
		fail("no model adapter");
	for (i = 0; i < NB_PORTS; i++) {
		char name[32];

		snprintf(name, sizeof(name), "net_qlxge_sim_soak%u", i);
		if (rte_eth_dev_get_port_by_name(name, &port[i]) != 0)
			fail("no port %s", name);
		fn[i] = qlxge_sim_func(adapter, i);
		rte_eth_macaddr_get(port[i], &mac[i]);
		rte_eth_dev_callback_register(port[i], RTE_ETH_EVENT_INTR_RESET, reset_cb,
					      &ps[i].reset_events);
		if (port_up(i) != 0)
			fail("port %u not started", i);
	}
	for (a = 0; a < MAX_ACTIVE; a++)
		active[a].fault = -1;

	t0 = now_s();
	end = t0 + seconds;
	next_fault = t0 + 0.2;
	last_progress = t0;
	for (t = now_s(); t < end; t = now_s()) {
		unsigned int moved = 0;

		faults_step(t, &next_fault);
		for (i = 0; i < NB_PORTS; i++) {
			if (__atomic_exchange_n(&ps[i].reset_events, 0, __ATOMIC_ACQ_REL) != 0)
				ps[i].need_reset = true;
			if (ps[i].need_reset && t >= ps[i].retry_at)
				recover(i, t);
			if (ps[i].up)
				send_burst(i);
		}
		/* the receivers keep up: what is there, a few bursts of it */
		for (i = 0; i < NB_PORTS; i++) {
			unsigned int k, n = 0;

			for (k = 0; ps[i].up && k < 4; k++) {
				n = recv_burst(i);
				moved += n;
				if (n < BURST)
					break;
			}
		}
		if (moved != 0 || nb_active() != 0 || ps[0].need_reset || ps[1].need_reset)
			last_progress = t;
		else if (t - last_progress > HANG_S)
			fail("no frame moved for %.0f s with no fault in force: a hang "
			     "(seed %" PRIu64 ")", HANG_S, seed);
	}

	/* every fault gone; every port recovered */
	for (a = 0; a < MAX_ACTIVE; a++)
		if (active[a].fault >= 0)
			qlxge_sim_fault_set(fn[active[a].side], faults[active[a].fault].fault, 0);
	end = now_s() + RECOVER_S;
	for (t = now_s(); t < end; t = now_s()) {
		bool all = true;

		for (i = 0; i < NB_PORTS; i++) {
			if (__atomic_exchange_n(&ps[i].reset_events, 0, __ATOMIC_ACQ_REL) != 0)
				ps[i].need_reset = true;
			if (ps[i].need_reset && t >= ps[i].retry_at)
				recover(i, t);
			all &= ps[i].up && !ps[i].need_reset;
			if (ps[i].up)
				recv_burst(i);
		}
		if (all)
			break;
		usleep(1000);
	}
	for (i = 0; i < NB_PORTS; i++)
		if (!ps[i].up || ps[i].need_reset)
			fail("port %u not recovered %.0f s after the faults ended "
			     "(seed %" PRIu64 ")", i, RECOVER_S, seed);
	/* the frames on their way arrive; the completions come back */
	for (c = 0; c < 200; c++) {
		unsigned int moved = 0;

		for (i = 0; i < NB_PORTS; i++) {
			moved += recv_burst(i);
			rte_eth_tx_done_cleanup(port[i], 0, 0);
		}
		if (moved == 0 && c > 20)
			break;
		usleep(1000);
	}
	/* stopped: what the queues still held is counted, every mbuf back */
	for (i = 0; i < NB_PORTS; i++)
		if (rte_eth_dev_stop(port[i]) != 0)
			fail("port %u did not stop", i);
	in_use = rte_mempool_in_use_count(pool);
	if (in_use != 0)
		fail("%u mbufs not back in the pool after both ports stopped", in_use);

	for (i = 0; i < NB_PORTS; i++) {
		if (rte_eth_stats_get(port[i], &st[i]) != 0)
			fail("stats of port %u unreadable", i);
		resets += ps[i].resets;
		failures += ps[i].reset_failures;
		frames += ps[i].sent;
	}
	for (i = 0; i < NB_PORTS; i++) {
		unsigned int r = 1 - i;
		uint64_t drop_ev = xstat(port[r], "rx_drop_events");
		uint64_t acc = st[r].ipackets + st[r].ierrors + st[r].imissed + drop_ev +
			       st[i].oerrors;

		printf("qlxge-soak: port %u -> %u: sent %" PRIu64 " = received %" PRIu64
		       " + oerrors %" PRIu64 " + ierrors %" PRIu64 " + imissed %" PRIu64
		       " + rx_drop_events %" PRIu64 " (%s)\n", i, r, ps[i].sent, st[r].ipackets,
		       st[i].oerrors, st[r].ierrors, st[r].imissed, drop_ev,
		       acc == ps[i].sent ? "all accounted for" : "MISMATCH");
		if (st[r].ipackets != ps[r].got)
			fail("port %u: ipackets %" PRIu64 " but the application got %" PRIu64, r,
			     st[r].ipackets, ps[r].got);
		if (acc != ps[i].sent) {
			model_view(i);
			model_view(r);
			fail("port %u -> %u: %" PRIu64 " frames sent, %" PRIu64 " accounted for "
			     "(seed %" PRIu64 ")", i, r, ps[i].sent, acc, seed);
		}
	}
	printf("qlxge-soak: faults:");
	for (i = 0; i < RTE_DIM(faults); i++)
		printf(" %s %u", faults[i].name, faults[i].count);
	printf("; recoveries %u (%u attempts refused while a fault held)\n", resets, failures);
	printf("RESULT soak_seconds=%.0f soak_seed=%" PRIu64 " soak_frames_sent=%" PRIu64
	       " soak_frames_received=%" PRIu64 " soak_recoveries=%u soak_mempool_in_use=%u\n",
	       seconds, seed, frames, st[0].ipackets + st[1].ipackets, resets, in_use);
	printf("PASS: qlxge-soak\n");
	for (i = 0; i < NB_PORTS; i++)
		rte_eth_dev_close(port[i]);
	qlxge_sim_adapter_put(adapter);
	rte_mempool_free(pool);
	qlxge_test_eal_fini();
	return 0;
}
