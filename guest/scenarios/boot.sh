#!/bin/sh
# Boot, let the system settle for a few seconds, report, power off.  Used
# to catch splats at boot.
sleep "${1:-3}"
echo "booted: $(uname -r) on $(grep -c ^processor /proc/cpuinfo) CPUs"
