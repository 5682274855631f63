#!/usr/bin/env python3
"""The benchmark runner and report generator (issue 5), python3 standard library only.

  bench.py run   --sim SIM --build DIR --out DIR --kernel NAME:SWITCH:TRAP:DATARE ... [--jobs N]
  bench.py render --out DIR       (the reports again from DIR's results, nothing run)
  bench.py check NAME --results DIR

`run` runs every image build/bench/<kernel>/rv<32|64>/*.elf on tempo-sim --soc paper (N at a
time), parses the result lines the firmware prints (bench/common/bench.c), measures the
minimal context switch from an instruction trace, derives the per-switch profile and stall
causes from two runs of different length, and writes results.json, results.csv, runs.json,
analysis.md and report.html; it prints the tables and the total run time.  The previous
results of configured kernels not run this time (--keep-kernels) are kept.  Exit status 1
when any image failed its self-checks (the results of the others are still written).

`check` evaluates one group of test assertions (make test) on a results directory."""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import budgets  # noqa: E402
import elfinfo  # noqa: E402
import figures as F  # noqa: E402
import render  # noqa: E402


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
    result line is a failure of the run (its text becomes `fail`), never a crash."""
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
    return head, recs, sizes, notes, fail, done


class Job:
    def __init__(self, kernel, xlen, elf):
        self.kernel, self.xlen, self.elf = kernel, xlen, elf
        self.name = os.path.basename(elf)[:-4]
        self.case = self.name.split(".")[0]
        self.variant = self.name.split(".")[1] if "." in self.name else None
        base = elf[:-4]
        self.profile = self.stats = self.trace = None
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
        return cmd + [self.elf]


def run_job(sim, job):
    t0 = time.time()
    p = subprocess.run(job.command(sim), capture_output=True, text=True)
    head, recs, sizes, notes, fail, done = parse_output(p.stdout)
    ok = p.returncode == 0 and done and fail is None
    if not ok and fail is None:
        last = (p.stdout.strip().splitlines() or [""])[-1]
        err = p.stderr.strip()[-200:]
        fail = "exit status %d: %s" % (p.returncode, err or last or "no output")
    return {"kernel": job.kernel, "xlen": job.xlen, "image": job.name, "ok": ok,
            "exit": p.returncode, "fail": fail, "seconds": round(time.time() - t0, 3),
            "records": recs, "sizes": sizes, "notes": notes, "job": job}


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
                         "samples": len(samples)})
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


def load_previous(out):
    try:
        with open(os.path.join(out, "results.json")) as f:
            recs = json.load(f)
        with open(os.path.join(out, "runs.json")) as f:
            runs = json.load(f)
        with open(os.path.join(out, "analysis.json")) as f:
            analysis = json.load(f)
        return recs, runs, analysis
    except (OSError, ValueError):
        return [], [], []


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

    records, runs, analysis = [], [], []
    for k in kernels:
        for x in (32, 64):
            mine = {r["image"]: r for r in results if r["kernel"] == k and r["xlen"] == x}
            for name in sorted(mine):
                r = mine[name]
                for rec in r["records"]:
                    records.append(dict({"kernel": k, "xlen": x, "cache": "none"}, **rec))
                runs.append({key: r[key] for key in ("kernel", "xlen", "image", "ok", "exit",
                                                     "fail", "seconds", "notes", "sizes")})
            if mine:
                cs, data = analyse(k, x, mine, kernels[k])
                records += [dict({"kernel": k, "xlen": x, "cache": "none"}, **c) for c in cs]
                analysis.append(data)
    # keep the previous results of configured kernels not run this time (KERNEL=...); drop
    # those of kernels no longer configured (FreeRTOS without FREERTOS_DIR)
    keep = set(args.keep_kernels.split()) - set(kernels)
    old_recs, old_runs, old_an = load_previous(args.out)
    records = [r for r in old_recs if r["kernel"] in keep] + records
    runs = [r for r in old_runs if r["kernel"] in keep] + runs
    analysis = [a for a in old_an if a["kernel"] in keep] + analysis
    os.makedirs(args.out, exist_ok=True)
    for name, obj in (("results.json", records), ("runs.json", runs),
                      ("analysis.json", analysis)):
        with open(os.path.join(args.out, name), "w") as f:
            json.dump(obj, f, indent=1)
            f.write("\n")
    ctx = write_reports(args.out, records, runs, analysis, args.no_freertos_reason,
                        time.time() - t_start)
    failed = [r for r in results if not r["ok"]]
    if not args.quiet:
        print(render.terminal(ctx))
        for r in failed:
            print("FAILED %s rv%d %s: %s" % (r["kernel"], r["xlen"], r["image"], r["fail"]))
        print("results: %s/{results.json,results.csv,analysis.md,report.html}" % args.out)
        print("total run time %.1fs (%d images, %d failed)"
              % (time.time() - t_start, len(results), len(failed)))
    return 1 if failed else 0


def write_reports(out, records, runs, analysis, no_freertos_reason, seconds):
    """results.csv, analysis.md and report.html from the records; returns the context."""
    render.write_csv(os.path.join(out, "results.csv"), records)
    ctx = render.Context(records, runs, analysis, no_freertos_reason)
    with open(os.path.join(out, "analysis.md"), "w") as f:
        f.write(render.analysis_markdown(ctx))
    with open(os.path.join(out, "report.html"), "w") as f:
        f.write(render.report_html(ctx, seconds))
    return ctx


def cmd_render(args):
    """Regenerate the tables and reports of a results directory without running anything."""
    recs, runs, analysis = load_previous(args.out)
    if not recs:
        print("bench: no results in %s (run make bench first)" % args.out, file=sys.stderr)
        return 1
    ctx = write_reports(args.out, recs, runs, analysis, args.no_freertos_reason,
                        sum(r["seconds"] for r in runs))
    print(render.terminal(ctx))
    return 0


# ---------------------------------------------------------------- make test assertions

def cmd_check(args):
    recs, runs, _ = load_previous(args.results)
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
        for m in F.ORDER[suite]:
            need(suite, m, xlen)
        print("%d of %d %s images passed their self-checks at rv%d"
              % (len([r for r in mine if r["ok"]]), len(mine), suite, xlen))
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
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
    d = sub.add_parser("render")
    d.add_argument("--out", required=True)
    d.add_argument("--no-freertos-reason", default=None)
    c = sub.add_parser("check")
    c.add_argument("name")
    c.add_argument("--results", required=True)
    args = ap.parse_args()
    return {"run": cmd_run, "render": cmd_render, "check": cmd_check}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
