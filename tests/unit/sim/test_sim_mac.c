/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The model's MAC and what lies past it (lib/qlxge_sim/dataplane/xgmac.c, route.c, the peer
 * wire), docs/hardware §11, §12, §16: XGMAC counters, the MAC enables and their power-on state,
 * routing, two peered ports, and where every frame is counted when it cannot be received.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <rte_byteorder.h>

#include "sim_qfix.h"

/* §16.16: counters as 64-bit pairs, counted with traffic, cleared by STAT_CNT_CTL. */
static void
test_queue_xgmac_counters(void **state)
{
	static const uint8_t mcast[6] = { 0x01, 0x00, 0x5E, 0x00, 0x00, 0x01 };
	struct qfix f;

	(void)state;
	qfix_up(&f, 48);
	st_frame_udp(f.buf, 60, f.e.mac[0], 0);
	qfix_send(&f, 60, 1, 0);
	st_frame_udp(f.buf, 1000, mcast, 0);
	qfix_send(&f, 1000, 2, 0);
	assert_true(st_sem_get(f.fn, QLXGE_SEM_XGMAC0));
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_TX_PKTS), 2);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_TX_BYTES), 64 + 1004);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_TX_64_PKTS), 1);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_TX_512_1023_PKTS), 1);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_TX_MCAST_PKTS), 1);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_TX_UCAST_PKTS), 1);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_PKTS), 2);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_PKTS_OK), 2);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_BYTES), 64 + 1004);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_MCAST_PKTS), 1);
	/* clear TX only */
	st_wr(f.fn, QLXGE_REG_XGMAC_DATA, QLXGE_XGMAC_STAT_CNT_CTL_CLR_TX);
	st_wr(f.fn, QLXGE_REG_XGMAC_ADDR, QLXGE_XGMAC_STAT_CNT_CTL);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_TX_PKTS), 0);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_PKTS), 2);
	st_sem_put(f.fn, QLXGE_SEM_XGMAC0);
	/* the other port counted nothing */
	assert_int_equal(st_xgmac_cnt(f.e.fn[1], QLXGE_XGMAC_RX_PKTS), 0);
	qfix_down(&f);
}

/* §11.1: read / write an XGMAC control register through the window (caller holds the sem). */
static uint32_t
xg_rd(struct qlxge_sim_func *fn, uint32_t reg)
{
	st_wr(fn, QLXGE_REG_XGMAC_ADDR, reg | QLXGE_XGMAC_ADDR_R);
	assert_true(st_rd(fn, QLXGE_REG_XGMAC_ADDR) & QLXGE_XGMAC_ADDR_RDY);
	return st_rd(fn, QLXGE_REG_XGMAC_DATA);
}

static void
xg_wr(struct qlxge_sim_func *fn, uint32_t reg, uint32_t v)
{
	assert_true(st_rd(fn, QLXGE_REG_XGMAC_ADDR) & QLXGE_XGMAC_ADDR_RDY);
	st_wr(fn, QLXGE_REG_XGMAC_DATA, v);
	st_wr(fn, QLXGE_REG_XGMAC_ADDR, reg);
}

/* Set or clear EN (bit 1) of TX_CFG or RX_CFG (§11.2), leaving the other bits, under the
 * port's XGMAC semaphore (§11.1). */
static void
xg_en(struct qlxge_sim_func *fn, uint32_t sem, uint32_t reg, bool on)
{
	uint32_t v;

	assert_true(st_sem_get(fn, sem));
	v = xg_rd(fn, reg);
	xg_wr(fn, reg, on ? v | QLXGE_XGMAC_TX_CFG_EN : v & ~(uint32_t)QLXGE_XGMAC_TX_CFG_EN);
	assert_int_equal(xg_rd(fn, reg) & QLXGE_XGMAC_TX_CFG_EN, on ? QLXGE_XGMAC_TX_CFG_EN : 0);
	st_sem_put(fn, sem);
}

static struct qlxge_sim_counters
sim_cnt(struct qlxge_sim_func *fn)
{
	struct qlxge_sim_counters c;

	assert_int_equal(qlxge_sim_counters_get(fn, &c), 0);
	return c;
}

/*
 * §11.2 TX_CFG.EN clear: the MAC sends nothing (no frame on the loop wire, no XGMAC TX count)
 * and the IOCB completes with B, not sent (docs/hardware/choices.md), E/S clear; the physical
 * link is unchanged. EN set again: frames flow.
 */
static void
test_queue_mac_tx_disabled(void **state)
{
	struct st_aen_log log = { .n = 0 };
	const struct qlxge_ib_mac_rsp *r;
	const struct qlxge_ob_mac_rsp *t;
	struct qfix f;

	(void)state;
	qfix_up(&f, 48);
	xg_en(f.fn, QLXGE_SEM_XGMAC0, QLXGE_XGMAC_TX_CFG, false);
	st_frame_udp(f.buf, 200, f.e.mac[0], 0);
	qfix_send(&f, 200, 1, 0);
	t = qfix_tx_cpl(&f, 1, false);
	assert_int_equal(t->flags1 & (QLXGE_OB_MAC_RSP_FLAGS1_E | QLXGE_OB_MAC_RSP_FLAGS1_S), 0);
	assert_null(st_cq_next(f.fn, &f.rx));
	assert_int_equal(sim_cnt(f.fn).tx_drops_mac_disabled, 1);
	assert_int_equal(sim_cnt(f.fn).tx_frames, 0);
	assert_int_equal(sim_cnt(f.fn).tx_errors, 0);
	assert_int_equal(sim_cnt(f.fn).rx_frames, 0);
	assert_true(st_sem_get(f.fn, QLXGE_SEM_XGMAC0));
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_TX_PKTS), 0);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_PKTS), 0);
	st_sem_put(f.fn, QLXGE_SEM_XGMAC0);
	/* the link is the PHY's: still up, no AEN */
	st_aens(&f.e, f.fn, &log);
	assert_int_equal(log.n, 0);
	assert_true(st_rd(f.fn, QLXGE_REG_STS) & QLXGE_STS_PL0);
	/* enabled again: the frame goes out and comes back */
	xg_en(f.fn, QLXGE_SEM_XGMAC0, QLXGE_XGMAC_TX_CFG, true);
	qfix_send(&f, 200, 2, 0);
	qfix_tx_done(&f, 2);
	r = (const void *)st_cq_next(f.fn, &f.rx);
	assert_non_null(r);
	assert_int_equal(rte_le_to_cpu_32(r->data_len), 200);
	assert_int_equal(sim_cnt(f.fn).tx_drops_mac_disabled, 1);
	assert_int_equal(sim_cnt(f.fn).tx_frames, 1);
	assert_true(st_sem_get(f.fn, QLXGE_SEM_XGMAC0));
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_TX_PKTS), 1);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_PKTS), 1);
	st_sem_put(f.fn, QLXGE_SEM_XGMAC0);
	qfix_down(&f);
}

/*
 * §11.2 RX_CFG.EN clear: frames arriving from the wire are dropped and counted, not by the
 * XGMAC RX packet counters but as RX drop events; no completion; TX is unaffected. EN set
 * again: frames are received.
 */
static void
test_queue_mac_rx_disabled(void **state)
{
	struct st_aen_log log = { .n = 0 };
	const struct qlxge_ib_mac_rsp *r;
	struct qfix f;

	(void)state;
	qfix_up(&f, 48);
	xg_en(f.fn, QLXGE_SEM_XGMAC0, QLXGE_XGMAC_RX_CFG, false);
	st_frame_udp(f.buf, 300, f.e.mac[0], 0);
	qfix_send(&f, 300, 1, 0);
	qfix_send(&f, 300, 2, 0);
	qfix_tx_done(&f, 1);
	qfix_tx_done(&f, 2);
	assert_null(st_cq_next(f.fn, &f.rx));
	assert_int_equal(sim_cnt(f.fn).tx_frames, 2);
	assert_int_equal(sim_cnt(f.fn).rx_drops_mac_disabled, 2);
	assert_int_equal(sim_cnt(f.fn).rx_frames, 0);
	assert_int_equal(sim_cnt(f.fn).rx_drops_nobuf, 0);
	assert_true(st_sem_get(f.fn, QLXGE_SEM_XGMAC0));
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_TX_PKTS), 2);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_PKTS), 0);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_BYTES), 0);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_NIC_FIFO_DROP), 0);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_DROP_EVENTS), 2);
	st_sem_put(f.fn, QLXGE_SEM_XGMAC0);
	assert_int_equal(sim_cnt(f.fn).rx_drop_events, 2);
	st_aens(&f.e, f.fn, &log);
	assert_int_equal(log.n, 0);
	assert_true(st_rd(f.fn, QLXGE_REG_STS) & QLXGE_STS_PL0);
	xg_en(f.fn, QLXGE_SEM_XGMAC0, QLXGE_XGMAC_RX_CFG, true);
	qfix_send(&f, 300, 3, 0);
	qfix_tx_done(&f, 3);
	r = (const void *)st_cq_next(f.fn, &f.rx);
	assert_non_null(r);
	assert_int_equal(rte_le_to_cpu_32(r->data_len), 300);
	assert_null(st_cq_next(f.fn, &f.rx));
	assert_int_equal(sim_cnt(f.fn).rx_drops_mac_disabled, 2);
	assert_int_equal(sim_cnt(f.fn).rx_frames, 1);
	qfix_down(&f);
}

/*
 * Power-on enables: the 8000's firmware has initialized the ports (both EN set, both ports);
 * the 8012's MAC is untouched until the driver's bring-up sets EN (§4.6 step 3): its frames go
 * nowhere until then.
 */
static void
test_queue_mac_enables_power_on(void **state)
{
	const struct qlxge_ib_mac_rsp *r;
	struct st_env e;
	struct qfix f;
	unsigned int p;

	(void)state;
	st_env_init(&e, 0);
	for (p = 0; p < 2; p++) {
		uint32_t sem = p == 0 ? QLXGE_SEM_XGMAC0 : QLXGE_SEM_XGMAC1;

		assert_true(st_sem_get(e.fn[p], sem));
		assert_true(xg_rd(e.fn[p], QLXGE_XGMAC_TX_CFG) & QLXGE_XGMAC_TX_CFG_EN);
		assert_true(xg_rd(e.fn[p], QLXGE_XGMAC_RX_CFG) & QLXGE_XGMAC_RX_CFG_EN);
		st_sem_put(e.fn[p], sem);
	}
	st_env_fini(&e);

	qfix_up_dev(&f, 48, QLXGE_PCI_DEVICE_ID_8012);
	assert_true(st_sem_get(f.fn, QLXGE_SEM_XGMAC0));
	assert_int_equal(xg_rd(f.fn, QLXGE_XGMAC_TX_CFG) & QLXGE_XGMAC_TX_CFG_EN, 0);
	assert_int_equal(xg_rd(f.fn, QLXGE_XGMAC_RX_CFG) & QLXGE_XGMAC_RX_CFG_EN, 0);
	st_sem_put(f.fn, QLXGE_SEM_XGMAC0);
	st_frame_udp(f.buf, 100, f.e.mac[0], 0);
	qfix_send(&f, 100, 1, 0);
	qfix_tx_cpl(&f, 1, false);
	assert_null(st_cq_next(f.fn, &f.rx));
	assert_int_equal(sim_cnt(f.fn).tx_drops_mac_disabled, 1);
	/* §4.6 step 3: TX_CFG and RX_CFG: clear RESET, set EN */
	assert_true(st_sem_get(f.fn, QLXGE_SEM_XGMAC0));
	xg_wr(f.fn, QLXGE_XGMAC_TX_CFG, QLXGE_XGMAC_TX_CFG_EN);
	xg_wr(f.fn, QLXGE_XGMAC_RX_CFG, QLXGE_XGMAC_RX_CFG_EN);
	st_sem_put(f.fn, QLXGE_SEM_XGMAC0);
	qfix_send(&f, 100, 2, 0);
	qfix_tx_done(&f, 2);
	r = (const void *)st_cq_next(f.fn, &f.rx);
	assert_non_null(r);
	assert_int_equal(rte_le_to_cpu_32(r->data_len), 100);
	assert_int_equal(sim_cnt(f.fn).tx_drops_mac_disabled, 1);
	assert_int_equal(sim_cnt(f.fn).rx_drops_mac_disabled, 0);
	qfix_down(&f);
}

/* §12, §16.13: CAM hit to the CAM's CQ, broadcast slot, no slot matching -> dropped. */
static void
test_queue_routing(void **state)
{
	static const uint8_t other[6] = { 0x00, 0x0E, 0x1E, 0x99, 0x99, 0x99 };
	static const uint8_t bcast[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
	struct qfix f;
	struct st_cq rx2;
	struct qlxge_sim_counters c;
	const struct qlxge_ib_mac_rsp *r;

	(void)state;
	qfix_up(&f, 48);
	st_cq_setup(f.fn, &rx2, 2, 64, 3, 32, 2048, 64, 256);
	st_cq_give(f.fn, &rx2, 16, 48);
	st_route_set(f.fn, QLXGE_RT_SLOT_PROMISC, 0, 0);	/* promiscuous off */
	st_cam_set(f.fn, 0, f.e.mac[0], 2);
	st_route_set(f.fn, QLXGE_RT_SLOT_CAM_HIT, QLXGE_RT_IDX_DST_CAM_Q, QLXGE_RT_DATA_CAM_HIT);
	st_route_set(f.fn, QLXGE_RT_SLOT_BCAST, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_BCAST);
	st_frame_udp(f.buf, 100, f.e.mac[0], 0);
	qfix_send(&f, 100, 1, 0);
	assert_non_null(st_cq_next(f.fn, &rx2));
	assert_null(st_cq_next(f.fn, &f.rx));
	st_frame_udp(f.buf, 100, bcast, 0);
	qfix_send(&f, 100, 2, 0);
	r = (const void *)st_cq_next(f.fn, &f.rx);
	assert_non_null(r);
	assert_true(r->flags1 & QLXGE_IB_MAC_FLAGS1_B);
	st_frame_udp(f.buf, 100, other, 0);
	qfix_send(&f, 100, 3, 0);
	assert_null(st_cq_next(f.fn, &f.rx));
	assert_null(st_cq_next(f.fn, &rx2));
	assert_int_equal(qlxge_sim_counters_get(f.fn, &c), 0);
	assert_int_equal(c.rx_drops_filter, 1);
	st_cq_free(&rx2);
	qfix_down(&f);
}

/* §16.17: a peer cable between the two functions; each port's MAC counts its own side. */
static void
test_queue_peer_ports(void **state)
{
	struct qfix f;
	struct st_cq rx1;
	struct qlxge_sim_wire_cfg w = { .kind = QLXGE_SIM_WIRE_PEER };
	struct st_aen_log log = { .n = 0 };
	const struct qlxge_ib_mac_rsp *r;

	(void)state;
	qfix_up(&f, 48);
	st_func_up(f.e.fn[1]);
	st_cq_setup(f.e.fn[1], &rx1, 0, 64, 1, 32, 2048, 64, 256);
	st_cq_give(f.e.fn[1], &rx1, 16, 48);
	st_route_set(f.e.fn[1], QLXGE_RT_SLOT_PROMISC, QLXGE_RT_IDX_DST_DFLT_Q,
		     QLXGE_RT_DATA_VALID);
	w.peer = f.e.fn[1];
	assert_int_equal(qlxge_sim_wire_set(f.fn, &w), 0);
	st_aens(&f.e, f.e.fn[1], &log);
	assert_true(st_aen_seen(&log, QLXGE_AEN_LINK_UP));
	st_aens(&f.e, f.fn, &log);
	assert_int_equal(st_rd(f.fn, QLXGE_REG_STS) & (QLXGE_STS_PL0 | QLXGE_STS_PL1),
			 QLXGE_STS_PL0 | QLXGE_STS_PL1);
	st_frame_udp(f.buf, 300, f.e.mac[1], 0);
	qfix_send(&f, 300, 7, 0);
	qfix_tx_done(&f, 7);
	assert_null(st_cq_next(f.fn, &f.rx));
	r = (const void *)st_cq_next(f.e.fn[1], &rx1);
	assert_non_null(r);
	assert_int_equal(rte_le_to_cpu_32(r->data_len), 300);
	assert_memory_equal(rx1.sbufs, f.buf, 256 < 300 ? 0 : 300);
	assert_int_equal(st_xgmac_cnt(f.e.fn[1], QLXGE_XGMAC_RX_PKTS), 1);
	assert_int_equal(st_xgmac_cnt(f.e.fn[1], QLXGE_XGMAC_TX_PKTS), 0);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_TX_PKTS), 1);
	st_cq_free(&rx1);
	qfix_down(&f);
}

/* The next completion of TX CQ @cq of @fn: tid @tid, with B (@sent false) or without. */
static void
tx_cpl(struct qlxge_sim_func *fn, struct st_cq *cq, uint32_t tid, bool sent)
{
	const struct qlxge_ob_mac_rsp *t = (const void *)st_cq_next(fn, cq);

	assert_non_null(t);
	assert_int_equal(rte_le_to_cpu_32(t->tid), tid);
	assert_int_equal(t->flags3 & QLXGE_OB_MAC_RSP_FLAGS3_B,
			 sent ? 0 : QLXGE_OB_MAC_RSP_FLAGS3_B);
}

/*
 * A cable pulled at one end (LINK_DOWN): both ports lose their link (10GbE link fault
 * signalling); a frame already on the wire is received; a frame the MAC cannot send completes
 * with B (not sent) and is not counted as sent by the XGMAC; link back: frames flow.
 */
static void
test_queue_peer_link_down_accounting(void **state)
{
	struct qlxge_sim_wire_cfg w = { .kind = QLXGE_SIM_WIRE_PEER };
	struct st_aen_log log = { .n = 0 };
	struct qlxge_sim_func *fn1;
	struct st_cq tx1;
	struct st_wq wq1;
	struct qfix f;

	(void)state;
	qfix_up(&f, 48);
	fn1 = f.e.fn[1];
	st_func_up(fn1);
	st_cq_setup(fn1, &tx1, 1, 64, 2, 0, 0, 0, 0);
	st_wq_setup(fn1, &wq1, 0, 32, 1);
	w.peer = fn1;
	assert_int_equal(qlxge_sim_wire_set(f.fn, &w), 0);
	st_aens(&f.e, fn1, &log);
	st_aens(&f.e, f.fn, &log);
	st_frame_udp(f.buf, 300, f.e.mac[0], 0);

	/* port 1 sends; port 0 has already taken this step's frames: the frame is on the wire */
	st_wq_send(fn1, &wq1, f.buf_iova, 300, 1, 0);
	st_poll(&f.e, 1);
	assert_null(st_cq_next(f.fn, &f.rx));
	assert_int_equal(qlxge_sim_fault_set(f.fn, QLXGE_SIM_FAULT_LINK_DOWN, 1), 0);
	st_poll(&f.e, 3);
	assert_non_null(st_cq_next(f.fn, &f.rx));	/* sent before the link went: received */
	assert_int_equal(st_rd(f.fn, QLXGE_REG_STS) & (QLXGE_STS_PL0 | QLXGE_STS_PL1), 0);
	assert_int_equal(st_rd(fn1, QLXGE_REG_STS) & (QLXGE_STS_PL0 | QLXGE_STS_PL1), 0);
	tx_cpl(fn1, &tx1, 1, true);

	/* no link: not sent, either way */
	st_wq_send(fn1, &wq1, f.buf_iova, 300, 2, 0);
	st_poll(&f.e, 3);
	tx_cpl(fn1, &tx1, 2, false);
	qfix_send(&f, 300, 3, 0);
	qfix_tx_cpl(&f, 3, false);
	assert_null(st_cq_next(f.fn, &f.rx));
	assert_int_equal(sim_cnt(fn1).tx_drops_no_link, 1);
	assert_int_equal(sim_cnt(f.fn).tx_drops_no_link, 1);
	assert_int_equal(sim_cnt(fn1).tx_frames, 1);
	assert_int_equal(sim_cnt(f.fn).rx_frames, 1);
	assert_true(st_sem_get(fn1, QLXGE_SEM_XGMAC1));
	assert_int_equal(st_xgmac_cnt(fn1, QLXGE_XGMAC_TX_PKTS), 1);
	st_sem_put(fn1, QLXGE_SEM_XGMAC1);
	assert_true(st_sem_get(f.fn, QLXGE_SEM_XGMAC0));
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_TX_PKTS), 0);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_PKTS), 1);
	st_sem_put(f.fn, QLXGE_SEM_XGMAC0);

	/* the cable back: both links up, frames flow */
	assert_int_equal(qlxge_sim_fault_set(f.fn, QLXGE_SIM_FAULT_LINK_DOWN, 0), 0);
	st_poll(&f.e, 2);
	assert_int_equal(st_rd(fn1, QLXGE_REG_STS) & (QLXGE_STS_PL0 | QLXGE_STS_PL1),
			 QLXGE_STS_PL0 | QLXGE_STS_PL1);
	st_wq_send(fn1, &wq1, f.buf_iova, 300, 4, 0);
	st_poll(&f.e, 3);
	tx_cpl(fn1, &tx1, 4, true);
	assert_non_null(st_cq_next(f.fn, &f.rx));
	st_wq_free(&wq1);
	st_cq_free(&tx1);
	qfix_down(&f);
}

/* Frames no queue takes are counted as RX drop events: function disabled, no slot matched. */
static void
test_queue_rx_drop_events(void **state)
{
	static const uint8_t other[6] = { 0x00, 0x0E, 0x1E, 0x99, 0x99, 0x98 };
	struct qfix f;

	(void)state;
	qfix_up(&f, 48);
	st_route_set(f.fn, QLXGE_RT_SLOT_PROMISC, 0, 0);	/* nothing matches */
	st_frame_udp(f.buf, 100, other, 0);
	qfix_send(&f, 100, 1, 0);
	qfix_tx_done(&f, 1);
	assert_null(st_cq_next(f.fn, &f.rx));
	assert_int_equal(sim_cnt(f.fn).rx_drops_filter, 1);
	assert_int_equal(sim_cnt(f.fn).rx_drop_events, 1);
	assert_true(st_sem_get(f.fn, QLXGE_SEM_XGMAC0));
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_DROP_EVENTS), 1);
	assert_int_equal(st_xgmac_cnt(f.fn, QLXGE_XGMAC_RX_PKTS), 1);
	st_sem_put(f.fn, QLXGE_SEM_XGMAC0);
	qfix_down(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_queue_xgmac_counters),
		cmocka_unit_test(test_queue_routing),
		cmocka_unit_test(test_queue_peer_ports),
		cmocka_unit_test(test_queue_mac_tx_disabled),
		cmocka_unit_test(test_queue_mac_rx_disabled),
		cmocka_unit_test(test_queue_mac_enables_power_on),
		cmocka_unit_test(test_queue_peer_link_down_accounting),
		cmocka_unit_test(test_queue_rx_drop_events),
	};

	return cmocka_run_group_tests_name("sim_mac", tests, NULL, NULL);
}
