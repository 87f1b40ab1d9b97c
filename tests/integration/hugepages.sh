# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# Hugepages for a test or a benchmark (sourced), as a user sets them up for DPDK: 2 MiB pages
# reserved on top of those already reserved, and a hugetlbfs mount of the script's own, sized
# to them, for EAL's --huge-dir. Both are given back by huge_release, which the script calls
# from its EXIT trap, so also on failure or interruption; it gives back the pages this script
# added and no more, whatever other processes reserved meanwhile.
#
#   huge_reserve <pages> [<at least>]   reserve (at least <at least>, default <pages>), mount
#                                       at $huge_mnt; $huge_added says how many; returns 0, or
#                                       1 with the reason in $huge_why (not root, no 2 MiB pages
#                                       on this kernel, too few free, no mount), keeping nothing
#   huge_release                        unmount, give the pages back (idempotent)
#
# Run as root with hugepages and no IOMMU, EAL picks IOVA as PA (--iova-mode=pa says so).

huge_nr=/sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages
huge_added=0
huge_mnt=
huge_why=

huge_release() {
	local now

	if [ -n "$huge_mnt" ]; then
		mountpoint -q "$huge_mnt" && umount "$huge_mnt" 2>/dev/null
		rmdir "$huge_mnt" 2>/dev/null || true
		huge_mnt=
	fi
	if [ "$huge_added" -gt 0 ]; then
		now=$(cat "$huge_nr")
		echo $((now > huge_added ? now - huge_added : 0)) >"$huge_nr" || true
		huge_added=0
	fi
}

huge_reserve() {
	local pages=$1 min=${2:-$1} before

	if [ "$(id -u)" -ne 0 ]; then
		huge_why="needs root (hugepages)"
		return 1
	fi
	if [ ! -w "$huge_nr" ]; then
		huge_why="no 2 MiB hugepages on this kernel"
		return 1
	fi
	before=$(cat "$huge_nr")
	echo $((before + pages)) >"$huge_nr" 2>/dev/null || true
	huge_added=$(($(cat "$huge_nr") - before))
	if [ "$huge_added" -lt "$min" ]; then
		huge_why="only $huge_added of $pages hugepages of 2 MiB could be reserved"
		huge_release
		return 1
	fi
	# a folder of its own under /run, root's (not the world-writable /tmp)
	huge_mnt=$(mktemp -d /run/qlxge-huge.XXXXXX)
	if ! mount -t hugetlbfs -o pagesize=2M,size=$((huge_added * 2))M nodev "$huge_mnt"; then
		huge_why="hugetlbfs could not be mounted at $huge_mnt"
		huge_release
		return 1
	fi
}
