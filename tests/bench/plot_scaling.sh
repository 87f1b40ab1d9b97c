#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# Draws the CSV of `qlxge-bench-fwd --scaling` as an SVG (docs/perf/scaling.svg): one panel
# per factor (burst, ring size, queues per port, frame size, adapters), the forwarding lcore's
# cycles per packet (median, bars from min to max; left axis) and the Mpps of the ports
# (median; right axis) against the factor's values.
# Usage: plot_scaling.sh [CSV [SVG]]   (defaults: docs/perf/scaling.csv, docs/perf/scaling.svg
# of the source tree). Needs gnuplot (Debian: gnuplot-nox, installed by devtools/bootstrap.sh).
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
csv=${1:-$top/docs/perf/scaling.csv}
svg=${2:-$top/docs/perf/scaling.svg}
command -v gnuplot >/dev/null ||
	{ echo "gnuplot not found (apt-get install gnuplot-nox)"; exit 1; }
[ -s "$csv" ] || { echo "no CSV at $csv (qlxge-bench-fwd --scaling $csv writes it)"; exit 1; }
head -1 "$csv" | grep -q '^factor,value,.*cycles_per_pkt,cycles_min,cycles_max,mpps,' ||
	{ echo "$csv: not a CSV of qlxge-bench-fwd --scaling"; exit 1; }

panel() {	# panel <factor> <x label>
	cat <<EOF
set title "$2"
plot "< awk -F, '\$1 == \"$1\"' '$csv'" \\
	using 0:9:10:11:xtic(2) with yerrorlines lw 2 pt 7 lc rgb "#1f5fa0" title "cycles/pkt", \\
	"" using 0:12 axes x1y2 with linespoints lw 2 pt 5 lc rgb "#c04020" title "Mpps"
EOF
}

gnuplot <<EOF
set terminal svg size 1200,720 dynamic font "sans,11" background "white"
set output "$svg"
set datafile separator ","
set multiplot layout 2,3 title "qlxge model pair, testpmd io forwarding: cost per packet " . \
	"(forwarding lcore) and rate, median and min-max of the rounds"
set key below font ",9"
set ylabel "cycles/packet"
set y2label "Mpps"
set yrange [0:*]
set y2range [0:*]
set ytics nomirror
set y2tics
set offsets 0.3, 0.3, 0, 0
set grid ytics
$(panel burst "burst (packets, --burst)")
$(panel ring "ring size (descriptors, --rxd/--txd)")
$(panel queues "queues per port (RSS, --rxq/--txq)")
$(panel frame "frame (bytes without FCS, --txpkts)")
$(panel adapters "adapters (2 ports each)")
unset multiplot
EOF
echo "wrote $svg"
