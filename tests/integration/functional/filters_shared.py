#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""The adapter's tables the two ports share (the multicast and VLAN tables), seen from
testpmd on both ports of one adapter, cabled back to back; port 0 sends bursts (tx_first) to
one destination at a time, port 1 receives (rxonly), promiscuous and all-multicast off:
- each port receives the groups of its own multicast list only: port 1 drops (and counts in
  rx_q<N>_mcast_unlisted_drops) the group only port 0 joined, though the table holds both
  lists; all-multicast on lets it in again;
- a port reset (port stop, port reset, port start) keeps the port's VLAN filter list, extra
  MAC address and multicast list: tagged frames still reach the extra MAC and the group.
Usage: filters_shared.py <plugin folder>"""

import sys
import time

from qlxge_func import Testpmd, check, preflight, sim_vdev

plugins = sys.argv[1]
preflight(plugins, need=("dpdk-testpmd",))

A = "01:00:5e:00:0a:0a"	# port 0's group
B = "01:00:5e:00:0b:0b"	# port 1's group
EXTRA = "02:33:00:00:00:77"
BURST = 16


def burst_to(t, dst):
    """One burst from port 0 to @dst: (received by port 1, the increase of its xstats)."""
    s0, x0 = t.port_stats(1)["RX-packets"], t.xstats(1)
    t.cmds("set eth-peer 0 " + dst, "set fwd rxonly", "start tx_first")
    time.sleep(0.5)
    t.cmd("stop")
    s1, x1 = t.port_stats(1)["RX-packets"], t.xstats(1)
    return s1 - s0, {k: x1[k] - x0.get(k, 0) for k in x1}


def unlisted(dx):
    return sum(v for k, v in dx.items() if k.endswith("_mcast_unlisted_drops"))


vdevs = [sim_vdev("net_qlxge_sim0", "qxfsh", 0), sim_vdev("net_qlxge_sim1", "qxfsh", 1)]
with Testpmd(plugins, vdevs, args=["--rxq=1", "--txq=1"]) as t:
    t.cmds("set promisc all off", "set allmulti all off", "set burst %d" % BURST)
    t.cmds("mcast_addr add 0 " + A, "mcast_addr add 1 " + B)
    got, dx = burst_to(t, B)
    check(got == BURST and unlisted(dx) == 0,
          "port 1 receives its own group: %d of %d" % (got, BURST))
    got, dx = burst_to(t, A)
    check(got == 0 and unlisted(dx) == BURST,
          "port 1 drops port 0's group: %d received, %d in rx_q<N>_mcast_unlisted_drops"
          % (got, unlisted(dx)))
    t.cmds("port 1 rxq 0 stop", "port 1 rxq 0 start")
    got, dx = burst_to(t, A)
    check(got == 0 and unlisted(dx) == BURST,
          "and after its queue was stopped and started at run time: %d received, %d dropped"
          % (got, unlisted(dx)))
    t.cmd("set allmulti 1 on")
    got, dx = burst_to(t, A)
    check(got == BURST and unlisted(dx) == 0,
          "with all-multicast on, port 1 receives port 0's group: %d of %d" % (got, BURST))
    t.cmds("set allmulti 1 off", "mcast_addr remove 1 " + B)
    got, dx = burst_to(t, A)
    check(got == 0 and dx.get("rx_drop_events", 0) == BURST,
          "port 1 without a list: the adapter drops port 0's group (%d rx_drop_events)"
          % dx.get("rx_drop_events", 0))

    # a reset keeps what the application configured
    t.cmds("mcast_addr add 1 " + B, "vlan set filter on 1", "rx_vlan add 120 1",
           "mac_addr add 1 " + EXTRA)
    t.cmds("port stop 0", "tx_vlan set 0 120", "port start 0")
    time.sleep(0.3)
    before = (burst_to(t, EXTRA)[0], burst_to(t, B)[0])
    check(before == (BURST, BURST), "VLAN 120 to the extra MAC and to the group before the "
          "reset: %s of %d each" % (before, BURST))
    out = t.cmds("port stop 1", "port reset 1", "port start 1")
    check("error" not in out.lower() and "fail" not in out.lower(), "port 1 reset")
    check(t.link_is(1, "up"), "port 1 link up after the reset")
    after = (burst_to(t, EXTRA)[0], burst_to(t, B)[0])
    check(after == (BURST, BURST), "VLAN 120 to the extra MAC and to the group after the "
          "reset: %s of %d each" % (after, BURST))
    t.cmds("port stop 0", "tx_vlan set 0 121", "port start 0")
    time.sleep(0.3)
    got, _ = burst_to(t, EXTRA)
    check(got == 0, "VLAN 121 (not in the list) still filtered after the reset: %d" % got)
    t.quit()
print("PASS: shared multicast and VLAN tables: each port its own groups; lists kept across a "
      "reset")
