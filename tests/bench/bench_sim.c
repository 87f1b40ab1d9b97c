/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * qlxge-bench-sim: the cost of the 8100 model itself, in TSC cycles per 64-byte frame.
 *
 * Stages (the data plane alone, lib/qlxge_sim/dataplane/ and wire/):
 *   tx_iocb      sim_tx_iocb() of a 64-byte MAC IOCB (one descriptor) onto a loop wire
 *   tx_iocb_vlan the same with VLAN insertion (the gather/copy path)
 *   wire         sim_wire_tx() of a 64-byte frame + sim_wire_rx_burst() taking it back
 *   rx_classify  sim_rx_classify() of a 64-byte TCP/IPv4 frame: CAM, checksums, RSS hash and
 *                the RSS routing slot (Linux's bring-up slots)
 * End to end (through the public API only: registers, ICB loads, doorbells, qlxge_sim_poll()),
 * bursts of 32 IOCBs per WQ doorbell, each carried through by the poll steps it needs:
 *   e2e_tx       WQ of 64-byte MAC IOCBs -> TX engine -> completion on a CQ; the wire is a pcap
 *                wire with no files (a sink)
 *   e2e_loop     the same on a loop wire with an RX queue (SBQ buffers, promiscuous slot):
 *                IOCB -> wire -> RX classification -> placement -> RX completion
 *   e2e_rx       e2e_loop - e2e_tx: wire -> completion
 * The rounds of the two setups alternate, so that a shared machine's load falls on both alike.
 *
 * Prints a table and "RESULT sim_tx_cycles_per_frame=<e2e_tx> sim_rx_cycles_per_frame=<e2e_rx>"
 * (the stage numbers when the end-to-end run is not possible). --smoke: a short run; --rounds N:
 * batches per measurement (4000); --verbose: percentiles of each measurement.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_lcore.h>
#include <rte_malloc.h>

#include "qlxge_contract.h"
#include "qlxge_sim.h"
#include "qlxge_test_args.h"
#include "dataplane/classify.h"
#include "dataplane/tx.h"
#include "wire/wire.h"

#define BATCH		256u	/* frames per timed batch (WQ and CQ rings hold more) */
#define BURST		32u	/* end to end: IOCBs per WQ doorbell, as a PMD's tx_burst */
#define RING		1024u	/* WQ / CQ entries */
#define FRAME_LEN	64u

static unsigned int rounds = 4000;	/* batches per measurement */
static bool verbose;			/* --verbose: percentiles of each measurement */

static const uint8_t my_mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x01 };

/* Cycles of each timed batch: the median per frame is reported, robust to the other processes
 * of a shared machine (the mean is printed alongside). */
static uint64_t *samples;
static unsigned int nsamples;
static double last_mean;

static void
sample(uint64_t cycles)
{
	if (nsamples < rounds)
		samples[nsamples++] = cycles;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Median cycles per frame of the samples taken since the last call (BATCH frames each). */
static double
per_frame(void)
{
	uint64_t sum = 0;
	double med;

	if (nsamples == 0)
		return -1;
	for (unsigned int i = 0; i < nsamples; i++)
		sum += samples[i];
	last_mean = (double)sum / nsamples / BATCH;
	qsort(samples, nsamples, sizeof(samples[0]), cmp_u64);
	med = (double)samples[nsamples / 2] / BATCH;
	if (verbose)
		printf("  (cycles/frame: p10 %.1f p50 %.1f p90 %.1f p99 %.1f max %.1f)\n",
			(double)samples[nsamples / 10] / BATCH, med,
			(double)samples[nsamples * 9 / 10] / BATCH,
			(double)samples[nsamples * 99 / 100] / BATCH,
			(double)samples[nsamples - 1] / BATCH);
	nsamples = 0;
	return med;
}

static void *
dma_zalloc(size_t len)
{
	void *p = rte_zmalloc("bench_sim", len, 4096);

	if (p == NULL) {
		fprintf(stderr, "bench-sim: rte_zmalloc(%zu) failed\n", len);
		exit(1);
	}
	return p;
}

static uint64_t
iova(const void *p)
{
	return rte_mem_virt2iova(p);
}

/* A 64-byte TCP/IPv4 frame to my_mac with correct checksums. */
static void
build_tcp4(uint8_t *f)
{
	static const uint8_t hdr[54] = {
		0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00, 0x99, 0x08, 0x00,
		0x45, 0x00, 0x00, 0x32, 0x12, 0x34, 0x40, 0x00, 0x40, 0x06, 0x00, 0x00,
		192, 168, 1, 10, 10, 0, 0, 1,
		0x9c, 0x40, 0x00, 0x50, 0x01, 0x02, 0x03, 0x04, 0x0a, 0x0b, 0x0c, 0x0d, 0x50, 0x18,
		0xff, 0xff, 0x00, 0x00, 0x00, 0x00,
	};
	uint32_t s = 0;
	unsigned int i;

	memset(f, 0, FRAME_LEN);
	memcpy(f, hdr, sizeof(hdr));
	for (i = 54; i < FRAME_LEN; i++)
		f[i] = (uint8_t)i;
	for (i = 14; i < 34; i += 2)
		s += (uint32_t)(f[i] << 8 | f[i + 1]);
	while (s >> 16)
		s = (s & 0xFFFF) + (s >> 16);
	f[24] = (uint8_t)(~s >> 8);
	f[25] = (uint8_t)~s;
	/* TCP: pseudo header + segment (IP total length 50: 20 TCP + 10 data) */
	s = 6 + 30;
	for (i = 26; i < 34; i += 2)
		s += (uint32_t)(f[i] << 8 | f[i + 1]);
	for (i = 34; i < 64; i += 2)
		s += (uint32_t)(f[i] << 8 | f[i + 1]);
	while (s >> 16)
		s = (s & 0xFFFF) + (s >> 16);
	f[50] = (uint8_t)(~s >> 8);
	f[51] = (uint8_t)~s;
}

static void
mac_iocb(struct qlxge_ob_mac_iocb *io, uint64_t buf, uint32_t tid, bool vlan)
{
	memset(io, 0, sizeof(*io));
	io->opcode = QLXGE_OPCODE_OB_MAC_IOCB;
	io->flags1 = QLXGE_OB_MAC_FLAGS1_I;	/* no interrupt */
	io->flags3 = vlan ? QLXGE_OB_MAC_FLAGS3_V : 0;
	io->vlan_tci = rte_cpu_to_le_16(100);
	io->frame_len = rte_cpu_to_le_16(FRAME_LEN);
	io->tid = rte_cpu_to_le_32(tid);
	io->tbd[0].addr = rte_cpu_to_le_64(buf);
	io->tbd[0].len = rte_cpu_to_le_32(FRAME_LEN | QLXGE_TX_BD_E);
}

struct row {
	const char *name;
	double cycles;		/* median per frame; < 0: not measured */
	double mean;
	const char *what;
};

/* ==== stages ============================================================================== */

static double
stage_tx(struct qlxge_sim_func *fn, bool vlan)
{
	struct qlxge_sim_wire_cfg cfg = { .kind = QLXGE_SIM_WIRE_LOOP };
	struct qlxge_ob_mac_iocb io;
	struct sim_tx_result res;
	struct sim_wire *w;
	uint8_t *frame = dma_zalloc(FRAME_LEN);

	build_tcp4(frame);
	mac_iocb(&io, iova(frame), 0, vlan);
	if (sim_wire_open(&cfg, &w) != 0)
		return -1;
	for (unsigned int r = 0; r < rounds; r++) {
		uint64_t t0 = rte_rdtsc_precise();
		const uint8_t *fr[SIM_WIRE_BURST_MAX];
		uint32_t ln[SIM_WIRE_BURST_MAX];
		unsigned int n = 0;

		for (unsigned int i = 0; i < BATCH; i++)
			sim_tx_iocb(fn, &io, 0, sim_wire_emit, w, &res);
		sample(rte_rdtsc_precise() - t0);
		while ((n = sim_wire_rx_burst(w, n, fr, ln, SIM_WIRE_BURST_MAX)) != 0)
			;
	}
	sim_wire_close(w);
	rte_free(frame);
	return per_frame();
}

static double
stage_wire(void)
{
	struct qlxge_sim_wire_cfg cfg = { .kind = QLXGE_SIM_WIRE_LOOP };
	uint8_t frame[FRAME_LEN];
	struct sim_wire *w;
	volatile uint32_t sink = 0;

	build_tcp4(frame);
	if (sim_wire_open(&cfg, &w) != 0)
		return -1;
	for (unsigned int r = 0; r < rounds; r++) {
		uint64_t t0 = rte_rdtsc_precise();
		const uint8_t *fr[SIM_WIRE_BURST_MAX];
		uint32_t ln[SIM_WIRE_BURST_MAX];
		unsigned int n = 0;

		for (unsigned int i = 0; i < BATCH; i++)
			sim_wire_tx(w, frame, FRAME_LEN);
		while ((n = sim_wire_rx_burst(w, n, fr, ln, SIM_WIRE_BURST_MAX)) != 0)
			for (unsigned int i = 0; i < n; i++)
				sink += fr[i][0];
		sample(rte_rdtsc_precise() - t0);
	}
	sim_wire_close(w);
	return per_frame();
}

struct rx_env {
	struct sim_mac_tables mt;
	struct sim_route_table rt;
	struct sim_rss_state rss;
	struct sim_rx_ctx ctx;
};

static void
rt_slot(struct sim_route_table *rt, unsigned int s, uint32_t dst, uint32_t mask)
{
	sim_route_write(rt, QLXGE_RT_IDX_E | QLXGE_RT_IDX_WORD(QLXGE_RT_IDX_TYPE_NICQ, s, dst),
			mask);
}

static double
stage_rx(void)
{
	static const uint8_t key[40] = {
		0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2, 0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3,
		0x8f, 0xb0, 0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4, 0x77, 0xcb, 0x2d, 0xa3,
		0x80, 0x30, 0xf2, 0x0c, 0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa,
	};
	struct rx_env *e = calloc(1, sizeof(*e));
	struct qlxge_rss_icb icb;
	struct sim_rx_verdict v;
	uint8_t frame[BATCH][FRAME_LEN];
	volatile uint32_t sink = 0;

	if (e == NULL)
		return -1;
	sim_mac_tables_reset(&e->mt);
	sim_route_reset(&e->rt);
	sim_rss_reset(&e->rss);
	sim_mac_tables_data_write(&e->mt, QLXGE_MAC_ADDR_IDX_WORD(0, 0, 0),
				  qlxge_mac_word_lo(my_mac));
	sim_mac_tables_data_write(&e->mt, QLXGE_MAC_ADDR_IDX_WORD(0, 0, 1),
				  qlxge_mac_word_hi(my_mac));
	sim_mac_tables_data_write(&e->mt, QLXGE_MAC_ADDR_IDX_WORD(0, 0, 2),
				  QLXGE_CAM_OUT_ROUTE_NIC);
	rt_slot(&e->rt, 1, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_IP_CSUM_ERR);
	rt_slot(&e->rt, 2, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_TU_CSUM_ERR);
	rt_slot(&e->rt, 3, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_BCAST);
	rt_slot(&e->rt, 8, QLXGE_RT_IDX_DST_RSS, QLXGE_RT_DATA_RSS_MATCH);
	rt_slot(&e->rt, 12, QLXGE_RT_IDX_DST_CAM_Q, QLXGE_RT_DATA_CAM_HIT);
	memset(&icb, 0, sizeof(icb));
	icb.flags_base_cq = rte_cpu_to_le_16(QLXGE_RSS_ICB_FLAGS_DRIVERS);
	icb.mask = rte_cpu_to_le_16(QLXGE_RSS_ICB_MASK_BITS);
	for (unsigned int i = 0; i < QLXGE_RSS_TABLE_SIZE; i++)
		icb.cq_id[i] = (uint8_t)(i & 7);
	memcpy(icb.ipv6_hash_key, key, 40);
	memcpy(icb.ipv4_hash_key, key, 16);
	sim_rss_load(&e->rss, &icb);
	e->ctx.mac = &e->mt;
	e->ctx.rt = &e->rt;
	e->ctx.rss = &e->rss;
	/* many flows: the source port changes (checksum fixed up by hand is not needed: the
	 * verdict is the same work either way, TE or not) */
	for (unsigned int i = 0; i < BATCH; i++) {
		build_tcp4(frame[i]);
		frame[i][34] = (uint8_t)i;
	}
	for (unsigned int r = 0; r < rounds; r++) {
		uint64_t t0 = rte_rdtsc_precise();

		for (unsigned int i = 0; i < BATCH; i++) {
			sim_rx_classify(&e->ctx, frame[i], FRAME_LEN, &v);
			sink += v.cq_id;
		}
		sample(rte_rdtsc_precise() - t0);
	}
	free(e);
	return per_frame();
}

/* ==== end to end ========================================================================== */

struct e2e {
	struct qlxge_sim_adapter *ad;
	struct qlxge_sim_func *fn;
	uint8_t *db;
	struct qlxge_ob_mac_iocb *wq;		/* RING IOCBs */
	uint8_t *txcq, *rxcq;			/* RING x 64 */
	volatile uint32_t *shadow;		/* [0] TX CQ prod, [2] RX CQ prod, [4] WQ cons */
	uint64_t *sbq;				/* SBQ ring: 512 buffer addresses */
	uint64_t *sbq_pages;			/* its page table */
	uint8_t *bufs;				/* 512 x 256 bytes */
	uint8_t *frame;
	uint32_t wq_prod, txcq_cons, rxcq_cons, sbq_prod;
	bool rx;
};

#define SBQ_LEN		512u
#define SBQ_BUF		256u
#define TX_CQ		0u
#define RX_CQ		1u

static void
db_write(struct e2e *e, uint32_t off, uint32_t v)
{
	__atomic_store_n((uint32_t *)(e->db + off), v, __ATOMIC_RELEASE);
}

static int
icb_load(struct e2e *e, const void *icb, size_t len, uint32_t bit, unsigned int q)
{
	void *m = dma_zalloc(len);
	uint32_t cfg;

	memcpy(m, icb, len);
	qlxge_sim_reg_write(e->fn, QLXGE_REG_ICB_L, (uint32_t)iova(m));
	qlxge_sim_reg_write(e->fn, QLXGE_REG_ICB_H, (uint32_t)(iova(m) >> 32));
	qlxge_sim_reg_write(e->fn, QLXGE_REG_CFG, QLXGE_CFG_CMD(bit, q));
	for (int i = 0; i < 100; i++) {
		cfg = qlxge_sim_reg_read(e->fn, QLXGE_REG_CFG);
		if (!(cfg & bit))
			break;
		qlxge_sim_poll(e->ad);
	}
	rte_free(m);
	return (cfg & (bit | QLXGE_CFG_LE)) ? -EIO : 0;
}

static int
e2e_setup(struct e2e *e, bool rx, const char *name)
{
	struct qlxge_sim_params params = { .name = name };
	struct qlxge_sim_wire_cfg wcfg = { .kind = rx ? QLXGE_SIM_WIRE_LOOP :
							QLXGE_SIM_WIRE_PCAP };
	struct qlxge_sim_port_state st;
	struct qlxge_wq_icb wicb;
	struct qlxge_cq_icb cicb;

	memset(e, 0, sizeof(*e));
	e->rx = rx;
	if (qlxge_sim_adapter_create(&params, &e->ad) != 0)
		return -ENODEV;
	e->fn = qlxge_sim_func(e->ad, 0);
	e->db = qlxge_sim_doorbell_base(e->fn);
	e->wq = dma_zalloc(RING * sizeof(*e->wq));
	e->txcq = dma_zalloc(RING * QLXGE_CQE_SIZE);
	e->rxcq = dma_zalloc(RING * QLXGE_CQE_SIZE);
	e->shadow = dma_zalloc(64);
	e->sbq = dma_zalloc(SBQ_LEN * 8);
	e->sbq_pages = dma_zalloc(8);
	e->bufs = dma_zalloc(SBQ_LEN * SBQ_BUF);
	e->frame = dma_zalloc(FRAME_LEN);
	build_tcp4(e->frame);
	for (uint32_t i = 0; i < RING; i++)
		mac_iocb(&e->wq[i], iova(e->frame), i, false);

	if (qlxge_sim_wire_set(e->fn, &wcfg) != 0)
		return -EIO;
	/* function enable (FSC.FE, mask-write), then let the firmware report the link */
	qlxge_sim_reg_write(e->fn, QLXGE_REG_FSC, QLXGE_MWR_SET(QLXGE_FSC_FE));
	for (int i = 0; i < 1000; i++) {
		qlxge_sim_poll(e->ad);
		if (qlxge_sim_port_state_get(e->fn, &st) == 0 && st.link_up)
			break;
	}
	if (!st.link_up)
		return -ENOLINK;

	memset(&cicb, 0, sizeof(cicb));
	cicb.flags = QLXGE_CQ_ICB_FLAGS_LC | QLXGE_CQ_ICB_FLAGS_LV | QLXGE_CQ_ICB_FLAGS_LI;
	cicb.len = rte_cpu_to_le_16(RING | QLXGE_CQ_ICB_LEN_V);
	cicb.addr = rte_cpu_to_le_64(iova(e->txcq));
	cicb.prod_idx_addr = rte_cpu_to_le_64(iova((const void *)&e->shadow[0]));
	if (icb_load(e, &cicb, sizeof(cicb), QLXGE_CFG_LCQ, TX_CQ) != 0)
		return -EIO;
	memset(&wicb, 0, sizeof(wicb));
	wicb.len = rte_cpu_to_le_16(RING | QLXGE_WQ_ICB_LEN_V);
	wicb.flags = QLXGE_WQ_ICB_FLAGS_ALL;
	wicb.cq_id_rss = rte_cpu_to_le_16(TX_CQ);
	wicb.addr = rte_cpu_to_le_64(iova(e->wq));
	wicb.cnsmr_idx_addr = rte_cpu_to_le_64(iova((const void *)&e->shadow[4]));
	if (icb_load(e, &wicb, sizeof(wicb), QLXGE_CFG_LRQ, 0) != 0)
		return -EIO;
	if (!rx)
		return 0;

	/* RX: CQ 1 with an SBQ of 512 x 256-byte buffers, promiscuous slot -> default CQ 1 */
	for (uint32_t i = 0; i < SBQ_LEN; i++)
		e->sbq[i] = rte_cpu_to_le_64(iova(e->bufs + i * SBQ_BUF));
	e->sbq_pages[0] = rte_cpu_to_le_64(iova(e->sbq));
	memset(&cicb, 0, sizeof(cicb));
	cicb.flags = QLXGE_CQ_ICB_FLAGS_LC | QLXGE_CQ_ICB_FLAGS_LV | QLXGE_CQ_ICB_FLAGS_LI |
		     QLXGE_CQ_ICB_FLAGS_LS;
	cicb.len = rte_cpu_to_le_16(RING | QLXGE_CQ_ICB_LEN_V);
	cicb.addr = rte_cpu_to_le_64(iova(e->rxcq));
	cicb.prod_idx_addr = rte_cpu_to_le_64(iova((const void *)&e->shadow[2]));
	cicb.sbq_addr = rte_cpu_to_le_64(iova(e->sbq_pages));
	cicb.sbq_buf_size = rte_cpu_to_le_16(SBQ_BUF);
	cicb.sbq_len = rte_cpu_to_le_16(SBQ_LEN);
	if (icb_load(e, &cicb, sizeof(cicb), QLXGE_CFG_LCQ, RX_CQ) != 0)
		return -EIO;
	e->sbq_prod = SBQ_LEN - 16;
	db_write(e, QLXGE_DB_CQ_OFFSET(RX_CQ) + QLXGE_DB_SBQ_PROD_IDX, e->sbq_prod);
	qlxge_sim_reg_write(e->fn, QLXGE_REG_NIC_RCV_CFG,
			    QLXGE_MWR_FIELD(QLXGE_NIC_RCV_CFG_DFQ_MASK,
					    RX_CQ << QLXGE_NIC_RCV_CFG_DFQ_SHIFT));
	qlxge_sim_reg_write(e->fn, QLXGE_REG_RT_IDX, QLXGE_RT_IDX_E |
			    QLXGE_RT_IDX_WORD(QLXGE_RT_IDX_TYPE_NICQ, QLXGE_RT_SLOT_PROMISC,
					      QLXGE_RT_IDX_DST_DFLT_Q));
	qlxge_sim_reg_write(e->fn, QLXGE_REG_RT_DATA, QLXGE_RT_DATA_VALID);
	return 0;
}

static void
e2e_teardown(struct e2e *e)
{
	if (e->ad != NULL)
		qlxge_sim_adapter_put(e->ad);
	rte_free(e->wq);
	rte_free(e->txcq);
	rte_free(e->rxcq);
	rte_free((void *)(uintptr_t)e->shadow);
	rte_free(e->sbq);
	rte_free(e->sbq_pages);
	rte_free(e->bufs);
	rte_free(e->frame);
}

/* The first batch did what it should: clean TX completions, the frame in the RX buffers. */
static bool
e2e_check(const struct e2e *e)
{
	for (uint32_t i = 0; i < BATCH; i++) {
		size_t slot = (e->txcq_cons + i) % RING;
		const struct qlxge_ob_mac_rsp *t = (const void *)(e->txcq + slot * QLXGE_CQE_SIZE);

		if (t->opcode != QLXGE_OPCODE_OB_MAC_IOCB || t->flags1 != QLXGE_OB_MAC_FLAGS1_I ||
		    t->flags3 != 0) {
			fprintf(stderr, "bench-sim: TX completion %u: opcode 0x%02x flags "
				"0x%02x/0x%02x\n", i, t->opcode, t->flags1, t->flags3);
			return false;
		}
	}
	for (uint32_t i = 0; e->rx && i < BATCH; i++) {
		size_t slot = (e->rxcq_cons + i) % RING;
		const struct qlxge_ib_mac_rsp *c = (const void *)(e->rxcq + slot * QLXGE_CQE_SIZE);
		const uint8_t *data = rte_mem_iova2virt(rte_le_to_cpu_64(c->data_addr));

		if (c->opcode != QLXGE_OPCODE_IB_MAC_IOCB ||
		    rte_le_to_cpu_32(c->data_len) != FRAME_LEN || data == NULL ||
		    memcmp(data, e->frame, FRAME_LEN) != 0) {
			fprintf(stderr, "bench-sim: RX completion %u: opcode 0x%02x len %u\n", i,
				c->opcode, rte_le_to_cpu_32(c->data_len));
			return false;
		}
	}
	return true;
}

/*
 * Cycles of the poll steps that carry one batch of BATCH frames through, in bursts of BURST
 * IOCBs per doorbell as a PMD's tx_burst gives them; UINT64_MAX on a stall or a wrong result.
 * The clock runs from the first doorbell to the last burst's completions (TX, and RX on the
 * loop) seen in the shadows.
 */
static uint64_t
e2e_round(struct e2e *e, bool check)
{
	uint32_t tx_target = e->txcq_cons, rx_target = e->rxcq_cons;
	unsigned int spins = 0;
	uint64_t t0 = rte_rdtsc_precise(), t;

	for (unsigned int b = 0; b < BATCH / BURST; b++) {
		tx_target = (tx_target + BURST) % RING;
		rx_target = (rx_target + BURST) % RING;
		e->wq_prod = (e->wq_prod + BURST) % RING;
		db_write(e, QLXGE_DB_WQ_OFFSET(0) + QLXGE_DB_WQ_PROD_IDX, e->wq_prod);
		for (;;) {
			bool tx_done = __atomic_load_n(&e->shadow[0], __ATOMIC_ACQUIRE) ==
				       tx_target;
			bool rx_done = !e->rx || __atomic_load_n(&e->shadow[2],
						__ATOMIC_ACQUIRE) == rx_target;

			if (tx_done && rx_done)
				break;
			if (++spins > 100000)
				return UINT64_MAX;
			qlxge_sim_poll(e->ad);
		}
	}
	t = rte_rdtsc_precise() - t0;
	if (check && !e2e_check(e))
		return UINT64_MAX;
	/* the driver's part, not timed: free the completions, give the buffers back */
	e->txcq_cons = tx_target;
	db_write(e, QLXGE_DB_CQ_OFFSET(TX_CQ) + QLXGE_DB_CQ_CONS_IDX, e->txcq_cons);
	if (e->rx) {
		e->rxcq_cons = rx_target;
		db_write(e, QLXGE_DB_CQ_OFFSET(RX_CQ) + QLXGE_DB_CQ_CONS_IDX, e->rxcq_cons);
		e->sbq_prod = (e->sbq_prod + BATCH) % SBQ_LEN;
		db_write(e, QLXGE_DB_CQ_OFFSET(RX_CQ) + QLXGE_DB_SBQ_PROD_IDX, e->sbq_prod);
	}
	return t;
}

/*
 * One round of each setup; separate functions so that a profiler can tell them apart (each
 * counts its rounds, which also keeps the compiler from folding the two into one).
 */
static volatile unsigned int e2e_rounds_tx, e2e_rounds_loop;

static __rte_noinline uint64_t
e2e_round_tx(struct e2e *e, bool check)
{
	e2e_rounds_tx++;
	return e2e_round(e, check);
}

static __rte_noinline uint64_t
e2e_round_loop(struct e2e *e, bool check)
{
	e2e_rounds_loop++;
	return e2e_round(e, check);
}

/*
 * Both end-to-end setups, their rounds interleaved (tx, loop, tx, ...) so that the load of a
 * shared machine falls on both alike and e2e_loop - e2e_tx stays meaningful. Fills the median
 * (and mean) cycles per frame of each; < 0 when a setup failed or stalled.
 */
static void
e2e_measure(double *tx, double *tx_mean, double *loop, double *loop_mean)
{
	struct e2e et, el;
	uint64_t *st = calloc(rounds, sizeof(*st)), *sl = calloc(rounds, sizeof(*sl));
	int rt = e2e_setup(&et, false, "bench_tx");
	int rl = e2e_setup(&el, true, "bench_loop");
	unsigned int r;

	*tx = *loop = *tx_mean = *loop_mean = -1;
	if (rt != 0 || rl != 0 || st == NULL || sl == NULL) {
		fprintf(stderr, "bench-sim: end-to-end setup failed: %s\n",
			strerror(rt != 0 ? -rt : rl != 0 ? -rl : ENOMEM));
		goto out;
	}
	for (r = 0; r < rounds; r++) {
		st[r] = e2e_round_tx(&et, r == 0);
		sl[r] = e2e_round_loop(&el, r == 0);
		if (st[r] == UINT64_MAX || sl[r] == UINT64_MAX) {
			fprintf(stderr, "bench-sim: end-to-end %s stalled or wrong\n",
				st[r] == UINT64_MAX ? "tx" : "loop");
			goto out;
		}
	}
	memcpy(samples, st, rounds * sizeof(*st));
	nsamples = rounds;
	*tx = per_frame();
	*tx_mean = last_mean;
	memcpy(samples, sl, rounds * sizeof(*sl));
	nsamples = rounds;
	*loop = per_frame();
	*loop_mean = last_mean;
out:
	e2e_teardown(&et);
	e2e_teardown(&el);
	free(st);
	free(sl);
}

/* ==== main ================================================================================= */

#define MAX_ROUNDS	1000000u

/* The --rounds argument: a whole number in 1..MAX_ROUNDS. */
static bool
parse_rounds(const char *arg)
{
	unsigned long v;

	if (!qlxge_test_parse_uint("qlxge-bench-sim", "--rounds", arg, 1, MAX_ROUNDS, &v))
		return false;
	rounds = (unsigned int)v;
	return true;
}

static void
usage(FILE *f, const char *prog)
{
	fprintf(f, "usage: %s [--smoke] [--rounds 1-%u] [--verbose] [--help]\n"
		"  --smoke    a short run (40 rounds)\n"
		"  --rounds   batches per measurement (default 4000)\n"
		"  --verbose  percentiles of each measurement\n", prog, MAX_ROUNDS);
}

int
main(int argc, char **argv)
{
	char *eal_argv[] = { argv[0], "--no-huge", "--no-shconf", "--no-pci", "-m", "256",
			     "--log-level=lib.eal:error", "--log-level=lib.qlxge_sim.*:warning",
			     NULL };
	struct qlxge_sim_params params = { .name = "bench_stage" };
	struct qlxge_sim_adapter *ad;
	struct row rows[8];
	unsigned int nrows = 0;
	double e2e_tx, e2e_loop, e2e_tx_mean, e2e_loop_mean, tx, rx;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--smoke") == 0) {
			rounds = 40;
		} else if (strcmp(argv[i], "--verbose") == 0) {
			verbose = true;
		} else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) {
			if (!parse_rounds(argv[++i]))
				return 2;
		} else if (strcmp(argv[i], "--help") == 0) {
			usage(stdout, argv[0]);
			return 0;
		} else {
			/* an unknown option never starts the whole benchmark */
			fprintf(stderr, "qlxge-bench-sim: unknown argument %s\n", argv[i]);
			usage(stderr, argv[0]);
			return 2;
		}
	}
	samples = calloc(rounds, sizeof(*samples));
	if (samples == NULL)
		return 1;
	if (rte_eal_init((int)RTE_DIM(eal_argv) - 1, eal_argv) < 0) {
		fprintf(stderr, "bench-sim: rte_eal_init failed\n");
		return 1;
	}
	if (qlxge_sim_adapter_create(&params, &ad) != 0) {
		fprintf(stderr, "bench-sim: adapter create failed\n");
		return 1;
	}
	printf("qlxge-bench-sim: %u rounds of %u frames of %u bytes, TSC %" PRIu64
	       " Hz, lcore %u\n", rounds, BATCH, FRAME_LEN, rte_get_tsc_hz(), rte_lcore_id());

	rows[nrows] = (struct row){ "tx_iocb", stage_tx(qlxge_sim_func(ad, 0), false), 0,
				    "sim_tx_iocb, 64-B MAC IOCB, 1 BD, to a loop wire" };
	rows[nrows++].mean = last_mean;
	rows[nrows] = (struct row){ "tx_iocb_vlan", stage_tx(qlxge_sim_func(ad, 0), true), 0,
				    "the same with VLAN insertion (gather path)" };
	rows[nrows++].mean = last_mean;
	rows[nrows] = (struct row){ "wire", stage_wire(), 0,
				    "sim_wire_tx + sim_wire_rx_burst, loop wire" };
	rows[nrows++].mean = last_mean;
	rows[nrows] = (struct row){ "rx_classify", stage_rx(), 0,
				    "sim_rx_classify: CAM, csum, RSS hash + RSS slot" };
	rows[nrows++].mean = last_mean;
	qlxge_sim_adapter_put(ad);
	e2e_measure(&e2e_tx, &e2e_tx_mean, &e2e_loop, &e2e_loop_mean);
	rows[nrows] = (struct row){ "e2e_tx", e2e_tx, e2e_tx_mean,
				    "WQ -> TX engine -> TX completion (pcap sink wire)" };
	nrows++;
	rows[nrows] = (struct row){ "e2e_loop", e2e_loop, e2e_loop_mean,
				    "WQ -> loop wire -> RX -> SBQ + RX completion" };
	nrows++;
	rows[nrows] = (struct row){ "e2e_rx", (e2e_loop >= 0 && e2e_tx >= 0) ?
				    e2e_loop - e2e_tx : -1, rows[5].mean - rows[4].mean,
				    "e2e_loop - e2e_tx: wire -> RX completion" };
	nrows++;

	printf("%-14s %12s %12s  %s\n", "stage", "median", "mean", "cycles per frame: what");
	for (unsigned int i = 0; i < nrows; i++) {
		if (rows[i].cycles >= 0)
			printf("%-14s %12.1f %12.1f  %s\n", rows[i].name, rows[i].cycles,
			       rows[i].mean, rows[i].what);
		else
			printf("%-14s %12s %12s  %s\n", rows[i].name, "n/a", "n/a", rows[i].what);
	}
	tx = rows[4].cycles >= 0 ? rows[4].cycles : rows[0].cycles;
	rx = rows[6].cycles >= 0 ? rows[6].cycles : rows[2].cycles + rows[3].cycles;
	printf("RESULT sim_tx_cycles_per_frame=%.1f sim_rx_cycles_per_frame=%.1f\n", tx, rx);
	rte_eal_cleanup();
	return 0;
}
