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
	bool ip_err;		/* IPv4 header checksum bad */
	bool l4_checked;	/* a TCP/UDP checksum was verified */
	bool l4_err;
	/* asked for (an injected fault): the same frame with its TCP/UDP checksum field's bytes
	 * XORed with 5A A5, as the RX engine would verify it */
	uint16_t flip_at;	/* offset of the checksum field; 0 = no TCP/UDP header */
	bool flip_checked;
	bool flip_err;
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

/* The headers parse.h found, for the checksums: where they are and what they sum over. */
struct sim_l34_at {
	const uint8_t *ip;	/* the IPv4 header; NULL: none to verify */
	uint32_t ihl;
	uint32_t l4_off, l4_len;	/* the TCP/UDP header, bytes to the end of the datagram */
	const void *addrs;	/* the pseudo-header's addresses; NULL: no L4 to verify */
	uint32_t addr_len;	/* 8 (IPv4) or 32 (IPv6) */
	uint32_t ck_off;	/* the checksum field in the L4 header */
	bool ck_zero_ok;	/* UDP: a zero field means no checksum */
};

/* The IPv4 header at @p off and the datagram's L4 header. */
static __rte_always_inline void
sim_l34_ipv4(const uint8_t *frame, uint32_t len, uint32_t off, struct sim_l34 *r,
	     struct sim_l34_at *at)
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
	at->ip = (const uint8_t *)ip;
	at->ihl = ihl;
	tl = sim_be16(ip->total_length);
	if (tl < ihl || off + tl > len)
		return;	/* inconsistent length: L4 not verified */
	if (ip->fragment_offset & rte_cpu_to_be_16(RTE_IPV4_HDR_MF_FLAG |
						   RTE_IPV4_HDR_OFFSET_MASK))
		return;	/* a fragment: no L4 header to verify */
	at->l4_off = off + ihl;
	at->l4_len = tl - ihl;
	at->addrs = &ip->src_addr;
	at->addr_len = 8;
	r->proto = ip->next_proto_id;
}

/* The IPv6 header at @p off, its extension headers, and the datagram's L4 header. */
static inline void
sim_l34_ipv6(const uint8_t *frame, uint32_t len, uint32_t off, struct sim_l34 *r,
	     struct sim_l34_at *at)
{
	const struct rte_ipv6_hdr *ip6 = (const struct rte_ipv6_hdr *)(frame + off);
	uint32_t l4_off, end;
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
	at->l4_off = l4_off;
	at->l4_len = end - l4_off;
	at->addrs = ip6->src_addr;
	at->addr_len = 32;
	r->proto = (uint8_t)proto;
}

/* The TCP or UDP header the IP header leads to (r->proto): 0 when none usable. */
static __rte_always_inline void
sim_l34_l4(const uint8_t *frame, struct sim_l34 *r, struct sim_l34_at *at)
{
	const uint8_t *l4 = frame + at->l4_off;
	uint32_t hl;

	if (r->proto == IPPROTO_TCP && at->l4_len >= sizeof(struct rte_tcp_hdr)) {
		hl = (uint32_t)(((const struct rte_tcp_hdr *)l4)->data_off >> 4) * 4;
		if (hl < sizeof(struct rte_tcp_hdr) || hl > at->l4_len)
			goto none;
		at->ck_off = offsetof(struct rte_tcp_hdr, cksum);
		at->ck_zero_ok = false;
	} else if (r->proto == IPPROTO_UDP && at->l4_len >= sizeof(struct rte_udp_hdr)) {
		hl = sizeof(struct rte_udp_hdr);
		at->ck_off = offsetof(struct rte_udp_hdr, dgram_cksum);
		at->ck_zero_ok = true;
	} else {
		goto none;
	}
	r->l4_off = (uint16_t)at->l4_off;
	r->hdr_len = (uint16_t)(at->l4_off + hl);
	return;
none:
	r->proto = 0;
	at->addrs = NULL;
}

/*
 * The checksums of the headers found (§7.7): the IPv4 header's over IHL x 4 bytes; the TCP/UDP
 * one with its pseudo-header, unless a UDP datagram carries none (a zero field); @p flip: also
 * as a corrupted field (XOR 5A A5) would make it.
 */
static __rte_always_inline void
sim_l34_sums(const uint8_t *frame, bool flip, struct sim_l34 *r, const struct sim_l34_at *at)
{
	if (at->ip != NULL) {
		if (likely(at->ihl == sizeof(struct rte_ipv4_hdr))) {
			/* no options: 20 bytes, two 8-byte and one 4-byte word */
			uint64_t q0, q1;
			uint32_t w;

			memcpy(&q0, at->ip, 8);
			memcpy(&q1, at->ip + 8, 8);
			memcpy(&w, at->ip + 16, 4);
			r->ip_err = sim_csum_fold(sim_csum_add(sim_csum_add(q0, q1), w)) != 0xFFFF;
		} else {
			r->ip_err = sim_csum_fold(sim_csum_sum(at->ip, at->ihl, 0)) != 0xFFFF;
		}
	}
	if (at->addrs != NULL) {
		const uint8_t *l4 = frame + at->l4_off;
		uint16_t ck;
		uint64_t sum;

		memcpy(&ck, l4 + at->ck_off, sizeof(ck));
		if (ck == 0 && at->ck_zero_ok && likely(!flip))
			return;	/* no checksum transmitted: nothing verified (NU) */
		/* pseudo-header (rte_ipv4_phdr_cksum(), RFC 8200 §8.1): addresses, upper-layer
		 * length, protocol; the sum is in CPU order, so the big-endian fields are added
		 * the same way */
		if (at->addr_len == 8) {
			memcpy(&sum, at->addrs, 8);	/* IPv4: one word */
		} else {
			sum = sim_csum_sum(at->addrs, at->addr_len, 0);
			sum = sim_csum_add(sum, sim_be16((uint16_t)(at->l4_len >> 16)));
		}
		sum = sim_csum_add(sum, sim_be16((uint16_t)at->l4_len));
		sum = sim_csum_add(sum, sim_be16((uint16_t)r->proto));
		sum = sim_csum_sum(l4, at->l4_len, sum);
		if (ck != 0 || !at->ck_zero_ok) {
			r->l4_checked = true;
			r->l4_err = sim_csum_fold(sum) != 0xFFFF;
		}
		if (unlikely(flip)) {
			const uint8_t fb[2] = { l4[at->ck_off] ^ 0x5A, l4[at->ck_off + 1] ^ 0xA5 };
			uint16_t fck;

			/* the field changes from ck to fck: the sum by fck - ck (RFC 1624) */
			memcpy(&fck, fb, sizeof(fck));
			r->flip_at = (uint16_t)(at->l4_off + at->ck_off);
			r->flip_checked = fck != 0 || !at->ck_zero_ok;
			r->flip_err = sim_csum_fold(sim_csum_add(sim_csum_add(sum, fck),
								 (uint16_t)~ck)) != 0xFFFF;
		}
	}
}

/**
 * Parse the L3 header of ethertype @p et at @p off of a frame of @p len bytes (VLAN tag, if
 * any, before @p off) and what follows, then verify their checksums; @p flip: also report the
 * frame as a corrupted TCP/UDP checksum field would make it (flip_*).
 */
static __rte_always_inline void
sim_l34_parse(const uint8_t *frame, uint32_t len, uint32_t off, uint16_t et, bool flip,
	      struct sim_l34 *l)
{
	struct sim_l34_at at = { .ip = NULL, .addrs = NULL };

	l->l3_off = l->l4_off = l->hdr_len = 0;
	l->proto = 0;
	l->v4 = l->v6 = l->ip_err = l->l4_checked = l->l4_err = false;
	l->flip_at = 0;
	l->flip_checked = l->flip_err = false;
	if (et == RTE_ETHER_TYPE_IPV4)
		sim_l34_ipv4(frame, len, off, l, &at);
	else if (et == RTE_ETHER_TYPE_IPV6)
		sim_l34_ipv6(frame, len, off, l, &at);
	if (at.addrs != NULL)
		sim_l34_l4(frame, l, &at);
	sim_l34_sums(frame, flip, l, &at);
}

#endif /* SIM_DATAPLANE_PARSE_H */
