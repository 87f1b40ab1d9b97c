/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * PCAP wire of the 8100 model: frames received from a pcap file (at a chosen rate in frames per
 * second, or as fast as the model takes them; replayed a number of times), frames sent written
 * to a pcap file (Ethernet link type, host timestamps). Uses libpcap. One frame is staged at a
 * time; it stays on the wire until the receive pass takes it, which is how back-pressure works
 * (queues/rx.c decides when a frame can be taken, by the start mode of the wire).
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include <pcap/pcap.h>

#include <rte_branch_prediction.h>

#include "base/log.h"
#include "wire/clock.h"
#include "wire/pcap.h"
#include "wire/wire_pvt.h"

static int
sim_wire_pcap_rx_reopen(struct sim_wire *w)
{
	char errbuf[PCAP_ERRBUF_SIZE];
	pcap_t *p;

	if (w->rx_pcap != NULL) {
		pcap_close(w->rx_pcap);
		w->rx_pcap = NULL;
	}
	p = pcap_open_offline(w->rx_path, errbuf);
	if (p == NULL) {
		SIM_LOG(ERR, wire, "pcap %s: %s", w->rx_path, errbuf);
		return -ENOENT;
	}
	if (pcap_datalink(p) != DLT_EN10MB) {
		SIM_LOG(ERR, wire, "pcap %s: link type %d is not Ethernet", w->rx_path,
			pcap_datalink(p));
		pcap_close(p);
		return -EINVAL;
	}
	w->rx_pcap = p;
	return 0;
}

int
sim_wire_pcap_open(struct sim_wire *w, const struct qlxge_sim_wire_cfg *cfg)
{
	int ret;

	if ((unsigned int)cfg->rx_pcap_start > QLXGE_SIM_PCAP_START_LINK)
		return -EINVAL;
	w->start = cfg->rx_pcap_start;
	w->pps = cfg->rx_pcap_pps;
	w->loops = cfg->rx_pcap_loops != 0 ? cfg->rx_pcap_loops : 1;
	w->passes_left = w->loops;
	if (cfg->rx_pcap != NULL) {
		w->rx_path = strdup(cfg->rx_pcap);
		if (w->rx_path == NULL)
			return -ENOMEM;
		ret = sim_wire_pcap_rx_reopen(w);
		if (ret != 0)
			goto err_rx;
	}
	if (cfg->tx_pcap != NULL) {
		w->tx_path = strdup(cfg->tx_pcap);
		if (w->tx_path == NULL) {
			ret = -ENOMEM;
			goto err_rx;
		}
		w->tx_pcap = pcap_open_dead(DLT_EN10MB, (int)SIM_WIRE_MAX_FRAME);
		if (w->tx_pcap == NULL) {
			ret = -ENOMEM;
			goto err_rx;
		}
		w->tx_dump = pcap_dump_open(w->tx_pcap, cfg->tx_pcap);
		if (w->tx_dump == NULL) {
			SIM_LOG(ERR, wire, "pcap %s: %s", cfg->tx_pcap, pcap_geterr(w->tx_pcap));
			ret = -EIO;
			goto err_tx;
		}
	}
	return 0;

err_tx:
	pcap_close(w->tx_pcap);
	w->tx_pcap = NULL;
err_rx:
	if (w->rx_pcap != NULL)
		pcap_close(w->rx_pcap);
	w->rx_pcap = NULL;
	free(w->rx_path);
	w->rx_path = NULL;
	free(w->tx_path);
	w->tx_path = NULL;
	return ret;
}

int
sim_wire_pcap_tx(struct sim_wire *w, const uint8_t *frame, uint32_t len)
{
	struct pcap_pkthdr h;

	if (w->tx_dump == NULL)
		return 0;	/* no TX file: the frame leaves into the void */
	gettimeofday(&h.ts, NULL);
	h.caplen = len;
	h.len = len;
	pcap_dump(w->tx_dump, &h, frame);
	return 0;
}

int
sim_wire_pcap_rx(struct sim_wire *w)
{
	struct pcap_pkthdr *h;
	const u_char *data;
	int ret;

	if (w->rx_pcap == NULL)
		return -EAGAIN;
	if (w->pps != 0) {
		uint64_t now = sim_wire_now_ns();

		if (w->rx_count == 0 && w->start_ns == 0)
			w->start_ns = now;
		/* frame n is due n / pps seconds after the first */
		if (now - w->start_ns < w->rx_count * 1000000000u / w->pps)
			return -EAGAIN;
	}
	for (;;) {
		ret = pcap_next_ex(w->rx_pcap, &h, &data);
		if (ret == 1 && h->caplen > SIM_WIRE_MAX_FRAME) {
			/* longer than any wire carries: dropped and counted, never cut short (a
			 * truncated frame would reach the RX path as a shorter, valid one) */
			w->st.rx_drops_oversize++;
			continue;
		}
		if (ret == 1)
			break;
		if (ret == PCAP_ERROR_BREAK && w->passes_left > 1) {
			w->passes_left--;
			if (sim_wire_pcap_rx_reopen(w) != 0)
				return -EAGAIN;
			continue;
		}
		if (ret == PCAP_ERROR_BREAK) {
			/* replay done: nothing more will arrive */
			pcap_close(w->rx_pcap);
			w->rx_pcap = NULL;
		}
		return -EAGAIN;
	}
	w->rxlen = h->caplen;
	memcpy(w->rxbuf, data, w->rxlen);
	w->rx_count++;
	return 0;
}

void
sim_wire_pcap_close(struct sim_wire *w)
{
	if (w->tx_dump != NULL) {
		pcap_dump_flush(w->tx_dump);
		pcap_dump_close(w->tx_dump);
	}
	if (w->tx_pcap != NULL)
		pcap_close(w->tx_pcap);
	if (w->rx_pcap != NULL)
		pcap_close(w->rx_pcap);
	free(w->rx_path);
	free(w->tx_path);
	w->tx_dump = NULL;
	w->tx_pcap = NULL;
	w->rx_pcap = NULL;
	w->rx_path = NULL;
	w->tx_path = NULL;
}

void
sim_wire_pcap_info(const struct sim_wire *w, struct qlxge_sim_wire_info *info)
{
	if (w->rx_path != NULL)
		snprintf(info->rx_pcap, sizeof(info->rx_pcap), "%s", w->rx_path);
	if (w->tx_path != NULL)
		snprintf(info->tx_pcap, sizeof(info->tx_pcap), "%s", w->tx_path);
	info->rx_pcap_start = w->start;
	info->rx_pcap_pps = w->pps;
	info->rx_pcap_loops = w->loops;
	info->rx_pcap_pass = w->loops - w->passes_left + 1;
	/* the last pass closes the file once it has read its end */
	info->rx_pcap_done = w->rx_path != NULL && w->rx_pcap == NULL && !w->rx_have;
}
