/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * qlxge_info: what a user (or a bug report) wants to know about each qlxge port, through the
 * public ethdev API only: driver, firmware version, MAC, link, queue and offload limits, RSS,
 * extended statistics, and optionally the register dump written to a file.
 *
 *   qlxge_info [EAL args] -- [--regs FILE] [--no-xstats]
 *
 * On the model:  qlxge_info -d build/drivers --no-huge --no-shconf --no-pci \
 *                  --vdev net_qlxge_sim0,adapter=a,function=0 --
 * On the card:   qlxge_info -d build/drivers/librte_net_qlxge.so -a 0000:03:00.0 --
 */

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_errno.h>

static const char *regs_file;
static int show_xstats = 1;

static void
usage(FILE *f, const char *prog)
{
	fprintf(f, "usage: %s [EAL args] -- [--regs FILE] [--no-xstats]\n"
		"  --regs FILE  write each port's register dump to FILE.<port>\n"
		"  --no-xstats  leave out the extended statistics\n"
		"  --help       this help\n", prog);
}

/* 0: go on; 1: --help was given (exit 0); < 0: bad usage (exit 2). */
static int
parse_args(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "regs", required_argument, NULL, 'r' },
		{ "no-xstats", no_argument, NULL, 'x' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			regs_file = optarg;
			break;
		case 'x':
			show_xstats = 0;
			break;
		case 'h':
			usage(stdout, argv[0]);
			return 1;
		default:
			usage(stderr, argv[0]);
			return -EINVAL;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "qlxge_info: unexpected argument %s\n", argv[optind]);
		usage(stderr, argv[0]);
		return -EINVAL;
	}
	return 0;
}

/* The names on lines of at most 80 columns: the list grows with the driver's offloads. */
static void
print_offloads(const char *what, uint64_t capa, const char *(*name)(uint64_t))
{
	int col = printf("  %s offloads:", what);

	for (uint64_t bit = 1; bit != 0; bit <<= 1) {
		if ((capa & bit) == 0)
			continue;
		if (col + 1 + (int)strlen(name(bit)) > 80)
			col = printf("\n   ") - 1;
		col += printf(" %s", name(bit));
	}
	printf("\n");
}

static int
dump_regs(uint16_t port, const char *path)
{
	struct rte_dev_reg_info info = { 0 };
	FILE *f;
	int ret;

	ret = rte_eth_dev_get_reg_info(port, &info);	/* data NULL: length and width */
	if (ret != 0)
		return ret;
	info.data = calloc(info.length, info.width);
	if (info.data == NULL)
		return -ENOMEM;
	ret = rte_eth_dev_get_reg_info(port, &info);
	if (ret == 0) {
		f = fopen(path, "wb");
		if (f == NULL) {
			ret = -errno;
		} else {
			if (fwrite(info.data, info.width, info.length, f) != info.length)
				ret = -EIO;
			fclose(f);
		}
	}
	if (ret == 0)
		printf("  registers: %u x %u bytes (version 0x%08x) written to %s\n",
		       info.length, info.width, info.version, path);
	free(info.data);
	return ret;
}

static void
print_xstats(uint16_t port)
{
	struct rte_eth_xstat_name *names;
	struct rte_eth_xstat *vals;
	int n = rte_eth_xstats_get_names(port, NULL, 0);

	if (n <= 0)
		return;
	names = calloc(n, sizeof(*names));
	vals = calloc(n, sizeof(*vals));
	if (names != NULL && vals != NULL &&
	    rte_eth_xstats_get_names(port, names, n) == n &&
	    rte_eth_xstats_get(port, vals, n) == n) {
		printf("  xstats (%d):\n", n);
		for (int i = 0; i < n; i++)
			printf("    %-36s %" PRIu64 "\n", names[vals[i].id].name, vals[i].value);
	}
	free(names);
	free(vals);
}

static void
print_port(uint16_t port)
{
	struct rte_eth_dev_info info;
	struct rte_eth_link link;
	struct rte_ether_addr mac;
	char fw[64], buf[RTE_ETH_LINK_MAX_STR_LEN];
	char macs[RTE_ETHER_ADDR_FMT_SIZE];
	int ret;

	ret = rte_eth_dev_info_get(port, &info);
	if (ret != 0) {
		printf("port %u: dev_info_get: %s\n", port, strerror(-ret));
		return;
	}
	printf("port %u: %s (driver %s)\n", port, rte_dev_name(info.device), info.driver_name);
	if (rte_eth_dev_fw_version_get(port, fw, sizeof(fw)) == 0)
		printf("  firmware: %s\n", fw);
	if (rte_eth_macaddr_get(port, &mac) == 0) {
		rte_ether_format_addr(macs, sizeof(macs), &mac);
		printf("  MAC: %s\n", macs);
	}
	if (rte_eth_link_get_nowait(port, &link) == 0) {
		rte_eth_link_to_str(buf, sizeof(buf), &link);
		printf("  %s\n", buf);
	}
	printf("  queues: rx %u tx %u; descriptors rx %u..%u (align %u) tx %u..%u (align %u)\n",
	       info.max_rx_queues, info.max_tx_queues,
	       info.rx_desc_lim.nb_min, info.rx_desc_lim.nb_max, info.rx_desc_lim.nb_align,
	       info.tx_desc_lim.nb_min, info.tx_desc_lim.nb_max, info.tx_desc_lim.nb_align);
	printf("  MTU %u..%u, max frame %u; RSS: reta %u, key %u bytes, types 0x%" PRIx64 "\n",
	       info.min_mtu, info.max_mtu, info.max_rx_pktlen, info.reta_size,
	       info.hash_key_size, info.flow_type_rss_offloads);
	print_offloads("rx", info.rx_offload_capa, rte_eth_dev_rx_offload_name);
	print_offloads("tx", info.tx_offload_capa, rte_eth_dev_tx_offload_name);
	if (show_xstats)
		print_xstats(port);
	if (regs_file != NULL) {
		char path[512];

		snprintf(path, sizeof(path), "%s.%u", regs_file, port);
		ret = dump_regs(port, path);
		if (ret != 0)
			printf("  registers: %s\n", strerror(-ret));
	}
}

int
main(int argc, char **argv)
{
	uint16_t port;
	int ret;

	ret = rte_eal_init(argc, argv);
	if (ret < 0) {
		fprintf(stderr, "qlxge_info: EAL: %s\n", rte_strerror(rte_errno));
		return 1;
	}
	argc -= ret;
	argv += ret;
	ret = parse_args(argc, argv);
	if (ret != 0) {
		rte_eal_cleanup();
		return ret > 0 ? 0 : 2;
	}
	if (rte_eth_dev_count_avail() == 0)
		printf("no ports: load the PMD with -d and name a card (-a) "
		       "or a model port (--vdev)\n");
	RTE_ETH_FOREACH_DEV(port)
		print_port(port);
	RTE_ETH_FOREACH_DEV(port)
		rte_eth_dev_close(port);
	rte_eal_cleanup();
	return 0;
}
