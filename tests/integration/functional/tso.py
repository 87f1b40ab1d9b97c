#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""tso (DPDK test plan): TCP frames over IPv4 and IPv6 received from a pcap file are sent again
by testpmd's csum engine with TSO (`tso set`): on the wire, each becomes segments of at most the
MSS, with the payload in order (sequence numbers), IPv4 ids counting up, and valid IPv4 and TCP
checksums (tshark); frames no longer than the MSS go out whole. Segments must fit the sending
port's MTU, and the MSS be at least 64: otherwise the packet is refused, not sent.
Usage: tso.py <plugin folder>"""

import sys
import time

from qlxge_func import (Testpmd, Workdir, check, fwd_stats, pcap_vdev, preflight,
                        read_pcap, tshark_fields, write_pcap)

plugins = sys.argv[1]
preflight(plugins)
from scapy.all import IP, IPv6, TCP, Ether, Raw  # noqa: E402

MSS = 500
eth = Ether(dst="02:00:00:00:00:01", src="02:00:00:00:00:02")
payloads = [bytes((i * 7 + j) & 0xFF for j in range(n)) for i, n in enumerate((1400, 1200, 300))]
frames = [
    eth / IP(src="10.1.0.1", dst="10.1.0.2", id=100) /
    TCP(sport=1000, dport=80, seq=1000, flags="PA") / Raw(payloads[0]),
    eth / IPv6(src="fd01::1", dst="fd01::2") /
    TCP(sport=1001, dport=80, seq=5000, flags="PA") / Raw(payloads[1]),
    eth / IP(src="10.1.0.1", dst="10.1.0.2", id=200) /
    TCP(sport=1002, dport=80, seq=9000, flags="PA") / Raw(payloads[2]),
]
expect_segs = [-(-len(p) // MSS) for p in payloads]

with Workdir("tso") as w:
    write_pcap(w.file("in.pcap"), frames)
    with Testpmd(plugins, [pcap_vdev("net_qlxge_sim0", rx=w.file("in.pcap"),
                                     tx=w.file("out.pcap"), adapter="qxftso")]) as t:
        t.cmds("port stop all", "csum set ip hw 0", "csum set tcp hw 0",
               "tso set %d 0" % MSS, "port start all", "set fwd csum", "start")
        got = t.wait_rx(0, len(frames))
        t.wait_sent(0, sum(expect_segs))
        st = fwd_stats(t.cmd("stop"))[0]
        t.quit()
    check(got == len(frames), "the %d frames received" % got)
    check(st["TX-packets"] == len(frames), "testpmd sent %d TSO packets" % st["TX-packets"])
    out = read_pcap(w.file("out.pcap"))
    check(len(out) == sum(expect_segs), "%d segments on the wire, %d expected"
          % (len(out), sum(expect_segs)))
    i = 0
    for n, (f, pay) in enumerate(zip(frames, payloads)):
        segs = out[i:i + expect_segs[n]]
        i += expect_segs[n]
        data = b"".join(bytes(s[TCP].payload) for s in segs)
        check(data == pay, "frame %d: payload in order across %d segments" % (n, len(segs)))
        check(all(len(s[TCP].payload) <= MSS for s in segs), "frame %d: segments <= MSS" % n)
        seqs = [s[TCP].seq for s in segs]
        check(seqs == [f[TCP].seq + k * MSS for k in range(len(segs))],
              "frame %d: sequence numbers %s" % (n, seqs))
        if IP in f and len(segs) > 1:
            ids = [s[IP].id for s in segs]
            check(ids == [f[IP].id + k for k in range(len(segs))], "frame %d: IPv4 ids %s"
                  % (n, ids))
        if len(segs) > 1:
            check(all(not (s[TCP].flags & 0x08) for s in segs[:-1]) and
                  bool(segs[-1][TCP].flags & 0x08), "frame %d: PSH on the last only" % n)
    rows = tshark_fields(w.file("out.pcap"), ["ip.checksum.status", "tcp.checksum.status"])
    check(all(r[1] == "1" and r[0] in ("1", "") for r in rows),
          "every segment has valid IPv4 and TCP checksums (tshark)")

# Segments within the sending port's MTU: 4000-byte TCP payloads received on port 0 (MTU 9000)
# and sent with TSO by port 1 (MTU 1500). An MSS of 1460 makes 1514-byte segments; 1461 would
# make 1515-byte ones, which the MTU does not allow: rte_eth_tx_prepare refuses the packet
# (testpmd drops it), nothing reaches the wire. So does an MSS under 64.
big = [eth / IP(src="10.1.0.1", dst="10.1.0.2", id=300 + k) /
       TCP(sport=2000 + k, dport=80, seq=1, flags="PA") / Raw(bytes(4000)) for k in range(2)]
for mss, segs in ((1460, 3), (1461, 0), (63, 0)):
    with Workdir("tso_mtu") as w:
        write_pcap(w.file("in.pcap"), big)
        write_pcap(w.file("none.pcap"), [])
        with Testpmd(plugins, [pcap_vdev("net_qlxge_sim0", rx=w.file("in.pcap"),
                                         adapter="qxftsom"),
                               pcap_vdev("net_qlxge_sim1", rx=w.file("none.pcap"),
                                         tx=w.file("out.pcap"), adapter="qxftsom2")]) as t:
            t.cmds("port stop all", "port config mtu 0 9000", "csum set ip hw 1",
                   "csum set tcp hw 1", "tso set %d 1" % mss, "port start all",
                   "set fwd csum", "start")
            got = t.wait_rx(0, len(big))
            if segs:
                t.wait_sent(1, segs * len(big))
            else:
                time.sleep(0.5)
            st = fwd_stats(t.cmd("stop"))
            t.quit()
        out = read_pcap(w.file("out.pcap"))
        check(got == len(big), "MSS %d: the %d large frames received" % (mss, got))
        check(len(out) == segs * len(big) and all(len(f) <= 1514 for f in out),
              "MSS %d: %d segments on the wire, none over 1514 bytes (%s)"
              % (mss, len(out), sorted({len(f) for f in out})))
        if not segs:
            check(st[1]["TX-packets"] == 0 and st[1]["TX-dropped"] == len(big),
                  "MSS %d: refused and dropped, not sent (%s)" % (mss, st[1]))
print("PASS: TSO")
