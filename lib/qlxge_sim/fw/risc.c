/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The memory of the firmware's RISC processor as the MPI space lays it out (§9.1, §16.7;
 * fw/risc.h): module 0 (RISC RAM words 0x0000-0x1FFF and the two ports' mailbox banks at
 * 0x1180-0x119F / 0x1280-0x129F), module 1 (MDE) and module 3 (RISC registers, with the shadow
 * select / read pair). Plain storage here; what accesses through the PROC window do besides is
 * the window's (fw/mpi.c), what the mailboxes mean is the firmware's (fw/mbox.c).
 */

#include <errno.h>

#include <rte_common.h>

#include "base/state.h"
#include "fw/risc.h"

/* The mailbox bank word at module-0 word @p w (0x1180-0x119F, 0x1280-0x129F), or NULL. */
static uint32_t *
sim_risc_mbox(struct qlxge_sim_adapter *ad, uint32_t w)
{
	struct sim_port *p;

	if ((w >> 8) < 0x11 || (w >> 8) > 0x12 || (w & 0xFFu) < 0x80 || (w & 0xFFu) >= 0xA0)
		return NULL;
	p = &ad->fn[(w >> 8) - 0x11].port;
	return (w & 0x10u) ? &p->mb_out[w & 0x0Fu] : &p->mb_in[w & 0x0Fu];
}

bool
sim_risc_is_outbound(uint32_t w)
{
	return (w >> 8) >= 0x11 && (w >> 8) <= 0x12 && (w & 0xFFu) >= 0x90 && (w & 0xFFu) < 0xA0;
}

int
sim_risc_read(struct qlxge_sim_adapter *ad, uint32_t module, uint32_t w, uint32_t *val)
{
	const uint32_t *mb;

	*val = 0;
	switch (module) {
	case QLXGE_MPI_MODULE_RISC:
		mb = sim_risc_mbox(ad, w);
		if (mb != NULL)
			*val = *mb;
		else if (w < RTE_DIM(ad->mpi_ram))
			*val = ad->mpi_ram[w];
		return 0;
	case QLXGE_MPI_MODULE_MDE:
		*val = w < RTE_DIM(ad->mpi_mde) ? ad->mpi_mde[w] : 0;
		return 0;
	case QLXGE_MPI_MODULE_RISC_REG:
		if (w == (QLXGE_MPI_SHADOW_READ & 0xFFFFu))
			*val = ad->mpi_core[QLXGE_MPI_SHADOW_SELECT & 0x7Fu];
		else if (w < RTE_DIM(ad->mpi_core))
			*val = ad->mpi_core[w];
		return 0;
	default:
		return -EINVAL;
	}
}

int
sim_risc_write(struct qlxge_sim_adapter *ad, uint32_t module, uint32_t w, uint32_t val)
{
	uint32_t *mb;

	switch (module) {
	case QLXGE_MPI_MODULE_RISC:
		mb = sim_risc_mbox(ad, w);
		if (mb != NULL)
			*mb = val;
		else if (w < RTE_DIM(ad->mpi_ram))
			ad->mpi_ram[w] = val;
		return 0;
	case QLXGE_MPI_MODULE_MDE:
		if (w < RTE_DIM(ad->mpi_mde))
			ad->mpi_mde[w] = val;
		return 0;
	case QLXGE_MPI_MODULE_RISC_REG:
		if (w == (QLXGE_MPI_SHADOW_SELECT & 0xFFFFu))
			/* shadow i reads back a recognisable word */
			ad->mpi_core[w & 0x7Fu] = 0x5AD00000u | ((val >> 20) & 0xFu);
		else if (w < RTE_DIM(ad->mpi_core))
			ad->mpi_core[w] = val;
		return 0;
	default:
		return -EINVAL;
	}
}

/* RISC RAM word for DUMP_RISC_RAM: code and MEMC RAM read back a recognisable pattern. */
uint32_t
sim_risc_word(struct qlxge_sim_adapter *ad, uint32_t addr)
{
	uint32_t v = 0;

	if (addr >= QLXGE_MPI_CODE_RAM && addr < QLXGE_MPI_CODE_RAM + QLXGE_MPI_CODE_RAM_WORDS)
		return 0xC0DE0000u | (addr & 0xFFFFu);
	if (addr >= QLXGE_MPI_MEMC_RAM && addr < QLXGE_MPI_MEMC_RAM + QLXGE_MPI_MEMC_RAM_WORDS)
		return 0x3E3C0000u | (addr & 0xFFFFu);
	if ((addr >> 16) != QLXGE_MPI_MODULE_NIC_REG && addr < 0x40000u)
		sim_risc_read(ad, (addr >> QLXGE_MPI_MODULE_SHIFT) & 0xFFFu, addr & 0xFFFFu, &v);
	return v;
}
