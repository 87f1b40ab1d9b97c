/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The reports: a text one for people (a table like dpdk-devbind.py --status, then the verdicts
 * with the commands to run) and a JSON one for scripts, with the same facts.
 */

#include <stdio.h>
#include <string.h>

#include "qlxge_find.h"

static const char * const qlxge_find_iommu_names[] = {
	[QLXGE_FIND_IOMMU_OFF] = "off",
	[QLXGE_FIND_IOMMU_ON] = "on",
	[QLXGE_FIND_IOMMU_NOIOMMU] = "no-iommu",
};

void
qlxge_find_report_none(const struct qlxge_find_scan *scan)
{
	printf("qlxge-find: no QLogic 8100 NIC function (%04x:%04x/%04x) on this machine; "
		"%u PCI devices scanned.\n", QLXGE_FIND_VENDOR, QLXGE_FIND_DEV_8000,
		QLXGE_FIND_DEV_8012, scan->nb_scanned);
}

/* --- text ------------------------------------------------------------------------------- */

/* The table's columns, as wide as dpdk-devbind.py's --status keeps them readable. */
#define QLXGE_FIND_ROW	"%-14s%-8s%-6s%-6s%-13s%-10s"
#define QLXGE_FIND_WIDTH	96

/* Text wrapped at QLXGE_FIND_WIDTH columns: the first line after lead, the rest after indent. */
static void
qlxge_find_wrap(const char *lead, const char *indent, const char *text)
{
	size_t col = strlen(lead), len;
	const char *w = text, *end;

	fputs(lead, stdout);
	while (*w != '\0') {
		end = strchr(w, ' ');
		len = end != NULL ? (size_t)(end - w) : strlen(w);
		if (w != text && col + 1 + len > QLXGE_FIND_WIDTH) {
			printf("\n%s", indent);
			col = strlen(indent);
		} else if (w != text) {
			putchar(' ');
			col++;
		}
		fwrite(w, 1, len, stdout);
		col += len;
		w += len;
		while (*w == ' ')
			w++;
	}
	putchar('\n');
}

static void
qlxge_find_text_table(const struct qlxge_find_scan *scan)
{
	char dev[8], port[16], numa[16], group[16], net[2 * QLXGE_FIND_NAME_LEN + 4];
	unsigned int i;

	printf(QLXGE_FIND_ROW "%s\n", "Address", "Device", "Port", "NUMA", "IOMMU group",
		"Driver", "Netdev (link)");
	for (i = 0; i < scan->nb_fns; i++) {
		const struct qlxge_find_fn *fn = &scan->fns[i];

		snprintf(numa, sizeof(numa), "%d", fn->numa_node);
		snprintf(group, sizeof(group), "%d", fn->iommu_group);
		if (fn->netdev[0] != '\0')
			snprintf(net, sizeof(net), "%s (%s)", fn->netdev, fn->operstate);
		snprintf(dev, sizeof(dev), "%04x", fn->device_id);
		snprintf(port, sizeof(port), "%u", fn->port);
		printf(QLXGE_FIND_ROW "%s\n", fn->addr, dev, port,
			fn->numa_node >= 0 ? numa : "-", fn->iommu_group >= 0 ? group : "-",
			fn->driver[0] != '\0' ? fn->driver : "-",
			fn->netdev[0] != '\0' ? net : "-");
	}
}

static void
qlxge_find_text_machine(const struct qlxge_find_sys *sys)
{
	printf("Machine: IOMMU ");
	if (sys->iommu == QLXGE_FIND_IOMMU_ON)
		printf("on (%u groups)", sys->nb_groups);
	else if (sys->iommu == QLXGE_FIND_IOMMU_NOIOMMU)
		printf("off, vfio no-IOMMU mode on");
	else
		printf("off");
	printf("; vfio-pci %s; hugepages ", sys->vfio_pci_loaded ? "loaded" : "not loaded");
	if (sys->hugepages_kb == 0)
		printf("none reserved");
	else
		printf("%llu MiB reserved", (unsigned long long)(sys->hugepages_kb / 1024));
	if (sys->hugetlbfs[0] != '\0')
		printf(", hugetlbfs on %s\n", sys->hugetlbfs);
	else
		printf(", no hugetlbfs mounted\n");
}

static void
qlxge_find_text_issues(const struct qlxge_find_verdict *v)
{
	unsigned int i, j;

	for (i = 0; i < v->nb_issues; i++) {
		const struct qlxge_find_issue *is = &v->issues[i];

		qlxge_find_wrap("    - ", "      ", is->reason);
		for (j = 0; j < is->cmds.n; j++)
			printf("        %s\n", is->cmds.v[j]);
		if (is->alt_reason != NULL)
			qlxge_find_wrap("      ", "      ", is->alt_reason);
		for (j = 0; j < is->alt_cmds.n; j++)
			printf("        %s\n", is->alt_cmds.v[j]);
	}
}

static unsigned int
qlxge_find_text_verdicts(const struct qlxge_find_report *r)
{
	const struct qlxge_find_verdict *sv = r->sys_verdict;
	unsigned int i, nb_ready = 0;

	printf("Ready for vfio-pci? (each missing condition is followed by the commands, as root, "
		"that meet it)\n");
	printf("  this machine: %s\n", sv->nb_issues == 0 ? "ready" : "not ready");
	if (sv->note != NULL)
		qlxge_find_wrap("    note: ", "      ", sv->note);
	qlxge_find_text_issues(sv);
	for (i = 0; i < r->scan->nb_fns; i++) {
		const struct qlxge_find_fn *fn = &r->scan->fns[i];
		const struct qlxge_find_verdict *v = &r->fn_verdicts[i];

		if (v->nb_issues == 0 && sv->nb_issues == 0) {
			printf("  %s (port %u): ready\n", fn->addr, fn->port);
			nb_ready++;
		} else {
			printf("  %s (port %u): not ready%s\n", fn->addr, fn->port,
				v->nb_issues == 0 ? " (only the machine's conditions above)" : "");
		}
		if (fn->probe_err != 0)
			printf("    note: libpciaccess cannot probe it: %s\n",
				strerror(-fn->probe_err));
		qlxge_find_text_issues(v);
	}
	return nb_ready;
}

void
qlxge_find_report_text(const struct qlxge_find_report *r)
{
	unsigned int nb_ready;

	printf("qlxge-find: %u QLogic 8100 NIC function%s (%04x:%04x/%04x); %u PCI devices "
		"scanned.\n\n", r->scan->nb_fns, r->scan->nb_fns == 1 ? "" : "s",
		QLXGE_FIND_VENDOR, QLXGE_FIND_DEV_8000, QLXGE_FIND_DEV_8012, r->scan->nb_scanned);
	qlxge_find_text_table(r->scan);
	printf("\n");
	qlxge_find_text_machine(r->sys);
	printf("\n");
	nb_ready = qlxge_find_text_verdicts(r);
	printf("\n%s, as root:\n  %s\n", nb_ready == r->scan->nb_fns ?
		"All ready: start testpmd on them" : "Once they are ready, start testpmd on them",
		r->testpmd);
}

/* --- JSON ------------------------------------------------------------------------------- */

static void
qlxge_find_json_str(const char *s)
{
	const unsigned char *c;

	if (s == NULL) {
		printf("null");
		return;
	}
	putchar('"');
	for (c = (const unsigned char *)s; *c != '\0'; c++) {
		if (*c == '"' || *c == '\\')
			printf("\\%c", *c);
		else if (*c < 0x20)
			printf("\\u%04x", *c);
		else
			putchar(*c);
	}
	putchar('"');
}

/* A string, or null when empty. */
static void
qlxge_find_json_opt(const char *s)
{
	qlxge_find_json_str(s[0] != '\0' ? s : NULL);
}

static void
qlxge_find_json_strv(const struct qlxge_find_strv *sv)
{
	unsigned int i;

	putchar('[');
	for (i = 0; i < sv->n; i++) {
		printf("%s", i ? ", " : "");
		qlxge_find_json_str(sv->v[i]);
	}
	putchar(']');
}

static void
qlxge_find_json_issues(const struct qlxge_find_verdict *v, const char *indent)
{
	unsigned int i;

	printf("[");
	for (i = 0; i < v->nb_issues; i++) {
		const struct qlxge_find_issue *is = &v->issues[i];

		printf("%s\n%s  {\"condition\": \"%s\", \"reason\": ", i ? "," : "", indent,
			qlxge_find_cond_name(is->cond));
		qlxge_find_json_str(is->reason);
		printf(",\n%s   \"commands\": ", indent);
		qlxge_find_json_strv(&is->cmds);
		printf(",\n%s   \"alternative\": ", indent);
		qlxge_find_json_str(is->alt_reason);
		printf(", \"alternative_commands\": ");
		qlxge_find_json_strv(&is->alt_cmds);
		printf("}");
	}
	printf("%s%s]", v->nb_issues ? "\n" : "", v->nb_issues ? indent : "");
}

static void
qlxge_find_json_machine(const struct qlxge_find_report *r)
{
	const struct qlxge_find_sys *sys = r->sys;

	printf("  \"machine\": {\n    \"iommu\": \"%s\", \"iommu_groups\": %u, "
		"\"vfio_pci_loaded\": %s,\n    \"hugepages_kb\": %llu, \"hugetlbfs\": ",
		qlxge_find_iommu_names[sys->iommu], sys->nb_groups,
		sys->vfio_pci_loaded ? "true" : "false", (unsigned long long)sys->hugepages_kb);
	qlxge_find_json_opt(sys->hugetlbfs);
	printf(",\n    \"ready\": %s, \"note\": ", r->sys_verdict->nb_issues ? "false" : "true");
	qlxge_find_json_str(r->sys_verdict->note);
	printf(",\n    \"missing\": ");
	qlxge_find_json_issues(r->sys_verdict, "    ");
	printf("\n  },\n");
}

static void
qlxge_find_json_fn(const struct qlxge_find_report *r, unsigned int i)
{
	const struct qlxge_find_fn *fn = &r->scan->fns[i];
	const struct qlxge_find_verdict *v = &r->fn_verdicts[i];
	bool ready = v->nb_issues == 0 && r->sys_verdict->nb_issues == 0;

	printf("    {\"address\": \"%s\", \"vendor\": \"%04x\", \"device\": \"%04x\", "
		"\"port\": %u,\n", fn->addr, QLXGE_FIND_VENDOR, fn->device_id, fn->port);
	if (fn->numa_node >= 0)
		printf("     \"numa_node\": %d, ", fn->numa_node);
	else
		printf("     \"numa_node\": null, ");
	if (fn->iommu_group >= 0)
		printf("\"iommu_group\": %d, \"driver\": ", fn->iommu_group);
	else
		printf("\"iommu_group\": null, \"driver\": ");
	qlxge_find_json_opt(fn->driver);
	printf(", \"netdev\": ");
	qlxge_find_json_opt(fn->netdev);
	printf(", \"link\": ");
	qlxge_find_json_opt(fn->netdev[0] != '\0' ? fn->operstate : "");
	printf(",\n     \"ready\": %s, \"missing\": ", ready ? "true" : "false");
	qlxge_find_json_issues(v, "     ");
	printf("}%s\n", i + 1 < r->scan->nb_fns ? "," : "");
}

void
qlxge_find_report_json(const struct qlxge_find_report *r)
{
	unsigned int i;

	printf("{\n  \"vendor\": \"%04x\", \"devices\": [\"%04x\", \"%04x\"], \"scanned\": %u,\n",
		QLXGE_FIND_VENDOR, QLXGE_FIND_DEV_8000, QLXGE_FIND_DEV_8012, r->scan->nb_scanned);
	if (r->sys != NULL)
		qlxge_find_json_machine(r);
	printf("  \"functions\": [%s", r->scan->nb_fns ? "\n" : "");
	for (i = 0; i < r->scan->nb_fns; i++)
		qlxge_find_json_fn(r, i);
	printf("%s],\n  \"testpmd\": ", r->scan->nb_fns ? "  " : "");
	qlxge_find_json_str(r->testpmd);
	printf("\n}\n");
}
