"""make test-threadx-crosscheck: ThreadX's own Thread-Metric against Tempo's suite on ThreadX.

Runs both (bench/report/native.py, with profiles) and asserts that the cycles spent inside
ThreadX per round agree within TOLERANCE in every test whose work is the same, and that the
one stated exception goes the stated way (docs/benchmarks.md "Native benchmarks"): at RV64 the
original's messages are 32 bytes (TX_4_ULONG), the suite's 16, so the original spends more in
the kernel per round.  Basic processing does different work and makes no kernel call: skipped.
usage: crosscheck.py SIM BENCH_BUILD NATIVE_DIR_32 NATIVE_DIR_64 SIM_OPTIONS"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench", "report"))
import native  # noqa: E402
import render  # noqa: E402

TOLERANCE = 0.06
SKIP = {"Basic Single Thread Processing Test"}
LARGER_OWN = {("Message Processing Test", 64)}


def main(argv):
    sim, build, d32, d64, opts = argv[1:6]
    records = []
    for x, d in ((32, d32), (64, d64)):
        recs, runs = native.run(sim, "threadx|%d|Thread-Metric|%s|%s|^_tx_" % (x, opts, d), build)
        bad = [r for r in runs if not r["ok"]]
        if bad:
            print("FAIL %s rv%d: %s" % (bad[0]["image"], x, bad[0]["fail"]))
            return 1
        records += recs
    # the suite's own figures, from the same images native.run profiled
    for r in list(records):
        same = native.TM_SAME.get(r["metric"])
        if not same:
            continue
        image = os.path.join(build, "threadx", "rv%d" % r["xlen"], native.SUITE_CASE[same] + ".elf")
        out = subprocess.run([sim, "--soc", "paper", image], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if line.startswith("RESULT suite=thread-metric"):
                kv = dict(w.split("=", 1) for w in line.split()[1:])
                records.append({"kernel": "threadx", "xlen": r["xlen"], "suite": "thread-metric",
                                "metric": same, "count": int(kv["count"]),
                                "period_cycles": int(kv["period_cycles"])})
    ctx = render.Context({"records": records, "omitted": []}, [], [])
    failed = 0
    for rec, theirs, mine, kt, km in native.crosscheck_rows(ctx):
        name, x = rec["metric"], rec["xlen"]
        if name in SKIP:
            continue
        if kt is None or km is None:
            print("FAIL %s RV%d: no kernel share (profiles)" % (name, x))
            failed += 1
            continue
        diff = km / kt - 1
        if (name, x) in LARGER_OWN:
            ok = kt > km * (1 + TOLERANCE)
            why = "the original's 32-byte messages cost more inside ThreadX than the suite's 16"
        else:
            ok = abs(diff) <= TOLERANCE
            why = "within %.0f%%" % (100 * TOLERANCE)
        print("%s %s RV%d: inside ThreadX %.1f (own) / %.1f (suite) cycles per round, %+.1f%%: %s"
              % ("ok  " if ok else "FAIL", name, x, kt, km, 100 * diff, why))
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
