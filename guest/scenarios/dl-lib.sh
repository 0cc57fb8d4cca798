# Sourced by the soak and dlbw scenarios, not a scenario of its own.

# The root domains' deadline bandwidth as SCHED_DEBUG shows it, one line
# per distinct value with its count of CPUs.
bandwidth() {
	grep -E 'dl_bw->(bw|total_bw|server_bw)' /sys/kernel/debug/sched/debug |
		sort | uniq -c
}

# The /proc/PID directories of the tasks that are SCHED_DEADLINE (policy
# 6, field 41 of stat, 39 after the comm).
deadline_tasks() {
	for st in /proc/[0-9]*/stat; do
		# shellcheck disable=SC2046 # the fields, split on purpose
		set -- $(sed 's/.*) //' "$st" 2>/dev/null)
		[ "${39:-}" = 6 ] && echo "${st%/stat}"
	done
}
