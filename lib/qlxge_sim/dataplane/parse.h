/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * L3/L4 of a received frame (§7.7): IPv4 and IPv6 (with extension headers), TCP and UDP, and
 * where the checksums the RX engine verifies are (dataplane/csum.h verifies them): the IPv4
 * header's; TCP/UDP over IPv4 (not fragments: MF or offset) and IPv6 (after hop-by-hop,
 * routing, destination-options and AH headers; not fragments) with the pseudo-header. One step
 * of the classification (dataplane/classify.h); RSS reads the offsets it finds.
 */

#ifndef SIM_DATAPLANE_PARSE_H
#define SIM_DATAPLANE_PARSE_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
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
};

#define SIM_L34_MAX_V6_EXT	8	/* IPv6 extension headers followed at most */

/*
 * A big-endian 16-bit field in CPU order: rte_be_to_cpu_16() without its x86 form, a volatile
 * asm statement the compiler can neither fold nor schedule; on every frame's path here it costs
 * about 2 cycles a frame (docs/model-dataplane.md, "Cost").
 */
static inline uint16_t
sim_be16(uint16_t x)
{
#if RTE_BYTE_ORDER == RTE_LITTLE_ENDIAN
	return __builtin_bswap16(x);
#else
	return x;
#endif
}

/*
 * The TCP or UDP header of @p l4_len bytes at @p l4_off (to the end of the datagram) the IP
 * header leads to: its checksum field in @p at (with the pseudo-header sum @p phdr).
 */
static __rte_always_inline void
sim_l34_l4(const uint8_t *frame, uint32_t l4_off, uint32_t l4_len, uint8_t proto,
	   uint64_t phdr, struct sim_l34 *r, struct sim_csum_at *at)
{
	const uint8_t *l4 = frame + l4_off;
	uint32_t hl;

	if (proto == IPPROTO_TCP) {
		if (l4_len < sizeof(struct rte_tcp_hdr))
			return;
		hl = (uint32_t)(((const struct rte_tcp_hdr *)l4)->data_off >> 4) * 4;
		if (hl < sizeof(struct rte_tcp_hdr) || hl > l4_len)
			return;
		at->ck_off = offsetof(struct rte_tcp_hdr, cksum);
		at->ck_zero_ok = false;
	} else if (proto == IPPROTO_UDP) {
		if (l4_len < sizeof(struct rte_udp_hdr))
			return;
		hl = sizeof(struct rte_udp_hdr);
		at->ck_off = offsetof(struct rte_udp_hdr, dgram_cksum);
		at->ck_zero_ok = true;
	} else {
		return;
	}
	r->proto = proto;
	r->l4_off = (uint16_t)l4_off;
	r->hdr_len = (uint16_t)(l4_off + hl);
	at->l4_len = l4_len;
	at->phdr = phdr;
}

/* The IPv4 header at @p off and the datagram's L4 header. */
static __rte_always_inline void
sim_l34_ipv4(const uint8_t *frame, uint32_t len, uint32_t off, struct sim_l34 *r,
	     struct sim_csum_at *at)
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
	at->ihl = ihl;
	tl = sim_be16(ip->total_length);
	if (tl < ihl || off + tl > len)
		return;	/* inconsistent length: L4 not verified */
	if (ip->fragment_offset & rte_cpu_to_be_16(RTE_IPV4_HDR_MF_FLAG |
						   RTE_IPV4_HDR_OFFSET_MASK))
		return;	/* a fragment: no L4 header to verify */
	/* pseudo-header (rte_ipv4_phdr_cksum()): addresses, protocol, L4 length; the sum is in
	 * CPU order, so the big-endian fields are added the same way */
	sim_l34_l4(frame, off + ihl, tl - ihl, ip->next_proto_id,
		   (uint64_t)ip->src_addr + ip->dst_addr +
		   sim_be16((uint16_t)ip->next_proto_id) + sim_be16((uint16_t)(tl - ihl)), r, at);
}

/* The IPv6 header at @p off, its extension headers, and the datagram's L4 header. */
static __rte_always_inline void
sim_l34_ipv6(const uint8_t *frame, uint32_t len, uint32_t off, struct sim_l34 *r,
	     struct sim_csum_at *at)
{
	const struct rte_ipv6_hdr *ip6 = (const struct rte_ipv6_hdr *)(frame + off);
	uint32_t l4_off, end, l4_len;
	uint64_t phdr = 0;
	int proto;

	if (off + sizeof(*ip6) > len ||
	    (rte_be_to_cpu_32(ip6->vtc_flow) >> 28) != 6)
		return;
	r->v6 = true;
	r->l3_off = (uint16_t)off;
	r->hdr_len = (uint16_t)(off + sizeof(*ip6));
	end = off + (uint32_t)sizeof(*ip6) + sim_be16(ip6->payload_len);
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
	/* pseudo-header (RFC 8200 §8.1): addresses, upper-layer length, next header; 32-bit
	 * words summed in 64 bits cannot carry out, and fold as the 16-bit ones would */
	for (unsigned int i = 0; i < 8; i++) {
		uint32_t w;

		memcpy(&w, ip6->src_addr + 4 * i, sizeof(w));
		phdr += w;
	}
	l4_len = end - l4_off;
	phdr += sim_be16((uint16_t)(l4_len >> 16)) + sim_be16((uint16_t)l4_len) +
		sim_be16((uint16_t)proto);
	sim_l34_l4(frame, l4_off, l4_len, (uint8_t)proto, phdr, r, at);
}

/**
 * Parse the L3 header of ethertype @p et at @p off of a frame of @p len bytes (VLAN tag, if
 * any, before @p off) and what follows; in @p at, the checksums found, for sim_csum_verify().
 */
static __rte_always_inline void
sim_l34_parse(const uint8_t *frame, uint32_t len, uint32_t off, uint16_t et, struct sim_l34 *l,
	      struct sim_csum_at *at)
{
	l->l3_off = l->l4_off = l->hdr_len = 0;
	l->proto = 0;
	l->v4 = l->v6 = false;
	at->ihl = 0;
	at->l4_len = 0;
	if (et == RTE_ETHER_TYPE_IPV4)
		sim_l34_ipv4(frame, len, off, l, at);
	else if (et == RTE_ETHER_TYPE_IPV6)
		sim_l34_ipv6(frame, len, off, l, at);
}

/*
 * The fast path of sim_l34_parse() and sim_csum_verify() together, for the common frame: IPv4
 * without options (first byte 0x45) at @p off, its total length within the frame, not a
 * fragment, carrying a TCP header (data offset 5 to the segment's length) or a UDP one. Its
 * fields are at fixed offsets, the IPv4 header's words are loaded once for its checksum and
 * the pseudo-header, and nothing goes through struct sim_csum_at. @return false, @p l and
 * @p ck untouched, for any other frame (the general path then decides: IP options, IPv6,
 * fragments, inconsistent lengths, other protocols). The same results as the general path:
 * tests/unit/sim_dp/test_sim_rx_memo.c (test_rx_fast_path_equivalent) compares them on varied
 * frames. In @p run, the L4 checksum's run (len 0 when none is verified).
 */
static __rte_always_inline bool
sim_l34_ipv4_plain(const uint8_t *frame, uint32_t len, uint32_t off, uint16_t et,
		   struct sim_l34 *l, struct sim_csum_res *ck, struct sim_csum_run *run)
{
	const uint8_t *ip = frame + off;
	const uint8_t *l4 = ip + sizeof(struct rte_ipv4_hdr);
	uint32_t src, dst, tl, l4_len, hl;
	uint16_t tl_be, frag, field;
	uint64_t q0, q1, phdr;
	uint8_t proto;
	bool zero_ok;

	if (et != RTE_ETHER_TYPE_IPV4 || off + sizeof(struct rte_ipv4_hdr) > len || ip[0] != 0x45)
		return false;
	memcpy(&tl_be, ip + offsetof(struct rte_ipv4_hdr, total_length), sizeof(tl_be));
	memcpy(&frag, ip + offsetof(struct rte_ipv4_hdr, fragment_offset), sizeof(frag));
	tl = sim_be16(tl_be);
	if (tl < sizeof(struct rte_ipv4_hdr) || off + tl > len ||
	    (frag & rte_cpu_to_be_16(RTE_IPV4_HDR_MF_FLAG | RTE_IPV4_HDR_OFFSET_MASK)))
		return false;
	l4_len = tl - (uint32_t)sizeof(struct rte_ipv4_hdr);
	proto = ip[offsetof(struct rte_ipv4_hdr, next_proto_id)];
	if (proto == IPPROTO_TCP) {
		if (l4_len < sizeof(struct rte_tcp_hdr))
			return false;
		hl = (uint32_t)(l4[offsetof(struct rte_tcp_hdr, data_off)] >> 4) * 4;
		if (hl < sizeof(struct rte_tcp_hdr) || hl > l4_len)
			return false;
		memcpy(&field, l4 + offsetof(struct rte_tcp_hdr, cksum), sizeof(field));
		zero_ok = false;
	} else if (proto == IPPROTO_UDP) {
		if (l4_len < sizeof(struct rte_udp_hdr))
			return false;
		hl = sizeof(struct rte_udp_hdr);
		memcpy(&field, l4 + offsetof(struct rte_udp_hdr, dgram_cksum), sizeof(field));
		zero_ok = true;
	} else {
		return false;
	}
	l->l3_off = (uint16_t)off;
	l->l4_off = (uint16_t)(off + sizeof(struct rte_ipv4_hdr));
	l->hdr_len = (uint16_t)(off + sizeof(struct rte_ipv4_hdr) + hl);
	l->proto = proto;
	l->v4 = true;
	l->v6 = false;
	/* the header's checksum over its 20 bytes; the addresses are its last 8 */
	memcpy(&q0, ip, sizeof(q0));
	memcpy(&q1, ip + 8, sizeof(q1));
	memcpy(&src, ip + offsetof(struct rte_ipv4_hdr, src_addr), sizeof(src));
	memcpy(&dst, ip + offsetof(struct rte_ipv4_hdr, dst_addr), sizeof(dst));
	ck->ip_err = !sim_csum_ok(sim_csum_add(sim_csum_add(q0, q1), dst));
	/* as sim_l34_ipv4() sums the pseudo-header, then sim_csum_verify() the segment (at
	 * least 8 bytes: a TCP or UDP header) */
	ck->l4_checked = !(field == 0 && zero_ok);
	ck->l4_err = false;
	run->len = 0;
	if (ck->l4_checked) {
		phdr = (uint64_t)src + dst + sim_be16((uint16_t)proto) +
		       sim_be16((uint16_t)l4_len);
		ck->l4_err = !sim_csum_ok(sim_csum_sum8(l4, l4_len, phdr));
		run->phdr = phdr;
		run->len = l4_len;
	}
	return true;
}

#endif /* SIM_DATAPLANE_PARSE_H */
