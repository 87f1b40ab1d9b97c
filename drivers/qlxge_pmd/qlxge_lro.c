/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * LRO of the qlxge PMD (RTE_ETH_RX_OFFLOAD_TCP_LRO): the 8100 has no receive coalescing of its
 * own (§14), so the receive burst merges consecutive TCP segments of a flow in software, with
 * DPDK's GRO library in its lightweight mode (rte_gro_reassemble_burst(): a table on the stack,
 * everything flushed before it returns, no timer), over the frames of each burst.
 *
 * What is merged: TCP/IPv4 (22.11's GRO has no TCP/IPv6; IPv6 segments are delivered as they
 * came) segments of one flow (addresses, ports, acknowledgment number: GRO's key), in sequence,
 * whose IP header and TCP checksums the adapter verified good (a segment with a bad or
 * unverified checksum is never merged into a good one), without an 802.1Q tag (the tag is not
 * in GRO's key) and with the ACK flag alone (GRO's rule: PSH, FIN, SYN, RST, URG, ECE, CWR and
 * segments without payload are left alone), headers in the first segment, not an IP fragment.
 *
 * Order: GRO puts what it does not merge before what it merged, which would reorder a flow
 * whose segment it refused. So only the candidates above go to GRO, in runs: a TCP/IPv4 frame
 * that is not a candidate ends the run before it (the run is merged and delivered first, then
 * the frame), so a flow's frames leave in the order they came; a frame of another protocol,
 * which belongs to none of the run's flows, is delivered at once. A run also ends before it
 * would exceed max_lro_pkt_size bytes in all (so a merged packet never does), GRO's 128 items,
 * or QLXGE_TX_MAX_SEGS mbufs in all (so that a port of this driver can send a merged packet
 * again, with TSO: its TX takes no longer chain).
 *
 * A merged packet (RTE_MBUF_F_RX_LRO) is a chain: the first segment's headers, IPv4 total length
 * set by GRO to the merged length, the IPv4 header and TCP checksums left as the first segment
 * had them (no longer correct, hence RTE_MBUF_F_RX_IP_CKSUM_NONE and RTE_MBUF_F_RX_L4_CKSUM_NONE:
 * every segment was verified good, the fields do not say so), l2_len, l3_len and l4_len set,
 * tso_segsz the payload size of its first segment (the flow's MSS for a bulk stream), and the
 * first segment's RSS hash and packet type.
 */

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_ether.h>
#include <rte_gro.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_tcp.h>

#include "qlxge_pmd.h"

/* What a received frame is to the merge. */
enum qlxge_lro_kind {
	QLXGE_LRO_OTHER,	/* not TCP/IPv4: of no flow GRO holds */
	QLXGE_LRO_ALONE,	/* TCP/IPv4 that must not be merged: ends the run */
	QLXGE_LRO_CAND,		/* a candidate: l2/l3/l4_len and its payload size set */
};

#define QLXGE_LRO_CKSUM_GOOD	(RTE_MBUF_F_RX_IP_CKSUM_GOOD | RTE_MBUF_F_RX_L4_CKSUM_GOOD)
#define QLXGE_LRO_CKSUM_MASK	(RTE_MBUF_F_RX_IP_CKSUM_MASK | RTE_MBUF_F_RX_L4_CKSUM_MASK)

/* Whether @m may be merged (see the top of the file); for a candidate, its headers' lengths. */
static inline enum qlxge_lro_kind
qlxge_lro_kind(struct rte_mbuf *m)
{
	const struct rte_ipv4_hdr *ip;
	const struct rte_tcp_hdr *tcp;
	uint32_t ihl, thl, tot;

	if ((m->packet_type & RTE_PTYPE_L4_MASK) != RTE_PTYPE_L4_TCP ||
	    !RTE_ETH_IS_IPV4_HDR(m->packet_type))
		return QLXGE_LRO_OTHER;
	if ((m->packet_type & RTE_PTYPE_L2_MASK) != RTE_PTYPE_L2_ETHER ||
	    (m->ol_flags & (RTE_MBUF_F_RX_VLAN_STRIPPED | QLXGE_LRO_CKSUM_MASK)) !=
	    QLXGE_LRO_CKSUM_GOOD ||
	    m->data_len < RTE_ETHER_HDR_LEN + sizeof(*ip) + sizeof(*tcp))
		return QLXGE_LRO_ALONE;
	ip = rte_pktmbuf_mtod_offset(m, const struct rte_ipv4_hdr *, RTE_ETHER_HDR_LEN);
	ihl = (uint32_t)(ip->version_ihl & RTE_IPV4_HDR_IHL_MASK) * RTE_IPV4_IHL_MULTIPLIER;
	if ((ip->version_ihl >> 4) != 4 || ihl < sizeof(*ip) ||
	    (ip->fragment_offset & rte_cpu_to_be_16(RTE_IPV4_HDR_MF_FLAG |
						     RTE_IPV4_HDR_OFFSET_MASK)) != 0 ||
	    m->data_len < RTE_ETHER_HDR_LEN + ihl + sizeof(*tcp))
		return QLXGE_LRO_ALONE;
	tcp = (const struct rte_tcp_hdr *)((const uint8_t *)ip + ihl);
	thl = (uint32_t)(tcp->data_off >> 4) * 4;
	tot = rte_be_to_cpu_16(ip->total_length);
	if (tcp->tcp_flags != RTE_TCP_ACK_FLAG || thl < sizeof(*tcp) || thl > 60 ||
	    m->data_len < RTE_ETHER_HDR_LEN + ihl + thl || tot <= ihl + thl ||
	    RTE_ETHER_HDR_LEN + tot > m->pkt_len)
		return QLXGE_LRO_ALONE;
	m->l2_len = RTE_ETHER_HDR_LEN;
	m->l3_len = ihl;
	m->l4_len = thl;
	/* its payload, until the merge tells a merged packet by its IPv4 total length */
	m->tso_segsz = (uint16_t)(tot - ihl - thl);
	return QLXGE_LRO_CAND;
}

/*
 * Merge the @n candidates of @run (in arrival order) into @out: the packets GRO returns, each
 * merged one flagged (see the top of the file). Returns how many.
 */
static uint16_t
qlxge_lro_flush(struct qlxge_rxq *rxq, struct rte_mbuf **run, uint16_t n, struct rte_mbuf **out)
{
	/* GRO's burst table for TCP/IPv4, as large as a run can be */
	static const struct rte_gro_param param = {
		.gro_types = RTE_GRO_TCP_IPV4,
		.max_flow_num = RTE_GRO_MAX_BURST_ITEM_NUM,
		.max_item_per_flow = 1,
	};
	const struct rte_ipv4_hdr *ip;
	struct rte_mbuf *m;
	uint16_t k, i;

	k = n > 1 ? rte_gro_reassemble_burst(run, n, &param) : n;
	for (i = 0; i < k; i++) {
		m = run[i];
		/* GRO set a merged packet's IPv4 total length, and only a merged one's */
		ip = rte_pktmbuf_mtod_offset(m, const struct rte_ipv4_hdr *, m->l2_len);
		if (rte_be_to_cpu_16(ip->total_length) - m->l3_len - m->l4_len > m->tso_segsz) {
			m->ol_flags = (m->ol_flags & ~QLXGE_LRO_CKSUM_MASK) | RTE_MBUF_F_RX_LRO |
				      RTE_MBUF_F_RX_IP_CKSUM_NONE | RTE_MBUF_F_RX_L4_CKSUM_NONE;
			rxq->xstats.lro_packets++;
		} else {
			m->tso_segsz = 0;	/* alone: no LRO, no segment size */
		}
		out[i] = m;
	}
	rxq->xstats.lro_merged += n - k;
	return k;
}

/*
 * The frames of one receive burst, @pkts[0 .. @n - 1], merged in place: returns how many
 * packets are left in @pkts, in an order that keeps each flow's.
 */
uint16_t
qlxge_lro_burst(struct qlxge_rxq *rxq, struct rte_mbuf **pkts, uint16_t n)
{
	struct rte_mbuf *run[RTE_GRO_MAX_BURST_ITEM_NUM];
	uint32_t bytes = 0, segs = 0, max = rxq->lro_max;
	uint16_t out = 0, nrun = 0, i;
	struct rte_mbuf *m;

	/*
	 * pkts[out ..] is written only with packets already read: every packet before i is
	 * either out already or in the run, and a flush gives back at most the run's count.
	 */
	for (i = 0; i < n; i++) {
		m = pkts[i];
		switch (qlxge_lro_kind(m)) {
		case QLXGE_LRO_OTHER:
			pkts[out++] = m;
			break;
		case QLXGE_LRO_ALONE:
			out += qlxge_lro_flush(rxq, run, nrun, pkts + out);
			nrun = 0;
			bytes = 0;
			segs = 0;
			pkts[out++] = m;
			break;
		case QLXGE_LRO_CAND:
			if (nrun == RTE_DIM(run) || bytes + m->pkt_len > max ||
			    segs + m->nb_segs > QLXGE_TX_MAX_SEGS) {
				out += qlxge_lro_flush(rxq, run, nrun, pkts + out);
				nrun = 0;
				bytes = 0;
				segs = 0;
			}
			run[nrun++] = m;
			bytes += m->pkt_len;
			segs += m->nb_segs;
			break;
		}
	}
	out += qlxge_lro_flush(rxq, run, nrun, pkts + out);
	return out;
}
