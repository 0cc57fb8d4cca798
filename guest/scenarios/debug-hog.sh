#!/bin/sh
# Development aid: an RT hog on CPU 1 for a few seconds; show what else
# ran on CPU 1 and the fair server's state.
cd /tmp
taskset -c 1 chrt -f 50 sh -c 'while :; do :; done' &
hog=$!
sleep 6
awk '/^cpu#1/,/^cpu#2|^$/' /sys/kernel/debug/sched/debug | head -5
sed -n '/fair_server\[1\]/,/^$/p' /sys/kernel/debug/sched/debug
sed -n '/^runnable tasks:/,/^$/p' /sys/kernel/debug/sched/debug | head -40
for p in /proc/[0-9]*; do
	[ "$(awk '{print $39}' $p/stat 2>/dev/null)" = 1 ] && echo "on cpu1: $(cat $p/comm) $(cat $p/schedstat)"
done
kill $hog
