/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Is a function ready for vfio-pci, and if not, what exactly to run. The machine's conditions
 * (IOMMU, vfio-pci loaded, hugepages) are judged once, each function's own (bound to
 * vfio-pci, a viable IOMMU group) per function; a function is ready when both verdicts are
 * empty. Commands are those of DPDK's own tools (dpdk-devbind.py, dpdk-hugepages.py) where one
 * exists, so that a user recognises them.
 */

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qlxge_find.h"

/* What dpdk-hugepages.py reserves when the machine has none: enough for testpmd on two ports. */
#define QLXGE_FIND_HUGEPAGES	"2G"

static const char * const qlxge_find_cond_names[QLXGE_FIND_COND_MAX] = {
	[QLXGE_FIND_COND_IOMMU] = "iommu",
	[QLXGE_FIND_COND_VFIO_PCI] = "vfio-pci",
	[QLXGE_FIND_COND_HUGEPAGES] = "hugepages",
	[QLXGE_FIND_COND_DRIVER] = "driver",
	[QLXGE_FIND_COND_GROUP] = "iommu-group",
};

const char *
qlxge_find_cond_name(enum qlxge_find_cond cond)
{
	return cond < QLXGE_FIND_COND_MAX ? qlxge_find_cond_names[cond] : "?";
}

static struct qlxge_find_issue *
qlxge_find_issue(struct qlxge_find_verdict *v, enum qlxge_find_cond cond, const char *fmt, ...)
{
	struct qlxge_find_issue *is = &v->issues[v->nb_issues];
	va_list ap;
	int rc;

	memset(is, 0, sizeof(*is));
	is->cond = cond;
	va_start(ap, fmt);
	rc = vasprintf(&is->reason, fmt, ap);
	va_end(ap);
	if (rc < 0)
		return NULL;
	v->nb_issues++;
	return is;
}

/* The kernel parameters that turn the IOMMU on, by CPU vendor (from /proc/cpuinfo). */
static const char *
qlxge_find_iommu_params(const char *cpu_vendor)
{
	if (strcmp(cpu_vendor, "GenuineIntel") == 0)
		return "intel_iommu=on iommu=pt";
	if (strcmp(cpu_vendor, "AuthenticAMD") == 0 || strcmp(cpu_vendor, "HygonGenuine") == 0)
		return "amd_iommu=on iommu=pt";
	/* Unknown: the kernel ignores the other vendor's parameter. */
	return "intel_iommu=on amd_iommu=on iommu=pt";
}

static int
qlxge_find_iommu_issue(const struct qlxge_find_sys *sys, struct qlxge_find_verdict *v)
{
	const char *params = qlxge_find_iommu_params(sys->cpu_vendor);
	struct qlxge_find_issue *is;
	int rc;

	is = qlxge_find_issue(v, QLXGE_FIND_COND_IOMMU, "no IOMMU: /sys/kernel/iommu_groups is "
		"empty. Turn VT-d (Intel) or AMD-Vi (AMD) on in the firmware setup and add \"%s\" "
		"to the kernel command line; with GRUB:", params);
	if (is == NULL)
		return -ENOMEM;
	rc = qlxge_find_strv_addf(&is->cmds, "sed -i 's/^GRUB_CMDLINE_LINUX=\"/&%s /' "
		"/etc/default/grub", params);
	if (rc == 0)
		rc = qlxge_find_strv_addf(&is->cmds, "update-grub");
	if (rc == 0)
		rc = qlxge_find_strv_addf(&is->cmds, "reboot");
	if (rc != 0)
		return rc;
	is->alt_reason = strdup("or, on a machine without an IOMMU, vfio's no-IOMMU mode "
		"(unsafe: the card can DMA anywhere in memory)");
	if (is->alt_reason == NULL)
		return -ENOMEM;
	if (sys->vfio_loaded)
		return qlxge_find_strv_addf(&is->alt_cmds,
			"echo Y > /sys/module/vfio/parameters/enable_unsafe_noiommu_mode");
	return qlxge_find_strv_addf(&is->alt_cmds, "modprobe vfio enable_unsafe_noiommu_mode=1");
}

static int
qlxge_find_hugepage_issue(const struct qlxge_find_sys *sys, struct qlxge_find_verdict *v)
{
	bool reserved = sys->hugepages_kb > 0, mounted = sys->hugetlbfs[0] != '\0';
	struct qlxge_find_issue *is;

	if (!sys->hugepage_support) {
		is = qlxge_find_issue(v, QLXGE_FIND_COND_HUGEPAGES, "the kernel has no hugepage "
			"support (/sys/kernel/mm/hugepages missing): use a kernel built with "
			"CONFIG_HUGETLBFS");
		return is == NULL ? -ENOMEM : 0;
	}
	if (reserved && mounted)
		return 0;
	is = qlxge_find_issue(v, QLXGE_FIND_COND_HUGEPAGES, "%s", !reserved && !mounted ?
		"no hugepages reserved, no hugetlbfs mounted" : !reserved ?
		"no hugepages reserved" : "no hugetlbfs mounted");
	if (is == NULL)
		return -ENOMEM;
	if (!reserved && !mounted)
		return qlxge_find_strv_addf(&is->cmds, "dpdk-hugepages.py --setup "
			QLXGE_FIND_HUGEPAGES);
	if (!reserved)
		return qlxge_find_strv_addf(&is->cmds, "dpdk-hugepages.py --reserve "
			QLXGE_FIND_HUGEPAGES);
	return qlxge_find_strv_addf(&is->cmds, "dpdk-hugepages.py --mount");
}

int
qlxge_find_verdict_sys(const struct qlxge_find_sys *sys, struct qlxge_find_verdict *v)
{
	struct qlxge_find_issue *is;
	int rc = 0;

	memset(v, 0, sizeof(*v));
	if (sys->iommu == QLXGE_FIND_IOMMU_OFF)
		rc = qlxge_find_iommu_issue(sys, v);
	else if (sys->iommu == QLXGE_FIND_IOMMU_NOIOMMU &&
			(v->note = strdup("no IOMMU: vfio's unsafe no-IOMMU mode is on (no DMA "
			"isolation; EAL then uses physical addresses)")) == NULL)
		rc = -ENOMEM;
	if (rc == 0 && !sys->vfio_pci_loaded) {
		is = qlxge_find_issue(v, QLXGE_FIND_COND_VFIO_PCI, "the vfio-pci driver is not "
			"loaded");
		rc = is == NULL ? -ENOMEM : qlxge_find_strv_addf(&is->cmds, "modprobe vfio-pci");
	}
	if (rc == 0)
		rc = qlxge_find_hugepage_issue(sys, v);
	return rc;
}

static int
qlxge_find_driver_issue(const struct qlxge_find_fn *fn, struct qlxge_find_verdict *v)
{
	bool up = fn->netdev[0] != '\0' && strcmp(fn->operstate, "up") == 0;
	struct qlxge_find_issue *is;
	int rc = 0;

	if (fn->driver[0] == '\0')
		is = qlxge_find_issue(v, QLXGE_FIND_COND_DRIVER, "bound to no driver, not to "
			"vfio-pci");
	else if (fn->netdev[0] != '\0')
		is = qlxge_find_issue(v, QLXGE_FIND_COND_DRIVER, "bound to %s (netdev %s, link "
			"%s), not to vfio-pci%s", fn->driver, fn->netdev, fn->operstate,
			up ? "; take the interface down first (dpdk-devbind.py refuses an "
			"active one)" : "");
	else
		is = qlxge_find_issue(v, QLXGE_FIND_COND_DRIVER, "bound to %s, not to vfio-pci",
			fn->driver);
	if (is == NULL)
		return -ENOMEM;
	if (up)
		rc = qlxge_find_strv_addf(&is->cmds, "ip link set dev %s down", fn->netdev);
	if (rc == 0)
		rc = qlxge_find_strv_addf(&is->cmds, "dpdk-devbind.py -b vfio-pci %s", fn->addr);
	return rc;
}

static int
qlxge_find_blockers_issue(const struct qlxge_find_fn *fn, struct qlxge_find_verdict *v)
{
	struct qlxge_find_issue *is;
	char *members = NULL, *more;
	unsigned int i;
	int rc = 0;

	for (i = 0; i < fn->nb_blockers; i++) {
		const struct qlxge_find_blocker *b = &fn->blockers[i];

		if (asprintf(&more, "%s%s%s is bound to %s", members ? members : "",
				members ? ", " : "", b->addr, b->driver) < 0) {
			free(members);
			return -ENOMEM;
		}
		free(members);
		members = more;
	}
	is = qlxge_find_issue(v, QLXGE_FIND_COND_GROUP, "IOMMU group %d is not viable: %s "
		"(vfio accepts members on vfio-pci, on no driver, and bridges only)",
		fn->iommu_group, members);
	free(members);
	if (is == NULL)
		return -ENOMEM;
	for (i = 0; rc == 0 && i < fn->nb_blockers; i++) {
		const struct qlxge_find_blocker *b = &fn->blockers[i];

		/* Another 8100 port goes to vfio-pci too; anything else is only unbound. */
		rc = qlxge_find_strv_addf(&is->cmds, "dpdk-devbind.py %s %s",
			b->is_nic ? "-b vfio-pci" : "-u", b->addr);
	}
	return rc;
}

static int
qlxge_find_group_issue(const struct qlxge_find_fn *fn, struct qlxge_find_verdict *v)
{
	struct qlxge_find_issue *is = NULL;

	if (fn->iommu_group < 0)
		is = qlxge_find_issue(v, QLXGE_FIND_COND_GROUP, "in no IOMMU group although "
			"the IOMMU is on: the IOMMU does not cover it (check the firmware's "
			"VT-d/AMD-Vi settings)");
	else if (fn->group_err != 0)
		is = qlxge_find_issue(v, QLXGE_FIND_COND_GROUP, "the members of IOMMU group %d "
			"cannot be read: %s", fn->iommu_group, strerror(-fn->group_err));
	else if (fn->nb_blockers > 0)
		return qlxge_find_blockers_issue(fn, v);
	else
		return 0;
	return is == NULL ? -ENOMEM : 0;
}

int
qlxge_find_verdict_fn(const struct qlxge_find_sys *sys, const struct qlxge_find_fn *fn,
		struct qlxge_find_verdict *v)
{
	int rc = 0;

	memset(v, 0, sizeof(*v));
	if (strcmp(fn->driver, "vfio-pci") != 0)
		rc = qlxge_find_driver_issue(fn, v);
	/* Without an IOMMU there is no group to judge (no-IOMMU mode makes one at binding). */
	if (rc == 0 && sys->iommu == QLXGE_FIND_IOMMU_ON)
		rc = qlxge_find_group_issue(fn, v);
	return rc;
}

void
qlxge_find_verdict_free(struct qlxge_find_verdict *v)
{
	unsigned int i;

	for (i = 0; i < v->nb_issues; i++) {
		free(v->issues[i].reason);
		qlxge_find_strv_free(&v->issues[i].cmds);
		free(v->issues[i].alt_reason);
		qlxge_find_strv_free(&v->issues[i].alt_cmds);
	}
	free(v->note);
	memset(v, 0, sizeof(*v));
}

/*
 * The PMD is an external one: EAL loads it by itself only from DPDK's driver folder; from
 * anywhere else testpmd needs -d. NULL: no -d needed.
 */
static const char *
qlxge_find_pmd_arg(void)
{
	static const char installed[] = QLXGE_FIND_PMD_INSTALLED;
	static const char build[] = QLXGE_FIND_PMD_BUILD;
	static const char dpdk_dir[] = QLXGE_FIND_DPDK_PMD_DIR "/";

	if (access(installed, F_OK) == 0)
		return strncmp(installed, dpdk_dir, strlen(dpdk_dir)) == 0 &&
			strchr(installed + strlen(dpdk_dir), '/') == NULL ? NULL : installed;
	if (build[0] != '\0' && access(build, F_OK) == 0)
		return build;
	return installed;	/* where "meson install" puts it */
}

int
qlxge_find_testpmd_cmd(const struct qlxge_find_scan *scan, char **cmd)
{
	const char *pmd = qlxge_find_pmd_arg();
	char *s, *more;
	unsigned int i;

	if (asprintf(&s, "dpdk-testpmd%s%s", pmd ? " -d " : "", pmd ? pmd : "") < 0)
		return -ENOMEM;
	for (i = 0; i < scan->nb_fns; i++) {
		if (asprintf(&more, "%s -a %s", s, scan->fns[i].addr) < 0) {
			free(s);
			return -ENOMEM;
		}
		free(s);
		s = more;
	}
	if (asprintf(&more, "%s -- -i", s) < 0) {
		free(s);
		return -ENOMEM;
	}
	free(s);
	*cmd = more;
	return 0;
}
