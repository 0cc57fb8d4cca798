# Sourced by the soak, dlbw and suspend scenarios, not a scenario of its
# own.

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

# Wait up to 5 s for bandwidth() to print what file $1 holds; what it
# printed last is in $1.now.  False if it never did.  (Names with _: the
# scenarios' own variables are plain shell globals too.)
bandwidth_back() {
	_bw_i=0
	while bandwidth > "$1.now" && ! cmp -s "$1" "$1.now" && [ $_bw_i -lt 50 ]; do
		sleep 0.1
		_bw_i=$((_bw_i + 1))
	done
	cmp -s "$1" "$1.now"
}

# With the load gone: no server or watchdog timer queued (they end
# within a period once idle; give them 3 s), and the basic CPU-share test
# passes.  Prints what failed; false if anything did.
idle_again() {
	_idle_rc=0
	sleep 3
	_idle_left=$(grep -cE 'fair_watchdog_fn|dl_server_timer' /proc/timer_list)
	[ "$_idle_left" = 0 ] ||
		{ echo "$_idle_left server/watchdog timers still queued"; _idle_rc=1; }
	_idle_out=$(cd /kselftest/sched && ./fair_server_test share_busy 2>&1) ||
		{ echo "share_busy failed"; _idle_rc=1; }
	echo "$_idle_out" | grep -E '^(ok|not ok|# )'
	return $_idle_rc
}
