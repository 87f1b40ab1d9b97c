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
	return -ret;
}

void
qlxge_mbox_fini(struct qlxge_hw_state *st)
{
	pthread_mutex_destroy(&st->mbox_lock);
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
 * status fills @mb->out (when a command waits) and returns 1. Either way the firmware interrupt
 * is cleared (§9.3 step 7).
 */
static int
qlxge_mbox_take(struct qlxge_hw *hw, struct qlxge_mbox *mb)
{
	uint32_t mb0;
	int ret;

	ret = qlxge_mbox_read_out(hw, &mb0, 1);
	if (ret != 0)
		return ret;
	if ((mb0 & QLXGE_MB_STS_CLASS_MASK) == QLXGE_MB_STS_CLASS_AEN) {
		qlxge_mbox_aen(hw, mb0);
		ret = 0;
	} else if (mb == NULL) {
		QLXGE_MBOX_LOG(WARNING, "port %u: status 0x%04x with no command waiting",
			       hw->st->port_id, mb0);
		ret = 0;
	} else {
		ret = mb->nout > 1 ? qlxge_mbox_read_out(hw, mb->out, mb->nout) : 0;
		mb->out[0] = mb0;
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

/* §9.3: post a command and wait for its status; AENs arriving first are handled on the way. */
static int
qlxge_mbox_cmd_locked(struct qlxge_hw *hw, struct qlxge_mbox *mb)
{
	struct qlxge_mbox_deadline d;
	uint32_t csr, sts;
	unsigned int i;
	int ret;

	/*
	 * HRI still set: the firmware has not yet taken the previous command (one that timed
	 * out, or another function's view of a slow firmware). Give it a bounded while first.
	 */
	qlxge_mbox_deadline_start(&d, QLXGE_MBOX_HRI_WAIT_US);
	for (;;) {
		csr = qlxge_rd32(hw, QLXGE_REG_CSR);
		if ((csr & QLXGE_CSR_HRI) == 0)
			break;
		if (qlxge_mbox_deadline_over(&d, QLXGE_MBOX_HRI_WAIT_US)) {
			QLXGE_MBOX_LOG(ERR, "port %u: %s (0x%04x): previous command not taken by "
				       "the firmware within %u us (CSR=0x%08x)", hw->st->port_id,
				       qlxge_mbox_cmd_name(mb->in[0]), mb->in[0],
				       QLXGE_MBOX_HRI_WAIT_US, csr);
			return -EBUSY;
		}
		qlxge_mbox_deadline_wait(&d, QLXGE_MBOX_POLL_US);
	}
	ret = qlxge_sem_lock(hw, QLXGE_SEM_PROC_REG, "PROC_REG");
	if (ret != 0)
		return ret;
	for (i = 0; i < mb->nin && ret == 0; i++)
		ret = qlxge_win_proc_write_locked(hw, QLXGE_MB_IN(hw->st->port, i), mb->in[i]);
	if (ret == 0)
		qlxge_wr32(hw, QLXGE_REG_CSR, QLXGE_CSR_CMD_SET_H2R_INT);
	qlxge_sem_unlock(hw, QLXGE_SEM_PROC_REG);
	if (ret != 0)
		return ret;

	qlxge_mbox_deadline_start(&d, QLXGE_MBOX_TIMEOUT_US);
	for (;;) {
		sts = qlxge_rd32(hw, QLXGE_REG_STS);
		if ((sts & QLXGE_STS_PI) != 0) {
			ret = qlxge_mbox_take(hw, mb);
			if (ret < 0)
				return ret;
			if (ret == 1)
				break;
		}
		if (qlxge_mbox_deadline_over(&d, QLXGE_MBOX_TIMEOUT_US)) {
			QLXGE_MBOX_LOG(ERR, "port %u: firmware did not answer %s (0x%04x) within "
				       "%u us (STS=0x%08x CSR=0x%08x)", hw->st->port_id,
				       qlxge_mbox_cmd_name(mb->in[0]), mb->in[0],
				       QLXGE_MBOX_TIMEOUT_US, sts,
				       qlxge_rd32(hw, QLXGE_REG_CSR));
			return -ETIMEDOUT;
		}
		if ((sts & QLXGE_STS_PI) == 0)
			qlxge_mbox_deadline_wait(&d, QLXGE_MBOX_POLL_US);
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
			ret = qlxge_mbox_take(hw, NULL);
			if (ret < 0)
				break;
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
 * final status it is only worth a warning.
 */
int
qlxge_mbox_set_port_cfg(struct qlxge_hw *hw, uint32_t cfg, uint32_t max_frame)
{
	struct qlxge_mbox mb = { .in = { QLXGE_MB_CMD_SET_PORT_CFG, cfg, max_frame } };
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
	if (ret == 0) {
		hw->st->link_config = cfg;
		hw->st->max_frame = max_frame;
	}
	return ret;
}

/* §9.7 step 3: jumbo frames and a 9600-byte max frame, set only if not already so. */
int
qlxge_mbox_port_init(struct qlxge_hw *hw)
{
	uint32_t cfg, max_frame;
	int ret;

	ret = qlxge_mbox_get_port_cfg(hw, &cfg, &max_frame);
	if (ret != 0)
		return ret;
	if ((cfg & QLXGE_LINK_CFG_JUMBO) != 0 && max_frame == QLXGE_MAX_FRAME_DEFAULT)
		return 0;
	return qlxge_mbox_set_port_cfg(hw, cfg | QLXGE_LINK_CFG_JUMBO, QLXGE_MAX_FRAME_DEFAULT);
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
	if ((sts & QLXGE_STS_PI) != 0)
		(void)qlxge_mbox_take(hw, NULL);
	events = hw->st->events;
	hw->st->events = 0;
	pthread_mutex_unlock(&hw->st->mbox_lock);

	if ((events & QLXGE_EV_IDC_ACK) != 0 && qlxge_mbox_idc_ack(hw) != 0)
		QLXGE_MBOX_LOG(WARNING, "port %u: IDC_ACK failed", hw->st->port_id);
	return events;
}
