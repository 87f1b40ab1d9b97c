/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The MPI firmware's mailboxes (§9, §2.6, §16.8; fw/mbox.h): the CSR command/status register,
 * the mailbox engine (HRI handshake, configurable latency, one outbound message at a time
 * behind STS.PI), every command the public drivers issue with the replies of §16.8, the AENs
 * (link, module, IDC completion, firmware init), the firmware's (re)start, and the link state
 * it reports, which follows the wire. The mailbox banks are words of the RISC's memory
 * (fw/risc.c), reached by the host through the MPI space (fw/mpi.c).
 */

#include <errno.h>
#include <limits.h>
#include <string.h>

#include <rte_byteorder.h>

#include "base/dma.h"
#include "base/irq.h"
#include "base/log.h"
#include "base/reg.h"
#include "base/state.h"
#include "fw/mbox.h"
#include "fw/risc.h"
#include "wire/wire.h"

/* ---- outbound messages ---------------------------------------------------------------------- */

static bool
sim_mbox_is_aen(uint32_t mb0)
{
	return (mb0 & QLXGE_MB_STS_CLASS_MASK) == QLXGE_MB_STS_CLASS_AEN;
}

/*
 * Queue an outbound message. A command's reply is never lost (its driver waits for it, §9.3):
 * AENs may fill all but the last slot, and a reply meeting a full queue takes the place of the
 * latest AEN queued. Only AENs are dropped, counted in aens_lost. When the AENs' room is used up,
 * a link AEN replaces a link AEN queued last (the newer state supersedes it), so that a flapping
 * link does not crowd out the other events.
 */
static void
sim_mbox_queue(struct qlxge_sim_func *fn, const uint32_t *mb, unsigned int n)
{
	struct sim_port *p = &fn->port;
	bool aen = sim_mbox_is_aen(mb[0]);
	struct sim_mbox_msg *m;

	if (aen && p->q_count >= SIM_MBOX_QUEUE - 1 &&
	    (mb[0] == QLXGE_AEN_LINK_UP || mb[0] == QLXGE_AEN_LINK_DOWN)) {
		m = &p->q[(p->q_head + p->q_count - 1) % SIM_MBOX_QUEUE];
		if (m->mb[0] == QLXGE_AEN_LINK_UP || m->mb[0] == QLXGE_AEN_LINK_DOWN) {
			SIM_TRACE(mpi, aen_coalesced, SIM_FN_FMT " AEN 0x%04x replaces 0x%04x",
				  SIM_FN_ARGS(fn), mb[0], m->mb[0]);
			p->q_count--;	/* overwritten below */
		}
	}
	if (aen && p->q_count >= SIM_MBOX_QUEUE - 1) {
		fn->cnt.aens_lost++;
		SIM_LOG(WARNING, mpi, "mpi_queue_full " SIM_FN_FMT ": AEN 0x%04x lost",
			SIM_FN_ARGS(fn), mb[0]);
		return;
	}
	if (!aen && p->q_count == SIM_MBOX_QUEUE) {
		/* the reply takes the latest AEN's slot (at most one reply waits per command) */
		unsigned int i;

		for (i = p->q_count; i-- > 0;)
			if (sim_mbox_is_aen(p->q[(p->q_head + i) % SIM_MBOX_QUEUE].mb[0]))
				break;
		if (i == UINT_MAX) {
			/* 16 replies waiting: the driver issued commands without reading them */
			SIM_WRN(fn, mpi, queue_full, SIM_FN_FMT " reply 0x%04x: 16 replies unread",
				SIM_FN_ARGS(fn), mb[0]);
			return;
		}
		fn->cnt.aens_lost++;
		SIM_LOG(WARNING, mpi, "mpi_queue_full " SIM_FN_FMT ": AEN 0x%04x lost for reply "
			"0x%04x", SIM_FN_ARGS(fn),
			p->q[(p->q_head + i) % SIM_MBOX_QUEUE].mb[0], mb[0]);
		for (; i + 1 < p->q_count; i++)
			p->q[(p->q_head + i) % SIM_MBOX_QUEUE] =
				p->q[(p->q_head + i + 1) % SIM_MBOX_QUEUE];
		p->q_count--;
	}
	m = &p->q[(p->q_head + p->q_count) % SIM_MBOX_QUEUE];
	memset(m, 0, sizeof(*m));
	memcpy(m->mb, mb, n * sizeof(uint32_t));
	m->count = (uint8_t)n;
	p->q_count++;
}

void
sim_fw_aen(struct qlxge_sim_func *fn, uint32_t code, const uint32_t *mb, unsigned int n)
{
	uint32_t w[QLXGE_MB_COUNT] = { code };
	unsigned int i;

	for (i = 1; i < n && i < QLXGE_MB_COUNT; i++)
		w[i] = mb != NULL ? mb[i - 1] : 0;
	SIM_TRACE(mpi, aen, SIM_FN_FMT " AEN 0x%04x mb1 0x%08x", SIM_FN_ARGS(fn), code, w[1]);
	sim_mbox_queue(fn, w, n < 1 ? 1 : n);
}

/* Put the next message into the outbound mailboxes once the host has cleared STS.PI. */
static unsigned int
sim_mbox_deliver(struct qlxge_sim_func *fn)
{
	struct sim_port *p = &fn->port;
	struct sim_mbox_msg *m;

	if (fn->pi || p->q_count == 0)
		return 0;
	m = &p->q[p->q_head];
	memcpy(p->mb_out, m->mb, sizeof(p->mb_out));
	p->q_head = (p->q_head + 1) % SIM_MBOX_QUEUE;
	p->q_count--;
	if ((m->mb[0] & QLXGE_MB_STS_CLASS_MASK) == QLXGE_MB_STS_CLASS_AEN)
		fn->cnt.aens++;
	fn->pi = true;
	SIM_TRACE(mpi, outbound, SIM_FN_FMT " mb0 0x%04x, STS.PI 0 -> 1", SIM_FN_ARGS(fn),
		  m->mb[0]);
	sim_irq_update(fn);
	return 1;
}

/* ---- link as the firmware reports it -------------------------------------------------------- */

static uint32_t
sim_link_status_word(const struct sim_port *p)
{
	uint32_t v = QLXGE_LINK_STS_SPEED_10GB | QLXGE_LINK_STS_TYPE_XFI;

	if ((p->link_config & QLXGE_LINK_CFG_PAUSE_MASK) == QLXGE_LINK_CFG_PAUSE_STD)
		v |= QLXGE_LINK_STS_PAUSE_STD;
	else if ((p->link_config & QLXGE_LINK_CFG_PAUSE_MASK) == QLXGE_LINK_CFG_PAUSE_PPF)
		v |= QLXGE_LINK_STS_PAUSE_PPF;
	switch (p->link_config & QLXGE_LINK_CFG_LOOPBACK_MASK) {
	case QLXGE_LINK_CFG_LOOPBACK_PCS:
		v |= QLXGE_LINK_STS_LOOPBACK_PCS;
		break;
	case QLXGE_LINK_CFG_LOOPBACK_HSS:
		v |= QLXGE_LINK_STS_LOOPBACK_HSS;
		break;
	case QLXGE_LINK_CFG_LOOPBACK_EXT:
		v |= QLXGE_LINK_STS_LOOPBACK_EXT;
		break;
	default:
		break;
	}
	return v;
}

/* Optics code the model reports for a plugged module: 10G SR (FreeBSD link_hw_info 7:4). */
#define SIM_LINK_HW_INFO	(QLXGE_LINK_HW_OPTICS_10G_LRSR_FIRST << QLXGE_LINK_HW_OPTICS_SHIFT)

/*
 * Link = carrier of the wire (or an internal loopback asked by SET_PORT_CFG), unless the link
 * fault holds it down. A change is reported with AEN 0x8011 / 0x8012 and STS.PLx (§9.6, §2.8).
 */
void
sim_link_update(struct qlxge_sim_func *fn)
{
	struct sim_port *p = &fn->port;
	bool loop = (p->link_config & QLXGE_LINK_CFG_LOOPBACK_MASK) != 0;
	bool carrier = loop || (fn->wire != NULL && sim_wire_carrier(fn->wire));
	bool up = carrier && fn->fault[QLXGE_SIM_FAULT_LINK_DOWN] == 0;
	uint32_t mb[3];

	p->link_status = sim_link_status_word(p);
	if (up == p->link_up)
		return;
	SIM_TRACE(mpi, link, SIM_FN_FMT " link %s -> %s", SIM_FN_ARGS(fn),
		  p->link_up ? "up" : "down", up ? "up" : "down");
	SIM_LOG(INFO, mpi, "port %s.%u link %s", fn->ad->name, fn->idx, up ? "up" : "down");
	p->link_up = up;
	p->link_changes++;
	if (up) {
		mb[0] = p->link_status;
		sim_fw_aen(fn, QLXGE_AEN_LINK_UP, mb, QLXGE_AEN_LINK_UP_OUT);
	} else {
		mb[0] = 0;
		mb[1] = 0;
		sim_fw_aen(fn, QLXGE_AEN_LINK_DOWN, mb, QLXGE_AEN_LINK_DOWN_OUT);
	}
}

/* Module events (§9.6): a wire attached is a module plugged in, no wire a module removed. */
static void
sim_module_update(struct qlxge_sim_func *fn)
{
	bool present = fn->wire != NULL;
	uint32_t mb[4] = { SIM_LINK_HW_INFO, 0, 0, 0 };

	if (present == fn->port.sfp_present)
		return;
	fn->port.sfp_present = present;
	if (present)
		sim_fw_aen(fn, QLXGE_AEN_SFP_IN, mb, QLXGE_AEN_SFP_IN_OUT);
	else
		sim_fw_aen(fn, QLXGE_AEN_SFP_OUT, NULL, QLXGE_AEN_SFP_OUT_OUT);
}

/* ---- firmware (re)start --------------------------------------------------------------------- */

void
sim_fw_restart(struct qlxge_sim_adapter *ad, const char *why)
{
	uint32_t mb[1] = { ad->fw_version };
	unsigned int i;

	SIM_TRACE(mpi, restart, "%s firmware restart (%s)", ad->name, why);
	for (i = 0; i < QLXGE_SIM_NUM_FUNCS; i++) {
		struct qlxge_sim_func *fn = &ad->fn[i];

		fn->port.hri = false;
		sim_fw_aen(fn, QLXGE_AEN_FW_INIT_DONE, mb, QLXGE_AEN_FW_INIT_DONE_OUT);
		/* the restarted firmware re-announces a link that is up */
		if (fn->port.link_up) {
			uint32_t ls[1] = { fn->port.link_status };

			sim_fw_aen(fn, QLXGE_AEN_LINK_UP, ls, QLXGE_AEN_LINK_UP_OUT);
		}
	}
}

void
sim_fw_power_on(struct qlxge_sim_adapter *ad)
{
	unsigned int i;

	/* §16.6: the 8000 firmware has initialized both ports at power-on; the 8012 has none. */
	ad->port_init = ad->device_id == QLXGE_PCI_DEVICE_ID_8012 ? 0 :
			(QLXGE_STS_PI0 | QLXGE_STS_PI1);
	for (i = 0; i < QLXGE_SIM_NUM_FUNCS; i++) {
		struct sim_port *p = &ad->fn[i].port;

		memset(p, 0, sizeof(*p));
		/* §16.8: report jumbo and 9600 so Linux needs no SET_PORT_CFG / IDC round */
		p->link_config = QLXGE_LINK_CFG_JUMBO | QLXGE_LINK_CFG_PAUSE_STD;
		p->max_frame = QLXGE_MAX_FRAME_DEFAULT;
		p->link_status = sim_link_status_word(p);
	}
	ad->mpi_ram[QLXGE_MPI_TEST_FUNC_PORT_CFG] =
		QLXGE_MPI_FPC_NIC1_EN |
		((uint32_t)ad->fn[0].pci_func << QLXGE_MPI_FPC_NIC1_FUNC_SHIFT) |
		QLXGE_MPI_FPC_NIC2_EN |
		((uint32_t)ad->fn[1].pci_func << QLXGE_MPI_FPC_NIC2_FUNC_SHIFT);
}

/* ---- CSR, §2.6, §9.8 -------------------------------------------------------------------- */

uint32_t
sim_csr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	uint32_t v = 0;

	RTE_SET_USED(row);
	if (fn->ad->risc_reset)
		v |= QLXGE_CSR_RR;
	if (fn->port.hri)
		v |= QLXGE_CSR_HRI;
	if (fn->ad->risc_paused)
		v |= QLXGE_CSR_RP;
	return v;
}

void
sim_csr_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t v)
{
	struct qlxge_sim_adapter *ad = fn->ad;

	RTE_SET_USED(row);
	switch (v & QLXGE_CSR_CMD_MASK) {
	case QLXGE_CSR_CMD_SET_H2R_INT:
		if (fn->port.hri)
			SIM_WRN(fn, mpi, cmd_while_busy, SIM_FN_FMT " mailbox command posted "
				"while HRI is set", SIM_FN_ARGS(fn));
		fn->port.hri = true;
		fn->port.cmd_due = sim_now_us() + ad->fw_latency_us;
		SIM_TRACE(mpi, h2r, SIM_FN_FMT " command 0x%04x posted, HRI 0 -> 1",
			  SIM_FN_ARGS(fn), fn->port.mb_in[0]);
		break;
	case QLXGE_CSR_CMD_CLR_H2R_INT:
		fn->port.hri = false;
		break;
	case QLXGE_CSR_CMD_CLR_R2PCI_INT:
		if (fn->pi)
			SIM_TRACE(mpi, r2h_clear, SIM_FN_FMT " STS.PI 1 -> 0", SIM_FN_ARGS(fn));
		fn->pi = false;
		sim_irq_update(fn);
		break;
	case QLXGE_CSR_CMD_SET_RST:
		ad->risc_reset = true;
		SIM_TRACE(mpi, risc_reset, "%s RISC reset 0 -> 1", ad->name);
		break;
	case QLXGE_CSR_CMD_CLR_RST:
		if (ad->risc_reset) {
			ad->risc_reset = false;
			sim_fw_restart(ad, "RISC reset released");
		}
		break;
	case QLXGE_CSR_CMD_SET_PAUSE:
		ad->risc_paused = true;
		break;
	case QLXGE_CSR_CMD_CLR_PAUSE:
		ad->risc_paused = false;
		break;
	default:
		/* NOP, parity commands: nothing the model keeps */
		break;
	}
}

/* ---- commands, §9.4, §16.8 ---------------------------------------------------------------- */

static uint32_t
sim_cmd_dump_risc_ram(struct qlxge_sim_func *fn, const uint32_t *in)
{
	uint32_t risc = (in[QLXGE_MB_DUMP_RISC_ADDR_HI] << 16) |
			(in[QLXGE_MB_DUMP_RISC_ADDR_LO] & 0xFFFFu);
	uint64_t dma = ((uint64_t)(in[QLXGE_MB_DUMP_DMA_63_48] & 0xFFFFu) << 48) |
		       ((uint64_t)(in[QLXGE_MB_DUMP_DMA_47_32] & 0xFFFFu) << 32) |
		       ((uint64_t)(in[QLXGE_MB_DUMP_DMA_31_16] & 0xFFFFu) << 16) |
		       (in[QLXGE_MB_DUMP_DMA_15_0] & 0xFFFFu);
	uint32_t count = (in[QLXGE_MB_DUMP_COUNT_HI] << 16) |
			 (in[QLXGE_MB_DUMP_COUNT_LO] & 0xFFFFu);
	uint32_t buf[256];
	uint32_t done = 0;

	if (count == 0 || count > 0x100000u)
		return QLXGE_MB_STS_PARAM_ERR;
	while (done < count) {
		uint32_t n = RTE_MIN(count - done, (uint32_t)RTE_DIM(buf));

		for (uint32_t i = 0; i < n; i++)
			buf[i] = rte_cpu_to_le_32(sim_risc_word(fn->ad, risc + done + i));
		if (sim_dma_write(fn, dma + 4ull * done, buf, 4u * n) < 0)
			return QLXGE_MB_STS_XFC_ERR;
		done += n;
	}
	return QLXGE_MB_STS_GOOD;
}

static void
sim_fw_cmd(struct qlxge_sim_func *fn)
{
	struct sim_port *p = &fn->port;
	const uint32_t *in = p->mb_in;
	uint32_t out[QLXGE_MB_COUNT] = { QLXGE_MB_STS_GOOD };
	unsigned int n = 1;
	uint32_t cmd = in[0] & 0xFFFFu;
	uint64_t forced = fn->fault[QLXGE_SIM_FAULT_FW_ERROR];

	fn->cnt.mbox_cmds++;
	SIM_TRACE(mpi, cmd, SIM_FN_FMT " cmd 0x%04x mb1 0x%08x mb2 0x%08x", SIM_FN_ARGS(fn), cmd,
		  in[1], in[2]);
	if (forced != 0) {
		out[0] = (uint32_t)forced & 0xFFFFu;
		fn->cnt.mbox_errors++;
		sim_mbox_queue(fn, out, 1);
		return;
	}
	switch (cmd) {
	case QLXGE_MB_CMD_NOP:
	case QLXGE_MB_CMD_CSUM_TEST:
	case QLXGE_MB_CMD_IDC_ACK:
	case QLXGE_MB_CMD_IDC_REQ:
	case QLXGE_MB_CMD_IDC_TIME_EXTEND:
	case QLXGE_MB_CMD_SET_WOL_FLTR:
	case QLXGE_MB_CMD_CLEAR_WOL_FLTR:
	case QLXGE_MB_CMD_SET_WOL_IMMED:
		break;
	case QLXGE_MB_CMD_MB_TEST:
		memcpy(&out[1], &in[1], 7 * sizeof(uint32_t));
		n = 8;
		break;
	case QLXGE_MB_CMD_EX_FW:
		/* completes as AEN FW_INIT_DONE, not as a status (§9.4) */
		out[0] = QLXGE_AEN_FW_INIT_DONE;
		out[1] = fn->ad->fw_version;
		n = QLXGE_AEN_FW_INIT_DONE_OUT;
		break;
	case QLXGE_MB_CMD_ABOUT_FW:
		out[1] = fn->ad->fw_version;
		n = QLXGE_MB_ABOUT_FW_OUT;
		break;
	case QLXGE_MB_CMD_GET_FW_STATE:
		out[1] = 0;	/* running and initialized: WAIT_INIT clear */
		n = QLXGE_MB_GET_FW_STATE_OUT;
		break;
	case QLXGE_MB_CMD_DUMP_RISC_RAM:
		out[0] = sim_cmd_dump_risc_ram(fn, in);
		break;
	case QLXGE_MB_CMD_MAKE_SYS_ERR:
		/* no completion: the firmware fails and says so with AEN SYS_ERR (§9.4, §9.6) */
		sim_fw_aen(fn, QLXGE_AEN_SYS_ERR, NULL, QLXGE_AEN_SYS_ERR_OUT);
		return;
	case QLXGE_MB_CMD_SET_WOL_MODE:
		p->wol_mode = in[1];
		break;
	case QLXGE_MB_CMD_SET_WOL_MAGIC:
		for (unsigned int i = 0; i < 6; i++)
			p->wol_magic[i] = (uint8_t)in[1 + i];
		break;
	case QLXGE_MB_CMD_CLEAR_WOL_MAGIC:
		memset(p->wol_magic, 0, sizeof(p->wol_magic));
		break;
	case QLXGE_MB_CMD_SET_PORT_CFG:
		if (in[2] < 64 || in[2] > 0xFFFFu) {
			out[0] = QLXGE_MB_STS_PARAM_ERR;
			break;
		}
		SIM_TRACE(mpi, port_cfg, SIM_FN_FMT " link_config 0x%x -> 0x%x, max frame "
			  "%u -> %u",
			  SIM_FN_ARGS(fn), p->link_config, in[1], p->max_frame, in[2]);
		p->link_config = in[1];
		if (p->max_frame != in[2])
			fn->ad->rx_cfg_us = sim_now_us();	/* as reg.c: see queues/rx.c */
		p->max_frame = in[2];
		sim_mbox_queue(fn, out, 1);
		/* the port change completes with an IDC completion AEN (§9.7, §16.8) */
		out[0] = (uint32_t)QLXGE_MB_CMD_SET_PORT_CFG << QLXGE_IDC_REQ_OPCODE_SHIFT;
		sim_fw_aen(fn, QLXGE_AEN_IDC_CMPLT, out, QLXGE_AEN_IDC_CMPLT_OUT);
		sim_link_update(fn);	/* a loopback mode raises the link by itself */
		return;
	case QLXGE_MB_CMD_GET_PORT_CFG:
		out[1] = p->link_config;
		out[2] = p->max_frame;
		n = QLXGE_MB_GET_PORT_CFG_OUT;
		break;
	case QLXGE_MB_CMD_GET_LINK_STS:
		out[1] = p->link_up ? p->link_status : 0;
		out[2] = p->link_up ? 0 : 1;	/* link-down info: nonzero while down */
		out[3] = p->sfp_present ? SIM_LINK_HW_INFO : 0;
		out[4] = 0;
		out[5] = p->link_changes;
		n = QLXGE_MB_GET_LINK_STS_OUT;
		break;
	case QLXGE_MB_CMD_SET_LED_CFG:
		p->led_config = in[1];
		break;
	case QLXGE_MB_CMD_GET_LED_CFG:
		out[1] = p->led_config;
		n = QLXGE_MB_GET_LED_CFG_OUT;
		break;
	case QLXGE_MB_CMD_SET_MGMT_CTL:
		/* Linux never writes mb1 (§15 #17): any other value leaves the state alone */
		if (in[1] == QLXGE_MGMT_CTL_STOP || in[1] == QLXGE_MGMT_CTL_RESUME) {
			bool stop = in[1] == QLXGE_MGMT_CTL_STOP;

			if (stop == p->mgmt_stopped) {
				/* already in that state: 0x4005 (§9.5 note 1), which both drivers
				 * accept; not a failure of the firmware */
				out[0] = QLXGE_MB_STS_ERR;
				SIM_TRACE(mpi, mgmt, SIM_FN_FMT " management traffic already %s",
					  SIM_FN_ARGS(fn), stop ? "stopped" : "running");
				sim_mbox_queue(fn, out, n);
				return;
			}
			SIM_TRACE(mpi, mgmt, SIM_FN_FMT " management traffic stopped %u -> %u",
				  SIM_FN_ARGS(fn), p->mgmt_stopped, stop);
			p->mgmt_stopped = stop;
		}
		break;
	case QLXGE_MB_CMD_GET_MGMT_CTL:
		out[1] = QLXGE_MGMT_CTL_STS_FIFO_EMPTY |
			 (p->mgmt_stopped ? QLXGE_MGMT_CTL_STS_STOPPED : 0);
		n = QLXGE_MB_GET_MGMT_CTL_OUT;
		break;
	default:
		out[0] = QLXGE_MB_STS_INVLD_CMD;
		SIM_WRN(fn, mpi, cmd_unknown, SIM_FN_FMT " mailbox command 0x%04x not supported",
			SIM_FN_ARGS(fn), cmd);
		break;
	}
	if ((out[0] & QLXGE_MB_STS_CLASS_MASK) == QLXGE_MB_STS_CLASS_CMD &&
	    out[0] != QLXGE_MB_STS_GOOD)
		fn->cnt.mbox_errors++;
	sim_mbox_queue(fn, out, n);
}

unsigned int
sim_fw_poll(struct qlxge_sim_func *fn, uint64_t now)
{
	struct qlxge_sim_adapter *ad = fn->ad;
	unsigned int work = 0;

	sim_module_update(fn);
	sim_link_update(fn);
	if (fn->port.hri && now >= fn->port.cmd_due && !ad->risc_reset && !ad->risc_paused &&
	    fn->fault[QLXGE_SIM_FAULT_FW_HANG] == 0) {
		fn->port.hri = false;
		sim_fw_cmd(fn);
		work++;
	}
	work += sim_mbox_deliver(fn);
	return work;
}
