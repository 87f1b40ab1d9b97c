/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The receive pass of a function (§7.7, §16.13; queues/rx.h): frames from the port's wires,
 * through the pipeline's stages in order, each entered once per frame:
 *
 *   wire (wire/wire.c)  ->  classification (dataplane/classify.h: a verdict: drop or CQ)
 *     ->  placement (queues/rxq.h: buffers and the RX completion)  ->  MAC counters
 *
 * The pass sequences the stages; no stage calls back. Classification and placement are inline
 * (once per frame: a call's own cost was a tenth of the classification's). A frame that finds
 * no buffer (or no room for its completion) is dropped and counted, except from a pcap file,
 * which waits. Every frame taken off a wire is counted where the driver can read it: received,
 * a MAC error (FCS, oversize), a FIFO drop (no buffer), an RX drop event (taken by no
 * queue: filtered, the function disabled, the CQ not ready, the receiver off, a DMA error), or
 * a MAC Control frame (PAUSE), which the MAC takes for itself (its control counter).
 * Frames on the wire when the link goes down were sent while it was up: they are received
 * (the wire's ring stands for the cable and the receiving MAC's FIFO).
 *
 * A PCAP wire (unless it starts at link-up, like a traffic generator) offers a frame only when
 * the port can place it: while the link is down, the RX MAC or the function disabled, no
 * routing slot programmed (a stopped port), the frame's CQ not valid, or no buffer or
 * completion entry is free, the frame stays on the wire. Started at the first receive, its
 * first frame stays there even once placed, until the application has received it; until
 * then a frame the filters or the max frame reject waits too while they are being configured (a
 * port starts with promiscuous mode off, testpmd turns it on right after; a script stops the
 * port to raise its MTU), and is dropped once they have been left alone for
 * SIM_PCAP_SETTLE_US.
 */

#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>

#include "base/log.h"
#include "base/state.h"
#include "dataplane/classify.h"
#include "dataplane/xgmac.h"
#include "queues/doorbell.h"
#include "queues/rx.h"
#include "queues/rxq.h"
#include "wire/wire.h"

/*
 * Frames taken per wire per poll step. A PCAP or TAP wire: SIM_RX_BUDGET, so that a busy port
 * cannot starve the other. A LOOP or PEER wire carries what the ports of the model sent: a
 * receiving MAC takes the frames at the rate the sending one puts them on the line, so the step
 * takes every frame on the ring, up to SIM_RX_RING_BUDGET (a bound for a PEER end whose sender
 * runs on another thread); the WQs put at most 64 IOCBs each on it per step (queues/wq.c), and
 * a budget smaller than theirs would leave the ring to fill up and the senders to wait for it.
 */
#define SIM_RX_BUDGET		64u
#define SIM_RX_RING_BUDGET	4096u

/*
 * What classification reads, from the registers: they cannot change inside the poll step; and
 * the batch's memos of the routing (@p memo, route.h), the address match (@p mac_memo,
 * filter.h) and the verdict (@p vmemo, classify.h), emptied.
 */
static void
sim_rx_ctx_init(struct qlxge_sim_func *fn, struct sim_rx_ctx *c, struct sim_route_memo *memo,
		struct sim_mac_memo *mac_memo, struct sim_rx_vmemo *vmemo)
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
	memo->valid = false;
	c->route_memo = memo;
	mac_memo->valid = false;
	c->mac_memo = mac_memo;
	vmemo->frame = NULL;
	c->verdict_memo = vmemo;
	c->trace = fn->trace;
}

/* The CQ @p q can take a completion for a received frame now. */
static inline bool
sim_rx_cq_ready(const struct qlxge_sim_func *fn, unsigned int q)
{
	const struct sim_cq *cq = &fn->cq[q];

	return cq->loaded && cq->valid && !cq->stopped;
}

/*
 * The frames @p frames / @p lens (@p nb of them) of one call of sim_wire_rx_burst(), each
 * classified and placed; @return the frames taken (fewer than @p nb when one must stay on the
 * wire). @p wait, @p probe as sim_rx_drain(); @p fcs_fault, @p l4_fault: the per-frame faults
 * are injected. Inline twice: once with every flag false, the plain batch (no fault, frames
 * never wait), in which the compiler drops their branches and the registers they hold, and
 * once with the batch's flags for everything else: one source for both.
 */
static __rte_always_inline unsigned int
sim_rx_frames(struct qlxge_sim_func *fn, const struct sim_rx_ctx *ctx,
	      const uint8_t *const *frames, const uint32_t *lens, unsigned int nb,
	      struct sim_xgmac_rx_acc *acc, struct sim_rxq_acc *placed, bool wait, bool probe,
	      bool fcs_fault, bool l4_fault)
{
	unsigned int i;

	for (i = 0; i < nb; i++) {
		const uint8_t *data = frames[i];
		uint32_t len = lens[i], mac_len = len;
		bool fcs_err = false, oversize = false, fifo_drop = false;
		enum sim_rxq_res res = SIM_RXQ_DROPPED;
		struct sim_rx_verdict v;
		struct sim_rx_alt alt;
		int ret = SIM_RX_DROP_OVERSIZE;

		/* no longer frame reaches the RX path, and fn->frame (the copy for a VLAN
		 * strip or an L4 fault) holds exactly this much */
		if (likely(len <= SIM_FRAME_MAX)) {
			uint8_t mac_err;

			/* an injected bad FCS is an error the MAC reports: ERR = CRC, which
			 * routing sees (not VALID, ERR and MAC_ERR bits) */
			fcs_err = unlikely(fcs_fault) &&
				  sim_fault_one_in(fn, QLXGE_SIM_FAULT_RX_BAD_FCS);
			mac_err = fcs_err ? QLXGE_IB_MAC_FLAGS2_ERR_CRC : 0;
			ret = sim_rx_classify_frame(ctx, data, len, mac_err,
						    unlikely(l4_fault) ? &alt : NULL, &v);
		}
		/* an injected bad L4 checksum, on 1 in N delivered frames: the frame as
		 * corrupted, with the verdict that came for it */
		if (unlikely(l4_fault) && ret == SIM_RX_DELIVER &&
		    sim_fault_one_in(fn, QLXGE_SIM_FAULT_RX_BAD_L4CSUM) && alt.at != 0) {
			memcpy(fn->frame, data, len);
			fn->frame[alt.at] ^= 0x5A;
			fn->frame[alt.at + 1] ^= 0xA5;
			data = fn->frame;
			v.flags1 = alt.flags1;
			v.rt_bits = alt.rt_bits;
			v.slot = alt.slot;
			v.dest = alt.dest;
			v.cq_id = alt.cq_id;
			v.drop = alt.drop;
			ret = alt.drop;
		}
		/* the MAC counts every frame longer than the port's max frame as oversize
		 * (§11.3), whether routing then delivers it (with its ERR code) or not */
		oversize = ret == SIM_RX_DROP_OVERSIZE ||
			   (v.flags2 & QLXGE_IB_MAC_FLAGS2_ERR_MASK) ==
			   QLXGE_IB_MAC_FLAGS2_ERR_OVERSIZE;
		if (unlikely(ret == SIM_RX_DROP_MAC_CONTROL)) {
			/* the MAC's own frame, in its control and pause counters alone: no
			 * queue's, so it never waits for one */
			SIM_TRACE_DP(fn, rx, mac_control, SIM_FN_FMT " %u bytes", SIM_FN_ARGS(fn),
				     len);
			goto count;
		}
		if (unlikely(ret != SIM_RX_DELIVER)) {
			/* a pcap file before the first receive: the filters may be half
			 * programmed (promiscuous mode comes after the start), the frame
			 * size not yet the application's (a script that raises the MTU stops
			 * the port first, then starts it again) */
			if (unlikely(probe) && ret != SIM_RX_DROP_RUNT &&
			    sim_now_us() - fn->ad->rx_cfg_us < SIM_PCAP_SETTLE_US)
				break;
			if (oversize) {
				fn->cnt.rx_drops_oversize++;
				SIM_TRACE_DP(fn, rx, drop_oversize, SIM_FN_FMT " %u bytes",
					     SIM_FN_ARGS(fn), len);
			} else {
				if (fcs_err) {
					fn->cnt.rx_drops_fcs++;
				} else {
					fn->cnt.rx_drops_filter++;
					sim_xgmac_rx_drop_event(fn, 1);
				}
				SIM_TRACE_DP(fn, rx, drop_filter, SIM_FN_FMT " %u bytes: "
					     "reason %d slot %u", SIM_FN_ARGS(fn), len, ret,
					     v.slot);
			}
			goto count;
		}
		if (unlikely(v.strip_vlan)) {
			/* the 802.1Q tag leaves the data; its TCI goes to the completion
			 * (§2.15) */
			if (data != fn->frame) {
				memcpy(fn->frame, data, 12);
				memcpy(fn->frame + 12, data + 16, len - 16);
			} else {
				memmove(fn->frame + 12, fn->frame + 16, len - 16);
			}
			data = fn->frame;
			len -= 4;
			if (v.hdr_len >= 16)
				v.hdr_len -= 4;
		}
		if (unlikely(wait) && !sim_rx_cq_ready(fn, v.cq_id))
			break;	/* its queue is stopped: the frame waits for it */
		if (unlikely(probe)) {
			fn->probe_cq = v.cq_id;
			fn->probe_entry = fn->cq[v.cq_id].prod;
			fn->probe_epoch = fn->cq[v.cq_id].epoch;
		}
		res = sim_rxq_place(fn, &v, data, len, placed);
		if (unlikely(probe) && res == SIM_RXQ_OK) {
			/* placed, counted, and left on the wire until it is received */
			fn->pcap_gate = SIM_PCAP_GATE_PROBE;
			SIM_TRACE(rx, pcap_first, SIM_FN_FMT " first frame in CQ %u "
				  "entry %u", SIM_FN_ARGS(fn), fn->probe_cq,
				  fn->probe_entry);
			if (fcs_err)
				fn->cnt.rx_errors++;
			sim_xgmac_rx(fn, acc, data, mac_len, fcs_err, false, false);
			break;
		}
		if (unlikely(res == SIM_RXQ_NO_ROOM)) {
			if (wait)
				break;	/* a pcap file waits for buffers: not taken */
			/* no buffer: the MAC's FIFO overflows, the frame as received; a FIFO
			 * drop only, not also an FCS or length error */
			data = frames[i];
			fcs_err = false;
			oversize = false;
			fifo_drop = true;
			fn->cnt.rx_drops_nobuf++;
			SIM_TRACE_DP(fn, rx, drop_nobuf, SIM_FN_FMT " %u bytes: no buffer",
				     SIM_FN_ARGS(fn), mac_len);
		}
		/*
		 * Each frame in one counter (docs/hardware/choices.md, "Frames the port receives
		 * and no queue takes"): a frame the MAC counts as an FCS or length error that no
		 * buffer form fits, or that no queue takes (the CQ not ready, a DMA error: AE
		 * posted), is not also a FIFO drop or a drop event, as a filtered one is not.
		 */
		if (unlikely(res == SIM_RXQ_TOO_BIG) && !fcs_err && !oversize)
			fifo_drop = true;
		if (unlikely(res == SIM_RXQ_DROPPED) && !fcs_err && !oversize)
			sim_xgmac_rx_drop_event(fn, 1);
		if (fcs_err && res == SIM_RXQ_OK)
			fn->cnt.rx_errors++;
count:
		sim_xgmac_rx(fn, acc, data, mac_len, fcs_err, oversize, fifo_drop);
	}
	return i;
}

/*
 * Frames waiting on wire @p w, up to @p budget: taken from the wire in batches, each read in
 * place and written once, by DMA, into its receive buffer. The completions' producer shadows
 * are written once per CQ after the step's frames (sim_cq_poll). @p wait: a frame the port
 * cannot place stays on the wire (a pcap file); @p probe: the first frame placed stays there
 * too (first receive not seen yet); @p carrier: the port has link.
 */
static unsigned int
sim_rx_drain(struct qlxge_sim_func *fn, struct sim_wire *w, unsigned int budget, bool wait,
	     bool probe, bool carrier)
{
	bool fe = (fn->regs[QLXGE_REG_FSC / 4] & QLXGE_FSC_FE) != 0;
	/* injected per-frame faults: looked up once per batch */
	bool fcs_fault = fn->fault[QLXGE_SIM_FAULT_RX_BAD_FCS] != 0;
	bool l4_fault = fn->fault[QLXGE_SIM_FAULT_RX_BAD_L4CSUM] != 0;
	struct sim_xgmac_rx_acc acc = { .frames = 0 };
	struct sim_rxq_acc placed = { .frames = 0 };
	const uint8_t *frames[SIM_WIRE_BURST_MAX];
	uint32_t lens[SIM_WIRE_BURST_MAX];
	struct sim_route_memo memo;
	struct sim_mac_memo mac_memo;
	struct sim_rx_vmemo vmemo;
	struct sim_rx_ctx ctx;
	unsigned int n = 0, i = 0, nb;
	bool stop = false;

	/* a pcap file waits for a port that receives: link, MAC, function, routing */
	if (wait && (!carrier || !fn->xg.rx_en || !fe || fn->rt->nicq_en == 0))
		return 0;
	sim_rx_ctx_init(fn, &ctx, &memo, &mac_memo, &vmemo);
	/* each call takes the frames done with and looks at the next ones */
	while ((nb = sim_wire_rx_burst(w, i, frames, lens,
				       stop ? 0 : RTE_MIN(budget - n, SIM_WIRE_BURST_MAX))) != 0) {
		if (unlikely(!fn->xg.rx_en)) {
			/* lost at the MAC (RX_CFG.EN clear: the receiver is off): not received */
			fn->cnt.rx_drops_mac_disabled += nb;
			sim_xgmac_rx_drop_event(fn, nb);
			i = nb;
			goto next;
		}
		if (unlikely(!fe)) {
			/* received by the MAC, taken by no queue: a disabled function takes none */
			for (i = 0; i < nb; i++)
				sim_xgmac_rx(fn, &acc, frames[i], lens[i], false, false, false);
			fn->cnt.rx_drops_filter += nb;
			sim_xgmac_rx_drop_event(fn, nb);
			goto next;
		}
		/* the verdict memo points into the burst: the last one was taken off the wire */
		vmemo.frame = NULL;
		if (likely(!wait && !probe && !fcs_fault && !l4_fault))
			i = sim_rx_frames(fn, &ctx, frames, lens, nb, &acc, &placed, false, false,
					  false, false);
		else
			i = sim_rx_frames(fn, &ctx, frames, lens, nb, &acc, &placed, wait, probe,
					  fcs_fault, l4_fault);
next:
		n += i;
		stop = i < nb || n >= budget;
	}
	sim_rxq_acc_flush(fn, &placed);
	sim_xgmac_rx_flush(fn, &acc);
	return n;
}

/*
 * The gate of a PCAP wire that starts at the application's first receive. Closed (WAIT) for a
 * new wire and after each function reset (a port stopped and started again). Once the first
 * frame is in a CQ (PROBE), the CQ's consumer index tells whether the application received
 * it: then it is taken off the wire and frames flow; if its queue went away first (the port
 * was stopped, the queue reloaded or invalidated) it is offered again. @return true when
 * frames may be offered (WAIT: the next one placed becomes the first).
 */
static bool
sim_rx_pcap_gate(struct qlxge_sim_func *fn)
{
	const uint8_t *f;
	struct sim_cq *cq;
	uint32_t cons, pending, dist, l;

	if (fn->pcap_gate_wire != fn->wire || fn->pcap_gate_resets != fn->cnt.resets) {
		fn->pcap_gate_wire = fn->wire;
		fn->pcap_gate_resets = fn->cnt.resets;
		fn->pcap_gate = SIM_PCAP_GATE_WAIT;
	}
	if (fn->pcap_gate != SIM_PCAP_GATE_PROBE)
		return true;
	cq = &fn->cq[fn->probe_cq];
	if (!sim_rx_cq_ready(fn, fn->probe_cq) || cq->epoch != fn->probe_epoch) {
		SIM_TRACE(rx, pcap_first_again, SIM_FN_FMT " CQ %u gone: first frame offered again",
			  SIM_FN_ARGS(fn), fn->probe_cq);
		fn->pcap_gate = SIM_PCAP_GATE_WAIT;
		return true;
	}
	cons = (sim_db_load(fn, QLXGE_DB_CQ_OFFSET(fn->probe_cq) + QLXGE_DB_CQ_CONS_IDX) &
		0xFFFFu) % cq->len;
	pending = (cq->prod + cq->len - cons) % cq->len;
	dist = (fn->probe_entry + cq->len - cons) % cq->len;
	if (dist < pending)
		return false;	/* still in the ring: the application has not polled yet */
	/* received: the frame leaves the wire */
	if (sim_wire_rx_burst(fn->wire, 0, &f, &l, 1) != 0)
		sim_wire_rx_burst(fn->wire, 1, NULL, NULL, 0);
	fn->pcap_gate = SIM_PCAP_GATE_OPEN;
	SIM_TRACE(rx, pcap_open, SIM_FN_FMT " first frame received", SIM_FN_ARGS(fn));
	return true;
}

unsigned int
sim_rx_poll(struct qlxge_sim_func *fn, uint64_t now)
{
	enum qlxge_sim_pcap_start start;
	unsigned int n = 0;
	bool wait;

	RTE_SET_USED(now);
	/* the port's own TX looped back by SET_PORT_CFG (the MAC loops inside: no carrier
	 * needed), then the wire */
	if (unlikely(fn->lb_wire != NULL))
		n += sim_rx_drain(fn, fn->lb_wire, SIM_RX_RING_BUDGET, false, false, true);
	if (fn->wire == NULL)
		return n;
	if (likely(fn->wire_cfg.kind == QLXGE_SIM_WIRE_LOOP ||
		   fn->wire_cfg.kind == QLXGE_SIM_WIRE_PEER))
		return n + sim_rx_drain(fn, fn->wire, SIM_RX_RING_BUDGET, false, false,
					fn->port.link_up);
	if (fn->wire_cfg.kind != QLXGE_SIM_WIRE_PCAP)
		return n + sim_rx_drain(fn, fn->wire, SIM_RX_BUDGET, false, false,
					fn->port.link_up);
	/* a pcap file: back-pressure unless it plays a traffic generator (or buffers are made
	 * to run dry, a fault that drops) */
	start = sim_wire_pcap_start(fn->wire);
	wait = start != QLXGE_SIM_PCAP_START_LINK && fn->fault[QLXGE_SIM_FAULT_RX_BQ_DRY] == 0;
	if (wait && start == QLXGE_SIM_PCAP_START_FIRST_BURST && !sim_rx_pcap_gate(fn))
		return n;
	return n + sim_rx_drain(fn, fn->wire, SIM_RX_BUDGET, wait,
				wait && start == QLXGE_SIM_PCAP_START_FIRST_BURST &&
				fn->pcap_gate == SIM_PCAP_GATE_WAIT,
				fn->port.link_up);
}
