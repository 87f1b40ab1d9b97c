#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# DPDK's tools beside an application, as users run them: with hugepages and a shared runtime
# configuration, dpdk-testpmd (the primary) forwards between two model ports, and secondary
# processes attach to it:
#  - dpdk-proc-info: the ports' statistics, extended statistics (the MAC counters are read from
#    the device through the secondary's own bus: for the model, through the primary), firmware
#    version, port information (a mailbox command), a register dump, the RSS table, and a
#    statistics reset;
#  - dpdk-dumpcap: a capture of port 0's traffic into a pcapng file, read back with capinfos
#    and tshark, ended once testpmd has stopped forwarding (see there why); dumpcap turns
#    promiscuous mode off when it is done, and the primary then reports it off.
# Needs root (hugepages). Takes a few 2 MiB pages for itself (on top of what is reserved), a
# hugetlbfs mount of its own and a file prefix of its own, and gives all back however it ends.
# dpdk-dumpcap takes no -d: the model's plugin is preloaded into it (an installed qlxge is
# found in DPDK's plugin folder instead), and so are the mempool drivers Debian's dpdk-testpmd
# links directly (librte_mempool_dpaa): the mempool ops are numbered per process in the order
# they register, and dumpcap's pool is used by the primary, so both must number them alike
# (otherwise every captured packet is dropped, whatever the driver; see the guide).
# Usage: secondary.sh <plugin folder>
set -euo pipefail
dir=$(cd "${1:?usage: $0 <plugin folder>}" && pwd)
if ldd "$dir/librte_net_qlxge_sim.so" 2>/dev/null | grep -qE 'lib(asan|ubsan|tsan)'; then
	echo "SKIP: $dir holds a sanitizer build"; exit 77
fi
for t in dpdk-testpmd dpdk-proc-info dpdk-dumpcap capinfos tshark; do
	command -v "$t" >/dev/null || { echo "FAIL: $t not found (devtools/bootstrap.sh)"; exit 1; }
done
# shellcheck source=hugepages.sh
. "$(dirname "$0")/hugepages.sh"

pages=256
prefix=qlxge-sec-$$
run=/var/run/dpdk/$prefix
tmp=$(mktemp -d)
pid=
dumpcap_pid=
cleanup() {
	local rc=$?
	exec 3>&- 2>/dev/null || true
	if [ -n "$dumpcap_pid" ]; then
		kill "$dumpcap_pid" 2>/dev/null || true
		wait "$dumpcap_pid" 2>/dev/null || true
	fi
	if [ -n "$pid" ]; then
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	fi
	huge_release
	rm -rf "$run" "$tmp"
	exit $rc
}
trap cleanup EXIT
trap 'exit 143' TERM INT HUP
# a write to a testpmd that died fails instead of killing the script: the checks that follow
# then report it with testpmd's log
trap '' PIPE
fail() { echo "FAIL: $*"; echo "--- testpmd:"; cat "$tmp/log"; exit 1; }

# --- hugepages: ours on top of the pool, a mount of our own ---
huge_reserve $pages || { echo "SKIP: $huge_why"; exit 77; }
mnt=$huge_mnt
echo "ok: $pages hugepages of 2 MiB, hugetlbfs at $mnt"

# --- the primary ---
mkfifo "$tmp/in"
timeout 600 stdbuf -oL dpdk-testpmd -d "$dir" -l 0-1 --no-pci --huge-dir "$mnt" \
	--file-prefix "$prefix" --proc-type primary \
	--vdev net_qlxge_sim0,adapter=sec,function=0 --vdev net_qlxge_sim1,adapter=sec,function=1 \
	-- -i --total-num-mbufs=8192 <"$tmp/in" >"$tmp/log" 2>&1 &
pid=$!
exec 3>"$tmp/in"
printf 'set promisc all on\nset fwd io\nstart tx_first\n' >&3
for _ in $(seq 300); do
	grep -q 'Press enter to exit\|io packet forwarding' "$tmp/log" 2>/dev/null && break
	kill -0 "$pid" 2>/dev/null || fail "testpmd exited"
	sleep 0.1
done
grep -q 'IOVA mode' "$tmp/log" && echo "ok: primary: $(grep -m1 'IOVA mode' "$tmp/log")"
sleep 1

# --- dpdk-proc-info: statistics, extended statistics, firmware, port, registers ---
proc_info() { # <out file> <proc-info options...>
	local out=$1; shift
	timeout 120 dpdk-proc-info -d "$dir" --no-pci --file-prefix "$prefix" \
		--log-level=lib.eal:error \
		-- "$@" >"$out" 2>&1 || { cat "$out"; fail "dpdk-proc-info $* failed"; }
}
nic_stat() { # <file> <port> <field>: the port's total (before the per-queue "Stats reg" lines)
	awk -v port="$2" -v field="$3" '
		/NIC statistics for port/ { p = $(NF - 1) }
		p == port && v == "" && !/Stats reg/ {
			for (i = 1; i < NF; i++) if ($i == field ":") v = $(i + 1) }
		END { print v + 0 }' "$1"
}
proc_info "$tmp/stats1" --stats
sleep 1
proc_info "$tmp/stats2" --stats
cat "$tmp/stats2"
for p in 0 1; do
	a=$(nic_stat "$tmp/stats1" $p RX-packets); b=$(nic_stat "$tmp/stats2" $p RX-packets)
	[ "$a" -gt 0 ] && [ "$b" -gt "$a" ] || fail "port $p: RX-packets $a then $b: not moving"
	a=$(nic_stat "$tmp/stats1" $p TX-packets); b=$(nic_stat "$tmp/stats2" $p TX-packets)
	[ "$a" -gt 0 ] && [ "$b" -gt "$a" ] || fail "port $p: TX-packets $a then $b: not moving"
	[ "$(nic_stat "$tmp/stats2" $p RX-errors)" -eq 0 ] || fail "port $p: RX errors"
done
echo "ok: dpdk-proc-info --stats: both ports' counters moving, no errors"

proc_info "$tmp/xstats" --xstats
xstat() { # <port> <name>: the value in the block of <port>
	awk -v port="$1" -v name="$2" '
		/NIC extended statistics for port/ { p = $(NF - 1) }
		p == port && $1 == name ":" { print $2; exit }' "$tmp/xstats"
}
for p in 0 1; do
	for x in mac_rx_good_packets mac_tx_packets rx_unicast_packets rx_q0_refill_doorbells \
		 tx_q0_doorbells; do
		v=$(xstat $p $x)
		[ -n "$v" ] && [ "$v" -gt 0 ] || { cat "$tmp/xstats"; fail "port $p: xstat $x '$v'"; }
	done
	[ "$(xstat $p rx_crc_errors)" = 0 ] || fail "port $p: rx_crc_errors"
done
echo "ok: dpdk-proc-info --xstats: MAC counters (read from the device) and queue counters"

proc_info "$tmp/fw" --firmware-version
grep -qE 'firmware version.*[0-9]+\.[0-9]+\.[0-9]+' "$tmp/fw" ||
	{ cat "$tmp/fw"; fail "no firmware version"; }
proc_info "$tmp/port" --show-port
grep -q 'driver net_qlxge_sim device net_qlxge_sim1' "$tmp/port" &&
	grep -q 'flow control mode full' "$tmp/port" && grep -q 'Link up at 10 Gbps' "$tmp/port" ||
	{ cat "$tmp/port"; fail "--show-port"; }
(cd "$tmp" && proc_info "$tmp/regs.out" --dump-regs=regs)
for p in 0 1; do
	f=$tmp/regs-port$p
	[ -f "$f" ] && [ "$(stat -c %s "$f")" -eq 256 ] || { cat "$tmp/regs.out";
		fail "port $p: no 256-byte register dump"; }
	# registers read through the primary: neither all ones (no answer) nor all zeroes
	words=$(od -An -v -tx4 "$f" | tr -s ' ' '\n' | grep -v '^$')
	[ "$(grep -cvx 'ffffffff' <<<"$words")" -gt 0 ] &&
		[ "$(grep -cvx '00000000' <<<"$words")" -gt 8 ] || fail "port $p: register dump empty"
done
proc_info "$tmp/reta" --show-rss-reta
# 512 entries per port (one queue: all 0)
[ "$(grep -c '^RSS RETA configuration: hash index=[0-9]*, queue=0$' "$tmp/reta")" -eq 1024 ] ||
	{ cat "$tmp/reta"; fail "--show-rss-reta"; }
echo "ok: dpdk-proc-info --firmware-version, --show-port, --dump-regs, --show-rss-reta"

# --- dpdk-dumpcap: capture port 0 into pcapng ---
preload=$(ldd "$(command -v dpdk-testpmd)" | awk '$1 ~ /^librte_mempool_/ { print $3 }' |
	paste -sd' ')
# dumpcap frees its ring and mempool right after asking the primary to remove its callbacks,
# and rte_eth_remove_rx/tx_callback() do not wait for a callback still running on the
# forwarding lcore (DPDK 22.11's pdump): a callback preempted there while dumpcap quits copies
# into unmapped pages (seen: the primary's SIGSEGV in rte_pktmbuf_copy under pdump_tx). So the
# forwarding is stopped (testpmd waits for its lcores) before dumpcap is told to end, and no
# burst runs when its pool goes.
LD_PRELOAD="$preload $dir/librte_net_qlxge_sim.so" timeout 120 dpdk-dumpcap \
	--file-prefix "$prefix" -i net_qlxge_sim0 -w "$tmp/cap.pcapng" -q \
	>"$tmp/dumpcap" 2>&1 &
dumpcap_pid=$!
# about 112 bytes a 64-byte frame takes in pcapng: 300000 bytes hold more than 2000 frames
for _ in $(seq 600); do
	[ "$(stat -c %s "$tmp/cap.pcapng" 2>/dev/null || echo 0)" -ge 300000 ] && break
	kill -0 "$dumpcap_pid" 2>/dev/null || break
	sleep 0.1
done
printf 'stop\n' >&3
for _ in $(seq 100); do
	grep -q '^Done\.' "$tmp/log" && break
	sleep 0.1
done
grep -q '^Done\.' "$tmp/log" || fail "testpmd did not stop forwarding"
kill -TERM "$dumpcap_pid" 2>/dev/null || true
wait "$dumpcap_pid" || { dumpcap_pid=; cat "$tmp/dumpcap"; fail "dpdk-dumpcap failed"; }
dumpcap_pid=
capinfos -M "$tmp/cap.pcapng" >"$tmp/capinfos" 2>&1 || { cat "$tmp/capinfos"; fail "capinfos"; }
grep -E 'File type|Number of packets|Average packet size' "$tmp/capinfos"
grep -q 'File type: *.*pcapng' "$tmp/capinfos" || fail "not a pcapng file"
n=$(awk -F': *' '/Number of packets/ { print $2 }' "$tmp/capinfos")
[ "$n" -ge 2000 ] 2>/dev/null || fail "the capture holds $n packets, not 2000"
# testpmd's frames, both ways through port 0: UDP to 02:00:00:00:00:0x (dumpcap names the
# interface dpdk:<port>)
tshark -r "$tmp/cap.pcapng" -T fields -e eth.dst -e ip.proto -e frame.interface_name \
	>"$tmp/frames" 2>/dev/null || fail "tshark cannot read the capture"
bad=$(grep -cvE '^02:00:00:00:00:0[01]	17	dpdk:0$' "$tmp/frames" || true)
[ "$bad" -eq 0 ] || { sort "$tmp/frames" | uniq -c | head; fail "$bad frames unexpected"; }
for d in 0 1; do
	grep -q "^02:00:00:00:00:0$d	" "$tmp/frames" || fail "no frame to 02:00:00:00:00:0$d"
done
# (a capture slower than the forwarding drops what its ring cannot hold: reported, not an error)
echo "ok: dpdk-dumpcap: $n frames of port 0, both ways, in pcapng;" \
	"$(grep -o 'received/dropped.*' "$tmp/dumpcap")"

# --stats-reset from the secondary: the primary's counters start again from 0. Forwarding is
# stopped (above) and the frames in flight given a second to land, so that "after" does not
# depend on how fast the machine forwards: it must be exactly 0.
sleep 1
proc_info "$tmp/stats2b" --stats
before=$(nic_stat "$tmp/stats2b" 0 RX-packets)
[ "$before" -gt 0 ] || fail "--stats-reset: no RX-packets to reset"
proc_info "$tmp/reset" --stats-reset
proc_info "$tmp/stats3" --stats
after=$(nic_stat "$tmp/stats3" 0 RX-packets)
[ "$after" -eq 0 ] || fail "--stats-reset: RX-packets $before, then $after (forwarding stopped)"
echo "ok: dpdk-proc-info --stats-reset: RX-packets of port 0 from $before down to $after"

# dumpcap turned promiscuous mode off at its exit, through its own process: the primary sees it
printf 'show port info 0\n' >&3
sleep 1
grep -q 'Promiscuous mode: disabled' "$tmp/log" || fail "promiscuous mode not turned off"
echo "ok: the secondary's promiscuous-off reached the port"

printf 'stop\nquit\n' >&3
exec 3>&-
wait "$pid" || fail "testpmd exited with an error"
pid=
grep -q 'Bye' "$tmp/log" || fail "testpmd did not quit cleanly"
for f in "$tmp/log" "$tmp"/stats* "$tmp/xstats" "$tmp/fw" "$tmp/port" "$tmp/regs.out" \
	"$tmp/reta" "$tmp/reset" "$tmp/dumpcap"; do
	if grep -i 'qlxge' "$f" | grep -qiE 'error|fail|timed? ?out|not attached'; then
		grep -i qlxge "$f"; fail "the PMD logged an error ($(basename "$f"))"
	fi
done
echo "PASS: dpdk-proc-info and dpdk-dumpcap beside testpmd on two model ports"
