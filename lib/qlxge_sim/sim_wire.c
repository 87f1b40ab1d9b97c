/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Wires of the 8100 model, common part: the frame ring, LOOP (the port's TX comes back to its
 * RX) and PEER (two ports cabled back to back, on one adapter or two). PCAP and TAP are in
 * sim_wire_pcap.c and sim_wire_tap.c. Not a fact-sheet concept: the cable the frames of §7
 * travel on (§16.12-16.13).
 *
 * Threads: each end is sent on by one thread and received on by one thread, which may differ
 * (two adapters polled by two threads share a peer cable). The rings are single-producer /
 * single-consumer and lock-free; frames are copied in and read in place (peek/consume).
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>

#include "base/log.h"
#include "sim_wire_pvt.h"

static uint64_t
sim_wire_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static sim_wire_clock_fn sim_wire_clock = sim_wire_mono_ns;

void
sim_wire_clock_set(sim_wire_clock_fn clock)
{
	sim_wire_clock = clock != NULL ? clock : sim_wire_mono_ns;
}

uint64_t
sim_wire_now_ns(void)
{
	return sim_wire_clock();
}

/* ==== SPSC frame ring ====================================================================== */

static int
sim_wire_ring_init(struct sim_wire_ring *r, uint64_t size)
{
	r->head = 0;
	r->tail = 0;
	r->size = size;
	r->data = aligned_alloc(RTE_CACHE_LINE_SIZE, size);
	if (r->data == NULL)
		return -ENOMEM;
	/* touch every page now: no page faults on the data path later */
	memset(r->data, 0, size);
	return 0;
}

static void
sim_wire_ring_fini(struct sim_wire_ring *r)
{
	free(r->data);
	r->data = NULL;
}

/* Copy of a frame: inline moves for small frames (cheaper than a library call). */
static inline void
sim_wire_copy(uint8_t *d, const uint8_t *s, uint32_t len)
{
	if (len >= 32 && len <= 64) {
		/* the first 32 and the last 32 bytes (overlapping below 64) */
		memcpy(d, s, 32);
		memcpy(d + len - 32, s + len - 32, 32);
		return;
	}
	memcpy(d, s, len);
}

/* Copy a frame in, zero-padded to SIM_WIRE_MIN_FRAME (the sending MAC pads). Producer only. */
static inline int
sim_wire_ring_put(struct sim_wire_ring *r, const uint8_t *frame, uint32_t len)
{
	uint32_t stored = RTE_MAX(len, SIM_WIRE_MIN_FRAME);
	uint64_t need = SIM_WIRE_REC_HDR + RTE_ALIGN_CEIL((uint64_t)stored, 8);
	uint64_t head = r->head;
	/* acquire: pairs with the consumer's release of tail, the space is free once seen */
	uint64_t tail = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
	uint64_t pos = head & (r->size - 1);
	uint64_t contig = r->size - pos;
	uint64_t total = contig < need ? contig + need : need;

	if (r->size - (head - tail) < total)
		return -EAGAIN;
	if (contig < need) {
		uint32_t wrap = SIM_WIRE_REC_WRAP;

		memcpy(r->data + pos, &wrap, sizeof(wrap));
		head += contig;
		pos = 0;
	}
	memcpy(r->data + pos, &stored, sizeof(stored));
	sim_wire_copy(r->data + pos + SIM_WIRE_REC_HDR, frame, len);
	if (stored > len)
		memset(r->data + pos + SIM_WIRE_REC_HDR + len, 0, stored - len);
	/* release: the record's bytes are visible before the consumer sees the new head */
	__atomic_store_n(&r->head, head + need, __ATOMIC_RELEASE);
	return 0;
}

/* Next record of the ring, left in place. Consumer only. */
static int
sim_wire_ring_peek(struct sim_wire_ring *r, const uint8_t **frame, uint32_t *len)
{
	for (;;) {
		uint64_t tail = r->tail;
		/* acquire: pairs with the producer's release of head */
		uint64_t head = __atomic_load_n(&r->head, __ATOMIC_ACQUIRE);
		uint64_t pos = tail & (r->size - 1);
		uint32_t l;

		if (tail == head)
			return -EAGAIN;
		memcpy(&l, r->data + pos, sizeof(l));
		if (l == SIM_WIRE_REC_WRAP) {
			/* release: the producer may reuse the skipped bytes */
			__atomic_store_n(&r->tail, tail + (r->size - pos), __ATOMIC_RELEASE);
			continue;
		}
		*frame = r->data + pos + SIM_WIRE_REC_HDR;
		*len = l;
		return 0;
	}
}

static void
sim_wire_ring_consume(struct sim_wire_ring *r, uint32_t len)
{
	uint64_t rec = SIM_WIRE_REC_HDR + RTE_ALIGN_CEIL((uint64_t)len, 8);

	/* release: our reads of the record are done before the producer may overwrite it */
	__atomic_store_n(&r->tail, r->tail + rec, __ATOMIC_RELEASE);
}

/* ==== Wire ends ============================================================================ */

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
		ret = sim_wire_ring_put(w->txr, frame, len);
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
sim_wire_emit(void *arg, const uint8_t *frame, uint32_t len)
{
	return sim_wire_tx(arg, frame, len);
}

int
sim_wire_rx_peek(struct sim_wire *w, const uint8_t **frame, uint32_t *len)
{
	int ret;

	switch (w->kind) {
	case QLXGE_SIM_WIRE_LOOP:
	case QLXGE_SIM_WIRE_PEER:
		ret = sim_wire_ring_peek(w->rxr, frame, len);
		if (ret == 0) {
			w->rx_peeked = true;
			w->peek_len = *len;
		}
		return ret;
	case QLXGE_SIM_WIRE_PCAP:
	case QLXGE_SIM_WIRE_TAP:
		if (!w->rx_have) {
			ret = w->kind == QLXGE_SIM_WIRE_PCAP ? sim_wire_pcap_rx(w) :
							       sim_wire_tap_rx(w);
			if (ret != 0)
				return ret;
			if (w->rxlen < SIM_WIRE_MIN_FRAME) {
				memset(w->rxbuf + w->rxlen, 0, SIM_WIRE_MIN_FRAME - w->rxlen);
				w->rxlen = SIM_WIRE_MIN_FRAME;
			}
			w->rx_have = true;
		}
		*frame = w->rxbuf;
		*len = w->rxlen;
		return 0;
	default:
		return -EAGAIN;
	}
}

void
sim_wire_rx_consume(struct sim_wire *w)
{
	switch (w->kind) {
	case QLXGE_SIM_WIRE_LOOP:
	case QLXGE_SIM_WIRE_PEER:
		if (!w->rx_peeked)
			return;
		w->rx_peeked = false;
		w->st.rx_frames++;
		w->st.rx_bytes += w->peek_len;
		sim_wire_ring_consume(w->rxr, w->peek_len);
		break;
	case QLXGE_SIM_WIRE_PCAP:
	case QLXGE_SIM_WIRE_TAP:
		if (!w->rx_have)
			return;
		w->rx_have = false;
		w->st.rx_frames++;
		w->st.rx_bytes += w->rxlen;
		break;
	default:
		break;
	}
}

unsigned int
sim_wire_rx_burst(struct sim_wire *w, const uint8_t **frames, uint32_t *lens, unsigned int max)
{
	struct sim_wire_ring *r;
	uint64_t tail, head;
	unsigned int n = 0;

	if (max > SIM_WIRE_BURST_MAX)
		max = SIM_WIRE_BURST_MAX;
	if (w->kind != QLXGE_SIM_WIRE_LOOP && w->kind != QLXGE_SIM_WIRE_PEER) {
		/* PCAP, TAP: the one staged frame */
		w->burst_n = max != 0 && sim_wire_rx_peek(w, &frames[0], &lens[0]) == 0;
		return w->burst_n;
	}
	/* a ring: walk the records from the tail; the tail moves at release */
	w->rx_peeked = false;
	r = w->rxr;
	tail = r->tail;
	/* acquire: pairs with the producer's release of head */
	head = __atomic_load_n(&r->head, __ATOMIC_ACQUIRE);
	while (n < max && tail != head) {
		uint64_t pos = tail & (r->size - 1);
		uint32_t l;

		memcpy(&l, r->data + pos, sizeof(l));
		if (l == SIM_WIRE_REC_WRAP) {
			tail += r->size - pos;
			continue;
		}
		frames[n] = r->data + pos + SIM_WIRE_REC_HDR;
		lens[n] = l;
		tail += SIM_WIRE_REC_HDR + RTE_ALIGN_CEIL((uint64_t)l, 8);
		w->burst_end[n] = tail;
		w->burst_len[n] = l;
		n++;
	}
	w->burst_n = n;
	return n;
}

void
sim_wire_rx_release(struct sim_wire *w, unsigned int n)
{
	if (n > w->burst_n)
		n = w->burst_n;
	if (n == 0)
		return;
	if (w->kind != QLXGE_SIM_WIRE_LOOP && w->kind != QLXGE_SIM_WIRE_PEER) {
		sim_wire_rx_consume(w);
	} else {
		for (unsigned int i = 0; i < n; i++)
			w->st.rx_bytes += w->burst_len[i];
		w->st.rx_frames += n;
		/* release: our reads of the records are done before the producer reuses them */
		__atomic_store_n(&w->rxr->tail, w->burst_end[n - 1], __ATOMIC_RELEASE);
	}
	w->burst_n = 0;
}

int
sim_wire_rx(struct sim_wire *w, uint8_t *buf, uint32_t cap, uint32_t *len)
{
	const uint8_t *f;
	uint32_t l;
	int ret = sim_wire_rx_peek(w, &f, &l);

	if (ret != 0)
		return ret;
	if (l > cap) {
		sim_wire_rx_consume(w);
		return -EMSGSIZE;
	}
	memcpy(buf, f, l);
	*len = l;
	sim_wire_rx_consume(w);
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
		return __atomic_load_n(&w->cable->open[1 - w->end], __ATOMIC_ACQUIRE);
	case QLXGE_SIM_WIRE_TAP:
		return sim_wire_tap_carrier(w);
	default:
		return false;
	}
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
