#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
"""The driver's and the model's telemetry commands of a running testpmd, checked by their JSON.

Usage: telemetry_check.py <telemetry socket> <adapter name>
testpmd runs io forwarding between ports 0 and 1 (one model adapter, back to back); port 2 is
a net_null port (another driver). A small client of DPDK's telemetry socket (the protocol of
dpdk-telemetry.py: a SOCK_SEQPACKET socket, one command per message, one JSON reply).
"""

import json
import re
import socket
import sys
import time

sock_path, adapter = sys.argv[1], sys.argv[2]
sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
sock.connect(sock_path)
hello = json.loads(sock.recv(16384).decode())
max_len = hello['max_output_len']
failures = []


def query(cmd):
    sock.send(cmd.encode())
    reply = json.loads(sock.recv(max_len).decode())
    name = cmd.split(',')[0]
    assert name in reply, 'reply to %s: %s' % (cmd, reply)
    return reply[name]


def check(cond, what):
    print('%s: %s' % ('ok' if cond else 'FAIL', what))
    if not cond:
        failures.append(what)


# --- the driver's commands ---
check(query('/qlxge/ports') == [0, 1], '/qlxge/ports lists the two qlxge ports, not net_null')
help_ = query('/help,/qlxge/rxq')
check('port_id' in help_.get('/qlxge/rxq', ''), '/help names the parameters of /qlxge/rxq')
for port in (0, 1):
    info = query('/qlxge/port_info,%d' % port)
    print(json.dumps(info))
    check(info['name'] == 'net_qlxge_sim%d' % port, 'port %d: name' % port)
    check(info['device'] == 'ISP8000' and info['adapter_port'] == port,
          'port %d: device and adapter port' % port)
    check(re.fullmatch(r'\d+\.\d+\.\d+', info['fw_version']) is not None,
          'port %d: firmware version %s' % (port, info['fw_version']))
    check(info['state'] == 'started', 'port %d: started' % port)
    check(info['events'] == 'interrupt', 'port %d: events by interrupt' % port)
    check(info['link_status'] == 'up' and info['link_speed_mbps'] == 10000 and
          info['link_duplex'] == 'full', 'port %d: link up, 10 Gbps, full duplex' % port)
    check(info['mac'] == info['perm_mac'] and info['macs'] == [info['mac']],
          'port %d: MAC addresses' % port)
    check(info['promiscuous'] == 1 and info['max_frame'] == 1518 and info['mtu'] == 1500,
          'port %d: promiscuous, max frame, MTU' % port)

rx1 = query('/qlxge/rxq,0,0')
tx1 = query('/qlxge/txq,1,0')
time.sleep(0.5)
rx2 = query('/qlxge/rxq,0,0')
tx2 = query('/qlxge/txq,1,0')
print(json.dumps(rx2))
print(json.dumps(tx2))
check(rx2['started'] == 1 and rx2['stalled'] == 0 and rx2['malformed_completions'] == 0,
      'rxq 0,0: started, not stalled, no malformed completion')
check(rx2['packets'] > rx1['packets'] > 0, 'rxq 0,0: packets %d then %d, forwarding'
      % (rx1['packets'], rx2['packets']))
check(rx2['refill_doorbells'] > rx1['refill_doorbells'], 'rxq 0,0: refill doorbells move')
check(0 < rx2['bufs_posted'] <= 2 * rx2['bq_len'], 'rxq 0,0: buffers posted')
check(0 <= rx2['cq_pending'] < rx2['nb_desc'] and rx2['cq'] == 0, 'rxq 0,0: completion ring')
check(tx2['packets'] > tx1['packets'] > 0 and tx2['doorbells'] > tx1['doorbells'],
      'txq 1,0: packets and doorbells move')
check(tx2['wq'] == 0 and tx2['cq'] == 32 and 0 <= tx2['nb_free'] < tx2['nb_desc'],
      'txq 1,0: work queue, its completion queue, free slots')
for bad in ('/qlxge/rxq,0,7', '/qlxge/txq,0', '/qlxge/port_info,x', '/qlxge/port_info,2',
            '/qlxge/port_info,63', '/qlxge/port_info', '/qlxge/rxq,0,0,0', '/qlxge/txq,-1,0'):
    check(query(bad) is None, '%s: no data (bad parameters or not a qlxge port)' % bad)

# --- the model's commands ---
check(query('/qlxge_sim/ports') == [0, 1], '/qlxge_sim/ports lists the two model ports')
for port in (0, 1):
    sim = query('/qlxge_sim/port,%d' % port)
    print(json.dumps(sim))
    check(sim['adapter'] == adapter and sim['function'] == port, 'model port %d: adapter, '
          'function' % port)
    check(sim['wire'] == 'peer' and sim['peer_port'] == 1 - port,
          'model port %d: cabled to port %d' % (port, 1 - port))
    check(sim['link'] == 'up' and sim['function_enabled'] == 1, 'model port %d: link up' % port)
c1 = query('/qlxge_sim/counters,1')
time.sleep(0.3)
c2 = query('/qlxge_sim/counters,1')
print(json.dumps(c2))
check(c2['tx_frames'] > c1['tx_frames'] > 0 and c2['rx_frames'] > c1['rx_frames'] > 0,
      'model port 1: frames on the wire both ways')
check(c2['tx_errors'] == 0 and c2['rx_drops_cq_invalid'] == 0 and c2['dma_errors'] == 0,
      'model port 1: no errors')
check(query('/qlxge_sim/port,2') is None, '/qlxge_sim/port,2: not a model port')
check(query('/qlxge_sim/counters,z') is None, '/qlxge_sim/counters,z: bad parameter')

# --- fault injection: bad input sets nothing; a fault set shows, and clears ---
check(query('/qlxge_sim/fault,0') == {}, '/qlxge_sim/fault,0: no fault in force')
for bad in ('/qlxge_sim/fault,2,fw_hang', '/qlxge_sim/fault,0,bogus', '/qlxge_sim/fault,0,fatal,-1',
            '/qlxge_sim/fault,0,fatal,x', '/qlxge_sim/fault,0,fatal, -1', '/qlxge_sim/fault,0,,1',
            '/qlxge_sim/fault,z'):
    check(query(bad) is None, '%s: refused (not a model port, or a bad name or argument)' % bad)
check(query('/qlxge_sim/fault,0') == {}, '/qlxge_sim/fault,0: the refused ones set nothing')
check(query('/qlxge_sim/fault,1,cq_delay_us,5') == {'cq_delay_us': 5},
      '/qlxge_sim/fault,1,cq_delay_us,5: set, and listed')
check(query('/qlxge_sim/port,1')['faults'] == {'cq_delay_us': 5}, '/qlxge_sim/port,1 lists it')
check(query('/qlxge_sim/fault,1,cq_delay_us,0') == {}, '/qlxge_sim/fault,1,cq_delay_us,0: cleared')

if failures:
    print('FAIL: %d checks: %s' % (len(failures), '; '.join(failures)))
    sys.exit(1)
print('PASS: telemetry of the driver and of the model')
