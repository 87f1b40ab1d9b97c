#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# The demo command of the README: bootstrap the machine, build, then run dpdk-testpmd on the
# two ports of one emulated 8100 adapter (the model, cabled back to back) with the qlxge plugins
# loaded by -d of their folder (the driver, librte_net_qlxge.so, and the model's,
# librte_net_qlxge_sim.so), and show what a user looks at first; then forward traffic between
# the two ports (io forwarding, a first burst sent by testpmd) for a few seconds, with a line
# of rates every second, and print the figures.
# No hugepages, no card, no IOMMU needed. The model runs in its own thread: -l 0-1 leaves core 1
# to the forwarding lcore.
#
# From any clone: EAL loads no plugin from below a world-writable folder (e.g. a clone in /tmp);
# the demo then runs copies of the two plugins from a folder of the user's own,
# $QLXGE_PLUGIN_DIR or ~/.cache/qlxge/plugins-<clone>, and says so; if that folder is below a
# world-writable one too, it stops at once with one sentence saying what to do.
#
# Environment: DEMO_SECONDS (default 3): how long the traffic runs; QLXGE_PLUGIN_DIR: where the
# plugin copies go when they must.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top"
say() { printf 'demo: %s\n' "$*"; }

# The folder nearest to / among @1 and its parents that anyone may write to ("" if none): EAL's
# plugin check (verify_perms) refuses a plugin below such a folder.
world_writable() {
	local p ww=""
	p=$(realpath -m "$1")
	while :; do
		[ -d "$p" ] && [ -n "$(find "$p" -maxdepth 0 -perm -0002 2>/dev/null)" ] && ww=$p
		[ "$p" = / ] && break
		p=$(dirname "$p")
	done
	printf '%s' "$ww"
}

# Where the plugins can be loaded from: decided first, so that a demo that cannot run says so
# before installing or building anything.
plugins=$top/build/drivers
ww=$(world_writable "$plugins")
stage=
if [ -n "$ww" ]; then
	stage=${QLXGE_PLUGIN_DIR:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/qlxge/plugins-$(
		printf '%s' "$top" | sha1sum | cut -c1-12)}
	stage_ww=$(world_writable "$stage")
	if [ -n "$stage_ww" ]; then
		say "EAL loads no plugin from below the world-writable folder $ww, where this" \
			"clone is, nor from $stage (below $stage_ww): clone the repository elsewhere" \
			"(e.g. /root/qlxge), or set QLXGE_PLUGIN_DIR to a folder only you can write to."
		exit 1
	fi
fi

if [ "$(id -u)" -eq 0 ]; then bash devtools/bootstrap.sh; fi
[ -f build/build.ninja ] || meson setup build >/dev/null
ninja -C build >/dev/null

if [ -n "$stage" ]; then
	mkdir -p "$stage"
	chmod 0755 "$stage"
	rm -f "$stage"/*.so
	install -m 0755 "$plugins/librte_net_qlxge.so" "$plugins/librte_net_qlxge_sim.so" "$stage/"
	say "this clone is below the world-writable folder $ww, from which EAL loads no plugin:" \
		"using copies of the plugins in $stage"
	plugins=$stage
fi

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
say "dpdk-testpmd ${eal[*]} -- ${tpmd[*]}"
# testpmd has no sleep command: the shell holds the rest back while testpmd forwards, asking for
# the statistics once a second from the moment forwarding has started (seen in the log: the
# configuration before it takes a while). testpmd's rates are "since the last show", so each
# block gives that second's rates; while the traffic runs, the filter below turns each pair of
# blocks into one line, and sums up at the end.
{
	printf '%s\n' "${cmds[@]}"
	for _ in $(seq 600); do
		grep -q 'io packet forwarding - ports=' "$log" 2>/dev/null && break
		sleep 0.1
	done
	echo "show port stats all"
	for ((i = 1; i <= secs; i++)); do
		sleep 1
		echo "show port stats all"
	done
	printf '%s\n' "stop" "quit"
} | stdbuf -oL dpdk-testpmd "${eal[@]}" -- "${tpmd[@]}" 2>&1 | tee "$log" | awk '
	/io packet forwarding - ports=/ { live = 1 }
	/Telling cores to stop/ { live = 0 }
	/Forward statistics for port/ {
		match($0, /port [0-9]+/); fp = substr($0, RSTART + 5, RLENGTH - 5)
	}
	/Accumulated/ { fp = "" }
	/RX-packets:/ && /RX-dropped/ && fp != "" { frx[fp] = $2 }
	/TX-packets:/ && /TX-dropped/ && fp != "" { ftx[fp] = $2 }
	!live || !/NIC statistics for port|^  (RX|TX|Rx|Tx)-|^  Throughput|^  #+$|^ *$|^testpmd> / {
		print; fflush()
		next
	}
	/NIC statistics for port/ { match($0, /port [0-9]+/); p = substr($0, RSTART + 5, RLENGTH - 5) }
	/^  Rx-pps:/ { rx[p] = $2; rxbps[p] = $4 }
	/^  Tx-pps:/ {
		tx[p] = $2
		if (p != 1) next
		if (n++ == 0) next	# the first show starts the rate clock
		printf "demo: [%2ds] port 0: RX %6.3f TX %6.3f Mpps | port 1: RX %6.3f TX %6.3f Mpps" \
		       " | %.2f Gbit/s received\n", n - 1, rx[0] / 1e6, tx[0] / 1e6, rx[1] / 1e6,
		       tx[1] / 1e6, (rxbps[0] + rxbps[1]) / 1e9
		fflush()
		sum[0] += rx[0]; sum[1] += rx[1]
	}
	END {
		secs = n > 1 ? n - 1 : 0
		for (q = 0; q in frx; q++)
			printf "demo: port %d: forwarded RX %d, TX %d packets; %.3f Mpps received " \
			       "on average over %d s\n", q, frx[q], ftx[q],
			       (secs ? sum[q] / secs / 1e6 : 0), secs
	}'
