/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * pmd suite, review fixes: buffers handed back only once the device cannot use them (port stop
 * after the function reset, runtime queue stop after a confirmed CQ stop), a 64-descriptor RX
 * queue that keeps receiving, MTU on a started port, the VLAN table shared by the two ports,
 * dev_reset from an INTR_RESET callback, failed writes that change nothing, devargs, the LED
 * after close, and no leaks across reconfiguration and reset cycles.
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
#include <rte_mempool.h>
#include <rte_ring.h>

#include "qlxge_contract.h"
#include "pmd_test.h"

#define RV_RETA_SIZE	512	/* what the PMD reports (reta_size, hash_key_size) */
#define RV_KEY_SIZE	40

/* ---- a mempool that checks, at each buffer handed back, that the device is done with it ---- */

static struct {
	struct qlxge_sim_func *fn;
	uint64_t min_resets;	/* != 0: a function reset must have happened since arming */
	int cq;			/* >= 0: this CQ must read stopped (CQ_STOP.EN clear) */
	bool on;
	unsigned int seen, bad;
} watch;

static int
watch_alloc(struct rte_mempool *mp)
{
	char name[RTE_RING_NAMESIZE];
	struct rte_ring *r;

	snprintf(name, sizeof(name), "w_%s", mp->name);
	r = rte_ring_create(name, rte_align32pow2(mp->size + 1), mp->socket_id, 0);
	if (r == NULL)
		return -rte_errno;
	mp->pool_data = r;
	return 0;
}

static void
watch_free(struct rte_mempool *mp)
{
	rte_ring_free(mp->pool_data);
}

static bool
watch_cq_stopped(struct qlxge_sim_func *fn, unsigned int cq)
{
	qlxge_sim_reg_write(fn, QLXGE_REG_CQ_STOP,
			    QLXGE_MWR_FIELD(QLXGE_CQ_STOP_CQ_MASK | QLXGE_CQ_STOP_TYPE_MASK,
					    cq | QLXGE_CQ_STOP_TYPE_READ));
	return (qlxge_sim_reg_read(fn, QLXGE_REG_CQ_STOP) & QLXGE_CQ_STOP_EN) == 0;
}

static void
watch_check(unsigned int n)
{
	struct qlxge_sim_counters c;

	if (!watch.on)
		return;
	watch.seen += n;
	if (watch.min_resets != 0 && qlxge_sim_counters_get(watch.fn, &c) == 0 &&
	    c.resets < watch.min_resets)
		watch.bad += n;
	if (watch.cq >= 0 && !watch_cq_stopped(watch.fn, (unsigned int)watch.cq))
		watch.bad += n;
}

static int
watch_enqueue(struct rte_mempool *mp, void *const *obj, unsigned int n)
{
	watch_check(n);
	return rte_ring_mp_enqueue_bulk(mp->pool_data, obj, n, NULL) == 0 ? -ENOBUFS : 0;
}

static int
watch_dequeue(struct rte_mempool *mp, void **obj, unsigned int n)
{
	return rte_ring_mc_dequeue_bulk(mp->pool_data, obj, n, NULL) == 0 ? -ENOBUFS : 0;
}

static unsigned int
watch_count(const struct rte_mempool *mp)
{
	return rte_ring_count(mp->pool_data);
}

static const struct rte_mempool_ops watch_ops = {
	.name = "qlxge_watch",
	.alloc = watch_alloc,
	.free = watch_free,
	.enqueue = watch_enqueue,
	.dequeue = watch_dequeue,
	.get_count = watch_count,
};

RTE_MEMPOOL_REGISTER_OPS(watch_ops);

static struct rte_mempool *wpool;

static int
setup_suite(void **state)
{
	(void)state;
	if (pmd_test_init() != 0)
		return -1;
	/* no cache: every free reaches watch_enqueue at once */
	wpool = rte_pktmbuf_pool_create_by_ops("pmd_watch", 2047, 0, 0,
					       RTE_MBUF_DEFAULT_BUF_SIZE, SOCKET_ID_ANY,
					       "qlxge_watch");
	return wpool != NULL ? 0 : -1;
}

static int
teardown_suite(void **state)
{
	(void)state;
	rte_mempool_free(wpool);
	pmd_test_fini();
	return 0;
}

/* ---- helpers ------------------------------------------------------------------------------ */

static struct rte_mbuf *
mk_frame(struct rte_mempool *mp, uint16_t port, uint16_t len)
{
	struct rte_ether_addr mac;
	struct rte_mbuf *m;
	uint8_t *d;

	struct rte_mbuf *seg;
	uint16_t n;

	rte_eth_macaddr_get(port, &mac);
	m = rte_pktmbuf_alloc(mp);
	assert_non_null(m);
	/* longer than one buffer: a chain */
	while (len != 0) {
		n = RTE_MIN(rte_pktmbuf_tailroom(rte_pktmbuf_lastseg(m)), len);
		d = (uint8_t *)rte_pktmbuf_append(m, n);
		assert_non_null(d);
		memset(d, 0x5a, n);
		len -= n;
		if (len != 0) {
			seg = rte_pktmbuf_alloc(mp);
			assert_non_null(seg);
			assert_int_equal(rte_pktmbuf_chain(m, seg), 0);
		}
	}
	d = rte_pktmbuf_mtod(m, uint8_t *);
	memcpy(d, mac.addr_bytes, RTE_ETHER_ADDR_LEN);
	d[12] = 0x08;
	d[13] = 0x00;
	return m;
}

/* Send @n frames of @len on queue 0 one at a time, receiving as they come; frames received. */
static unsigned int
loop_frames(uint16_t port, struct rte_mempool *mp, unsigned int n, uint16_t len)
{
	struct rte_mbuf *m, *rx[32];
	unsigned int got = 0, i, tries;
	uint16_t r, k;

	for (i = 0; i < n; i++) {
		m = mk_frame(mp, port, len);
		for (tries = 0; tries < 1000 && rte_eth_tx_burst(port, 0, &m, 1) == 0; tries++)
			usleep(100);
		if (tries == 1000)
			rte_pktmbuf_free(m);
		/* bounded wait for this frame (a starved queue never delivers it) */
		for (tries = 0; tries < 2000 && got <= i; tries++) {
			r = rte_eth_rx_burst(port, 0, rx, RTE_DIM(rx));
			for (k = 0; k < r; k++)
				rte_pktmbuf_free(rx[k]);
			got += r;
			if (got <= i)
				usleep(100);
		}
		if (got <= i)
			break;
	}
	return got;
}

static void
drain(uint16_t port, uint16_t q)
{
	struct rte_mbuf *rx[32];
	unsigned int i;
	uint16_t r, k;

	for (i = 0; i < 20; i++) {
		r = rte_eth_rx_burst(port, q, rx, RTE_DIM(rx));
		for (k = 0; k < r; k++)
			rte_pktmbuf_free(rx[k]);
		usleep(200);
	}
}

/* ---- (1) buffers handed back only when the device is done with them -------------------------- */

/* dev_stop: the mbufs of RX rings and of TX in flight are freed after the function reset. */
static void
test_stop_frees_after_reset(void **state)
{
	struct rte_eth_conf conf = { 0 };
	struct qlxge_sim_counters c;
	struct pmd_pair p;
	struct rte_mbuf *m;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "rvstop", false), 0);
	assert_int_equal(rte_eth_dev_configure(p.port[0], 1, 1, &conf), 0);
	assert_int_equal(rte_eth_rx_queue_setup(p.port[0], 0, 256, SOCKET_ID_ANY, NULL, wpool),
			 0);
	assert_int_equal(rte_eth_tx_queue_setup(p.port[0], 0, 256, SOCKET_ID_ANY, NULL), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_true(pmd_wait_link(p.port[0], true));
	assert_int_equal(loop_frames(p.port[0], wpool, 8, 100), 8);
	m = mk_frame(wpool, p.port[0], 100);
	if (rte_eth_tx_burst(p.port[0], 0, &m, 1) == 0)
		rte_pktmbuf_free(m);

	assert_int_equal(qlxge_sim_counters_get(p.fn[0], &c), 0);
	watch.fn = p.fn[0];
	watch.min_resets = c.resets + 1;
	watch.cq = -1;
	watch.seen = watch.bad = 0;
	watch.on = true;
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	watch.on = false;
	/* the RX rings held buffers: they came back, none before the reset */
	assert_true(watch.seen > 0);
	assert_int_equal(watch.bad, 0);
	assert_int_equal(rte_mempool_in_use_count(wpool), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	pmd_pair_close(&p);
}

/* TX completion CQs follow the RX ones: CQ max_rx_queues + TX queue. */
static void
info_max_rxq(uint16_t port, unsigned int *n)
{
	struct rte_eth_dev_info info;

	assert_int_equal(rte_eth_dev_info_get(port, &info), 0);
	*n = info.max_rx_queues;
}

/*
 * Runtime queue stop: the queue leaves the RSS table, its CQ reads stopped before any of its
 * buffers is freed, and a restart brings it back (CQ processed, ICB loaded, in the table).
 */
static void
test_queue_stop_cq_stop(void **state)
{
	struct rte_eth_conf conf = { 0 };
	struct qlxge_sim_counters c0, c1;
	struct qlxge_rss_icb icb;
	struct pmd_pair p;
	unsigned int i, txcq;
	uint16_t q;

	(void)state;
	conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
	conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IPV4;
	assert_int_equal(pmd_pair_open(&p, "rvqstop", false), 0);
	assert_int_equal(rte_eth_dev_configure(p.port[0], 2, 2, &conf), 0);
	for (q = 0; q < 2; q++) {
		assert_int_equal(rte_eth_rx_queue_setup(p.port[0], q, 128, SOCKET_ID_ANY, NULL,
							wpool), 0);
		assert_int_equal(rte_eth_tx_queue_setup(p.port[0], q, 128, SOCKET_ID_ANY, NULL),
				 0);
	}
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_true(pmd_wait_link(p.port[0], true));
	assert_false(watch_cq_stopped(p.fn[0], 1));

	watch.fn = p.fn[0];
	watch.min_resets = 0;
	watch.cq = 1;	/* RX queue 1 is CQ 1 */
	watch.seen = watch.bad = 0;
	watch.on = true;
	assert_int_equal(rte_eth_dev_rx_queue_stop(p.port[0], 1), 0);
	watch.on = false;
	assert_true(watch.seen > 0);
	assert_int_equal(watch.bad, 0);
	assert_true(watch_cq_stopped(p.fn[0], 1));
	/* the RSS table the device holds no longer names queue 1 */
	assert_int_equal(qlxge_sim_rss_get(p.fn[0], &icb, sizeof(icb)), 0);
	for (i = 0; i < QLXGE_RSS_TABLE_SIZE; i++)
		assert_int_equal(icb.cq_id[i], 0);

	/* and back: CQ processed again, its ICB loaded, in the table again, traffic flows */
	assert_int_equal(qlxge_sim_counters_get(p.fn[0], &c0), 0);
	assert_int_equal(rte_eth_dev_rx_queue_start(p.port[0], 1), 0);
	assert_int_equal(qlxge_sim_counters_get(p.fn[0], &c1), 0);
	assert_true(c1.icb_loads > c0.icb_loads);
	assert_false(watch_cq_stopped(p.fn[0], 1));
	assert_int_equal(qlxge_sim_rss_get(p.fn[0], &icb, sizeof(icb)), 0);
	assert_int_equal(icb.cq_id[1], 1);

	/* TX: the completion CQ (the driver's: after the RX ones) stops first */
	assert_int_equal(loop_frames(p.port[0], wpool, 4, 100), 4);
	info_max_rxq(p.port[0], &txcq);
	assert_false(watch_cq_stopped(p.fn[0], txcq + 1));
	assert_int_equal(rte_eth_dev_tx_queue_stop(p.port[0], 1), 0);
	assert_true(watch_cq_stopped(p.fn[0], txcq + 1));
	assert_int_equal(rte_eth_dev_tx_queue_start(p.port[0], 1), 0);
	assert_false(watch_cq_stopped(p.fn[0], txcq + 1));
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_mempool_in_use_count(wpool), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	pmd_pair_close(&p);
}

/* ---- (2) a 64-descriptor RX queue keeps receiving ------------------------------------------- */

static void
test_rx_small_ring(void **state)
{
	struct rte_eth_conf conf = { 0 };
	struct rte_eth_rxconf rxc = { 0 };
	struct rte_eth_rxq_info qi;
	struct pmd_pair p;
	char *log;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "rvrx64", false), 0);
	assert_int_equal(rte_eth_dev_configure(p.port[0], 1, 1, &conf), 0);
	/* a threshold one refill can never reach is refused, and the log says why */
	rxc.rx_free_thresh = 32;
	pmd_log_begin();
	assert_int_equal(rte_eth_rx_queue_setup(p.port[0], 0, 64, SOCKET_ID_ANY, &rxc,
						pmd_pool()), -EINVAL);
	log = pmd_log_end();
	assert_non_null(strstr(log, "rx_free_thresh"));
	free(log);
	/* the default is clamped */
	assert_int_equal(rte_eth_rx_queue_setup(p.port[0], 0, 64, SOCKET_ID_ANY, NULL,
						pmd_pool()), 0);
	assert_int_equal(rte_eth_rx_queue_info_get(p.port[0], 0, &qi), 0);
	assert_true(qi.conf.rx_free_thresh > 0 && qi.conf.rx_free_thresh <= 16);
	assert_int_equal(rte_eth_tx_queue_setup(p.port[0], 0, 256, SOCKET_ID_ANY, NULL), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_true(pmd_wait_link(p.port[0], true));
	assert_int_equal(loop_frames(p.port[0], pmd_pool(), 150, 100), 150);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	pmd_pair_close(&p);
}

/* ---- (3) MTU on a started port -------------------------------------------------------------- */

static void
test_mtu_started(void **state)
{
	struct rte_eth_rxq_info qi;
	struct pmd_pair p;
	uint16_t mtu;
	char *log;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "rvmtu", false), 0);
	assert_int_equal(pmd_configure(p.port[0], 1, 1, NULL), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_set_mtu(p.port[0], 9000), -EBUSY);
	assert_int_equal(rte_eth_dev_get_mtu(p.port[0], &mtu), 0);
	assert_int_equal(mtu, RTE_ETHER_MTU);
	assert_int_equal(rte_eth_dev_set_mtu(p.port[0], RTE_ETHER_MTU), 0);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	/*
	 * Stopped, it is taken, and the next start uses it: 9000 bytes do not fit the pool's
	 * 2 KiB buffers, so scattered RX is switched on, and the log says so.
	 */
	assert_int_equal(rte_eth_dev_set_mtu(p.port[0], 9000), 0);
	pmd_log_begin();
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	log = pmd_log_end();
	assert_non_null(strstr(log, "scattered RX enabled"));
	free(log);
	assert_int_equal(rte_eth_rx_queue_info_get(p.port[0], 0, &qi), 0);
	assert_int_equal(qi.scattered_rx, 1);
	assert_true(pmd_wait_link(p.port[0], true));
	assert_int_equal(loop_frames(p.port[0], wpool, 3, 4000), 3);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	pmd_pair_close(&p);
}

/* ---- (4) the VLAN table the ports share ----------------------------------------------------- */

static bool
vlan_enabled(struct pmd_pair *p, uint16_t vid)
{
	uint32_t w = 0;

	assert_int_equal(qlxge_sim_mac_table_get(p->ad, 2, vid, &w, 1),
			 0);
	return (w & 1) != 0;
}

static void
test_vlan_shared(void **state)
{
	struct rte_eth_conf conf = { 0 };
	struct pmd_pair p;
	unsigned int f;

	(void)state;
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_VLAN_FILTER;
	assert_int_equal(pmd_pair_open(&p, "rvvlan", true), 0);
	for (f = 0; f < 2; f++)
		assert_int_equal(pmd_configure(p.port[f], 1, 1, &conf), 0);
	/* one port turning a VLAN off leaves it on for the other */
	assert_int_equal(rte_eth_dev_vlan_filter(p.port[0], 100, 1), 0);
	assert_int_equal(rte_eth_dev_vlan_filter(p.port[1], 100, 1), 0);
	assert_int_equal(rte_eth_dev_vlan_filter(p.port[0], 100, 0), 0);
	assert_true(vlan_enabled(&p, 100));
	assert_int_equal(rte_eth_dev_vlan_filter(p.port[1], 100, 0), 0);
	assert_false(vlan_enabled(&p, 100));
	/* closing a port keeps what the other uses and clears what only it used */
	assert_int_equal(rte_eth_dev_vlan_filter(p.port[0], 200, 1), 0);
	assert_int_equal(rte_eth_dev_vlan_filter(p.port[1], 200, 1), 0);
	assert_int_equal(rte_eth_dev_vlan_filter(p.port[0], 300, 1), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	assert_true(vlan_enabled(&p, 200));
	assert_false(vlan_enabled(&p, 300));
	assert_int_equal(rte_eth_dev_close(p.port[1]), 0);
	assert_false(vlan_enabled(&p, 200));
	pmd_pair_close(&p);
}

/* ---- (5, 8) dev_reset from the INTR_RESET callback ------------------------------------------ */

/*
 * The alarms the driver sets are seen through this definition of rte_eal_alarm_set (the
 * executable's comes first for the PMD's calls), which records what was set while recording is
 * on and then sets it for real. The recorded (callback, argument) pairs are cancelled at the
 * end: a pair cancelled twice is a duplicated alarm chain.
 */
#define RV_ALARMS_MAX	8

static struct {
	pthread_mutex_t lock;
	bool on;
	unsigned int n;
	rte_eal_alarm_callback cb[RV_ALARMS_MAX];
	void *arg[RV_ALARMS_MAX];
} rv_alarms = { .lock = PTHREAD_MUTEX_INITIALIZER };

int
rte_eal_alarm_set(uint64_t us, rte_eal_alarm_callback cb, void *arg)
{
	static int (*real)(uint64_t, rte_eal_alarm_callback, void *);
	unsigned int i;

	if (real == NULL)
		*(void **)&real = dlsym(RTLD_NEXT, "rte_eal_alarm_set");
	pthread_mutex_lock(&rv_alarms.lock);
	if (rv_alarms.on) {
		for (i = 0; i < rv_alarms.n; i++)
			if (rv_alarms.cb[i] == cb && rv_alarms.arg[i] == arg)
				break;
		if (i == rv_alarms.n && i < RV_ALARMS_MAX) {
			rv_alarms.cb[i] = cb;
			rv_alarms.arg[i] = arg;
			rv_alarms.n++;
		}
	}
	pthread_mutex_unlock(&rv_alarms.lock);
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
	pthread_mutex_lock(&rv_alarms.lock);
	rv_alarms.n = 0;
	rv_alarms.on = true;
	pthread_mutex_unlock(&rv_alarms.lock);
	assert_int_equal(qlxge_sim_fault_set(qlxge_sim_func(ad, 0), QLXGE_SIM_FAULT_FATAL,
					     QLXGE_ERR_STS_NOF), 0);
	assert_true(pmd_wait_count(&r.done, 1));
	assert_int_equal(r.ret, 0);
	pthread_mutex_lock(&rv_alarms.lock);
	rv_alarms.on = false;
	pthread_mutex_unlock(&rv_alarms.lock);
	/*
	 * The reset armed the service alarm: recorded, and pending once (cancel waits for one
	 * still running, and takes what it re-armed).
	 */
	assert_true(rv_alarms.n > 0);
	for (i = 0; i < rv_alarms.n; i++) {
		n = rte_eal_alarm_cancel(rv_alarms.cb[i], rv_alarms.arg[i]);
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
test_reset_in_callback_polled(void **state)
{
	(void)state;
	check_reset_in_callback("rvrstp", "adapter=rvrstp,irq=0");
}

static void
test_reset_in_callback_irq(void **state)
{
	(void)state;
	check_reset_in_callback("rvrsti", "adapter=rvrsti");
}

/* ---- (9) a failed hardware write changes nothing -------------------------------------------- */

static void
test_failed_write_changes_nothing(void **state)
{
	struct rte_eth_conf conf = { 0 };
	struct rte_eth_rss_reta_entry64 reta[RV_RETA_SIZE / RTE_ETH_RETA_GROUP_SIZE];
	struct rte_eth_rss_reta_entry64 back[RV_RETA_SIZE / RTE_ETH_RETA_GROUP_SIZE];
	struct rte_ether_addr mc[2] = {
		{ .addr_bytes = { 0x01, 0x00, 0x5e, 0x00, 0x00, 0x01 } },
		{ .addr_bytes = { 0x01, 0x00, 0x5e, 0x00, 0x00, 0x02 } },
	};
	uint8_t key[RV_KEY_SIZE], got_key[RV_KEY_SIZE];
	struct rte_eth_rss_conf rc = { 0 }, gc = { 0 };
	struct pmd_pair p;
	uint32_t w[2];
	unsigned int i;

	(void)state;
	conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
	conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IPV4;
	assert_int_equal(pmd_pair_open(&p, "rvfail", false), 0);
	assert_int_equal(pmd_configure(p.port[0], 4, 1, &conf), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_set_mc_addr_list(p.port[0], &mc[0], 1), 0);

	/* the MAC address and ICB semaphores held elsewhere: every write of these ops fails */
	assert_int_equal(qlxge_sim_fault_set(p.fn[0], QLXGE_SIM_FAULT_SEM_HELD,
					     (1u << (QLXGE_SEM_MAC_ADDR_SHIFT / 2)) |
					     (1u << (QLXGE_SEM_ICB_SHIFT / 2))), 0);
	assert_int_not_equal(rte_eth_dev_set_mc_addr_list(p.port[0], &mc[1], 1), 0);
	memset(key, 0xa5, sizeof(key));
	rc.rss_key = key;
	rc.rss_key_len = sizeof(key);
	rc.rss_hf = RTE_ETH_RSS_NONFRAG_IPV4_TCP;
	assert_int_not_equal(rte_eth_dev_rss_hash_update(p.port[0], &rc), 0);
	memset(reta, 0, sizeof(reta));
	for (i = 0; i < RTE_DIM(reta); i++) {
		reta[i].mask = UINT64_MAX;
		memset(reta[i].reta, 0, sizeof(reta[i].reta));
		reta[i].reta[0] = 3;
	}
	assert_int_not_equal(rte_eth_dev_rss_reta_update(p.port[0], reta, RV_RETA_SIZE), 0);
	assert_int_equal(qlxge_sim_fault_set(p.fn[0], QLXGE_SIM_FAULT_SEM_HELD, 0), 0);

	/* the kept state is the old one */
	gc.rss_key = got_key;
	gc.rss_key_len = sizeof(got_key);
	assert_int_equal(rte_eth_dev_rss_hash_conf_get(p.port[0], &gc), 0);
	assert_int_equal(gc.rss_hf, RTE_ETH_RSS_IPV4);
	assert_memory_not_equal(got_key, key, sizeof(key));
	memset(back, 0, sizeof(back));
	for (i = 0; i < RTE_DIM(back); i++)
		back[i].mask = UINT64_MAX;
	assert_int_equal(rte_eth_dev_rss_reta_query(p.port[0], back, RV_RETA_SIZE), 0);
	for (i = 0; i < RV_RETA_SIZE; i++) {
		const struct rte_eth_rss_reta_entry64 *g = &back[i / RTE_ETH_RETA_GROUP_SIZE];

		assert_int_equal(g->reta[i % RTE_ETH_RETA_GROUP_SIZE], i % 4);
	}
	/* a restart programs the multicast list kept: the old one */
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_start(p.port[0]), 0);
	assert_int_equal(qlxge_sim_mac_table_get(p.ad, 1, 0, w, 2), 0);
	assert_int_equal(w[0] & 0xFFFF, 0x0001);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	pmd_pair_close(&p);
}

/* ---- (10, 11) devargs ----------------------------------------------------------------------- */

static void
test_devargs_more(void **state)
{
	static const char *const bad[] = {
		"adapter=rvda,function=0,function=1",	/* duplicate key */
		"adapter=rvda,function= 1",		/* leading blank */
		"adapter=rvda,function=+1",		/* sign */
		"adapter=rvda,fw_latency_us=-0",
	};
	const char *longname = "net_qlxge_sim_aaaaaaaaaaaaaaaaaaaaaaaaaaaa_0";
	struct qlxge_sim_adapter *ad;
	uint16_t port, p0, p1;
	unsigned int i;
	char *log;

	(void)state;
	for (i = 0; i < RTE_DIM(bad); i++) {
		assert_int_not_equal(pmd_probe("net_qlxge_sim_rvda", bad[i], &port), 0);
		assert_null(qlxge_sim_adapter_find("rvda"));
	}
	/* a default adapter name that would be truncated is refused, with the way out named */
	pmd_log_begin();
	assert_int_not_equal(pmd_probe(longname, "", &port), 0);
	log = pmd_log_end();
	assert_non_null(strstr(log, "adapter="));
	free(log);
	assert_int_equal(pmd_probe(longname, "adapter=rvlong", &port), 0);
	assert_int_equal(pmd_remove(longname), 0);

	/* wire=peer does not re-cable a function that was given its own wire */
	assert_int_equal(pmd_probe("net_qlxge_sim_rvw0", "adapter=rvw,function=0,wire=loop",
				   &p0), 0);
	pmd_log_begin();
	assert_int_not_equal(pmd_probe("net_qlxge_sim_rvw1", "adapter=rvw,function=1,wire=peer,"
				       "peer=net_qlxge_sim_rvw0", &p1), 0);
	log = pmd_log_end();
	assert_non_null(strstr(log, "peer"));
	free(log);
	/* a peer attached without wire= (default cabling) is taken */
	assert_int_equal(pmd_probe("net_qlxge_sim_rvx0", "adapter=rvx,function=0", &p0), 0);
	assert_int_equal(pmd_probe("net_qlxge_sim_rvx1", "adapter=rvx,function=1,wire=peer,"
				   "peer=net_qlxge_sim_rvx0", &p1), 0);
	assert_int_equal(pmd_remove("net_qlxge_sim_rvx1"), 0);
	assert_int_equal(pmd_remove("net_qlxge_sim_rvx0"), 0);
	assert_int_equal(pmd_remove("net_qlxge_sim_rvw0"), 0);
	ad = qlxge_sim_adapter_find("rvw");
	assert_null(ad);
}

/* ---- (C) LSC only when asked for; every RX error code has its xstat ------------------------ */

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

static void
test_lsc_only_when_configured(void **state)
{
	struct rte_eth_conf conf = { 0 };
	struct lsc_count ev = { 0 };
	struct qlxge_sim_counters c0, c;
	struct pmd_pair p;
	uint64_t id;
	unsigned int i;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "rvlsc", false), 0);
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
	/* RX error code 3 (not named by the fact sheet) is counted where it can be seen */
	assert_int_equal(rte_eth_xstats_get_id_by_name(p.port[0], "rx_q0_other_errors", &id), 0);
	assert_int_equal(rte_eth_dev_callback_unregister(p.port[0], RTE_ETH_EVENT_INTR_LSC,
							 lsc_count_cb, &ev), 0);
	assert_int_equal(rte_eth_dev_stop(p.port[0]), 0);
	assert_int_equal(rte_eth_dev_close(p.port[0]), 0);
	pmd_pair_close(&p);
}

/* ---- (12) close restores the LED ------------------------------------------------------------ */

static void
test_led_restored_on_close(void **state)
{
	struct qlxge_sim_port_state st;
	struct pmd_pair p;
	uint32_t saved;

	(void)state;
	assert_int_equal(pmd_pair_open(&p, "rvled", false), 0);
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

/* ---- (14) no leaks across reconfiguration and reset cycles ---------------------------------- */

static void
test_reconfigure_and_reset_no_leak(void **state)
{
	static const uint16_t counts[] = { 4, 2, 8, 1, 3 };
	struct rte_eth_conf conf = { 0 };
	unsigned int i, mz, mz_cfg;
	struct pmd_pair p;
	size_t heap;

	(void)state;
	conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
	conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IPV4;
	assert_int_equal(pmd_pair_open(&p, "rvleak", false), 0);
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
		drain(p.port[0], 0);
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
		cmocka_unit_test(test_devargs_more),
		cmocka_unit_test(test_failed_write_changes_nothing),
		cmocka_unit_test(test_stop_frees_after_reset),
		cmocka_unit_test(test_queue_stop_cq_stop),
		cmocka_unit_test(test_rx_small_ring),
		cmocka_unit_test(test_mtu_started),
		cmocka_unit_test(test_vlan_shared),
		cmocka_unit_test(test_reset_in_callback_polled),
		cmocka_unit_test(test_reset_in_callback_irq),
		cmocka_unit_test(test_lsc_only_when_configured),
		cmocka_unit_test(test_led_restored_on_close),
		cmocka_unit_test(test_reconfigure_and_reset_no_leak),
	};

	return cmocka_run_group_tests(tests, setup_suite, teardown_suite);
}
