#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""jumboframes (DPDK test plan): frames at the MTU boundary, untagged and VLAN-tagged, at the
default MTU (1500) and at MTU 9000 (scattered RX with testpmd's 2 KiB mbufs), received from a
pcap file and forwarded by io to another: a frame of MTU + 14 (+ 4 per VLAN tag) bytes, plus
the 4 of the FCS no wire of the model carries, passes and leaves intact; one byte more is
dropped and counted in ierrors and an rx length/oversize extended statistic (ixgbe's rule:
the port's maximum frame follows its MTU). Also mtu_update's flow: testpmd launched at the
default MTU, the port stopped, its MTU raised to 2000, started again.
Usage: jumbo.py <plugin folder>"""

import sys

from qlxge_func import (Testpmd, Workdir, check, pcap_vdev, preflight, read_pcap,
                        write_pcap)

plugins = sys.argv[1]
preflight(plugins)
from scapy.all import IP, UDP, Dot1Q, Ether, Raw  # noqa: E402

eth = Ether(dst="02:00:00:00:00:01", src="02:00:00:00:00:02")


def frame(length, vlan=None):
    """A UDP frame of exactly @length bytes on the wire (no FCS)."""
    l2 = eth / Dot1Q(vlan=vlan) if vlan is not None else eth
    base = l2 / IP(src="10.3.0.1", dst="10.3.0.2") / UDP(sport=7, dport=7)
    f = base / Raw(bytes((i * 13) & 0xFF for i in range(length - len(base))))
    assert len(f) == length
    return f


def run(w, name, mtu, vlan_filter, launch_big=True):
    """Frames of MTU + overhead - 1, 0, +1 (untagged, and tagged with VLAN 5). @launch_big:
    testpmd starts with room for 9600-byte frames, else at its default MTU (the frames longer
    than that wait on the wire while the script stops the port and raises its MTU)."""
    fits = [frame(mtu + 13), frame(mtu + 14), frame(mtu + 17, vlan=5), frame(mtu + 18, vlan=5)]
    over = [frame(mtu + 15), frame(mtu + 19, vlan=5)]
    write_pcap(w.file(name + ".pcap"), fits + over)
    with Testpmd(plugins, [pcap_vdev("net_qlxge_sim0", rx=w.file(name + ".pcap"),
                                     tx=w.file(name + "-out.pcap"), adapter="qxf" + name)],
                 args=["--max-pkt-len=9600"] if mtu > 1500 and launch_big else []) as t:
        cmds = ["port stop all", "port config mtu 0 %d" % mtu]
        if vlan_filter:
            cmds += ["vlan set filter on 0", "rx_vlan add 5 0",
                     "port config 0 tx_offload multi_segs on"]
        t.cmds(*cmds, "port start all", "set fwd io", "start")
        got = t.wait_rx(0, len(fits), secs=10)
        total = t.wait_rx(0, len(fits) + len(over), secs=1)
        t.wait_sent(0, total)
        st = t.port_stats(0)
        xs = t.xstats(0)
        t.cmd("stop")
        t.quit()
    out = read_pcap(w.file(name + "-out.pcap"))
    sent = [bytes(f) for f in out]
    check(got >= len(fits), "MTU %d: the %d frames that fit received (%d)" % (mtu, len(fits), got))
    check(all(bytes(f) in sent for f in fits),
          "MTU %d: each frame that fits forwarded intact (lengths %s)"
          % (mtu, [len(f) for f in fits]))
    passed_over = [len(f) for f in over if bytes(f) in sent]
    length_x = {k: v for k, v in xs.items() if ("oversize" in k or "length" in k) and v}
    check(not passed_over and st["RX-packets"] == len(fits),
          "MTU %d: frames one byte longer dropped (%s)" % (mtu, [len(f) for f in over]))
    check(st["RX-errors"] >= len(over), "MTU %d: counted in ierrors (%d)"
          % (mtu, st["RX-errors"]))
    check(sum(length_x.values()) >= len(over),
          "MTU %d: counted in a length/oversize xstat (%s)" % (mtu, length_x))

with Workdir("jumbo") as w:
    run(w, "mtu1500", 1500, vlan_filter=False)
    run(w, "mtu9000", 9000, vlan_filter=True)
    run(w, "mtu2000", 2000, vlan_filter=False, launch_big=False)
print("PASS: jumbo frames and MTU boundaries")
