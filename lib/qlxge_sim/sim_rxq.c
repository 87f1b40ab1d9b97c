/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Receive side of the queues (§5, §6.4, §7.7, §7.9, §7.10, §16.10, §16.13):
 * frames from the wire are counted by the MAC, classified by the data plane (CQ, flags, RSS, VLAN
 * strip), then placed in the CQ's buffer queues strictly in ring order: the data in one small
 * buffer (DS) when it fits, else in one large buffer (DL), else in the chained form (one small
 * buffer holding the list of the large buffers' addresses, then the large buffers); with header
 * split the headers go first into a small buffer (HV, HS). Buffer queues are reached through
 * their page-address tables; producers are read from the CQ's doorbell page with the low 4 bits
 * ignored. A frame that finds no buffer (or no room for its completion) is dropped and counted,
 * except from a pcap file, which waits. Then the 64-byte completion, the producer shadow and the
 * interrupt (sim_queue.c).
 */

#include <errno.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>

#include "base/dma.h"
#include "base/log.h"
#include "base/state.h"
#include "dataplane/classify.h"
#include "sim_queue.h"
#include "sim_rxq.h"
#include "dataplane/xgmac.h"
#include "wire/wire.h"

/* Frames taken per wire per poll step, so that a busy port cannot starve the other. */
#define SIM_RX_BUDGET		64u

/* Outcome of placing one frame. */
enum sim_rx_res {
	SIM_RX_OK,
	SIM_RX_DROPPED,		/* counted */
	SIM_RX_NO_ROOM,		/* no buffers or completion room: drop, or retry for pcap */
};

/*
 * Buffers of @p bq the driver has given and the device has not taken, at least @p need of them.
 * The producer doorbell is read only when the buffers known given run short: the driver only
 * moves it forward, so the count can be low, never high. A BQ load (LL/LS) sets it to 0.
 */
static __rte_always_inline bool
sim_bq_has(const struct qlxge_sim_func *fn, struct sim_bq *bq, uint32_t db_off, uint32_t need)
{
	uint32_t prod;

	if (need == 0)
		return true;
	if (bq->len == 0 || unlikely(fn->fault[QLXGE_SIM_FAULT_RX_BQ_DRY] != 0))
		return false;
	if (bq->avail >= need)
		return true;
	prod = __atomic_load_n((const uint32_t *)(fn->db + db_off), __ATOMIC_ACQUIRE);
	/* the device ignores the low 4 bits of a buffer-queue producer (§5) */
	prod = (prod & 0xFFFFu & ~QLXGE_DB_BQ_PROD_IGNORED_MASK) % bq->len;
	bq->avail = prod >= bq->cons ? prod - bq->cons : bq->len - (bq->cons - prod);
	return bq->avail >= need;
}

/* Slow path of sim_bq_take(): check the ring page in use once this step. */
static const uint8_t *
sim_bq_page_map(struct qlxge_sim_func *fn, struct sim_bq *bq, uint32_t pg, uint64_t off)
{
	uint32_t in_page = RTE_MIN(bq->len - pg * QLXGE_BQ_ENTRIES_PER_PAGE,
				   QLXGE_BQ_ENTRIES_PER_PAGE);

	return sim_dma_ring_map(fn, &bq->page, bq->pages[pg], 8ull * in_page, off);
}

/* Address of the next buffer of @p bq, read through its page table; advances the queue. */
static __rte_always_inline int
sim_bq_take(struct qlxge_sim_func *fn, struct sim_bq *bq, uint64_t *addr)
{
	uint32_t pg = bq->cons / QLXGE_BQ_ENTRIES_PER_PAGE;
	uint64_t off = 8ull * (bq->cons % QLXGE_BQ_ENTRIES_PER_PAGE);
	const uint8_t *e;
	uint64_t a;

	if (likely(bq->page.gen == fn->dma_gen && bq->page.iova == bq->pages[pg]))
		e = bq->page.va + off;
	else
		e = sim_bq_page_map(fn, bq, pg, off);
	if (e == NULL)
		return -EFAULT;
	memcpy(&a, e, sizeof(a));
	SIM_TRACE_DP(fn, dma, read, SIM_FN_FMT " iova 0x%" PRIx64 " len 8", SIM_FN_ARGS(fn),
		     bq->pages[pg] + off);
	*addr = rte_le_to_cpu_64(a);
	if (++bq->cons == bq->len)
		bq->cons = 0;
	bq->avail--;
	return 0;
}

/* Take a buffer and write @p len bytes of @p data into it. */
static __rte_always_inline int
sim_bq_fill(struct qlxge_sim_func *fn, struct sim_bq *bq, const void *data, uint32_t len,
	    uint64_t *addr)
{
	int ret = sim_bq_take(fn, bq, addr);
	void *va;

	if (ret != 0 || len == 0)
		return ret;
	/* straight from the wire's frame (or the stripped copy) into the buffer: one copy */
	va = sim_dma_at(fn, &bq->buf_win, *addr, len);
	if (va == NULL)
		return -EFAULT;
	sim_copy(va, data, len);
	SIM_TRACE_DP(fn, dma, write, SIM_FN_FMT " iova 0x%" PRIx64 " len %u",
		     SIM_FN_ARGS(fn), *addr, len);
	return 0;
}

static void
sim_ctx_refresh(struct qlxge_sim_func *fn, struct sim_rx_ctx *c)
{
	c->mac = fn->ad->mac;
	c->rt = fn->rt;
	c->rss = fn->rss->loaded ? fn->rss : NULL;
	c->nic_rcv_cfg = fn->regs[QLXGE_REG_NIC_RCV_CFG / 4];
	c->fsc = fn->regs[QLXGE_REG_FSC / 4];
	c->splt_hdr = fn->regs[QLXGE_REG_SPLT_HDR / 4];
	c->rst_fo = fn->regs[QLXGE_REG_RST_FO / 4];
	c->func = fn->pci_func;
	c->port = fn->idx;
	c->max_frame = sim_port_max_frame(fn);
}

/* Corrupt the TCP/UDP checksum of a classified frame (fault injection). */
static bool
sim_rx_corrupt_l4(uint8_t *f, uint32_t len, const struct sim_rx_verdict *v)
{
	uint32_t at;

	if (v->l4_off == 0)
		return false;
	if (v->flags2 & QLXGE_IB_MAC_FLAGS2_T)
		at = v->l4_off + 16u;
	else if (v->flags2 & QLXGE_IB_MAC_FLAGS2_U)
		at = v->l4_off + 6u;
	else
		return false;
	if (at + 2 > len)
		return false;
	f[at] ^= 0x5A;
	f[at + 1] ^= 0xA5;
	return true;
}

/* The RX completion of a placed frame, built where the device writes it, then committed. */
static __rte_always_inline enum sim_rx_res
sim_rx_complete(struct qlxge_sim_func *fn, struct sim_cq *cq, unsigned int q,
		const struct sim_rx_verdict *v, uint8_t flags3, uint8_t flags4, uint32_t len,
		uint32_t dlen, uint64_t data_addr, uint32_t hdr_len, uint64_t hdr_addr)
{
	struct qlxge_ib_mac_rsp *rsp;

	rsp = sim_cq_slot(fn, cq);
	if (rsp == NULL)
		return SIM_RX_DROPPED;
	memset(rsp, 0, sizeof(*rsp));
	rsp->opcode = QLXGE_OPCODE_IB_MAC_IOCB;
	rsp->flags1 = v->flags1;
	rsp->flags2 = v->flags2;
	rsp->flags3 = v->flags3 | flags3;
	rsp->data_len = rte_cpu_to_le_32(dlen);
	rsp->data_addr = rte_cpu_to_le_64(data_addr);
	rsp->rss = rte_cpu_to_le_32(v->rss_hash);
	/* §7.7: the field carries the tag when flags2.V and the tag was stripped; a tag left in
	 * the data is the driver's to read there */
	if (v->strip_vlan && (v->flags2 & QLXGE_IB_MAC_FLAGS2_V))
		rsp->vlan_id = rte_cpu_to_le_16(v->vlan_tci);
	rsp->flags4 = flags4;
	rsp->hdr_len = rte_cpu_to_le_32(hdr_len);
	rsp->hdr_addr = rte_cpu_to_le_64(hdr_addr);
	sim_cq_commit(fn, cq, true, false);
	fn->cnt.rx_frames++;
	fn->cnt.rx_bytes += len;
	fn->cnt.rx_completions++;
	SIM_TRACE_DP(fn, rx, completion, SIM_FN_FMT " CQ %u len %u hdr %u flags "
		     "0x%02x/0x%02x/0x%02x addr 0x%" PRIx64, SIM_FN_ARGS(fn), q, dlen, hdr_len,
		     rsp->flags1, rsp->flags2, rsp->flags3, data_addr);
	return SIM_RX_OK;
}

/* Placement in every form: header split, one buffer, the chained form; drops. */
static __rte_noinline enum sim_rx_res
sim_rx_place_any(struct qlxge_sim_func *fn, const struct sim_rx_verdict *v, const uint8_t *data,
		 uint32_t len)
{
	unsigned int q = v->cq_id;
	struct sim_cq *cq = &fn->cq[q];
	uint32_t hdr_len = 0, dlen, nlb = 0, need_s = 0, need_l = 0;
	uint64_t hdr_addr = 0, data_addr = 0, list[QLXGE_IB_MAC_MAX_LBQ_CHAIN];
	uint8_t flags3 = 0, flags4 = 0;
	uint32_t i;

	if (!cq->loaded || !cq->valid || cq->stopped) {
		fn->cnt.rx_drops_cq_invalid++;
		SIM_TRACE(rx, drop_cq, SIM_FN_FMT " CQ %u not valid", SIM_FN_ARGS(fn), q);
		return SIM_RX_DROPPED;
	}
	if (v->split && v->hdr_len != 0 && v->hdr_len < len && cq->sbq.len != 0 &&
	    v->hdr_len <= cq->sbq.bsize) {
		hdr_len = v->hdr_len;
		need_s++;
	}
	dlen = len - hdr_len;
	if (dlen != 0) {
		if (cq->sbq.len != 0 && dlen <= cq->sbq.bsize) {
			flags3 = QLXGE_IB_MAC_FLAGS3_DS;
			need_s++;
		} else if (cq->lbq.len != 0 && dlen <= cq->lbq.bsize) {
			flags3 = QLXGE_IB_MAC_FLAGS3_DL;
			need_l = 1;
		} else if (cq->lbq.len != 0 && cq->sbq.len != 0) {
			nlb = (dlen + cq->lbq.bsize - 1) / cq->lbq.bsize;
			if (nlb > QLXGE_IB_MAC_MAX_LBQ_CHAIN || nlb * 8u > cq->sbq.bsize) {
				fn->cnt.rx_drops_oversize++;
				sim_xgmac_count(fn, QLXGE_XGMAC_RX_NIC_FIFO_DROP, 1);
				return SIM_RX_DROPPED;
			}
			need_s++;
			need_l = nlb;
		} else {
			fn->cnt.rx_drops_oversize++;
			sim_xgmac_count(fn, QLXGE_XGMAC_RX_NIC_FIFO_DROP, 1);
			return SIM_RX_DROPPED;
		}
	}
	if (!sim_bq_has(fn, &cq->sbq, QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_SBQ_PROD_IDX, need_s) ||
	    !sim_bq_has(fn, &cq->lbq, QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_LBQ_PROD_IDX, need_l) ||
	    sim_cq_room(fn, cq, q) == 0)
		return SIM_RX_NO_ROOM;

	/* ring order: header buffer, then the data (or list) small buffer, then large ones */
	if (hdr_len != 0) {
		if (sim_bq_fill(fn, &cq->sbq, data, hdr_len, &hdr_addr) < 0)
			goto dma_err;
		flags4 = QLXGE_IB_MAC_FLAGS4_HV | QLXGE_IB_MAC_FLAGS4_HS;
	}
	if (flags3 == QLXGE_IB_MAC_FLAGS3_DS) {
		if (sim_bq_fill(fn, &cq->sbq, data + hdr_len, dlen, &data_addr) < 0)
			goto dma_err;
	} else if (flags3 == QLXGE_IB_MAC_FLAGS3_DL) {
		if (sim_bq_fill(fn, &cq->lbq, data + hdr_len, dlen, &data_addr) < 0)
			goto dma_err;
	} else if (nlb != 0) {
		if (sim_bq_take(fn, &cq->sbq, &data_addr) < 0)
			goto dma_err;
		for (i = 0; i < nlb; i++) {
			uint32_t off = i * cq->lbq.bsize;
			uint32_t n = RTE_MIN(dlen - off, cq->lbq.bsize);
			uint64_t a;

			if (sim_bq_fill(fn, &cq->lbq, data + hdr_len + off, n, &a) < 0)
				goto dma_err;
			list[i] = rte_cpu_to_le_64(a);
		}
		if (sim_dma_write(fn, data_addr, list, nlb * 8u) < 0)
			goto dma_err;
	}

	return sim_rx_complete(fn, cq, q, v, flags3, flags4, len, dlen, data_addr, hdr_len,
			       hdr_addr);

dma_err:
	/* a receive buffer the device cannot write: PCI error on anonymous buffers (§7.8) */
	sim_cq_ae(fn, q, QLXGE_AE_EVENT_PCI_ERR_ANON_BUF_RD);
	return SIM_RX_DROPPED;
}

/* 1-in-N fault @p f. */
static inline bool
sim_rx_fault(struct qlxge_sim_func *fn, enum qlxge_sim_fault f)
{
	return fn->fault[f] != 0 && sim_fault_one_in(fn, f);
}

/* Is any per-frame RX fault injected? */
static inline bool
sim_rx_faults(const struct qlxge_sim_func *fn)
{
	return (fn->fault[QLXGE_SIM_FAULT_RX_BAD_FCS] |
		fn->fault[QLXGE_SIM_FAULT_RX_BAD_L4CSUM]) != 0;
}

/*
 * Placement of a frame that needs no header split and fits one buffer (the common case, kept
 * small so that the receive loop stays in registers); anything else takes sim_rx_place_any().
 * Same rules and order as there: the smallest buffer that fits, its queue and the completion
 * room checked before anything is taken.
 */
static __rte_always_inline enum sim_rx_res
sim_rx_place(struct qlxge_sim_func *fn, const struct sim_rx_verdict *v, const uint8_t *data,
	     uint32_t len)
{
	unsigned int q = v->cq_id;
	struct sim_cq *cq = &fn->cq[q];
	struct sim_bq *bq;
	uint32_t db_off;
	uint64_t data_addr;
	uint8_t flags3;

	if (unlikely(!cq->loaded || !cq->valid || cq->stopped || v->split || len == 0))
		return sim_rx_place_any(fn, v, data, len);
	if (cq->sbq.len != 0 && len <= cq->sbq.bsize) {
		bq = &cq->sbq;
		db_off = QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_SBQ_PROD_IDX;
		flags3 = QLXGE_IB_MAC_FLAGS3_DS;
	} else if (cq->lbq.len != 0 && len <= cq->lbq.bsize) {
		bq = &cq->lbq;
		db_off = QLXGE_DB_CQ_OFFSET(q) + QLXGE_DB_LBQ_PROD_IDX;
		flags3 = QLXGE_IB_MAC_FLAGS3_DL;
	} else {
		return sim_rx_place_any(fn, v, data, len);
	}
	if (!sim_bq_has(fn, bq, db_off, 1) || sim_cq_room(fn, cq, q) == 0)
		return SIM_RX_NO_ROOM;
	if (sim_bq_fill(fn, bq, data, len, &data_addr) < 0) {
		/* a receive buffer the device cannot write: PCI error on anonymous buffers */
		sim_cq_ae(fn, q, QLXGE_AE_EVENT_PCI_ERR_ANON_BUF_RD);
		return SIM_RX_DROPPED;
	}
	return sim_rx_complete(fn, cq, q, v, flags3, 0, len, len, data_addr, 0, 0);
}

/*
 * A classified frame in every case: oversize and filter drops, an injected bad L4 checksum,
 * VLAN strip (the frame copied to fn->frame, the tag taken out), then placement and the
 * XGMAC counters.
 */
static __rte_noinline enum sim_rx_res
sim_rx_deliver_any(struct qlxge_sim_func *fn, const struct sim_rx_ctx *ctx,
		   const uint8_t *frame, uint32_t len, struct sim_rx_verdict *v, int ret,
		   bool fcs_err, uint8_t mac_err)
{
	const uint8_t *data = frame;
	enum sim_rx_res res;

	if (ret == SIM_RX_DROP_OVERSIZE) {
		sim_xgmac_count_rx(fn, frame, len, fcs_err, true);
		fn->cnt.rx_drops_oversize++;
		SIM_TRACE(rx, drop_oversize, SIM_FN_FMT " %u bytes", SIM_FN_ARGS(fn), len);
		return SIM_RX_DROPPED;
	}
	if (ret == SIM_RX_DELIVER && sim_rx_fault(fn, QLXGE_SIM_FAULT_RX_BAD_L4CSUM)) {
		memcpy(fn->frame, frame, len);
		if (sim_rx_corrupt_l4(fn->frame, len, v)) {
			data = fn->frame;
			ret = sim_rx_classify_frame(ctx, data, len, mac_err, v);
		}
	}
	if (ret != SIM_RX_DELIVER) {
		sim_xgmac_count_rx(fn, data, len, fcs_err, false);
		if (fcs_err)
			fn->cnt.rx_drops_fcs++;
		else
			fn->cnt.rx_drops_filter++;
		SIM_TRACE(rx, drop_filter, SIM_FN_FMT " %u bytes: reason %d slot %u",
			  SIM_FN_ARGS(fn), len, ret, v->slot);
		return SIM_RX_DROPPED;
	}
	if (v->strip_vlan && len >= 18) {
		/* the 802.1Q tag leaves the data; its TCI goes to the completion (§2.15) */
		RTE_BUILD_BUG_ON(sizeof(fn->frame) < SIM_FRAME_MAX);
		if (data != fn->frame)
			memcpy(fn->frame, data, len);
		memmove(fn->frame + 12, fn->frame + 16, len - 16);
		data = fn->frame;
		len -= 4;
		if (v->hdr_len >= 16)
			v->hdr_len -= 4;
	}
	res = sim_rx_place(fn, v, data, len);
	if (res != SIM_RX_NO_ROOM) {
		sim_xgmac_count_rx(fn, data, len + (v->strip_vlan ? 4 : 0), fcs_err, false);
		if (fcs_err && res == SIM_RX_OK)
			fn->cnt.rx_errors++;
	}
	return res;
}

/*
 * One frame from the wire, classified with @p ctx (sim_ctx_refresh); FSC.FE is set.
 * @p faults: an RX fault (bad FCS, bad L4 checksum) is injected (looked up once per batch).
 */
static __rte_always_inline enum sim_rx_res
sim_rx_one(struct qlxge_sim_func *fn, const struct sim_rx_ctx *ctx, const uint8_t *frame,
	   uint32_t len, bool faults, struct sim_xgmac_rx_acc *acc)
{
	struct sim_rx_verdict v;
	enum sim_rx_res res;
	uint8_t mac_err;
	bool fcs_err;
	int ret;

	/* nothing longer reaches the RX path, and fn->frame (a copy for VLAN strip or an
	 * injected L4 fault) holds exactly this much: the check every caller relies on */
	if (unlikely(len > SIM_FRAME_MAX)) {
		sim_xgmac_count_rx(fn, frame, len, false, true);
		fn->cnt.rx_drops_oversize++;
		return SIM_RX_DROPPED;
	}
	/* an injected bad FCS is an error the MAC reports: ERR = CRC, and routing sees it (not
	 * VALID, ERR and MAC_ERR bits) through the classification */
	fcs_err = unlikely(faults) && sim_rx_fault(fn, QLXGE_SIM_FAULT_RX_BAD_FCS);
	mac_err = fcs_err ? QLXGE_IB_MAC_FLAGS2_ERR_CRC : 0;
	ret = sim_rx_classify_frame(ctx, frame, len, mac_err, &v);
	if (unlikely(ret != SIM_RX_DELIVER || faults || v.strip_vlan))
		return sim_rx_deliver_any(fn, ctx, frame, len, &v, ret, fcs_err, mac_err);
	/* delivered as received: placed straight from the wire's frame */
	res = sim_rx_place(fn, &v, frame, len);
	if (res != SIM_RX_NO_ROOM)
		sim_xgmac_count_rx_good(fn, frame, len, acc);
	return res;
}

static void
sim_rx_nobuf(struct qlxge_sim_func *fn, const uint8_t *frame, uint32_t len)
{
	sim_xgmac_count_rx(fn, frame, len, false, false);
	sim_xgmac_count(fn, QLXGE_XGMAC_RX_NIC_FIFO_DROP, 1);
	fn->cnt.rx_drops_nobuf++;
	SIM_TRACE(rx, drop_nobuf, SIM_FN_FMT " %u bytes: no buffer", SIM_FN_ARGS(fn), len);
}

/*
 * Frames waiting on wire @p w, up to the budget, in one pass: the classification context is
 * built once (registers cannot change inside the step: the adapter lock is held), the frames
 * are taken from the wire as a batch and each is read in place and written once, by DMA, into
 * its receive buffer. The completions' producer shadows are written once per CQ after the
 * batch (sim_cq_poll).
 */
static unsigned int
sim_rx_drain(struct qlxge_sim_func *fn, struct sim_wire *w, bool wait, bool carrier)
{
	bool fe = (fn->regs[QLXGE_REG_FSC / 4] & QLXGE_FSC_FE) != 0;
	bool faults = sim_rx_faults(fn);
	struct sim_xgmac_rx_acc acc = { 0, 0 };
	const uint8_t *frames[SIM_RX_BUDGET];
	uint32_t lens[SIM_RX_BUDGET];
	struct sim_rx_ctx ctx;
	unsigned int n = 0, done = 0;
	bool stop = false;

	if (fe)
		sim_ctx_refresh(fn, &ctx);
	for (;;) {
		/* take the frames done with, look at the next ones: one wire call a batch */
		unsigned int nb = sim_wire_rx_burst(w, done, frames, lens,
						    stop ? 0 : SIM_RX_BUDGET - n);
		unsigned int i;

		if (nb == 0)
			break;
		if (unlikely(!carrier)) {
			i = nb;		/* no carrier: the frames are lost */
		} else if (unlikely(!fn->xg.rx_en)) {
			i = nb;		/* the receiver is off (RX_CFG.EN): the MAC takes nothing */
			fn->cnt.rx_drops_mac_disabled += nb;
		} else if (unlikely(!fe)) {
			i = nb;		/* a disabled function takes nothing */
			fn->cnt.rx_drops_filter += nb;
		} else {
			for (i = 0; i < nb; i++) {
				if (sim_rx_one(fn, &ctx, frames[i], lens[i], faults, &acc) !=
				    SIM_RX_NO_ROOM)
					continue;
				if (wait)
					break;	/* a pcap file waits for buffers: not taken */
				sim_rx_nobuf(fn, frames[i], lens[i]);
			}
		}
		done = i;
		n += i;
		stop = i < nb || n >= SIM_RX_BUDGET;
	}
	sim_xgmac_rx_flush(fn, &acc);
	return n;
}

unsigned int
sim_rx_poll(struct qlxge_sim_func *fn, uint64_t now)
{
	unsigned int n = 0;

	RTE_SET_USED(now);
	/* the port's own TX looped back by SET_PORT_CFG (the MAC loops inside: no carrier
	 * needed), then the wire */
	if (unlikely(fn->lb_wire != NULL))
		n += sim_rx_drain(fn, fn->lb_wire, false, true);
	if (fn->wire != NULL)
		n += sim_rx_drain(fn, fn->wire,
				  fn->wire_cfg.kind == QLXGE_SIM_WIRE_PCAP &&
				  fn->fault[QLXGE_SIM_FAULT_RX_BQ_DRY] == 0,
				  fn->port.link_up);
	return n;
}
