/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * L3/L4 of a received frame (§7.7): IPv4 and IPv6 (with extension headers), TCP and UDP, and
 * the checksums the RX engine verifies: the IPv4 header checksum over IHL x 4 bytes; TCP/UDP
 * over IPv4 (not fragments: MF or offset) and IPv6 (after hop-by-hop, routing,
 * destination-options and AH headers; not fragments) with the pseudo-header; a UDP checksum of
 * 0 is not verified. One step of the classification (dataplane/classify.c), inline in it; RSS
 * reads the offsets it finds.
 */

#ifndef SIM_DATAPLANE_PARSE_H
#define SIM_DATAPLANE_PARSE_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_tcp.h>
#include <rte_udp.h>

#include "dataplane/csum.h"

/* L3/L4 facts of a frame. */
struct sim_l34 {
	uint16_t l3_off, l4_off, hdr_len;
	uint8_t proto;		/* IPPROTO_TCP / IPPROTO_UDP when L4 is usable, else 0 */
	bool v4, v6;
	bool ip_err;		/* IPv4 header checksum bad */
	bool l4_checked;	/* a TCP/UDP checksum was verified */
	bool l4_err;
};

#define SIM_L34_MAX_V6_EXT	8	/* IPv6 extension headers followed at most */

static inline void
sim_l34_parse_l4(const uint8_t *frame, uint32_t len, uint32_t l4_off, uint32_t l4_len,
		uint8_t proto, uint64_t phdr_sum, struct sim_l34 *r)
{
	const uint8_t *l4 = frame + l4_off;

	if (l4_off + l4_len > len)
		return;
	if (proto == IPPROTO_TCP) {
		const struct rte_tcp_hdr *th = (const struct rte_tcp_hdr *)l4;
		uint32_t doff;

		if (l4_len < sizeof(*th))
			return;
		doff = (uint32_t)(th->data_off >> 4) * 4;
		if (doff < sizeof(*th) || doff > l4_len)
			return;
		r->proto = IPPROTO_TCP;
		r->l4_off = (uint16_t)l4_off;
		r->hdr_len = (uint16_t)(l4_off + doff);
	} else if (proto == IPPROTO_UDP) {
		const struct rte_udp_hdr *uh = (const struct rte_udp_hdr *)l4;

		if (l4_len < sizeof(*uh))
			return;
		r->proto = IPPROTO_UDP;
		r->l4_off = (uint16_t)l4_off;
		r->hdr_len = (uint16_t)(l4_off + sizeof(*uh));
		if (uh->dgram_cksum == 0)
			return;	/* no checksum transmitted: nothing verified (NU) */
	} else {
		return;
	}
	r->l4_checked = true;
	r->l4_err = sim_csum_fold(sim_csum_sum(l4, l4_len, phdr_sum)) != 0xFFFF;
}

static inline void
sim_l34_parse_ipv4(const uint8_t *frame, uint32_t len, uint32_t off, struct sim_l34 *r)
{
	const struct rte_ipv4_hdr *ip = (const struct rte_ipv4_hdr *)(frame + off);
	uint32_t ihl, tl;

	if (off + sizeof(*ip) > len || (ip->version_ihl >> 4) != 4)
		return;
	ihl = (uint32_t)(ip->version_ihl & 0xF) * 4;
	if (ihl < sizeof(*ip) || off + ihl > len)
		return;
	r->v4 = true;
	r->l3_off = (uint16_t)off;
	r->hdr_len = (uint16_t)(off + ihl);
	if (likely(ihl == sizeof(*ip))) {
		/* no options: 20 bytes, two 8-byte and one 4-byte word */
		uint64_t q0, q1;
		uint32_t w;

		memcpy(&q0, ip, 8);
		memcpy(&q1, (const uint8_t *)ip + 8, 8);
		memcpy(&w, (const uint8_t *)ip + 16, 4);
		r->ip_err = sim_csum_fold(sim_csum_add(sim_csum_add(q0, q1), w)) != 0xFFFF;
	} else {
		r->ip_err = sim_csum_fold(sim_csum_sum((const uint8_t *)ip, ihl, 0)) != 0xFFFF;
	}
	tl = sim_be16(ip->total_length);
	if (tl < ihl || off + tl > len)
		return;	/* inconsistent length: L4 not verified */
	if (ip->fragment_offset &
	    sim_be16(RTE_IPV4_HDR_MF_FLAG | RTE_IPV4_HDR_OFFSET_MASK))
		return;	/* a fragment: no L4 header to verify */
	/* pseudo-header (rte_ipv4_phdr_cksum()): addresses, protocol, L4 length, in CPU order */
	sim_l34_parse_l4(frame, len, off + ihl, tl - ihl, ip->next_proto_id,
			(uint64_t)ip->src_addr + ip->dst_addr +
			sim_be16((uint16_t)ip->next_proto_id) +
			sim_be16((uint16_t)(tl - ihl)), r);
}

static inline void
sim_l34_parse_ipv6(const uint8_t *frame, uint32_t len, uint32_t off, struct sim_l34 *r)
{
	const struct rte_ipv6_hdr *ip6 = (const struct rte_ipv6_hdr *)(frame + off);
	uint32_t pl, l4_off, end;
	uint64_t phdr;
	int proto;

	if (off + sizeof(*ip6) > len ||
	    (rte_be_to_cpu_32(ip6->vtc_flow) >> 28) != 6)
		return;
	r->v6 = true;
	r->l3_off = (uint16_t)off;
	r->hdr_len = (uint16_t)(off + sizeof(*ip6));
	pl = sim_be16(ip6->payload_len);
	end = off + (uint32_t)sizeof(*ip6) + pl;
	if (end > len)
		return;
	proto = ip6->proto;
	l4_off = off + (uint32_t)sizeof(*ip6);
	for (int i = 0; i < SIM_L34_MAX_V6_EXT && proto != IPPROTO_TCP && proto != IPPROTO_UDP;
	     i++) {
		const uint8_t *ext = frame + l4_off;
		uint32_t ext_len;

		/* the extension headers that carry a next header and a length (RFC 8200 §4) */
		if (l4_off + 8 > end)
			return;
		if (proto == IPPROTO_HOPOPTS || proto == IPPROTO_ROUTING ||
		    proto == IPPROTO_DSTOPTS)
			ext_len = ((uint32_t)ext[1] + 1) * 8;
		else if (proto == IPPROTO_AH)
			ext_len = ((uint32_t)ext[1] + 2) * 4;
		else
			return;	/* fragment, ESP, none or unknown: no L4 to verify */
		if (l4_off + ext_len > end)
			return;
		l4_off += ext_len;
		proto = ext[0];
	}
	if (proto != IPPROTO_TCP && proto != IPPROTO_UDP)
		return;
	/* pseudo-header: addresses, upper-layer length, next header (RFC 8200 §8.1) */
	/* the sum is in CPU order: add the big-endian fields the same way */
	phdr = sim_csum_sum(ip6->src_addr, 32, 0);
	phdr = sim_csum_add(phdr, sim_be16((uint16_t)((end - l4_off) >> 16)));
	phdr = sim_csum_add(phdr, sim_be16((uint16_t)(end - l4_off)));
	phdr = sim_csum_add(phdr, sim_be16((uint16_t)proto));
	sim_l34_parse_l4(frame, len, l4_off, end - l4_off, (uint8_t)proto, phdr, r);
}

/**
 * Parse the L3 header of ethertype @p et at @p off of a frame of @p len bytes (VLAN tag, if
 * any, before @p off) and what follows; @p l is filled from zero.
 */
static __rte_always_inline void
sim_l34_parse(const uint8_t *frame, uint32_t len, uint32_t off, uint16_t et, struct sim_l34 *l)
{
	memset(l, 0, sizeof(*l));
	if (et == RTE_ETHER_TYPE_IPV4)
		sim_l34_parse_ipv4(frame, len, off, l);
	else if (et == RTE_ETHER_TYPE_IPV6)
		sim_l34_parse_ipv6(frame, len, off, l);
}

#endif /* SIM_DATAPLANE_PARSE_H */
