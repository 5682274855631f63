"""A small but complete benchmark run, made up: the records, runs and analysis the report
tool's tests (tests/) and its browser test (browsertest.py) render and check, and the
results directory make bench would leave with them."""
import json
import os
import subprocess
import sys

from . import bench
from . import figures as F

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# FreeRTOS's Rhealstone task switch as the firmware printed it at RV32 and RV64 before the
# canonical figure became the paper's method: the "direct overhead" (a yield with nobody else
# ready) is itself a whole switch on FreeRTOS, so subtracting it left -10.76 and 4.63 cycles.
FREERTOS_SWITCH = {
    32: "BENCH kernel=freertos xlen=32 suite=rhealstone case=rh_switch\n"
        "RESULT suite=rhealstone metric=task_switch avg=319.24 samples=1998\n"
        "RESULT suite=rhealstone metric=task_switch_(direct_overhead_subtracted) avg=-10.76 "
        "samples=1998\nNOTE elapsed=643900\nNOTE loop_overhead=6050\nNOTE direct_overhead=330\n"
        "DONE\n",
    64: "BENCH kernel=freertos xlen=64 suite=rhealstone case=rh_switch\n"
        "RESULT suite=rhealstone metric=task_switch avg=451.63 samples=1998\n"
        "RESULT suite=rhealstone metric=task_switch_(direct_overhead_subtracted) avg=4.63 "
        "samples=1998\nNOTE elapsed=908400\nNOTE loop_overhead=6050\nNOTE direct_overhead=447\n"
        "DONE\n",
}


def fixture():
    """A small but complete run: both kernels, both widths, every suite."""
    records, omitted, runs, analysis = [], [], [], []
    for k in ("tempo", "freertos"):
        for x in (32, 64):
            out = ["BENCH kernel=%s xlen=%d" % (k, x)]
            for i, m in enumerate(F.KM_ORDER):
                out.append("RESULT suite=kernel-metrics metric=%s avg=%d.50 min=%d max=%d "
                           "samples=100" % (m, 100 + i, 99 + i, 120 + i))
                if m != "Alrm":
                    out.append("TICK suite=kernel-metrics metric=%s samples=%d max=%d"
                               % (m, 1 + i, 130 + i))
            for m in F.RH_TESTS:
                if m == "interrupt latency":
                    out.append("RESULT suite=rhealstone metric=interrupt_latency avg=108 min=108 "
                               "max=110 samples=1000")
                elif k == "freertos" and m == "task switch":
                    continue
                else:
                    out.append("RESULT suite=rhealstone metric=%s avg=300.00 samples=999"
                               % m.replace(" ", "_"))
                    if m in F.DIRECT_OVERHEAD:
                        out.append("RESULT suite=rhealstone metric=%s avg=200.00 samples=999"
                                   % (m + F.VARIANT_SUFFIX).replace(" ", "_"))
            if k == "tempo":  # the nesting image: Tempo's only (FreeRTOS: no row)
                for m in F.RH_NESTED + [F.RH_DIRECT_LATENCY]:
                    out.append("RESULT suite=rhealstone metric=%s avg=82.00 min=82 max=82 "
                               "samples=1000" % m.replace(" ", "_"))
            for i, m in enumerate(F.TM_ORDER):
                out.append("RESULT suite=thread-metric metric=%s count=%d period_cycles=10000000"
                           % (m.replace(" ", "_"), 20000 + 1000 * i + x))
            out.append("DONE")
            _, recs, _, notes, fail, done = bench.parse_output("\n".join(out))
            assert fail is None and done
            pub, left = bench.publish(k, x, recs, notes)
            records += pub
            omitted += left
            if k == "freertos":
                _, recs, _, notes, _, _ = bench.parse_output(FREERTOS_SWITCH[x])
                pub, left = bench.publish(k, x, recs, notes)
                records += pub
                omitted += left
            records.append(bench.shape(k, x, {
                "suite": "context-switch", "metric": "minimal context switch",
                "avg_cycles": 90.5, "min_cycles": 89, "max_cycles": 92, "samples": 4,
                "histogram": [[89, 2], [90, 1], [92, 1]]}))
            runs.append({"kernel": k, "xlen": x, "image": "rh_switch", "ok": True, "exit": 0,
                         "fail": None, "seconds": 0.1, "notes": {}, "sizes": {"tcb": 84}})
            analysis.append({"kernel": k, "xlen": x, "cs_yield": {
                "events": 100,
                "functions": [{"function": "switch", "cycles": 80.0, "instructions": 50.0},
                              {"function": "stack_scan", "cycles": -40.0, "instructions": -9.0}],
                "stats": {"cycles": 123.0, "instructions": 70.0, "base": 70.0,
                          "stalls": {"jump": 18.0, "mispredict": -21.78, "store": 20.0}}},
                "sizes": {"tcb": 84}})
    tools = {"compiler": "cc 1", "tempo_sim": "tempo-sim 1", "freertos": "V11.1.0",
             "python": "3", "matplotlib": "3"}
    return bench.results_object(records, omitted, tools), runs, analysis


def fixture_dir(out, draw=True):
    """results/ as make bench leaves it, from the report tool's fixture: FreeRTOS slower on
    most figures and faster on one (a ratio below 1 in the speed-up chart), the cached run,
    and a small sweep merged by tools/sweep.py; draw=False leaves the page's charts out."""
    results, runs, analysis = fixture()
    for r in results["records"]:
        if r["kernel"] != "freertos":
            continue
        f = 0.8 if r["metric"] == "Mem" else 3.0 + r["xlen"] / 64
        for k in ("avg_cycles", "min_cycles", "max_cycles"):
            if r.get(k) is not None:
                r[k] = round(r[k] * f, 2) if k == "avg_cycles" else int(r[k] * f)
        if r.get("count") is not None:
            r["count"] = int(r["count"] / f)
    os.makedirs(out, exist_ok=True)
    for name, obj in (("results.json", results), ("runs.json", runs), ("analysis.json", analysis)):
        with open(os.path.join(out, name), "w") as f:
            json.dump(obj, f)
    cached = []
    for r in results["records"]:
        if r["suite"] not in ("kernel-metrics", "rhealstone", "thread-metric"):
            continue
        warm = dict(r, cache="I$ 4K:32:2 D$ 4K:32:2", state="warm")
        for k in ("avg_cycles", "max_cycles"):
            if warm.get(k) is not None:
                warm[k] = round(warm[k] * 1.2, 2)
        cached.append(warm)
        if r["suite"] == "kernel-metrics" and r.get("max_cycles") is not None:
            cached.append(dict(r, cache=warm["cache"], state="cold",
                               avg_cycles=r["avg_cycles"] * 3, max_cycles=r["max_cycles"] * 4))
    with open(os.path.join(out, "cache.json"), "w") as f:
        json.dump({"cache": "I$ 4K:32:2 D$ 4K:32:2", "options": "--icache 4K:32:2 --dcache "
                   "4K:32:2 --mem-latency 20", "records": cached, "runs": []}, f)
    # a sweep: 2 widths x 3 caches, its outputs as the jobs would write them, merged for real
    sw = os.path.join(out, "sweep-work")
    os.makedirs(os.path.join(sw, "out"), exist_ok=True)
    jobs = []
    for x in (32, 64):
        for i, c in enumerate(("none", "1K:32:2", "4K:32:2")):
            j = {"id": len(jobs) + 1, "kernel": "tempo", "xlen": x, "bench": "rh_switch",
                 "cache": c, "mem": "" if c == "none" else "20:1:4", "set": "",
                 "default_params": True, "image": "x.elf", "args": []}
            jobs.append(j)
            with open(os.path.join(sw, "out", "%04d.out" % j["id"]), "w") as f:
                f.write("RESULT suite=rhealstone metric=task_switch avg=%.2f samples=999\nEXIT 0\n"
                        % (93 + 40 * i + x / 16))
    with open(os.path.join(sw, "jobs.json"), "w") as f:
        json.dump({"sweep": "fixture", "description": "the browser test's sweep",
                   "chart": {"kind": "overhead", "title": "fixture", "metrics": ["task switch"]},
                   "jobs": jobs}, f)
    p = subprocess.run([sys.executable, os.path.join(TOP, "tools", "sweep.py"), "merge", "--out", sw,
                        "--quiet", "--copy-chart", os.path.join(out, "fixture.svg"),
                        "--copy-results", os.path.join(out, "sweep-fixture.json")],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit("FAIL: sweep.py merge of the fixture: " + p.stderr)
    bench.write_reports(out, results, runs, analysis, None, 1.0, draw=draw)
    return os.path.join(out, "report.html")
