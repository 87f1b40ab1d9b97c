#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# `meson install --destdir` into a staging folder of the build tree (the system is not touched),
# then each piece checked where a user finds it:
#  - the plugins in DPDK's plugin folder (under the stage): links to the libraries in libdir,
#    the model's needing the driver's beside it ($ORIGIN), each exporting its API;
#  - the headers rte_pmd_qlxge.h and rte_pmd_qlxge_sim.h, each compiling alone;
#  - the pkg-config files (version, pmddir, include path);
#  - the static archives (the model's with the model linked whole, the driver's without it);
#  - an application (tests/install/staged_app.c) built with nothing but pkg-config against the
#    stage, shared and --static, run on two model ports;
#  - dpdk-testpmd loading the staged plugin folder.
# (tests/install/stage.sh keeps the build's own install log, which `ninja uninstall` reads.)
# Usage: install_staged.sh <build root> <source root> <prefix> <libdir> <includedir>
#                          <dpdk plugin folder> <version>
set -euo pipefail
usage="usage: $0 <build> <source> <prefix> <libdir> <includedir> <pmd dir> <version>"
[ $# -eq 7 ] || { echo "$usage"; exit 2; }
build=$1 src=$2 prefix=$3 libdir=$4 includedir=$5 pmddir=$6 version=$7
fail() { echo "FAIL: $*"; exit 1; }
ok() { echo "ok: $*"; }

if ldd "$build/drivers/librte_net_qlxge_sim.so" 2>/dev/null | grep -qE 'lib(asan|ubsan|tsan)'; then
	echo "SKIP: a sanitizer build is not installed for applications"; exit 77
fi
# what the application finds is the stage's only (meson test points this to the build tree)
unset LD_LIBRARY_PATH
case "$libdir" in /*) ;; *) libdir=$prefix/$libdir ;; esac
case "$includedir" in /*) ;; *) includedir=$prefix/$includedir ;; esac
stage=$build/tests/install/stage
work=$build/tests/install/work
L=$stage$libdir
I=$stage$includedir
P=$stage$pmddir
rm -rf "$work"
mkdir -p "$work"
"$src/tests/install/stage.sh" "$build" "$stage"
ok "staged in $stage"

# --- the plugins, where EAL looks for them, and the libraries they point to ---
for lib in librte_net_qlxge.so librte_net_qlxge_sim.so; do
	[ -L "$P/$lib" ] || fail "$P/$lib: no link in the plugin folder"
	[ -f "$L/$lib" ] && [ ! -L "$L/$lib" ] || fail "$L/$lib: not installed"
	[ "$(readlink -f "$P/$lib")" = "$(readlink -f "$L/$lib")" ] ||
		fail "$P/$lib points to $(readlink "$P/$lib"), not to $L/$lib"
	case "$(readlink "$P/$lib")" in /*) fail "$P/$lib: an absolute link" ;; esac
done
ok "plugins linked from the plugin folder $pmddir to $libdir"
readelf -dW "$L/librte_net_qlxge_sim.so" | grep '(NEEDED)' | grep -q '\[librte_net_qlxge\.so\]' ||
	fail "the model's plugin does not need the driver's"
readelf -dW "$L/librte_net_qlxge_sim.so" | grep -E '\((RUNPATH|RPATH)\)' | grep -q '\$ORIGIN' ||
	fail "the model's plugin does not look beside itself"
nm -D --defined-only "$L/librte_net_qlxge.so" | grep -q ' rte_pmd_qlxge_port_info_get@@EXPERIMENTAL$' ||
	fail "the driver's library does not export its API"
nm -D --defined-only "$L/librte_net_qlxge_sim.so" | grep -q ' rte_pmd_qlxge_sim_fault_set$' ||
	fail "the model's library does not export its API"
ok "installed libraries: dependencies and exports"

# --- headers ---
dpdk_cflags=$(pkg-config --cflags libdpdk)
for h in rte_pmd_qlxge.h rte_pmd_qlxge_sim.h; do
	[ -f "$I/$h" ] || fail "$I/$h: not installed"
	cmp -s "$I/$h" "$(find "$src/drivers" -name "$h")" || fail "$I/$h differs from the source"
	# shellcheck disable=SC2086
	echo "#include <$h>" | cc -x c -fsyntax-only -Werror -DALLOW_EXPERIMENTAL_API \
		$dpdk_cflags -I"$I" - || fail "$h does not compile alone"
done
ok "headers in $includedir, each compiling alone"

# --- pkg-config ---
export PKG_CONFIG_PATH=$L/pkgconfig
for pc in libqlxge libqlxge-libs libqlxge_sim libqlxge_sim-libs; do
	[ -f "$L/pkgconfig/$pc.pc" ] || fail "$pc.pc: not installed"
done
for pc in libqlxge libqlxge_sim; do
	[ "$(pkg-config --modversion $pc)" = "$version" ] || fail "$pc: version not $version"
	[ "$(pkg-config --variable=pmddir $pc)" = "$pmddir" ] || fail "$pc: pmddir not $pmddir"
	inc=$(pkg-config --cflags-only-I $pc | tr ' ' '\n' | sed -n 's/^-I//p' |
		while read -r d; do readlink -f "$d"; done)
	grep -qxF "$(readlink -f "$I")" <<<"$inc" || fail "$pc: cflags do not name $includedir"
done
ok "pkg-config files: version $version, pmddir, include path"

# --- static archives ---
defined() { nm --defined-only "$1" 2>/dev/null | awk 'NF == 3 && $2 ~ /[TDBR]/ { print $3 }'; }
defined "$L/librte_net_qlxge.a" >"$work/card.syms"
defined "$L/librte_net_qlxge_sim.a" >"$work/sim.syms"
for s in qlxge_dev_init rte_pmd_qlxge_port_info_get; do
	grep -qx "$s" "$work/card.syms" || fail "librte_net_qlxge.a lacks $s"
done
grep -q '^qlxge_sim_' "$work/card.syms" && fail "librte_net_qlxge.a holds model code"
for s in qlxge_sim_adapter_create qlxge_sim_reg_read rte_pmd_qlxge_sim_fault_set; do
	grep -qx "$s" "$work/sim.syms" || fail "librte_net_qlxge_sim.a lacks $s"
done
ok "static archives: the driver's without the model, the model's with it"

# --- an application built against the stage with pkg-config, shared and static ---
eal=(--no-huge --no-shconf --no-pci -m 256 --log-level=lib.eal:error
	--vdev "net_qlxge_sim0,adapter=inst,function=0"
	--vdev "net_qlxge_sim1,adapter=inst,function=1")
check_app() { # <how>: its output in app.out
	[ "$(grep -c 'state ready, model adapter inst function [01] wire peer' "$work/app.out")" \
		-eq 2 ] && grep -q 'staged_app: 2 qlxge model ports' "$work/app.out" ||
		{ cat "$work/app.out"; fail "$1: two model ports expected"; }
}
# shellcheck disable=SC2046
cc -O2 -Wall -Werror -DALLOW_EXPERIMENTAL_API "$src/tests/install/staged_app.c" \
	-o "$work/app_shared" $(pkg-config --cflags --libs libqlxge_sim) ||
	fail "the application does not build with pkg-config --cflags --libs"
readelf -dW "$work/app_shared" | grep '(NEEDED)' | grep -q 'librte_net_qlxge_sim\.so' ||
	fail "the shared application does not link the model's library"
LD_LIBRARY_PATH=$L "$work/app_shared" "${eal[@]}" >"$work/app.out" 2>&1 ||
	{ cat "$work/app.out"; fail "the shared application failed"; }
check_app shared
ok "shared application: $(tail -n1 "$work/app.out")"
# shellcheck disable=SC2046
cc -O2 -Wall -Werror -DALLOW_EXPERIMENTAL_API "$src/tests/install/staged_app.c" \
	-o "$work/app_static" $(pkg-config --static --cflags --libs libqlxge_sim) ||
	fail "the application does not build with pkg-config --static"
if readelf -dW "$work/app_static" | grep '(NEEDED)' | grep -E 'librte_|qlxge'; then
	fail "the static application needs shared DPDK or qlxge libraries"
fi
"$work/app_static" "${eal[@]}" >"$work/app.out" 2>&1 ||
	{ cat "$work/app.out"; fail "the static application failed"; }
check_app static
ok "static application: $(tail -n1 "$work/app.out")"

# --- testpmd with the staged plugin folder (the links): one copy of each, from the stage ---
testpmd=$(command -v dpdk-testpmd) || fail "dpdk-testpmd not found (apt-get install dpdk-dev)"
printf 'show port summary all\nquit\n' | LD_DEBUG=files LD_DEBUG_OUTPUT="$work/ld" \
	timeout 120 "$testpmd" -d "$P" "${eal[@]}" -- -i --total-num-mbufs=2048 \
	>"$work/testpmd.out" 2>&1 || { cat "$work/testpmd.out"; fail "testpmd failed with -d $P"; }
[ "$(grep -cE '^[0-9]+ +([0-9A-F]{2}:){5}[0-9A-F]{2} +net_qlxge_sim' "$work/testpmd.out")" -eq 2 ] ||
	{ cat "$work/testpmd.out"; fail "testpmd did not show two net_qlxge_sim ports"; }
for lib in librte_net_qlxge.so librte_net_qlxge_sim.so; do
	inits=$(cat "$work"/ld.* | sed -n "s|.*calling init: \(.*/$lib\)\$|\1|p")
	[ "$(echo "$inits" | grep -c .)" -eq 1 ] || fail "testpmd initialised $lib $(echo "$inits" |
		grep -c .) times: $inits"
	case "$(readlink -f "$inits")" in "$(readlink -f "$L")"/*) ;;
		*) fail "testpmd loaded $inits, not the staged one" ;; esac
done
ok "dpdk-testpmd -d <staged plugin folder>: two net_qlxge_sim ports, one copy of each plugin"
echo "PASS: staged install: plugins, headers, pkg-config, static archives, applications"
