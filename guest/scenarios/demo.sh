#!/bin/sh
# The main demonstration of 'make run'.
echo "=== fair server demonstration ==="
echo "kernel:  $(uname -r) $(uname -v)"
echo "cpus:    $(grep -c ^processor /proc/cpuinfo) online: $(cat /sys/devices/system/cpu/online)"
echo "cmdline: $(cat /proc/cmdline)"
/scenarios/knobs.sh
