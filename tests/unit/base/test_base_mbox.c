/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * base suite: the driver's firmware mailbox (drivers/qlxge_pmd/base/qlxge_mbox.c) against a
 * scripted firmware behind a fake register bus, in orders the model never produces by itself:
 * AENs before a completion, a completion arriving after its command timed out, two late ones,
 * a completion nobody waits for, a firmware that does not take a command, a resynchronisation
 * whose own answer is late, a firmware that does not keep the port configuration it is given.
 * Each case checks that every command gets its own completion (the reply words tell which
 * command a completion answers) or an error, never another command's.
 *
 * The fake bus implements what the mailbox path touches (§9.1-9.3, §2.6, §2.8, §3): STS.PI,
 * CSR (HRI, the host-to-RISC and clear-interrupt commands), SEM (always granted), the PROC
 * window onto the mailbox banks. The fake firmware takes a posted command after its latency
 * (never while hung) and answers it after its answer delay, in order; one outbound message at
 * a time is shown behind STS.PI. Time is fake: rte_delay_us moves it, so the driver's timeouts
 * pass in no time.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <rte_common.h>
#include <rte_cycles.h>

#include "qlxge_regs.h"
#include "qlxge_base.h"
#include "qlxge_test_eal.h"

#define FW_VERSION	0x00010203u
#define QDEPTH		32

struct msg {
	uint32_t mb[QLXGE_MB_COUNT];
};

/* A command the firmware took, answered when its time comes (in order). */
struct pending {
	uint32_t in[QLXGE_MB_COUNT];
	uint64_t due;		/* fake time of the answer */
};

static struct fake {
	uint32_t mpi[0x2000];		/* MPI RISC words, module 0 (mailbox banks) */
	uint32_t proc_addr, proc_data;
	bool hri, pi;
	bool hang;			/* the firmware takes no command */
	uint64_t now;			/* fake µs: rte_delay_us moves it */
	uint64_t latency;		/* µs from a post to the firmware taking it */
	uint64_t answer_delay;		/* µs from taking a command to its answer */
	uint64_t take_at;
	struct pending pend[QDEPTH];
	unsigned int ph, pn;
	struct msg q[QDEPTH];
	unsigned int qh, qn;
	/* what the firmware keeps and how it answers */
	uint32_t link_config, max_frame;
	bool keep_cfg;			/* false: SET_PORT_CFG answers GOOD, keeps nothing */
	unsigned int replies_per_cmd;	/* 1, or 2: a duplicate completion */
	unsigned int aen_before;	/* link AENs queued ahead of the next answer */
	unsigned int taken;		/* commands taken */
} fw;

static void
fw_queue(const uint32_t *mb, unsigned int n)
{
	struct msg *m;

	assert_true(fw.qn < QDEPTH);
	m = &fw.q[(fw.qh + fw.qn) % QDEPTH];
	memset(m, 0, sizeof(*m));
	memcpy(m->mb, mb, n * sizeof(uint32_t));
	fw.qn++;
}

static void
fw_aen(uint32_t code, uint32_t mb1)
{
	uint32_t mb[2] = { code, mb1 };

	fw_queue(mb, 2);
}

/* The answer a firmware gives to @in (the model's replies, docs/model.md). */
static void
fw_answer(const uint32_t *in)
{
	uint32_t out[QLXGE_MB_COUNT] = { QLXGE_MB_STS_GOOD };
	unsigned int i;

	switch (in[0]) {
	case QLXGE_MB_CMD_MB_TEST:
		memcpy(&out[1], &in[1], 7 * sizeof(uint32_t));
		break;
	case QLXGE_MB_CMD_ABOUT_FW:
		out[1] = FW_VERSION;
		break;
	case QLXGE_MB_CMD_GET_FW_STATE:
		out[1] = 0;
		break;
	case QLXGE_MB_CMD_GET_PORT_CFG:
		out[1] = fw.link_config;
		out[2] = fw.max_frame;
		break;
	case QLXGE_MB_CMD_SET_PORT_CFG:
		if (fw.keep_cfg) {
			fw.link_config = in[1];
			fw.max_frame = in[2];
		}
		break;
	case QLXGE_MB_CMD_GET_LED_CFG:
		out[1] = 0x1234;
		break;
	default:
		break;
	}
	/* a completion carries no command code: only its words tell the tests whose it is */
	for (i = 0; i < fw.replies_per_cmd; i++)
		fw_queue(out, QLXGE_MB_COUNT);
	if (in[0] == QLXGE_MB_CMD_SET_PORT_CFG)
		fw_aen(QLXGE_AEN_IDC_CMPLT, (uint32_t)QLXGE_MB_CMD_SET_PORT_CFG << 16);
}

/* The firmware at time fw.now: takes a posted command when due, answers in order, shows the
 * next outbound message once the host cleared the last one. */
static void
fw_step(void)
{
	const uint32_t in0 = QLXGE_MB_IN(0, 0);
	struct pending *p;
	struct msg *m;

	if (fw.hri && !fw.hang && fw.now >= fw.take_at) {
		uint64_t due = fw.now + fw.answer_delay;

		fw.hri = false;
		fw.taken++;
		assert_true(fw.pn < QDEPTH);
		/* answers keep the order of the commands */
		if (fw.pn != 0)
			due = RTE_MAX(due, fw.pend[(fw.ph + fw.pn - 1) % QDEPTH].due);
		p = &fw.pend[(fw.ph + fw.pn) % QDEPTH];
		memcpy(p->in, &fw.mpi[in0], sizeof(p->in));
		p->due = due;
		fw.pn++;
	}
	while (fw.pn != 0 && fw.pend[fw.ph].due <= fw.now) {
		for (; fw.aen_before != 0; fw.aen_before--)
			fw_aen(QLXGE_AEN_LINK_UP, 0x51);
		fw_answer(fw.pend[fw.ph].in);
		fw.ph = (fw.ph + 1) % QDEPTH;
		fw.pn--;
	}
	if (!fw.pi && fw.qn != 0) {
		m = &fw.q[fw.qh];
		memcpy(&fw.mpi[QLXGE_MB_OUT(0, 0)], m->mb, sizeof(m->mb));
		fw.qh = (fw.qh + 1) % QDEPTH;
		fw.qn--;
		fw.pi = true;
	}
}

static uint32_t
fake_rd32(void *ctx, uint32_t off)
{
	(void)ctx;
	fw_step();
	switch (off) {
	case QLXGE_REG_STS:
		return fw.pi ? QLXGE_STS_PI : 0;
	case QLXGE_REG_CSR:
		return fw.hri ? QLXGE_CSR_HRI : 0;
	case QLXGE_REG_SEM:
		return 0xFFFFu;		/* every semaphore ours */
	case QLXGE_REG_PROC_ADDR:
		return fw.proc_addr | QLXGE_PROC_ADDR_RDY;
	case QLXGE_REG_PROC_DATA:
		return fw.proc_data;
	default:
		return 0;
	}
}

static void
fake_wr32(void *ctx, uint32_t off, uint32_t v)
{
	uint32_t a;

	(void)ctx;
	fw_step();
	switch (off) {
	case QLXGE_REG_CSR:
		if ((v & QLXGE_CSR_CMD_MASK) == QLXGE_CSR_CMD_SET_H2R_INT) {
			assert_false(fw.hri);	/* the driver never posts over a posted command */
			fw.hri = true;
			fw.take_at = fw.now + fw.latency;
		} else if ((v & QLXGE_CSR_CMD_MASK) == QLXGE_CSR_CMD_CLR_R2PCI_INT) {
			fw.pi = false;
		}
		break;
	case QLXGE_REG_PROC_DATA:
		fw.proc_data = v;
		break;
	case QLXGE_REG_PROC_ADDR:
		a = v & QLXGE_PROC_ADDR_ADDR_MASK;
		assert_true(a < RTE_DIM(fw.mpi));
		fw.proc_addr = v & ~QLXGE_PROC_ADDR_R;
		if (v & QLXGE_PROC_ADDR_R)
			fw.proc_data = fw.mpi[a];
		else
			fw.mpi[a] = fw.proc_data;
		break;
	default:
		break;
	}
}

static const struct qlxge_bus_ops fake_ops = { .rd32 = fake_rd32, .wr32 = fake_wr32 };

static struct qlxge_hw_state st;
static struct qlxge_hw hw = { .bus = { .ops = &fake_ops }, .st = &st };

static void
fake_delay(unsigned int us)
{
	fw.now += us;
	fw_step();
}

static int
setup(void **state)
{
	(void)state;
	memset(&fw, 0, sizeof(fw));
	fw.link_config = QLXGE_LINK_CFG_JUMBO | QLXGE_LINK_CFG_PAUSE_STD;
	fw.max_frame = QLXGE_MAX_FRAME_DEFAULT;
	fw.keep_cfg = true;
	fw.replies_per_cmd = 1;
	memset(&st, 0, sizeof(st));
	assert_int_equal(qlxge_mbox_init(&st), 0);
	assert_int_equal(qlxge_sem_init(&st), 0);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	qlxge_sem_fini(&st);
	qlxge_mbox_fini(&st);
	return 0;
}

/* A fresh port is out of step: its first command checks the mailbox (MB_TEST) first. */
static void
test_mbox_first_command_resyncs(void **state)
{
	uint32_t cfg = 0, max = 0;

	(void)state;
	assert_true(st.mbox_poisoned);
	assert_int_equal(qlxge_mbox_get_port_cfg(&hw, &cfg, &max), 0);
	assert_int_equal(fw.taken, 2);
	assert_int_equal(st.mbox_resyncs, 1);
	assert_false(st.mbox_poisoned);
	assert_int_equal(cfg, fw.link_config);
	assert_int_equal(max, QLXGE_MAX_FRAME_DEFAULT);
	/* in step: the next command goes alone */
	assert_int_equal(qlxge_mbox_about_fw(&hw), 0);
	assert_int_equal(fw.taken, 3);
	assert_int_equal(st.fw_version, FW_VERSION);
}

/* AENs queued before a completion are handled, and the completion is the command's. */
static void
test_mbox_aens_before_completion(void **state)
{
	(void)state;
	assert_int_equal(qlxge_mbox_about_fw(&hw), 0);
	fw.aen_before = 3;	/* between the post and the completion */
	fw.latency = 50;
	st.fw_version = 0;
	st.link_status = 0;
	assert_int_equal(qlxge_mbox_about_fw(&hw), 0);
	assert_int_equal(st.fw_version, FW_VERSION);
	assert_int_equal(st.link_status, 0x51);
	assert_true((st.events & QLXGE_EV_LINK) != 0);
	assert_int_equal(st.mbox_stale, 0);
}

/*
 * The order: a command times out (the firmware hangs), the firmware comes back and
 * answers it late. The next commands get their own answers: the late one is discarded.
 */
static void
test_mbox_late_completion_discarded(void **state)
{
	uint32_t cfg = 0, max = 0;

	(void)state;
	assert_int_equal(qlxge_mbox_about_fw(&hw), 0);
	fw.hang = true;
	assert_int_equal(qlxge_mbox_get_port_cfg(&hw, &cfg, &max), -ETIMEDOUT);
	assert_true(st.mbox_poisoned);
	assert_int_equal(st.mbox_timeouts, 1);
	fw.hang = false;	/* it takes GET_PORT_CFG now and answers it */
	st.fw_version = 0;
	assert_int_equal(qlxge_mbox_about_fw(&hw), 0);
	/* ABOUT_FW's answer, not GET_PORT_CFG's (whose mb1 is the link configuration) */
	assert_int_equal(st.fw_version, FW_VERSION);
	assert_int_equal(st.mbox_stale, 1);
	assert_false(st.mbox_poisoned);
	assert_int_equal(qlxge_mbox_get_port_cfg(&hw, &cfg, &max), 0);
	assert_int_equal(cfg, fw.link_config);
	assert_int_equal(max, fw.max_frame);
}

/* A command taken after its timeout: the next ones wait for it, then get their own answers. */
static void
test_mbox_two_late_completions(void **state)
{
	uint32_t led = 0;
	unsigned int i;
	int ret;

	(void)state;
	assert_int_equal(qlxge_mbox_about_fw(&hw), 0);
	fw.latency = 3000000;	/* taken after the driver's 2 s */
	assert_int_equal(qlxge_mbox_led_get(&hw, &led), -ETIMEDOUT);
	fw.latency = 0;
	st.fw_version = 0;
	/* GET_LED_CFG still posted: nothing goes until the firmware takes it */
	for (i = 0; i < 50 && (ret = qlxge_mbox_about_fw(&hw)) == -EBUSY; i++)
		;
	assert_true(i > 0);
	assert_int_equal(ret, 0);
	assert_int_equal(st.fw_version, FW_VERSION);
	assert_true(st.mbox_stale >= 1);
	assert_int_equal(qlxge_mbox_led_get(&hw, &led), 0);
	assert_int_equal(led, 0x1234);
}

/* A firmware that does not take the command: -EBUSY, nothing posted over it, then recovery. */
static void
test_mbox_hri_stuck(void **state)
{
	uint32_t cfg, max;

	(void)state;
	assert_int_equal(qlxge_mbox_about_fw(&hw), 0);
	fw.hang = true;
	assert_int_equal(qlxge_mbox_about_fw(&hw), -ETIMEDOUT);
	assert_int_equal(qlxge_mbox_get_port_cfg(&hw, &cfg, &max), -EBUSY);
	assert_int_equal(qlxge_mbox_get_port_cfg(&hw, &cfg, &max), -EBUSY);
	fw.hang = false;
	assert_int_equal(qlxge_mbox_get_port_cfg(&hw, &cfg, &max), 0);
	assert_int_equal(cfg, fw.link_config);
	assert_int_equal(max, fw.max_frame);
	assert_int_equal(st.mbox_stale, 1);
}

/* A completion that arrives with no command waiting (a duplicate): discarded, then in step. */
static void
test_mbox_unsolicited_completion(void **state)
{
	uint32_t cfg, max;
	uint32_t dup[3] = { QLXGE_MB_STS_GOOD, 0xDEAD0000u, 7 };

	(void)state;
	assert_int_equal(qlxge_mbox_about_fw(&hw), 0);
	fw.replies_per_cmd = 2;
	assert_int_equal(qlxge_mbox_about_fw(&hw), 0);
	fw.replies_per_cmd = 1;
	/* the duplicate is taken by the vector-0 service, with no command waiting */
	(void)qlxge_mbox_service(&hw);
	assert_int_equal(st.mbox_stale, 1);
	assert_true(st.mbox_poisoned);
	/* one more, queued before the next command is posted */
	fw_queue(dup, 3);
	assert_int_equal(qlxge_mbox_get_port_cfg(&hw, &cfg, &max), 0);
	assert_int_equal(cfg, fw.link_config);
	assert_int_equal(max, fw.max_frame);
	assert_int_equal(st.mbox_stale, 2);
}

/*
 * The resynchronisation's own test answered late (the firmware takes commands at once and
 * answers 3 s later): its echo, with the old cookie, arrives after the next test is posted and
 * is discarded for its cookie.
 */
static void
test_mbox_stale_echo_discarded(void **state)
{
	uint32_t led = 0;

	(void)state;
	assert_int_equal(qlxge_mbox_about_fw(&hw), 0);
	fw.hang = true;
	assert_int_equal(qlxge_mbox_led_get(&hw, &led), -ETIMEDOUT);
	fw.hang = false;
	fw.answer_delay = 3000000;
	assert_int_equal(qlxge_mbox_about_fw(&hw), -ETIMEDOUT);	/* no echo in 2 s */
	assert_true(st.mbox_poisoned);
	fw.answer_delay = 0;
	st.fw_version = 0;
	assert_int_equal(qlxge_mbox_about_fw(&hw), 0);
	assert_int_equal(st.fw_version, FW_VERSION);
	/* GET_LED_CFG's answer and the first test's echo */
	assert_int_equal(st.mbox_stale, 2);
	assert_int_equal(qlxge_mbox_led_get(&hw, &led), 0);
	assert_int_equal(led, 0x1234);
}

/* The port configuration is read back: a firmware that keeps something else is an error. */
static void
test_mbox_port_cfg_read_back(void **state)
{
	(void)state;
	/* a loopback mode left in the configuration is cleared */
	fw.link_config = QLXGE_LINK_CFG_JUMBO | QLXGE_LINK_CFG_PAUSE_STD |
			 QLXGE_LINK_CFG_LOOPBACK_HSS;
	assert_int_equal(qlxge_mbox_port_init(&hw), 0);
	assert_int_equal(fw.link_config, QLXGE_LINK_CFG_JUMBO | QLXGE_LINK_CFG_PAUSE_STD);
	assert_int_equal(st.link_config, fw.link_config);
	assert_int_equal(st.max_frame, QLXGE_MAX_FRAME_DEFAULT);
	/* a firmware that answers GOOD and keeps nothing */
	fw.keep_cfg = false;
	fw.max_frame = 1518;
	assert_int_equal(qlxge_mbox_port_init(&hw), -EIO);
	assert_int_equal(qlxge_mbox_set_port_cfg(&hw, QLXGE_LINK_CFG_JUMBO, 9600), -EIO);
	fw.keep_cfg = true;
	assert_int_equal(qlxge_mbox_port_init(&hw), 0);
	assert_int_equal(fw.max_frame, QLXGE_MAX_FRAME_DEFAULT);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_mbox_first_command_resyncs, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mbox_aens_before_completion, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mbox_late_completion_discarded, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_mbox_two_late_completions, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mbox_hri_stuck, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mbox_unsolicited_completion, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mbox_stale_echo_discarded, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mbox_port_cfg_read_back, setup, teardown),
	};
	int ret;

	if (qlxge_test_eal_init_nopmd(NULL) != 0)
		return 1;
	rte_delay_us_callback_register(fake_delay);
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	rte_delay_us_callback_register(rte_delay_us_block);
	qlxge_test_eal_fini();
	return ret;
}
