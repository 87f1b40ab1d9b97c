/* SPDX-License-Identifier: BSD-3-Clause */
/* Copyright(c) 2026 The qlxge authors */

/*
 * TAP wire of the 8100 model: a Linux TAP interface (/dev/net/tun, IFF_TAP | IFF_NO_PI) whose
 * frames are the port's RX and to which the port's TX goes. The carrier is up while the
 * interface is IFF_UP | IFF_RUNNING. The interface is created if absent and disappears when the
 * wire is closed (unless it was made persistent by someone else).
 *
 * The interface may be moved into another network namespace and renamed there after the wire
 * opened it (the usual way to put a kernel stack at the other end). Its state is therefore
 * asked where it lives, through the TAP's own file descriptor: TUNGETIFF gives its current
 * name, TUNGETDEVNETNS its namespace, and SIOCGIFFLAGS goes to a socket made in that namespace
 * (by a short-lived thread that enters it with setns(), so that no thread of the application
 * changes namespace). A name looked up in the process's own namespace would find nothing, or
 * another interface of the same name.
 */

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/if_tun.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include <inttypes.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>

#include "base/log.h"
#include "wire/clock.h"
#include "wire/tap.h"
#include "wire/wire_pvt.h"

/* How long a sampled carrier state is reused (the ioctl is a system call). */
#define SIM_WIRE_TAP_CARRIER_NS	(5u * 1000u * 1000u)

/* A socket in the namespace of @p nsfd, made by a thread that enters it and ends. */
struct sim_wire_tap_ns {
	int nsfd;
	int fd;
	int err;
};

static void *
sim_wire_tap_ns_socket(void *arg)
{
	struct sim_wire_tap_ns *ns = arg;

	if (setns(ns->nsfd, CLONE_NEWNET) != 0) {
		ns->err = errno;
		return NULL;
	}
	ns->fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (ns->fd < 0)
		ns->err = errno;
	return NULL;
}

/*
 * Follow the interface where it is: its current name (TUNGETIFF) and, when it moved to
 * another network namespace (TUNGETDEVNETNS), a control socket there. Called when the wire
 * opens and each time the carrier is sampled; a namespace already followed costs two ioctls
 * and an fstat. Where the kernel or the privileges do not allow it, the socket of the
 * process's namespace stays (logged once).
 */
static void
sim_wire_tap_follow(struct sim_wire *w)
{
	struct sim_wire_tap_ns ns = { .fd = -1 };
	struct ifreq ifr;
	struct stat st;
	pthread_t t;

	memset(&ifr, 0, sizeof(ifr));
	if (ioctl(w->tap_fd, TUNGETIFF, &ifr) == 0) {
		memcpy(w->ifname, ifr.ifr_name, IFNAMSIZ);
		w->ifname[IFNAMSIZ - 1] = '\0';
	}
#ifdef TUNGETDEVNETNS
	ns.nsfd = ioctl(w->tap_fd, TUNGETDEVNETNS);
	if (ns.nsfd < 0 || fstat(ns.nsfd, &st) != 0) {
		if (!w->ns_warned)
			SIM_LOG(WARNING, wire, "tap %s: its network namespace is not known (%s): "
				"its state is read in this process's", w->ifname, strerror(errno));
		w->ns_warned = true;
		if (ns.nsfd >= 0)
			close(ns.nsfd);
		return;
	}
	if ((uint64_t)st.st_dev == w->ns_dev && (uint64_t)st.st_ino == w->ns_ino) {
		close(ns.nsfd);
		return;
	}
	if (pthread_create(&t, NULL, sim_wire_tap_ns_socket, &ns) == 0)
		pthread_join(t, NULL);
	else
		ns.err = EAGAIN;
	close(ns.nsfd);
	if (ns.fd < 0) {
		if (!w->ns_warned)
			SIM_LOG(WARNING, wire, "tap %s: no socket in its network namespace (%s): "
				"its state is read in this process's", w->ifname, strerror(ns.err));
		w->ns_warned = true;
		return;
	}
	SIM_TRACE(wire, tap_netns, "%s: namespace %" PRIu64 " -> %" PRIu64, w->ifname,
		  w->ns_ino, (uint64_t)st.st_ino);
	close(w->ctl_fd);
	w->ctl_fd = ns.fd;
	w->ns_dev = (uint64_t)st.st_dev;
	w->ns_ino = (uint64_t)st.st_ino;
#else
	RTE_SET_USED(ns);
	RTE_SET_USED(st);
	RTE_SET_USED(t);
#endif
}

int
sim_wire_tap_open(struct sim_wire *w, const struct qlxge_sim_wire_cfg *cfg)
{
	struct ifreq ifr;
	int ret;

	if (cfg->iface == NULL || cfg->iface[0] == '\0' || strlen(cfg->iface) >= IFNAMSIZ)
		return -EINVAL;
	w->tap_fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (w->tap_fd < 0)
		return -errno;
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
	strncpy(ifr.ifr_name, cfg->iface, IFNAMSIZ - 1);
	if (ioctl(w->tap_fd, TUNSETIFF, &ifr) < 0) {
		ret = -errno;
		goto err_close;
	}
	memcpy(w->ifname, ifr.ifr_name, IFNAMSIZ);
	w->ifname[IFNAMSIZ - 1] = '\0';
	w->ctl_fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (w->ctl_fd < 0) {
		ret = -errno;
		goto err_close;
	}
	sim_wire_tap_follow(w);
	SIM_TRACE(wire, tap_open, "%s", w->ifname);
	return 0;

err_close:
	SIM_LOG(ERR, wire, "tap %s: %s", cfg->iface, strerror(-ret));
	close(w->tap_fd);
	w->tap_fd = -1;
	return ret;
}

int
sim_wire_tap_tx(struct sim_wire *w, const uint8_t *frame, uint32_t len)
{
	ssize_t n = write(w->tap_fd, frame, len);

	if (n == (ssize_t)len)
		return 0;
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return -EAGAIN;
	return -EIO;
}

int
sim_wire_tap_rx(struct sim_wire *w)
{
	ssize_t n = read(w->tap_fd, w->rxbuf, SIM_WIRE_MAX_FRAME);

	if (n <= 0)
		return -EAGAIN;
	w->rxlen = (uint32_t)n;
	return 0;
}

bool
sim_wire_tap_carrier(struct sim_wire *w)
{
	uint64_t now = sim_wire_now_ns();
	struct ifreq ifr;

	if (w->carrier_ns != 0 && now - w->carrier_ns < SIM_WIRE_TAP_CARRIER_NS)
		return w->carrier;
	sim_wire_tap_follow(w);
	memset(&ifr, 0, sizeof(ifr));
	memcpy(ifr.ifr_name, w->ifname, IFNAMSIZ);
	if (ioctl(w->ctl_fd, SIOCGIFFLAGS, &ifr) < 0)
		w->carrier = false;
	else
		w->carrier = (ifr.ifr_flags & (IFF_UP | IFF_RUNNING)) == (IFF_UP | IFF_RUNNING);
	w->carrier_ns = now;
	return w->carrier;
}

void
sim_wire_tap_info(struct sim_wire *w, struct qlxge_sim_wire_info *info)
{
	sim_wire_tap_follow(w);
	snprintf(info->iface, sizeof(info->iface), "%s", w->ifname);
}

void
sim_wire_tap_close(struct sim_wire *w)
{
	if (w->ctl_fd >= 0)
		close(w->ctl_fd);
	if (w->tap_fd >= 0)
		close(w->tap_fd);
	w->ctl_fd = -1;
	w->tap_fd = -1;
	SIM_TRACE(wire, tap_close, "%s", w->ifname);
}
