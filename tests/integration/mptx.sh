#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# examples/mptx on two model ports: a worker lcore and two threads that are not EAL lcores send
# into one shared TX queue of port 0 for 2 seconds, port 1 receives. Checks the per-second
# lines, that every sender got frames accepted, that the queue coalesced (fewer doorbells than
# bursts), and the program's own account: every frame accepted was received, dropped by the
# peer, or counted as not sent.
# Usage: mptx.sh <mptx binary> <plugin folder>
set -euo pipefail
bin=${1:?usage: $0 <mptx> <plugin folder>}
dir=${2:?usage: $0 <mptx> <plugin folder>}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

rc=0
timeout 120 "$bin" -d "$dir" --no-huge --no-shconf --no-pci -m 512 -l 0-1 \
	--log-level=lib.eal:error \
	--vdev net_qlxge_sim0,adapter=mptx_t,function=0 \
	--vdev net_qlxge_sim1,adapter=mptx_t,function=1 \
	-- --threads 2 --seconds 2 --burst 8 >"$out" 2>&1 || rc=$?
cat "$out"
[ "$rc" -eq 0 ] || fail "mptx exited with $rc"
grep -qE '^mptx: port 0 TX queue 0 shared by 1 worker lcores and 2 threads' "$out" ||
	fail "no header line"
[ "$(grep -cE '^\[ *[0-9]+s\] sent +[0-9.]+ Mpps, rcvd' "$out")" -ge 2 ] || fail "no rate lines"
# three senders, each with frames accepted
[ "$(grep -cE '^mptx: sender [0-9]+ .*: [1-9][0-9]* frames accepted' "$out")" -eq 3 ] ||
	fail "a sender got no frame accepted"
# bursts of 8: a doorbell per burst would be 0.125 per frame
db=$(sed -nE 's/^mptx: ([0-9.]+) doorbells per frame.*/\1/p' "$out")
awk -v d="$db" 'BEGIN { exit !(d > 0 && d < 0.125) }' ||
	fail "doorbells per frame $db: no coalescing of bursts"
grep -qx 'mptx: every frame accepted is accounted for' "$out" || fail "frames unaccounted for"
echo "PASS: mptx sent from lcores and threads into one shared queue, every frame accounted for"
