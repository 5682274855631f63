#!/usr/bin/env python3
"""The paper comparison: FreeRTOS on tempo-sim beside the paper's Table II.

Runs the paper's Rhealstone experiment (freertos/paper/fr_paper.c, N = 1,000) at RV32 and RV64 on
`tempo-sim --soc paper`, and explains each figure: the same test built with N = 1,000 and
N = 2,000 is run with --stats-json and --profile-json; the difference of the two runs is the
cost of the extra events alone (set-up, printing and the first switches cancel out), split
by function and by stall cause.

Table II is printed with, for each figure: tempo-sim's value; the RTL's, when the RTL
cross-check measured it (--rtl FILE, written by `make freertos-paper RTL_VVP=... RTL_VVP32=...`:
tests/rtl/run.py on a shorter paper-rom build of the same experiment, beside tempo-sim on that
same image); the range over the timing parameters that remain uncertain (UNCERTAIN below); and
the paper's.  Then the two explanations of RV64's overhead as what-ifs: the paper's (a doubled
trap frame through a 32-bit data port: `--set data_port=32`) and the model's (libgcc's
__clzdi2: the generic task selection removes it).

usage: compare.py SIM BUILD_DIR [--md FILE] [--json FILE] [--rtl FILE] [--write-docs]
       compare.py SIM BUILD_DIR --check   (Table II only: exit 1 beyond 10%, or when the
                                           figures of docs/freertos.md differ from this run)
  --write-docs writes the Table II block of docs/freertos.md from this run
  --summary prints only the Table II comparison and the hypotheses (the files get everything)
"""
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile

# The paper, Table II: Rhealstone on FreeRTOS V11.1.0, 100 MHz, gcc -Os (cycles per iteration).
PAPER = {
    ("task_switch", 32): 320,
    ("task_switch", 64): 437,
    ("task_preempt", 32): 1074,
    ("task_preempt", 64): 1264,
}
# The paper, Table III (instruction-level comparison of the context-switch path): sizes in bytes
# of the symbols it names, and vTaskSwitchContext's instruction count.
PAPER_TABLE3 = [
    # (what, symbol, paper RV32, paper RV64)
    ("pxReadyTasksLists (5 priorities), bytes", "pxReadyTasksLists", 100, 200),
    ("priority CLZ routine, bytes", "__clzsi2|__clzdi2", 76, 64),
    ("vTaskSwitchContext, instructions (static)", "vTaskSwitchContext", 34, 37),
]
NM = os.environ.get("CROSS", "riscv64-unknown-elf-") + "nm"
OBJDUMP = os.environ.get("CROSS", "riscv64-unknown-elf-") + "objdump"
# Table III "timer interrupt path instrs": 25 (RV32) / 18 (RV64).  Counted here statically in
# portASM.S along the path a timer interrupt takes after the common frame save: the
# asynchronous_interrupt block (mepc save, switch to the ISR stack, jump) and handle_interrupt
# up to the call of xTaskIncrementTick inclusive (mcause test and the mtimecmp update: RV32's
# 3-store atomic sequence and carry arithmetic).  The paper does not define its span; this one
# reproduces its two counts.
PAPER_TICK_PATH = (25, 18)
# A difference beyond this share needs an explanation (make test: freertos-table2).
TOLERANCE = 0.10
# The explanation in freertos/paper/README.md: without the CLZ call RV64 costs what RV32 costs.
# --check keeps it true: the generic-selection figures of both widths within this share.
EXPLANATION_TOLERANCE = 0.02
WIDTHS = (32, 64)
# Timing parameters the RTL cross-check (tests/rtl/, docs/timing-rtl.md) leaves uncertain for
# this experiment, with the values they may take; Table II is reported as a range over every
# combination.  Every other rule was measured on the RTL to the cycle at both widths.
UNCERTAIN = (
    # The tick.  Table II includes the 1 kHz tick, but on the RTL a timer interrupt that cuts
    # into a running FreeRTOS task corrupts it (docs/timing-rtl.md), so the RTL run has no tick
    # and the interrupt entry is measured on micro-programs only (timer-store-to-handler): how
    # many in-flight instructions complete before the FSM cuts, and the FSM's length.
    ("irq_flush", (1, 2, 3)),
    ("fsm_irq", (5, 6, 7)),
)
# The readings of the published RTL the first model rested on (redirect penalty, predicted-
# taken bubbles, the trap FSM's first state), now measured: the range they allowed, for
# comparison with what is left.
READINGS = (
    ("mispredict+jal+jalr", (5, 6)),
    ("branch_taken", (1, 2)),
    ("trap_detect", (0, 1)),
)
# The paper's explanation of RV64's overhead: a 32-bit data port, an 8-byte access in two beats.
DATA_PORT_WHATIF = ("data_port", 32)
TESTS = (("task_switch", 1, "two equal-priority tasks, taskYIELD"),
         ("task_preempt", 2, "vTaskResume of a higher task, which suspends itself"))
# Events per round: a task-switch round is two yields (one per task), a preempt round one
# round trip (resume + switch in, suspend + switch out).
EVENTS_PER_ROUND = {"task_switch": 2, "task_preempt": 1}
ROUNDS = (1000, 2000)
UNKNOWN = "(unknown)"
UNKNOWN_LABEL = "trap entry/exit (portASM.S; no symbol type, so unnamed in --profile)"

LINE = re.compile(r"fr-paper: (\w+) xlen=(\d+) n=(\d+) events=(\d+) elapsed=(\d+) loop=(\d+) "
                  r"result=(\d+) (\w+)=(\d+)")


def settings(axes):
    """Every combination of (names, values) axes as --set arguments: "a+b" sets both."""
    combos = []
    for values in itertools.product(*(v for _, v in axes)):
        args = []
        for (names, _), v in zip(axes, values):
            for n in names.split("+"):
                args += ["--set", f"{n}={v}"]
        combos.append(args)
    return combos


def ranges(sim, build, axes):
    """(test, xlen) -> (min, max) of the result over every combination of the axes."""
    out = {}
    for args in settings(axes):
        for key, r in results(sim, build, extra=args).items():
            lo, hi = out.get(key, (r["result"], r["result"]))
            out[key] = (min(lo, r["result"]), max(hi, r["result"]))
    return out


def axes_text(axes):
    return ", ".join(f"{n} {'/'.join(str(v) for v in vals)}" for n, vals in axes)


def run(sim, image, extra=()):
    proc = subprocess.run([sim, "--soc", "paper", *extra, image], capture_output=True, text=True,
                          timeout=600)
    if proc.returncode != 0 or "fr-paper: PASS" not in proc.stdout:
        sys.exit(f"freertos/paper/compare.py: {image} failed (exit {proc.returncode}):\n{proc.stdout}"
                 f"{proc.stderr}")
    return proc.stdout


def results(sim, build, image="paper-{xlen}/fr-paper.elf", extra=()):
    out = {}
    for xlen in WIDTHS:
        for m in LINE.finditer(run(sim, f"{build}/" + image.format(xlen=xlen), extra)):
            out[(m.group(1), int(m.group(2)))] = {
                "events": int(m.group(4)), "elapsed": int(m.group(5)), "loop": int(m.group(6)),
                "result": int(m.group(7)), m.group(8): int(m.group(9))}
    return out


def symbol_sizes(image):
    out = subprocess.run([NM, "-S", image], capture_output=True, text=True, check=True).stdout
    sizes = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4:
            sizes[f[3]] = int(f[1], 16)
    return sizes


def tick_path_instructions(image):
    out = subprocess.run([OBJDUMP, "-d", image], capture_output=True, text=True, check=True).stdout
    count, block = 0, None
    for line in out.splitlines():
        m = re.match(r"[0-9a-f]+ <(\w+)>:$", line)
        if m:
            block = m.group(1)
        elif block in ("asynchronous_interrupt", "handle_interrupt") and \
                re.match(r"\s+[0-9a-f]+:\s", line):
            count += 1
            if "<xTaskIncrementTick>" in line:
                return count
    return None


def table3(build):
    sizes = {x: symbol_sizes(f"{build}/paper-{x}/fr-paper.elf") for x in WIDTHS}
    rows = []
    for what, sym, p32, p64 in PAPER_TABLE3:
        got = []
        for x in WIDTHS:
            b = next((sizes[x][n] for n in sym.split("|") if n in sizes[x]), None)
            got.append(b // 4 if b is not None and "instructions" in what else b)
        rows.append((what, sym, p32, got[0], p64, got[1]))
    tick = [tick_path_instructions(f"{build}/paper-{x}/fr-paper.elf") for x in WIDTHS]
    rows.append(("timer interrupt path, instructions (static)",
                 "asynchronous_interrupt|handle_interrupt",
                 PAPER_TICK_PATH[0], tick[0], PAPER_TICK_PATH[1], tick[1]))
    return rows


def profiled(sim, image):
    with tempfile.TemporaryDirectory() as tmp:
        stats, prof = os.path.join(tmp, "s.json"), os.path.join(tmp, "p.json")
        run(sim, image, ("--stats-json", stats, "--profile-json", prof))
        with open(stats) as f:
            s = json.load(f)
        with open(prof) as f:
            p = json.load(f)
    funcs = {fn["name"]: (fn["cycles"], fn["instructions"]) for fn in p["functions"]}
    return s, funcs


def per_event(sim, build, test, xlen):
    """Cycles, instructions, stalls and functions of one event, from the N=2000 - N=1000 runs."""
    (s1, f1), (s2, f2) = (profiled(sim, f"{build}/analysis-{xlen}/fr-paper-{test}-{n}.elf")
                          for n in ROUNDS)
    events = (ROUNDS[1] - ROUNDS[0]) * EVENTS_PER_ROUND[test]
    stalls = {k: (s2["stall_cycles"][k] - s1["stall_cycles"].get(k, 0)) / events
              for k in s2["stall_cycles"]}
    funcs = {}
    for name in set(f1) | set(f2):
        c = (f2.get(name, (0, 0))[0] - f1.get(name, (0, 0))[0]) / events
        i = (f2.get(name, (0, 0))[1] - f1.get(name, (0, 0))[1]) / events
        if abs(c) >= 0.5:
            funcs[UNKNOWN_LABEL if name == UNKNOWN else name] = (c, i)
    return {
        "cycles": (s2["cycles"] - s1["cycles"]) / events,
        "instructions": (s2["instructions"] - s1["instructions"]) / events,
        "base": (s2["base_cycles"] - s1["base_cycles"]) / events,
        "stalls": stalls,
        "functions": dict(sorted(funcs.items(), key=lambda kv: -kv[1][0])),
    }


def pct(a, b):
    return 100.0 * (a - b) / b


def table2(res, left, before, port32, generic, rtl):
    """Table II with tempo-sim, the RTL, the ranges and the paper; then the hypotheses."""
    out = ["| test | width | paper | tempo-sim | diff | RTL (tempo-sim) | range, uncertain "
           "parameters | range, readings before the RTL | data_port=32 |",
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for test, _, _ in TESTS:
        for xlen in WIDTHS:
            p, v = PAPER[(test, xlen)], res[(test, xlen)]["result"]
            r = (rtl or {}).get(f"{test}/{xlen}")
            measured = (f"{r['rtl']:,} ({r['sim']:,})" if r and r.get("rtl") is not None
                        else "not measured")
            lo, hi = left[(test, xlen)]
            blo, bhi = before[(test, xlen)]
            out.append(f"| {test.replace('_', ' ')} | RV{xlen} | {p:,} | {v:,} | {pct(v, p):+.1f}% "
                       f"| {measured} | {lo:,}-{hi:,} | {blo:,}-{bhi:,} "
                       f"| {port32[(test, xlen)]['result']:,} |")
    n = (rtl or {}).get("rounds")
    out += ["", "RTL: the paper's SoC netlist running the same experiment built for the paper-rom "
            "board" + (f" with N = {n:,} rounds and no tick" if n else "") +
            " (tests/rtl/, `make freertos-paper RTL_VVP=... RTL_VVP32=...`); in brackets tempo-sim "
            "on that same image, so the two agree or differ to the cycle. "
            f"Uncertain parameters: {axes_text(UNCERTAIN)}. "
            f"Readings before the RTL cross-check: {axes_text(READINGS)}.", ""]
    # the two explanations of RV64's overhead
    out += ["RV64 overhead (RV64 / RV32 - 1) under each hypothesis:", "",
            "| test | paper | tempo-sim (XLEN-wide port, `__clzdi2`) | data_port=32 (doubled "
            "frame through a 32-bit port) | generic task selection (no `__clzdi2`) |",
            "| --- | ---: | ---: | ---: | ---: |"]
    verdict = []
    for test, _, _ in TESTS:
        op = pct(PAPER[(test, 64)], PAPER[(test, 32)])
        om = pct(res[(test, 64)]["result"], res[(test, 32)]["result"])
        o32 = pct(port32[(test, 64)]["result"], port32[(test, 32)]["result"])
        og = pct(generic[(test, 64)]["result"], generic[(test, 32)]["result"])
        out.append(f"| {test.replace('_', ' ')} | {op:+.1f}% | {om:+.1f}% | {o32:+.1f}% "
                   f"| {og:+.1f}% |")
        verdict.append(abs(om - op) < abs(o32 - op))
    out += ["", "Which hypothesis the measurements support: " +
            ("the model's, libgcc's `__clzdi2` on a core with an XLEN-wide data port: it gives "
             "the paper's RV64 overhead, and a 32-bit port would add the doubled frame's "
             "second beats on top of it." if all(verdict) else
             "the paper's 32-bit data port (the doubled trap frame) in at least one test: "
             "see the rows above." if not any(verdict) else
             "neither clearly: the tests disagree (rows above)."),
            "On the RTL itself the data port is XLEN wide: an 8-byte load or store costs what a "
            "4-byte one costs (rtl-check cases load-double-use and store-double against "
            "load-use and store-ram, docs/timing-rtl.md)."]
    return out


def report(res, analysis, generic, sizes, t2):
    out = ["# FreeRTOS on tempo-sim vs the paper (Table II)", "",
           "FreeRTOS V11.1.0, GCC RISC-V port unmodified, `-Os`, the paper's Rhealstone method "
           "(N = 1,000, loop overhead subtracted), `tempo-sim --soc paper` (cycle model of "
           "docs/timing.md, calibrated on the paper's RTL: docs/timing-rtl.md). Cycles per event.",
           ""] + t2 + ["",
            "## What-if: the generic task selection", "",
            "Same images with the generic C task selection "
            "(`configUSE_PORT_OPTIMISED_TASK_SELECTION 0`, no `__clzsi2`/`__clzdi2` call):", "",
            "| test | RV32 | RV64 | RV64 overhead |", "| --- | ---: | ---: | ---: |"]
    for test, _, _ in TESTS:
        g32, g64 = generic[(test, 32)]["result"], generic[(test, 64)]["result"]
        out.append(f"| {test.replace('_', ' ')} | {g32:,} | {g64:,} | {pct(g64, g32):+.1f}% |")
    out.append("")
    out += ["## Sizes of Table III (from the ELF symbols of the same images)", "",
            "| item | symbol | paper RV32 | tempo-sim RV32 | paper RV64 | tempo-sim RV64 |",
            "| --- | --- | ---: | ---: | ---: | ---: |"]
    for what, sym, p32, g32, p64, g64 in sizes:
        shown = " / ".join(f"`{n}`" for n in sym.split("|"))
        out.append(f"| {what} | {shown} | {p32} | {g32} | {p64} | {g64} |")
    out.append("")
    for test, _, what in TESTS:
        out += [f"## {test.replace('_', ' ')}: where one event's cycles go ({what})", "",
                "From the N = 2,000 run minus the N = 1,000 run, divided by the extra events "
                "(ticks that fall in the extra time are included, as in the measurement).", "",
                "| | RV32 | RV64 |", "| --- | ---: | ---: |"]
        a32, a64 = analysis[(test, 32)], analysis[(test, 64)]
        out.append(f"| cycles | {a32['cycles']:.1f} | {a64['cycles']:.1f} |")
        out.append(f"| instructions | {a32['instructions']:.1f} | {a64['instructions']:.1f} |")
        for cause in a32["stalls"]:
            v32, v64 = a32["stalls"][cause], a64["stalls"].get(cause, 0)
            if v32 >= 0.05 or v64 >= 0.05:
                out.append(f"| stall: {cause} | {v32:.1f} | {v64:.1f} |")
        out += ["", "| function | RV32 cycles | RV32 instr | RV64 cycles | RV64 instr |",
                "| --- | ---: | ---: | ---: | ---: |"]
        for name in dict.fromkeys(list(a32["functions"]) + list(a64["functions"])):
            c32, i32 = a32["functions"].get(name, (0, 0))
            c64, i64 = a64["functions"].get(name, (0, 0))
            out.append(f"| {name} | {c32:.1f} | {i32:.1f} | {c64:.1f} | {i64:.1f} |")
        out.append("")
    return "\n".join(out)


DOCS = "docs/freertos.md"
DOCS_BLOCK = re.compile(r"(<!-- figures: table2 -->\n)(.*?)(<!-- /figures -->)", re.S)


def docs_block(res, generic):
    """docs/freertos.md's Table II and the figures of its explanation, from this run."""
    rows = ["| Rhealstone | paper RV32 | tempo-sim RV32 | paper RV64 | tempo-sim RV64 |",
            "| --- | ---: | ---: | ---: | ---: |"]
    for test, label in (("task_switch", "task switch"), ("task_preempt", "task preempt")):
        cells = []
        for x in WIDTHS:
            got, paper = res[(test, x)]["result"], PAPER[(test, x)]
            cells += ["{:,}".format(paper), "{:,} ({:+.1f}%)".format(got, pct(got, paper))]
        rows.append("| %s | %s |" % (label, " | ".join(cells)))
    g = {x: generic[("task_switch", x)]["result"] for x in WIDTHS}
    rows += ["", "With the generic C task selection (no `__clzdi2`), task switch: %d cycles at "
             "RV32, %d at RV64." % (g[32], g[64])]
    return "\n".join(rows) + "\n"


def docs_problems(text, block):
    m = DOCS_BLOCK.search(text)
    if not m:
        return ["%s: no '<!-- figures: table2 -->' block" % DOCS]
    first = text.count("\n", 0, m.start(2)) + 1
    have, want = m.group(2).split("\n"), block.split("\n")
    return ["%s:%d: Table II figure differs from this tree's run: the page has '%s', the run "
            "gives '%s' (make freertos-paper rewrites it)" % (DOCS, first + i, h, w)
            for i, (h, w) in enumerate(itertools.zip_longest(have, want, fillvalue="(nothing)"))
            if h != w]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sim, build = sys.argv[1], sys.argv[2]
    md = sys.argv[sys.argv.index("--md") + 1] if "--md" in sys.argv else None
    js = sys.argv[sys.argv.index("--json") + 1] if "--json" in sys.argv else None
    res = results(sim, build)
    missing = [k for k in PAPER if k not in res]
    if missing:
        sys.exit(f"freertos/paper/compare.py: no result for {missing}")
    if "--check" in sys.argv:
        bad = 0
        for (test, xlen), paper in sorted(PAPER.items()):
            got = res[(test, xlen)]["result"]
            ok = abs(got - paper) <= TOLERANCE * paper
            bad += not ok
            print(f"{test} RV{xlen}: tempo-sim {got} paper {paper} ({pct(got, paper):+.1f}%) "
                  f"{'ok' if ok else 'BEYOND ' + str(int(TOLERANCE * 100)) + '%'}")
        generic = results(sim, build, "analysis-{xlen}/fr-paper-generic-select.elf")
        for test, _, _ in TESTS:
            g32, g64 = generic[(test, 32)]["result"], generic[(test, 64)]["result"]
            ok = abs(g64 - g32) <= EXPLANATION_TOLERANCE * g32
            bad += not ok
            print(f"{test} with generic task selection: RV32 {g32} RV64 {g64} "
                  f"({pct(g64, g32):+.1f}%) {'ok' if ok else 'RV64 NO LONGER EQUALS RV32'}")
        with open(DOCS) as f:
            stale = docs_problems(f.read(), docs_block(res, generic))
        for line in stale:
            print("FAIL: " + line)
        sys.exit(1 if bad or stale else 0)
    analysis = {(t, x): per_event(sim, build, t, x) for t, _, _ in TESTS for x in WIDTHS}
    generic = results(sim, build, "analysis-{xlen}/fr-paper-generic-select.elf")
    rtl = None
    if "--rtl" in sys.argv:
        path = sys.argv[sys.argv.index("--rtl") + 1]
        if os.path.exists(path):
            with open(path) as f:
                rtl = json.load(f)
    port32 = results(sim, build, extra=("--set", "%s=%d" % DATA_PORT_WHATIF))
    t2 = table2(res, ranges(sim, build, UNCERTAIN), ranges(sim, build, READINGS), port32,
                generic, rtl)
    over = [f"{t} RV{x}: {res[(t, x)]['result']} vs {p} ({pct(res[(t, x)]['result'], p):+.1f}%)"
            for (t, x), p in PAPER.items() if abs(res[(t, x)]["result"] - p) > TOLERANCE * p]
    t2 += ["", "Within 10% of the paper: " + ("all four figures." if not over else
           "NO: " + "; ".join(over))]
    text = report(res, analysis, generic, table3(build), t2)
    if "--summary" in sys.argv:
        print("\n".join(t2))
        print(f"(per-event profiles and the what-if: {md or 'run without --summary'})")
    else:
        print(text)
    if md:
        with open(md, "w") as f:
            f.write(text + "\n")
    if "--write-docs" in sys.argv:
        with open(DOCS) as f:
            page = f.read()
        new = DOCS_BLOCK.sub(lambda m: m.group(1) + docs_block(res, generic) + m.group(3), page)
        if new != page:
            with open(DOCS, "w") as f:
                f.write(new)
            print("figures written into " + DOCS)
    if js:
        records = [{"kernel": "freertos", "xlen": x, "suite": "paper-rhealstone", "metric": t,
                    "cycles": res[(t, x)]["result"], "paper_cycles": PAPER[(t, x)],
                    "diff_percent": round(pct(res[(t, x)]["result"], PAPER[(t, x)]), 2),
                    "elapsed_cycles": res[(t, x)]["elapsed"], "loop_cycles": res[(t, x)]["loop"],
                    "events": res[(t, x)]["events"],
                    "data_port_32_cycles": port32[(t, x)]["result"],
                    "rtl": (rtl or {}).get(f"{t}/{x}"),
                    "per_event_profile": {"cycles": analysis[(t, x)]["cycles"],
                                          "instructions": analysis[(t, x)]["instructions"],
                                          "stalls": analysis[(t, x)]["stalls"],
                                          "functions": {k: {"cycles": c, "instructions": i}
                                                        for k, (c, i) in
                                                        analysis[(t, x)]["functions"].items()}}}
                   for t, _, _ in TESTS for x in WIDTHS]
        with open(js, "w") as f:
            json.dump(records, f, indent=1)


if __name__ == "__main__":
    main()
