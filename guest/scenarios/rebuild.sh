#!/bin/sh
# Shows the 6.1 bug that the series leaves open (README, "What the soak
# found"): a root-domain rebuild drops the bandwidth of a task that left
# SCHED_DEADLINE and waits for its 0-lag time.  Fails while the bug is
# there.  scripts/vm -k KERNEL -r rebuild (needs 2 CPUs).
fsrebuild
