#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# The test command of the README: bootstrap the machine, build, run every suite.
#   1. build/       : all suites (unit, stress, integration, the 30-second fault soak, bench
#                     smoke runs)
#   2. build-asan/  : the unit and mpring (incl. stress) suites under ASan + UBSan
#   3. build-tsan/  : the mpring, sim and shared-tx suites under ThreadSanitizer (only their
#                     programs built; shared-tx: the driver's shared TX queues on the model)
#   4. build-fuzz/  : the libFuzzer targets (clang, ASan + UBSan; only they are built), each run
#                     for a short while from its seed corpus (tests/fuzz/README.md)
# Ends with one line "qlxge tests: N passed, N failed". Idempotent; safe to run again.
#
# Environment: QLXGE_TEST_SKIP_SANITIZERS=1 runs step 1 only (quick local iterations);
# MESON_TEST_ARGS adds arguments to every "meson test" (e.g. "--suite mpring");
# QLXGE_FUZZ_SECONDS (default 12) and QLXGE_SOAK_SECONDS (default 30) set the short runs.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top"

if [ "$(id -u)" -eq 0 ]; then
	bash devtools/bootstrap.sh
else
	echo "test: not root: skipping the bootstrap (run 'sudo devtools/bootstrap.sh' once)"
fi

passed=0
failed=0

# setup DIR [meson options...]: configure a build dir once; later runs reuse it.
setup() {
	local dir=$1; shift
	if [ -f "$dir/build.ninja" ]; then
		meson setup --reconfigure "$dir" "$@" >/dev/null
	else
		meson setup "$dir" "$@" >/dev/null
	fi
}

# suite_targets DIR SUITE: the ninja targets of the programs that SUITE's tests run (the
# command, or a program of the build folder it is given, as the fuzzers' runner is).
suite_targets() {
	meson introspect "$1" --tests --targets | python3 -c '
import json, os, sys
d, suite = os.path.realpath(sys.argv[1]), sys.argv[2]
info = json.load(sys.stdin)
built = {os.path.realpath(f) for t in info["targets"] for f in t["filename"]}
for t in info["tests"]:
    if any(s == suite or s.endswith(":" + suite) for s in t["suite"]):
        for a in t["cmd"]:
            p = os.path.realpath(os.path.join(d, a))
            if p.startswith(d + "/") and p in built:
                print(os.path.relpath(p, d))' "$1" "$2" | sort -u
}

# run_suites DIR [--only SUITE] [meson test args...]: build (everything, or only the programs
# SUITE runs) and test; add the results to the totals.
run_suites() {
	local dir=$1; shift
	local rc=0 targets=() only=()
	if [ "${1:-}" = --only ]; then
		mapfile -t targets < <(suite_targets "$dir" "$2")
		[ ${#targets[@]} -gt 0 ] || { echo "test: suite $2 has no program in $dir"; exit 1; }
		only=(--no-rebuild --suite "$2")
		shift 2
	fi
	ninja -C "$dir" "${targets[@]}" >/dev/null || { echo "test: build failed in $dir";
		ninja -C "$dir" "${targets[@]}" | tail -40; exit 1; }
	rm -f "$dir/meson-logs/testlog.json"
	echo "=== meson test -C $dir ${only[*]} $* ${MESON_TEST_ARGS:-}"
	# shellcheck disable=SC2086
	meson test -C "$dir" --print-errorlogs --num-processes 2 "${only[@]}" "$@" \
		${MESON_TEST_ARGS:-} || rc=$?
	if [ ! -f "$dir/meson-logs/testlog.json" ]; then
		echo "test: no test ran in $dir"
		failed=$((failed + 1))
		return
	fi
	# Each test's summary lines (cmocka's, the benchmarks' RESULT lines) for the CI log.
	python3 - "$dir/meson-logs/testlog.json" <<'PY' || true
import json, sys
for line in open(sys.argv[1]):
    t = json.loads(line)
    out = ((t.get('stdout') or '') + '\n' + (t.get('stderr') or '')).splitlines()
    summary = [l for l in out if l.startswith('[  PASSED  ]') or l.startswith('[  FAILED  ]')
               or l.startswith('[==========]') or l.startswith('RESULT') or 'passed,' in l]
    print('--- %s: %s' % (t['name'], t['result']))
    for l in summary[-4:]:
        print('    ' + l)
PY
	read -r p f < <(python3 - "$dir/meson-logs/testlog.json" <<'PY'
import json, sys
p = f = 0
for line in open(sys.argv[1]):
    r = json.loads(line)['result']
    if r in ('OK', 'EXPECTEDFAIL'):
        p += 1
    elif r != 'SKIP':
        f += 1
print(p, f)
PY
)
	passed=$((passed + p))
	failed=$((failed + f))
	[ "$rc" -eq 0 ] || echo "test: failures in $dir (see above and $dir/meson-logs/testlog.txt)"
}

setup build
run_suites build

if [ "${QLXGE_TEST_SKIP_SANITIZERS:-0}" != 1 ]; then
	# b_lundef=false: the sanitizer runtimes resolve symbols at load time.
	setup build-asan -Db_sanitize=address,undefined -Db_lundef=false
	run_suites build-asan --suite unit --suite mpring
	setup build-tsan -Db_sanitize=thread -Db_lundef=false
	run_suites build-tsan --only mpring
	run_suites build-tsan --only sim
	run_suites build-tsan --only shared-tx
	run_suites build-tsan --only concurrency
	# clang for libFuzzer (devtools/bootstrap.sh installs it); the fuzzers run one at a time
	CC=clang setup build-fuzz -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false
	run_suites build-fuzz --only fuzz
fi

echo
echo "qlxge tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
