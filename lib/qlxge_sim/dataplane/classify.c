/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * RX classification (dataplane/classify.h, inline there): its entry points with checked
 * arguments, for the model's users other than the receive pass (tests, tools).
 */

#include <errno.h>

#include "dataplane/classify.h"

int
sim_rx_classify_ex(const struct sim_rx_ctx *ctx, const uint8_t *frame, uint32_t len,
		   uint8_t mac_err, struct sim_rx_verdict *v)
{
	if (ctx == NULL || ctx->mac == NULL || ctx->rt == NULL || frame == NULL || v == NULL)
		return -EINVAL;
	return sim_rx_classify_frame(ctx, frame, len, mac_err, NULL, v);
}

int
sim_rx_classify(const struct sim_rx_ctx *ctx, const uint8_t *frame, uint32_t len,
		struct sim_rx_verdict *v)
{
	return sim_rx_classify_ex(ctx, frame, len, 0, v);
}
