/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * RX classification of the 8100 model: §12.1 (MAC protocol address tables: CAM,
 * multicast, VLAN, multicast filter), §12.3 (the 16 NIC-queue routing slots and their
 * destinations), §2.15 (NIC_RCV_CFG VLAN mode, RV, default CQ), §6.5 (RSS), §7.7 (completion
 * flags: TE/NU/IE, M, B, P, V, ERR, U/T, RSS type, V4/V6), §16.13-16.14.
 *
 * One frame in, one verdict out; buffer placement, completions and interrupts are the core's.
 * Order of the decision (docs/model-dataplane.md):
 *  1. L2: the 802.1Q tag, the ethertype, MAC errors (oversize, injected);
 *  2. address match: CAM (unicast, this function's entries), broadcast, multicast table
 *     (registered) and multicast filter (hash);
 *  3. the VLAN mode of NIC_RCV_CFG with the VLAN table: a frame it rejects is dropped here;
 *  4. L3/L4: IPv4/IPv6 (with extension headers), TCP/UDP, the IPv4 header and TCP/UDP
 *     checksums;
 *  5. RSS type and hash for the enabled types;
 *  6. routing: NIC-queue slots 0-15 in order, the first enabled slot whose mask has a bit of the
 *     frame's classification bits (inverted type: none of them) decides; no slot = dropped.
 */

#include <errno.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_tcp.h>
#include <rte_udp.h>

#include "sim_dp.h"
#include "base/log.h"

#define SIM_RX_MAX_FRAME_DEFAULT	QLXGE_MAX_FRAME_SIZE
#define SIM_RX_MAX_V6_EXT		8	/* IPv6 extension headers followed at most */

/* ==== MAC protocol address tables (§12.1) ================================================= */

/* 48-bit address m[0]..m[5] of a frame's first 8 bytes (any frame here has 14 or more). */
static inline uint64_t
sim_mac_u64_frame(const uint8_t *m)
{
	uint64_t x;

	memcpy(&x, m, sizeof(x));
	return rte_be_to_cpu_64(x) >> 16;
}

/* Address of a CAM or multicast entry: word 0 = bytes 2..5, word 1 = bytes 0..1. */
static inline uint64_t
sim_mac_entry_addr(const uint32_t *w)
{
	return ((uint64_t)(w[1] & 0xFFFFu) << 32) | (uint64_t)w[0];
}

void
sim_mac_tables_sync(struct sim_mac_tables *t)
{
	t->cam_live_n = 0;
	for (unsigned int i = 0; i < QLXGE_CAM_ENTRIES; i++) {
		t->cam_addr[i] = sim_mac_entry_addr(t->cam[i]);
		/* an all-zero address is how the drivers clear an entry (§12.1) */
		if (t->cam_addr[i] != 0)
			t->cam_live[t->cam_live_n++] = (uint16_t)i;
	}
	t->mcast_live = 0;
	for (unsigned int i = 0; i < QLXGE_MCAST_ENTRIES; i++) {
		t->mcast_addr[i] = sim_mac_entry_addr(t->mcast[i]);
		if (t->mcast_en[i] && t->mcast_addr[i] != 0)
			t->mcast_live |= 1u << i;
	}
	t->mcast_filter_n = 0;
	for (unsigned int i = 0; i < QLXGE_MCAST_FLTR_ENTRIES; i++)
		t->mcast_filter_n += t->mcast_filter_en[i] != 0;
}

void
sim_mac_tables_reset(struct sim_mac_tables *t)
{
	memset(t, 0, sizeof(*t));
}

/* Type, index and offset of an index word; -EINVAL/-ENOTSUP for what is not modelled. */
static int
sim_mac_idx_decode(uint32_t idx_word, unsigned int *type, unsigned int *index,
		   unsigned int *offset)
{
	static const struct { uint16_t entries; uint8_t words; } sizes[] = {
		[0] = { QLXGE_CAM_ENTRIES, QLXGE_CAM_WORDS },
		[1] = { QLXGE_MCAST_ENTRIES, QLXGE_MCAST_WORDS },
		[2] = { QLXGE_VLAN_ENTRIES, 1 },
		[3] = { QLXGE_MCAST_FLTR_ENTRIES, 1 },
	};

	*type = (idx_word & QLXGE_MAC_ADDR_IDX_TYPE_MASK) >> QLXGE_MAC_ADDR_IDX_TYPE_SHIFT;
	*index = (idx_word & QLXGE_MAC_ADDR_IDX_INDEX_MASK) >> QLXGE_MAC_ADDR_IDX_INDEX_SHIFT;
	*offset = (idx_word & QLXGE_MAC_ADDR_IDX_OFFSET_MASK) >> QLXGE_MAC_ADDR_IDX_OFFSET_SHIFT;
	if (*type >= RTE_DIM(sizes))
		return -ENOTSUP;
	if (*index >= sizes[*type].entries || *offset >= sizes[*type].words)
		return -EINVAL;
	return 0;
}

static void
sim_mac_enable_set(struct sim_mac_tables *t, unsigned int type, unsigned int index, bool en)
{
	if (type == 2) {
		t->vlan_en[index] = en;
	} else {
		if (t->mcast_filter_en[index] != en)
			t->mcast_filter_n += en ? 1 : -1;
		t->mcast_filter_en[index] = en;
	}
}

int
sim_mac_tables_idx_write(struct sim_mac_tables *t, uint32_t idx_word)
{
	unsigned int type, index, offset;
	int ret = sim_mac_idx_decode(idx_word, &type, &index, &offset);

	if (ret != 0)
		return ret;
	if (idx_word & QLXGE_MAC_ADDR_IDX_RS)
		return 0;	/* a read request changes nothing */
	if (type == 2 || type == 3)
		sim_mac_enable_set(t, type, index, (idx_word & QLXGE_MAC_ADDR_IDX_E) != 0);
	return 0;
}

int
sim_mac_tables_data_write(struct sim_mac_tables *t, uint32_t idx_word, uint32_t data)
{
	unsigned int type, index, offset;
	int ret = sim_mac_idx_decode(idx_word, &type, &index, &offset);
	bool en = (idx_word & QLXGE_MAC_ADDR_IDX_E) != 0;

	if (ret != 0)
		return ret;
	switch (type) {
	case 0: {
		bool was_live = t->cam_addr[index] != 0;
		bool live;

		t->cam[index][offset] = data;
		t->cam_addr[index] = sim_mac_entry_addr(t->cam[index]);
		live = t->cam_addr[index] != 0;
		if (live != was_live) {
			/* keep the live list ascending (lower index first on multiple hits) */
			uint16_t n = 0;

			for (unsigned int i = 0; i < QLXGE_CAM_ENTRIES; i++)
				if (t->cam_addr[i] != 0)
					t->cam_live[n++] = (uint16_t)i;
			t->cam_live_n = n;
		}
		break;
	}
	case 1:
		t->mcast[index][offset] = data;
		t->mcast_en[index] = en;
		t->mcast_addr[index] = sim_mac_entry_addr(t->mcast[index]);
		if (en && t->mcast_addr[index] != 0)
			t->mcast_live |= 1u << index;
		else
			t->mcast_live &= ~(1u << index);
		break;
	default:
		sim_mac_enable_set(t, type, index, en);
		break;
	}
	return 0;
}

int
sim_mac_tables_read(const struct sim_mac_tables *t, uint32_t idx_word, uint32_t *data)
{
	unsigned int type, index, offset;
	int ret = sim_mac_idx_decode(idx_word, &type, &index, &offset);

	*data = 0;
	if (ret != 0)
		return ret;
	switch (type) {
	case 0:
		*data = t->cam[index][offset];
		break;
	case 1:
		*data = t->mcast[index][offset];
		break;
	case 2:
		*data = t->vlan_en[index] ? 1 : 0;
		break;
	default:
		*data = t->mcast_filter_en[index] ? 1 : 0;
		break;
	}
	return 0;
}

/* ==== Routing table (§12.3) ================================================================ */

void
sim_route_reset(struct sim_route_table *rt)
{
	memset(rt, 0, sizeof(*rt));
	for (unsigned int type = 0; type < SIM_RT_TYPES; type++)
		for (unsigned int slot = 0; slot < SIM_RT_SLOTS; slot++)
			rt->idx[type][slot] = (type << QLXGE_RT_IDX_TYPE_SHIFT) |
					      (slot << QLXGE_RT_IDX_IDX_SHIFT);
}

void
sim_route_sync(struct sim_route_table *rt)
{
	rt->nicq_en = 0;
	for (unsigned int slot = 0; slot < SIM_RT_SLOTS; slot++) {
		if (rt->idx[2][slot] & QLXGE_RT_IDX_E)
			rt->nicq_en |= 1u << slot;
		if (rt->idx[3][slot] & QLXGE_RT_IDX_E)
			rt->nicq_en |= 1u << (slot + 16);
	}
}

static int
sim_route_decode(uint32_t idx_word, unsigned int *type, unsigned int *slot)
{
	*type = (idx_word & QLXGE_RT_IDX_TYPE_MASK) >> QLXGE_RT_IDX_TYPE_SHIFT;
	*slot = (idx_word & QLXGE_RT_IDX_IDX_MASK) >> QLXGE_RT_IDX_IDX_SHIFT;
	if (*type >= SIM_RT_TYPES)
		return -EINVAL;
	if (*type < 2 && *slot >= QLXGE_RT_RT_SLOTS)
		return -EINVAL;
	return 0;
}

int
sim_route_write(struct sim_route_table *rt, uint32_t idx_word, uint32_t data)
{
	unsigned int type, slot;

	if (sim_route_decode(idx_word, &type, &slot) != 0)
		return -EINVAL;
	rt->idx[type][slot] = idx_word & ~(QLXGE_RT_IDX_MW | QLXGE_RT_IDX_MR | QLXGE_RT_IDX_RS);
	rt->data[type][slot] = data;
	if (type >= 2) {
		uint32_t bit = 1u << (slot + (type == 3 ? 16 : 0));

		if (idx_word & QLXGE_RT_IDX_E)
			rt->nicq_en |= bit;
		else
			rt->nicq_en &= ~bit;
	}
	return 0;
}

int
sim_route_read(const struct sim_route_table *rt, uint32_t idx_word, uint32_t *data)
{
	unsigned int type, slot;

	*data = 0;
	if (sim_route_decode(idx_word, &type, &slot) != 0)
		return -EINVAL;
	*data = rt->data[type][slot];
	return 0;
}

/* ==== Frame classification ================================================================= */

/* Index of a multicast address in the 4096-entry filter: the low 12 bits of the Ethernet CRC-32
 * (reflected, polynomial 0xEDB88320) of the six address bytes. The hardware's hash is not in
 * the sources; neither driver uses this table (docs/model-dataplane.md). */
static unsigned int
sim_rx_mcast_hash(const uint8_t *mac)
{
	uint32_t crc = 0xFFFFFFFFu;

	for (unsigned int i = 0; i < RTE_ETHER_ADDR_LEN; i++) {
		crc ^= mac[i];
		for (unsigned int b = 0; b < 8; b++)
			crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
	}
	return (~crc) & (QLXGE_MCAST_FLTR_ENTRIES - 1);
}

/*
 * Multicast address match (§12.1): registered table, then the hash filter. Returns the
 * classification bits and sets M in @p flags1. Out of line: the unicast path stays small.
 */
static __rte_noinline uint32_t
sim_rx_mcast(const struct sim_mac_tables *mt, const uint8_t *frame, uint64_t a, uint8_t *flags1)
{
	bool reg_match = false, hash_match = false;
	uint32_t bits = QLXGE_RT_DATA_MCAST;

	for (uint32_t live = mt->mcast_live; live != 0; live &= live - 1) {
		if (mt->mcast_addr[rte_bsf32(live)] == a) {
			reg_match = true;
			break;
		}
	}
	if (mt->mcast_filter_n != 0 && mt->mcast_filter_en[sim_rx_mcast_hash(frame)])
		hash_match = true;
	if (reg_match)
		bits |= QLXGE_RT_DATA_MCAST_REG_MATCH;
	if (hash_match)
		bits |= QLXGE_RT_DATA_MCAST_HASH_MATCH;
	if (reg_match || hash_match)
		bits |= QLXGE_RT_DATA_MCAST_MATCH | QLXGE_RT_DATA_BCAST_MCAST_MATCH;
	*flags1 |= reg_match ? QLXGE_IB_MAC_FLAGS1_M_REG :
		   hash_match ? QLXGE_IB_MAC_FLAGS1_M_HASH : QLXGE_IB_MAC_FLAGS1_M_PROM;
	return bits;
}

/*
 * Big-endian <-> CPU 16-bit swap the compiler can see through (DPDK's x86 swap is an asm
 * statement: it cannot be folded or scheduled, and it is on every frame's path here).
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

/* One's-complement 64-bit add: the carry out of bit 63 comes back in at bit 0. */
static inline uint64_t
sim_rx_add(uint64_t sum, uint64_t x)
{
	sum += x;
	return sum + (sum < x);
}

/*
 * One's-complement sum of @p len bytes in CPU order, as rte_raw_cksum() computes it, 8 bytes
 * per step (the 2-byte steps of rte_raw_cksum() were a third of the cost of classifying a small
 * frame). A one's-complement sum of 64-bit words folds to the same 16-bit value as the sum of
 * its 16-bit words (2^16 = 1 modulo 0xFFFF; the end-around fold gives the same representative,
 * 0 only for an all-zero input). Unfolded: add more, then sim_rx_fold64().
 */
static inline uint64_t
sim_rx_sum(const uint8_t *p, uint32_t len, uint64_t sum)
{
	uint64_t q;
	uint32_t w;
	uint16_t h;

	for (; len >= 16; p += 16, len -= 16) {
		uint64_t q1;

		memcpy(&q, p, sizeof(q));
		memcpy(&q1, p + 8, sizeof(q1));
		sum = sim_rx_add(sim_rx_add(sum, q), q1);
	}
	if (len >= 8) {
		memcpy(&q, p, sizeof(q));
		sum = sim_rx_add(sum, q);
		p += 8;
		len -= 8;
	}
	if (len >= 4) {
		memcpy(&w, p, sizeof(w));
		sum = sim_rx_add(sum, w);
		p += 4;
		len -= 4;
	}
	if (len >= 2) {
		memcpy(&h, p, sizeof(h));
		sum = sim_rx_add(sum, h);
		p += 2;
		len -= 2;
	}
	/* the last odd byte, as the first byte of a zero-padded 16-bit word */
#if RTE_BYTE_ORDER == RTE_LITTLE_ENDIAN
	if (len != 0)
		sum = sim_rx_add(sum, *p);
#else
	if (len != 0)
		sum = sim_rx_add(sum, (uint64_t)*p << 8);
#endif
	return sum;
}

/* Fold a 64-bit one's-complement sum to 16 bits (end-around carry at each step). */
static inline uint16_t
sim_rx_fold64(uint64_t sum)
{
	uint32_t s32 = (uint32_t)sum;

	s32 += (uint32_t)(sum >> 32);
	s32 += s32 < (uint32_t)(sum >> 32);
	s32 = (s32 >> 16) + (s32 & 0xFFFFu);
	s32 = (s32 >> 16) + (s32 & 0xFFFFu);
	return (uint16_t)s32;
}

/* L3/L4 facts of a frame. */
struct sim_rx_l34 {
	uint16_t l3_off, l4_off, hdr_len;
	uint8_t proto;		/* IPPROTO_TCP / IPPROTO_UDP when L4 is usable, else 0 */
	bool v4, v6;
	bool ip_err;		/* IPv4 header checksum bad */
	bool l4_checked;	/* a TCP/UDP checksum was verified */
	bool l4_err;
};

static inline void
sim_rx_parse_l4(const uint8_t *frame, uint32_t len, uint32_t l4_off, uint32_t l4_len,
		uint8_t proto, uint64_t phdr_sum, struct sim_rx_l34 *r)
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
	r->l4_err = sim_rx_fold64(sim_rx_sum(l4, l4_len, phdr_sum)) != 0xFFFF;
}

static void
sim_rx_parse_ipv4(const uint8_t *frame, uint32_t len, uint32_t off, struct sim_rx_l34 *r)
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
		r->ip_err = sim_rx_fold64(sim_rx_add(sim_rx_add(q0, q1), w)) != 0xFFFF;
	} else {
		r->ip_err = sim_rx_fold64(sim_rx_sum((const uint8_t *)ip, ihl, 0)) != 0xFFFF;
	}
	tl = sim_be16(ip->total_length);
	if (tl < ihl || off + tl > len)
		return;	/* inconsistent length: L4 not verified */
	if (ip->fragment_offset &
	    sim_be16(RTE_IPV4_HDR_MF_FLAG | RTE_IPV4_HDR_OFFSET_MASK))
		return;	/* a fragment: no L4 header to verify */
	/* pseudo-header (rte_ipv4_phdr_cksum()): addresses, protocol, L4 length, in CPU order */
	sim_rx_parse_l4(frame, len, off + ihl, tl - ihl, ip->next_proto_id,
			(uint64_t)ip->src_addr + ip->dst_addr +
			sim_be16((uint16_t)ip->next_proto_id) +
			sim_be16((uint16_t)(tl - ihl)), r);
}

static void
sim_rx_parse_ipv6(const uint8_t *frame, uint32_t len, uint32_t off, struct sim_rx_l34 *r)
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
	for (int i = 0; i < SIM_RX_MAX_V6_EXT && proto != IPPROTO_TCP && proto != IPPROTO_UDP;
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
	phdr = sim_rx_sum(ip6->src_addr, 32, 0);
	phdr = sim_rx_add(phdr, sim_be16((uint16_t)((end - l4_off) >> 16)));
	phdr = sim_rx_add(phdr, sim_be16((uint16_t)(end - l4_off)));
	phdr = sim_rx_add(phdr, sim_be16((uint16_t)proto));
	sim_rx_parse_l4(frame, len, l4_off, end - l4_off, (uint8_t)proto, phdr, r);
}

/* RSS type and hash for the enabled types (§6.5); 0 = no RSS. */
static uint8_t
sim_rx_rss(const struct sim_rss_state *rss, const uint8_t *frame, const struct sim_rx_l34 *l,
	   uint32_t *hash)
{
	bool tcp = l->proto == IPPROTO_TCP;

	if (rss == NULL || !rss->loaded)
		return SIM_RSS_TYPE_NONE;
	if (l->v4) {
		const uint8_t *addrs = frame + l->l3_off + offsetof(struct rte_ipv4_hdr, src_addr);

		if (tcp && (rss->flags & QLXGE_RSS_ICB_RT4)) {
			*hash = sim_rss_hash_bytes(rss->v4_tbl, 0, addrs, 8) ^
				sim_rss_hash_bytes(rss->v4_tbl, 8, frame + l->l4_off, 4);
			return SIM_RSS_TYPE_TCP_IPV4;
		}
		if (rss->flags & QLXGE_RSS_ICB_RI4) {
			*hash = sim_rss_hash_bytes(rss->v4_tbl, 0, addrs, 8);
			return SIM_RSS_TYPE_IPV4;
		}
	} else if (l->v6) {
		const uint8_t *addrs = frame + l->l3_off + offsetof(struct rte_ipv6_hdr, src_addr);

		if (tcp && (rss->flags & QLXGE_RSS_ICB_RT6)) {
			*hash = sim_rss_hash_bytes(rss->v6_tbl, 0, addrs, 32) ^
				sim_rss_hash_bytes(rss->v6_tbl, 32, frame + l->l4_off, 4);
			return SIM_RSS_TYPE_TCP_IPV6;
		}
		if (rss->flags & QLXGE_RSS_ICB_RI6) {
			*hash = sim_rss_hash_bytes(rss->v6_tbl, 0, addrs, 32);
			return SIM_RSS_TYPE_IPV6;
		}
	}
	return SIM_RSS_TYPE_NONE;
}

/* Does the frame pass the NIC_RCV_CFG VLAN mode (§2.15)? */
static bool
sim_rx_vlan_pass(uint32_t nic_rcv_cfg, bool tagged, bool match)
{
	switch (nic_rcv_cfg & QLXGE_NIC_RCV_CFG_VLAN_MASK) {
	case QLXGE_NIC_RCV_CFG_VLAN_ALL:
		return true;
	case QLXGE_NIC_RCV_CFG_VLAN_MATCH_ONLY:
		return tagged && match;
	case QLXGE_NIC_RCV_CFG_VLAN_MATCH_AND_NON:
		return !tagged || match;
	default:	/* NONE_AND_NON (FreeBSD REJECT): untagged frames only */
		return !tagged;
	}
}

/* First NIC-queue slot that takes the frame (§12.3); lower slots win, and in one slot the
 * NIC-queue type (2) before the inverted one (3). Only enabled slots are visited. */
static unsigned int
sim_rx_route(const struct sim_route_table *rt, uint32_t bits, uint32_t *idx_word)
{
	uint32_t en = rt->nicq_en;

	/* fold the inverted-type bits onto their slot: visit slots in order */
	for (uint32_t slots = (en | (en >> 16)) & 0xFFFFu; slots != 0; slots &= slots - 1) {
		unsigned int slot = rte_bsf32(slots);

		if ((en & (1u << slot)) && (rt->data[2][slot] & bits)) {
			*idx_word = rt->idx[2][slot];
			return slot;
		}
		if ((en & (1u << (slot + 16))) && !(rt->data[3][slot] & bits)) {
			*idx_word = rt->idx[3][slot];
			return slot;
		}
	}
	return SIM_RX_SLOT_NONE;
}

int
sim_rx_classify_ex(const struct sim_rx_ctx *ctx, const uint8_t *frame, uint32_t len,
		   uint8_t mac_err, struct sim_rx_verdict *v)
{
	const struct sim_mac_tables *mt;
	struct sim_rx_l34 l = { 0 };
	uint32_t bits = 0, max_frame, idx_word = 0, cam_out = 0;
	uint32_t off = RTE_ETHER_HDR_LEN;
	uint16_t et;
	bool tagged, bcast, mcast, cam_hit = false;
	uint64_t dst;
	uint8_t rss_type;
	uint8_t dflt_cq;

	if (unlikely(ctx == NULL || ctx->mac == NULL || ctx->rt == NULL || frame == NULL ||
		     v == NULL))
		return -EINVAL;
	memset(v, 0, sizeof(*v));
	v->slot = SIM_RX_SLOT_NONE;
	if (len < RTE_ETHER_HDR_LEN) {
		v->drop = SIM_RX_DROP_RUNT;
		return v->drop;
	}
	mt = ctx->mac;
	max_frame = ctx->max_frame != 0 ? ctx->max_frame : SIM_RX_MAX_FRAME_DEFAULT;
	dflt_cq = (uint8_t)((ctx->nic_rcv_cfg & QLXGE_NIC_RCV_CFG_DFQ_MASK) >>
			    QLXGE_NIC_RCV_CFG_DFQ_SHIFT);

	/* ---- L2 ---- */
	et = (uint16_t)((frame[12] << 8) | frame[13]);
	tagged = et == RTE_ETHER_TYPE_VLAN && len >= RTE_ETHER_HDR_LEN + 4;
	if (tagged) {
		v->vlan_tci = (uint16_t)((frame[14] << 8) | frame[15]);
		et = (uint16_t)((frame[16] << 8) | frame[17]);
		off += 4;
		v->flags2 |= QLXGE_IB_MAC_FLAGS2_V;
		bits |= QLXGE_RT_DATA_VLAN_TAG;
		if (mt->vlan_en[v->vlan_tci & QLXGE_IB_MAC_VLAN_ID_MASK])
			bits |= QLXGE_RT_DATA_VLAN_MATCH;
	}
	if (len > max_frame)
		mac_err = QLXGE_IB_MAC_FLAGS2_ERR_OVERSIZE;
	if (et < 0x0600u)	/* a length: IEEE 802.3 frame */
		bits |= QLXGE_RT_DATA_802_3;
	else if (et == RTE_ETHER_TYPE_LLDP)
		bits |= QLXGE_RT_DATA_LLDP;

	/* ---- address match ---- */
	dst = sim_mac_u64_frame(frame);
	bcast = dst == 0xFFFFFFFFFFFFull;
	mcast = !bcast && (frame[0] & 1u);
	if (bcast) {
		bits |= QLXGE_RT_DATA_BCAST | QLXGE_RT_DATA_BCAST_MCAST_MATCH;
		v->flags1 |= QLXGE_IB_MAC_FLAGS1_B;
	} else if (mcast) {
		bits |= sim_rx_mcast(mt, frame, dst, &v->flags1);
	} else {
		uint64_t a = dst;

		for (unsigned int i = 0; i < mt->cam_live_n; i++) {
			unsigned int idx = mt->cam_live[i];
			uint32_t out, f;

			if (mt->cam_addr[idx] != a)
				continue;
			out = mt->cam[idx][QLXGE_CAM_WORD_OUTPUT];
			f = (out & QLXGE_CAM_OUT_FUNC_MASK) >> QLXGE_CAM_OUT_FUNC_SHIFT;
			/* NIC entries of this function: Linux writes the PCI function, FreeBSD
			 * the port (func & 1) */
			if (!(out & QLXGE_CAM_OUT_ROUTE_NIC) ||
			    (f != (ctx->func & 3u) && f != (ctx->port & 1u)))
				continue;
			cam_hit = true;
			cam_out = out;
			bits |= QLXGE_RT_DATA_CAM_HIT;
			break;
		}
		if (!cam_hit)
			v->flags2 |= QLXGE_IB_MAC_FLAGS2_P;
	}

	/* ---- VLAN policy: a pre-routing filter ---- */
	if (!sim_rx_vlan_pass(ctx->nic_rcv_cfg, tagged, (bits & QLXGE_RT_DATA_VLAN_MATCH) != 0)) {
		v->rt_bits = bits;
		v->drop = SIM_RX_DROP_VLAN;
		SIM_TRACE(rx, drop_vlan, "port %u tci 0x%04x", ctx->port, v->vlan_tci);
		return v->drop;
	}
	bits |= QLXGE_RT_DATA_VLAN_FILTER;
	if (tagged && ((ctx->nic_rcv_cfg & QLXGE_NIC_RCV_CFG_RV) ||
		       (cam_hit && (cam_out & QLXGE_CAM_OUT_RV))))
		v->strip_vlan = true;

	/* ---- L3/L4 and checksums ---- */
	if (et == RTE_ETHER_TYPE_IPV4)
		sim_rx_parse_ipv4(frame, len, off, &l);
	else if (et == RTE_ETHER_TYPE_IPV6)
		sim_rx_parse_ipv6(frame, len, off, &l);
	if (l.v4)
		v->flags3 |= QLXGE_IB_MAC_FLAGS3_V4;
	if (l.v6)
		v->flags3 |= QLXGE_IB_MAC_FLAGS3_V6;
	if (l.proto == IPPROTO_TCP)
		v->flags2 |= QLXGE_IB_MAC_FLAGS2_T;
	else if (l.proto == IPPROTO_UDP)
		v->flags2 |= QLXGE_IB_MAC_FLAGS2_U;
	if (l.ip_err) {
		v->flags1 |= QLXGE_IB_MAC_FLAGS1_IE;
		bits |= QLXGE_RT_DATA_IP_CSUM_ERR | QLXGE_RT_DATA_ERR;
	}
	if (!l.l4_checked) {
		v->flags1 |= QLXGE_IB_MAC_FLAGS1_NU;
	} else if (l.l4_err) {
		v->flags1 |= QLXGE_IB_MAC_FLAGS1_TE;
		bits |= QLXGE_RT_DATA_TU_CSUM_ERR | QLXGE_RT_DATA_ERR;
	}
	if (mac_err != 0) {
		v->flags2 |= mac_err & QLXGE_IB_MAC_FLAGS2_ERR_MASK;
		bits |= QLXGE_RT_DATA_MAC_ERR | QLXGE_RT_DATA_ERR;
	} else {
		bits |= QLXGE_RT_DATA_VALID;
	}
	v->l3_off = l.l3_off;
	v->l4_off = l.l4_off;
	v->hdr_len = l.hdr_len;
	v->split = (ctx->fsc & QLXGE_FSC_SH) &&
		   ((ctx->splt_hdr & QLXGE_SPLT_HDR_EP) || (cam_out & QLXGE_CAM_OUT_SH));

	/* ---- RSS ---- */
	rss_type = sim_rx_rss(ctx->rss, frame, &l, &v->rss_hash);
	if (rss_type != SIM_RSS_TYPE_NONE) {
		static const uint32_t rss_bits[8] = {
			[SIM_RSS_TYPE_IPV4] = QLXGE_RT_DATA_RSS_IPV4,
			[SIM_RSS_TYPE_TCP_IPV4] = QLXGE_RT_DATA_RSS_TCP4,
			[SIM_RSS_TYPE_IPV6] = QLXGE_RT_DATA_RSS_IPV6,
			[SIM_RSS_TYPE_TCP_IPV6] = QLXGE_RT_DATA_RSS_TCP6,
		};

		v->flags3 |= rss_type;
		bits |= QLXGE_RT_DATA_RSS_MATCH | rss_bits[rss_type];
	}
	v->rt_bits = bits;

	/* ---- routing ---- */
	v->slot = (uint8_t)sim_rx_route(ctx->rt, bits, &idx_word);
	if (v->slot == SIM_RX_SLOT_NONE) {
		v->drop = mac_err == QLXGE_IB_MAC_FLAGS2_ERR_OVERSIZE ? SIM_RX_DROP_OVERSIZE :
			  SIM_RX_DROP_FILTER;
		SIM_TRACE(rx, drop_filter, "port %u bits 0x%08x", ctx->port, bits);
		return v->drop;
	}
	v->dest = (uint8_t)((idx_word & QLXGE_RT_IDX_DST_MASK) >> QLXGE_RT_IDX_DST_SHIFT);
	switch (idx_word & QLXGE_RT_IDX_DST_MASK) {
	case QLXGE_RT_IDX_DST_DROP:
		v->drop = mac_err == QLXGE_IB_MAC_FLAGS2_ERR_OVERSIZE ? SIM_RX_DROP_OVERSIZE :
			  SIM_RX_DROP_SLOT;
		SIM_TRACE(rx, drop_slot, "port %u slot %u bits 0x%08x", ctx->port, v->slot, bits);
		return v->drop;
	case QLXGE_RT_IDX_DST_RSS:
		v->cq_id = ctx->rss != NULL ? sim_rss_cq(ctx->rss, v->rss_hash) : dflt_cq;
		break;
	case QLXGE_RT_IDX_DST_CAM_Q:
		v->cq_id = cam_hit ? (uint8_t)((cam_out & QLXGE_CAM_OUT_CQ_ID_MASK) >>
					       QLXGE_CAM_OUT_CQ_ID_SHIFT) : dflt_cq;
		break;
	default:	/* default queue; CoS and destination queues are not modelled */
		v->cq_id = dflt_cq;
		break;
	}
	return SIM_RX_DELIVER;
}

int
sim_rx_classify(const struct sim_rx_ctx *ctx, const uint8_t *frame, uint32_t len,
		struct sim_rx_verdict *v)
{
	return sim_rx_classify_ex(ctx, frame, len, 0, v);
}
