#!/bin/sh
# CPU hotplug of every CPU but 0, in a loop, while three busy tasks are
# switched DEADLINE -> OTHER -> DEADLINE back to back (fssoak switch), for
# hpswitch=SECONDS (60 by default).  Many switches then find a task queued,
# not running, on a CPU in the middle of going offline: the case patch
# 0006's move handles.  The run fails on a CPU that does not come back;
# scripts/vm fails it on any kernel warning.
#
# An earlier form of 0006 left a balance callback queued on such a CPU's
# runqueue; rq_pin_lock() and balance_push_set() warned about it once in
# a 60 s dlbw run.  With the window in sched_cpu_deactivate() widened by an
# mdelay(20) after set_cpu_active(cpu, false), this scenario made them
# warn within 2 s.
dur=60
for arg in $(cat /proc/cmdline); do
	case $arg in
	hpswitch=*) dur=${arg#hpswitch=} ;;
	esac
done
n=$(grep -c ^processor /proc/cpuinfo)
last=$((n - 1))
[ "$last" -ge 1 ] || { echo "hpswitch: needs 2 CPUs or more"; exit 1; }
fssoak switch "$dur" &
sw=$!
end=$(( $(date +%s) + dur ))
c=1 cycles=0 refused=0 bad=0
while [ "$(date +%s)" -lt "$end" ]; do
	if fssoak fifo 70 fssoak put /sys/devices/system/cpu/cpu$c/online 0 2>/dev/null; then
		if fssoak fifo 70 fssoak put /sys/devices/system/cpu/cpu$c/online 1; then
			cycles=$((cycles + 1))
		else
			echo "HPSWITCH-FAIL CPU $c does not come back"
			bad=$((bad + 1))
		fi
	else
		refused=$((refused + 1))
	fi
	c=$(( c % last + 1 ))
done
wait $sw || bad=$((bad + 1))
echo "HPSWITCH cycles $cycles refused $refused failed $bad"
[ "$bad" = 0 ]
