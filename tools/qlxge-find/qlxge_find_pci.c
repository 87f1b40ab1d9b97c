/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The 8100 NIC functions of the machine, found with libpciaccess. On Linux, libpciaccess reads
 * /sys/bus/pci/devices (a fixed path): each function's vendor, device, class, revision,
 * subsystem_vendor and subsystem_device files (or, failing one of them, the first 48 bytes of
 * its config file) at pci_system_init(), and the config file and resource at
 * pci_device_probe().
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciaccess.h>

#include "qlxge_find.h"

/* The NIC functions of the 8100 series, any subsystem, any class. */
static const struct pci_id_match qlxge_find_ids[] = {
	{ QLXGE_FIND_VENDOR, QLXGE_FIND_DEV_8000, PCI_MATCH_ANY, PCI_MATCH_ANY, 0, 0, 0 },
	{ QLXGE_FIND_VENDOR, QLXGE_FIND_DEV_8012, PCI_MATCH_ANY, PCI_MATCH_ANY, 0, 0, 0 },
};

static int
qlxge_find_fn_cmp(const void *a, const void *b)
{
	const struct qlxge_find_fn *x = a, *y = b;

	if (x->domain != y->domain)
		return x->domain < y->domain ? -1 : 1;
	if (x->bus != y->bus)
		return x->bus < y->bus ? -1 : 1;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	return (int)x->func - (int)y->func;
}

static int
qlxge_find_add(struct qlxge_find_scan *scan, struct pci_device *dev)
{
	struct qlxge_find_fn *fns, *fn;
	int rc;

	fns = realloc(scan->fns, (scan->nb_fns + 1) * sizeof(*fns));
	if (fns == NULL)
		return -ENOMEM;
	scan->fns = fns;
	fn = &fns[scan->nb_fns++];
	memset(fn, 0, sizeof(*fn));
	fn->domain = dev->domain;
	fn->bus = dev->bus;
	fn->dev = dev->dev;
	fn->func = dev->func;
	fn->device_id = dev->device_id;
	fn->numa_node = -1;
	fn->iommu_group = -1;
	/* The name sysfs gives the function, which dpdk-devbind.py and EAL's -a take. */
	snprintf(fn->addr, sizeof(fn->addr), "%04x:%02x:%02x.%u", dev->domain, dev->bus,
		dev->dev, dev->func);
	/* Probing reads the config space and BARs: a function that fails it is still listed. */
	rc = pci_device_probe(dev);
	fn->probe_err = -rc;
	return 0;
}

static int
qlxge_find_match(struct qlxge_find_scan *scan, const struct pci_id_match *id)
{
	struct pci_device_iterator *it;
	struct pci_device *dev;
	int rc = 0;

	it = pci_id_match_iterator_create(id);
	if (it == NULL)
		return -ENOMEM;
	while (rc == 0 && (dev = pci_device_next(it)) != NULL)
		rc = qlxge_find_add(scan, dev);
	pci_iterator_destroy(it);
	return rc;
}

static int
qlxge_find_count(unsigned int *count)
{
	struct pci_device_iterator *it;

	/* A NULL match makes libpciaccess's iterator visit every function. */
	it = pci_id_match_iterator_create(NULL);
	if (it == NULL)
		return -ENOMEM;
	*count = 0;
	while (pci_device_next(it) != NULL)
		(*count)++;
	pci_iterator_destroy(it);
	return 0;
}

/* Port 0 is the lower NIC function of a PCI device, port 1 the higher: fns[] sorted. */
static void
qlxge_find_ports(struct qlxge_find_scan *scan)
{
	unsigned int i;

	for (i = 0; i < scan->nb_fns; i++) {
		struct qlxge_find_fn *fn = &scan->fns[i], *prev = i ? fn - 1 : NULL;

		if (prev != NULL && prev->domain == fn->domain && prev->bus == fn->bus &&
				prev->dev == fn->dev)
			fn->port = prev->port + 1;
		else
			fn->port = 0;
	}
}

int
qlxge_find_pci_scan(struct qlxge_find_scan *scan)
{
	unsigned int i;
	int rc;

	memset(scan, 0, sizeof(*scan));
	rc = pci_system_init();
	if (rc != 0)
		return -rc;
	rc = qlxge_find_count(&scan->nb_scanned);
	for (i = 0; rc == 0 && i < sizeof(qlxge_find_ids) / sizeof(qlxge_find_ids[0]); i++)
		rc = qlxge_find_match(scan, &qlxge_find_ids[i]);
	pci_system_cleanup();
	if (rc != 0) {
		qlxge_find_scan_free(scan);
		return rc;
	}
	if (scan->nb_fns > 1)
		qsort(scan->fns, scan->nb_fns, sizeof(*scan->fns), qlxge_find_fn_cmp);
	qlxge_find_ports(scan);
	return 0;
}

void
qlxge_find_scan_free(struct qlxge_find_scan *scan)
{
	unsigned int i;

	for (i = 0; i < scan->nb_fns; i++)
		free(scan->fns[i].blockers);
	free(scan->fns);
	scan->fns = NULL;
	scan->nb_fns = 0;
}

/* pci_system_init()'s failures, in words a user can act on. */
const char *
qlxge_find_pci_strerror(int err)
{
	switch (err) {
	case -ENOENT:
		return "/sys/bus/pci/devices does not exist: sysfs is not mounted on /sys, or the "
			"kernel has no PCI support";
	case -EACCES:
	case -EPERM:
		return "permission denied reading /sys/bus/pci/devices";
	case -ENOMEM:
		return "out of memory";
	default:
		return strerror(-err);
	}
}
