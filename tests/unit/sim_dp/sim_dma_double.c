/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Test double of the model's DMA (base/dma.h) and log types (base/log.h) for the data-plane unit
 * tests, which link the data-plane sources alone: an IOVA is the virtual address itself, and
 * the window at T_BAD_IOVA (and IOVA 0) faults. Also the frame builders of sim_dp_test.h.
 */

#include <errno.h>
#include <string.h>

#include <rte_log.h>

#include "base/dma.h"
#include "sim_dp_test.h"

int sim_logtype_regs = RTE_LOGTYPE_USER1;
int sim_logtype_mpi = RTE_LOGTYPE_USER1;
int sim_logtype_flash = RTE_LOGTYPE_USER1;
int sim_logtype_dma = RTE_LOGTYPE_USER1;
int sim_logtype_tx = RTE_LOGTYPE_USER1;
int sim_logtype_rx = RTE_LOGTYPE_USER1;
int sim_logtype_wire = RTE_LOGTYPE_USER1;

unsigned int t_dma_faults;

void
t_dma_reset(void)
{
	t_dma_faults = 0;
}

static bool
t_dma_bad(uint64_t iova, size_t len)
{
	return iova == 0 || (iova + len > T_BAD_IOVA && iova < T_BAD_IOVA + (1u << 20));
}

void *
sim_dma_xlate(uint64_t iova, size_t len)
{
	return t_dma_bad(iova, len) ? NULL : (void *)(uintptr_t)iova;
}

void *
sim_dma_map(struct qlxge_sim_func *fn, uint64_t iova, size_t len)
{
	(void)fn;
	if (t_dma_bad(iova, len)) {
		t_dma_faults++;
		return NULL;
	}
	return (void *)(uintptr_t)iova;
}

static struct qlxge_sim_func t_fn_zero;
struct qlxge_sim_func *const t_fn = &t_fn_zero;

/* No DMA windows: every access of the fast path (sim_dma_at) takes sim_dma_map(), where the
 * faults are. */
uint64_t sim_dma_gen;

int
sim_dma_win_fill(struct sim_dma_win *w, uint64_t iova, size_t len)
{
	(void)w;
	(void)iova;
	(void)len;
	return -ENOTSUP;
}

int
sim_dma_read(struct qlxge_sim_func *fn, uint64_t iova, void *dst, size_t len)
{
	void *p = sim_dma_map(fn, iova, len);

	if (p == NULL)
		return -EFAULT;
	memcpy(dst, p, len);
	return 0;
}

int
sim_dma_write(struct qlxge_sim_func *fn, uint64_t iova, const void *src, size_t len)
{
	void *p = sim_dma_map(fn, iova, len);

	if (p == NULL)
		return -EFAULT;
	memcpy(p, src, len);
	return 0;
}

/* ---- frame builders (independent of the model) ---- */

static const uint8_t t_src_mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x99 };
static const uint8_t t_v4_src[4] = { 192, 168, 1, 10 };
static const uint8_t t_v4_dst[4] = { 10, 0, 0, 1 };
static const uint8_t t_v6_src[16] = { 0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
				      0x10 };
static const uint8_t t_v6_dst[16] = { 0x20, 0x01, 0x0d, 0xb8, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
				      0x01 };

bool
t_ip4_ok(const uint8_t *frame, uint32_t l3)
{
	uint32_t ihl = (frame[l3] & 0xFu) * 4;

	return t_fold(t_sum(frame + l3, ihl, 0)) == 0xFFFF;
}

bool
t_l4_ok(const uint8_t *frame, uint32_t l3, uint32_t l4, bool v6, uint8_t proto, uint32_t l4_len)
{
	struct t_frame f = { .l3 = l3, .l4 = l4 };
	uint32_t s = t_phdr_sum(frame, &f, v6, proto, l4_len);

	return t_fold(t_sum(frame + l4, l4_len, s)) == 0xFFFF;
}

void
t_build(uint8_t *buf, struct t_frame *f, const uint8_t dst[6], int vid, bool v6, enum t_l4 l4,
	uint32_t payload, uint8_t seed)
{
	uint32_t off = 12, l4_hlen = l4 == T_TCP ? 20 : l4 == T_UDP ? 8 : 0, l4_len;
	uint8_t *p;

	memcpy(buf, dst, 6);
	memcpy(buf + 6, t_src_mac, 6);
	if (vid >= 0) {
		t_wr16(buf + off, 0x8100);
		t_wr16(buf + off + 2, (uint16_t)vid);
		off += 4;
	}
	t_wr16(buf + off, v6 ? 0x86DD : 0x0800);
	off += 2;
	f->buf = buf;
	f->l3 = off;
	l4_len = l4_hlen + payload;
	if (v6) {
		p = buf + off;
		memset(p, 0, 40);
		p[0] = 0x60;
		t_wr16(p + 4, (uint16_t)l4_len);
		p[6] = l4 == T_NONE ? 59 : (uint8_t)l4;	/* 59: no next header */
		p[7] = 64;
		memcpy(p + 8, t_v6_src, 16);
		memcpy(p + 24, t_v6_dst, 16);
		off += 40;
	} else {
		p = buf + off;
		memset(p, 0, 20);
		p[0] = 0x45;
		t_wr16(p + 2, (uint16_t)(20 + l4_len));
		t_wr16(p + 4, 0x1234);
		t_wr16(p + 6, 0x4000);	/* DF */
		p[8] = 64;
		p[9] = l4 == T_NONE ? 253 : (uint8_t)l4;	/* 253: experimental */
		memcpy(p + 12, t_v4_src, 4);
		memcpy(p + 16, t_v4_dst, 4);
		t_wr16(p + 10, (uint16_t)~t_fold(t_sum(p, 20, 0)));
		off += 20;
	}
	f->l4 = off;
	p = buf + off;
	memset(p, 0, l4_hlen);
	if (l4 == T_TCP) {
		t_wr16(p, 40000);
		t_wr16(p + 2, 80);
		t_wr32(p + 4, 0x01020304);
		t_wr32(p + 8, 0x0A0B0C0D);
		p[12] = 5 << 4;
		p[13] = 0x18 | 0x01 | 0x80;	/* PSH ACK FIN CWR */
		t_wr16(p + 14, 65535);
	} else if (l4 == T_UDP) {
		t_wr16(p, 5000);
		t_wr16(p + 2, 6000);
		t_wr16(p + 4, (uint16_t)l4_len);
	}
	off += l4_hlen;
	f->hdr_len = off;
	for (uint32_t i = 0; i < payload; i++)
		buf[off + i] = (uint8_t)(i * 7 + seed);
	f->len = off + payload;
	if (l4 != T_NONE) {
		uint32_t s = t_phdr_sum(buf, f, v6, (uint8_t)l4, l4_len);
		uint16_t ck = (uint16_t)~t_fold(t_sum(p, l4_len, s));

		if (l4 == T_UDP && ck == 0)
			ck = 0xFFFF;
		t_wr16(p + (l4 == T_TCP ? 16 : 6), ck);
	}
}
