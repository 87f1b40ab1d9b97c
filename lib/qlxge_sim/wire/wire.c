/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The wire interface (wire/wire.h): ends of each kind, made, used and closed here, with the
 * kinds' work dispatched to ring.c (LOOP: one ring from the port to itself; PEER: a cable of
 * two rings), pcap.c and tap.c. Receiving is zero-copy: a burst shows frames in place, the next
 * receive call takes those the caller is done with.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>

#include "base/log.h"
#include "wire/pcap.h"
#include "wire/ring.h"
#include "wire/tap.h"
#include "wire/wire_pvt.h"

static bool
sim_wire_is_ring(const struct sim_wire *w)
{
	return w->kind == QLXGE_SIM_WIRE_LOOP || w->kind == QLXGE_SIM_WIRE_PEER;
}

static struct sim_wire *
sim_wire_alloc(enum qlxge_sim_wire_kind kind)
{
	struct sim_wire *w = calloc(1, sizeof(*w));

	if (w == NULL)
		return NULL;
	w->kind = kind;
	w->tap_fd = -1;
	w->ctl_fd = -1;
	return w;
}

static void
sim_wire_free(struct sim_wire *w)
{
	if (w->kind == QLXGE_SIM_WIRE_LOOP && w->rxr != NULL) {
		sim_wire_ring_fini(w->rxr);
		free(w->rxr);
	}
	free(w->rxbuf);
	free(w);
}

int
sim_wire_open(const struct qlxge_sim_wire_cfg *cfg, struct sim_wire **wp)
{
	struct sim_wire *w;
	int ret = 0;

	if (cfg == NULL || wp == NULL)
		return -EINVAL;
	*wp = NULL;
	switch (cfg->kind) {
	case QLXGE_SIM_WIRE_LOOP:
	case QLXGE_SIM_WIRE_PCAP:
	case QLXGE_SIM_WIRE_TAP:
		break;
	default:	/* NONE has no wire; PEER ends come from sim_wire_pair() */
		return -EINVAL;
	}
	w = sim_wire_alloc(cfg->kind);
	if (w == NULL)
		return -ENOMEM;
	switch (cfg->kind) {
	case QLXGE_SIM_WIRE_LOOP:
		w->rxr = calloc(1, sizeof(*w->rxr));
		if (w->rxr == NULL) {
			ret = -ENOMEM;
			break;
		}
		ret = sim_wire_ring_init(w->rxr, SIM_WIRE_RING_SIZE);
		w->txr = w->rxr;
		break;
	case QLXGE_SIM_WIRE_PCAP:
	case QLXGE_SIM_WIRE_TAP:
		w->rxbuf = malloc(SIM_WIRE_MAX_FRAME);
		if (w->rxbuf == NULL) {
			ret = -ENOMEM;
			break;
		}
		ret = cfg->kind == QLXGE_SIM_WIRE_PCAP ? sim_wire_pcap_open(w, cfg) :
							 sim_wire_tap_open(w, cfg);
		break;
	default:
		break;
	}
	if (ret != 0) {
		SIM_LOG(ERR, wire, "wire open (kind %d) failed: %s", cfg->kind, strerror(-ret));
		sim_wire_free(w);
		return ret;
	}
	SIM_TRACE(wire, open, "kind %d", cfg->kind);
	*wp = w;
	return 0;
}

int
sim_wire_pair(struct sim_wire **a, struct sim_wire **b)
{
	struct sim_wire_cable *c;
	struct sim_wire *e[2] = { NULL, NULL };

	if (a == NULL || b == NULL)
		return -EINVAL;
	c = calloc(1, sizeof(*c));
	if (c == NULL)
		return -ENOMEM;
	if (sim_wire_ring_init(&c->ring[0], SIM_WIRE_RING_SIZE) != 0 ||
	    sim_wire_ring_init(&c->ring[1], SIM_WIRE_RING_SIZE) != 0)
		goto err_free;
	for (unsigned int i = 0; i < 2; i++) {
		e[i] = sim_wire_alloc(QLXGE_SIM_WIRE_PEER);
		if (e[i] == NULL)
			goto err_free;
		e[i]->cable = c;
		e[i]->end = i;
		e[i]->rxr = &c->ring[i];
		e[i]->txr = &c->ring[1 - i];
		c->open[i] = true;
	}
	c->refs = 2;
	*a = e[0];
	*b = e[1];
	SIM_TRACE(wire, pair, "peer cable made");
	return 0;

err_free:
	free(e[0]);
	free(e[1]);
	sim_wire_ring_fini(&c->ring[0]);
	sim_wire_ring_fini(&c->ring[1]);
	free(c);
	return -ENOMEM;
}

void
sim_wire_close(struct sim_wire *w)
{
	if (w == NULL)
		return;
	SIM_TRACE(wire, close, "kind %d", w->kind);
	switch (w->kind) {
	case QLXGE_SIM_WIRE_PEER: {
		struct sim_wire_cable *c = w->cable;

		/* release: pairs with the acquire loads of the far end */
		__atomic_store_n(&c->open[w->end], false, __ATOMIC_RELEASE);
		/* acq_rel: the last end to leave sees the other's last accesses, frees */
		if (__atomic_sub_fetch(&c->refs, 1, __ATOMIC_ACQ_REL) == 0) {
			sim_wire_ring_fini(&c->ring[0]);
			sim_wire_ring_fini(&c->ring[1]);
			free(c);
		}
		break;
	}
	case QLXGE_SIM_WIRE_PCAP:
		sim_wire_pcap_close(w);
		break;
	case QLXGE_SIM_WIRE_TAP:
		sim_wire_tap_close(w);
		break;
	default:
		break;
	}
	sim_wire_free(w);
}

int
sim_wire_tx(struct sim_wire *w, const uint8_t *frame, uint32_t len)
{
	int ret;

	if (unlikely(len > SIM_WIRE_MAX_FRAME)) {
		w->st.tx_drops++;
		return -EMSGSIZE;
	}
	switch (w->kind) {
	case QLXGE_SIM_WIRE_PEER:
		/* acquire: pairs with the release in sim_wire_close() of the far end */
		if (!__atomic_load_n(&w->cable->open[1 - w->end], __ATOMIC_ACQUIRE)) {
			ret = -ENOLINK;
			break;
		}
		/* fall through */
	case QLXGE_SIM_WIRE_LOOP:
		ret = sim_wire_ring_put(w->txr, frame, len, SIM_WIRE_MIN_FRAME);
		break;
	case QLXGE_SIM_WIRE_PCAP:
		ret = sim_wire_pcap_tx(w, frame, len);
		break;
	case QLXGE_SIM_WIRE_TAP:
		ret = sim_wire_tap_tx(w, frame, len);
		break;
	default:
		ret = -ENOLINK;
		break;
	}
	if (unlikely(ret != 0)) {
		w->st.tx_drops++;
		return ret;
	}
	w->st.tx_frames++;
	w->st.tx_bytes += len;
	return 0;
}

int
sim_wire_txb_begin(struct sim_wire *w, struct sim_wire_txb *b)
{
	switch (w->kind) {
	case QLXGE_SIM_WIRE_PEER:
		/* acquire: pairs with the release in sim_wire_close() of the far end. Checked once
		 * for the burst: a far end closing during it is a close just after it */
		if (!__atomic_load_n(&w->cable->open[1 - w->end], __ATOMIC_ACQUIRE))
			return -ENOLINK;
		break;
	case QLXGE_SIM_WIRE_LOOP:
		break;
	default:
		return -ENOTSUP;
	}
	b->w = w;
	b->r = w->txr;
	b->head = w->txr->head;	/* the producer's own */
	/* acquire: pairs with the consumer's release of tail, the space is free once seen */
	b->tail = __atomic_load_n(&w->txr->tail, __ATOMIC_ACQUIRE);
	b->frames = 0;
	b->bytes = 0;
	b->drops = 0;
	return 0;
}

void
sim_wire_txb_end(struct sim_wire_txb *b)
{
	struct sim_wire *w = b->w;

	if (b->frames != 0)
		sim_wire_ring_publish(b->r, b->head);
	w->st.tx_frames += b->frames;
	w->st.tx_bytes += b->bytes;
	w->st.tx_drops += b->drops;
}

int
sim_wire_emit(void *arg, const uint8_t *frame, uint32_t len)
{
	return sim_wire_tx(arg, frame, len);
}

unsigned int
sim_wire_rx_burst(struct sim_wire *w, unsigned int done, const uint8_t **frames,
		  uint32_t *lens, unsigned int max)
{
	unsigned int n;
	int ret;

	/* take what the caller is done with */
	done = RTE_MIN(done, w->burst_n);
	if (done != 0 && sim_wire_is_ring(w)) {
		for (unsigned int i = 0; i < done; i++)
			w->st.rx_bytes += w->burst_len[i];
		w->st.rx_frames += done;
		sim_wire_ring_take(w->rxr, w->burst_end[done - 1]);
	} else if (done != 0) {
		w->rx_have = false;
		w->st.rx_frames++;
		w->st.rx_bytes += w->rxlen;
	}
	w->burst_n = 0;
	/* then show the next frames, left in place */
	max = RTE_MIN(max, SIM_WIRE_BURST_MAX);
	if (max == 0)
		return 0;
	switch (w->kind) {
	case QLXGE_SIM_WIRE_LOOP:
	case QLXGE_SIM_WIRE_PEER:
		n = sim_wire_ring_look(w->rxr, frames, lens, w->burst_len, w->burst_end, max);
		w->burst_n = n;
		return n;
	case QLXGE_SIM_WIRE_PCAP:
	case QLXGE_SIM_WIRE_TAP:
		if (!w->rx_have) {
			ret = w->kind == QLXGE_SIM_WIRE_PCAP ? sim_wire_pcap_rx(w) :
							       sim_wire_tap_rx(w);
			if (ret != 0)
				return 0;
			if (w->rxlen < SIM_WIRE_MIN_FRAME) {
				memset(w->rxbuf + w->rxlen, 0, SIM_WIRE_MIN_FRAME - w->rxlen);
				w->rxlen = SIM_WIRE_MIN_FRAME;
			}
			w->rx_have = true;
		}
		frames[0] = w->rxbuf;
		lens[0] = w->rxlen;
		w->burst_n = 1;
		return 1;
	default:
		return 0;
	}
}

int
sim_wire_rx(struct sim_wire *w, uint8_t *buf, uint32_t cap, uint32_t *len)
{
	const uint8_t *f;
	uint32_t l;

	if (sim_wire_rx_burst(w, 0, &f, &l, 1) == 0)
		return -EAGAIN;
	if (l > cap) {
		sim_wire_rx_burst(w, 1, NULL, NULL, 0);
		return -EMSGSIZE;
	}
	memcpy(buf, f, l);
	*len = l;
	sim_wire_rx_burst(w, 1, NULL, NULL, 0);
	return 0;
}

bool
sim_wire_carrier(struct sim_wire *w)
{
	switch (w->kind) {
	case QLXGE_SIM_WIRE_LOOP:
	case QLXGE_SIM_WIRE_PCAP:
		return true;
	case QLXGE_SIM_WIRE_PEER:
		/* acquire: pairs with the release in sim_wire_close() of the far end; the pulled
		 * flags are relaxed: a state each end samples every step, no data hangs on it */
		return __atomic_load_n(&w->cable->open[1 - w->end], __ATOMIC_ACQUIRE) &&
		       !__atomic_load_n(&w->cable->pulled[0], __ATOMIC_RELAXED) &&
		       !__atomic_load_n(&w->cable->pulled[1], __ATOMIC_RELAXED);
	case QLXGE_SIM_WIRE_TAP:
		return sim_wire_tap_carrier(w);
	default:
		return false;
	}
}

void
sim_wire_pull(struct sim_wire *w, bool down)
{
	/* relaxed: read by sim_wire_carrier() at either end, a state with no data behind it */
	if (w != NULL && w->kind == QLXGE_SIM_WIRE_PEER)
		__atomic_store_n(&w->cable->pulled[w->end], down, __ATOMIC_RELAXED);
}

enum qlxge_sim_wire_kind
sim_wire_kind(const struct sim_wire *w)
{
	return w->kind;
}

void
sim_wire_stats_get(const struct sim_wire *w, struct sim_wire_stats *st)
{
	*st = w->st;
}

enum qlxge_sim_pcap_start
sim_wire_pcap_start(const struct sim_wire *w)
{
	return w->kind == QLXGE_SIM_WIRE_PCAP ? w->start : QLXGE_SIM_PCAP_START_LINK;
}

void
sim_wire_info(struct sim_wire *w, struct qlxge_sim_wire_info *info)
{
	info->kind = w->kind;
	info->carrier = sim_wire_carrier(w);
	info->tx_frames = w->st.tx_frames;
	info->tx_bytes = w->st.tx_bytes;
	info->tx_drops = w->st.tx_drops;
	info->rx_frames = w->st.rx_frames;
	info->rx_bytes = w->st.rx_bytes;
	info->rx_drops_oversize = w->st.rx_drops_oversize;
	switch (w->kind) {
	case QLXGE_SIM_WIRE_PCAP:
		sim_wire_pcap_info(w, info);
		break;
	case QLXGE_SIM_WIRE_TAP:
		sim_wire_tap_info(w, info);
		break;
	default:
		break;
	}
}
