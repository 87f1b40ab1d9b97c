#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# What ships for the card does not contain the model (docs/design.md), checked on the built
# plugins:
#  - librte_net_qlxge.so defines no qlxge_sim symbol (dynamic or not), links no object of
#    lib/qlxge_sim (no source file of it among its symbols), does not need the model's plugin,
#    and exports exactly the INTERNAL symbols of qlxge_pmd.map and, as EXPERIMENTAL, the
#    functions rte_pmd_qlxge.h declares;
#  - librte_net_qlxge_sim.so needs librte_net_qlxge.so, finds it beside itself (RUNPATH
#    $ORIGIN), exports the model's API (qlxge_sim_*) and the functions rte_pmd_qlxge_sim.h
#    declares, and nothing of the driver.
# Usage: check_plugins.sh <librte_net_qlxge.so> <librte_net_qlxge_sim.so>
set -uo pipefail
# With pipefail, "producer | grep -q" fails when grep exits at its first match and the producer
# is still writing (SIGPIPE): each check reads the producer's whole output first.
usage="usage: $0 <librte_net_qlxge.so> <librte_net_qlxge_sim.so>"
so=${1:?$usage}
sim_so=${2:?$usage}
bad=0
fail() { echo "FAIL: $*"; bad=1; }

# defined dynamic symbols of a library, names only (version suffixes dropped)
exports() { nm -D --defined-only "$1" | awk '{ print $3 }' | sed 's/@.*//' | sort -u; }

# --- the card's plugin ---
leak=$(nm -D "$so" | grep -i 'qlxge_sim')
[ -z "$leak" ] || fail "$so names the model in its dynamic symbols: $leak"
leak=$(nm "$so" 2>/dev/null | grep -i 'qlxge_sim')
[ -z "$leak" ] || fail "$so holds model symbols: $(echo "$leak" | head -3)"
# source files of the objects linked in (FILE symbols of the symbol table)
srcs=$(readelf -sW "$so" | awk '$4 == "FILE" { print $8 }' | sort -u)
[ -n "$srcs" ] || fail "$so has no FILE symbols to check (stripped?)"
leak=$(echo "$srcs" | grep -E '^sim_')
[ -z "$leak" ] || fail "$so links objects of lib/qlxge_sim: $(echo "$leak" | paste -sd' ')"
needed=$(readelf -dW "$so" | awk '/\(NEEDED\)/ { print $NF }')
echo "$needed" | grep -q 'qlxge_sim' && fail "$so needs the model's plugin: $needed"
qlxge_exports=$(exports "$so" | grep '^qlxge_' | paste -sd' ')
want='qlxge_dev_init qlxge_dev_private_size qlxge_logtype_init'
[ "$qlxge_exports" = "$want" ] ||
	fail "$so exports '$qlxge_exports', expected the INTERNAL symbols '$want'"
grep -q 'INTERNAL' <<<"$(readelf -VW "$so")" || fail "$so has no INTERNAL symbol version"
# the functions a public header declares (the name before the first parenthesis of a line)
declared() { sed -n 's/^\(const char \*\|int \)\?\(rte_pmd_qlxge[a-z_]*\)(.*/\2/p' "$1" | sort -u; }
src=$(cd "$(dirname "$0")/../.." && pwd)
api=$(declared "$src/drivers/qlxge_pmd/rte_pmd_qlxge.h" | paste -sd' ')
[ -n "$api" ] || fail "no function found in rte_pmd_qlxge.h"
got=$(nm -D --defined-only "$so" | awk '$3 ~ /^rte_pmd_qlxge/ { print $3 }' | sort | paste -sd' ')
[ "$got" = "$(for f in $api; do echo "$f@@EXPERIMENTAL"; done | sort | paste -sd' ')" ] ||
	fail "$so exports '$got', expected rte_pmd_qlxge.h's '$api' as EXPERIMENTAL"
leak=$(exports "$so" | grep -vE '^(qlxge_|rte_pmd_qlxge_|EXPERIMENTAL$|INTERNAL$)')
[ -z "$leak" ] || fail "$so exports more: $(echo "$leak" | paste -sd' ')"

# --- the model's plugin ---
grep -qE '\(NEEDED\).*\[librte_net_qlxge\.so\]' <<<"$(readelf -dW "$sim_so")" ||
	fail "$sim_so does not need librte_net_qlxge.so"
grep -qE '\((RUNPATH|RPATH)\).*\$ORIGIN' <<<"$(readelf -dW "$sim_so")" ||
	fail "$sim_so does not look for librte_net_qlxge.so beside itself (\$ORIGIN)"
grep -q '^qlxge_sim_adapter_find$' <<<"$(exports "$sim_so")" ||
	fail "$sim_so does not export the model's API"
leak=$(exports "$sim_so" | grep '^qlxge_' | grep -v '^qlxge_sim_')
[ -z "$leak" ] || fail "$sim_so exports driver symbols: $(echo "$leak" | paste -sd' ')"
api=$(declared "$src/drivers/net_qlxge_sim/rte_pmd_qlxge_sim.h" | paste -sd' ')
got=$(exports "$sim_so" | grep '^rte_pmd_' | paste -sd' ')
[ -n "$api" ] && [ "$got" = "$(echo $api | tr ' ' '\n' | sort | paste -sd' ')" ] ||
	fail "$sim_so exports '$got', expected rte_pmd_qlxge_sim.h's '$api'"
# the driver is not linked into the model's plugin a second time
leak=$(readelf -sW "$sim_so" | awk '$4 == "FILE" { print $8 }' | grep -E '^qlxge_(ethdev|rx|tx|bus|mbox)\.c$')
[ -z "$leak" ] || fail "$sim_so holds driver objects: $(echo "$leak" | paste -sd' ')"

[ $bad -eq 0 ] && echo "PASS: the card's plugin holds no model; the model's plugin uses the card's"
exit $bad
