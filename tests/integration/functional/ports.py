#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""Port control through testpmd, after DPDK's test plans shutdown_api, port_control,
dynamic_config, uni_pkt and stats_checks, on two model ports cabled back to back (io
forwarding, traffic started with tx_first):
- stop/start with configuration changes in between: 1024 RX/TX descriptors, 4 RX/TX queues,
  MTU 3000 (scattered RX): each is reported back and traffic flows after each;
- chains sent with fast free, testpmd's default (txonly with "set txpkts 64,64,128", io
  forwarding of 2900-byte frames received scattered): every segment goes back to the pool;
- promiscuous mode turned off at run time: port 1 drops (and counts in rx_drop_events) the
  burst sent to a foreign unicast MAC, and receives it once promiscuous mode is back on;
- set link-down while forwarding: the link reads down and port 1 receives nothing; link-up,
  and traffic flows again;
- port reset of a stopped port, then start: traffic flows;
- port close, device detach and port attach of port 0: its peer's link goes down and comes
  back, traffic flows through the new port;
- requests the driver does not serve get a clear answer (set stat_qmap), descriptor status and
  count queries answer;
- every mbuf is back in the pool once the ports are stopped; quitting while forwarding exits
  cleanly;
- uni_pkt: the hardware packet types testpmd prints (rxonly, verbose) for plain L2, ARP,
  IPv4/IPv6 with TCP/UDP/other, IPv4 options, an IPv6 hop-by-hop header and a VLAN tag: the
  L2 and L4 types of the software parse, and IPv4/IPv6 as L3_IPV4/6_EXT_UNKNOWN (the
  completion says IPv4 or IPv6, not whether options follow).
Usage: ports.py <plugin folder>"""

import re
import sys
import time

from qlxge_func import (Testpmd, Workdir, check, pcap_vdev, preflight, sim_vdev,
                        write_pcap)

plugins = sys.argv[1]
preflight(plugins, need=("dpdk-testpmd",))
from scapy.all import (ARP, ICMP, IP, TCP, UDP, Dot1Q, Ether, IPOption_RR, IPv6,  # noqa: E402
                       IPv6ExtHdrHopByHop, Raw)

FOREIGN = "02:99:00:00:00:01"


def rx_counts(t):
    return [t.port_stats(p)["RX-packets"] for p in (0, 1)]


def flowing(t, secs=5):
    """Whether both ports receive while forwarding, within @secs (a loaded machine may hold
    the forwarding lcore back a while)."""
    before = rx_counts(t)
    end = time.monotonic() + secs
    while True:
        time.sleep(0.2)
        after = rx_counts(t)
        if (after[0] > before[0] and after[1] > before[1]) or time.monotonic() > end:
            break
    print("RX-packets %s -> %s" % (before, after))
    return after[0] > before[0] and after[1] > before[1]


def restart(t, *cmds):
    """Forwarding stopped, the ports stopped, @cmds, the ports started, forwarding again."""
    out = t.cmds("stop", "port stop all", *cmds, "port start all")
    check("Fail" not in out, "%s: the ports start again:\n%s" % (", ".join(cmds), out))
    t.cmd("start tx_first")
    return out


vdevs = [sim_vdev("net_qlxge_sim0", "qxfports", 0), sim_vdev("net_qlxge_sim1", "qxfports", 1)]
# 32768 mbufs: 4 queues of 1024 descriptors on two ports post 8192 to receive and may hold as
# many sent and not yet reclaimed
with Testpmd(plugins, vdevs, mbufs=32768, timeout=60) as t:
    # ---- dynamic_config: promiscuous off at run time, one RX queue ----
    t.cmds("set promisc 1 off", "set fwd rxonly", "set eth-peer 0 " + FOREIGN)
    drops = t.xstats(1).get("rx_drop_events", 0)
    t.cmd("start tx_first")
    time.sleep(0.3)
    t.cmd("stop")
    got = t.port_stats(1)["RX-packets"]
    drops = t.xstats(1).get("rx_drop_events", 0) - drops
    check(got == 0 and drops == 32, "promiscuous off: port 1 drops the burst to %s "
          "(received %d, rx_drop_events %d)" % (FOREIGN, got, drops))
    t.cmds("set promisc 1 on", "start tx_first")
    got = t.wait_rx(1, 32, secs=5)
    t.cmd("stop")
    check(got == 32, "promiscuous on again: port 1 receives the burst (%d)" % got)

    # ---- shutdown_api: stop, reconfigure, start ----
    t.cmds("set fwd io", "start tx_first")
    check(flowing(t), "io forwarding between the two ports")
    restart(t, "port config all rxd 1024", "port config all txd 1024")
    out = t.cmds("show rxq info 0 0", "show txq info 1 0")
    check(len(re.findall(r"Number of [RT]XDs: 1024", out)) == 2, "1024 descriptors:\n" + out)
    check(flowing(t), "traffic flows with 1024 descriptors")
    restart(t, "port config all rxq 4", "port config all txq 4")
    out = t.cmd("show port info 1")
    check("Current number of RX queues: 4" in out and "Current number of TX queues: 4" in out,
          "4 RX and TX queues")
    check(flowing(t), "traffic flows with 4 queues")
    restart(t, "port config mtu 0 3000", "port config mtu 1 3000")
    check("MTU: 3000" in t.cmd("show port info 0"), "MTU 3000")
    check(flowing(t), "traffic flows at MTU 3000")

    # ---- chains sent with fast free (testpmd's default TX offload) ----
    # txonly's frames of three segments; then io forwarding of 2900-byte frames, received
    # scattered over testpmd's 2 KiB mbufs and sent on as chains (the guide's jumbo setup)
    before = t.port_stats(0)["TX-packets"]
    t.cmds("stop", "set fwd txonly", "set txpkts 64,64,128", "start")
    time.sleep(0.3)
    t.cmd("stop")
    sent = t.port_stats(0)["TX-packets"] - before
    t.cmds("set fwd io", "set txpkts 1500,1400", "start tx_first")
    check(flowing(t), "io forwarding of 2900-byte frames in two segments")
    t.cmds("stop", "set txpkts 64", "port stop all")
    size, back = t.pool_counts()
    check(sent > 0 and back == size, "chains sent (txonly: %d frames of 3 segments), every "
          "segment back in the pool (%d of %d)" % (sent, back, size))
    t.cmds("port start all", "start tx_first")
    check(flowing(t), "forwarding again")

    # ---- administrative link down/up while forwarding ----
    t.cmd("set link-down port 0")
    check(t.link_is(0, "down"), "set link-down: port 0 reads down")
    time.sleep(0.2)
    a = t.port_stats(1)["RX-packets"]
    time.sleep(0.3)
    b = t.port_stats(1)["RX-packets"]
    check(a == b, "nothing reaches port 1 while port 0 is down (%d, %d)" % (a, b))
    t.cmd("set link-up port 0")
    check(t.link_is(0, "up") and t.link_is(1, "up"), "set link-up: both links up")
    t.cmds("stop", "start tx_first")
    check(flowing(t), "traffic flows after link-up")

    # ---- port_control: reset, close, detach, attach ----
    out = t.cmds("stop", "port stop 0", "port reset 0", "port start 0")
    check("reset done" in out and "Fail" not in out, "port reset and start:\n" + out)
    t.cmd("start tx_first")
    check(flowing(t), "traffic flows after the reset")
    out = t.cmds("stop", "port stop 0", "port close 0")
    check("Port 0 is closed" in out, "port close:\n" + out)
    check(t.link_is(1, "down"), "its peer's link goes down")
    out = t.cmd("device detach net_qlxge_sim0")
    check("is detached" in out, "device detach:\n" + out)
    out = t.cmd("port attach net_qlxge_sim0,adapter=qxfports,function=0")
    check("Port 0 is attached" in out, "port attach:\n" + out)
    out = t.cmd("port start 0")
    check("Fail" not in out and t.link_is(0, "up") and t.link_is(1, "up"),
          "the new port starts, both links up:\n" + out)
    t.cmd("start tx_first")
    check(flowing(t), "traffic flows through the attached port")
    t.cmd("stop")

    # ---- what the driver does not serve, and queries ----
    out = t.cmd("set stat_qmap rx 0 0 1")
    check("failed to set rx queue stats mapping" in out, "stat_qmap refused:\n" + out)
    out = t.cmds("show port 0 rxq 0 desc 0 status", "show port 0 txq 0 desc 0 status",
                 "show port 0 rxq 0 desc used count")
    check(len(re.findall(r"Desc status = \w+", out)) == 2 and "Used desc count = " in out,
          "descriptor status and count answer:\n" + out)
    # a queue never set up: testpmd does not check the id, ethdev hands the driver NULL
    out = t.cmds("show port 0 rxq 9 desc 0 status", "show port 0 txq 9 desc 0 status")
    check(out.count("Invalid input: queue id = 9") == 2,
          "descriptor status of a queue never set up refused:\n" + out)

    # ---- nothing leaked; quit while forwarding ----
    t.cmd("port stop all")
    size, back = t.pool_counts()
    check(back == size, "every mbuf back in the pool (%d of %d)" % (back, size))
    t.cmds("port start all", "start tx_first")
    check(flowing(t), "forwarding again before quitting")
    out = t.quit()
    check("Bye" in out, "quit while forwarding exits cleanly")

# ---- uni_pkt: hardware packet types against testpmd's software parse ----
# The completion says IPv4 or IPv6 (§7.7 V4, V6), not whether options or extension headers
# follow: the driver reports L3_IPV4_EXT_UNKNOWN / L3_IPV6_EXT_UNKNOWN, where the software
# parse says L3_IPV4 or L3_IPV4_EXT (options), L3_IPV6 or L3_IPV6_EXT (hop-by-hop).
OWN = "02:00:00:00:00:01"
e = Ether(dst=OWN, src="02:00:00:00:00:02")
ip = IP(src="10.7.0.1", dst="10.7.0.2")
ip_opt = IP(src="10.7.0.1", dst="10.7.0.2", options=[IPOption_RR()])
ip6 = IPv6(src="2001::1", dst="2001::2")
P = Raw(b"p" * 20)
V4, V6 = "L3_IPV4_EXT_UNKNOWN", "L3_IPV6_EXT_UNKNOWN"
frames = [  # name, frame, hardware type, software type
    ("ARP", Ether(dst="ff:ff:ff:ff:ff:ff", src="02:00:00:00:00:02") / ARP(),
     "L2_ETHER", "L2_ETHER"),
    ("LLDP", Ether(dst=OWN, src="02:00:00:00:00:02", type=0x88cc) / P, "L2_ETHER", "L2_ETHER"),
    ("IPv4/UDP", e / ip / UDP() / P, "L2_ETHER %s L4_UDP" % V4, "L2_ETHER L3_IPV4 L4_UDP"),
    ("IPv4/TCP", e / ip / TCP() / P, "L2_ETHER %s L4_TCP" % V4, "L2_ETHER L3_IPV4 L4_TCP"),
    ("IPv4/ICMP", e / ip / ICMP() / P, "L2_ETHER %s" % V4, "L2_ETHER L3_IPV4"),
    ("IPv4+options/UDP", e / ip_opt / UDP() / P, "L2_ETHER %s L4_UDP" % V4,
     "L2_ETHER L3_IPV4_EXT L4_UDP"),
    ("IPv6/UDP", e / ip6 / UDP() / P, "L2_ETHER %s L4_UDP" % V6, "L2_ETHER L3_IPV6 L4_UDP"),
    ("IPv6/TCP", e / ip6 / TCP() / P, "L2_ETHER %s L4_TCP" % V6, "L2_ETHER L3_IPV6 L4_TCP"),
    ("IPv6+hop-by-hop/UDP", e / ip6 / IPv6ExtHdrHopByHop() / UDP() / P,
     "L2_ETHER %s L4_UDP" % V6, "L2_ETHER L3_IPV6_EXT L4_UDP"),
    ("VLAN/IPv4/UDP", e / Dot1Q(vlan=5) / ip / UDP() / P, "L2_ETHER_VLAN %s L4_UDP" % V4,
     "L2_ETHER_VLAN L3_IPV4 L4_UDP"),
]
with Workdir("ports") as w:
    write_pcap(w.file("in.pcap"), [f for _, f, _, _ in frames])
    with Testpmd(plugins, [pcap_vdev("net_qlxge_sim0", rx=w.file("in.pcap"),
                                     adapter="qxfptype", mac=OWN)]) as t:
        t.cmds("set verbose 1", "set fwd rxonly", "start")
        got = t.wait_rx(0, len(frames), secs=10)
        time.sleep(0.3)
        t.cmd("stop")
        out = t.quit()
    check(got == len(frames), "the %d frames received (%d)" % (len(frames), got))
    seen = re.findall(r"- hw ptype: ([^\n]*?)\s*- sw ptype: ([^\n]*?)\s*- l2_len", out)
    check(len(seen) == len(frames), "a packet type line per frame (%d)" % len(seen))
    for (name, _, want_hw, want_sw), (hw, sw) in zip(frames, seen):
        check(hw.split() == want_hw.split() and sw.split() == want_sw.split(),
              "%s: hw ptype %s (expected %s), sw ptype %s (expected %s)"
              % (name, hw, want_hw, sw, want_sw))
print("PASS: port control (shutdown_api, port_control, dynamic_config, uni_pkt)")
