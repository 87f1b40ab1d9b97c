#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""vlan (DPDK test plan): with VLAN filtering on and VLAN 10 added, tagged frames of VLAN 10
and untagged frames are received, VLAN 20 is not; with stripping on the tag leaves the frame
(RTE_MBUF_F_RX_VLAN_STRIPPED, the TCI in the mbuf: testpmd's verbose dump) and the frames
forwarded by io are untagged on the wire; with `tx_vlan set` the mac engine's frames leave
tagged with that VLAN (tshark).
Usage: vlan.py <plugin folder>"""

import sys

from qlxge_func import (Testpmd, Workdir, check, pcap_vdev, preflight, read_pcap,
                        tshark_fields, write_pcap)

plugins = sys.argv[1]
preflight(plugins)
from scapy.all import IP, UDP, Dot1Q, Ether, Raw  # noqa: E402

eth = Ether(dst="02:00:00:00:00:01", src="02:00:00:00:00:02")
body = IP(src="10.2.0.1", dst="10.2.0.2") / UDP(sport=9, dport=9) / Raw(b"vlan" * 10)
untagged = [eth / body] * 2
v10 = [eth / Dot1Q(vlan=10, prio=3) / body] * 3
v20 = [eth / Dot1Q(vlan=20) / body] * 4

with Workdir("vlan") as w:
    # filter and strip
    write_pcap(w.file("in.pcap"), v20[:2] + untagged + v10 + v20[2:])
    with Testpmd(plugins, [pcap_vdev("net_qlxge_sim0", rx=w.file("in.pcap"),
                                     tx=w.file("out.pcap"), adapter="qxfvlan")]) as t:
        t.cmds("port stop all", "vlan set filter on 0", "rx_vlan add 10 0",
               "vlan set strip on 0", "port start all", "set fwd io", "set verbose 1", "start")
        got = t.wait_rx(0, len(untagged) + len(v10), secs=5)
        t.wait_sent(0, got)
        t.cmd("stop")
        log = t.quit()
    check(got == len(untagged) + len(v10),
          "VLAN 10 and untagged received, VLAN 20 filtered (%d frames)" % got)
    stripped = [line for line in log.splitlines() if "VLAN tci=0x600a" in line or
                "RTE_MBUF_F_RX_VLAN_STRIPPED" in line]
    check(sum("RTE_MBUF_F_RX_VLAN_STRIPPED" in line for line in stripped) == len(v10),
          "the %d VLAN 10 frames flagged RX_VLAN_STRIPPED" % len(v10))
    check(any("tci=0x600a" in line for line in log.splitlines()),
          "the stripped TCI (priority 3, VLAN 10) reported in the mbuf")
    rows = tshark_fields(w.file("out.pcap"), ["vlan.id"])
    check(len(rows) == got and all(r[0] == "" for r in rows),
          "the %d forwarded frames leave untagged (tags stripped)" % len(rows))

    # insertion
    write_pcap(w.file("in2.pcap"), untagged + untagged)
    with Testpmd(plugins, [pcap_vdev("net_qlxge_sim0", rx=w.file("in2.pcap"),
                                     tx=w.file("out2.pcap"), adapter="qxfvlan2")]) as t:
        t.cmds("port stop all", "tx_vlan set 0 30", "port start all", "set fwd mac", "start")
        got = t.wait_rx(0, 4)
        t.wait_sent(0, 4)
        t.cmd("stop")
        t.quit()
    out = read_pcap(w.file("out2.pcap"))
    check(got == 4 and len(out) == 4, "4 frames received and sent (%d, %d)" % (got, len(out)))
    check(all(Dot1Q in f and f[Dot1Q].vlan == 30 for f in out),
          "every frame sent carries VLAN 30 (tx_vlan set)")
    check(all(bytes(f[Dot1Q].payload) == bytes(body) for f in out),
          "the tag is inserted after the MAC addresses, the rest unchanged")
print("PASS: VLAN")
