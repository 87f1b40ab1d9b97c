#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# The short soak of the test command: run_soak.sh <qlxge-soak> [options]; QLXGE_SOAK_SECONDS
# (default 30) sets the time, QLXGE_SOAK_SEED a seed to replay. The fault log goes to the
# test log; the figures end it.
set -euo pipefail
soak=${1:?usage: $0 <qlxge-soak> [options]}
shift
args=(--seconds "${QLXGE_SOAK_SECONDS:-30}")
[ -z "${QLXGE_SOAK_SEED:-}" ] || args+=(--seed "$QLXGE_SOAK_SEED")
exec timeout 900 "$soak" "${args[@]}" "$@"
