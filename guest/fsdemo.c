// SPDX-License-Identifier: GPL-2.0
/*
 * fsdemo: the fair server at work, for 'make run'.
 *
 * An RT hog (SCHED_FIFO 50) and a CFS busy loop share CPU 1.  Once a second
 * print what each got of the CPU and the server's state and statistics,
 * through four phases: the default reservation, 100 ms per period set in
 * debugfs, sched_rt_runtime_us = -1 (no protection: the CFS task starves),
 * and the defaults restored.  End with a table of the phases.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CPU		1
#define FS		"/sys/kernel/debug/sched/fair_server/cpu1/"
#define RT_RUNTIME	"/proc/sys/kernel/sched_rt_runtime_us"

static long long now_ns(clockid_t clk)
{
	struct timespec ts;

	if (clock_gettime(clk, &ts))
		return -1;
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long cputime(pid_t pid)
{
	clockid_t clk;

	if (clock_getcpuclockid(pid, &clk))
		return -1;
	return now_ns(clk);
}

static int put(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY), ret;

	if (fd < 0)
		return -1;
	ret = write(fd, val, strlen(val)) < 0 ? -1 : 0;
	close(fd);
	if (ret)
		fprintf(stderr, "fsdemo: cannot write '%s' to %s\n", val, path);
	return ret;
}

/* The value of @key in a "key value" file, or -1. */
static long long get(const char *path, const char *key)
{
	char buf[1024], *p;
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	p = strstr(buf, key);
	return p ? strtoll(p + strlen(key), NULL, 10) : -1;
}

static pid_t spawn(int fifo_prio)
{
	struct sched_param sp = { .sched_priority = fifo_prio };
	cpu_set_t set;
	pid_t pid = fork();

	if (pid)
		return pid;
	alarm(300);
	CPU_ZERO(&set);
	CPU_SET(CPU, &set);
	if (sched_setaffinity(0, sizeof(set), &set) ||
	    (fifo_prio && sched_setscheduler(0, SCHED_FIFO, &sp)))
		_exit(1);
	for (;;)
		;
}

struct phase {
	const char *name;
	const char *expect;
	int secs;
	double cfs, rt;		/* shares over the phase, in % */
};

int main(void)
{
	struct phase phases[] = {
		{ "default 50 ms / 1 s",  "CFS ~5%, RT ~95%", 6 },
		{ "debugfs 100 ms / 1 s", "CFS ~10%, RT ~90%", 5 },
		{ "sched_rt_runtime_us -1", "CFS 0%, RT 100%", 4 },
		{ "restored",             "CFS ~5% again", 5 },
	};
	long long c0, r0, t0, c, r, t, pc, pr, pt;
	cpu_set_t set;
	pid_t cfs, hog;
	int i, s, sec = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	sched_setaffinity(0, sizeof(set), &set);
	if (access(FS "params", W_OK)) {
		fprintf(stderr, "fsdemo: no %s (not the patched kernel?)\n", FS);
		return 1;
	}
	put(FS "params", "default");
	put(FS "stats", "0");

	cfs = spawn(0);
	usleep(100000);
	hog = spawn(50);
	printf("RT hog (FIFO 50, pid %d) and CFS busy loop (pid %d) on CPU %d\n",
	       hog, cfs, CPU);
	printf("%4s  %-24s %7s %7s  %-6s %-6s %6s %8s %11s\n", "t/s", "phase",
	       "CFS%", "RT%", "armed", "active", "episodes", "activations",
	       "granted_ms");

	for (i = 0; i < 4; i++) {
		struct phase *ph = &phases[i];

		if (i == 1)
			put(FS "params", "100000000 1000000000");
		if (i == 2)
			put(RT_RUNTIME, "-1");
		if (i == 3) {
			put(RT_RUNTIME, "950000");
			put(FS "params", "default");
		}
		pc = cputime(cfs);
		pr = cputime(hog);
		pt = now_ns(CLOCK_MONOTONIC);
		for (s = 0; s < ph->secs; s++) {
			c0 = cputime(cfs);
			r0 = cputime(hog);
			t0 = now_ns(CLOCK_MONOTONIC);
			sleep(1);
			c = cputime(cfs);
			r = cputime(hog);
			t = now_ns(CLOCK_MONOTONIC);
			printf("%4d  %-24s %7.2f %7.2f  %-6lld %-6lld %8lld %11lld %11.1f\n",
			       ++sec, ph->name, 100.0 * (c - c0) / (t - t0),
			       100.0 * (r - r0) / (t - t0),
			       get(FS "state", "armed "), get(FS "state", "active "),
			       get(FS "stats", "starvation_episodes "),
			       get(FS "stats", "activations "),
			       get(FS "stats", "runtime_granted_ns ") / 1e6);
		}
		ph->cfs = 100.0 * (cputime(cfs) - pc) / (now_ns(CLOCK_MONOTONIC) - pt);
		ph->rt = 100.0 * (cputime(hog) - pr) / (now_ns(CLOCK_MONOTONIC) - pt);
	}
	kill(hog, SIGKILL);
	kill(cfs, SIGKILL);
	waitpid(hog, NULL, 0);
	waitpid(cfs, NULL, 0);

	printf("\n%-24s %8s %8s  %s\n", "phase", "CFS%", "RT%", "expected");
	for (i = 0; i < 4; i++)
		printf("%-24s %8.2f %8.2f  %s\n", phases[i].name, phases[i].cfs,
		       phases[i].rt, phases[i].expect);
	return 0;
}
