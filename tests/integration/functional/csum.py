#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""checksum_offload (DPDK test plan): frames with good and bad IPv4 header and TCP/UDP
checksums (IPv4 and IPv6) from a pcap file reach testpmd's csum engine exactly once each; the
engine counts the bad ones from the RX flags (Bad-ipcsum, Bad-l4csum); with the checksums
offloaded to the port on TX, every frame it sends has correct checksums (tshark).
Usage: csum.py <plugin folder>"""

import sys

from qlxge_func import (Testpmd, Workdir, check, fwd_stats, pcap_vdev, preflight,
                        tshark_fields, write_pcap)

plugins = sys.argv[1]
preflight(plugins)
from scapy.all import IP, IPv6, TCP, UDP, Ether, Raw  # noqa: E402

DST = "02:00:00:00:00:01"   # testpmd leaves the port promiscuous


def frames():
    eth = Ether(dst=DST, src="02:00:00:00:00:02")
    pay = Raw(b"qlxge-csum" * 4)
    good = [
        eth / IP(src="10.0.0.1", dst="10.0.0.2") / UDP(sport=1, dport=2) / pay,
        eth / IP(src="10.0.0.1", dst="10.0.0.2") / TCP(sport=3, dport=4) / pay,
        eth / IPv6(src="fd00::1", dst="fd00::2") / UDP(sport=5, dport=6) / pay,
        eth / IPv6(src="fd00::1", dst="fd00::2") / TCP(sport=7, dport=8) / pay,
    ]
    bad_ip = [
        eth / IP(src="10.0.0.1", dst="10.0.0.2", chksum=0xdead) / UDP(sport=1, dport=2) / pay,
        eth / IP(src="10.0.0.1", dst="10.0.0.2", chksum=0xbeef) / TCP(sport=3, dport=4) / pay,
    ]
    bad_l4 = [
        eth / IP(src="10.0.0.1", dst="10.0.0.2") / UDP(sport=1, dport=2, chksum=0x1234) / pay,
        eth / IP(src="10.0.0.1", dst="10.0.0.2") / TCP(sport=3, dport=4, chksum=0x1234) / pay,
        eth / IPv6(src="fd00::1", dst="fd00::2") / UDP(sport=5, dport=6, chksum=0x1234) / pay,
        eth / IPv6(src="fd00::1", dst="fd00::2") / TCP(sport=7, dport=8, chksum=0x1234) / pay,
    ]
    # both wrong on one frame: counted in both
    both = [eth / IP(src="10.0.0.1", dst="10.0.0.2", chksum=1) / TCP(chksum=2) / pay]
    return good * 2, bad_ip, bad_l4, both


with Workdir("csum") as w:
    good, bad_ip, bad_l4, both = frames()
    allf = good + bad_ip + bad_l4 + both
    write_pcap(w.file("in.pcap"), allf)
    with Testpmd(plugins, [pcap_vdev("net_qlxge_sim0", rx=w.file("in.pcap"),
                                     tx=w.file("out.pcap"), adapter="qxfcsum")]) as t:
        # the script of the test plan: reconfigure the port, then forward
        t.cmds("port stop all", "csum set ip hw 0", "csum set udp hw 0", "csum set tcp hw 0",
               "port start all", "set fwd csum", "set verbose 0", "start")
        got = t.wait_rx(0, len(allf))
        t.wait_sent(0, len(allf))
        out = t.cmd("stop")
        st = fwd_stats(out)[0]
        t.quit()
    check(got == len(allf), "every frame of the pcap file received once (%d of %d)"
          % (got, len(allf)))
    check(st["RX-packets"] == len(allf), "the csum engine got %d frames" % st["RX-packets"])
    check(st["Bad-ipcsum"] == len(bad_ip) + len(both),
          "Bad-ipcsum %d == %d frames with a bad IPv4 header checksum"
          % (st["Bad-ipcsum"], len(bad_ip) + len(both)))
    check(st["Bad-l4csum"] == len(bad_l4) + len(both),
          "Bad-l4csum %d == %d frames with a bad TCP/UDP checksum"
          % (st["Bad-l4csum"], len(bad_l4) + len(both)))
    rows = tshark_fields(w.file("out.pcap"), ["ip.checksum.status", "tcp.checksum.status",
                                              "udp.checksum.status"])
    check(len(rows) == len(allf), "%d frames on the wire, %d sent" % (len(rows), len(allf)))
    bad = [r for r in rows if "0" in r]
    check(not bad, "every frame sent with correct IPv4, TCP and UDP checksums (%s)"
          % (bad[:3] if bad else "tshark"))
    checked = sum(1 for r in rows if "1" in r[1:])
    check(checked == len(allf), "tshark verified the L4 checksum of all %d" % checked)
print("PASS: checksum offload")
