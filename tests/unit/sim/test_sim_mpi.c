/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Firmware and flash of the model (lib/qlxge_sim/fw/, core/cable.c), from docs/hardware §9,
 * §10, §16.7-16.9, §16.17: MPI space, every mailbox command the public drivers issue with its
 * reply, the AEN sequences (SET_PORT_CFG -> IDC complete, link and module events), the
 * vector-0 interrupt of STS.PI, per-port banks, the flash parameter blocks.
 */

#include <errno.h>
#include <string.h>

#include <rte_byteorder.h>

#include "sim_test.h"

/* §16.7: 0x1002 names both NIC functions; mailbox banks reachable; 0x100A writes harmless. */
static void
test_mpi_space(void **state)
{
	struct st_env e;
	struct qlxge_sim_counters c;
	uint64_t errs;
	uint32_t v;

	(void)state;
	st_env_init(&e, 0);
	assert_true(st_sem_get(e.fn[0], QLXGE_SEM_PROC_REG));
	v = st_proc_rd(e.fn[0], QLXGE_MPI_TEST_FUNC_PORT_CFG);
	assert_int_equal((v & QLXGE_MPI_FPC_NIC1_FUNC_MASK) >> QLXGE_MPI_FPC_NIC1_FUNC_SHIFT, 0);
	assert_int_equal((v & QLXGE_MPI_FPC_NIC2_FUNC_MASK) >> QLXGE_MPI_FPC_NIC2_FUNC_SHIFT, 1);
	assert_true(v & QLXGE_MPI_FPC_NIC1_EN);
	assert_true(v & QLXGE_MPI_FPC_NIC2_EN);
	st_proc_wr(e.fn[0], QLXGE_MB_IN(1, 3), 0xA5A50003);
	assert_int_equal(st_proc_rd(e.fn[1], QLXGE_MB_IN(1, 3)), 0xA5A50003);
	st_proc_wr(e.fn[0], QLXGE_MPI_RESET_STS, QLXGE_MPI_RESET_STS_FORCE);
	st_proc_wr(e.fn[0], QLXGE_MPI_PROBE_CTL, QLXGE_MPI_PROBE_CTL_ENABLE);
	/* §17 module 2: the other function's registers (STS of function 1: FUNC_ID 1) */
	v = st_proc_rd(e.fn[0], QLXGE_MPI_NIC_REG_ADDR(1, QLXGE_REG_STS));
	assert_int_equal((v & QLXGE_STS_FUNC_ID_MASK) >> QLXGE_STS_FUNC_ID_SHIFT, 1);
	/* PROC reaching a PROC register through module 2 is refused (no recursion) */
	assert_int_equal(qlxge_sim_counters_get(e.fn[0], &c), 0);
	errs = c.driver_errors;
	st_proc_wr(e.fn[0], QLXGE_MPI_NIC_REG_ADDR(0, QLXGE_REG_PROC_ADDR),
		   QLXGE_MPI_NIC_REG_ADDR(0, QLXGE_REG_PROC_ADDR));
	assert_int_equal(qlxge_sim_counters_get(e.fn[0], &c), 0);
	assert_int_equal(c.driver_errors, errs + 1);
	/* an unknown module flags ERR */
	st_wr(e.fn[0], QLXGE_REG_PROC_ADDR, QLXGE_PROC_ADDR_R | (0x55u << 16));
	assert_true(st_rd(e.fn[0], QLXGE_REG_PROC_ADDR) & QLXGE_PROC_ADDR_ERR);
	st_sem_put(e.fn[0], QLXGE_SEM_PROC_REG);
	st_env_fini(&e);
}

/* §16.8: every command of the drivers, on both ports. */
static void
test_mpi_commands(void **state)
{
	struct st_env e;
	uint32_t in[16] = { 0 }, out[16];
	struct st_aen_log aens = { .n = 0 };
	struct qlxge_sim_port_state ps;
	struct qlxge_sim_counters c0, c1;

	(void)state;
	st_env_init(&e, 0);
	for (unsigned int f = 0; f < 2; f++) {
		struct qlxge_sim_func *fn = e.fn[f];

		in[0] = QLXGE_MB_CMD_ABOUT_FW;
		assert_int_equal(st_mbox(&e, fn, in, 1, out, 6, NULL), QLXGE_MB_STS_GOOD);
		assert_int_not_equal(out[1], 0);
		in[0] = QLXGE_MB_CMD_GET_FW_STATE;
		assert_int_equal(st_mbox(&e, fn, in, 1, out, 2, NULL), QLXGE_MB_STS_GOOD);
		assert_int_equal(out[1] & QLXGE_FW_STATE_WAIT_INIT, 0);
		in[0] = QLXGE_MB_CMD_GET_PORT_CFG;
		assert_int_equal(st_mbox(&e, fn, in, 1, out, 3, NULL), QLXGE_MB_STS_GOOD);
		assert_true(out[1] & QLXGE_LINK_CFG_JUMBO);
		assert_int_equal(out[2], QLXGE_MAX_FRAME_DEFAULT);
		/* SET_PORT_CFG: status, then AEN IDC complete */
		in[0] = QLXGE_MB_CMD_SET_PORT_CFG;
		in[1] = QLXGE_LINK_CFG_JUMBO | QLXGE_LINK_CFG_PAUSE_STD;
		in[2] = 9000;
		assert_int_equal(st_mbox(&e, fn, in, 3, out, 1, NULL), QLXGE_MB_STS_GOOD);
		aens.n = 0;
		st_aens(&e, fn, &aens);
		assert_true(st_aen_seen(&aens, QLXGE_AEN_IDC_CMPLT));
		assert_int_equal(qlxge_sim_port_state_get(fn, &ps), 0);
		assert_int_equal(ps.max_frame, 9000);
		/* management traffic control: FreeBSD's sequence */
		in[0] = QLXGE_MB_CMD_SET_MGMT_CTL;
		in[1] = QLXGE_MGMT_CTL_STOP;
		assert_int_equal(st_mbox(&e, fn, in, 2, out, 1, NULL), QLXGE_MB_STS_GOOD);
		in[0] = QLXGE_MB_CMD_GET_MGMT_CTL;
		assert_int_equal(st_mbox(&e, fn, in, 1, out, 2, NULL), QLXGE_MB_STS_GOOD);
		assert_int_equal(out[1],
				 QLXGE_MGMT_CTL_STS_STOPPED | QLXGE_MGMT_CTL_STS_FIFO_EMPTY);
		/* a second STOP: already in that state, 0x4005 (§9.5 note 1), not an error */
		in[0] = QLXGE_MB_CMD_SET_MGMT_CTL;
		in[1] = QLXGE_MGMT_CTL_STOP;
		assert_int_equal(qlxge_sim_counters_get(fn, &c0), 0);
		assert_int_equal(st_mbox(&e, fn, in, 2, out, 1, NULL), QLXGE_MB_STS_ERR);
		assert_int_equal(qlxge_sim_counters_get(fn, &c1), 0);
		assert_int_equal(c1.mbox_errors, c0.mbox_errors);
		in[1] = QLXGE_MGMT_CTL_RESUME;
		assert_int_equal(st_mbox(&e, fn, in, 2, out, 1, NULL), QLXGE_MB_STS_GOOD);
		/* Linux's form: only mb0 written, mb1 still RESUME in the bank: already running */
		in[0] = QLXGE_MB_CMD_SET_MGMT_CTL;
		assert_int_equal(st_mbox(&e, fn, in, 1, out, 1, NULL), QLXGE_MB_STS_ERR);
		/* an mb1 that is neither stop nor resume changes nothing: 0x4000 */
		in[1] = 0;
		assert_int_equal(st_mbox(&e, fn, in, 2, out, 1, NULL), QLXGE_MB_STS_GOOD);
		in[0] = QLXGE_MB_CMD_GET_LINK_STS;
		assert_int_equal(st_mbox(&e, fn, in, 1, out, 6, NULL), QLXGE_MB_STS_GOOD);
		assert_int_equal(out[1], 0);	/* no wire: link down */
		in[0] = QLXGE_MB_CMD_SET_LED_CFG;
		in[1] = QLXGE_LED_BLINK_PATTERN;
		assert_int_equal(st_mbox(&e, fn, in, 2, out, 1, NULL), QLXGE_MB_STS_GOOD);
		in[0] = QLXGE_MB_CMD_GET_LED_CFG;
		assert_int_equal(st_mbox(&e, fn, in, 1, out, 2, NULL), QLXGE_MB_STS_GOOD);
		assert_int_equal(out[1], QLXGE_LED_BLINK_PATTERN);
		in[0] = QLXGE_MB_CMD_SET_WOL_MODE;
		in[1] = QLXGE_WOL_MAGIC_PKT | QLXGE_WOL_MODE_ON;
		assert_int_equal(st_mbox(&e, fn, in, 2, out, 1, NULL), QLXGE_MB_STS_GOOD);
		in[0] = QLXGE_MB_CMD_SET_WOL_MAGIC;
		for (unsigned int i = 0; i < 6; i++)
			in[1 + i] = e.mac[f][i];
		in[7] = 0;
		assert_int_equal(st_mbox(&e, fn, in, 8, out, 1, NULL), QLXGE_MB_STS_GOOD);
		in[0] = QLXGE_MB_CMD_IDC_ACK;
		assert_int_equal(st_mbox(&e, fn, in, 5, out, 1, NULL), QLXGE_MB_STS_GOOD);
		assert_int_equal(qlxge_sim_port_state_get(fn, &ps), 0);
		assert_int_equal(ps.led_config, QLXGE_LED_BLINK_PATTERN);
		assert_int_equal(ps.wol_mode, QLXGE_WOL_MAGIC_PKT | QLXGE_WOL_MODE_ON);
		/* negative: unknown command */
		in[0] = 0x0FFF;
		assert_int_equal(st_mbox(&e, fn, in, 1, out, 1, NULL), QLXGE_MB_STS_INVLD_CMD);
	}
	st_env_fini(&e);
}

/* §16.8: DUMP_RISC_RAM DMAs the requested words. */
static void
test_mpi_dump_risc_ram(void **state)
{
	struct st_env e;
	uint32_t in[16] = { 0 }, out[16];
	uint64_t iova;
	uint32_t *buf;

	(void)state;
	st_env_init(&e, 0);
	buf = st_dma_alloc(4096, &iova);
	in[0] = QLXGE_MB_CMD_DUMP_RISC_RAM;
	in[QLXGE_MB_DUMP_RISC_ADDR_LO] = QLXGE_MPI_CODE_RAM & 0xFFFF;
	in[QLXGE_MB_DUMP_RISC_ADDR_HI] = QLXGE_MPI_CODE_RAM >> 16;
	in[QLXGE_MB_DUMP_DMA_15_0] = (uint32_t)iova & 0xFFFF;
	in[QLXGE_MB_DUMP_DMA_31_16] = (uint32_t)(iova >> 16) & 0xFFFF;
	in[QLXGE_MB_DUMP_DMA_47_32] = (uint32_t)(iova >> 32) & 0xFFFF;
	in[QLXGE_MB_DUMP_DMA_63_48] = (uint32_t)(iova >> 48) & 0xFFFF;
	in[QLXGE_MB_DUMP_COUNT_LO] = 16;
	assert_int_equal(st_mbox(&e, e.fn[0], in, 9, out, 1, NULL), QLXGE_MB_STS_GOOD);
	assert_int_not_equal(buf[0], 0);
	assert_int_not_equal(buf[15], 0);
	assert_int_equal(buf[16], 0);
	st_dma_free(buf);
	st_env_fini(&e);
}

/* §16.8: STS.PI raises vector 0 only with INTR_MASK.PI, EI and the vector enabled. */
static void
test_mpi_pi_interrupt(void **state)
{
	struct st_env e;
	struct qlxge_sim_func *fn;
	uint32_t in[1] = { QLXGE_MB_CMD_ABOUT_FW }, out[6];

	(void)state;
	st_env_init(&e, 0);
	fn = e.fn[0];
	/* masked: no interrupt */
	assert_int_equal(st_mbox(&e, fn, in, 1, out, 6, NULL), QLXGE_MB_STS_GOOD);
	assert_int_equal(st_irq_count(fn, 0), 0);
	st_wr(fn, QLXGE_REG_INTR_MASK, QLXGE_MWR_SET(QLXGE_INTR_MASK_PI));
	st_wr(fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_EI_ON);
	st_wr(fn, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_VEC_CMD(QLXGE_INTR_EN_TYPE_ENABLE, 0));
	assert_int_equal(st_mbox(&e, fn, in, 1, out, 6, NULL), QLXGE_MB_STS_GOOD);
	assert_int_equal(st_irq_count(fn, 0), 1);
	assert_int_equal(st_irq_count(e.fn[1], 0), 0);
	/* CSR 0xA0000000 cleared PI */
	assert_false(st_rd(fn, QLXGE_REG_STS) & QLXGE_STS_PI);
	st_env_fini(&e);
}

/* §16.8, §16.6: link follows the wire; AENs 0x8130 / 0x8011 / 0x8012 / 0x8131, STS.PLx. */
static void
test_mpi_link_aens(void **state)
{
	struct st_env e;
	struct qlxge_sim_wire_cfg w = { .kind = QLXGE_SIM_WIRE_LOOP };
	struct qlxge_sim_wire_cfg none = { .kind = QLXGE_SIM_WIRE_NONE };
	struct st_aen_log log = { .n = 0 };
	uint32_t in[1] = { QLXGE_MB_CMD_GET_LINK_STS }, out[6];

	(void)state;
	st_env_init(&e, 0);
	assert_int_equal(qlxge_sim_wire_set(e.fn[1], &w), 0);
	st_aens(&e, e.fn[1], &log);
	assert_int_equal(log.n, 2);
	assert_int_equal(log.code[0], QLXGE_AEN_SFP_IN);
	assert_int_equal(log.code[1], QLXGE_AEN_LINK_UP);
	assert_int_equal(log.mb1[1] & QLXGE_LINK_STS_SPEED_MASK, QLXGE_LINK_STS_SPEED_10GB);
	assert_int_equal(log.mb1[1] & QLXGE_LINK_STS_TYPE_MASK, QLXGE_LINK_STS_TYPE_XFI);
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_STS) & (QLXGE_STS_PL0 | QLXGE_STS_PL1),
			 QLXGE_STS_PL1);
	assert_int_equal(st_mbox(&e, e.fn[1], in, 1, out, 6, NULL), QLXGE_MB_STS_GOOD);
	assert_int_equal(out[1], log.mb1[1]);
	/* port 0 heard nothing */
	log.n = 0;
	st_aens(&e, e.fn[0], &log);
	assert_int_equal(log.n, 0);
	/* unplug */
	assert_int_equal(qlxge_sim_wire_set(e.fn[1], &none), 0);
	st_aens(&e, e.fn[1], &log);
	assert_true(st_aen_seen(&log, QLXGE_AEN_LINK_DOWN));
	assert_true(st_aen_seen(&log, QLXGE_AEN_SFP_OUT));
	assert_int_equal(st_rd(e.fn[0], QLXGE_REG_STS) & QLXGE_STS_PL1, 0);
	st_env_fini(&e);
}

/*
 * §16.17: module 2 reaches the other function's registers for dumps only: reads see them,
 * writes (RST_FO, CFG, ...) are ignored and reported as driver misuse.
 */
static void
test_mpi_module2_read_only(void **state)
{
	struct st_env e;
	struct qlxge_sim_counters c;
	uint64_t errs;

	(void)state;
	st_env_init(&e, 0);
	st_func_up(e.fn[1]);
	assert_true(st_sem_get(e.fn[0], QLXGE_SEM_PROC_REG));
	assert_int_equal(qlxge_sim_counters_get(e.fn[0], &c), 0);
	errs = c.driver_errors;
	/* a function reset of function 1 through module 2: nothing happens to function 1 */
	st_proc_wr(e.fn[0], QLXGE_MPI_NIC_REG_ADDR(1, QLXGE_REG_RST_FO),
		   QLXGE_RST_FO_FUNC_RESET);
	st_proc_wr(e.fn[0], QLXGE_MPI_NIC_REG_ADDR(1, QLXGE_REG_FSC),
		   QLXGE_MWR_CLR(QLXGE_FSC_FE));
	st_poll(&e, 1);
	assert_true(st_rd(e.fn[1], QLXGE_REG_FSC) & QLXGE_FSC_FE);
	assert_int_equal(qlxge_sim_counters_get(e.fn[1], &c), 0);
	assert_int_equal(c.resets, 0);
	assert_int_equal(qlxge_sim_counters_get(e.fn[0], &c), 0);
	assert_int_equal(c.driver_errors, errs + 2);
	/* reads still reach function 1 (its FSC with FE) */
	assert_true(st_proc_rd(e.fn[0], QLXGE_MPI_NIC_REG_ADDR(1, QLXGE_REG_FSC)) & QLXGE_FSC_FE);
	st_sem_put(e.fn[0], QLXGE_SEM_PROC_REG);
	st_env_fini(&e);
}

/*
 * §9.3: a command's reply is never lost, even behind a queue of AENs the host has not read
 * (the driver waits for it); only AENs may be dropped.
 */
static void
test_mpi_reply_behind_full_queue(void **state)
{
	struct st_env e;
	struct qlxge_sim_wire_cfg w = { .kind = QLXGE_SIM_WIRE_LOOP };
	uint32_t in[1] = { QLXGE_MB_CMD_ABOUT_FW }, out[2];
	unsigned int i;

	(void)state;
	st_env_init(&e, 0);
	assert_int_equal(qlxge_sim_wire_set(e.fn[0], &w), 0);
	/* a flapping link, the host reading nothing: far more AENs than the queue holds */
	for (i = 0; i < 40; i++) {
		assert_int_equal(qlxge_sim_fault_set(e.fn[0], QLXGE_SIM_FAULT_LINK_DOWN,
						     i & 1 ? 0 : 1), 0);
		st_poll(&e, 1);
	}
	assert_int_equal(qlxge_sim_fault_set(e.fn[0], QLXGE_SIM_FAULT_LINK_DOWN, 0), 0);
	st_poll(&e, 1);
	assert_int_equal(st_mbox(&e, e.fn[0], in, 1, out, 2, NULL), QLXGE_MB_STS_GOOD);
	assert_int_equal(out[1], 0x00010203u);	/* ABOUT_FW: the default version */
	st_env_fini(&e);
}

/* §16.8: an MPI soft reset (0x1010) restarts the firmware: AEN 0x8400 with the version. */
static void
test_mpi_soft_reset_aen(void **state)
{
	struct st_env e;
	struct st_aen_log log = { .n = 0 };
	struct qlxge_sim_port_state ps;

	(void)state;
	st_env_init(&e, 0);
	assert_true(st_sem_get(e.fn[0], QLXGE_SEM_PROC_REG));
	st_proc_wr(e.fn[0], QLXGE_MPI_SOFT_RESET, QLXGE_MPI_SOFT_RESET_GO);
	st_sem_put(e.fn[0], QLXGE_SEM_PROC_REG);
	st_aens(&e, e.fn[0], &log);
	assert_true(st_aen_seen(&log, QLXGE_AEN_FW_INIT_DONE));
	assert_int_equal(qlxge_sim_port_state_get(e.fn[0], &ps), 0);
	assert_int_equal(log.mb1[0], ps.fw_version);
	/* the hard reset sequence through CSR: RR reads back, release restarts */
	st_wr(e.fn[0], QLXGE_REG_CSR, QLXGE_CSR_CMD_SET_RST);
	assert_true(st_rd(e.fn[0], QLXGE_REG_CSR) & QLXGE_CSR_RR);
	st_wr(e.fn[0], QLXGE_REG_CSR, QLXGE_CSR_CMD_CLR_RST);
	assert_false(st_rd(e.fn[0], QLXGE_REG_CSR) & QLXGE_CSR_RR);
	st_wr(e.fn[0], QLXGE_REG_CSR, QLXGE_CSR_CMD_SET_PAUSE);
	assert_true(st_rd(e.fn[0], QLXGE_REG_CSR) & QLXGE_CSR_RP);
	st_wr(e.fn[0], QLXGE_REG_CSR, QLXGE_CSR_CMD_CLR_PAUSE);
	assert_false(st_rd(e.fn[0], QLXGE_REG_CSR) & QLXGE_CSR_RP);
	st_env_fini(&e);
}

/* Configurable latency: with fw_latency_us the answer waits; HRI reads 1 meanwhile. */
static void
test_mpi_latency(void **state)
{
	struct qlxge_sim_params p = { .name = "st_latency", .fw_latency_us = 3600000000u };
	struct qlxge_sim_adapter *ad;
	struct qlxge_sim_func *fn;

	(void)state;
	st_eal();
	assert_int_equal(qlxge_sim_adapter_create(&p, &ad), 0);
	assert_int_equal(qlxge_sim_adapter_create(&p, &ad), -EEXIST);
	assert_ptr_equal(qlxge_sim_adapter_find("st_latency"), ad);
	qlxge_sim_adapter_put(ad);	/* the find's reference */
	fn = qlxge_sim_func(ad, 0);
	st_wr(fn, QLXGE_REG_CSR, QLXGE_CSR_CMD_SET_H2R_INT);
	qlxge_sim_poll(ad);
	assert_true(st_rd(fn, QLXGE_REG_CSR) & QLXGE_CSR_HRI);
	assert_false(st_rd(fn, QLXGE_REG_STS) & QLXGE_STS_PI);
	qlxge_sim_adapter_put(ad);
	assert_null(qlxge_sim_adapter_find("st_latency"));
}

/* §16.9: the "8000" blocks through the flash window: signature, checksum 0, MACs. */
static void
test_flash_blocks(void **state)
{
	struct st_env e;
	struct qlxge_flash_params_8000 blk;
	struct qlxge_flash_params_8012 b12;
	uint32_t w[128];

	(void)state;
	st_env_init(&e, 0);
	for (unsigned int port = 0; port < 2; port++) {
		struct qlxge_sim_func *fn = e.fn[port];

		assert_true(st_sem_get(fn, QLXGE_SEM_FLASH));
		for (unsigned int i = 0; i < 128; i++)
			w[i] = rte_cpu_to_le_32(st_flash_rd(fn, QLXGE_FLASH_8000_DWORD(port) + i));
		st_sem_put(fn, QLXGE_SEM_FLASH);
		memcpy(&blk, w, sizeof(blk));
		assert_memory_equal(blk.id, QLXGE_FLASH_8000_SIG, 4);
		assert_int_equal(qlxge_flash_sum16(&blk, sizeof(blk)), 0);
		assert_memory_equal(blk.mac_addr0, e.mac[port], 6);
		assert_int_not_equal(blk.data_type1, QLXGE_FLASH_DATA_TYPE_BOFM_MAC);
	}
	/* the 8012 blocks at dwords 0 and 5 */
	for (unsigned int port = 0; port < 2; port++) {
		for (unsigned int i = 0; i < 5; i++)
			w[i] = rte_cpu_to_le_32(st_flash_rd(e.fn[0],
							    QLXGE_FLASH_8012_DWORD(port) + i));
		memcpy(&b12, w, sizeof(b12));
		assert_memory_equal(b12.id, QLXGE_FLASH_8012_SIG, 4);
		assert_int_equal(qlxge_flash_sum16(&b12, sizeof(b12)), 0);
		assert_memory_equal(b12.mac_addr, e.mac[port], 6);
	}
	/* erased elsewhere; writes refused with ERR */
	assert_int_equal(st_flash_rd(e.fn[0], 0x10000), 0xFFFFFFFFu);
	st_wr(e.fn[0], QLXGE_REG_FLASH_ADDR, 0x10000);
	assert_true(st_rd(e.fn[0], QLXGE_REG_FLASH_ADDR) & QLXGE_FLASH_ADDR_ERR);
	st_env_fini(&e);
}

/* Parameters: bad ones refused; MACs defaulted to distinct unicast addresses. */
static void
test_adapter_params(void **state)
{
	struct qlxge_sim_params p = { .name = NULL };
	struct qlxge_sim_adapter *ad;
	uint32_t w[2][5];

	(void)state;
	st_eal();
	assert_int_equal(qlxge_sim_adapter_create(&p, &ad), -EINVAL);
	p.name = "st_params";
	p.device_id = 0x1234;
	assert_int_equal(qlxge_sim_adapter_create(&p, &ad), -EINVAL);
	p.device_id = 0;
	p.pci_func[0] = 2;
	p.pci_func[1] = 1;
	assert_int_equal(qlxge_sim_adapter_create(&p, &ad), -EINVAL);
	p.pci_func[0] = 0;
	p.pci_func[1] = 2;
	assert_int_equal(qlxge_sim_adapter_create(&p, &ad), 0);
	assert_int_equal((st_rd(qlxge_sim_func(ad, 1), QLXGE_REG_STS) & QLXGE_STS_FUNC_ID_MASK) >>
			 QLXGE_STS_FUNC_ID_SHIFT, 2);
	for (unsigned int port = 0; port < 2; port++)
		for (unsigned int i = 0; i < 5; i++)
			w[port][i] = st_flash_rd(qlxge_sim_func(ad, 0),
						 QLXGE_FLASH_8000_DWORD(port) + 4 + i);
	/* default MACs (bytes 18-23 of the block): unicast and distinct per port */
	assert_int_equal((w[0][0] >> 16) & 1, 0);
	assert_int_not_equal(w[0][1], w[1][1]);
	qlxge_sim_adapter_put(ad);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_adapter_params),
		cmocka_unit_test(test_mpi_space),
		cmocka_unit_test(test_mpi_commands),
		cmocka_unit_test(test_mpi_dump_risc_ram),
		cmocka_unit_test(test_mpi_pi_interrupt),
		cmocka_unit_test(test_mpi_link_aens),
		cmocka_unit_test(test_mpi_module2_read_only),
		cmocka_unit_test(test_mpi_reply_behind_full_queue),
		cmocka_unit_test(test_mpi_soft_reset_aen),
		cmocka_unit_test(test_mpi_latency),
		cmocka_unit_test(test_flash_blocks),
	};

	return cmocka_run_group_tests_name("sim_mpi", tests, NULL, NULL);
}
