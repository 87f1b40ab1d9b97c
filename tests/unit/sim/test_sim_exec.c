/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Execution of the model (lib/qlxge_sim/core/exec.c, core/registry.c): the model progresses
 * from its own thread, from an rte_service, and from the rte_delay_us hook a single-threaded
 * driver's ready-bit loop calls; several adapters live in one process. The waits below are
 * bounded by iteration counts, never by time.
 */

#include <pthread.h>
#include <sched.h>
#include <string.h>

#include <rte_cycles.h>
#include <rte_lcore.h>
#include <rte_service.h>

#include "sim_test.h"

/* Post ABOUT_FW on @p fn without stepping the model. */
static void
post_about_fw(struct qlxge_sim_func *fn)
{
	assert_true(st_sem_get(fn, QLXGE_SEM_PROC_REG));
	st_proc_wr(fn, QLXGE_MB_IN(qlxge_sim_func_index(fn), 0), QLXGE_MB_CMD_ABOUT_FW);
	st_wr(fn, QLXGE_REG_CSR, QLXGE_CSR_CMD_SET_H2R_INT);
	st_sem_put(fn, QLXGE_SEM_PROC_REG);
}

static void
test_exec_delay_hook(void **state)
{
	struct st_env e;
	unsigned int tries = 0;

	(void)state;
	st_env_init(&e, 0);
	qlxge_sim_delay_hook_install();
	qlxge_sim_delay_hook_install();		/* reference counted */
	post_about_fw(e.fn[0]);
	/* a driver's ready loop: read, delay, read */
	while (!(st_rd(e.fn[0], QLXGE_REG_STS) & QLXGE_STS_PI) && tries++ < 100)
		rte_delay_us(10);
	assert_true(st_rd(e.fn[0], QLXGE_REG_STS) & QLXGE_STS_PI);
	assert_int_equal(st_proc_rd(e.fn[0], QLXGE_MB_OUT(0, 0)), QLXGE_MB_STS_GOOD);
	qlxge_sim_delay_hook_uninstall();
	qlxge_sim_delay_hook_uninstall();
	qlxge_sim_delay_hook_uninstall();	/* one too many: harmless */
	st_env_fini(&e);
}

static void
test_exec_thread(void **state)
{
	struct st_env e;
	unsigned long spins = 0;

	(void)state;
	st_env_init(&e, 0);
	assert_int_equal(qlxge_sim_thread_start(e.ad), 0);
	assert_int_equal(qlxge_sim_thread_start(e.ad), 0);	/* idempotent */
	post_about_fw(e.fn[1]);
	while (!(st_rd(e.fn[1], QLXGE_REG_STS) & QLXGE_STS_PI) && spins++ < 100000000ul)
		sched_yield();
	assert_true(st_rd(e.fn[1], QLXGE_REG_STS) & QLXGE_STS_PI);
	qlxge_sim_thread_stop(e.ad);
	qlxge_sim_thread_stop(e.ad);
	/* put() also stops a running thread */
	assert_int_equal(qlxge_sim_thread_start(e.ad), 0);
	st_env_fini(&e);
}

static void
test_exec_service(void **state)
{
	struct st_env e;
	uint32_t id;
	unsigned int tries = 0;

	(void)state;
	st_env_init(&e, 0);
	assert_int_equal(qlxge_sim_service_register(e.ad, &id), 0);
	post_about_fw(e.fn[0]);
	while (!(st_rd(e.fn[0], QLXGE_REG_STS) & QLXGE_STS_PI) && tries++ < 100)
		rte_service_run_iter_on_app_lcore(id, 1);
	assert_true(st_rd(e.fn[0], QLXGE_REG_STS) & QLXGE_STS_PI);
	assert_int_equal(qlxge_sim_service_unregister(e.ad), 0);
	st_env_fini(&e);
}

/*
 * The model's service mapped to a real service lcore makes the device
 * progress with nobody else calling the poll step: a posted mailbox command completes. The
 * wait is bounded by a count generous enough to fail only on a hang.
 */
static void
test_exec_service_lcore(void **state)
{
	struct st_env e;
	unsigned long spins = 0;
	unsigned int lcore;
	uint32_t id;

	(void)state;
	st_env_init(&e, 0);
	lcore = rte_get_next_lcore(-1, 1, 0);	/* the first worker lcore */
	if (lcore >= RTE_MAX_LCORE) {
		st_env_fini(&e);
		skip();			/* one CPU only: no lcore to give the service */
	}
	assert_int_equal(qlxge_sim_service_register(e.ad, &id), 0);
	assert_int_equal(rte_service_lcore_add(lcore), 0);
	assert_int_equal(rte_service_map_lcore_set(id, lcore, 1), 0);
	assert_int_equal(rte_service_runstate_set(id, 1), 0);
	assert_int_equal(rte_service_lcore_start(lcore), 0);
	post_about_fw(e.fn[0]);
	while (!(st_rd(e.fn[0], QLXGE_REG_STS) & QLXGE_STS_PI) && spins++ < 100000000ul)
		sched_yield();
	assert_true(st_rd(e.fn[0], QLXGE_REG_STS) & QLXGE_STS_PI);
	assert_int_equal(st_proc_rd(e.fn[0], QLXGE_MB_OUT(0, 0)), QLXGE_MB_STS_GOOD);
	/* stop: the service first (an lcore running a service only it runs refuses to stop) */
	assert_int_equal(rte_service_runstate_set(id, 0), 0);
	assert_int_equal(rte_service_map_lcore_set(id, lcore, 0), 0);
	assert_int_equal(rte_service_lcore_stop(lcore), 0);
	spins = 0;
	while (rte_service_may_be_active(id) == 1 && spins++ < 100000000ul)
		sched_yield();
	assert_int_equal(rte_service_lcore_del(lcore), 0);
	assert_int_equal(qlxge_sim_service_unregister(e.ad), 0);
	st_env_fini(&e);
}

struct mbox_worker {
	struct qlxge_sim_func *fn;
	unsigned int ok;
};

/* A driver thread per function issuing mailbox commands while the model thread runs. */
static void *
mbox_worker_main(void *arg)
{
	struct mbox_worker *w = arg;
	unsigned int port = qlxge_sim_func_index(w->fn);

	for (unsigned int i = 0; i < 200; i++) {
		unsigned long spins = 0;

		while (st_rd(w->fn, QLXGE_REG_CSR) & QLXGE_CSR_HRI)
			sched_yield();
		while (!st_sem_get(w->fn, QLXGE_SEM_PROC_REG))
			sched_yield();
		st_proc_wr(w->fn, QLXGE_MB_IN(port, 0), QLXGE_MB_CMD_GET_FW_STATE);
		st_wr(w->fn, QLXGE_REG_CSR, QLXGE_CSR_CMD_SET_H2R_INT);
		st_sem_put(w->fn, QLXGE_SEM_PROC_REG);
		while (!(st_rd(w->fn, QLXGE_REG_STS) & QLXGE_STS_PI) && spins++ < 100000000ul)
			sched_yield();
		while (!st_sem_get(w->fn, QLXGE_SEM_PROC_REG))
			sched_yield();
		if (st_proc_rd(w->fn, QLXGE_MB_OUT(port, 0)) == QLXGE_MB_STS_GOOD &&
		    st_proc_rd(w->fn, QLXGE_MB_OUT(port, 1)) == 0)
			w->ok++;
		st_sem_put(w->fn, QLXGE_SEM_PROC_REG);
		st_wr(w->fn, QLXGE_REG_CSR, QLXGE_CSR_CMD_CLR_R2PCI_INT);
	}
	return NULL;
}

static void
test_exec_concurrent_functions(void **state)
{
	struct st_env e;
	struct mbox_worker w[2];
	pthread_t t[2];

	(void)state;
	st_env_init(&e, 0);
	assert_int_equal(qlxge_sim_thread_start(e.ad), 0);
	for (unsigned int i = 0; i < 2; i++) {
		w[i] = (struct mbox_worker){ e.fn[i], 0 };
		assert_int_equal(pthread_create(&t[i], NULL, mbox_worker_main, &w[i]), 0);
	}
	for (unsigned int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	assert_int_equal(w[0].ok, 200);
	assert_int_equal(w[1].ok, 200);
	st_env_fini(&e);
}

/* Several adapters: independent state, found by name, reference counted. */
static void
test_exec_two_adapters(void **state)
{
	struct st_env a, b;

	(void)state;
	st_env_init(&a, 0);
	st_env_init(&b, 0);
	assert_ptr_not_equal(a.ad, b.ad);
	assert_ptr_equal(qlxge_sim_adapter_find(qlxge_sim_adapter_name(b.ad)), b.ad);
	qlxge_sim_adapter_put(b.ad);
	assert_true(st_sem_get(a.fn[0], QLXGE_SEM_FLASH));
	assert_true(st_sem_get(b.fn[0], QLXGE_SEM_FLASH));	/* not shared across adapters */
	assert_ptr_equal(qlxge_sim_func_adapter(b.fn[1]), b.ad);
	assert_int_equal(qlxge_sim_func_index(b.fn[1]), 1);
	assert_null(qlxge_sim_func(a.ad, 2));
	qlxge_sim_adapter_get(a.ad);
	qlxge_sim_adapter_put(a.ad);
	st_env_fini(&b);
	st_env_fini(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exec_delay_hook),
		cmocka_unit_test(test_exec_thread),
		cmocka_unit_test(test_exec_service),
		cmocka_unit_test(test_exec_service_lcore),
		cmocka_unit_test(test_exec_concurrent_functions),
		cmocka_unit_test(test_exec_two_adapters),
	};

	return cmocka_run_group_tests_name("sim_exec", tests, NULL, NULL);
}
