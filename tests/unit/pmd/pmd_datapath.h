/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * The data-path cases' harness (pmd_datapath.c): a pair of model ports cabled back to back and
 * configured alike, test frames built from a spec, sent in segments, received, flattened and
 * checked, and the pool's count after the stop.
 */

#ifndef PMD_DATAPATH_H
#define PMD_DATAPATH_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "pmd_test.h"

#define NB_RXQ		4
#define MAX_FRAME	16384
#define POLL_ROUNDS	20000	/* x 500 us: 10 s at most, never asserted on */
#define ETH_TYPE_TEST	0x88B5	/* IEEE local experimental */
#define TEST_VLAN_TCI	0x2064	/* priority 1, VLAN 100 */

extern uint8_t test_key[40];		/* the RSS key of dp_conf() */

struct dp {
	struct pmd_pair p;
	struct rte_ether_addr mac[2];
	unsigned int in_use;	/* mbufs of the pool in use before the ports started */
};

/* What a test frame carries. */
struct fspec {
	int l3;			/* 0 (non-IP), 4, 6 */
	int l4;			/* 0, IPPROTO_TCP, IPPROTO_UDP */
	uint32_t payload;	/* bytes after the headers */
	uint32_t seq;		/* in the first payload bytes and the pattern */
	uint16_t sport, dport;
	bool bad_ip_cksum, bad_l4_cksum;
};

struct rte_eth_conf dp_conf(void);
int setup_pair(void **state);
int teardown_pair(void **state);
void fspec_lens(const struct fspec *s, uint32_t *l2, uint32_t *l3, uint32_t *l4);
uint32_t build_frame(const struct dp *d, const struct fspec *s, uint8_t *f);
struct rte_mbuf *mk_mbuf(const uint8_t *f, uint32_t len, unsigned int nsegs);
struct rte_mbuf *mk_mbuf_hdr(const uint8_t *f, uint32_t len, uint32_t hdr, unsigned int nsegs);
void send_all(uint16_t port, struct rte_mbuf **pkts, uint16_t n);
uint16_t recv_n(uint16_t port, struct rte_mbuf **pkts, uint16_t want, uint16_t *per_q);
void free_all(struct rte_mbuf **pkts, uint16_t n);
uint32_t flat(const struct rte_mbuf *m, uint8_t *buf);
uint32_t seq_of(const uint8_t *f, const struct fspec *s);
void check_cksums(uint8_t *f, const struct fspec *s);
void stop_and_check_leaks(struct dp *d);

#endif /* PMD_DATAPATH_H */
