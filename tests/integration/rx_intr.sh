#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# examples/rx_intr on two model ports: bursts every 200 ms for 3 s, received by a loop that
# sleeps on RX queue interrupts between them; then 2 s of an idle wire. Checked: every frame
# sent is received, frames woke the loop (at least once, never more often than frames came), and
# with an idle wire nothing woke it but its own clock. CPU time is printed, never asserted.
# Usage: rx_intr.sh <rx_intr binary> <plugin folder>
set -euo pipefail
bin=${1:?usage: $0 <rx_intr> <plugin folder>}
dir=${2:?usage: $0 <rx_intr> <plugin folder>}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

run() {
	local rc=0
	timeout 60 "$bin" -d "$dir" --no-huge --no-shconf --no-pci -m 512 \
		--log-level=lib.eal:error --vdev net_qlxge_sim0,adapter=rxi,function=0 \
		--vdev net_qlxge_sim1,adapter=rxi,function=1 -- "$@" >"$out" 2>&1 || rc=$?
	cat "$out"
	[ "$rc" -eq 0 ] || fail "rx_intr $* exited with $rc"
}

# "sent S, received R; slept N times: woken by a frame F, by the clock C"
summary() {
	sed -nE 's/^rx_intr: sent ([0-9]+), received ([0-9]+); slept ([0-9]+) times: woken by a frame ([0-9]+), by the clock ([0-9]+).*/\1 \2 \3 \4 \5/p' "$out"
}

run --duration 3 --burst 32 --interval 200
grep -q 'port 1 queue 0: RX interrupt on eventfd [0-9]' "$out" || fail "no RX interrupt set up"
read -r s r n f c <<<"$(summary)"
[ -n "${c:-}" ] || fail "no summary line"
[ "$s" -gt 0 ] && [ "$r" -eq "$s" ] || fail "sent $s, received $r"
[ "$f" -ge 1 ] || fail "no frame woke the loop"
[ "$f" -le "$s" ] || fail "woken $f times for $s frames"
[ "$n" -eq $((f + c)) ] || fail "sleeps $n != wake-ups $f + $c"
echo "ok: $s frames received, the loop slept $n times, woken by frames $f times"

run --duration 2 --burst 0
read -r s r n f c <<<"$(summary)"
[ "$s" -eq 0 ] && [ "$f" -eq 0 ] && [ "$n" -ge 1 ] ||
	fail "idle wire: sent $s, slept $n, woken by a frame $f times"
echo "ok: idle wire: asleep ($n sleeps), never woken by a frame"
echo "PASS: rx_intr slept on RX queue interrupts and woke for frames"
