#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# testpmd io forwarding between two qlxge model ports (one adapter, cabled back to back), then
# the same between two net_ring ports, in one run with the same cores, pool and first bursts;
# prints each side's forwarding rate (Mpps, both ports together, testpmd's own Rx-pps over the
# measured interval) and a RESULT line with the ratio qlxge / net_ring.
# The plugins are loaded by -d of their folder (build/drivers).
# Usage: testpmd_fwd_bench.sh <plugin folder> [--smoke] [seconds]
set -euo pipefail
dir=${1:?usage: $0 <plugin folder> [--smoke] [seconds]}
secs=10
[ "${2:-}" = "--smoke" ] && secs=2
[ -n "${3:-}" ] && secs=$3
testpmd=$(command -v dpdk-testpmd) ||
	{ echo "dpdk-testpmd not found (apt-get install dpdk)"; exit 1; }
if ldd "$dir/librte_net_qlxge_sim.so" 2>/dev/null | grep -qE 'lib(asan|ubsan|tsan)'; then
	echo "SKIP: $dir holds a sanitizer build"; exit 77
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# run <label> <vdev args...>: Mpps of io forwarding, summed over both ports
run() {
	local label=$1; shift
	{
		printf 'set promisc all on\nset fwd io\nstart tx_first 2\n'
		sleep 1	# warm-up, then testpmd's rate clock starts at the first show
		printf 'show port stats all\n'
		sleep "$secs"
		printf 'show port stats all\nstop\nquit\n'
	} | timeout $((secs + 60)) stdbuf -oL "$testpmd" --no-huge --no-shconf --no-pci -m 512 -l 0-1 \
		--file-prefix "bench$$" "$@" -- -i --total-num-mbufs=8192 >"$log" 2>&1 || {
		cat "$log"; echo "FAIL: testpmd ($label)"; exit 1; }
	# the second show's Rx-pps of each port: the rate over the measured interval
	awk '/^  Rx-pps:/ { n++; if (n > 2) sum += $2 } END { printf "%.4f", sum / 1e6 }' "$log"
}

q=$(run qlxge -d "$dir" --vdev net_qlxge_sim0,adapter=bench,function=0 \
	--vdev net_qlxge_sim1,adapter=bench,function=1)
r=$(run ring --vdev net_ring0 --vdev net_ring1)
echo "qlxge model ports: $q Mpps (io forwarding, 2 ports, ${secs} s, -l 0-1)"
echo "net_ring ports:    $r Mpps"
awk -v q="$q" -v r="$r" 'BEGIN {
	printf "RESULT testpmd_fwd_qlxge_mpps=%s testpmd_fwd_ring_mpps=%s ratio=%.4f\n", q, r,
	       (r > 0 ? q / r : 0) }'
