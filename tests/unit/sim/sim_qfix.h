/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The queue fixture of the model's tests (test_sim_queue.c, test_sim_mac.c): one function up,
 * an RX CQ with its buffer queues, a TX CQ and a WQ, on a loopback wire, promiscuous routing.
 */

#ifndef SIM_QFIX_H
#define SIM_QFIX_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_byteorder.h>

#include "sim_test.h"

#define RXQ	0	/* RX CQ, vector 1 */
#define TXCQ	1	/* TX completion CQ, vector 2 */

struct qfix {
	struct st_env e;
	struct qlxge_sim_func *fn;
	struct st_cq rx, tx;
	struct st_wq wq;
	uint8_t *buf;
	uint64_t buf_iova;
};

static inline void
qfix_up_dev(struct qfix *f, uint32_t sbq_prod, uint16_t device_id)
{
	struct qlxge_sim_wire_cfg w = { .kind = QLXGE_SIM_WIRE_LOOP };
	struct st_aen_log log = { .n = 0 };

	st_env_init(&f->e, device_id);
	f->fn = f->e.fn[0];
	st_func_up(f->fn);
	st_cq_setup(f->fn, &f->rx, RXQ, 64, 1, 32, 2048, 64, 256);
	st_cq_setup(f->fn, &f->tx, TXCQ, 64, 2, 0, 0, 0, 0);
	st_wq_setup(f->fn, &f->wq, 0, 32, TXCQ);
	st_cq_give(f->fn, &f->rx, 16, sbq_prod);
	/* promiscuous slot: every valid frame to the default CQ 0 (§12.3) */
	st_route_set(f->fn, QLXGE_RT_SLOT_PROMISC, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_VALID);
	assert_int_equal(qlxge_sim_wire_set(f->fn, &w), 0);
	st_aens(&f->e, f->fn, &log);
	assert_true(st_aen_seen(&log, QLXGE_AEN_LINK_UP));
	f->buf = st_dma_alloc(16384, &f->buf_iova);
}

static inline void
qfix_up(struct qfix *f, uint32_t sbq_prod)
{
	qfix_up_dev(f, sbq_prod, 0);
}

static inline void
qfix_down(struct qfix *f)
{
	st_dma_free(f->buf);
	st_wq_free(&f->wq);
	st_cq_free(&f->rx);
	st_cq_free(&f->tx);
	st_env_fini(&f->e);
}

/* Send one frame (already in f->buf) and step the model until both completions are written. */
static inline void
qfix_send(struct qfix *f, uint32_t len, uint32_t tid, uint8_t flags1)
{
	st_wq_send(f->fn, &f->wq, f->buf_iova, len, tid, flags1);
	st_poll(&f->e, 3);
}

/* The TX completion of @tid; @sent: without B (the frame went out), else with B (not sent). */
static inline const struct qlxge_ob_mac_rsp *
qfix_tx_cpl(struct qfix *f, uint32_t tid, bool sent)
{
	const struct qlxge_ob_mac_rsp *r = (const void *)st_cq_next(f->fn, &f->tx);

	assert_non_null(r);
	assert_int_equal(r->opcode, QLXGE_OPCODE_OB_MAC_IOCB);
	assert_int_equal(rte_le_to_cpu_32(r->tid), tid);
	assert_int_equal(rte_le_to_cpu_32(r->txq_idx), 0xABC00000u);
	assert_int_equal(r->flags3 & QLXGE_OB_MAC_RSP_FLAGS3_B,
			 sent ? 0 : QLXGE_OB_MAC_RSP_FLAGS3_B);
	return r;
}

static inline const struct qlxge_ob_mac_rsp *
qfix_tx_done(struct qfix *f, uint32_t tid)
{
	return qfix_tx_cpl(f, tid, true);
}

#endif /* SIM_QFIX_H */
