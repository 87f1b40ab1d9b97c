/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The adapter object (§1, §16.17): one adapter with two NIC PCI
 * functions sharing firmware, flash, MAC address tables and semaphores, each function with its
 * own control-register window (callbacks) and doorbell BAR (memory the model polls). Adapters
 * are named and reference counted in a process-wide registry (core/registry.c); several may
 * exist at once. Creating one powers every stage on; the last reference frees it.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include <rte_byteorder.h>

#include <rte_common.h>

#include "base/irq.h"
#include "base/log.h"
#include "base/reg.h"
#include "base/state.h"
#include "core/registry.h"
#include "core/regs.h"
#include "dataplane/filter.h"
#include "dataplane/route.h"
#include "dataplane/rss.h"
#include "fw/flash.h"
#include "fw/mbox.h"
#include "wire/wire.h"

/* Default firmware version reported by ABOUT_FW: 1.2.3 (any value; docs/model.md). */
#define SIM_FW_VERSION_DEFAULT	0x00010203u

/* A locally administered unicast address from the adapter name, distinct per function. */
static void
sim_default_mac(const char *name, unsigned int idx, uint8_t mac[6])
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	for (; *name != '\0'; name++)
		h = (h ^ (uint8_t)*name) * 16777619u;
	mac[0] = 0x02;
	mac[1] = 0x51;	/* 'Q' */
	mac[2] = (uint8_t)(h >> 24);
	mac[3] = (uint8_t)(h >> 16);
	mac[4] = (uint8_t)(h >> 8);
	mac[5] = (uint8_t)((h & 0xF0u) | (idx & 0x0Fu));
}

static bool
sim_mac_is_zero(const uint8_t mac[6])
{
	return (mac[0] | mac[1] | mac[2] | mac[3] | mac[4] | mac[5]) == 0;
}

static void
sim_adapter_free(struct qlxge_sim_adapter *ad)
{
	unsigned int i;

	for (i = 0; i < QLXGE_SIM_NUM_FUNCS; i++) {
		struct qlxge_sim_func *fn = &ad->fn[i];

		sim_wire_close(fn->wire);
		fn->wire = NULL;
		sim_wire_close(fn->lb_wire);
		fn->lb_wire = NULL;
		sim_irq_close(fn);
		if (fn->db != NULL && fn->db_owned)
			munmap(fn->db, QLXGE_SIM_DB_BAR_SIZE);
		free(fn->rt);
		free(fn->rss);
	}
	free(ad->mac);
	pthread_mutex_destroy(&ad->lock);
	free(ad);
}

int
qlxge_sim_adapter_create(const struct qlxge_sim_params *params,
			 struct qlxge_sim_adapter **adapter)
{
	struct qlxge_sim_adapter *ad;
	uint8_t mac[QLXGE_SIM_NUM_FUNCS][6];
	uint8_t pf[QLXGE_SIM_NUM_FUNCS];
	unsigned int i;
	int ret;

	if (params == NULL || adapter == NULL || params->name == NULL ||
	    params->name[0] == '\0' || strlen(params->name) >= QLXGE_SIM_NAME_MAX)
		return -EINVAL;
	if (params->device_id != 0 && params->device_id != QLXGE_PCI_DEVICE_ID_8000 &&
	    params->device_id != QLXGE_PCI_DEVICE_ID_8012)
		return -EINVAL;
	if ((unsigned int)params->timing > QLXGE_SIM_TIMING_CARD)
		return -EINVAL;
	for (i = 0; i < QLXGE_SIM_NUM_FUNCS; i++)
		if (((uintptr_t)params->db_mem[i] & (4096 - 1)) != 0)
			return -EINVAL;	/* doorbell pages are 4 KiB apart (§5) */
	pf[0] = params->pci_func[0];
	pf[1] = params->pci_func[1];
	if (pf[0] == 0 && pf[1] == 0)
		pf[1] = 1;
	/* Linux calls the lower NIC function port 0 (§1): keep index == port for both drivers. */
	if (pf[0] >= pf[1] || pf[1] > QLXGE_MAX_PCI_FUNC)
		return -EINVAL;
	for (i = 0; i < QLXGE_SIM_NUM_FUNCS; i++) {
		if (sim_mac_is_zero(params->mac[i]))
			sim_default_mac(params->name, i, mac[i]);
		else
			memcpy(mac[i], params->mac[i], 6);
		if (mac[i][0] & 1)	/* Linux refuses a multicast factory MAC (§10.2) */
			return -EINVAL;
	}

	ad = calloc(1, sizeof(*ad));
	if (ad == NULL)
		return -ENOMEM;
	snprintf(ad->name, sizeof(ad->name), "%s", params->name);
	ad->device_id = params->device_id ? params->device_id : QLXGE_PCI_DEVICE_ID_8000;
	ad->fw_version = params->fw_version ? params->fw_version : SIM_FW_VERSION_DEFAULT;
	ad->fw_latency_us = params->fw_latency_us;
	ad->timing = params->timing;
	if (ad->timing == QLXGE_SIM_TIMING_CARD)
		ad->fw_latency_us = RTE_MAX(ad->fw_latency_us, SIM_CARD_FW_LATENCY_US);
	pthread_mutex_init(&ad->lock, NULL);
	for (i = 0; i < QLXGE_SIM_NUM_FUNCS; i++) {
		struct qlxge_sim_func *fn = &ad->fn[i];

		fn->ad = ad;
		fn->idx = i;
		fn->pci_func = pf[i];
		for (unsigned int v = 0; v < QLXGE_SIM_NUM_VECTORS; v++)
			fn->irq_fd[v] = -1;	/* before any failure: the free closes them */
	}
	/* the classification tables, the data plane's (kept apart: the RSS state is large) */
	ad->mac = calloc(1, sizeof(*ad->mac));
	if (ad->mac == NULL) {
		ret = -ENOMEM;
		goto err_free;
	}
	for (i = 0; i < QLXGE_SIM_NUM_FUNCS; i++) {
		struct qlxge_sim_func *fn = &ad->fn[i];

		fn->rt = calloc(1, sizeof(*fn->rt));
		fn->rss = calloc(1, sizeof(*fn->rss));
		if (fn->rt == NULL || fn->rss == NULL) {
			ret = -ENOMEM;
			goto err_free;
		}
		if (params->db_mem[i] != NULL) {
			/* the creator's memory (shared with secondary processes, say) */
			fn->db = params->db_mem[i];
			memset(fn->db, 0, QLXGE_SIM_DB_BAR_SIZE);
		} else {
			fn->db = mmap(NULL, QLXGE_SIM_DB_BAR_SIZE, PROT_READ | PROT_WRITE,
				      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			if (fn->db == MAP_FAILED) {
				fn->db = NULL;
				ret = -ENOMEM;
				goto err_free;
			}
			fn->db_owned = true;
		}
		ret = sim_irq_open(fn);
		if (ret < 0)
			goto err_free;
	}
	ret = sim_flash_program(ad, (const uint8_t (*)[6])mac);
	if (ret < 0)
		goto err_free;
	sim_mac_tables_reset(ad->mac);
	sim_regs_power_on(ad);
	sim_fw_power_on(ad);

	ret = sim_registry_add(ad);
	if (ret < 0)
		goto err_free;
	SIM_LOG(INFO, regs, "adapter %s created: device 0x%04x, functions %u/%u, "
		"MACs %02x:%02x:%02x:%02x:%02x:%02x %02x:%02x:%02x:%02x:%02x:%02x", ad->name,
		ad->device_id, pf[0], pf[1], mac[0][0], mac[0][1], mac[0][2], mac[0][3],
		mac[0][4], mac[0][5], mac[1][0], mac[1][1], mac[1][2], mac[1][3], mac[1][4],
		mac[1][5]);
	*adapter = ad;
	return 0;

err_free:
	sim_adapter_free(ad);
	return ret;
}

struct qlxge_sim_adapter *
qlxge_sim_adapter_find(const char *name)
{
	return name != NULL ? sim_registry_find(name) : NULL;
}

void
qlxge_sim_adapter_get(struct qlxge_sim_adapter *adapter)
{
	if (adapter != NULL)
		sim_registry_get(adapter);
}

void
qlxge_sim_adapter_put(struct qlxge_sim_adapter *adapter)
{
	if (adapter == NULL || !sim_registry_put(adapter))
		return;
	qlxge_sim_thread_stop(adapter);
	qlxge_sim_service_unregister(adapter);
	/* the last poll step (of a service lcore, whose end DPDK reports through atomics no
	 * sanitizer sees) ran under the lock: taking it orders its accesses before the free */
	sim_adapter_lock(adapter);
	sim_adapter_unlock(adapter);
	/* A peer wire into this adapter is closed on our side; the far end sees no carrier. */
	SIM_LOG(INFO, regs, "adapter %s freed", adapter->name);
	sim_adapter_free(adapter);
}

const char *
qlxge_sim_adapter_name(const struct qlxge_sim_adapter *adapter)
{
	return adapter != NULL ? adapter->name : NULL;
}

struct qlxge_sim_func *
qlxge_sim_func(struct qlxge_sim_adapter *adapter, unsigned int idx)
{
	if (adapter == NULL || idx >= QLXGE_SIM_NUM_FUNCS)
		return NULL;
	return &adapter->fn[idx];
}

struct qlxge_sim_adapter *
qlxge_sim_func_adapter(struct qlxge_sim_func *fn)
{
	return fn != NULL ? fn->ad : NULL;
}

unsigned int
qlxge_sim_func_index(const struct qlxge_sim_func *fn)
{
	return fn != NULL ? fn->idx : 0;
}

uint16_t
qlxge_sim_device_id(const struct qlxge_sim_adapter *adapter)
{
	return adapter != NULL ? adapter->device_id : 0;
}

uint32_t
qlxge_sim_reg_read(void *opaque, uint32_t offset)
{
	struct qlxge_sim_func *fn = opaque;
	uint32_t v;

	if (fn == NULL)
		return 0;
	sim_adapter_lock(fn->ad);
	v = sim_reg_read_locked(fn, offset);
	sim_adapter_unlock(fn->ad);
	return v;
}

void
qlxge_sim_reg_write(void *opaque, uint32_t offset, uint32_t value)
{
	struct qlxge_sim_func *fn = opaque;

	if (fn == NULL)
		return;
	sim_adapter_lock(fn->ad);
	sim_reg_write_locked(fn, offset, value);
	sim_adapter_unlock(fn->ad);
}

void *
qlxge_sim_doorbell_base(struct qlxge_sim_func *fn)
{
	return fn != NULL ? fn->db : NULL;
}
