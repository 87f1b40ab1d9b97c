#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""Both ports sending as fast as testpmd can (flowgen on 4 queues each, the two ports cabled
back to back) saturate the model's wire: the ports still behave as cards on a 10G line do.
Nothing is a TX error (a MAC sends every frame it takes; a sender faster than the line waits,
its ring fills and tx_burst takes fewer); every frame one MAC sent is one the other MAC
received; and each of those was received by testpmd, counted missed (no buffer: testpmd
polls 8 streams in turn) or counted as an error, but for the few still in an RX ring. Two
cablings: the two functions of one adapter (one model thread), and two adapters (two model
threads: a receiver may fall behind its sender, which then waits for it).
Usage: load.py <plugin folder>"""

import sys
import time

from qlxge_func import Testpmd, check, preflight, sim_vdev

plugins = sys.argv[1]
preflight(plugins, need=("dpdk-testpmd",))

QUEUES = 4
DESC = 512

cablings = {
    "one adapter, functions 0 and 1": [sim_vdev("net_qlxge_sim0", "qxfload", 0),
                                       sim_vdev("net_qlxge_sim1", "qxfload", 1)],
    "two adapters": [sim_vdev("net_qlxge_sim0", "qxfload_a"),
                     sim_vdev("net_qlxge_sim1", "qxfload_b", wire="peer",
                              peer="net_qlxge_sim0")],
}

for name, vdevs in cablings.items():
    print("== %s" % name)
    args = ["--rxq=%d" % QUEUES, "--txq=%d" % QUEUES, "--rxd=%d" % DESC, "--txd=%d" % DESC]
    with Testpmd(plugins, vdevs, args=args, mbufs=32768) as t:
        t.cmds("set fwd flowgen", "start")
        time.sleep(3)
        t.cmd("stop")
        # what the TX rings held goes out, then nothing moves: the counters settle
        prev = None
        end = time.monotonic() + 10
        while time.monotonic() < end:
            cur = [(t.port_stats(p), t.xstats(p)) for p in (0, 1)]
            if prev is not None and all(cur[p][1] == prev[p][1] for p in (0, 1)):
                break
            prev = cur
            time.sleep(0.5)
        t.quit()
    for a in (0, 1):
        b = 1 - a
        sa, xa = cur[a]
        sb, xb = cur[b]
        check(sa["TX-errors"] == 0, "%s: port %d, no TX error (%d)" % (name, a, sa["TX-errors"]))
        check(sa["TX-packets"] > 100000, "port %d sent %d frames" % (a, sa["TX-packets"]))
        check(xa["mac_tx_packets"] == sa["TX-packets"],
              "port %d's MAC sent every frame tx_burst took (%d, %d)"
              % (a, xa["mac_tx_packets"], sa["TX-packets"]))
        check(xb["rx_total_packets"] == xa["mac_tx_packets"],
              "port %d's MAC received every one of them (%d)" % (b, xb["rx_total_packets"]))
        left = xb["rx_total_packets"] - sb["RX-packets"] - sb["RX-missed"] - sb["RX-errors"]
        check(0 <= left <= QUEUES * DESC,
              "port %d: %d received, %d missed, %d errors, %d still in its RX rings (at most "
              "%d)" % (b, sb["RX-packets"], sb["RX-missed"], sb["RX-errors"], left,
                       QUEUES * DESC))
print("PASS: load")
