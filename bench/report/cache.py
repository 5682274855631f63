"""The benchmark suites on a cached configuration (docs/caches.md).

  python3 -m report.cache run  --sim SIM --build DIR --out DIR --options 'TEMPO-SIM OPTIONS' --kernel K ...
  python3 -m report.cache test --sim SIM --build DIR --results DIR

`run` runs every kernel-metric, Rhealstone and Thread-Metric image of each kernel at both
widths with the cache options (the average, caches warm as a running system has them), and
the cold variants (bench/bench.mk: the caches put in their worst state before every sample,
so their maximum is the worst case from a cold cache), and prints them beside the figures
without caches of DIR/results.json.  Writes DIR/cache.json (records: kernel, xlen, suite,
metric, cache, state = "warm" | "cold", and the figures in results.json's shape), cache.csv
and cache.md.  Exit status 1 when an image failed its self-checks.

`test` (make test): with caches in front of a free memory (latency 0, beat 0) the Tempo
images give exactly the figures of DIR (a run without caches), and the cold variants pass
their self-checks with a worst case above the warm one."""
import argparse
import concurrent.futures
import csv
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

from . import bench  # parse_output, the firmware's result lines
from . import figures as F

WARM_PREFIXES = ("km_", "rh_", "tm_")
# ... but not the nested interrupt latency: its high-priority interrupt is armed a fixed number
# of cycles ahead so as to arrive inside the low-priority handler of the uncached core; with
# misses that cost cycles it arrives before that handler runs, and the image fails its own
# check (it would measure no nesting).
CACHE_SKIP = ("rh_nlatency.elf",)
# Rhealstone figures that subtract a direct overhead timed once (one operation, with the caches
# in another state than during the test's loop) mean nothing with caches: the tables leave them
# out (the records of all are in cache.json).


def rh_shown(metric):
    suffix = getattr(F, "VARIANT_SUFFIX", None)
    if suffix:  # the variants that subtract it carry a suffix
        return not metric.endswith(suffix)
    return metric not in ("task switch", "task preempt", "deadlock break",
                          "intertask message latency")


FIGURES = ("avg_cycles", "min_cycles", "max_cycles", "samples", "count", "period_cycles")


def images(build, kernel, xlen):
    """(state, path) of the images a cached run measures."""
    d = os.path.join(build, kernel, "rv%d" % xlen)
    out = []
    if os.path.isdir(d):
        out += [("warm", os.path.join(d, f)) for f in sorted(os.listdir(d))
                if f.endswith(".elf") and f.startswith(WARM_PREFIXES) and f not in CACHE_SKIP]
    c = os.path.join(d, "cold")
    if os.path.isdir(c):
        out += [("cold", os.path.join(c, f)) for f in sorted(os.listdir(c)) if f.endswith(".elf")]
    return out


def run_one(sim, options, kernel, xlen, state, elf):
    t0 = time.time()
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as tmp:
        stats_path = tmp.name
    cmd = [sim, "--soc", "paper", "--max-cycles", str(F.MAX_CYCLES)] + options + \
          ["--stats-json", stats_path, elf]
    p = subprocess.run(cmd, capture_output=True, text=True)
    try:
        with open(stats_path) as f:
            stats = json.load(f)
    except (OSError, ValueError):
        stats = {}
    os.unlink(stats_path)
    _, recs, _, _, fail, done = bench.parse_output(p.stdout)
    ok = p.returncode == 0 and done and fail is None
    if not ok and fail is None:
        fail = "exit status %d: %s" % (p.returncode, p.stderr.strip()[-200:] or "no output")
    caches = stats.get("caches", {})
    return {"kernel": kernel, "xlen": xlen, "state": state,
            "image": os.path.basename(elf)[:-4], "ok": ok, "fail": fail,
            "seconds": round(time.time() - t0, 3), "cache": stats.get("cache", "?"),
            "cycles": stats.get("cycles"),
            "misses": {k: caches[k]["misses"] for k in ("icache", "dcache") if k in caches},
            "writebacks": caches.get("dcache", {}).get("writebacks"),
            "records": recs}


def run_all(sim, options, build, kernels, jobs, quiet=False):
    todo = [(k, x, s, e) for k in kernels for x in (32, 64) for s, e in images(build, k, x)]
    if not todo:
        return None
    t0, runs = time.time(), []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futs = [pool.submit(run_one, sim, options, *t) for t in todo]
        for n, fut in enumerate(concurrent.futures.as_completed(futs), 1):
            r = fut.result()
            runs.append(r)
            bench.progress("[%3d/%d] cached %-8s rv%d %-5s %-14s %s %5.2fs  (%.0fs elapsed)"
                           % (n, len(todo), r["kernel"], r["xlen"], r["state"], r["image"],
                              "ok  " if r["ok"] else "FAIL", r["seconds"], time.time() - t0),
                           quiet)
    bench.progress("ran %d cached images in %.1fs" % (len(todo), time.time() - t0), quiet, True)
    return runs


def records_of(runs):
    out = []
    for r in sorted(runs, key=lambda r: (r["kernel"], r["xlen"], r["state"], r["image"])):
        for rec in r["records"]:
            out.append(dict({"kernel": r["kernel"], "xlen": r["xlen"], "cache": r["cache"],
                             "state": r["state"]}, **rec))
    return out


def uncached(path):
    """(kernel, suite, metric, xlen) -> record of a results.json without caches (a list of
    records, or an object holding them)."""
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError):
        return {}
    recs = data.get("records", []) if isinstance(data, dict) else data
    return {(r["kernel"], r["suite"], r["metric"], r["xlen"]): r for r in recs
            if r.get("cache", "none") == "none"}


def num(v):
    if v is None:
        return "-"
    return "{:,.1f}".format(v) if v != int(v) else "{:,}".format(int(v))


def pct(a, b):
    return "-" if a is None or b is None or not a else "%+.1f%%" % ((b / a - 1) * 100)


def value(rec, key):
    if rec is None:
        return None
    if rec.get("count") is not None:
        return rec["count"] if key == "avg_cycles" else None
    return rec.get(key)


CACHE_COLUMNS = ["suite", "metric", "no cache RV32", "RV64", "RV64 overhead", "cached RV32", "RV64",
                 "RV64 overhead", "cold avg / worst RV32", "RV64", "RV64 overhead"]


def table_rows(records, base):
    """[(kernel, rows)]: per kernel, one row per figure of CACHE_COLUMNS: without caches,
    with caches (average), cold (average / worst)."""
    by = {(r["kernel"], r["suite"], r["metric"], r["xlen"], r["state"]): r for r in records}
    kernels = sorted({r["kernel"] for r in records}, key=lambda k: (k != "tempo", k))
    out = []
    for k in kernels:
        rows = []
        for suite in ("kernel-metrics", "rhealstone", "thread-metric"):
            for m in F.ORDER[suite]:
                if suite == "rhealstone" and not rh_shown(m):
                    continue
                w32, w64 = by.get((k, suite, m, 32, "warm")), by.get((k, suite, m, 64, "warm"))
                if not (w32 or w64):
                    continue
                n32, n64 = base.get((k, suite, m, 32)), base.get((k, suite, m, 64))
                c32, c64 = by.get((k, suite, m, 32, "cold")), by.get((k, suite, m, 64, "cold"))
                row = [suite, m]
                for a, b in ((n32, n64), (w32, w64)):
                    va, vb = value(a, "avg_cycles"), value(b, "avg_cycles")
                    # Thread-Metric counts operations: RV64's overhead per operation
                    row += [num(va), num(vb), pct(vb, va) if suite == "thread-metric" else pct(va, vb)]
                # cold: the average and the worst case, "avg / worst"
                ca, cb = [(value(c, "avg_cycles"), value(c, "max_cycles")) for c in (c32, c64)]
                if c32 or c64:
                    row += ["%s / %s" % (num(ca[0]), num(ca[1])), "%s / %s" % (num(cb[0]), num(cb[1])),
                            "%s / %s" % (pct(ca[0], cb[0]), pct(ca[1], cb[1]))]
                else:
                    row += ["-", "-", "-"]
                rows.append(row)
        out.append((k, rows))
    return out


def tables(records, base):
    """Markdown tables per kernel: without caches, with caches (average), cold (worst)."""
    out = []
    for k, rows in table_rows(records, base):
        out.append("%s (cycles; Thread-Metric: operations in 100 ms, and RV64's overhead per "
                   "operation)\n" % k)
        out.append("| " + " | ".join(CACHE_COLUMNS) + " |")
        out.append("| --- | --- |" + " ---: |" * (len(CACHE_COLUMNS) - 2))
        out += ["| " + " | ".join(row) + " |" for row in rows]
        out.append("")
    return "\n".join(out)


DOCS = "docs/caches.md"
DOCS_BLOCK = re.compile(r"(<!-- figures: cache -->\n)(.*?)(<!-- /figures -->)", re.S)


def write_docs(text):
    """docs/caches.md's tables from this run: only a run of every kernel the page shows."""
    with open(DOCS) as f:
        page = f.read()
    shown = set(re.findall(r"^(\w+) \(cycles;", DOCS_BLOCK.search(page).group(2), re.M))
    ran = set(re.findall(r"^(\w+) \(cycles;", text, re.M))
    if not shown <= ran:
        print("bench: %s left as it is: this run has no %s" % (DOCS, " or ".join(sorted(shown - ran))))
        return
    new = DOCS_BLOCK.sub(lambda m: m.group(1) + text + m.group(3), page)
    if new != page:
        with open(DOCS, "w") as f:
            f.write(new)
        print("bench: figures written into " + DOCS)


def cmd_run(args):
    t0 = time.time()
    options = shlex.split(args.options)
    runs = run_all(args.sim, options, args.build, args.kernel, args.jobs)
    if runs is None:
        print("bench: no images for %s under %s" % (" ".join(args.kernel), args.build),
              file=sys.stderr)
        return 1
    records = records_of(runs)
    desc = next((r["cache"] for r in runs if r["cache"] != "?"), "?")
    base = uncached(os.path.join(args.out, "results.json"))
    md = ("Caches: `%s` (tempo-sim %s). No cache and cached: averages of the images as in "
          "`make bench`; cold: the average and the maximum (worst case) of samples each taken "
          "right after the caches were put in their worst state (every line invalid, the D$ "
          "full of dirty lines of other data). "
          "Rhealstone: only the figures that subtract no once-timed direct overhead "
          "(cache.json has all).\n\n"
          % (desc, args.options)) + tables(records, base)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "cache.json"), "w") as f:
        json.dump({"cache": desc, "options": args.options, "records": records,
                   "runs": [{k: r[k] for k in r if k != "records"} for r in runs]}, f, indent=1)
        f.write("\n")
    with open(os.path.join(args.out, "cache.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["kernel", "xlen", "suite", "metric", "cache", "state"]
                           + list(FIGURES), extrasaction="ignore")
        w.writeheader()
        w.writerows(records)
    with open(os.path.join(args.out, "cache.md"), "w") as f:
        f.write(md)
    failed = [r for r in runs if not r["ok"]]
    if not failed:
        write_docs(tables(records, base))
    print(md)
    for r in failed:
        print("FAILED cached %s rv%d %s %s: %s" % (r["kernel"], r["xlen"], r["state"], r["image"],
                                                   r["fail"]))
    print("results: %s/cache.{json,csv,md}; %d cached runs in %.1fs (%d failed)"
          % (args.out, len(runs), time.time() - t0, len(failed)))
    return 1 if failed else 0


# ---------------------------------------------------------------- make test

FREE_IMAGES = ("km_yield", "km_sem_i", "km_mem", "rh_switch", "rh_preempt", "rh_ilatency",
               "tm_coop", "tm_irq")
COLD_IMAGES = ("km_yield", "km_mail_i", "rh_ilatency")


def cmd_test(args):
    base = uncached(os.path.join(args.results, "results.json"))
    if not base:
        print("FAIL: no results without caches in %s" % args.results)
        return 1
    bad = []
    # 1: caches in front of a free memory cost nothing: the figures without caches, exactly
    free = ["--icache", "4K:32:2", "--dcache", "4K:32:2", "--mem-latency", "0", "--mem-beat", "0"]
    todo = [("tempo", x, "warm", os.path.join(args.build, "tempo", "rv%d" % x, i + ".elf"))
            for x in (32, 64) for i in FREE_IMAGES]
    cold = ["--icache", "4K:32:2", "--dcache", "4K:32:2"]
    todo_cold = [("tempo", x, "cold", os.path.join(args.build, "tempo", "rv%d" % x, "cold",
                                                   i + ".elf"))
                 for x in (32, 64) for i in COLD_IMAGES]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        runs = list(pool.map(lambda t: run_one(args.sim, free, *t), todo))
        cruns = list(pool.map(lambda t: run_one(args.sim, cold, *t), todo_cold))
    compared = 0
    for r in runs:
        if not r["ok"]:
            bad.append("free memory: %s rv%d: %s" % (r["image"], r["xlen"], r["fail"]))
            continue
        if not r["misses"].get("icache") or not r["misses"].get("dcache"):
            bad.append("free memory: %s rv%d: no cache misses, so no cache modelled" % (r["image"], r["xlen"]))
        for rec in r["records"]:
            b = base.get(("tempo", rec["suite"], rec["metric"], r["xlen"]))
            if b is None:
                bad.append("%s rv%d: no result without caches" % (rec["metric"], r["xlen"]))
                continue
            for key in FIGURES:
                if key in rec and rec[key] != b.get(key):
                    bad.append("free memory: %s %s rv%d: %s %s, without caches %s"
                               % (rec["suite"], rec["metric"], r["xlen"], key, rec[key], b.get(key)))
            compared += 1
    print("caches before a free memory: %d figures of %d images compared with the run without "
          "caches" % (compared, len(runs)))
    # 2: the cold variants pass their checks, and their worst case is above the warm one
    for r in cruns:
        if not r["ok"]:
            bad.append("cold: %s rv%d: %s" % (r["image"], r["xlen"], r["fail"]))
            continue
        for rec in r["records"]:
            b = base.get(("tempo", rec["suite"], rec["metric"], r["xlen"]))
            if b and rec.get("max_cycles") is not None:
                print("cold %-18s rv%d: worst %s, avg %s; without caches worst %s"
                      % (rec["metric"], r["xlen"], rec["max_cycles"], rec["avg_cycles"],
                         b["max_cycles"]))
                if rec["min_cycles"] <= b["max_cycles"]:
                    bad.append("cold: %s rv%d: a sample (%s) no slower than the warm worst (%s)"
                               % (rec["metric"], r["xlen"], rec["min_cycles"], b["max_cycles"]))
    for b in bad:
        print("FAIL: " + b)
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(prog="python3 -m report.cache", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--sim", required=True)
    r.add_argument("--build", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--options", required=True, help="tempo-sim's cache options")
    r.add_argument("--kernel", action="append", required=True)
    r.add_argument("--jobs", type=int, default=2)
    t = sub.add_parser("test")
    t.add_argument("--sim", required=True)
    t.add_argument("--build", required=True)
    t.add_argument("--results", required=True)
    a = ap.parse_args()
    return {"run": cmd_run, "test": cmd_test}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
