/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_eal.h>
#include <rte_errno.h>

#include "qlxge_test_eal.h"

#if !defined(QLXGE_TEST_PMD_SO) || !defined(QLXGE_TEST_SIM_PMD_SO)
#error "QLXGE_TEST_PMD_SO and QLXGE_TEST_SIM_PMD_SO must name the plugins built by meson"
#endif

#define TEST_EAL_MAX_ARGS 64

static bool eal_up;

static const char *
test_path(const char *var, const char *built)
{
	const char *env = getenv(var);

	return (env != NULL && env[0] != '\0') ? env : built;
}

const char *
qlxge_test_pmd_path(void)
{
	return test_path("QLXGE_PMD_SO", QLXGE_TEST_PMD_SO);
}

const char *
qlxge_test_sim_pmd_path(void)
{
	return test_path("QLXGE_SIM_PMD_SO", QLXGE_TEST_SIM_PMD_SO);
}

static int
test_eal_init(const char *const *extra, bool pmd)
{
	static char envbuf[1024];
	char *argv[TEST_EAL_MAX_ARGS];
	int argc = 0;
	const char *env;
	int ret;

	if (eal_up)
		return 0;

	argv[argc++] = (char *)"qlxge-test";
	argv[argc++] = (char *)"--no-huge";
	argv[argc++] = (char *)"--no-shconf";
	argv[argc++] = (char *)"--no-pci";
	argv[argc++] = (char *)"-m";
	argv[argc++] = (char *)"256";
	argv[argc++] = (char *)"--log-level=lib.eal:error";
	if (pmd) {
		/* both plugins, as a user loads them: the driver, then the model's */
		argv[argc++] = (char *)"-d";
		argv[argc++] = (char *)qlxge_test_pmd_path();
		argv[argc++] = (char *)"-d";
		argv[argc++] = (char *)qlxge_test_sim_pmd_path();
	}
	for (; extra != NULL && *extra != NULL; extra++) {
		if (argc >= TEST_EAL_MAX_ARGS - 1)
			return -E2BIG;
		argv[argc++] = (char *)*extra;
	}
	env = getenv("QLXGE_TEST_EAL_ARGS");
	if (env != NULL && env[0] != '\0') {
		snprintf(envbuf, sizeof(envbuf), "%s", env);
		for (char *tok = strtok(envbuf, " "); tok != NULL; tok = strtok(NULL, " ")) {
			if (argc >= TEST_EAL_MAX_ARGS - 1)
				return -E2BIG;
			argv[argc++] = tok;
		}
	}
	argv[argc] = NULL;

	ret = rte_eal_init(argc, argv);
	if (ret < 0) {
		fprintf(stderr, "qlxge-test: rte_eal_init failed: %s\n", rte_strerror(rte_errno));
		return rte_errno != 0 ? -rte_errno : -EIO;
	}
	eal_up = true;
	return 0;
}

int
qlxge_test_eal_init(const char *const *extra)
{
	return test_eal_init(extra, true);
}

int
qlxge_test_eal_init_nopmd(const char *const *extra)
{
	return test_eal_init(extra, false);
}

void
qlxge_test_eal_fini(void)
{
	if (eal_up) {
		rte_eal_cleanup();
		eal_up = false;
	}
}
