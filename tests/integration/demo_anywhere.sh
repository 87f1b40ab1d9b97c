#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# The README's demo from a clone where a new user might put it: below the system's temporary
# folder, which anyone may write to and from which EAL refuses to load plugins. The tree is
# copied into /tmp/qlxge-demo.*/qlxge (the DPDK SDK headers shared), and devtools/demo.sh run:
#  - it builds there, runs copies of the plugins from the user's cache (HOME points into the
#    build tree here), says so in one line, and forwards: a line of rates every second, the
#    totals at the end;
#  - with a HOME below the temporary folder too, it stops at once (before any bootstrap or
#    build) with one sentence naming the world-writable folder and what to do.
# Usage: demo_anywhere.sh <source root> <build root>
set -euo pipefail
src=${1:?usage: $0 <source root> <build root>}
build=${2:?usage: $0 <source root> <build root>}
fail() { echo "FAIL: $*"; exit 1; }
[ -n "$(find /tmp -maxdepth 0 -perm -0002)" ] || { echo "SKIP: /tmp is not world-writable"; exit 77; }
[ -f "$src/.cache/dpdk-sdk/include/ethdev_driver.h" ] ||
	{ echo "SKIP: no DPDK SDK headers in $src/.cache (devtools/bootstrap.sh)"; exit 77; }
if ldd "$build/drivers/librte_net_qlxge_sim.so" 2>/dev/null | grep -qE 'lib(asan|ubsan|tsan)'; then
	echo "SKIP: a sanitizer build"; exit 77
fi

tmp=$(mktemp -d /tmp/qlxge-demo.XXXXXX)
chmod 0755 "$tmp"
home=$build/tests/demo_anywhere/home
trap 'rm -rf "$tmp" "$home"' EXIT
rm -rf "$home"
mkdir -p "$home"
clone=$tmp/qlxge
mkdir "$clone"
# the tree as it is (tracked and new files), not the build folders
(cd "$src" && if git rev-parse --git-dir >/dev/null 2>&1; then
	git ls-files -z -co --exclude-standard
else
	find . -path ./.git -prune -o -path './build*' -prune -o -path ./.cache -prune -o \
		-type f -print0
fi) | (cd "$src" && xargs -0 cp --parents -t "$clone")
ln -s "$(readlink -f "$src/.cache")" "$clone/.cache"
# the demo builds what it runs; the test programs are not needed for that
meson setup "$clone/build" "$clone" -Dtests=false >/dev/null || fail "meson setup in $clone"
echo "ok: the tree copied to $clone (below the world-writable /tmp)"

out=$build/tests/demo_anywhere/demo.out
rc=0
HOME=$home DEMO_SECONDS=2 timeout 600 "$clone/devtools/demo.sh" >"$out" 2>&1 || rc=$?
grep '^demo:' "$out" || true
[ "$rc" -eq 0 ] || { tail -40 "$out"; fail "the demo failed ($rc)"; }
stage=$(sed -n 's/^demo: .*using copies of the plugins in \(.*\)$/\1/p' "$out")
case "$stage" in "$home"/.cache/qlxge/plugins-*) ;; *) fail "no plugin copies in $home/.cache" ;; esac
for so in librte_net_qlxge.so librte_net_qlxge_sim.so; do
	[ -f "$stage/$so" ] || fail "$stage/$so missing"
done
grep -q "^demo: dpdk-testpmd -d $stage " "$out" || fail "testpmd not given the copies"
grep -qE '^demo: \[ 1s\] port 0: RX +[0-9.]+ TX +[0-9.]+ Mpps \| port 1: RX' "$out" ||
	fail "no line of rates"
grep -qE '^demo: \[ 2s\] ' "$out" || fail "no second line of rates"
for p in 0 1; do
	n=$(sed -n "s/^demo: port $p: forwarded RX \\([0-9]*\\), TX \\([0-9]*\\) packets.*/\\1 \\2/p" \
		"$out")
	read -r rx tx <<<"$n"
	[ "${rx:-0}" -gt 1000 ] && [ "${tx:-0}" -gt 1000 ] || fail "port $p forwarded '$n'"
done
grep -q '^Bye' "$out" || fail "testpmd did not quit cleanly"
echo "ok: the demo ran from $clone with the plugins copied to $stage"

# HOME below /tmp as well: no place for the copies, one sentence, nothing started
out2=$build/tests/demo_anywhere/demo2.out
mkdir -p "$tmp/home"
rc=0
HOME=$tmp/home DEMO_SECONDS=2 timeout 600 "$clone/devtools/demo.sh" >"$out2" 2>&1 || rc=$?
cat "$out2"
[ "$rc" -ne 0 ] || fail "the demo did not stop"
[ "$(grep -c . "$out2")" -eq 1 ] || fail "not one line"
grep -q '^demo: EAL loads no plugin from below the world-writable folder /tmp, .*clone the repository elsewhere' "$out2" ||
	fail "the sentence does not say why and what to do"
grep -qi 'testpmd\|EAL:\|bootstrap' "$out2" && fail "something was started"
echo "PASS: the demo works from a clone below /tmp, and says what to do when it cannot"
