#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""Faults injected into a running testpmd, and the port recovered from testpmd as a user does:
two model ports cabled back to back forward with io; a script injects the faults through the
model's telemetry command /qlxge_sim/fault (what would need hands on a card):
- cable pulled: both ports report link down (LSC events), the frames on their way are counted
  by the model; plugged again, traffic flows again, and again after the cable flaps 10 times;
- firmware hang: the data path goes on; "port stop" stops the port all the same (the adapter's
  silence is reported as an error needing a reset), a start is refused until "port reset",
  which fails while the firmware is hung and succeeds once it answers; traffic flows again;
- fatal adapter error while forwarding: testpmd prints the reset event; stop, reset, start,
  and traffic flows again.
At the end, with the ports stopped, every mbuf is back in testpmd's pool.
Usage: faults.py <plugin folder>"""

import os
import sys
import time

from qlxge_func import Telemetry, Testpmd, check, preflight, sim_vdev

plugins = sys.argv[1]
preflight(plugins, need=("dpdk-testpmd",))


def flowing(t, secs=0.5):
    """Whether both ports receive during @secs of forwarding."""
    before = [t.port_stats(p)["RX-packets"] for p in (0, 1)]
    time.sleep(secs)
    after = [t.port_stats(p)["RX-packets"] for p in (0, 1)]
    print("RX-packets %s -> %s" % (before, after))
    return after[0] > before[0] and after[1] > before[1]


def logged(t, text, secs=10):
    """Whether testpmd printed @text (events come between commands), waiting up to @secs."""
    end = time.monotonic() + secs
    while True:
        if text in b"".join(t.log).decode(errors="replace"):
            return True
        if time.monotonic() > end:
            return False
        t.cmd("show port summary all")
        time.sleep(0.2)


prefix = "qlxge-faults-%d" % os.getpid()
vdevs = [sim_vdev("net_qlxge_sim0", "flt", 0), sim_vdev("net_qlxge_sim1", "flt", 1)]
with Testpmd(plugins, vdevs, eal=["--file-prefix", prefix], timeout=90) as t, \
        Telemetry(prefix) as tel:
    t.cmds("set fwd io", "start tx_first")
    check(flowing(t), "io forwarding between the two ports")

    # ---- the cable ----
    check(tel.query("/qlxge_sim/fault,0,link_down") == {"link_down": 1}, "cable pulled")
    check(logged(t, "Port 0: link state change event") and
          logged(t, "Port 1: link state change event"), "both ports report the change")
    check(t.link_is(0, "down"), "port 0 reads down")
    check(not flowing(t), "nothing flows without the cable")
    # the frames circulating when the cable went: sent into no carrier by the model (once the
    # forwarding lcore and the model's thread have run, which a loaded machine may delay)
    end = time.monotonic() + 10
    while True:
        lost = tel.query("/qlxge_sim/counters,0")["tx_drops_no_link"] + \
            tel.query("/qlxge_sim/counters,1")["tx_drops_no_link"]
        if lost > 0 or time.monotonic() > end:
            break
        time.sleep(0.2)
    check(lost > 0, "the frames on their way are counted by the model (%d)" % lost)
    check(tel.query("/qlxge_sim/fault,0,link_down,0") == {}, "cable plugged")
    check(t.link_is(0, "up"), "port 0 reads up")
    t.cmds("stop", "start tx_first")
    check(flowing(t), "traffic flows again")
    for i in range(20):     # the cable flapping under traffic
        tel.query("/qlxge_sim/fault,0,link_down,%d" % (1 - i % 2))
        time.sleep(0.02)
    check(t.link_is(0, "up") and t.link_is(1, "up"), "both ports read up after 10 flaps")
    t.cmds("stop", "start tx_first")
    check(flowing(t), "traffic flows after the flaps")

    # ---- the firmware hangs ----
    check(tel.query("/qlxge_sim/fault,0,fw_hang") == {"fw_hang": 1}, "firmware hung")
    check(flowing(t), "the data path goes on")
    out = t.cmds("stop", "port stop 0")
    check("rte_eth_dev_stop failed" not in out and "adapter did not answer" in out,
          "port stop stops the port, saying the adapter did not answer:\n" + out)
    out = t.cmd("port start 0")
    check("adapter in error, reset the port first" in out,
          "no start before a reset:\n" + out)
    out = t.cmd("port reset 0")
    check("Failed to reset port 0" in out, "no reset while the firmware is hung:\n" + out)
    check(tel.query("/qlxge_sim/fault,0,fw_hang,0") == {}, "firmware answering again")
    out = t.cmds("port reset 0", "port start 0")
    check("reset done" in out and "Fail" not in out, "reset and start:\n" + out)
    t.cmd("start tx_first")
    check(flowing(t), "traffic flows again")

    # ---- a fatal adapter error while forwarding ----
    tel.query("/qlxge_sim/fault,0,fatal")
    check(logged(t, "Port 0: reset event"), "testpmd gets the reset event")
    out = t.cmds("stop", "port stop 0", "port reset 0", "port start 0")
    check("reset done" in out and "Fail" not in out, "stop, reset and start:\n" + out)
    t.cmd("start tx_first")
    check(flowing(t), "traffic flows again")
    t.cmd("stop")
    check(tel.query("/qlxge_sim/fault,0") == {}, "no fault left")
    # every mbuf back in the pool once the ports are stopped: nothing leaked on the way
    t.cmd("port stop all")
    size, back = t.pool_counts()
    check(back == size, "every mbuf back in the pool after the ports stop (%d of %d)"
          % (back, size))
    t.quit()
print("PASS: faults injected into a running testpmd, the port recovered from testpmd")
