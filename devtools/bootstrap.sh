#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# Make a Debian 12 machine ready to build and test qlxge. Idempotent: a second run finds
# everything in place and touches no network.
#
#  1. Installs the Debian packages the build, the tests and the demo use (only the missing ones).
#  2. Puts DPDK's driver-SDK headers (ethdev_driver.h, bus_pci_driver.h, ... which Debian does
#     not ship) into a git-ignored cache, taken from the Debian source package of exactly the
#     installed DPDK version, with the build tools DPDK's own drivers are built with that Debian
#     does not ship either (pmdinfogen: the PMD_INFO_STRING dpdk-pmdinfo.py reads). The
#     deb-src entries needed for that are derived from the machine's own apt sources, so no
#     archive address is written anywhere by this project.
#
# Environment: QLXGE_SDK_CACHE overrides the cache folder (default: <repo>/.cache/dpdk-sdk).
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache=${QLXGE_SDK_CACHE:-$top/.cache/dpdk-sdk}

say() { printf 'bootstrap: %s\n' "$*"; }
die() { printf 'bootstrap: error: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || die "run as root (it installs Debian packages): sudo $0"
command -v apt-get >/dev/null || die "this script needs Debian 12 (apt-get not found)."

# --- 1. Debian packages --------------------------------------------------------------------
pkgs=(
	meson ninja-build pkg-config gcc python3
	libdpdk-dev dpdk dpdk-dev           # DPDK 22.11 LTS: libraries; dpdk-dev has dpdk-testpmd
	libpciaccess-dev libpcap-dev        # PCI access, pcap wires of the model
	libcmocka-dev                       # unit tests
	dpkg-dev                            # dpkg-source, to unpack the DPDK source package
	make                                # examples/l2fwd_static's Makefile (pkg-config build)
	iproute2                            # TAP / network-namespace tests (ip, nstat)
	iputils-ping iperf3                 # the Linux stack over TAP wires (functional suite)
	python3-scapy                       # frames of the functional suite
	python3-pyelftools                  # pmdinfogen (the build) and dpdk-pmdinfo.py read ELF
	valgrind                            # instruction counts for benchmarks
	libsystemd-dev                      # static DPDK links: libpcap's dbus needs -lsystemd
	tshark                              # reads the pcapng files dpdk-dumpcap writes (tests)
	gnuplot-nox                         # tests/bench/plot_scaling.sh draws the scaling plot
	clang libclang-rt-14-dev            # the fuzzers: clang and its libFuzzer runtime
)
missing=()
for p in "${pkgs[@]}"; do
	case "$p" in \#*) continue ;; esac
	st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$st" = installed ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	say "installing: ${missing[*]}"
	apt-get update -q || die "apt-get update failed: check the machine's apt sources and network."
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" ||
		die "could not install ${missing[*]}: check that the Debian 12 archive is reachable."
else
	say "Debian packages: all present"
fi

# --- 2. DPDK driver-SDK headers --------------------------------------------------------------
ver=$(dpkg-query -W -f='${Version}' libdpdk-dev)
sdk_headers=(ethdev_driver.h ethdev_pci.h ethdev_vdev.h bus_pci_driver.h bus_vdev_driver.h
	dev_driver.h bus_driver.h)

sdk_tools=(gen-pmdinfo-cfile.py pmdinfogen.py coff.py)

if [ -f "$cache/VERSION" ] && [ "$(cat "$cache/VERSION")" = "$ver" ] &&
	[ -f "$cache/include/ethdev_driver.h" ] && [ -f "$cache/buildtools/pmdinfogen.py" ]; then
	say "DPDK SDK headers for $ver: present in $cache"
	exit 0
fi

# deb-src entries: derived from the enabled deb entries of this machine, only if apt has no
# source for dpdk yet.
have_src() {
	local out
	out=$(apt-cache showsrc dpdk 2>/dev/null || true)
	grep -qxF "Version: $ver" <<<"$out"
}
if ! have_src; then
	srcfile=/etc/apt/sources.list.d/qlxge-deb-src.sources
	say "adding deb-src entries derived from the existing apt sources ($srcfile)"
	tmp=$(mktemp)
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] && [ "$f" != "$srcfile" ] || continue
		# Deb822 stanzas: keep each stanza whose Types has "deb", switched to "deb-src".
		awk 'BEGIN { RS=""; ORS="\n\n" }
		     /(^|\n)Types:[^\n]*(^|[ \t])deb([ \t]|$|\n)/ {
			sub(/(^|\n)Types:[^\n]*/, "\nTypes: deb-src"); sub(/^\n/, ""); print }' \
			"$f" >> "$tmp"
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		grep -E '^[[:space:]]*deb[[:space:]]' "$f" | sed 's/^[[:space:]]*deb[[:space:]]/deb-src /' \
			>> "$tmp.list" || true
	done
	[ -s "$tmp" ] && install -m 0644 "$tmp" "$srcfile"
	[ -s "$tmp.list" ] && install -m 0644 "$tmp.list" /etc/apt/sources.list.d/qlxge-deb-src.list
	rm -f "$tmp" "$tmp.list"
	apt-get update -q || die "apt-get update failed after adding deb-src entries."
	have_src || die "the apt archive has no source package for dpdk $ver (the installed" \
		"version). Upgrade DPDK to the archive's version (apt-get install --only-upgrade" \
		"libdpdk-dev dpdk) and run this script again."
fi

work=$(mktemp -d "$top/.cache/.sdk-work.XXXXXX" 2>/dev/null || { mkdir -p "$top/.cache" &&
	mktemp -d "$top/.cache/.sdk-work.XXXXXX"; })
trap 'rm -rf "$work"' EXIT
chmod 0755 "$work"
say "fetching the DPDK $ver source package (for its driver-SDK headers)"
(cd "$work" && apt-get source -q --download-only "dpdk=$ver" >/dev/null 2>"$work/err") ||
	die "could not download the dpdk $ver source package ($(tail -n1 "$work/err")): check" \
		"that the Debian archive is reachable, then run this script again."
(cd "$work" && dpkg-source -q --no-check -x ./*.dsc src >/dev/null 2>&1) ||
	die "could not unpack the dpdk $ver source package in $work."

# Copy the SDK headers and, transitively, every header they include that is neither installed
# by libdpdk-dev nor a system header.
inc="$work/include"
mkdir -p "$inc"
read -r -a sysdirs <<<"$(pkg-config --cflags-only-I libdpdk | sed 's/-I//g') /usr/include \
	/usr/include/$(gcc -dumpmachine)"
installed() {
	local d
	for d in "${sysdirs[@]}" "$inc"; do [ -f "$d/$1" ] && return 0; done
	return 1
}
queue=("${sdk_headers[@]}")
while [ ${#queue[@]} -gt 0 ]; do
	h=${queue[0]}; queue=("${queue[@]:1}")
	[ -f "$inc/$h" ] && continue
	src=$(find "$work/src/lib" "$work/src/drivers/bus" -name "$h" -print -quit)
	[ -n "$src" ] || die "header $h not found in the dpdk $ver source package."
	cp "$src" "$inc/$h"
	for dep in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]\([^>"]*\)[>"].*/\1/p' \
		"$src"); do
		installed "$dep" || queue+=("$dep")
	done
done

# DPDK's pmdinfogen and the script that runs it on an archive's objects (buildtools/)
mkdir -p "$work/buildtools"
for t in "${sdk_tools[@]}"; do
	[ -f "$work/src/buildtools/$t" ] ||
		die "buildtools/$t not found in the dpdk $ver source package."
	cp "$work/src/buildtools/$t" "$work/buildtools/$t"
done

rm -rf "$cache.new"
mkdir -p "$(dirname "$cache")"
mv "$inc" "$cache.new"
mkdir -p "$cache.new.d" && mv "$cache.new" "$cache.new.d/include"
mv "$work/buildtools" "$cache.new.d/buildtools"
printf '%s\n' "$ver" > "$cache.new.d/VERSION"
rm -rf "$cache"
mv "$cache.new.d" "$cache"
say "DPDK SDK headers for $ver: $(ls "$cache/include" | tr '\n' ' ')-> $cache"
say "DPDK build tools for $ver: ${sdk_tools[*]} -> $cache/buildtools"
