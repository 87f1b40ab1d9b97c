/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The set-up the model's RX classification tests share (test_sim_rx.c: the cases of
 * docs/hardware §12, §2.15, §6.5, §7.7; test_sim_rx_memo.c: the receive batch's shortcuts
 * against the plain classification): the model's MAC, routing and RSS tables as Linux's
 * bring-up programs them (§12.3), and the write helpers that change them.
 */

#ifndef SIM_RX_ENV_H
#define SIM_RX_ENV_H

#include <stdbool.h>
#include <stdint.h>

#include "dataplane/classify.h"
#include "sim_dp_test.h"

#define DFLT_CQ		1
#define CAM_CQ		2

extern const uint8_t my_mac[6], other_mac[6], bcast[6], mc1[6], mc2[6];
/* The 40-byte RSS key of Microsoft's RSS verification examples. */
extern const uint8_t ms_key[40];

struct env {
	struct sim_mac_tables mt;
	struct sim_route_table rt;
	struct sim_rss_state rss;
	struct sim_rx_ctx ctx;
	uint8_t buf[16384];
	struct t_frame f;
	struct sim_rx_verdict v;
};

/* Routing slot @s to @dst for the frames of @mask (0: cleared). */
void slot(struct env *e, unsigned int s, uint32_t dst, uint32_t mask);
void slot_clear(struct env *e, unsigned int s);
/* MAC table entry @idx of @type (CAM, multicast, ...): the address words, enabled or not. */
void mac_write(struct env *e, uint32_t type, unsigned int idx, const uint8_t m[6], bool en);
/* CAM entry @idx: @m and its output word. */
void cam_write(struct env *e, unsigned int idx, const uint8_t m[6], uint32_t out);
void vlan_enable(struct env *e, unsigned int vid, bool en);
/* cmocka set-up (the bring-up tables) and teardown of a struct env. */
int setup(void **state);
int teardown(void **state);
/* Classify e->buf (e->f.len bytes) into e->v. */
int classify(struct env *e);
/* A 64-byte non-IP frame to @dst (VLAN @vid, or none if negative). */
void raw(struct env *e, const uint8_t dst[6], int vid);

#endif /* SIM_RX_ENV_H */
