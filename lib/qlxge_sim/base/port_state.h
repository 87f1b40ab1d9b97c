/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * State of a function's port: the firmware's view of it (mailbox banks, outbound messages,
 * port configuration, link, §9) kept by fw/, and its MAC (XGMAC registers and statistics, §11)
 * kept by dataplane/xgmac. The port's cable is a wire (wire/), attached by the core.
 */

#ifndef SIM_BASE_PORT_STATE_H
#define SIM_BASE_PORT_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "qlxge_contract.h"

/* Outbound mailbox messages (command replies, AENs) waiting for STS.PI to clear, per port. */
#define SIM_MBOX_QUEUE		16u

/* One outbound mailbox message (command status or AEN), §9.3, §9.6. */
struct sim_mbox_msg {
	uint32_t mb[QLXGE_MB_COUNT];
	uint8_t count;
};

/* Firmware view of one port, §9. */
struct sim_port {
	uint32_t mb_in[QLXGE_MB_COUNT];
	uint32_t mb_out[QLXGE_MB_COUNT];
	bool hri;			/* command posted (CSR.HRI) */
	uint64_t cmd_due;		/* us at which the firmware takes it */
	struct sim_mbox_msg q[SIM_MBOX_QUEUE];
	unsigned int q_head, q_count;
	bool link_up;
	uint32_t link_status;
	uint32_t link_config;
	uint32_t max_frame;
	uint32_t led_config;
	uint32_t wol_mode;
	uint8_t wol_magic[6];
	bool mgmt_stopped;
	uint32_t link_changes;
	bool sfp_present;
};

/* XGMAC of one port, §11. */
#define SIM_XGMAC_WORDS		(QLXGE_XGMAC_REGISTER_END / 4)
struct sim_xgmac {
	/* TX_CFG.EN / RX_CFG.EN as last written (§11.2), read once per frame (TX) or per batch
	 * (RX): clear = the MAC neither sends nor receives (an inference, docs/model.md) */
	bool tx_en;
	bool rx_en;
	uint32_t regs[SIM_XGMAC_WORDS];	/* control registers */
	uint64_t cnt[SIM_XGMAC_WORDS / 2];	/* counters by offset / 8 */
};

#endif /* SIM_BASE_PORT_STATE_H */
