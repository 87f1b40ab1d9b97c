#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# examples/qlxge_info on two model ports: it must show each port's driver, firmware, MAC, link,
# limits and xstats, and write a register dump per port.
# Usage: qlxge_info.sh <qlxge_info binary> <librte_net_qlxge.so> <librte_net_qlxge_sim.so>
set -euo pipefail
usage="usage: $0 <qlxge_info> <librte_net_qlxge.so> <librte_net_qlxge_sim.so>"
bin=${1:?$usage}
so=${2:?$usage}
sim_so=${3:?$usage}
# The example and the plugins come from the same meson build: a sanitizer build instruments all.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bin" -d "$so" -d "$sim_so" --no-huge --no-shconf --no-pci -m 256 --log-level=lib.eal:error \
	--vdev net_qlxge_sim0,adapter=info,function=0 --vdev net_qlxge_sim1,adapter=info,function=1 \
	-- --regs "$dir/regs" >"$dir/out" 2>&1
cat "$dir/out"
fail() { echo "FAIL: $*"; exit 1; }
[ "$(grep -c '(driver net_qlxge_sim)' "$dir/out")" -eq 2 ] || fail "two ports expected"
grep -qE '^  firmware: [0-9]+\.[0-9]+\.[0-9]+$' "$dir/out" || fail "no firmware version"
grep -qE '^  MAC: ([0-9A-F]{2}:){5}[0-9A-F]{2}$' "$dir/out" || fail "no MAC"
grep -q 'Link up at 10 Gbps FDX' "$dir/out" || fail "link not up at 10G full duplex"
grep -q 'reta 512, key 40 bytes' "$dir/out" || fail "RSS limits"
grep -qE '^    rx_good_packets +0$' "$dir/out" || fail "no xstats"
for p in 0 1; do
	[ -s "$dir/regs.$p" ] || fail "no register dump for port $p"
done
echo "PASS: qlxge_info reported both model ports"
