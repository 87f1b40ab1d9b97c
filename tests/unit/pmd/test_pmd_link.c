/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, administrative link: rte_eth_dev_set_link_down / _up on the two ports of one model
 * adapter, cabled back to back. Down: the link reads down, an LSC event comes, frames sent from
 * the port are not on the wire and frames arriving at it are not received (the model's MAC
 * counters say where they went); the peer keeps its link (the PHY's link does not move). Up:
 * link, event and traffic are back. Then repeated flaps, the op on a stopped port (applied at
 * start), stop/start bringing the port up, both ports from two threads, a failure (XGMAC
 * semaphore held) reported without a state change, no LSC event for an application that did
 * not ask for them; the link speeds a configuration may ask for, and internal loopback.
 *
 * Nothing waits on time: "not received" is checked once the model's drop counter shows that
 * every frame sent has been dealt with, so no frame can still be on its way.
 */

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <rte_byteorder.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "qlxge_mbox.h"
#include "qlxge_regs.h"
#include "pmd_test.h"

#define NB_FRAMES	32
#define FRAME_LEN	64
#define ETH_TYPE_TEST	0x88B5	/* IEEE local experimental */
#define POLL_ROUNDS	20000	/* x 500 us: 10 s at most, never asserted on */
#define FLAPS		5

struct events {
	unsigned int up, down;
};

struct lk {
	struct pmd_pair p;
	struct rte_ether_addr mac[2];
	struct events ev[2];
};

static int
lsc_cb(uint16_t port, enum rte_eth_event_type type, void *arg, void *ret_param)
{
	struct events *ev = arg;
	struct rte_eth_link link;

	(void)type;
	(void)ret_param;
	rte_eth_link_get_nowait(port, &link);
	__atomic_fetch_add(link.link_status ? &ev->up : &ev->down, 1, __ATOMIC_RELEASE);
	return 0;
}

/* Both ports of a fresh adapter configured (1+1 queues, LSC), callbacks on; @start: started. */
static void
lk_open(struct lk *l, const char *name, bool start)
{
	struct rte_eth_conf conf = { .intr_conf = { .lsc = 1 } };
	unsigned int f;

	memset(l, 0, sizeof(*l));
	assert_int_equal(pmd_pair_open(&l->p, name, true), 0);
	for (f = 0; f < 2; f++) {
		assert_int_equal(pmd_configure(l->p.port[f], 1, 1, &conf), 0);
		assert_int_equal(rte_eth_macaddr_get(l->p.port[f], &l->mac[f]), 0);
		assert_int_equal(rte_eth_dev_callback_register(l->p.port[f],
							       RTE_ETH_EVENT_INTR_LSC, lsc_cb,
							       &l->ev[f]), 0);
	}
	if (!start)
		return;
	for (f = 0; f < 2; f++)
		assert_int_equal(rte_eth_dev_start(l->p.port[f]), 0);
	for (f = 0; f < 2; f++)
		assert_true(pmd_wait_link(l->p.port[f], true));
}

static void
lk_close(struct lk *l)
{
	unsigned int f;

	for (f = 0; f < 2; f++)
		rte_eth_dev_callback_unregister(l->p.port[f], RTE_ETH_EVENT_INTR_LSC, lsc_cb,
						&l->ev[f]);
	pmd_pair_close(&l->p);
}

static bool
link_up_now(uint16_t port)
{
	struct rte_eth_link link;

	assert_int_equal(rte_eth_link_get_nowait(port, &link), 0);
	if (!link.link_status)
		assert_int_equal(link.link_speed, RTE_ETH_SPEED_NUM_NONE);
	return link.link_status != 0;
}

static struct qlxge_sim_counters
cnt(struct qlxge_sim_func *fn)
{
	struct qlxge_sim_counters c;

	assert_int_equal(qlxge_sim_counters_get(fn, &c), 0);
	return c;
}

/* Wait (bounded) until the model's TX (@tx) or RX drop counter of @fn reaches @target. */
static bool
wait_drops(struct qlxge_sim_func *fn, bool tx, uint64_t target)
{
	unsigned int round;
	struct qlxge_sim_counters c;

	for (round = 0; round < POLL_ROUNDS; round++) {
		c = cnt(fn);
		if ((tx ? c.tx_drops_mac_disabled : c.rx_drops_mac_disabled) >= target)
			return true;
		usleep(500);
	}
	return false;
}

/* Send @n test frames from port @from of @l to the other port's MAC, all of them (bounded). */
static void
send_n(struct lk *l, unsigned int from, unsigned int n)
{
	struct rte_mbuf *pkts[NB_FRAMES];
	unsigned int i, round;
	uint16_t done = 0;

	assert_true(n <= NB_FRAMES);
	for (i = 0; i < n; i++) {
		struct rte_ether_hdr *eh;
		uint8_t *f;

		pkts[i] = rte_pktmbuf_alloc(pmd_pool());
		assert_non_null(pkts[i]);
		f = (uint8_t *)rte_pktmbuf_append(pkts[i], FRAME_LEN);
		assert_non_null(f);
		memset(f, (int)i, FRAME_LEN);
		eh = (struct rte_ether_hdr *)f;
		rte_ether_addr_copy(&l->mac[1 - from], &eh->dst_addr);
		rte_ether_addr_copy(&l->mac[from], &eh->src_addr);
		eh->ether_type = rte_cpu_to_be_16(ETH_TYPE_TEST);
	}
	for (round = 0; round < POLL_ROUNDS && done < n; round++) {
		done += rte_eth_tx_burst(l->p.port[from], 0, pkts + done, (uint16_t)(n - done));
		if (done < n)
			usleep(500);
	}
	assert_int_equal(done, n);
}

/* Test frames received on @port: wait for @want of them (bounded), or take what is there. */
static unsigned int
recv_n(uint16_t port, unsigned int want)
{
	struct rte_mbuf *pkts[NB_FRAMES];
	unsigned int round, got = 0;
	uint16_t nb, i;

	for (round = 0; round < POLL_ROUNDS; round++) {
		nb = rte_eth_rx_burst(port, 0, pkts, NB_FRAMES);
		for (i = 0; i < nb; i++) {
			const struct rte_ether_hdr *eh =
				rte_pktmbuf_mtod(pkts[i], const struct rte_ether_hdr *);

			if (eh->ether_type == rte_cpu_to_be_16(ETH_TYPE_TEST))
				got++;
			rte_pktmbuf_free(pkts[i]);
		}
		if (got >= want || (want == 0 && nb == 0))
			break;
		usleep(500);
	}
	return got;
}

/* Traffic both ways between the two ports arrives whole. */
static void
traffic_flows(struct lk *l)
{
	send_n(l, 0, NB_FRAMES);
	assert_int_equal(recv_n(l->p.port[1], NB_FRAMES), NB_FRAMES);
	send_n(l, 1, NB_FRAMES);
	assert_int_equal(recv_n(l->p.port[0], NB_FRAMES), NB_FRAMES);
}

/* Port @f of @l is down: nothing it sends reaches the wire, nothing sent to it is received. */
static void
traffic_blocked(struct lk *l, unsigned int f)
{
	struct qlxge_sim_counters c0 = cnt(l->p.fn[f]);

	send_n(l, f, NB_FRAMES);
	assert_true(wait_drops(l->p.fn[f], true, c0.tx_drops_mac_disabled + NB_FRAMES));
	send_n(l, 1 - f, NB_FRAMES);
	assert_true(wait_drops(l->p.fn[f], false, c0.rx_drops_mac_disabled + NB_FRAMES));
	/* every frame has been dealt with by the model: none is on its way */
	assert_int_equal(recv_n(l->p.port[1 - f], 0), 0);
	assert_int_equal(recv_n(l->p.port[f], 0), 0);
	/* the port's own TX completed normally: its frames were taken, not refused */
	assert_int_equal(cnt(l->p.fn[f]).tx_errors, c0.tx_errors);
	assert_int_equal(cnt(l->p.fn[f]).tx_frames, c0.tx_frames);
	assert_int_equal(cnt(l->p.fn[f]).rx_frames, c0.rx_frames);
}

/* TX_CFG.EN and RX_CFG.EN of port @f as the test reads them (§11.1, under the semaphore). */
static void
mac_en(struct lk *l, unsigned int f, bool *tx, bool *rx)
{
	struct qlxge_sim_func *fn = l->p.fn[f];
	uint32_t sem = QLXGE_SEM_XGMAC(f);
	unsigned int tries;

	for (tries = 0; tries < POLL_ROUNDS; tries++) {
		qlxge_sim_reg_write(fn, QLXGE_REG_SEM, sem);
		if (qlxge_sim_reg_read(fn, QLXGE_REG_SEM) & QLXGE_SEM_HELD_BIT(sem))
			break;
		usleep(100);
	}
	assert_true(tries < POLL_ROUNDS);
	qlxge_sim_reg_write(fn, QLXGE_REG_XGMAC_ADDR, QLXGE_XGMAC_TX_CFG | QLXGE_XGMAC_ADDR_R);
	*tx = (qlxge_sim_reg_read(fn, QLXGE_REG_XGMAC_DATA) & QLXGE_XGMAC_TX_CFG_EN) != 0;
	qlxge_sim_reg_write(fn, QLXGE_REG_XGMAC_ADDR, QLXGE_XGMAC_RX_CFG | QLXGE_XGMAC_ADDR_R);
	*rx = (qlxge_sim_reg_read(fn, QLXGE_REG_XGMAC_DATA) & QLXGE_XGMAC_RX_CFG_EN) != 0;
	qlxge_sim_reg_write(fn, QLXGE_REG_SEM, QLXGE_SEM_RELEASE_WORD(sem));
}

static void
assert_mac_en(struct lk *l, unsigned int f, bool on)
{
	bool tx, rx;

	mac_en(l, f, &tx, &rx);
	assert_int_equal(tx, on);
	assert_int_equal(rx, on);
}

/* Down: link down, LSC, no traffic either way, drops counted, peer link up. Up: all back. */
static void
test_link_down_up(void **state)
{
	struct lk l;

	(void)state;
	lk_open(&l, "lk_du", true);
	traffic_flows(&l);
	assert_int_equal(rte_eth_dev_set_link_down(l.p.port[0]), 0);
	assert_false(link_up_now(l.p.port[0]));
	assert_true(pmd_wait_count(&l.ev[0].down, 1));
	assert_mac_en(&l, 0, false);
	/* the MAC is off, the PHY's link is not: the peer still sees one */
	assert_true(link_up_now(l.p.port[1]));
	assert_int_equal(l.ev[1].down, 0);
	traffic_blocked(&l, 0);
	/* a second down changes nothing */
	assert_int_equal(rte_eth_dev_set_link_down(l.p.port[0]), 0);
	assert_false(link_up_now(l.p.port[0]));

	assert_int_equal(rte_eth_dev_set_link_up(l.p.port[0]), 0);
	assert_true(link_up_now(l.p.port[0]));
	assert_true(pmd_wait_count(&l.ev[0].up, 1));
	assert_mac_en(&l, 0, true);
	traffic_flows(&l);
	assert_int_equal(l.ev[0].down, 1);
	assert_int_equal(l.ev[1].down, 0);
	lk_close(&l);
}

/* Repeated down/up: one event each way per flap, traffic as the state says. */
static void
test_link_repeated(void **state)
{
	unsigned int i;
	struct lk l;

	(void)state;
	lk_open(&l, "lk_rep", true);
	for (i = 1; i <= FLAPS; i++) {
		assert_int_equal(rte_eth_dev_set_link_down(l.p.port[1]), 0);
		assert_true(pmd_wait_count(&l.ev[1].down, i));
		assert_false(link_up_now(l.p.port[1]));
		if (i == FLAPS)
			traffic_blocked(&l, 1);
		assert_int_equal(rte_eth_dev_set_link_up(l.p.port[1]), 0);
		assert_true(pmd_wait_count(&l.ev[1].up, i));
		assert_true(link_up_now(l.p.port[1]));
	}
	traffic_flows(&l);
	assert_int_equal(l.ev[1].down, FLAPS);
	assert_int_equal(l.ev[0].down, 0);
	lk_close(&l);
}

/*
 * On a stopped port the op only records the state: the MAC is left alone until start, which
 * applies it (the port starts down). A stop forgets a down made while started: stop/start
 * brings the port up, with the MAC enables set as the firmware left them.
 */
static void
test_link_down_before_start(void **state)
{
	struct lk l;

	(void)state;
	lk_open(&l, "lk_pre", false);
	assert_int_equal(rte_eth_dev_start(l.p.port[1]), 0);
	assert_int_equal(rte_eth_dev_set_link_down(l.p.port[0]), 0);
	assert_false(link_up_now(l.p.port[0]));
	assert_mac_en(&l, 0, true);	/* not started: nothing touched yet */
	assert_int_equal(rte_eth_dev_start(l.p.port[0]), 0);
	assert_false(link_up_now(l.p.port[0]));
	assert_mac_en(&l, 0, false);
	assert_true(pmd_wait_link(l.p.port[1], true));
	traffic_blocked(&l, 0);
	assert_int_equal(rte_eth_dev_set_link_up(l.p.port[0]), 0);
	assert_true(pmd_wait_link(l.p.port[0], true));
	traffic_flows(&l);

	/* down while started, then stop: the MAC is as reset found it; start: up */
	assert_int_equal(rte_eth_dev_set_link_down(l.p.port[0]), 0);
	assert_mac_en(&l, 0, false);
	assert_int_equal(rte_eth_dev_stop(l.p.port[0]), 0);
	assert_mac_en(&l, 0, true);
	assert_int_equal(rte_eth_dev_start(l.p.port[0]), 0);
	assert_true(pmd_wait_link(l.p.port[0], true));
	traffic_flows(&l);

	/* up on a stopped port: accepted, nothing to do */
	assert_int_equal(rte_eth_dev_stop(l.p.port[0]), 0);
	assert_int_equal(rte_eth_dev_set_link_up(l.p.port[0]), 0);
	assert_mac_en(&l, 0, true);
	/* down, then close without a start: the MAC was never touched */
	assert_int_equal(rte_eth_dev_set_link_down(l.p.port[0]), 0);
	lk_close(&l);
}

struct flapper {
	uint16_t port;
	int ret;
};

static void *
flap_thread(void *arg)
{
	struct flapper *fl = arg;
	unsigned int i;

	for (i = 0; i < 4 * FLAPS && fl->ret == 0; i++) {
		fl->ret = rte_eth_dev_set_link_down(fl->port);
		if (fl->ret == 0)
			fl->ret = rte_eth_dev_set_link_up(fl->port);
	}
	return NULL;
}

/* Both ports flapped at once from two threads (two XGMAC semaphores, one adapter). */
static void
test_link_both_ports_concurrent(void **state)
{
	struct flapper fl[2];
	pthread_t th[2];
	unsigned int f;
	struct lk l;

	(void)state;
	lk_open(&l, "lk_two", true);
	for (f = 0; f < 2; f++) {
		fl[f].port = l.p.port[f];
		fl[f].ret = 0;
		assert_int_equal(pthread_create(&th[f], NULL, flap_thread, &fl[f]), 0);
	}
	for (f = 0; f < 2; f++) {
		assert_int_equal(pthread_join(th[f], NULL), 0);
		assert_int_equal(fl[f].ret, 0);
	}
	for (f = 0; f < 2; f++) {
		assert_true(pmd_wait_link(l.p.port[f], true));
		assert_mac_en(&l, f, true);
	}
	traffic_flows(&l);
	/* both down at once: nothing passes either way */
	for (f = 0; f < 2; f++)
		assert_int_equal(rte_eth_dev_set_link_down(l.p.port[f]), 0);
	for (f = 0; f < 2; f++)
		assert_true(pmd_wait_link(l.p.port[f], false));
	send_n(&l, 0, NB_FRAMES);
	send_n(&l, 1, NB_FRAMES);
	for (f = 0; f < 2; f++)
		assert_true(wait_drops(l.p.fn[f], true, NB_FRAMES));
	for (f = 0; f < 2; f++) {
		assert_int_equal(recv_n(l.p.port[f], 0), 0);
		assert_int_equal(cnt(l.p.fn[f]).rx_drops_mac_disabled, 0);	/* none sent */
	}
	for (f = 0; f < 2; f++)
		assert_int_equal(rte_eth_dev_set_link_up(l.p.port[f]), 0);
	traffic_flows(&l);
	lk_close(&l);
}

/* The XGMAC semaphore held elsewhere: -ETIMEDOUT, the port stays up and passes traffic. */
static void
test_link_sem_timeout(void **state)
{
	struct lk l;
	char *log;

	(void)state;
	lk_open(&l, "lk_sem", true);
	/* SEM field 0 is XGMAC0 (§3) */
	assert_int_equal(qlxge_sim_fault_set(l.p.fn[0], QLXGE_SIM_FAULT_SEM_HELD, 1u << 0), 0);
	pmd_log_begin();
	assert_int_equal(rte_eth_dev_set_link_down(l.p.port[0]), -ETIMEDOUT);
	log = pmd_log_end();
	assert_non_null(strstr(log, "XGMAC"));
	free(log);
	assert_int_equal(qlxge_sim_fault_set(l.p.fn[0], QLXGE_SIM_FAULT_SEM_HELD, 0), 0);
	assert_true(link_up_now(l.p.port[0]));
	assert_mac_en(&l, 0, true);
	traffic_flows(&l);
	assert_int_equal(l.ev[0].down, 0);
	lk_close(&l);
}

struct lsc_count {
	unsigned int n;
};

static int
lsc_count_cb(uint16_t port, enum rte_eth_event_type type, void *arg, void *ret_param)
{
	(void)port;
	(void)type;
	(void)ret_param;
	__atomic_fetch_add(&((struct lsc_count *)arg)->n, 1, __ATOMIC_RELEASE);
	return 0;
}

/*
 * LSC events only for an application that asked for them (intr_conf.lsc): the service sees the
 * link go down and up, and raises nothing. Every RX error code has its xstat.
 */
static void
test_link_lsc_only_when_configured(void **state)
{
	struct rte_eth_conf conf = { 0 };
	struct lsc_count ev = { 0 };
	struct qlxge_sim_counters c0, c;
	struct pmd_pair p;
	uint64_t id;
	unsigned int i;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "lklsc", false), 0);
	assert_int_equal(pmd_configure(p.port[0], 1, 1, &conf), 0);	/* intr_conf.lsc = 0 */
	assert_int_equal(rte_eth_dev_callback_register(p.port[0], RTE_ETH_EVENT_INTR_LSC,
						       lsc_count_cb, &ev), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_true(pmd_wait_link(p.port[0], true));
	assert_int_equal(qlxge_sim_counters_get(p.fn[0], &c0), 0);
	assert_int_equal(qlxge_sim_fault_set(p.fn[0], QLXGE_SIM_FAULT_LINK_DOWN, 1), 0);
	assert_true(pmd_wait_link(p.port[0], false));
	/* the service has seen the change (the link AEN was taken) and still raised nothing */
	for (i = 0; i < 1000; i++) {
		assert_int_equal(qlxge_sim_counters_get(p.fn[0], &c), 0);
		if (c.aens > c0.aens)
			break;
		usleep(1000);
	}
	usleep(200000);
	assert_int_equal(__atomic_load_n(&ev.n, __ATOMIC_ACQUIRE), 0);
	assert_int_equal(qlxge_sim_fault_set(p.fn[0], QLXGE_SIM_FAULT_LINK_DOWN, 0), 0);
	assert_true(pmd_wait_link(p.port[0], true));
	/* RX error code 3 (not named in §7.7) is counted where it can be seen */
	assert_int_equal(rte_eth_xstats_get_id_by_name(p.port[0], "rx_q0_other_errors", &id), 0);
	assert_int_equal(rte_eth_dev_callback_unregister(p.port[0], RTE_ETH_EVENT_INTR_LSC,
							 lsc_count_cb, &ev), 0);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	pmd_pair_close(&p);
}

/* The loopback mode the model's firmware holds for port @f (§9.4 link_config 2:0). */
static uint32_t
lpbk_cfg(struct lk *l, unsigned int f)
{
	struct qlxge_sim_port_state st;

	assert_int_equal(qlxge_sim_port_state_get(l->p.fn[f], &st), 0);
	return st.link_config & QLXGE_LINK_CFG_LOOPBACK_MASK;
}

/*
 * link_speeds and lpbk_mode at configure: what the port cannot do is refused (no rate can be
 * chosen; loopback modes other than internal). Internal loopback (lpbk_mode 1): from the start
 * the port is looped at its PCS; its frames come back to it and none reaches the peer (the
 * model's counters: every frame dealt with), and the stop takes the loop away again.
 */
static void
test_link_speeds_loopback(void **state)
{
	struct rte_eth_conf conf = { .intr_conf = { .lsc = 1 } };
	struct qlxge_sim_counters c0;
	struct lk l;

	(void)state;
	lk_open(&l, "lklpbk", false);
	conf.link_speeds = RTE_ETH_LINK_SPEED_FIXED | RTE_ETH_LINK_SPEED_1G;
	assert_int_equal(rte_eth_dev_configure(l.p.port[0], 1, 1, &conf), -EINVAL);
	conf.link_speeds = RTE_ETH_LINK_SPEED_1G | RTE_ETH_LINK_SPEED_100M;
	assert_int_equal(rte_eth_dev_configure(l.p.port[0], 1, 1, &conf), -EINVAL);
	conf.link_speeds = RTE_ETH_LINK_SPEED_1G | RTE_ETH_LINK_SPEED_10G;
	assert_int_equal(rte_eth_dev_configure(l.p.port[0], 1, 1, &conf), 0);
	conf.link_speeds = RTE_ETH_LINK_SPEED_FIXED | RTE_ETH_LINK_SPEED_10G;
	assert_int_equal(rte_eth_dev_configure(l.p.port[0], 1, 1, &conf), 0);
	conf.link_speeds = RTE_ETH_LINK_SPEED_AUTONEG;
	conf.lpbk_mode = 2;
	assert_int_equal(rte_eth_dev_configure(l.p.port[0], 1, 1, &conf), -EINVAL);
	conf.lpbk_mode = 1;
	assert_int_equal(pmd_configure(l.p.port[0], 1, 1, &conf), 0);
	assert_int_equal(lpbk_cfg(&l, 0), 0);	/* applied at start, not before */
	assert_int_equal(rte_eth_dev_start(l.p.port[0]), 0);
	assert_int_equal(rte_eth_dev_start(l.p.port[1]), 0);
	assert_int_equal(lpbk_cfg(&l, 0), QLXGE_LINK_CFG_LOOPBACK_PCS);
	assert_int_equal(lpbk_cfg(&l, 1), 0);
	assert_true(pmd_wait_link(l.p.port[0], true));
	/* the looped frames pass port 0's receive filter: they are addressed to port 1 */
	assert_int_equal(rte_eth_promiscuous_enable(l.p.port[0]), 0);
	c0 = cnt(l.p.fn[1]);
	send_n(&l, 0, NB_FRAMES);
	assert_int_equal(recv_n(l.p.port[0], NB_FRAMES), NB_FRAMES);
	assert_int_equal(recv_n(l.p.port[1], 0), 0);
	assert_int_equal(cnt(l.p.fn[1]).rx_frames, c0.rx_frames);
	assert_int_equal(rte_eth_dev_stop(l.p.port[0]), 0);
	assert_int_equal(lpbk_cfg(&l, 0), 0);
	/* a start without the mode: the cable again */
	conf.lpbk_mode = 0;
	assert_int_equal(pmd_configure(l.p.port[0], 1, 1, &conf), 0);
	assert_int_equal(rte_eth_dev_start(l.p.port[0]), 0);
	assert_true(pmd_wait_link(l.p.port[0], true));
	traffic_flows(&l);
	lk_close(&l);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_link_down_up),
		cmocka_unit_test(test_link_repeated),
		cmocka_unit_test(test_link_down_before_start),
		cmocka_unit_test(test_link_both_ports_concurrent),
		cmocka_unit_test(test_link_sem_timeout),
		cmocka_unit_test(test_link_lsc_only_when_configured),
		cmocka_unit_test(test_link_speeds_loopback),
	};

	return cmocka_run_group_tests_name("pmd_link", tests, pmd_setup_suite, pmd_teardown_suite);
}
