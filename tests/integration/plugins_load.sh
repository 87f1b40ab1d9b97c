#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# The two plugins as a user loads them, through examples/qlxge_info on two model ports: the
# model's plugin alone (it brings the driver's), both with a -d each in either order, and their
# folder. Each way gives both ports, and the process holds exactly one copy of each plugin (the
# dynamic loader initialises each once: LD_DEBUG=files). The driver's plugin alone knows no
# net_qlxge_sim device: the model is not in it.
# Usage: plugins_load.sh <qlxge_info> <librte_net_qlxge.so> <librte_net_qlxge_sim.so>
set -euo pipefail
usage="usage: $0 <qlxge_info> <librte_net_qlxge.so> <librte_net_qlxge_sim.so>"
bin=${1:?$usage}
so=${2:?$usage}
sim_so=${3:?$usage}
plugin_dir=$(dirname "$sim_so")
[ "$(dirname "$so")" = "$plugin_dir" ] || { echo "FAIL: the plugins are not in one folder"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# run <name> <-d arguments...>: qlxge_info on two ports of one model adapter
run() {
	local name=$1; shift
	rm -f "$tmp"/ld.*
	LD_DEBUG=files LD_DEBUG_OUTPUT="$tmp/ld" "$bin" "$@" --no-huge --no-shconf --no-pci \
		-m 256 --log-level=lib.eal:error \
		--vdev "net_qlxge_sim0,adapter=pl_$name,function=0" \
		--vdev "net_qlxge_sim1,adapter=pl_$name,function=1" -- --no-xstats \
		>"$tmp/out" 2>&1 || { cat "$tmp/out"; fail "$name: qlxge_info failed"; }
	[ "$(grep -c '(driver net_qlxge_sim)' "$tmp/out")" -eq 2 ] ||
		{ cat "$tmp/out"; fail "$name: two ports expected"; }
	for lib in librte_net_qlxge.so librte_net_qlxge_sim.so; do
		n=$(cat "$tmp"/ld.* | grep -cE "calling init: .*/$lib\$" || true)
		[ "$n" -eq 1 ] || fail "$name: $lib initialised $n times (one copy expected)"
	done
	echo "ok: $name: two ports, one copy of each plugin"
}

run model_alone -d "$sim_so"
run driver_then_model -d "$so" -d "$sim_so"
run model_then_driver -d "$sim_so" -d "$so"
run folder -d "$plugin_dir"

# the driver's plugin alone: no model, so the virtual device is unknown and no port appears
if "$bin" -d "$so" --no-huge --no-shconf --no-pci -m 256 --log-level=lib.eal:error \
	--vdev net_qlxge_sim0,adapter=pl_card -- --no-xstats >"$tmp/out" 2>&1; then
	cat "$tmp/out"; fail "the driver's plugin alone attached a model port"
fi
grep -q '(driver net_qlxge_sim)' "$tmp/out" && fail "a model port without the model's plugin"
echo "ok: the driver's plugin alone knows no net_qlxge_sim device"
echo "PASS: both plugins load alone, together in either order and as a folder, once each"
