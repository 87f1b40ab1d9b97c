/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Queues of the model (lib/qlxge_sim/queues/, dataplane/xgmac.c), docs/hardware §5, §6.3,
 * §6.4, §7.6-7.10, §8, §11, §12, §16.10-16.16: known frames sent through a WQ on a loopback
 * wire produce exactly the expected TX and RX completions (length, flags, buffer addresses in
 * ring order, VLAN, header split, RSS hash), shadows, doorbell semantics, interrupts, counters.
 */

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pcap/pcap.h>

#include <rte_byteorder.h>
#include <rte_log.h>

#include "sim_qfix.h"

/* §16.10-16.13: DS, DL and chained placement in ring order, shadows, TX completions. */
static void
test_queue_rx_placement(void **state)
{
	static const uint8_t bcast[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
	struct qfix f;
	const struct qlxge_ib_mac_rsp *r;
	const uint64_t *list;
	struct qlxge_sim_counters c;

	(void)state;
	qfix_up(&f, 48);
	/* 1: 100 bytes -> one small buffer (DS), the first SBQ entry */
	st_frame_udp(f.buf, 100, f.e.mac[0], 0);
	qfix_send(&f, 100, 11, 0);
	qfix_tx_done(&f, 11);
	r = (const void *)st_cq_next(f.fn, &f.rx);
	assert_non_null(r);
	assert_int_equal(r->opcode, QLXGE_OPCODE_IB_MAC_IOCB);
	assert_int_equal(r->flags3 & (QLXGE_IB_MAC_FLAGS3_DS | QLXGE_IB_MAC_FLAGS3_DL),
			 QLXGE_IB_MAC_FLAGS3_DS);
	assert_true(r->flags3 & QLXGE_IB_MAC_FLAGS3_V4);
	assert_true(r->flags2 & QLXGE_IB_MAC_FLAGS2_U);
	assert_int_equal(r->flags2 & QLXGE_IB_MAC_FLAGS2_ERR_MASK, 0);
	assert_int_equal(rte_le_to_cpu_32(r->data_len), 100);
	assert_int_equal(rte_le_to_cpu_64(r->data_addr), f.rx.sbufs_iova);
	assert_memory_equal(f.rx.sbufs, f.buf, 100);
	assert_int_equal(r->flags4 & QLXGE_IB_MAC_FLAGS4_HV, 0);
	/* shadows: CQ producer 1, WQ consumer 1 */
	assert_int_equal(rte_le_to_cpu_32(*f.rx.shadow), 1);
	assert_int_equal(rte_le_to_cpu_32(*f.wq.shadow), 1);

	/* 2: 1000 bytes broadcast -> one large buffer (DL), the first LBQ entry */
	st_frame_udp(f.buf, 1000, bcast, 0);
	qfix_send(&f, 1000, 12, 0);
	qfix_tx_done(&f, 12);
	r = (const void *)st_cq_next(f.fn, &f.rx);
	assert_non_null(r);
	assert_int_equal(r->flags3 & (QLXGE_IB_MAC_FLAGS3_DS | QLXGE_IB_MAC_FLAGS3_DL),
			 QLXGE_IB_MAC_FLAGS3_DL);
	assert_true(r->flags1 & QLXGE_IB_MAC_FLAGS1_B);
	assert_int_equal(rte_le_to_cpu_32(r->data_len), 1000);
	assert_int_equal(rte_le_to_cpu_64(r->data_addr), f.rx.lbufs_iova);
	assert_memory_equal(f.rx.lbufs, f.buf, 1000);

	/* 3: 5000 bytes -> chained: SBQ entry 1 lists LBQ entries 1, 2, 3 */
	st_frame_udp(f.buf, 5000, f.e.mac[0], 0);
	qfix_send(&f, 5000, 13, 0);
	qfix_tx_done(&f, 13);
	r = (const void *)st_cq_next(f.fn, &f.rx);
	assert_non_null(r);
	assert_int_equal(r->flags3 & (QLXGE_IB_MAC_FLAGS3_DS | QLXGE_IB_MAC_FLAGS3_DL), 0);
	assert_int_equal(rte_le_to_cpu_32(r->data_len), 5000);
	assert_int_equal(rte_le_to_cpu_64(r->data_addr), f.rx.sbufs_iova + 256);
	list = (const uint64_t *)(f.rx.sbufs + 256);
	for (unsigned int i = 0; i < 3; i++)
		assert_int_equal(rte_le_to_cpu_64(list[i]), f.rx.lbufs_iova + 2048ull * (i + 1));
	assert_memory_equal(f.rx.lbufs + 2048, f.buf, 2048 * 2);
	assert_memory_equal(f.rx.lbufs + 3 * 2048, f.buf + 4096, 5000 - 4096);
	assert_null(st_cq_next(f.fn, &f.rx));
	assert_int_equal(rte_le_to_cpu_32(*f.wq.shadow), 3);

	assert_int_equal(qlxge_sim_counters_get(f.fn, &c), 0);
	assert_int_equal(c.tx_iocbs, 3);
	assert_int_equal(c.rx_frames, 3);
	assert_int_equal(c.rx_completions, 3);
	assert_int_equal(c.rx_drops_nobuf + c.rx_drops_filter + c.rx_drops_oversize, 0);
	qfix_down(&f);
}

/* §16.10: producers ignore their low 4 bits; "no buffer" drops are counted (XGMAC 0x5B8). */
static void
test_queue_bq_low_bits_and_nobuf(void **state)
{
	struct qfix f;
	struct qlxge_sim_counters c;
	unsigned int got = 0;

	(void)state;
	qfix_up(&f, 17);	/* 17 & ~15 = 16 small buffers */
	st_frame_udp(f.buf, 80, f.e.mac[0], 0);
	for (unsigned int i = 0; i < 20; i++) {
		qfix_send(&f, 80, i, 0);
		qfix_tx_done(&f, i);
		if (st_cq_next(f.fn, &f.rx) != NULL)
			got++;
	}
	assert_int_equal(got, 16);
	assert_int_equal(qlxge_sim_counters_get(f.fn, &c), 0);
	assert_int_equal(c.rx_drops_nobuf, 4);
	st_wr(f.fn, QLXGE_REG_XGMAC_ADDR, QLXGE_XGMAC_RX_NIC_FIFO_DROP | QLXGE_XGMAC_ADDR_R);
	assert_int_equal(st_rd(f.fn, QLXGE_REG_XGMAC_DATA), 4);
	/* more buffers: frames flow again, from SBQ entry 16 */
	st_cq_give(f.fn, &f.rx, 16, 32);
	qfix_send(&f, 80, 99, 0);
	qfix_tx_done(&f, 99);
	{
		const struct qlxge_ib_mac_rsp *r = (const void *)st_cq_next(f.fn, &f.rx);

		assert_non_null(r);
		assert_int_equal(rte_le_to_cpu_64(r->data_addr), f.rx.sbufs_iova + 16 * 256);
	}
	qfix_down(&f);
}

/* §16.10: the valid doorbells honour bit 4 only (FreeBSD's 0xFFFFFFEF invalidates). */
static void
test_queue_valid_doorbell(void **state)
{
	struct qfix f;
	volatile uint32_t *valid;

	(void)state;
	qfix_up(&f, 48);
	valid = (volatile uint32_t *)((uint8_t *)qlxge_sim_doorbell_base(f.fn) +
				      QLXGE_DB_CQ_OFFSET(RXQ) + QLXGE_DB_CQ_VALID);
	*valid = QLXGE_DB_INVALIDATE;
	st_frame_udp(f.buf, 64, f.e.mac[0], 0);
	qfix_send(&f, 64, 1, 0);
	qfix_tx_done(&f, 1);
	assert_null(st_cq_next(f.fn, &f.rx));
	*valid = 0xFFFFFFFFu;	/* bit 4 set among others: valid */
	qfix_send(&f, 64, 2, 0);
	qfix_tx_done(&f, 2);
	assert_non_null(st_cq_next(f.fn, &f.rx));
	/* WQ invalidated: the doorbell is not served */
	valid = (volatile uint32_t *)((uint8_t *)qlxge_sim_doorbell_base(f.fn) +
				      QLXGE_DB_WQ_OFFSET(0) + QLXGE_DB_WQ_VALID);
	*valid = QLXGE_DB_INVALIDATE;
	qfix_send(&f, 64, 3, 0);
	assert_null(st_cq_next(f.fn, &f.tx));
	*valid = QLXGE_DB_VALID_V;
	st_poll(&f.e, 3);
	qfix_tx_done(&f, 3);
	/* STS.NFE: 0 while a valid WQ holds IOCBs the device has not taken (§2.8) */
	st_wq_send(f.fn, &f.wq, f.buf_iova, 64, 4, 0);
	assert_false(st_rd(f.fn, QLXGE_REG_STS) & QLXGE_STS_NFE);
	st_poll(&f.e, 3);
	qfix_tx_done(&f, 4);
	assert_true(st_rd(f.fn, QLXGE_REG_STS) & QLXGE_STS_NFE);
	qfix_down(&f);
}

/* A doorbell word of @p fn as the driver would read it back. */
static uint32_t
q_db_rd(struct qlxge_sim_func *fn, uint32_t off)
{
	return *(volatile uint32_t *)((uint8_t *)qlxge_sim_doorbell_base(fn) + off);
}

/*
 * §5: the device's halves of the doorbell registers read back (FreeBSD's masks): WQ consumer
 * and CQ producer and buffer-queue consumers in bits 31:16, the driver's index in 15:0; the
 * valid registers read V as the device holds it, and ONQ (bit 25) while a WQ holds IOCBs the
 * device has not taken. Right after an ICB load the valid register reads the loaded V.
 */
static void
test_queue_doorbell_readback(void **state)
{
	uint32_t wq_pg = QLXGE_DB_WQ_OFFSET(0), cq_pg = QLXGE_DB_CQ_OFFSET(RXQ);
	struct qfix f;
	uint32_t v;

	(void)state;
	qfix_up(&f, 48);
	/* after the loads: indexes 0 (the SBQ consumer too), V as loaded, nothing else */
	assert_int_equal(q_db_rd(f.fn, wq_pg + QLXGE_DB_WQ_VALID), QLXGE_DB_VALID_V);
	assert_int_equal(q_db_rd(f.fn, cq_pg + QLXGE_DB_CQ_VALID), QLXGE_DB_VALID_V);
	st_frame_udp(f.buf, 64, f.e.mac[0], 0);
	qfix_send(&f, 64, 1, 0);
	qfix_send(&f, 64, 2, 0);
	qfix_tx_done(&f, 1);
	qfix_tx_done(&f, 2);
	st_poll(&f.e, 2);
	/* two IOCBs taken: the WQ producer register reads consumer 2 above producer 2 */
	assert_int_equal(q_db_rd(f.fn, wq_pg + QLXGE_DB_WQ_PROD_IDX), (2u << 16) | 2u);
	assert_int_equal(q_db_rd(f.fn, wq_pg + QLXGE_DB_WQ_VALID), QLXGE_DB_VALID_V);
	/* two frames received into the SBQ: its consumer and the CQ's producer read back */
	assert_non_null(st_cq_next(f.fn, &f.rx));
	assert_non_null(st_cq_next(f.fn, &f.rx));
	st_poll(&f.e, 2);
	v = q_db_rd(f.fn, cq_pg + QLXGE_DB_CQ_CONS_IDX);
	assert_int_equal(v >> QLXGE_DB_RD_HI_SHIFT, 2);		/* producer */
	assert_int_equal(v & QLXGE_DB_RD_LO_MASK, f.rx.cons);	/* the driver's consumer */
	assert_int_equal(q_db_rd(f.fn, cq_pg + QLXGE_DB_SBQ_PROD_IDX) >> QLXGE_DB_RD_HI_SHIFT, 2);
	assert_int_equal(q_db_rd(f.fn, cq_pg + QLXGE_DB_SBQ_PROD_IDX) & QLXGE_DB_RD_LO_MASK, 48);
	/* ONQ: an IOCB the device cannot take (its CQ stopped) keeps the WQ on the queue */
	st_wr(f.fn, QLXGE_REG_CQ_STOP, QLXGE_MWR_FIELD(0x03FF, QLXGE_CQ_STOP_TYPE_STOP | f.tx.id));
	qfix_send(&f, 64, 3, 0);
	st_poll(&f.e, 2);
	assert_int_equal(q_db_rd(f.fn, wq_pg + QLXGE_DB_WQ_VALID),
			 QLXGE_DB_VALID_V | QLXGE_DB_VALID_ONQ);
	assert_int_equal(q_db_rd(f.fn, wq_pg + QLXGE_DB_WQ_PROD_IDX), (2u << 16) | 3u);
	st_wr(f.fn, QLXGE_REG_CQ_STOP, QLXGE_MWR_FIELD(0x03FF, QLXGE_CQ_STOP_TYPE_START | f.tx.id));
	st_poll(&f.e, 3);
	qfix_tx_done(&f, 3);
	st_poll(&f.e, 2);
	assert_int_equal(q_db_rd(f.fn, wq_pg + QLXGE_DB_WQ_VALID), QLXGE_DB_VALID_V);
	/* FreeBSD's invalidation word reads back as the device holds it: V clear, nothing else */
	*(volatile uint32_t *)((uint8_t *)qlxge_sim_doorbell_base(f.fn) + wq_pg +
			       QLXGE_DB_WQ_VALID) = QLXGE_DB_INVALIDATE;
	st_poll(&f.e, 1);
	assert_int_equal(q_db_rd(f.fn, wq_pg + QLXGE_DB_WQ_VALID), 0);
	qfix_down(&f);
}

static void q_cq_reload_invalid(struct qlxge_sim_func *fn, struct st_cq *cq);

/* A pcap file of @p n UDP frames of 64 bytes to @p dst, frame i marked with i in byte 63. */
static void
q_pcap_write(const char *path, const uint8_t dst[6], unsigned int n)
{
	pcap_t *p = pcap_open_dead(DLT_EN10MB, 65535);
	pcap_dumper_t *d;
	struct pcap_pkthdr h = { .caplen = 64, .len = 64 };
	uint8_t f[64];

	assert_non_null(p);
	d = pcap_dump_open(p, path);
	assert_non_null(d);
	for (unsigned int i = 0; i < n; i++) {
		st_frame_udp(f, 64, dst, 0);
		f[63] = (uint8_t)i;
		pcap_dump((u_char *)d, &h, f);
	}
	pcap_dump_close(d);
	pcap_close(p);
}

/* The byte 63 of the frame of RX completion @p r (the SBQ buffer it names). */
static uint8_t
q_frame_mark(struct qfix *f, const struct qlxge_ib_mac_rsp *r)
{
	return f->rx.sbufs[rte_le_to_cpu_64(r->data_addr) - f->rx.sbufs_iova + 63];
}

/*
 * PCAP wires (queues/rx.c): with back-pressure (rxq) a frame the port cannot place waits on the
 * wire (CQ stopped: nothing dropped), then arrives; started at the first receive, the first
 * frame is placed but stays on the wire until the consumer index passes it, is offered again
 * when its CQ is reloaded first, and the rest follow once it is received. The live wire state
 * tells the gate and the replay's end; fault_get reads what is left of a fault.
 */
static void
test_queue_pcap_start_modes(void **state)
{
	char path[] = "/tmp/qlxge_sim_pcapq_XXXXXX";
	struct qlxge_sim_wire_cfg w = { .kind = QLXGE_SIM_WIRE_PCAP, .rx_pcap = path };
	struct qlxge_sim_wire_info wi;
	struct qlxge_sim_counters c;
	const struct qlxge_ib_mac_rsp *r;
	uint64_t arg;
	struct qfix f;
	unsigned int i;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	qfix_up(&f, 48);
	q_pcap_write(path, f.e.mac[0], 6);

	/* rxq: the CQ stopped, the frames wait (no drop), then come in order */
	st_wr(f.fn, QLXGE_REG_CQ_STOP, QLXGE_MWR_FIELD(0x03FF, QLXGE_CQ_STOP_TYPE_STOP | RXQ));
	assert_int_equal(qlxge_sim_wire_set(f.fn, &w), 0);
	st_poll(&f.e, 10);
	assert_null(st_cq_next(f.fn, &f.rx));
	assert_int_equal(qlxge_sim_counters_get(f.fn, &c), 0);
	assert_int_equal(c.rx_drops_cq_invalid + c.rx_drops_filter + c.rx_drops_nobuf, 0);
	assert_int_equal(qlxge_sim_wire_get(f.fn, &wi), 0);
	assert_int_equal(wi.kind, QLXGE_SIM_WIRE_PCAP);
	assert_string_equal(wi.rx_pcap, path);
	assert_int_equal(wi.rx_pcap_start, QLXGE_SIM_PCAP_START_RXQ);
	assert_true(wi.carrier && wi.link_up && !wi.rx_pcap_done);
	st_wr(f.fn, QLXGE_REG_CQ_STOP, QLXGE_MWR_FIELD(0x03FF, QLXGE_CQ_STOP_TYPE_START | RXQ));
	st_poll(&f.e, 10);
	for (i = 0; i < 6; i++) {
		r = (const void *)st_cq_next(f.fn, &f.rx);
		assert_non_null(r);
		assert_int_equal(q_frame_mark(&f, r), i);
	}
	st_poll(&f.e, 2);
	assert_int_equal(qlxge_sim_wire_get(f.fn, &wi), 0);
	assert_true(wi.rx_pcap_done);
	assert_int_equal(wi.rx_frames, 6);

	/* first_burst: one frame placed, the rest wait until it is received */
	w.rx_pcap_start = QLXGE_SIM_PCAP_START_FIRST_BURST;
	assert_int_equal(qlxge_sim_wire_set(f.fn, &w), 0);
	st_poll(&f.e, 10);
	assert_int_equal(qlxge_sim_wire_get(f.fn, &wi), 0);
	assert_true(wi.rx_pcap_waiting);
	assert_int_equal(wi.rx_frames, 0);
	/* the CQ reloaded before the application saw it: the frame is offered again */
	q_cq_reload_invalid(f.fn, &f.rx);
	*(volatile uint32_t *)((uint8_t *)qlxge_sim_doorbell_base(f.fn) + QLXGE_DB_CQ_OFFSET(RXQ) +
			       QLXGE_DB_CQ_VALID) = QLXGE_DB_VALID_V;
	st_cq_give(f.fn, &f.rx, 16, 48);
	f.rx.cons = 0;
	st_poll(&f.e, 10);
	r = (const void *)st_cq_next(f.fn, &f.rx);
	assert_non_null(r);
	assert_int_equal(q_frame_mark(&f, r), 0);
	st_poll(&f.e, 10);	/* received: the gate opens, the others follow in order */
	for (i = 1; i < 6; i++) {
		r = (const void *)st_cq_next(f.fn, &f.rx);
		assert_non_null(r);
		assert_int_equal(q_frame_mark(&f, r), i);
	}
	assert_null(st_cq_next(f.fn, &f.rx));
	assert_int_equal(qlxge_sim_wire_get(f.fn, &wi), 0);
	assert_false(wi.rx_pcap_waiting);
	assert_int_equal(wi.rx_frames, 6);

	/* the live fault state */
	assert_int_equal(qlxge_sim_fault_set(f.fn, QLXGE_SIM_FAULT_RX_BAD_FCS, 7), 0);
	assert_int_equal(qlxge_sim_fault_get(f.fn, QLXGE_SIM_FAULT_RX_BAD_FCS, &arg), 0);
	assert_int_equal(arg, 7);
	assert_int_equal(qlxge_sim_fault_set(f.fn, QLXGE_SIM_FAULT_RX_BAD_FCS, 0), 0);
	assert_int_equal(qlxge_sim_fault_get(f.fn, QLXGE_SIM_FAULT_MAX, &arg), -EINVAL);
	unlink(path);
	qfix_down(&f);
}

/* SET_PORT_CFG with a loopback mode in link_config (§9.4): the port's TX comes back to its RX. */
static void
q_port_loopback(struct st_env *e, struct qlxge_sim_func *fn)
{
	uint32_t in[3] = { QLXGE_MB_CMD_SET_PORT_CFG, QLXGE_LINK_CFG_LOOPBACK_PCS, 0x2580 };
	uint32_t out[1];

	assert_int_equal(st_mbox(e, fn, in, 3, out, 1, NULL), QLXGE_MB_STS_GOOD);
}

/*
 * §6.3, §9.4: TX completions and RX share one CQ while the port loops its TX back. 31 IOCBs on
 * a 32-entry CQ the host does not consume: the device fills the 31 free entries and then
 * waits, it never writes over an unconsumed entry. Every TX completion arrives exactly once
 * as the host consumes; every looped frame is delivered or counted as dropped.
 */
static void
test_queue_loopback_shared_cq(void **state)
{
	struct st_env e;
	struct qlxge_sim_func *fn;
	struct st_cq cq;
	struct st_wq wq;
	struct qlxge_sim_counters c;
	uint8_t *buf;
	uint64_t buf_iova;
	bool tx_seen[31] = { false };
	unsigned int i, tx = 0, rx = 0, rounds = 0;

	(void)state;
	st_env_init(&e, 0);
	fn = e.fn[0];
	st_func_up(fn);
	st_cq_setup(fn, &cq, 0, 32, 1, 32, 2048, 64, 256);
	st_wq_setup(fn, &wq, 0, 32, 0);
	st_cq_give(fn, &cq, 16, 48);
	st_route_set(fn, QLXGE_RT_SLOT_PROMISC, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_VALID);
	q_port_loopback(&e, fn);
	st_aens(&e, fn, NULL);
	buf = st_dma_alloc(2048, &buf_iova);
	st_frame_udp(buf, 64, e.mac[0], 0);
	for (i = 0; i < 31; i++)
		st_wq_send(fn, &wq, buf_iova, 64, i, 0);
	st_poll(&e, 8);
	/* full: 31 entries written, the producer shadow says so, nothing beyond */
	assert_int_equal(rte_le_to_cpu_32(*(volatile uint32_t *)cq.shadow), 31);
	/* consume as a driver does; the device resumes as room appears */
	while (rounds++ < 64) {
		const uint8_t *r;

		while ((r = st_cq_next(fn, &cq)) != NULL) {
			if (r[0] == QLXGE_OPCODE_OB_MAC_IOCB) {
				uint32_t tid = st_le32(r + offsetof(struct qlxge_ob_mac_rsp, tid));

				assert_true(tid < 31);
				assert_false(tx_seen[tid]);
				tx_seen[tid] = true;
				tx++;
			} else {
				assert_int_equal(r[0], QLXGE_OPCODE_IB_MAC_IOCB);
				rx++;
			}
		}
		st_poll(&e, 1);
	}
	assert_int_equal(tx, 31);
	assert_int_equal(qlxge_sim_counters_get(fn, &c), 0);
	assert_int_equal(c.tx_frames, 31);
	assert_int_equal(rx, c.rx_frames);
	assert_int_equal(c.rx_frames + c.rx_drops_nobuf, 31);
	st_dma_free(buf);
	st_wq_free(&wq);
	st_cq_free(&cq);
	st_env_fini(&e);
}

/* Ethernet + IPv4 + TCP to @p dst, @p payload bytes; the TCP checksum field holds the folded
 * pseudo-header sum without length and the IP checksum 0, as a driver prepares LSO (§7.5). */
static uint32_t
q_tcp_lso_frame(uint8_t *f, const uint8_t dst[6], uint32_t payload)
{
	static const uint8_t src_ip[4] = { 10, 0, 0, 1 }, dst_ip[4] = { 10, 0, 0, 2 };
	uint32_t sum = 6, len = 14 + 20 + 20 + payload, i;

	memset(f, 0, 54);
	memcpy(f, dst, 6);
	memcpy(f + 6, (const uint8_t[6]){ 0x02, 0, 0, 0, 0, 9 }, 6);
	f[12] = 0x08;
	f[14] = 0x45;
	f[16] = (uint8_t)((len - 14) >> 8);
	f[17] = (uint8_t)(len - 14);
	f[22] = 64;
	f[23] = 6;
	memcpy(f + 26, src_ip, 4);
	memcpy(f + 30, dst_ip, 4);
	f[34] = 0x12;
	f[36] = 0x34;
	f[46] = 0x50;		/* data offset 5 */
	f[47] = 0x18;		/* ACK PSH */
	for (i = 0; i < 8; i += 2)
		sum += ((uint32_t)f[26 + i] << 8 | f[27 + i]);
	while (sum >> 16)
		sum = (sum & 0xFFFFu) + (sum >> 16);
	f[50] = (uint8_t)(sum >> 8);
	f[51] = (uint8_t)sum;
	for (i = 54; i < len; i++)
		f[i] = (uint8_t)i;
	return len;
}

/*
 * The same with one LSO IOCB looping 40 segments back onto a 32-entry CQ it shares with RX:
 * the TX completion and 30 of the segments fit (31 free entries), the rest are dropped as "no
 * buffer"; nothing is written over.
 */
static void
test_queue_loopback_lso_shared_cq(void **state)
{
	struct st_env e;
	struct qlxge_sim_func *fn;
	struct st_cq cq;
	struct st_wq wq;
	struct qlxge_ob_tso_iocb *io;
	struct qlxge_sim_counters c;
	const uint8_t *r;
	uint8_t *buf;
	uint64_t buf_iova;
	uint32_t len;
	unsigned int tx = 0, rx = 0;

	(void)state;
	st_env_init(&e, 0);
	fn = e.fn[0];
	st_func_up(fn);
	st_cq_setup(fn, &cq, 0, 32, 1, 32, 2048, 64, 256);
	st_wq_setup(fn, &wq, 0, 32, 0);
	st_cq_give(fn, &cq, 16, 48);
	st_route_set(fn, QLXGE_RT_SLOT_PROMISC, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_VALID);
	q_port_loopback(&e, fn);
	st_aens(&e, fn, NULL);
	buf = st_dma_alloc(16384, &buf_iova);
	len = q_tcp_lso_frame(buf, e.mac[0], 40 * 100);
	io = (struct qlxge_ob_tso_iocb *)wq.ring;
	memset(io, 0, sizeof(*io));
	io->opcode = QLXGE_OPCODE_OB_MAC_TSO_IOCB;
	io->flags1 = QLXGE_OB_TSO_FLAGS1_IP4;
	io->flags2 = QLXGE_OB_TSO_FLAGS2_LSO | QLXGE_OB_TSO_FLAGS2_TC;
	io->flags3 = QLXGE_OB_TSO_FLAGS3_IC;
	io->frame_len = rte_cpu_to_le_32(len);
	io->tid = rte_cpu_to_le_32(77);
	io->total_hdrs_len = rte_cpu_to_le_16(54);
	io->net_trans_offset = rte_cpu_to_le_16(QLXGE_OB_TSO_OFFSETS(14, 34));
	io->mss = rte_cpu_to_le_16(100);
	io->tbd[0].addr = rte_cpu_to_le_64(buf_iova);
	io->tbd[0].len = rte_cpu_to_le_32(len | QLXGE_TX_BD_E);
	wq.prod = 1;
	*(volatile uint32_t *)((uint8_t *)qlxge_sim_doorbell_base(fn) + QLXGE_DB_WQ_OFFSET(0) +
			       QLXGE_DB_WQ_PROD_IDX) = 1;
	st_poll(&e, 8);
	assert_int_equal(rte_le_to_cpu_32(*(volatile uint32_t *)cq.shadow), 31);	/* full */
	while ((r = st_cq_next(fn, &cq)) != NULL) {
		if (r[0] == QLXGE_OPCODE_OB_MAC_TSO_IOCB) {
			assert_int_equal(st_le32(r + offsetof(struct qlxge_ob_mac_rsp, tid)), 77);
			tx++;
		} else {
			assert_int_equal(r[0], QLXGE_OPCODE_IB_MAC_IOCB);
			rx++;
		}
	}
	assert_int_equal(tx, 1);
	assert_int_equal(rx, 30);
	assert_int_equal(qlxge_sim_counters_get(fn, &c), 0);
	assert_int_equal(c.tx_frames, 40);
	assert_int_equal(c.rx_frames, 30);
	assert_int_equal(c.rx_drops_nobuf, 10);
	st_dma_free(buf);
	st_wq_free(&wq);
	st_cq_free(&cq);
	st_env_fini(&e);
}

/* Reload a CQ's ICB (LC, LI, LV, LL, LS as st_cq_setup) with V clear; buffers given again. */
static void
q_cq_reload_invalid(struct qlxge_sim_func *fn, struct st_cq *cq)
{
	cq->icb->len = rte_cpu_to_le_16((uint16_t)cq->len);	/* V clear */
	assert_int_equal(st_cfg_cmd(fn, QLXGE_CFG_LCQ, cq->id, cq->icb_iova) &
			 (QLXGE_CFG_LCQ | QLXGE_CFG_LE), 0);
	memset(cq->ring, 0, (size_t)cq->len * QLXGE_CQE_SIZE);
	*cq->shadow = 0;
	cq->cons = 0;
}

/*
 * §5, §6: every write of a valid doorbell takes effect, also the same value as before: V set
 * by the doorbell (0x10), the queue reloaded with V clear, 0x10 written again -> valid. A frame
 * for an invalid CQ is counted as such, not as a filter drop.
 */
static void
test_queue_valid_doorbell_same_value(void **state)
{
	struct qfix f;
	volatile uint32_t *cq_valid, *wq_valid;
	struct qlxge_sim_counters c;

	(void)state;
	qfix_up(&f, 48);
	cq_valid = (volatile uint32_t *)((uint8_t *)qlxge_sim_doorbell_base(f.fn) +
					 QLXGE_DB_CQ_OFFSET(RXQ) + QLXGE_DB_CQ_VALID);
	wq_valid = (volatile uint32_t *)((uint8_t *)qlxge_sim_doorbell_base(f.fn) +
					 QLXGE_DB_WQ_OFFSET(0) + QLXGE_DB_WQ_VALID);
	*cq_valid = QLXGE_DB_VALID_V;
	st_poll(&f.e, 1);
	q_cq_reload_invalid(f.fn, &f.rx);
	st_cq_give(f.fn, &f.rx, 16, 48);
	st_frame_udp(f.buf, 64, f.e.mac[0], 0);
	qfix_send(&f, 64, 1, 0);
	qfix_tx_done(&f, 1);
	assert_null(st_cq_next(f.fn, &f.rx));	/* V clear from the load */
	assert_int_equal(qlxge_sim_counters_get(f.fn, &c), 0);
	assert_int_equal(c.rx_drops_cq_invalid, 1);
	assert_int_equal(c.rx_drops_filter, 0);
	*cq_valid = QLXGE_DB_VALID_V;		/* the same word as before the load */
	qfix_send(&f, 64, 2, 0);
	qfix_tx_done(&f, 2);
	assert_non_null(st_cq_next(f.fn, &f.rx));

	/* the WQ: valid by doorbell, reloaded with V clear, valid again by the same word */
	*wq_valid = QLXGE_DB_VALID_V;
	st_poll(&f.e, 1);
	f.wq.icb->len = rte_cpu_to_le_16((uint16_t)f.wq.len);	/* V clear */
	assert_int_equal(st_cfg_cmd(f.fn, QLXGE_CFG_LRQ, 0, f.wq.icb_iova) &
			 (QLXGE_CFG_LRQ | QLXGE_CFG_LE), 0);
	f.wq.prod = 0;
	qfix_send(&f, 64, 3, 0);
	assert_null(st_cq_next(f.fn, &f.tx));
	*wq_valid = QLXGE_DB_VALID_V;
	st_poll(&f.e, 3);
	qfix_tx_done(&f, 3);
	qfix_down(&f);
}

/*
 * A frame with a bad FCS that an error slot routes to a CQ that is not valid: counted once, as
 * an FCS error (the MAC's counter, the PMD's ierrors), not also as a drop event, as a filtered
 * one; a good frame to the same CQ is a drop event. Each frame the port receives in exactly one
 * of the counters the driver reads (docs/hardware/choices.md).
 */
static void
test_queue_rx_error_frame_dropped_counted_once(void **state)
{
	struct qlxge_sim_counters c;
	struct qfix f;

	(void)state;
	qfix_up(&f, 48);
	st_route_set(f.fn, QLXGE_RT_SLOT_ALL_ERR, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_ERR);
	q_cq_reload_invalid(f.fn, &f.rx);
	st_frame_udp(f.buf, 64, f.e.mac[0], 0);
	assert_int_equal(qlxge_sim_fault_set(f.fn, QLXGE_SIM_FAULT_RX_BAD_FCS, 1), 0);
	qfix_send(&f, 64, 1, 0);
	qfix_tx_done(&f, 1);
	assert_int_equal(qlxge_sim_fault_set(f.fn, QLXGE_SIM_FAULT_RX_BAD_FCS, 0), 0);
	qfix_send(&f, 64, 2, 0);
	qfix_tx_done(&f, 2);
	assert_null(st_cq_next(f.fn, &f.rx));
	assert_int_equal(qlxge_sim_counters_get(f.fn, &c), 0);
	assert_int_equal(c.rx_drops_cq_invalid, 2);
	assert_int_equal(c.rx_drop_events, 1);
	assert_true(st_sem_get(f.fn, QLXGE_SEM_XGMAC0));
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_FCS_ERR_PKTS), 1);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_DROP_EVENTS), 1);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_NIC_FIFO_DROP), 0);
	st_sem_put(f.fn, QLXGE_SEM_XGMAC0);
	qfix_down(&f);
}

/* A producer index beyond the ring is driver misuse, reported once per bad value. */
static void
test_queue_bad_producer_warns_once(void **state)
{
	struct qfix f;
	volatile uint32_t *prod;
	struct qlxge_sim_counters c;
	uint64_t errs;

	(void)state;
	qfix_up(&f, 48);
	prod = (volatile uint32_t *)((uint8_t *)qlxge_sim_doorbell_base(f.fn) +
				     QLXGE_DB_WQ_OFFSET(0) + QLXGE_DB_WQ_PROD_IDX);
	assert_int_equal(qlxge_sim_counters_get(f.fn, &c), 0);
	errs = c.driver_errors;
	*prod = f.wq.len;	/* taken modulo the ring: 0, nothing to do, only the warning */
	st_poll(&f.e, 50);
	assert_int_equal(qlxge_sim_counters_get(f.fn, &c), 0);
	assert_int_equal(c.driver_errors, errs + 1);
	*prod = 2 * f.wq.len;	/* another bad value: one more */
	st_poll(&f.e, 50);
	assert_int_equal(qlxge_sim_counters_get(f.fn, &c), 0);
	assert_int_equal(c.driver_errors, errs + 2);
	qfix_down(&f);
}

/* §16.13: VLAN strip with NIC_RCV_CFG.RV; header split with FSC.SH + SPLT_HDR. */
static void
test_queue_vlan_strip_and_split(void **state)
{
	struct qfix f;
	const struct qlxge_ib_mac_rsp *r;

	(void)state;
	qfix_up(&f, 48);
	/* without RV: the tag stays in the data */
	st_frame_udp(f.buf, 200, f.e.mac[0], 0x2064);
	qfix_send(&f, 200, 1, 0);
	qfix_tx_done(&f, 1);
	r = (const void *)st_cq_next(f.fn, &f.rx);
	assert_non_null(r);
	assert_int_equal(rte_le_to_cpu_32(r->data_len), 200);
	/* §7.7: flags2.V says tagged; vlan_id carries the tag only when it was stripped */
	assert_true(r->flags2 & QLXGE_IB_MAC_FLAGS2_V);
	assert_int_equal(rte_le_to_cpu_16(r->vlan_id), 0);
	/* with RV: stripped into vlan_id */
	st_wr(f.fn, QLXGE_REG_NIC_RCV_CFG, QLXGE_MWR_SET(QLXGE_NIC_RCV_CFG_RV));
	qfix_send(&f, 200, 2, 0);
	qfix_tx_done(&f, 2);
	r = (const void *)st_cq_next(f.fn, &f.rx);
	assert_non_null(r);
	assert_true(r->flags2 & QLXGE_IB_MAC_FLAGS2_V);
	assert_int_equal(rte_le_to_cpu_16(r->vlan_id), 0x2064);
	assert_int_equal(rte_le_to_cpu_32(r->data_len), 196);
	assert_memory_equal(f.rx.sbufs + 256, f.buf, 12);
	assert_memory_equal(f.rx.sbufs + 256 + 12, f.buf + 16, 196 - 12);
	st_wr(f.fn, QLXGE_REG_NIC_RCV_CFG, QLXGE_MWR_CLR(QLXGE_NIC_RCV_CFG_RV));

	/* header split: headers (14 + 20 + 8) in a small buffer, then the data */
	st_wr(f.fn, QLXGE_REG_FSC, QLXGE_MWR_SET(QLXGE_FSC_SH));
	st_wr(f.fn, QLXGE_REG_SPLT_HDR, QLXGE_SPLT_HDR_LINUX);
	st_frame_udp(f.buf, 1200, f.e.mac[0], 0);
	qfix_send(&f, 1200, 3, 0);
	qfix_tx_done(&f, 3);
	r = (const void *)st_cq_next(f.fn, &f.rx);
	assert_non_null(r);
	assert_int_equal(r->flags4 & (QLXGE_IB_MAC_FLAGS4_HV | QLXGE_IB_MAC_FLAGS4_HS),
			 QLXGE_IB_MAC_FLAGS4_HV | QLXGE_IB_MAC_FLAGS4_HS);
	assert_int_equal(rte_le_to_cpu_32(r->hdr_len), 42);
	assert_int_equal(rte_le_to_cpu_64(r->hdr_addr), f.rx.sbufs_iova + 2 * 256);
	assert_int_equal(rte_le_to_cpu_32(r->data_len), 1200 - 42);
	assert_true(r->flags3 & QLXGE_IB_MAC_FLAGS3_DL);
	assert_memory_equal(f.rx.sbufs + 2 * 256, f.buf, 42);
	qfix_down(&f);
}

/* Reference Toeplitz over network-order input (the natural reading of §6.5). */
static uint32_t
toeplitz(const uint8_t *key, const uint8_t *in, unsigned int n)
{
	uint32_t h = 0;
	uint64_t win = ((uint64_t)key[0] << 24 | key[1] << 16 | key[2] << 8 | key[3]) << 8 |
		       key[4];

	for (unsigned int i = 0; i < n; i++) {
		for (int b = 7; b >= 0; b--) {
			if (in[i] & (1u << b))
				h ^= (uint32_t)(win >> 8);
			win = (win << 1) | ((key[i + 5] >> b) & 1);
		}
	}
	return h;
}

/*
 * §16.14: RSS slot, hash of the loaded key, indirection to the CQ, match type reported, for a
 * frame to the function's MAC (a CAM hit) and one to another let in by the promiscuous slot;
 * without that slot the other one is dropped: an RSS match lets nothing in by itself (the
 * model's inference, classify.h).
 */
static void
test_queue_rss(void **state)
{
	struct qfix f;
	struct st_cq rx2;
	struct qlxge_rss_icb *rss;
	uint64_t rss_iova;
	const struct qlxge_ib_mac_rsp *r;
	struct qlxge_sim_counters c;
	uint8_t in[12];
	uint64_t drops;
	uint32_t h;
	uint8_t *ip;

	(void)state;
	qfix_up(&f, 48);
	st_cq_setup(f.fn, &rx2, 2, 64, 3, 32, 2048, 64, 256);
	st_cq_give(f.fn, &rx2, 16, 48);
	rss = st_dma_alloc(sizeof(*rss), &rss_iova);
	rss->flags_base_cq = rte_cpu_to_le_16(QLXGE_RSS_ICB_FLAGS_DRIVERS);
	rss->mask = rte_cpu_to_le_16(QLXGE_RSS_ICB_MASK_BITS);
	for (unsigned int i = 0; i < QLXGE_RSS_TABLE_SIZE; i++)
		rss->cq_id[i] = (i & 1) ? 2 : 0;
	for (unsigned int i = 0; i < QLXGE_RSS_IPV6_KEY_SIZE; i++)
		rss->ipv6_hash_key[i] = (uint8_t)(0x6d + 7 * i);
	memcpy(rss->ipv4_hash_key, rss->ipv6_hash_key, QLXGE_RSS_IPV4_KEY_SIZE);
	assert_int_equal(st_cfg_cmd(f.fn, QLXGE_CFG_LR, 0, rss_iova) & QLXGE_CFG_LE, 0);
	st_route_set(f.fn, QLXGE_RT_SLOT_RSS_MATCH, QLXGE_RT_IDX_DST_RSS, QLXGE_RT_DATA_RSS_MATCH);
	st_cam_set(f.fn, 0, f.e.mac[0], 0);

	/* a TCP/IPv4 frame: turn the UDP builder's frame into TCP */
	st_frame_udp(f.buf, 120, f.e.mac[0], 0);
	ip = f.buf + 14;
	ip[9] = 6;
	ip[10] = ip[11] = 0;
	{
		uint32_t s = 0;

		for (int i = 0; i < 20; i += 2)
			s += (uint32_t)(ip[i] << 8 | ip[i + 1]);
		while (s >> 16)
			s = (s & 0xFFFF) + (s >> 16);
		ip[10] = (uint8_t)(~s >> 8);
		ip[11] = (uint8_t)~s;
	}
	ip[32] = 0x50;	/* TCP data offset 5 */
	qfix_send(&f, 120, 1, 0);
	qfix_tx_done(&f, 1);
	memcpy(in, ip + 12, 8);
	memcpy(in + 8, ip + 20, 4);
	h = toeplitz(rss->ipv4_hash_key, in, 12);
	r = (const void *)st_cq_next(f.fn, (h & 1) ? &rx2 : &f.rx);
	assert_non_null(r);
	assert_int_equal(r->flags3 & QLXGE_IB_MAC_FLAGS3_RSS_MASK,
			 QLXGE_IB_MAC_FLAGS3_RSS_TCP_IPV4);
	assert_int_equal(rte_le_to_cpu_32(r->rss), h);

	/* the same frame to a foreign MAC: let in by the promiscuous slot, spread as well */
	f.buf[0] ^= 0x10;
	qfix_send(&f, 120, 1, 0);
	qfix_tx_done(&f, 1);
	r = (const void *)st_cq_next(f.fn, (h & 1) ? &rx2 : &f.rx);
	assert_non_null(r);
	assert_int_equal(r->flags3 & QLXGE_IB_MAC_FLAGS3_RSS_MASK,
			 QLXGE_IB_MAC_FLAGS3_RSS_TCP_IPV4);
	assert_int_equal(rte_le_to_cpu_32(r->rss), h);
	/* no promiscuous slot: nothing lets it in, its RSS match alone does not */
	assert_int_equal(qlxge_sim_counters_get(f.fn, &c), 0);
	drops = c.rx_drops_filter;
	st_route_set(f.fn, QLXGE_RT_SLOT_PROMISC, QLXGE_RT_IDX_DST_DFLT_Q, 0);
	qfix_send(&f, 120, 1, 0);
	qfix_tx_done(&f, 1);
	assert_null(st_cq_next(f.fn, &f.rx));
	assert_null(st_cq_next(f.fn, &rx2));
	assert_int_equal(qlxge_sim_counters_get(f.fn, &c), 0);
	assert_int_equal(c.rx_drops_filter, drops + 1);
	st_dma_free(rss);
	st_cq_free(&rx2);
	qfix_down(&f);
}

/* §16.15: per-CQ vector, ISR1 bit until consumed, auto-mask, I suppresses, EI gate. */
static void
test_queue_interrupts(void **state)
{
	struct qfix f;

	(void)state;
	qfix_up(&f, 48);
	st_wr(f.fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_ENABLE, 1));
	st_wr(f.fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_ENABLE, 2));
	st_frame_udp(f.buf, 64, f.e.mac[0], 0);
	/* I set in the IOCB: the TX completion raises nothing */
	qfix_send(&f, 64, 1, QLXGE_OB_MAC_FLAGS1_I);
	assert_int_equal(st_irq_count(f.fn, 2), 0);
	assert_int_equal(st_rd(f.fn, QLXGE_REG_ISR1) & (1u << TXCQ), 0);
	/* the RX completion raised vector 1, once; ISR1 bit 0 until consumed */
	assert_int_equal(st_irq_count(f.fn, 1), 1);
	assert_true(st_rd(f.fn, QLXGE_REG_ISR1) & (1u << RXQ));
	qfix_send(&f, 64, 2, 0);
	assert_int_equal(st_irq_count(f.fn, 1), 0);	/* auto-masked */
	assert_int_equal(st_irq_count(f.fn, 2), 1);
	while (st_cq_next(f.fn, &f.rx) != NULL)
		;
	while (st_cq_next(f.fn, &f.tx) != NULL)
		;
	st_poll(&f.e, 2);
	assert_int_equal(st_rd(f.fn, QLXGE_REG_ISR1) & ((1u << RXQ) | (1u << TXCQ)), 0);
	/* re-enable: nothing pending, nothing fires */
	st_wr(f.fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_ENABLE, 1));
	assert_int_equal(st_irq_count(f.fn, 1), 0);
	/* EI off: completions, no interrupt; EI on: the pending one fires */
	st_wr(f.fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_EI_OFF);
	qfix_send(&f, 64, 3, 0);
	assert_int_equal(st_irq_count(f.fn, 1), 0);
	st_wr(f.fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_EI_ON);
	assert_int_equal(st_irq_count(f.fn, 1), 1);
	qfix_down(&f);
}

/*
 * §16.15: a CQ's interrupt is pending while its completions are unconsumed, judged on the
 * consumer doorbell as the driver last wrote it: consumed, then re-enabled before any poll step
 * (an RX queue interrupt enabled before a sleep), nothing fires; a frame still unconsumed when
 * the vector is enabled fires it at once.
 */
static void
test_queue_interrupt_after_consume(void **state)
{
	struct qfix f;

	(void)state;
	qfix_up(&f, 48);
	st_wr(f.fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_ENABLE, 1));
	st_frame_udp(f.buf, 64, f.e.mac[0], 0);
	qfix_send(&f, 64, 1, QLXGE_OB_MAC_FLAGS1_I);
	assert_int_equal(st_irq_count(f.fn, 1), 1);
	while (st_cq_next(f.fn, &f.rx) != NULL)
		;
	/* no poll step since the consumer doorbell moved */
	st_wr(f.fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_ENABLE, 1));
	assert_int_equal(st_irq_count(f.fn, 1), 0);
	assert_int_equal(st_rd(f.fn, QLXGE_REG_ISR1) & (1u << RXQ), 0);
	/* a frame arrives while the vector is disabled: pending; the enable fires it */
	st_wr(f.fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_DISABLE, 1));
	qfix_send(&f, 64, 2, QLXGE_OB_MAC_FLAGS1_I);
	assert_int_equal(st_irq_count(f.fn, 1), 0);
	st_wr(f.fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_ENABLE, 1));
	assert_int_equal(st_irq_count(f.fn, 1), 1);
	qfix_down(&f);
}

/* §8.3, §16.15: OI in the IOCB overrides the CQ's interrupt delay (delays reloaded by LI). */
static void
test_queue_coalescing_oi(void **state)
{
	struct qfix f;
	struct qlxge_cq_icb *li;
	uint64_t li_iova;

	(void)state;
	qfix_up(&f, 48);
	li = st_dma_alloc(sizeof(*li), &li_iova);
	li->flags = QLXGE_CQ_ICB_FLAGS_LI;
	li->irq_delay = rte_cpu_to_le_16(65535);
	li->pkt_delay = 0;
	assert_int_equal(st_cfg_cmd(f.fn, QLXGE_CFG_LCQ, TXCQ, li_iova) & QLXGE_CFG_LE, 0);
	st_wr(f.fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_ENABLE, 2));
	st_frame_udp(f.buf, 64, f.e.mac[0], 0);
	qfix_send(&f, 64, 1, QLXGE_OB_MAC_FLAGS1_OI);
	assert_int_equal(st_irq_count(f.fn, 2), 1);
	assert_true(st_rd(f.fn, QLXGE_REG_ISR1) & (1u << TXCQ));
	st_dma_free(li);
	qfix_down(&f);
}

/* ---- the placement run ---- */

#define RUN_CPL_MAX	16384

/* What one scenario of test_queue_rx_run_equivalent wrote where the driver reads it. */
struct run_log {
	unsigned int n;
	uint8_t cpl[RUN_CPL_MAX][QLXGE_CQE_SIZE];	/* buffer addresses as offsets */
	uint64_t data_hash;				/* the frames' bytes in the buffers */
	struct qlxge_sim_counters c;
	uint64_t xg[4];
};

static uint64_t
run_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* Read up to @p max completions of @p cq into @p log, with the bytes of their buffers. */
static unsigned int
run_read(struct qlxge_sim_func *fn, struct st_cq *cq, unsigned int max, struct run_log *log,
	 uint32_t *used_s, uint32_t *used_l)
{
	unsigned int n = 0;
	const uint8_t *e;

	while (n < max && (e = st_cq_next(fn, cq)) != NULL) {
		const struct qlxge_ib_mac_rsp *r = (const void *)e;
		uint64_t a = rte_le_to_cpu_64(r->data_addr), off = 0;
		uint32_t len = rte_le_to_cpu_32(r->data_len);
		const uint8_t *data = NULL;
		uint8_t *out;

		assert_true(log->n < RUN_CPL_MAX);
		out = log->cpl[log->n++];
		memcpy(out, e, QLXGE_CQE_SIZE);
		if (r->opcode == QLXGE_OPCODE_IB_MAC_IOCB &&
		    (r->flags3 & QLXGE_IB_MAC_FLAGS3_DS)) {
			off = (1ull << 60) | ((uint64_t)cq->id << 56) | (a - cq->sbufs_iova);
			data = cq->sbufs + (a - cq->sbufs_iova);
			(*used_s)++;
		} else if (r->opcode == QLXGE_OPCODE_IB_MAC_IOCB &&
			   (r->flags3 & QLXGE_IB_MAC_FLAGS3_DL)) {
			off = (2ull << 60) | ((uint64_t)cq->id << 56) | (a - cq->lbufs_iova);
			data = cq->lbufs + (a - cq->lbufs_iova);
			(*used_l)++;
		}
		memcpy(out + offsetof(struct qlxge_ib_mac_rsp, data_addr), &off, sizeof(off));
		for (uint32_t i = 0; data != NULL && i < len; i++)
			log->data_hash = (log->data_hash ^ data[i]) * 0x100000001B3ull;
		n++;
	}
	return n;
}

/*
 * One scenario: frames of random lengths (small buffers, large buffers, chained) to two RX
 * CQs (the default one and a CAM entry's), sent through a WQ on a loopback wire a few dozen a
 * step, the buffers given and the completions consumed a few at a time, so that the buffer
 * queues and CQs run out inside batches and the buffer queues' rings (two pages of small
 * buffers) wrap. @p trace: the data path's traces on (the placement run is not taken).
 */
static void
run_scenario(bool trace, struct run_log *log)
{
	static const uint8_t cam_mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x0C, 0x02 };
	struct qlxge_sim_wire_cfg w = { .kind = QLXGE_SIM_WIRE_LOOP };
	uint32_t given_s[2] = { 0, 0 }, given_l[2] = { 0, 0 };
	uint32_t used_s[2] = { 0, 0 }, used_l[2] = { 0, 0 };
	uint64_t x = 0x9E3779B97F4A7C15ull, tx_iova;
	struct st_cq rx[2], tx;
	struct st_env e;
	struct st_wq wq;
	struct qlxge_sim_func *fn;
	uint8_t *txb;
	FILE *null = NULL;

	memset(log, 0, sizeof(*log));
	if (trace) {
		null = fopen("/dev/null", "w");
		assert_non_null(null);
		assert_int_equal(rte_openlog_stream(null), 0);
		rte_log_set_level_pattern("lib.qlxge_sim.rx", RTE_LOG_DEBUG);
		rte_log_set_level_pattern("lib.qlxge_sim.dma", RTE_LOG_DEBUG);
	}
	st_env_init(&e, 0);
	fn = e.fn[0];
	st_func_up(fn);
	st_cq_setup(fn, &rx[0], 0, 64, 1, 64, 2048, 1024, 256);
	st_cq_setup(fn, &rx[1], 2, 32, 1, 32, 2048, 32, 256);
	st_cq_setup(fn, &tx, 1, 64, 2, 0, 0, 0, 0);
	st_wq_setup(fn, &wq, 0, 64, 1);
	st_cam_set(fn, 0, cam_mac, 2);
	st_route_set(fn, QLXGE_RT_SLOT_CAM_HIT, QLXGE_RT_IDX_DST_CAM_Q, QLXGE_RT_DATA_CAM_HIT);
	st_route_set(fn, QLXGE_RT_SLOT_PROMISC, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_VALID);
	assert_int_equal(qlxge_sim_wire_set(fn, &w), 0);
	st_poll(&e, 2);
	txb = st_dma_alloc(64 * 4096, &tx_iova);
	for (unsigned int step = 0; step < 600; step++) {
		unsigned int k = (unsigned int)(run_rand(&x) % 48);

		for (unsigned int i = 0; i < k; i++) {
			uint64_t r = run_rand(&x);
			uint32_t len = r % 8 < 5 ? 60 + (uint32_t)(r >> 8) % 197 :
				       r % 8 < 7 ? 257 + (uint32_t)(r >> 8) % 1700 :
						   2100 + (uint32_t)(r >> 8) % 1500;
			uint8_t *f = txb + 4096 * (wq.prod % 64);

			st_frame_udp(f, len, (r >> 20) % 4 == 0 ? cam_mac : e.mac[0], 0);
			f[len - 1] = (uint8_t)(r >> 32);
			st_wq_send(fn, &wq, tx_iova + 4096 * (wq.prod % 64), len, i, 0);
		}
		/* buffers given back 16 at a time, at most a ring's worth outstanding */
		for (unsigned int q = 0; q < 2; q++) {
			uint64_t r = run_rand(&x);
			uint32_t add_s = 16 * (uint32_t)(r % 8);
			uint32_t add_l = 16 * (uint32_t)((r >> 8) % 5);

			if (given_s[q] + add_s - used_s[q] < rx[q].sbq_len - 16)
				given_s[q] += add_s;
			if (given_l[q] + add_l - used_l[q] < rx[q].lbq_len - 16)
				given_l[q] += add_l;
			st_cq_give(fn, &rx[q], given_l[q] % rx[q].lbq_len,
				   given_s[q] % rx[q].sbq_len);
		}
		st_poll(&e, 1);
		for (unsigned int q = 0; q < 2; q++)
			run_read(fn, &rx[q], (unsigned int)(run_rand(&x) % 40), log, &used_s[q],
				 &used_l[q]);
		while (st_cq_next(fn, &tx) != NULL)
			;
	}
	st_poll(&e, 3);
	for (unsigned int q = 0; q < 2; q++)
		run_read(fn, &rx[q], UINT32_MAX, log, &used_s[q], &used_l[q]);
	assert_int_equal(qlxge_sim_counters_get(fn, &log->c), 0);
	log->xg[0] = st_xgmac_cnt(fn, QLXGE_XGMAC_RX_PKTS);
	log->xg[1] = st_xgmac_cnt(fn, QLXGE_XGMAC_RX_BYTES);
	log->xg[2] = st_xgmac_cnt(fn, QLXGE_XGMAC_RX_NIC_FIFO_DROP);
	log->xg[3] = st_xgmac_cnt(fn, QLXGE_XGMAC_RX_DROP_EVENTS);
	st_dma_free(txb);
	st_wq_free(&wq);
	st_cq_free(&rx[0]);
	st_cq_free(&rx[1]);
	st_cq_free(&tx);
	st_env_fini(&e);
	if (trace) {
		rte_log_set_level_pattern("lib.qlxge_sim.rx", RTE_LOG_NOTICE);
		rte_log_set_level_pattern("lib.qlxge_sim.dma", RTE_LOG_NOTICE);
		rte_openlog_stream(NULL);
		fclose(null);
	}
}

/*
 * The one-buffer placement's run (queues/rxq.h, struct sim_rxq_run) places a frame as
 * sim_rxq_place() does without it: the same completions in the same order, the same bytes in
 * the same buffers, the same counters, through buffer queues and CQs running out inside
 * batches, rings wrapping, frames alternating between CQs and buffer queues. The scenario is
 * run with the data path's traces on (the run is never taken: it writes no trace) and off.
 */
static void
test_queue_rx_run_equivalent(void **state)
{
	struct run_log *with = calloc(1, sizeof(*with)), *without = calloc(1, sizeof(*without));

	(void)state;
	assert_non_null(with);
	assert_non_null(without);
	run_scenario(true, without);
	run_scenario(false, with);
	/* half the frames were placed, the others dropped for want of a buffer or an entry */
	assert_true(with->c.rx_frames > 5000);
	assert_true(with->c.rx_drops_nobuf > 100);
	assert_int_equal(with->n, without->n);
	for (unsigned int i = 0; i < with->n; i++)
		assert_memory_equal(with->cpl[i], without->cpl[i], QLXGE_CQE_SIZE);
	assert_int_equal(with->data_hash, without->data_hash);
	assert_memory_equal(&with->c, &without->c, sizeof(with->c));
	assert_memory_equal(with->xg, without->xg, sizeof(with->xg));
	free(with);
	free(without);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_queue_rx_placement),
		cmocka_unit_test(test_queue_bq_low_bits_and_nobuf),
		cmocka_unit_test(test_queue_valid_doorbell),
		cmocka_unit_test(test_queue_doorbell_readback),
		cmocka_unit_test(test_queue_pcap_start_modes),
		cmocka_unit_test(test_queue_valid_doorbell_same_value),
		cmocka_unit_test(test_queue_rx_error_frame_dropped_counted_once),
		cmocka_unit_test(test_queue_loopback_shared_cq),
		cmocka_unit_test(test_queue_loopback_lso_shared_cq),
		cmocka_unit_test(test_queue_bad_producer_warns_once),
		cmocka_unit_test(test_queue_vlan_strip_and_split),
		cmocka_unit_test(test_queue_rss),
		cmocka_unit_test(test_queue_interrupts),
		cmocka_unit_test(test_queue_interrupt_after_consume),
		cmocka_unit_test(test_queue_coalescing_oi),
		cmocka_unit_test(test_queue_rx_run_equivalent),
	};

	return cmocka_run_group_tests_name("sim_queue", tests, NULL, NULL);
}
