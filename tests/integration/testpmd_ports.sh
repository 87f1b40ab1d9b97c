#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# The README demo through dpdk-testpmd: two ports of one model adapter (net_qlxge_sim, functions
# 0 and 1, cabled back to back), both plugins loaded with a -d each, then the acceptance
# sequence on stdin, ending with set link-down / link-up on port 0; each step's output is
# checked. --rxq/--txq 2: ethdev accepts an RSS change only on a port configured for RSS, which
# testpmd does only with more than one RX queue.
# Usage: testpmd_ports.sh <librte_net_qlxge.so> <librte_net_qlxge_sim.so>
set -euo pipefail
so=${1:?usage: $0 <librte_net_qlxge.so> <librte_net_qlxge_sim.so>}
sim_so=${2:?usage: $0 <librte_net_qlxge.so> <librte_net_qlxge_sim.so>}
testpmd=$(command -v dpdk-testpmd) || { echo "dpdk-testpmd not found (apt-get install dpdk)"; exit 1; }
# testpmd is not instrumented: a sanitizer build of the PMD cannot be loaded into it
if ldd "$sim_so" 2>/dev/null | grep -qE 'lib(asan|ubsan|tsan)'; then
	echo "SKIP: $sim_so is a sanitizer build"; exit 77
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT

cmds='show port info all
show port summary all
show port xstats 0
port stop all
port config mtu 0 9000
set promisc all off
mac_addr add 0 02:00:00:00:00:09
port config all rss all
port start all
show port info 0
show port 0 macs
set link-down port 0
show port info 0
set link-up port 0
show port info 0
quit
'
set +e
printf '%s' "$cmds" |
	# line-buffered: testpmd writes its prompt straight to the fd, a pipe-buffered line would
	# be split by it
	timeout 120 stdbuf -oL "$testpmd" -d "$so" -d "$sim_so" \
		--no-huge --no-shconf --no-pci -m 512 \
		--vdev net_qlxge_sim0,adapter=a,function=0 --vdev net_qlxge_sim1,adapter=a,function=1 \
		-- -i --total-num-mbufs=4096 --rxq=2 --txq=2 >"$log" 2>&1
rc=$?
set -e
cat "$log"

fail() { echo "FAIL: $*"; exit 1; }
count() { grep -cE "$1" "$log" || true; }

[ $rc -eq 0 ] || fail "testpmd exited with $rc"
grep -q 'Bye' "$log" || fail "testpmd did not quit cleanly"
# show port info all: both ports, driver, link, firmware, capabilities
[ "$(count '^Driver name: net_qlxge_sim$')" -ge 3 ] || fail "driver name not shown for each port"
[ "$(count '^Link status: up$')" -ge 3 ] || fail "link not up"
[ "$(count '^Link speed: 10 Gbps$')" -ge 3 ] || fail "link speed not 10 Gbps"
[ "$(count '^Link duplex: full-duplex$')" -ge 3 ] || fail "link not full duplex"
[ "$(count '^Firmware-version: [0-9]+\.[0-9]+\.[0-9]+$')" -ge 3 ] || fail "no firmware version"
[ "$(count '^Redirection table size: 512$')" -ge 2 ] || fail "RETA size not 512"
[ "$(count '^Maximum configurable length of RX packet: 9600$')" -ge 2 ] || fail "max frame"
grep -q 'ipv4-tcp' "$log" || fail "RSS flow types not shown"
# show port summary all: MACs, driver, link
grep -qE '^0 +([0-9A-F]{2}:){5}[0-9A-F]{2} +net_qlxge_sim0 +net_qlxge_sim +up +10 Gbps' "$log" ||
	fail "port 0 summary"
grep -qE '^1 +([0-9A-F]{2}:){5}[0-9A-F]{2} +net_qlxge_sim1 +net_qlxge_sim +up +10 Gbps' "$log" ||
	fail "port 1 summary"
# show port xstats 0: generic and hardware counters
grep -q '^rx_good_packets: ' "$log" || fail "no rx_good_packets xstat"
grep -q '^rx_crc_errors: ' "$log" || fail "no hardware xstats"
grep -q '^tx_size_64_packets: ' "$log" || fail "no size-bucket xstats"
# port config mtu, promisc, mac_addr add, rss, port start
grep -q '^MTU: 9000$' "$log" || fail "MTU 9000 not applied"
grep -q '^Promiscuous mode: disabled$' "$log" || fail "promiscuous mode not disabled"
grep -q '02:00:00:00:00:09' "$log" || fail "added MAC not listed"
# set link-down / link-up port 0: the last two port-info reports read down, then up again
links=$(grep -E '^Link status: ' "$log" | tail -2 | tr '\n' ' ')
[ "$links" = "Link status: down Link status: up " ] ||
	fail "set link-down/up port 0: last link reports were '$links'"
if grep -qiE 'failed|error \(|Fail to|invalid' "$log"; then
	grep -iE 'failed|error \(|Fail to|invalid' "$log"
	fail "a command failed"
fi
if grep -i 'qlxge' "$log" | grep -qiE 'error|fail'; then
	fail "the PMD logged an error"
fi
echo "PASS: testpmd drove two qlxge model ports through the acceptance sequence"
