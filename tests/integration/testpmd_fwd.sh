#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# Traffic through dpdk-testpmd: the two ports of one model adapter (cabled back to back), io
# forwarding started with a first burst, stopped after a few seconds. Checks that packets flowed
# both ways, that every port's RX and TX counts moved, and that no error or drop was counted.
# The model runs in its own thread: -l 0-1 gives testpmd's forwarding lcore core 1. The plugins
# are loaded by -d of their folder (EAL loads every .so in it).
# The forwarding time starts once testpmd has carried out the commands before the start, not
# when it is launched: EAL init and the port start take a second alone and most of the three
# when other testpmd or test processes share the machine's two cores, so a clock started at the
# launch could stop forwarding before the first bursts had gone round.
# Usage: testpmd_fwd.sh <folder of librte_net_qlxge.so and librte_net_qlxge_sim.so>
set -euo pipefail
dir=${1:?usage: $0 <plugin folder>}
testpmd=$(command -v dpdk-testpmd) ||
	{ echo "dpdk-testpmd not found (apt-get install dpdk)"; exit 1; }
# testpmd is not instrumented: a sanitizer build of the PMD cannot be loaded into it
if ldd "$dir/librte_net_qlxge_sim.so" 2>/dev/null | grep -qE 'lib(asan|ubsan|tsan)'; then
	echo "SKIP: $dir holds a sanitizer build"; exit 77
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT

. "$(dirname "$0")/testpmd_ready.sh"

set +e
{
	printf 'set promisc all on\nset fwd io\n'
	testpmd_ready "$log" 'Set io packet forwarding mode' || exit 0
	printf 'start tx_first 2\n'
	sleep 3
	printf 'stop\nshow port stats all\nshow port xstats all\nquit\n'
} | timeout 120 stdbuf -oL "$testpmd" -d "$dir" --no-huge --no-shconf --no-pci -m 512 -l 0-1 \
	--vdev net_qlxge_sim0,adapter=fwd,function=0 --vdev net_qlxge_sim1,adapter=fwd,function=1 \
	-- -i --total-num-mbufs=8192 >"$log" 2>&1
rc=$?
set -e
grep -vE '^(rx|tx)_(size|q[0-9])' "$log"

fail() { echo "FAIL: $*"; exit 1; }
[ $rc -eq 0 ] || fail "testpmd exited with $rc"
grep -q 'Bye' "$log" || fail "testpmd did not quit cleanly"

# NIC statistics per port: "RX-packets: N  RX-missed: N  RX-bytes: N", "RX-errors: N",
# "RX-nombuf: N", "TX-packets: N  TX-errors: N  TX-bytes: N"
stat() { # <port> <field>
	awk -v port="$1" -v field="$2" '
		/NIC statistics for port/ { p = $(NF - 1) }
		p == port { for (i = 1; i < NF; i++) if ($i == field ":") v = $(i + 1) }
		END { print v + 0 }' "$log"
}
for p in 0 1; do
	rx=$(stat $p RX-packets); tx=$(stat $p TX-packets)
	echo "port $p: RX $rx TX $tx errors $(stat $p RX-errors)/$(stat $p TX-errors)" \
	     "missed $(stat $p RX-missed) nombuf $(stat $p RX-nombuf)"
	[ "$rx" -gt 1000 ] || fail "port $p received only $rx packets"
	[ "$tx" -gt 1000 ] || fail "port $p sent only $tx packets"
	for f in RX-errors TX-errors RX-missed RX-nombuf; do
		[ "$(stat $p $f)" -eq 0 ] || fail "port $p counted $f"
	done
done
# forward statistics of the stop: nothing dropped by testpmd's TX
if grep -E 'TX-dropped: [1-9]' "$log"; then fail "testpmd dropped packets on TX"; fi
# the PMD's own error counters stay at zero
bad='^(rx|tx)_q[0-9]+_(.*errors|malformed_completions|bad_packets|unscattered_drops): [1-9]'
if grep -E "$bad" "$log"; then
	fail "a queue counted an error"
fi
if grep -i 'qlxge' "$log" | grep -qiE 'error|fail|malformed'; then
	fail "the PMD logged an error"
fi
echo "PASS: io forwarding between two qlxge model ports, both ways, no errors"
