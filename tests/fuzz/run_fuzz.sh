#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# Run one fuzzer for a bounded time from its seed corpus: run_fuzz.sh <fuzzer> <seed dir>
# <work dir> [libFuzzer options...]. New inputs go to <work dir>/corpus (the seeds are not
# touched; the folder starts empty each run, so that runs compare, unless QLXGE_FUZZ_KEEP=1),
# a crash to <work dir>/crash-*. Ends with a RESULT line: inputs run, execs/s, coverage (edges)
# and features, corpus size. QLXGE_FUZZ_SECONDS sets the time (default 12).
set -euo pipefail
fuzzer=${1:?usage: $0 <fuzzer> <seed dir> <work dir> [options]}
seeds=${2:?}
work=${3:?}
shift 3
secs=${QLXGE_FUZZ_SECONDS:-12}
name=$(basename "$fuzzer")
[ "${QLXGE_FUZZ_KEEP:-0}" = 1 ] || rm -rf "$work/corpus"
mkdir -p "$work/corpus"
log="$work/log"
rc=0
# -detect_leaks=0: EAL keeps allocations for the life of the process by design; LeakSanitizer
# would blame every input for them (the tests' ASan runs check leaks at exit instead)
"$fuzzer" "$work/corpus" "$seeds" -max_total_time="$secs" -print_final_stats=1 \
	-artifact_prefix="$work/" -detect_leaks=0 -rss_limit_mb=4096 -timeout=25 "$@" \
	>"$log" 2>&1 || rc=$?
grep -E '^(INFO: seed|#[0-9]+ +(INITED|DONE))|^stat::|^(==|SUMMARY|fuzz_)' "$log" | tail -20 || true
if [ "$rc" -ne 0 ]; then
	tail -60 "$log"
	echo "FAIL: $name exited with $rc; inputs in $work (crash-*)"
	exit 1
fi
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+')
ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+')
corp=$(grep -oE 'corp: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+')
echo "RESULT ${name}_seconds=$secs ${name}_inputs=${runs:-0} ${name}_execs_per_s=${rate:-0}" \
	"${name}_cov=${cov:-0} ${name}_ft=${ft:-0} ${name}_corpus=${corp:-0}"
