// SPDX-License-Identifier: GPL-2.0
/*
 * fsbench: the guest side of 'make bench'.  Runs one scenario on CPU 1
 * and prints its figures as 'BENCH <scenario> <key> <value>' lines.
 *
 *   fsbench hog_alone SECONDS    RT hog alone: its share of the CPU
 *   fsbench hog_cfs SECONDS      RT hog + CFS busy loop: CFS share, first
 *                                run after starvation began, longest gap
 *                                after it, and the CFS task's cumulative
 *                                CPU time every 100 ms ('series')
 *   fsbench waker SECONDS        RT hog + CFS task woken every 100 ms for
 *                                1 ms: completed/expected, worst wakeup
 *                                latency after the first completed job
 *   fsbench pipe ROUNDS          ping-pong between two CFS tasks: seconds
 *   fsbench irq SECONDS [rt]     timer interrupts per second on CPU 1,
 *                                idle or ('rt') with an RT loop alone
 *   fsbench smp SECONDS          RT hog on every CPU but 0 and a CFS task
 *                                beside each: the CFS share per CPU
 *
 * Realtime throttling knobs are left as the kernel boots with them: the
 * figures compare kernels as users run them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NSEC_PER_SEC	1000000000LL
#define NSEC_PER_MSEC	1000000LL
#define TEST_CPU	1
#define MAX_CPUS	64

struct shared {
	int64_t first_gap;
	int64_t max_gap;
	int64_t gaps_after_first;
	int64_t runs;
	int64_t late;
	int64_t worst_lat;
	int started;
};

static struct shared *shm;

static int64_t now_ns(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * NSEC_PER_MSEC };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static int64_t task_runtime(pid_t pid)
{
	char path[64], buf[128];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/schedstat", pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return strtoll(buf, NULL, 10);
}

static void hog(void)
{
	for (;;)
		;
}

/* Busy loop that records when it did not run. */
static void spin(void)
{
	int64_t last = now_ns(CLOCK_MONOTONIC), t, gap;

	for (;;) {
		t = now_ns(CLOCK_MONOTONIC);
		gap = t - last;
		last = t;
		if (gap < 100 * NSEC_PER_MSEC || !shm->started)
			continue;
		if (!shm->first_gap)
			shm->first_gap = gap;
		else if (gap > shm->gaps_after_first)
			shm->gaps_after_first = gap;
	}
}

static pid_t spawn_on(int cpu, void (*fn)(void), int fifo_prio)
{
	pid_t pid = fork();

	if (pid)
		return pid;
	alarm(600);
	pin(cpu);
	if (fifo_prio) {
		struct sched_param sp = { .sched_priority = fifo_prio };

		if (sched_setscheduler(0, SCHED_FIFO, &sp))
			_exit(1);
	}
	fn();
	_exit(0);
}

static void stop(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

static void hog_alone(int secs)
{
	int64_t r0, r1, t0, t1;
	pid_t h;

	h = spawn_on(TEST_CPU, hog, 50);
	sleep_ms(500);
	r0 = task_runtime(h);
	t0 = now_ns(CLOCK_MONOTONIC);
	sleep_ms(secs * 1000);
	r1 = task_runtime(h);
	t1 = now_ns(CLOCK_MONOTONIC);
	stop(h);
	printf("BENCH hog_alone hog_share %.5f\n", (double)(r1 - r0) / (t1 - t0));
}

static void hog_cfs(int secs)
{
	int64_t t0, r0, r, t, end;
	pid_t c, h;

	c = spawn_on(TEST_CPU, spin, 0);
	sleep_ms(200);
	shm->started = 1;
	h = spawn_on(TEST_CPU, hog, 50);
	t0 = now_ns(CLOCK_MONOTONIC);
	r0 = task_runtime(c);
	end = t0 + secs * NSEC_PER_SEC;
	while ((t = now_ns(CLOCK_MONOTONIC)) < end) {
		r = task_runtime(c);
		printf("BENCH hog_cfs series %.3f %.4f\n", (t - t0) / 1e9, (r - r0) / 1e9);
		sleep_ms(100);
	}
	r = task_runtime(c);
	t = now_ns(CLOCK_MONOTONIC);
	stop(h);
	stop(c);
	printf("BENCH hog_cfs cfs_share %.5f\n", (double)(r - r0) / (t - t0));
	printf("BENCH hog_cfs first_run_s %.4f\n", shm->first_gap / 1e9);
	printf("BENCH hog_cfs longest_gap_s %.4f\n", shm->gaps_after_first / 1e9);
}

#define WAKE_PERIOD	(100 * NSEC_PER_MSEC)

static void waker(void)
{
	int64_t next = now_ns(CLOCK_MONOTONIC), lat, end;
	struct timespec ts;

	for (;;) {
		next += WAKE_PERIOD;
		ts.tv_sec = next / NSEC_PER_SEC;
		ts.tv_nsec = next % NSEC_PER_SEC;
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
		lat = now_ns(CLOCK_MONOTONIC) - next;
		end = now_ns(CLOCK_THREAD_CPUTIME_ID) + NSEC_PER_MSEC;
		while (now_ns(CLOCK_THREAD_CPUTIME_ID) < end)
			;
		if (!shm->started)
			continue;
		if (now_ns(CLOCK_MONOTONIC) <= next + WAKE_PERIOD)
			shm->runs++;
		else
			shm->late++;
		if (lat > shm->worst_lat)
			shm->worst_lat = lat;
	}
}

static void waker_bench(int secs)
{
	pid_t h, w;
	int64_t t0;

	h = spawn_on(TEST_CPU, hog, 50);
	sleep_ms(100);
	w = spawn_on(TEST_CPU, waker, 0);
	/* Count from the first job the CFS task completes. */
	t0 = now_ns(CLOCK_MONOTONIC);
	while (!shm->runs && !shm->late && now_ns(CLOCK_MONOTONIC) - t0 < 5 * NSEC_PER_SEC) {
		shm->started = 1;
		sleep_ms(10);
	}
	shm->started = 0;
	sleep_ms(200);
	shm->runs = 0;
	shm->late = 0;
	shm->worst_lat = 0;
	shm->started = 1;
	sleep_ms(secs * 1000);
	shm->started = 0;
	stop(w);
	stop(h);
	printf("BENCH waker completed_ratio %.4f\n", (double)shm->runs / (secs * 10));
	printf("BENCH waker worst_latency_ms %.3f\n", shm->worst_lat / 1e6);
}

static void pipe_bench(long rounds)
{
	int a[2], b[2];
	int64_t t0;
	char c = 0;
	pid_t p;
	long i;

	if (pipe(a) || pipe(b))
		exit(1);
	p = fork();
	if (!p) {
		pin(TEST_CPU);
		for (i = 0; i < rounds; i++) {
			if (read(a[0], &c, 1) != 1 || write(b[1], &c, 1) != 1)
				_exit(1);
		}
		_exit(0);
	}
	pin(TEST_CPU);
	t0 = now_ns(CLOCK_MONOTONIC);
	for (i = 0; i < rounds; i++) {
		if (write(a[1], &c, 1) != 1 || read(b[0], &c, 1) != 1)
			exit(1);
	}
	printf("BENCH pipe seconds %.4f\n", (now_ns(CLOCK_MONOTONIC) - t0) / 1e9);
	waitpid(p, NULL, 0);
}

/* Local timer interrupts of CPU 1 so far (LOC in /proc/interrupts). */
static long long loc_irqs(void)
{
	static char buf[1 << 16];
	long long v[MAX_CPUS] = { 0 };
	ssize_t n, len = 0;
	char *p, *q;
	int fd, i;

	fd = open("/proc/interrupts", O_RDONLY);
	if (fd < 0)
		return -1;
	while ((n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	p = strstr(buf, "LOC:");
	if (!p)
		return -1;
	p += 4;
	for (i = 0; i <= TEST_CPU; i++) {
		v[i] = strtoll(p, &q, 10);
		p = q;
	}
	return v[TEST_CPU];
}

static void irq_bench(int secs, int with_rt)
{
	long long i0, i1;
	pid_t h = 0;

	if (with_rt)
		h = spawn_on(TEST_CPU, hog, 50);
	sleep_ms(1000);
	i0 = loc_irqs();
	sleep_ms(secs * 1000);
	i1 = loc_irqs();
	if (h)
		stop(h);
	printf("BENCH irq_%s timer_irqs_per_s %.2f\n", with_rt ? "rt" : "idle",
	       (double)(i1 - i0) / secs);
}

static void smp_bench(int secs)
{
	int ncpu = sysconf(_SC_NPROCESSORS_ONLN), cpu;
	pid_t hogs[MAX_CPUS], cfs[MAX_CPUS];
	int64_t r0[MAX_CPUS], t0, t1;

	for (cpu = 1; cpu < ncpu && cpu < MAX_CPUS; cpu++)
		cfs[cpu] = spawn_on(cpu, hog, 0);
	sleep_ms(200);
	for (cpu = 1; cpu < ncpu && cpu < MAX_CPUS; cpu++)
		hogs[cpu] = spawn_on(cpu, hog, 50);
	/* Past the first rescue: measure the steady share. */
	sleep_ms(1500);
	t0 = now_ns(CLOCK_MONOTONIC);
	for (cpu = 1; cpu < ncpu && cpu < MAX_CPUS; cpu++)
		r0[cpu] = task_runtime(cfs[cpu]);
	sleep_ms(secs * 1000);
	t1 = now_ns(CLOCK_MONOTONIC);
	for (cpu = 1; cpu < ncpu && cpu < MAX_CPUS; cpu++)
		printf("BENCH smp cfs_share_cpu%d %.5f\n", cpu,
		       (double)(task_runtime(cfs[cpu]) - r0[cpu]) / (t1 - t0));
	for (cpu = 1; cpu < ncpu && cpu < MAX_CPUS; cpu++) {
		stop(hogs[cpu]);
		stop(cfs[cpu]);
	}
}

int main(int argc, char **argv)
{
	int n = argc > 2 ? atoi(argv[2]) : 10;

	if (argc < 2) {
		fprintf(stderr, "usage: fsbench SCENARIO [N] (see the source)\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	shm = mmap(NULL, sizeof(*shm), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shm == MAP_FAILED)
		return 1;
	memset(shm, 0, sizeof(*shm));
	/* The controller stays off CPU 1. */
	pin(0);

	if (!strcmp(argv[1], "hog_alone"))
		hog_alone(n);
	else if (!strcmp(argv[1], "hog_cfs"))
		hog_cfs(n);
	else if (!strcmp(argv[1], "waker"))
		waker_bench(n);
	else if (!strcmp(argv[1], "pipe"))
		pipe_bench(n);
	else if (!strcmp(argv[1], "irq"))
		irq_bench(n, argc > 3 && !strcmp(argv[3], "rt"));
	else if (!strcmp(argv[1], "smp"))
		smp_bench(n);
	else
		return 2;
	return 0;
}
