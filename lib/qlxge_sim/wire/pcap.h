/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* PCAP wires (wire/pcap.c): RX from a pcap file, TX to another. */

#ifndef SIM_WIRE_PCAP_H
#define SIM_WIRE_PCAP_H

#include <stdint.h>

#include "qlxge_sim.h"

struct sim_wire;

int sim_wire_pcap_open(struct sim_wire *w, const struct qlxge_sim_wire_cfg *cfg);
int sim_wire_pcap_tx(struct sim_wire *w, const uint8_t *frame, uint32_t len);
/* Stage the next due frame in w->rxbuf. @return 0 or -EAGAIN (nothing due). */
int sim_wire_pcap_rx(struct sim_wire *w);
void sim_wire_pcap_close(struct sim_wire *w);
/* Files, start mode and progress of the replay. */
void sim_wire_pcap_info(const struct sim_wire *w, struct qlxge_sim_wire_info *info);

#endif /* SIM_WIRE_PCAP_H */
