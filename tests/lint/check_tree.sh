#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# The project's structural rules (docs/design.md: B.1, B.4, B.5, B.32), checked on the source
# tree. Usage: check_tree.sh <source root>. Prints each violation; exits 1 if any.
set -uo pipefail
root=${1:?usage: $0 <source root>}
cd "$root" || exit 2
bad=0
fail() { echo "FAIL: $*"; bad=1; }

src() { find "$@" -type f \( -name '*.c' -o -name '*.h' \) 2>/dev/null | sort; }

# B.1: register offsets are named only in the driver's hardware layer, drivers/qlxge_pmd/base/.
base=drivers/qlxge_pmd/base
for f in $(src drivers); do
	case "$f" in $base/*) continue ;; esac
	grep -n 'QLXGE_REG_' "$f" | sed "s|^|$f:|" | head -3 | while read -r l; do
		echo "FAIL: register offset outside the hardware layer: $l"; done
	grep -q 'QLXGE_REG_' "$f" && bad=1
done

# B.1: only the hardware layer includes the register contract, and the PCI probe qlxge_regs.h
# for the §1 identity (its PCI id table, which DPDK's pmdinfogen reads beside the registration);
# register offsets stay out of it all the same (above).
for f in $(src drivers); do
	case "$f" in $base/*) continue ;; esac
	if [ "$f" = drivers/qlxge_pmd/qlxge_pci.c ] &&
		! grep -q '#[[:space:]]*include[[:space:]]*"qlxge_contract\.h"' "$f"; then
		continue
	fi
	grep -nE '#[[:space:]]*include[[:space:]]*"qlxge_(regs|contract)\.h"' "$f" |
		sed "s|^|$f:|" | while read -r l; do
		echo "FAIL: register contract included outside the hardware layer: $l"; done
	grep -qE '#[[:space:]]*include[[:space:]]*"qlxge_(regs|contract)\.h"' "$f" && bad=1
done

# B.1: the hardware layer knows nothing of ethdev and nothing of the glue above it: no ethdev
# header, no header of drivers/qlxge_pmd/ outside base/.
glue_hdrs=$(find drivers/qlxge_pmd -maxdepth 1 -name '*.h' -printf '%f\n' | paste -sd'|')
for f in $(src $base); do
	grep -nE '#[[:space:]]*include[[:space:]]*[<"](rte_ethdev|ethdev_)[a-z_]*\.h[>"]' "$f" |
		sed "s|^|$f:|" | while read -r l; do
		echo "FAIL: ethdev header in the hardware layer: $l"; done
	grep -qE '#[[:space:]]*include[[:space:]]*[<"](rte_ethdev|ethdev_)[a-z_]*\.h[>"]' "$f" &&
		bad=1
	if [ -n "$glue_hdrs" ] &&
	   grep -qE "#[[:space:]]*include[[:space:]]*\"($glue_hdrs)\"" "$f"; then
		fail "$f includes a header of the glue above it"
	fi
done

# B.4: only the model's plugin (drivers/net_qlxge_sim/, its vdev binding) knows the model; the
# driver of the card never does.
for f in $(src drivers/qlxge_pmd); do
	grep -qE 'qlxge_sim' "$f" && fail "$f references the model (only drivers/net_qlxge_sim may)"
	# a vdev interrupt handle is the model's eventfd: its handling is the probe's (intr_ack)
	grep -qE 'RTE_INTR_HANDLE_VDEV' "$f" && fail "$f special-cases the vdev interrupt handle"
done
# The binding reaches the driver only through what a probe hands the common init (qlxge_probe.h)
# and the driver's log types (qlxge_log.h): the driver's other headers are its own. Its own
# headers are qlxge_sim_<name>.h (and the model's qlxge_sim.h).
for f in $(src drivers/net_qlxge_sim); do
	grep -oE '#[[:space:]]*include[[:space:]]*"qlxge_[a-z_]+\.h"' "$f" |
		grep -oE 'qlxge_[a-z_]+\.h' | grep -vE '^qlxge_(sim|sim_[a-z]+|probe|log)\.h$' |
		while read -r h; do echo "FAIL: $f includes the driver's $h"; done
	grep -oE '#[[:space:]]*include[[:space:]]*"qlxge_[a-z_]+\.h"' "$f" |
		grep -oE 'qlxge_[a-z_]+\.h' | grep -qvE '^qlxge_(sim|sim_[a-z]+|probe|log)\.h$' && bad=1
done

# The model never includes driver code.
for f in $(src lib/qlxge_sim); do
	grep -qE '#[[:space:]]*include.*(qlxge_pmd|qlxge_ethdev|qlxge_probe|qlxge_log\.h|qlxge_base\.h|qlxge_osdep\.h)' "$f" &&
		fail "$f includes driver code"
done

# B.5: the hardware contract includes C standard headers only; mpring no ethdev/mbuf.
for f in $(src lib/qlxge_hw); do
	grep -E '#[[:space:]]*include[[:space:]]*<' "$f" | grep -vqE '<(stdint|stddef|stdbool|assert|limits)\.h>' &&
		fail "$f includes a non-standard header"
done
for f in $(src lib/mpring); do
	grep -qE '#[[:space:]]*include[[:space:]]*<rte_(ethdev|mbuf)' "$f" &&
		fail "$f (mpring) includes an ethdev/mbuf header"
done

# DPDK's own files are never committed (they come from the bootstrap cache).
if git rev-parse --git-dir >/dev/null 2>&1; then
	leaked=$(git ls-files | grep -E '(^|/)(ethdev_driver|ethdev_pci|ethdev_vdev|bus_pci_driver|bus_vdev_driver|dev_driver|bus_driver)\.h$')
	[ -n "$leaked" ] && fail "DPDK SDK headers tracked by git: $leaked"
fi

# B.32: SPDX first line, lines under 100 columns (tabs count 8).
for f in $(src lib drivers tests examples); do
	head -1 "$f" | grep -q 'SPDX-License-Identifier' || fail "$f: no SPDX first line"
	long=$(expand -t 8 "$f" | awk -v f="$f" 'length > 100 { print f ":" NR; exit }')
	[ -n "$long" ] && fail "line over 100 columns: $long"
done

[ $bad -eq 0 ] && echo "PASS: tree rules hold"
exit $bad
