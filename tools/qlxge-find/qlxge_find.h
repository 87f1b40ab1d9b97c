/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * qlxge-find: which PCI functions of this machine are QLogic 8100 NIC functions, and what stands
 * between each of them and vfio-pci (hence DPDK). DPDK-free on purpose: it runs before DPDK is
 * set up. Four parts, one file each:
 *   qlxge_find_pci.c    the functions, found with libpciaccess (ids, addresses, ports)
 *   qlxge_find_sysfs.c  what libpciaccess does not know: NUMA node, IOMMU group, driver, netdev,
 *                       and the machine's IOMMU, vfio-pci and hugepage state, from sysfs
 *   qlxge_find_ready.c  the verdict per function and the commands that fix each missing condition
 *   qlxge_find_report.c the text and JSON reports
 * Internal functions return 0 or a negative errno.
 */

#ifndef QLXGE_FIND_H
#define QLXGE_FIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define QLXGE_FIND_VENDOR	0x1077	/* QLogic */
/* The NIC functions of the 8100 series (its FCoE functions have other ids and are not ours). */
#define QLXGE_FIND_DEV_8000	0x8000
#define QLXGE_FIND_DEV_8012	0x8012

#define QLXGE_FIND_ADDR_LEN	24	/* "dddddddd:bb:dd.f" */
#define QLXGE_FIND_NAME_LEN	64	/* driver, netdev, operstate names */

/* A growable list of strings (commands, reasons). */
struct qlxge_find_strv {
	char **v;
	unsigned int n;
};

int qlxge_find_strv_addf(struct qlxge_find_strv *sv, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void qlxge_find_strv_free(struct qlxge_find_strv *sv);

/* A member of a function's IOMMU group that keeps the group from being viable for vfio-pci. */
struct qlxge_find_blocker {
	char addr[256];		/* a sysfs name: a PCI address, or another bus's device name */
	char driver[QLXGE_FIND_NAME_LEN];
	bool is_nic;		/* an 8100 NIC function itself: bind it, rather than unbind it */
};

/* One 8100 NIC function. */
struct qlxge_find_fn {
	char addr[QLXGE_FIND_ADDR_LEN];		/* "0000:03:00.0", as sysfs names it */
	uint32_t domain;
	uint8_t bus, dev, func;
	uint16_t device_id;
	unsigned int port;	/* 0: lower NIC function of its PCI device, 1: the higher */
	int probe_err;		/* pci_device_probe() result, negative errno */
	int numa_node;		/* -1: the kernel does not know */
	int iommu_group;	/* -1: none */
	char driver[QLXGE_FIND_NAME_LEN];	/* "": no driver */
	char netdev[QLXGE_FIND_NAME_LEN];	/* "": no kernel interface */
	char operstate[QLXGE_FIND_NAME_LEN];	/* of netdev: up, down, ... */
	struct qlxge_find_blocker *blockers;
	unsigned int nb_blockers;
	int group_err;		/* negative errno: the group's members could not be read */
};

/* The PCI scan. */
struct qlxge_find_scan {
	struct qlxge_find_fn *fns;
	unsigned int nb_fns;
	unsigned int nb_scanned;	/* PCI functions libpciaccess saw in all */
};

enum qlxge_find_iommu {
	QLXGE_FIND_IOMMU_OFF,
	QLXGE_FIND_IOMMU_ON,
	QLXGE_FIND_IOMMU_NOIOMMU,	/* no IOMMU, vfio's unsafe no-IOMMU mode enabled */
};

/* The machine's side of readiness. */
struct qlxge_find_sys {
	enum qlxge_find_iommu iommu;
	unsigned int nb_groups;		/* IOMMU groups, vfio's no-IOMMU groups not counted */
	bool vfio_loaded;		/* module vfio */
	bool vfio_pci_loaded;		/* driver vfio-pci registered on the PCI bus */
	bool hugepage_support;		/* <sysfs>/kernel/mm/hugepages exists */
	uint64_t hugepages_kb;		/* reserved, all page sizes */
	char hugetlbfs[256];		/* a hugetlbfs mount point, "": none */
	char cpu_vendor[16];		/* GenuineIntel, AuthenticAMD, "": other */
};

/* The conditions for vfio-pci, in the order their fixes must run. */
enum qlxge_find_cond {
	QLXGE_FIND_COND_IOMMU,
	QLXGE_FIND_COND_VFIO_PCI,
	QLXGE_FIND_COND_HUGEPAGES,
	QLXGE_FIND_COND_DRIVER,
	QLXGE_FIND_COND_GROUP,
	QLXGE_FIND_COND_MAX,
};

/* A missing condition: why, the commands (as root) that meet it, and another way if any. */
struct qlxge_find_issue {
	enum qlxge_find_cond cond;
	char *reason;
	struct qlxge_find_strv cmds;
	char *alt_reason;		/* NULL: no other way */
	struct qlxge_find_strv alt_cmds;
};

struct qlxge_find_verdict {
	struct qlxge_find_issue issues[QLXGE_FIND_COND_MAX];
	unsigned int nb_issues;
	char *note;		/* met, with a caveat (no-IOMMU mode), or NULL */
};

/* Where the tool reads sysfs and the mount table; tests point them at a fake tree. */
struct qlxge_find_paths {
	const char *sysfs;	/* default /sys */
	const char *mounts;	/* default /proc/mounts */
	const char *cpuinfo;	/* default /proc/cpuinfo */
};

/* qlxge_find_pci.c */
int qlxge_find_pci_scan(struct qlxge_find_scan *scan);
void qlxge_find_scan_free(struct qlxge_find_scan *scan);
const char *qlxge_find_pci_strerror(int err);

/* qlxge_find_sysfs.c */
int qlxge_find_sysfs_fn(const struct qlxge_find_paths *p, struct qlxge_find_fn *fn);
int qlxge_find_sysfs_sys(const struct qlxge_find_paths *p, struct qlxge_find_sys *sys);
bool qlxge_find_is_nic_id(uint16_t vendor, uint16_t device);

/* qlxge_find_ready.c */
int qlxge_find_verdict_sys(const struct qlxge_find_sys *sys, struct qlxge_find_verdict *v);
int qlxge_find_verdict_fn(const struct qlxge_find_sys *sys, const struct qlxge_find_fn *fn,
		struct qlxge_find_verdict *v);
void qlxge_find_verdict_free(struct qlxge_find_verdict *v);
const char *qlxge_find_cond_name(enum qlxge_find_cond cond);
int qlxge_find_testpmd_cmd(const struct qlxge_find_scan *scan, char **cmd);

/* qlxge_find_report.c */
struct qlxge_find_report {
	const struct qlxge_find_scan *scan;
	const struct qlxge_find_sys *sys;
	const struct qlxge_find_verdict *sys_verdict;
	const struct qlxge_find_verdict *fn_verdicts;	/* one per scan->fns[] */
	const char *testpmd;
};

void qlxge_find_report_none(const struct qlxge_find_scan *scan);
void qlxge_find_report_text(const struct qlxge_find_report *r);
void qlxge_find_report_json(const struct qlxge_find_report *r);

#endif /* QLXGE_FIND_H */
