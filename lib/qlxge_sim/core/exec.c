/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Execution of the model (design.md "How the model runs"): the poll step
 * does one round of device work on both functions (firmware, doorbells and queues, wires,
 * completions, interrupts) under the adapter lock, so it is deterministic when a test calls it
 * and safe against register callbacks from drivers on other threads. Callers: a thread owned
 * by the adapter (backing off when idle), an rte_service, a test, or the rte_delay_us callback
 * that lets a single-threaded driver polling a ready bit see the device progress.
 */

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>

#include <rte_cycles.h>
#include <rte_pause.h>
#include <rte_service_component.h>

#include "base/dma.h"
#include "base/irq.h"
#include "base/log.h"
#include "base/state.h"
#include "core/registry.h"
#include "fw/mbox.h"
#include "queues/cq.h"
#include "queues/icb.h"
#include "queues/rx.h"
#include "queues/wq.h"

/*
 * One step of function @p fn, the device's pipeline in order: the firmware, the queues' valid
 * doorbells, every WQ (doorbell -> TX engine -> wire, completions), the frames on the wires
 * (wire -> classification -> buffers, completions), then per CQ the producer shadow and
 * coalescing, then the interrupts.
 */
static unsigned int
sim_func_step(struct qlxge_sim_func *fn, uint64_t now)
{
	unsigned int work = 0;
	unsigned int q;

	/* a function reset has completed by the next step (§16.2), unless it takes a card's time;
	 * a CFG command taking a card's time completes once due */
	if (fn->ad->timing == QLXGE_SIM_TIMING_INSTANT)
		fn->reset_pending = false;
	else if (fn->cfg_pending && now >= fn->cfg_due)
		sim_cfg_complete(fn);
	work += sim_fw_poll(fn, now);
	sim_dma_step(fn);
	if (!(fn->regs[QLXGE_REG_FSC / 4] & QLXGE_FSC_FE)) {
		/* a disabled function takes nothing; frames reaching it are lost */
		work += sim_rx_poll(fn, now);
		return work;
	}
	/* the loaded queues only: a PMD uses a few of the 128 */
	SIM_FOREACH_BIT(q, fn->cq_live)
		sim_cq_valid_poll(fn, q);
	SIM_FOREACH_BIT(q, fn->wq_live)
		work += sim_wq_poll(fn, q, now);
	work += sim_rx_poll(fn, now);
	SIM_FOREACH_BIT(q, fn->cq_live)
		work += sim_cq_poll(fn, q, now);
	sim_irq_update(fn);
	return work;
}

unsigned int
qlxge_sim_poll(struct qlxge_sim_adapter *adapter)
{
	unsigned int work = 0;
	unsigned int i;
	uint64_t now;

	if (adapter == NULL)
		return 0;
	sim_adapter_lock(adapter);
	now = sim_now_us();
	adapter->now = now;
	sim_trace_refresh(adapter);
	for (i = 0; i < QLXGE_SIM_NUM_FUNCS; i++)
		work += sim_func_step(&adapter->fn[i], now);
	sim_adapter_unlock(adapter);
	return work;
}

/* ---- thread -------------------------------------------------------------------------------- */

/* Idle polls the thread makes before it sleeps, each after SIM_IDLE_PAUSES pauses (about
 * 30 us in all on these machines). */
#define SIM_IDLE_SPIN_POLLS	32
#define SIM_IDLE_PAUSES		64

static void *
sim_thread_main(void *arg)
{
	struct qlxge_sim_adapter *ad = arg;
	unsigned int idle = 0;

	while (!__atomic_load_n(&ad->thread_stop, __ATOMIC_ACQUIRE)) {
		if (qlxge_sim_poll(ad) != 0) {
			idle = 0;
			continue;
		}
		/*
		 * Back off when idle: poll again after a short pause for a while (latency
		 * under traffic), then sleep 20 us, and 100 us once idle for long (a shared
		 * machine's CPU). A pause, not sched_yield(): with the kernel's EEVDF scheduler
		 * (Linux 6.6 on) a yield moves the thread's deadline a whole slice on, so a
		 * device that yields whenever it catches up between two bursts gives its share
		 * of a core to a busy thread beside it. Measured in qlxge-bench-shared-tx with
		 * two senders of one frame each on the two cores: the model's thread had 17 %
		 * of a CPU with yields, 50 % with pauses.
		 */
		if (++idle < SIM_IDLE_SPIN_POLLS) {
			for (unsigned int k = 0; k < SIM_IDLE_PAUSES; k++)
				rte_pause();
		} else {
			struct timespec ts = { 0, idle < 2048 ? 20000 : 100000 };

			nanosleep(&ts, NULL);
		}
	}
	return NULL;
}

int
qlxge_sim_thread_start(struct qlxge_sim_adapter *adapter)
{
	char name[16];
	int ret;

	if (adapter == NULL)
		return -EINVAL;
	if (adapter->thread_running)
		return 0;
	__atomic_store_n(&adapter->thread_stop, 0, __ATOMIC_RELEASE);
	ret = pthread_create(&adapter->thread, NULL, sim_thread_main, adapter);
	if (ret != 0)
		return -ret;
	snprintf(name, sizeof(name), "sim-%.11s", adapter->name);
	pthread_setname_np(adapter->thread, name);
	adapter->thread_running = true;
	return 0;
}

void
qlxge_sim_thread_stop(struct qlxge_sim_adapter *adapter)
{
	if (adapter == NULL || !adapter->thread_running)
		return;
	__atomic_store_n(&adapter->thread_stop, 1, __ATOMIC_RELEASE);
	pthread_join(adapter->thread, NULL);
	adapter->thread_running = false;
}

/* ---- rte_service ---------------------------------------------------------------------------- */

static int32_t
sim_service_cb(void *arg)
{
	return qlxge_sim_poll(arg) != 0 ? 0 : -EAGAIN;
}

int
qlxge_sim_service_register(struct qlxge_sim_adapter *adapter, uint32_t *service_id)
{
	struct rte_service_spec spec = { 0 };
	int ret;

	if (adapter == NULL || service_id == NULL)
		return -EINVAL;
	if (adapter->service_registered) {
		*service_id = adapter->service_id;
		return 0;
	}
	snprintf(spec.name, sizeof(spec.name), "qlxge_sim_%.21s", adapter->name);
	spec.callback = sim_service_cb;
	spec.callback_userdata = adapter;
	spec.capabilities = RTE_SERVICE_CAP_MT_SAFE;	/* the poll step takes the lock */
	ret = rte_service_component_register(&spec, &adapter->service_id);
	if (ret < 0)
		return ret;
	rte_service_component_runstate_set(adapter->service_id, 1);
	rte_service_runstate_set(adapter->service_id, 1);
	adapter->service_registered = true;
	*service_id = adapter->service_id;
	return 0;
}

int
qlxge_sim_service_unregister(struct qlxge_sim_adapter *adapter)
{
	if (adapter == NULL)
		return -EINVAL;
	if (!adapter->service_registered)
		return 0;
	rte_service_runstate_set(adapter->service_id, 0);
	rte_service_component_runstate_set(adapter->service_id, 0);
	/* wait for a service lcore still inside the callback */
	while (rte_service_may_be_active(adapter->service_id) == 1)
		sched_yield();
	rte_service_component_unregister(adapter->service_id);
	adapter->service_registered = false;
	return 0;
}

/* ---- rte_delay_us hook ---------------------------------------------------------------------- */

static pthread_mutex_t sim_hook_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned int sim_hook_refs;

static void
sim_hook_poll(struct qlxge_sim_adapter *ad)
{
	qlxge_sim_poll(ad);
}

static void
sim_delay_cb(unsigned int us)
{
	sim_registry_foreach(sim_hook_poll);
	rte_delay_us_block(us);
	/* what was posted during the delay is visible to the read that follows it */
	sim_registry_foreach(sim_hook_poll);
}

void
qlxge_sim_delay_hook_install(void)
{
	pthread_mutex_lock(&sim_hook_lock);
	if (sim_hook_refs++ == 0)
		rte_delay_us_callback_register(sim_delay_cb);
	pthread_mutex_unlock(&sim_hook_lock);
}

void
qlxge_sim_delay_hook_uninstall(void)
{
	pthread_mutex_lock(&sim_hook_lock);
	if (sim_hook_refs > 0 && --sim_hook_refs == 0)
		rte_delay_us_callback_register(rte_delay_us_block);
	pthread_mutex_unlock(&sim_hook_lock);
}
