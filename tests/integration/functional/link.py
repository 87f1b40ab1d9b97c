#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""What a user configures on the link, through testpmd on two model ports cabled back to back:
- speeds: a fixed rate other than 10G is refused at configure with the driver's reason, the
  port is left unconfigured; fixed 10G and autonegotiation start;
- loopback (lpbk_mode 1, "port config 0 loopback 1"): port 0's frames come back to port 0
  and none reaches the cable (port 1's MAC counts nothing), across a stop/start and a port
  reset; mode 2 is refused; back to 0 the frames go to port 1 again;
- flow control: off and on (both directions) read back; one direction alone is refused and
  changes nothing; PAUSE frames from a pcap wire are the MAC's (rx_pause_packets), delivered to
  no queue and so never forwarded, with flow control off and on, in promiscuous mode;
- the RX and TX burst modes in "show rxq/txq info".
Usage: link.py <plugin folder>"""

import re
import sys

from qlxge_func import (Testpmd, Workdir, check, fwd_stats, pcap_vdev, port_mac, preflight,
                        read_pcap, sim_vdev, write_pcap)

plugins = sys.argv[1]
preflight(plugins, need=("dpdk-testpmd",))

BURST = 32      # testpmd's tx_first burst


def loop_run(t, label):
    """One burst from port 0 only (rxonly forwarding, tx_first): what port 0 sent and
    received, and what port 1's MAC received meanwhile."""
    before = t.xstats(1).get("mac_rx_good_packets", 0)
    t.cmds("clear port stats 0", "set portlist 0", "set fwd rxonly", "start tx_first")
    got = t.wait_rx(0, BURST, secs=5)
    t.wait_sent(0, BURST)
    st = fwd_stats(t.cmd("stop"))[0]
    wire = t.xstats(1).get("mac_rx_good_packets", 0) - before
    print("%s: port 0 sent %d, received %d; port 1's MAC received %d"
          % (label, st["TX-packets"], got, wire))
    return st["TX-packets"], got, wire


def flow_ctrl(t):
    out = t.cmd("show port 0 flow_ctrl")
    rx = re.search(r"Rx pause: (on|off)", out)
    tx = re.search(r"Tx pause: (on|off)", out)
    check(rx and tx, "show port 0 flow_ctrl answers:\n" + out)
    return rx.group(1), tx.group(1)


vdevs = [sim_vdev("net_qlxge_sim0", "lnk", 0), sim_vdev("net_qlxge_sim1", "lnk", 1)]
with Testpmd(plugins, vdevs, args=["--port-topology=loop"]) as t:
    mac0 = port_mac(t, 0)

    # ---- burst modes ----
    for q in ("rxq", "txq"):
        out = t.cmd("show %s info 0 0" % q)
        check(re.search(r"^Burst mode: Scalar$", out, re.M),
              "show %s info reports the burst mode:\n%s" % (q, out))

    # ---- speeds ----
    out = t.cmds("port stop all", "port config all speed 1000 duplex full", "port start all")
    check("Fail to configure port 0" in out and "link speeds 0x21 not supported" in out,
          "a fixed 1G is refused with the driver's reason:\n" + out)
    out = t.cmds("port config all speed 10000 duplex full", "port start all",
                 "show port summary all")
    check("Fail" not in out and len(re.findall(r" up +10 Gbps", out)) == 2,
          "fixed 10G: both ports start, link up at 10 Gbps:\n" + out)
    out = t.cmds("port stop all", "port config all speed auto duplex full", "port start all")
    check("Fail" not in out, "autonegotiation starts:\n" + out)

    # ---- flow control ----
    fc = "set flow_ctrl rx %s tx %s 0 0 0 0 mac_ctrl_frame_fwd off autoneg off 0"
    out = t.cmd(fc % ("off", "off"))
    check("bad flow control" not in out and flow_ctrl(t) == ("off", "off"),
          "flow control off reads back off:\n" + out)
    out = t.cmd(fc % ("on", "on"))
    check("bad flow control" not in out and flow_ctrl(t) == ("on", "on"),
          "flow control on reads back on:\n" + out)
    out = t.cmd(fc % ("on", "off"))
    check("bad flow control" in out and flow_ctrl(t) == ("on", "on"),
          "RX pause alone is refused, nothing changed:\n" + out)
    out = t.cmd("set flow_ctrl rx off tx off 1000 500 200 1 mac_ctrl_frame_fwd off autoneg off 0")
    check("bad flow control" in out and "water marks, pause time and XON" in out and
          flow_ctrl(t) == ("on", "on"),
          "water marks, pause time and XON are refused, nothing changed:\n" + out)

    # ---- loopback ----
    sent, got, wire = loop_run(t, "no loopback")
    check(sent == BURST and got == 0 and wire == BURST,
          "without loopback port 0's burst goes to port 1")
    out = t.cmds("port stop all", "port config 0 loopback 2", "port start all")
    check("Fail to configure port 0" in out and "loopback mode 2 not supported" in out,
          "loopback mode 2 is refused:\n" + out)
    out = t.cmds("port config 0 loopback 1", "port start all")
    check("Fail" not in out, "loopback mode 1 starts:\n" + out)
    check(re.search(r"Link status: up", t.cmd("show port info 0")), "looped port 0 is up")
    t.cmd("set verbose 1")
    mark = len(t.log)
    sent, got, wire = loop_run(t, "loopback")
    dumps = b"".join(t.log[mark:]).decode(errors="replace")
    t.cmd("set verbose 0")
    check(sent == BURST and got == BURST and wire == 0,
          "looped: port 0 receives its own burst, the cable carries nothing")
    srcs = set(m.lower() for m in re.findall(r"src=([0-9A-Fa-f:]{17})", dumps))
    check(srcs == {mac0}, "the frames port 0 received are its own (%s)" % srcs)
    t.cmds("port stop 0", "port start 0")
    sent, got, wire = loop_run(t, "loopback after stop/start")
    check(sent == BURST and got == BURST and wire == 0, "a restart keeps the loop")
    out = t.cmds("port stop 0", "port reset 0", "port start 0")
    check("Fail" not in out, "port reset and start:\n" + out)
    sent, got, wire = loop_run(t, "loopback after reset")
    check(sent == BURST and got == BURST and wire == 0, "a reset and start keep the loop")
    t.cmds("port stop all", "port config 0 loopback 0", "port start all")
    sent, got, wire = loop_run(t, "loopback off")
    check(sent == BURST and got == 0 and wire == BURST, "loopback off: to the cable again")
    t.cmd("port stop all")
    size, back = t.pool_counts()
    check(back == size, "every mbuf back in the pool (%d of %d)" % (back, size))
    t.quit()

# ---- PAUSE frames: the MAC's, never a queue's ----
from scapy.all import UDP, Ether, IP, Raw  # noqa: E402


def pause_frame():
    return (Ether(dst="01:80:c2:00:00:01", src="02:00:00:00:00:99", type=0x8808) /
            Raw(bytes([0, 1, 0xff, 0xff]) + bytes(42)))


data = Ether(dst="02:00:00:00:00:01", src="02:00:00:00:00:99") / IP() / UDP() / Raw(bytes(18))
with Workdir("link") as w:
    write_pcap(w.file("in.pcap"), [pause_frame(), data] + [pause_frame()] * 3)
    for mode in ("off", "on"):
        vdev = pcap_vdev("net_qlxge_sim0", rx=w.file("in.pcap"), tx=w.file("out%s.pcap" % mode),
                         adapter="lnkp" + mode, mac="02:00:00:00:00:01")
        with Testpmd(plugins, [vdev], args=["--forward-mode=io"]) as t:
            t.cmds("port stop 0", fc % (mode, mode), "port start 0", "start")
            t.wait_rx(0, 1, secs=10)
            t.cmd("stop")
            xs = t.xstats(0)
            t.quit()
        out = read_pcap(w.file("out%s.pcap" % mode))
        check(xs.get("rx_pause_packets") == 4 and xs.get("rx_good_packets") == 1,
              "flow control %s: 4 PAUSE frames counted by the MAC, the one data frame "
              "received (%s)" % (mode, {k: xs.get(k) for k in ("rx_pause_packets",
                                                                  "rx_good_packets")}))
        check(len(out) == 1 and out[0].type != 0x8808,
              "flow control %s: only the data frame forwarded (%d frames out)"
              % (mode, len(out)))
print("PASS: link configuration (speeds, loopback, flow control, PAUSE frames, burst modes)")
