/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * What libpciaccess does not tell: each function's NUMA node, IOMMU group, kernel driver and
 * netdev, and the machine's IOMMU, vfio-pci and hugepage state. All read below a sysfs root
 * (default /sys) so that tests can point the tool at a fake tree. A missing file is a fact
 * (no driver, no group, ...), not an error; only running out of memory or path room is.
 */

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <mntent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qlxge_find.h"

#define QLXGE_FIND_CLASS_BRIDGE	0x0604	/* PCI-to-PCI bridge, class and subclass */

/* Drivers that leave an IOMMU group viable for vfio (besides vfio-pci and none). */
static const char * const qlxge_find_group_ok_drivers[] = { "vfio-pci", "pci-stub" };

static int
qlxge_find_path(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* The first line of a sysfs attribute, without its newline. */
static int
qlxge_find_read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	int rc = 0;

	if (f == NULL)
		return -errno;
	if (fgets(buf, (int)len, f) == NULL)
		buf[0] = '\0';
	if (ferror(f))
		rc = -EIO;
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return rc;
}

/* The last component of a symlink's target: a driver's or an IOMMU group's name. */
static int
qlxge_find_link_name(const char *path, char *buf, size_t len)
{
	char target[PATH_MAX];
	const char *name;
	ssize_t n;

	n = readlink(path, target, sizeof(target) - 1);
	if (n < 0)
		return -errno;
	target[n] = '\0';
	name = strrchr(target, '/');
	name = name != NULL ? name + 1 : target;
	if (strlen(name) >= len)
		return -ENAMETOOLONG;
	strcpy(buf, name);
	return 0;
}

static int
qlxge_find_read_ulong(const char *path, int base, unsigned long *val)
{
	char line[64], *end;
	int rc;

	rc = qlxge_find_read_line(path, line, sizeof(line));
	if (rc != 0)
		return rc;
	errno = 0;
	*val = strtoul(line, &end, base);
	return errno != 0 || end == line ? -EINVAL : 0;
}

bool
qlxge_find_is_nic_id(uint16_t vendor, uint16_t device)
{
	return vendor == QLXGE_FIND_VENDOR &&
		(device == QLXGE_FIND_DEV_8000 || device == QLXGE_FIND_DEV_8012);
}

static bool
qlxge_find_group_ok_driver(const char *driver)
{
	size_t i;

	if (driver[0] == '\0')
		return true;
	for (i = 0; i < sizeof(qlxge_find_group_ok_drivers) / sizeof(char *); i++)
		if (strcmp(driver, qlxge_find_group_ok_drivers[i]) == 0)
			return true;
	return false;
}

/* The first (by name) entry of a folder not starting with a dot, or -ENOENT. */
static int
qlxge_find_first_entry(const char *dir, char *buf, size_t len)
{
	struct dirent **names;
	int n, i, rc = -ENOENT;

	n = scandir(dir, &names, NULL, alphasort);
	if (n < 0)
		return -errno;
	for (i = 0; i < n; i++) {
		const char *name = names[i]->d_name;

		if (rc == -ENOENT && name[0] != '.') {
			rc = strlen(name) < len ? 0 : -ENAMETOOLONG;
			if (rc == 0)
				strcpy(buf, name);
		}
		free(names[i]);
	}
	free(names);
	return rc;
}

static int
qlxge_find_netdev(const char *devdir, struct qlxge_find_fn *fn)
{
	char path[PATH_MAX];
	int rc;

	rc = qlxge_find_path(path, sizeof(path), "%s/net", devdir);
	if (rc == 0)
		rc = qlxge_find_first_entry(path, fn->netdev, sizeof(fn->netdev));
	if (rc == -ENOENT)
		return 0;	/* no kernel interface */
	if (rc != 0)
		return rc;
	rc = qlxge_find_path(path, sizeof(path), "%s/net/%s/operstate", devdir, fn->netdev);
	if (rc == 0 && qlxge_find_read_line(path, fn->operstate, sizeof(fn->operstate)) != 0)
		strcpy(fn->operstate, "unknown");
	return rc;
}

static int
qlxge_find_add_blocker(struct qlxge_find_fn *fn, const struct qlxge_find_blocker *b)
{
	struct qlxge_find_blocker *v;

	v = realloc(fn->blockers, (fn->nb_blockers + 1) * sizeof(*v));
	if (v == NULL)
		return -ENOMEM;
	v[fn->nb_blockers++] = *b;
	fn->blockers = v;
	return 0;
}

/* One member of the function's IOMMU group: is it in the way of vfio? */
static int
qlxge_find_group_member(const char *groupdir, const char *name, struct qlxge_find_fn *fn)
{
	struct qlxge_find_blocker b = { .is_nic = false };
	unsigned long class = 0, vendor = 0, device = 0;
	char path[PATH_MAX];
	int rc;

	if (strlen(name) >= sizeof(b.addr))
		return -ENAMETOOLONG;
	strcpy(b.addr, name);
	rc = qlxge_find_path(path, sizeof(path), "%s/devices/%s/driver", groupdir, name);
	if (rc != 0)
		return rc;
	rc = qlxge_find_link_name(path, b.driver, sizeof(b.driver));
	if (rc == -ENOENT)
		b.driver[0] = '\0';
	else if (rc != 0)
		return rc;
	if (qlxge_find_group_ok_driver(b.driver))
		return 0;
	/* Bridges stay with their driver (pcieport): vfio accepts them in a group. */
	if (qlxge_find_path(path, sizeof(path), "%s/devices/%s/class", groupdir, name) == 0 &&
			qlxge_find_read_ulong(path, 16, &class) == 0 &&
			(class >> 8) == QLXGE_FIND_CLASS_BRIDGE)
		return 0;
	if (qlxge_find_path(path, sizeof(path), "%s/devices/%s/vendor", groupdir, name) == 0)
		(void)qlxge_find_read_ulong(path, 16, &vendor);
	if (qlxge_find_path(path, sizeof(path), "%s/devices/%s/device", groupdir, name) == 0)
		(void)qlxge_find_read_ulong(path, 16, &device);
	b.is_nic = qlxge_find_is_nic_id((uint16_t)vendor, (uint16_t)device);
	return qlxge_find_add_blocker(fn, &b);
}

static int
qlxge_find_group(const struct qlxge_find_paths *p, struct qlxge_find_fn *fn)
{
	char groupdir[PATH_MAX], devices[PATH_MAX];
	struct dirent **names;
	int n, i, rc;

	rc = qlxge_find_path(groupdir, sizeof(groupdir), "%s/kernel/iommu_groups/%d", p->sysfs,
		fn->iommu_group);
	if (rc == 0)
		rc = qlxge_find_path(devices, sizeof(devices), "%s/devices", groupdir);
	if (rc != 0)
		return rc;
	n = scandir(devices, &names, NULL, alphasort);
	if (n < 0) {
		fn->group_err = -errno;
		return 0;
	}
	for (i = 0; i < n; i++) {
		const char *name = names[i]->d_name;

		if (rc == 0 && name[0] != '.' && strcmp(name, fn->addr) != 0)
			rc = qlxge_find_group_member(groupdir, name, fn);
		free(names[i]);
	}
	free(names);
	return rc;
}

/* numa_node holds -1 when the firmware gives no affinity: the function keeps -1 then. */
static void
qlxge_find_numa(const char *devdir, struct qlxge_find_fn *fn)
{
	char path[PATH_MAX], line[16], *end;
	long v;

	if (qlxge_find_path(path, sizeof(path), "%s/numa_node", devdir) != 0 ||
			qlxge_find_read_line(path, line, sizeof(line)) != 0)
		return;
	v = strtol(line, &end, 10);
	if (end != line && v >= 0 && v <= INT_MAX)
		fn->numa_node = (int)v;
}

int
qlxge_find_sysfs_fn(const struct qlxge_find_paths *p, struct qlxge_find_fn *fn)
{
	char devdir[PATH_MAX], path[PATH_MAX], group[16];
	int rc;

	rc = qlxge_find_path(devdir, sizeof(devdir), "%s/bus/pci/devices/%s", p->sysfs, fn->addr);
	if (rc != 0)
		return rc;
	if (access(devdir, F_OK) != 0)
		return -errno;
	qlxge_find_numa(devdir, fn);
	rc = qlxge_find_path(path, sizeof(path), "%s/iommu_group", devdir);
	if (rc == 0 && qlxge_find_link_name(path, group, sizeof(group)) == 0 &&
			sscanf(group, "%d", &fn->iommu_group) != 1)
		fn->iommu_group = -1;
	if (rc == 0)
		rc = qlxge_find_path(path, sizeof(path), "%s/driver", devdir);
	if (rc == 0 && qlxge_find_link_name(path, fn->driver, sizeof(fn->driver)) != 0)
		fn->driver[0] = '\0';
	if (rc == 0)
		rc = qlxge_find_netdev(devdir, fn);
	if (rc == 0 && fn->iommu_group >= 0)
		rc = qlxge_find_group(p, fn);
	return rc;
}

/* IOMMU groups, not counting the ones vfio makes for devices it binds in no-IOMMU mode. */
static unsigned int
qlxge_find_count_groups(const char *sysfs)
{
	char dir[PATH_MAX], path[PATH_MAX], name[32];
	struct dirent *e;
	unsigned int n = 0;
	DIR *d;

	if (qlxge_find_path(dir, sizeof(dir), "%s/kernel/iommu_groups", sysfs) != 0)
		return 0;
	d = opendir(dir);
	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (qlxge_find_path(path, sizeof(path), "%s/%s/name", dir, e->d_name) == 0 &&
				qlxge_find_read_line(path, name, sizeof(name)) == 0 &&
				strcmp(name, "vfio-noiommu") == 0)
			continue;
		n++;
	}
	closedir(d);
	return n;
}

static void
qlxge_find_hugepages(const struct qlxge_find_paths *p, struct qlxge_find_sys *sys)
{
	char dir[PATH_MAX], path[PATH_MAX];
	unsigned long kb, nr;
	struct dirent *e;
	struct mntent *m;
	FILE *mounts;
	DIR *d;

	d = qlxge_find_path(dir, sizeof(dir), "%s/kernel/mm/hugepages", p->sysfs) == 0 ?
		opendir(dir) : NULL;
	sys->hugepage_support = d != NULL;
	while (d != NULL && (e = readdir(d)) != NULL) {
		if (sscanf(e->d_name, "hugepages-%lukB", &kb) != 1)
			continue;
		if (qlxge_find_path(path, sizeof(path), "%s/%s/nr_hugepages", dir,
				e->d_name) == 0 && qlxge_find_read_ulong(path, 10, &nr) == 0)
			sys->hugepages_kb += (uint64_t)kb * nr;
	}
	if (d != NULL)
		closedir(d);
	mounts = setmntent(p->mounts, "re");
	while (mounts != NULL && (m = getmntent(mounts)) != NULL) {
		if (strcmp(m->mnt_type, "hugetlbfs") == 0 &&
				strlen(m->mnt_dir) < sizeof(sys->hugetlbfs)) {
			strcpy(sys->hugetlbfs, m->mnt_dir);
			break;
		}
	}
	if (mounts != NULL)
		endmntent(mounts);
}

static void
qlxge_find_cpu_vendor(const char *cpuinfo, char *buf, size_t len)
{
	char line[256], vendor[32];
	FILE *f = fopen(cpuinfo, "re");

	buf[0] = '\0';
	while (f != NULL && fgets(line, sizeof(line), f) != NULL) {
		/* "vendor_id\t: GenuineIntel": a blank in the format matches the tab. */
		if (sscanf(line, "vendor_id : %31s", vendor) == 1) {
			if (strlen(vendor) < len)
				strcpy(buf, vendor);
			break;
		}
	}
	if (f != NULL)
		fclose(f);
}

int
qlxge_find_sysfs_sys(const struct qlxge_find_paths *p, struct qlxge_find_sys *sys)
{
	char path[PATH_MAX], val[8];
	bool noiommu = false;
	int rc;

	memset(sys, 0, sizeof(*sys));
	sys->nb_groups = qlxge_find_count_groups(p->sysfs);
	rc = qlxge_find_path(path, sizeof(path), "%s/module/vfio/parameters/"
		"enable_unsafe_noiommu_mode", p->sysfs);
	if (rc != 0)
		return rc;
	if (qlxge_find_read_line(path, val, sizeof(val)) == 0)
		noiommu = val[0] == 'Y' || val[0] == '1';
	if (sys->nb_groups > 0)
		sys->iommu = QLXGE_FIND_IOMMU_ON;
	else
		sys->iommu = noiommu ? QLXGE_FIND_IOMMU_NOIOMMU : QLXGE_FIND_IOMMU_OFF;
	rc = qlxge_find_path(path, sizeof(path), "%s/module/vfio", p->sysfs);
	if (rc != 0)
		return rc;
	sys->vfio_loaded = access(path, F_OK) == 0;
	rc = qlxge_find_path(path, sizeof(path), "%s/bus/pci/drivers/vfio-pci", p->sysfs);
	if (rc != 0)
		return rc;
	sys->vfio_pci_loaded = access(path, F_OK) == 0;
	qlxge_find_hugepages(p, sys);
	qlxge_find_cpu_vendor(p->cpuinfo, sys->cpu_vendor, sizeof(sys->cpu_vendor));
	return 0;
}
