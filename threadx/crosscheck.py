"""make test-threadx-crosscheck: ThreadX's own Thread-Metric against Tempo's suite on ThreadX.

Runs both (threadx/native.py, with profiles) and asserts that the cycles spent inside ThreadX
per round agree within TOLERANCE in every test whose work is the same, and that the one stated
exception goes the stated way (docs/benchmarks.md "Native benchmarks"): at RV64 the original's
messages are 32 bytes (TX_4_ULONG), the suite's 16, so the original spends more in the kernel
per round.  Basic processing does different work and makes no kernel call: skipped.
usage: crosscheck.py SIM BENCH_BUILD NATIVE_DIR_32 NATIVE_DIR_64 SIM_OPTIONS"""
import shlex
import sys

import native  # the script's folder is first on the module path

TOLERANCE = 0.06
SKIP = {"Basic Single Thread Processing Test"}
LARGER_OWN = {("Message Processing Test", 64)}


def main(argv):
    sim, build, d32, d64, opts = argv[1:6]
    result, problems = native.measure(sim, build, {32: d32, 64: d64}, shlex.split(opts))
    if problems:
        print("FAIL " + problems[0])
        return 1
    failed = 0
    for w, figs in sorted(result["widths"].items()):
        x = int(w[2:])
        for name in result["columns"]:
            if name in SKIP:
                continue
            kt, km = figs[name].get("kernel"), figs[name].get("suite_kernel")
            if not kt or not km:
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
            print("%s %s RV%d: inside ThreadX %d (own) / %d (suite) cycles per round, %+.1f%%: %s"
                  % ("ok  " if ok else "FAIL", name, x, kt, km, 100 * diff, why))
            failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
