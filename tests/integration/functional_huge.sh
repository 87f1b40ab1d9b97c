#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# Cases of the functional suite (tests/integration/functional) again, on hugepages: each testpmd
# takes its memory from a hugetlbfs mount of this script's own (hugepages.sh: 2 MiB pages
# reserved on top of those already reserved, given back however the script ends), with IOVA as
# PA, which EAL must report (qlxge_func.Testpmd fails otherwise). The IOCBs, buffer queues and
# completion rings then carry physical addresses, and the model reaches them as the card would,
# by IOVA: the same checksums, segments, scattered jumbo frames, chains, faults and recoveries,
# and the Linux stack over TAP wires (the cases meson gives it; any case runs so).
# Usage: functional_huge.sh <plugin folder> <test>...   (a test: functional/<test>.py)
set -uo pipefail
dir=${1:?usage: $0 <plugin folder> <test>...}
shift
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
[ -x "$py" ] || py=python3
# shellcheck source=hugepages.sh
. "$here/hugepages.sh"
trap huge_release EXIT
trap 'exit 143' TERM INT HUP
# one testpmd at a time: 8192 mbufs and two model ports of 4 queues took 17 pages, ports.py's
# 32768 mbufs need about 50; 96 leave room
huge_reserve 96 || { echo "SKIP: $huge_why"; exit 77; }
echo "ok: $huge_added hugepages of 2 MiB at $huge_mnt"
export QLXGE_FUNC_HUGE=$huge_mnt
failed=()
for t in "$@"; do
	echo "=== functional/$t.py on hugepages (IOVA as PA)"
	"$py" "$here/functional/$t.py" "$dir"
	rc=$?
	case $rc in
	0) ;;
	77) echo "SKIP: $t" ;;
	*) failed+=("$t") ;;
	esac
done
if [ ${#failed[@]} -gt 0 ]; then
	echo "FAIL: on hugepages: ${failed[*]}"
	exit 1
fi
echo "PASS: the functional suite on hugepages, IOVA as PA: $*"
