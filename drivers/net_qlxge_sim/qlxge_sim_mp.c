/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Register accesses of secondary processes, forwarded to the primary (qlxge_sim_mp.h).
 *
 * On the card, every process maps BAR1 and reads and writes the registers itself. The model
 * is the primary's: its register callbacks run on its state, under its locks, beside its
 * thread. A secondary's bus therefore sends each 32-bit read or write to the primary as a
 * synchronous multi-process request naming the device; the primary's handler (on EAL's
 * multi-process thread) performs it on the function attached under that name, with the
 * binding's registry locked so the function cannot go away meanwhile, and replies with the
 * value. The model still sees only register reads and writes, now from two processes of one
 * function, as a card would; the driver serialises its processes on the semaphore-guarded
 * windows itself (base/qlxge_sem.c). Each request waits for its reply, so a secondary's
 * accesses reach the model in program order.
 *
 * When the primary does not answer (gone, or the port closed there), a read returns all ones,
 * as a PCI read of a removed device does, and the failure is logged once per port.
 */

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_common.h>
#include <rte_eal.h>
#include <rte_errno.h>
#include <ethdev_driver.h>
#include <rte_string_fns.h>

#include "qlxge_sim.h"
#include "qlxge_log.h"
#include "qlxge_sim_mp.h"

#define QLXGE_SIM_MP_ACTION	"qlxge_sim_reg"
#define QLXGE_SIM_MP_TIMEOUT_S	5

struct qlxge_sim_mp_req {
	char dev[RTE_DEV_NAME_MAX_LEN];	/* net_qlxge_sim device name, NUL-terminated */
	uint32_t write;			/* 1: write @val; 0: read */
	uint32_t off;			/* BAR1 byte offset */
	uint32_t val;
};

struct qlxge_sim_mp_rep {
	int32_t ret;			/* 0, or a negative errno: no such device */
	uint32_t val;			/* the value read */
};

static_assert(sizeof(struct qlxge_sim_mp_req) <= RTE_MP_MAX_PARAM_LEN, "request fits a message");
static_assert(sizeof(struct qlxge_sim_mp_rep) <= RTE_MP_MAX_PARAM_LEN, "reply fits a message");

/* ---- primary -------------------------------------------------------------------------------- */

/* the binding's register access, set once by the first probe */
static qlxge_sim_mp_access_t qlxge_sim_mp_access;

static int
qlxge_sim_mp_handle(const struct rte_mp_msg *msg, const void *peer)
{
	struct rte_mp_msg reply;
	struct qlxge_sim_mp_rep rep = { .ret = -EINVAL };
	struct qlxge_sim_mp_req req;

	if (msg->len_param == (int)sizeof(req)) {
		memcpy(&req, msg->param, sizeof(req));
		req.dev[sizeof(req.dev) - 1] = '\0';
		rep.ret = qlxge_sim_mp_access(req.dev, req.write, req.off, &req.val);
		rep.val = req.val;
	}
	memset(&reply, 0, sizeof(reply));
	rte_strscpy(reply.name, msg->name, sizeof(reply.name));
	reply.len_param = sizeof(rep);
	memcpy(reply.param, &rep, sizeof(rep));
	return rte_mp_reply(&reply, peer);
}

int
qlxge_sim_mp_primary_init(qlxge_sim_mp_access_t access)
{
	static bool registered;

	if (registered)
		return 0;
	qlxge_sim_mp_access = access;
	if (rte_mp_action_register(QLXGE_SIM_MP_ACTION, qlxge_sim_mp_handle) != 0) {
		/* --no-shconf / --in-memory: no multi-process channel, no secondary either */
		if (rte_errno == ENOTSUP)
			return 0;
		QLXGE_INIT_LOG(WARNING, "secondary processes will not reach the model: %s",
			       rte_strerror(rte_errno));
		return -rte_errno;
	}
	registered = true;
	return 0;
}

/* ---- secondary ------------------------------------------------------------------------------ */

/* One port's bus in this secondary process. */
struct qlxge_sim_mp_ctx {
	char dev[RTE_DEV_NAME_MAX_LEN];
	bool failed;			/* a failure was logged */
};

static struct qlxge_sim_mp_ctx *qlxge_sim_mp_ctx[RTE_MAX_ETHPORTS];

static int
qlxge_sim_mp_request(struct qlxge_sim_mp_ctx *c, bool write, uint32_t off, uint32_t *val)
{
	struct timespec ts = { .tv_sec = QLXGE_SIM_MP_TIMEOUT_S };
	struct qlxge_sim_mp_req req = { .write = write, .off = off, .val = *val };
	struct rte_mp_reply reply = { 0 };
	struct qlxge_sim_mp_rep rep;
	struct rte_mp_msg msg;
	int ret = -EIO;

	rte_strscpy(req.dev, c->dev, sizeof(req.dev));
	memset(&msg, 0, sizeof(msg));
	rte_strscpy(msg.name, QLXGE_SIM_MP_ACTION, sizeof(msg.name));
	msg.len_param = sizeof(req);
	memcpy(msg.param, &req, sizeof(req));
	if (rte_mp_request_sync(&msg, &reply, &ts) == 0 && reply.nb_received == 1 &&
	    reply.msgs[0].len_param == (int)sizeof(rep)) {
		memcpy(&rep, reply.msgs[0].param, sizeof(rep));
		ret = rep.ret;
		if (ret == 0)
			*val = rep.val;
	}
	free(reply.msgs);
	if (ret != 0 && !c->failed) {
		c->failed = true;
		QLXGE_INIT_LOG(ERR, "%s: the primary process did not %s register 0x%02x: %s; "
			       "reads return all ones", c->dev, write ? "write" : "read", off,
			       strerror(-ret));
	}
	return ret;
}

static uint32_t
qlxge_sim_mp_rd32(void *ctx, uint32_t off)
{
	uint32_t val = 0;

	if (qlxge_sim_mp_request(ctx, false, off, &val) != 0)
		return UINT32_MAX;
	return val;
}

static void
qlxge_sim_mp_wr32(void *ctx, uint32_t off, uint32_t val)
{
	(void)qlxge_sim_mp_request(ctx, true, off, &val);
}

static const struct qlxge_bus_ops qlxge_sim_mp_bus_ops = {
	.rd32 = qlxge_sim_mp_rd32,
	.wr32 = qlxge_sim_mp_wr32,
};

int
qlxge_sim_mp_bus(const char *name, uint16_t port_id, struct qlxge_bus *bus)
{
	struct qlxge_sim_mp_ctx *c;

	if (port_id >= RTE_MAX_ETHPORTS)
		return -EINVAL;
	c = calloc(1, sizeof(*c));
	if (c == NULL)
		return -ENOMEM;
	rte_strscpy(c->dev, name, sizeof(c->dev));
	free(qlxge_sim_mp_ctx[port_id]);
	qlxge_sim_mp_ctx[port_id] = c;
	bus->ops = &qlxge_sim_mp_bus_ops;
	bus->ctx = c;
	bus->db_base = NULL;
	return 0;
}

void
qlxge_sim_mp_release(struct rte_eth_dev *dev)
{
	uint16_t port_id = dev->data->port_id;

	if (port_id < RTE_MAX_ETHPORTS) {
		free(qlxge_sim_mp_ctx[port_id]);
		qlxge_sim_mp_ctx[port_id] = NULL;
	}
}
