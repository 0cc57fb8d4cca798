#!/bin/sh
# The main demonstration of 'make run': the fair server at work next to
# an RT hog (guest/fsdemo.c), then the knobs this kernel exposes.
echo "=== fair server demonstration ==="
echo "kernel:  $(uname -r) $(uname -v)"
echo "cpus:    $(grep -c ^processor /proc/cpuinfo) online: $(cat /sys/devices/system/cpu/online)"
echo
fsdemo || exit
echo
dmesg | grep -E 'sched: (fair server|RT throttling)' | sed 's/^/log: /'
echo
/scenarios/knobs.sh
