#!/usr/bin/env python3
"""Turn the raw 'make bench' figures into results.json, report.md and plots.

usage: report.py OUTDIR CONFIG REPS QUICK "KERNEL..."

raw.txt lines: KERNEL REP BOOT SCENARIO KEY VALUE [VALUE]
"""
import json
import os
import platform
import statistics
import subprocess
import sys

out, config, reps, quick, names = sys.argv[1:6]
kernels = names.split()

# scenario, key, what it is, goal text, goal check (value -> bool) or None
FIGURES = [
    ("hog_alone", "hog_share", "RT hog alone: its share of CPU 1",
     ">= 0.999", lambda v: v >= 0.999),
    ("hog_cfs", "cfs_share", "RT hog + CFS busy: CFS share",
     "0.050 +- 0.005", lambda v: abs(v - 0.05) <= 0.005),
    ("hog_cfs", "first_run_s", "RT hog + CFS busy: first CFS run after starvation began (s)",
     "<= 1.0", lambda v: v <= 1.0),
    ("hog_cfs", "longest_gap_s", "RT hog + CFS busy: longest CFS gap after that (s)",
     "<= 1.010", lambda v: v <= 1.010),
    ("waker", "completed_ratio", "RT hog + CFS waking every 100 ms: completed/expected",
     ">= 0.90", lambda v: v >= 0.90),
    ("waker", "worst_latency_ms", "  worst wakeup latency after the first activation (ms)",
     "bounded, reported", None),
    ("cyclictest", "max_us", "cyclictest -p 80 -i 1000 + CFS busy: max latency (us)",
     "ratio <= 1.1", "ratio1.1"),
    ("cyclictest", "avg_us", "  average latency (us)", "ratio <= 1.1", "ratio1.1"),
    ("cyclictest", "server_activations", "  fair server activations", "0",
     lambda v: v == 0),
    ("hackbench", "seconds", "hackbench -g 4 -l 200 (s)", "ratio <= 1.02", "ratio1.02"),
    ("pipe", "seconds", "pipe ping-pong, 20000 round trips (s)", "ratio <= 1.02", "ratio1.02"),
    ("irq_idle", "timer_irqs_per_s", "idle CPU 1: timer interrupts/s", "<= stock + 0.5", "le_stock"),
    ("irq_rt", "timer_irqs_per_s", "nohz_full CPU 1, RT loop alone: timer interrupts/s",
     "<= stock + 0.5", "le_stock"),
]

raw = []
with open(os.path.join(out, "raw.txt")) as f:
    for line in f:
        parts = line.split()
        if len(parts) >= 6:
            raw.append(parts)


def values(kernel, scen, key):
    vals = []
    for p in raw:
        if p[0] == kernel and p[3] == scen and p[4] == key:
            try:
                vals.append(float(p[5]))
            except ValueError:
                pass
    return vals


def summary(vals):
    if not vals:
        return None
    return {"median": statistics.median(vals), "min": min(vals), "max": max(vals),
            "n": len(vals)}


results = {"config": config, "reps": int(reps), "quick": quick == "1",
           "kernels": kernels, "figures": {}}
env = {}
for p in raw:
    if p[3] == "env":
        env.setdefault(p[0], {})[p[4]] = " ".join(p[5:])
results["guest_env"] = env

smp_keys = sorted({p[4] for p in raw if p[3] == "smp"})
figures = FIGURES + [("smp", k, "-smp 4, RT hog on every CPU but 0: CFS share of "
                      + k.replace("cfs_share_", ""), "0.050 +- 0.005",
                      lambda v: abs(v - 0.05) <= 0.005) for k in smp_keys]

for scen, key, what, goal, check in figures:
    fig = {"what": what, "goal": goal, "kernels": {}}
    for k in kernels:
        fig["kernels"][k] = summary(values(k, scen, key))
    results["figures"][f"{scen}.{key}"] = fig


def fmt(v):
    if v is None:
        return "n/a"
    if abs(v) >= 100:
        return f"{v:.0f}"
    if abs(v) >= 1:
        return f"{v:.3f}"
    return f"{v:.4f}"


def goal_met(check, s, stock):
    if check is None or s is None:
        return ""
    v = s["median"]
    if check == "le_stock":
        return "" if stock is None else ("met" if v <= stock["median"] + 0.5 else "NOT met")
    if isinstance(check, str) and check.startswith("ratio"):
        lim = float(check[5:])
        if stock is None or stock["median"] == 0:
            return ""
        return "met" if v / stock["median"] <= lim else "NOT met"
    return "met" if check(v) else "NOT met"


host_cpu = "unknown"
try:
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                host_cpu = line.split(":", 1)[1].strip()
                break
except OSError:
    pass
qemu = subprocess.run(["qemu-system-x86_64", "--version"], capture_output=True,
                      text=True).stdout.splitlines()[0:1]

lines = []
lines.append("# Fair server benchmark: patched 6.1 against stock 6.1\n")
lines.append(f"- host CPU: {host_cpu} ({os.cpu_count()} CPUs), {platform.system()} {platform.release()}")
lines.append(f"- {qemu[0] if qemu else 'qemu'}, accelerator tcg,thread=multi; guest CPUs 2 (smp rows: 4)")
for k in kernels:
    e = env.get(k, {})
    lines.append(f"- {k}: kernel {e.get('kernel', '?')}, sched_rt_runtime_us {e.get('rt_runtime_us', '?')}")
lines.append(f"- config: configs/{config}.config (same for every kernel); repetitions: {reps}"
             + (" (quick mode)" if quick == "1" else "") + "; kernels alternate order between repetitions")
lines.append("- Absolute latencies under software emulation (TCG) are not those of real "
             "hardware; read the ratios.\n")
hdr = "| figure | goal | " + " | ".join(f"{k} median (min-max)" for k in kernels)
if "stock" in kernels and "patched" in kernels:
    hdr += " | patched/stock | goal (patched) |"
else:
    hdr += " |"
lines.append(hdr)
lines.append("|" + "---|" * (hdr.count("|") - 1))
for scen, key, what, goal, check in figures:
    fig = results["figures"][f"{scen}.{key}"]["kernels"]
    row = f"| {what} | {goal} | "
    row += " | ".join("n/a" if fig[k] is None else
                      f"{fmt(fig[k]['median'])} ({fmt(fig[k]['min'])}-{fmt(fig[k]['max'])})"
                      for k in kernels)
    if "stock" in kernels and "patched" in kernels:
        s, p = fig["stock"], fig["patched"]
        ratio = (p["median"] / s["median"]) if s and p and s["median"] else None
        row += f" | {fmt(ratio) if ratio is not None else 'n/a'} | {goal_met(check, p, s)} |"
        results["figures"][f"{scen}.{key}"]["ratio"] = ratio
        results["figures"][f"{scen}.{key}"]["goal_met"] = goal_met(check, p, s)
    else:
        row += " |"
    lines.append(row)

# Plots.
plots = []
series = {}
for p in raw:
    if p[3] == "hog_cfs" and p[4] == "series" and p[1] == "1" and len(p) >= 7:
        series.setdefault(p[0], []).append((float(p[5]), float(p[6])))
hist = {}
for p in raw:
    if p[3] == "cyclictest" and p[4] == "hist" and len(p) >= 7:
        hist.setdefault(p[0], {}).setdefault(int(p[5]), 0)
        hist[p[0]][int(p[5])] += int(p[6])
gp = []


def plot(name, title, labels, data, style):
    """Write one .dat file per kernel and the gnuplot lines for a PNG."""
    for k, rows in data.items():
        with open(os.path.join(out, f"{name}-{k}.dat"), "w") as f:
            for x, y in rows:
                f.write(f"{x} {y}\n")
    gp.append("set terminal pngcairo size 900,500")
    gp.append(f"set output '{out}/{name}.png'")
    gp.append(f"set title '{title}'")
    gp.extend(labels)
    gp.append("plot " + ", ".join(f"'{out}/{name}-{k}.dat' with {style} lw 2 title '{k}'"
                                 for k in data))
    plots.append(f"{name}.png")


if series:
    plot("cfs-under-rt-hog", "CFS task next to an RT hog on CPU 1: cumulative CPU time",
         ["set xlabel 'time since the hog started (s)'; set ylabel 'CFS CPU time (s)'",
          "set key left top"], series, "lines")
if hist:
    plot("cyclictest-histogram", "cyclictest -p 80 -i 1000 on CPU 1 with a CFS busy loop",
         ["set xlabel 'latency (us)'; set ylabel 'samples'; set logscale y",
          "set key right top"], {k: sorted(h.items()) for k, h in hist.items()}, "steps")
if gp:
    r = subprocess.run(["gnuplot"], input="\n".join(gp) + "\n", text=True,
                       capture_output=True)
    if r.returncode:
        print("gnuplot failed:", r.stderr, file=sys.stderr)
        plots = []
if plots:
    lines.append("")
    for p in plots:
        lines.append(f"![{p}]({p})")
results["plots"] = plots

with open(os.path.join(out, "results.json"), "w") as f:
    json.dump(results, f, indent=2, sort_keys=True)
with open(os.path.join(out, "report.md"), "w") as f:
    f.write("\n".join(lines) + "\n")
print("\n".join(lines))
print(f"\nraw: {out}/raw.txt  json: {out}/results.json  report: {out}/report.md")
