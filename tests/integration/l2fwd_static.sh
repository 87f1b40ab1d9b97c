#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# examples/l2fwd_static built as a user builds it against an installed qlxge: `make static`
# with pkg-config (libqlxge_sim.pc, --static) against a staged `meson install`; the program
# needs no shared DPDK or qlxge library, loads no plugin, and forwards between the two ports of
# an emulated adapter for a few seconds: both ways, no error, no drop. Then `make shared`: the
# program needs the driver's libraries and forwards with no -d.
# Usage: l2fwd_static.sh <build root> <source root> <libdir>
set -euo pipefail
build=${1:?usage: $0 <build root> <source root> <libdir>}
src=${2:?usage: $0 <build root> <source root> <libdir>}
libdir=${3:?usage: $0 <build root> <source root> <libdir>}
if ldd "$build/drivers/librte_net_qlxge_sim.so" 2>/dev/null | grep -qE 'lib(asan|ubsan|tsan)'; then
	echo "SKIP: a sanitizer build is not installed for applications"; exit 77
fi
command -v make >/dev/null || { echo "FAIL: make not found (devtools/bootstrap.sh)"; exit 1; }
unset LD_LIBRARY_PATH
fail() { echo "FAIL: $*"; exit 1; }
work=$build/tests/l2fwd_static
stage=$work/stage
rm -rf "$work"
mkdir -p "$work"
"$src/tests/install/stage.sh" "$build" "$stage"
pc=$(find "$stage" -name libqlxge_sim.pc -path "*$libdir/pkgconfig/*" | head -1)
[ -n "$pc" ] || fail "no libqlxge_sim.pc staged"
export PKG_CONFIG_PATH=$(dirname "$pc")
echo "ok: staged install, PKG_CONFIG_PATH=$PKG_CONFIG_PATH"

make -s -C "$src/examples/l2fwd_static" O="$work" static >"$work/make.out" 2>&1 ||
	{ cat "$work/make.out"; fail "make static failed"; }
bin=$work/l2fwd_static-static
[ -x "$bin" ] || fail "no $bin"
if readelf -dW "$bin" | grep '(NEEDED)' | grep -E 'librte_|qlxge'; then
	fail "the static program needs shared DPDK or qlxge libraries"
fi
nm "$bin" >"$work/nm.out"
grep -q ' qlxge_sim_adapter_create$' "$work/nm.out" || fail "the model is not linked in"
grep -q ' rte_pmd_qlxge_port_info_get$' "$work/nm.out" || fail "the driver is not linked in"
echo "ok: make static: no shared DPDK or qlxge library needed, driver and model linked in"

out=$work/run.out
LD_DEBUG=files LD_DEBUG_OUTPUT=$work/ld timeout 120 "$bin" --no-huge --no-shconf --no-pci \
	-m 512 -l 0-1 --log-level=lib.eal:error \
	--vdev net_qlxge_sim0,adapter=l2s,function=0 --vdev net_qlxge_sim1,adapter=l2s,function=1 \
	-- --duration 3 --tx-first 32 >"$out" 2>&1 || { cat "$out"; fail "l2fwd_static failed"; }
cat "$out"
if cat "$work"/ld.* | grep -E 'calling init: .*(librte_|qlxge)'; then
	fail "a shared DPDK or qlxge library was loaded"
fi
for p in 0 1; do
	line=$(grep "^l2fwd_static: port $p: rx" "$out") || fail "no totals for port $p"
	rx=$(sed -n 's/.*: rx \([0-9]*\) .*/\1/p' <<<"$line")
	tx=$(sed -n 's/.* tx \([0-9]*\) .*/\1/p' <<<"$line")
	[ "$rx" -gt 1000 ] && [ "$tx" -gt 1000 ] || fail "port $p: rx $rx tx $tx"
	grep -q "dropped 0 (ethdev: .* ierrors 0 oerrors 0 imissed 0)" <<<"$line" ||
		fail "port $p: drops or errors: $line"
done
[ "$(grep -c '^\[ *[0-9]*s\] port 0: rx' "$out")" -ge 2 ] || fail "no rate lines"

# make shared: the driver's and the model's libraries recorded as needed (main.c calls none of
# their functions), so that the program finds the driver with no -d, also from the stage
make -s -C "$src/examples/l2fwd_static" O="$work" shared >"$work/make.out" 2>&1 ||
	{ cat "$work/make.out"; fail "make shared failed"; }
bin=$work/l2fwd_static-shared
readelf -dW "$bin" | grep -q '(NEEDED).*\[librte_net_qlxge_sim\.so\]' ||
	fail "make shared: librte_net_qlxge_sim.so not needed by the program"
timeout 120 "$bin" --no-huge --no-shconf --no-pci -m 512 -l 0-1 --log-level=lib.eal:error \
	--vdev net_qlxge_sim0,adapter=l2d,function=0 --vdev net_qlxge_sim1,adapter=l2d,function=1 \
	-- --duration 1 --tx-first 32 >"$out" 2>&1 ||
	{ cat "$out"; fail "l2fwd_static-shared failed"; }
grep -q "^l2fwd_static: port 1: rx [1-9]" "$out" || { cat "$out"; fail "make shared: no traffic"; }
echo "ok: make shared: the driver comes with the program (no -d), traffic both ways"
echo "PASS: l2fwd_static linked statically through pkg-config forwarded both ways"
