/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Interrupt enables (§8): vector 0 carries the firmware (STS.PI) and fatal-error (STS.FE) events
 * (§8.1, §8.4); a delivered interrupt masks its vector, which the service enables again (§8.2).
 * The data queues' CQs name a vector the driver never enables (the bursts poll), or, for RX
 * queue interrupts, a vector of their own that the application enables before it sleeps (the
 * glue's qlxge_rx_intr.c), under the global enable that vector 0 needs too.
 */

#include "qlxge_regs.h"
#include "qlxge_base.h"

/* §8.2, Linux MSI-X words: per-vector commands carry IHD. */
void
qlxge_irq_vector_enable(const struct qlxge_hw *hw, unsigned int vector)
{
	qlxge_mwr_field(hw, QLXGE_REG_INTR_EN,
			QLXGE_INTR_EN_TYPE_MASK | QLXGE_INTR_EN_VEC_MASK | QLXGE_INTR_EN_IHD,
			QLXGE_INTR_EN_TYPE_ENABLE | QLXGE_INTR_EN_IHD |
			(vector & QLXGE_INTR_EN_VEC_MASK));
}

void
qlxge_irq_vector_disable(const struct qlxge_hw *hw, unsigned int vector)
{
	qlxge_mwr_field(hw, QLXGE_REG_INTR_EN,
			QLXGE_INTR_EN_TYPE_MASK | QLXGE_INTR_EN_VEC_MASK | QLXGE_INTR_EN_IHD,
			QLXGE_INTR_EN_TYPE_DISABLE | QLXGE_INTR_EN_IHD |
			(vector & QLXGE_INTR_EN_VEC_MASK));
}

/* The firmware's interrupt source, interrupts of the function, vector 0. */
void
qlxge_irq_enable(const struct qlxge_hw *hw)
{
	qlxge_mwr_set(hw, QLXGE_REG_INTR_MASK, QLXGE_INTR_MASK_PI);
	qlxge_mwr_set(hw, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_EI);
	qlxge_irq_vector_enable(hw, 0);
}

void
qlxge_irq_disable(const struct qlxge_hw *hw)
{
	qlxge_irq_vector_disable(hw, 0);
	qlxge_mwr_clear(hw, QLXGE_REG_INTR_EN, QLXGE_INTR_EN_EI);
	qlxge_mwr_clear(hw, QLXGE_REG_INTR_MASK, QLXGE_INTR_MASK_PI);
}
