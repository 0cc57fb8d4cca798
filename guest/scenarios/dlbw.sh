#!/bin/sh
# Deadline bandwidth in rounds (dlbw=SECONDS in all, 300 by default;
# dlbwround=SECONDS a round, 6 by default): each round fuzzes
# sched_setattr() on three tasks (fssoak setattr, which kills them at the
# end) while CPU hotplug and a cpuset partition rebuild the root domains,
# then, with the load gone, checks that every root domain's total_bw is
# back to its boot value within 5 s.  dlbwhotplug=0 leaves CPU hotplug
# out: partitions alone rebuild the root domains.
#
# The soak checks that only once, at its end, and a rebuild recounts
# total_bw from the tasks it finds: an error made before the last rebuild
# is wiped by it.  A round ends with the tasks dying a few rebuilds after
# they were fuzzed, many times a run.
dur=300 round=6 hotplug=1
for arg in $(cat /proc/cmdline); do
	case $arg in
	dlbw=*) dur=${arg#dlbw=} ;;
	dlbwround=*) round=${arg#dlbwround=} ;;
	dlbwhotplug=*) hotplug=${arg#dlbwhotplug=} ;;
	esac
done
n=$(grep -c ^processor /proc/cpuinfo)
last=$((n - 1))
CG=/sys/fs/cgroup
. /scenarios/dl-lib.sh

echo +cpuset > $CG/cgroup.subtree_control
mkdir -p $CG/dlbw
bandwidth > /tmp/bw.boot
echo "dlbw: rounds of $round s for $dur s on $n CPUs, CPU hotplug: $hotplug"
end=$(( $(date +%s) + dur ))
# One round of CPU hotplug ($3 = 1) and partitions, until $1 (date +%s).
cat > /tmp/rebuilds.sh <<'REBUILDS'
stop=$1 last=$2 hotplug=$3 c=1 cycles=0 CG=/sys/fs/cgroup
# The cpuset hotplug work rebuilds the root domains after a CPU goes
# offline or online; a partition write racing it once crashed 6.1 in
# build_sched_domains() (see soak.sh).  Wait for it: CPU $1 in the root
# cpuset's effective CPUs ($2 = 1) or not ($2 = 0), for up to 20 s.
in_list() {
	for r in $(echo "$2" | tr ',' ' '); do
		[ "$1" -ge "${r%-*}" ] && [ "$1" -le "${r#*-}" ] && return 0
	done
	return 1
}
settled() {
	i=0
	while [ $i -lt 200 ]; do
		if in_list "$1" "$(cat $CG/cpuset.cpus.effective)"; then
			[ "$2" = 1 ] && return 0
		else
			[ "$2" = 0 ] && return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	echo "DLBW-FAIL root cpuset: CPU $1 still $(cat $CG/cpuset.cpus.effective)"
}
while [ "$(date +%s)" -lt "$stop" ]; do
	# Renamed into place: see the monitor below.
	date +%s > /tmp/dlbw.beat.new && mv /tmp/dlbw.beat.new /tmp/dlbw.beat
	if [ "$hotplug" = 1 ] &&
	   fssoak put /sys/devices/system/cpu/cpu$c/online 0 2>/dev/null; then
		settled $c 0
		fssoak put /sys/devices/system/cpu/cpu$c/online 1 ||
			echo "DLBW-FAIL CPU $c does not come back"
		settled $c 1
	fi
	echo "$last" > $CG/dlbw/cpuset.cpus 2>/dev/null &&
		fssoak put $CG/dlbw/cpuset.cpus.partition root 2>/dev/null
	sleep 0.1
	fssoak put $CG/dlbw/cpuset.cpus.partition member 2>/dev/null
	c=$(( c % last + 1 )) cycles=$((cycles + 1))
done
echo "$cycles" > /tmp/cycles
REBUILDS

# If a round makes no step for 60 s, dump once what every CPU runs.  The
# beat is renamed into place and checked before use: an empty value
# (a read while '>' had truncated the file) in $(( )) would end this
# busybox script.
date +%s > /tmp/dlbw.beat
cat > /tmp/stall.sh <<'STALL'
while :; do
	sleep 5
	read -r beat < /tmp/dlbw.beat
	case $beat in ''|*[!0-9]*) continue ;; esac
	[ $(( $(date +%s) - beat )) -gt 60 ] || continue
	echo "dlbw-stall: no step for 60 s"
	sed 's/^/dlbw-stall: /' /sys/kernel/debug/sched/debug
	grep -B1 -A2 'dl_task_timer\|inactive_task_timer' /proc/timer_list |
		sed 's/^/dlbw-stall: timer: /'
	for d in $(deadline_tasks); do
		sed 's/^/dlbw-stall: sched: /' "$d/sched"
		echo "dlbw-stall: stack: $(tr '\n' ' ' < "$d/stack" 2>/dev/null)"
	done
	break
done
STALL
fssoak fifo 85 sh -c '. /scenarios/dl-lib.sh; . /tmp/stall.sh' &
stall=$!

rounds=0 bad=0 cycles=0
while [ "$(date +%s)" -lt "$end" ]; do
	fssoak fifo 70 fssoak setattr "$round" > /tmp/setattr.log &
	fuzz=$!
	fssoak fifo 70 sh /tmp/rebuilds.sh $(( $(date +%s) + round )) "$last" "$hotplug"
	cycles=$((cycles + $(cat /tmp/cycles)))
	wait $fuzz
	rounds=$((rounds + 1))
	# The dead tasks free their bandwidth at their 0-lag times: up to a
	# period (600 ms at most) plus 100 times a late tick's overrun
	# after they were killed.  Give them 5 s.
	bandwidth_back /tmp/bw.boot && continue
	bad=$((bad + 1))
	echo "DLBW-FAIL round $rounds, 5 s after it: $(tr -s ' \n' ' ' < /tmp/bw.boot.now)"
	sed 's/^/dlbw: /' /tmp/setattr.log
	for d in $(deadline_tasks); do
		echo "dlbw: deadline task left: $d $(cat "$d/comm" 2>/dev/null)"
	done
done
kill $stall
rmdir $CG/dlbw
echo "DLBW rounds $rounds wrong $bad cycles $cycles (hotplug $hotplug)"
[ "$bad" = 0 ] && echo "DLBW-RESULT pass" || echo "DLBW-RESULT FAIL"
[ "$bad" = 0 ]
