"""Tables (terminal, markdown, HTML), CSV, the summary and the generated analysis.

Every figure comes from results.json (the records of a run) and analysis.json (per-event
profiles, sizes); nothing here holds a measured number.  Conventions, said once and used by
every table and chart:
- cycle figures: simulated core cycles, lower is better (100 cycles = 1 us at 100 MHz);
- "RV64 overhead": the extra cycles RV64 needs relative to RV32 (Thread-Metric: per
  operation), so a positive value always means RV64 is slower;
- "Tempo speed-up": how many times faster Tempo is than FreeRTOS (FreeRTOS cycles / Tempo
  cycles; Thread-Metric: Tempo operations / FreeRTOS operations), so above 1 always means
  Tempo is faster."""
import csv
import statistics

from . import budgets
from . import figures as F
from . import footprint as FP

CSV_FIELDS = ["kernel", "xlen", "suite", "metric", "method", "avg_cycles", "min_cycles",
              "max_cycles", "samples", "count", "period_cycles", "cycles_per_operation",
              "cache", "bytes", "max_with_tick", "tick_samples", "bound_cycles"]

CONVENTIONS = ("Cycles are simulated core cycles of the paper's 8-stage core at 100 MHz (100 cycles "
               "= 1 \u00b5s), lower is better. RV64 overhead: the extra cycles RV64 needs relative "
               "to RV32 (Thread-Metric: per operation); positive means RV64 is slower. Tempo "
               "speed-up: how many times faster Tempo is than FreeRTOS (FreeRTOS cycles \u00f7 "
               "Tempo cycles; Thread-Metric: Tempo operations \u00f7 FreeRTOS operations); above "
               "1 means Tempo is faster.")


def write_csv(path, records):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS, extrasaction="ignore")
        w.writeheader()
        for r in records:
            w.writerow(r)


class Context:
    """The data of one report: the results object, the runs and the analysis."""

    def __init__(self, results, runs, analysis, no_freertos_reason=None, seconds=None):
        self.results = results
        self.records = results["records"]
        self.omitted = results.get("omitted", [])
        self.runs, self.analysis = runs, analysis
        self.by = {(r["kernel"], r["suite"], r["metric"], r["xlen"]): r for r in self.records}
        ks = {r["kernel"] for r in self.records} | {r["kernel"] for r in runs}
        self.kernels = sorted(ks, key=lambda k: (k != "tempo", k))
        self.no_freertos_reason = no_freertos_reason
        self.seconds = seconds
        self.an = {(a["kernel"], a["xlen"]): a for a in analysis}

    def get(self, kernel, suite, metric, xlen):
        return self.by.get((kernel, suite, metric, xlen))

    def value(self, kernel, suite, metric, xlen):
        """The figure a comparison uses: average cycles, or operations for Thread-Metric."""
        r = self.get(kernel, suite, metric, xlen)
        if not r:
            return None
        return r["count"] if suite == "thread-metric" else r["avg_cycles"]

    def has_freertos(self):
        return any(r["kernel"] == "freertos" for r in self.records)

    def omitted_for(self, kernel, metric, xlen):
        return next((o for o in self.omitted if (o["kernel"], o["metric"], o["xlen"])
                     == (kernel, metric, xlen)), None)


# ---------------------------------------------------------------- formatting helpers

def fmt_avg(v):
    if v is None:
        return "-"
    if isinstance(v, float) and not v.is_integer():
        return "{:,.2f}".format(v)
    return "{:,}".format(int(v))


def fmt_int(v):
    return "-" if v is None else "{:,}".format(int(v))


def signed_pct(v):
    """A signed percentage with one decimal; a value that rounds to zero is "+0.0%"."""
    return "%+.1f%%" % (0.0 if abs(v) < 0.05 else v)


def overhead(a, b):
    """b relative to a as a signed percentage: RV64 (b) against RV32 (a)."""
    if a is None or b is None or a <= 0 or b <= 0:
        return "-"
    return signed_pct(100.0 * (b / a - 1))


NAMES = {"tempo": "Tempo", "freertos": "FreeRTOS", "rmp": "RMP", "threadx": "ThreadX", "rk0": "RK0"}


def name(kernel):
    return NAMES.get(kernel, kernel)


def speedup_value(suite, tempo, freertos):
    """How many times faster Tempo is (None when either figure is missing)."""
    if tempo is None or freertos is None or tempo <= 0 or freertos <= 0:
        return None
    return tempo / freertos if suite == "thread-metric" else freertos / tempo


def fmt_speedup(v):
    return "-" if v is None else "%.2f\u00d7" % v


def tm_overhead(a, b):
    """Thread-Metric RV64 overhead per operation from the counts (cycles per operation =
    period / count, so RV64 / RV32 is the inverse ratio of the counts)."""
    if not a or not b or a["count"] <= 0 or b["count"] <= 0:
        return "-"
    return overhead(a["period_cycles"] / a["count"], b["period_cycles"] / b["count"])


class Table:
    def __init__(self, title, columns, rows, note=None, align=None, tid=None):
        self.title, self.columns, self.rows, self.note = title, columns, rows, note
        self.align = align or (["l"] + ["r"] * (len(columns) - 1))
        self.id = tid

    def text(self):
        cells = [self.columns] + self.rows
        widths = [max(len(str(r[i])) for r in cells) for i in range(len(self.columns))]
        out = [self.title]

        def line(r):
            return "  ".join(str(c).ljust(w) if a == "l" else str(c).rjust(w)
                             for c, w, a in zip(r, widths, self.align)).rstrip()
        out.append(line(self.columns))
        out.append("  ".join("-" * w for w in widths))
        out += [line(r) for r in self.rows]
        if self.note:
            out.append(self.note)
        return "\n".join(out)

    def markdown(self):
        out = ["**%s**" % self.title, "", "| " + " | ".join(self.columns) + " |",
               "| " + " | ".join("---" if a == "l" else "---:" for a in self.align) + " |"]
        out += ["| " + " | ".join(str(c) for c in r) + " |" for r in self.rows]
        if self.note:
            out += ["", self.note]
        return "\n".join(out) + "\n"


# ---------------------------------------------------------------- result tables

def cycle_table(ctx, kernel, suite, title):
    cols = ["metric", "RV32 avg", "min", "max", "RV64 avg", "min", "max", "RV64 overhead"]
    if suite == "kernel-metrics":
        cols += ["RV32 max with tick (samples)", "RV64 max with tick (samples)",
                 "CH32V307 (RV32)"]
    if suite == "rhealstone" and kernel == "freertos":
        cols += ["paper RV32", "paper RV64"]
    rows = []
    for m in F.ORDER[suite]:
        a, b = ctx.get(kernel, suite, m, 32), ctx.get(kernel, suite, m, 64)
        if not a and not b:
            continue
        row = [m]
        for r in (a, b):
            row += [fmt_avg(r["avg_cycles"]) if r else "-",
                    fmt_int(r.get("min_cycles")) if r else "-",
                    fmt_int(r.get("max_cycles")) if r else "-"]
        row.append(overhead(a and a["avg_cycles"], b and b["avg_cycles"]))
        if suite == "kernel-metrics":
            row += [tick_max(r) for r in (a, b)]
            row.append(fmt_int(F.CH32V307.get(m)))
        if suite == "rhealstone" and kernel == "freertos":
            row += [fmt_int(F.PAPER_TABLE2.get((m, x))) for x in (32, 64)]
        rows.append(row)
    if not rows:
        return None
    note = None
    if suite == "rhealstone":
        note = rhealstone_note(ctx, kernel)
    if suite == "kernel-metrics":
        note = KM_TICK_NOTE
    return Table(title, cols, rows, note, tid="%s-%s" % (suite, kernel))


KM_TICK_NOTE = ("Max with tick: the slowest of the samples left out of avg / min / max because "
                "the CLINT mtime changed during them, so a timer tick's interrupt may have fallen "
                "inside the window, and how many there were (a kernel with a periodic tick takes "
                "its handler in them; tickless Tempo takes a timer interrupt only when a timer is "
                "due). Alrm has none: its every sample is a tick.")


def tick_max(r):
    """'max (samples)' of a kernel-metric record's tick samples, or '-'."""
    if not r or r.get("tick_samples") is None:
        return "-"
    return "%s (%s)" % (fmt_int(r["max_with_tick"]), fmt_int(r["tick_samples"]))


def rhealstone_note(ctx, kernel):
    """Why a variant is missing, in words (never the residue as cycles), and where the nested
    interrupt latency comes from (Tempo) or why it is absent (FreeRTOS: no row, not a zero)."""
    lines = []
    for o in ctx.omitted:
        if o["kernel"] == kernel and o["suite"] == "rhealstone":
            lines.append("%s, RV%d: not published: %s" % (o["metric"], o["xlen"], o["reason"]))
    nested = any(ctx.get(kernel, "rhealstone", F.RH_NESTED_LATENCY, x) for x in (32, 64))
    if kernel == "freertos" and not nested:
        lines.append("No %s: %s does not nest interrupts on RISC-V (Tempo's figure is "
                     "its own)." % (F.RH_NESTED_LATENCY, name(kernel)))
    elif kernel == "tempo" and nested:
        lines.append("%s: the interrupt latency of an interrupt arriving while a less urgent "
                     "handler runs; it and %s come from the image built with TK_IRQ_NESTING=1 "
                     "(Tempo only: FreeRTOS does not nest interrupts on RISC-V)."
                     % (F.RH_NESTED_LATENCY[0].upper() + F.RH_NESTED_LATENCY[1:],
                        F.RH_NESTING_ALONE))
    if kernel == "tempo" and any(ctx.get(kernel, "rhealstone", F.RH_DIRECT_LATENCY, x)
                                 for x in (32, 64)):
        lines.append("%s: the same raise to first statement for a direct handler, which the "
                     "trap vector reaches with nothing saved (the compiler saves what it uses); "
                     "image built with TK_IRQ_DIRECT_EXTERNAL (Tempo only)."
                     % (F.RH_DIRECT_LATENCY[0].upper() + F.RH_DIRECT_LATENCY[1:]))
    return "\n".join(lines) or None


def tm_table(ctx, kernel):
    rows = []
    period = None
    for m in F.TM_ORDER:
        a, b = ctx.get(kernel, "thread-metric", m, 32), ctx.get(kernel, "thread-metric", m, 64)
        if not a and not b:
            continue
        period = (a or b)["period_cycles"]
        rows.append([m, fmt_int(a and a["count"]), fmt_int(b and b["count"]),
                     tm_overhead(a, b)])
    if not rows:
        return None
    return Table("Thread-Metric, %s: operations completed in %s cycles (%.0f ms at 100 MHz), "
                 "more is better" % (name(kernel), fmt_int(period), period / 1e5),
                 ["test", "RV32 operations", "RV64 operations", "RV64 overhead"], rows,
                 "Each period is measured exactly with the cycle counter; RV64 overhead is per "
                 "operation.", tid="thread-metric-%s" % kernel)


SUITE_TITLES = {
    "kernel-metrics": "Kernel metrics, %s: cycles per operation (avg / min / max; samples with a "
                      "timer tick excluded)",
    "rhealstone": "Rhealstone, %s: cycles per event (the paper's method: loop overhead "
                  "subtracted; interrupt latency: raise to first handler statement, avg / min / "
                  "max)",
    "context-switch": "Minimal context switch, %s: cycles from the switch routine's first "
                      "instruction to the next thread's first instruction (from the trace)",
}


def bound_table(ctx, kernel):
    """Static bound beside the measured maximum of each kernel metric (make wcet)."""
    rows = []
    for m in F.ORDER["kernel-metrics"]:
        rs = [ctx.get(kernel, "kernel-metrics", m, x) for x in (32, 64)]
        if not any(r and r.get("bound_cycles") is not None for r in rs):
            continue
        row = [m]
        for r in rs:
            b = r.get("bound_cycles") if r else None
            row += [fmt_int(r and r.get("max_cycles")), fmt_int(b),
                    "%.2f" % (b / r["max_cycles"]) if b is not None and r["max_cycles"] else "-"]
        rows.append(row)
    if not rows:
        return None
    return Table("Kernel metrics, %s: static bound beside the measured maximum (cycles)"
                 % name(kernel), ["metric", "RV32 max", "bound", "bound / max", "RV64 max",
                                  "bound", "bound / max"], rows, BOUND_NOTE,
                 tid="bound-%s" % kernel)


BOUND_NOTE = ("Bound: the static worst case of the metric's window on the uncached core (make "
              "wcet, docs/wcet.md): every path through the kernel functions its samples pass, "
              "from the ELF with the simulator's timing model, loop bounds from the source and "
              "the longest path by integer programming (glpsol); the branch predictor and what "
              "is in flight at each function's start are taken at their worst. A measured "
              "maximum above its bound fails make test.")


def irq_off_table(ctx, kernel):
    rows = []
    for x in (32, 64):
        r = ctx.get(kernel, "irq-off", "longest interrupt-disabled window", x)
        if r:
            lat = r.get("latency_bound_cycles")
            rows.append(["RV%d" % x, fmt_int(r["max_cycles"]),
                         "%s (%s) to %s (%s)" % (r["start_function"], r["start_by"],
                                                 r["end_function"], r["end_by"]),
                         r["image"], fmt_int(lat) if lat is not None else "-",
                         r.get("latency_bound_window", "-")])
    if not rows:
        return None
    return Table("%s: longest interrupt-disabled window over the benchmark runs (cycles)"
                 % name(kernel), ["width", "cycles", "from (how) to (how)", "seen in",
                                  "latency bound", "its longest window"], rows, IRQ_OFF_NOTE,
                 tid="irq-off-%s" % kernel)


IRQ_OFF_NOTE = ("A window opens when mstatus.MIE goes from 1 to 0 (a CSR write, or a trap's "
                "entry: then it counts the trap controller's cycles) and closes when it returns to "
                "1 (a CSR write, MRET); cycles a WFI waited inside it are not counted "
                "(tempo-sim --irq-off-json, docs/wcet.md). An interrupt raised in it waits at most "
                "that long, plus the trap entry. Latency bound: the trap entry plus the static "
                "bound of the longest window the kernel's code can open, wherever it is, not "
                "only those the runs opened (Tempo, make wcet); its longest window: where it "
                "opens (how) and where its longest path closes it.")


def kernel_tables(ctx, kernel):
    out = []
    for suite in ("kernel-metrics", "rhealstone", "context-switch"):
        t = cycle_table(ctx, kernel, suite, SUITE_TITLES[suite] % name(kernel))
        if t:
            out.append(t)
        if suite == "kernel-metrics":
            for t in (bound_table(ctx, kernel), irq_off_table(ctx, kernel)):
                if t:
                    out.append(t)
    t = tm_table(ctx, kernel)
    if t:
        out.append(t)
    t = footprint_table(ctx, kernel)
    if t:
        out.append(t)
    return out


FOOTPRINT_NOTE = ("Bytes of the kernel's own sections that a program keeps, linked with "
                  "--gc-sections from a kernel built with -ffunction-sections -fdata-sections "
                  "(bench/footprint/): \"full API\" keeps every call of tempo.h, \"minimal\" "
                  "two threads, tk_yield and a semaphore, with the kernel configured without the "
                  "worded fault report, the timers and interrupts (TK_CONFIG_FAULT_TEXT=0, "
                  "TK_CONFIG_TIMERS=0, TK_CONFIG_IRQ=0). text = code and constants (with "
                  "libgcc's save/restore routines, which the -Os kernel calls: -msave-restore), "
                  "at -Os unless marked; RAM per object = its control block (ELF symbol size).")


# Another kernel's footprint note, where its programs are not Tempo's (docs/<kernel>.md).
FOOTPRINT_NOTES = {
    "rmp": "Bytes of RMP's own sections (RMP, its platform and the board layer: trap vector, "
           "tick) that its smallest program keeps, linked with --gc-sections: RMP's benchmark "
           "built with its MINIMAL_SIZE switch (the init thread alone), RMP without assertions, "
           "parameter checks or debug output (rmp/rmp.mk, docs/rmp.md). text = code and "
           "constants; bss includes the board layer's 256-word kernel stack. At -Os unless "
           "marked.",
    "threadx": ("Bytes of ThreadX's own sections (libthreadx.a: the kernel and its port) that "
                "threadx/footprint/minimal.c keeps, linked with --gc-sections: two threads, "
                "tx_thread_relinquish and a semaphore, with ThreadX's Thread-Metric configuration "
                "(docs/threadx.md), plus the tick processing the board's timer interrupt calls; "
                "the board layer and start-up are not counted. At -Os (the library built with "
                "-Os) unless marked."),
    "rk0": ("Bytes of RK0's own sections (librk0.a: the kernel and the RISC-V port written "
            "here) that rk0/footprint/minimal.c keeps, linked with --gc-sections: two tasks, "
            "kYield and a semaphore, with the benchmarks' configuration (docs/rk0.md), plus "
            "what every RK0 system has: its idle and post-processing tasks and their stacks, "
            "the tick, and the port's interrupt stack; the start-up is not counted. At -Os (the "
            "library built with -Os) unless marked."),
}


def footprint_table(ctx, kernel):
    rows = []
    for m in FP.ORDER:
        a, b = ctx.get(kernel, "footprint", m, 32), ctx.get(kernel, "footprint", m, 64)
        if a or b:
            rows.append([m, "%d" % a["bytes"] if a else "-", "%d" % b["bytes"] if b else "-"])
    if not rows:
        return None
    return Table("%s: footprint (bytes)" % name(kernel), ["metric", "RV32", "RV64"], rows,
                 FOOTPRINT_NOTES.get(kernel, FOOTPRINT_NOTE), tid="footprint-%s" % kernel)


def comparison_rows(ctx):
    """(suite, metric, [(tempo, freertos, speed-up) per width]) for every compared metric."""
    rows = []
    for suite in ("kernel-metrics", "rhealstone", "context-switch", "thread-metric"):
        for m in F.ORDER[suite]:
            vals = []
            for x in (32, 64):
                t, f = ctx.value("tempo", suite, m, x), ctx.value("freertos", suite, m, x)
                vals.append((t, f, speedup_value(suite, t, f)))
            if any(t is not None and f is not None for t, f, _ in vals):
                rows.append((suite, m, vals))
    return rows


def comparison_table(ctx):
    rows = []
    for suite, m, vals in comparison_rows(ctx):
        if m in F.RH_VARIANTS:
            continue  # a variant is each kernel's own reading (docs/benchmarks.md)
        row = [F.SUITE_TITLE[suite], m]
        fmt = fmt_int if suite == "thread-metric" else fmt_avg
        for t, f, s in vals:
            row += [fmt(t), fmt(f), fmt_speedup(s)]
        rows.append(row)
    return Table("Tempo beside FreeRTOS on the same simulated core: cycles (Thread-Metric: "
                 "operations per period) and Tempo speed-up",
                 ["suite", "metric", "Tempo RV32", "FreeRTOS RV32", "speed-up RV32",
                  "Tempo RV64", "FreeRTOS RV64", "speed-up RV64"], rows,
                 "Tempo speed-up: how many times faster Tempo is (above 1: Tempo faster).",
                 align=["l", "l"] + ["r"] * 6, tid="comparison")


def paper_table(ctx):
    rows = []
    for (m, x), paper in sorted(F.PAPER_TABLE2.items(), key=lambda i: (i[0][0] != "task switch",
                                                                      i[0][1])):
        f = ctx.get("freertos", "rhealstone", m, x)
        t = ctx.get("tempo", "rhealstone", m, x)
        rows.append([m, "RV%d" % x, fmt_int(paper), fmt_avg(f and f["avg_cycles"]),
                     overhead(paper, f and f["avg_cycles"]), fmt_avg(t and t["avg_cycles"])])
    return Table("The paper's Table II (FreeRTOS on the FPGA core) beside FreeRTOS and Tempo on "
                 "tempo-sim (cycles per event)",
                 ["Rhealstone", "width", "paper", "FreeRTOS on tempo-sim", "difference",
                  "Tempo on tempo-sim"], rows,
                 "Measured the paper's way: the benchmark source through each kernel's layer, "
                 "loop overhead subtracted (bench/suites/rhealstone.c).",
                 align=["l", "l", "r", "r", "r", "r"], tid="paper")


def ch32_table(ctx):
    rows = []
    for m in F.KM_ORDER:
        anchor = F.CH32V307.get(m)
        if anchor is None:
            continue
        row = [m, fmt_int(anchor)]
        for k in ctx.kernels:
            r = ctx.get(k, "kernel-metrics", m, 32)
            row += [fmt_avg(r and r["avg_cycles"]), overhead(anchor, r and r["avg_cycles"])]
        rows.append(row)
    cols = ["metric", "CH32V307"]
    for k in ctx.kernels:
        cols += ["%s RV32" % name(k), "vs CH32V307"]
    return Table("The published kernel-metric row of the CH32V307 (RV32IMAC) beside RV32 on "
                 "tempo-sim (average cycles)", cols, rows,
                 "vs CH32V307: cycles relative to the published figure (negative: fewer cycles).",
                 tid="ch32v307")


def budget_table(ctx):
    rows = budgets.evaluate(ctx.records)
    if not any(r[2] != "no result" for r in rows):
        return None
    out = [[g, item, value, budget, "ok" if ok else "MISSED"] for g, item, value, budget, ok in rows]
    missed = sum(1 for r in rows if not r[4])
    return Table("Tempo's budgets (make test asserts them): %d of %d met"
                 % (len(rows) - missed, len(rows)),
                 ["check", "item", "measured", "budget", "verdict"], out,
                 "Alrm's maximum is a tick on which three alarms expire: 1 to 5 are due per tick "
                 "by construction, and the kernel expires at most three of a tick's own per "
                 "interrupt, the others first thing the next tick (tempo.h "
                 "TK_CONFIG_TICK_EXPIRIES).",
                 align=["l", "l", "r", "l", "l"], tid="budgets")


# The explanation of the paper comparison (freertos/paper/notes.md), shown verbatim when
# present; every figure around it is generated.
PAPER_NOTES = "freertos/paper/notes.md"


def paper_notes():
    try:
        with open(PAPER_NOTES) as f:
            return f.read().strip()
    except OSError:
        return None


def failed_runs(ctx):
    return [r for r in ctx.runs if not r["ok"]]


def freertos_missing_text(ctx):
    why = ctx.no_freertos_reason or "no FreeRTOS results are present"
    return ("FreeRTOS was not measured (%s). To include it: "
            "make bench FREERTOS_DIR=/path/to/FreeRTOS-Kernel" % why)


# ---------------------------------------------------------------- the summary

def _range(vals, fmt):
    lo, hi = min(vals), max(vals)
    return fmt(lo) if fmt(lo) == fmt(hi) else "%s to %s" % (fmt(lo), fmt(hi))


def _x(v):
    return "%.1f\u00d7" % v


def _pct(v):
    return signed_pct(v)


def _less(v):
    return "%.1f%%" % abs(v)


def summary(ctx):
    """The answer first: [(heading, sentence)], every figure taken from the records."""
    out = []
    if ctx.has_freertos():
        for x in (32, 64):
            sp = [(s, suite, m) for suite, m, vals in comparison_rows(ctx)
                  for (t, f, s) in [vals[0 if x == 32 else 1]]
                  if s is not None and m not in F.RH_VARIANTS
                  and not (suite == "thread-metric" and m == F.TM_BASELINE)]
            if not sp:
                continue
            faster = [v for v, _, _ in sp if v > 1.02]
            slower = [(v, suite, m) for v, suite, m in sp if v < 0.98]
            text = ("Tempo is faster than FreeRTOS on %d of %d measurements at RV%d, by %s "
                    "(median %s)." % (len(faster), len(sp), x,
                                      _range(faster, _x) if faster else "none",
                                      _x(statistics.median(faster)) if faster else "-"))
            if slower:
                text += " FreeRTOS is faster on %s." % "; ".join(
                    "%s %s (Tempo %s)" % (F.SUITE_TITLE[suite], m, fmt_speedup(v))
                    for v, suite, m in slower)
            out.append(("Tempo vs FreeRTOS, RV%d" % x, text))
    # RV32 vs RV64 per kernel, on the cycle metrics
    for k in ctx.kernels:
        ov = []
        for suite in ("kernel-metrics", "rhealstone", "context-switch"):
            for m in F.ORDER[suite]:
                a, b = ctx.value(k, suite, m, 32), ctx.value(k, suite, m, 64)
                if a and b and a > 0 and b > 0 and m not in F.RH_VARIANTS:
                    ov.append(100 * (b / a - 1))
        if ov:
            out.append(("RV64 vs RV32, %s" % name(k),
                        "%s at RV64 needs %s cycles relative to RV32 over %d cycle metrics "
                        "(positive: RV64 slower)." % (name(k), _range(ov, _pct), len(ov))))
    # anchors
    parts = []
    for k in ctx.kernels:
        rel = []
        for m, anchor in F.CH32V307.items():
            r = ctx.get(k, "kernel-metrics", m, 32)
            if r:
                rel.append(100 * (r["avg_cycles"] / anchor - 1))
        if rel:
            below = [abs(v) for v in rel if v < 0]
            above = [v for v in rel if v >= 0]
            bits = []
            for vals, where, what in ((below, "below", "fewer"), (above, "above", "more")):
                if vals:
                    bits.append("%s them on %s%d %s (%s %s cycles)" % (
                        where, "all " if len(vals) == len(rel) else "", len(vals),
                        "metric" if len(vals) == 1 else "metrics", _range(vals, _less), what))
            parts.append("%s's RV32 averages are %s" % (name(k), " and ".join(bits)))
    if parts:
        out.append(("Against the CH32V307 row", "Against the published kernel-metric figures "
                    "of the CH32V307 (RV32IMAC, %d metrics): " % len(F.CH32V307)
                    + "; ".join(parts) + "."))
    diffs = []
    for (m, x), paper in F.PAPER_TABLE2.items():
        r = ctx.get("freertos", "rhealstone", m, x)
        if r:
            diffs.append(100 * (r["avg_cycles"] / paper - 1))
    text = ""
    if diffs:
        text = ("FreeRTOS on tempo-sim lands within %s of the paper's Table II (task "
                "switch and task preempt, both widths): the simulated core reproduces the "
                "FPGA's figures. " % _range(diffs, _pct))
    ts = [ctx.get("tempo", "rhealstone", "task switch", x) for x in (32, 64)]
    tp = [ctx.get("tempo", "rhealstone", "task preempt", x) for x in (32, 64)]
    if all(ts) and all(tp):
        p = F.PAPER_TABLE2
        text += ("Tempo's task switch takes %.0f / %.0f cycles (RV32 / RV64) against the "
                 "paper's FreeRTOS %s / %s, its task preempt %.0f / %.0f against %s / %s." %
                 (ts[0]["avg_cycles"], ts[1]["avg_cycles"], fmt_int(p[("task switch", 32)]),
                  fmt_int(p[("task switch", 64)]), tp[0]["avg_cycles"], tp[1]["avg_cycles"],
                  fmt_int(p[("task preempt", 32)]), fmt_int(p[("task preempt", 64)])))
    if text:
        out.append(("Against the paper's Table II", text))
    if not ctx.has_freertos():
        out.append(("FreeRTOS", freertos_missing_text(ctx)))
    rows = budgets.evaluate(ctx.records)
    if any(r[2] != "no result" for r in rows):
        missed = [r for r in rows if not r[4]]
        out.append(("Tempo's budgets", "%d of %d budget checks met%s." % (
            len(rows) - len(missed), len(rows),
            "" if not missed else "; missed: " + ", ".join(r[1] for r in missed[:5]))))
    bad = failed_runs(ctx)
    if bad:
        out.append(("Failed images", "%d image(s) failed their self-checks: %s" % (
            len(bad), "; ".join("%s rv%d %s" % (r["kernel"], r["xlen"], r["image"])
                                for r in bad))))
    return out


def terminal(ctx):
    parts = ["Summary"] + ["  %s: %s" % (h, t) for h, t in summary(ctx)]
    parts = ["\n".join(parts)]
    for k in ctx.kernels:
        parts += [t.text() for t in kernel_tables(ctx, k)]
    if ctx.has_freertos():
        parts.append(comparison_table(ctx).text())
        parts.append(paper_table(ctx).text())
    else:
        parts.append(freertos_missing_text(ctx))
    rows = budgets.evaluate(ctx.records)
    missed = [r for r in rows if not r[4]]
    if any(r[2] != "no result" for r in rows):
        lines = ["Tempo's budgets: %d of %d met" % (len(rows) - len(missed), len(rows))]
        lines += ["  MISSED %-13s %s: %s (budget %s)" % (g, item, v, b) for g, item, v, b, _ in missed]
        parts.append("\n".join(lines))
    parts.append(CONVENTIONS)
    return "\n\n".join(parts)


# ---------------------------------------------------------------- the analysis

RESIDUE_NOTE = ("Left out of the per-function rows: %s. Their difference between the two runs "
                "falls below zero at one width: they do work once per run (end-of-run stack "
                "checks, printing) whose amount differs between the runs, so their difference is "
                "no per-event cost at either width. \"total measured\" includes it, \"total "
                "without the once-per-run work\" does not.")
NEGATIVE_CAUSE_NOTE = ("\"below zero\": the longer run spent fewer cycles on this cause in its "
                       "once-per-run work, so the difference is no per-event cost; the totals "
                       "include it.")


def stall_causes(*stats):
    """The simulator's stall causes, in its order (--stats-json), over the given stats."""
    out = []
    for s in stats:
        for c in s["stalls"]:
            if c not in out:
                out.append(c)
    return out


def _per_event(v):
    """A per-event figure for a table: never printed below zero."""
    return "below zero" if v < -0.005 else "%.2f" % max(v, 0.0)


def path_tables(ctx, kernel, path, what):
    a32, a64 = ctx.an.get((kernel, 32), {}).get(path), ctx.an.get((kernel, 64), {}).get(path)
    if not a32 or not a64:
        return [], []
    f32 = {r["function"]: r for r in a32["functions"]}
    f64 = {r["function"]: r for r in a64["functions"]}

    residues, rest = once_per_run(a32, a64)

    names = sorted(set(f32) | set(f64),
                   key=lambda n: -max(f32.get(n, {}).get("cycles", 0),
                                      f64.get(n, {}).get("cycles", 0)))
    rows, left_out = [], []
    for n in names:
        x, y = f32.get(n), f64.get(n)
        if n in residues:
            left_out.append(n)
            continue
        x, y = x or {"cycles": 0.0, "instructions": 0.0}, y or {"cycles": 0.0, "instructions": 0.0}
        rows.append([n, "%.2f" % x["instructions"], "%.2f" % x["cycles"],
                     "%.2f" % y["instructions"], "%.2f" % y["cycles"],
                     "%+.2f" % (y["cycles"] - x["cycles"])])
    s32, s64 = a32["stats"], a64["stats"]
    if residues:
        c32, i32 = s32["cycles"] - rest[32][0], s32["instructions"] - rest[32][1]
        c64, i64 = s64["cycles"] - rest[64][0], s64["instructions"] - rest[64][1]
        rows.append(["total without the once-per-run work", "%.2f" % i32, "%.2f" % c32,
                     "%.2f" % i64, "%.2f" % c64, "%+.2f" % (c64 - c32)])
    rows.append(["total measured", "%.2f" % s32["instructions"], "%.2f" % s32["cycles"],
                 "%.2f" % s64["instructions"], "%.2f" % s64["cycles"],
                 "%+.2f" % (s64["cycles"] - s32["cycles"])])
    notes = []
    t1 = Table("%s, %s: instructions and cycles per function per event (from --profile-json: "
               "(run b - run a) / %d events)" % (name(kernel), what, a32["events"]),
               ["function", "RV32 instructions", "RV32 cycles", "RV64 instructions",
                "RV64 cycles", "RV64 minus RV32 cycles"], rows,
               RESIDUE_NOTE % ", ".join(left_out) if left_out else None)
    srows = [["issue (1 per instruction)", "%.2f" % s32["base"], "%.2f" % s64["base"],
              "%+.2f" % (s64["base"] - s32["base"])]]
    negative = False
    for c in stall_causes(s32, s64):
        v32, v64 = s32["stalls"].get(c, 0), s64["stalls"].get(c, 0)
        if abs(v32) < 0.005 and abs(v64) < 0.005:
            continue
        if v32 < -0.005 or v64 < -0.005:
            negative = True
            srows.append([c, _per_event(v32), _per_event(v64), "-"])
        else:
            srows.append([c, "%.2f" % v32, "%.2f" % v64, "%+.2f" % (v64 - v32)])
    srows.append(["total cycles", "%.2f" % s32["cycles"], "%.2f" % s64["cycles"],
                  "%+.2f" % (s64["cycles"] - s32["cycles"])])
    t2 = Table("%s, %s: cycles by cause per event (from --stats-json)" % (name(kernel), what),
               ["cause", "RV32", "RV64", "RV64 minus RV32"], srows,
               NEGATIVE_CAUSE_NOTE if negative else None)
    return [t1, t2], notes


def once_per_run(a32, a64):
    """The functions whose difference between the two runs falls below zero at either width:
    once-per-run work (end-of-run stack scans, printing) that differs between the runs, no
    per-event cost at either width; and their cycles and instructions per width."""
    names = {r["function"] for r in a32["functions"] + a64["functions"]
             if r["cycles"] < -0.005 or r["instructions"] < -0.005}

    def total(a, key):
        return sum(r[key] for r in a["functions"] if r["function"] in names)
    return names, {32: (total(a32, "cycles"), total(a32, "instructions")),
                   64: (total(a64, "cycles"), total(a64, "instructions"))}


def path_summary(ctx, kernel, path, what):
    a32, a64 = ctx.an.get((kernel, 32), {}).get(path), ctx.an.get((kernel, 64), {}).get(path)
    if not a32 or not a64:
        return None
    s32, s64 = a32["stats"], a64["stats"]
    residues, rest = once_per_run(a32, a64)
    # per-event totals without the once-per-run work
    c32, i32 = s32["cycles"] - rest[32][0], s32["instructions"] - rest[32][1]
    c64, i64 = s64["cycles"] - rest[64][0], s64["instructions"] - rest[64][1]
    text = ("%s, %s: %.1f cycles and %.1f instructions per event at RV32, %.1f cycles and %.1f "
            "instructions at RV64 (RV64 overhead %s)" % (
                name(kernel), what, c32, i32, c64, i64, overhead(c32, c64)))
    if residues:
        text += (", once-per-run work (%s) taken out of the measured differences of %.1f and "
                 "%.1f cycles" % (", ".join(sorted(residues)), s32["cycles"], s64["cycles"]))
    text += "."
    d = c64 - c32
    causes = sorted(((s64["stalls"].get(c, 0) - s32["stalls"].get(c, 0), c)
                     for c in stall_causes(s32, s64)
                     if s32["stalls"].get(c, 0) >= 0 and s64["stalls"].get(c, 0) >= 0),
                    reverse=True)
    big = [("%s %+.1f" % (c, v)) for v, c in causes if abs(v) >= 0.5][:4]
    blurred = [c for c in stall_causes(s32, s64)
               if s32["stalls"].get(c, 0) < -0.005 or s64["stalls"].get(c, 0) < -0.005]
    if abs(d) >= 0.5:
        text += " The %+.1f cycles of RV64 come from: %s; instruction count %+.1f." % (
            d, ", ".join(big) if big else "no single cause", i64 - i32)
        if residues or blurred:
            text += (" (The causes are the measured differences, once-per-run work included: "
                     "it cannot be split off by cause%s.)" % (
                         "; %s falls below zero and is left out" % ", ".join(blurred)
                         if blurred else ""))
    else:
        text += " The widths cost the same cycles on this path."
    f32 = {r["function"]: r["cycles"] for r in a32["functions"] if r["function"] not in residues}
    f64 = {r["function"]: r["cycles"] for r in a64["functions"] if r["function"] not in residues}
    moved = sorted(((f64.get(n, 0) - f32.get(n, 0), n) for n in set(f32) | set(f64)),
                   key=lambda t: -abs(t[0]))
    moved = [("%s %+.1f" % (n, v)) for v, n in moved if abs(v) >= 0.5][:4]
    if moved:
        text += " Functions whose cycles differ most between the widths (RV64 minus RV32): %s." \
            % ", ".join(moved)
    top = sorted((r for r in a32["functions"] if r["function"] not in residues),
                 key=lambda r: -r["cycles"])[:3]
    if top and c32 > 0:
        text += " At RV32 the largest shares are %s." % ", ".join(
            "%s (%.0f%%)" % (r["function"], 100 * r["cycles"] / c32) for r in top)
    return text


def sizes_table(ctx, kernel):
    a32, a64 = ctx.an.get((kernel, 32)), ctx.an.get((kernel, 64))
    if not a32 or not a64:
        return None
    rows = []
    for key, label in (("switch_frame", "switch routine"), ("trap_frame", "interrupt entry")):
        f32, f64 = a32.get(key), a64.get(key)
        if not f32 or not f64:
            continue
        sym = a32.get("switch_sym" if key == "switch_frame" else "trap_sym")
        if key == "trap_frame" and a32.get("trap_sym") == a32.get("switch_sym"):
            continue
        rows.append(["%s frame (%s)" % (label, sym), "%d B" % f32["bytes"], "%d B" % f64["bytes"]])
        rows.append(["%s word stores + loads (sw/lw, sd/ld)" % label,
                     "%d (%d+%d)" % (f32["stores"] + f32["loads"], f32["stores"], f32["loads"]),
                     "%d (%d+%d)" % (f64["stores"] + f64["loads"], f64["stores"], f64["loads"])])
        rows.append(["%s bytes those stores + loads move" % label,
                     "%d B" % (4 * (f32["stores"] + f32["loads"])),
                     "%d B" % (8 * (f64["stores"] + f64["loads"]))])
        rows.append(["%s instructions" % label, "%d" % f32["instructions"],
                     "%d" % f64["instructions"]])
    s32, s64 = a32.get("sizes", {}), a64.get("sizes", {})
    for n in sorted(set(s32) | set(s64)):
        rows.append(["sizeof %s (reported by the layer)" % n,
                     "%s B" % s32.get(n, "-"), "%s B" % s64.get(n, "-")])
    d32, d64 = a32.get("data_symbols", {}), a64.get("data_symbols", {})
    for n in sorted(set(d32) | set(d64)):
        rows.append(["kernel data %s (ELF symbol)" % n, "%s B" % d32.get(n, "-"),
                     "%s B" % d64.get(n, "-")])
    return Table("%s: sizes that matter at each width (after the paper's Table III)" % name(kernel),
                 ["component", "RV32", "RV64"], rows, align=["l", "r", "r"])


def kernels_side_by_side(ctx):
    """Tempo beside FreeRTOS on the analysed paths and sizes, with the speed-up."""
    rows = []

    def val(k, x, path, key):
        a = ctx.an.get((k, x), {})
        if path in ("cs_yield", "cs_preempt"):
            return a.get(path, {}).get("stats", {}).get(key)
        if path == "sizes":
            return a.get("sizes", {}).get(key)
        f = a.get(path) or {}
        return f.get(key)

    items = [("voluntary switch: cycles per event", "cs_yield", "cycles", True),
             ("voluntary switch: instructions per event", "cs_yield", "instructions", True),
             ("preemption round trip: cycles per event", "cs_preempt", "cycles", True),
             ("preemption round trip: instructions per event", "cs_preempt", "instructions", True),
             ("switch routine frame (bytes)", "switch_frame", "bytes", False),
             ("interrupt entry frame (bytes)", "trap_frame", "bytes", False),
             ("thread control block (bytes)", "sizes", "tcb", False)]
    for label, path, key, cost in items:
        row = [label]
        for x in (32, 64):
            t, f = val("tempo", x, path, key), val("freertos", x, path, key)
            row += [fmt_avg(t), fmt_avg(f),
                    fmt_speedup(speedup_value("", t, f)) if cost else "-"]
        if any(c != "-" for c in row[1:]):
            rows.append(row)
    return Table("Tempo beside FreeRTOS on the analysed paths",
                 ["", "Tempo RV32", "FreeRTOS RV32", "speed-up RV32", "Tempo RV64",
                  "FreeRTOS RV64", "speed-up RV64"], rows,
                 "speed-up: how many times fewer cycles (or instructions) Tempo needs.")


def analysis_sections(ctx):
    """[(heading, [paragraph strings], [tables])] for markdown and HTML alike."""
    secs = []
    for k in ctx.kernels:
        paras, tables = [], []
        for path, what in (("cs_yield", "voluntary switch (yield to an equal-priority thread)"),
                           ("cs_preempt", "preemption round trip (resume a higher thread, "
                                          "it suspends itself)")):
            s = path_summary(ctx, k, path, what)
            if s:
                paras.append(s)
            t, _ = path_tables(ctx, k, path, what)
            tables += t
        st = sizes_table(ctx, k)
        if st:
            tables.append(st)
        cs32 = ctx.get(k, "context-switch", "minimal context switch", 32)
        cs64 = ctx.get(k, "context-switch", "minimal context switch", 64)
        if cs32 and cs64:
            a32 = ctx.an.get((k, 32), {})
            paras.append("Minimal context switch (%s, from the trace): %s cycles at RV32, %s at "
                         "RV64 (RV64 overhead %s)." % (
                             a32.get("switch_sym", "?"), fmt_avg(cs32["avg_cycles"]),
                             fmt_avg(cs64["avg_cycles"]),
                             overhead(cs32["avg_cycles"], cs64["avg_cycles"])))
        if paras or tables:
            secs.append((name(k), paras, tables))
    if ctx.has_freertos() and "tempo" in ctx.kernels:
        secs.append(("Tempo beside FreeRTOS", [], [kernels_side_by_side(ctx)]))
    return secs


ANALYSIS_INTRO = ("Per-event figures are exact differences of two simulated runs of different "
                  "length (bench/suites/ctxsw.c built with two round counts, bench/bench.mk "
                  "BENCH_CS_ROUNDS_a/b), divided by the extra rounds, so start-up and printing "
                  "cancel out. Cycles by cause: `tempo-sim --stats-json` (the simulator's own "
                  "cause names); per function: `tempo-sim --profile-json`; frames and data "
                  "sizes: the images' ELF symbols and code (pyelftools); other sizes: the "
                  "layer's sizeof values. Columns marked \"RV64 minus RV32\" are differences "
                  "between the widths, not costs.")


def analysis_markdown(ctx):
    out = ["# Instruction-level analysis (generated by bench/report/bench.py)", "",
           ANALYSIS_INTRO, ""]
    for head, paras, tables in analysis_sections(ctx):
        out += ["## " + head, ""]
        for p in paras:
            out += [p, ""]
        for t in tables:
            out += [t.markdown()]
    if ctx.has_freertos():
        out += ["## FreeRTOS and the paper", "", paper_table(ctx).markdown()]
        if paper_notes():
            out += ["From %s:" % PAPER_NOTES, "", paper_notes(), ""]
    else:
        out += ["## FreeRTOS", "", freertos_missing_text(ctx), ""]
    return "\n".join(out)


def readme_tables(ctx):
    """The README's result tables, in markdown, from this run."""
    out = []
    kernels = ctx.kernels
    cols = ["metric"]
    for k in kernels:
        cols += ["%s RV32" % name(k), "%s RV64" % name(k)]
    for suite in ("kernel-metrics", "rhealstone", "context-switch"):
        rows = []
        for m in F.ORDER[suite]:
            row = [m]
            for k in kernels:
                row += [fmt_avg(ctx.value(k, suite, m, x)) for x in (32, 64)]
            if any(c != "-" for c in row[1:]):
                rows.append(row)
        extra_cols = []
        if suite == "kernel-metrics":
            extra_cols = ["CH32V307"]
            for r in rows:
                r.append(fmt_int(F.CH32V307.get(r[0])))
        if suite == "rhealstone":
            extra_cols = ["paper RV32 / RV64"]
            for r in rows:
                p = [F.PAPER_TABLE2.get((r[0], x)) for x in (32, 64)]
                r.append("%s / %s" % (fmt_int(p[0]), fmt_int(p[1])) if p[0] else "-")
        out.append(Table(F.SUITE_TITLE[suite] + " (cycles, averages)", cols + extra_cols,
                         rows).markdown())
    rows = []
    for m in F.TM_ORDER:
        row = [m]
        for k in kernels:
            row += [fmt_int(ctx.value(k, "thread-metric", m, x)) for x in (32, 64)]
        rows.append(row)
    out.append(Table("Thread-Metric (operations per 100 ms)", cols, rows).markdown())
    return "\n".join(out)
