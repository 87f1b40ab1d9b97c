#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# The demo command of the README: bootstrap the machine, build, then run dpdk-testpmd on the
# two ports of one emulated 8100 adapter (the model, cabled back to back) with the qlxge PMD
# loaded by -d, and show what a user looks at first. No hugepages, no card, no IOMMU needed.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top"
[ "$(id -u)" -eq 0 ] && bash devtools/bootstrap.sh
[ -f build/build.ninja ] || meson setup build >/dev/null
ninja -C build >/dev/null

pmd=$top/build/drivers/librte_net_qlxge.so
eal=(-d "$pmd" --no-huge --no-shconf --no-pci -m 512 -l 0-1
	--vdev "net_qlxge_sim0,adapter=demo,function=0"
	--vdev "net_qlxge_sim1,adapter=demo,function=1")
# Two RX/TX queues per port: ethdev accepts an RSS change only on a port in RSS mode, which
# testpmd sets only with more than one RX queue.
tpmd=(-i --total-num-mbufs=8192 --rxq=2 --txq=2)
cmds=(
	"show port summary all"
	"show port info all"
	"show port xstats 0"
	"port stop all"
	"port config mtu 0 9000"
	"set promisc all off"
	"mac_addr add 0 02:00:00:00:00:09"
	"port config all rss all"
	"port start all"
	"show port summary all"
	"show port 0 macs"
	"quit"
)
echo "demo: dpdk-testpmd ${eal[*]} -- ${tpmd[*]}"
printf '%s\n' "${cmds[@]}" | dpdk-testpmd "${eal[@]}" -- "${tpmd[@]}"
