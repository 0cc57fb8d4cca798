#!/bin/sh
# Guest side of 'make bench': run the scenarios named by 'bench=' on the
# kernel command line (name:arg[:arg], comma separated) and print
# 'BENCH <scenario> <key> <value>' lines.
list=
for arg in $(cat /proc/cmdline); do
	case $arg in bench=*) list=${arg#bench=} ;; esac
done
echo "BENCH env kernel $(uname -r)"
echo "BENCH env cpus $(grep -c ^processor /proc/cpuinfo)"
echo "BENCH env rt_runtime_us $(cat /proc/sys/kernel/sched_rt_runtime_us)"
stat() {	# fair_server[1].FIELD, or na
	v=$(sed -n "/^fair_server\[1\]:/,/^\$/s/^ *\.$1 *: *//p" /sys/kernel/debug/sched/debug 2>/dev/null)
	echo "${v:-na}"
}
for item in $(echo "$list" | tr , ' '); do
	name=${item%%:*}
	args=$(echo "${item#"$name"}" | tr : ' ')
	case $name in
	hackbench)
		t=$(taskset -c 0,1 hackbench -g 4 -l "${args:-200}" 2>&1 | sed -n 's/^Time: *//p')
		echo "BENCH hackbench seconds ${t:-na}" ;;
	cyclictest)
		d=${args:-10}
		taskset -c 1 sh -c 'while :; do :; done' &
		busy=$!
		a0=$(stat activations)
		cyclictest -m -q -p 80 -i 1000 -a 1 -t 1 -D "${d}s" -h 20000 \
			> /tmp/ct.out 2>&1
		a1=$(stat activations)
		kill $busy
		avg=$(sed -n 's/^# Avg Latencies: *0*\([0-9][0-9]*\).*/\1/p' /tmp/ct.out | tail -1)
		max=$(sed -n 's/^# Max Latencies: *0*\([0-9][0-9]*\).*/\1/p' /tmp/ct.out | tail -1)
		echo "BENCH cyclictest avg_us ${avg:-na}"
		echo "BENCH cyclictest max_us ${max:-na}"
		# Histogram lines are zero-padded ("000070 000012"), and busybox
		# awk reads such numbers as octal: strip the zeros first.
		grep -E '^[0-9]+ [0-9]+$' /tmp/ct.out |
			sed -E 's/^0*([0-9])/\1/; s/ 0*([0-9])/ \1/' |
			awk '$2 > 0 { print "BENCH cyclictest hist " $1 " " $2 }'
		if [ "$a0" = na ]; then
			echo "BENCH cyclictest server_activations na"
		else
			echo "BENCH cyclictest server_activations $((a1 - a0))"
		fi ;;
	*)
		fsbench "$name" $args ;;
	esac
done
