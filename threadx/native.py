#!/usr/bin/env python3
"""ThreadX's own benchmark: the original Thread-Metric with ThreadX's porting layer, built
unmodified (threadx/threadx.mk), on tempo-sim's paper core at RV32 and RV64, as results.json
"native" keeps a kernel's own benchmark (bench.py run --native threadx=FILE; the report's
tables: bench/report/kernels.py).

Each image prints one line per report period (threadx/tm/tm_board.c):
    TMNATIVE test="<the test's own title>" count=<operations> period_cycles=<cycles>
A column is a test under its own title; its figure is cycles per operation (period / count).
With profiles (tempo-sim --profile-json) of the image and of Tempo's suite image of the same
test on ThreadX, each column also gets the cycles per operation spent inside ThreadX
("kernel"), and the suite's own figure on ThreadX in the same unit ("suite", "suite_kernel").

usage: native.py SIM BENCH_BUILD TM_DIR_32 TM_DIR_64 --sim-opts OPTIONS [--json FILE]
  TM_DIR_*: the directories of the original's images (build/threadx/tm-32, tm-64);
  BENCH_BUILD: the suites' images (build/bench), for the kernel's share; exit 1 unless every
  image printed its line."""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys

LINE = re.compile(r'^TMNATIVE test="([^"]+)" count=(\d+) period_cycles=(\d+)$')
BENCHMARK = "Thread-Metric with tm_porting_layer_threadx.c"
# ThreadX's own functions, for the profiles: every one of them is named _tx_*.
KERNEL_FUNCTIONS = re.compile(r"^_tx_")
# Thread-Metric's own test titles, in its order; the original's image of each
# (threadx/kernel.mk TX_TESTS_TM) and Tempo's suite image of the same test (bench/bench.mk
# BENCH_CASES_tm).
COLUMNS = [
    ("Basic Single Thread Processing Test", "basic_processing", "tm_basic"),
    ("Cooperative Scheduling Test", "cooperative_scheduling", "tm_coop"),
    ("Preemptive Scheduling Test", "preemptive_scheduling", "tm_preempt"),
    ("Interrupt Processing Test", "interrupt_processing", "tm_irq"),
    ("Interrupt Preemption Processing Test", "interrupt_preemption_processing", "tm_irqpre"),
    ("Message Processing Test", "message_processing", "tm_msg"),
    ("Synchronization Processing Test", "synchronization_processing", "tm_sync"),
    ("Memory Allocation Test", "memory_allocation", "tm_mem"),
]
# Operations per round: the original's "Time Period Total" of the two interrupt tests counts
# the handler's runs (one per round); Tempo's suite adds every counter of the test (the
# thread's and the handler's; with interrupt preemption also the resumed thread's).  Every
# other test counts alike.  Both figures are per round: one of the original's operations.
SUITE_OPS_PER_ROUND = {"tm_irq": 2, "tm_irqpre": 3}


def suite_result(text):
    """(count, period_cycles) of a suite image's Thread-Metric RESULT line, or None."""
    for line in (text or "").splitlines():
        if line.startswith("RESULT suite=thread-metric"):
            kv = dict(w.split("=", 1) for w in line.split()[1:] if "=" in w)
            if int(kv.get("count", 0)):
                return int(kv["count"]), int(kv["period_cycles"])
    return None


def kernel_share(profile_path):
    """The share of a run's cycles spent in ThreadX's own functions, or None."""
    try:
        with open(profile_path) as f:
            prof = json.load(f)
    except (OSError, ValueError):
        return None
    total = prof.get("total_cycles") or 0
    mine = sum(fn["cycles"] for fn in prof.get("functions", [])
               if KERNEL_FUNCTIONS.search(fn["name"]))
    return mine / total if total else None


def run_profiled(sim, opts, image, profile):
    """(stdout, kernel share or None) of one image on the paper core, or (None, None)."""
    p = subprocess.run([sim, "--soc", "paper", "--profile-json", profile] + opts + [image],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return None, None
    return p.stdout, kernel_share(profile)


def measure(sim, build, dirs, opts):
    """(the native object, [problems]) of the images in dirs {xlen: directory}."""
    result = {"benchmark": BENCHMARK,
              "method": "the original's tests and porting layer, unmodified, one report period "
                        "of 1 s at ThreadX's 100 Hz tick; cycles per operation = period / "
                        "operations (docs/threadx.md)",
              "columns": [c for c, _, _ in COLUMNS], "widths": {}, "published": {}}
    problems = []
    for x, d in sorted(dirs.items()):
        width = result["widths"].setdefault("rv%d" % x, {})
        for title, test, case in COLUMNS:
            image = os.path.join(d, "tm_%s.elf" % test)
            out, share = run_profiled(sim, opts, image, image[:-4] + ".profile.json")
            found = [m for m in map(LINE.match, (out or "").splitlines()) if m]
            if len(found) != 1 or found[0].group(1) != title or not int(found[0].group(2)):
                problems.append("rv%d %s: no TMNATIVE line of %r" % (x, image, title))
                continue
            count, period = int(found[0].group(2)), int(found[0].group(3))
            fig = {"avg": round(period / count)}
            ours = os.path.join(build, "threadx", "rv%d" % x, case + ".elf")
            if share is not None and os.path.exists(ours):
                sout, sshare = run_profiled(sim, [], ours, image[:-4] + ".suite-profile.json")
                res = suite_result(sout)
                if sshare is not None and res:
                    mine = res[1] / res[0] * SUITE_OPS_PER_ROUND.get(case, 1)
                    fig.update(kernel=round(period / count * share), suite=round(mine),
                               suite_kernel=round(mine * sshare))
            width[title] = fig
    return result, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sim")
    ap.add_argument("build")
    ap.add_argument("dir32")
    ap.add_argument("dir64")
    ap.add_argument("--sim-opts", default="")
    ap.add_argument("--json")
    a = ap.parse_args()
    result, problems = measure(a.sim, a.build, {32: a.dir32, 64: a.dir64},
                               shlex.split(a.sim_opts))
    for p in problems:
        print("FAIL " + p)
    for title in result["columns"]:
        print("%-40s" % title + "".join(
            "  RV%s %8s" % (w[2:], result["widths"][w].get(title, {}).get("avg", "-"))
            for w in sorted(result["widths"])))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(result, f, indent=1)
            f.write("\n")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
