#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""pmdrss_hash (DPDK test plan): 4 RX queues, TCP/IPv4 RSS with a key of our own
(`port config 0 rss-hash-key ipv4-tcp`) and part of the redirection table rewritten
(`port config 0 rss reta`): for each of 64 flows from a pcap file, the hash testpmd reports
(rxonly, verbose) is the Toeplitz hash of (source, destination address, source, destination
port) under that key, computed here, and the queue that received it is RETA[hash % 512].
Usage: rss.py <plugin folder>"""

import random
import re
import socket
import struct
import sys

from qlxge_func import (Testpmd, Workdir, check, pcap_vdev, preflight, toeplitz,
                        write_pcap)

plugins = sys.argv[1]
preflight(plugins, need=("dpdk-testpmd",))
from scapy.all import IP, TCP, UDP, Ether, Raw  # noqa: E402

NQ = 4
rnd = random.Random(8100)
key = bytes(rnd.randrange(256) for _ in range(40))
reta = [i % NQ for i in range(512)]          # the driver's default
updates = {i: (NQ - 1 - i % NQ) for i in range(0, 512, 17)}
for i, q in updates.items():
    reta[i] = q

flows = {}
# the first frame reaches the port when it starts, before the key is set (as from a traffic
# generator already running): a UDP one, not one of the flows checked, opens the file
frames = [Ether(dst="02:00:00:00:00:01", src="02:00:00:00:00:02") /
          IP(src="10.9.0.1", dst="10.9.0.2") / UDP(sport=1, dport=2) / Raw(b"u" * 10)]
for i in range(64):
    src, dst = "10.7.%d.%d" % (i // 16, i % 16 + 1), "10.8.0.%d" % (i + 1)
    sport, dport = 1024 + rnd.randrange(60000), 1 + rnd.randrange(1000)
    f = (Ether(dst="02:00:00:00:00:01", src="02:00:00:00:00:02") /
         IP(src=src, dst=dst) / TCP(sport=sport, dport=dport) / Raw(b"r" * (20 + i)))
    frames.append(f)
    tup = socket.inet_aton(src) + socket.inet_aton(dst) + struct.pack(">HH", sport, dport)
    h = toeplitz(key, tup)
    flows[len(f)] = (h, reta[h % 512])

with Workdir("rss") as w:
    write_pcap(w.file("in.pcap"), frames)
    with Testpmd(plugins, [pcap_vdev("net_qlxge_sim0", rx=w.file("in.pcap"), adapter="qxfrss")],
                 args=["--rxq=%d" % NQ, "--txq=%d" % NQ]) as t:
        t.cmd("port config 0 rss-hash-key ipv4-tcp " + key.hex())
        items = ["(%d,%d)" % kv for kv in updates.items()]
        for i in range(0, len(items), 8):	# testpmd takes a list of up to 128 characters
            out = t.cmd("port config 0 rss reta " + ",".join(items[i:i + 8]))
            check("Bad arguments" not in out, "RETA entries %s set" % ",".join(items[i:i + 8]))
        t.cmds("set fwd rxonly", "set verbose 1", "start")
        got = t.wait_rx(0, len(frames))
        t.cmd("stop")
        log = t.quit()
    check(got == len(frames), "the %d frames received" % got)
    seen = [m for m in re.findall(r"length=(\d+) .*?RSS hash=0x([0-9a-f]+) - "
                                  r"RSS queue=0x([0-9a-f]+)", log) if int(m[0]) in flows]
    check(len(seen) == len(flows), "testpmd reported a hash for each flow (%d)" % len(seen))
    bad_hash = [(ln, hx, flows[int(ln)][0]) for ln, hx, q in seen
                if int(hx, 16) != flows[int(ln)][0]]
    check(not bad_hash, "each hash is the Toeplitz hash of the flow under the key (%d bad: %s)"
          % (len(bad_hash), bad_hash[:3]))
    bad_q = [(ln, q) for ln, hx, q in seen if int(q, 16) != flows[int(ln)][1]]
    check(not bad_q, "each flow on queue RETA[hash %% 512] (%s)" % bad_q[:3])
    used = {int(q, 16) for _, _, q in seen}
    check(used == set(range(NQ)), "the flows spread over the %d queues" % NQ)
    check(any(int(hx, 16) % 512 in updates for _, hx, _ in seen),
          "some flows met the rewritten RETA entries")
print("PASS: RSS hash and redirection")
