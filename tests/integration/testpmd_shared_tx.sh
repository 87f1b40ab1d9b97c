#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# Shared TX queues (RTE_ETH_TX_OFFLOAD_MT_LOCKFREE) through dpdk-testpmd on the two ports of one
# model adapter: port 0 gets the offload for the port (--tx-offloads=0x4000), port 1 for its
# queue 0 ("port 1 txq 0 tx_offload mt_lockfree on"). testpmd shows both, forwards traffic both
# ways through the shared queues, then again after a stop and start of both ports and after a
# reset of port 0, and the queues' tx_q0_shared_* extended statistics count it: every frame
# each TX queue sent went through its ring, and nothing was refused or flushed.
# (testpmd gives each TX queue to one forwarding lcore; tests/unit/pmd/test_pmd_shared_tx_storm.c and
# examples/mptx share one among threads.)
# --huge (root): the same on hugepages (hugepages.sh: reserved on top, a mount of its own, both
# given back) with IOVA as PA, which EAL must report: the IOCBs then carry physical addresses.
# Usage: testpmd_shared_tx.sh <folder of librte_net_qlxge.so and librte_net_qlxge_sim.so>
#        [--huge]
set -euo pipefail
dir=${1:?usage: $0 <plugin folder> [--huge]}
huge=${2:-}
testpmd=$(command -v dpdk-testpmd) ||
	{ echo "dpdk-testpmd not found (apt-get install dpdk)"; exit 1; }
# testpmd is not instrumented: a sanitizer build of the PMD cannot be loaded into it
if ldd "$dir/librte_net_qlxge_sim.so" 2>/dev/null | grep -qE 'lib(asan|ubsan|tsan)'; then
	echo "SKIP: $dir holds a sanitizer build"; exit 77
fi
log=$(mktemp)
mem=(--no-huge --no-shconf)
if [ "$huge" = --huge ]; then
	# shellcheck source=hugepages.sh
	. "$(dirname "$0")/hugepages.sh"
	trap 'rm -f "$log"; huge_release' EXIT
	trap 'exit 143' TERM INT HUP
	huge_reserve 300 || { echo "SKIP: $huge_why"; exit 77; }
	mem=(--in-memory --huge-dir "$huge_mnt" --iova-mode=pa)
else
	trap 'rm -f "$log"' EXIT
fi
# the 3 s of forwarding start once testpmd has done what comes before (not at its launch)
. "$(dirname "$0")/testpmd_ready.sh"

set +e
{
	printf 'port stop 1\nport config 1 tx_offload mt_lockfree off\n'
	printf 'port 1 txq 0 tx_offload mt_lockfree on\nport start 1\n'
	printf 'show port 0 tx_offload capabilities\n'
	printf 'show port 0 tx_offload configuration\nshow port 1 tx_offload configuration\n'
	printf 'set promisc all on\nset fwd io\n'
	testpmd_ready "$log" 'Set io packet forwarding mode' || exit 0
	printf 'start tx_first 2\n'
	sleep 3
	# across a stop and start of both ports, and a reset of port 0, as users do it
	printf 'stop\nport stop all\nport start all\nstart tx_first 2\n'
	sleep 1
	printf 'stop\nport stop 0\nport reset 0\nport start 0\nstart tx_first 2\n'
	sleep 1
	printf 'stop\nshow port 0 txq 0 desc 0 status\nshow port 1 rxq 0 desc 0 status\n'
	printf 'show txq info 0 0\n'
	printf 'show port stats all\nshow port xstats all\n'
	printf 'port stop all\ndump_mempool mb_pool_0\nquit\n'
} | timeout 120 stdbuf -oL "$testpmd" -d "$dir" "${mem[@]}" --no-pci -m 512 -l 0-1 \
	--vdev net_qlxge_sim0,adapter=shtx_pmd,function=0 \
	--vdev net_qlxge_sim1,adapter=shtx_pmd,function=1 \
	-- -i --total-num-mbufs=8192 --tx-offloads=0x4000 >"$log" 2>&1
rc=$?
set -e
grep -vE '^(rx|tx)_(size|q[0-9]+_(bytes|errors|mbuf|code|over|other|under|pre|frame|crc|uns|ada|ref))' \
	"$log" | grep -vE '^(rx|tx)_[a-z_]+: 0$'

fail() { echo "FAIL: $*"; exit 1; }
[ $rc -eq 0 ] || fail "testpmd exited with $rc"
grep -q 'Bye' "$log" || fail "testpmd did not quit cleanly"
# the descriptor queries answer, on the shared queue too (a moment's view)
[ "$(grep -c 'Desc status = ' "$log")" -eq 2 ] && ! grep -q 'Invalid input' "$log" ||
	fail "descriptor status not reported"
grep -q '^Burst mode: Scalar, shared (MT lock-free' "$log" || fail "shared burst mode not shown"
# the ports stopped, every mbuf is back in the pool: none leaked across stops and the reset
pool=$(awk -F= '/^  size=/ { s = $2 } /total_cache_count=/ { c = $2 }
	/common_pool_count=/ { p = $2 } END { print s, c + p }' "$log")
read -r size back <<<"$pool"
[ -n "$size" ] && [ "$size" = "$back" ] || fail "mbufs not all back in the pool: $pool"
echo "ok: all $size mbufs back in the pool"
if [ "$huge" = --huge ]; then
	grep -q "Selected IOVA mode 'PA'" "$log" || fail "EAL did not select IOVA as PA"
fi

# the capability, and the configuration of each port: for the port, and for port 1's queue only
awk '/Tx Offloading Capabilities of port 0/ { c = 1 } c && /Per Queue/ { print; exit }' "$log" |
	grep -q MT_LOCKFREE || fail "MT_LOCKFREE not offered per queue"
conf() { # <port>: the two lines "Port : ..." and "Queue[ 0] : ..." of its configuration
	awk -v p="$1" '$0 ~ "Tx Offloading Configuration of port " p " :" { c = 1; next }
		c && /Port :/ { print "port" substr($0, index($0, ":") + 1) }
		c && /Queue\[ *0\]/ { print "queue" substr($0, index($0, ":") + 1); exit }' "$log"
}
conf 0 | grep -qx 'port *MT_LOCKFREE' || fail "port 0: MT_LOCKFREE not configured for the port"
conf 0 | grep -qx 'queue *MT_LOCKFREE' || fail "port 0: queue 0 not shared"
conf 1 | grep -qx 'port *' || fail "port 1: MT_LOCKFREE configured for the port"
conf 1 | grep -qx 'queue *MT_LOCKFREE' || fail "port 1: queue 0 not shared"

stat() { # <port> <field>
	awk -v port="$1" -v field="$2" '
		/NIC statistics for port/ { p = $(NF - 1) }
		p == port { for (i = 1; i < NF; i++) if ($i == field ":") v = $(i + 1) }
		END { print v + 0 }' "$log"
}
xstat() { # <port> <name>
	awk -v port="$1" -v name="$2" '
		/NIC extended statistics for port/ { p = $NF }
		p == port && $1 == name ":" { v = $2 }
		END { print v + 0 }' "$log"
}
for p in 0 1; do
	rx=$(stat $p RX-packets); tx=$(stat $p TX-packets)
	enq=$(xstat $p tx_q0_shared_enqueued); db=$(xstat $p tx_q0_shared_doorbells)
	echo "port $p: RX $rx TX $tx; shared queue: enqueued $enq, doorbells $db," \
	     "$(xstat $p tx_q0_shared_pkts_per_doorbell) frames per doorbell"
	[ "$rx" -gt 1000 ] || fail "port $p received only $rx packets"
	[ "$tx" -gt 1000 ] || fail "port $p sent only $tx packets"
	for f in TX-errors RX-missed RX-nombuf; do
		[ "$(stat $p $f)" -eq 0 ] || fail "port $p counted $f"
	done
	# the frames in flight when forwarding stopped waited in the peer's RX queue, which the
	# port stop emptied: counted there, and no other receive error
	[ "$(stat $p RX-errors)" -eq "$(xstat $p rx_q0_stop_discards)" ] ||
		fail "port $p: RX-errors $(stat $p RX-errors)," \
		     "$(xstat $p rx_q0_stop_discards) left in the RX queue at a stop"
	# every frame the queue sent came through its ring, none was refused or flushed, and
	# the counts ran on across the stops and the reset (they start again at a stats reset)
	[ "$enq" -eq "$(xstat $p tx_q0_packets)" ] ||
		fail "port $p: $enq frames enqueued, $(xstat $p tx_q0_packets) sent"
	[ "$db" -gt 0 ] && [ "$db" -le "$enq" ] || fail "port $p: $db doorbells"
	for x in refused flushed_on_stop; do
		[ "$(xstat $p tx_q0_shared_$x)" -eq 0 ] || fail "port $p: tx_q0_shared_$x"
	done
done
if grep -E 'TX-dropped: [1-9]' "$log"; then fail "testpmd dropped packets on TX"; fi
if grep -i 'qlxge' "$log" | grep -qiE 'error|fail|malformed'; then
	fail "the PMD logged an error"
fi
echo "PASS: testpmd forwards through shared TX queues (MT_LOCKFREE per port and per queue)," \
	"across stop, start and reset${huge:+, on hugepages with IOVA as PA}"
