#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# `meson install --destdir <stage>` of a build tree, for the tests that use an installed qlxge
# without touching the system. The build's meson-logs/install-log.txt, which `ninja uninstall`
# reads, is kept as it was (a staged install would replace it with the stage's files).
# Usage: stage.sh <build root> <stage folder>   (the folder is emptied first)
set -euo pipefail
build=${1:?usage: $0 <build root> <stage folder>}
stage=${2:?usage: $0 <build root> <stage folder>}
log=$build/meson-logs/install-log.txt
saved=$(mktemp)
had_log=0
if [ -f "$log" ]; then cp -p "$log" "$saved"; had_log=1; fi
restore() {
	if [ "$had_log" -eq 1 ]; then cp -p "$saved" "$log"; else rm -f "$log"; fi
	rm -f "$saved"
}
trap restore EXIT
rm -rf "$stage"
out=$(meson install -C "$build" --no-rebuild --destdir "$stage" 2>&1) ||
	{ echo "$out"; echo "FAIL: meson install --destdir $stage failed"; exit 1; }
