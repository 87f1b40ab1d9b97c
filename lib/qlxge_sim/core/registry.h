/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The process-wide registry of adapters (§16.17): named, reference counted; several may exist
 * at once. Its lock is always taken before an adapter's lock, never after.
 */

#ifndef SIM_CORE_REGISTRY_H
#define SIM_CORE_REGISTRY_H

#include <stdbool.h>

struct qlxge_sim_adapter;

/* Enter @p ad (one reference, the creator's). @return 0 or -EEXIST (its name is taken). */
int sim_registry_add(struct qlxge_sim_adapter *ad);

/* The adapter named @p name with a reference taken, or NULL. */
struct qlxge_sim_adapter *sim_registry_find(const char *name);

/* Take a reference. */
void sim_registry_get(struct qlxge_sim_adapter *ad);

/* Drop a reference; true when it was the last: @p ad has left the registry, free it. */
bool sim_registry_put(struct qlxge_sim_adapter *ad);

/* Call @p cb on every live adapter with the registry locked (the delay hook). */
void sim_registry_foreach(void (*cb)(struct qlxge_sim_adapter *ad));

#endif /* SIM_CORE_REGISTRY_H */
