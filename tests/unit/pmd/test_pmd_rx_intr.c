/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, RX queue interrupts (intr_conf.rxq, rte_eth_dev_rx_intr_enable/_disable,
 * rte_eth_dev_rx_intr_ctl_q, rte_epoll_wait: what l3fwd-power does), on the two ports of one
 * model adapter cabled back to back. A waiter thread does as a power-aware application does:
 * poll until empty, enable the queues' interrupts, sleep in rte_epoll_wait, disable them, poll
 * again. It must sleep while the wire is idle (no event, and no more epoll returns than its
 * timeouts allow: it does not spin; its CPU time is printed, not asserted), wake when a frame
 * arrives (and receive it), not wake for its own port's transmissions nor for another queue's
 * frames, and keep working across stop/start. Without interrupts (irq=0) or vectors, configure
 * refuses intr_conf.rxq. Waits are bounded; nothing asserts on time.
 */

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include <rte_epoll.h>
#include <rte_ethdev.h>
#include <rte_interrupts.h>
#include <rte_mbuf.h>

#include "qlxge_contract.h"
#include "pmd_test.h"

#define MAX_Q		4
#define EPOLL_MS	100	/* the waiter's epoll timeout: it looks at its stop flag */
#define IDLE_MS		600
#define WAKE_TRIES	5	/* frames (or bursts) sent until one wakes the waiter */

struct waiter {
	pthread_t tid;
	uint16_t port;
	uint16_t nq;
	bool enable;		/* enable the queues' interrupts before sleeping */
	bool stop;
	bool ready;
	unsigned int events;		/* epoll returns with events */
	unsigned int returns;		/* epoll returns of any kind (events or timeouts) */
	unsigned int q_events[MAX_Q];	/* events by queue (the epoll data) */
	unsigned int frames;
	int err;
};

static unsigned int
ld(const unsigned int *p)
{
	return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static void
add(unsigned int *p, unsigned int n)
{
	__atomic_fetch_add(p, n, __ATOMIC_RELEASE);
}

static unsigned int
drain(struct waiter *w)
{
	struct rte_mbuf *pkts[32];
	unsigned int total = 0;
	uint16_t q, n;

	for (q = 0; q < w->nq; q++) {
		while ((n = rte_eth_rx_burst(w->port, q, pkts, RTE_DIM(pkts))) != 0) {
			total += n;
			rte_pktmbuf_free_bulk(pkts, n);
		}
	}
	return total;
}

/* A power-aware polling loop (l3fwd-power's shape), on a thread of its own. */
static void *
waiter_main(void *arg)
{
	struct waiter *w = arg;
	struct rte_epoll_event ev[MAX_Q];
	uint16_t q;
	int n, i;

	for (q = 0; q < w->nq; q++) {
		w->err = rte_eth_dev_rx_intr_ctl_q(w->port, q, RTE_EPOLL_PER_THREAD,
						   RTE_INTR_EVENT_ADD, (void *)(uintptr_t)q);
		if (w->err != 0)
			break;
	}
	__atomic_store_n(&w->ready, true, __ATOMIC_RELEASE);
	if (w->err != 0)
		return NULL;
	while (!__atomic_load_n(&w->stop, __ATOMIC_ACQUIRE)) {
		add(&w->frames, drain(w));
		for (q = 0; q < w->nq && w->enable; q++)
			rte_eth_dev_rx_intr_enable(w->port, q);
		n = rte_epoll_wait(RTE_EPOLL_PER_THREAD, ev, MAX_Q, EPOLL_MS);
		for (q = 0; q < w->nq && w->enable; q++)
			rte_eth_dev_rx_intr_disable(w->port, q);
		add(&w->returns, 1);
		if (n > 0) {
			add(&w->events, 1);
			for (i = 0; i < n; i++)
				add(&w->q_events[(uintptr_t)ev[i].epdata.data % MAX_Q], 1);
		}
	}
	/* the registrations go with the thread's epoll instance */
	for (q = 0; q < w->nq; q++)
		rte_eth_dev_rx_intr_ctl_q(w->port, q, RTE_EPOLL_PER_THREAD, RTE_INTR_EVENT_DEL,
					  NULL);
	return NULL;
}

static void
waiter_start(struct waiter *w, uint16_t port, uint16_t nq, bool enable)
{
	unsigned int i;

	memset(w, 0, sizeof(*w));
	w->port = port;
	w->nq = nq;
	w->enable = enable;
	assert_int_equal(pthread_create(&w->tid, NULL, waiter_main, w), 0);
	for (i = 0; i < 10000 && !__atomic_load_n(&w->ready, __ATOMIC_ACQUIRE); i++)
		usleep(1000);
	assert_true(__atomic_load_n(&w->ready, __ATOMIC_ACQUIRE));
	assert_int_equal(w->err, 0);
}

static void
waiter_stop(struct waiter *w)
{
	__atomic_store_n(&w->stop, true, __ATOMIC_RELEASE);
	assert_int_equal(pthread_join(w->tid, NULL), 0);
}

/* CPU time of thread @t, in µs. */
static uint64_t
thread_cpu_us(pthread_t t)
{
	struct timespec ts;
	clockid_t cid;

	assert_int_equal(pthread_getcpuclockid(t, &cid), 0);
	assert_int_equal(clock_gettime(cid, &ts), 0);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* Port @port configured with @nq RX queues (RX interrupts on when @rxq) and 1 TX queue. */
static void
port_up(uint16_t port, uint16_t nq, bool rxq)
{
	struct rte_eth_conf conf = { 0 };

	conf.intr_conf.rxq = rxq;
	assert_int_equal(pmd_configure(port, nq, 1, &conf), 0);
	assert_int_equal(rte_eth_dev_start(port), 0);
}

static void
send_frames(uint16_t from, uint16_t to, unsigned int n)
{
	struct rte_mbuf *m;
	unsigned int i, tries;

	for (i = 0; i < n; i++) {
		m = pmd_mk_frame(pmd_pool(), to, 200);
		for (tries = 0; tries < 10000 && rte_eth_tx_burst(from, 0, &m, 1) == 0; tries++)
			usleep(100);
		assert_true(tries < 10000);
	}
}

static int
open_fds(void)
{
	struct dirent *de;
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	assert_non_null(d);
	while ((de = readdir(d)) != NULL)
		n += de->d_name[0] != '.';
	closedir(d);
	return n;
}

/* ---- cases: negative first --------------------------------------------------------------- */

/* No interrupts (irq=0: events polled), or no RX interrupts configured: refused, clearly. */
static void
test_rx_intr_refused(void **state)
{
	struct rte_eth_conf conf = { 0 };
	struct pmd_pair p;
	uint16_t port;
	char *log;

	(void)state;
	assert_int_equal(pmd_probe("net_qlxge_sim_rxi_noirq", "adapter=rxinoirq,irq=0", &port), 0);
	conf.intr_conf.rxq = 1;
	pmd_log_begin();
	assert_int_equal(rte_eth_dev_configure(port, 1, 1, &conf), -ENOTSUP);
	log = pmd_log_end();
	assert_non_null(strstr(log, "RX queue interrupts need the port's interrupts"));
	free(log);
	assert_int_equal(pmd_remove("net_qlxge_sim_rxi_noirq"), 0);

	/* a port configured without them: enable and the epoll registration are refused */
	assert_int_equal(pmd_pair_open(&p, "rxinone", false), 0);
	port_up(p.port[0], 1, false);
	assert_int_equal(rte_eth_dev_rx_intr_enable(p.port[0], 0), -EPERM);
	assert_true(rte_eth_dev_rx_intr_ctl_q(p.port[0], 0, RTE_EPOLL_PER_THREAD,
					      RTE_INTR_EVENT_ADD, NULL) < 0);
	assert_int_equal(rte_eth_dev_rx_intr_ctl_q_get_fd(p.port[0], 0), -1);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	pmd_pair_close(&p);
}

/* ---- positive cases ---------------------------------------------------------------------- */

/*
 * The waiter sleeps while the wire is idle (no event; its epoll returns no more often than its
 * timeout: it does not spin), wakes for one frame and receives it, sleeps again, and receives a
 * burst in far fewer wake-ups than frames. Its CPU time while idle is printed.
 */
static void
test_rx_intr_sleeps_and_wakes(void **state)
{
	struct waiter w;
	struct pmd_pair p;
	unsigned int r0, e0, i, sent;
	uint64_t cpu0, cpu1;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "rxiwake", true), 0);
	port_up(p.port[0], 1, false);
	port_up(p.port[1], 1, true);
	assert_true(pmd_wait_link(p.port[0], true));
	assert_true(pmd_wait_link(p.port[1], true));
	waiter_start(&w, p.port[1], 1, true);

	/* idle */
	r0 = ld(&w.returns);
	cpu0 = thread_cpu_us(w.tid);
	usleep(IDLE_MS * 1000);
	cpu1 = thread_cpu_us(w.tid);
	assert_int_equal(ld(&w.events), 0);
	/* IDLE_MS / EPOLL_MS timeouts, and a few more for a loaded machine: never a spin */
	assert_true(ld(&w.returns) - r0 <= IDLE_MS / EPOLL_MS + 3);
	print_message("rx_intr: idle %u ms: %u epoll returns, 0 events, waiter CPU %" PRIu64
		      " us\n", IDLE_MS, ld(&w.returns) - r0, cpu1 - cpu0);

	/* one frame wakes it, and it receives the frame. A frame that lands in the few
	 * microseconds between an epoll timeout and the next poll is received by that poll, with
	 * no event (as in l3fwd-power): then another frame, up to WAKE_TRIES */
	for (sent = 0; sent < WAKE_TRIES && ld(&w.events) == 0; sent++) {
		send_frames(p.port[0], p.port[1], 1);
		assert_true(pmd_wait_count(&w.frames, sent + 1));
	}
	assert_true(ld(&w.events) >= 1);
	e0 = ld(&w.events);

	/* idle again: asleep */
	usleep(IDLE_MS * 1000);
	assert_int_equal(ld(&w.events), e0);
	assert_int_equal(ld(&w.frames), sent);

	/* a burst (within the 48 buffers the queue posts): all received, in fewer wake-ups than
	 * frames. Like one frame, a burst that lands between a timeout and the next poll is
	 * received with no event: then another, up to WAKE_TRIES */
	for (i = 0; i < WAKE_TRIES && ld(&w.events) == e0; i++) {
		send_frames(p.port[0], p.port[1], 32);
		sent += 32;
		assert_true(pmd_wait_count(&w.frames, sent));
	}
	print_message("rx_intr: %u frames in %u wake-ups\n", 32 * i, ld(&w.events) - e0);
	assert_true(ld(&w.events) - e0 >= 1);
	assert_true(ld(&w.events) - e0 <= 32 * i);

	/* its own port's transmissions (TX completions on the silent vector) wake nothing */
	e0 = ld(&w.events);
	for (i = 0; i < 4; i++)
		send_frames(p.port[1], p.port[0], 16);
	pmd_drain(p.port[0], 0);
	usleep(3 * EPOLL_MS * 1000);
	assert_int_equal(ld(&w.events), e0);
	waiter_stop(&w);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_stop(p.port[1]), 0);
	pmd_pair_close(&p);
}

/*
 * Each RX queue has a vector and an eventfd of its own, apart from vector 0's (the handle's fd):
 * frames on queue 0 (the default queue, no RSS) wake queue 0's registration only. An interrupt
 * left disabled wakes nothing; enabled while its frame waits, it fires at once.
 */
static void
test_rx_intr_per_queue_vectors(void **state)
{
	struct rte_epoll_event ev[1];
	struct rte_eth_dev_info info;
	struct rte_mbuf *m;
	struct waiter w;
	struct pmd_pair p;
	int fd[MAX_Q];
	uint16_t q, k;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "rxiq", true), 0);
	port_up(p.port[0], 1, false);
	port_up(p.port[1], 3, true);
	assert_true(pmd_wait_link(p.port[1], true));
	assert_int_equal(rte_eth_dev_info_get(p.port[1], &info), 0);
	for (q = 0; q < 3; q++) {
		fd[q] = rte_eth_dev_rx_intr_ctl_q_get_fd(p.port[1], q);
		assert_true(fd[q] >= 0);
		for (k = 0; k < q; k++)
			assert_int_not_equal(fd[q], fd[k]);
	}
	waiter_start(&w, p.port[1], 3, true);
	send_frames(p.port[0], p.port[1], 8);
	assert_true(pmd_wait_count(&w.frames, 8));
	assert_true(ld(&w.q_events[0]) >= 1);
	assert_int_equal(ld(&w.q_events[1]), 0);
	assert_int_equal(ld(&w.q_events[2]), 0);
	waiter_stop(&w);

	/*
	 * Not enabled: no wake-up though a frame waits; enabled while it waits (the empty poll
	 * that missed it, then the enable), the vector fires at once. On this thread.
	 */
	assert_int_equal(rte_eth_dev_rx_intr_ctl_q(p.port[1], 0, RTE_EPOLL_PER_THREAD,
						   RTE_INTR_EVENT_ADD, NULL), 0);
	send_frames(p.port[0], p.port[1], 1);
	assert_int_equal(rte_epoll_wait(RTE_EPOLL_PER_THREAD, ev, 1, 3 * EPOLL_MS), 0);
	assert_int_equal(rte_eth_dev_rx_intr_enable(p.port[1], 0), 0);
	assert_int_equal(rte_epoll_wait(RTE_EPOLL_PER_THREAD, ev, 1, 10000), 1);
	assert_int_equal(rte_eth_dev_rx_intr_disable(p.port[1], 0), 0);
	assert_int_equal(rte_eth_rx_burst(p.port[1], 0, &m, 1), 1);
	rte_pktmbuf_free(m);
	assert_int_equal(rte_eth_dev_rx_intr_ctl_q(p.port[1], 0, RTE_EPOLL_PER_THREAD,
						   RTE_INTR_EVENT_DEL, NULL), 0);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_stop(p.port[1]), 0);
	pmd_pair_close(&p);
}

/*
 * On this thread: register queue @q of @port in this thread's epoll instance, enable, send @n
 * frames from @from, sleep until the interrupt, disable, receive them all; unregister.
 */
static void
wake_once(uint16_t from, uint16_t port, uint16_t q, unsigned int n)
{
	struct rte_epoll_event ev[1];
	struct rte_mbuf *pkts[32];
	unsigned int got = 0, round;
	uint16_t k;

	assert_int_equal(rte_eth_dev_rx_intr_ctl_q(port, q, RTE_EPOLL_PER_THREAD,
						   RTE_INTR_EVENT_ADD, NULL), 0);
	assert_int_equal(rte_eth_dev_rx_intr_enable(port, q), 0);
	send_frames(from, port, n);
	assert_int_equal(rte_epoll_wait(RTE_EPOLL_PER_THREAD, ev, 1, 10000), 1);
	assert_int_equal(rte_eth_dev_rx_intr_disable(port, q), 0);
	for (round = 0; round < 20000 && got < n; round++) {
		k = rte_eth_rx_burst(port, q, pkts, RTE_DIM(pkts));
		rte_pktmbuf_free_bulk(pkts, k);
		got += k;
		if (k == 0)
			usleep(500);
	}
	assert_int_equal(got, n);
	assert_int_equal(rte_eth_dev_rx_intr_ctl_q(port, q, RTE_EPOLL_PER_THREAD,
						   RTE_INTR_EVENT_DEL, NULL), 0);
}

/*
 * Stop, start, reconfigure without and with RX interrupts: the vectors come back each time, and
 * no eventfd is left behind (this thread's epoll instance, EAL's, is made by the first cycle).
 */
static void
test_rx_intr_across_restarts(void **state)
{
	struct pmd_pair p;
	unsigned int i;
	int fds = -1;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "rxirst", true), 0);
	port_up(p.port[0], 1, false);
	port_up(p.port[1], 2, true);
	assert_int_equal(rte_eth_dev_stop(p.port[1]), 0);
	for (i = 0; i < 4; i++) {
		if (i == 2) {	/* reconfigured without, then with again */
			port_up(p.port[1], 1, false);
			assert_int_equal(rte_eth_dev_rx_intr_enable(p.port[1], 0), -EPERM);
			assert_int_equal(rte_eth_dev_stop(p.port[1]), 0);
			port_up(p.port[1], 2, true);
		} else {
			assert_int_equal(rte_eth_dev_start(p.port[1]), 0);
		}
		assert_true(pmd_wait_link(p.port[1], true));
		wake_once(p.port[0], p.port[1], 0, 4);
		assert_int_equal(rte_eth_dev_stop(p.port[1]), 0);
		if (fds < 0)
			fds = open_fds();
		assert_int_equal(open_fds(), fds);
	}
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	pmd_pair_close(&p);
}

/*
 * More RX queues than the function has vectors for them (the model's 16: 14 from vector 2):
 * queues 13 to 15 share vector 15, its eventfd, as ixgbe shares its last; the start says so.
 */
static void
test_rx_intr_queues_beyond_the_vectors(void **state)
{
	struct pmd_pair p;
	int fd[16];
	uint16_t q, k;
	char *log;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "rxishare", true), 0);
	pmd_log_begin();
	port_up(p.port[1], 16, true);
	log = pmd_log_end();
	assert_non_null(strstr(log, "RX queues 13 to 15 share vector 15"));
	free(log);
	for (q = 0; q < 16; q++) {
		fd[q] = rte_eth_dev_rx_intr_ctl_q_get_fd(p.port[1], q);
		assert_true(fd[q] >= 0);
		for (k = 0; k < q && q < 14; k++)
			assert_int_not_equal(fd[q], fd[k]);
	}
	assert_int_equal(fd[14], fd[13]);
	assert_int_equal(fd[15], fd[13]);
	assert_int_equal(rte_eth_dev_stop(p.port[1]), 0);
	pmd_pair_close(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rx_intr_refused),
		cmocka_unit_test(test_rx_intr_sleeps_and_wakes),
		cmocka_unit_test(test_rx_intr_per_queue_vectors),
		cmocka_unit_test(test_rx_intr_across_restarts),
		cmocka_unit_test(test_rx_intr_queues_beyond_the_vectors),
	};

	return cmocka_run_group_tests(tests, pmd_setup_suite, pmd_teardown_suite);
}
