/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Register file of the model (lib/qlxge_sim/core/regs.c, base/reg.c, core/sem.c, base/irq.c),
 * from docs/hardware §2, §3, §8 and §16.1-16.4, 16.6, 16.15, 16.17: the table covers every
 * register, the dispatcher drops bad accesses, mask-write, function reset self-clear,
 * semaphores between the two functions (also on two threads), STS, ready bits, interrupt
 * commands and auto-masking.
 */

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <rte_byteorder.h>

#include "base/reg.h"
#include "core/regs.h"
#include "sim_test.h"

static const uint32_t all_regs[] = {
	QLXGE_REG_PROC_ADDR, QLXGE_REG_PROC_DATA, QLXGE_REG_SYS, QLXGE_REG_RST_FO, QLXGE_REG_FSC,
	QLXGE_REG_CSR, QLXGE_REG_LED, QLXGE_REG_ICB_RID, QLXGE_REG_ICB_L, QLXGE_REG_ICB_H,
	QLXGE_REG_CFG, QLXGE_REG_BIOS_ADDR, QLXGE_REG_STS, QLXGE_REG_INTR_EN, QLXGE_REG_INTR_MASK,
	QLXGE_REG_ISR1, QLXGE_REG_ISR2, QLXGE_REG_ISR3, QLXGE_REG_ISR4, QLXGE_REG_REV_ID,
	QLXGE_REG_FRC_ECC_ERR, QLXGE_REG_ERR_STS, QLXGE_REG_RAM_DBG_ADDR, QLXGE_REG_RAM_DBG_DATA,
	QLXGE_REG_ECC_ERR_CNT, QLXGE_REG_SEM, QLXGE_REG_GPIO_1, QLXGE_REG_GPIO_2, QLXGE_REG_GPIO_3,
	QLXGE_REG_XGMAC_ADDR, QLXGE_REG_XGMAC_DATA, QLXGE_REG_NIC_ETS, QLXGE_REG_CNA_ETS,
	QLXGE_REG_FLASH_ADDR, QLXGE_REG_FLASH_DATA, QLXGE_REG_CQ_STOP, QLXGE_REG_PAGE_TBL_RID,
	QLXGE_REG_WQ_PAGE_TBL_LO, QLXGE_REG_WQ_PAGE_TBL_HI, QLXGE_REG_CQ_PAGE_TBL_LO,
	QLXGE_REG_CQ_PAGE_TBL_HI, QLXGE_REG_MAC_ADDR_IDX, QLXGE_REG_MAC_ADDR_DATA,
	QLXGE_REG_COS_DFLT_CQ1, QLXGE_REG_COS_DFLT_CQ2, QLXGE_REG_ETYPE_SKIP1,
	QLXGE_REG_ETYPE_SKIP2, QLXGE_REG_SPLT_HDR, QLXGE_REG_FC_PAUSE_THRES,
	QLXGE_REG_NIC_PAUSE_THRES, QLXGE_REG_FC_ETHERTYPE, QLXGE_REG_FC_RCV_CFG,
	QLXGE_REG_NIC_RCV_CFG, QLXGE_REG_FC_COS_TAGS, QLXGE_REG_NIC_COS_TAGS,
	QLXGE_REG_MGMT_RCV_CFG, QLXGE_REG_RT_IDX, QLXGE_REG_RT_DATA, QLXGE_REG_XG_SERDES_ADDR,
	QLXGE_REG_XG_SERDES_DATA, QLXGE_REG_PRB_MX_ADDR, QLXGE_REG_PRB_MX_DATA,
};

/* design.md B.18: every QLXGE_REG_* has a row; the reserved offsets have none. */
static void
test_regs_table_complete(void **state)
{
	(void)state;
	for (unsigned int i = 0; i < RTE_DIM(all_regs); i++) {
		const struct sim_reg_row *row = sim_reg_row(all_regs[i]);

		assert_non_null(row);
		assert_int_equal(row->offset, all_regs[i]);
	}
	assert_null(sim_reg_row(QLXGE_REG_RSVD2));
	assert_null(sim_reg_row(QLXGE_REG_RSVD7));
	assert_null(sim_reg_row(0x101));
}

/* Negative first: unaligned, out of window, reserved and read-only accesses are dropped. */
static void
test_regs_bad_access_counted(void **state)
{
	struct st_env e;
	struct qlxge_sim_counters c;

	(void)state;
	st_env_init(&e, 0);
	assert_int_equal(st_rd(e.fn[0], 0x02), 0);
	assert_int_equal(st_rd(e.fn[0], 0x100), 0);
	st_wr(e.fn[0], QLXGE_REG_RSVD2, 0x1234);
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_RSVD2), 0);
	st_wr(e.fn[0], QLXGE_REG_REV_ID, 0);
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_REV_ID), SIM_REV_ID);
	assert_int_equal(qlxge_sim_counters_get(e.fn[0], &c), 0);
	assert_int_equal(c.reg_unknown, 5);
	assert_true(c.driver_errors >= 5);
	st_env_fini(&e);
}

/* §16.1: bit n of 15:0 changes only where bit n + 16 is set. */
static void
test_regs_mask_write(void **state)
{
	static const uint32_t mwr[] = {
		QLXGE_REG_SYS, QLXGE_REG_FSC, QLXGE_REG_INTR_MASK, QLXGE_REG_NIC_RCV_CFG,
		QLXGE_REG_MGMT_RCV_CFG, QLXGE_REG_GPIO_1, QLXGE_REG_GPIO_2, QLXGE_REG_GPIO_3,
	};
	struct st_env e;

	(void)state;
	st_env_init(&e, 0);
	for (unsigned int i = 0; i < RTE_DIM(mwr); i++) {
		struct qlxge_sim_func *fn = e.fn[0];

		st_wr(fn, mwr[i], 0x00FF00A5);		/* bits 7:0 <- 0xA5 */
		assert_int_equal(st_rd(fn, mwr[i]) & 0xFF, 0xA5);
		st_wr(fn, mwr[i], 0x000000FF);		/* no mask: nothing changes */
		assert_int_equal(st_rd(fn, mwr[i]) & 0xFF, 0xA5);
		st_wr(fn, mwr[i], 0x00010000);		/* clear bit 0 only */
		assert_int_equal(st_rd(fn, mwr[i]) & 0xFF, 0xA4);
		assert_int_equal(st_rd(fn, mwr[i]) >> 16, 0);	/* mask half reads 0 */
	}
	/* RST_FO and STS as well, on the bits they keep */
	st_wr(e.fn[0], QLXGE_REG_RST_FO, QLXGE_RST_FO_INIT_RR);
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_RST_FO) & QLXGE_RST_FO_RR_MASK,
			 QLXGE_RST_FO_RR_RCV_FUNC_CQ);
	/* function-specific: function 1's FSC is untouched, SYS is shared */
	assert_int_equal(st_rd(e.fn[1], QLXGE_REG_FSC), 0);
	assert_int_equal(st_rd(e.fn[1], QLXGE_REG_SYS) & 0xFF, 0xA4);
	st_env_fini(&e);
}

/* §16.2: FR self-clears; the function's queues and vectors are gone, the other's are not. */
static void
test_regs_reset_self_clear(void **state)
{
	struct st_env e;
	struct st_cq cq0, cq1;
	struct st_wq wq0, wq1;
	struct qlxge_sim_counters c;
	uint8_t *buf;
	uint64_t buf_iova;
	const struct qlxge_ob_mac_rsp *r;

	(void)state;
	st_env_init(&e, 0);
	st_func_up(e.fn[0]);
	st_func_up(e.fn[1]);
	st_cq_setup(e.fn[0], &cq0, 0, 32, 0, 0, 0, 0, 0);
	st_cq_setup(e.fn[1], &cq1, 0, 32, 0, 0, 0, 0, 0);
	st_wq_setup(e.fn[0], &wq0, 0, 32, 0);
	st_wq_setup(e.fn[1], &wq1, 0, 32, 0);
	buf = st_dma_alloc(256, &buf_iova);
	st_frame_udp(buf, 64, e.mac[1], 0);
	st_wr(e.fn[0], QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_ENABLE, 1));
	st_wr(e.fn[0], QLXGE_REG_RST_FO, QLXGE_RST_FO_FUNC_RESET);
	st_poll(&e, 1);
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_RST_FO) & QLXGE_RST_FO_FR, 0);
	/* FSC (FE) back to reset, vectors and EI off */
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_FSC) & QLXGE_FSC_FE, 0);
	st_wr(e.fn[0], QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_READ, 1));
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_INTR_EN) & (QLXGE_INTR_EN_EN | QLXGE_INTR_EN_EI),
			 0);
	assert_int_equal(qlxge_sim_counters_get(e.fn[0], &c), 0);
	assert_int_equal(c.resets, 1);
	/* function 1 still enabled */
	assert_true(st_rd(e.fn[1], QLXGE_REG_FSC) & QLXGE_FSC_FE);
	assert_true(st_rd(e.fn[0], QLXGE_REG_STS) & QLXGE_STS_FNE(1));
	assert_false(st_rd(e.fn[0], QLXGE_REG_STS) & QLXGE_STS_FNE(0));
	/* function 0's queues are gone: even with FE set again, an IOCB posted on its old WQ
	 * lands nowhere (no completion, no shadow, no consumer shadow) */
	st_func_up(e.fn[0]);
	st_wq_send(e.fn[0], &wq0, buf_iova, 64, 7, 0);
	st_poll(&e, 4);
	assert_null(st_cq_next(e.fn[0], &cq0));
	assert_int_equal(*(volatile uint32_t *)wq0.shadow, 0);
	for (unsigned int i = 0; i < 32 * QLXGE_CQE_SIZE; i++)
		assert_int_equal(cq0.ring[i], 0);
	assert_int_equal(qlxge_sim_counters_get(e.fn[0], &c), 0);
	assert_int_equal(c.tx_iocbs, 0);
	/* function 1's queues still work: its IOCB completes on its CQ */
	st_wq_send(e.fn[1], &wq1, buf_iova, 64, 9, 0);
	st_poll(&e, 4);
	r = (const void *)st_cq_next(e.fn[1], &cq1);
	assert_non_null(r);
	assert_int_equal(r->opcode, QLXGE_OPCODE_OB_MAC_IOCB);
	assert_int_equal(rte_le_to_cpu_32(r->tid), 9);
	assert_int_equal(rte_le_to_cpu_32(*(volatile uint32_t *)wq1.shadow), 1);
	st_dma_free(buf);
	st_wq_free(&wq0);
	st_wq_free(&wq1);
	st_cq_free(&cq0);
	st_cq_free(&cq1);
	st_env_fini(&e);
}

/* §16.3: SET reads 1 only for the holder; the other function waits; mask-only release. */
static void
test_regs_sem_two_functions(void **state)
{
	struct st_env e;
	struct qlxge_sim_counters c;

	(void)state;
	st_env_init(&e, 0);
	assert_true(st_sem_get(e.fn[0], QLXGE_SEM_FLASH));
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_SEM), QLXGE_SEM_HELD_BIT(QLXGE_SEM_FLASH));
	assert_false(st_sem_get(e.fn[1], QLXGE_SEM_FLASH));
	assert_int_equal(st_rd(e.fn[1], QLXGE_REG_SEM), 0);
	/* another resource is independent */
	assert_true(st_sem_get(e.fn[1], QLXGE_SEM_ICB));
	/* a release by the non-holder does nothing */
	st_sem_put(e.fn[1], QLXGE_SEM_FLASH);
	assert_false(st_sem_get(e.fn[1], QLXGE_SEM_FLASH));
	st_sem_put(e.fn[0], QLXGE_SEM_FLASH);
	assert_true(st_sem_get(e.fn[1], QLXGE_SEM_FLASH));
	assert_int_equal(st_rd(e.fn[1], QLXGE_REG_SEM), QLXGE_SEM_HELD_BIT(QLXGE_SEM_FLASH) |
			 QLXGE_SEM_HELD_BIT(QLXGE_SEM_ICB));
	assert_int_equal(qlxge_sim_counters_get(e.fn[1], &c), 0);
	assert_true(c.sem_contended >= 30);
	st_env_fini(&e);
}

struct sem_race {
	struct qlxge_sim_func *fn;
	volatile int *inside;
	unsigned int *total;
	unsigned int iters;
	int overlap;
};

static void *
sem_race_main(void *arg)
{
	struct sem_race *r = arg;

	for (unsigned int i = 0; i < r->iters; i++) {
		for (;;) {
			qlxge_sim_reg_write(r->fn, QLXGE_REG_SEM, QLXGE_SEM_RT_IDX);
			if (qlxge_sim_reg_read(r->fn, QLXGE_REG_SEM) &
			    QLXGE_SEM_HELD_BIT(QLXGE_SEM_RT_IDX))
				break;
		}
		if (__atomic_fetch_add(r->inside, 1, __ATOMIC_ACQ_REL) != 0)
			r->overlap++;
		(*r->total)++;
		__atomic_fetch_sub(r->inside, 1, __ATOMIC_ACQ_REL);
		qlxge_sim_reg_write(r->fn, QLXGE_REG_SEM,
				    QLXGE_SEM_RELEASE_WORD(QLXGE_SEM_RT_IDX));
	}
	return NULL;
}

/* §16.3 on two threads: the semaphore excludes the two functions' drivers. */
static void
test_regs_sem_two_threads(void **state)
{
	struct st_env e;
	volatile int inside = 0;
	unsigned int total = 0;
	struct sem_race r[2];
	pthread_t t[2];

	(void)state;
	st_env_init(&e, 0);
	for (unsigned int i = 0; i < 2; i++) {
		r[i] = (struct sem_race){ e.fn[i], &inside, &total, 20000, 0 };
		assert_int_equal(pthread_create(&t[i], NULL, sem_race_main, &r[i]), 0);
	}
	for (unsigned int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	assert_int_equal(r[0].overlap + r[1].overlap, 0);
	assert_int_equal(total, 40000);
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_SEM) | st_rd(e.fn[1], QLXGE_REG_SEM), 0);
	st_env_fini(&e);
}

/* §16.4: indirect windows idle ready, with no error bits. */
static void
test_regs_ready_bits(void **state)
{
	struct st_env e;

	(void)state;
	st_env_init(&e, 0);
	for (unsigned int f = 0; f < 2; f++) {
		struct qlxge_sim_func *fn = e.fn[f];

		assert_int_equal(st_rd(fn, QLXGE_REG_PROC_ADDR) &
				 (QLXGE_PROC_ADDR_RDY | QLXGE_PROC_ADDR_ERR), QLXGE_PROC_ADDR_RDY);
		assert_int_equal(st_rd(fn, QLXGE_REG_FLASH_ADDR) &
				 (QLXGE_FLASH_ADDR_RDY | QLXGE_FLASH_ADDR_ERR),
				 QLXGE_FLASH_ADDR_RDY);
		assert_int_equal(st_rd(fn, QLXGE_REG_XGMAC_ADDR) &
				 (QLXGE_XGMAC_ADDR_RDY | QLXGE_XGMAC_ADDR_XME),
				 QLXGE_XGMAC_ADDR_RDY);
		assert_true(st_rd(fn, QLXGE_REG_XG_SERDES_ADDR) & QLXGE_XG_SERDES_ADDR_RDY);
		assert_true(st_rd(fn, QLXGE_REG_MAC_ADDR_IDX) & QLXGE_MAC_ADDR_IDX_MW);
		assert_true(st_rd(fn, QLXGE_REG_RT_IDX) & QLXGE_RT_IDX_MW);
		/* SERDES index/data round trip */
		st_wr(fn, QLXGE_REG_XG_SERDES_DATA, 0xCAFE0000u | f);
		st_wr(fn, QLXGE_REG_XG_SERDES_ADDR, 0x1E06);
		st_wr(fn, QLXGE_REG_XG_SERDES_DATA, 0);
		st_wr(fn, QLXGE_REG_XG_SERDES_ADDR, 0x1E06 | QLXGE_XG_SERDES_ADDR_R);
		assert_int_equal(st_rd(fn, QLXGE_REG_XG_SERDES_DATA), 0xCAFE0000u | f);
	}
	st_env_fini(&e);
}

/* §16.6: function id, enables, port init, NFE; PI0/PI1 writable (8012). */
static void
test_regs_sts(void **state)
{
	struct st_env e;
	uint32_t s0, s1;

	(void)state;
	st_env_init(&e, 0);
	s0 = st_rd(e.fn[0], QLXGE_REG_STS);
	s1 = st_rd(e.fn[1], QLXGE_REG_STS);
	assert_int_equal((s0 & QLXGE_STS_FUNC_ID_MASK) >> QLXGE_STS_FUNC_ID_SHIFT, 0);
	assert_int_equal((s1 & QLXGE_STS_FUNC_ID_MASK) >> QLXGE_STS_FUNC_ID_SHIFT, 1);
	assert_int_equal(s0 & (QLXGE_STS_PI0 | QLXGE_STS_PI1), QLXGE_STS_PI0 | QLXGE_STS_PI1);
	assert_true(s0 & QLXGE_STS_NFE);
	assert_int_equal(s0 & (QLXGE_STS_FE | QLXGE_STS_PI | QLXGE_STS_PL0 | QLXGE_STS_PL1 |
			       QLXGE_STS_F0E | QLXGE_STS_F1E), 0);
	st_wr(e.fn[1], QLXGE_REG_FSC, QLXGE_MWR_SET(QLXGE_FSC_FE));
	assert_true(st_rd(e.fn[0], QLXGE_REG_STS) & QLXGE_STS_F1E);
	st_env_fini(&e);

	st_env_init(&e, QLXGE_PCI_DEVICE_ID_8012);
	assert_int_equal(qlxge_sim_device_id(e.ad), QLXGE_PCI_DEVICE_ID_8012);
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_STS) & (QLXGE_STS_PI0 | QLXGE_STS_PI1), 0);
	st_wr(e.fn[1], QLXGE_REG_STS, QLXGE_MWR_SET(QLXGE_STS_PI1));
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_STS) & (QLXGE_STS_PI0 | QLXGE_STS_PI1),
			 QLXGE_STS_PI1);
	st_env_fini(&e);
}

/* §16.15: EI gate, enable/disable/read-back, auto-mask after delivery, re-fire when pending. */
static void
test_regs_intr_commands(void **state)
{
	struct st_env e;
	struct qlxge_sim_func *fn;

	(void)state;
	st_env_init(&e, 0);
	fn = e.fn[0];
	assert_true(qlxge_sim_irq_fd(fn, 0) >= 0);
	assert_int_equal(qlxge_sim_irq_fd(fn, QLXGE_SIM_NUM_VECTORS), -1);
	st_wr(fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD_IHD(QLXGE_INTR_EN_TYPE_ENABLE, 3));
	st_wr(fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD_IHD(QLXGE_INTR_EN_TYPE_READ, 3));
	assert_true(st_rd(fn, QLXGE_REG_INTR_EN) & QLXGE_INTR_EN_EN);
	st_wr(fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_DISABLE, 3));
	st_wr(fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_READ, 3));
	assert_false(st_rd(fn, QLXGE_REG_INTR_EN) & QLXGE_INTR_EN_EN);

	/* vector 0 carries STS.FE (fault FATAL): held back until EI, then once, masked */
	st_wr(fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_ENABLE, 0));
	assert_int_equal(qlxge_sim_fault_set(fn, QLXGE_SIM_FAULT_FATAL, QLXGE_ERR_STS_TA), 0);
	assert_int_equal(st_irq_count(fn, 0), 0);
	st_wr(fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_EI_ON);
	assert_int_equal(st_irq_count(fn, 0), 1);
	st_wr(fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_READ, 0));
	assert_false(st_rd(fn, QLXGE_REG_INTR_EN) & QLXGE_INTR_EN_EN);
	st_poll(&e, 2);
	assert_int_equal(st_irq_count(fn, 0), 0);
	/* re-enabled while FE is still set: fires again */
	st_wr(fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_ENABLE, 0));
	assert_int_equal(st_irq_count(fn, 0), 1);
	assert_true(st_rd(fn, QLXGE_REG_STS) & QLXGE_STS_FE);
	assert_int_equal(st_rd(fn, QLXGE_REG_ERR_STS), QLXGE_ERR_STS_TA);
	st_env_fini(&e);
}

/* Microseconds of CLOCK_MONOTONIC. */
static uint64_t
tr_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* Poll @p off of @p fn until (value & @p bit) == 0, polling the model; us waited (fail: 1 s). */
static uint64_t
tr_wait_clear(struct st_env *e, struct qlxge_sim_func *fn, uint32_t off, uint32_t bit)
{
	uint64_t t0 = tr_now_us();

	while (st_rd(fn, off) & bit) {
		assert_true(tr_now_us() - t0 < 1000000u);
		st_poll(e, 1);
		usleep(5);
	}
	return tr_now_us() - t0;
}

/*
 * Card-like timing (choices.md): RST_FO.FR and the CFG command bits stay set for their time
 * (whatever poll steps pass), a CFG command is carried out when its bit clears, and the
 * firmware holds a free semaphore on every 4th acquisition for less than the drivers' 3 ms.
 * Only lower bounds are asserted (a loaded machine only makes the waits longer).
 */
static void
test_regs_card_timing(void **state)
{
	struct st_env e;
	struct st_cq cq;
	unsigned int busy = 0, i;
	uint64_t t0, waited;
	uint32_t sem;

	(void)state;
	st_env_init_timing(&e, 0, QLXGE_SIM_TIMING_CARD);
	st_func_up(e.fn[0]);
	t0 = tr_now_us();
	st_wr(e.fn[0], QLXGE_REG_RST_FO, QLXGE_RST_FO_FUNC_RESET);
	st_poll(&e, 1);
	waited = tr_wait_clear(&e, e.fn[0], QLXGE_REG_RST_FO, QLXGE_RST_FO_FR);
	assert_true(tr_now_us() - t0 >= 20);
	(void)waited;
	st_func_up(e.fn[0]);
	/* a CQ load: CFG.LCQ reads 1 for 50 us; the queue appears when it clears */
	memset(&cq, 0, sizeof(cq));
	cq.icb = st_dma_alloc(sizeof(*cq.icb), &cq.icb_iova);
	cq.ring = st_dma_alloc(32 * QLXGE_CQE_SIZE, &cq.ring_iova);
	cq.shadow = st_dma_alloc(64, &cq.shadow_iova);
	memset(cq.icb, 0, sizeof(*cq.icb));
	cq.icb->addr = rte_cpu_to_le_64(cq.ring_iova);
	cq.icb->prod_idx_addr = rte_cpu_to_le_64(cq.shadow_iova);
	cq.icb->len = rte_cpu_to_le_16(32 | QLXGE_CQ_ICB_LEN_V);
	cq.icb->flags = QLXGE_CQ_ICB_FLAGS_LC;
	st_wr(e.fn[0], QLXGE_REG_ICB_L, (uint32_t)cq.icb_iova);
	st_wr(e.fn[0], QLXGE_REG_ICB_H, (uint32_t)(cq.icb_iova >> 32));
	t0 = tr_now_us();
	st_wr(e.fn[0], QLXGE_REG_CFG, QLXGE_CFG_CMD(QLXGE_CFG_LCQ, 3));
	tr_wait_clear(&e, e.fn[0], QLXGE_REG_CFG, QLXGE_CFG_LCQ);
	assert_true(tr_now_us() - t0 >= 50);
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_CFG) & QLXGE_CFG_LE, 0);
	/* loaded: its valid register reads the loaded V (§5) */
	assert_int_equal(*(volatile uint32_t *)((uint8_t *)qlxge_sim_doorbell_base(e.fn[0]) +
						QLXGE_DB_CQ_OFFSET(3) + QLXGE_DB_CQ_VALID),
			 QLXGE_DB_VALID_V);
	/* semaphores: some acquisitions of a free resource meet the firmware; each succeeds
	 * within the drivers' 30 tries 100 us apart */
	for (i = 0; i < 8; i++) {
		unsigned int tries = 0;

		for (;;) {
			st_wr(e.fn[0], QLXGE_REG_SEM, QLXGE_SEM_FLASH);
			sem = st_rd(e.fn[0], QLXGE_REG_SEM);
			if (sem & QLXGE_SEM_HELD_BIT(QLXGE_SEM_FLASH))
				break;
			busy++;
			assert_true(++tries < QLXGE_SEM_TRIES);
			usleep(QLXGE_SEM_TRY_DELAY_US);
		}
		st_wr(e.fn[0], QLXGE_REG_SEM, QLXGE_SEM_RELEASE_WORD(QLXGE_SEM_FLASH));
	}
	assert_true(busy >= 2);
	st_env_fini(&e);
}

/* Doorbell memory given by the creator (qlxge_sim_params.db_mem): used as the BAR, zeroed;
 * memory not 4 KiB aligned is refused. */
static void
test_regs_db_mem(void **state)
{
	struct qlxge_sim_params p = { .name = "st_dbmem" };
	struct qlxge_sim_adapter *ad;
	uint8_t *mem;

	(void)state;
	mem = aligned_alloc(4096, 2 * QLXGE_SIM_DB_BAR_SIZE + 4096);
	assert_non_null(mem);
	memset(mem, 0xA5, 2 * QLXGE_SIM_DB_BAR_SIZE + 4096);
	p.db_mem[0] = mem + 8;
	assert_int_equal(qlxge_sim_adapter_create(&p, &ad), -EINVAL);
	p.db_mem[0] = mem;
	p.db_mem[1] = mem + QLXGE_SIM_DB_BAR_SIZE;
	assert_int_equal(qlxge_sim_adapter_create(&p, &ad), 0);
	assert_ptr_equal(qlxge_sim_doorbell_base(qlxge_sim_func(ad, 0)), mem);
	assert_ptr_equal(qlxge_sim_doorbell_base(qlxge_sim_func(ad, 1)),
			 mem + QLXGE_SIM_DB_BAR_SIZE);
	assert_int_equal(mem[0], 0);
	assert_int_equal(mem[2 * QLXGE_SIM_DB_BAR_SIZE - 1], 0);
	assert_int_equal(mem[2 * QLXGE_SIM_DB_BAR_SIZE], 0xA5);	/* nothing beyond */
	qlxge_sim_adapter_put(ad);
	free(mem);	/* the creator's memory, the model did not unmap it */
}

/* §2.13, §2.12: CQ_STOP and the ETS read-select. */
static void
test_regs_cq_stop_ets(void **state)
{
	struct st_env e;
	struct qlxge_sim_func *fn;

	(void)state;
	st_env_init(&e, 0);
	fn = e.fn[0];
	st_wr(fn, QLXGE_REG_CQ_STOP, QLXGE_MWR_FIELD(0x03FF, QLXGE_CQ_STOP_TYPE_STOP | 5));
	st_wr(fn, QLXGE_REG_CQ_STOP, QLXGE_MWR_FIELD(0x03FF, QLXGE_CQ_STOP_TYPE_READ | 5));
	assert_false(st_rd(fn, QLXGE_REG_CQ_STOP) & QLXGE_CQ_STOP_EN);
	st_wr(fn, QLXGE_REG_CQ_STOP, QLXGE_MWR_FIELD(0x03FF, QLXGE_CQ_STOP_TYPE_START | 5));
	assert_true(st_rd(fn, QLXGE_REG_CQ_STOP) & QLXGE_CQ_STOP_EN);
	st_wr(fn, QLXGE_REG_NIC_ETS, (3u << QLXGE_ETS_QUEUE_SHIFT) | 0x1234);
	st_wr(fn, QLXGE_REG_NIC_ETS, QLXGE_ETS_READ_SELECT(3));
	assert_int_equal(st_rd(fn, QLXGE_REG_NIC_ETS) & 0xFFFF, 0x1234);
	st_env_fini(&e);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regs_table_complete),
		cmocka_unit_test(test_regs_bad_access_counted),
		cmocka_unit_test(test_regs_mask_write),
		cmocka_unit_test(test_regs_reset_self_clear),
		cmocka_unit_test(test_regs_sem_two_functions),
		cmocka_unit_test(test_regs_sem_two_threads),
		cmocka_unit_test(test_regs_ready_bits),
		cmocka_unit_test(test_regs_sts),
		cmocka_unit_test(test_regs_intr_commands),
		cmocka_unit_test(test_regs_cq_stop_ets),
		cmocka_unit_test(test_regs_card_timing),
		cmocka_unit_test(test_regs_db_mem),
	};

	return cmocka_run_group_tests_name("sim_regs", tests, NULL, NULL);
}
