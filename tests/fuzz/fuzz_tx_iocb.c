/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Fuzzer (b): the model's TX engine (lib/qlxge_sim/dataplane/tx.c, compiled in) fed any
 * 128-byte IOCB: buffer descriptors, OAL pointers (in any slot, nested or not), lengths, LSO
 * parameters and header offsets, checksum and VLAN flags. The buffers are an arena the input
 * fills too (fuzz_dma_arena.c: most addresses land in it, the others fault). Whatever the
 * IOCB, the engine must not crash or read or write outside what it was given, and what it
 * reports must hold together: an error flag when nothing was sent, frames of at most
 * SIM_FRAME_MAX bytes and at least 60, bytes equal to what was emitted, B for every refused
 * frame.
 *
 * Input: the IOCB (128 bytes), the port's max frame (2 bytes, little-endian), then the arena.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/state.h"
#include "dataplane/tx.h"
#include "fuzz_dma_arena.h"

#define FUZZ_ARENA_MAX	(128u * 1024u)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A zeroed function: its DMA windows are never current, every access reaches the arena. */
static struct qlxge_sim_func fuzz_fn;
#define FUZZ_FN		(&fuzz_fn)

struct sink {
	uint32_t frames, refused;
	uint64_t bytes;
};

/* The MAC: takes the frame (checked), refuses every 7th byte count to exercise the B path. */
static int
fuzz_emit(void *arg, const uint8_t *frame, uint32_t len)
{
	struct sink *s = arg;
	volatile uint8_t x = 0;
	uint32_t i;

	if (frame == NULL || len < SIM_TX_MIN_FRAME || len > SIM_FRAME_MAX)
		abort();
	for (i = 0; i < len; i += 61)
		x ^= frame[i];	/* ASan checks the whole frame is readable */
	x ^= frame[len - 1];
	(void)x;
	if (len % 7 == 3) {
		s->refused++;
		return -11;
	}
	s->frames++;
	s->bytes += len;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t arena[FUZZ_ARENA_MAX];
	uint8_t iocb[QLXGE_IOCB_SIZE];
	struct sim_tx_result res;
	struct sink s = { 0, 0, 0 };
	uint32_t max_frame;
	int ret;

	if (size < QLXGE_IOCB_SIZE + 2)
		return 0;
	memcpy(iocb, data, QLXGE_IOCB_SIZE);
	max_frame = (uint32_t)data[QLXGE_IOCB_SIZE] | (uint32_t)data[QLXGE_IOCB_SIZE + 1] << 8;
	data += QLXGE_IOCB_SIZE + 2;
	size -= QLXGE_IOCB_SIZE + 2;
	if (size > FUZZ_ARENA_MAX)
		size = FUZZ_ARENA_MAX;
	memcpy(arena, data, size);
	fuzz_arena = arena;
	fuzz_arena_len = size;
	ret = sim_tx_iocb(FUZZ_FN, iocb, max_frame, fuzz_emit, &s, &res);
	if (res.frames != s.frames || res.bytes != s.bytes || res.dropped != s.refused)
		abort();
	if (res.dropped != 0 && (res.flags3 & QLXGE_OB_MAC_RSP_FLAGS3_B) == 0)
		abort();	/* a frame not sent is said so */
	if (ret == 0 && res.dropped != 0)
		abort();
	if ((ret == -EINVAL || ret == -EFAULT) && res.flags1 == 0 && res.flags3 == 0)
		abort();	/* refused without a flag */
	if (ret == -EFAULT && (res.flags3 & QLXGE_OB_MAC_RSP_FLAGS3_B) == 0)
		abort();
	return 0;
}
