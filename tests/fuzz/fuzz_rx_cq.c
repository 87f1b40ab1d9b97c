/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Fuzzer (a): the driver's receive path (rte_eth_rx_burst, scattered and not) fed arbitrary
 * completion-queue contents. A net_qlxge_sim port is started with no cable, so the model never
 * posts a completion; the harness plays the device instead: it writes the input's completions
 * into the queue's CQ ring where the device would (the ring, the producer shadow and the
 * buffer queues are found through the model's view of the loaded CQ, qlxge_sim_cq_info_get),
 * moves the producer shadow and calls rte_eth_rx_burst. Only the public API and the device's
 * side of the contract are used: nothing of the driver's private structures, so the fuzzer
 * keeps working as the driver's parsing changes.
 *
 * Checks, after every input: no crash, every mbuf delivered is a well-formed chain (nb_segs,
 * pkt_len the sum of data_len, each segment within its buffer); then the port is stopped, and
 * the mempool (the queue's alone, no cache) must be back to full: every buffer the queue owned
 * was delivered (and freed by the harness), is still posted (freed at stop), or was freed by
 * the driver, none lost, none freed twice (ASan). The port is then started again (or reset and
 * started, when the input made it ask for a reset).
 *
 * Input: records of 1 + 64 bytes. The control byte: bit 0 opcode forced to the inbound MAC
 * completion; bit 1 the data address set to the next small buffer, bit 2 to the next large
 * buffer (as a device taking buffers in order would); bit 3 the header address set to the next
 * small buffer; bit 4 the chained form: the next small buffer holds the addresses of the next
 * large buffers; bit 5 the data length kept below a buffer's size; bit 6 a burst after this
 * record; bit 7 of the first record's control byte: the port configured for scattered RX
 * (chained mbufs; reconfigured when it changes).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_ethdev.h>
#include <rte_log.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "qlxge_contract.h"
#include "qlxge_sim.h"
#include "qlxge_test_eal.h"

#define NB_DESC		128
#define POOL_SIZE	1023
#define REC_SIZE	(1 + QLXGE_CQE_SIZE)
#define BURST		32

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint16_t port;
static struct rte_mempool *pool;
static struct qlxge_sim_func *fn;
static unsigned int resets;
static bool cur_scatter;

static void
fz_fail(const char *what)
{
	fprintf(stderr, "fuzz_rx_cq: %s\n", what);
	abort();
}

static int
fz_reset_cb(uint16_t p, enum rte_eth_event_type type, void *arg, void *ret_param)
{
	(void)p;
	(void)type;
	(void)arg;
	(void)ret_param;
	__atomic_fetch_add(&resets, 1, __ATOMIC_RELEASE);
	return 0;
}

static int
fz_port_try(bool scatter)
{
	struct rte_eth_conf conf = { 0 };
	int ret;

	if (scatter)
		conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_SCATTER;
	ret = rte_eth_dev_configure(port, 1, 1, &conf);
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(port, 0, NB_DESC, SOCKET_ID_ANY, NULL, pool);
	if (ret == 0)
		ret = rte_eth_tx_queue_setup(port, 0, NB_DESC, SOCKET_ID_ANY, NULL);
	if (ret == 0)
		ret = rte_eth_dev_start(port);
	return ret;
}

/*
 * The port configured (one RX queue, scattered RX with @scatter) and started, the port stopped
 * before. A port that asked for a reset (a completion broke the contract; the service may
 * report it at any time) refuses: it is reset first, as an application does.
 */
static void
fz_port_up(bool scatter)
{
	cur_scatter = scatter;
	if (fz_port_try(scatter) == 0)
		return;
	__atomic_store_n(&resets, 0, __ATOMIC_RELEASE);
	if (rte_eth_dev_reset(port) != 0 || fz_port_try(scatter) != 0)
		fz_fail("port not started");
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const extra[] = {
		"--log-level=pmd.net.qlxge.*:emerg", "--log-level=lib.qlxge_sim.*:emerg",
		"--vdev", "net_qlxge_sim_fzrx,adapter=fuzzrx,wire=none", NULL
	};
	struct qlxge_sim_adapter *ad;

	(void)argc;
	(void)argv;
	if (qlxge_test_eal_init(extra) != 0)
		fz_fail("EAL init");
	if (rte_eth_dev_get_port_by_name("net_qlxge_sim_fzrx", &port) != 0)
		fz_fail("no port");
	/* no cache: the in-use count is exact at any moment */
	pool = rte_pktmbuf_pool_create("fuzz_rx", POOL_SIZE, 0, 0, 1024 + RTE_PKTMBUF_HEADROOM,
				       SOCKET_ID_ANY);
	if (pool == NULL)
		fz_fail("no pool");
	ad = qlxge_sim_adapter_find("fuzzrx");
	if (ad == NULL)
		fz_fail("no adapter");
	fn = qlxge_sim_func(ad, 0);
	qlxge_sim_adapter_put(ad);	/* the port holds one */
	rte_eth_dev_callback_register(port, RTE_ETH_EVENT_INTR_RESET, fz_reset_cb, NULL);
	fz_port_up(false);
	return 0;
}

/* The device's cursor in a buffer queue: the next buffer it would take. */
struct fz_bq {
	const uint64_t *ring;
	uint32_t len, next;
	uint32_t bsize;
};

static uint64_t
fz_bq_take(struct fz_bq *b)
{
	uint64_t a;

	if (b->len == 0)
		return 0;
	a = rte_le_to_cpu_64(b->ring[b->next]);
	b->next = (b->next + 1) % b->len;
	return a;
}

/* Every mbuf the burst gave: a well-formed chain within its buffers; then freed. */
static void
fz_check_free(struct rte_mbuf **m, uint16_t n)
{
	uint16_t i;

	for (i = 0; i < n; i++) {
		const struct rte_mbuf *s;
		uint32_t len = 0;
		uint16_t segs = 0;

		if (m[i] == NULL || m[i]->port != port)
			fz_fail("mbuf not ours");
		for (s = m[i]; s != NULL; s = s->next) {
			if (s->pool != pool || s->data_off + s->data_len > s->buf_len)
				fz_fail("segment outside its buffer");
			len += s->data_len;
			segs++;
			if (segs > NB_DESC)
				fz_fail("chain loops");
		}
		if (segs != m[i]->nb_segs || len != m[i]->pkt_len)
			fz_fail("nb_segs or pkt_len not the chain's");
		rte_pktmbuf_free(m[i]);
	}
}

static void
fz_burst(void)
{
	struct rte_mbuf *m[BURST];
	uint16_t n;
	int i;

	for (i = 0; i < 4; i++) {
		n = rte_eth_rx_burst(port, 0, m, BURST);
		fz_check_free(m, n);
		if (n == 0)
			break;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct qlxge_sim_cq_info ci;
	struct fz_bq sbq, lbq;
	volatile uint32_t *shadow;
	uint8_t *ring;
	uint32_t prod = 0, nrec, r;
	bool scatter = size != 0 && (data[0] & 0x80) != 0;

	if (scatter != cur_scatter) {
		if (rte_eth_dev_stop(port) != 0)
			fz_fail("stop failed");
		fz_port_up(scatter);
	}
	if (qlxge_sim_cq_info_get(fn, 0, &ci) != 0 || !ci.loaded || ci.len != NB_DESC)
		fz_fail("RX CQ not loaded");
	ring = rte_mem_iova2virt(ci.ring_iova);
	shadow = rte_mem_iova2virt(ci.shadow_iova);
	sbq = (struct fz_bq){ rte_mem_iova2virt(ci.sbq_ring_iova), ci.sbq_len, 0, ci.sbq_bsize };
	lbq = (struct fz_bq){ rte_mem_iova2virt(ci.lbq_ring_iova), ci.lbq_len, 0, ci.lbq_bsize };
	if (ring == NULL || shadow == NULL || sbq.ring == NULL || lbq.ring == NULL)
		fz_fail("RX queue memory not found");
	nrec = (uint32_t)RTE_MIN(size / REC_SIZE, (size_t)NB_DESC - 1);
	for (r = 0; r < nrec; r++) {
		const uint8_t *rec = data + (size_t)r * REC_SIZE;
		uint8_t ctl = rec[0];
		uint8_t *e = ring + (size_t)prod * QLXGE_CQE_SIZE;
		struct qlxge_ib_mac_rsp *rsp = (struct qlxge_ib_mac_rsp *)e;

		memcpy(e, rec + 1, QLXGE_CQE_SIZE);
		if (ctl & 0x01)
			rsp->opcode = QLXGE_OPCODE_IB_MAC_IOCB;
		if (ctl & 0x08)
			rsp->hdr_addr = rte_cpu_to_le_64(fz_bq_take(&sbq));
		if (ctl & 0x10) {
			/* chained: a small buffer listing the large ones that hold the data */
			uint64_t list = fz_bq_take(&sbq);
			uint64_t *l = rte_mem_iova2virt(list);
			uint32_t dlen = rte_le_to_cpu_32(rsp->data_len) % (4u * lbq.bsize + 1);
			uint32_t k, nl = (dlen + lbq.bsize - 1) / RTE_MAX(lbq.bsize, 1u);

			rsp->data_addr = rte_cpu_to_le_64(list);
			rsp->data_len = rte_cpu_to_le_32(dlen);
			for (k = 0; l != NULL && k < nl && k < sbq.bsize / 8; k++)
				l[k] = rte_cpu_to_le_64(fz_bq_take(&lbq));
		} else if (ctl & 0x06) {
			struct fz_bq *b = (ctl & 0x02) ? &sbq : &lbq;

			rsp->data_addr = rte_cpu_to_le_64(fz_bq_take(b));
			if (ctl & 0x20)
				rsp->data_len = rte_cpu_to_le_32(rte_le_to_cpu_32(rsp->data_len) %
								 (b->bsize + 1));
		}
		prod = (prod + 1) % NB_DESC;
		if (ctl & 0x40 || r + 1 == nrec) {
			/* release: the entries before the producer, as the device's shadow write */
			__atomic_store_n(shadow, rte_cpu_to_le_32(prod), __ATOMIC_RELEASE);
			fz_burst();
		}
	}
	fz_burst();

	/* stopped: every buffer back in the pool */
	if (rte_eth_dev_stop(port) != 0)
		fz_fail("stop failed");
	if (rte_mempool_in_use_count(pool) != 0) {
		fprintf(stderr, "fuzz_rx_cq: %u mbufs not back in the pool\n",
			rte_mempool_in_use_count(pool));
		abort();
	}
	if (__atomic_load_n(&resets, __ATOMIC_ACQUIRE) != 0 || rte_eth_dev_start(port) != 0) {
		/* a reset asked for (reported, or the start refused): an application recovers */
		__atomic_store_n(&resets, 0, __ATOMIC_RELEASE);
		if (rte_eth_dev_reset(port) != 0)
			fz_fail("reset failed");
		fz_port_up(cur_scatter);
	}
	return 0;
}
