/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, lifecycle: the net_qlxge_sim vdev's devargs, probe/configure/start/stop/close
 * without leaks (across reconfigurations and resets too), both ports of one adapter brought up
 * at once, close restoring the LED, and the injected faults (firmware not answering, a
 * semaphore held elsewhere, link flap, fatal error and reset, a reset from the INTR_RESET
 * callback itself).
 */

#include <dlfcn.h>
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

#include <rte_alarm.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "qlxge_contract.h"
#include "pmd_test.h"

/* Negative cases first: every bad devarg fails the probe, creates no port and no adapter. */
static void
test_vdev_devargs_errors(void **state)
{
	static const char *const bad[] = {
		"adapter=dv,bogus=1",		/* unknown key */
		"adapter=dv,function=2",	/* no such function */
		"adapter=dv,function=x",
		"adapter=dv,wire=fiber",
		"adapter=dv,peer=net_qlxge_sim_nobody",	/* peer without wire=peer */
		"adapter=dv,wire=peer,peer=net_qlxge_sim_nobody",	/* not attached */
		"adapter=dv,wire=peer",		/* wire=peer without peer= */
		"adapter=dv,rx_pcap=/tmp/x.pcap",	/* pcap file without wire=pcap */
		"adapter=dv,iface=qx0",		/* iface without wire=tap */
		"adapter=dv,mac=01:00:5e:00:00:01",	/* multicast */
		"adapter=dv,mac=zz",
		"adapter=dv,fw_latency_us=99999999",
		"adapter=dv,fault_fw_hang=2",
		"adapter=dv,fault_sem_held=256",
		"adapter=dv,irq=2",
		"adapter=dv,device_id=0x8001",
		"adapter=dv,function",		/* no value */
		"adapter=abcdefghijklmnopqrstuvwxyz0123456789",	/* name too long */
	};
	unsigned int mz = pmd_memzone_count();
	uint16_t nb_ports = rte_eth_dev_count_avail();
	uint16_t port;
	unsigned int i;
	char *log;

	(void)state;
	for (i = 0; i < RTE_DIM(bad); i++) {
		pmd_log_begin();
		assert_int_not_equal(pmd_probe("net_qlxge_sim_dv", bad[i], &port), 0);
		log = pmd_log_end();
		/* the message names what is wrong */
		assert_non_null(strstr(log, "devarg") != NULL ? log : strstr(log, "peer"));
		free(log);
		assert_int_equal(rte_eth_dev_count_avail(), nb_ports);
		assert_null(qlxge_sim_adapter_find("dv"));
	}
	pmd_log_begin();
	assert_int_not_equal(pmd_probe("net_qlxge_sim_dv", "adapter=dv,bogus=1", &port), 0);
	log = pmd_log_end();
	assert_non_null(strstr(log, "unknown devarg \"bogus\""));
	free(log);
	assert_int_equal(pmd_memzone_count(), mz);
}

/* The same function of one adapter cannot be attached twice. */
static void
test_vdev_function_busy(void **state)
{
	uint16_t p0, p1;

	(void)state;
	assert_int_equal(pmd_probe("net_qlxge_sim_busy0", "adapter=busy,function=0", &p0), 0);
	assert_int_not_equal(pmd_probe("net_qlxge_sim_busy1", "adapter=busy,function=0", &p1),
			     0);
	assert_int_equal(pmd_remove("net_qlxge_sim_busy0"), 0);
	assert_null(qlxge_sim_adapter_find("busy"));
}

/* A lone port is looped back (link up), mac= replaces the flash MAC, the defaults show. */
static void
test_vdev_defaults_and_mac(void **state)
{
	struct rte_ether_addr mac, want = { { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 } };
	struct rte_eth_dev_info info;
	struct qlxge_sim_adapter *ad;
	uint16_t port;

	(void)state;
	assert_int_equal(pmd_probe("net_qlxge_sim_lone", "mac=02:11:22:33:44:55", &port), 0);
	/* adapter= defaults to the device name */
	ad = qlxge_sim_adapter_find("net_qlxge_sim_lone");
	assert_non_null(ad);
	assert_int_equal(rte_eth_macaddr_get(port, &mac), 0);
	assert_true(rte_is_same_ether_addr(&mac, &want));
	assert_int_equal(rte_eth_dev_info_get(port, &info), 0);
	assert_string_equal(info.driver_name, "net_qlxge_sim");
	assert_true(pmd_wait_link(port, true));
	qlxge_sim_adapter_put(ad);
	assert_int_equal(pmd_remove("net_qlxge_sim_lone"), 0);
	assert_null(qlxge_sim_adapter_find("net_qlxge_sim_lone"));
}

/* 100 x probe, configure, start, stop, close: no memzone, heap or mbuf left behind. */
static void
test_ethdev_cycle_100_no_leak(void **state)
{
	struct rte_eth_conf conf = { .rxmode = { .mq_mode = RTE_ETH_MQ_RX_RSS } };
	struct qlxge_sim_port_state st;
	struct pmd_pair p;
	unsigned int mz, i;
	size_t heap;

	(void)state;
	conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IPV4 | RTE_ETH_RSS_IPV6;
	/* one warm-up cycle: EAL and ethdev allocate some things once per process */
	assert_int_equal(pmd_pair_open(&p, "cyc", false), 0);
	pmd_pair_close(&p);
	mz = pmd_memzone_count();
	heap = pmd_heap_used();
	for (i = 0; i < 100; i++) {
		assert_int_equal(pmd_pair_open(&p, "cyc", false), 0);
		assert_int_equal(pmd_configure(p.port[0], 2, 2, &conf), 0);
		assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
		assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
		assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
		/* close leaves the function disabled, as reset found it */
		assert_int_equal(qlxge_sim_port_state_get(p.fn[0], &st), 0);
		assert_false(st.function_enabled);
		pmd_pair_close(&p);
		assert_null(qlxge_sim_adapter_find("cyc"));
	}
	assert_int_equal(pmd_memzone_count(), mz);
	assert_int_equal(pmd_heap_used(), heap);
	assert_int_equal(rte_mempool_in_use_count(pmd_pool()), 0);
}

struct start_arg {
	uint16_t port;
	pthread_barrier_t *barrier;
	int ret;
	int ret_stop;
};

static void *
start_thread(void *arg)
{
	struct start_arg *a = arg;

	pthread_barrier_wait(a->barrier);
	a->ret = rte_eth_dev_start(a->port);
	pthread_barrier_wait(a->barrier);
	a->ret_stop = rte_eth_dev_stop(a->port);
	pthread_barrier_wait(a->barrier);
	a->ret = a->ret != 0 ? a->ret : rte_eth_dev_start(a->port);
	return NULL;
}

/* Both ports of one adapter started (and stopped, and started) at once from two threads. */
static void
test_ethdev_concurrent_start(void **state)
{
	struct rte_eth_conf conf = { .rxmode = { .mq_mode = RTE_ETH_MQ_RX_RSS } };
	struct qlxge_sim_port_state st;
	struct start_arg arg[2];
	pthread_barrier_t barrier;
	pthread_t th[2];
	struct pmd_pair p;
	uint32_t idx, mask, words[3];
	struct rte_ether_addr mac;
	unsigned int f, round;

	(void)state;
	conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IPV4 | RTE_ETH_RSS_IPV6;
	assert_int_equal(pmd_pair_open(&p, "conc", true), 0);
	for (round = 0; round < 5; round++) {
		for (f = 0; f < 2; f++)
			assert_int_equal(pmd_configure(p.port[f], 4, 4, &conf), 0);
		assert_int_equal(pthread_barrier_init(&barrier, NULL, 2), 0);
		for (f = 0; f < 2; f++) {
			arg[f] = (struct start_arg){ .port = p.port[f], .barrier = &barrier };
			assert_int_equal(pthread_create(&th[f], NULL, start_thread, &arg[f]), 0);
		}
		for (f = 0; f < 2; f++) {
			pthread_join(th[f], NULL);
			assert_int_equal(arg[f].ret, 0);
			assert_int_equal(arg[f].ret_stop, 0);
		}
		pthread_barrier_destroy(&barrier);
		for (f = 0; f < 2; f++) {
			/* each function: enabled, its CAM entry, its routing, its RSS table */
			assert_int_equal(qlxge_sim_port_state_get(p.fn[f], &st), 0);
			assert_true(st.function_enabled);
			assert_int_equal(rte_eth_macaddr_get(p.port[f], &mac), 0);
			assert_int_equal(qlxge_sim_mac_table_get(p.ad, 0, f * 128, words, 3), 0);
			assert_int_equal(words[0], qlxge_mac_word_lo(mac.addr_bytes));
			assert_int_equal(words[1], qlxge_mac_word_hi(mac.addr_bytes));
			assert_int_equal(qlxge_sim_route_get(p.fn[f], 2, QLXGE_RT_SLOT_CAM_HIT,
							     &idx, &mask), 0);
			assert_true(idx & QLXGE_RT_IDX_E);
			assert_int_equal(mask, QLXGE_RT_DATA_CAM_HIT);
			assert_int_equal(qlxge_sim_route_get(p.fn[f], 2, QLXGE_RT_SLOT_RSS_MATCH,
							     &idx, &mask), 0);
			assert_true(idx & QLXGE_RT_IDX_E);
			assert_int_equal(rte_eth_dev_stop(p.port[f]), 0);
		}
	}
	pmd_pair_close(&p);
}

static void *
reset_thread(void *arg)
{
	struct start_arg *a = arg;

	pthread_barrier_wait(a->barrier);
	/* the whole bring-up again: reset, identify, firmware, port config, flash, LED, link */
	a->ret = rte_eth_dev_reset(a->port);
	if (a->ret == 0)
		a->ret = pmd_configure(a->port, 2, 2, NULL);
	if (a->ret == 0)
		a->ret = rte_eth_dev_start(a->port);
	return NULL;
}

/* Both ports of one adapter reset (brought up from scratch) at once from two threads. */
static void
test_ethdev_concurrent_bringup(void **state)
{
	struct qlxge_sim_counters c;
	struct start_arg arg[2];
	pthread_barrier_t barrier;
	pthread_t th[2];
	struct pmd_pair p;
	unsigned int f, round;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "bring", true), 0);
	for (f = 0; f < 2; f++) {
		assert_int_equal(pmd_configure(p.port[f], 2, 2, NULL), 0);
		assert_int_equal(rte_eth_dev_start(p.port[f]), 0);
	}
	for (round = 0; round < 5; round++) {
		assert_int_equal(pthread_barrier_init(&barrier, NULL, 2), 0);
		for (f = 0; f < 2; f++) {
			arg[f] = (struct start_arg){ .port = p.port[f], .barrier = &barrier };
			assert_int_equal(pthread_create(&th[f], NULL, reset_thread, &arg[f]), 0);
		}
		for (f = 0; f < 2; f++) {
			pthread_join(th[f], NULL);
			assert_int_equal(arg[f].ret, 0);
		}
		pthread_barrier_destroy(&barrier);
	}
	for (f = 0; f < 2; f++) {
		assert_true(pmd_wait_link(p.port[f], true));
		assert_int_equal(qlxge_sim_counters_get(p.fn[f], &c), 0);
		assert_int_equal(c.icb_load_errors, 0);
		assert_int_equal(c.mbox_errors, 0);
	}
	pmd_pair_close(&p);
}

/* Firmware that takes no mailbox command: the probe fails, saying so, and leaves nothing. */
static void
test_fault_fw_hang_probe(void **state)
{
	uint16_t nb_ports = rte_eth_dev_count_avail();
	unsigned int mz = pmd_memzone_count();
	uint16_t port;
	char *log;

	(void)state;
	pmd_log_begin();
	assert_int_not_equal(pmd_probe("net_qlxge_sim_hang", "adapter=hang,fault_fw_hang=1",
				       &port), 0);
	log = pmd_log_end();
	/* the first command of a port checks the mailbox is in step: no answer to that */
	assert_non_null(strstr(log, "GET_FW_STATE (0x0069) not sent: firmware did not answer"));
	assert_non_null(strstr(log, "firmware not ready"));
	free(log);
	assert_int_equal(rte_eth_dev_count_avail(), nb_ports);
	assert_int_equal(pmd_memzone_count(), mz);
	assert_null(qlxge_sim_adapter_find("hang"));
	/* the same function probes fine once the firmware answers */
	assert_int_equal(pmd_probe("net_qlxge_sim_hang", "adapter=hang", &port), 0);
	assert_int_equal(pmd_remove("net_qlxge_sim_hang"), 0);
}

/* A semaphore held by "the other agent": the probe fails on it, naming the semaphore. */
static void
test_fault_sem_held_probe(void **state)
{
	uint16_t port;
	char *log;

	(void)state;
	pmd_log_begin();
	/* field 7 = PROC_REG: no mailbox, no MPI access */
	assert_int_not_equal(pmd_probe("net_qlxge_sim_sem", "adapter=sem,fault_sem_held=128",
				       &port), 0);
	log = pmd_log_end();
	assert_non_null(strstr(log, "semaphore PROC_REG"));
	free(log);
	assert_null(qlxge_sim_adapter_find("sem"));
}

struct events {
	unsigned int lsc;
	unsigned int reset;
	unsigned int up, down;
};

static int
event_cb(uint16_t port, enum rte_eth_event_type type, void *arg, void *ret_param)
{
	struct events *ev = arg;
	struct rte_eth_link link;

	(void)ret_param;
	if (type == RTE_ETH_EVENT_INTR_RESET) {
		__atomic_fetch_add(&ev->reset, 1, __ATOMIC_RELEASE);
		return 0;
	}
	rte_eth_link_get_nowait(port, &link);
	if (link.link_status)
		__atomic_fetch_add(&ev->up, 1, __ATOMIC_RELEASE);
	else
		__atomic_fetch_add(&ev->down, 1, __ATOMIC_RELEASE);
	__atomic_fetch_add(&ev->lsc, 1, __ATOMIC_RELEASE);
	return 0;
}

/* Cable pulled and put back: a down and an up LSC event, link state following. */
static void
test_fault_link_flap(void **state)
{
	struct rte_eth_conf conf = { .intr_conf = { .lsc = 1 } };
	struct qlxge_sim_counters c0, c1;
	struct events ev = { 0 };
	struct pmd_pair p;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "flap", true), 0);
	assert_int_equal(pmd_configure(p.port[0], 1, 1, &conf), 0);
	assert_int_equal(rte_eth_dev_callback_register(p.port[0], RTE_ETH_EVENT_INTR_LSC,
						       event_cb, &ev), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_true(pmd_wait_link(p.port[0], true));
	assert_int_equal(qlxge_sim_counters_get(p.fn[0], &c0), 0);
	assert_int_equal(qlxge_sim_fault_set(p.fn[0], QLXGE_SIM_FAULT_LINK_DOWN, 1), 0);
	/* an application polling the link meanwhile does not take the event away */
	assert_true(pmd_wait_link(p.port[0], false));
	assert_true(pmd_wait_count(&ev.down, 1));
	assert_int_equal(qlxge_sim_fault_set(p.fn[0], QLXGE_SIM_FAULT_LINK_DOWN, 0), 0);
	assert_true(pmd_wait_link(p.port[0], true));
	assert_true(pmd_wait_count(&ev.up, 1));
	assert_int_equal(ev.down, 1);
	assert_int_equal(ev.up, 1);
	/* the events came by interrupt: the model raised vector 0 for the AENs */
	assert_int_equal(qlxge_sim_counters_get(p.fn[0], &c1), 0);
	assert_true(c1.irqs > c0.irqs);
	assert_true(c1.aens >= c0.aens + 2);
	assert_int_equal(rte_eth_dev_callback_unregister(p.port[0], RTE_ETH_EVENT_INTR_LSC,
							 event_cb, &ev), 0);
	pmd_pair_close(&p);
}

/* Without an interrupt the driver polls: the flap is reported all the same. */
static void
test_fault_link_flap_polled(void **state)
{
	struct rte_eth_conf conf = { .intr_conf = { .lsc = 1 } };
	struct qlxge_sim_adapter *ad;
	struct qlxge_sim_func *fn;
	struct events ev = { 0 };
	uint16_t port;

	(void)state;
	assert_int_equal(pmd_probe("net_qlxge_sim_poll", "adapter=poll,irq=0", &port), 0);
	ad = qlxge_sim_adapter_find("poll");
	assert_non_null(ad);
	fn = qlxge_sim_func(ad, 0);
	assert_int_equal(pmd_configure(port, 1, 1, &conf), 0);
	assert_int_equal(rte_eth_dev_callback_register(port, RTE_ETH_EVENT_INTR_LSC, event_cb,
						       &ev), 0);
	assert_int_equal(rte_eth_dev_start(port), 0);
	assert_true(pmd_wait_link(port, true));
	assert_int_equal(qlxge_sim_fault_set(fn, QLXGE_SIM_FAULT_LINK_DOWN, 1), 0);
	assert_true(pmd_wait_count(&ev.down, 1));
	assert_int_equal(qlxge_sim_fault_set(fn, QLXGE_SIM_FAULT_LINK_DOWN, 0), 0);
	assert_true(pmd_wait_count(&ev.up, 1));
	assert_true(pmd_wait_link(port, true));
	assert_int_equal(rte_eth_dev_callback_unregister(port, RTE_ETH_EVENT_INTR_LSC, event_cb,
							 &ev), 0);
	qlxge_sim_adapter_put(ad);
	assert_int_equal(pmd_remove("net_qlxge_sim_poll"), 0);
}

/*
 * A fatal error raises RTE_ETH_EVENT_INTR_RESET, and the link reads down with an LSC event
 * before it (an application following links, net_bonding, leaves the port); rte_eth_dev_reset
 * brings the port back, link up with an LSC event.
 */
static void
test_fault_fatal_reset(void **state)
{
	struct rte_eth_conf conf = { .intr_conf = { .lsc = 1 } };
	struct qlxge_sim_port_state st;
	struct events ev = { 0 };
	struct rte_eth_link link;
	struct pmd_pair p;
	uint32_t idx, mask;
	unsigned int ups;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "fatal", true), 0);
	assert_int_equal(pmd_configure(p.port[0], 1, 1, &conf), 0);
	assert_int_equal(rte_eth_dev_callback_register(p.port[0], RTE_ETH_EVENT_INTR_RESET,
						       event_cb, &ev), 0);
	assert_int_equal(rte_eth_dev_callback_register(p.port[0], RTE_ETH_EVENT_INTR_LSC,
						       event_cb, &ev), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_true(pmd_wait_link(p.port[0], true));
	ups = __atomic_load_n(&ev.up, __ATOMIC_ACQUIRE);
	assert_int_equal(qlxge_sim_fault_set(p.fn[0], QLXGE_SIM_FAULT_FATAL,
					     QLXGE_ERR_STS_NOF), 0);
	assert_true(pmd_wait_count(&ev.reset, 1));
	assert_int_equal(ev.down, 1);	/* reported before the reset event */
	assert_int_equal(rte_eth_link_get_nowait(p.port[0], &link), 0);
	assert_int_equal(link.link_status, RTE_ETH_LINK_DOWN);
	/* the port refuses to start until reset */
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_not_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_reset(p.port[0]), 0);
	assert_int_equal(pmd_configure(p.port[0], 1, 1, &conf), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_true(pmd_wait_link(p.port[0], true));
	assert_true(pmd_wait_count(&ev.up, ups + 1));
	assert_int_equal(rte_eth_dev_callback_unregister(p.port[0], RTE_ETH_EVENT_INTR_LSC,
							 event_cb, &ev), 0);
	assert_int_equal(qlxge_sim_port_state_get(p.fn[0], &st), 0);
	assert_true(st.function_enabled);
	assert_int_equal(qlxge_sim_route_get(p.fn[0], 2, QLXGE_RT_SLOT_CAM_HIT, &idx, &mask), 0);
	assert_true(idx & QLXGE_RT_IDX_E);
	assert_int_equal(ev.reset, 1);
	assert_int_equal(rte_eth_dev_callback_unregister(p.port[0], RTE_ETH_EVENT_INTR_RESET,
							 event_cb, &ev), 0);
	pmd_pair_close(&p);
}

/* A pcap file of @n frames of 60 bytes (64 on the wire with the FCS) to @dst. */
static void
write_pcap_to(const char *path, unsigned int n, const uint8_t *dst)
{
	const uint32_t ghdr[6] = { 0xa1b2c3d4, 0x00040002, 0, 0, 65535, 1 };
	uint8_t frame[60];
	uint32_t rec[4];
	unsigned int i;
	FILE *f;

	memset(frame, 0, sizeof(frame));
	memcpy(frame, dst, 6);
	frame[6] = 0x02;
	frame[11] = 0x01;
	frame[12] = 0x08;
	frame[13] = 0x06;
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(ghdr, sizeof(ghdr), 1, f), 1);
	for (i = 0; i < n; i++) {
		rec[0] = i;
		rec[1] = 0;
		rec[2] = sizeof(frame);
		rec[3] = sizeof(frame);
		assert_int_equal(fwrite(rec, sizeof(rec), 1, f), 1);
		assert_int_equal(fwrite(frame, sizeof(frame), 1, f), 1);
	}
	fclose(f);
}

static void
write_pcap(const char *path, unsigned int n)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

	write_pcap_to(path, n, bcast);
}

/* Cable @fn to a pcap file of @n frames to @dst; wait until the model took them all. */
static void
feed(struct qlxge_sim_func *fn, const uint8_t *dst, unsigned int n, struct qlxge_sim_counters *c)
{
	char path[] = "/tmp/qlxge_pmd_feed_XXXXXX";
	struct qlxge_sim_wire_cfg wire = { .kind = QLXGE_SIM_WIRE_PCAP, .rx_pcap = path };
	struct qlxge_sim_counters c0;
	unsigned int i;
	int fd;

	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	write_pcap_to(path, n, dst);
	assert_int_equal(qlxge_sim_counters_get(fn, &c0), 0);
	assert_int_equal(qlxge_sim_wire_set(fn, &wire), 0);
	for (i = 0; i < 10000; i++) {
		assert_int_equal(qlxge_sim_counters_get(fn, c), 0);
		if (c->rx_completions + c->rx_drops_filter >= c0.rx_completions +
		    c0.rx_drops_filter + n)
			break;
		usleep(1000);
	}
	c->rx_completions -= c0.rx_completions;
	c->rx_drops_filter -= c0.rx_drops_filter;
	unlink(path);
}

/*
 * The filters as the adapter applies them to frames from the wire (the receive path does not
 * hand frames to the application yet, so the model's counters tell where they went): our MAC
 * and broadcast reach the RX queue, a foreign unicast only in promiscuous mode, a multicast
 * group only once listed.
 */
static void
test_filter_traffic(void **state)
{
	static const uint8_t foreign[6] = { 0x02, 0x99, 0, 0, 0, 1 };
	static const uint8_t group[6] = { 0x01, 0x00, 0x5e, 0, 0, 7 };
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	struct rte_ether_addr mac, mc;
	struct qlxge_sim_counters c;
	struct qlxge_sim_adapter *ad;
	struct qlxge_sim_func *fn;
	uint16_t port;

	(void)state;
	assert_int_equal(pmd_probe("net_qlxge_sim_filt", "adapter=filt", &port), 0);
	ad = qlxge_sim_adapter_find("filt");
	assert_non_null(ad);
	fn = qlxge_sim_func(ad, 0);
	assert_int_equal(pmd_configure(port, 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_start(port), 0);
	assert_int_equal(rte_eth_promiscuous_disable(port), 0);
	assert_true(pmd_wait_link(port, true));
	assert_int_equal(rte_eth_macaddr_get(port, &mac), 0);

	feed(fn, mac.addr_bytes, 4, &c);
	assert_int_equal(c.rx_completions, 4);
	feed(fn, bcast, 3, &c);
	assert_int_equal(c.rx_completions, 3);
	feed(fn, foreign, 5, &c);
	assert_int_equal(c.rx_completions, 0);
	assert_int_equal(c.rx_drops_filter, 5);
	assert_int_equal(rte_eth_promiscuous_enable(port), 0);
	feed(fn, foreign, 5, &c);
	assert_int_equal(c.rx_completions, 5);
	assert_int_equal(rte_eth_promiscuous_disable(port), 0);

	feed(fn, group, 2, &c);
	assert_int_equal(c.rx_completions, 0);
	memcpy(mc.addr_bytes, group, 6);
	assert_int_equal(rte_eth_dev_set_mc_addr_list(port, &mc, 1), 0);
	feed(fn, group, 2, &c);
	assert_int_equal(c.rx_completions, 2);
	assert_int_equal(rte_eth_dev_set_mc_addr_list(port, NULL, 0), 0);
	assert_int_equal(rte_eth_allmulticast_enable(port), 0);
	feed(fn, group, 2, &c);
	assert_int_equal(c.rx_completions, 2);

	qlxge_sim_adapter_put(ad);
	assert_int_equal(pmd_remove("net_qlxge_sim_filt"), 0);
}

/* Frames from the wire move the XGMAC counters: stats, xstats and the model agree. */
static void
test_stats_traffic(void **state)
{
	char path[] = "/tmp/qlxge_pmd_stats_XXXXXX";
	struct qlxge_sim_wire_cfg wire = { 0 };
	struct qlxge_sim_counters c;
	struct rte_eth_stats st;
	struct qlxge_sim_adapter *ad;
	struct qlxge_sim_func *fn;
	unsigned int i, got;
	uint16_t port;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	write_pcap(path, 10);
	assert_int_equal(pmd_probe("net_qlxge_sim_stats", "adapter=stats", &port), 0);
	ad = qlxge_sim_adapter_find("stats");
	assert_non_null(ad);
	fn = qlxge_sim_func(ad, 0);
	assert_int_equal(pmd_configure(port, 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_start(port), 0);
	assert_true(pmd_wait_link(port, true));
	/*
	 * The file is cabled in only now: the model reads a pcap as soon as it is attached and
	 * drops what arrives before the firmware has brought the link up (reported to the model's
	 * authors); devargs wire=pcap,rx_pcap= would lose the frames in that window.
	 */
	wire.kind = QLXGE_SIM_WIRE_PCAP;
	wire.rx_pcap = path;
	assert_int_equal(qlxge_sim_wire_set(fn, &wire), 0);
	/* the basic stats count what the application received (the data path's counters) */
	for (i = 0, got = 0; i < 10000 && got < 10; i++) {
		struct rte_mbuf *pkts[16];
		uint16_t k, nb = rte_eth_rx_burst(port, 0, pkts, RTE_DIM(pkts));

		for (k = 0; k < nb; k++)
			rte_pktmbuf_free(pkts[k]);
		got += nb;
		if (nb == 0)
			usleep(1000);
	}
	assert_int_equal(rte_eth_stats_get(port, &st), 0);
	assert_int_equal(st.ipackets, 10);
	assert_int_equal(st.ibytes, 10 * 60);	/* the wire pads to 60, no FCS in an mbuf */
	assert_int_equal(st.ierrors, 0);
	assert_int_equal(qlxge_sim_counters_get(fn, &c), 0);
	assert_int_equal(c.rx_frames, 10);
	assert_int_equal(pmd_xstat(port, "rx_good_packets"), st.ipackets);
	assert_int_equal(pmd_xstat(port, "rx_good_bytes"), st.ibytes);
	/* the MAC counts the FCS */
	assert_int_equal(pmd_xstat(port, "mac_rx_good_bytes"), 10 * 64);
	assert_int_equal(pmd_xstat(port, "rx_broadcast_packets"), 10);
	assert_int_equal(pmd_xstat(port, "rx_size_64_packets"), 10);
	assert_int_equal(rte_eth_stats_reset(port), 0);
	assert_int_equal(rte_eth_stats_get(port, &st), 0);
	assert_int_equal(st.ipackets, 0);
	assert_int_equal(pmd_xstat(port, "rx_broadcast_packets"), 0);
	qlxge_sim_adapter_put(ad);
	assert_int_equal(pmd_remove("net_qlxge_sim_stats"), 0);
	unlink(path);
}

/*
 * ISP8012: the driver brings the port up itself (§4.6) and marks it initialized. It has no
 * loopback: a configuration asking for one is refused (-ENOTSUP), and the port goes on.
 */
static void
test_ethdev_isp8012(void **state)
{
	struct rte_eth_conf lpbk = { .lpbk_mode = 1 };
	struct qlxge_sim_adapter *ad;
	uint16_t p0, p1;
	uint32_t sts;

	(void)state;
	assert_int_equal(pmd_probe("net_qlxge_sim_q0", "adapter=q12,device_id=0x8012", &p0), 0);
	assert_int_equal(pmd_probe("net_qlxge_sim_q1", "adapter=q12,function=1", &p1), 0);
	ad = qlxge_sim_adapter_find("q12");
	assert_non_null(ad);
	assert_int_equal(qlxge_sim_device_id(ad), 0x8012);
	sts = qlxge_sim_reg_read(qlxge_sim_func(ad, 0), QLXGE_REG_STS);
	assert_true(sts & QLXGE_STS_PI0);
	assert_true(sts & QLXGE_STS_PI1);
	assert_int_equal(rte_eth_dev_configure(p0, 1, 1, &lpbk), -ENOTSUP);
	assert_int_equal(pmd_configure(p0, 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_set_mtu(p0, 9000), 0);
	assert_int_equal(rte_eth_dev_start(p0), 0);
	assert_true(pmd_wait_link(p0, true));
	qlxge_sim_adapter_put(ad);
	assert_int_equal(pmd_remove("net_qlxge_sim_q0"), 0);
	assert_int_equal(pmd_remove("net_qlxge_sim_q1"), 0);
	assert_null(qlxge_sim_adapter_find("q12"));
}

/* ---- dev_reset from the INTR_RESET callback ---------------------------------------------- */

/*
 * The alarms the driver sets are seen through this definition of rte_eal_alarm_set (the
 * executable's comes first for the PMD's calls), which records what was set while recording is
 * on and then sets it for real. The recorded (callback, argument) pairs are cancelled at the
 * end: a pair cancelled twice is a duplicated alarm chain.
 */
#define ALARMS_MAX	8

static struct {
	pthread_mutex_t lock;
	bool on;
	unsigned int n;
	rte_eal_alarm_callback cb[ALARMS_MAX];
	void *arg[ALARMS_MAX];
} alarms_seen = { .lock = PTHREAD_MUTEX_INITIALIZER };

int
rte_eal_alarm_set(uint64_t us, rte_eal_alarm_callback cb, void *arg)
{
	static int (*real)(uint64_t, rte_eal_alarm_callback, void *);
	unsigned int i;

	if (real == NULL)
		*(void **)&real = dlsym(RTLD_NEXT, "rte_eal_alarm_set");
	pthread_mutex_lock(&alarms_seen.lock);
	if (alarms_seen.on) {
		for (i = 0; i < alarms_seen.n; i++)
			if (alarms_seen.cb[i] == cb && alarms_seen.arg[i] == arg)
				break;
		if (i == alarms_seen.n && i < ALARMS_MAX) {
			alarms_seen.cb[i] = cb;
			alarms_seen.arg[i] = arg;
			alarms_seen.n++;
		}
	}
	pthread_mutex_unlock(&alarms_seen.lock);
	return real(us, cb, arg);
}

struct reset_in_cb {
	unsigned int events;
	unsigned int done;
	int ret;
};

static int
reset_in_cb(uint16_t port, enum rte_eth_event_type type, void *arg, void *ret_param)
{
	struct reset_in_cb *r = arg;

	(void)type;
	(void)ret_param;
	if (__atomic_fetch_add(&r->events, 1, __ATOMIC_ACQ_REL) == 0) {
		r->ret = rte_eth_dev_reset(port);
		__atomic_store_n(&r->done, 1, __ATOMIC_RELEASE);
	}
	return 0;
}

/*
 * The application resets the port inside the INTR_RESET callback (on the interrupt thread,
 * from the service alarm when polled, from the interrupt handler otherwise): the reset neither
 * hangs nor leaves two service alarm chains, and the port works afterwards.
 */
static void
check_reset_in_callback(const char *adapter, const char *args)
{
	struct reset_in_cb r = { 0 };
	struct qlxge_sim_adapter *ad;
	unsigned int i;
	char name[64];
	uint16_t port;
	int n;

	snprintf(name, sizeof(name), "net_qlxge_sim_%s", adapter);
	assert_int_equal(pmd_probe(name, args, &port), 0);
	ad = qlxge_sim_adapter_find(adapter);
	assert_non_null(ad);
	assert_int_equal(pmd_configure(port, 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_callback_register(port, RTE_ETH_EVENT_INTR_RESET,
						       reset_in_cb, &r), 0);
	assert_int_equal(rte_eth_dev_start(port), 0);
	pthread_mutex_lock(&alarms_seen.lock);
	alarms_seen.n = 0;
	alarms_seen.on = true;
	pthread_mutex_unlock(&alarms_seen.lock);
	assert_int_equal(qlxge_sim_fault_set(qlxge_sim_func(ad, 0), QLXGE_SIM_FAULT_FATAL,
					     QLXGE_ERR_STS_NOF), 0);
	assert_true(pmd_wait_count(&r.done, 1));
	assert_int_equal(r.ret, 0);
	pthread_mutex_lock(&alarms_seen.lock);
	alarms_seen.on = false;
	pthread_mutex_unlock(&alarms_seen.lock);
	/*
	 * The reset armed the service alarm: recorded, and pending once (cancel waits for one
	 * still running, and takes what it re-armed).
	 */
	assert_true(alarms_seen.n > 0);
	for (i = 0; i < alarms_seen.n; i++) {
		n = rte_eal_alarm_cancel(alarms_seen.cb[i], alarms_seen.arg[i]);
		assert_true(n <= 1);
	}
	/* a reset arms it again; the port comes back */
	assert_int_equal(rte_eth_dev_reset(port), 0);
	assert_int_equal(pmd_configure(port, 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_start(port), 0);
	assert_true(pmd_wait_link(port, true));
	assert_int_equal(rte_eth_dev_callback_unregister(port, RTE_ETH_EVENT_INTR_RESET,
							 reset_in_cb, &r), 0);
	assert_int_equal(rte_eth_dev_stop(port), 0);
	qlxge_sim_adapter_put(ad);
	assert_int_equal(pmd_remove(name), 0);
}

static void
test_fault_reset_in_callback_polled(void **state)
{
	(void)state;
	check_reset_in_callback("lcrstp", "adapter=lcrstp,irq=0");
}

static void
test_fault_reset_in_callback_irq(void **state)
{
	(void)state;
	check_reset_in_callback("lcrsti", "adapter=lcrsti");
}

/* ---- more of the lifecycle --------------------------------------------------------------- */

/*
 * Devargs are strict: a key given twice, a number with a blank or a sign, a default adapter name
 * that would be truncated (the way out, adapter=, is named) are refused; wire=peer does not
 * re-cable a function given a wire of its own, and takes one cabled by default.
 */
static void
test_vdev_devargs_strict_names_and_peers(void **state)
{
	static const char *const bad[] = {
		"adapter=lcda,function=0,function=1",	/* duplicate key */
		"adapter=lcda,function= 1",		/* leading blank */
		"adapter=lcda,function=+1",		/* sign */
		"adapter=lcda,fw_latency_us=-0",
	};
	const char *longname = "net_qlxge_sim_aaaaaaaaaaaaaaaaaaaaaaaaaaaa_0";
	struct qlxge_sim_adapter *ad;
	uint16_t port, p0, p1;
	unsigned int i;
	char *log;

	(void)state;
	for (i = 0; i < RTE_DIM(bad); i++) {
		assert_int_not_equal(pmd_probe("net_qlxge_sim_lcda", bad[i], &port), 0);
		assert_null(qlxge_sim_adapter_find("lcda"));
	}
	/* a default adapter name that would be truncated is refused, with the way out named */
	pmd_log_begin();
	assert_int_not_equal(pmd_probe(longname, "", &port), 0);
	log = pmd_log_end();
	assert_non_null(strstr(log, "adapter="));
	free(log);
	assert_int_equal(pmd_probe(longname, "adapter=lclong", &port), 0);
	assert_int_equal(pmd_remove(longname), 0);

	/* wire=peer does not re-cable a function that was given its own wire */
	assert_int_equal(pmd_probe("net_qlxge_sim_lcw0", "adapter=lcw,function=0,wire=loop",
				   &p0), 0);
	pmd_log_begin();
	assert_int_not_equal(pmd_probe("net_qlxge_sim_lcw1", "adapter=lcw,function=1,wire=peer,"
				       "peer=net_qlxge_sim_lcw0", &p1), 0);
	log = pmd_log_end();
	assert_non_null(strstr(log, "peer"));
	free(log);
	/* a peer attached without wire= (default cabling) is taken */
	assert_int_equal(pmd_probe("net_qlxge_sim_lcx0", "adapter=lcx,function=0", &p0), 0);
	assert_int_equal(pmd_probe("net_qlxge_sim_lcx1", "adapter=lcx,function=1,wire=peer,"
				   "peer=net_qlxge_sim_lcx0", &p1), 0);
	assert_int_equal(pmd_remove("net_qlxge_sim_lcx1"), 0);
	assert_int_equal(pmd_remove("net_qlxge_sim_lcx0"), 0);
	assert_int_equal(pmd_remove("net_qlxge_sim_lcw0"), 0);
	ad = qlxge_sim_adapter_find("lcw");
	assert_null(ad);
}

/* The LED a port made blink is back to what probe found once the port is closed. */
static void
test_ethdev_close_restores_led(void **state)
{
	struct qlxge_sim_port_state st;
	struct pmd_pair p;
	uint32_t saved;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "lcled", false), 0);
	assert_int_equal(qlxge_sim_port_state_get(p.fn[0], &st), 0);
	saved = st.led_config;
	assert_int_equal(rte_eth_led_on(p.port[0]), 0);
	assert_int_equal(qlxge_sim_port_state_get(p.fn[0], &st), 0);
	assert_int_not_equal(st.led_config, saved);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	assert_int_equal(qlxge_sim_port_state_get(p.fn[0], &st), 0);
	assert_int_equal(st.led_config, saved);
	pmd_pair_close(&p);
}

/* No leaks across reconfigurations with other queue counts, nor across reset cycles. */
static void
test_ethdev_reconfigure_reset_no_leak(void **state)
{
	static const uint16_t counts[] = { 4, 2, 8, 1, 3 };
	struct rte_eth_conf conf = { 0 };
	unsigned int i, mz, mz_cfg;
	struct pmd_pair p;
	size_t heap;

	(void)state;
	conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
	conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IPV4;
	assert_int_equal(pmd_pair_open(&p, "lcleak", false), 0);
	mz = pmd_memzone_count();
	for (i = 0; i < RTE_DIM(counts); i++) {
		uint16_t nrx = counts[i], ntx = counts[(i + 1) % RTE_DIM(counts)];

		assert_int_equal(pmd_configure(p.port[0], nrx, ntx, &conf), 0);
		assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
		assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
		assert_int_equal(rte_mempool_in_use_count(pmd_pool()), 0);
		/* one memzone per queue of the current configuration, none of an older one */
		assert_int_equal(pmd_memzone_count(), mz + nrx + ntx);
	}
	/* reset cycles (each brings the function up again) leak neither memory nor buffers */
	assert_int_equal(pmd_configure(p.port[0], 2, 2, &conf), 0);
	mz_cfg = pmd_memzone_count();
	heap = pmd_heap_used();
	for (i = 0; i < 5; i++) {
		assert_int_equal(rte_eth_dev_reset(p.port[0]), 0);
		assert_int_equal(pmd_configure(p.port[0], 2, 2, &conf), 0);
		assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
		pmd_drain(p.port[0], 0);
		assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	}
	assert_int_equal(pmd_memzone_count(), mz_cfg);
	assert_int_equal(pmd_heap_used(), heap);
	assert_int_equal(rte_mempool_in_use_count(pmd_pool()), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	pmd_pair_close(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vdev_devargs_errors),
		cmocka_unit_test(test_vdev_function_busy),
		cmocka_unit_test(test_vdev_defaults_and_mac),
		cmocka_unit_test(test_fault_fw_hang_probe),
		cmocka_unit_test(test_fault_sem_held_probe),
		cmocka_unit_test(test_ethdev_cycle_100_no_leak),
		cmocka_unit_test(test_ethdev_concurrent_start),
		cmocka_unit_test(test_ethdev_concurrent_bringup),
		cmocka_unit_test(test_fault_link_flap),
		cmocka_unit_test(test_fault_link_flap_polled),
		cmocka_unit_test(test_fault_fatal_reset),
		cmocka_unit_test(test_stats_traffic),
		cmocka_unit_test(test_filter_traffic),
		cmocka_unit_test(test_ethdev_isp8012),
		cmocka_unit_test(test_vdev_devargs_strict_names_and_peers),
		cmocka_unit_test(test_fault_reset_in_callback_polled),
		cmocka_unit_test(test_fault_reset_in_callback_irq),
		cmocka_unit_test(test_ethdev_close_restores_led),
		cmocka_unit_test(test_ethdev_reconfigure_reset_no_leak),
	};

	return cmocka_run_group_tests_name("pmd_lifecycle", tests, pmd_setup_suite,
					   pmd_teardown_suite);
}
