#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# qlxge-find as a user runs it. Usage: qlxge_find_test.sh <qlxge-find> host|fake
#
#   host: this machine, which has no 8100: the one-line answer, the device count libpciaccess
#         saw equal to sysfs's, the exit codes and option errors.
#   fake: fake sysfs trees holding 8100 functions. libpciaccess reads the fixed path
#         /sys/bus/pci/devices, so the test re-runs itself in a private mount namespace
#         (unshare --mount --propagation private), builds the trees in a tmpfs there and
#         bind-mounts them over /sys/bus/pci/devices (the tool reading the rest through
#         --sysfs-root) or over all of /sys (the tool with its defaults). Every mount is the
#         namespace's own and vanishes with it. Needs root: exits 77 (skip) otherwise.
#
# Each fake device directory holds what libpciaccess 0.17 reads (vendor, device, class,
# revision, subsystem_vendor, subsystem_device at pci_system_init; a 256-byte config and
# resource at pci_device_probe) and what the tool reads (numa_node, iommu_group, driver,
# net/<if>/operstate), as the kernel lays them out, symlinks relative.
set -uo pipefail

tool=${1:?usage: $0 <qlxge-find> host|fake}
mode=${2:?usage: $0 <qlxge-find> host|fake}
tool=$(realpath "$tool")
checks=0
fails=0

ok() { checks=$((checks + 1)); echo "ok: $*"; }
bad() { checks=$((checks + 1)); fails=$((fails + 1)); echo "FAIL: $*"; }
# is DESC GOT WANT
is() { if [ "$2" = "$3" ]; then ok "$1"; else bad "$1: got '$2', want '$3'"; fi; }
# has FILE TEXT: FILE holds the fixed string TEXT.
has() { if grep -qF -- "$2" "$1"; then ok "$(basename "$1") has: $2"; else
	bad "$(basename "$1") lacks: $2"; fi; }
lacks() { if grep -qF -- "$2" "$1"; then bad "$(basename "$1") has: $2"; else
	ok "$(basename "$1") lacks: $2"; fi; }

# jcheck FILE: Python assertions (stdin) on the JSON report in FILE, as j; fn(addr) is a
# function's object, miss(obj, cond) a missing condition of it, conds(obj) their names.
read -r -d '' JPRELUDE <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
failed = 0
def check(cond, what):
    global failed
    print(('ok: ' if cond else 'FAIL: ') + what)
    failed += 0 if cond else 1
def fn(addr):
    return next((f for f in j['functions'] if f['address'] == addr), None)
def miss(obj, cond):
    return next((m for m in obj['missing'] if m['condition'] == cond), None)
def conds(obj):
    return [m['condition'] for m in obj['missing']]
PY
jcheck() {
	local body out rc=0
	body=$(cat)
	out=$(python3 -c "$JPRELUDE
$body
print('JCHECK done')
sys.exit(1 if failed else 0)" "$1" 2>&1) || rc=$?
	echo "$out" | grep -v '^JCHECK'
	checks=$((checks + $(echo "$out" | grep -c '^ok: \|^FAIL: ')))
	if [ $rc -ne 0 ]; then
		fails=$((fails + 1))
		echo "$out" | grep -q '^JCHECK' || echo "FAIL: JSON checks on $1 did not run"
	fi
}

# none N: the one-line answer for a machine with N PCI functions and no 8100 NIC function.
none() {
	echo "qlxge-find: no QLogic 8100 NIC function (1077:8000/8012) on this machine;" \
		"$1 PCI devices scanned."
}

finish() {
	echo "qlxge_find_${mode/inside/fake}: $((checks - fails)) passed, $fails failed"
	[ "$fails" -eq 0 ]
	exit
}

# --- host ------------------------------------------------------------------------------------
host() {
	local work n nic=0 d rc
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	if [ ! -d /sys/bus/pci/devices ]; then
		rc=0; "$tool" 2> "$work/err" || rc=$?
		is "no PCI bus: exit status" "$rc" 2
		has "$work/err" "/sys/bus/pci/devices does not exist"
		finish
	fi
	n=$(find /sys/bus/pci/devices/ -mindepth 1 -maxdepth 1 | wc -l)
	shopt -s nullglob
	for d in /sys/bus/pci/devices/*; do
		[ "$(cat "$d/vendor")" = 0x1077 ] || continue
		case $(cat "$d/device") in 0x8000|0x8012) nic=$((nic + 1)) ;; esac
	done
	rc=0; "$tool" > "$work/out" 2> "$work/err" || rc=$?
	cat "$work/out" "$work/err"
	is "exit status, default" "$rc" 0
	if [ "$nic" -eq 0 ]; then
		is "the one-line answer" "$(cat "$work/out")" "$(none "$n")"
		rc=0; "$tool" --check > "$work/check" || rc=$?
		is "--check without a card" "$rc" 1
	else
		has "$work/out" "qlxge-find: $nic QLogic 8100 NIC function"
	fi
	is "no error output" "$(cat "$work/err")" ""
	rc=0; "$tool" --json > "$work/json" || rc=$?
	is "exit status, --json" "$rc" 0
	jcheck "$work/json" <<-PY
	check(j['scanned'] == $n, 'libpciaccess scanned the $n functions sysfs has')
	check(len(j['functions']) == $nic, '$nic 8100 NIC functions')
	check(j['machine']['iommu'] in ('on', 'off', 'no-iommu'), 'machine IOMMU state')
	check((j['testpmd'] is None) == ($nic == 0), 'testpmd line only with functions')
	PY
	is "--quiet prints nothing" "$("$tool" --quiet)" ""
	rc=0; "$tool" --bogus > "$work/out" 2> "$work/err" || rc=$?
	is "unknown option: exit status" "$rc" 2
	has "$work/err" "Try 'qlxge-find --help'."
	rc=0; "$tool" --json --quiet 2> "$work/err" || rc=$?
	is "--json with --quiet: exit status" "$rc" 2
	rc=0; "$tool" --sysfs-root "$work/none" 2> "$work/err" || rc=$?
	is "missing sysfs root: exit status" "$rc" 2
	has "$work/err" "sysfs root $work/none: No such file or directory"
	rc=0; "$tool" --help > "$work/out" || rc=$?
	is "--help: exit status" "$rc" 0
	has "$work/out" "Exit status: 0 the scan ran"
	finish
}

# --- fake trees --------------------------------------------------------------------------------
R=		# the fake sysfs root, in the namespace's tmpfs

# config VENDOR DEVICE CLASS HEADER: a 256-byte config space (little endian, as sysfs gives it).
config() {
	local v=$1 d=$2 c=$3 h=$4
	printf '%b' "\\x${v:2:2}\\x${v:0:2}\\x${d:2:2}\\x${d:0:2}\\x06\\x04\\x10\\x00"
	printf '%b' "\\x02\\x${c:4:2}\\x${c:2:2}\\x${c:0:2}\\x10\\x00\\x${h}\\x00"
	head -c 240 /dev/zero
}

# mkdev ADDR VENDOR DEVICE CLASS GROUP NUMA [DRIVER [NETDEV OPERSTATE]]: GROUP - for none.
mkdev() {
	local a=$1 ven=$2 dev=$3 cls=$4 grp=$5 numa=$6 drv=${7:-} net=${8:-} oper=${9:-}
	local d=$R/bus/pci/devices/$a hdr=00
	mkdir -p "$d"
	[ "${cls:0:4}" = 0604 ] && hdr=01
	echo "0x$ven" > "$d/vendor"
	echo "0x$dev" > "$d/device"
	echo "0x$cls" > "$d/class"
	echo 0x02 > "$d/revision"
	echo "0x$ven" > "$d/subsystem_vendor"
	echo 0x0000 > "$d/subsystem_device"
	config "$ven" "$dev" "$cls" "$hdr" > "$d/config"
	{
		echo "0x00000000fd000000 0x00000000fd003fff 0x0000000000040200"
		for _ in {1..12}; do
			echo "0x0000000000000000 0x0000000000000000 0x0000000000000000"
		done
	} > "$d/resource"
	echo "$numa" > "$d/numa_node"
	if [ "$grp" != - ]; then
		mkdir -p "$R/kernel/iommu_groups/$grp/devices"
		ln -s "../../../../kernel/iommu_groups/$grp" "$d/iommu_group"
		ln -s "../../../../bus/pci/devices/$a" "$R/kernel/iommu_groups/$grp/devices/$a"
	fi
	if [ -n "$drv" ]; then
		mkdir -p "$R/bus/pci/drivers/$drv"
		ln -s "../../../../bus/pci/drivers/$drv" "$d/driver"
	fi
	if [ -n "$net" ]; then
		mkdir -p "$d/net/$net"
		echo "$oper" > "$d/net/$net/operstate"
	fi
}

# new_tree: an empty machine: IOMMU on (groups come with devices), vfio loaded (vfio-pci too),
# no hugepages reserved.
new_tree() {
	rm -rf "$R"
	mkdir -p "$R/bus/pci/devices" "$R/bus/pci/drivers/vfio-pci" "$R/kernel/iommu_groups" \
		"$R/module/vfio/parameters" "$R/kernel/mm/hugepages/hugepages-2048kB" \
		"$R/kernel/mm/hugepages/hugepages-1048576kB"
	echo N > "$R/module/vfio/parameters/enable_unsafe_noiommu_mode"
	echo 0 > "$R/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages"
	echo 0 > "$R/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages"
}

# run NAME ARGS...: the tool's text report, JSON report and --check status, into $R/../NAME.*
run() {
	local name=$1 out=$R/../$1; shift
	local rc=0
	"$tool" "$@" > "$out.txt" 2> "$out.err" || rc=$?
	echo "--- qlxge-find $* ($name):"
	cat "$out.txt" "$out.err"
	is "$name: exit status" "$rc" 0
	is "$name: no error output" "$(cat "$out.err")" ""
	rc=0; "$tool" --json "$@" > "$out.json" || rc=$?
	is "$name: --json exit status" "$rc" 0
	rc=0; "$tool" --quiet --check "$@" > "$out.check" || rc=$?
	echo "$rc" > "$out.rc"
	is "$name: --quiet prints nothing" "$(cat "$out.check")" ""
}

# A: a machine half-way: one port still on qlge with its netdev up, one on vfio-pci whose
# group holds the adapter's FCoE function on qla2xxx, a second adapter (8012) with one port on
# qlge (link down) and one unbound in the same group, a lone port on vfio-pci; no hugepages.
scenario_a() {
	local out=$R/../a hp
	local all_a="-a 0000:03:00.0 -a 0000:03:00.1 -a 0000:05:00.0 -a 0000:05:00.1"
	all_a+=" -a 0000:81:00.1"
	new_tree
	mkdev 0000:00:01.0 8086 1901 060400 2 0 pcieport
	mkdev 0000:00:1f.2 8086 2922 010601 3 0 ahci
	mkdev 0000:03:00.0 1077 8000 020000 2 0 qlge eth4 up
	mkdev 0000:03:00.1 1077 8000 020000 4 0 vfio-pci
	mkdev 0000:03:00.2 1077 8001 0c0400 4 0 qla2xxx
	mkdev 0000:05:00.0 1077 8012 020000 5 -1 qlge eth6 down
	mkdev 0000:05:00.1 1077 8012 020000 5 -1
	mkdev 0000:81:00.1 1077 8000 020000 7 1 vfio-pci
	# Without one of its id files, libpciaccess takes this function's ids from its config.
	rm "$R/bus/pci/devices/0000:81:00.1/revision"
	mount --bind "$R/bus/pci/devices" /sys/bus/pci/devices || { bad "bind mount"; return; }
	run a --sysfs-root "$R"
	umount /sys/bus/pci/devices
	is "a: --check exit status (not ready)" "$(cat "$out.rc")" 1
	has "$out.txt" "qlxge-find: 5 QLogic 8100 NIC functions (1077:8000/8012); 8 PCI devices"
	has "$out.txt" "0000:03:00.0  8000    0     0     2            qlge      eth4 (up)"
	has "$out.txt" "0000:03:00.1  8000    1     0     4            vfio-pci  -"
	has "$out.txt" "0000:05:00.0  8012    0     -     5            qlge      eth6 (down)"
	has "$out.txt" "0000:05:00.1  8012    1     -     5            -         -"
	has "$out.txt" "0000:81:00.1  8000    0     1     7            vfio-pci  -"
	lacks "$out.txt" "0000:03:00.2 (port"
	has "$out.txt" "        ip link set dev eth4 down"
	has "$out.txt" "        dpdk-devbind.py -b vfio-pci 0000:03:00.0"
	has "$out.txt" "        dpdk-devbind.py -u 0000:03:00.2"
	has "$out.txt" "0000:81:00.1 (port 0): not ready (only the machine's conditions above)"
	has "$out.txt" "Machine: IOMMU on (5 groups); vfio-pci loaded; hugepages none reserved"
	has "$out.txt" "$all_a -- -i"
	# no hugetlbfs in this namespace (fake_inside took the host's away): the full setup
	hp='--setup 2G'
	jcheck "$out.json" <<-PY
	check(j['scanned'] == 8, '8 functions scanned')
	check([f['address'] for f in j['functions']] == ['0000:03:00.0', '0000:03:00.1',
	    '0000:05:00.0', '0000:05:00.1', '0000:81:00.1'], 'the 8100 NIC functions, in order')
	check([f['port'] for f in j['functions']] == [0, 1, 0, 1, 0], 'ports')
	check([f['device'] for f in j['functions']] == ['8000', '8000', '8012', '8012', '8000'],
	    'device ids')
	check([f['numa_node'] for f in j['functions']] == [0, 0, None, None, 1], 'NUMA nodes')
	check([f['iommu_group'] for f in j['functions']] == [2, 4, 5, 5, 7], 'IOMMU groups')
	check([f['driver'] for f in j['functions']] == ['qlge', 'vfio-pci', 'qlge', None,
	    'vfio-pci'], 'drivers')
	check([(f['netdev'], f['link']) for f in j['functions']] == [('eth4', 'up'),
	    (None, None), ('eth6', 'down'), (None, None), (None, None)], 'netdevs and links')
	check(not any(f['ready'] for f in j['functions']), 'none ready (no hugepages)')
	m = j['machine']
	check(m['iommu'] == 'on' and m['iommu_groups'] == 5, 'IOMMU on, 5 groups')
	check(m['vfio_pci_loaded'] and not m['ready'], 'vfio-pci loaded, machine not ready')
	check(conds(m) == ['hugepages'], 'the machine misses hugepages only')
	check(miss(m, 'hugepages')['commands'] == ['dpdk-hugepages.py $hp'], 'hugepage command')
	f = fn('0000:03:00.0')
	check(conds(f) == ['driver'], '03:00.0: driver only (its group has a bridge: viable)')
	check(miss(f, 'driver')['commands'] == ['ip link set dev eth4 down',
	    'dpdk-devbind.py -b vfio-pci 0000:03:00.0'], '03:00.0: link down, then bind')
	f = fn('0000:03:00.1')
	check(conds(f) == ['iommu-group'], '03:00.1: its group only')
	check('0000:03:00.2 is bound to qla2xxx' in miss(f, 'iommu-group')['reason'],
	    '03:00.1: the FCoE function named')
	check(miss(f, 'iommu-group')['commands'] == ['dpdk-devbind.py -u 0000:03:00.2'],
	    '03:00.1: unbind the FCoE function')
	f = fn('0000:05:00.0')
	check(miss(f, 'driver')['commands'] == ['dpdk-devbind.py -b vfio-pci 0000:05:00.0'],
	    '05:00.0: link down: bind only')
	check(conds(f) == ['driver'], '05:00.0: its unbound group mate is no obstacle')
	f = fn('0000:05:00.1')
	check(conds(f) == ['driver', 'iommu-group'], '05:00.1: driver and group')
	check(miss(f, 'driver')['reason'].startswith('bound to no driver'), '05:00.1: unbound')
	check(miss(f, 'iommu-group')['commands'] == ['dpdk-devbind.py -b vfio-pci 0000:05:00.0'],
	    '05:00.1: its 8100 group mate goes to vfio-pci, not just unbound')
	check(conds(fn('0000:81:00.1')) == [], '81:00.1: nothing of its own missing')
	check(j['testpmd'].startswith('dpdk-testpmd ') and j['testpmd'].endswith(
	    '$all_a -- -i'),
	    'testpmd line')
	PY
}

# B: everything done: the NIC functions on vfio-pci, the FCoE function unbound, 512 2-MiB
# pages reserved and a hugetlbfs mounted; the tree over all of /sys, the tool's defaults.
scenario_b() {
	local out=$R/../b hp
	hp=$(dirname "$R")/hugepages
	new_tree
	mkdev 0000:00:01.0 8086 1901 060400 2 0 pcieport
	mkdev 0000:03:00.0 1077 8000 020000 2 0 vfio-pci
	mkdev 0000:03:00.1 1077 8000 020000 4 0 vfio-pci
	mkdev 0000:03:00.2 1077 8001 0c0400 4 0
	echo 512 > "$R/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages"
	mkdir -p "$hp"
	mount -t hugetlbfs qlxge-find-hp "$hp" || { bad "hugetlbfs mount"; return; }
	mount --bind "$R" /sys || { bad "bind mount over /sys"; umount "$hp"; return; }
	run b
	umount /sys
	umount "$hp"
	is "b: --check exit status (ready)" "$(cat "$out.rc")" 0
	has "$out.txt" "0000:03:00.0 (port 0): ready"
	has "$out.txt" "0000:03:00.1 (port 1): ready"
	has "$out.txt" "All ready: start testpmd on them, as root:"
	has "$out.txt" "; hugepages 1024 MiB reserved, hugetlbfs on $hp"
	has "$out.txt" "-a 0000:03:00.0 -a 0000:03:00.1 -- -i"
	jcheck "$out.json" <<-PY
	m = j['machine']
	check(m['ready'] and m['missing'] == [], 'machine ready')
	check(m['hugepages_kb'] == 512 * 2048, 'hugepages counted')
	check(m['hugetlbfs'] == '$hp', 'the hugetlbfs mount found')
	check(all(f['ready'] and f['missing'] == [] for f in j['functions']), 'all ready')
	check(len(j['functions']) == 2, 'two functions')
	PY
}

# C: no IOMMU, vfio not loaded; then vfio's no-IOMMU mode on.
scenario_c() {
	local out=$R/../c
	new_tree
	rm -r "$R/module/vfio" "$R/bus/pci/drivers/vfio-pci"
	mkdev 0000:03:00.0 1077 8000 020000 - 0 qlge eth4 down
	mkdev 0000:03:00.1 1077 8000 020000 - 0
	mount --bind "$R" /sys || { bad "bind mount over /sys"; return; }
	run c
	mkdir -p "$R/module/vfio/parameters" "$R/bus/pci/drivers/vfio-pci"
	echo Y > "$R/module/vfio/parameters/enable_unsafe_noiommu_mode"
	run c2
	umount /sys
	has "$out.txt" "    - no IOMMU: /sys/kernel/iommu_groups is empty."
	has "$out.txt" "iommu=pt /' /etc/default/grub"
	has "$out.txt" "        modprobe vfio enable_unsafe_noiommu_mode=1"
	has "$out.txt" "        modprobe vfio-pci"
	jcheck "$out.json" <<-PY
	m = j['machine']
	check(m['iommu'] == 'off' and not m['vfio_pci_loaded'], 'IOMMU off, vfio-pci not loaded')
	check(conds(m) == ['iommu', 'vfio-pci', 'hugepages'], 'machine conditions, in fix order')
	c = miss(m, 'iommu')['commands']
	check(len(c) == 3 and 'iommu=pt' in c[0] and c[1:] == ['update-grub', 'reboot'],
	    'kernel command line, update-grub, reboot')
	check(miss(m, 'iommu')['alternative_commands'] ==
	    ['modprobe vfio enable_unsafe_noiommu_mode=1'], 'no-IOMMU fallback')
	check(all(conds(f) == ['driver'] for f in j['functions']),
	    'no group verdict without an IOMMU')
	check(all(f['iommu_group'] is None for f in j['functions']), 'no groups')
	PY
	has "$R/../c2.txt" "note: no IOMMU: vfio's unsafe no-IOMMU mode is on"
	has "$R/../c2.txt" "Machine: IOMMU off, vfio no-IOMMU mode on; vfio-pci loaded"
	jcheck "$R/../c2.json" <<-PY
	m = j['machine']
	check(m['iommu'] == 'no-iommu' and m['note'] is not None, 'no-IOMMU mode, with a note')
	check('iommu' not in conds(m) and 'vfio-pci' not in conds(m), 'IOMMU condition met')
	PY
}

# D: an 8100's FCoE function (1077:8001) and other devices, no NIC function: the one line.
scenario_d() {
	local rc=0 out=$R/../d
	new_tree
	mkdev 0000:00:01.0 8086 1901 060400 2 0 pcieport
	mkdev 0000:03:00.2 1077 8001 0c0400 4 0 qla2xxx
	mkdev 0000:00:1f.2 8086 2922 010601 3 0 ahci
	mount --bind "$R/bus/pci/devices" /sys/bus/pci/devices || { bad "bind mount"; return; }
	"$tool" --sysfs-root "$R" > "$out.txt" || rc=$?
	umount /sys/bus/pci/devices
	cat "$out.txt"
	is "d: exit status" "$rc" 0
	is "d: the one line" "$(cat "$out.txt")" "$(none 3)"
}

fake_inside() {
	local mnt=$1 m
	# The host's hugetlbfs mounts (a benchmark's, say) are copies in this private namespace:
	# taken away here only, so every scenario starts from the same machine.
	for m in $(awk '$3 == "hugetlbfs" { print $2 }' /proc/mounts); do
		umount "$m" || { bad "umount of the host's hugetlbfs $m"; finish; }
	done
	mount -t tmpfs -o size=16m qlxge-find-fake "$mnt" || { bad "tmpfs mount"; finish; }
	R=$mnt/sys
	scenario_a
	scenario_b
	scenario_c
	scenario_d
	finish
}

fake() {
	local mnt rc=0
	if [ "$(id -u)" -ne 0 ]; then
		echo "SKIP: the fake-sysfs test needs root (a private mount namespace)"
		exit 77
	fi
	if ! unshare --mount --propagation private true 2>/dev/null; then
		echo "SKIP: cannot create a mount namespace here (unshare --mount failed)"
		exit 77
	fi
	mnt=$(mktemp -d "$PWD/qlxge-find-fake.XXXXXX")
	unshare --mount --propagation private bash "$0" "$tool" inside "$mnt" || rc=$?
	rmdir "$mnt"
	exit "$rc"
}

case $mode in
host) host ;;
fake) fake ;;
inside) fake_inside "${3:?}" ;;
*) echo "usage: $0 <qlxge-find> host|fake" >&2; exit 2 ;;
esac
