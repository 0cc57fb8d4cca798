#!/bin/sh
# Run the sched kselftests (KTAP on the console).  'tests=a,b' on the
# kernel command line runs only those.
tests=
for arg in $(cat /proc/cmdline); do
	case $arg in tests=*) tests=${arg#tests=} ;; esac
done
cd /kselftest || { echo "Bail out! no /kselftest"; exit 1; }
if [ -n "$tests" ]; then
	set --
	for t in $(echo "$tests" | tr , ' '); do set -- "$@" -t "sched:$t"; done
	./run_kselftest.sh "$@"
else
	./run_kselftest.sh -c sched
fi
