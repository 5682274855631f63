"""Tables (terminal, markdown, HTML), CSV, the generated analysis and the HTML report.

Every figure comes from the records of this run (results.json) and the analysis data
(analysis.json); nothing here holds a measured number."""
import csv
import html
import statistics

import budgets
import figures as F

CSV_FIELDS = ["kernel", "xlen", "suite", "metric", "avg_cycles", "min_cycles", "max_cycles",
              "samples", "count", "period_cycles"]


def write_csv(path, records):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS, extrasaction="ignore")
        w.writeheader()
        for r in records:
            w.writerow(r)


class Context:
    def __init__(self, records, runs, analysis, no_freertos_reason):
        self.records, self.runs, self.analysis = records, runs, analysis
        self.by = {(r["kernel"], r["suite"], r["metric"], r["xlen"]): r for r in records}
        ks = sorted({r["kernel"] for r in records} | {r["kernel"] for r in runs},
                    key=lambda k: (k != "tempo", k))
        self.kernels = ks
        self.no_freertos_reason = no_freertos_reason
        self.an = {(a["kernel"], a["xlen"]): a for a in analysis}

    def get(self, kernel, suite, metric, xlen):
        return self.by.get((kernel, suite, metric, xlen))

    def has_freertos(self):
        return "freertos" in self.kernels and any(r["kernel"] == "freertos" for r in self.records)


# ---------------------------------------------------------------- formatting helpers

def fmt_avg(v):
    return "-" if v is None else ("%.2f" % v if isinstance(v, float) and not v.is_integer()
                                  else "%d" % v)


def fmt_int(v):
    return "-" if v is None else "{:,}".format(int(v))


def pct(a, b):
    """b relative to a, as a signed percentage string."""
    if a is None or b is None or a <= 0 or b <= 0:
        return "-"  # relative to a residue at or below zero means nothing
    return "%+.1f%%" % (100.0 * (b / a - 1))


def ratio(a, b):
    """a / b; "-" when either is missing or not positive (a ratio of a negative residue, such
    as a Rhealstone figure after overhead subtraction, means nothing)."""
    if a is None or b is None or a <= 0 or b <= 0:
        return "-"
    return "%.2f" % (a / b)


class Table:
    def __init__(self, title, columns, rows, note=None, align=None):
        self.title, self.columns, self.rows, self.note = title, columns, rows, note
        self.align = align or (["l"] + ["r"] * (len(columns) - 1))

    def text(self):
        cells = [self.columns] + self.rows
        widths = [max(len(str(r[i])) for r in cells) for i in range(len(self.columns))]
        out = [self.title]

        def line(r):
            return "  ".join(str(c).ljust(w) if a == "l" else str(c).rjust(w)
                             for c, w, a in zip(r, widths, self.align))
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

    def html(self):
        h = ["<table><caption>%s</caption><tr>" % html.escape(self.title)]
        h += ["<th>%s</th>" % html.escape(c) for c in self.columns]
        h.append("</tr>")
        for r in self.rows:
            h.append("<tr>" + "".join('<td class="%s">%s</td>' % (a, html.escape(str(c)))
                                      for c, a in zip(r, self.align)) + "</tr>")
        h.append("</table>")
        if self.note:
            h.append('<p class="note">%s</p>' % html.escape(self.note))
        return "".join(h)


# ---------------------------------------------------------------- result tables

def cycle_table(ctx, kernel, suite, title):
    cols = ["metric", "RV32 avg", "min", "max", "RV64 avg", "min", "max", "RV64 overhead"]
    if suite == "kernel-metrics":
        cols.append("CH32V307 (RV32)")
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
        row.append(pct(a and a["avg_cycles"], b and b["avg_cycles"]))
        if suite == "kernel-metrics":
            row.append(fmt_int(F.CH32V307.get(m)))
        if suite == "rhealstone" and kernel == "freertos":
            paper = [k for k, v in F.PAPER_METRIC.items() if v == m]
            row += [fmt_int(F.PAPER_TABLE2.get((paper[0], x))) if paper else "-" for x in (32, 64)]
        rows.append(row)
    return Table(title, cols, rows) if rows else None


def tm_table(ctx, kernel):
    rows = []
    period = None
    for m in F.TM_ORDER:
        a, b = ctx.get(kernel, "thread-metric", m, 32), ctx.get(kernel, "thread-metric", m, 64)
        if not a and not b:
            continue
        period = (a or b)["period_cycles"]
        rows.append([m, fmt_int(a and a["count"]), fmt_int(b and b["count"]),
                     pct(a and a["count"], b and b["count"])])
    if not rows:
        return None
    return Table("Thread-Metric, %s: operations per period of %s cycles (%.0f ms at 100 MHz)"
                 % (kernel, fmt_int(period), period / 1e5),
                 ["test", "RV32 count", "RV64 count", "RV64 change"], rows,
                 "More is better; each period is measured exactly with the cycle counter.")


SUITE_TITLES = {
    "kernel-metrics": "Kernel metrics, %s (cycles; avg / min / max; samples with a timer tick "
                      "excluded)",
    "rhealstone": "Rhealstone, %s (cycles per event, loop and direct overheads subtracted; "
                  "interrupt latency: raise to first handler statement, min/avg/max)",
    "context-switch": "Minimal context switch, %s (cycles from the switch routine's first "
                      "instruction to the next thread's first instruction, from the trace)",
}


def kernel_tables(ctx, kernel):
    out = []
    for suite in ("kernel-metrics", "rhealstone", "context-switch"):
        t = cycle_table(ctx, kernel, suite, SUITE_TITLES[suite] % kernel)
        if t:
            out.append(t)
    t = tm_table(ctx, kernel)
    if t:
        out.append(t)
    return out


def comparison_table(ctx):
    """Tempo beside FreeRTOS: the ratio Tempo / FreeRTOS per metric and width."""
    rows = []
    for suite in ("kernel-metrics", "rhealstone", "context-switch", "thread-metric"):
        for m in F.ORDER[suite]:
            key = "count" if suite == "thread-metric" else "avg_cycles"
            vals = []
            for x in (32, 64):
                t, f = ctx.get("tempo", suite, m, x), ctx.get("freertos", suite, m, x)
                vals.append((t and t[key], f and f[key]))
            if all(t is None and f is None for t, f in vals):
                continue
            row = [suite, m]
            for t, f in vals:
                row += [fmt_avg(t) if key == "avg_cycles" else fmt_int(t),
                        fmt_avg(f) if key == "avg_cycles" else fmt_int(f), ratio(t, f)]
            rows.append(row)
    return Table("Tempo beside FreeRTOS on the same simulated core (cycles, averages; "
                 "Thread-Metric: operations per period, more is better)",
                 ["suite", "metric", "Tempo RV32", "FreeRTOS RV32", "Tempo/FreeRTOS",
                  "Tempo RV64", "FreeRTOS RV64", "Tempo/FreeRTOS"], rows,
                 align=["l", "l"] + ["r"] * 6)


def paper_table(ctx):
    rows = []
    for (m, x), paper in sorted(F.PAPER_TABLE2.items(), key=lambda i: (i[0][0] != "task switch",
                                                                      i[0][1])):
        r = ctx.get("freertos", "rhealstone", F.PAPER_METRIC[m], x)
        rows.append([m, "RV%d" % x, fmt_int(paper), fmt_avg(r and r["avg_cycles"]),
                     pct(paper, r and r["avg_cycles"])])
    return Table("The paper's Table II (FreeRTOS on the FPGA core) beside FreeRTOS on tempo-sim",
                 ["Rhealstone", "width", "paper", "tempo-sim", "difference"], rows,
                 "tempo-sim figures: the same benchmark source through the FreeRTOS layer, loop "
                 "overhead subtracted (the paper's stated method, see bench/suites/rhealstone.c).",
                 align=["l", "l", "r", "r", "r"])


def budget_table(ctx):
    rows = budgets.evaluate(ctx.records)
    if not any(r[2] != "no result" for r in rows):
        return None
    out = [[g, item, value, budget, "ok" if ok else "MISSED"] for g, item, value, budget, ok in rows]
    missed = sum(1 for r in rows if not r[4])
    return Table("Tempo's budgets (issue 4; make test asserts them): %d of %d met"
                 % (len(rows) - missed, len(rows)),
                 ["check", "item", "measured", "budget", "verdict"], out,
                 "Alrm's maximum is the tick on which all five alarms expire (1 to 5 alarms per "
                 "tick by construction), so its worst/average ratio measures the workload as well "
                 "as the kernel.",
                 align=["l", "l", "r", "l", "l"])


# The FreeRTOS helper's explanation of the paper comparison (issue 6), shown verbatim when
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


def terminal(ctx):
    parts = []
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
        lines = ["Tempo budgets (issue 4): %d of %d met" % (len(rows) - len(missed), len(rows))]
        lines += ["  MISSED %-13s %s: %s (budget %s)" % (g, item, v, b) for g, item, v, b, _ in missed]
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


# ---------------------------------------------------------------- the analysis

STALL_ORDER = ["jump", "store", "load-use", "alu-use", "mispredict", "branch", "multiply",
               "divide", "csr", "trap", "refill", "idle"]


def path_tables(ctx, kernel, path, what):
    a32, a64 = ctx.an.get((kernel, 32), {}).get(path), ctx.an.get((kernel, 64), {}).get(path)
    if not a32 or not a64:
        return []
    f32 = {r["function"]: r for r in a32["functions"]}
    f64 = {r["function"]: r for r in a64["functions"]}
    names = sorted(set(f32) | set(f64),
                   key=lambda n: -max(f32.get(n, {}).get("cycles", 0),
                                      f64.get(n, {}).get("cycles", 0)))
    rows = []
    for n in names:
        x, y = f32.get(n, {}), f64.get(n, {})
        rows.append([n, "%.2f" % x.get("instructions", 0), "%.2f" % x.get("cycles", 0),
                     "%.2f" % y.get("instructions", 0), "%.2f" % y.get("cycles", 0),
                     "%+.2f" % (y.get("cycles", 0) - x.get("cycles", 0))])
    s32, s64 = a32["stats"], a64["stats"]
    rows.append(["total", "%.2f" % s32["instructions"], "%.2f" % s32["cycles"],
                 "%.2f" % s64["instructions"], "%.2f" % s64["cycles"],
                 "%+.2f" % (s64["cycles"] - s32["cycles"])])
    t1 = Table("%s, %s: instructions and cycles per function per event (from --profile-json: "
               "(run b - run a) / %d events)" % (kernel, what, a32["events"]),
               ["function", "RV32 instr", "RV32 cycles", "RV64 instr", "RV64 cycles",
                "RV64-RV32 cycles"], rows)
    srows = [["issue (1 per instruction)", "%.2f" % s32["base"], "%.2f" % s64["base"],
              "%+.2f" % (s64["base"] - s32["base"])]]
    for c in STALL_ORDER:
        v32, v64 = s32["stalls"].get(c, 0), s64["stalls"].get(c, 0)
        if abs(v32) >= 0.005 or abs(v64) >= 0.005:
            srows.append([c, "%.2f" % v32, "%.2f" % v64, "%+.2f" % (v64 - v32)])
    srows.append(["total cycles", "%.2f" % s32["cycles"], "%.2f" % s64["cycles"],
                  "%+.2f" % (s64["cycles"] - s32["cycles"])])
    t2 = Table("%s, %s: cycles by cause per event (from --stats-json)" % (kernel, what),
               ["cause", "RV32", "RV64", "RV64-RV32"], srows)
    return [t1, t2]


def path_summary(ctx, kernel, path, what):
    a32, a64 = ctx.an.get((kernel, 32), {}).get(path), ctx.an.get((kernel, 64), {}).get(path)
    if not a32 or not a64:
        return None
    s32, s64 = a32["stats"], a64["stats"]
    d = s64["cycles"] - s32["cycles"]
    causes = sorted(((s64["stalls"].get(c, 0) - s32["stalls"].get(c, 0), c) for c in STALL_ORDER),
                    reverse=True)
    big = [("%s %+.1f" % (c, v)) for v, c in causes if abs(v) >= 0.5][:4]
    text = ("%s, %s: %.1f cycles and %.1f instructions per event at RV32, %.1f cycles and %.1f "
            "instructions at RV64 (%s)." % (kernel, what, s32["cycles"], s32["instructions"],
                                           s64["cycles"], s64["instructions"],
                                           pct(s32["cycles"], s64["cycles"])))
    if abs(d) >= 0.5:
        text += " The %+.1f cycles of RV64 come from: %s; instruction count %+.1f." % (
            d, ", ".join(big) if big else "no single cause", s64["instructions"] - s32["instructions"])
    else:
        text += " The widths cost the same cycles on this path."
    f32 = {r["function"]: r["cycles"] for r in a32["functions"]}
    f64 = {r["function"]: r["cycles"] for r in a64["functions"]}
    moved = sorted(((f64.get(n, 0) - f32.get(n, 0), n) for n in set(f32) | set(f64)),
                   key=lambda t: -abs(t[0]))
    moved = [("%s %+.1f" % (n, v)) for v, n in moved if abs(v) >= 0.5][:4]
    if moved:
        text += " Functions whose cycles differ most between the widths: %s." % ", ".join(moved)
    top = sorted(a32["functions"], key=lambda r: -r["cycles"])[:3]
    if top and s32["cycles"]:
        text += " At RV32 the largest shares are %s." % ", ".join(
            "%s (%.0f%%)" % (r["function"], 100 * r["cycles"] / s32["cycles"]) for r in top)
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
    return Table("%s: sizes that matter at each width (after the paper's Table III)" % kernel,
                 ["component", "RV32", "RV64"], rows, align=["l", "r", "r"])


def kernels_side_by_side(ctx):
    """Tempo beside FreeRTOS on the analysed paths and sizes, with the ratio."""
    rows = []

    def val(k, x, path, key):
        a = ctx.an.get((k, x), {})
        if path in ("cs_yield", "cs_preempt"):
            return a.get(path, {}).get("stats", {}).get(key)
        if path == "sizes":
            return a.get("sizes", {}).get(key)
        f = a.get(path) or {}
        return f.get(key)

    items = [("voluntary switch: cycles per event", "cs_yield", "cycles"),
             ("voluntary switch: instructions per event", "cs_yield", "instructions"),
             ("preemption round trip: cycles per event", "cs_preempt", "cycles"),
             ("preemption round trip: instructions per event", "cs_preempt", "instructions"),
             ("switch routine frame (bytes)", "switch_frame", "bytes"),
             ("interrupt entry frame (bytes)", "trap_frame", "bytes"),
             ("thread control block (bytes)", "sizes", "tcb")]
    for label, path, key in items:
        row = [label]
        for x in (32, 64):
            t, f = val("tempo", x, path, key), val("freertos", x, path, key)
            row += [fmt_avg(t), fmt_avg(f), ratio(t, f)]
        if any(c != "-" for c in row[1:]):
            rows.append(row)
    return Table("Tempo beside FreeRTOS on the analysed paths",
                 ["", "Tempo RV32", "FreeRTOS RV32", "Tempo/FreeRTOS", "Tempo RV64",
                  "FreeRTOS RV64", "Tempo/FreeRTOS"], rows)


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
            tables += path_tables(ctx, k, path, what)
        st = sizes_table(ctx, k)
        if st:
            tables.append(st)
        cs32 = ctx.get(k, "context-switch", "minimal context switch", 32)
        cs64 = ctx.get(k, "context-switch", "minimal context switch", 64)
        if cs32 and cs64:
            a32 = ctx.an.get((k, 32), {})
            paras.append("Minimal context switch (%s, from the trace): %s cycles at RV32, %s at "
                         "RV64 (%s)." % (a32.get("switch_sym", "?"), fmt_avg(cs32["avg_cycles"]),
                                         fmt_avg(cs64["avg_cycles"]),
                                         pct(cs32["avg_cycles"], cs64["avg_cycles"])))
        if paras or tables:
            secs.append(("Kernel: %s" % k, paras, tables))
    if ctx.has_freertos() and "tempo" in ctx.kernels:
        secs.append(("Tempo beside FreeRTOS", [], [kernels_side_by_side(ctx)]))
    return secs


def analysis_markdown(ctx):
    out = ["# Instruction-level analysis (generated by bench/report/bench.py)", "",
           "Per-event figures are exact differences of two simulated runs of different length "
           "(bench/suites/ctxsw.c built with two round counts, bench/bench.mk "
           "BENCH_CS_ROUNDS_a/b), divided by the extra rounds, so start-up and printing cancel "
           "out. Cycles by cause: `tempo-sim --stats-json`; per function: "
           "`tempo-sim --profile-json`; frames: the switch routine's disassembly; sizes: the "
           "layer's sizeof values and the ELF symbol table.", ""]
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


# ---------------------------------------------------------------- the HTML report

COLORS = {("tempo", 32): "#1f77b4", ("tempo", 64): "#6baed6",
          ("freertos", 32): "#d62728", ("freertos", 64): "#ff9896"}


LABEL_CHAR_PX = 7.2  # widest average advance of a 12px sans-serif label (.lbl below): 0.6 em
LABEL_PAD_PX = 16    # gap between a label's end and its bars


def bar_chart(ctx, suite, key, title):
    """Inline SVG: one group of horizontal bars per metric (kernel x width)."""
    series = [(k, x) for k in ctx.kernels for x in (32, 64)]
    groups = []
    for m in F.ORDER[suite]:
        vals = [(s, ctx.get(s[0], suite, m, s[1])) for s in series]
        vals = [(s, r[key]) for s, r in vals if r and r.get(key) is not None]
        if vals:
            groups.append((m, vals))
    if not groups:
        return ""
    vmax = max(v for _, vals in groups for _, v in vals) or 1
    bar_h, gap, width = 14, 10, 1100
    # The label column fits the longest metric name (right-aligned text is cut on the left).
    label_w = LABEL_PAD_PX + round(LABEL_CHAR_PX * max(len(m) for m, _ in groups))
    plot_w = width - label_w - 90
    y = 30
    body = []
    for m, vals in groups:
        body.append('<text x="%d" y="%d" class="lbl">%s</text>'
                    % (label_w - 8, y + bar_h * len(vals) / 2 + 4, html.escape(m)))
        for (k, x), v in vals:
            w = max(1.0, plot_w * v / vmax)
            body.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s">'
                        '<title>%s RV%d: %s</title></rect>'
                        % (label_w, y, w, bar_h - 2, COLORS.get((k, x), "#888"), k, x,
                           fmt_avg(v)))
            body.append('<text x="%.1f" y="%d" class="val">%s</text>'
                        % (label_w + w + 4, y + bar_h - 4, fmt_avg(round(v, 1))))
            y += bar_h
        y += gap
    legend = []
    lx = label_w
    for k, x in series:
        legend.append('<rect x="%d" y="8" width="12" height="12" fill="%s"/>'
                      '<text x="%d" y="18" class="leg">%s RV%d</text>'
                      % (lx, COLORS.get((k, x), "#888"), lx + 16, k, x))
        lx += 130
    return ('<figure><svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
            'role="img" aria-label="%s">%s%s</svg><figcaption>%s</figcaption></figure>'
            % (width, y + 10, html.escape(title), "".join(legend), "".join(body),
               html.escape(title)))


CSS = """body{font-family:system-ui,sans-serif;margin:24px;max-width:1150px;color:#222}
h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;padding-bottom:4px;margin-top:1.6em}
table{border-collapse:collapse;margin:12px 0;font-size:13px}
caption{text-align:left;font-weight:600;padding:4px 0}
th,td{border:1px solid #ccc;padding:3px 8px}th{background:#f0f0f0}
td.r{text-align:right;font-variant-numeric:tabular-nums}td.l{text-align:left}
.note{font-size:12px;color:#555}.fail{color:#b00;font-weight:600}
.lbl{font-size:12px;text-anchor:end}.val{font-size:11px;fill:#333}.leg{font-size:12px}
figure{margin:12px 0}figcaption{font-size:12px;color:#555}
.box{background:#f7f7f7;border:1px solid #ddd;padding:8px 12px}"""


def report_html(ctx, seconds):
    h = ["<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">",
         "<title>Tempo latency report</title><style>%s</style></head><body>" % CSS,
         "<h1>Tempo: what the kernel costs on the paper's 8-stage core, RV32 vs RV64</h1>",
         "<p>Every figure is simulated core cycles (100 MHz) on <code>tempo-sim --soc paper"
         "</code>, generated by <code>make bench</code> (%d images, %.1f s of host time). "
         "Kernels: %s.</p>" % (len(ctx.runs), seconds, ", ".join(ctx.kernels))]
    bad = failed_runs(ctx)
    if bad:
        h.append('<p class="fail">%d image(s) failed their self-checks: %s</p>' % (
            len(bad), html.escape("; ".join("%s rv%d %s: %s" % (r["kernel"], r["xlen"],
                                                                 r["image"], r["fail"])
                                            for r in bad))))
    h.append("<h2>FreeRTOS</h2>")
    if ctx.has_freertos():
        h.append(paper_table(ctx).html())
        if paper_notes():
            h.append('<p class="note">From %s:</p><pre class="box">%s</pre>'
                     % (PAPER_NOTES, html.escape(paper_notes())))
        h.append(comparison_table(ctx).html())
    else:
        h.append('<p class="box">%s</p>' % html.escape(freertos_missing_text(ctx)))
    h.append("<h2>Charts: RV32 vs RV64 per metric</h2>")
    h.append(bar_chart(ctx, "kernel-metrics", "avg_cycles",
                       "Kernel metrics: average cycles (shorter is better)"))
    h.append(bar_chart(ctx, "rhealstone", "avg_cycles",
                       "Rhealstone: cycles per event (shorter is better)"))
    h.append(bar_chart(ctx, "context-switch", "avg_cycles",
                       "Minimal context switch: cycles (shorter is better)"))
    h.append(bar_chart(ctx, "thread-metric", "count",
                       "Thread-Metric: operations per period (longer is better)"))
    h.append("<h2>Tables</h2>")
    for k in ctx.kernels:
        h += [t.html() for t in kernel_tables(ctx, k)]
    bt = budget_table(ctx)
    if bt:
        h.append("<h2>Budgets</h2>")
        missed = [r for r in bt.rows if r[4] != "ok"]
        if missed:
            h.append(Table("Missed budgets", bt.columns, missed, align=bt.align).html())
        h.append("<details><summary>%s</summary>%s</details>"
                 % (html.escape(bt.title), bt.html()))
    h.append("<h2>Instruction-level analysis</h2>")
    for head, paras, tables in analysis_sections(ctx):
        h.append("<h3>%s</h3>" % html.escape(head))
        h += ["<p>%s</p>" % html.escape(p) for p in paras]
        h += [t.html() for t in tables]
    h.append("<h2>How to read this</h2><p class=\"note\">Kernel metrics: one sample is the "
             "cycle difference between a counter read before the operation and the read in the "
             "thread (or handler) that sees its effect, minus the cost of a counter read; "
             "samples during which the CLINT mtime changed are excluded (a tick may have "
             "fallen inside). Rhealstone: the paper's method after RTEMS (loop overhead and "
             "direct overhead subtracted). RV64 overhead: RV64 relative to RV32. Tempo/FreeRTOS "
             "below 1 means Tempo is faster (for Thread-Metric counts, above 1).</p>")
    if ctx.records:
        mean = statistics.mean(r["seconds"] for r in ctx.runs) if ctx.runs else 0
        h.append('<p class="note">Mean host time per image: %.2f s.</p>' % mean)
    h.append("</body></html>\n")
    return "\n".join(h)
