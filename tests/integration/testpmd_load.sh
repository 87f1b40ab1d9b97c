#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# dpdk-testpmd starts with the driver of the card, librte_net_qlxge.so, loaded by -d on its own
# (no model, no hugepages, no PCI), takes commands interactively and quits cleanly: the plugin a
# card user installs stands alone. Usage: testpmd_load.sh <path to librte_net_qlxge.so>
set -euo pipefail
so=${1:?usage: $0 <librte_net_qlxge.so>}
testpmd=$(command -v dpdk-testpmd) || { echo "dpdk-testpmd not found (apt-get install dpdk)"; exit 1; }
# testpmd is not instrumented: a sanitizer build of the PMD cannot be loaded into it.
if ldd "$so" 2>/dev/null | grep -qE 'lib(asan|ubsan|tsan)'; then
	echo "SKIP: $so is a sanitizer build"; exit 77
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
printf 'show port summary all\nquit\n' |
	timeout 60 "$testpmd" -d "$so" --no-huge --no-shconf --no-pci -m 256 \
		--log-level=pmd.net.qlxge.*:info -- -i --total-num-mbufs=4096 >"$log" 2>&1
rc=$?
set -e
cat "$log"
[ $rc -eq 0 ] || { echo "FAIL: testpmd exited with $rc"; exit 1; }
grep -q 'Bye' "$log" || { echo "FAIL: testpmd did not quit cleanly"; exit 1; }
if grep -i 'qlxge' "$log" | grep -qiE 'error|fail'; then
	echo "FAIL: the PMD logged an error"; exit 1
fi
echo "PASS: testpmd loaded $(basename "$so") and quit cleanly"
