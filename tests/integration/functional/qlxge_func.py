# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""What the functional tests share: dpdk-testpmd driven interactively over the emulated
ports, frames built with scapy into pcap files for the model's pcap wire, the wire's output
read back with scapy and checked with tshark.

The tests follow DPDK's test plans (checksum_offload, tso, vlan, jumboframes, stats_checks,
mac_filter / allmulti / promisc, queue_start_stop, pmdrss_hash): a testpmd session per case,
frames fed from an rx_pcap file (which the model's pcap wire offers only when the port can take
them, from the application's first receive on, as net_pcap does), transmitted frames captured in
a tx_pcap file. testpmd runs with --no-flush-rx, as a net_pcap user runs it: its flush at
`start` would otherwise receive and drop the first frames.

Each test is a program taking the plugin folder (build/drivers); it exits 0 (pass), 1 (fail)
or 77 (skip: a sanitizer build, or a tool missing on a machine the bootstrap did not set up).
"""

import json
import os
import re
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import time

SKIP = 77


def skip(why):
    print("SKIP: " + why)
    sys.exit(SKIP)


def fail(why):
    print("FAIL: " + why)
    sys.exit(1)


def check(cond, why):
    if not cond:
        fail(why)
    print("ok: " + why)


def preflight(plugin_dir, need=("dpdk-testpmd", "tshark")):
    """Skip on a sanitizer build (testpmd is not instrumented) or without the tools."""
    for tool in need:
        if shutil.which(tool) is None:
            skip(tool + " not found (devtools/bootstrap.sh installs it)")
    sim = os.path.join(plugin_dir, "librte_net_qlxge_sim.so")
    out = subprocess.run(["ldd", sim], capture_output=True, text=True).stdout
    if re.search(r"lib(asan|ubsan|tsan)", out):
        skip(plugin_dir + " holds a sanitizer build")
    try:
        import scapy  # noqa: F401
    except ImportError:
        skip("python3-scapy not installed (devtools/bootstrap.sh installs it)")


class Workdir:
    """A folder for the case's pcap files, removed at the end (kept with QLXGE_FUNC_KEEP=1)."""

    def __init__(self, name):
        self.path = tempfile.mkdtemp(prefix="qxf-" + name + "-")

    def file(self, name):
        return os.path.join(self.path, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if os.environ.get("QLXGE_FUNC_KEEP") != "1":
            shutil.rmtree(self.path, ignore_errors=True)
        else:
            print("kept " + self.path)


class Testpmd:
    """dpdk-testpmd -i on pipes: cmd() sends a line and returns what came before the next
    prompt. stdout is line-buffered (stdbuf) so that printf output precedes the prompt."""

    PROMPT = b"testpmd> "

    def __init__(self, plugin_dir, vdevs, args=(), eal=(), lcores="0-1", mbufs=8192,
                 timeout=60):
        # QLXGE_FUNC_HUGE=<hugetlbfs mount> (functional_huge.sh): hugepages from that mount,
        # IOVA as PA (EAL refuses it when it cannot read physical addresses: not root)
        huge = os.environ.get("QLXGE_FUNC_HUGE")
        mem = (["--in-memory", "--huge-dir", huge, "--iova-mode=pa"] if huge else
               ["--no-huge", "--no-shconf", "-m", "512"])
        cmd = ["stdbuf", "-oL", "dpdk-testpmd", "-d", plugin_dir] + mem + \
            ["--no-pci", "-l", lcores, "--log-level=pmd.net.qlxge.*:notice"]
        cmd += list(eal)
        for v in vdevs:
            cmd += ["--vdev", v]
        cmd += ["--", "-i", "--total-num-mbufs=%d" % mbufs, "--no-flush-rx"] + list(args)
        self.timeout = timeout
        self.log = []
        print("$ " + " ".join(cmd))
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, bufsize=0)
        self.banner = self._until_prompt()
        if huge and "Selected IOVA mode 'PA'" not in self.banner:
            self.kill()
            fail("QLXGE_FUNC_HUGE is set, but EAL did not select IOVA as PA:\n" + self.banner)

    def _until_prompt(self):
        # the prompt ends the answer; output that comes on its own (verbose dumps, link
        # events) may follow it: then the answer ends once the output has paused
        buf = b""
        end = time.monotonic() + self.timeout
        last = time.monotonic()
        # verbose dumps come from another thread and may even split the prompt ("te" ...
        # "stpmd> "): its tail ends the answer too
        tail = self.PROMPT[-5:]
        while not buf.endswith(tail):
            idle = time.monotonic() - last
            # a link event may even cut the prompt's last space off ("testpmd>" "\n Port 1:
            # link state change event"): the prompt's first part ends the answer after a pause
            if (tail in buf and idle > 0.3) or (b"> " in buf and idle > 1.0) or \
                    (self.PROMPT[:-1] in buf and idle > 1.0):
                break
            left = end - time.monotonic()
            if left <= 0:
                self.kill()
                fail("testpmd did not answer within %d s; its output:\n%s"
                     % (self.timeout, (b"".join(self.log) + buf).decode(errors="replace")))
            r, _, _ = select.select([self.p.stdout], [], [], min(left, 0.5))
            if r:
                d = os.read(self.p.stdout.fileno(), 65536)
                if not d:
                    self.log.append(buf)
                    fail("testpmd exited (%s); its output:\n%s"
                         % (self.p.poll(), b"".join(self.log).decode(errors="replace")))
                buf += d
                last = time.monotonic()
        self.log.append(buf)
        return buf.replace(self.PROMPT, b"").decode(errors="replace")

    def cmd(self, line):
        print("testpmd> " + line)
        self.p.stdin.write(line.encode() + b"\n")
        out = self._until_prompt()
        return out

    def cmds(self, *lines):
        return "".join(self.cmd(line) for line in lines)

    def quit(self):
        """quit, and the whole output (the PMD's logs included)."""
        try:
            self.p.stdin.write(b"quit\n")
            out, _ = self.p.communicate(timeout=self.timeout)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            self.kill()
            out = b""
        self.log.append(out)
        text = b"".join(self.log).decode(errors="replace")
        if self.p.returncode != 0:
            fail("testpmd exited with %s:\n%s" % (self.p.returncode, text))
        if "Bye" not in text:
            fail("testpmd did not quit cleanly:\n" + text)
        return text

    def kill(self):
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.kill()

    # ---- what testpmd prints ----

    def port_stats(self, port):
        """`show port stats`: RX-packets, RX-missed, RX-bytes, RX-errors, RX-nombuf, TX-..."""
        out = self.cmd("show port stats %d" % port)
        return {k: int(v) for k, v in re.findall(r"([RT]X-[a-z]+):\s+(\d+)", out)}

    def xstats(self, port):
        out = self.cmd("show port xstats %d" % port)
        return {k: int(v) for k, v in re.findall(r"^(\w+):\s+(\d+)\s*$", out, re.M)}

    def pool_counts(self, pool="mb_pool_0"):
        """`dump_mempool`: the pool's size and how many of its mbufs are in it (common pool
        and lcore caches): the two are equal when no mbuf is held anywhere else."""
        out = self.cmd("dump_mempool " + pool)
        f = {k: int(v) for k, v in
             re.findall(r"^\s*(size|total_cache_count|common_pool_count)=(\d+)", out, re.M)}
        if len(f) != 3:
            fail("dump_mempool %s answered:\n%s" % (pool, out))
        return f["size"], f["total_cache_count"] + f["common_pool_count"]

    def link_is(self, port, state, secs=10):
        """Whether "show port info" reads the link @state ("up"/"down") within @secs."""
        end = time.monotonic() + secs
        while "Link status: " + state not in self.cmd("show port info %d" % port):
            if time.monotonic() > end:
                return False
            time.sleep(0.1)
        return True

    def wait_rx(self, port, n, secs=20):
        """Poll the port's RX-packets until it reaches n (or secs pass); the last count."""
        end = time.monotonic() + secs
        while True:
            got = self.port_stats(port).get("RX-packets", 0)
            if got >= n or time.monotonic() > end:
                return got
            time.sleep(0.05)


    def wait_sent(self, port, n, secs=20):
        """Wait until the port's MAC has put n frames on the wire (mac_tx_packets): what
        tx_burst took may still sit in the TX ring, and a port stop would drop it."""
        end = time.monotonic() + secs
        while True:
            got = self.xstats(port).get("mac_tx_packets", 0)
            if got >= n or time.monotonic() > end:
                return got
            time.sleep(0.05)


class Telemetry:
    """DPDK's telemetry socket of a testpmd started with --file-prefix <prefix> (the protocol
    of dpdk-telemetry.py: SOCK_SEQPACKET, one command per message, one JSON reply). The
    prefix's runtime folder is removed at the end."""

    def __init__(self, prefix, secs=20):
        base = "/var/run/dpdk" if os.geteuid() == 0 else \
            os.path.join(os.environ.get("XDG_RUNTIME_DIR", "/tmp"), "dpdk")
        self.run = os.path.join(base, prefix)
        path = os.path.join(self.run, "dpdk_telemetry.v2")
        end = time.monotonic() + secs
        while not os.path.exists(path):
            if time.monotonic() > end:
                fail("no telemetry socket " + path)
            time.sleep(0.1)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.sock.connect(path)
        self.max_len = json.loads(self.sock.recv(16384).decode())["max_output_len"]

    def query(self, cmd):
        """The reply's value (None for a command that failed)."""
        print("telemetry> " + cmd)
        self.sock.send(cmd.encode())
        reply = json.loads(self.sock.recv(self.max_len).decode())
        print("  " + json.dumps(reply))
        return reply[cmd.split(",")[0]]

    def close(self):
        self.sock.close()
        shutil.rmtree(self.run, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def netns_sh(*args, ns=None, check_rc=True, timeout=60):
    """Run a command (in network namespace @ns); its output, or fail() on an error."""
    cmd = (["ip", "netns", "exec", ns] if ns else []) + list(args)
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if check_rc and r.returncode != 0:
        fail("%s: %s%s" % (" ".join(cmd), r.stdout, r.stderr))
    return r.stdout


def netns_cleanup(namespaces, interfaces):
    """Remove the namespaces and interfaces a test made, those that exist (no error)."""
    for ns in namespaces:
        subprocess.run(["ip", "netns", "del", ns], capture_output=True)
    for i in interfaces:
        subprocess.run(["ip", "link", "del", i], capture_output=True)


def netns_csum_errors(ns):
    """The kernel's checksum error counters in @ns (nstat: *InCsumErrors)."""
    out = netns_sh("nstat", "-az", ns=ns)
    return {k: int(v) for k, v in re.findall(r"^(\S*InCsumErrors)\s+(\d+)", out, re.M)}


def fwd_stats(stop_output):
    """The per-port forwarding statistics of `stop`: {port: {field: value}}."""
    res = {}
    parts = re.split(r"Forward statistics for port (\d+)", stop_output)
    for i in range(1, len(parts), 2):
        body = parts[i + 1].split("Forward statistics for port")[0]
        body = body.split("Accumulated forward statistics")[0]
        res[int(parts[i])] = {k: int(v) for k, v in
                              re.findall(r"([A-Za-z0-9-]+):\s+(\d+)", body)}
    return res


def sim_vdev(name, adapter, function=0, **kv):
    args = ["adapter=%s" % adapter, "function=%d" % function]
    args += ["%s=%s" % (k, v) for k, v in kv.items()]
    return name + "," + ",".join(args)


def pcap_vdev(name, rx=None, tx=None, adapter=None, **kv):
    """A model port on a pcap wire (rx_pcap offered from the first receive, the default)."""
    kv = dict(kv)
    kv["wire"] = "pcap"
    if rx is not None:
        kv["rx_pcap"] = rx
    if tx is not None:
        kv["tx_pcap"] = tx
    return sim_vdev(name, adapter or name, 0, **kv)


def port_mac(testpmd, port):
    out = testpmd.cmd("show port info %d" % port)
    m = re.search(r"MAC address: ([0-9A-Fa-f:]{17})", out)
    if m is None:
        fail("no MAC address in show port info:\n" + out)
    return m.group(1).lower()


def read_pcap(path):
    from scapy.utils import rdpcap
    if not os.path.exists(path):
        return []
    return list(rdpcap(path))


def write_pcap(path, frames):
    from scapy.utils import wrpcap
    wrpcap(path, frames)


def tshark_fields(path, fields, display_filter=None):
    """Rows of tshark -T fields, with checksum validation on (status 1 good, 0 bad)."""
    cmd = ["tshark", "-n", "-r", path, "-o", "ip.check_checksum:TRUE",
           "-o", "tcp.check_checksum:TRUE", "-o", "udp.check_checksum:TRUE",
           "-T", "fields", "-E", "separator=|"]
    if display_filter:
        cmd += ["-Y", display_filter]
    for f in fields:
        cmd += ["-e", f]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        fail("tshark failed: " + out.stderr)
    # one line per frame, empty fields included
    return [line.split("|") for line in out.stdout.split("\n")[:-1]]


def toeplitz(key, data):
    """The Toeplitz hash of data under key (bytes), as RSS computes it."""
    k = int.from_bytes(key, "big")
    klen = len(key) * 8
    h = 0
    for i, byte in enumerate(data):
        for b in range(8):
            if byte & (0x80 >> b):
                shift = klen - 32 - (i * 8 + b)
                h ^= (k >> shift) & 0xFFFFFFFF if shift >= 0 else (k << -shift) & 0xFFFFFFFF
    return h
