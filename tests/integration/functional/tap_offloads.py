#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""Offloads with the Linux stack as the link partner: the two ports of one model adapter, each
cabled to a TAP interface moved into a network namespace of its own, testpmd forwarding
between them (as tap.py, with more of the driver in the path):

- csum engine, IPv4 header and TCP/UDP checksums computed by the adapter on both ports:
  iperf3 TCP and UDP over IPv4 and IPv6 complete, and neither kernel counts a checksum error
  (nstat: *InCsumErrors);
- testpmd's software GRO on both ports and TSO (`tso set 1400`) on both: the merged chains go
  out segmented by the adapter; an iperf3 TCP/IPv4 transfer completes, no checksum error, the
  egress port's MAC sent more frames than the application gave it (mac_tx_packets >
  tx_q0_packets), and rte_eth_tx_prepare refused at most a few merged packets (testpmd sets
  TSO per segment before GRO merges: a merged packet headed by a short segment asks for
  checksums only, longer than the MTU, and is refused, as it should be);
- the driver's LRO (`--enable-lro --max-lro-pkt-size=65535`) with TSO on both ports: iperf3
  TCP/IPv4 completes, no checksum error, LRO merged segments (rx_q0_lro_merged_segments) and
  TSO segmented them again;
- jumbo frames, MTU 9000 on the TAPs and both ports (scattered RX with testpmd's 2 KiB
  mbufs), io forwarding: 10 pings of 8000 bytes with DF (IPv4) and 10 over IPv6 all answered,
  iperf3 TCP and UDP with 8900-byte datagrams complete;
- VLAN (the kernel here may have no 802.1Q devices, so tagged frames are sent and sniffed with
  scapy on the TAP): with VLAN filtering on and VLAN 5 added on the ingress port, 20 frames of
  VLAN 5 and 20 untagged ones are forwarded, 20 of VLAN 7 are not and are counted
  (mac_rx_good_packets, rx_drop_events); with stripping on and `tx_vlan set` (mac engine),
  tagged pings of VLAN 5 reach the other namespace's stack untagged and its 10 replies come
  back tagged with VLAN 5, with and without filtering;
- an iperf3 TCP transfer across `port stop`/`port start` of one port, `port reset` of the
  other and a stop/start of both completes; a UDP one across a reset too;

and after each session, with the ports stopped, every mbuf is back in its pool.

The GRO, LRO and jumbo sessions forward multi-segment mbufs with testpmd's default TX offloads,
RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE among them: every segment of a chain must go back to the pool
(an mbuf returned with a stale next pointer made rte_eth_tx_prepare refuse later frames, and the
pool ran dry with jumbo frames).

Namespaces and interfaces are named qxo-<pid>-..., and removed at the end, also on failure.
Usage: tap_offloads.py <plugin folder>"""

import json
import os
import re
import subprocess
import sys
import threading
import time

from qlxge_func import (Testpmd, check, fail, fwd_stats, netns_cleanup, netns_csum_errors,
                        netns_sh, preflight, sim_vdev, skip)

plugins = sys.argv[1]
if os.geteuid() != 0:
    skip("needs root (network namespaces, TAP interfaces)")
preflight(plugins, need=("dpdk-testpmd", "ip", "ping", "iperf3", "nstat"))

pid = os.getpid() % 100000
NS = ["qxo-%d-a" % pid, "qxo-%d-b" % pid]
TAP = ["qxo%da" % pid, "qxo%db" % pid]
A4 = ["10.97.1.1", "10.97.1.2"]
A6 = ["fd97::1", "fd97::2"]
MAC = ["02:00:00:97:00:01", "02:00:00:97:00:02"]
# the csum and mac engines write the peer's address as destination: the other end's TAP
PEER = ["--eth-peer=%d,%s" % (i, MAC[i]) for i in range(2)]


def sh(*args, ns=None, check_rc=True, timeout=60):
    return netns_sh(*args, ns=ns, check_rc=check_rc, timeout=timeout)


def cleanup():
    netns_cleanup(NS, TAP)


def fresh_namespaces():
    cleanup()
    for ns in NS:
        sh("ip", "netns", "add", ns)


def into_ns(i, mtu=None):
    """Move TAP i into namespace i, give it its MAC, addresses (and MTU), bring it up."""
    tap, ns = TAP[i], NS[i]
    sh("ip", "link", "set", tap, "netns", ns)
    sh("ip", "link", "set", tap, "address", MAC[i], ns=ns)
    if mtu:
        sh("ip", "link", "set", tap, "mtu", str(mtu), ns=ns)
    sh("ip", "addr", "add", A4[i] + "/24", "dev", tap, ns=ns)
    sh("ip", "addr", "add", A6[i] + "/64", "dev", tap, "nodad", ns=ns)
    sh("ip", "link", "set", tap, "up", ns=ns)
    sh("ip", "link", "set", "lo", "up", ns=ns)


def vdevs():
    return [sim_vdev("net_qlxge_sim%d" % i, "qxo%d" % pid, i, wire="tap", iface=TAP[i])
            for i in range(2)]


def link(t, port):
    m = re.search(r"Link status: (\w+)", t.cmd("show port info %d" % port))
    return m.group(1) if m else "?"


def wait_links(t, secs=10):
    end = time.monotonic() + secs
    while time.monotonic() < end:
        if link(t, 0) == "up" and link(t, 1) == "up":
            return True
        time.sleep(0.1)
    return False


def start_wires(t, mtu=None):
    into_ns(0, mtu)
    into_ns(1, mtu)
    check(wait_links(t), "both links up in their namespaces")


csum_errors = netns_csum_errors


def check_no_csum_errors(base, what):
    for ns, b in zip(NS, base):
        a = csum_errors(ns)
        grew = {k: a[k] - b.get(k, 0) for k in a if a[k] != b.get(k, 0)}
        check(a and not grew, "%s: %s counts no checksum error%s"
              % (what, ns, (" (grew: %s)" % grew) if grew else ""))


def iperf(dst, args=(), secs=1):
    """iperf3 from namespace 0 to dst in namespace 1; the client's JSON report."""
    srv = subprocess.Popen(["ip", "netns", "exec", NS[1], "iperf3", "-s", "-1", "-B", dst],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.4)
    try:
        r = subprocess.run(["ip", "netns", "exec", NS[0], "iperf3", "-c", dst, "-t", str(secs),
                            "-J"] + list(args), capture_output=True, text=True,
                           timeout=secs + 40)
    finally:
        try:
            srv.wait(timeout=15)
        except subprocess.TimeoutExpired:
            srv.kill()
            srv.wait()
    try:
        return json.loads(r.stdout)
    except ValueError:
        return {"error": r.stdout + r.stderr}


def check_iperf(j, what):
    end = j.get("end", {})
    if "error" in j or not end:
        fail("%s: iperf3 failed: %s" % (what, str(j.get("error", j))[:500]))
    if j.get("start", {}).get("test_start", {}).get("protocol") == "TCP":
        mbit = end["sum_received"]["bits_per_second"] / 1e6
        check(end["sum_received"]["bytes"] > 0, "%s: iperf3 TCP completes, %.0f Mbit/s received"
              % (what, mbit))
    else:
        s = end["sum"]
        check(s["packets"] > 0 and s["lost_percent"] < 50,
              "%s: iperf3 UDP completes, %.0f Mbit/s, %s of %s datagrams lost"
              % (what, s["bits_per_second"] / 1e6, s["lost_packets"], s["packets"]))


def ping(dst, args=(), n=10):
    out = sh("ping", "-c", str(n), "-i", "0.05", "-W", "2", *args, dst, ns=NS[0],
             check_rc=False)
    m = re.search(r"(\d+) packets transmitted, (\d+) received", out)
    return int(m.group(2)) if m else 0


def check_pool(t, what):
    """With every port stopped, every mbuf of testpmd's pool is back in it."""
    t.cmd("port stop all")
    size, free = t.pool_counts()
    check(size == free, "%s: every mbuf back in the pool once stopped (%d of %d)"
          % (what, free, size))


def check_no_prepare_failure(out, what, allowed=0):
    lines = [x for x in out.splitlines() if "Preparing packet burst to transmit failed" in x]
    check(len(lines) <= allowed, "%s: rte_eth_tx_prepare refused %s (%d failures%s)"
          % (what, "nothing" if not allowed else "at most %d bursts" % allowed, len(lines),
             (": " + lines[0]) if lines else ""))


def hw_csum(t):
    for p in (0, 1):
        t.cmds("csum set ip hw %d" % p, "csum set tcp hw %d" % p, "csum set udp hw %d" % p)


SCAPY = r"""
import json, sys, time
from scapy.all import Ether, Dot1Q, IP, ICMP, UDP, Raw, sendp, conf, AsyncSniffer
iface, smac, dmac, src, dst, mode, spec = sys.argv[1:8]
conf.verb = 0
if mode == "send":
    frames = []
    for part in spec.split(","):
        vid, n = map(int, part.split(":"))
        for i in range(n):
            p = Ether(src=smac, dst=dmac)
            if vid:
                p = p / Dot1Q(vlan=vid)
            frames.append(p / IP(src=src, dst=dst) / UDP(sport=1234, dport=9) / Raw(b"x" * 100))
    sendp(frames, iface=iface, inter=0.005)
    print(json.dumps({"sent": len(frames)}))
else:
    sn = AsyncSniffer(iface=iface, lfilter=lambda p: ICMP in p and p[ICMP].type == 0)
    sn.start()
    time.sleep(0.3)
    sendp([Ether(src=smac, dst=dmac) / Dot1Q(vlan=5) / IP(src=src, dst=dst) /
           ICMP(id=77, seq=i) / Raw(b"y" * 56) for i in range(10)], iface=iface, inter=0.02)
    time.sleep(1)
    res = sn.stop()
    print(json.dumps({"replies": len(res),
                      "tags": [p[Dot1Q].vlan if Dot1Q in p else None for p in res]}))
"""


def scapy(mode, spec="-"):
    out = sh(sys.executable, "-c", SCAPY, TAP[0], MAC[0], MAC[1], A4[0], A4[1], mode, spec,
             ns=NS[0])
    return json.loads(out.strip().splitlines()[-1])


def delta(a, b):
    return {k: b[k] - a.get(k, 0) for k in b if b[k] != a.get(k, 0)}


t_start = time.monotonic()
try:
    # 1. checksums computed by the adapter, TCP and UDP over IPv4 and IPv6
    fresh_namespaces()
    with Testpmd(plugins, vdevs(), args=PEER) as t:
        t.cmd("port stop all")
        hw_csum(t)
        t.cmds("port start all", "set fwd csum", "start")
        start_wires(t)
        base = [csum_errors(ns) for ns in NS]
        check_iperf(iperf(A4[1]), "csum hw, TCP/IPv4")
        check_iperf(iperf(A4[1], ["-u", "-b", "200M", "-l", "1400"]), "csum hw, UDP/IPv4")
        check_iperf(iperf(A6[1]), "csum hw, TCP/IPv6")
        check_iperf(iperf(A6[1], ["-u", "-b", "200M", "-l", "1400"]), "csum hw, UDP/IPv6")
        check_no_csum_errors(base, "csum hw")
        out = t.cmd("stop")
        check_no_prepare_failure(out, "csum hw")
        st = fwd_stats(out)
        check(st[0].get("Bad-ipcsum", 0) == 0 and st[0].get("Bad-l4csum", 0) == 0 and
              st[1].get("Bad-ipcsum", 0) == 0 and st[1].get("Bad-l4csum", 0) == 0,
              "csum hw: no bad checksum flagged on receive")
        check_pool(t, "csum hw")
        t.quit()

    # 2. testpmd's GRO, TSO by the adapter; 3. the driver's LRO, TSO by the adapter
    for case in ("GRO", "LRO"):
        fresh_namespaces()
        lro = ["--enable-lro", "--max-lro-pkt-size=65535"] if case == "LRO" else []
        with Testpmd(plugins, vdevs(), args=PEER + lro) as t:
            t.cmd("port stop all")
            hw_csum(t)
            t.cmds("tso set 1400 0", "tso set 1400 1")
            if case == "GRO":
                t.cmds("set port 0 gro on", "set port 1 gro on")
            t.cmds("port start all", "set fwd csum", "start")
            start_wires(t)
            base = [csum_errors(ns) for ns in NS]
            t.cmds("clear port xstats all")
            check_iperf(iperf(A4[1], secs=2), "%s + TSO, TCP/IPv4" % case)
            check_no_csum_errors(base, "%s + TSO" % case)
            out = t.cmd("stop")
            # testpmd's csum engine flags each segment (TSO only when its payload exceeds
            # tso_segsz) before GRO merges them: a merged packet whose first segment was short
            # keeps that segment's flags, checksums without TSO, and is longer than the MTU;
            # rte_eth_tx_prepare rightly refuses it (EINVAL), now and then
            check_no_prepare_failure(out, "%s + TSO" % case, 10 if case == "GRO" else 0)
            x0, x1 = t.xstats(0), t.xstats(1)
            if case == "LRO":
                check(x0.get("rx_q0_lro_merged_segments", 0) > 0,
                      "LRO merged %d segments into %d packets on port 0"
                      % (x0.get("rx_q0_lro_merged_segments", 0),
                         x0.get("rx_q0_lro_packets", 0)))
            check(x1["mac_tx_packets"] > x1["tx_q0_packets"],
                  "%s + TSO: port 1 put %d frames on the wire for %d packets given"
                  % (case, x1["mac_tx_packets"], x1["tx_q0_packets"]))
            check_pool(t, "%s + TSO" % case)
            t.quit()

    # 4. jumbo frames
    fresh_namespaces()
    with Testpmd(plugins, vdevs(), args=PEER) as t:
        t.cmds("port stop all", "port config mtu 0 9000", "port config mtu 1 9000")
        t.cmds("port start all", "set fwd io", "start")
        start_wires(t, 9000)
        base = [csum_errors(ns) for ns in NS]
        got = ping(A4[1], ["-s", "8000", "-M", "do"])
        check(got == 10, "MTU 9000: 10 pings of 8000 bytes with DF, %d replies" % got)
        got = ping(A6[1], ["-6", "-s", "8000", "-M", "do"])
        check(got == 10, "MTU 9000: 10 IPv6 pings of 8000 bytes, %d replies" % got)
        check_iperf(iperf(A4[1]), "MTU 9000, TCP/IPv4")
        check_iperf(iperf(A4[1], ["-u", "-b", "300M", "-l", "8900"]),
                    "MTU 9000, UDP/IPv4, 8900-byte datagrams")
        check_iperf(iperf(A6[1], ["-u", "-b", "300M", "-l", "8900"]),
                    "MTU 9000, UDP/IPv6, 8900-byte datagrams")
        check_no_csum_errors(base, "MTU 9000")
        t.cmd("stop")
        x1 = t.xstats(1)
        check(x1.get("tx_size_1519_to_max_packets", 0) > 0, "MTU 9000: %d jumbo frames sent"
              % x1.get("tx_size_1519_to_max_packets", 0))
        check_pool(t, "MTU 9000")
        t.quit()

    # 5. VLAN filtering, stripping and insertion
    fresh_namespaces()
    with Testpmd(plugins, vdevs(), args=PEER) as t:
        t.cmds("port stop all", "vlan set filter on 0", "rx_vlan add 5 0", "port start all",
               "set fwd io", "start")
        start_wires(t)
        # ns b answers pings without asking who has A4[0] (its ARP would leave untagged)
        sh("ip", "neigh", "add", A4[0], "lladdr", MAC[0], "dev", TAP[1], ns=NS[1])
        for vid, passes in ((5, True), (7, False), (0, True)):
            a0, a1 = t.xstats(0), t.xstats(1)
            scapy("send", "%d:20" % vid)
            time.sleep(0.5)
            d0, d1 = delta(a0, t.xstats(0)), delta(a1, t.xstats(1))
            name = "VLAN %d" % vid if vid else "untagged"
            # the kernels' own untagged frames (IPv6 neighbour discovery ...) may cross too
            if passes:
                check(20 <= d0.get("rx_q0_packets", 0) <= 30 and
                      20 <= d1.get("tx_q0_packets", 0) <= 30,
                      "filter on, VLAN 5 added: 20 frames of %s received and forwarded (%s, %s)"
                      % (name, d0.get("rx_q0_packets", 0), d1.get("tx_q0_packets", 0)))
            else:
                check(d0.get("rx_q0_packets", 0) <= 10 and
                      d0.get("mac_rx_good_packets", 0) >= 20 and
                      d0.get("rx_drop_events", 0) == 20,
                      "filter on: 20 frames of %s dropped and counted (rx_q0_packets +%d, "
                      "mac_rx_good_packets +%d, rx_drop_events +%d)"
                      % (name, d0.get("rx_q0_packets", 0), d0.get("mac_rx_good_packets", 0),
                         d0.get("rx_drop_events", 0)))
        t.cmds("stop", "port stop all", "vlan set filter off 0", "vlan set strip on 0",
               "tx_vlan set 0 5", "port start all", "set fwd mac", "start")
        check(wait_links(t), "links up again")
        time.sleep(0.3)
        r = scapy("ping")
        check(r["replies"] == 10 and r["tags"] == [5] * 10,
              "strip on, tx_vlan 5: tagged pings answered by the stack, replies tagged: %s" % r)
        t.cmds("stop", "port stop all", "vlan set filter on 0", "port start all", "start")
        check(wait_links(t), "links up again")
        time.sleep(0.3)
        r = scapy("ping")
        check(r["replies"] == 10 and r["tags"] == [5] * 10,
              "filter, strip and tx_vlan 5: tagged pings answered, replies tagged: %s" % r)
        t.cmd("stop")
        check_pool(t, "VLAN")
        t.quit()

    # 6. stop/start and reset in the middle of transfers
    fresh_namespaces()
    with Testpmd(plugins, vdevs(), args=PEER) as t:
        t.cmds("set fwd io", "start")
        start_wires(t)
        base = [csum_errors(ns) for ns in NS]
        res = {}
        th = threading.Thread(target=lambda: res.update(tcp=iperf(A4[1], secs=6)))
        th.start()
        time.sleep(1.5)
        t.cmds("stop", "port stop 1", "port start 1", "start")
        check(wait_links(t), "port 1 stopped and started during the transfer, links up")
        time.sleep(1)
        t.cmds("stop", "port stop 0", "port reset 0", "port start 0", "start")
        check(wait_links(t), "port 0 reset during the transfer, links up")
        time.sleep(1)
        t.cmds("stop", "port stop all", "port start all", "start")
        check(wait_links(t), "both ports stopped and started during the transfer, links up")
        th.join(60)
        check_iperf(res.get("tcp", {"error": "no result"}),
                    "TCP/IPv4 across port stop/start and reset")
        th = threading.Thread(target=lambda: res.update(
            udp=iperf(A4[1], ["-u", "-b", "200M", "-l", "1400"], secs=3)))
        th.start()
        time.sleep(1.5)
        t.cmds("stop", "port stop 1", "port reset 1", "port start 1", "start")
        th.join(60)
        check_iperf(res.get("udp", {"error": "no result"}), "UDP/IPv4 across a port reset")
        check_no_csum_errors(base, "stop/start/reset")
        t.cmd("stop")
        check_pool(t, "stop/start/reset")
        t.quit()
finally:
    cleanup()
print("PASS: offloads with the Linux stack over TAP wires in namespaces (%.0f s)"
      % (time.monotonic() - t_start))
