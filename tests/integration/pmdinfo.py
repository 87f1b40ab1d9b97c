#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""What DPDK's dpdk-pmdinfo.py reads from the plugins (the PMD_INFO_STRING that DPDK's
pmdinfogen writes at the build, as for DPDK's own drivers): librte_net_qlxge.so is net_qlxge,
for the 8100's two NIC functions 1077:8000 and 1077:8012 (never the FCoE function 1077:8001),
bound to vfio-pci; librte_net_qlxge_sim.so is net_qlxge_sim, no PCI id, its devargs string
naming exactly the keys the virtual device accepts (the QLXGE_ARG_* of its devargs parser).
Exit 77 (skip) without dpdk-pmdinfo.py or python3-pyelftools (devtools/bootstrap.sh installs
both).
Usage: pmdinfo.py <librte_net_qlxge.so> <librte_net_qlxge_sim.so> <qlxge_sim_devargs.c>"""

import json
import re
import shutil
import subprocess
import sys

pmd, sim, devargs = sys.argv[1:4]
tool = shutil.which("dpdk-pmdinfo.py")
if tool is None:
    print("SKIP: dpdk-pmdinfo.py not found (Debian's dpdk package)")
    sys.exit(77)
try:
    import elftools  # noqa: F401 (what dpdk-pmdinfo.py needs)
except ImportError:
    print("SKIP: python3-pyelftools is missing (devtools/bootstrap.sh installs it)")
    sys.exit(77)


def fail(why):
    print("FAIL: " + why)
    sys.exit(1)


def drivers(so):
    # the interpreter this runs under: the tool's "env python3" may find one without elftools
    r = subprocess.run([sys.executable, tool, so], capture_output=True, text=True)
    if r.returncode != 0:
        fail("dpdk-pmdinfo.py %s: %s" % (so, r.stderr.strip()))
    out = json.loads(r.stdout or "[]")
    if not out:
        fail("dpdk-pmdinfo.py finds no driver in %s: built without DPDK's pmdinfogen (the "
             "build's warning says why; devtools/bootstrap.sh puts it in the SDK cache)" % so)
    return {d["name"]: d for d in out}


d = drivers(pmd)
if set(d) != {"net_qlxge"}:
    fail("%s: drivers %s, not net_qlxge alone" % (pmd, sorted(d)))
ids = sorted((p["vendor"], p["device"]) for p in d["net_qlxge"].get("pci_ids", []))
if ids != [("1077", "8000"), ("1077", "8012")]:
    fail("net_qlxge PCI ids %s, not 1077:8000 and 1077:8012" % ids)
print("ok: net_qlxge: PCI ids %s" % ", ".join(":".join(i) for i in ids))
if d["net_qlxge"].get("kmod") != "vfio-pci":
    fail("net_qlxge kernel module %r, not vfio-pci" % d["net_qlxge"].get("kmod"))
print("ok: net_qlxge: kernel module vfio-pci")

d = drivers(sim)  # the model's plugin and the driver it needs (DT_NEEDED)
if set(d) != {"net_qlxge", "net_qlxge_sim"}:
    fail("%s and what it links: drivers %s" % (sim, sorted(d)))
if d["net_qlxge_sim"].get("pci_ids"):
    fail("net_qlxge_sim has PCI ids: %s" % d["net_qlxge_sim"]["pci_ids"])
params = d["net_qlxge_sim"].get("params", "")
keys = set(re.findall(r"(\w+)=<", params))
with open(devargs) as f:
    parsed = set(re.findall(r'#define\s+QLXGE_ARG_\w+\s+"(\w+)"', f.read()))
if not parsed:
    fail("no QLXGE_ARG_* key found in " + devargs)
if keys != parsed:
    fail("net_qlxge_sim devargs string %s the keys the parser takes %s (missing %s, extra %s)"
         % (sorted(keys), sorted(parsed), sorted(parsed - keys), sorted(keys - parsed)))
print("ok: net_qlxge_sim: devargs string names the %d keys the vdev takes" % len(keys))
print("PASS: dpdk-pmdinfo.py reads both plugins")
