# SPDX-License-Identifier: BSD-3-Clause
# Copyright(c) 2026 The qlxge authors
#
# Sourced by the scripts that drive an interactive dpdk-testpmd through a pipe: wait until
# testpmd has carried out the commands before "start", so that a forwarding window is timed
# from the start and not from the launch (EAL init and the ports' start take a second alone and
# most of three when other processes share the machine's two cores).
#
# testpmd_ready <log> <line regex>: 0 once <log> holds a line matching the regex (testpmd's
# answer to a command); 1 if testpmd exits first. Not a timed check: the 90 s bound only ends the
# wait when testpmd never gets there, and the caller's own checks then say what failed.
testpmd_ready() {
	local log=$1 re=$2 i
	for ((i = 0; i < 900; i++)); do
		grep -qE "$re" "$log" && return 0
		grep -qE 'exiting with code|^Bye' "$log" && return 1
		sleep 0.1
	done
	return 1
}
