/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* TAP wires (wire/tap.c): a Linux TAP interface. */

#ifndef SIM_WIRE_TAP_H
#define SIM_WIRE_TAP_H

#include <stdbool.h>
#include <stdint.h>

#include "qlxge_sim.h"

struct sim_wire;

int sim_wire_tap_open(struct sim_wire *w, const struct qlxge_sim_wire_cfg *cfg);
int sim_wire_tap_tx(struct sim_wire *w, const uint8_t *frame, uint32_t len);
/* Stage the next frame in w->rxbuf. @return 0 or -EAGAIN (nothing now). */
int sim_wire_tap_rx(struct sim_wire *w);
bool sim_wire_tap_carrier(struct sim_wire *w);
void sim_wire_tap_close(struct sim_wire *w);
/* The interface's current name. */
void sim_wire_tap_info(struct sim_wire *w, struct qlxge_sim_wire_info *info);

#endif /* SIM_WIRE_TAP_H */
