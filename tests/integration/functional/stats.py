#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""stats_checks (DPDK test plan): N frames of known sizes received from a pcap file and
forwarded by io: the port's basic statistics count them (packets and bytes, no FCS) and
agree with the generic extended statistics and with what reaches the wire (tshark); the MAC's
own counters add the 4-byte FCS; `clear port stats` and `clear port xstats` bring them to 0.
Usage: stats.py <plugin folder>"""

import sys

from qlxge_func import (Testpmd, Workdir, check, pcap_vdev, preflight, tshark_fields,
                        write_pcap)

plugins = sys.argv[1]
preflight(plugins)
from scapy.all import IP, UDP, Ether, Raw  # noqa: E402

eth = Ether(dst="ff:ff:ff:ff:ff:ff", src="02:00:00:00:00:02")
sizes = [60, 64, 128, 300, 512, 1000, 1514] * 3
frames = [eth / IP(src="10.4.0.1", dst="10.4.0.2") / UDP(sport=1, dport=2) /
          Raw(bytes(n - 42)) for n in sizes]
nbytes = sum(len(f) for f in frames)

with Workdir("stats") as w:
    write_pcap(w.file("in.pcap"), frames)
    with Testpmd(plugins, [pcap_vdev("net_qlxge_sim0", rx=w.file("in.pcap"),
                                     tx=w.file("out.pcap"), adapter="qxfstats")]) as t:
        t.cmds("set fwd io", "start")
        got = t.wait_rx(0, len(frames))
        t.wait_sent(0, len(frames))
        t.cmd("stop")
        st = t.port_stats(0)
        xs = t.xstats(0)
        t.cmd("clear port stats 0")
        st0 = t.port_stats(0)
        t.cmd("clear port xstats 0")
        xs0 = t.xstats(0)
        t.quit()
    n = len(frames)
    check(got == n, "RX-packets %d == %d frames" % (got, n))
    check(st["RX-bytes"] == nbytes, "RX-bytes %d == %d" % (st["RX-bytes"], nbytes))
    check(st["TX-packets"] == n and st["TX-bytes"] == nbytes,
          "TX-packets %d, TX-bytes %d" % (st["TX-packets"], st["TX-bytes"]))
    check(st["RX-errors"] == 0 and st["RX-missed"] == 0 and st["TX-errors"] == 0,
          "no error, no miss")
    for k, v in (("rx_good_packets", n), ("rx_good_bytes", nbytes), ("tx_good_packets", n),
                 ("tx_good_bytes", nbytes), ("rx_q0_packets", n), ("rx_q0_bytes", nbytes)):
        check(xs.get(k) == v, "xstat %s %s == %d" % (k, xs.get(k), v))
    check(xs.get("rx_broadcast_packets") == n, "the MAC counted %s broadcast frames"
          % xs.get("rx_broadcast_packets"))
    check(xs.get("mac_rx_good_packets") == n, "the MAC counted %s good frames"
          % xs.get("mac_rx_good_packets"))
    check(xs.get("mac_rx_good_bytes") == nbytes + 4 * n,
          "the MAC's byte count includes the FCS (%s)" % xs.get("mac_rx_good_bytes"))
    check(xs.get("mac_tx_bytes") == nbytes + 4 * n, "so does its TX count (%s)"
          % xs.get("mac_tx_bytes"))
    rows = tshark_fields(w.file("out.pcap"), ["frame.len"])
    check(len(rows) == n and sum(int(r[0]) for r in rows) == nbytes,
          "the wire carried the %d frames and %d bytes" % (len(rows), nbytes))
    check(all(v == 0 for k, v in st0.items()), "clear port stats: all 0 (%s)" % st0)
    nz = {k: v for k, v in xs0.items() if v}
    check(not nz, "clear port xstats: all 0 (%s)" % nz)
print("PASS: statistics")
