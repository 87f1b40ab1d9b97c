/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/* The adapter registry. */

#ifndef SIM_ADAPTER_H
#define SIM_ADAPTER_H


struct qlxge_sim_adapter;

/* Call @p cb on every live adapter with the registry locked (delay hook). */
void sim_adapter_foreach(void (*cb)(struct qlxge_sim_adapter *ad));

#endif /* SIM_ADAPTER_H */
