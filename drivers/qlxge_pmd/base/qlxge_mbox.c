/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Firmware (MPI) mailbox of the qlxge PMD: issuing commands (§9.3), status codes (§9.5),
 * asynchronous events (§9.6), and the firmware sequences of bring-up (§9.7): firmware state,
 * version, port configuration with its IDC completion, link status, LED, management traffic.
 *
 * One user at a time: a command and the vector-0 interrupt service both hold mbox_lock. While a
 * command waits, INTR_MASK.PI is off (Linux) and the waiter handles any AEN that arrives first.
 */

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include <rte_common.h>
#include <rte_cycles.h>

#include "qlxge_regs.h"
#include "qlxge_base.h"
#include "qlxge_osdep.h"

#define QLXGE_MBOX_POLL_US	10u
#define QLXGE_MBOX_HRI_WAIT_US	100000u	/* firmware taking a command posted before */
#define QLXGE_FW_RETRY_US	10000u

static const char *
qlxge_mbox_cmd_name(uint32_t cmd)
{
	switch (cmd) {
	case QLXGE_MB_CMD_MB_TEST: return "MB_TEST";
	case QLXGE_MB_CMD_ABOUT_FW: return "ABOUT_FW";
	case QLXGE_MB_CMD_GET_FW_STATE: return "GET_FW_STATE";
	case QLXGE_MB_CMD_IDC_ACK: return "IDC_ACK";
	case QLXGE_MB_CMD_SET_PORT_CFG: return "SET_PORT_CFG";
	case QLXGE_MB_CMD_GET_PORT_CFG: return "GET_PORT_CFG";
	case QLXGE_MB_CMD_GET_LINK_STS: return "GET_LINK_STS";
	case QLXGE_MB_CMD_SET_LED_CFG: return "SET_LED_CFG";
	case QLXGE_MB_CMD_GET_LED_CFG: return "GET_LED_CFG";
	case QLXGE_MB_CMD_SET_MGMT_CTL: return "SET_MGMT_CTL";
	case QLXGE_MB_CMD_GET_MGMT_CTL: return "GET_MGMT_CTL";
	default: return "?";
	}
}

/*
 * The lock lives with the state in dev_private, shared memory: process-shared, so that a
 * secondary process's commands and the primary's interrupt service exclude each other too.
 */
int
qlxge_mbox_init(struct qlxge_hw_state *st)
{
	pthread_mutexattr_t attr;
	int ret;

	ret = pthread_mutexattr_init(&attr);
	if (ret != 0)
		return -ret;
	ret = pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	if (ret == 0)
		ret = pthread_mutex_init(&st->mbox_lock, &attr);
	pthread_mutexattr_destroy(&attr);
	/* what an earlier owner of the function left in the mailbox is unknown */
	st->mbox_poisoned = true;
	return -ret;
}

void
qlxge_mbox_fini(struct qlxge_hw_state *st)
{
	pthread_mutex_destroy(&st->mbox_lock);
}

/* The next command resynchronises first (after a reset: the mailbox is not known in step). */
void
qlxge_mbox_desync(struct qlxge_hw *hw)
{
	pthread_mutex_lock(&hw->st->mbox_lock);
	hw->st->mbox_poisoned = true;
	pthread_mutex_unlock(&hw->st->mbox_lock);
}

/* §9.5: the one place firmware status becomes an errno. */
int
qlxge_mbox_status_to_errno(uint32_t status)
{
	switch (status) {
	case QLXGE_MB_STS_GOOD:
	case QLXGE_MB_STS_INTRMDT:
		return 0;
	case QLXGE_MB_STS_INVLD_CMD:
		return -ENOTSUP;
	case QLXGE_MB_STS_PARAM_ERR:
		return -EINVAL;
	case QLXGE_MB_STS_ERR:
		return -EALREADY;	/* "error"; for SET_MGMT_CTL: already in that state */
	default:
		return -EIO;
	}
}

static int
qlxge_mbox_read_out(struct qlxge_hw *hw, uint32_t *out, unsigned int n)
{
	unsigned int i;
	int ret;

	ret = qlxge_sem_lock(hw, QLXGE_SEM_PROC_REG, "PROC_REG");
	if (ret != 0)
		return ret;
	for (i = 0; i < n && ret == 0; i++)
		ret = qlxge_win_proc_read_locked(hw, QLXGE_MB_OUT(hw->st->port, i), &out[i]);
	qlxge_sem_unlock(hw, QLXGE_SEM_PROC_REG);
	return ret;
}

/* §9.6: record what an AEN means; the glue reports it later (outside the lock). */
static void
qlxge_mbox_aen(struct qlxge_hw *hw, uint32_t mb0)
{
	uint32_t out[QLXGE_MB_COUNT] = { mb0 };
	unsigned int n = 1;

	switch (mb0) {
	case QLXGE_AEN_LINK_UP: n = QLXGE_AEN_LINK_UP_OUT; break;
	case QLXGE_AEN_LINK_DOWN: n = QLXGE_AEN_LINK_DOWN_OUT; break;
	case QLXGE_AEN_IDC_CMPLT: n = QLXGE_AEN_IDC_CMPLT_OUT; break;
	case QLXGE_AEN_IDC_REQ: n = QLXGE_AEN_IDC_REQ_OUT; break;
	case QLXGE_AEN_IDC_EXT: n = QLXGE_AEN_IDC_EXT_OUT; break;
	case QLXGE_AEN_AEN_LOST: n = QLXGE_AEN_AEN_LOST_OUT; break;
	case QLXGE_AEN_SFP_IN: n = QLXGE_AEN_SFP_IN_OUT; break;
	case QLXGE_AEN_FW_INIT_DONE: n = QLXGE_AEN_FW_INIT_DONE_OUT; break;
	default: break;
	}
	if (n > 1 && qlxge_mbox_read_out(hw, out, n) != 0)
		QLXGE_MBOX_LOG(WARNING, "port %u: AEN 0x%04x: mailboxes unreadable",
			       hw->st->port_id, mb0);

	switch (mb0) {
	case QLXGE_AEN_LINK_UP:
		hw->st->link_status = out[1];
		hw->st->events |= QLXGE_EV_LINK;
		QLXGE_MBOX_LOG(INFO, "port %u: link up AEN, status 0x%08x", hw->st->port_id,
			       out[1]);
		break;
	case QLXGE_AEN_LINK_DOWN:
		hw->st->events |= QLXGE_EV_LINK;
		QLXGE_MBOX_LOG(INFO, "port %u: link down AEN", hw->st->port_id);
		break;
	case QLXGE_AEN_IDC_CMPLT:
		hw->st->idc_done = true;
		break;
	case QLXGE_AEN_IDC_REQ:
		/* another function changes the port: acknowledge when it asks for it */
		if ((out[1] & QLXGE_IDC_TIMEOUT_MASK) != 0) {
			memcpy(hw->st->idc_req, &out[1], sizeof(hw->st->idc_req));
			hw->st->events |= QLXGE_EV_IDC_ACK;
		}
		break;
	case QLXGE_AEN_SYS_ERR:
	case QLXGE_AEN_FW_INIT_FAIL:
		QLXGE_MBOX_LOG(ERR, "port %u: firmware fatal AEN 0x%04x", hw->st->port_id, mb0);
		hw->st->events |= QLXGE_EV_FATAL;
		break;
	case QLXGE_AEN_FW_INIT_DONE:
		hw->st->fw_version = out[1];
		break;
	case QLXGE_AEN_IDC_EXT:
	case QLXGE_AEN_DCBX_CHG:
	case QLXGE_AEN_AEN_LOST:
	case QLXGE_AEN_SFP_IN:
	case QLXGE_AEN_SFP_OUT:
		QLXGE_MBOX_LOG(INFO, "port %u: AEN 0x%04x mb1 0x%08x", hw->st->port_id, mb0,
			       out[1]);
		break;
	default:
		QLXGE_MBOX_LOG(WARNING, "port %u: unknown AEN 0x%04x", hw->st->port_id, mb0);
		break;
	}
}

/*
 * STS.PI is set: take what the firmware posted. An AEN is handled and 0 returned; a command
 * status is read into out[0..nout-1] (mb0 first) and 1 returned, whose it is being the caller's
 * to decide (qlxge_mbox_cmd_locked). Either way the firmware interrupt is cleared (§9.3
 * step 7), also when a mailbox read fails: what could not be read is lost, and the caller
 * treats the mailbox as out of step.
 */
static int
qlxge_mbox_take(struct qlxge_hw *hw, uint32_t *out, unsigned int nout)
{
	uint32_t mb0;
	int ret;

	ret = qlxge_mbox_read_out(hw, &mb0, 1);
	if (ret == 0 && (mb0 & QLXGE_MB_STS_CLASS_MASK) == QLXGE_MB_STS_CLASS_AEN) {
		qlxge_mbox_aen(hw, mb0);
	} else if (ret == 0) {
		ret = nout > 1 ? qlxge_mbox_read_out(hw, out, nout) : 0;
		out[0] = mb0;
		if (ret == 0)
			ret = 1;
	}
	qlxge_wr32(hw, QLXGE_REG_CSR, QLXGE_CSR_CMD_CLR_R2PCI_INT);
	return ret;
}

/*
 * The whole command is bounded in time, not only its quiet polls: a firmware posting AENs
 * without end would otherwise keep the loop (and the mailbox lock) forever. The µs count
 * covers the polls (the model advances in them); the cycle deadline covers everything.
 */
struct qlxge_mbox_deadline {
	uint64_t end;
	uint32_t waited;
};

static void
qlxge_mbox_deadline_start(struct qlxge_mbox_deadline *d, uint32_t timeout_us)
{
	d->end = rte_get_timer_cycles() + rte_get_timer_hz() / US_PER_S * timeout_us;
	d->waited = 0;
}

static bool
qlxge_mbox_deadline_over(const struct qlxge_mbox_deadline *d, uint32_t timeout_us)
{
	return d->waited >= timeout_us || rte_get_timer_cycles() >= d->end;
}

static void
qlxge_mbox_deadline_wait(struct qlxge_mbox_deadline *d, uint32_t us)
{
	rte_delay_us(us);
	d->waited += us;
}

/*
 * Matching a completion to its command (docs/hardware/choices.md, "Mailbox completions"). A
 * status (§9.5) says nothing of the command it answers, and the firmware answers the one
 * command it was given, in order: with one command outstanding at a time, the first status
 * after a command is posted is its completion, as both public drivers assume (§9.3). That holds
 * only while nothing else can be outstanding. A command that ends without its status taken (no
 * answer in time, an unreadable mailbox) may still be answered later, so from then on the
 * mailbox is out of step ("poisoned"): no status is believed until the driver has
 * resynchronised positively. It waits for the firmware to take whatever is posted (CSR.HRI
 * clear) discarding every status meanwhile, then posts the mailbox register test (0x0006,
 * FreeBSD REG_TEST) with a cookie in mb1-mb7 that no earlier command carried, and discards
 * every status until the one echoing that cookie: everything before it answered older
 * commands. Only then does a command go out. A status that arrives when no command waits
 * poisons the mailbox too. A port starts out of step (at probe and after a reset): what an
 * earlier owner of the function left posted is unknown.
 */
#define QLXGE_MBOX_TEST_N	8u	/* mb0-mb7 each way: the register test echoes mb1-mb7 */

/* Something went wrong: no status is believed before a resynchronisation. */
static void
qlxge_mbox_out_of_step(struct qlxge_hw *hw)
{
	hw->st->mbox_poisoned = true;
	hw->st->mbox_fault = true;
}

/* A status that answers none of our commands: dropped, counted, said. */
static void
qlxge_mbox_stale(struct qlxge_hw *hw, const uint32_t *out, unsigned int n)
{
	hw->st->mbox_stale++;
	QLXGE_MBOX_LOG(WARNING, "port %u: discarded completion 0x%04x (mb1 0x%08x) answering "
		       "no command waiting (mailbox %s)", hw->st->port_id, out[0],
		       n > 1 ? out[1] : 0, hw->st->mbox_poisoned ? "out of step" : "in step");
	qlxge_mbox_out_of_step(hw);
}

/* Wait for the next status, handling AENs on the way: 0 (out filled) or a negative errno. */
static int
qlxge_mbox_wait_status(struct qlxge_hw *hw, uint32_t *out, unsigned int nout,
		       struct qlxge_mbox_deadline *d, uint32_t timeout_us)
{
	uint32_t sts;
	int ret;

	for (;;) {
		sts = qlxge_rd32(hw, QLXGE_REG_STS);
		if ((sts & QLXGE_STS_PI) != 0) {
			ret = qlxge_mbox_take(hw, out, nout);
			if (ret < 0)
				return ret;
			if (ret == 1)
				return 0;
			continue;	/* an AEN: the next message may be there already */
		}
		if (qlxge_mbox_deadline_over(d, timeout_us))
			return -ETIMEDOUT;
		qlxge_mbox_deadline_wait(d, QLXGE_MBOX_POLL_US);
	}
}

/* §9.3 steps 2-5: the inbound mailboxes, then the host-to-RISC interrupt. */
static int
qlxge_mbox_post(struct qlxge_hw *hw, const uint32_t *in, unsigned int nin)
{
	unsigned int i;
	int ret;

	ret = qlxge_sem_lock(hw, QLXGE_SEM_PROC_REG, "PROC_REG");
	if (ret != 0)
		return ret;
	for (i = 0; i < nin && ret == 0; i++)
		ret = qlxge_win_proc_write_locked(hw, QLXGE_MB_IN(hw->st->port, i), in[i]);
	if (ret == 0)
		qlxge_wr32(hw, QLXGE_REG_CSR, QLXGE_CSR_CMD_SET_H2R_INT);
	qlxge_sem_unlock(hw, QLXGE_SEM_PROC_REG);
	return ret;
}

/*
 * Get the mailbox back in step (see above). -EBUSY: the firmware has not taken what is posted
 * (HRI still set); -ETIMEDOUT: no echo of the test in time. The mailbox stays out of step on
 * failure, and the next command tries again.
 */
static int
qlxge_mbox_resync(struct qlxge_hw *hw, uint32_t cmd)
{
	struct qlxge_mbox_deadline d;
	uint32_t in[QLXGE_MBOX_TEST_N], out[QLXGE_MBOX_TEST_N];
	uint32_t csr;
	unsigned int i;
	int ret;

	/* 1. the firmware takes what is posted; what it answered meanwhile is not ours */
	qlxge_mbox_deadline_start(&d, QLXGE_MBOX_HRI_WAIT_US);
	for (;;) {
		if ((qlxge_rd32(hw, QLXGE_REG_STS) & QLXGE_STS_PI) != 0) {
			ret = qlxge_mbox_take(hw, out, 2);
			if (ret < 0)
				return ret;
			if (ret == 1)
				qlxge_mbox_stale(hw, out, 2);
			continue;
		}
		csr = qlxge_rd32(hw, QLXGE_REG_CSR);
		if ((csr & QLXGE_CSR_HRI) == 0)
			break;
		if (qlxge_mbox_deadline_over(&d, QLXGE_MBOX_HRI_WAIT_US)) {
			QLXGE_MBOX_LOG(ERR, "port %u: %s (0x%04x) not sent: the firmware has not "
				       "taken the command posted last (CSR=0x%08x after %u us)",
				       hw->st->port_id, qlxge_mbox_cmd_name(cmd), cmd, csr,
				       QLXGE_MBOX_HRI_WAIT_US);
			return -EBUSY;
		}
		qlxge_mbox_deadline_wait(&d, QLXGE_MBOX_POLL_US);
	}

	/* 2. the register test with a cookie of this round only (16-bit words: any echo width) */
	hw->st->mbox_seq++;
	in[0] = QLXGE_MB_CMD_MB_TEST;
	in[1] = hw->st->mbox_seq & 0xFFFFu;
	in[2] = ~hw->st->mbox_seq & 0xFFFFu;
	in[3] = 0xAAAAu;
	in[4] = 0x5555u;
	in[5] = 0xAA55u;
	in[6] = 0x55AAu;
	in[7] = 0xA5A5u;
	ret = qlxge_mbox_post(hw, in, QLXGE_MBOX_TEST_N);
	if (ret != 0)
		return ret;
	qlxge_mbox_deadline_start(&d, QLXGE_MBOX_TIMEOUT_US);
	for (;;) {
		ret = qlxge_mbox_wait_status(hw, out, QLXGE_MBOX_TEST_N, &d,
					     QLXGE_MBOX_TIMEOUT_US);
		if (ret != 0) {
			QLXGE_MBOX_LOG(ERR, "port %u: %s (0x%04x) not sent: firmware did not "
				       "answer the mailbox check MB_TEST (cookie 0x%04x) within %u "
				       "us: %s",
				       hw->st->port_id, qlxge_mbox_cmd_name(cmd), cmd, in[1],
				       QLXGE_MBOX_TIMEOUT_US, strerror(-ret));
			return ret;
		}
		for (i = 1; i < QLXGE_MBOX_TEST_N && out[i] == in[i]; i++)
			;
		if (out[0] == QLXGE_MB_STS_GOOD && i == QLXGE_MBOX_TEST_N)
			break;
		qlxge_mbox_stale(hw, out, QLXGE_MBOX_TEST_N);
	}
	hw->st->mbox_poisoned = false;
	hw->st->mbox_resyncs++;
	/* the routine check of a new or reset port is not news; a recovery is */
	if (hw->st->mbox_fault || hw->st->mbox_stale != hw->st->mbox_stale_mark)
		QLXGE_MBOX_LOG(NOTICE, "port %u: mailbox back in step (MB_TEST echo 0x%04x), %u "
			       "stale completion(s) discarded since it went out of step",
			       hw->st->port_id, in[1],
			       hw->st->mbox_stale - hw->st->mbox_stale_mark);
	hw->st->mbox_fault = false;
	hw->st->mbox_stale_mark = hw->st->mbox_stale;
	return 0;
}

/*
 * §9.3: post a command and take its status; AENs arriving first are handled on the way. The
 * mailbox is resynchronised first when out of step, and put out of step when the command ends
 * without its status (see above).
 */
static int
qlxge_mbox_cmd_locked(struct qlxge_hw *hw, struct qlxge_mbox *mb)
{
	struct qlxge_mbox_deadline d;
	unsigned int n;
	uint32_t csr;
	int ret;

	/*
	 * Messages already there: an AEN is handled; a status answers no command of ours. A
	 * bounded number: a firmware posting without end is met by the deadlines below.
	 */
	for (n = 0; n < QLXGE_MB_COUNT && (qlxge_rd32(hw, QLXGE_REG_STS) & QLXGE_STS_PI) != 0;
	     n++) {
		uint32_t out[2];

		ret = qlxge_mbox_take(hw, out, RTE_DIM(out));
		if (ret < 0) {
			qlxge_mbox_out_of_step(hw);
			return ret;
		}
		if (ret == 1)
			qlxge_mbox_stale(hw, out, RTE_DIM(out));
	}
	csr = qlxge_rd32(hw, QLXGE_REG_CSR);
	if (!hw->st->mbox_poisoned && (csr & QLXGE_CSR_HRI) != 0) {
		/* posted by no command of ours that is waiting: someone else's, or lost */
		QLXGE_MBOX_LOG(WARNING, "port %u: %s (0x%04x): a command is posted already "
			       "(CSR=0x%08x)", hw->st->port_id, qlxge_mbox_cmd_name(mb->in[0]),
			       mb->in[0], csr);
		qlxge_mbox_out_of_step(hw);
	}
	if (hw->st->mbox_poisoned) {
		ret = qlxge_mbox_resync(hw, mb->in[0]);
		if (ret != 0)
			return ret;
	}
	ret = qlxge_mbox_post(hw, mb->in, mb->nin);
	if (ret != 0) {
		/* part of a command may be posted: its status, if any, is not to be believed */
		qlxge_mbox_out_of_step(hw);
		return ret;
	}
	qlxge_mbox_deadline_start(&d, QLXGE_MBOX_TIMEOUT_US);
	ret = qlxge_mbox_wait_status(hw, mb->out, RTE_MAX(mb->nout, 1u), &d,
				     QLXGE_MBOX_TIMEOUT_US);
	if (ret != 0) {
		qlxge_mbox_out_of_step(hw);
		hw->st->mbox_timeouts += ret == -ETIMEDOUT;
		if (ret == -ETIMEDOUT)
			QLXGE_MBOX_LOG(ERR, "port %u: firmware did not answer %s (0x%04x) within "
				       "%u us (STS=0x%08x CSR=0x%08x); a late answer will be "
				       "discarded", hw->st->port_id,
				       qlxge_mbox_cmd_name(mb->in[0]), mb->in[0],
				       QLXGE_MBOX_TIMEOUT_US, qlxge_rd32(hw, QLXGE_REG_STS),
				       qlxge_rd32(hw, QLXGE_REG_CSR));
		return ret;
	}
	return qlxge_mbox_status_to_errno(mb->out[0]);
}

/* Run one command; a failure status is returned as errno with mb->out[0] kept for the caller. */
int
qlxge_mbox_cmd(struct qlxge_hw *hw, struct qlxge_mbox *mb)
{
	int ret;

	pthread_mutex_lock(&hw->st->mbox_lock);
	qlxge_mwr_clear(hw, QLXGE_REG_INTR_MASK, QLXGE_INTR_MASK_PI);
	ret = qlxge_mbox_cmd_locked(hw, mb);
	if (hw->st->irq)
		qlxge_mwr_set(hw, QLXGE_REG_INTR_MASK, QLXGE_INTR_MASK_PI);
	pthread_mutex_unlock(&hw->st->mbox_lock);
	return ret;
}

static int
qlxge_mbox_exec(struct qlxge_hw *hw, struct qlxge_mbox *mb, unsigned int nin, unsigned int nout)
{
	int ret;

	mb->nin = nin;
	mb->nout = nout;
	ret = qlxge_mbox_cmd(hw, mb);
	if (ret != 0 && ret != -ETIMEDOUT && ret != -EBUSY)
		QLXGE_MBOX_LOG(ERR, "port %u: %s (0x%04x) failed: status 0x%04x",
			       hw->st->port_id, qlxge_mbox_cmd_name(mb->in[0]), mb->in[0],
			       mb->out[0]);
	return ret;
}

/*
 * §9.7 step 2: the firmware must answer GET_FW_STATE with mb1 bit 0 clear. A firmware still
 * waiting for initialization is retried until the probe budget ends.
 */
int
qlxge_mbox_fw_ready(struct qlxge_hw *hw)
{
	struct qlxge_mbox mb;
	uint32_t waited = 0;
	int ret;

	for (;;) {
		memset(&mb, 0, sizeof(mb));
		mb.in[0] = QLXGE_MB_CMD_GET_FW_STATE;
		ret = qlxge_mbox_exec(hw, &mb, QLXGE_MB_GET_FW_STATE_IN,
				      QLXGE_MB_GET_FW_STATE_OUT);
		if (ret != 0)
			break;
		if ((mb.out[1] & QLXGE_FW_STATE_WAIT_INIT) == 0)
			return 0;
		if (waited >= QLXGE_FW_READY_TIMEOUT_US) {
			ret = -ETIMEDOUT;
			break;
		}
		rte_delay_us(QLXGE_FW_RETRY_US);
		waited += QLXGE_FW_RETRY_US;
	}
	QLXGE_INIT_LOG(ERR, "port %u: firmware not ready (GET_FW_STATE status 0x%04x mb1 "
		       "0x%08x): %s", hw->st->port_id, mb.out[0], mb.out[1], strerror(-ret));
	return ret;
}

/* §9.4 ABOUT_FW: mb1 is the firmware version (bits 23:16 . 15:8 . 7:0). */
int
qlxge_mbox_about_fw(struct qlxge_hw *hw)
{
	struct qlxge_mbox mb = { .in = { QLXGE_MB_CMD_ABOUT_FW } };
	int ret;

	ret = qlxge_mbox_exec(hw, &mb, QLXGE_MB_ABOUT_FW_IN, QLXGE_MB_ABOUT_FW_OUT);
	if (ret == 0)
		hw->st->fw_version = mb.out[1];
	return ret;
}

int
qlxge_mbox_get_port_cfg(struct qlxge_hw *hw, uint32_t *cfg, uint32_t *max_frame)
{
	struct qlxge_mbox mb = { .in = { QLXGE_MB_CMD_GET_PORT_CFG } };
	int ret;

	ret = qlxge_mbox_exec(hw, &mb, QLXGE_MB_GET_PORT_CFG_IN, QLXGE_MB_GET_PORT_CFG_OUT);
	if (ret != 0)
		return ret;
	*cfg = mb.out[1];
	*max_frame = mb.out[2];
	hw->st->link_config = mb.out[1];
	hw->st->max_frame = mb.out[2];
	return 0;
}

/* Wait for AEN IDC_CMPLT (§9.7 step 3), handling other AENs meanwhile. */
static int
qlxge_mbox_wait_idc(struct qlxge_hw *hw)
{
	struct qlxge_mbox_deadline d;
	int ret = 0;

	pthread_mutex_lock(&hw->st->mbox_lock);
	qlxge_mwr_clear(hw, QLXGE_REG_INTR_MASK, QLXGE_INTR_MASK_PI);
	qlxge_mbox_deadline_start(&d, QLXGE_IDC_WAIT_US);
	while (!hw->st->idc_done) {
		if ((qlxge_rd32(hw, QLXGE_REG_STS) & QLXGE_STS_PI) != 0) {
			uint32_t out[2];

			ret = qlxge_mbox_take(hw, out, RTE_DIM(out));
			if (ret < 0)
				break;
			if (ret == 1)
				qlxge_mbox_stale(hw, out, RTE_DIM(out));
			ret = 0;
			if (hw->st->idc_done)
				break;
		}
		if (qlxge_mbox_deadline_over(&d, QLXGE_IDC_WAIT_US)) {
			ret = -ETIMEDOUT;
			break;
		}
		qlxge_mbox_deadline_wait(&d, QLXGE_MBOX_POLL_US * 10);
	}
	if (hw->st->irq)
		qlxge_mwr_set(hw, QLXGE_REG_INTR_MASK, QLXGE_INTR_MASK_PI);
	pthread_mutex_unlock(&hw->st->mbox_lock);
	return ret;
}

/*
 * §9.4 SET_PORT_CFG, then the IDC completion the firmware sends after it (§16.8). Without the
 * completion an intermediate status is a failure (Linux declares a firmware error); after a
 * final status it is only worth a warning. Then the configuration is read back: a firmware
 * that took something else (or a reply taken for another command's) is an error, -EIO.
 */
int
qlxge_mbox_set_port_cfg(struct qlxge_hw *hw, uint32_t cfg, uint32_t max_frame)
{
	struct qlxge_mbox mb = { .in = { QLXGE_MB_CMD_SET_PORT_CFG, cfg, max_frame } };
	uint32_t got_cfg, got_max;
	int ret;

	hw->st->idc_done = false;
	ret = qlxge_mbox_exec(hw, &mb, QLXGE_MB_SET_PORT_CFG_IN, QLXGE_MB_SET_PORT_CFG_OUT);
	if (ret != 0)
		return ret;
	ret = qlxge_mbox_wait_idc(hw);
	if (ret == -ETIMEDOUT) {
		if (mb.out[0] == QLXGE_MB_STS_INTRMDT) {
			QLXGE_MBOX_LOG(ERR, "port %u: SET_PORT_CFG: no IDC completion (AEN 0x%04x) "
				       "within %u us", hw->st->port_id, QLXGE_AEN_IDC_CMPLT,
				       QLXGE_IDC_WAIT_US);
			return ret;
		}
		QLXGE_MBOX_LOG(WARNING, "port %u: SET_PORT_CFG: no IDC completion, continuing",
			       hw->st->port_id);
		ret = 0;
	}
	if (ret != 0)
		return ret;
	ret = qlxge_mbox_get_port_cfg(hw, &got_cfg, &got_max);
	if (ret != 0)
		return ret;
	if (got_cfg != cfg || got_max != max_frame) {
		QLXGE_MBOX_LOG(ERR, "port %u: port configuration reads back link_config 0x%08x, "
			       "max frame %u; set 0x%08x, %u", hw->st->port_id, got_cfg, got_max,
			       cfg, max_frame);
		return -EIO;
	}
	return 0;
}

/*
 * §9.7 step 3: jumbo frames and a 9600-byte max frame, set only if not already so. A loopback
 * mode (§9.4 link_config 2:0) found in the configuration, left by an earlier owner of the port
 * or by a start with one asked for that never stopped, is cleared, or the port's frames would
 * come back to it: a start sets it again when asked (qlxge_port_loopback_set). What is set is
 * read back (qlxge_mbox_set_port_cfg).
 */
int
qlxge_mbox_port_init(struct qlxge_hw *hw)
{
	uint32_t cfg, max_frame, want;
	int ret;

	ret = qlxge_mbox_get_port_cfg(hw, &cfg, &max_frame);
	if (ret != 0)
		return ret;
	want = (cfg | QLXGE_LINK_CFG_JUMBO) & ~QLXGE_LINK_CFG_LOOPBACK_MASK;
	if ((cfg & QLXGE_LINK_CFG_LOOPBACK_MASK) != 0)
		QLXGE_MBOX_LOG(NOTICE, "port %u: port configuration 0x%08x has loopback mode %u: "
			       "clearing it", hw->st->port_id, cfg,
			       cfg & QLXGE_LINK_CFG_LOOPBACK_MASK);
	if (cfg == want && max_frame == QLXGE_MAX_FRAME_DEFAULT)
		return 0;
	return qlxge_mbox_set_port_cfg(hw, want, QLXGE_MAX_FRAME_DEFAULT);
}

int
qlxge_mbox_get_link_status(struct qlxge_hw *hw)
{
	struct qlxge_mbox mb = { .in = { QLXGE_MB_CMD_GET_LINK_STS } };
	int ret;

	ret = qlxge_mbox_exec(hw, &mb, QLXGE_MB_GET_LINK_STS_IN, QLXGE_MB_GET_LINK_STS_OUT);
	if (ret == 0)
		hw->st->link_status = mb.out[1];
	return ret;
}

int
qlxge_mbox_led_get(struct qlxge_hw *hw, uint32_t *cfg)
{
	struct qlxge_mbox mb = { .in = { QLXGE_MB_CMD_GET_LED_CFG } };
	int ret;

	ret = qlxge_mbox_exec(hw, &mb, QLXGE_MB_GET_LED_CFG_IN, QLXGE_MB_GET_LED_CFG_OUT);
	if (ret == 0)
		*cfg = mb.out[1];
	return ret;
}

int
qlxge_mbox_led_set(struct qlxge_hw *hw, uint32_t cfg)
{
	struct qlxge_mbox mb = { .in = { QLXGE_MB_CMD_SET_LED_CFG, cfg } };

	return qlxge_mbox_exec(hw, &mb, QLXGE_MB_SET_LED_CFG_IN, QLXGE_MB_SET_LED_CFG_OUT);
}

/* §9.4 SET_MGMT_CTL: status 0x4005 means "already in that state" (-EALREADY, not logged). */
int
qlxge_mbox_mgmt_ctl(struct qlxge_hw *hw, uint32_t ctl)
{
	struct qlxge_mbox mb = { .in = { QLXGE_MB_CMD_SET_MGMT_CTL, ctl } };

	mb.nin = QLXGE_MB_SET_MGMT_CTL_IN;
	mb.nout = QLXGE_MB_SET_MGMT_CTL_OUT;
	return qlxge_mbox_cmd(hw, &mb);
}

int
qlxge_mbox_mgmt_status(struct qlxge_hw *hw, uint32_t *sts)
{
	struct qlxge_mbox mb = { .in = { QLXGE_MB_CMD_GET_MGMT_CTL } };
	int ret;

	ret = qlxge_mbox_exec(hw, &mb, QLXGE_MB_GET_MGMT_CTL_IN, QLXGE_MB_GET_MGMT_CTL_OUT);
	if (ret == 0)
		*sts = mb.out[1];
	return ret;
}

/* §9.6: acknowledge an IDC request, echoing its mb1-mb4. */
int
qlxge_mbox_idc_ack(struct qlxge_hw *hw)
{
	struct qlxge_mbox mb = { .in = { QLXGE_MB_CMD_IDC_ACK } };

	memcpy(&mb.in[1], hw->st->idc_req, sizeof(hw->st->idc_req));
	return qlxge_mbox_exec(hw, &mb, QLXGE_MB_IDC_ACK_IN, QLXGE_MB_IDC_ACK_OUT);
}

/*
 * Vector-0 service (interrupt or polling fallback): a fatal status, then whatever the firmware
 * posted. Returns and clears the events noticed since the last call.
 */
uint32_t
qlxge_mbox_service(struct qlxge_hw *hw)
{
	uint32_t events, sts;

	/*
	 * On the EAL interrupt thread: never wait for a command that may hold the mailbox for
	 * seconds. The command handles what the firmware posts meanwhile; anything else is
	 * seen at the next period.
	 */
	if (pthread_mutex_trylock(&hw->st->mbox_lock) != 0)
		return 0;
	sts = qlxge_rd32(hw, QLXGE_REG_STS);
	if ((sts & QLXGE_STS_FE) != 0) {
		QLXGE_DRV_LOG(ERR, "port %u: fatal error: STS=0x%08x ERR_STS=0x%08x",
			      hw->st->port_id, sts, qlxge_rd32(hw, QLXGE_REG_ERR_STS));
		hw->st->events |= QLXGE_EV_FATAL;
	}
	if ((sts & QLXGE_STS_PI) != 0) {
		uint32_t out[2];

		/* a status now answers no command (none waits): a stale one */
		if (qlxge_mbox_take(hw, out, RTE_DIM(out)) == 1)
			qlxge_mbox_stale(hw, out, RTE_DIM(out));
	}
	events = hw->st->events;
	hw->st->events = 0;
	pthread_mutex_unlock(&hw->st->mbox_lock);

	if ((events & QLXGE_EV_IDC_ACK) != 0 && qlxge_mbox_idc_ack(hw) != 0)
		QLXGE_MBOX_LOG(WARNING, "port %u: IDC_ACK failed", hw->st->port_id);
	return events;
}
