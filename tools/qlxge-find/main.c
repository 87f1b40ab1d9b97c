/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * qlxge-find: lists the QLogic 8100 NIC functions of the machine and, for each, what stands
 * between it and vfio-pci, with the commands that fix it. See docs/guides/tools/qlxge-find.md.
 */

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "qlxge_find.h"

enum {
	QLXGE_FIND_EXIT_OK = 0,		/* the scan ran (with --check: found, all ready) */
	QLXGE_FIND_EXIT_NOT_READY = 1,	/* --check only: none found, or one not ready */
	QLXGE_FIND_EXIT_ERROR = 2,	/* bad usage, or the PCI bus cannot be scanned */
};

struct qlxge_find_opts {
	bool json;
	bool quiet;
	bool check;
	struct qlxge_find_paths paths;
};

static void
qlxge_find_usage(void)
{
	printf(
		"Usage: qlxge-find [--json | --quiet] [--check] [--sysfs-root DIR]\n"
		"Lists the QLogic 8100 NIC functions (PCI %04x:%04x, %04x:%04x) of this "
		"machine: address,\nport, NUMA node, IOMMU group, kernel driver, netdev and "
		"link; then, for each, whether\nit is ready for vfio-pci (hence DPDK) and the "
		"commands that make it ready.\n\n"
		"  -j, --json             the report as JSON on stdout\n"
		"  -q, --quiet            no report (for --check)\n"
		"  -c, --check            exit 1 unless functions are found and all are ready\n"
		"      --sysfs-root DIR   read sysfs below DIR, not /sys (libpciaccess itself\n"
		"                         always scans /sys/bus/pci/devices)\n"
		"  -V, --version          print the version\n"
		"  -h, --help             this help\n\n"
		"Exit status: 0 the scan ran, whatever it found; 1 with --check, no function "
		"found\nor one not ready; 2 an error (bad option, PCI bus cannot be scanned).\n",
		QLXGE_FIND_VENDOR, QLXGE_FIND_DEV_8000, QLXGE_FIND_VENDOR, QLXGE_FIND_DEV_8012);
}

/* 0: go on; > 0: done, exit 0 (help, version); < 0: usage error. */
static int
qlxge_find_parse(int argc, char **argv, struct qlxge_find_opts *o)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "check", no_argument, NULL, 'c' },
		{ "sysfs-root", required_argument, NULL, 's' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct stat st;
	int c;

	while ((c = getopt_long(argc, argv, "jqcVh", longopts, NULL)) != -1) {
		switch (c) {
		case 'j':
			o->json = true;
			break;
		case 'q':
			o->quiet = true;
			break;
		case 'c':
			o->check = true;
			break;
		case 's':
			o->paths.sysfs = optarg;
			break;
		case 'V':
			printf("qlxge-find %s\n", QLXGE_FIND_VERSION);
			return 1;
		case 'h':
			qlxge_find_usage();
			return 1;
		default:
			fprintf(stderr, "Try 'qlxge-find --help'.\n");
			return -EINVAL;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "qlxge-find: unexpected argument '%s'\n", argv[optind]);
		return -EINVAL;
	}
	if (o->json && o->quiet) {
		fprintf(stderr, "qlxge-find: --json and --quiet exclude each other\n");
		return -EINVAL;
	}
	if (stat(o->paths.sysfs, &st) != 0) {
		fprintf(stderr, "qlxge-find: sysfs root %s: %s\n", o->paths.sysfs,
			strerror(errno));
		return -EINVAL;
	}
	if (!S_ISDIR(st.st_mode)) {
		fprintf(stderr, "qlxge-find: sysfs root %s: not a directory\n", o->paths.sysfs);
		return -EINVAL;
	}
	return 0;
}

/* The sysfs facts of every function; an unreadable function is listed with what is known. */
static int
qlxge_find_fns_sysfs(const struct qlxge_find_opts *o, struct qlxge_find_scan *scan)
{
	unsigned int i;
	int rc;

	for (i = 0; i < scan->nb_fns; i++) {
		rc = qlxge_find_sysfs_fn(&o->paths, &scan->fns[i]);
		if (rc == -ENOMEM || rc == -ENAMETOOLONG) {
			fprintf(stderr, "qlxge-find: %s: %s\n", scan->fns[i].addr, strerror(-rc));
			return rc;
		}
		if (rc != 0)
			fprintf(stderr, "qlxge-find: warning: %s/bus/pci/devices/%s: %s\n",
				o->paths.sysfs, scan->fns[i].addr, strerror(-rc));
	}
	return 0;
}

static int
qlxge_find_judge(const struct qlxge_find_scan *scan, const struct qlxge_find_sys *sys,
		struct qlxge_find_verdict *sv, struct qlxge_find_verdict *fvs,
		unsigned int *nb_ready)
{
	unsigned int i;
	int rc;

	*nb_ready = 0;
	rc = qlxge_find_verdict_sys(sys, sv);
	for (i = 0; rc == 0 && i < scan->nb_fns; i++) {
		rc = qlxge_find_verdict_fn(sys, &scan->fns[i], &fvs[i]);
		if (rc == 0 && fvs[i].nb_issues == 0 && sv->nb_issues == 0)
			(*nb_ready)++;
	}
	return rc;
}

/* Reads, judges and reports; *all_ready: functions found and every one ready. */
static int
qlxge_find_run(const struct qlxge_find_opts *o, struct qlxge_find_scan *scan, bool *all_ready)
{
	struct qlxge_find_verdict sv, *fvs;
	struct qlxge_find_report r = { .scan = scan };
	struct qlxge_find_sys sys;
	unsigned int i, nb_ready = 0;
	char *testpmd = NULL;
	int rc;

	fvs = calloc(scan->nb_fns + 1, sizeof(*fvs));
	if (fvs == NULL)
		return -ENOMEM;
	memset(&sv, 0, sizeof(sv));
	rc = qlxge_find_fns_sysfs(o, scan);
	if (rc == 0)
		rc = qlxge_find_sysfs_sys(&o->paths, &sys);
	if (rc == 0)
		rc = qlxge_find_judge(scan, &sys, &sv, fvs, &nb_ready);
	if (rc == 0 && scan->nb_fns > 0)
		rc = qlxge_find_testpmd_cmd(scan, &testpmd);
	if (rc == 0) {
		r.sys = &sys;
		r.sys_verdict = &sv;
		r.fn_verdicts = fvs;
		r.testpmd = testpmd;
		if (o->json)
			qlxge_find_report_json(&r);
		else if (!o->quiet && scan->nb_fns == 0)
			qlxge_find_report_none(scan);
		else if (!o->quiet)
			qlxge_find_report_text(&r);
	}
	for (i = 0; i < scan->nb_fns; i++)
		qlxge_find_verdict_free(&fvs[i]);
	qlxge_find_verdict_free(&sv);
	free(fvs);
	free(testpmd);
	*all_ready = rc == 0 && scan->nb_fns > 0 && nb_ready == scan->nb_fns;
	return rc;
}

int
main(int argc, char **argv)
{
	struct qlxge_find_opts o = {
		.paths = { .sysfs = "/sys", .mounts = "/proc/mounts", .cpuinfo = "/proc/cpuinfo" },
	};
	struct qlxge_find_scan scan;
	bool all_ready = false;
	int rc;

	rc = qlxge_find_parse(argc, argv, &o);
	if (rc != 0)
		return rc > 0 ? QLXGE_FIND_EXIT_OK : QLXGE_FIND_EXIT_ERROR;
	rc = qlxge_find_pci_scan(&scan);
	if (rc != 0) {
		fprintf(stderr, "qlxge-find: cannot scan the PCI bus with libpciaccess: %s\n",
			qlxge_find_pci_strerror(rc));
		return QLXGE_FIND_EXIT_ERROR;
	}
	rc = qlxge_find_run(&o, &scan, &all_ready);
	qlxge_find_scan_free(&scan);
	if (rc != 0) {
		fprintf(stderr, "qlxge-find: %s\n", strerror(-rc));
		return QLXGE_FIND_EXIT_ERROR;
	}
	if (o.check && !all_ready)
		return QLXGE_FIND_EXIT_NOT_READY;
	return QLXGE_FIND_EXIT_OK;
}
