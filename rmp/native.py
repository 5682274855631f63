#!/usr/bin/env python3
"""RMP's own benchmark (Source/Test/rmp_benchmark.c, built unmodified) on tempo-sim's paper
core at RV32 and RV64, beside the row RMP publishes for the CH32V307VC (RV32IMAC, GCC -O3),
read from RMP's own test header (Include/Test/Chip/rmp_test_ch32v307vc.h) in RMP_DIR.

usage: native.py SIM BUILD_DIR [--soc paper|virt] [--xlens 32,64] [--rmp-dir DIR] [--md FILE]
                 [--json FILE] [--check] [--cross-check BENCH_DIR]
  runs BUILD_DIR/<soc>-32/rmp-benchmark.elf and <soc>-64/, prints the table (the columns of
  RMP's benchmark table), writes it as markdown and JSON; --check: exit 1 unless every image
  passed (exit 0, the DONE line, every column, no error line, min <= avg <= max);
  --cross-check: also Tempo's kernel-metric suite on RMP against RMP's own figures (LAYER_MAX)."""
import argparse
import json
import re
import subprocess
import sys

# RMP's table columns, in its order, and the line of rmp_benchmark.c that prints each.
COLUMNS = [
    ("Yield", "Yield"),
    ("Mail", "Mailbox"),
    ("Sem", "Semaphore"),
    ("FIFO", "FIFO"),
    ("Msgq", "Message queue"),
    ("Bmq", "Blocking message queue"),
    ("Mail/I", "ISR Mailbox"),
    ("Sem/I", "ISR Semaphore"),
    ("Msgq/I", "ISR Message queue"),
    ("Bmq/I", "ISR Blocking message queue"),
    ("Mem", "Memory allocation/free pair"),
    ("Alrm", "Alarm combination (1/2/3/5/7)"),
]
ROW = re.compile(r"^(.*\S)\s*:\s*(\d+)\s*/\s*(\d+)\s*/\s*(\d+)\s*$")
# Lines rmp_benchmark.c prints only when something went wrong.
ERROR = re.compile(r"error|failed|failure|reentered|panic", re.IGNORECASE)
DONE = "rmp-benchmark: DONE"


def parse(text):
    """{line name: (avg, max, min)} of one benchmark output."""
    rows = {}
    for line in text.replace("\r", "").splitlines():
        m = ROW.match(line)
        if m:
            rows[m.group(1).strip()] = tuple(int(m.group(i)) for i in (2, 3, 4))
    return rows


def published(rmp_dir):
    """The CH32V307VC's first published table (FPU disabled) from RMP's test header, or {}."""
    if not rmp_dir:
        return {}
    try:
        with open(f"{rmp_dir}/Include/Test/Chip/rmp_test_ch32v307vc.h", encoding="utf-8",
                  errors="replace") as f:
            text = f.read()
    except OSError:
        return {}
    # The header's comment holds two tables; the first is the RV32IMAC row of RMP's table.
    first = text.split("Test (number in CPU cycles)")[1] if "Test (number" in text else ""
    first = first.split("GCC")[0]
    return parse(first)


def run(sim, image, soc):
    # On the paper SoC the image links for a 64 KiB instruction memory
    # (rmp/board/paper-imem64k.ld).
    mem = ["--imem-size", "64K"] if soc == "paper" else []
    p = subprocess.run([sim, "--soc", soc, *mem, "--max-cycles", "2000000000", image],
                       capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout + p.stderr


def problems(rc, text, rows):
    out = []
    if rc != 0:
        out.append(f"exit status {rc}")
    if DONE not in text.replace("\r", "").splitlines():
        out.append(f"no line '{DONE}'")
    for line in text.replace("\r", "").splitlines():
        if ERROR.search(line):
            out.append(f"error line: {line.strip()}")
    for col, name in COLUMNS:
        if name not in rows:
            out.append(f"no {col} line ({name})")
            continue
        avg, mx, mn = rows[name]
        if not 0 < mn <= avg <= mx:
            out.append(f"{col}: not 0 < min {mn} <= avg {avg} <= max {mx}")
    return out


# The cross-check (docs/rmp.md "Cross-check"): Tempo's kernel-metric suite on RMP against RMP's
# own benchmark, per column timing the same kernel path.  The suite's figure is RMP's own plus
# the benchmark layer on that path: never below it, and above it by at most the layer's cost,
# bounded here (cycles).  Mem and Alrm measure other quantities (docs/rmp.md) and are shown, not
# bounded.
LAYER_MAX = {"Yield": 100, "Mail": 100, "Sem": 100, "FIFO": 100, "Mail/I": 100, "Sem/I": 100,
             # the layer also copies the 16-byte message into a slot and out
             "Msgq": 160, "Bmq": 160, "Msgq/I": 160, "Bmq/I": 160}
RESULT = re.compile(r"^RESULT suite=kernel-metrics metric=(\S+) avg=([0-9.]+)")


def cross_check(sim, bench_dir, xlen, own):
    """Problems of the cross-check at one width: the suite's km_* images for RMP
    (BENCH_DIR/rmp/rv<xlen>/) against RMP's own figures `own` ({column: (avg, max, min)})."""
    bad = []
    for col, name in COLUMNS:
        if col not in LAYER_MAX:
            continue
        image = "%s/rmp/rv%s/km_%s.elf" % (bench_dir, xlen, col.lower().replace("/i", "_i"))
        p = subprocess.run([sim, "--soc", "paper", image], capture_output=True, text=True,
                           timeout=600)
        suite = next((float(m.group(2)) for m in map(RESULT.match, p.stdout.splitlines())
                      if m and m.group(1) == col), None)
        if p.returncode != 0 or suite is None or name not in own:
            bad.append("%s RV%s: no figure (suite image exit %d)" % (col, xlen, p.returncode))
            continue
        diff = suite - own[name][0]
        ok = 0 <= diff <= LAYER_MAX[col]
        print("cross-check RV%s %-6s own %5d  suite %8.2f  suite - own %+7.2f  (0 .. %d) %s"
              % (xlen, col, own[name][0], suite, diff, LAYER_MAX[col], "ok" if ok else "FAIL"))
        if not ok:
            bad.append("%s RV%s: suite %.2f - own %d = %+.2f, outside 0 .. %d"
                       % (col, xlen, suite, own[name][0], diff, LAYER_MAX[col]))
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sim")
    ap.add_argument("build")
    ap.add_argument("--rmp-dir", default="")
    ap.add_argument("--md")
    ap.add_argument("--json")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--xlens", default="32,64")
    ap.add_argument("--cross-check", metavar="BENCH_DIR",
                    help="also run the suite's kernel-metric images for RMP under BENCH_DIR and "
                         "check them against RMP's own figures (exit 1 when one is off)")
    ap.add_argument("--soc", default="paper", choices=["paper", "virt"],
                    help="the SoC the images were built for (BUILD_DIR/<soc>-<xlen>/)")
    a = ap.parse_args()
    result = {"benchmark": "rmp_benchmark.c", "columns": [c for c, _ in COLUMNS],
              "method": "RMP's own benchmark, unmodified, 10,000 rounds per column, average "
                        "cycles from mcycle, -O3, RMP's CH32V307VC configuration",
              "widths": {}, "published": {}}
    failed = False
    for xlen in a.xlens.split(","):
        image = f"{a.build}/{a.soc}-{xlen}/rmp-benchmark.elf"
        rc, text = run(a.sim, image, a.soc)
        rows = parse(text)
        bad = problems(rc, text, rows)
        if bad:
            failed = True
            print(text)
            for b in bad:
                print(f"rmp-benchmark RV{xlen}: {b}")
        if a.cross_check:
            for b in cross_check(a.sim, a.cross_check, xlen, rows):
                failed = True
                print("rmp cross-check: " + b)
        result["widths"][f"rv{xlen}"] = {
            c: {"avg": rows[n][0], "max": rows[n][1], "min": rows[n][2]}
            for c, n in COLUMNS if n in rows}
    pub = published(a.rmp_dir)
    result["published"]["CH32V307VC RV32IMAC GCC -O3"] = {
        c: pub[n][0] for c, n in COLUMNS if n in pub}

    header = ["", *[c for c, _ in COLUMNS]]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for key, row in result["widths"].items():
        lines.append(f"| paper core {key.upper()} (tempo-sim --soc {a.soc}) | " +
                     " | ".join(str(row[c]["avg"]) if c in row else "-" for c, _ in COLUMNS) + " |")
    for key, row in result["published"].items():
        lines.append(f"| {key} (RMP's table) | " +
                     " | ".join(str(row[c]) if c in row else "TBD" for c, _ in COLUMNS) + " |")
    table = "\n".join(lines)
    print("RMP's own benchmark (rmp_benchmark.c), average cycles")
    print(table)
    if a.md:
        with open(a.md, "w") as f:
            f.write("# RMP's benchmark on the paper core\n\n" + table + "\n")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(result, f, indent=1)
    if a.check and failed:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
