#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""mac_filter, allmulti, promisc (DPDK test plans): one pcap file of frames to the port's own
MAC, to a foreign unicast, to broadcast, to a multicast group and to an extra unicast MAC;
received by rxonly under each receive mode: with promiscuous mode off only the own MAC and
broadcast; plus the extra MAC once added (mac_addr add); plus the group with all-multicast on,
or once listed (mcast_addr add); everything in promiscuous mode. With one RX queue and with
four (RSS), where the frames to the port's own MAC are spread and no other gets in.
Usage: filters.py <plugin folder>"""

import sys
import time

from qlxge_func import Testpmd, Workdir, check, pcap_vdev, preflight, write_pcap

plugins = sys.argv[1]
preflight(plugins, need=("dpdk-testpmd",))
from scapy.all import IP, UDP, Ether, Raw  # noqa: E402

OWN = "02:00:00:00:00:01"
EXTRA = "02:00:00:00:00:09"
FOREIGN = "02:99:00:00:00:01"
GROUP = "01:00:5e:00:00:07"
BCAST = "ff:ff:ff:ff:ff:ff"
kinds = {FOREIGN: 3, OWN: 2, BCAST: 1, GROUP: 4, EXTRA: 5}
frames = []
for dst, n in kinds.items():
    frames += [Ether(dst=dst, src="02:00:00:00:00:02") / IP(src="10.5.0.1", dst="10.5.0.2") /
               UDP(sport=1, dport=2) / Raw(b"filter" * 5)] * n

cases = [
    ("promiscuous off", [], [OWN, BCAST]),
    ("an extra unicast MAC", ["mac_addr add 0 " + EXTRA], [OWN, BCAST, EXTRA]),
    ("all-multicast", ["set allmulti 0 on"], [OWN, BCAST, GROUP]),
    ("a multicast list", ["mcast_addr add 0 " + GROUP], [OWN, BCAST, GROUP]),
    ("promiscuous on", ["set promisc 0 on"], list(kinds)),
]

with Workdir("filters") as w:
    write_pcap(w.file("in.pcap"), frames)
    # one RX queue, and four (RSS: the routing slot of RSS matches takes the port's own
    # frames, and must not let the others in)
    for nq in (1, 4):
        for i, (name, cmds, accept) in enumerate(cases):
            want = sum(kinds[d] for d in accept)
            vdev = pcap_vdev("net_qlxge_sim0", rx=w.file("in.pcap"),
                             adapter="qxfflt%d_%d" % (nq, i), mac=OWN)
            with Testpmd(plugins, [vdev], args=["--disable-device-start", "--rxq=%d" % nq,
                                                "--txq=%d" % nq]) as t:
                t.cmds("set promisc 0 off", *cmds, "port start 0", "set fwd rxonly",
                       "start")
                got = t.wait_rx(0, want)
                time.sleep(0.5)	# what was rejected had the time to arrive, had it passed
                got = t.port_stats(0)["RX-packets"]
                t.cmd("stop")
                t.quit()
            check(got == want, "%d RX queue(s), %s: %d frames received, %d expected (%s)"
                  % (nq, name, got, want, ", ".join(accept)))
print("PASS: MAC, multicast and promiscuous filtering, with one RX queue and with RSS")
