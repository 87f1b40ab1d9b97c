/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Start DPDK's EAL for a test program the way every qlxge test does: no hugepages, no shared
 * configuration and no PCI scan (so test programs run in parallel on a machine without
 * hugepages or an IOMMU; IOVA is VA), with the qlxge plugins loaded by -d from the build tree
 * (or, for the model's tests, without them).
 */

#ifndef QLXGE_TEST_EAL_H
#define QLXGE_TEST_EAL_H

/*
 * Initialise EAL once per process. @p extra is a NULL-terminated list of further EAL arguments
 * (e.g. "--vdev", "net_qlxge_sim0,adapter=a", or "-l", "0-1"); it may be NULL. Both plugins are
 * loaded, each with its own -d: the driver (librte_net_qlxge.so, or $QLXGE_PMD_SO when set) and
 * the model's (librte_net_qlxge_sim.so, or $QLXGE_SIM_PMD_SO). QLXGE_TEST_EAL_ARGS may hold extra
 * space-separated EAL arguments (e.g. "--log-level=pmd.net.qlxge.*:debug").
 * @return 0 on success (also when EAL is already up), a negative errno otherwise.
 */
int qlxge_test_eal_init(const char *const *extra);

/*
 * As qlxge_test_eal_init(), without loading the PMD (no -d): for the model's own tests
 * (tests/unit/sim), which must run without any driver code. Same defaults, same @p extra and
 * QLXGE_TEST_EAL_ARGS handling. Whichever of the two runs first in a process wins.
 */
int qlxge_test_eal_init_nopmd(const char *const *extra);

/* The paths of the plugins the tests load: the driver of the card, the model's. */
const char *qlxge_test_pmd_path(void);
const char *qlxge_test_sim_pmd_path(void);

/* rte_eal_cleanup() if qlxge_test_eal_init() started EAL; for the end of main(). */
void qlxge_test_eal_fini(void);

#endif /* QLXGE_TEST_EAL_H */
