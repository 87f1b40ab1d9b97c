/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Fault injection and device errors of the model (lib/qlxge_sim/core/fault.c, base/dma.c,
 * base/irq.c), docs/hardware §2.8, §2.11, §7.7, §7.8, §9: each injected fault observable
 * through registers, mailboxes or completions; a bad DMA address is a device error (STS.FE,
 * ERR_STS, AE completion), never a crash.
 */

#include <errno.h>
#include <string.h>

#include <rte_byteorder.h>

#include "sim_test.h"

struct ffix {
	struct st_env e;
	struct qlxge_sim_func *fn;
	struct st_cq rx, tx;
	struct st_wq wq;
	uint8_t *buf;
	uint64_t buf_iova;
};

static void
ffix_up(struct ffix *f)
{
	struct qlxge_sim_wire_cfg w = { .kind = QLXGE_SIM_WIRE_LOOP };
	struct st_aen_log log = { .n = 0 };

	st_env_init(&f->e, 0);
	f->fn = f->e.fn[0];
	st_func_up(f->fn);
	st_cq_setup(f->fn, &f->rx, 0, 64, 1, 32, 2048, 64, 256);
	st_cq_setup(f->fn, &f->tx, 1, 64, 2, 0, 0, 0, 0);
	st_wq_setup(f->fn, &f->wq, 0, 32, 1);
	st_cq_give(f->fn, &f->rx, 16, 48);
	st_route_set(f->fn, QLXGE_RT_SLOT_PROMISC, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_VALID);
	assert_int_equal(qlxge_sim_wire_set(f->fn, &w), 0);
	st_aens(&f->e, f->fn, &log);
	f->buf = st_dma_alloc(4096, &f->buf_iova);
	st_frame_udp(f->buf, 100, f->e.mac[0], 0);
}

static void
ffix_down(struct ffix *f)
{
	st_dma_free(f->buf);
	st_wq_free(&f->wq);
	st_cq_free(&f->rx);
	st_cq_free(&f->tx);
	st_env_fini(&f->e);
}

static const struct qlxge_ib_mac_rsp *
ffix_send_recv(struct ffix *f, uint32_t tid)
{
	st_wq_send(f->fn, &f->wq, f->buf_iova, 100, tid, 0);
	st_poll(&f->e, 3);
	while (st_cq_next(f->fn, &f->tx) != NULL)
		;
	return (const void *)st_cq_next(f->fn, &f->rx);
}

static void
test_fault_bad_args(void **state)
{
	struct st_env e;

	(void)state;
	st_env_init(&e, 0);
	assert_int_equal(qlxge_sim_fault_set(NULL, QLXGE_SIM_FAULT_LINK_DOWN, 1), -EINVAL);
	assert_int_equal(qlxge_sim_fault_set(e.fn[0], QLXGE_SIM_FAULT_MAX, 1), -EINVAL);
	assert_int_equal(qlxge_sim_fault_set(e.fn[0], QLXGE_SIM_FAULT_SEM_HELD, 0x100), -EINVAL);
	st_env_fini(&e);
}

/* Link down/up: STS.PL0 and AENs 0x8012 / 0x8011; frames are lost while down. */
static void
test_fault_link(void **state)
{
	struct ffix f;
	struct st_aen_log log = { .n = 0 };

	(void)state;
	ffix_up(&f);
	assert_true(st_rd(f.fn, QLXGE_REG_STS) & QLXGE_STS_PL0);
	assert_int_equal(qlxge_sim_fault_set(f.fn, QLXGE_SIM_FAULT_LINK_DOWN, 1), 0);
	st_aens(&f.e, f.fn, &log);
	assert_int_equal(log.n, 1);
	assert_int_equal(log.code[0], QLXGE_AEN_LINK_DOWN);
	assert_false(st_rd(f.fn, QLXGE_REG_STS) & QLXGE_STS_PL0);
	assert_null(ffix_send_recv(&f, 1));
	assert_int_equal(qlxge_sim_fault_set(f.fn, QLXGE_SIM_FAULT_LINK_DOWN, 0), 0);
	st_aens(&f.e, f.fn, &log);
	assert_int_equal(log.code[1], QLXGE_AEN_LINK_UP);
	assert_non_null(ffix_send_recv(&f, 2));
	ffix_down(&f);
}

/* A hung firmware leaves CSR.HRI set; an error status answers every command. */
static void
test_fault_firmware(void **state)
{
	struct st_env e;
	uint32_t in[1] = { QLXGE_MB_CMD_ABOUT_FW }, out[6];
	struct qlxge_sim_counters c;

	(void)state;
	st_env_init(&e, 0);
	assert_int_equal(qlxge_sim_fault_set(e.fn[0], QLXGE_SIM_FAULT_FW_HANG, 1), 0);
	assert_int_equal(st_mbox(&e, e.fn[0], in, 1, out, 1, NULL), 0xFFFFFFFFu);
	assert_true(st_rd(e.fn[0], QLXGE_REG_CSR) & QLXGE_CSR_HRI);
	/* the other port's firmware interface is not hung */
	assert_int_equal(st_mbox(&e, e.fn[1], in, 1, out, 6, NULL), QLXGE_MB_STS_GOOD);
	assert_int_equal(qlxge_sim_fault_set(e.fn[0], QLXGE_SIM_FAULT_FW_HANG, 0), 0);
	st_poll(&e, 1);
	assert_false(st_rd(e.fn[0], QLXGE_REG_CSR) & QLXGE_CSR_HRI);
	assert_true(st_rd(e.fn[0], QLXGE_REG_STS) & QLXGE_STS_PI);
	st_wr(e.fn[0], QLXGE_REG_CSR, QLXGE_CSR_CMD_CLR_R2PCI_INT);
	assert_int_equal(qlxge_sim_fault_set(e.fn[0], QLXGE_SIM_FAULT_FW_ERROR, QLXGE_MB_STS_ERR),
			 0);
	assert_int_equal(st_mbox(&e, e.fn[0], in, 1, out, 1, NULL), QLXGE_MB_STS_ERR);
	assert_int_equal(qlxge_sim_counters_get(e.fn[0], &c), 0);
	assert_int_equal(c.mbox_errors, 1);
	st_env_fini(&e);
}

/* A semaphore held by another agent: acquire fails and SEM reads 0 for this function. */
static void
test_fault_sem_held(void **state)
{
	struct st_env e;

	(void)state;
	st_env_init(&e, 0);
	assert_int_equal(qlxge_sim_fault_set(e.fn[0], QLXGE_SIM_FAULT_SEM_HELD,
					     1u << (QLXGE_SEM_FLASH_SHIFT / 2)), 0);
	assert_false(st_sem_get(e.fn[0], QLXGE_SEM_FLASH));
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_SEM), 0);
	assert_true(st_sem_get(e.fn[0], QLXGE_SEM_ICB));
	assert_int_equal(qlxge_sim_fault_set(e.fn[0], QLXGE_SIM_FAULT_SEM_HELD, 0), 0);
	assert_true(st_sem_get(e.fn[0], QLXGE_SEM_FLASH));
	st_env_fini(&e);
}

/* Dry buffer queues: frames dropped as "no buffer". */
static void
test_fault_rx_bq_dry(void **state)
{
	struct ffix f;
	struct qlxge_sim_counters c;

	(void)state;
	ffix_up(&f);
	assert_int_equal(qlxge_sim_fault_set(f.fn, QLXGE_SIM_FAULT_RX_BQ_DRY, 1), 0);
	assert_null(ffix_send_recv(&f, 1));
	assert_int_equal(qlxge_sim_counters_get(f.fn, &c), 0);
	assert_int_equal(c.rx_drops_nobuf, 1);
	assert_int_equal(qlxge_sim_fault_set(f.fn, QLXGE_SIM_FAULT_RX_BQ_DRY, 0), 0);
	assert_non_null(ffix_send_recv(&f, 2));
	ffix_down(&f);
}

/* Bad FCS: ERR = CRC in the completion and the XGMAC FCS counter; dropped by an error slot. */
static void
test_fault_rx_bad_fcs(void **state)
{
	struct ffix f;
	const struct qlxge_ib_mac_rsp *r;
	struct qlxge_sim_counters c;

	(void)state;
	ffix_up(&f);
	assert_int_equal(qlxge_sim_fault_set(f.fn, QLXGE_SIM_FAULT_RX_BAD_FCS, 1), 0);
	/* an error frame is not VALID: the promiscuous slot does not take it (§12.3) */
	assert_null(ffix_send_recv(&f, 0));
	/* Linux-like: error frames to the default queue through an ERR slot */
	st_route_set(f.fn, QLXGE_RT_SLOT_ALL_ERR, QLXGE_RT_IDX_DST_DFLT_Q, QLXGE_RT_DATA_ERR);
	r = ffix_send_recv(&f, 1);
	assert_non_null(r);
	assert_int_equal(r->flags2 & QLXGE_IB_MAC_FLAGS2_ERR_MASK, QLXGE_IB_MAC_FLAGS2_ERR_CRC);
	st_wr(f.fn, QLXGE_REG_XGMAC_ADDR, QLXGE_XGMAC_RX_FCS_ERR_PKTS | QLXGE_XGMAC_ADDR_R);
	assert_int_equal(st_rd(f.fn, QLXGE_REG_XGMAC_DATA), 2);
	/* FreeBSD's slot 0: error frames to drop */
	st_route_set(f.fn, QLXGE_RT_SLOT_ALL_ERR, QLXGE_RT_IDX_DST_DROP, QLXGE_RT_DATA_ERR);
	assert_null(ffix_send_recv(&f, 2));
	assert_int_equal(qlxge_sim_counters_get(f.fn, &c), 0);
	assert_int_equal(c.rx_errors, 1);
	assert_int_equal(c.rx_drops_fcs, 2);
	ffix_down(&f);
}

/* Bad L4 checksum: TE in the completion. */
static void
test_fault_rx_bad_l4(void **state)
{
	struct ffix f;
	const struct qlxge_ib_mac_rsp *r;

	(void)state;
	ffix_up(&f);
	r = ffix_send_recv(&f, 1);
	assert_non_null(r);
	assert_int_equal(r->flags1 & QLXGE_IB_MAC_FLAGS1_TE, 0);
	assert_int_equal(qlxge_sim_fault_set(f.fn, QLXGE_SIM_FAULT_RX_BAD_L4CSUM, 1), 0);
	r = ffix_send_recv(&f, 2);
	assert_non_null(r);
	assert_true(r->flags1 & QLXGE_IB_MAC_FLAGS1_TE);
	ffix_down(&f);
}

/* Point 11: a receive buffer at a bad address: STS.FE, ERR_STS, AE completion 0x40. */
static void
test_fault_dma_bad_buffer(void **state)
{
	struct ffix f;
	const struct qlxge_ib_ae_rsp *ae;
	struct qlxge_sim_counters c;

	(void)state;
	ffix_up(&f);
	st_wr(f.fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_ENABLE, 0));
	f.rx.sbq[0] = rte_cpu_to_le_64(0xDEAD0000ull);
	ae = (const void *)ffix_send_recv(&f, 1);
	assert_non_null(ae);
	assert_int_equal(ae->opcode, QLXGE_OPCODE_IB_AE_IOCB);
	assert_int_equal(ae->event, QLXGE_AE_EVENT_PCI_ERR_ANON_BUF_RD);
	assert_int_equal(ae->q_id, 0);
	assert_true(st_rd(f.fn, QLXGE_REG_STS) & QLXGE_STS_FE);
	assert_true(st_rd(f.fn, QLXGE_REG_ERR_STS) & QLXGE_ERR_STS_MA);
	assert_int_equal(st_irq_count(f.fn, 0), 1);	/* vector 0 carries FE */
	assert_int_equal(qlxge_sim_counters_get(f.fn, &c), 0);
	assert_int_equal(c.dma_errors, 1);
	/* the other function is unaffected */
	assert_false(st_rd(f.e.fn[1], QLXGE_REG_STS) & QLXGE_STS_FE);
	/* a function reset clears FE */
	st_wr(f.fn, QLXGE_REG_RST_FO, QLXGE_RST_FO_FUNC_RESET);
	st_poll(&f.e, 1);
	assert_false(st_rd(f.fn, QLXGE_REG_STS) & QLXGE_STS_FE);
	ffix_down(&f);
}

/* Injected DMA error on the next access of the function's queues. */
static void
test_fault_dma_error_injected(void **state)
{
	struct ffix f;

	(void)state;
	ffix_up(&f);
	assert_int_equal(qlxge_sim_fault_set(f.fn, QLXGE_SIM_FAULT_DMA_ERROR, 1), 0);
	assert_null(ffix_send_recv(&f, 1));
	assert_true(st_rd(f.fn, QLXGE_REG_STS) & QLXGE_STS_FE);
	assert_int_equal(st_rd(f.fn, QLXGE_REG_ERR_STS), QLXGE_ERR_STS_MA);
	ffix_down(&f);
}

/* Delayed completions: the entry is written but the producer shadow lags. */
static void
test_fault_cq_delay(void **state)
{
	struct ffix f;

	(void)state;
	ffix_up(&f);
	assert_int_equal(qlxge_sim_fault_set(f.fn, QLXGE_SIM_FAULT_CQ_DELAY_US, 3600000000ull), 0);
	assert_null(ffix_send_recv(&f, 1));
	assert_int_equal(rte_le_to_cpu_32(*f.rx.shadow), 0);
	assert_int_equal(qlxge_sim_fault_set(f.fn, QLXGE_SIM_FAULT_CQ_DELAY_US, 0), 0);
	st_poll(&f.e, 1);
	assert_int_equal(rte_le_to_cpu_32(*f.rx.shadow), 1);
	assert_non_null(st_cq_next(f.fn, &f.rx));
	ffix_down(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fault_bad_args),
		cmocka_unit_test(test_fault_link),
		cmocka_unit_test(test_fault_firmware),
		cmocka_unit_test(test_fault_sem_held),
		cmocka_unit_test(test_fault_rx_bq_dry),
		cmocka_unit_test(test_fault_rx_bad_fcs),
		cmocka_unit_test(test_fault_rx_bad_l4),
		cmocka_unit_test(test_fault_dma_bad_buffer),
		cmocka_unit_test(test_fault_dma_error_injected),
		cmocka_unit_test(test_fault_cq_delay),
	};

	return cmocka_run_group_tests_name("sim_fault", tests, NULL, NULL);
}
