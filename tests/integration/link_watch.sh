#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# examples/link_watch --inject on two model ports, cabled to each other: the cable of port 0
# pulled and plugged in (link events down then up, on both ports: a cable has two ends), then a
# fatal adapter error on port 0 (its link down, then a RESET event with the driver in its error
# state), then the recovery (reset, reconfigure, start: the driver started again, the link up
# again) and traffic through the recovered port. Each line is checked, and their order.
# Usage: link_watch.sh <link_watch binary> <plugin folder>
set -euo pipefail
bin=${1:?usage: $0 <link_watch> <plugin folder>}
dir=${2:?usage: $0 <link_watch> <plugin folder>}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

rc=0
timeout 120 "$bin" -d "$dir" --no-huge --no-shconf --no-pci -m 512 --log-level=lib.eal:error \
	--vdev net_qlxge_sim0,adapter=lw,function=0 --vdev net_qlxge_sim1,adapter=lw,function=1 \
	-- --inject >"$out" 2>&1 || rc=$?
cat "$out"
[ "$rc" -eq 0 ] || fail "link_watch exited with $rc"

# the lines expected, in this order (each a pattern; other lines may come between)
expect=(
	'start: port 0: Link up at 10 Gbps FDX'
	'start: port 1: Link up at 10 Gbps FDX'
	'inject: port 0: cable pulled'
	'event: port 0: Link down'
	'inject: port 0: cable plugged in'
	'event: port 0: Link up at 10 Gbps FDX'
	'inject: port 0: fatal adapter error'
	'event: port 0: Link down'
	'event: port 0: RESET requested \(driver state: error\)'
	'recover: port 0: reset, reconfigured, started in [0-9.]+ ms \(driver state: started\)'
	'traffic: port 0: 32 frames sent, 32 received by port 1'
	'^link_watch: link events 6, resets 1, recovered 1$'
)
line=0
for e in "${expect[@]}"; do
	n=$(tail -n +$((line + 1)) "$out" | grep -nE -m1 "$e" | cut -d: -f1) ||
		fail "missing, or out of order: $e"
	line=$((line + n))
	echo "ok: $e"
done
# the link's return after the reset: an event from the interrupt thread, which the start's
# last step raises, so it may be printed before the main thread's "recover" line or after
reset_at=$(grep -nE -m1 'event: port 0: RESET requested' "$out" | cut -d: -f1)
tail -n +"$reset_at" "$out" | grep -qE 'event: port 0: Link up at 10 Gbps FDX' ||
	fail "no link-up event for port 0 after its reset"
echo "ok: event: port 0: Link up at 10 Gbps FDX, after the reset"
grep -q 'qlxge_dev_reset(): port 0: reset done' "$out" || fail "the driver did not log the reset"
# port 1 saw the cable go and come back (its own order against port 0's events is free), and
# nothing of port 0's fatal error
grep -q 'event: port 1: Link down' "$out" || fail "port 1 did not see the cable pulled"
grep -q 'event: port 1: Link up' "$out" || fail "port 1 did not see the cable plugged in"
grep -qE '(RESET requested|recover): port 1|port 1: RESET' "$out" && fail "port 1 had a reset"
echo "PASS: link_watch saw the link flap and the reset, and recovered the port"
