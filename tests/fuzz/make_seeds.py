#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# Write the seed corpora of the fuzzers (corpus/<name>/), small hand-made inputs each fuzzer
# starts from: valid and nearly valid ones, so that the fuzzers reach the deep paths at once.
# Run from tests/fuzz to regenerate them (the files are committed; the layouts are those of
# lib/qlxge_hw/qlxge_iocb.h, §7).
import os
import struct

here = os.path.dirname(os.path.abspath(__file__))


def put(name, seeds):
    d = os.path.join(here, 'corpus', name)
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        os.remove(os.path.join(d, f))
    for i, s in enumerate(seeds):
        with open(os.path.join(d, 'seed-%02d' % i), 'wb') as f:
            f.write(s)


# ---- (d) devargs ----
put('devargs', [s.encode() for s in [
    '', 'adapter=a', 'adapter=a,function=1', 'adapter=a,function=0,wire=loop',
    'adapter=b,wire=peer,peer=net_qlxge_sim0', 'adapter=c,wire=pcap,rx_pcap=/in.pcap,'
    'tx_pcap=/out.pcap', 'wire=tap,iface=qlxtap0', 'wire=none', 'mac=02:00:00:00:00:01',
    'fw_latency_us=0x100,device_id=0x8012,irq=0',
    'fault_fw_hang=1,fault_link_down=1,fault_sem_held=255', 'adapter=a,adapter=b',
    'function=2', 'bogus=1', 'adapter=' + 'x' * 40, 'mac=ff:ff:ff:ff:ff:ff',
    'fw_latency_us=-1', 'adapter', ',,,=,',
]])

# ---- (b) TX IOCB: 128-byte IOCB, max frame (LE16), arena ----
def bd(addr, ln, e=False, c=False):
    return struct.pack('<QI', addr, ln | (0x80000000 if e else 0) | (0x40000000 if c else 0))


def mac_iocb(frame_len, bds, flags3=0, tci=0):
    b = b''.join(bds).ljust(8 * 12, b'\0')
    return struct.pack('<BBBB8sHHIIIHH', 0x01, 0, 0, flags3, b'\0' * 8, frame_len, 0, 7,
                       0xabc, 0, tci, 0) + b


def tso_iocb(flags1, flags2, flags3, frame_len, hdrs, ip_off, l4_off, mss, bds):
    b = b''.join(bds).ljust(8 * 12, b'\0')
    return struct.pack('<BBBB8sIIIHHHH', 0x02, flags1, flags2, flags3, b'\0' * 8, frame_len,
                       7, 0xabc, hdrs, ip_off | (l4_off << 6), 0, mss) + b


def eth_ipv4_tcp(payload):
    eth = bytes.fromhex('020000000002020000000001') + b'\x08\x00'
    tcp = struct.pack('>HHIIBBHHH', 1000, 2000, 1, 0, 5 << 4, 0x18, 8192, 0, 0)
    ip = struct.pack('>BBHHHBBH4s4s', 0x45, 0, 20 + len(tcp) + len(payload), 1, 0, 64, 6, 0,
                     bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2]))
    return eth + ip + tcp + payload


def eth_ipv4_udp(payload):
    eth = bytes.fromhex('020000000002020000000001') + b'\x08\x00'
    udp = struct.pack('>HHHH', 1000, 2000, 8 + len(payload), 0)
    ip = struct.pack('>BBHHHBBH4s4s', 0x45, 0, 20 + len(udp) + len(payload), 1, 0, 64, 17, 0,
                     bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2]))
    return eth + ip + udp + payload


mf = struct.pack('<H', 9600)
f60 = eth_ipv4_udp(b'x' * 18)
tcp = eth_ipv4_tcp(bytes(range(256)) * 12)
udp = eth_ipv4_udp(b'u' * 200)
oal = bd(0, 30) + bd(30, len(f60) - 30, e=True)
put('tx_iocb', [
    mac_iocb(len(f60), [bd(0, len(f60), e=True)]) + mf + f60,
    mac_iocb(len(f60), [bd(0, 20), bd(20, len(f60) - 20, e=True)], flags3=0x04, tci=5) + mf +
    f60,
    mac_iocb(40, [bd(0, 40, e=True)]) + mf + f60[:40],
    tso_iocb(0x40, 0x20, 0x01, len(tcp), 54, 14, 34, 1000, [bd(0, len(tcp), e=True)]) + mf +
    tcp,
    tso_iocb(0x40, 0x40, 0x01, len(udp), 42, 14, 34, 0, [bd(0, len(udp), e=True)]) + mf + udp,
    tso_iocb(0x40, 0x80, 0x00, len(tcp), 54, 14, 34, 0, [bd(0, len(tcp), e=True)]) + mf + tcp,
    # an OAL behind a C descriptor: the list at arena offset 4096, the frame at 0
    mac_iocb(len(f60), [bd(4096, len(oal), c=True)]) + mf +
    f60.ljust(4096, b'\0') + oal,
    mac_iocb(len(f60), [bd(0, 10)] * 8) + mf + f60,
])

# ---- (c) WQ: IOCB count, IOCBs, arena ----
put('wq', [
    bytes([1]) + mac_iocb(len(f60), [bd(0, len(f60), e=True)]) + f60,
    bytes([3]) + mac_iocb(len(f60), [bd(0, len(f60), e=True)]) +
    tso_iocb(0x40, 0x20, 0x01, len(tcp), 54, 14, 34, 512, [bd(4096, len(tcp), e=True)]) +
    mac_iocb(len(f60), [bd(0xdead00000000, len(f60), e=True)]) +
    f60.ljust(4096, b'\0') + tcp,
    bytes([2]) + mac_iocb(len(f60), [bd(8192, len(oal), c=True)]) + b'\x7f' * 128 +
    f60.ljust(8192, b'\0') + oal,
])

# ---- (a) RX CQ: records of a control byte and a 64-byte completion ----
def ib_rsp(flags1=0, flags2=0, flags3=0, dlen=60, flags4=0, hlen=0, opcode=0x20):
    r = bytearray(64)
    struct.pack_into('<BBBBI', r, 0, opcode, flags1, flags2, flags3, dlen)
    r[51] = flags4
    struct.pack_into('<I', r, 52, hlen)
    return bytes(r)


DS, DL = 0x40, 0x80
put('rx_cq', [
    bytes([0x63]) + ib_rsp(flags3=DS, dlen=60),
    b''.join(bytes([0x63]) + ib_rsp(flags3=DS, dlen=60 + i) for i in range(8)),
    bytes([0x25]) + ib_rsp(flags3=DL, dlen=900) + bytes([0x63]) + ib_rsp(flags3=DS | 0x08,
                                                                         dlen=128),
    bytes([0xd1]) + ib_rsp(dlen=2500) + bytes([0x41]) + ib_rsp(dlen=1500),
    bytes([0x6b]) + ib_rsp(flags3=DS, dlen=100, flags4=0x60, hlen=42),
    bytes([0x63]) + ib_rsp(flags2=7 << 2, flags3=DS, dlen=60),
    bytes([0x40]) + ib_rsp(opcode=0x3f),
    bytes([0x63]) + ib_rsp(flags3=DS | DL, dlen=60),
    bytes([0xe3]) + ib_rsp(flags1=0x04, flags2=0x22, flags3=DS | 0x09, dlen=200),
])
