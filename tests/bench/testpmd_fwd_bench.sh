#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# testpmd io forwarding between two qlxge model ports (one adapter, cabled back to back), then
# the same between two net_ring ports, in one run with the same cores, pool and first bursts;
# prints each side's forwarding rate (Mpps, both ports together, testpmd's own Rx-pps over the
# measured interval) and a RESULT line with the ratio qlxge / net_ring.
#
# --huge (root): the model ports side by side on hugepages with IOVA as VA and IOVA as PA (what
# EAL picks on a machine without an IOMMU), in alternating rounds (QLXGE_BENCH_ROUNDS, default
# 3), with the median of each and a RESULT line with their ratio. It reserves 2 MiB pages
# (QLXGE_BENCH_HUGEPAGES, default 512) on top of those already reserved and mounts hugetlbfs at
# a path of its own; both are given back on exit, also on failure or interruption.
# The plugins are loaded by -d of their folder (build/drivers).
# Usage: testpmd_fwd_bench.sh <plugin folder> [--smoke | --huge] [seconds]
#   seconds: the measured interval of each run (default 10; --smoke: 2); options in any order.
# EAL's runtime folder of the run's file prefix (bench<pid>) is removed on exit.
set -euo pipefail
usage() {
	echo "usage: $0 <plugin folder> [--smoke | --huge] [seconds]"
	echo "  --smoke  one short run (2 s unless seconds are given)"
	echo "  --huge   the model ports on hugepages, IOVA as VA and as PA (root)"
	echo "  seconds  the measured interval of each run, 1..3600 (default 10)"
}
dir=
secs=
mode=ring
smoke=0
for arg in "$@"; do
	case "$arg" in
	-h|--help) usage; exit 0 ;;
	--smoke) smoke=1 ;;
	--huge) mode=huge ;;
	-*) echo "unknown option: $arg" >&2; usage >&2; exit 2 ;;
	*[!0-9]*|'')
		[ -z "$dir" ] || { echo "unexpected argument: $arg" >&2; usage >&2; exit 2; }
		dir=$arg ;;
	*)
		# a number: the seconds, once the plugin folder was given (a folder named by
		# digits alone comes first)
		if [ -z "$dir" ]; then dir=$arg
		elif [ -z "$secs" ]; then secs=$arg
		else echo "unexpected argument: $arg" >&2; usage >&2; exit 2; fi ;;
	esac
done
[ -n "$dir" ] || { usage >&2; exit 2; }
[ -d "$dir" ] || { echo "$dir: not a folder (the plugin folder, e.g. build/drivers)" >&2; exit 2; }
[ "$smoke" -eq 1 ] && [ "$mode" = huge ] &&
	{ echo "--smoke and --huge exclude each other" >&2; usage >&2; exit 2; }
if [ -n "$secs" ]; then
	[ "$secs" -ge 1 ] && [ "$secs" -le 3600 ] ||
		{ echo "seconds: $secs: need a whole number in 1..3600" >&2; exit 2; }
elif [ "$smoke" -eq 1 ]; then
	secs=2
else
	secs=10
fi
testpmd=$(command -v dpdk-testpmd) ||
	{ echo "dpdk-testpmd not found (apt-get install dpdk)"; exit 1; }
if ldd "$dir/librte_net_qlxge_sim.so" 2>/dev/null | grep -qE 'lib(asan|ubsan|tsan)'; then
	echo "SKIP: $dir holds a sanitizer build"; exit 77
fi
log=$(mktemp)
# shellcheck source=../integration/hugepages.sh
. "$(dirname "$0")/../integration/hugepages.sh"
prefix=bench$$
# EAL creates a runtime folder for the file prefix even with --no-shconf (where it puts its
# telemetry socket); it is this run's alone, and removed with it
if [ "$(id -u)" -eq 0 ]; then run=/var/run/dpdk/$prefix; else
	run=${XDG_RUNTIME_DIR:-/tmp}/dpdk/$prefix; fi
cleanup() {
	rm -f "$log"
	rm -rf "$run"
	huge_release
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# run <label> <EAL args...>: Mpps of io forwarding, summed over both ports
run() {
	local label=$1; shift
	{
		printf 'set promisc all on\nset fwd io\nstart tx_first 2\n'
		sleep 1	# warm-up, then testpmd's rate clock starts at the first show
		printf 'show port stats all\n'
		sleep "$secs"
		printf 'show port stats all\nstop\nquit\n'
	} | timeout $((secs + 60)) stdbuf -oL "$testpmd" -m 512 -l 0-1 "$@" \
		-- -i --total-num-mbufs=8192 >"$log" 2>&1 || {
		cat "$log" >&2; echo "FAIL: testpmd ($label)" >&2; exit 1; }
	# the second show's Rx-pps of each port: the rate over the measured interval
	awk '/^  Rx-pps:/ { n++; if (n > 2) sum += $2 } END { printf "%.4f", sum / 1e6 }' "$log"
}

model=(-d "$dir" --vdev net_qlxge_sim0,adapter=bench,function=0
	--vdev net_qlxge_sim1,adapter=bench,function=1)
nohuge=(--no-huge --no-shconf --no-pci --file-prefix "$prefix")

if [ "$mode" = ring ]; then
	q=$(run qlxge "${nohuge[@]}" "${model[@]}")
	r=$(run ring "${nohuge[@]}" --vdev net_ring0 --vdev net_ring1)
	echo "qlxge model ports: $q Mpps (io forwarding, 2 ports, ${secs} s, -l 0-1)"
	echo "net_ring ports:    $r Mpps"
	awk -v q="$q" -v r="$r" 'BEGIN {
		printf "RESULT testpmd_fwd_qlxge_mpps=%s testpmd_fwd_ring_mpps=%s ratio=%.4f\n",
		       q, r, (r > 0 ? q / r : 0) }'
	exit 0
fi

# --huge: IOVA as VA and as PA on hugepages, rounds alternating
pages=${QLXGE_BENCH_HUGEPAGES:-512}
rounds=${QLXGE_BENCH_ROUNDS:-3}
huge_reserve "$pages" 256 || { echo "SKIP: --huge: $huge_why (IOVA as PA needs root)"; exit 77; }
huge=(--in-memory --no-pci --huge-dir "$huge_mnt" --file-prefix "$prefix")
va=() pa=()
for i in $(seq 1 "$rounds"); do
	va+=("$(run va "${huge[@]}" --iova-mode=va "${model[@]}")")
	pa+=("$(run pa "${huge[@]}" --iova-mode=pa "${model[@]}")")
	echo "round $i: IOVA as VA ${va[-1]} Mpps, IOVA as PA ${pa[-1]} Mpps"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
	print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
mv=$(median "${va[@]}")
mp=$(median "${pa[@]}")
echo "qlxge model ports on hugepages, median of $rounds rounds of ${secs} s (io forwarding, 2 ports, -l 0-1):"
echo "  IOVA as VA: $mv Mpps"
echo "  IOVA as PA: $mp Mpps"
awk -v va="$mv" -v pa="$mp" 'BEGIN {
	printf "RESULT testpmd_fwd_huge_va_mpps=%s testpmd_fwd_huge_pa_mpps=%s pa_over_va=%.3f\n",
	       va, pa, (va > 0 ? pa / va : 0) }'
