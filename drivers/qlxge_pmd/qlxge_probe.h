/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * How a probe hands a NIC function to the driver's common init (virtio: two probes, one init).
 * The probes are qlxge_pci.c (the card, in this plugin) and the model's vdev binding, which lives
 * in the model's own plugin and reaches what is marked QLXGE_EXPORT here as the INTERNAL symbols
 * of librte_net_qlxge.so (qlxge_pmd.map).
 */

#ifndef QLXGE_PROBE_H
#define QLXGE_PROBE_H

#include <stddef.h>
#include <stdint.h>

#include <rte_ether.h>
#include <rte_interrupts.h>

#include "qlxge_base.h"
#include "qlxge_osdep.h"

struct rte_eth_dev;

/* What a probe gives the common init. */
struct qlxge_init_params {
	struct qlxge_bus bus;		/* this process's register bus and doorbells */
	uint16_t device_id;
	struct rte_intr_handle *intr_handle;	/* NULL: link by polling */
	const struct rte_ether_addr *mac;	/* NULL: the flash MAC */
	/* called by close, after the hardware is torn down, to release what the probe took */
	void (*release)(struct rte_eth_dev *dev);
	/*
	 * Same string for both functions of one adapter (the PCI address of the device, the
	 * model's adapter name): keys the state the ports share, such as the VLAN table users.
	 */
	const char *adapter_id;
	/* acknowledge the interrupt source before servicing it; NULL: nothing to do */
	void (*intr_ack)(struct rte_intr_handle *h);
	/*
	 * RX queue interrupts (qlxge_rx_intr.c). @nb_vectors: the MSI-X vectors @intr_handle can
	 * deliver, vector 0 (its fd) included; below 3 (vector 0 for the firmware, vector 1 the
	 * silent vector of the data queues, one for RX queues) they are not offered. Vector v > 0
	 * is the handle's efds[v - 1] while they are on, as EAL numbers them for
	 * rte_eth_dev_rx_intr_ctl_q(). @vectors_on puts the eventfds of vectors 1 .. @n in the
	 * handle (efds, nb_efd, max_intr) and @vectors_off takes them out without closing them;
	 * NULL: EAL's rte_intr_efd_enable() / rte_intr_efd_disable(), which create and close them
	 * for a VFIO MSI-X handle (bound to the vectors at the next rte_intr_enable()).
	 */
	uint16_t nb_vectors;
	int (*vectors_on)(struct rte_intr_handle *h, uint16_t n);
	void (*vectors_off)(struct rte_intr_handle *h);
};

#define QLXGE_ADAPTER_ID_LEN	64

/* The size of a port's dev_private, for the probe's rte_eth_dev allocation. */
QLXGE_EXPORT size_t qlxge_dev_private_size(void);

/* The common init of a port allocated by a probe; 0 or a negative errno (logged). */
QLXGE_EXPORT int qlxge_dev_init(struct rte_eth_dev *dev, const struct qlxge_init_params *params);

#endif /* QLXGE_PROBE_H */
