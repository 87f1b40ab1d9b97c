/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Interrupts (§8, §2.9, §16.15): one eventfd per MSI-X vector; INTR_EN as a command
 * register (global EI gate, per-vector enable / disable / select-for-read-back with EN read-back);
 * INTR_MASK enabling the MPI source; ISR1-4 with one bit per CQ whose interrupt is raised and
 * whose entries are not yet consumed. A vector is pending when one of its CQs has its ISR bit set
 * or, for vector 0, when STS.PI (with INTR_MASK.PI) or STS.FE is set. A pending, enabled vector
 * under EI is signalled once and auto-masks (EN clears) until the driver re-enables it; if it is
 * still pending then, it fires again (the spurious vector-0 interrupts Linux reports).
 * Also the device errors vector 0 reports (§2.8 FE, §2.11 ERR_STS, §4.5).
 */

#include <errno.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "base/irq.h"
#include "base/log.h"
#include "base/reg.h"
#include "base/state.h"

int
sim_irq_open(struct qlxge_sim_func *fn)
{
	unsigned int v;

	for (v = 0; v < QLXGE_SIM_NUM_VECTORS; v++) {
		fn->irq_fd[v] = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
		if (fn->irq_fd[v] < 0)
			return -errno;
	}
	return 0;
}

void
sim_irq_close(struct qlxge_sim_func *fn)
{
	unsigned int v;

	for (v = 0; v < QLXGE_SIM_NUM_VECTORS; v++) {
		if (fn->irq_fd[v] >= 0)
			close(fn->irq_fd[v]);
		fn->irq_fd[v] = -1;
	}
}

int
qlxge_sim_irq_fd(struct qlxge_sim_func *fn, unsigned int vector)
{
	if (fn == NULL || vector >= QLXGE_SIM_NUM_VECTORS)
		return -1;
	return fn->irq_fd[vector];
}

void
sim_dev_error(struct qlxge_sim_func *fn, uint32_t err_sts_bits)
{
	uint32_t old = fn->err_sts;

	fn->err_sts |= err_sts_bits;
	if (!fn->fe)
		SIM_LOG(WARNING, regs, "device_error " SIM_FN_FMT ": STS.FE 0 -> 1, "
			"ERR_STS 0x%08x -> 0x%08x", SIM_FN_ARGS(fn), old, fn->err_sts);
	fn->fe = true;
	sim_irq_update(fn);
}

/*
 * Whether CQ @p q still has an interrupt pending: raised (coalescing done) and not yet consumed
 * up to what it published. Judged on the consumer doorbell as the driver last wrote it, not as
 * the last poll step saw it: the card sees a doorbell write at once, so a driver that consumed
 * everything and then enables the vector (an RX queue interrupt before a sleep) is not woken by
 * work it has done already.
 */
static bool
sim_irq_cq_pending(struct qlxge_sim_func *fn, unsigned int q)
{
	struct sim_cq *cq = &fn->cq[q];
	uint32_t cons;

	if (!cq->irq_pending || cq->len == 0)
		return cq->irq_pending;
	/* acquire: pairs with the driver's release of its consumer index (doorbell pages) */
	cons = __atomic_load_n((const uint32_t *)(fn->db + QLXGE_DB_CQ_OFFSET(q) +
						  QLXGE_DB_CQ_CONS_IDX), __ATOMIC_ACQUIRE);
	if (sim_ring_index(cons & 0xFFFFu, cq->len) == cq->published && !cq->coal_armed)
		cq->irq_pending = false;
	return cq->irq_pending;
}

/* Bitmap of vectors with a pending source. */
static uint32_t
sim_irq_pending(struct qlxge_sim_func *fn)
{
	uint32_t pend = 0;
	unsigned int q;

	if ((fn->pi && (fn->regs[QLXGE_REG_INTR_MASK / 4] & QLXGE_INTR_MASK_PI)) || fn->fe)
		pend |= 1u;
	/* the loaded CQs only (a PMD uses a few of the 128), as the poll step walks them */
	SIM_FOREACH_BIT(q, fn->cq_live)
		if (sim_irq_cq_pending(fn, q))
			pend |= 1u << fn->cq[q].vector;
	return pend;
}

void
sim_irq_update(struct qlxge_sim_func *fn)
{
	uint32_t pend;
	unsigned int v;

	if (!(fn->intr_en & QLXGE_INTR_EN_EI))
		return;
	pend = sim_irq_pending(fn);
	/* the pending vectors only, lowest first, as a walk of all of them would fire them (a
	 * CQ's vector is below the vector count, icb.c checks it at the load) */
	for (; pend != 0; pend &= pend - 1) {
		uint64_t one = 1;

		v = (unsigned int)__builtin_ctz(pend);
		if (v >= QLXGE_SIM_NUM_VECTORS || !fn->vec_en[v])
			continue;
		fn->vec_en[v] = false;	/* auto-mask until re-enabled (§8.2) */
		fn->vec_fired |= 1u << v;
		fn->cnt.irqs++;
		if (write(fn->irq_fd[v], &one, sizeof(one)) != (ssize_t)sizeof(one))
			SIM_LOG(WARNING, regs, "irq " SIM_FN_FMT ": eventfd %u write failed",
				SIM_FN_ARGS(fn), v);
		SIM_TRACE(regs, irq, SIM_FN_FMT " vector %u fired, EN 1 -> 0", SIM_FN_ARGS(fn), v);
	}
}

uint32_t
sim_intr_en_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	RTE_SET_USED(row);
	return (fn->intr_en & (QLXGE_INTR_EN_EI | QLXGE_INTR_EN_IHD)) | fn->intr_sel |
	       QLXGE_INTR_EN_TYPE_READ | (fn->vec_en[fn->intr_sel] ? QLXGE_INTR_EN_EN : 0);
}

void
sim_intr_en_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t val)
{
	uint32_t mask = val >> 16;
	uint32_t old = fn->intr_en;

	RTE_SET_USED(row);
	fn->intr_en = ((old & ~mask) | (val & mask)) & (QLXGE_INTR_EN_EI | QLXGE_INTR_EN_IHD);
	if ((old ^ fn->intr_en) & QLXGE_INTR_EN_EI)
		SIM_TRACE(regs, intr_global, SIM_FN_FMT " EI %u -> %u", SIM_FN_ARGS(fn),
			  !!(old & QLXGE_INTR_EN_EI), !!(fn->intr_en & QLXGE_INTR_EN_EI));
	if (mask & QLXGE_INTR_EN_TYPE_MASK) {
		uint32_t type = val & QLXGE_INTR_EN_TYPE_MASK;
		uint32_t v = val & QLXGE_INTR_EN_VEC_MASK;

		if (v >= QLXGE_SIM_NUM_VECTORS) {
			SIM_WRN(fn, regs, intr_vector, SIM_FN_FMT " INTR_EN 0x%08x: vector %u not "
				"modelled", SIM_FN_ARGS(fn), val, v);
			return;
		}
		fn->intr_sel = (uint8_t)v;
		if (type == QLXGE_INTR_EN_TYPE_ENABLE || type == QLXGE_INTR_EN_TYPE_DISABLE) {
			bool en = type == QLXGE_INTR_EN_TYPE_ENABLE;

			if (fn->vec_en[v] != en)
				SIM_TRACE(regs, intr_vector, SIM_FN_FMT " vector %u EN %u -> %u",
					  SIM_FN_ARGS(fn), v, fn->vec_en[v], en);
			fn->vec_en[v] = en;
		}
	}
	sim_irq_update(fn);
}

void
sim_intr_mask_write(struct qlxge_sim_func *fn, const struct sim_reg_row *row, uint32_t val)
{
	uint32_t *st = sim_reg_store(fn, row);
	uint32_t nv = sim_mwr(*st, val);

	if (nv != *st)
		SIM_TRACE(regs, intr_mask, SIM_FN_FMT " 0x%04x -> 0x%04x", SIM_FN_ARGS(fn), *st,
			  nv);
	*st = nv;
	sim_irq_update(fn);
}

uint32_t
sim_isr_read(struct qlxge_sim_func *fn, const struct sim_reg_row *row)
{
	unsigned int base = (row->offset - QLXGE_REG_ISR1) / 4 * 32;
	uint32_t v = 0;
	unsigned int i;

	for (i = 0; i < 32; i++) {
		unsigned int q = base + i;

		if (sim_bit_test(fn->cq_live, q) && fn->cq[q].irq_pending)
			v |= 1u << i;
	}
	return v;
}
