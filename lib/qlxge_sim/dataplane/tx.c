/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * TX engine of the 8100 model (dataplane/tx.h): §7.2 (buffer descriptors), §7.3 (MAC IOCB), §7.4
 * (TSO / checksum IOCB), §7.5 (outbound address lists), §7.6 (completion flags), §13 (limits),
 * §16.12.
 *
 * One IOCB in, frames out. The engine gathers the buffers by DMA (inline descriptors, and an OAL
 * when a descriptor has C, in any slot, one level), checks the byte total against frame_len, and
 * does what the IOCB asks, in this order: IPv4 header checksum (IC), TCP/UDP checksum (TC/UC)
 * from the pseudo-header sum the driver pre-loads, or LSO (segments of mss payload bytes, each
 * with its IPv4 total length / IPv6 payload length, IPv4 id, TCP sequence number and flags,
 * IPv4 header and TCP checksums); then VLAN insertion (V), padding to 60 bytes (P) and the
 * max-frame check (L). Choices where the sources are silent are in docs/model-dataplane.md.
 *
 * Scratch memory is per thread (the poll step may run on any thread): a gather buffer with
 * headroom, so that LSO builds each segment in place in front of its payload (the bytes it
 * overwrites belong to segments already emitted), and VLAN insertion moves only 12 bytes.
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

#include "base/dma.h"
#include "base/log.h"
#include "dataplane/csum.h"
#include "dataplane/tx.h"
#include "dataplane/xgmac.h"

#define SIM_TX_HEADROOM		64u
#define SIM_TX_VLAN_LEN		4u

/* Per-thread gather buffer: headroom, the frame, room to pad a short frame. */
static __thread uint8_t sim_tx_buf[SIM_TX_HEADROOM + SIM_TX_MAX_GATHER + SIM_TX_MIN_FRAME]
	__rte_aligned(64);
/* Per-thread copy of an LSO header template. */
static __thread uint8_t sim_tx_hdr[SIM_TX_MAX_HDR];

/* Outcome of the gather step. */
enum sim_tx_gather_err {
	SIM_TX_OK = 0,
	SIM_TX_MALFORMED,	/* no E, bad OAL, nested OAL, too long: E, not sent */
	SIM_TX_DMA_FAULT,	/* B, not sent */
};

/*
 * Copy the frame the descriptors describe into @p dst (at most @p cap bytes).
 * @p direct gets the host address of the only buffer when the frame is one descriptor (E set,
 * no OAL) and the caller passed non-NULL: then nothing is copied.
 */
static enum sim_tx_gather_err
sim_tx_gather(struct qlxge_sim_func *fn, const struct qlxge_tx_bd *inl, uint8_t *dst,
	      uint32_t cap, uint32_t *total, const uint8_t **direct)
{
	struct qlxge_tx_bd oal[SIM_TX_MAX_OAL];
	const struct qlxge_tx_bd *list = inl;
	unsigned int n = QLXGE_TX_BD_PER_IOCB;
	bool in_oal = false;
	uint32_t len = 0;

	for (unsigned int i = 0; i < n; i++) {
		uint64_t addr = rte_le_to_cpu_64(list[i].addr);
		uint32_t w = rte_le_to_cpu_32(list[i].len);
		uint32_t blen = w & QLXGE_TX_BD_LEN_MASK;

		if (w & QLXGE_TX_BD_C) {
			if (in_oal || blen == 0 || blen % QLXGE_TX_BD_SIZE != 0 ||
			    blen / QLXGE_TX_BD_SIZE > SIM_TX_MAX_OAL) {
				SIM_TRACE(tx, bad_oal, "slot %u len %u nested %d", i, blen,
					  in_oal);
				return SIM_TX_MALFORMED;
			}
			if (sim_dma_read(fn, addr, oal, blen) != 0)
				return SIM_TX_DMA_FAULT;
			list = oal;
			n = blen / QLXGE_TX_BD_SIZE;
			in_oal = true;
			i = (unsigned int)-1;	/* continue with OAL entry 0 */
			continue;
		}
		if (blen > cap - len) {
			SIM_TRACE(tx, too_long, "gathered %u + %u > %u", len, blen, cap);
			return SIM_TX_MALFORMED;
		}
		if (direct != NULL && i == 0 && !in_oal && blen != 0 && (w & QLXGE_TX_BD_E)) {
			/* a frame's buffer is an mbuf of a pool the previous one's window of this
			 * step covers: a compare, not a translation (sim_dma_map otherwise) */
			const uint8_t *p = sim_dma_at(fn, &fn->tx_buf_win, addr, blen);

			if (p == NULL)
				return SIM_TX_DMA_FAULT;
			*direct = p;
			*total = blen;
			return SIM_TX_OK;
		}
		if (blen != 0 && sim_dma_read(fn, addr, dst + len, blen) != 0)
			return SIM_TX_DMA_FAULT;
		len += blen;
		if (w & QLXGE_TX_BD_E) {
			*total = len;
			return SIM_TX_OK;
		}
	}
	SIM_TRACE(tx, no_end, "no descriptor with E (%u bytes)", len);
	return SIM_TX_MALFORMED;
}

/* Final frame steps: VLAN insertion, padding, max-frame check, emit. @p f has headroom. */
static void
sim_tx_finish(uint8_t *f, uint32_t len, bool vlan, uint16_t tci, uint32_t max_frame,
	      sim_tx_emit_t emit, void *arg, struct sim_tx_result *res)
{
	uint8_t pad[SIM_TX_MIN_FRAME];

	if (vlan) {
		/* TPID, TCI */
		rte_be16_t tag[2] = { RTE_BE16(RTE_ETHER_TYPE_VLAN), rte_cpu_to_be_16(tci) };

		memmove(f - SIM_TX_VLAN_LEN, f, 2 * RTE_ETHER_ADDR_LEN);
		f -= SIM_TX_VLAN_LEN;
		len += SIM_TX_VLAN_LEN;
		memcpy(f + 2 * RTE_ETHER_ADDR_LEN, tag, sizeof(tag));
	}
	if (len < SIM_TX_MIN_FRAME) {
		/* the bytes after the frame may be the next LSO segment: pad a copy */
		memcpy(pad, f, len);
		memset(pad + len, 0, SIM_TX_MIN_FRAME - len);
		f = pad;
		len = SIM_TX_MIN_FRAME;
		res->flags1 |= QLXGE_OB_MAC_RSP_FLAGS1_P;
	}
	if (sim_xgmac_too_long(max_frame, f, len))
		res->flags1 |= QLXGE_OB_MAC_RSP_FLAGS1_L;
	/*
	 * No wire carries more (flagged L too), or the MAC could not send it (no link, the
	 * transmitter disabled, the far end not taking it): not sent, and the completion says so
	 * with B, the one flag of §7.6 that means "not sent" (docs/hardware/choices.md)
	 */
	if (len > SIM_FRAME_MAX || emit(arg, f, len) != 0) {
		res->dropped++;
		res->flags3 |= QLXGE_OB_MAC_RSP_FLAGS3_B;
		return;
	}
	res->frames++;
	res->bytes += len;
}

/* End of the L3 datagram of a frame (IP total/payload length when consistent, else len). */
static uint32_t
sim_tx_l3_end(const uint8_t *f, uint32_t len, uint32_t ip_off)
{
	uint32_t end = len;

	if (ip_off + sizeof(struct rte_ipv6_hdr) <= len && (f[ip_off] >> 4) == 6) {
		const struct rte_ipv6_hdr *ip6 = (const struct rte_ipv6_hdr *)(f + ip_off);

		end = ip_off + (uint32_t)sizeof(*ip6) + rte_be_to_cpu_16(ip6->payload_len);
	} else if (ip_off + sizeof(struct rte_ipv4_hdr) <= len && (f[ip_off] >> 4) == 4) {
		const struct rte_ipv4_hdr *ip = (const struct rte_ipv4_hdr *)(f + ip_off);

		end = ip_off + rte_be_to_cpu_16(ip->total_length);
	}
	return end <= len ? end : len;
}

/* Store the IPv4 header checksum of the header at @p ip (ihl checked by the caller). */
static void
sim_tx_ip4_cksum(uint8_t *ip)
{
	struct rte_ipv4_hdr *h = (struct rte_ipv4_hdr *)ip;

	h->hdr_checksum = 0;
	h->hdr_checksum = rte_ipv4_cksum(h);
}

/* Checksum offload without LSO (IC, TC, UC). @return 0 or -EINVAL (offsets outside). */
static int
sim_tx_csum(uint8_t *f, uint32_t len, uint8_t flags2, uint8_t flags3, uint32_t ip_off,
	    uint32_t l4_off)
{
	if ((flags3 & QLXGE_OB_TSO_FLAGS3_IC) && ip_off < RTE_ETHER_HDR_LEN)
		return -EINVAL;
	if ((flags3 & QLXGE_OB_TSO_FLAGS3_IC) && ip_off + sizeof(struct rte_ipv4_hdr) <= len &&
	    (f[ip_off] >> 4) == 4) {
		uint32_t ihl = (uint32_t)(f[ip_off] & 0xF) * 4;

		if (ihl < sizeof(struct rte_ipv4_hdr) || ip_off + ihl > len)
			return -EINVAL;
		sim_tx_ip4_cksum(f + ip_off);
	}
	if (flags2 & (QLXGE_OB_TSO_FLAGS2_TC | QLXGE_OB_TSO_FLAGS2_UC)) {
		bool tcp = (flags2 & QLXGE_OB_TSO_FLAGS2_TC) != 0;
		uint32_t end = sim_tx_l3_end(f, len, ip_off);
		uint32_t hl = tcp ? sizeof(struct rte_tcp_hdr) : sizeof(struct rte_udp_hdr);
		uint32_t ck_off = tcp ? offsetof(struct rte_tcp_hdr, cksum) :
					offsetof(struct rte_udp_hdr, dgram_cksum);
		uint16_t ck;

		if (l4_off < RTE_ETHER_HDR_LEN || l4_off < ip_off || l4_off + hl > end)
			return -EINVAL;
		/* the field holds the pseudo-header sum the driver pre-loaded (with length) */
		ck = (uint16_t)~sim_csum_fold(rte_raw_cksum(f + l4_off, end - l4_off));
		if (ck == 0 && !tcp)
			ck = 0xFFFF;
		memcpy(f + l4_off + ck_off, &ck, sizeof(ck));
	}
	return 0;
}

/* LSO (§7.4): segment the gathered frame @p f of @p len bytes and emit every segment. */
static int
sim_tx_lso(const struct qlxge_ob_tso_iocb *io, uint8_t *f, uint32_t len, uint32_t max_frame,
	   sim_tx_emit_t emit, void *arg, struct sim_tx_result *res)
{
	uint16_t nto = rte_le_to_cpu_16(io->net_trans_offset);
	uint32_t ip_off = (nto & QLXGE_OB_TSO_IP_OFF_MASK) >> QLXGE_OB_TSO_IP_OFF_SHIFT;
	uint32_t l4_off = (nto & QLXGE_OB_TSO_L4_OFF_MASK) >> QLXGE_OB_TSO_L4_OFF_SHIFT;
	uint32_t hdr_len = rte_le_to_cpu_16(io->total_hdrs_len);
	uint32_t mss = rte_le_to_cpu_16(io->mss);
	bool vlan = (io->flags3 & QLXGE_OB_TSO_FLAGS3_V) != 0;
	uint16_t tci = rte_le_to_cpu_16(io->vlan_tci);
	const struct rte_ipv4_hdr *ip4;
	const struct rte_tcp_hdr *th;
	uint32_t payload, nseg, seq0;
	uint16_t id0;
	uint8_t tcp_flags0;
	bool v4;

	if (mss == 0 || ip_off < RTE_ETHER_HDR_LEN || hdr_len > len || hdr_len > SIM_TX_MAX_HDR ||
	    l4_off + sizeof(struct rte_tcp_hdr) > hdr_len) {
		SIM_TRACE(tx, bad_lso, "mss %u ip_off %u l4_off %u hdr_len %u len %u", mss,
			  ip_off, l4_off, hdr_len, len);
		return -EINVAL;
	}
	v4 = (f[ip_off] >> 4) == 4;
	if (v4) {
		uint32_t ihl = (uint32_t)(f[ip_off] & 0xF) * 4;

		if (ihl < sizeof(struct rte_ipv4_hdr) || ip_off + ihl > l4_off)
			return -EINVAL;
	} else if ((f[ip_off] >> 4) != 6 || ip_off + sizeof(struct rte_ipv6_hdr) > l4_off) {
		return -EINVAL;
	}
	ip4 = (const struct rte_ipv4_hdr *)(f + ip_off);
	th = (const struct rte_tcp_hdr *)(f + l4_off);
	id0 = v4 ? rte_be_to_cpu_16(ip4->packet_id) : 0;
	seq0 = rte_be_to_cpu_32(th->sent_seq);
	tcp_flags0 = th->tcp_flags;
	memcpy(sim_tx_hdr, f, hdr_len);

	payload = len - hdr_len;
	nseg = payload == 0 ? 1 : (payload + mss - 1) / mss;
	for (uint32_t k = 0; k < nseg; k++) {
		uint32_t pay_off = hdr_len + k * mss;
		uint32_t plen = RTE_MIN(mss, payload - k * mss);
		uint32_t seg_len = hdr_len + plen;
		uint8_t *seg = f + pay_off - hdr_len;
		struct rte_tcp_hdr *t = (struct rte_tcp_hdr *)(seg + l4_off);
		uint8_t tcp_flags = tcp_flags0;
		uint32_t l4_len = seg_len - l4_off;
		uint16_t ck;

		if (k != 0) {
			memcpy(seg, sim_tx_hdr, hdr_len);
			tcp_flags &= (uint8_t)~RTE_TCP_CWR_FLAG;
		}
		if (k != nseg - 1)
			tcp_flags &= (uint8_t)~(RTE_TCP_FIN_FLAG | RTE_TCP_PSH_FLAG);
		if (v4) {
			struct rte_ipv4_hdr *ip = (struct rte_ipv4_hdr *)(seg + ip_off);

			ip->total_length = rte_cpu_to_be_16((uint16_t)(seg_len - ip_off));
			ip->packet_id = rte_cpu_to_be_16((uint16_t)(id0 + k));
			sim_tx_ip4_cksum(seg + ip_off);
		} else {
			struct rte_ipv6_hdr *ip6 = (struct rte_ipv6_hdr *)(seg + ip_off);

			ip6->payload_len = rte_cpu_to_be_16((uint16_t)(seg_len - ip_off -
								      sizeof(*ip6)));
		}
		t->sent_seq = rte_cpu_to_be_32(seq0 + k * mss);
		t->tcp_flags = tcp_flags;
		/* the field holds the pseudo-header sum without the length: add this one's */
		ck = (uint16_t)~sim_csum_fold(rte_raw_cksum(t, l4_len) +
					    rte_cpu_to_be_16((uint16_t)l4_len));
		t->cksum = ck;
		sim_tx_finish(seg, seg_len, vlan, tci, max_frame, emit, arg, res);
	}
	SIM_TRACE(tx, lso, "%u bytes -> %u segments of mss %u", len, nseg, mss);
	return 0;
}

int
sim_tx_iocb(struct qlxge_sim_func *fn, const void *iocb, uint32_t max_frame,
	    sim_tx_emit_t emit, void *arg, struct sim_tx_result *res)
{
	int ret;

	if (iocb == NULL || emit == NULL) {
		memset(res, 0, sizeof(*res));
		return -EINVAL;
	}
	if (max_frame == 0)
		max_frame = SIM_TX_MAX_FRAME_DEFAULT;
	if (sim_tx_plain(fn, iocb, max_frame, emit, arg, res, &ret))
		return ret;
	return sim_tx_iocb_any(fn, iocb, max_frame, emit, arg, res);
}

int
sim_tx_iocb_any(struct qlxge_sim_func *fn, const void *iocb, uint32_t max_frame,
		sim_tx_emit_t emit, void *arg, struct sim_tx_result *res)
{
	const struct qlxge_ob_mac_iocb *mac = iocb;
	const struct qlxge_ob_tso_iocb *tso = iocb;
	uint8_t *f = sim_tx_buf + SIM_TX_HEADROOM;
	const uint8_t *direct = NULL;
	enum sim_tx_gather_err gerr;
	uint32_t frame_len, total = 0;
	bool is_tso, vlan, lso, csum;
	uint16_t tci;
	int ret = 0;

	memset(res, 0, sizeof(*res));
	if (iocb == NULL || emit == NULL)
		return -EINVAL;
	if (max_frame == 0)
		max_frame = SIM_TX_MAX_FRAME_DEFAULT;
	switch (mac->opcode) {
	case QLXGE_OPCODE_OB_MAC_IOCB:
		is_tso = false;
		frame_len = rte_le_to_cpu_16(mac->frame_len) & QLXGE_OB_MAC_FRAME_LEN_MASK;
		vlan = (mac->flags3 & QLXGE_OB_MAC_FLAGS3_V) != 0;
		tci = rte_le_to_cpu_16(mac->vlan_tci);
		lso = csum = false;
		break;
	case QLXGE_OPCODE_OB_MAC_TSO_IOCB:
		is_tso = true;
		frame_len = rte_le_to_cpu_32(tso->frame_len);
		vlan = (tso->flags3 & QLXGE_OB_TSO_FLAGS3_V) != 0;
		tci = rte_le_to_cpu_16(tso->vlan_tci);
		lso = (tso->flags2 & QLXGE_OB_TSO_FLAGS2_LSO) != 0;
		csum = (tso->flags2 & (QLXGE_OB_TSO_FLAGS2_TC | QLXGE_OB_TSO_FLAGS2_UC)) ||
		       (tso->flags3 & QLXGE_OB_TSO_FLAGS3_IC);
		break;
	default:
		SIM_TRACE(tx, bad_opcode, "opcode 0x%02x", mac->opcode);
		res->flags1 = QLXGE_OB_MAC_RSP_FLAGS1_E;
		return -EINVAL;
	}

	/* the frame can go out straight from host memory when nothing in it changes */
	gerr = sim_tx_gather(fn, mac->tbd, f, SIM_TX_MAX_GATHER, &total,
			     (!vlan && !lso && !csum && frame_len >= SIM_TX_MIN_FRAME) ?
			     &direct : NULL);
	if (gerr == SIM_TX_DMA_FAULT) {
		res->flags3 = QLXGE_OB_MAC_RSP_FLAGS3_B;
		SIM_TRACE(tx, dma_fault, "opcode 0x%02x", mac->opcode);
		return -EFAULT;
	}
	if (gerr != SIM_TX_OK || total != frame_len) {
		res->flags1 = QLXGE_OB_MAC_RSP_FLAGS1_E;
		SIM_TRACE(tx, len_mismatch, "descriptors %u frame_len %u", total, frame_len);
		return -EINVAL;
	}
	if (frame_len < RTE_ETHER_HDR_LEN) {
		res->flags1 = QLXGE_OB_MAC_RSP_FLAGS1_S;
		SIM_TRACE(tx, too_short, "frame_len %u", frame_len);
		return -EINVAL;
	}
	if (direct != NULL) {
		if (sim_xgmac_too_long(max_frame, direct, frame_len))
			res->flags1 |= QLXGE_OB_MAC_RSP_FLAGS1_L;
		if (frame_len > SIM_FRAME_MAX || emit(arg, direct, frame_len) != 0) {
			res->dropped = 1;
			res->flags3 |= QLXGE_OB_MAC_RSP_FLAGS3_B;	/* not sent */
			return -ENOBUFS;
		}
		res->frames = 1;
		res->bytes = frame_len;
		return 0;
	}
	if (is_tso && lso) {
		ret = sim_tx_lso(tso, f, frame_len, max_frame, emit, arg, res);
	} else {
		if (is_tso) {
			uint16_t nto = rte_le_to_cpu_16(tso->net_trans_offset);

			ret = sim_tx_csum(f, frame_len, tso->flags2, tso->flags3,
					  (nto & QLXGE_OB_TSO_IP_OFF_MASK) >>
					  QLXGE_OB_TSO_IP_OFF_SHIFT,
					  (nto & QLXGE_OB_TSO_L4_OFF_MASK) >>
					  QLXGE_OB_TSO_L4_OFF_SHIFT);
		}
		if (ret == 0)
			sim_tx_finish(f, frame_len, vlan, tci, max_frame, emit, arg, res);
	}
	if (ret != 0) {
		res->flags1 |= QLXGE_OB_MAC_RSP_FLAGS1_E;
		return ret;
	}
	return res->dropped != 0 ? -ENOBUFS : 0;
}
