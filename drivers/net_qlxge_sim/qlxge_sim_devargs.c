/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Devargs of the net_qlxge_sim virtual device (docs/guides/nics/qlxge.rst, "Configuration
 * information"): adapter, function, wiring, MAC, firmware latency, device id, interrupts and
 * injected faults.
 * Strict: a number starts with a digit, a key is given once, an unknown key is refused by name.
 */

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_kvargs.h>

#include "qlxge_sim_vdev.h"
#include "qlxge_log.h"

#define QLXGE_ARG_ADAPTER	"adapter"
#define QLXGE_ARG_FUNCTION	"function"
#define QLXGE_ARG_WIRE		"wire"
#define QLXGE_ARG_PEER		"peer"
#define QLXGE_ARG_RX_PCAP	"rx_pcap"
#define QLXGE_ARG_TX_PCAP	"tx_pcap"
#define QLXGE_ARG_IFACE		"iface"
#define QLXGE_ARG_MAC		"mac"
#define QLXGE_ARG_FW_LATENCY	"fw_latency_us"
#define QLXGE_ARG_FW_HANG	"fault_fw_hang"
#define QLXGE_ARG_LINK_DOWN	"fault_link_down"
#define QLXGE_ARG_SEM_HELD	"fault_sem_held"
#define QLXGE_ARG_DEVICE_ID	"device_id"
#define QLXGE_ARG_IRQ		"irq"
#define QLXGE_ARG_PCAP_PPS	"rx_pcap_pps"
#define QLXGE_ARG_PCAP_LOOPS	"rx_pcap_loops"
#define QLXGE_ARG_PCAP_START	"rx_pcap_start"
#define QLXGE_ARG_TIMING	"timing"

static const char *const qlxge_vdev_keys[] = {
	QLXGE_ARG_ADAPTER, QLXGE_ARG_FUNCTION, QLXGE_ARG_WIRE, QLXGE_ARG_PEER,
	QLXGE_ARG_RX_PCAP, QLXGE_ARG_TX_PCAP, QLXGE_ARG_IFACE, QLXGE_ARG_MAC,
	QLXGE_ARG_FW_LATENCY, QLXGE_ARG_FW_HANG, QLXGE_ARG_LINK_DOWN, QLXGE_ARG_SEM_HELD,
	QLXGE_ARG_DEVICE_ID, QLXGE_ARG_IRQ, QLXGE_ARG_PCAP_PPS, QLXGE_ARG_PCAP_LOOPS,
	QLXGE_ARG_PCAP_START, QLXGE_ARG_TIMING, NULL,
};

#define QLXGE_FW_LATENCY_MAX_US	1000000u
#define QLXGE_PCAP_PPS_MAX	100000000u	/* 100 Mpps: beyond any 10 GbE rate */
#define QLXGE_PCAP_LOOPS_MAX	1000000u

static int
qlxge_vdev_uint(const char *key, const char *val, uint32_t max, uint32_t *out)
{
	unsigned long v;
	char *end;

	/* strtoul would take leading blanks and a sign: a number starts with a digit here */
	errno = 0;
	v = strtoul(val, &end, 0);
	if (!isdigit((unsigned char)val[0]) || errno != 0 || end == val || *end != '\0' ||
	    v > max) {
		QLXGE_INIT_LOG(ERR, "devarg %s=%s: need an integer in [0, %u]", key, val, max);
		return -EINVAL;
	}
	*out = (uint32_t)v;
	return 0;
}

static int
qlxge_vdev_str(const char *key, const char *val, char *dst, size_t len)
{
	if (val[0] == '\0' || strlen(val) >= len) {
		QLXGE_INIT_LOG(ERR, "devarg %s=%s: empty or longer than %zu characters", key, val,
			       len - 1);
		return -EINVAL;
	}
	snprintf(dst, len, "%s", val);
	return 0;
}

static int
qlxge_vdev_arg(struct qlxge_vdev_cfg *cfg, const char *key, const char *val)
{
	uint32_t v;
	int ret;

	if (strcmp(key, QLXGE_ARG_ADAPTER) == 0)
		return qlxge_vdev_str(key, val, cfg->adapter, sizeof(cfg->adapter));
	if (strcmp(key, QLXGE_ARG_FUNCTION) == 0)
		return qlxge_vdev_uint(key, val, QLXGE_SIM_NUM_FUNCS - 1, &cfg->function);
	if (strcmp(key, QLXGE_ARG_WIRE) == 0) {
		cfg->wire_set = true;
		if (strcmp(val, "loop") == 0)
			cfg->wire = QLXGE_SIM_WIRE_LOOP;
		else if (strcmp(val, "peer") == 0)
			cfg->wire = QLXGE_SIM_WIRE_PEER;
		else if (strcmp(val, "pcap") == 0)
			cfg->wire = QLXGE_SIM_WIRE_PCAP;
		else if (strcmp(val, "tap") == 0)
			cfg->wire = QLXGE_SIM_WIRE_TAP;
		else if (strcmp(val, "none") == 0)
			cfg->wire = QLXGE_SIM_WIRE_NONE;
		else {
			QLXGE_INIT_LOG(ERR, "devarg wire=%s: need loop, peer, pcap, tap or none",
				       val);
			return -EINVAL;
		}
		return 0;
	}
	if (strcmp(key, QLXGE_ARG_PEER) == 0)
		return qlxge_vdev_str(key, val, cfg->peer, sizeof(cfg->peer));
	if (strcmp(key, QLXGE_ARG_RX_PCAP) == 0)
		return qlxge_vdev_str(key, val, cfg->rx_pcap, sizeof(cfg->rx_pcap));
	if (strcmp(key, QLXGE_ARG_TX_PCAP) == 0)
		return qlxge_vdev_str(key, val, cfg->tx_pcap, sizeof(cfg->tx_pcap));
	if (strcmp(key, QLXGE_ARG_IFACE) == 0)
		return qlxge_vdev_str(key, val, cfg->iface, sizeof(cfg->iface));
	if (strcmp(key, QLXGE_ARG_PCAP_PPS) == 0) {
		cfg->pcap_opts = true;
		ret = qlxge_vdev_uint(key, val, QLXGE_PCAP_PPS_MAX, &v);
		cfg->rx_pcap_pps = v;
		return ret;
	}
	if (strcmp(key, QLXGE_ARG_PCAP_LOOPS) == 0) {
		cfg->pcap_opts = true;
		return qlxge_vdev_uint(key, val, QLXGE_PCAP_LOOPS_MAX, &cfg->rx_pcap_loops);
	}
	if (strcmp(key, QLXGE_ARG_PCAP_START) == 0) {
		cfg->pcap_opts = true;
		if (strcmp(val, "first_burst") == 0)
			cfg->rx_pcap_start = QLXGE_SIM_PCAP_START_FIRST_BURST;
		else if (strcmp(val, "rxq") == 0)
			cfg->rx_pcap_start = QLXGE_SIM_PCAP_START_RXQ;
		else if (strcmp(val, "link") == 0)
			cfg->rx_pcap_start = QLXGE_SIM_PCAP_START_LINK;
		else {
			QLXGE_INIT_LOG(ERR, "devarg rx_pcap_start=%s: need first_burst, rxq "
				       "or link", val);
			return -EINVAL;
		}
		return 0;
	}
	if (strcmp(key, QLXGE_ARG_TIMING) == 0) {
		cfg->timing_set = true;
		if (strcmp(val, "instant") == 0)
			cfg->timing = QLXGE_SIM_TIMING_INSTANT;
		else if (strcmp(val, "card") == 0)
			cfg->timing = QLXGE_SIM_TIMING_CARD;
		else {
			QLXGE_INIT_LOG(ERR, "devarg timing=%s: need instant or card", val);
			return -EINVAL;
		}
		return 0;
	}
	if (strcmp(key, QLXGE_ARG_MAC) == 0) {
		if (rte_ether_unformat_addr(val, &cfg->mac) != 0 ||
		    !rte_is_valid_assigned_ether_addr(&cfg->mac)) {
			QLXGE_INIT_LOG(ERR, "devarg mac=%s: need a unicast xx:xx:xx:xx:xx:xx", val);
			return -EINVAL;
		}
		cfg->mac_set = true;
		return 0;
	}
	if (strcmp(key, QLXGE_ARG_FW_LATENCY) == 0)
		return qlxge_vdev_uint(key, val, QLXGE_FW_LATENCY_MAX_US, &cfg->fw_latency_us);
	if (strcmp(key, QLXGE_ARG_SEM_HELD) == 0)
		return qlxge_vdev_uint(key, val, 0xFF, &cfg->sem_held);
	if (strcmp(key, QLXGE_ARG_DEVICE_ID) == 0) {
		ret = qlxge_vdev_uint(key, val, UINT16_MAX, &cfg->device_id);
		if (ret == 0 && cfg->device_id != 0x8000 && cfg->device_id != 0x8012) {
			QLXGE_INIT_LOG(ERR, "devarg device_id=%s: need 0x8000 or 0x8012", val);
			ret = -EINVAL;
		}
		return ret;
	}
	ret = qlxge_vdev_uint(key, val, 1, &v);
	if (ret != 0)
		return ret;
	if (strcmp(key, QLXGE_ARG_IRQ) == 0)
		cfg->no_irq = v == 0;
	else if (strcmp(key, QLXGE_ARG_FW_HANG) == 0)
		cfg->fw_hang = v != 0;
	else
		cfg->link_down = v != 0;
	return 0;
}

/*
 * No adapter=: the adapter is named after the device, which must fit (truncated, two devices
 * could end up on one adapter).
 */
static int
qlxge_vdev_default_adapter(const char *name, struct qlxge_vdev_cfg *cfg)
{
	size_t len = strlen(name);

	if (len >= sizeof(cfg->adapter)) {
		QLXGE_INIT_LOG(ERR, "%s: a device name of %zu characters cannot name its model "
			       "adapter (at most %zu): give adapter=<name>", name, len,
			       sizeof(cfg->adapter) - 1);
		return -ENAMETOOLONG;
	}
	memcpy(cfg->adapter, name, len + 1);
	return 0;
}

/* Every key is checked by name first, so an unknown one is named in the error. */
int
qlxge_vdev_parse(const char *name, const char *args, struct qlxge_vdev_cfg *cfg)
{
	struct rte_kvargs *kv;
	unsigned int i, j, k;
	int ret = 0;

	memset(cfg, 0, sizeof(*cfg));
	/* a pcap file arrives as net_pcap's does: when the application first receives */
	cfg->rx_pcap_start = QLXGE_SIM_PCAP_START_FIRST_BURST;
	if (args == NULL || args[0] == '\0')
		return qlxge_vdev_default_adapter(name, cfg);
	kv = rte_kvargs_parse(args, NULL);
	if (kv == NULL) {
		QLXGE_INIT_LOG(ERR, "%s: cannot parse devargs \"%s\" (key=value,...)", name, args);
		return -EINVAL;
	}
	for (i = 0; i < kv->count && ret == 0; i++) {
		const struct rte_kvargs_pair *p = &kv->pairs[i];

		for (k = 0; qlxge_vdev_keys[k] != NULL; k++)
			if (strcmp(p->key, qlxge_vdev_keys[k]) == 0)
				break;
		for (j = 0; j < i; j++)
			if (strcmp(kv->pairs[j].key, p->key) == 0)
				break;
		if (j < i) {
			QLXGE_INIT_LOG(ERR, "%s: devarg \"%s\" given twice", name, p->key);
			ret = -EINVAL;
		} else if (qlxge_vdev_keys[k] == NULL) {
			QLXGE_INIT_LOG(ERR, "%s: unknown devarg \"%s\"; valid: adapter, function, "
				       "wire, peer, rx_pcap, tx_pcap, rx_pcap_pps, rx_pcap_loops, "
				       "rx_pcap_start, iface, mac, fw_latency_us, timing, "
				       "device_id, irq, fault_fw_hang, fault_link_down, "
				       "fault_sem_held",
				       name, p->key);
			ret = -EINVAL;
		} else if (p->value == NULL) {
			QLXGE_INIT_LOG(ERR, "%s: devarg \"%s\" needs a value", name, p->key);
			ret = -EINVAL;
		} else {
			ret = qlxge_vdev_arg(cfg, p->key, p->value);
		}
	}
	rte_kvargs_free(kv);
	if (ret != 0)
		return ret;
	if (cfg->adapter[0] == '\0') {
		ret = qlxge_vdev_default_adapter(name, cfg);
		if (ret != 0)
			return ret;
	}
	if ((cfg->peer[0] != '\0') != (cfg->wire_set && cfg->wire == QLXGE_SIM_WIRE_PEER) ||
	    ((cfg->rx_pcap[0] != '\0' || cfg->tx_pcap[0] != '\0' || cfg->pcap_opts) &&
	     !(cfg->wire_set && cfg->wire == QLXGE_SIM_WIRE_PCAP)) ||
	    ((cfg->iface[0] != '\0') != (cfg->wire_set && cfg->wire == QLXGE_SIM_WIRE_TAP))) {
		QLXGE_INIT_LOG(ERR, "%s: peer= goes with wire=peer (and is required by it), "
			       "rx_pcap=/tx_pcap=/rx_pcap_pps=/rx_pcap_loops=/rx_pcap_start= with "
			       "wire=pcap, iface= with wire=tap", name);
		return -EINVAL;
	}
	return 0;
}
