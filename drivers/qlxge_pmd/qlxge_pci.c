/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * PCI probe of the qlxge PMD: the 8100's NIC functions (§1) behind vfio-pci. DPDK's PCI bus
 * maps BAR1 (control registers) and BAR3 (doorbell pages); DMA memory comes from memzones, so
 * the IOMMU mapping is DPDK's; link and firmware events arrive on the PCI interrupt handle
 * (MSI-X vector 0), RX queue interrupts on the vectors after it, as many as the function's
 * MSI-X table has (EAL creates their eventfds). Then the common init, the same as the model's,
 * also in a secondary process (rte_eth_dev_pci_generic_probe attaches it to the primary's port).
 */

#include <errno.h>
#include <stdio.h>

#include <linux/pci_regs.h>

#include <bus_pci_driver.h>
#include <ethdev_pci.h>

#include "qlxge_pmd.h"
#include "qlxge_log.h"
#include "qlxge_regs.h"	/* §1 identity only (design.md B.1) */

/*
 * The entries of the function's MSI-X table (PCI capability list, table size field), when VFIO
 * delivers its interrupts as MSI-X; 0 otherwise (vector 0 only).
 */
static uint16_t
qlxge_pci_msix_vectors(const struct rte_pci_device *pci)
{
	uint16_t status = 0, ctl = 0;
	uint8_t pos = 0, id = 0;
	unsigned int n;

	if (pci->intr_handle == NULL ||
	    rte_intr_type_get(pci->intr_handle) != RTE_INTR_HANDLE_VFIO_MSIX)
		return 0;
	if (rte_pci_read_config(pci, &status, sizeof(status), PCI_STATUS) != sizeof(status) ||
	    (status & PCI_STATUS_CAP_LIST) == 0 ||
	    rte_pci_read_config(pci, &pos, sizeof(pos), PCI_CAPABILITY_LIST) != sizeof(pos))
		return 0;
	/* at most 48 capabilities fit the 192 bytes after the header: a loop ends there */
	for (n = 0; pos >= 0x40 && n < 48; n++) {
		pos &= ~3;
		if (rte_pci_read_config(pci, &id, sizeof(id), pos + PCI_CAP_LIST_ID) != sizeof(id))
			return 0;
		if (id == PCI_CAP_ID_MSIX) {
			if (rte_pci_read_config(pci, &ctl, sizeof(ctl), pos + PCI_MSIX_FLAGS) !=
			    sizeof(ctl))
				return 0;
			return (uint16_t)((ctl & PCI_MSIX_FLAGS_QSIZE) + 1);
		}
		if (rte_pci_read_config(pci, &pos, sizeof(pos), pos + PCI_CAP_LIST_NEXT) !=
		    sizeof(pos))
			return 0;
	}
	return 0;
}

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
		/* RX queue vectors: EAL's eventfds (vectors_on/off NULL) */
		.nb_vectors = qlxge_pci_msix_vectors(pci),
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

/*
 * §1: the two NIC functions; the FCoE function (0x8001) is not ours. Beside the registration
 * that names it: DPDK's pmdinfogen reads the table from the same object file.
 */
static const struct rte_pci_id qlxge_pci_id_map[] = {
	{ RTE_PCI_DEVICE(QLXGE_PCI_VENDOR_ID, QLXGE_PCI_DEVICE_ID_8000) },
	{ RTE_PCI_DEVICE(QLXGE_PCI_VENDOR_ID, QLXGE_PCI_DEVICE_ID_8012) },
	{ .vendor_id = 0 },
};

static struct rte_pci_driver qlxge_pci_pmd = {
	.id_table = qlxge_pci_id_map,
	.drv_flags = RTE_PCI_DRV_NEED_MAPPING | RTE_PCI_DRV_INTR_LSC,
	.probe = qlxge_pci_probe,
	.remove = qlxge_pci_remove,
};

RTE_PMD_REGISTER_PCI(net_qlxge, qlxge_pci_pmd);
RTE_PMD_REGISTER_PCI_TABLE(net_qlxge, qlxge_pci_id_map);
RTE_PMD_REGISTER_KMOD_DEP(net_qlxge, "vfio-pci");
