/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The net_qlxge_sim virtual device: one function of a software model of the 8100 (lib/qlxge_sim,
 * linked into this plugin, librte_net_qlxge_sim.so) driven by the qlxge driver of
 * librte_net_qlxge.so. The probe creates or joins the adapter named by adapter=, cables the
 * function (wire=), starts the model's thread and the rte_delay_us hook (so the driver's waits
 * let the model progress), and hands the driver's common init (qlxge_probe.h) the model's
 * register callbacks, doorbell memory and MSI-X eventfds (vector 0's as the handle's fd, the
 * others in its efds list for RX queue interrupts), as the PCI probe hands it BAR1, BAR3 and the
 * PCI interrupt. The driver never learns which of the two it drives. In a
 * secondary process the port is attached to the primary's, with registers reached through the
 * primary (qlxge_sim_mp.c).
 *
 * Wiring default: when both functions of one adapter are attached without wire=, they are
 * cabled back to back (peer); a lone function loops its TX back to its RX. A cable always has
 * its two ends or none: a port cabled to another attached port is not re-cabled by a third
 * (-EBUSY, naming the port it is cabled to), and a port that goes takes its end of the cable
 * with it, so its peer is left unplugged (link down) until a port is cabled to it again.
 */

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bus_vdev_driver.h>
#include <ethdev_vdev.h>
#include <rte_errno.h>
#include <rte_ether.h>
#include <rte_interrupts.h>

#include "qlxge_sim.h"
#include "qlxge_probe.h"
#include "qlxge_log.h"
#include "qlxge_sim_vdev.h"
#include "qlxge_sim_mp.h"

/* Functions attached by this process: name, model objects, what was set for them. */
struct qlxge_vdev_entry {
	TAILQ_ENTRY(qlxge_vdev_entry) next;
	char name[RTE_DEV_NAME_MAX_LEN];
	uint16_t port_id;
	struct qlxge_sim_adapter *adapter;
	struct qlxge_sim_func *fn;
	struct rte_intr_handle *intr;
	bool wire_default;
	enum qlxge_sim_wire_kind wire;	/* as cabled by this probe or a peer's */
	struct qlxge_sim_func *peer_fn;	/* wire == PEER: the other end */
	bool faults;
};

static TAILQ_HEAD(, qlxge_vdev_entry) qlxge_vdev_list = TAILQ_HEAD_INITIALIZER(qlxge_vdev_list);
static pthread_mutex_t qlxge_vdev_lock = PTHREAD_MUTEX_INITIALIZER;

static const struct qlxge_bus_ops qlxge_sim_bus_ops = {
	.rd32 = qlxge_sim_reg_read,
	.wr32 = qlxge_sim_reg_write,
};

static struct qlxge_vdev_entry *
qlxge_vdev_lookup(const char *name)
{
	struct qlxge_vdev_entry *e;

	TAILQ_FOREACH(e, &qlxge_vdev_list, next)
		if (strcmp(e->name, name) == 0)
			return e;
	return NULL;
}

/* The attached port at the other end of @e's peer cable, other than @self; NULL if none. */
static struct qlxge_vdev_entry *
qlxge_vdev_cabled_to(const struct qlxge_vdev_entry *e, const struct qlxge_vdev_entry *self)
{
	struct qlxge_vdev_entry *o;

	if (e->wire != QLXGE_SIM_WIRE_PEER || e->peer_fn == NULL || e->peer_fn == self->fn)
		return NULL;
	TAILQ_FOREACH(o, &qlxge_vdev_list, next)
		if (o != e && o != self && o->fn == e->peer_fn)
			return o;
	return NULL;
}

/* Both ends of @e's peer cable unplugged (registry locked): link down at the far end. */
static void
qlxge_vdev_unplug(struct qlxge_vdev_entry *e)
{
	struct qlxge_sim_wire_cfg none = { .kind = QLXGE_SIM_WIRE_NONE };
	struct qlxge_vdev_entry *o;

	if (e->wire != QLXGE_SIM_WIRE_PEER)
		return;
	qlxge_sim_wire_set(e->fn, &none);
	TAILQ_FOREACH(o, &qlxge_vdev_list, next) {
		if (o == e || o->fn != e->peer_fn || o->wire != QLXGE_SIM_WIRE_PEER ||
		    o->peer_fn != e->fn)
			continue;
		qlxge_sim_wire_set(o->fn, &none);
		o->wire = QLXGE_SIM_WIRE_NONE;
		o->peer_fn = NULL;
		QLXGE_INIT_LOG(NOTICE, "%s: unplugged: its peer %s is gone (link down)", o->name,
			       e->name);
	}
	e->wire = QLXGE_SIM_WIRE_NONE;
	e->peer_fn = NULL;
}

/* Cable the function (registry locked). */
static int
qlxge_vdev_wire(struct qlxge_vdev_entry *self, const struct qlxge_vdev_cfg *cfg)
{
	struct qlxge_sim_wire_cfg w = { .kind = QLXGE_SIM_WIRE_LOOP };
	struct qlxge_vdev_entry *e, *o;
	int ret;

	self->wire_default = !cfg->wire_set;
	if (cfg->wire_set) {
		w.kind = cfg->wire;
		if (cfg->wire == QLXGE_SIM_WIRE_PEER) {
			e = qlxge_vdev_lookup(cfg->peer);
			if (e == NULL) {
				QLXGE_INIT_LOG(ERR, "%s: peer=%s is not an attached %s device",
					       self->name, cfg->peer, QLXGE_DRIVER_NAME_SIM);
				return -ENODEV;
			}
			/* a port cabled to another port keeps its cable: no half-wired third */
			o = qlxge_vdev_cabled_to(e, self);
			if (o != NULL) {
				QLXGE_INIT_LOG(ERR, "%s: peer=%s is cabled to %s (port %u): detach "
					       "%s first", self->name, cfg->peer, o->name,
					       o->port_id, o->name);
				return -EBUSY;
			}
			/* a peer cabled explicitly elsewhere is not re-cabled behind its back */
			if (!e->wire_default && e->fn != self->fn &&
			    e->wire != QLXGE_SIM_WIRE_NONE &&
			    (e->wire != QLXGE_SIM_WIRE_PEER || e->peer_fn != self->fn)) {
				QLXGE_INIT_LOG(ERR, "%s: peer=%s has its own wire= (not to %s): "
					       "cable both ends with wire=peer", self->name,
					       cfg->peer, self->name);
				return -EBUSY;
			}
			w.peer = e->fn;
		}
		w.rx_pcap = cfg->rx_pcap[0] != '\0' ? cfg->rx_pcap : NULL;
		w.tx_pcap = cfg->tx_pcap[0] != '\0' ? cfg->tx_pcap : NULL;
		w.iface = cfg->iface[0] != '\0' ? cfg->iface : NULL;
		w.rx_pcap_pps = cfg->rx_pcap_pps;
		w.rx_pcap_loops = cfg->rx_pcap_loops;
		w.rx_pcap_start = cfg->rx_pcap_start;
	} else {
		/* the other function, unless it is cabled to a port of its own choosing */
		TAILQ_FOREACH(e, &qlxge_vdev_list, next) {
			if (e->adapter != self->adapter || e->fn == self->fn || !e->wire_default)
				continue;
			o = qlxge_vdev_cabled_to(e, self);
			if (o != NULL) {
				QLXGE_INIT_LOG(NOTICE, "%s: %s is cabled to %s: looping back",
					       self->name, e->name, o->name);
				continue;
			}
			w.kind = QLXGE_SIM_WIRE_PEER;
			w.peer = e->fn;
		}
	}
	ret = qlxge_sim_wire_set(self->fn, &w);
	if (ret != 0) {
		QLXGE_INIT_LOG(ERR, "%s: cannot attach the wire: %s", self->name, strerror(-ret));
		return ret;
	}
	self->wire = w.kind;
	self->peer_fn = w.peer;
	if (w.kind == QLXGE_SIM_WIRE_PEER) {
		TAILQ_FOREACH(e, &qlxge_vdev_list, next) {
			if (e->fn == w.peer) {
				e->wire = QLXGE_SIM_WIRE_PEER;
				e->peer_fn = self->fn;
			}
		}
	}
	return 0;
}

/* The vdev's view of @e's cable, for the tests and tools: the port at the other end. */
static uint16_t
qlxge_vdev_peer_port(const struct qlxge_vdev_entry *e)
{
	const struct qlxge_vdev_entry *p;

	if (e->wire == QLXGE_SIM_WIRE_PEER)
		TAILQ_FOREACH(p, &qlxge_vdev_list, next)
			if (p->fn == e->peer_fn)
				return p->port_id;
	return RTE_MAX_ETHPORTS;
}

static void
qlxge_vdev_faults(struct qlxge_vdev_entry *e, const struct qlxge_vdev_cfg *cfg)
{
	qlxge_sim_fault_set(e->fn, QLXGE_SIM_FAULT_FW_HANG, cfg->fw_hang);
	qlxge_sim_fault_set(e->fn, QLXGE_SIM_FAULT_LINK_DOWN, cfg->link_down);
	qlxge_sim_fault_set(e->fn, QLXGE_SIM_FAULT_SEM_HELD, cfg->sem_held);
	e->faults = cfg->fw_hang || cfg->link_down || cfg->sem_held != 0;
}

/* Undo what the probe did to the model (registry locked). */
static void
qlxge_vdev_detach(struct qlxge_vdev_entry *e)
{
	/* the cable goes with the port: its peer's link goes down, it is not left half-wired */
	qlxge_vdev_unplug(e);
	TAILQ_REMOVE(&qlxge_vdev_list, e, next);
	if (e->faults) {
		qlxge_sim_fault_set(e->fn, QLXGE_SIM_FAULT_FW_HANG, 0);
		qlxge_sim_fault_set(e->fn, QLXGE_SIM_FAULT_LINK_DOWN, 0);
		qlxge_sim_fault_set(e->fn, QLXGE_SIM_FAULT_SEM_HELD, 0);
	}
	rte_intr_instance_free(e->intr);
	qlxge_sim_delay_hook_uninstall();
	qlxge_sim_adapter_put(e->adapter);
	free(e);
}

/* ---- the registry, for the binding's other files (qlxge_sim_vdev.h) ----------------------- */

static void
qlxge_vdev_view_fill(const struct qlxge_vdev_entry *e, struct qlxge_vdev_view *v)
{
	v->name = e->name;
	v->port_id = e->port_id;
	v->adapter = e->adapter;
	v->fn = e->fn;
	v->wire = e->wire;
	v->peer_port = qlxge_vdev_peer_port(e);
}

/* @cb on the first entry @match accepts; @none when there is none. */
static int
qlxge_vdev_call(bool (*match)(const struct qlxge_vdev_entry *e, const void *key),
		const void *key, qlxge_vdev_cb cb, void *arg, int none)
{
	struct qlxge_vdev_view v;
	struct qlxge_vdev_entry *e;
	int ret = none;

	pthread_mutex_lock(&qlxge_vdev_lock);
	TAILQ_FOREACH(e, &qlxge_vdev_list, next) {
		/* a probe in progress has no port yet */
		if (e->port_id == RTE_MAX_ETHPORTS || !match(e, key))
			continue;
		qlxge_vdev_view_fill(e, &v);
		ret = cb(&v, arg);
		break;
	}
	pthread_mutex_unlock(&qlxge_vdev_lock);
	return ret;
}

static bool
qlxge_vdev_match_port(const struct qlxge_vdev_entry *e, const void *key)
{
	return e->port_id == *(const uint16_t *)key;
}

static bool
qlxge_vdev_match_name(const struct qlxge_vdev_entry *e, const void *key)
{
	return strcmp(e->name, key) == 0;
}

int
qlxge_vdev_call_port(uint16_t port_id, qlxge_vdev_cb cb, void *arg)
{
	return qlxge_vdev_call(qlxge_vdev_match_port, &port_id, cb, arg, -ENOTSUP);
}

int
qlxge_vdev_call_name(const char *name, qlxge_vdev_cb cb, void *arg)
{
	return qlxge_vdev_call(qlxge_vdev_match_name, name, cb, arg, -ENODEV);
}

uint16_t
qlxge_vdev_port_of(const struct qlxge_sim_func *fn)
{
	const struct qlxge_vdev_entry *e;

	TAILQ_FOREACH(e, &qlxge_vdev_list, next)
		if (e->fn == fn)
			return e->port_id;
	return RTE_MAX_ETHPORTS;
}

int
qlxge_vdev_foreach(qlxge_vdev_cb cb, void *arg)
{
	struct qlxge_vdev_view v;
	struct qlxge_vdev_entry *e;
	int ret = 0;

	pthread_mutex_lock(&qlxge_vdev_lock);
	TAILQ_FOREACH(e, &qlxge_vdev_list, next) {
		if (e->port_id == RTE_MAX_ETHPORTS)
			continue;
		qlxge_vdev_view_fill(e, &v);
		ret = cb(&v, arg);
		if (ret != 0)
			break;
	}
	pthread_mutex_unlock(&qlxge_vdev_lock);
	return ret;
}

/* ---- probe and release ------------------------------------------------------------------- */

/* Called by dev_close once the function is torn down. */
static void
qlxge_vdev_release(struct rte_eth_dev *dev)
{
	struct qlxge_vdev_entry *e;

	pthread_mutex_lock(&qlxge_vdev_lock);
	TAILQ_FOREACH(e, &qlxge_vdev_list, next) {
		if (e->port_id == dev->data->port_id) {
			dev->intr_handle = NULL;
			qlxge_vdev_detach(e);
			break;
		}
	}
	pthread_mutex_unlock(&qlxge_vdev_lock);
}

/*
 * RX queue interrupts: EAL leaves a vdev handle's efds to its driver. The probe put the model's
 * eventfds of vectors 1 .. QLXGE_SIM_NUM_VECTORS - 1 in the handle's efds list (efds[v - 1], as
 * EAL numbers a VFIO handle's), with the 8-byte counter epoll reads on a wake-up; the driver's
 * start makes the first @n of them the handle's and its stop takes them away. The eventfds stay
 * the model's: nothing here closes them.
 */
static int
qlxge_vdev_vectors_on(struct rte_intr_handle *h, uint16_t n)
{
	if (n == 0 || n >= QLXGE_SIM_NUM_VECTORS)
		return -EINVAL;
	if (rte_intr_nb_efd_set(h, n) != 0 || rte_intr_max_intr_set(h, n + 1) != 0)
		return -rte_errno;
	return 0;
}

static void
qlxge_vdev_vectors_off(struct rte_intr_handle *h)
{
	/* the application's epoll registrations on them go, as EAL's efd_disable does it */
	rte_intr_free_epoll_fd(h);
	rte_intr_nb_efd_set(h, 0);
	rte_intr_max_intr_set(h, 0);
}

/* The model's eventfds of the data vectors in the handle, not in use yet (nb_efd 0). */
static int
qlxge_vdev_intr_efds(struct qlxge_vdev_entry *e)
{
	unsigned int v;

	for (v = 1; v < QLXGE_SIM_NUM_VECTORS; v++)
		if (rte_intr_efds_index_set(e->intr, (int)v - 1, qlxge_sim_irq_fd(e->fn, v)) != 0)
			return -rte_errno;
	if (rte_intr_efd_counter_size_set(e->intr, sizeof(uint64_t)) != 0)
		return -rte_errno;
	return 0;
}

/* EAL leaves a vdev's eventfd to its owner: drain it, or epoll reports it forever. */
static void
qlxge_vdev_intr_ack(struct rte_intr_handle *h)
{
	uint64_t count;

	if (read(rte_intr_fd_get(h), &count, sizeof(count)) < 0)
		QLXGE_INIT_LOG(DEBUG, "spurious wake-up of the model's vector 0");
}

static int
qlxge_vdev_attach(const char *name, const struct qlxge_vdev_cfg *cfg,
		  struct qlxge_vdev_entry **out)
{
	struct qlxge_sim_params sp = { .name = cfg->adapter, .fw_latency_us = cfg->fw_latency_us,
				       .device_id = (uint16_t)cfg->device_id,
				       .timing = cfg->timing };
	struct qlxge_sim_adapter *adapter;
	struct qlxge_vdev_entry *e;
	int ret;

	adapter = qlxge_sim_adapter_find(cfg->adapter);
	if (adapter == NULL) {
		if (cfg->mac_set)
			memcpy(sp.mac[cfg->function], cfg->mac.addr_bytes, RTE_ETHER_ADDR_LEN);
		ret = qlxge_sim_adapter_create(&sp, &adapter);
		if (ret != 0) {
			QLXGE_INIT_LOG(ERR, "%s: cannot create model adapter \"%s\": %s", name,
				       cfg->adapter, strerror(-ret));
			return ret;
		}
	} else if (cfg->fw_latency_us != 0 ||
		   (cfg->device_id != 0 && cfg->device_id != qlxge_sim_device_id(adapter))) {
		QLXGE_INIT_LOG(WARNING, "%s: adapter \"%s\" exists, fw_latency_us and device_id "
			       "ignored", name, cfg->adapter);
	}
	TAILQ_FOREACH(e, &qlxge_vdev_list, next) {
		if (e->adapter == adapter && qlxge_sim_func_index(e->fn) == cfg->function) {
			QLXGE_INIT_LOG(ERR, "%s: function %u of adapter \"%s\" is already %s", name,
				       cfg->function, cfg->adapter, e->name);
			ret = -EBUSY;
			goto err_put;
		}
	}
	e = calloc(1, sizeof(*e));
	if (e == NULL) {
		ret = -ENOMEM;
		goto err_put;
	}
	snprintf(e->name, sizeof(e->name), "%s", name);
	e->port_id = RTE_MAX_ETHPORTS;	/* no port until the probe has one */
	e->adapter = adapter;
	e->fn = qlxge_sim_func(adapter, cfg->function);
	e->intr = rte_intr_instance_alloc(RTE_INTR_INSTANCE_F_PRIVATE);
	if (e->intr == NULL || rte_intr_type_set(e->intr, RTE_INTR_HANDLE_VDEV) != 0 ||
	    rte_intr_fd_set(e->intr, qlxge_sim_irq_fd(e->fn, 0)) != 0 ||
	    qlxge_vdev_intr_efds(e) != 0) {
		ret = -ENOMEM;
		goto err_free;
	}
	ret = qlxge_vdev_wire(e, cfg);
	if (ret != 0)
		goto err_free;
	qlxge_vdev_faults(e, cfg);
	ret = qlxge_sim_thread_start(adapter);
	if (ret != 0)
		goto err_unplug;
	qlxge_sim_delay_hook_install();
	TAILQ_INSERT_TAIL(&qlxge_vdev_list, e, next);
	*out = e;
	return 0;

err_unplug:
	qlxge_vdev_unplug(e);
err_free:
	rte_intr_instance_free(e->intr);
	free(e);
err_put:
	qlxge_sim_adapter_put(adapter);
	return ret;
}

/*
 * A secondary process (dpdk-proc-info, dpdk-dumpcap): the port and the model are the primary's.
 * The port is attached from the shared data and given a bus whose registers are reached
 * through the primary (qlxge_sim_mp.c); the driver's common init takes it from there.
 */
static int
qlxge_vdev_probe_secondary(struct rte_vdev_device *vdev)
{
	const char *name = rte_vdev_device_name(vdev);
	struct qlxge_init_params params = { .release = qlxge_sim_mp_release };
	struct rte_eth_dev *dev;
	int ret;

	dev = rte_eth_dev_attach_secondary(name);
	if (dev == NULL) {
		QLXGE_INIT_LOG(ERR, "%s: not a port of the primary process", name);
		return -ENODEV;
	}
	dev->device = &vdev->device;
	ret = qlxge_sim_mp_bus(name, dev->data->port_id, &params.bus);
	if (ret == 0)
		ret = qlxge_dev_init(dev, &params);
	if (ret != 0) {
		QLXGE_INIT_LOG(ERR, "%s: not attached in this secondary process: %s", name,
			       strerror(-ret));
		qlxge_sim_mp_release(dev);
		rte_eth_dev_release_port(dev);
		return ret;
	}
	rte_eth_dev_probing_finish(dev);
	return 0;
}

/* A secondary's register access, performed here on the function attached as @v. */
struct qlxge_vdev_reg {
	bool write;
	uint32_t off;
	uint32_t *val;
};

static int
qlxge_vdev_reg_access(const struct qlxge_vdev_view *v, void *arg)
{
	struct qlxge_vdev_reg *r = arg;

	if (r->write)
		qlxge_sim_reg_write(v->fn, r->off, *r->val);
	else
		*r->val = qlxge_sim_reg_read(v->fn, r->off);
	return 0;
}

/* For the multi-process channel (qlxge_sim_mp.c): the device held while it runs. */
static int
qlxge_vdev_mp_access(const char *dev, bool write, uint32_t off, uint32_t *val)
{
	struct qlxge_vdev_reg r = { .write = write, .off = off, .val = val };

	return qlxge_vdev_call_name(dev, qlxge_vdev_reg_access, &r);
}

static int
qlxge_vdev_probe(struct rte_vdev_device *vdev)
{
	const char *name = rte_vdev_device_name(vdev);
	struct qlxge_init_params params = { .bus.ops = &qlxge_sim_bus_ops };
	char adapter_id[QLXGE_ADAPTER_ID_LEN];
	struct qlxge_vdev_cfg cfg;
	struct qlxge_vdev_entry *e;
	struct rte_eth_dev *dev;
	int ret;

	RTE_BUILD_BUG_ON(QLXGE_ADAPTER_ID_LEN < sizeof("sim:") + QLXGE_SIM_NAME_MAX);
	if (rte_eal_process_type() != RTE_PROC_PRIMARY)
		return qlxge_vdev_probe_secondary(vdev);
	ret = qlxge_vdev_parse(name, rte_vdev_device_args(vdev), &cfg);
	if (ret != 0)
		return ret;
	/* the secondaries' register path; without it they only fail to attach */
	qlxge_sim_mp_primary_init(qlxge_vdev_mp_access);
	pthread_mutex_lock(&qlxge_vdev_lock);
	ret = qlxge_vdev_attach(name, &cfg, &e);
	pthread_mutex_unlock(&qlxge_vdev_lock);
	if (ret != 0)
		return ret;
	dev = rte_eth_vdev_allocate(vdev, qlxge_dev_private_size());
	if (dev == NULL) {
		ret = -ENOMEM;
		goto err_detach;
	}
	pthread_mutex_lock(&qlxge_vdev_lock);
	e->port_id = dev->data->port_id;
	pthread_mutex_unlock(&qlxge_vdev_lock);
	params.bus.ctx = e->fn;
	params.bus.db_base = qlxge_sim_doorbell_base(e->fn);
	params.device_id = qlxge_sim_device_id(e->adapter);
	params.intr_handle = cfg.no_irq ? NULL : e->intr;
	params.mac = cfg.mac_set ? &cfg.mac : NULL;
	params.release = qlxge_vdev_release;
	params.adapter_id = adapter_id;
	params.intr_ack = qlxge_vdev_intr_ack;
	params.nb_vectors = cfg.no_irq ? 0 : QLXGE_SIM_NUM_VECTORS;
	params.vectors_on = qlxge_vdev_vectors_on;
	params.vectors_off = qlxge_vdev_vectors_off;
	snprintf(adapter_id, sizeof(adapter_id), "sim:%s", cfg.adapter);
	ret = qlxge_dev_init(dev, &params);
	if (ret != 0) {
		QLXGE_INIT_LOG(ERR, "%s: function %u of adapter \"%s\" not usable: %s", name,
			       cfg.function, cfg.adapter, strerror(-ret));
		dev->intr_handle = NULL;
		rte_eth_dev_release_port(dev);
		goto err_detach;
	}
	rte_eth_dev_probing_finish(dev);
	return 0;

err_detach:
	pthread_mutex_lock(&qlxge_vdev_lock);
	qlxge_vdev_detach(e);
	pthread_mutex_unlock(&qlxge_vdev_lock);
	return ret;
}

static int
qlxge_vdev_remove(struct rte_vdev_device *vdev)
{
	struct rte_eth_dev *dev = rte_eth_dev_allocated(rte_vdev_device_name(vdev));

	/* already closed (in a secondary, the port's name outlives its close) */
	if (dev == NULL || dev->state == RTE_ETH_DEV_UNUSED)
		return 0;
	/*
	 * unplugging a running port stops it first (ethdev refuses to close a started one); a
	 * secondary only lets its own part go (EAL's cleanup unplugs at its exit)
	 */
	if (rte_eal_process_type() == RTE_PROC_PRIMARY && dev->data->dev_started &&
	    rte_eth_dev_stop(dev->data->port_id) != 0)
		QLXGE_INIT_LOG(WARNING, "%s: stop before removal failed", dev->data->name);
	return rte_eth_dev_close(dev->data->port_id);
}

static struct rte_vdev_driver qlxge_vdev_pmd = {
	.probe = qlxge_vdev_probe,
	.remove = qlxge_vdev_remove,
};

RTE_PMD_REGISTER_VDEV(net_qlxge_sim, qlxge_vdev_pmd);
RTE_PMD_REGISTER_PARAM_STRING(net_qlxge_sim,
	"adapter=<name> "
	"function=<0|1> "
	"wire=<loop|peer|pcap|tap|none> "
	"peer=<vdev name> "
	"rx_pcap=<file> "
	"tx_pcap=<file> "
	"rx_pcap_pps=<0-100000000> "
	"rx_pcap_loops=<0-1000000> "
	"rx_pcap_start=<first_burst|rxq|link> "
	"iface=<tap name> "
	"mac=<xx:xx:xx:xx:xx:xx> "
	"fw_latency_us=<0-1000000> "
	"timing=<instant|card> "
	"device_id=<0x8000|0x8012> "
	"irq=<0|1> "
	"fault_fw_hang=<0|1> "
	"fault_link_down=<0|1> "
	"fault_sem_held=<0-255>");
