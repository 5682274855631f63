"""Each kernel's own benchmark, run unmodified beside Tempo's suites, and the cross-check of
the two where they measure the same thing (docs/benchmarks.md "Native benchmarks").

A kernel's make fragment names its native images with
    --native 'KERNEL|XLEN|BENCHMARK|SIM OPTIONS|DIRECTORY|KERNEL FUNCTIONS'
(every .elf of DIRECTORY is run with tempo-sim --soc paper and the options, with
--profile-json; KERNEL FUNCTIONS is a regular expression of the kernel's own function names).
An image prints one line per figure:
    TMNATIVE test="<the test's own title>" count=<operations> period_cycles=<cycles>
(Thread-Metric's tests, threadx/tm/tm_board.c), kept in results.json under the benchmark's own
names: suite "native", the benchmark, the test's own title as metric.
"""
import json
import os
import re
import shlex
import subprocess
import time

import render as R

SUITE = "native"
LINE = re.compile(r'^TMNATIVE test="([^"]+)" count=(\d+) period_cycles=(\d+)$')
# Thread-Metric's own test titles and the same tests of Tempo's suite (bench/suites/tmetric.c).
TM_SAME = {
    "Basic Single Thread Processing Test": "basic processing",
    "Cooperative Scheduling Test": "cooperative scheduling",
    "Preemptive Scheduling Test": "preemptive scheduling",
    "Interrupt Processing Test": "interrupt processing",
    "Interrupt Preemption Processing Test": "interrupt preemption processing",
    "Message Processing Test": "message processing",
    "Synchronization Processing Test": "synchronization processing",
    "Memory Allocation Test": "memory allocation",
}


# Operations per round of a test: the original's "Time Period Total" of the two interrupt
# tests counts the handler's runs (one per round); Tempo's suite adds every counter of the
# test (the thread's and the handler's; with interrupt preemption also the resumed thread's).
# Every other test counts alike.  The cross-check compares cycles per round.
SUITE_OPS_PER_ROUND = {"interrupt processing": 2, "interrupt preemption processing": 3}
# Tempo's suite image of each Thread-Metric test (bench/bench.mk BENCH_CASES_tm).
SUITE_CASE = {"basic processing": "tm_basic", "cooperative scheduling": "tm_coop",
              "preemptive scheduling": "tm_preempt", "interrupt processing": "tm_irq",
              "interrupt preemption processing": "tm_irqpre", "message processing": "tm_msg",
              "synchronization processing": "tm_sync", "memory allocation": "tm_mem"}


def parse_spec(spec):
    parts = spec.split("|")
    if len(parts) != 6 or parts[1] not in ("32", "64"):
        raise ValueError("--native wants KERNEL|XLEN|BENCHMARK|SIM OPTIONS|DIRECTORY|KERNEL "
                         "FUNCTIONS, not %r" % spec)
    return parts[0], int(parts[1]), parts[2], shlex.split(parts[3]), parts[4], parts[5]


def kernel_share(profile_path, functions):
    """The share of a run's cycles spent in the kernel's own functions (tempo-sim
    --profile-json), or None."""
    try:
        with open(profile_path) as f:
            prof = json.load(f)
    except (OSError, ValueError):
        return None
    pat = re.compile(functions)
    total = prof.get("total_cycles") or 0
    mine = sum(fn["cycles"] for fn in prof.get("functions", []) if pat.search(fn["name"]))
    return mine / total if total else None


def run(sim, spec, build=None):
    """(records, runs) of one --native spec; with build (the suites' image tree), each record
    whose test Tempo's suite also runs gets the kernel's share of both runs' cycles
    (kernel_share, suite_kernel_share), from profiles of the two images."""
    kernel, xlen, bench, opts, d, functions = parse_spec(spec)
    records, runs = [], []
    images = sorted(f for f in os.listdir(d) if f.endswith(".elf")) if os.path.isdir(d) else []
    for image in images:
        t0 = time.time()
        prof = os.path.join(d, image[:-4] + ".profile.json")
        p = subprocess.run([sim, "--soc", "paper", "--profile-json", prof] + opts
                           + [os.path.join(d, image)], capture_output=True, text=True)
        found = [LINE.match(line) for line in p.stdout.splitlines()]
        found = [m for m in found if m]
        ok = p.returncode == 0 and len(found) == 1
        for m in found:
            count, period = int(m.group(2)), int(m.group(3))
            rec = {"kernel": kernel, "xlen": xlen, "suite": SUITE, "benchmark": bench,
                   "metric": m.group(1), "count": count, "period_cycles": period,
                   "cycles_per_operation": round(period / count, 2) if count else None}
            share = kernel_share(prof, functions)
            same = TM_SAME.get(m.group(1))
            if build and same and share is not None:
                ours = os.path.join(build, kernel, "rv%d" % xlen, SUITE_CASE[same] + ".elf")
                oprof = os.path.join(d, image[:-4] + ".suite-profile.json")
                q = subprocess.run([sim, "--soc", "paper", "--profile-json", oprof, ours],
                                   capture_output=True, text=True)
                oshare = kernel_share(oprof, functions) if q.returncode == 0 else None
                if oshare is not None:
                    rec["kernel_share"] = round(share, 4)
                    rec["suite_kernel_share"] = round(oshare, 4)
            records.append(rec)
        last = (p.stdout.strip().splitlines() or [""])[-1]
        runs.append({"kernel": kernel, "xlen": xlen, "image": "native/" + image[:-4], "ok": ok,
                     "exit": p.returncode, "fail": None if ok else "exit status %d: %s"
                     % (p.returncode, last or "no TMNATIVE line"),
                     "seconds": round(time.time() - t0, 3), "notes": {}, "sizes": {}})
    return records, runs


def crosscheck_rows(ctx):
    """Per native figure whose test Tempo's suite also runs on that kernel: (record, cycles
    per round by the kernel's own benchmark, by Tempo's suite, the kernel's own functions'
    cycles per round in each, or None where not profiled)."""
    rows = []
    for r in ctx.records:
        if r["suite"] != SUITE or r["metric"] not in TM_SAME:
            continue
        same = TM_SAME[r["metric"]]
        ours = ctx.get(r["kernel"], "thread-metric", same, r["xlen"])
        mine = (ours["period_cycles"] / ours["count"] * SUITE_OPS_PER_ROUND.get(same, 1)
                if ours and ours["count"] else None)
        theirs = r["cycles_per_operation"]
        kt = theirs * r["kernel_share"] if theirs and "kernel_share" in r else None
        km = mine * r["suite_kernel_share"] if mine and "suite_kernel_share" in r else None
        rows.append((r, theirs, mine, kt, km))
    return rows


def pct(a, b):
    return "-" if not a or not b else R.signed_pct(100.0 * (b / a - 1))


def tables(ctx):
    """The native figures of each kernel and their cross-check against Tempo's suite."""
    out = []
    order = list(TM_SAME)
    for k in ctx.kernels:
        rows = [r for r in crosscheck_rows(ctx) if r[0]["kernel"] == k]
        if not rows:
            continue
        body = []
        for rec, theirs, mine, kt, km in sorted(rows, key=lambda r: (order.index(r[0]["metric"]),
                                                                      r[0]["xlen"])):
            body.append([rec["metric"], "RV%d" % rec["xlen"], R.fmt_int(rec["count"]),
                         R.fmt_avg(theirs), R.fmt_avg(mine and round(mine, 2)), pct(theirs, mine),
                         R.fmt_avg(kt and round(kt, 1)), R.fmt_avg(km and round(km, 1)),
                         pct(kt, km)])
        out.append(R.Table(
            "%s's own benchmark (%s, unmodified) beside the same tests of Tempo's suite on %s: "
            "cycles per round" % (R.name(k), rows[0][0]["benchmark"], R.name(k)),
            ["test", "width", "operations (own, last period)", "own", "Tempo's suite",
             "suite vs own", "kernel: own", "kernel: suite", "kernel: suite vs own"], body,
            "Cycles per round = period / operations, with the suite's count of the interrupt "
            "tests divided by the counters it adds per round (2, 3), as the original counts the "
            "handler's runs only. kernel: the cycles per round spent in the kernel's own "
            "functions (tempo-sim --profile-json of both images), the rest being each "
            "benchmark's porting layer and test loop. Every difference is explained in "
            "docs/benchmarks.md \"Native benchmarks\".",
            align=["l", "l"] + ["r"] * 7, tid="native-%s" % k))
    return out
