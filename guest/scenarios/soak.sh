#!/bin/sh
# The soak (make soak; a short form in make check): for soak=SECONDS (60
# by default) at once: RT hogs, stress-ng scheduler stressors, hackbench,
# CPU hotplug of every CPU but 0 alternating with cpuset partitions made
# and unmade, random and hostile writes to every knob of the series,
# random SCHED_DEADLINE parameters and policy/affinity changes.  Then, with the load gone:
# every hotplug completed, the deadline bandwidth of the root domains is
# what it was at boot, no server or watchdog timer is left queued, and the
# basic CPU-share test passes again.  Splats are judged by scripts/vm.
#
# When the kernel carries locktorture as a module (make soak's kernels),
# rtmutex_lock torture runs as well (soaklt=WRITERS, one per CPU by
# default; 0: not at all): its writers are boosted to SCHED_FIFO and
# back, and it must end with SUCCESS.
#
# soakdl=0 leaves out the SCHED_DEADLINE tasks (the setattr fuzzing and
# stress-ng's deadline cyclic).
#
# When the kernel has the PM core's test mode (/sys/power/pm_test), every
# third round of the hotplug loop ends in a suspend to RAM and back
# (pm_test = core, as in the suspend scenario): every CPU but 0 goes down
# and up with the tasks frozen, in the middle of all of the above.
# soaksuspend=0 leaves it out.
#
# stress-ng's own deadline parameters (90 us of runtime every 100 us)
# are not used: a -deadline task that is replenished more than a period
# after its deadline makes 6.1 - unpatched as well - print "DL replenish
# lagged too much", and under emulation a 100 us period is missed by far
# more than that.  It says nothing about the fair servers (6.1 does not
# print it for them).  Even 5 ms every 50 ms lagged once in a 300 s
# soak: its replenishment timer, and two fuzzed tasks' on the same CPU,
# fired about 110 ms late (seen with the message extended by hand), as
# if the CPU had not run for that long.  The stressor gets 25 ms every
# 250 ms.
dur=60 dl=1 susp=1 ltw=
for arg in $(cat /proc/cmdline); do
	case $arg in
	soak=*) dur=${arg#soak=} ;;
	soakdl=*) dl=${arg#soakdl=} ;;
	soaklt=*) ltw=${arg#soaklt=} ;;
	soaksuspend=*) susp=${arg#soaksuspend=} ;;
	esac
done
policy=fifo
[ "$dl" = 1 ] && policy=deadline
n=$(grep -c ^processor /proc/cpuinfo)
last=$((n - 1))
CG=/sys/fs/cgroup
fail=0
bad() { echo "SOAK-FAIL $*"; fail=1; }
. /scenarios/dl-lib.sh

echo "soak: $dur s on $n CPUs, deadline tasks: $dl"
bandwidth > /tmp/bw.boot
end=$(( $(date +%s) + dur ))

lt=$(find /lib/modules -name locktorture.ko 2>/dev/null | head -1)
ltw=${ltw:-$n}
[ "$ltw" = 0 ] && lt=
if [ -n "$lt" ]; then
	if insmod "$(find /lib/modules -name torture.ko | head -1)" &&
	   insmod "$lt" torture_type=rtmutex_lock nwriters_stress="$ltw" \
		stat_interval=0 verbose=0; then
		echo "SOAK locktorture rtmutex_lock with $ltw writers"
	else
		bad "locktorture did not load"; lt=
	fi
fi

# Every 15 s, the state of each CPU's server and watchdog on the console
# (SCHED_FIFO 80): what to look at if something starves.  And the root
# domains' deadline bandwidth beside the sum over the live -deadline tasks
# (and their number): should total_bw leak, the first line where it stays
# above that sum says when (a task that left the class keeps its share
# until its 0-lag time, well under a second here).
cat > /tmp/states.sh <<'STATES'
. /scenarios/dl-lib.sh
while [ "$(date +%s)" -lt "$1" ]; do
	sleep 15
	for d in /sys/kernel/debug/sched/fair_server/cpu*; do
		echo "soak-state ${d##*/}: $(tr '\n' ' ' < $d/state 2>/dev/null) $(tr '\n' ' ' < $d/stats 2>/dev/null)" > /dev/kmsg
	done
	echo "soak-bw: $(bandwidth | tr -s ' \n' ' ')tasks $(fssoak dlsum)" > /dev/kmsg
done
STATES
fssoak fifo 80 sh /tmp/states.sh "$end" &

# If the hotplug loop (below) goes 45 s without a step, dump once what
# every CPU runs and has queued: a soak hung once with its control loops
# runnable and not running, and the log could not say which CPU they
# waited on or what ran there instead.  Two monitors, one at SCHED_FIFO
# 85 and one a normal task at nice -20, since either class may be the
# one starved: in the next such hang RT tasks got no CPU at all while
# the fair server ran normal tasks.  The first to see the stall dumps.
# The hung-task detector adds every CPU's backtrace.
# The beat is written to a new file and renamed over the old one: a
# monitor that read it while '>' had truncated it got an empty operand,
# and an arithmetic error ends a busybox shell script (both monitors died
# within 14 minutes of a 3600 s soak).  The monitors check it anyway.
echo 1 > /proc/sys/kernel/hung_task_all_cpu_backtrace 2>/dev/null
date +%s > /tmp/hotplug.beat
cat > /tmp/stall.sh <<'STALL'
while [ "$(date +%s)" -lt "$1" ]; do
	sleep 5
	read -r beat < /tmp/hotplug.beat
	case $beat in ''|*[!0-9]*) continue ;; esac
	quiet=$(( $(date +%s) - beat ))
	[ "$quiet" -gt 45 ] || continue
	mkdir /tmp/stall.dumped 2>/dev/null || break
	echo "soak-stall: the hotplug loop made no step for $quiet s ($2)"
	sed 's/^/soak-stall: /' /sys/kernel/debug/sched/debug
	for d in /sys/kernel/debug/sched/fair_server/cpu*; do
		echo "soak-stall: ${d##*/}: $(tr '\n' ' ' < $d/state) $(tr '\n' ' ' < $d/stats)"
	done
	# Every queued hrtimer: in one such stall the hotplug loop's
	# SCHED_FIFO 70 'sleep 0.2' was still asleep 16 s and more later.
	sed 's/^/soak-stall: /' /proc/timer_list
	# Who has the CPUs: the dump above is one instant, and a KASAN
	# soak stalled with CFS tasks starved while it showed little RT or
	# deadline work queued.  Every thread's CPU time over about 2 s
	# (the span is printed), the 12 largest, with the CPU, policy and
	# priority of each.
	cputimes() {
		for t in /proc/[0-9]*/task/[0-9]*; do
			read -r ns _ < "$t/schedstat" 2>/dev/null && echo "${t#/proc/} $ns"
		done
	}
	# Milliseconds since boot, from /proc/uptime's centiseconds: the
	# walk over every thread takes long enough under KASAN to count.
	uptime_ms() {
		read -r up _ < /proc/uptime
		# 1NN - 100: a leading 0 ("08") would read as octal.
		echo $(( ${up%.*} * 1000 + (1${up#*.} - 100) * 10 ))
	}
	t0=$(uptime_ms)
	cputimes > /tmp/stall.t0
	sleep 2
	cputimes > /tmp/stall.t1
	span=$(( $(uptime_ms) - t0 ))
	awk 'NR == FNR { t[$1] = $2; next } $1 in t { print $2 - t[$1], $1 }' \
		/tmp/stall.t0 /tmp/stall.t1 | sort -rn | head -12 |
	while read -r ns t; do
		# After the comm: 37 processor, 39 policy, 16 prio.
		echo "soak-stall: top $((ns / 1000000)) ms of $span: tid ${t##*/} $(cat /proc/$t/comm 2>/dev/null) $(sed 's/.*) //' /proc/$t/stat 2>/dev/null | awk '{ print "cpu " $37 " policy " $39 " prio " $16 }')"
	done
	break
done
STALL
fssoak fifo 85 sh /tmp/stall.sh "$end" "seen at SCHED_FIFO 85" &
sh -c 'renice -n -20 -p $$ > /dev/null && exec sh /tmp/stall.sh "$@"' - \
	"$end" "seen at nice -20" &

# RT hogs on CPU 1 and on the last CPU.
fssoak hog 1 "$dur" &
[ "$last" -gt 1 ] && fssoak hog "$last" "$dur" &
# The cyclic stressor wakes every 1 ms: with its default of 10 us, under
# emulation its SCHED_FIFO 99 form never left CPU 0, and CFS tasks there
# got only the fair server's 5%.  A SCHED_IDLE stress-ng task preempted
# inside an RCU read-side section then waited 40 s for the CPU among
# dozens of CFS tasks (an RCU stall, and a CPU offline stuck in
# synchronize_rcu()).  RT hogs belong on CPU 1 and the last CPU.
# --schedpolicy is left out: it puts its task in SCHED_IDLE at times, and
# preempted so inside an RCU read-side section, among dozens of CFS
# tasks, it went without the CPU for 26 s and more all the same (RCU
# stalls, hung hotplug; CPU 0's fair server was not armed: CFS weights
# did it, not the server; stock 6.1 was not tried).  RCU priority
# boosting made it worse: the boosted reader, at SCHED_FIFO 1 below the
# RT hog, was out of the fair server's reach.
stress-ng --cyclic 1 --cyclic-policy $policy --cyclic-sleep 1000000 \
	--sched-runtime 25000000 --sched-deadline 250000000 --sched-period 250000000 \
	--switch 1 \
	--futex 1 --taskset 0 -t "${dur}s" --metrics-brief > /tmp/stress.log 2>&1 &
# With RT_GROUP_SCHED (make soak's kernels and make check's debug one), the
# cgroup v1 cpu controller (cgroup v2 here has only cpuset) with a child
# group of 10 ms every 1 s and a SCHED_FIFO task in it that asks for
# 20%: that group is throttled, on every CPU, hotplugged ones too, all
# along, and the knob fuzzing writes the groups' RT bandwidth as well.
RTG=/tmp/soak-cpu
mkdir -p $RTG
if mount -t cgroup -o cpu cpu $RTG 2>/dev/null && [ -e $RTG/cpu.rt_runtime_us ]; then
	if mkdir $RTG/rt && echo 10000 > $RTG/rt/cpu.rt_runtime_us; then
		export SOAK_RT_GROUP=$RTG
		fssoak fifo 60 sh -c "echo \$\$ > $RTG/rt/tasks && exec fssoak duty 2 8 $dur" &
		echo "SOAK RT group: 10 ms of every 1 s, with a SCHED_FIFO task of 2 ms every 10 ms"
	else
		bad "cannot make an RT group"
	fi
else
	umount $RTG 2>/dev/null
	RTG=
fi
# The control loops run at SCHED_FIFO 70: with RT hogs and stressors on
# every CPU, normal tasks get only the fair servers' 5%.
fssoak fifo 70 fssoak knobs "$dur" > /tmp/knobs.log &
if [ "$dl" = 1 ]; then
	fssoak fifo 70 fssoak setattr "$dur" > /tmp/setattr.log &
else
	echo "SOAK setattr left out (soakdl=0)" > /tmp/setattr.log
fi
(
	while [ "$(date +%s)" -lt "$end" ]; do
		hackbench -g 2 -l 20 > /dev/null 2>&1
	done
) &
# CPU hotplug of every CPU but 0, and a cpuset partition of the last CPU
# made and unmade between cycles.  The two are not run at once: a
# partition write racing a CPU going offline crashed in
# build_sched_domains() (a NULL sd->shared), code this series does not
# touch.  Offlining may be refused with EBUSY when the admitted deadline
# bandwidth would not fit on the CPUs left (as on 6.1); anything else, or
# a failed online, is a failure.
if [ "$susp" = 1 ] && echo core 2>/dev/null > /sys/power/pm_test; then
	echo 1 > /sys/module/suspend/parameters/pm_test_delay
else
	[ "$susp" = 1 ] && echo "SOAK suspend left out: no /sys/power/pm_test"
	susp=0
fi
cat > /tmp/hotplug.sh <<'HOTPLUG'
end=$1 last=$2 susp=$3 cycles=0 refused=0 failed=0 parts=0 rounds=0 suspends=0
# Tell the stall monitors that the loop made a step (atomically, see above).
beat() {
	date +%s > /tmp/hotplug.beat.new && mv /tmp/hotplug.beat.new /tmp/hotplug.beat
}
CG=/sys/fs/cgroup
echo +cpuset > $CG/cgroup.subtree_control
mkdir -p $CG/soak
while [ "$(date +%s)" -lt "$end" ]; do
	for c in $(seq 1 "$last"); do
		beat
		# fssoak put: not while a fuzzed knob value is in force.
		online=/sys/devices/system/cpu/cpu$c/online
		if err=$(fssoak put "$online" 0 2>&1); then
			sleep 0.2
			err=$(fssoak put "$online" 1 2>&1) || { failed=$((failed + 1)); echo "online $c: $err"; }
			cycles=$((cycles + 1))
		else
			case $err in
			*busy*) refused=$((refused + 1)) ;;
			*) failed=$((failed + 1)); echo "offline $c: $err" ;;
			esac
		fi
		sleep 0.3
	done
	echo "$last" > $CG/soak/cpuset.cpus 2>/dev/null &&
	fssoak put $CG/soak/cpuset.cpus.partition root 2>/dev/null &&
	parts=$((parts + 1))
	sleep 0.5
	fssoak put $CG/soak/cpuset.cpus.partition member 2>/dev/null
	rounds=$((rounds + 1))
	[ "$susp" = 1 ] && [ $((rounds % 3)) = 0 ] || continue
	beat
	if err=$(fssoak put /sys/power/state mem 2>&1); then
		suspends=$((suspends + 1))
	else
		failed=$((failed + 1)); echo "suspend: $err"
	fi
done
rmdir $CG/soak
echo "SOAK partitions made $parts"
[ "$susp" = 1 ] && echo "SOAK suspend cycles $suspends"
echo "SOAK hotplug cycles $cycles refused_ebusy $refused failed $failed"
HOTPLUG
fssoak fifo 70 sh /tmp/hotplug.sh "$end" "$last" "$susp" > /tmp/hotplug.log &
wait
if [ -n "$lt" ]; then
	rmmod locktorture || bad "locktorture did not unload"
	rmmod torture
	dmesg | grep 'Writes:  Total:' | tail -1 | sed 's/^[^]]*] */SOAK locktorture /'
	dmesg | grep -q 'rtmutex_lock-torture:--- End of test: SUCCESS' ||
		bad "locktorture did not end with SUCCESS"
fi

# Back to the defaults: -1 is always accepted, then the period, then the
# runtime (refused while more deadline bandwidth is admitted than it
# allows; the fuzzed deadline tasks are gone by now).
K=/proc/sys/kernel
echo -1 > $K/sched_rt_runtime_us
if [ -n "$RTG" ]; then
	# The group's task has ended; the root group as at boot.
	rmdir $RTG/rt || bad "cannot remove the RT group"
	echo 1000000 > $RTG/cpu.rt_period_us
	echo 950000 > $RTG/cpu.rt_runtime_us || bad "cannot restore the root RT group"
	umount $RTG
fi
echo 1000000 > $K/sched_rt_period_us
echo 950000 > $K/sched_rt_runtime_us || bad "cannot restore sched_rt_runtime_us"
[ "$susp" = 1 ] && echo none > /sys/power/pm_test
echo 500 > $K/sched_fair_server_threshold_ms
echo 0 > $K/sched_fair_server_monitor
for d in /sys/kernel/debug/sched/fair_server/cpu*; do
	echo default > $d/params || bad "cannot restore $d"
done
cat /tmp/knobs.log /tmp/setattr.log /tmp/hotplug.log
! grep -q SOAK-FAIL /tmp/knobs.log || bad "knob fuzzing (see above)"
grep -E 'stress-ng: (info|fail|error)' /tmp/stress.log | tail -8
for c in $(seq 1 "$last"); do
	[ "$(cat /sys/devices/system/cpu/cpu$c/online)" = 1 ] || bad "CPU $c left offline"
done
grep -q 'failed 0$' /tmp/hotplug.log || bad "a hotplug or suspend operation failed"
[ ! -d /tmp/stall.dumped ] || bad "the hotplug loop made no step for 45 s (see soak-stall)"

# The killed deadline tasks free their bandwidth at their 0-lag times.
sleep 3
bandwidth > /tmp/bw.end
if ! cmp -s /tmp/bw.boot /tmp/bw.end; then
	bad "deadline bandwidth differs from boot:"
	diff /tmp/bw.boot /tmp/bw.end
	# Whether a task still holds it or it leaked: list what is still
	# SCHED_DEADLINE and look again once any 0-lag time has passed.
	for d in $(deadline_tasks); do
		echo "SOAK deadline task left: $d $(cat "$d/comm" 2>/dev/null)"
	done
	sleep 10
	echo "SOAK bandwidth 10 s later: $(bandwidth | tr -s ' \n' ' ')"
else
	echo "SOAK bandwidth as at boot: $(tr -s ' \n' ' ' < /tmp/bw.end)"
fi
idle_again || bad "after the soak (see above)"
[ $fail = 0 ] && echo "SOAK-RESULT pass" || echo "SOAK-RESULT FAIL"
exit $fail
