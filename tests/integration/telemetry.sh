#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# The telemetry commands as a user queries them: dpdk-testpmd forwards between two model ports
# (with telemetry on, as by default, and a net_null port beside them), and the commands are
# asked over DPDK's telemetry socket: once with dpdk-telemetry.py (Debian's dpdk package), then
# each checked by its JSON (telemetry_check.py). A unique --file-prefix keeps the socket apart;
# its runtime folder is removed at the end.
# Usage: telemetry.sh <plugin folder>
set -euo pipefail
dir=${1:?usage: $0 <plugin folder>}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
testpmd=$(command -v dpdk-testpmd) || { echo "dpdk-testpmd not found (apt-get install dpdk)"; exit 1; }
if ldd "$dir/librte_net_qlxge_sim.so" 2>/dev/null | grep -qE 'lib(asan|ubsan|tsan)'; then
	echo "SKIP: $dir holds a sanitizer build"; exit 77
fi
prefix=qlxge-tel-$$
# where EAL puts the socket (dpdk-telemetry.py looks there the same way)
if [ "$(id -u)" -eq 0 ]; then run=/var/run/dpdk/$prefix; else
	run=${XDG_RUNTIME_DIR:-/tmp}/dpdk/$prefix; fi
tmp=$(mktemp -d)
pid=
cleanup() {
	exec 3>&- 2>/dev/null || true
	[ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	rm -rf "$tmp" "$run"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; echo "--- testpmd:"; cat "$tmp/log"; exit 1; }

mkfifo "$tmp/in"
timeout 300 stdbuf -oL "$testpmd" -d "$dir" --no-huge --no-shconf --no-pci -m 512 -l 0-1 \
	--file-prefix "$prefix" --vdev net_qlxge_sim0,adapter=tel,function=0 \
	--vdev net_qlxge_sim1,adapter=tel,function=1 --vdev net_null0 \
	-- -i --total-num-mbufs=8192 --portmask=0x3 <"$tmp/in" >"$tmp/log" 2>&1 &
pid=$!
exec 3>"$tmp/in"
printf 'set promisc all on\nset fwd io\nstart tx_first\n' >&3
for _ in $(seq 300); do
	[ -S "$run/dpdk_telemetry.v2" ] && grep -q 'testpmd> .*[Ss]tart' "$tmp/log" 2>/dev/null && break
	kill -0 "$pid" 2>/dev/null || fail "testpmd exited"
	sleep 0.1
done
[ -S "$run/dpdk_telemetry.v2" ] || fail "no telemetry socket in $run"
sleep 1

# as a user does it: Debian's client, with the file prefix
if command -v dpdk-telemetry.py >/dev/null; then
	out=$(echo /qlxge/ports | dpdk-telemetry.py -f "$prefix" 2>&1) || true
	grep -qF '{"/qlxge/ports": [0, 1]}' <<<"$out" ||
		{ echo "$out"; fail "dpdk-telemetry.py -f $prefix did not list the qlxge ports"; }
	echo "ok: dpdk-telemetry.py -f $prefix: /qlxge/ports -> [0, 1]"
fi
python3 "$here/telemetry_check.py" "$run/dpdk_telemetry.v2" tel || fail "telemetry checks"

printf 'stop\nquit\n' >&3
exec 3>&-
wait "$pid" || fail "testpmd exited with $?"
pid=
grep -q 'Bye' "$tmp/log" || fail "testpmd did not quit cleanly"
echo "PASS: telemetry of two model ports under testpmd"
