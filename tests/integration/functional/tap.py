#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""The Linux stack as the link partner, over TAP wires moved into network namespaces (root):

- a model port whose TAP interface is moved into a namespace after the port started: its link
  follows the interface there (down, then up), and 20 pings get 20 replies from testpmd's
  icmpecho engine;
- two model ports, each on a TAP moved into a namespace of its own, bridged by testpmd's io
  forwarding: an iperf3 TCP transfer of 2 s from one namespace to the other completes, and
  neither kernel counts a checksum error (nstat: InCsumErrors of IP, TCP, UDP).

Namespaces and interfaces are named qxf-<pid>-..., and removed at the end, also on failure.
Usage: tap.py <plugin folder>"""

import os
import re
import subprocess
import sys
import time

from qlxge_func import (Testpmd, check, netns_cleanup, netns_csum_errors, netns_sh, preflight,
                        sim_vdev, skip)

plugins = sys.argv[1]
if os.geteuid() != 0:
    skip("needs root (network namespaces, TAP interfaces)")
preflight(plugins, need=("dpdk-testpmd", "ip", "ping", "iperf3", "nstat"))

pid = os.getpid() % 100000
NS = ["qxf-%d-a" % pid, "qxf-%d-b" % pid]
TAP = ["qxf%da" % pid, "qxf%db" % pid]


def sh(*args, ns=None, check_rc=True, timeout=30):
    return netns_sh(*args, ns=ns, check_rc=check_rc, timeout=timeout)


def cleanup():
    netns_cleanup(NS, TAP)


def into_ns(tap, ns, addr):
    """Move the TAP into the namespace, address it and bring it up there."""
    sh("ip", "link", "set", tap, "netns", ns)
    sh("ip", "addr", "add", addr + "/24", "dev", tap, ns=ns)
    sh("ip", "link", "set", tap, "up", ns=ns)
    sh("ip", "link", "set", "lo", "up", ns=ns)


def link(t, port):
    out = t.cmd("show port info %d" % port)
    m = re.search(r"Link status: (\w+)", out)
    return m.group(1) if m else "?"


def wait_link(t, port, state, secs=10):
    end = time.monotonic() + secs
    while link(t, port) != state and time.monotonic() < end:
        time.sleep(0.1)
    return link(t, port)


csum_errors = netns_csum_errors


cleanup()
try:
    for ns in NS:
        sh("ip", "netns", "add", ns)

    # 1. ping through icmpecho; the link follows the TAP in its namespace
    with Testpmd(plugins, [sim_vdev("net_qlxge_sim0", "qxftap%d" % pid, wire="tap",
                                    iface=TAP[0])]) as t:
        t.cmds("set fwd icmpecho", "start")
        into_ns(TAP[0], NS[0], "10.99.1.1")
        check(wait_link(t, 0, "up") == "up", "link up with the TAP up in namespace " + NS[0])
        out = sh("ping", "-c", "20", "-i", "0.05", "-W", "2", "10.99.1.2", ns=NS[0],
                 check_rc=False)
        m = re.search(r"(\d+) packets transmitted, (\d+) received", out)
        check(m is not None and m.group(2) == "20", "20 pings, %s replies"
              % (m.group(2) if m else "no"))
        sh("ip", "link", "set", TAP[0], "down", ns=NS[0])
        check(wait_link(t, 0, "down") == "down", "link down with the TAP set down there")
        sh("ip", "link", "set", TAP[0], "up", ns=NS[0])
        check(wait_link(t, 0, "up") == "up", "link up again")
        out = sh("ping", "-c", "5", "-i", "0.05", "-W", "2", "10.99.1.2", ns=NS[0],
                 check_rc=False)
        check(" 5 received" in out, "pings answered again")
        t.cmd("stop")
        t.quit()
    for ns in NS:	# the TAP left with testpmd; the next one is made anew
        subprocess.run(["ip", "netns", "del", ns], capture_output=True)
        sh("ip", "netns", "add", ns)

    # 2. iperf3 between two namespaces through io forwarding between two model ports
    vdevs = [sim_vdev("net_qlxge_sim%d" % i, "qxftap%d_%d" % (pid, i), 0, wire="tap",
                      iface=TAP[i]) for i in range(2)]
    with Testpmd(plugins, vdevs) as t:
        t.cmds("set fwd io", "start")
        into_ns(TAP[0], NS[0], "10.99.2.1")
        into_ns(TAP[1], NS[1], "10.99.2.2")
        check(wait_link(t, 0, "up") == "up" and wait_link(t, 1, "up") == "up",
              "both links up in their namespaces")
        base = [csum_errors(ns) for ns in NS]
        srv = subprocess.Popen(["ip", "netns", "exec", NS[1], "iperf3", "-s", "-1",
                                "-B", "10.99.2.2"], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
        time.sleep(0.5)
        cli = sh("iperf3", "-c", "10.99.2.2", "-t", "2", "-f", "m", ns=NS[0],
                 check_rc=False, timeout=60)
        srv.wait(timeout=30)
        m = re.findall(r"([\d.]+) Mbits/sec.*receiver", cli)
        check(bool(m) and float(m[-1]) > 0, "iperf3 TCP through two model ports: %s Mbit/s"
              % (m[-1] if m else cli))
        after = [csum_errors(ns) for ns in NS]
        for ns, b, a in zip(NS, base, after):
            grew = {k: a[k] - b.get(k, 0) for k in a if a[k] != b.get(k, 0)}
            check(not grew and a, "%s: no checksum error (%s)" % (ns, ", ".join(sorted(a))))
        t.cmd("stop")
        t.quit()
finally:
    cleanup()
print("PASS: the Linux stack over TAP wires in namespaces")
