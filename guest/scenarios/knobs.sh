#!/bin/sh
# Print the scheduler knobs this kernel exposes, one 'path = value' a line.
show() {
	for f in "$@"; do
		[ -f "$f" ] || continue
		[ -r "$f" ] || continue
		printf '  %-52s = %s\n' "$f" "$(head -c 200 "$f" 2>/dev/null | tr '\n' ' ')"
	done
}
echo "sysctl:"
show /proc/sys/kernel/sched_*
echo "debugfs (/sys/kernel/debug/sched):"
for f in $(find /sys/kernel/debug/sched -maxdepth 3 -type f 2>/dev/null | sort); do
	case $f in */debug|*/sched/domains/*) continue ;; esac
	show "$f"
done
