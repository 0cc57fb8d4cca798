#!/bin/sh
echo "Fair-server test guest: $(uname -r), $(grep -c ^processor /proc/cpuinfo) CPUs."
echo "Tools: cyclictest hackbench stress-ng rtla; selftests in /kselftest"
echo "(cd /kselftest && ./run_kselftest.sh -c sched).  'poweroff -f' to leave."
echo "fsdemo: the demonstration of make run.  Tracepoints: sched:sched_fair_server_arm, sched:sched_dl_server_*."
/scenarios/knobs.sh
