#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# Frame limits through dpdk-testpmd, as a user sets them: two ports of one model adapter cabled
# back to back, started with --max-pkt-len=9600 (MTU 9582: max_rx_pktlen 9600 less the 18 bytes
# of Ethernet header and CRC, as on ixgbe); "port config mtu" on a running port; then io
# forwarding started by a first burst of UDP frames of the boundary sizes from each port, port 0
# at MTU 9582, port 1 at MTU 1500: 1514 bytes (1518 on the wire, the max frame) go round, 1515
# are dropped by port 1's MAC (RX errors) and refused by its TX (TX errors), never forwarded.
# "show port info" also reports the LRO limit (max_lro_pkt_size).
# Usage: testpmd_mtu.sh <plugin folder>
set -euo pipefail
plugins=${1:?usage: $0 <plugin folder>}
testpmd=$(command -v dpdk-testpmd) || { echo "dpdk-testpmd not found (apt-get install dpdk)"; exit 1; }
if ldd "$plugins/librte_net_qlxge_sim.so" 2>/dev/null | grep -qE 'lib(asan|ubsan|tsan)'; then
	echo "SKIP: a sanitizer build"; exit 77
fi
tmp=$(mktemp -d)
log=$tmp/log
pid=
cleanup() {
	exec 3>&- 2>/dev/null || true
	if [ -n "$pid" ]; then
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT

fail() { echo "FAIL: $*"; [ -f "$log" ] && cat "$log"; exit 1; }

# Commands go through a FIFO, and each run waits for testpmd's own output before its timed part:
# a loaded machine can take seconds over "port start all", and a script that only sleeps would
# then have "stop" read right after "start" (no forwarding at all, nothing received or counted).
# await <count> <pattern>: until the log holds <count> lines matching <pattern>.
await() {
	local i
	for i in $(seq 1200); do
		[ "$(grep -c -- "$2" "$log" 2>/dev/null)" -ge "$1" ] && return 0
		kill -0 "$pid" 2>/dev/null || fail "testpmd exited (waiting for '$2')"
		sleep 0.1
	done
	fail "testpmd did not print '$2' $1 times in 120 s"
}

# one io-forwarding run (the n-th) started with a first burst of $2-byte frames from each port
io_run() {
	printf 'clear port stats all\nset txpkts %s\nstart tx_first\n' "$2" >&3
	await "$1" 'io packet forwarding - ports='
	sleep 1
	printf 'stop\nshow port stats 1\n' >&3
	await "$1" 'NIC statistics for port 1'
}

mkfifo "$tmp/in"
timeout 120 stdbuf -oL "$testpmd" -d "$plugins" --no-huge --no-shconf --no-pci -m 512 \
	-l 0-1 --vdev net_qlxge_sim0,adapter=mtu,function=0 \
	--vdev net_qlxge_sim1,adapter=mtu,function=1 \
	-- -i --total-num-mbufs=8192 --max-pkt-len=9600 <"$tmp/in" >"$log" 2>&1 &
pid=$!
exec 3>"$tmp/in"
printf 'show port info 0\n' >&3
printf 'port config mtu 0 1500\nshow port info 0\n' >&3
printf 'port config mtu 0 9582\nshow port info 0\n' >&3
printf 'port config mtu 0 9583\n' >&3
printf 'port stop all\nport config mtu 1 1500\nport start all\n' >&3
printf 'set promisc all on\nset fwd io\n' >&3
io_run 1 1514
# the rings flushed: frames of the first run left in them would be forwarded again
printf 'show port info 1\nport stop all\nport start all\n' >&3
io_run 2 1515
printf 'quit\n' >&3
exec 3>&-
set +e
wait "$pid"
rc=$?
pid=
set -e
cat "$log"
[ $rc -eq 0 ] || fail "testpmd exited with $rc"
grep -q 'Bye' "$log" || fail "testpmd did not quit cleanly"

# --max-pkt-len=9600: MTU 9582, the largest (max_rx_pktlen 9600)
[ "$(grep -m1 -E '^MTU: ' "$log")" = "MTU: 9582" ] || fail "--max-pkt-len=9600 did not give MTU 9582"
grep -q '^Maximum configurable length of RX packet: 9600$' "$log" || fail "max_rx_pktlen"
# LRO (merged in the receive burst): the largest aggregated packet
grep -q '^Maximum configurable size of LRO aggregated packet: 65535$' "$log" ||
	fail "max_lro_pkt_size not reported"
# port config mtu on the running port: 1500, then 9582 again; 9583 refused
[ "$(grep -E '^MTU: ' "$log" | head -3 | tr '\n' ' ')" = "MTU: 9582 MTU: 1500 MTU: 9582 " ] ||
	fail "port config mtu on a running port"
grep -q 'MTU (9583) > device max MTU (9582)' "$log" || fail "MTU 9583 not refused"
grep -q '^MTU: 1500$' <(sed -n '/show port info 1/,$p' "$log") || fail "port 1 MTU 1500"

# the two runs: the stats reports of port 1, in order
mapfile -t runs < <(awk '/NIC statistics for port 1/ { n = 1; p = e = t = 0 }
	n && /RX-packets:/ { p = $2 } n && /RX-errors:/ { e = $2 }
	n && /TX-errors:/ { t = $4; print p, e, t; n = 0 }' "$log")
[ ${#runs[@]} -eq 2 ] || fail "expected two port 1 reports, got ${#runs[@]}"
read -r p e t <<<"${runs[0]}"
echo "1514-byte frames (1518 on the wire): port 1 RX-packets $p RX-errors $e TX-errors $t"
[ "$p" -gt 0 ] && [ "$e" -eq 0 ] && [ "$t" -eq 0 ] ||
	fail "frames of the max frame not forwarded by port 1 (MTU 1500)"
read -r p e t <<<"${runs[1]}"
echo "1515-byte frames (1519 on the wire): port 1 RX-packets $p RX-errors $e TX-errors $t"
# port 0 (MTU 9582) sent its first burst: port 1's MAC dropped and counted each; port 1's own
# first burst was refused by its TX, with the same limit
[ "$p" -eq 0 ] && [ "$e" -gt 0 ] && [ "$t" -gt 0 ] ||
	fail "frames over the max frame not dropped by port 1 (MTU 1500) both ways"
if grep -i 'qlxge' "$log" | grep -qiE 'error|fail'; then
	fail "the PMD logged an error"
fi
echo "PASS: testpmd --max-pkt-len, port config mtu and the boundary frames on two qlxge ports"
