/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * PCI probe of the qlxge PMD: the 8100's NIC functions (§1) behind vfio-pci. DPDK's
 * PCI bus maps BAR1 (control registers) and BAR3 (doorbell pages); DMA memory comes from
 * memzones, so the IOMMU mapping is DPDK's; link and firmware events arrive on the PCI
 * interrupt handle (MSI-X vector 0). Then the common init, the same as the model's, also in a
 * secondary process (rte_eth_dev_pci_generic_probe attaches it to the primary's port).
 */

#include <errno.h>
#include <stdio.h>

#include <bus_pci_driver.h>
#include <ethdev_pci.h>

#include "qlxge_pmd.h"
#include "qlxge_log.h"

static int
qlxge_pci_dev_init(struct rte_eth_dev *dev)
{
	struct rte_pci_device *pci = RTE_ETH_DEV_TO_PCI(dev);
	char adapter_id[QLXGE_ADAPTER_ID_LEN];
	struct qlxge_init_params params = {
		.device_id = pci->id.device_id,
		.intr_handle = pci->intr_handle,
		.adapter_id = adapter_id,
		.intr_ack = NULL,	/* rte_intr_ack() after the service re-arms the source */
	};
	int ret;

	/* the functions of one adapter share domain, bus and device: the address without them */
	snprintf(adapter_id, sizeof(adapter_id), "pci:" PCI_PRI_FMT, pci->addr.domain,
		 pci->addr.bus, pci->addr.devid, 0);

	/* a secondary process maps the BARs as well (DPDK's PCI bus, at the primary's addresses) */
	ret = qlxge_bus_pci_map(pci, &params.bus);
	if (ret != 0)
		return ret;
	if (rte_eal_process_type() == RTE_PROC_PRIMARY)
		rte_eth_copy_pci_info(dev, pci);
	return qlxge_dev_init(dev, &params);
}

static int
qlxge_pci_probe(struct rte_pci_driver *drv, struct rte_pci_device *pci)
{
	RTE_SET_USED(drv);
	return rte_eth_dev_pci_generic_probe(pci, sizeof(struct qlxge_adapter),
					     qlxge_pci_dev_init);
}

static int
qlxge_pci_remove(struct rte_pci_device *pci)
{
	return rte_eth_dev_pci_generic_remove(pci, qlxge_dev_close);
}

static struct rte_pci_driver qlxge_pci_pmd = {
	.id_table = qlxge_pci_id_map,
	.drv_flags = RTE_PCI_DRV_NEED_MAPPING | RTE_PCI_DRV_INTR_LSC,
	.probe = qlxge_pci_probe,
	.remove = qlxge_pci_remove,
};

RTE_PMD_REGISTER_PCI(net_qlxge, qlxge_pci_pmd);
RTE_PMD_REGISTER_PCI_TABLE(net_qlxge, qlxge_pci_id_map);
RTE_PMD_REGISTER_KMOD_DEP(net_qlxge, "vfio-pci");
