#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# qlxge-bench-fwd: what testpmd's io forwarding costs on two qlxge model ports, against two
# peers measured in the same run, on the same cores and memory (docs/performance.md):
#   qlxge    two ports of one emulated adapter, cabled back to back (the model's thread is the
#            device: it runs on the CPU of testpmd's main lcore, by inheritance)
#   virtio   two virtio-user ports, each on a vhost-user socket of a second testpmd which
#            forwards between its two net_vhost ports (the device side) on the other CPU
#   null     two net_null ports (no device: testpmd and mbuf cost alone)
# Each run: start tx_first, 1 s of warm-up, then testpmd's Rx-pps of every port over the
# measured interval (summed: Mpps of the pair) and, at stop, the forwarding lcore's
# "CPU cycles/packet" (--record-core-cycles: the cycles of the bursts that received packets,
# over all received packets). Rounds alternate the order of the peers. Per peer: the median,
# min-max and relative spread ((max - min) / median), then
#   RESULT cycles_vs_virtio=.. mpps_vs_virtio=.. cycles_vs_null=.. pa_vs_va=..
# Memory: hugepages as root (pages reserved, hugetlbfs mounted at a private path, both given
# back on exit, also on failure or interruption), --no-huge otherwise; every peer the same.
# With hugepages every peer runs with IOVA as VA and the model pair also with IOVA as PA
# (pa_vs_va); without them pa_vs_va=na.
#
# --scaling [CSV]: the model pair only, one factor at a time from a base (burst 32, rings
# 1024, 1 queue per port, 64-byte frames, 1 adapter): burst 8/32/64 (--burst), rings
# 256/1024/4096 (--rxd/--txd), queues 1/2/4 per port (--rxq/--txq with RSS on IP; the first
# bursts carry many flows, --txonly-multi-flow, so RSS spreads them), frames 64/512/1514 bytes
# without FCS (--txpkts: the 1518-byte frame with FCS is the largest), 1 and 2 adapters (2 and
# 4 ports). Writes the CSV (default scaling.csv); tests/bench/plot_scaling.sh draws it.
# --factors LIST: with --scaling, only these factors (comma-separated: burst, ring, queues,
# frame, adapters), e.g. --factors ring,queues to measure one change quickly; default all.
#
# Usage: qlxge-bench-fwd [--repeat N] [--seconds S] [--no-huge] [--smoke] [--scaling [CSV]]
#                        [--factors LIST]
#   --smoke: one round of 1 s, no hugepages; checks that every peer forwarded packets.
# QLXGE_PLUGIN_DIR overrides the plugin folder; QLXGE_BENCH_HUGEPAGES the 2 MiB pages to
# reserve (default 600).
set -euo pipefail

plugins=${QLXGE_PLUGIN_DIR:-@QLXGE_PLUGIN_DIR@}
repeat=""
secs=5
warm=1
memory=auto
smoke=0
scaling=""
factors=burst,ring,queues,frame,adapters
usage() {
	sed -n 's/^# Usage: //p; s/^#    *\[--factors/  [--factors/p; s/^#   --smoke/  --smoke/p' "$0"
	exit "${1:-2}"
}
while [ $# -gt 0 ]; do
	case "$1" in
	--repeat) repeat=${2:?--repeat needs a number}; shift ;;
	--seconds) secs=${2:?--seconds needs a number}; shift ;;
	--no-huge) memory=nohuge ;;
	--smoke) smoke=1 ;;
	--scaling)
		scaling=scaling.csv
		case "${2:-}" in ""|--*) ;; *) scaling=$2; shift ;; esac ;;
	--factors)
		factors=${2:?--factors needs a list}; shift
		for f in ${factors//,/ }; do
			case "$f" in burst|ring|queues|frame|adapters) ;;
			*) echo "--factors: unknown factor '$f'" >&2; exit 2 ;;
			esac
		done ;;
	-h|--help) usage 0 ;;
	*) echo "unknown argument: $1" >&2; usage ;;
	esac
	shift
done
[ -z "$repeat" ] && { [ -n "$scaling" ] && repeat=3 || repeat=5; }
if [ "$smoke" -eq 1 ]; then
	repeat=1 secs=1 memory=nohuge
fi
case "$repeat$secs" in
*[!0-9]*) echo "--repeat and --seconds take whole numbers" >&2; exit 2 ;;
esac
[ "$repeat" -ge 1 ] && [ "$secs" -ge 1 ] ||
	{ echo "--repeat and --seconds: at least 1" >&2; exit 2; }

testpmd=$(command -v dpdk-testpmd) ||
	{ echo "dpdk-testpmd not found (apt-get install dpdk-dev)"; exit 1; }
[ -f "$plugins/librte_net_qlxge_sim.so" ] ||
	{ echo "no librte_net_qlxge_sim.so in $plugins (set QLXGE_PLUGIN_DIR)"; exit 1; }
if ldd "$plugins/librte_net_qlxge_sim.so" 2>/dev/null | grep -qE 'lib(asan|ubsan|tsan)'; then
	echo "SKIP: $plugins holds a sanitizer build"; exit 77
fi

work=$(mktemp -d /tmp/perf-bench-fwd.XXXXXX)	# fifos, vhost-user sockets, logs
# the hugepage helper: beside this script in the source tree, or where the build says it is
huge_sh=$(dirname "$0")/../integration/hugepages.sh
[ -f "$huge_sh" ] || huge_sh=@QLXGE_SOURCE_DIR@/tests/integration/hugepages.sh
# shellcheck source=../integration/hugepages.sh
. "$huge_sh"
declare -A tp_pid tp_fd
# EAL's runtime folders of this run's file prefixes (perf<pid>{q,h,v,n,s}, mem_args): EAL makes
# one per prefix also with --no-shconf or --in-memory (its telemetry socket); ours alone
if [ "$(id -u)" -eq 0 ]; then rundir=/var/run/dpdk; else rundir=${XDG_RUNTIME_DIR:-/tmp}/dpdk; fi
cleanup() {
	local n
	for n in "${!tp_pid[@]}"; do
		kill "${tp_pid[$n]}" 2>/dev/null || true
		wait "${tp_pid[$n]}" 2>/dev/null || true
	done
	rm -rf "$work"
	for n in q h v n s; do rm -rf "$rundir/perf$$$n"; done
	huge_release
}
trap cleanup EXIT
trap 'exit 130' INT TERM
trap '' PIPE	# a testpmd that died must not kill us through its fifo: we report it

die() { echo "FAIL: $*" >&2; exit 1; }

# ---- testpmd processes, each driven through a fifo on its stdin ------------------------------

# tp_start <name> <testpmd args...>: starts testpmd in the background (killed after a limit)
tp_start() {
	local name=$1 fd
	shift
	rm -f "$work/$name.fifo"
	mkfifo "$work/$name.fifo"
	stdbuf -oL timeout -k 5 $((secs + warm + 120)) "$testpmd" "$@" \
		<"$work/$name.fifo" >"$work/$name.log" 2>&1 &
	tp_pid[$name]=$!
	exec {fd}>"$work/$name.fifo"
	tp_fd[$name]=$fd
}

# tp_cmd <name> <command>...: one line each
tp_cmd() {
	local name=$1
	shift
	printf '%s\n' "$@" >&"${tp_fd[$name]}" 2>/dev/null || true
}

# tp_wait <name> <regex> <count>: until the log has <count> lines matching, or fails
tp_wait() {
	local i
	for i in $(seq 600); do
		[ "$(grep -cE "$2" "$work/$1.log" 2>/dev/null)" -ge "$3" ] && return 0
		kill -0 "${tp_pid[$1]}" 2>/dev/null || break
		sleep 0.1
	done
	cat "$work/$1.log" >&2
	die "testpmd '$1': no \"$2\" in its output"
}

# tp_end <name>: quit, and fail if testpmd did not end well
tp_end() {
	local rc=0
	local fd=${tp_fd[$1]}
	tp_cmd "$1" quit
	exec {fd}>&-
	wait "${tp_pid[$1]}" || rc=$?
	unset "tp_pid[$1]"
	[ "$rc" -eq 0 ] || { cat "$work/$1.log" >&2; die "testpmd '$1' exited with $rc"; }
}

# placement <name>: each thread of that testpmd and the CPUs it may run on
placement() {
	local pid t out=""
	pid=$(awk '{ print $1 }' "/proc/${tp_pid[$1]}/task/${tp_pid[$1]}/children" 2>/dev/null)
	[ -n "$pid" ] || return 0
	for t in /proc/"$pid"/task/*; do
		out+="$(cat "$t/comm" 2>/dev/null)@cpu$(awk '/^Cpus_allowed_list/ { print $2 }' \
			"$t/status" 2>/dev/null) "
	done
	echo "$out"
}

# ---- memory ----------------------------------------------------------------------------------

if [ "$memory" = auto ]; then
	memory=nohuge
	if huge_reserve "${QLXGE_BENCH_HUGEPAGES:-600}" 520; then
		memory=huge
		mnt=$huge_mnt
	else
		echo "hugepages: $huge_why: running with --no-huge"
	fi
fi
# mem_args <file prefix>: EAL memory options of this run (512 MB per process)
mem_args() {
	if [ "$memory" = huge ]; then
		echo "--in-memory --single-file-segments --huge-dir $mnt --no-pci -m 512" \
			"--file-prefix $1"
	else
		echo "--no-huge --no-shconf --no-pci -m 512 --file-prefix $1"
	fi
}

# ---- one forwarding run ------------------------------------------------------------------------

# fwd_run <ports> <tx_first bursts> <hook|-> <testpmd args...>: io forwarding on lcores 0-1
# (main lcore on CPU 0, the forwarding lcore on CPU 1). <hook> runs once the forwarding testpmd
# is up, before it starts. Sets cycles (per packet), mpps (all ports), pkts (received), streams
# (streams that forwarded), place (the threads and their CPUs).
fwd_run() {
	local ports=$1 txf=$2 hook=$3
	shift 3
	tp_start fwd -l 0-1 "$@"
	tp_wait fwd 'testpmd> ' 1
	[ "$hook" = - ] || "$hook"
	tp_cmd fwd 'set promisc all on' 'set fwd io' "start tx_first $txf"
	sleep "$warm"
	tp_cmd fwd 'show port stats all'	# testpmd's rate clock starts here
	sleep "$secs"
	place=$(placement fwd)
	tp_cmd fwd 'show port stats all' 'stop'
	tp_end fwd
	local log=$work/fwd.log
	mpps=$(awk -v p="$ports" '/^  Rx-pps:/ { if (++n > p) s += $2 }
		END { printf "%.4f", s / 1e6 }' "$log")
	cycles=$(sed -n 's/.*CPU cycles\/packet=\([0-9.]*\).*/\1/p' "$log" | tail -1)
	pkts=$(awk '/Accumulated forward statistics/ { a = 1 }
		a && /RX-packets:/ { print $2; exit }' "$log")
	streams=$(grep -c 'Forward Stats for RX Port=' "$log" || true)
	[ "$streams" -gt 0 ] || streams=$ports
	[ -n "$cycles" ] || cycles=0
	[ -n "$pkts" ] || pkts=0
	cp "$log" "$work/last-fwd.log"
}

# ---- the peers ---------------------------------------------------------------------------------

model_vdevs() {	# model_vdevs <adapters>: the ports of that many emulated adapters
	local a f
	for a in $(seq 1 "$1"); do
		for f in 0 1; do
			printf -- '--vdev net_qlxge_sim%d,adapter=perf%sa%d,function=%d\n' \
				$(( (a - 1) * 2 + f )) $$ "$a" "$f"
		done
	done
}

vhost_start_fwd() {	# the hook of the virtio peer: both sockets connected, then start
	tp_wait vhost 'virtio is now ready for processing' 2
	tp_cmd vhost 'set fwd io' 'start'
}

# peer <name> [iova]: one run of that peer; sets cycles, mpps, pkts, place (and vplace)
peer() {
	local iova=()
	[ "$memory" = huge ] && iova=(--iova-mode="${2:-va}")
	case "$1" in
	qlxge|qlxge_pa)
		# shellcheck disable=SC2046
		fwd_run 2 2 - $(mem_args "perf$$q") "${iova[@]}" -d "$plugins" $(model_vdevs 1) \
			-- -i --total-num-mbufs=8192 --record-core-cycles ;;
	virtio)
		# The device side: a testpmd whose two lcores are both on CPU 0, as the model's
		# thread is (its main lcore sleeps in the command line; lcore 1 forwards).
		# shellcheck disable=SC2046
		tp_start vhost --lcores 0@0,1@0 $(mem_args "perf$$h") "${iova[@]}" \
			--vdev "net_vhost0,iface=$work/vhost0.sock,queues=1" \
			--vdev "net_vhost1,iface=$work/vhost1.sock,queues=1" \
			-- -i --total-num-mbufs=8192 --record-core-cycles
		tp_wait vhost 'testpmd> ' 1
		vplace=$(placement vhost)
		# The vhost side starts forwarding only once both virtio-user ports are connected
		# (started before, its ports stay without traffic).
		# shellcheck disable=SC2046
		fwd_run 2 2 vhost_start_fwd $(mem_args "perf$$v") "${iova[@]}" \
			--vdev "net_virtio_user0,path=$work/vhost0.sock" \
			--vdev "net_virtio_user1,path=$work/vhost1.sock" \
			-- -i --total-num-mbufs=8192 --record-core-cycles
		tp_cmd vhost stop
		tp_end vhost ;;
	null)
		# shellcheck disable=SC2046
		fwd_run 2 2 - $(mem_args "perf$$n") "${iova[@]}" \
			--vdev net_null0 --vdev net_null1 \
			-- -i --total-num-mbufs=8192 --record-core-cycles ;;
	esac
	[ "$pkts" -gt 0 ] || { cat "$work/last-fwd.log" >&2; die "peer $1 forwarded no packet"; }
}

# stats <values...>: "median min max spread" (spread: (max - min) / median)
stats() {
	printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.4f %.4f %.4f %.4f\n", m, v[1], v[NR], (m > 0 ? (v[NR] - v[1]) / m : 0) }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "na" }'; }

cpus=$(nproc)
echo "qlxge-bench-fwd: testpmd io forwarding, ${secs} s measured after ${warm} s of warm-up," \
	"$repeat round(s), memory: $([ "$memory" = huge ] &&
	echo "hugepages (2 MiB, $mnt)" || echo "--no-huge"), $cpus CPUs"
[ "$cpus" -ge 2 ] || echo "warning: fewer than 2 CPUs: device and forwarding share one"

# ---- --scaling ---------------------------------------------------------------------------------

# scale_run <burst> <ring> <queues> <frame> <adapters>: one run of the model pair
scale_run() {
	local b=$1 d=$2 q=$3 fr=$4 a=$5 rss=() iova=()
	local p=$((2 * a))
	# every ring full, the first bursts in flight, the lcore's cache, and a margin
	local mbufs=$((p * q * 2 * d + 2 * b * 2 * q * p + 8192))
	[ "$q" -gt 1 ] && rss=(--rss-ip)
	[ "$memory" = huge ] && iova=(--iova-mode=va)
	# shellcheck disable=SC2046
	fwd_run "$p" 2 - $(mem_args "perf$$s") "${iova[@]}" -d "$plugins" $(model_vdevs "$a") \
		-- -i --total-num-mbufs="$mbufs" --record-core-cycles --burst="$b" \
		--rxd="$d" --txd="$d" --rxq="$q" --txq="$q" "${rss[@]}" \
		--txpkts="$fr" --txonly-multi-flow
	[ "$pkts" -gt 0 ] || { cat "$work/last-fwd.log" >&2; die "scaling: no packet forwarded"; }
}

if [ -n "$scaling" ]; then
	# factor value burst ring queues frame adapters
	configs=(
		"burst 8 8 1024 1 64 1" "burst 32 32 1024 1 64 1" "burst 64 64 1024 1 64 1"
		"ring 256 32 256 1 64 1" "ring 1024 32 1024 1 64 1" "ring 4096 32 4096 1 64 1"
		"queues 1 32 1024 1 64 1" "queues 2 32 1024 2 64 1" "queues 4 32 1024 4 64 1"
		"frame 64 32 1024 1 64 1" "frame 512 32 1024 1 512 1"
		"frame 1514 32 1024 1 1514 1"
		"adapters 1 32 1024 1 64 1" "adapters 2 32 1024 1 64 2"
	)
	kept=()
	for c in "${configs[@]}"; do
		case ",$factors," in *",${c%% *},"*) kept+=("$c") ;; esac
	done
	configs=("${kept[@]}")
	declare -A cyc mp act
	for r in $(seq 1 "$repeat"); do
		order=$(seq 0 $((${#configs[@]} - 1)))
		[ $((r % 2)) -eq 0 ] && order=$(echo "$order" | tac)
		for i in $order; do
			read -r f v b d q fr a <<<"${configs[$i]}"
			scale_run "$b" "$d" "$q" "$fr" "$a"
			cyc[$i]+="$cycles " mp[$i]+="$mpps " act[$i]=$streams
			printf 'round %d: %-8s %-5s %8.1f cycles/pkt %7.3f Mpps, ' "$r" "$f" "$v" \
				"$cycles" "$mpps"
			echo "$streams of $((2 * q * a)) streams busy"
		done
	done
	{
		printf 'factor,value,burst,ring,queues_per_port,frame_bytes,adapters,ports,'
		printf 'cycles_per_pkt,cycles_min,cycles_max,mpps,mpps_min,mpps_max,'
		printf 'streams_busy,streams\n'
	} > "$scaling"
	printf '\n%-9s %-6s %-28s %-26s %s\n' factor value "cycles/pkt (min-max)" \
		"Mpps (min-max)" "busy streams"
	for i in $(seq 0 $((${#configs[@]} - 1))); do
		read -r f v b d q fr a <<<"${configs[$i]}"
		# shellcheck disable=SC2086
		read -r cm cl ch _ <<<"$(stats ${cyc[$i]})"
		# shellcheck disable=SC2086
		read -r mm ml mh _ <<<"$(stats ${mp[$i]})"
		echo "$f,$v,$b,$d,$q,$fr,$a,$((2 * a)),$cm,$cl,$ch,$mm,$ml,$mh,${act[$i]}" \
			"$((2 * q * a))" | sed 's/ /,/' >> "$scaling"
		printf '%-9s %-6s %8.1f (%.1f-%.1f)%6s %7.3f (%.3f-%.3f)%3s %s/%s\n' "$f" "$v" \
			"$cm" "$cl" "$ch" "" "$mm" "$ml" "$mh" "" "${act[$i]}" $((2 * q * a))
	done
	echo "placement (last run): $place"
	echo "CSV: $scaling"
	exit 0
fi

# ---- the peers, rounds alternating -------------------------------------------------------------

peers=(qlxge virtio null)
[ "$memory" = huge ] && peers+=(qlxge_pa)
declare -A c m n pl
for r in $(seq 1 "$repeat"); do
	order=("${peers[@]}")
	if [ $((r % 2)) -eq 0 ]; then
		order=()
		for ((i = ${#peers[@]} - 1; i >= 0; i--)); do order+=("${peers[$i]}"); done
	fi
	for p in "${order[@]}"; do
		vplace=""
		if [ "$p" = qlxge_pa ]; then peer "$p" pa; else peer "$p"; fi
		c[$p]+="$cycles " m[$p]+="$mpps " n[$p]+="$pkts "
		[ -n "${pl[$p]:-}" ] || pl[$p]="$place${vplace:+| vhost testpmd: $vplace}"
		printf 'round %d: %-8s %8.1f cycles/pkt %7.3f Mpps (%s packets received)\n' \
			"$r" "$p" "$cycles" "$mpps" "$pkts"
	done
done

echo
echo "Placement (2 CPUs): forwarding testpmd -l 0-1: main lcore (dpdk-testpmd) on CPU 0, the"
echo "forwarding lcore (rte-worker-1) on CPU 1. The device side on CPU 0: the model's thread"
echo "(sim-<adapter>, created at probe by the main lcore, inherits its CPU), the vhost testpmd"
echo "(--lcores 0@0,1@0: its forwarding lcore 1 on CPU 0); net_null has none. Threads seen:"
for p in "${peers[@]}"; do echo "  $p: ${pl[$p]}"; done
echo
printf '%-9s %-38s %s\n' peer "cycles/pkt median (min-max, spread)" \
	"Mpps median (min-max, spread)"
declare -A med_c med_m
for p in "${peers[@]}"; do
	# shellcheck disable=SC2086
	read -r cm cl ch cs <<<"$(stats ${c[$p]})"
	# shellcheck disable=SC2086
	read -r mm ml mh ms <<<"$(stats ${m[$p]})"
	med_c[$p]=$cm med_m[$p]=$mm
	printf -v left '%.1f (%.1f-%.1f, %.0f%%)' "$cm" "$cl" "$ch" \
		"$(awk -v s="$cs" 'BEGIN { print s * 100 }')"
	printf '%-9s %-38s %.3f (%.3f-%.3f, %.0f%%)\n' "$p" "$left" "$mm" "$ml" "$mh" \
		"$(awk -v s="$ms" 'BEGIN { print s * 100 }')"
done
pa=na
[ "$memory" = huge ] && pa=$(ratio "${med_m[qlxge_pa]}" "${med_m[qlxge]}")
echo "RESULT cycles_vs_virtio=$(ratio "${med_c[qlxge]}" "${med_c[virtio]}")" \
	"mpps_vs_virtio=$(ratio "${med_m[qlxge]}" "${med_m[virtio]}")" \
	"cycles_vs_null=$(ratio "${med_c[qlxge]}" "${med_c[null]}") pa_vs_va=$pa"
