#!/bin/sh
# Suspend to RAM and back, suspend=N times (5 by default), through the
# PM core's test mode (/sys/power/pm_test = core): processes are frozen,
# devices suspended, every CPU but 0 taken offline with the tasks frozen,
# interrupts and syscore (timekeeping) suspended, then all of it resumed;
# only the final entry into S3 is left out.  Booted with
# no_console_suspend, the console shows where a cycle stops.
#
# Suspend takes CPUs down and up the way hotplug does, but with
# cpuhp_tasks_frozen set, and cpuset then rebuilds the root domains its
# own way: one domain while CPUs go down, a forced rebuild once the last
# one is back.  Mainline's deadline server lost bandwidth on such
# rebuilds, and partial backports of its fixes made suspend fail.  Here,
# under load (an RT hog on CPU 1 with a normal task starved beside it,
# so that CPU 1's fair server is at work when it goes down, and two
# -deadline tasks, one always throttled), each cycle must
# succeed, and after it every CPU is online, the root domains' deadline
# bandwidth (total_bw of the tasks, server_bw of the fair servers) is what
# it was before the cycles, and the starved task on CPU 1 runs again.
# At the end, with the load gone, no server or watchdog timer is queued
# and the basic CPU-share test passes.  Splats are judged by scripts/vm.
cycles=5
for arg in $(cat /proc/cmdline); do
	case $arg in
	suspend=*) cycles=${arg#suspend=} ;;
	esac
done
n=$(grep -c ^processor /proc/cpuinfo)
last=$((n - 1))
P=/sys/power
fail=0
bad() { echo "SUSPEND-FAIL $*"; fail=1; }
. /scenarios/dl-lib.sh

[ "$last" -ge 1 ] || { echo "SUSPEND-FAIL needs 2 CPUs or more"; exit 1; }
grep -qw mem $P/state ||
	{ echo "SUSPEND-FAIL no suspend to RAM ($P/state: $(cat $P/state))"; exit 1; }
echo core > $P/pm_test ||
	{ echo "SUSPEND-FAIL no PM test mode (CONFIG_PM_DEBUG)"; exit 1; }
echo 1 > /sys/module/suspend/parameters/pm_test_delay

# CPU time of a task, in clock ticks (utime + stime, fields 14 and 15).
cputime() {
	# shellcheck disable=SC2046 # the fields, split on purpose
	set -- $(sed 's/.*) //' "/proc/$1/stat")
	echo $(( ${12} + ${13} ))
}

# The load, for as long as the cycles can take.
dur=$(( 60 + cycles * 60 ))
fssoak hog 1 "$dur" &
hog=$!
taskset -c 1 fssoak duty 1000 0 "$dur" &
starved=$!
fssoak deadline 10 100 fssoak duty 1000 0 "$dur" &
dl1=$!
fssoak deadline 20 200 fssoak duty 5 50 "$dur" &
dl2=$!
sleep 2
for p in $dl1 $dl2; do
	kill -0 $p 2>/dev/null || bad "a -deadline task was not admitted"
done
bandwidth > /tmp/bw.before
echo "suspend: $cycles cycles on $n CPUs; bandwidth $(tr -s ' \n' ' ' < /tmp/bw.before)"

i=1
while [ $i -le "$cycles" ] && [ $fail = 0 ]; do
	t0=$(date +%s)
	if ! err=$(echo mem 2>&1 > $P/state); then
		bad "cycle $i: suspend failed: $err"
		break
	fi
	for c in $(seq 1 "$last"); do
		[ "$(cat /sys/devices/system/cpu/cpu$c/online)" = 1 ] ||
			bad "cycle $i: CPU $c is offline after resume"
	done
	# cpuset rebuilds the root domains from a work item after resume.
	bandwidth_back /tmp/bw.before ||
		bad "cycle $i: bandwidth 5 s after resume: $(tr -s ' \n' ' ' < /tmp/bw.before.now)"
	# The fair server's 50 ms a second: over 3 s, some CPU time at all.
	c0=$(cputime $starved)
	sleep 3
	got=$(( $(cputime $starved) - c0 ))
	[ "$got" -gt 0 ] || bad "cycle $i: the normal task on CPU 1 got no CPU in 3 s"
	echo "SUSPEND cycle $i: $(( $(date +%s) - t0 )) s, starved task $got ticks in 3 s"
	i=$((i + 1))
done
echo none > $P/pm_test
kill $hog $starved $dl1 $dl2 2>/dev/null  # the hog's child dies with it
wait
echo "SUSPEND cycles $((i - 1)) of $cycles"

idle_again || bad "after the cycles (see above)"
[ $fail = 0 ] && echo "SUSPEND-RESULT pass" || echo "SUSPEND-RESULT FAIL"
exit $fail
