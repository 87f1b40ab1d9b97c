/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * Hardware semaphores (§3): one SEM register holds a 2-bit field per shared resource (the
 * index/data windows, ICB loads). Both functions of the adapter and its firmware contend for
 * them; a function acquires by writing its acquire word and reading back its SET bit.
 *
 * The hardware arbitrates between the functions and the firmware, not within one function: a
 * function that holds a semaphore acquires it again at once, so two threads of one port (the
 * application's and the telemetry thread both reading statistics), or two processes of it (a
 * secondary process such as dpdk-proc-info beside the primary), would both "hold" it and mix
 * their index/data accesses. So each semaphore also has a host lock, a process-shared mutex in
 * the port's shared state, taken before the hardware semaphore and released after it: the
 * hardware then sees one holder per function, as it expects. The mutexes are robust: a process
 * that dies holding one (a secondary killed mid-access) leaves it to the next taker, and the
 * hardware semaphore, which belongs to the function, not the process, goes with it.
 */

#include <errno.h>
#include <pthread.h>
#include <time.h>

#include <rte_common.h>
#include <rte_cycles.h>

#include "qlxge_regs.h"
#include "qlxge_base.h"
#include "qlxge_osdep.h"

static_assert(QLXGE_SEM_LOCKS == QLXGE_SEM_COUNT, "one host lock per SEM field");

/*
 * How long a thread waits for another thread or process of its port to finish with a semaphore:
 * longer than the hardware wait, since a secondary process of the model reaches the registers
 * through the primary (IPC) and holds the XGMAC window for a whole statistics snapshot.
 */
#define QLXGE_SEM_HOST_TIMEOUT_US	2000000u

int
qlxge_sem_init(struct qlxge_hw_state *st)
{
	pthread_mutexattr_t attr;
	unsigned int i;
	int ret;

	ret = pthread_mutexattr_init(&attr);
	if (ret != 0)
		return -ret;
	ret = pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	if (ret == 0)
		ret = pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
	for (i = 0; i < QLXGE_SEM_LOCKS && ret == 0; i++)
		ret = pthread_mutex_init(&st->sem_lock[i], &attr);
	pthread_mutexattr_destroy(&attr);
	if (ret != 0)
		while (i-- > 0)
			pthread_mutex_destroy(&st->sem_lock[i]);
	return -ret;
}

void
qlxge_sem_fini(struct qlxge_hw_state *st)
{
	unsigned int i;

	for (i = 0; i < QLXGE_SEM_LOCKS; i++)
		pthread_mutex_destroy(&st->sem_lock[i]);
}

/* The host lock of semaphore word @sem: its field's index (two bits per field). */
static pthread_mutex_t *
qlxge_sem_host(const struct qlxge_hw *hw, uint32_t sem)
{
	return &hw->st->sem_lock[rte_bsf32(QLXGE_SEM_HELD_BIT(sem)) / 2];
}

/* pthread_mutex_*lock's result: a lock whose holder died is consistent again and ours. */
static int
qlxge_sem_host_taken(const struct qlxge_hw *hw, pthread_mutex_t *m, int ret)
{
	if (ret == EOWNERDEAD) {
		pthread_mutex_consistent(m);
		QLXGE_HW_LOG(WARNING, "port %u: a process died holding a semaphore; taken over",
			     hw->st->port_id);
		return 0;
	}
	return ret;
}

/*
 * The bounded wait for a host lock. ThreadSanitizer (GCC 12's) intercepts
 * pthread_mutex_timedlock but not pthread_mutex_clocklock, and would not see the lock taken:
 * under it, the same wait on the realtime clock.
 */
#ifdef __SANITIZE_THREAD__
#define QLXGE_SEM_CLOCK			CLOCK_REALTIME
#define qlxge_sem_clocklock(m, c, t)	pthread_mutex_timedlock(m, t)
#else
#define QLXGE_SEM_CLOCK			CLOCK_MONOTONIC
#define qlxge_sem_clocklock		pthread_mutex_clocklock
#endif

static int
qlxge_sem_host_lock(const struct qlxge_hw *hw, uint32_t sem, const char *what)
{
	pthread_mutex_t *m = qlxge_sem_host(hw, sem);
	struct timespec deadline;
	int ret;

	clock_gettime(QLXGE_SEM_CLOCK, &deadline);
	deadline.tv_sec += QLXGE_SEM_HOST_TIMEOUT_US / 1000000u;
	deadline.tv_nsec += (QLXGE_SEM_HOST_TIMEOUT_US % 1000000u) * 1000;
	if (deadline.tv_nsec >= 1000000000) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000;
	}
	ret = qlxge_sem_host_taken(hw, m, qlxge_sem_clocklock(m, QLXGE_SEM_CLOCK, &deadline));
	if (ret != 0) {
		QLXGE_HW_LOG(ERR, "port %u: semaphore %s held by another thread or process of the "
			     "port for over %u us (%d)", hw->st->port_id, what,
			     QLXGE_SEM_HOST_TIMEOUT_US, ret);
		return -ETIMEDOUT;
	}
	return 0;
}

/* One try: write the acquire word, read SEM back into *@val; held when our SET bit reads 1. */
static bool
qlxge_sem_try(const struct qlxge_hw *hw, uint32_t sem, uint32_t *val)
{
	uint32_t held = QLXGE_SEM_HELD_BIT(sem);

	qlxge_mwr_field(hw, QLXGE_REG_SEM, QLXGE_SEM_RELEASE_WORD(sem) >> QLXGE_MWR_MASK_SHIFT,
			held);
	*val = qlxge_rd32(hw, QLXGE_REG_SEM);
	return (*val & held) != 0;
}

bool
qlxge_sem_trylock(const struct qlxge_hw *hw, uint32_t sem)
{
	pthread_mutex_t *m = qlxge_sem_host(hw, sem);
	uint32_t val;

	if (qlxge_sem_host_taken(hw, m, pthread_mutex_trylock(m)) != 0)
		return false;
	if (qlxge_sem_try(hw, sem, &val))
		return true;
	pthread_mutex_unlock(m);
	return false;
}

/* Try until held, or fail with -ETIMEDOUT after QLXGE_SEM_TIMEOUT_US (logged). */
int
qlxge_sem_lock(const struct qlxge_hw *hw, uint32_t sem, const char *what)
{
	uint32_t waited = 0;
	uint32_t val;
	int ret;

	ret = qlxge_sem_host_lock(hw, sem, what);
	if (ret != 0)
		return ret;
	for (;;) {
		if (qlxge_sem_try(hw, sem, &val))
			return 0;
		if (waited >= QLXGE_SEM_TIMEOUT_US)
			break;
		rte_delay_us(QLXGE_SEM_TRY_DELAY_US);
		waited += QLXGE_SEM_TRY_DELAY_US;
	}
	QLXGE_HW_LOG(ERR, "port %u: semaphore %s (SEM word 0x%08x) not acquired in %u us: "
		     "SEM=0x%08x", hw->st->port_id, what, sem, QLXGE_SEM_TIMEOUT_US, val);
	pthread_mutex_unlock(qlxge_sem_host(hw, sem));
	return -ETIMEDOUT;
}

void
qlxge_sem_unlock(const struct qlxge_hw *hw, uint32_t sem)
{
	qlxge_mwr_clear(hw, QLXGE_REG_SEM, QLXGE_SEM_RELEASE_WORD(sem) >> QLXGE_MWR_MASK_SHIFT);
	/* flush the release (Linux reads SEM once after it) */
	(void)qlxge_rd32(hw, QLXGE_REG_SEM);
	pthread_mutex_unlock(qlxge_sem_host(hw, sem));
}
