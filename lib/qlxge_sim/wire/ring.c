/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The SPSC frame ring of LOOP and PEER wires (wire/ring.h): its memory. The data path (put,
 * look, take) is inline in the header.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wire/ring.h"

int
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

void
sim_wire_ring_fini(struct sim_wire_ring *r)
{
	free(r->data);
	r->data = NULL;
}
