"""The benchmark runner and report generator (docs/benchmarks.md "Outputs"): python3 -m report.
tools/python.sh -m report ... runs it with bench/ on the module path (docs/results.md).

  python3 -m report run    --sim SIM --build DIR --out DIR --kernel NAME:SWITCH:TRAP:DATARE ... [--jobs N]
  python3 -m report render --out DIR       (the reports again from DIR's results, nothing run)
  python3 -m report check NAME --results DIR
  python3 -m report readme --out DIR       (the generated figures of README.md and docs/ rewritten)
  python3 -m report validate RESULTS.json

`run` runs every image build/bench/<kernel>/rv<32|64>/*.elf on tempo-sim --soc paper (N at a
time), parses the result lines the firmware prints (bench/common/bench.c), measures the
minimal context switch from an instruction trace, derives the per-switch profile and stall
causes from two runs of different length, and writes results.json (schema:
results.schema.json), results.csv, runs.json, analysis.json, analysis.md and report.html; it
prints the tables and the total run time.  The previous results of configured kernels not run
this time (--keep-kernels) are kept.  Exit status 1 when any image failed its self-checks (the
results of the others are still written).

`check` evaluates one group of test assertions (make test) on a results directory."""
import argparse
import concurrent.futures
import csv
import datetime
import html.parser
import json
import os
import re
import subprocess
import sys
import time

from . import budgets
from . import docfigures
from . import elfinfo
from . import figures as F
from . import footprint
from . import kernels as K
from . import render

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results.schema.json")


def parse_kv(words):
    out = {}
    for w in words:
        if "=" in w:
            k, v = w.split("=", 1)
            out[k] = v
    return out


def num(v):
    if v is None:
        return None
    f = float(v)
    return int(f) if f.is_integer() and "." not in v else f


def parse_output(text):
    """The firmware's lines -> (header, records, sizes, notes, fail, done).  A malformed
    result line is a failure of the run (its text becomes `fail`), never a crash; so is a
    histogram (HIST lines, after the RESULT line of their metric) that is not exactly the
    samples of its figure (histogram_problem)."""
    head, recs, sizes, notes, fail, done = {}, [], {}, {}, None, False
    for line in text.splitlines():
        w = line.split()
        if not w:
            continue
        try:
            if w[0] == "BENCH":
                head = parse_kv(w[1:])
            elif w[0] == "RESULT":
                kv = parse_kv(w[1:])
                rec = {"suite": kv["suite"], "metric": kv["metric"].replace("_", " ")}
                if "count" in kv:
                    rec["count"] = int(kv["count"])
                    rec["period_cycles"] = int(kv["period_cycles"])
                else:
                    rec["avg_cycles"] = float(kv["avg"])
                    rec["min_cycles"] = num(kv.get("min"))
                    rec["max_cycles"] = num(kv.get("max"))
                    rec["samples"] = int(kv["samples"])
                recs.append(rec)
            elif w[0] == "HIST":
                kv = parse_kv(w[1:])
                metric = kv["metric"].replace("_", " ")
                rec = recs[-1] if recs else {}
                if (rec.get("suite"), rec.get("metric")) != (kv["suite"], metric) \
                        or rec.get("min_cycles") is None:
                    raise ValueError("HIST without its RESULT (avg, min, max, samples)")
                hist = rec.setdefault("histogram", [])
                for pair in (x for x in w[1:] if "=" not in x):
                    v, c = pair.split(":")
                    if hist and int(v) <= hist[-1][0] or int(c) < 1:
                        raise ValueError("HIST values not ascending")
                    hist.append([int(v), int(c)])
            elif w[0] == "TICK":
                kv = parse_kv(w[1:])
                rec = recs[-1] if recs else {}
                if (rec.get("suite"), rec.get("metric")) != (kv["suite"],
                                                               kv["metric"].replace("_", " ")):
                    raise ValueError("TICK without its RESULT")
                rec["tick_samples"] = int(kv["samples"])
                rec["max_with_tick"] = int(kv["max"])
            elif w[0] == "SIZE":
                kv = parse_kv(w[1:])
                sizes[kv["name"]] = int(kv["bytes"])
            elif w[0] == "NOTE":
                kv = parse_kv(w[1:])
                notes.update({k: int(v) for k, v in kv.items()})
            elif w[0] == "FAIL":
                fail = line[5:]
            elif w[0] == "DONE":
                done = True
        except (KeyError, ValueError):
            fail = fail or "malformed line: " + line[:120]
    for rec in recs:
        bad = "histogram" in rec and histogram_problem(rec, rec["histogram"])
        if bad and fail is None:
            fail = "%s: %s" % (rec["metric"], bad)
    return head, recs, sizes, notes, fail, done


def histogram_problem(rec, hist):
    """Why `hist` ([cycles, count] pairs, ascending) is not exactly the samples behind the
    record's figures, or None: the counts sum to the samples, the smallest and largest values
    are min and max, and the average rounds to the printed one as the firmware rounds it
    (bench_result: hundredths, half up)."""
    n = sum(c for _, c in hist)
    if not hist or n != rec["samples"]:
        return "histogram of %d samples, figure of %d" % (n, rec["samples"])
    if (hist[0][0], hist[-1][0]) != (rec["min_cycles"], rec["max_cycles"]):
        return "histogram %d..%d, figure %s..%s" % (hist[0][0], hist[-1][0], rec["min_cycles"],
                                                    rec["max_cycles"])
    total = sum(v * c for v, c in hist)
    if (total * 100 + n // 2) // n != round(rec["avg_cycles"] * 100):
        return "histogram average %.2f, figure %s" % (total / n, rec["avg_cycles"])
    return None


class Job:
    def __init__(self, kernel, xlen, elf):
        self.kernel, self.xlen, self.elf = kernel, xlen, elf
        self.name = os.path.basename(elf)[:-4]
        self.case = self.name.split(".")[0]
        self.variant = self.name.split(".")[1] if "." in self.name else None
        base = elf[:-4]
        self.profile = self.stats = self.trace = self.probe = None
        self.irq_off = base + ".irqoff.json"  # the run's interrupt-disabled windows
        # The interrupt latency again by the simulator (tempo-sim --measure, nothing added to
        # the firmware): from the interrupt's assertion (the IRQ_AT cycle the firmware set) to
        # the handler's counter read, i.e. the firmware's own sample; every value kept.
        if self.case == F.PROBE_CASE:
            read = elfinfo.counter_read(elf, F.PROBE_HANDLER)
            if read is not None:
                self.probe = (base + ".measure.json",
                              "%s=irq:ext,0x%x" % (F.PROBE_NAME, read))
        if self.case.startswith("cs_"):
            self.profile, self.stats = base + ".profile.json", base + ".stats.json"
            if self.case == "cs_yield" and self.variant == F.CS_VARIANTS[0]:
                self.trace = base + ".trace"

    def command(self, sim):
        cmd = [sim, "--soc", "paper", "--max-cycles", str(F.MAX_CYCLES)]
        if self.profile:
            cmd += ["--profile-json", self.profile, "--stats-json", self.stats]
        if self.trace:
            cmd += ["--trace-file", self.trace]
        if self.probe:
            cmd += ["--stats-json", self.probe[0], "--measure", self.probe[1]]
        return cmd + ["--irq-off-json", self.irq_off, self.elf]


def run_job(sim, job):
    t0 = time.time()
    p = subprocess.run(job.command(sim), capture_output=True, text=True)
    head, recs, sizes, notes, fail, done = parse_output(p.stdout)
    ok = p.returncode == 0 and done and fail is None
    if ok and job.probe:
        probe_histogram(job, recs)
    if not ok and fail is None:
        last = (p.stdout.strip().splitlines() or [""])[-1]
        err = p.stderr.strip()[-200:]
        fail = "exit status %d: %s" % (p.returncode, err or last or "no output")
    try:
        irq_off = elfinfo.load_json(job.irq_off)["irq_off"]
    except (OSError, ValueError, KeyError):
        irq_off = None
    return {"kernel": job.kernel, "xlen": job.xlen, "image": job.name, "ok": ok,
            "exit": p.returncode, "fail": fail, "seconds": round(time.time() - t0, 3),
            "records": recs, "sizes": sizes, "notes": notes, "job": job, "irq_off": irq_off}


IRQ_OFF_METRIC = "longest interrupt-disabled window"


def irq_off_record(kernel, xlen, runs):
    """The longest interrupt-disabled window of a kernel's runs at one width (tempo-sim
    --irq-off-json: busy cycles with mstatus.MIE 0, WFI waits apart; sim/observe/irqoff.h), or None."""
    best = None
    for r in runs:
        for w in (r.get("irq_off") or {}).get("windows", []):
            if best is None or w["cycles"] > best[1]["cycles"]:
                best = (r["image"], w)
    if best is None:
        return None
    image, w = best
    return {"kernel": kernel, "xlen": xlen, "cache": "none", "suite": "irq-off",
            "metric": IRQ_OFF_METRIC, "max_cycles": w["cycles"],
            "start_function": w["start_function"], "start_by": w["start_by"],
            "end_function": w["end_function"], "end_by": w["end_by"], "image": image,
            "images": len(runs)}


def add_bounds(records, path):
    """bound_cycles of the Tempo kernel-metric records from make wcet's wcet.json, and the
    interrupt latency bound of Tempo's irq-off records (docs/wcet.md)."""
    try:
        with open(path) as f:
            w = json.load(f)
    except (OSError, ValueError):
        print("bench: no static bounds (%s; make wcet)" % path, file=sys.stderr)
        return
    by = {(b["metric"], b["xlen"]): b for b in w.get("records", [])}
    for r in records:
        if r["kernel"] != "tempo" or r.get("cache", "none") != "none":
            continue
        b = by.get((r["metric"], r["xlen"]))
        if r["suite"] == "kernel-metrics" and b:
            r["bound_cycles"] = b["bound_cycles"]
        lat = w.get("interrupt_latency", {}).get(str(r["xlen"]))
        if r["suite"] == "irq-off" and lat:
            r["latency_bound_cycles"] = lat["bound_cycles"]
            lw = lat.get("longest_window")
            if lw:
                r["latency_bound_window"] = "%s (%s) to %s" % (lw["start_function"],
                                                               lw["start_by"], lw["end"])
        # the Rhealstone latencies, each below its build's bound (docs/wcet.md)
        config = RH_LATENCY_CONFIG.get(r["metric"]) if r["suite"] == "rhealstone" else None
        lat = w.get("configurations", {}).get(config, {}).get(str(r["xlen"])) \
            if config != "default" else lat
        if config and lat and "longest_window" in lat:
            r["latency_bound_cycles"] = lat["bound_cycles"]


RH_LATENCY_CONFIG = {"interrupt latency": "default", F.RH_NESTING_ALONE: "nesting",
                     "nested interrupt latency": "nesting", F.RH_DIRECT_LATENCY: "direct"}


def probe_histogram(job, recs):
    """Attach the simulator's samples of the probed metric to its record as a histogram
    ([cycles, count] pairs), when they are the firmware's: same count, and min, max and mean
    all apart by one offset.  The probe ends when the handler's counter-reading instruction
    issues; the firmware's read returns mcycle as that instruction reads it, a few cycles
    later on this core (the counter is read in ID, docs/timing.md "Clock and counters"), the
    same few for every sample of one code path: the histogram is the probe's values moved by
    that offset.  Otherwise the record keeps none (the check "seeing" fails) and stderr says
    why."""
    rec = next((r for r in recs if r["metric"] == F.PROBE_METRIC and r.get("min_cycles") is not None), None)
    try:
        m = next(p for p in elfinfo.load_json(job.probe[0])["measures"] if p["name"] == F.PROBE_NAME)
    except (OSError, ValueError, KeyError, StopIteration):
        m = None
    if rec is None or m is None or not m.get("values"):
        return
    vals = m["values"]
    off = rec["min_cycles"] - vals[0][0]
    total = sum(v * c for v, c in vals)
    if (m["count"] == rec["samples"] and vals[-1][0] + off == rec["max_cycles"]
            and abs(total / m["count"] + off - rec["avg_cycles"]) < 0.01):
        rec["histogram"] = [[v + off, c] for v, c in vals]
    else:
        print("bench: %s rv%d %s: the simulator's %d samples (%s..%s) are not the firmware's %d "
              "(%s..%s): no histogram" % (job.kernel, job.xlen, job.name, m["count"], vals[0][0],
                                          vals[-1][0], rec["samples"], rec["min_cycles"],
                                          rec["max_cycles"]), file=sys.stderr)


def progress(msg, quiet, final=False):
    if quiet:
        return
    if sys.stderr.isatty():
        sys.stderr.write("\r\033[K" + msg + ("\n" if final else ""))
    else:
        sys.stderr.write(msg + "\n")
    sys.stderr.flush()


def analyse(kernel, xlen, runs_by_name, ksyms):
    """Context-switch record and the analysis data of one kernel at one width."""
    switch_sym, trap_sym, data_re = ksyms
    recs, data = [], {"kernel": kernel, "xlen": xlen}
    a, b = F.CS_VARIANTS
    ya = runs_by_name.get("cs_yield." + a)
    if ya and ya["ok"] and ya["job"].trace and switch_sym:
        samples = elfinfo.switch_cycles(ya["job"].trace, ya["job"].elf, switch_sym)
        if samples:
            recs.append({"suite": "context-switch", "metric": "minimal context switch",
                         "avg_cycles": round(sum(samples) / len(samples), 2),
                         "min_cycles": min(samples), "max_cycles": max(samples),
                         "samples": len(samples), "histogram": elfinfo.histogram(samples)})
    for path in ("cs_yield", "cs_preempt"):
        ra, rb = runs_by_name.get(path + "." + a), runs_by_name.get(path + "." + b)
        if not (ra and rb and ra["ok"] and rb["ok"]):
            continue
        events = rb["notes"]["rounds"] - ra["notes"]["rounds"]
        pa, pb = elfinfo.load_json(ra["job"].profile), elfinfo.load_json(rb["job"].profile)
        sa, sb = elfinfo.load_json(ra["job"].stats), elfinfo.load_json(rb["job"].stats)
        data[path] = {"events": events, "functions": elfinfo.profile_delta(pa, pb, events),
                      "stats": elfinfo.stats_delta(sa, sb, events)}
    any_run = ya or next(iter(runs_by_name.values()), None)
    if any_run:
        elf = any_run["job"].elf
        data["sizes"] = dict(any_run["sizes"])
        first = switch_sym.split(",")[0]
        data["switch_frame"] = elfinfo.frame(elf, first) if first else None
        data["trap_frame"] = elfinfo.frame(elf, trap_sym) if trap_sym else None
        data["switch_sym"], data["trap_sym"] = first, trap_sym
        data["data_symbols"] = elfinfo.data_sizes(elf, data_re)
    return recs, data


def shape(kernel, xlen, rec):
    """A firmware record in the one shape of its suite (results.schema.json)."""
    out = {"kernel": kernel, "xlen": xlen, "cache": "none", "suite": rec["suite"],
           "metric": rec["metric"]}
    if rec["suite"] == "thread-metric":
        out.update(count=rec["count"], period_cycles=rec["period_cycles"],
                   cycles_per_operation=round(rec["period_cycles"] / rec["count"], 2)
                   if rec["count"] else None)
        return out
    if rec["suite"] == "rhealstone":
        variant = rec["metric"].endswith(F.VARIANT_SUFFIX)
        out["test"] = rec["metric"][:-len(F.VARIANT_SUFFIX)] if variant else rec["metric"]
        out["method"] = (F.METHOD_DIRECT if variant else
                         F.METHOD_DIRECT_MEASURE if rec.get("min_cycles") is not None
                         else F.METHOD_LOOP)
    out.update(avg_cycles=rec["avg_cycles"], min_cycles=rec.get("min_cycles"),
               max_cycles=rec.get("max_cycles"), samples=rec["samples"])
    if rec["suite"] == "context-switch" or rec.get("histogram"):
        out["histogram"] = rec.get("histogram", [])
    if "tick_samples" in rec:
        out.update(tick_samples=rec["tick_samples"], max_with_tick=rec["max_with_tick"])
    return out


def publish(kernel, xlen, run_records, notes):
    """The records of one run as published, and the variants left out with the reason.  A
    Rhealstone variant (direct overhead also subtracted) is published only when its remainder is
    at least F.VARIANT_MIN_SHARE of the test's figure (bench/suites/rhealstone.c)."""
    recs = [shape(kernel, xlen, r) for r in run_records]
    canonical = {r["metric"]: r for r in recs
                 if r["suite"] == "rhealstone" and r["method"] != F.METHOD_DIRECT}
    out, omitted = [], []
    for r in recs:
        if r["suite"] == "rhealstone" and r["method"] == F.METHOD_DIRECT:
            base = canonical.get(r["test"])
            if base is None or r["avg_cycles"] < F.VARIANT_MIN_SHARE * base["avg_cycles"]:
                direct = notes.get("direct_overhead")
                omitted.append({
                    "kernel": kernel, "xlen": xlen, "suite": "rhealstone", "metric": r["metric"],
                    "reason": "the direct overhead (%s%s) is not clearly smaller than the %s "
                              "itself (%s cycles per event): on this kernel that operation does "
                              "the event's work, so subtracting it leaves no cost to report" % (
                                  F.DIRECT_OVERHEAD.get(r["test"], "?"),
                                  ", %s cycles" % render.fmt_int(direct) if direct is not None
                                  else "", r["test"],
                                  render.fmt_avg(base["avg_cycles"]) if base else "?")})
                continue
        out.append(r)
    return out, omitted


def command_line(cmd):
    """First line of a command's output, or None when it cannot run or fails."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return None
    text = (p.stdout or p.stderr).strip().splitlines()
    return text[0].strip() if p.returncode == 0 and text else None


def git_state():
    commit = command_line(["git", "rev-parse", "HEAD"]) or "unknown"
    try:
        p = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True, timeout=20)
        dirty = p.returncode == 0 and bool(p.stdout.strip())
    except (OSError, subprocess.SubprocessError):
        dirty = False
    return {"commit": commit, "dirty": dirty}


def freertos_version(tree):
    if not tree:
        return None
    try:
        with open(os.path.join(tree, "include", "task.h")) as f:
            m = re.search(r'#define\s+tskKERNEL_VERSION_NUMBER\s+"([^"]*)"', f.read())
        return m.group(1) if m else None
    except OSError:
        return None


def tool_versions(args):
    import matplotlib
    sim = command_line([args.sim, "--version"])
    return {"compiler": command_line([args.cc, "--version"]) or args.cc,
            "tempo_sim": sim or "tempo-sim built from this tree (no --version)",
            "freertos": freertos_version(args.freertos_dir),
            "python": sys.version.split()[0], "matplotlib": matplotlib.__version__}


def load_native(specs):
    """{kernel: object} of the native benchmarks named KERNEL=FILE (a missing or unreadable
    file is left out, with a line on stderr)."""
    out = {}
    for spec in specs or []:
        kernel, _, path = spec.partition("=")
        try:
            with open(path) as f:
                out[kernel] = json.load(f)
        except (OSError, ValueError) as e:
            print("bench: no native benchmark of %s: %s" % (kernel, e), file=sys.stderr)
    return out


def results_object(records, omitted, tools, native=None):
    return {"schema_version": F.SCHEMA_VERSION,
            "generated": datetime.datetime.now(datetime.timezone.utc)
                         .replace(microsecond=0).isoformat().replace("+00:00", "Z"),
            "git": git_state(), "tools": tools,
            "core": {"soc": "paper", "clock_hz": F.CLOCK_HZ},
            "kernels": sorted({r["kernel"] for r in records}, key=lambda k: (k != "tempo", k)),
            "records": records, "omitted": omitted, "native": native or {}}


def load_previous(out):
    """(results object, runs, analysis) of a results directory; empty ones when absent or
    of an older layout."""
    empty = {"records": [], "omitted": []}
    try:
        with open(os.path.join(out, "results.json")) as f:
            results = json.load(f)
        with open(os.path.join(out, "runs.json")) as f:
            runs = json.load(f)
        with open(os.path.join(out, "analysis.json")) as f:
            analysis = json.load(f)
    except (OSError, ValueError):
        return empty, [], []
    if not isinstance(results, dict) or results.get("schema_version") != F.SCHEMA_VERSION:
        return empty, [], []
    return results, runs, analysis


def cmd_run(args):
    t_start = time.time()
    kernels = {}
    for spec in args.kernel:
        parts = (spec.split(":", 3) + ["", "", ""])[:4]
        kernels[parts[0]] = tuple(parts[1:])
    jobs = []
    for k in kernels:
        for x in (32, 64):
            d = os.path.join(args.build, k, "rv%d" % x)
            if os.path.isdir(d):
                jobs += [Job(k, x, os.path.join(d, f)) for f in sorted(os.listdir(d))
                         if f.endswith(".elf")]
    if not jobs:
        print("bench: no images under %s for %s (build them with make bench-fw)"
              % (args.build, ", ".join(kernels)), file=sys.stderr)
        return 1
    results = []
    done = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = [pool.submit(run_job, args.sim, j) for j in jobs]
        for fut in concurrent.futures.as_completed(futs):
            r = fut.result()
            results.append(r)
            done += 1
            progress("[%3d/%d] %-8s rv%d %-16s %s %5.2fs  (%.0fs elapsed)"
                     % (done, len(jobs), r["kernel"], r["xlen"], r["image"],
                        "ok  " if r["ok"] else "FAIL", r["seconds"], time.time() - t_start),
                     args.quiet)
    progress("ran %d images in %.1fs" % (len(jobs), time.time() - t_start), args.quiet, True)

    records, omitted, runs, analysis = [], [], [], []
    for k in kernels:
        for x in (32, 64):
            mine = {r["image"]: r for r in results if r["kernel"] == k and r["xlen"] == x}
            for name in sorted(mine):
                r = mine[name]
                recs, left_out = publish(k, x, r["records"], r["notes"])
                records += recs
                omitted += left_out
                runs.append({key: r[key] for key in ("kernel", "xlen", "image", "ok", "exit",
                                                     "fail", "seconds", "notes", "sizes")})
            if mine:
                io = irq_off_record(k, x, list(mine.values()))
                if io:
                    records.append(io)
                cs, data = analyse(k, x, mine, kernels[k])
                records += [shape(k, x, c) for c in cs]
                analysis.append(data)
    if args.footprint:
        for k in kernels:
            records += footprint.records(args.footprint, k)
    if args.wcet and "tempo" in kernels:
        add_bounds(records, args.wcet)
    # keep the previous results of configured kernels not run this time (KERNEL=...); drop
    # those of kernels no longer configured (FreeRTOS without FREERTOS_DIR)
    keep = set(args.keep_kernels.split()) - set(kernels)
    old, old_runs, old_an = load_previous(args.out)
    records = [r for r in old["records"] if r["kernel"] in keep] + records
    omitted = [o for o in old.get("omitted", []) if o["kernel"] in keep] + omitted
    runs = [r for r in old_runs if r["kernel"] in keep] + runs
    analysis = [a for a in old_an if a["kernel"] in keep] + analysis
    tools = tool_versions(args)
    for kv in args.kernel_version:
        k, _, v = kv.partition("=")
        tools[k] = v or None
    if not tools["freertos"] and "freertos" in keep:
        tools["freertos"] = old.get("tools", {}).get("freertos")
    nat = {k: v for k, v in old.get("native", {}).items() if k in keep}
    nat.update(load_native(args.native))
    obj = results_object(records, omitted, tools, nat)
    os.makedirs(args.out, exist_ok=True)
    for name, data in (("results.json", obj), ("runs.json", runs), ("analysis.json", analysis)):
        with open(os.path.join(args.out, name), "w") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
    for k in kernels:
        timeline_svg(args.sim, args.build, args.out, k)
    ctx = write_reports(args.out, obj, runs, analysis, args.no_freertos_reason,
                        time.time() - t_start)
    failed = [r for r in results if not r["ok"]]
    if not args.quiet:
        print(render.terminal(ctx))
        more = K.text(ctx)
        if more:
            print("\n" + more)
        for r in failed:
            print("FAILED %s rv%d %s: %s" % (r["kernel"], r["xlen"], r["image"], r["fail"]))
        print("results: %s/{results.json,results.csv,analysis.md,report.html}" % args.out)
        print("ran %d images and wrote the report in %.1f s (%d failed)"
              % (len(results), time.time() - t_start, len(failed)))
    return 1 if failed else 0


TIMELINE_SVG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools",
                            "timeline-svg.py")


def timeline_svg(sim, build, out, kernel):
    """timeline-<kernel>.svg in out: a window of the F.TIMELINE_CASE image at RV32 (tempo-sim
    --timeline from F.TIMELINE_FROM, then tools/timeline-svg.py).  The path, or None (why on
    stderr) when the image, the run or the window is missing."""
    elf = os.path.join(build, kernel, "rv32", F.TIMELINE_CASE + ".elf")
    tl = os.path.join(out, "timeline-%s.json" % kernel)
    svg = os.path.join(out, "timeline-%s.svg" % kernel)
    if not os.path.exists(elf):
        return None
    if os.path.exists(svg):
        os.remove(svg)  # never an earlier run's beside this run's figures
    subprocess.run([sim, "--soc", "paper", "--max-cycles", str(F.TIMELINE_MAX_CYCLES),
                    "--timeline", tl, "--trace-from", F.TIMELINE_FROM, elf],
                   capture_output=True, text=True)
    try:
        events = [e for e in elfinfo.load_json(tl)["traceEvents"] if e.get("ph") == "X"]
    except (OSError, ValueError, KeyError):
        events = []
    p = None
    if events:
        # ts: microseconds of the 100 MHz core, a whole cycle / 100
        first = min(round(e["ts"] * 100) for e in events)
        irqs = [round(e["ts"] * 100) for e in events if e.get("cat") == "interrupt"]
        lo = max(first, min(irqs) - F.TIMELINE_WINDOW // 2) if irqs else first
        p = subprocess.run([sys.executable, TIMELINE_SVG, tl, "--from", str(lo), "--to",
                            str(lo + F.TIMELINE_WINDOW), "--width", "960", "-o", svg],
                           capture_output=True, text=True)
    if os.path.exists(tl):
        os.remove(tl)  # megabytes; the SVG is what the report keeps
    if p is None or p.returncode != 0:
        print("bench: no timeline of %s for %s%s" % (F.TIMELINE_CASE, kernel,
              ": " + p.stderr.strip() if p else ""), file=sys.stderr)
        return None
    return svg


def write_reports(out, results, runs, analysis, no_freertos_reason, seconds, draw=True):
    """results.csv, analysis.md and report.html from the results; returns the context."""
    from . import report  # matplotlib and Jinja2: only when a report is written
    render.write_csv(os.path.join(out, "results.csv"), results["records"])
    ctx = render.Context(results, runs, analysis, no_freertos_reason, seconds)
    with open(os.path.join(out, "analysis.md"), "w") as f:
        f.write(render.analysis_markdown(ctx))
        more = K.markdown(ctx)
        if more:
            f.write("\n" + more + "\n")
    timelines = {}
    for k in ctx.kernels:
        try:
            with open(os.path.join(out, "timeline-%s.svg" % k)) as f:
                timelines[k] = f.read()
        except OSError:
            pass
    from . import cachesweep
    with open(os.path.join(out, "report.html"), "w") as f:
        f.write(report.html(ctx, draw, timelines, cachesweep.load(out, draw)))
    return ctx


def cmd_render(args):
    """Regenerate the tables and reports of a results directory without running anything."""
    results, runs, analysis = load_previous(args.out)
    if not results["records"]:
        print("bench: no results in %s (run make bench first)" % args.out, file=sys.stderr)
        return 1
    ctx = write_reports(args.out, results, runs, analysis, args.no_freertos_reason,
                        sum(r["seconds"] for r in runs))
    if not args.quiet:
        print(render.terminal(ctx))
        more = K.text(ctx)
        if more:
            print("\n" + more)
    return 0


def cmd_readme(args):
    """Rewrite the generated figures of README.md and docs/ from a results directory."""
    results, runs, analysis = load_previous(args.out)
    if not results["records"]:
        print("bench: no results in %s (run make bench first)" % args.out, file=sys.stderr)
        return 1
    ctx = render.Context(results, runs, analysis)
    missing = docs_kernels_missing(ctx)
    if missing:
        print("bench: the figures in README.md and docs/ are left as they are: this run has no %s "
              "(make bench %s)" % (" or ".join(missing), " ".join(
                  "%s_DIR=..." % k.upper() for k in missing)))
        return 0
    for page in docfigures.PAGES:
        with open(page) as f:
            text = f.read()
        new = docfigures.generate(text, ctx)
        if new != text:
            with open(page, "w") as f:
                f.write(new)
            print("bench: figures written into %s" % page)
    return 0


def docs_kernels_missing(ctx):
    """The kernels README.md's figures show that ctx did not measure."""
    with open(docfigures.PAGES[0]) as f:
        head = f.read()
    return [k for k in render.NAMES if "| %s RV32 |" % render.name(k) in head
            and k not in ctx.kernels]


# ---------------------------------------------------------------- make test assertions

NEGATIVE = re.compile(r"^-\d")


def signed_columns_ok(header, cell):
    """A cell that may be signed: a percentage (an overhead or a difference to an anchor) or a
    column of differences between the widths ("RV64 minus RV32")."""
    return cell.endswith("%") or "minus" in header


class TableScan(html.parser.HTMLParser):
    """The tables of an HTML page: [(header cells, [row cells])]."""

    def __init__(self):
        super().__init__()
        self.tables, self.cell, self.row = [], None, None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append(([], []))
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self.cell = ""

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None and self.row is not None:
            self.row.append((tag, self.cell.strip()))
            self.cell = None
        elif tag == "tr" and self.row is not None and self.tables:
            head, rows = self.tables[-1]
            if all(t == "th" for t, _ in self.row):
                head[:] = [c for _, c in self.row]
            else:
                rows.append([c for _, c in self.row])
            self.row = None


def negative_cells(tables):
    """(header, cell) of every negative figure outside the signed columns."""
    bad = []
    for head, rows in tables:
        for row in rows:
            for i, cell in enumerate(row):
                h = head[i] if i < len(head) else ""
                if NEGATIVE.match(cell) and not signed_columns_ok(h, cell):
                    bad.append((h, cell, row[0]))
    return bad


def markdown_tables(text):
    tables, head, rows = [], None, None
    for line in text.splitlines():
        if not line.startswith("|"):
            if head is not None:
                tables.append((head, rows))
            head = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if head is None:
            head, rows = cells, []
        elif not all(set(c) <= set("-:") for c in cells):
            rows.append(cells)
    if head is not None:
        tables.append((head, rows))
    return tables


def published_figures_problems(out):
    """Every published per-event figure is a cycle count of something: no negative figure in
    results.json, results.csv, analysis.md or the report's tables (signed columns apart:
    percentages and "RV64 minus RV32" differences), every omitted variant explained, and each
    Rhealstone test's published figure measured the paper's way.  Returns the problems found."""
    bad = []
    results, runs, _ = load_previous(out)
    if not results["records"]:
        return ["no results in %s" % out]
    for r in results["records"]:
        for key in ("avg_cycles", "min_cycles", "max_cycles", "max_with_tick", "count",
                    "period_cycles"):
            v = r.get(key)
            if v is not None and v < 0:
                bad.append("results.json: %s rv%d %s %s %s = %s" % (
                    r["kernel"], r["xlen"], r["suite"], r["metric"], key, v))
        if r["suite"] == "rhealstone" and r["metric"] in F.RH_TESTS and \
                r.get("method") == F.METHOD_DIRECT:
            bad.append("results.json: %s rv%d %s is not measured the paper's way" % (
                r["kernel"], r["xlen"], r["metric"]))
    for o in results.get("omitted", []):
        if not o.get("reason"):
            bad.append("results.json: %s rv%d %s left out without a reason" % (
                o["kernel"], o["xlen"], o["metric"]))
        if re.search(r"(?<![\w.])-\d", o.get("reason", "")):
            bad.append("results.json: the reason for %s prints a negative figure" % o["metric"])
    for k in {r["kernel"] for r in results["records"]}:
        for x in (32, 64):
            for m in F.RH_TESTS:
                if not any(r["kernel"] == k and r["xlen"] == x and r["metric"] == m
                           for r in results["records"]):
                    bad.append("results.json: no %s %s at rv%d" % (k, m, x))
    with open(os.path.join(out, "results.csv")) as f:
        rows = list(csv.reader(f))
    for h, cell, first in negative_cells([(rows[0], rows[1:])] if rows else []):
        bad.append("results.csv: %s %s = %s" % (first, h, cell))
    with open(os.path.join(out, "analysis.md")) as f:
        text = f.read()
    for h, cell, first in negative_cells(markdown_tables(text)):
        bad.append("analysis.md: %s, %s = %s" % (first, h, cell))
    scan = TableScan()
    with open(os.path.join(out, "report.html")) as f:
        scan.feed(f.read())
    for h, cell, first in negative_cells(scan.tables):
        bad.append("report.html: %s, %s = %s" % (first, h, cell))
    return bad


def docs_figures_check(results_dir):
    results, runs, analysis = load_previous(results_dir)
    ctx = render.Context(results, runs, analysis)
    missing = docs_kernels_missing(ctx)
    if missing:
        print("the figures in README.md and docs/ were not checked: they show %s, which this run "
              "did not measure (set %s)" % (" and ".join(render.name(k) for k in missing), " ".join(
                  k.upper() + "_DIR" for k in missing)))
        return 77
    bad = []
    for page in docfigures.PAGES:
        with open(page) as f:
            bad += docfigures.problems(page, f.read(), ctx)
    for b in bad:
        print("FAIL: " + b)
    if not bad:
        print("every generated figure in %s equals this tree's run" % ", ".join(docfigures.PAGES))
    return 1 if bad else 0


def cmd_check(args):
    if args.name == "published-figures":
        bad = published_figures_problems(args.results)
        for b in bad:
            print("FAIL: " + b)
        if not bad:
            print("every published figure in %s is a cycle count; omitted variants explained"
                  % args.results)
        return 1 if bad else 0
    if args.name == "schema":
        return validate(os.path.join(args.results, "results.json"))
    if args.name == "docs-figures":
        return docs_figures_check(args.results)
    results, runs, _ = load_previous(args.results)
    recs = results["records"]
    by = {(r["suite"], r["metric"], r["xlen"]): r for r in recs if r["kernel"] == "tempo"}
    bad = []

    def need(suite, metric, xlen):
        r = by.get((suite, metric, xlen))
        if r is None:
            bad.append("%s %s rv%d: no result" % (suite, metric, xlen))
        return r

    name = args.name
    if name.startswith("selfcheck-"):
        suite, xlen = name[len("selfcheck-"):].rsplit("-", 1)
        xlen = int(xlen)
        prefix = [p for p, s in F.SUITE_OF_PREFIX.items() if s == suite]
        if not prefix:
            print("bench check: unknown suite %s" % suite, file=sys.stderr)
            return 2
        mine = [r for r in runs if r["kernel"] == "tempo" and r["xlen"] == xlen
                and r["image"].startswith(prefix[0] + "_")]
        if not mine:
            bad.append("no %s image ran at rv%d" % (suite, xlen))
        for r in mine:
            if not r["ok"]:
                bad.append("%s rv%d: %s" % (r["image"], xlen, r["fail"]))
        omitted = {o["metric"] for o in results.get("omitted", [])
                   if o["kernel"] == "tempo" and o["xlen"] == xlen}
        for m in F.ORDER[suite]:
            if m not in omitted:
                need(suite, m, xlen)
        print("%d of %d %s images passed their self-checks at rv%d"
              % (len([r for r in mine if r["ok"]]), len(mine), suite, xlen))
    elif name == "seeing":
        seeing_problems(args.results, results, bad)
    elif name == "wcet-bounds":
        wcet_problems(recs, bad)
    elif name == "irq-off":
        for k in results.get("kernels", []):
            for x in (32, 64):
                r = next((r for r in recs if (r["kernel"], r["xlen"], r["suite"]) ==
                          (k, x, "irq-off")), None)
                if r is None or r["max_cycles"] <= 0:
                    bad.append("%s rv%d: no interrupt-disabled window measured" % (k, x))
                    continue
                print("%s rv%d: longest interrupt-disabled window %d cycles, %s to %s (%s)"
                      % (k, x, r["max_cycles"], r["start_function"], r["end_function"],
                         r["image"]))
    elif name in budgets.GROUPS:
        for group, item, value, budget, ok in budgets.evaluate(recs):
            if group != name:
                continue
            print("%-60s %12s  budget %-18s %s" % (item, value, budget, "ok" if ok else "OVER BUDGET"))
            if not ok:
                bad.append("%s: %s (budget %s)" % (item, value, budget))
    else:
        print("bench check: unknown check %s" % name, file=sys.stderr)
        return 2
    for b in bad:
        print("FAIL: " + b)
    return 1 if bad else 0


def wcet_problems(recs, bad):
    """Every Tempo kernel metric with a static bound (all but those docs/wcet.md leaves out)
    at both widths, and no measured maximum above its bound: a bound below a measurement is
    a defect of the analysis or of the model."""
    for r in recs:
        if (r["kernel"], r["suite"], r.get("cache", "none")) != ("tempo", "kernel-metrics", "none"):
            continue
        b = r.get("bound_cycles")
        if b is None:
            if r["metric"] not in F.NO_BOUND:
                bad.append("%s rv%d: no static bound" % (r["metric"], r["xlen"]))
            continue
        print("%-8s rv%d: measured max %6d, bound %6d, ratio %.2f" % (
            r["metric"], r["xlen"], r["max_cycles"], b, b / max(1, r["max_cycles"])))
        if r["max_cycles"] > b:
            bad.append("%s rv%d: measured %d above the bound %d" % (r["metric"], r["xlen"],
                                                                  r["max_cycles"], b))
    for r in recs:
        lat = r.get("latency_bound_cycles")
        if r["suite"] == "irq-off" and lat is not None and r["max_cycles"] > lat:
            bad.append("%s rv%d: an interrupt-disabled window of %d cycles, above the latency "
                       "bound %d" % (r["kernel"], r["xlen"], r["max_cycles"], lat))
        if r["suite"] == "rhealstone" and lat is not None:
            print("%-35s rv%d: measured max %6d, latency bound %6d"
                  % (r["metric"], r["xlen"], r["max_cycles"], lat))
            if r["max_cycles"] > lat:
                bad.append("%s rv%d: measured %d above the latency bound %d"
                           % (r["metric"], r["xlen"], r["max_cycles"], lat))


def seeing_problems(out, results, bad):
    """What the report shows of the samples behind the figures: every kernel's interrupt
    latency at both widths has the simulator's per-interrupt histogram, and every kernel
    metric the firmware's histogram, each exactly the samples of its figure (count, min, max,
    average: histogram_problem); the report draws each where it has more than one value; every
    kernel has its timeline window (interrupt handlers and at least two threads; one row for
    the program of a kernel the simulator does not know: F.SIM_THREAD_AWARE) in the page."""
    kernels = results.get("kernels", [])
    spread = False
    spread_km = set()
    for k in kernels:
        for x in (32, 64):
            r = next((r for r in results["records"] if r["kernel"] == k and r["xlen"] == x
                      and r["suite"] == "rhealstone" and r["metric"] == F.PROBE_METRIC), None)
            if r is None:
                bad.append("%s rv%d: no interrupt latency" % (k, x))
                continue
            h = r.get("histogram")
            if not h:
                bad.append("%s rv%d: no histogram of the interrupt latency" % (k, x))
                continue
            n = sum(c for _, c in h)
            avg = sum(v * c for v, c in h) / n
            if (n, h[0][0], h[-1][0]) != (r["samples"], r["min_cycles"], r["max_cycles"]) \
                    or abs(avg - r["avg_cycles"]) >= 0.01:
                bad.append("%s rv%d: histogram %d samples %s..%s avg %.2f, figure %d samples "
                           "%s..%s avg %s" % (k, x, n, h[0][0], h[-1][0], avg, r["samples"],
                                              r["min_cycles"], r["max_cycles"], r["avg_cycles"]))
            spread |= len(h) > 1
            print("%s rv%d interrupt latency: %d samples in %d values, as the firmware's"
                  % (k, x, n, len(h)))
        for x in (32, 64):
            values = []
            for r in results["records"]:
                if (r["kernel"], r["xlen"], r["suite"]) != (k, x, "kernel-metrics") \
                        or r.get("cache", "none") != "none":
                    continue
                h = r.get("histogram")
                problem = histogram_problem(r, h) if h else "no histogram"
                if problem:
                    bad.append("%s rv%d %s: %s" % (k, x, r["metric"], problem))
                    continue
                values.append("%s %d" % (r["metric"], len(h)))
                if len(h) > 1:
                    spread_km.add(r["metric"])
            print("%s rv%d kernel metrics, distinct values of each exact histogram: %s"
                  % (k, x, ", ".join(values) or "none"))
    try:
        with open(os.path.join(out, "report.html")) as f:
            page = f.read()
    except OSError:
        page = ""
        bad.append("no report.html")
    if spread and "Interrupt latency: cycles of every interrupt" not in page:
        bad.append("report.html: no interrupt latency histogram")
    for m in sorted(spread_km):
        if 'aria-label="%s"' % (F.HIST_TITLE % m) not in page:
            bad.append("report.html: no histogram of %s" % m)
    for k in kernels:
        try:
            with open(os.path.join(out, "timeline-%s.svg" % k)) as f:
                svg = f.read()
        except OSError:
            bad.append("no timeline-%s.svg" % k)
            continue
        rows = re.findall(r'text-anchor="end">([^<]*)</text>', svg)
        threads = [r for r in rows if r not in ("cycle", "interrupts")]
        want = 2 if k in F.SIM_THREAD_AWARE else 1
        if "interrupts" not in rows or len(threads) < want:
            bad.append("timeline-%s.svg: rows %s (interrupts and %s expected)"
                       % (k, rows, "two threads" if want == 2 else "the program"))
        if svg.strip() not in page:
            bad.append("report.html does not embed timeline-%s.svg" % k)
        print("%s timeline: rows %s" % (k, ", ".join(rows)))


def validate(path):
    """results.json against results.schema.json (jsonschema)."""
    import jsonschema
    with open(SCHEMA) as f:
        schema = json.load(f)
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        print("FAIL: %s: %s" % (path, e))
        return 1
    validator = jsonschema.Draft7Validator(schema)
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    for e in errors[:20]:
        print("FAIL: %s at %s: %s" % (path, "/".join(str(p) for p in e.absolute_path) or "(top)",
                                      e.message[:300]))
    if not errors:
        print("%s matches %s (schema_version %s, %d records)" % (
            path, os.path.relpath(SCHEMA), data.get("schema_version"), len(data["records"])))
    return 1 if errors else 0


def main():
    ap = argparse.ArgumentParser(prog="python3 -m report",
                                 description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--sim", required=True)
    r.add_argument("--build", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--jobs", type=int, default=2)
    r.add_argument("--kernel", action="append", required=True,
                   help="NAME:SWITCH_SYMBOL:TRAP_SYMBOL:DATA_REGEX")
    r.add_argument("--quiet", action="store_true")
    r.add_argument("--no-freertos-reason", default=None)
    r.add_argument("--keep-kernels", default="",
                   help="configured kernels whose previous results are kept when not run")
    r.add_argument("--cc", default="riscv64-unknown-elf-gcc", help="the cross compiler")
    r.add_argument("--freertos-dir", default=None, help="the FreeRTOS-Kernel tree")
    r.add_argument("--native", action="append", default=[],
                   help="KERNEL=FILE: the JSON of a kernel's own benchmark (rmp/native.py, "
                        "threadx/native.py)")
    r.add_argument("--kernel-version", action="append", default=[],
                   help="KERNEL=VERSION of a kernel other than Tempo and FreeRTOS")
    r.add_argument("--footprint", default=None,
                   help="the footprint images' directory (bench/footprint/footprint.mk)")
    r.add_argument("--wcet", default=None, help="make wcet's wcet.json: the static bounds")
    d = sub.add_parser("render")
    d.add_argument("--out", required=True)
    d.add_argument("--no-freertos-reason", default=None)
    d.add_argument("--quiet", action="store_true", help="write the reports, print nothing")
    c = sub.add_parser("check")
    c.add_argument("name")
    c.add_argument("--results", required=True)
    m = sub.add_parser("readme")
    m.add_argument("--out", required=True)
    v = sub.add_parser("validate")
    v.add_argument("path")
    args = ap.parse_args()
    if args.cmd == "validate":
        return validate(args.path)
    return {"run": cmd_run, "render": cmd_render, "check": cmd_check,
            "readme": cmd_readme}[args.cmd](args)
