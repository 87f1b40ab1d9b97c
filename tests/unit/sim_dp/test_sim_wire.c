/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Unit tests of the model's wires (lib/qlxge_sim/wire/): loop and peer deliver in order
 * (also across two threads), the ring fills and wraps, pcap replays as fast as possible or at a
 * rate and loops, TAP moves frames both ways with the kernel (skipped without /dev/net/tun or
 * root; the interface is always removed).
 */

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <poll.h>
#include <sys/socket.h>

#include <cmocka.h>
#include <pcap/pcap.h>

#include "sim_dp_test.h"
#include "wire/clock.h"
#include "wire/wire.h"
#include "wire/wire_pvt.h"

#define T_ETHERTYPE	0x88B5	/* local experimental */

static void
frame(uint8_t *b, uint32_t len, uint32_t seq)
{
	memset(b, 0xFF, 6);
	memset(b + 6, 0x02, 6);
	t_wr16(b + 12, T_ETHERTYPE);
	t_wr32(b + 14, seq);
	for (uint32_t i = 18; i < len; i++)
		b[i] = (uint8_t)(seq + i);
}

static bool
frame_ok(const uint8_t *b, uint32_t len, uint32_t seq, uint32_t sent_len)
{
	uint8_t exp[SIM_WIRE_MAX_FRAME];

	if (len != (sent_len < 60 ? 60 : sent_len))
		return false;
	memset(exp, 0, 60);
	frame(exp, sent_len, seq);
	return memcmp(b, exp, len) == 0;
}

static uint32_t
len_of(uint32_t i)
{
	return 40 + (i * 37) % 1500;
}

/* ---- negative cases ---- */

static void
test_wire_open_invalid(void **state)
{
	struct qlxge_sim_wire_cfg cfg = { .kind = QLXGE_SIM_WIRE_NONE };
	struct sim_wire *w;

	(void)state;
	assert_int_equal(sim_wire_open(&cfg, &w), -EINVAL);
	cfg.kind = QLXGE_SIM_WIRE_PEER;
	assert_int_equal(sim_wire_open(&cfg, &w), -EINVAL);
	cfg.kind = QLXGE_SIM_WIRE_PCAP;
	cfg.rx_pcap = "/nonexistent/qlxge.pcap";
	assert_int_equal(sim_wire_open(&cfg, &w), -ENOENT);
	cfg.kind = QLXGE_SIM_WIRE_TAP;
	cfg.iface = NULL;
	assert_int_equal(sim_wire_open(&cfg, &w), -EINVAL);
	sim_wire_close(NULL);
}

/* ---- loop ---- */

static void
test_wire_loop_in_order(void **state)
{
	struct qlxge_sim_wire_cfg cfg = { .kind = QLXGE_SIM_WIRE_LOOP };
	static uint8_t b[2048], r[2048];
	struct sim_wire_stats st;
	struct sim_wire *w;
	uint32_t len;

	(void)state;
	assert_int_equal(sim_wire_open(&cfg, &w), 0);
	assert_true(sim_wire_carrier(w));
	assert_int_equal(sim_wire_kind(w), QLXGE_SIM_WIRE_LOOP);
	assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), -EAGAIN);
	for (uint32_t i = 0; i < 200; i++) {
		frame(b, len_of(i), i);
		assert_int_equal(sim_wire_tx(w, b, len_of(i)), 0);
	}
	for (uint32_t i = 0; i < 200; i++) {
		assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), 0);
		assert_true(frame_ok(r, len, i, len_of(i)));
	}
	assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), -EAGAIN);
	/* zero copy: a burst not taken shows the same frame again; taking it moves on */
	frame(b, 100, 1);
	assert_int_equal(sim_wire_tx(w, b, 100), 0);
	frame(b, 30, 2);
	assert_int_equal(sim_wire_tx(w, b, 30), 0);
	{
		const uint8_t *p;
		uint32_t l;

		assert_int_equal(sim_wire_rx_burst(w, 0, &p, &l, 1), 1);
		assert_true(frame_ok(p, l, 1, 100));
		assert_int_equal(sim_wire_rx_burst(w, 0, &p, &l, 1), 1);
		assert_true(frame_ok(p, l, 1, 100));
		assert_int_equal(sim_wire_rx_burst(w, 1, &p, &l, 1), 1);
		assert_true(frame_ok(p, l, 2, 30));	/* padded to 60 */
		assert_int_equal(sim_wire_rx_burst(w, 1, NULL, NULL, 0), 0);
	}
	/* too small a buffer: dropped */
	assert_int_equal(sim_wire_tx(w, b, 100), 0);
	assert_int_equal(sim_wire_rx(w, r, 64, &len), -EMSGSIZE);
	assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), -EAGAIN);
	sim_wire_stats_get(w, &st);
	assert_int_equal(st.tx_frames, 203);
	assert_int_equal(st.rx_frames, 203);
	sim_wire_close(w);
}

static void
test_wire_ring_full_and_wrap(void **state)
{
	struct qlxge_sim_wire_cfg cfg = { .kind = QLXGE_SIM_WIRE_LOOP };
	static uint8_t b[SIM_WIRE_MAX_FRAME + 1], r[SIM_WIRE_MAX_FRAME];
	struct sim_wire_stats st;
	struct sim_wire *w;
	uint32_t len, n = 0, next = 0;

	(void)state;
	assert_int_equal(sim_wire_open(&cfg, &w), 0);
	assert_int_equal(sim_wire_tx(w, b, SIM_WIRE_MAX_FRAME + 1), -EMSGSIZE);
	/* fill with jumbo frames until refused */
	for (;;) {
		frame(b, 9000, n);
		if (sim_wire_tx(w, b, 9000) != 0)
			break;
		n++;
	}
	assert_true(n > 100);
	sim_wire_stats_get(w, &st);
	assert_int_equal(st.tx_drops, 2);
	/* drain half, refill: the ring wraps many times, order is kept */
	for (uint32_t round = 0; round < 20; round++) {
		for (uint32_t i = 0; i < n / 2; i++) {
			assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), 0);
			assert_true(frame_ok(r, len, next, len_of(next) + (next < n ? 9000 -
						len_of(next) : 0)));
			next++;
		}
		for (uint32_t i = 0; i < n / 2; i++) {
			uint32_t s = n + round * (n / 2) + i;

			frame(b, len_of(s), s);
			assert_int_equal(sim_wire_tx(w, b, len_of(s)), 0);
		}
	}
	sim_wire_close(w);
}

/* A burst looks at frames without taking them; the next call takes the first n, across wraps. */
static void
test_wire_burst_release(void **state)
{
	struct qlxge_sim_wire_cfg cfg = { .kind = QLXGE_SIM_WIRE_LOOP };
	static uint8_t b[SIM_WIRE_MAX_FRAME];
	const uint8_t *fr[SIM_WIRE_BURST_MAX];
	uint32_t ln[SIM_WIRE_BURST_MAX];
	struct sim_wire_stats st;
	struct sim_wire *w;
	uint32_t sent = 0, next = 0;
	unsigned int n, take;

	(void)state;
	assert_int_equal(sim_wire_open(&cfg, &w), 0);
	assert_int_equal(sim_wire_rx_burst(w, 0, fr, ln, SIM_WIRE_BURST_MAX), 0);
	/* nothing looked at: nothing taken */
	assert_int_equal(sim_wire_rx_burst(w, 5, NULL, NULL, 0), 0);
	/* many rounds of mixed sizes: the ring wraps under the bursts */
	for (uint32_t round = 0; round < 400; round++) {
		for (uint32_t i = 0; i < 20; i++, sent++) {
			frame(b, len_of(sent) * 5, sent);
			assert_int_equal(sim_wire_tx(w, b, len_of(sent) * 5), 0);
		}
		n = sim_wire_rx_burst(w, 0, fr, ln, SIM_WIRE_BURST_MAX);
		assert_int_equal(n, sent - next < SIM_WIRE_BURST_MAX ? sent - next :
				    SIM_WIRE_BURST_MAX);
		for (unsigned int i = 0; i < n; i++)
			assert_true(frame_ok(fr[i], ln[i], next + i, len_of(next + i) * 5));
		/* take a part; the rest comes again, first, in the next burst */
		take = n / 2 + 1;
		next += take;
		n = sim_wire_rx_burst(w, take, fr, ln, 3);
		assert_true(n <= 3);
		if (n != 0)
			assert_true(frame_ok(fr[0], ln[0], next, len_of(next) * 5));
		assert_int_equal(sim_wire_rx_burst(w, 0, NULL, NULL, 0), 0);
	}
	/* drain with single-frame bursts, taken by the next burst or by a take alone, mixed */
	while (next < sent) {
		assert_int_equal(sim_wire_rx_burst(w, 0, fr, ln, 1), 1);
		assert_true(frame_ok(fr[0], ln[0], next, len_of(next) * 5));
		if (next & 1) {
			assert_int_equal(sim_wire_rx_burst(w, 1, NULL, NULL, 0), 0);
		} else if (next + 1 < sent) {
			assert_int_equal(sim_wire_rx_burst(w, 1, fr, ln, 1), 1);
			assert_true(frame_ok(fr[0], ln[0], next + 1, len_of(next + 1) * 5));
		} else {
			assert_int_equal(sim_wire_rx_burst(w, 1, fr, ln, 1), 0);
		}
		next++;
	}
	assert_int_equal(sim_wire_rx_burst(w, 0, fr, ln, SIM_WIRE_BURST_MAX), 0);
	sim_wire_stats_get(w, &st);
	assert_int_equal(st.rx_frames, sent);
	assert_int_equal(st.tx_frames, sent);
	sim_wire_close(w);
}

/* ---- peer ---- */

static void
test_wire_peer_both_ways(void **state)
{
	static uint8_t b[2048], r[2048];
	struct sim_wire *a, *z;
	uint32_t len;

	(void)state;
	assert_int_equal(sim_wire_pair(&a, &z), 0);
	assert_true(sim_wire_carrier(a));
	assert_true(sim_wire_carrier(z));
	for (uint32_t i = 0; i < 50; i++) {
		frame(b, len_of(i), i);
		assert_int_equal(sim_wire_tx(a, b, len_of(i)), 0);
		frame(b, len_of(i + 1000), i + 1000);
		assert_int_equal(sim_wire_tx(z, b, len_of(i + 1000)), 0);
	}
	/* nothing loops back */
	for (uint32_t i = 0; i < 50; i++) {
		assert_int_equal(sim_wire_rx(z, r, sizeof(r), &len), 0);
		assert_true(frame_ok(r, len, i, len_of(i)));
		assert_int_equal(sim_wire_rx(a, r, sizeof(r), &len), 0);
		assert_true(frame_ok(r, len, i + 1000, len_of(i + 1000)));
	}
	assert_int_equal(sim_wire_rx(a, r, sizeof(r), &len), -EAGAIN);
	assert_int_equal(sim_wire_rx(z, r, sizeof(r), &len), -EAGAIN);
	/* unplug one end */
	sim_wire_close(z);
	assert_false(sim_wire_carrier(a));
	assert_int_equal(sim_wire_tx(a, b, 64), -ENOLINK);
	sim_wire_close(a);
}

#define PEER_FRAMES	20000u

struct peer_thr {
	struct sim_wire *w;
	uint32_t bad;
};

static void *
peer_sender(void *arg)
{
	struct peer_thr *t = arg;
	uint8_t b[2048];

	for (uint32_t i = 0; i < PEER_FRAMES; ) {
		frame(b, len_of(i), i);
		if (sim_wire_tx(t->w, b, len_of(i)) == 0)
			i++;
		else
			sched_yield();
	}
	return NULL;
}

static void *
peer_receiver(void *arg)
{
	struct peer_thr *t = arg;
	const uint8_t *p;
	uint32_t l;

	for (uint32_t i = 0; i < PEER_FRAMES; ) {
		if (sim_wire_rx_burst(t->w, 0, &p, &l, 1) == 0) {
			sched_yield();
			continue;
		}
		if (!frame_ok(p, l, i, len_of(i)))
			t->bad++;
		sim_wire_rx_burst(t->w, 1, NULL, NULL, 0);
		i++;
	}
	return NULL;
}

/* The two ends polled by two threads (two adapters): every frame, in order, intact. */
static void
test_wire_peer_two_threads(void **state)
{
	struct peer_thr tx = { 0 }, rx = { 0 };
	struct sim_wire_stats st;
	pthread_t t1, t2;

	(void)state;
	assert_int_equal(sim_wire_pair(&tx.w, &rx.w), 0);
	assert_int_equal(pthread_create(&t2, NULL, peer_receiver, &rx), 0);
	assert_int_equal(pthread_create(&t1, NULL, peer_sender, &tx), 0);
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	assert_int_equal(rx.bad, 0);
	sim_wire_stats_get(rx.w, &st);
	assert_int_equal(st.rx_frames, PEER_FRAMES);
	sim_wire_close(tx.w);
	sim_wire_close(rx.w);
}

/* ---- pcap ---- */

static char pcap_path[64];

static void
pcap_write(unsigned int n)
{
	char errbuf[PCAP_ERRBUF_SIZE];
	pcap_t *p = pcap_open_dead(DLT_EN10MB, 65535);
	pcap_dumper_t *d;
	int fd;

	(void)errbuf;
	snprintf(pcap_path, sizeof(pcap_path), "/tmp/qlxge-simdp-rx-XXXXXX");
	fd = mkstemp(pcap_path);
	assert_true(fd >= 0);
	close(fd);
	assert_non_null(p);
	d = pcap_dump_open(p, pcap_path);
	assert_non_null(d);
	for (uint32_t i = 0; i < n; i++) {
		uint8_t b[2048];
		struct pcap_pkthdr h = { .caplen = len_of(i), .len = len_of(i) };

		frame(b, len_of(i), i);
		pcap_dump((u_char *)d, &h, b);
	}
	pcap_dump_close(d);
	pcap_close(p);
}

static void
test_wire_pcap_as_fast_as_possible(void **state)
{
	struct qlxge_sim_wire_cfg cfg = { .kind = QLXGE_SIM_WIRE_PCAP, .rx_pcap_loops = 3 };
	static uint8_t r[2048];
	struct sim_wire *w;
	uint32_t len;

	(void)state;
	pcap_write(10);
	cfg.rx_pcap = pcap_path;
	assert_int_equal(sim_wire_open(&cfg, &w), 0);
	assert_true(sim_wire_carrier(w));
	for (uint32_t pass = 0; pass < 3; pass++) {
		for (uint32_t i = 0; i < 10; i++) {
			assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), 0);
			assert_true(frame_ok(r, len, i, len_of(i)));
		}
	}
	assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), -EAGAIN);
	assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), -EAGAIN);
	/* TX with no TX file: accepted and dropped */
	assert_int_equal(sim_wire_tx(w, r, 64), 0);
	sim_wire_close(w);
	unlink(pcap_path);
}

/* The wires' clock in these tests: it moves only when a test moves it. */
static uint64_t fake_ns;

static uint64_t
fake_clock(void)
{
	return fake_ns;
}

/* At 200 frames per second, frame n is due n * 5 ms after frame 0: never earlier, then at once. */
static void
test_wire_pcap_at_rate(void **state)
{
	struct qlxge_sim_wire_cfg cfg = { .kind = QLXGE_SIM_WIRE_PCAP, .rx_pcap_pps = 200 };
	static uint8_t r[2048];
	struct sim_wire *w;
	uint32_t len;
	uint64_t t0;

	(void)state;
	pcap_write(5);
	cfg.rx_pcap = pcap_path;
	fake_ns = 1000000000ull;
	sim_wire_clock_set(fake_clock);
	assert_int_equal(sim_wire_open(&cfg, &w), 0);
	t0 = fake_ns;
	assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), 0);	/* frame 0 at once */
	assert_true(frame_ok(r, len, 0, len_of(0)));
	for (uint32_t i = 1; i < 5; i++) {
		fake_ns = t0 + i * 5000000ull - 1;	/* 1 ns early: not yet */
		assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), -EAGAIN);
		fake_ns = t0 + i * 5000000ull;		/* due */
		assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), 0);
		assert_true(frame_ok(r, len, i, len_of(i)));
		assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), -EAGAIN);
	}
	fake_ns += 1000000000ull;
	assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), -EAGAIN);	/* replay done */
	sim_wire_close(w);
	sim_wire_clock_set(NULL);
	unlink(pcap_path);
}

/* A pcap record longer than any wire carries is dropped and counted, never cut short. */
static void
test_wire_pcap_oversize(void **state)
{
	struct qlxge_sim_wire_cfg cfg = { .kind = QLXGE_SIM_WIRE_PCAP };
	static uint8_t b[SIM_WIRE_MAX_FRAME + 4096], r[2048];
	pcap_t *p = pcap_open_dead(DLT_EN10MB, 65535);
	struct pcap_pkthdr h;
	struct sim_wire_stats st;
	struct sim_wire *w;
	pcap_dumper_t *d;
	uint32_t len;
	int fd;

	(void)state;
	snprintf(pcap_path, sizeof(pcap_path), "/tmp/qlxge-simdp-rx-XXXXXX");
	fd = mkstemp(pcap_path);
	assert_true(fd >= 0);
	close(fd);
	assert_non_null(p);
	d = pcap_dump_open(p, pcap_path);
	assert_non_null(d);
	memset(&h, 0, sizeof(h));
	h.caplen = h.len = 100;
	frame(b, 100, 1);
	pcap_dump((u_char *)d, &h, b);
	h.caplen = h.len = SIM_WIRE_MAX_FRAME + 1;
	frame(b, SIM_WIRE_MAX_FRAME + 1, 2);
	pcap_dump((u_char *)d, &h, b);
	h.caplen = h.len = 200;
	frame(b, 200, 3);
	pcap_dump((u_char *)d, &h, b);
	pcap_dump_close(d);
	pcap_close(p);

	cfg.rx_pcap = pcap_path;
	assert_int_equal(sim_wire_open(&cfg, &w), 0);
	assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), 0);
	assert_true(frame_ok(r, len, 1, 100));
	/* the oversize record is skipped: the next frame is the third */
	assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), 0);
	assert_true(frame_ok(r, len, 3, 200));
	assert_int_equal(sim_wire_rx(w, r, sizeof(r), &len), -EAGAIN);
	sim_wire_stats_get(w, &st);
	assert_int_equal(st.rx_drops_oversize, 1);
	assert_int_equal(st.rx_frames, 2);
	sim_wire_close(w);
	unlink(pcap_path);
}

/* ---- TAP ---- */

struct tap_env {
	struct sim_wire *w;
	char ifname[IFNAMSIZ];
	int ps;
};

static int
tap_setup(void **state)
{
	static struct tap_env te;

	memset(&te, 0, sizeof(te));
	te.ps = -1;
	snprintf(te.ifname, sizeof(te.ifname), "qxsd%u", (unsigned int)getpid() % 100000u);
	*state = &te;
	return 0;
}

static int
tap_teardown(void **state)
{
	struct tap_env *te = *state;
	char cmd[96];

	if (te->ps >= 0)
		close(te->ps);
	sim_wire_close(te->w);
	te->w = NULL;
	/* always gone: closing the only file descriptor removes it; make sure */
	if (if_nametoindex(te->ifname) != 0) {
		snprintf(cmd, sizeof(cmd), "ip link delete %s 2>/dev/null", te->ifname);
		if (system(cmd) != 0)
			fprintf(stderr, "could not delete %s\n", te->ifname);
	}
	return 0;
}

static void
test_wire_tap(void **state)
{
	struct tap_env *te = *state;
	struct qlxge_sim_wire_cfg cfg = { .kind = QLXGE_SIM_WIRE_TAP };
	struct sockaddr_ll sll;
	static uint8_t b[2048], r[2048];
	unsigned int ifindex;
	char cmd[96];
	uint32_t len;
	bool seen;
	int ret;

	if (access("/dev/net/tun", R_OK | W_OK) != 0 || geteuid() != 0) {
		skip();
		return;
	}
	cfg.iface = te->ifname;
	ret = sim_wire_open(&cfg, &te->w);
	if (ret == -EPERM || ret == -EACCES || ret == -ENODEV || ret == -ENOENT) {
		/* a container without CAP_NET_ADMIN or without the tun module */
		fprintf(stderr, "tap %s: %s: skipped\n", te->ifname, strerror(-ret));
		skip();
		return;
	}
	assert_int_equal(ret, 0);
	ifindex = if_nametoindex(te->ifname);
	assert_true(ifindex != 0);
	assert_false(sim_wire_carrier(te->w));	/* created down */
	snprintf(cmd, sizeof(cmd), "ip link set dev %s up", te->ifname);
	if (system(cmd) != 0) {
		fprintf(stderr, "tap %s: 'ip link set up' failed: skipped\n", te->ifname);
		skip();
		return;
	}
	/* the kernel reports the carrier when its link watch has run: wait for it (a hang is
	 * caught by the test's timeout, nothing here measures time); the fake clock moves past
	 * the wire's carrier cache at every look */
	fake_ns = 1;
	sim_wire_clock_set(fake_clock);
	while (!sim_wire_carrier(te->w)) {
		fake_ns += 1000000000ull;
		sched_yield();
	}
	sim_wire_clock_set(NULL);

	/* kernel -> wire: a raw frame sent on the interface arrives on the wire */
	te->ps = socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, htons(T_ETHERTYPE));
	assert_true(te->ps >= 0);
	memset(&sll, 0, sizeof(sll));
	sll.sll_family = AF_PACKET;
	sll.sll_protocol = htons(T_ETHERTYPE);
	sll.sll_ifindex = (int)ifindex;
	assert_int_equal(bind(te->ps, (struct sockaddr *)&sll, sizeof(sll)), 0);
	frame(b, 100, 0xABCD);
	assert_int_equal(send(te->ps, b, 100, 0), 100);
	seen = false;
	while (!seen) {
		struct pollfd pfd = { .fd = te->w->tap_fd, .events = POLLIN };

		if (sim_wire_rx(te->w, r, sizeof(r), &len) != 0) {
			/* block until the kernel queues a frame (no timeout: see above) */
			assert_true(poll(&pfd, 1, -1) >= 0 || errno == EINTR);
			continue;
		}
		/* the kernel may send its own frames (IPv6 ND/MLD) first */
		seen = t_rd16(r + 12) == T_ETHERTYPE && frame_ok(r, len, 0xABCD, 100);
	}

	/* wire -> kernel: a frame sent on the wire is received by the packet socket */
	frame(b, 30, 0x5555);	/* short: padded to 60 by nobody on TX; the kernel sees 30 */
	assert_int_equal(sim_wire_tx(te->w, b, 30), 0);
	frame(b, 200, 0x1234);
	assert_int_equal(sim_wire_tx(te->w, b, 200), 0);
	seen = false;
	while (!seen) {
		ssize_t n = recv(te->ps, r, sizeof(r), 0);	/* blocking: no timeout */

		assert_true(n >= 0 || errno == EINTR);
		seen = n == 200 && frame_ok(r, 200, 0x1234, 200);
	}

	close(te->ps);
	te->ps = -1;
	sim_wire_close(te->w);
	te->w = NULL;
	assert_int_equal(if_nametoindex(te->ifname), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wire_open_invalid),
		cmocka_unit_test(test_wire_loop_in_order),
		cmocka_unit_test(test_wire_ring_full_and_wrap),
		cmocka_unit_test(test_wire_burst_release),
		cmocka_unit_test(test_wire_peer_both_ways),
		cmocka_unit_test(test_wire_peer_two_threads),
		cmocka_unit_test(test_wire_pcap_as_fast_as_possible),
		cmocka_unit_test(test_wire_pcap_at_rate),
		cmocka_unit_test(test_wire_pcap_oversize),
		cmocka_unit_test_setup_teardown(test_wire_tap, tap_setup, tap_teardown),
	};

	return cmocka_run_group_tests_name("sim_wire", tests, NULL, NULL);
}
