#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# The demo command of the README: bootstrap the machine, build, then run dpdk-testpmd on the
# two ports of one emulated 8100 adapter (the model, cabled back to back) with the qlxge plugins
# loaded by -d of their folder (the driver, librte_net_qlxge.so, and the model's,
# librte_net_qlxge_sim.so), and show what a user looks at first; then forward traffic between the two ports
# (io forwarding, a first burst sent by testpmd) for a few seconds and print the figures.
# No hugepages, no card, no IOMMU needed. The model runs in its own thread: -l 0-1 leaves core 1
# to the forwarding lcore.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top"
[ "$(id -u)" -eq 0 ] && bash devtools/bootstrap.sh
[ -f build/build.ninja ] || meson setup build >/dev/null
ninja -C build >/dev/null

plugins=$top/build/drivers
eal=(-d "$plugins" --no-huge --no-shconf --no-pci -m 512 -l 0-1
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
	# traffic: testpmd's first bursts go to 02:00:00:00:00:0<peer>, so accept every frame;
	# one burst of 32 per stream: the 64 frames one flow brings to one RX queue fit the 112
	# small buffers it posts, nothing is dropped before forwarding starts
	"set promisc all on"
	"set fwd io"
	"start tx_first"
)
secs=${DEMO_SECONDS:-3}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "demo: dpdk-testpmd ${eal[*]} -- ${tpmd[*]}"
# testpmd has no sleep command: the shell holds the rest back while testpmd forwards. The
# first "show port stats" starts testpmd's rate clock, the second prints the rates over the run.
{
	printf '%s\n' "${cmds[@]}" "show port stats all"
	sleep "$secs"
	printf '%s\n' "show port stats all" "stop" "quit"
} | stdbuf -oL dpdk-testpmd "${eal[@]}" -- "${tpmd[@]}" | tee "$log"
awk '
	/statistics for port [0-9]/ {
		match($0, /port [0-9]+/); port = substr($0, RSTART + 5, RLENGTH - 5)
	}
	/Accumulated/ { port = "" }
	/^  Rx-pps:/ { pps[port] = $2 }
	/RX-packets:/ && /RX-dropped/ && port != "" { rx[port] = $2 }
	/TX-packets:/ && /TX-dropped/ && port != "" { tx[port] = $2 }
	END {
		for (p = 0; p in rx; p++)
			printf "demo: port %s: forwarded RX %d, TX %d packets; %.3f Mpps received\n",
			       p, rx[p], tx[p], pps[p] / 1e6
	}' "$log"
