#!/usr/bin/env python3
"""Design-space sweeps: a declarative description (sweeps/NAME.toml) expanded into independent
tempo-sim runs, run by GNU parallel (locally, or on several hosts with --sshlogin) or as a
Slurm job array, and merged into one CSV, one JSON and one chart.  No scheduler of its own.

  sweep.py expand SWEEP.toml --out DIR --sim SIM   jobs.txt (one shell command per line),
                                                   jobs.json, images.txt, sweep.slurm
  sweep.py merge --out DIR                         results.csv, results.json, NAME.svg, a table
  sweep.py cost --out DIR                          each job's wall time (GNU parallel's joblog)
                                                   and output size, for sizing a larger sweep

The description (docs/sweeps.md): [axes] kernel, xlen, bench, cache ("none", SIZE:LINE:WAYS
for the I$ and the D$, or tempo-sim options), mem (latency:beat:width); [params] timing
parameters (tempo-sim --set; "a+b" sets several to one value), each an axis; [images] the image
of each kernel ({kernel}, {xlen}, {bench} replaced); [chart] kind "overhead" (RV64 relative
to RV32 along the cache axis) or "range" (each metric's range over the other axes, against
[chart.reference]).  Every combination of the axes is one job; jobs only differ in their
command line, so a job list runs anywhere the repository and its images are (same paths)."""
import argparse
import csv
import itertools
import json
import os
import shlex
import subprocess
import sys

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None

MAX_CYCLES = 1_000_000_000  # a run longer than 10 s of simulated time is a hang
AXES = ("kernel", "xlen", "bench", "cache", "mem")
LOOP_ONLY = " (loop overhead only)"
DIRECT = " (direct overhead subtracted)"


def fail(msg):
    print("sweep: " + msg, file=sys.stderr)
    sys.exit(1)


def load(path):
    if tomllib is None:
        fail("reading %s needs Python 3.11 or later (tomllib)" % path)
    try:
        with open(path, "rb") as f:
            spec = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        fail("%s: %s" % (path, e))
    axes = spec.get("axes", {})
    for k in axes:
        if k not in AXES:
            fail("%s: unknown axis '%s' (axes: %s; timing parameters go in [params])"
                 % (path, k, ", ".join(AXES)))
    for k in ("kernel", "xlen", "bench"):
        if not axes.get(k):
            fail("%s: axis '%s' is missing or empty" % (path, k))
    for k in axes["kernel"]:
        if k not in spec.get("images", {}):
            fail("%s: no [images] entry for kernel '%s'" % (path, k))
    return spec


def sim_params(sim):
    """Name -> default of every timing parameter tempo-sim knows (--list-params)."""
    try:
        out = subprocess.run([sim, "--list-params"], capture_output=True, text=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        fail("cannot list the timing parameters with %s: %s" % (sim, e))
    params = {}
    for line in out.splitlines()[1:]:
        w = line.split()
        if len(w) >= 2:
            params[w[0]] = w[1]
    return params


def cache_args(cache, mem):
    if cache == "none":
        return []
    if cache.startswith("--"):
        args = shlex.split(cache)
    else:
        args = ["--icache", cache, "--dcache", cache]
    if mem:
        lat, beat, width = mem.split(":")
        args += ["--mem-latency", lat, "--mem-beat", beat, "--mem-width", width]
    return args


def expand(args):
    spec = load(args.sweep)
    name = os.path.splitext(os.path.basename(args.sweep))[0]
    known = sim_params(args.sim)
    skip = set(args.skip_kernel or [])
    kernels = [k for k in spec["axes"]["kernel"] if k not in skip]
    for k in spec["axes"]["kernel"]:
        if k in skip:
            print("sweep %s: kernel %s left out (%s)" % (os.path.basename(args.sweep), k,
                                                         args.skip_reason or "--skip-kernel"))
    if not kernels:
        fail("%s: no kernel left to run (%s)" % (args.sweep, args.skip_reason or "all skipped"))
    params = spec.get("params", {})
    for key, values in params.items():
        for p in key.split("+"):
            if p not in known:
                fail("%s: '%s' is not a timing parameter of %s (see --list-params)"
                     % (args.sweep, p, args.sim))
        if not values:
            fail("%s: parameter axis '%s' is empty" % (args.sweep, key))
    axes = spec["axes"]
    caches = axes.get("cache", ["none"])
    mems = axes.get("mem", [""])
    pkeys = list(params)
    out = os.path.abspath(args.out)
    rel = os.path.relpath(out)
    os.makedirs(os.path.join(out, "out"), exist_ok=True)
    jobs, seen = [], set()
    for kernel, xlen, bench, cache, mem, *pvals in itertools.product(
            kernels, axes["xlen"], axes["bench"], caches, mems,
            *[params[k] for k in pkeys]):
        if cache == "none":
            mem = ""  # no memory behind a cache that is not there: one job, not one per mem
        sets = []
        for key, v in zip(pkeys, pvals):
            sets += ["%s=%s" % (p, v) for p in key.split("+")]
        key = (kernel, xlen, bench, cache, mem, tuple(sets))
        if key in seen:
            continue
        seen.add(key)
        image = spec["images"][kernel].format(kernel=kernel, xlen=xlen, bench=bench)
        cmd = ["--soc", "paper", "--max-cycles", str(MAX_CYCLES)] + cache_args(cache, mem)
        for s in sets:
            cmd += ["--set", s]
        jid = len(jobs) + 1
        default = all(known.get(s.split("=")[0]) == s.split("=")[1] for s in sets)
        jobs.append({"id": jid, "kernel": kernel, "xlen": xlen, "bench": bench, "cache": cache,
                     "mem": mem, "set": " ".join(sets), "default_params": default,
                     "image": image, "args": cmd})
    with open(os.path.join(out, "jobs.txt"), "w") as f:
        for j in jobs:
            o = shlex.quote(os.path.join(rel, "out", "%04d.out" % j["id"]))
            f.write("%s %s %s > %s 2>&1; echo \"EXIT $?\" >> %s\n"
                    % (shlex.quote(args.sim), " ".join(shlex.quote(a) for a in j["args"]),
                       shlex.quote(j["image"]), o, o))
    with open(os.path.join(out, "jobs.json"), "w") as f:
        json.dump({"sweep": name, "description": spec.get("description", ""),
                   "chart": spec.get("chart", {}), "jobs": jobs}, f, indent=1)
        f.write("\n")
    with open(os.path.join(out, "images.txt"), "w") as f:
        f.write("\n".join(sorted({j["image"] for j in jobs})) + "\n")
    k = max(1, args.per_task)
    tasks = (len(jobs) + k - 1) // k
    minutes = 10 + (k - 1)  # each run takes seconds: a minute per further line is ample
    with open(os.path.join(out, "sweep.slurm"), "w") as f:
        f.write(SLURM.format(name=name, n=len(jobs), rel=rel, k=k, tasks=tasks,
                             time="%02d:%02d:00" % divmod(minutes, 60)))
    print("sweep %s: %d jobs in %s/jobs.txt (Slurm: sbatch %s/sweep.slurm, %d array tasks of %d)"
          % (name, len(jobs), rel, rel, tasks, k))
    return 0


SLURM = """#!/bin/bash
# Slurm job array for the sweep {name}: {n} jobs, {k} line(s) of jobs.txt per array task, run
# one after the other.  Submit it from the repository's top directory on a file system the
# compute nodes share, after building the simulator and the images (make sweep-jobs
# SWEEP={name}); merge with make sweep-merge SWEEP={name} once every task has finished.
#SBATCH --job-name=tempo-{name}
#SBATCH --array=1-{tasks}
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --time={time}
#SBATCH --output={rel}/slurm-%A_%a.log
cd "${{SLURM_SUBMIT_DIR:-.}}" || exit 1
first=$(( (SLURM_ARRAY_TASK_ID - 1) * {k} + 1 ))
last=$(( SLURM_ARRAY_TASK_ID * {k} ))
lines=$(sed -n "${{first}},${{last}}p" {rel}/jobs.txt)
[ -n "$lines" ] || {{ echo "no job ${{first}} in {rel}/jobs.txt"; exit 1; }}
status=0
while IFS= read -r line; do
  bash -c "$line" || status=1
done <<< "$lines"
exit $status
"""


# ---------------------------------------------------------------- cost

def cost(args):
    """What one job of a finished run costs, from GNU parallel's joblog (each job's wall time
    on its host) and the outputs: for sizing a sweep of many more jobs (docs/sweeps.md)."""
    out = os.path.abspath(args.out)
    try:
        with open(os.path.join(out, "joblog")) as f:
            rows = [line.rstrip("\n").split("\t") for line in f][1:]
    except OSError as e:
        fail("no joblog in %s (%s): run make sweep SWEEP=... first" % (args.out, e))
    # Seq Host Starttime JobRuntime Send Receive Exitval Signal Command
    times = sorted(float(r[3]) for r in rows if len(r) > 6 and r[6] == "0")
    if not times:
        fail("%s/joblog: no job finished with status 0" % args.out)
    outs = [os.path.getsize(os.path.join(out, "out", f)) for f in os.listdir(os.path.join(out, "out"))
            if f.endswith(".out")]
    hosts = sorted({r[1] for r in rows if len(r) > 1})
    host = os.uname().nodename
    print("sweep %s: %d jobs on %s (run from %s, %d cores, load average %.1f now)"
          % (os.path.basename(out), len(times),
             ", ".join("this host" if h == ":" else h for h in hosts), host,
             os.cpu_count() or 0, os.getloadavg()[0]))
    print("wall time per job: median %.2f s, 90th percentile %.2f s, max %.2f s, total %.1f s"
          % (times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.9))],
             times[-1], sum(times)))
    print("output per job: %.1f KiB on average (out/NNNN.out); the merge reads them all"
          % (sum(outs) / max(len(outs), 1) / 1024))
    # CPU time and memory of one run, measured again on a few jobs (first, middle, last) by
    # GNU time (Debian's "time"): a child of this Python would count the interpreter's memory
    with open(os.path.join(out, "jobs.json")) as f:
        jobs = json.load(f)["jobs"]
    with open(os.path.join(out, "jobs.txt")) as f:
        sim = shlex.split(f.readline())[0]
    if not os.access("/usr/bin/time", os.X_OK):
        print("(CPU time and memory of a run: install GNU time, Debian package time)")
        return 0
    cpu, rss = [], []
    for j in sorted({0, len(jobs) // 2, len(jobs) - 1}):
        p = subprocess.run(["/usr/bin/time", "-f", "TIME %U %S %M", sim] + jobs[j]["args"]
                           + [jobs[j]["image"]], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
        w = [line.split() for line in p.stderr.splitlines() if line.startswith("TIME ")]
        if w:
            cpu.append(float(w[-1][1]) + float(w[-1][2]))
            rss.append(int(w[-1][3]))
    if cpu:
        print("one run, %d jobs measured again: %.2f to %.2f s of CPU time, at most %.1f MiB "
              "of memory" % (len(cpu), min(cpu), max(cpu), max(rss) / 1024))
    return 0


# ---------------------------------------------------------------- merge

def metrics_of(text):
    """The figures a run printed: (metric, {avg, min, max, samples|count, period}) pairs from
    the benchmark suites' RESULT lines and fr-paper's lines; and the exit status."""
    out, status, fails = [], None, []
    for line in text.splitlines():
        w = line.split()
        if not w:
            continue
        if w[0] == "EXIT" and len(w) == 2:
            status = int(w[1])
        elif w[0] == "RESULT":
            kv = dict(x.split("=", 1) for x in w[1:] if "=" in x)
            m = kv.get("metric", "?").replace("_", " ")
            if "count" in kv:
                out.append((m, {"count": int(kv["count"]),
                                "period_cycles": int(kv["period_cycles"])}))
            else:
                rec = {"avg_cycles": float(kv["avg"]), "samples": int(kv.get("samples", 0))}
                for k in ("min", "max"):
                    if k in kv:
                        rec[k + "_cycles"] = int(kv[k])
                out.append((m, rec))
        elif w[0] == "fr-paper:" and len(w) > 2 and "=" in w[2]:
            kv = dict(x.split("=", 1) for x in w[2:] if "=" in x)
            try:
                avg = (int(kv["elapsed"]) - int(kv["loop"])) / int(kv["events"])
            except (KeyError, ValueError, ZeroDivisionError):
                fails.append(line)
                continue
            out.append((w[1].replace("_", " "),
                        {"avg_cycles": round(avg, 2), "samples": int(kv["events"])}))
        elif w[0] == "FAIL" or (w[0] == "fr-paper:" and "FAIL" in line):
            fails.append(line)
    # One naming for Rhealstone: "task switch" is the figure with the loop overhead subtracted
    # (the paper's Table II), "task switch (direct overhead subtracted)" the one with RTEMS's
    # direct overhead also subtracted.  Firmware that prints "X (loop overhead only)" beside
    # "X" means the same two figures under the older names.
    names = {m for m, _ in out}
    older = {m[:-len(LOOP_ONLY)] for m in names if m.endswith(LOOP_ONLY)}
    out = [(m[:-len(LOOP_ONLY)] if m.endswith(LOOP_ONLY) else
            m + DIRECT if m in older else m, rec) for m, rec in out]
    return out, status, fails


def merge(args):
    out = os.path.abspath(args.out)
    try:
        with open(os.path.join(out, "jobs.json")) as f:
            meta = json.load(f)
    except (OSError, ValueError) as e:
        fail("no job list in %s (%s): run make sweep-jobs first" % (args.out, e))
    rows, missing, failed = [], [], []
    for j in meta["jobs"]:
        path = os.path.join(out, "out", "%04d.out" % j["id"])
        try:
            with open(path) as f:
                text = f.read()
        except OSError:
            missing.append(j["id"])
            continue
        figures, status, fails = metrics_of(text)
        if status != 0 or fails:
            failed.append("job %d (%s rv%d %s %s %s): exit status %s %s"
                          % (j["id"], j["kernel"], j["xlen"], j["bench"], j["cache"], j["set"],
                             status, "; ".join(fails)[:200]))
            continue
        for m, rec in figures:
            row = {k: j[k] for k in ("id", "kernel", "xlen", "bench", "cache", "mem", "set",
                                     "default_params")}
            row["metric"] = m
            row.update(rec)
            rows.append(row)
    fields = ["id", "kernel", "xlen", "bench", "cache", "mem", "set", "default_params", "metric",
              "avg_cycles", "min_cycles", "max_cycles", "samples", "count", "period_cycles"]
    with open(os.path.join(out, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    chart = meta.get("chart", {})
    svg_path = os.path.join(out, meta["sweep"] + ".svg")
    table = ""
    if chart.get("kind") == "overhead":
        table, svg = overhead(rows, chart)
    elif chart.get("kind") == "range":
        table, svg = ranges(rows, chart)
    else:
        svg = None
    # the table as printed (markdown) beside the records: the benchmark report shows it
    result = {"sweep": meta["sweep"], "description": meta["description"],
              "jobs": len(meta["jobs"]), "missing": missing, "failed": failed,
              "chart": chart, "table": table, "records": rows}
    for path in [os.path.join(out, "results.json")] + ([args.copy_results] if args.copy_results else []):
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w") as f:
            json.dump(result, f, indent=1)
            f.write("\n")
    if svg is None and chart.get("kind") in ("overhead", "range"):
        print("sweep: no figure of %s in the results: no chart" % ", ".join(chart.get("metrics", [])),
              file=sys.stderr)
    if svg:
        with open(svg_path, "w") as f:
            f.write(svg)
    if args.copy_chart and svg:
        os.makedirs(os.path.dirname(os.path.abspath(args.copy_chart)), exist_ok=True)
        with open(args.copy_chart, "w") as f:
            f.write(svg)
    if not args.quiet:
        print("sweep %s: %s" % (meta["sweep"], meta["description"]))
        print(table)
        rel = os.path.relpath(out)
        print("%d jobs, %d records: %s/results.{csv,json}%s"
              % (len(meta["jobs"]), len(rows), rel,
                 ", chart %s" % os.path.relpath(svg_path) if svg else ""))
    for m in missing:
        print("sweep: job %d has no output (not run yet, or lost)" % m, file=sys.stderr)
    for m in failed:
        print("sweep: FAILED " + m, file=sys.stderr)
    return 1 if missing or failed else 0


def cache_label(c):
    return "none" if c == "none" else c.split(":")[0] if not c.startswith("--") else c


def fmt(v):
    return "-" if v is None else "{:,.1f}".format(v)


def overhead(rows, chart):
    """RV64 relative to RV32 for each kernel and metric along the cache axis: a table and an
    SVG line chart."""
    metrics = chart.get("metrics") or sorted({r["metric"] for r in rows})
    caches = []
    for r in rows:
        if r["cache"] not in caches:
            caches.append(r["cache"])
    val = {}
    for r in rows:
        if r["metric"] in metrics and "avg_cycles" in r:
            val[(r["kernel"], r["metric"], r["cache"], r["mem"], r["set"], r["xlen"])] = r["avg_cycles"]
    # one series per kernel, metric, memory and parameter setting; the run without caches
    # (no memory behind them) belongs to every memory's series
    mems = sorted({r["mem"] for r in rows if r["mem"]}) or [""]
    series = {}
    for (k, m, c, mem, s, x), v in val.items():
        if x != 32 or (k, m, c, mem, s, 64) not in val:
            continue
        v64 = val[(k, m, c, mem, s, 64)]
        for mm in (mems if c == "none" else [mem]):
            series.setdefault((k, m, mm, s), {})[c] = (v, v64, (v64 / v - 1) * 100 if v else None)
    lines = ["| kernel | metric | cache | RV32 | RV64 | RV64 overhead |",
             "| --- | --- | --- | ---: | ---: | ---: |"]
    for (k, m, mem, s), pts in sorted(series.items()):
        for c in caches:
            if c in pts:
                v32, v64, o = pts[c]
                lines.append("| %s | %s | %s | %s | %s | %+.1f%% |" % (
                    k, m, cache_label(c) + ("" if c == "none" else " I$+D$"), fmt(v32), fmt(v64), o))
    svg = None if not series else line_chart(chart.get("title", ""), [cache_label(c) for c in caches],
                     [("%s %s%s%s" % (k, m,
                                      (" mem " + mem) if len(mems) > 1 else "",
                                      (" " + s) if s else ""),
                       [pts.get(c, (None, None, None))[2] for c in caches])
                      for (k, m, mem, s), pts in sorted(series.items())],
                     "RV64 overhead over RV32, %", "I$ = D$ size (none: the paper's BRAMs)")
    return "\n".join(lines), svg


def ranges(rows, chart):
    """Each metric's range over the sweep per kernel and width, the default parameters' value
    and the reference: a table and an SVG range chart."""
    metrics = chart.get("metrics") or sorted({r["metric"] for r in rows})
    ref = chart.get("reference", {})
    groups = {}
    for r in rows:
        if r["metric"] in metrics and "avg_cycles" in r:
            g = groups.setdefault((r["metric"], r["xlen"], r["kernel"], r["cache"]),
                                  {"values": [], "default": None})
            g["values"].append((r["avg_cycles"], r["set"]))
            if r["default_params"]:
                g["default"] = r["avg_cycles"]
    lines = ["| metric | width | kernel | cache | min (setting) | max (setting) | defaults | reference |",
             "| --- | --- | --- | --- | ---: | ---: | ---: | ---: |"]
    bars = []
    for (m, x, k, c), g in sorted(groups.items(), key=lambda kv: (metrics.index(kv[0][0])
                                                                  if kv[0][0] in metrics else 99,
                                                                  kv[0][1:])):
        lo, hi = min(g["values"]), max(g["values"])
        r = ref.get("%s/%d" % (m, x))
        lines.append("| %s | RV%d | %s | %s | %s (%s) | %s (%s) | %s | %s |" % (
            m, x, k, c, fmt(lo[0]), lo[1] or "defaults", fmt(hi[0]), hi[1] or "defaults",
            fmt(g["default"]), fmt(r)))
        bars.append(("%s RV%d" % (m, x), lo[0], hi[0],
                     g["default"], r))
    # the RV64 overhead of each setting, where both widths ran it
    per = {}
    for r in rows:
        if r["metric"] in metrics and "avg_cycles" in r:
            per.setdefault((r["metric"], r["kernel"], r["cache"], r["mem"], r["set"]), {})[r["xlen"]] = r["avg_cycles"]
    ovh = {}
    for (m, k, c, mem, st), v in per.items():
        if 32 in v and 64 in v and v[32]:
            ovh.setdefault((m, k, c), []).append(((v[64] / v[32] - 1) * 100, st))
    if ovh:
        lines += ["", "| metric | kernel | cache | RV64 overhead min (setting) | max (setting) | reference |",
                  "| --- | --- | --- | ---: | ---: | ---: |"]
        for (m, k, c), vs in sorted(ovh.items()):
            lo, hi = min(vs), max(vs)
            r32, r64 = ref.get("%s/32" % m), ref.get("%s/64" % m)
            lines.append("| %s | %s | %s | %+.1f%% (%s) | %+.1f%% (%s) | %s |" % (
                m, k, c, lo[0], lo[1] or "defaults", hi[0], hi[1] or "defaults",
                "%+.1f%%" % ((r64 / r32 - 1) * 100) if r32 and r64 else "-"))
    return "\n".join(lines), range_chart(chart.get("title", ""), bars) if bars else None


# ---------------------------------------------------------------- SVG (no dependencies)

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def nice_ticks(lo, hi, n=6):
    span = max(hi - lo, 1e-9)
    step = 10 ** int(f"{span / n:e}".split("e")[1])
    for m in (1, 2, 5, 10):
        if span / (step * m) <= n:
            step *= m
            break
    start = step * int(lo // step)
    ticks = []
    t = start
    while t <= hi + step * 0.5:
        ticks.append(round(t, 6))
        t += step
    return ticks


def line_chart(title, xlabels, series, ylabel, xlabel):
    W, H, L, R, T, B = 760, 420, 70, 250, 40, 60
    vals = [v for _, ys in series for v in ys if v is not None] + [0]
    ticks = nice_ticks(min(vals), max(vals))
    y0, y1 = ticks[0], ticks[-1]
    pw, ph = W - L - R, H - T - B
    def px(i):
        return L + (pw * (i + 0.5) / len(xlabels))
    def py(v):
        return T + ph * (1 - (v - y0) / ((y1 - y0) or 1))
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
         'font-family="sans-serif" font-size="12">' % (W, H, W, H),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="%d" y="20" font-size="13" font-weight="bold">%s</text>' % (L - 60, esc(title))]
    for t in ticks:
        o.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="%s"/>'
                 % (L, L + pw, py(t), py(t), "#888" if t == 0 else "#e5e5e5"))
        o.append('<text x="%d" y="%.1f" text-anchor="end">%g</text>' % (L - 6, py(t) + 4, t))
    for i, x in enumerate(xlabels):
        o.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (px(i), T + ph + 18, esc(x)))
    o.append('<text x="%d" y="%d" text-anchor="middle">%s</text>' % (L + pw // 2, H - 12, esc(xlabel)))
    o.append('<text transform="translate(16,%d) rotate(-90)" text-anchor="middle">%s</text>'
             % (T + ph // 2, esc(ylabel)))
    for n, (label, ys) in enumerate(series):
        col = COLORS[n % len(COLORS)]
        pts = [(px(i), py(v)) for i, v in enumerate(ys) if v is not None]
        if len(pts) > 1:
            o.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>'
                     % (col, " ".join("%.1f,%.1f" % p for p in pts)))
        for (x, y), v in zip(pts, [v for v in ys if v is not None]):
            o.append('<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"><title>%s: %+.1f%%</title>'
                     '</circle>' % (x, y, col, esc(label), v))
        ly = T + 10 + 18 * n
        o.append('<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-width="2"/>'
                 % (L + pw + 15, L + pw + 35, ly, ly, col))
        o.append('<text x="%d" y="%d">%s</text>' % (L + pw + 40, ly + 4, esc(label)))
    o.append("</svg>\n")
    return "\n".join(o)


def range_chart(title, bars):
    W, L, R, T, rowh = 760, 210, 30, 50, 34
    H = T + rowh * len(bars) + 60
    vals = [v for b in bars for v in b[1:] if v is not None]
    ticks = nice_ticks(0, max(vals) * 1.05)
    x1 = ticks[-1]
    pw = W - L - R
    def px(v):
        return L + pw * v / x1
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
         'font-family="sans-serif" font-size="12">' % (W, H, W, H),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="10" y="20" font-size="13" font-weight="bold">%s</text>' % esc(title),
         '<text x="10" y="38">bar: range over the parameters; black tick: defaults; red diamond: '
         'reference (the paper)</text>']
    for t in ticks:
        o.append('<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#e5e5e5"/>'
                 % (px(t), px(t), T, T + rowh * len(bars)))
        o.append('<text x="%.1f" y="%d" text-anchor="middle">%g</text>'
                 % (px(t), T + rowh * len(bars) + 16, t))
    o.append('<text x="%d" y="%d" text-anchor="middle">cycles</text>'
             % (L + pw // 2, T + rowh * len(bars) + 36))
    for n, (label, lo, hi, default, ref) in enumerate(bars):
        y = T + rowh * n + rowh / 2
        o.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (L - 8, y + 4, esc(label)))
        o.append('<rect x="%.1f" y="%.1f" width="%.1f" height="12" fill="#1f77b4" opacity="0.6">'
                 '<title>%.1f to %.1f</title></rect>'
                 % (px(lo), y - 6, max(px(hi) - px(lo), 2), lo, hi))
        if default is not None:
            o.append('<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="black" '
                     'stroke-width="2"/>' % (px(default), px(default), y - 9, y + 9))
        if ref is not None:
            o.append('<path d="M %.1f %.1f l 6 6 l -6 6 l -6 -6 z" fill="#d62728"><title>%s</title>'
                     '</path>' % (px(ref), y - 6, ref))
    o.append("</svg>\n")
    return "\n".join(o)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("expand")
    e.add_argument("sweep")
    e.add_argument("--out", required=True)
    e.add_argument("--sim", required=True)
    e.add_argument("--skip-kernel", action="append", help="leave this kernel's jobs out")
    e.add_argument("--skip-reason", help="why (printed)")
    e.add_argument("--per-task", type=int, default=1,
                   help="jobs per Slurm array task (run one after the other; default 1)")
    m = sub.add_parser("merge")
    m.add_argument("--out", required=True)
    m.add_argument("--copy-chart", help="also write the chart here")
    m.add_argument("--copy-results", help="also write results.json here")
    m.add_argument("--quiet", action="store_true")
    c = sub.add_parser("cost")
    c.add_argument("--out", required=True)
    a = ap.parse_args()
    return {"expand": expand, "merge": merge, "cost": cost}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
