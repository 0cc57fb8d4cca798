#!/bin/sh
# Run the sched kselftests (KTAP on the console).  'tests=a,b' on the
# kernel command line runs only those; 'skip=a,b' leaves those out;
# 'ksargs=x,y' passes arguments x y to each test run.
tests=
skip=
ksargs=
for arg in $(cat /proc/cmdline); do
	case $arg in
	tests=*) tests=${arg#tests=} ;;
	skip=*) skip=${arg#skip=} ;;
	ksargs=*) ksargs=$(echo "${arg#ksargs=}" | tr , ' ') ;;
	esac
done
cd /kselftest || { echo "Bail out! no /kselftest"; exit 1; }
if [ -z "$tests" ]; then
	tests=$(./run_kselftest.sh -l | sed -n 's/^sched://p' | tr '\n' ',')
fi
set --
for t in $(echo "$tests" | tr , ' '); do
	case ",$skip," in
	*",$t,"*) echo "# excluded: sched:$t" ; continue ;;
	esac
	set -- "$@" -t "sched:$t"
	[ -z "$ksargs" ] ||
		export "KSELFTEST_$(echo "$t" | tr -c '[:alnum:]_\n' _ | tr '[:lower:]' '[:upper:]')_ARGS=$ksargs"
done
[ $# -gt 0 ] || { echo "Bail out! no test to run"; exit 1; }
./run_kselftest.sh "$@"
