// SPDX-License-Identifier: GPL-2.0
/*
 * fssoak: load generators for the soak test (guest/scenarios/soak.sh).
 *
 *   fssoak knobs SECS     random and hostile writes to every knob of the
 *                         series (debugfs fair_server/cpuN/ files, the fair
 *                         server and RT sysctls, and with SOAK_RT_GROUP
 *                         set the RT groups' cpu.rt_* files), from two
 *                         threads at once; each accepted value is undone
 *                         after 20 ms
 *   fssoak setattr SECS   random SCHED_DEADLINE parameters on a few busy
 *                         tasks, DEADLINE -> OTHER -> DEADLINE switches,
 *                         affinity changes, and on children that have
 *                         exited but are not reaped yet
 *   fssoak switch SECS    DEADLINE -> OTHER switches of three busy tasks,
 *                         back to back, new parameters between
 *                         (guest/scenarios/hpswitch.sh)
 *   fssoak hog CPU SECS   a SCHED_FIFO busy loop on CPU
 *   fssoak fifo PRIO CMD...
 *                         run CMD at SCHED_FIFO PRIO (the soak's control
 *                         loops must not depend on the fair server's 5%)
 *   fssoak deadline RUNTIME_MS PERIOD_MS CMD...
 *                         run CMD as SCHED_DEADLINE, deadline = period
 *   fssoak duty BUSY_MS SLEEP_MS SECS
 *                         busy for BUSY_MS, asleep for SLEEP_MS, in a loop
 *                         (a -deadline task cannot fork: no shell loop)
 *   fssoak dlsum          the bandwidth of the live SCHED_DEADLINE tasks,
 *                         in the kernel's unit (1 << 20 is a CPU), and
 *                         their number: what total_bw should hold, less
 *                         what tasks that left the class keep until their
 *                         0-lag time
 *   fssoak put FILE VALUE write VALUE to FILE, never while a fuzzed value
 *                         is in force (see soak_lock()): CPU hotplug and
 *                         cpuset partitions; on failure prints strerror()
 *                         and exits 1
 *
 * Each prints one 'SOAK name count ...' line with what it did.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef SCHED_DEADLINE
#define SCHED_DEADLINE	6
#endif

struct sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The first line of @path, without its newline, into @buf; "?" if none. */
static void first_line(const char *path, char *buf, int size)
{
	FILE *f = fopen(path, "r");

	if (!f || !fgets(buf, size, f))
		snprintf(buf, size, "?");
	buf[strcspn(buf, "\n")] = 0;
	if (f)
		fclose(f);
}

static int put(const char *path, const char *val, size_t len)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, val, len);
	close(fd);
	return n < 0 ? -errno : 0;
}

/*
 * A fuzzed value the kernel accepted is in force for 20 ms (restore_soon())
 * and CPU hotplug must not start meanwhile.  Both need CPU time the fuzzed
 * value may withhold by request (a reservation of a few microseconds that
 * overruns is pushed out by many periods, so CFS on that CPU waits
 * seconds): an offline waits for the CPU's hotplug thread (a CFS task), and the
 * write that would restore the value waits for the offline
 * (fair_server_configure() takes cpus_read_lock()).  The knob writers hold
 * this lock shared from their write until the value is restored, a hotplug
 * operation holds it exclusive.  The writes still race everything else,
 * and land while a CPU is offline.  flock() lets new shared holders in
 * while an exclusive one waits, and the two writers hold it most of the
 * time: a hotplug operation raises SOAK_WAITING first, and they wait
 * while it is up.
 */
#define SOAK_LOCK "/tmp/fssoak.lock"
#define SOAK_WAITING "/tmp/fssoak.hotplug"

static int soak_lock(int how)
{
	int fd = open(SOAK_LOCK, O_RDWR | O_CREAT | O_CLOEXEC, 0600);

	if (fd >= 0 && flock(fd, how)) {
		close(fd);
		fd = -1;
	}
	return fd;
}

static void soak_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

static int ncpus;
static double end_at;
static long writes[2], accepted[2], group_writes[2], group_accepted[2];

static const char *const knob_files[] = {
	"runtime", "period", "params", "stats",
};

/*
 * With RT_GROUP_SCHED, the cgroup v1 cpu hierarchy that soak.sh mounted
 * (SOAK_RT_GROUP), whose child group "rt" holds an RT task: the groups'
 * RT bandwidth is fuzzed too, since each write there is checked against
 * the RT sysctls and the sysctls against the groups.  NULL without it.
 */
static const char *rt_group;

static const char *const group_files[] = {
	"cpu.rt_runtime_us", "cpu.rt_period_us",
	"rt/cpu.rt_runtime_us", "rt/cpu.rt_period_us",
};

static int group_put(const char *file, const char *val)
{
	char path[160];

	snprintf(path, sizeof(path), "%s/%s", rt_group, file);
	return put(path, val, strlen(val));
}

/*
 * The RT sysctls, and the RT groups if any, back at 6.1's defaults (the
 * child group at soak.sh's 10 ms every 1 s).  Every limit is checked
 * against the others, so the order matters.  A global runtime of -1 is
 * always accepted and lifts the groups' ceiling; the root group's -1
 * lifts the child's; then the child, the root and the sysctls come
 * down in turn.  The child's period is written before and after its
 * runtime, as either order alone is refused for some fuzzed pair (a
 * runtime above the new period, or the new runtime above the period).
 *
 * Setting the runtime or the period first, without -1, can be refused
 * either way: after, say, a period of 60 s and a runtime of 1.5 s, a
 * runtime of 950 ms is refused (-EBUSY) while deadline tasks hold more
 * than 0.95 s / 60 s of each CPU, and a period of 1 s is refused
 * (-EINVAL) while the runtime is 1.5 s.  The final runtime can still be
 * refused (-EBUSY) while deadline tasks hold more than 95% of a CPU;
 * the caller tries again.
 */
static int restore_rt_defaults(void)
{
	static const char rt[] = "/proc/sys/kernel/sched_rt_runtime_us";
	static const char period[] = "/proc/sys/kernel/sched_rt_period_us";
	int err = put(rt, "-1", 2);

	if (!err && rt_group) {
		err = group_put("cpu.rt_runtime_us", "-1");
		if (!err) {
			group_put("rt/cpu.rt_period_us", "1000000");
			err = group_put("rt/cpu.rt_runtime_us", "10000");
		}
		if (!err)
			err = group_put("rt/cpu.rt_period_us", "1000000");
		if (!err)
			err = group_put("cpu.rt_period_us", "1000000");
		if (!err)
			err = group_put("cpu.rt_runtime_us", "950000");
	}
	if (!err)
		err = put(period, "1000000", 7);
	if (!err)
		err = put(rt, "950000", 6);
	return err;
}

static bool is_group_knob(const char *path)
{
	return rt_group && !strncmp(path, rt_group, strlen(rt_group));
}

static const char *const sysctls[] = {
	"/proc/sys/kernel/sched_fair_server_threshold_ms",
	"/proc/sys/kernel/sched_fair_server_monitor",
	"/proc/sys/kernel/sched_rt_runtime_us",
	"/proc/sys/kernel/sched_rt_period_us",
};

/* A value to write: plausible, boundary, or hostile. */
static void random_value(unsigned int *seed, char *buf, size_t size, size_t *len)
{
	static const char *const hostile[] = {
		"", "-1", "-9223372036854775808", "18446744073709551616",
		"99999999999999999999999999", "1 2 3", "abc", "0x10", " ",
		"\n", "1e9", "50000000 ", " 50000000 1000000000 extra",
		"default", "0 0", "4194304001", "99999",
	};
	unsigned int r = rand_r(seed);

	switch (r % 6) {
	case 0:
		snprintf(buf, size, "%s", hostile[rand_r(seed) % (sizeof(hostile) / sizeof(hostile[0]))]);
		break;
	case 1:
		snprintf(buf, size, "%u", rand_r(seed) % 2000000);
		break;
	case 2:
		snprintf(buf, size, "%llu %llu",
			 (unsigned long long)(rand_r(seed) % 200) * 1000000ULL,
			 (unsigned long long)(100 + rand_r(seed) % 1000) * 1000000ULL);
		break;
	case 3:
		snprintf(buf, size, "%llu", (unsigned long long)(rand_r(seed) % 1100) * 1000000ULL);
		break;
	case 4:
		snprintf(buf, size, "%d", (int)(rand_r(seed) % 20000) - 2);
		break;
	default:
		/* A random run of bytes, not even text. */
		{
			size_t i, n = rand_r(seed) % (size - 1);

			for (i = 0; i < n; i++)
				buf[i] = rand_r(seed) & 0xff;
			buf[n] = '\0';
			*len = n;
			return;
		}
	}
	*len = strlen(buf);
}

/*
 * An accepted reservation stays only briefly too: a fuzzed runtime of a
 * few microseconds every four seconds, on a CPU an RT hog owns, starves
 * its CFS tasks by request (ksoftirqd among them, so RCU stalls and CPU
 * hotplug hangs).  What is tested is the write and the change of
 * parameters under load, not a starved machine: after 20 ms the CPU's
 * server follows the sysctls again, and these are back at 6.1's
 * defaults.
 */
static void restore_soon(const char *path)
{
	static const char rt[] = "/proc/sys/kernel/sched_rt_runtime_us";
	char params[128];
	int i, err = 0;

	if (strstr(path, "/fair_server/cpu")) {
		snprintf(params, sizeof(params), "%.*sparams",
			 (int)(strrchr(path, '/') + 1 - path), path);
		usleep(20000);
		for (i = 0; i < 1200; i++) {
			/*
			 * Refused (-EBUSY) while the other writer has the
			 * servers off (sched_rt_runtime_us = -1) for its 20 ms,
			 * and for as long as its restore of the RT sysctls is
			 * refused in turn, up to 5 s (below).  Soaks gave up
			 * here after 5 s, then after 12 s; the two failures
			 * whose cause was printed (below) followed a stats
			 * reset of an offline CPU, whose restore is no longer
			 * tried (knob_thread()).  A 600 s soak once left
			 * CPU 0 so with a fuzzed reservation of most of it
			 * from 113 s to the end: the RT tasks queued there,
			 * the control loops among them, got almost no CPU
			 * (see README).
			 */
			err = put(params, "default", 7);
			if (!err)
				return;
			usleep(10000);
		}
		{
			/*
			 * Why: -EBUSY means the servers are off (-1), the CPU
			 * is offline or the default reservation does not fit
			 * beside the admitted deadline bandwidth.
			 */
			char rt_now[32], online[32], cpu_path[96];

			first_line(rt, rt_now, sizeof(rt_now));
			snprintf(cpu_path, sizeof(cpu_path),
				 "/sys/devices/system/cpu/cpu%d/online",
				 atoi(strstr(path, "/fair_server/cpu") + 16));
			first_line(cpu_path, online, sizeof(online));
			printf("SOAK-FAIL %s not restored: %s (sched_rt_runtime_us %s, online %s)\n",
			       params, strerror(-err), rt_now, online);
		}
	} else if (strstr(path, "sched_rt_") || is_group_knob(path)) {
		usleep(20000);
		for (i = 0; i < 500; i++) {
			/*
			 * Through -1 (restore_rt_defaults()).  A 1800 s soak
			 * that restored the runtime and the period without it
			 * was left with a refused pair from 775 s on: the fair
			 * server of CPU 0 took 99% of it, deadline tasks the
			 * rest, and RT tasks (the control loops and this one)
			 * none.
			 */
			err = restore_rt_defaults();
			if (!err)
				return;
			usleep(10000);
		}
		printf("SOAK-FAIL RT sysctls%s not restored: %s\n",
		       rt_group ? " and groups" : "", strerror(-err));
	}
}

/*
 * sched_rt_runtime_us = -1 turns the fair servers off, and admission
 * control with them.  Left so, the RT hogs would starve the kernel's
 * per-CPU threads by request (ksoftirqd, so RCU stalls), and the setattr
 * fuzzing would admit deadline tasks that keep any later runtime from
 * being accepted.  So -1 too stays only briefly (restore_soon()).
 * Returns 1 if -1 was accepted.
 */
static int rt_off_briefly(void)
{
	if (put("/proc/sys/kernel/sched_rt_runtime_us", "-1", 2))
		return 0;
	restore_soon("/proc/sys/kernel/sched_rt_runtime_us");
	return 1;
}

static void *knob_thread(void *arg)
{
	long id = (long)arg;
	unsigned int seed = 0x5eed + id;
	char path[128], val[96];
	size_t len;
	bool group;
	int lock;

	while (now() < end_at) {
		unsigned int r = rand_r(&seed);

		group = rt_group && r % 5 == 1;
		if (r % 5 == 0) {
			snprintf(path, sizeof(path), "%s",
				 sysctls[rand_r(&seed) % (sizeof(sysctls) / sizeof(sysctls[0]))]);
		} else if (group) {
			snprintf(path, sizeof(path), "%s/%s", rt_group,
				 group_files[rand_r(&seed) % 4]);
		} else {
			snprintf(path, sizeof(path),
				 "/sys/kernel/debug/sched/fair_server/cpu%d/%s",
				 (int)(rand_r(&seed) % ncpus),
				 knob_files[rand_r(&seed) % 4]);
		}
		random_value(&seed, val, sizeof(val), &len);
		/* Sometimes only part of it: a short write. */
		if (len > 1 && rand_r(&seed) % 8 == 0)
			len /= 2;
		/*
		 * A threshold of seconds would starve the kernel's CFS threads
		 * that long by request; hung-task reports would follow.
		 */
		if (strstr(path, "threshold_ms") && atoi(val) > 1000)
			snprintf(val, sizeof(val), "%d", atoi(val) % 1000), len = strlen(val);
		writes[id]++;
		group_writes[id] += group;
		while (!access(SOAK_WAITING, F_OK))
			usleep(1000);
		lock = soak_lock(LOCK_SH);
		if (strstr(path, "sched_rt_runtime_us") && len == 2 && !strncmp(val, "-1", 2)) {
			accepted[id] += rt_off_briefly();
		} else if (!put(path, val, len)) {
			accepted[id]++;
			group_accepted[id] += group;
			/*
			 * A stats reset changes no reservation, and is
			 * accepted for an offline CPU too, where restoring
			 * params is refused (-EBUSY) until the CPU is back,
			 * which the hotplug loop cannot do while this holds
			 * soak_lock(): a 1200 s soak failed so twice, with
			 * 'online 0'.
			 */
			if (!strstr(path, "/stats"))
				restore_soon(path);
		}
		soak_unlock(lock);
		/*
		 * Run at SCHED_FIFO 70, this must not hog a CPU: a lower RT
		 * task preempted in an RCU read-side section would stall RCU.
		 */
		usleep(500);
	}
	return NULL;
}

static int soak_knobs(int secs)
{
	pthread_t t[2];
	long i;

	end_at = now() + secs;
	rt_group = getenv("SOAK_RT_GROUP");
	for (i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, knob_thread, (void *)i);
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);

	/* soak.sh restores the defaults once every load is gone. */
	printf("SOAK knobs writes %ld accepted %ld\n", writes[0] + writes[1],
	       accepted[0] + accepted[1]);
	if (rt_group)
		printf("SOAK knobs of which RT group writes %ld accepted %ld\n",
		       group_writes[0] + group_writes[1],
		       group_accepted[0] + group_accepted[1]);
	return 0;
}

/*
 * Busy loop on @cpu.  CPU hotplug breaks the affinity of a task pinned to
 * the dying CPU: then wait, and pin again once the CPU is back, rather
 * than hog the CPU the task was moved to.
 */
static void busy_on(int cpu)
{
	unsigned long n = 0;
	cpu_set_t set;

	alarm(600);
	for (;;) {
		if (++n % 65536 || sched_getcpu() == cpu)
			continue;
		usleep(10000);
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		sched_setaffinity(0, sizeof(set), &set);
	}
}

/*
 * @n children to fuzz: busy loops (@busy), or mostly asleep and sometimes
 * busy, a light DL load.  They live @secs and a minute more, so that none
 * outlives a parent that dies, and none dies before the fuzzing ends: an
 * alarm(600) once made the second half of a 1200 s soak fuzz children
 * that had exited (which found the bug "sched/core: Refuse SCHED_DEADLINE
 * to a task that has exited" fixes, but left the live ones unfuzzed).
 */
static void spawn_loads(pid_t *kids, int n, int busy, int secs)
{
	int i;

	for (i = 0; i < n; i++) {
		kids[i] = fork();
		if (kids[i])
			continue;
		alarm(secs + 60);
		if (busy)
			for (;;)
				;
		for (;;) {
			struct timespec ts = { 0, 5000000 };
			double t = now() + 0.002;

			while (now() < t)
				;
			nanosleep(&ts, NULL);
		}
	}
}

static void kill_loads(pid_t *kids, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		kill(kids[i], SIGKILL);
		waitpid(kids[i], NULL, 0);
	}
}

/*
 * A child that has exited, not reaped yet, given random SCHED_DEADLINE
 * parameters: it never runs again, and nothing would free bandwidth it
 * were admitted with (the end-of-soak bandwidth check catches that, if
 * no root-domain rebuild comes after it).  True if it was admitted.
 */
static bool setattr_exited(unsigned int *seed)
{
	struct sched_attr attr = {
		.size = sizeof(attr),
		.sched_policy = SCHED_DEADLINE,
		.sched_runtime = (1 + rand_r(seed) % 25) * 1000000ULL,
		.sched_deadline = 100000000,
		.sched_period = 100000000,
	};
	siginfo_t si;
	bool admitted;
	pid_t pid;

	pid = fork();
	if (!pid)
		_exit(0);
	if (pid < 0)
		return false;
	waitid(P_PID, pid, &si, WEXITED | WNOWAIT);
	admitted = !syscall(SYS_sched_setattr, pid, &attr, 0);
	waitpid(pid, NULL, 0);
	return admitted;
}

static int soak_setattr(int secs)
{
	long calls = 0, admitted = 0, refused = 0, switches = 0, affinity = 0;
	long exited = 0, exited_admitted = 0;
	unsigned int seed = 0xdead;
	pid_t kids[3];

	spawn_loads(kids, 3, 0, secs);
	end_at = now() + secs;
	while (now() < end_at) {
		pid_t pid = kids[rand_r(&seed) % 3];
		struct sched_attr attr = { .size = sizeof(attr) };
		unsigned int r = rand_r(&seed) % 20;
		cpu_set_t set;
		int c;

		if (r < 12) {
			/*
			 * 300-600 ms periods, at most a quarter of a CPU
			 * each.  A task replenished more than its relative
			 * deadline after its replenishment time makes 6.1
			 * print "DL replenish lagged too much".  Under
			 * emulation a console line alone keeps interrupts
			 * off for milliseconds: 10-30 ms periods did lag so,
			 * and 50-150 ms periods lagged twice in 300 s, with
			 * replenishment timers about 110 ms late (seen with
			 * the message extended by hand).  The three
			 * together fit on one CPU beside its fair server:
			 * more would be admitted while the root domain spans
			 * every CPU and then overload it when a cpuset
			 * partition takes a CPU away (6.1 checks no deadline
			 * bandwidth there) or while a fuzzed
			 * sched_rt_runtime_us = -1 turns admission off.
			 */
			uint64_t period = (3000 + rand_r(&seed) % 3000) * 100000ULL;

			attr.sched_policy = SCHED_DEADLINE;
			attr.sched_period = period;
			attr.sched_deadline = period - (rand_r(&seed) % 2) * period / 4;
			attr.sched_runtime = attr.sched_deadline * (1 + rand_r(&seed) % 25) / 100;
			calls++;
			if (syscall(SYS_sched_setattr, pid, &attr, 0))
				refused++;
			else
				admitted++;
		} else if (r < 16) {
			attr.sched_policy = SCHED_OTHER;
			calls++;
			switches += !syscall(SYS_sched_setattr, pid, &attr, 0);
		} else if (r < 19) {
			/* DEADLINE tasks must span their root domain: refused then. */
			CPU_ZERO(&set);
			for (c = 0; c < ncpus; c++)
				if (rand_r(&seed) % 2 || c == 0)
					CPU_SET(c, &set);
			affinity += !sched_setaffinity(pid, sizeof(set), &set);
		} else {
			exited++;
			exited_admitted += setattr_exited(&seed);
		}
		usleep(2000);
	}
	kill_loads(kids, 3);
	printf("SOAK setattr calls %ld dl_admitted %ld dl_refused %ld to_other %ld affinity %ld exited %ld exited_admitted %ld\n",
	       calls, admitted, refused, switches, affinity, exited, exited_admitted);
	return 0;
}

static int soak_hog(int cpu, int secs)
{
	struct sched_param sp = { .sched_priority = 40 };
	cpu_set_t set;
	pid_t pid;

	pid = fork();
	if (!pid) {
		/* Killed with its parent: no hog outlives a killed 'fssoak hog'. */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set) ||
		    sched_setscheduler(0, SCHED_FIFO, &sp))
			_exit(1);
		busy_on(cpu);
	}
	sleep(secs);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	printf("SOAK hog cpu %d seconds %d\n", cpu, secs);
	return 0;
}

/*
 * A cpuset partition needs the same care as CPU hotplug: made while a
 * fuzzed reservation is in force, it leaves the CPUs outside it to carry
 * the deadline tasks and that reservation (6.1 checks no deadline
 * bandwidth there), so that the control loops, and the write that would
 * restore the reservation, may get no CPU at all.
 */
static int soak_put_exclusive(const char *path, const char *val)
{
	int lock, err;

	close(open(SOAK_WAITING, O_WRONLY | O_CREAT | O_CLOEXEC, 0600));
	lock = soak_lock(LOCK_EX);
	unlink(SOAK_WAITING);
	err = put(path, val, strlen(val));
	soak_unlock(lock);
	if (err) {
		fprintf(stderr, "%s\n", strerror(-err));
		return 1;
	}
	return 0;
}

/*
 * DEADLINE -> OTHER switches of three busy tasks, back to back, with a
 * change of parameters between: the switches and changes that find a
 * task queued, not running (throttled), on a CPU in the middle of going
 * offline.
 */
static int soak_switch(int secs)
{
	long dl = 0, changed = 0, other = 0;
	pid_t kids[3];
	int i;

	spawn_loads(kids, 3, 1, secs);
	end_at = now() + secs;
	while (now() < end_at) {
		for (i = 0; i < 3; i++) {
			struct sched_attr attr = {
				.size = sizeof(attr),
				.sched_policy = SCHED_DEADLINE,
				.sched_runtime = 1000000,
				.sched_deadline = 100000000,
				.sched_period = 100000000,
			};

			dl += !syscall(SYS_sched_setattr, kids[i], &attr, 0);
			/* New parameters for a task that is mostly throttled. */
			attr.sched_runtime = 2000000;
			changed += !syscall(SYS_sched_setattr, kids[i], &attr, 0);
			attr.sched_policy = SCHED_OTHER;
			other += !syscall(SYS_sched_setattr, kids[i], &attr, 0);
		}
	}
	kill_loads(kids, 3);
	printf("SOAK switch to_dl %ld changed %ld to_other %ld\n", dl, changed, other);
	return 0;
}

static int soak_duty(int busy_ms, int sleep_ms, int secs)
{
	struct timespec ts = { sleep_ms / 1000, sleep_ms % 1000 * 1000000L };
	double end = now() + secs, t;

	while (now() < end) {
		t = now() + busy_ms / 1e3;
		while (now() < t)
			;
		if (sleep_ms)
			nanosleep(&ts, NULL);
	}
	return 0;
}

/*
 * The sum of runtime / period, as the kernel's to_ratio() computes it,
 * over every thread that is SCHED_DEADLINE now.
 */
static int soak_dlsum(void)
{
	unsigned long long sum = 0, period;
	char path[300];
	struct dirent *p, *t;
	DIR *procs, *tasks;
	long n = 0;

	procs = opendir("/proc");
	if (!procs)
		return 1;
	while ((p = readdir(procs))) {
		if (p->d_name[0] < '1' || p->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/task", p->d_name);
		tasks = opendir(path);
		if (!tasks)
			continue;
		while ((t = readdir(tasks))) {
			struct sched_attr attr = { .size = sizeof(attr) };

			if (t->d_name[0] < '1' || t->d_name[0] > '9' ||
			    syscall(SYS_sched_getattr, atoi(t->d_name), &attr,
				    sizeof(attr), 0) ||
			    attr.sched_policy != SCHED_DEADLINE)
				continue;
			period = attr.sched_period ?: attr.sched_deadline;
			if (period)
				sum += (attr.sched_runtime << 20) / period;
			n++;
		}
		closedir(tasks);
	}
	closedir(procs);
	printf("%llu %ld\n", sum, n);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	ncpus = sysconf(_SC_NPROCESSORS_CONF);
	if (argc >= 3 && !strcmp(argv[1], "knobs"))
		return soak_knobs(atoi(argv[2]));
	if (argc >= 3 && !strcmp(argv[1], "setattr"))
		return soak_setattr(atoi(argv[2]));
	if (argc >= 3 && !strcmp(argv[1], "switch"))
		return soak_switch(atoi(argv[2]));
	if (argc >= 5 && !strcmp(argv[1], "duty"))
		return soak_duty(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]));
	if (argc >= 4 && !strcmp(argv[1], "hog"))
		return soak_hog(atoi(argv[2]), atoi(argv[3]));
	if (argc >= 2 && !strcmp(argv[1], "dlsum"))
		return soak_dlsum();
	if (argc >= 4 && !strcmp(argv[1], "put"))
		return soak_put_exclusive(argv[2], argv[3]);
	if (argc >= 4 && !strcmp(argv[1], "fifo")) {
		struct sched_param sp = { .sched_priority = atoi(argv[2]) };

		if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
			perror("fssoak: sched_setscheduler");
			return 1;
		}
		execvp(argv[3], argv + 3);
		perror("fssoak: exec");
		return 127;
	}
	if (argc >= 5 && !strcmp(argv[1], "deadline")) {
		struct sched_attr attr = {
			.size = sizeof(attr),
			.sched_policy = SCHED_DEADLINE,
			.sched_runtime = strtoull(argv[2], NULL, 0) * 1000000,
			.sched_deadline = strtoull(argv[3], NULL, 0) * 1000000,
			.sched_period = strtoull(argv[3], NULL, 0) * 1000000,
		};

		if (syscall(SYS_sched_setattr, 0, &attr, 0)) {
			perror("fssoak: sched_setattr");
			return 1;
		}
		execvp(argv[4], argv + 4);
		perror("fssoak: exec");
		return 127;
	}
	fprintf(stderr, "usage: fssoak knobs|setattr|switch SECS | hog CPU SECS | "
		"fifo PRIO CMD... | deadline RUNTIME_MS PERIOD_MS CMD... | "
		"duty BUSY_MS SLEEP_MS SECS | dlsum | put FILE VALUE\n");
	return 2;
}
