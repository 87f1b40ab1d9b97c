#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""queue_start_stop (DPDK test plan): with its RX queue stopped at run time the port receives
nothing (the pcap file's frames wait on the wire), started again it receives every frame
once; with its TX queue stopped io forwarding moves nothing (testpmd does not poll a stream
with a stopped queue), started again the frames flow.
Usage: queues.py <plugin folder>"""

import sys
import time

from qlxge_func import (Testpmd, Workdir, check, fwd_stats, pcap_vdev, preflight, read_pcap,
                        write_pcap)

plugins = sys.argv[1]
preflight(plugins, need=("dpdk-testpmd",))
from scapy.all import IP, UDP, Ether, Raw  # noqa: E402

N = 20
frames = [Ether(dst="02:00:00:00:00:01", src="02:00:00:00:00:02") /
          IP(src="10.6.0.1", dst="10.6.0.2") / UDP(sport=i, dport=2) / Raw(b"q" * 30)
          for i in range(N)]

with Workdir("queues") as w:
    write_pcap(w.file("in.pcap"), frames)
    with Testpmd(plugins, [pcap_vdev("net_qlxge_sim0", rx=w.file("in.pcap"),
                                     tx=w.file("out.pcap"), adapter="qxfq")]) as t:
        t.cmds("port 0 rxq 0 stop", "set fwd io", "start")
        time.sleep(1)
        held = t.port_stats(0)["RX-packets"]
        t.cmds("stop", "port 0 rxq 0 start", "start")
        got = t.wait_rx(0, N)
        t.wait_sent(0, N)
        st = fwd_stats(t.cmd("stop"))[0]
        t.quit()
    check(held == 0, "RX queue stopped: nothing received in 1 s (%d)" % held)
    check(got == N, "RX queue started: the %d frames received once" % got)
    check(len(read_pcap(w.file("out.pcap"))) == N, "and forwarded")

    write_pcap(w.file("in2.pcap"), frames)
    with Testpmd(plugins, [pcap_vdev("net_qlxge_sim0", rx=w.file("in2.pcap"),
                                     tx=w.file("out2.pcap"), adapter="qxfq2")]) as t:
        # testpmd does not poll a stream whose TX queue is stopped: nothing moves
        t.cmds("port 0 txq 0 stop", "set fwd io", "start")
        time.sleep(1)
        st = t.port_stats(0)
        t.cmds("stop", "port 0 txq 0 start", "start")
        got = t.wait_rx(0, N)
        t.wait_sent(0, N)
        st2 = fwd_stats(t.cmd("stop"))[0]
        t.quit()
    check(st["RX-packets"] == 0 and st["TX-packets"] == 0,
          "TX queue stopped: nothing forwarded in 1 s (%d, %d)"
          % (st["RX-packets"], st["TX-packets"]))
    check(got == N and st2["TX-packets"] == N, "TX queue started: the %d frames received "
          "and %d sent" % (got, st2["TX-packets"]))
    n2 = len(read_pcap(w.file("out2.pcap")))
    check(n2 == N, "the wire carried them (%d)" % n2)
print("PASS: queue start/stop")
