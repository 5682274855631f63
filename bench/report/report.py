"""The HTML report: the Jinja2 template templates/report.html.j2 filled from a render.Context,
with the charts of charts.py inline."""
import os

import jinja2
import markupsafe

from . import charts
from . import kernels as K
from . import figures as F
from . import render as R

TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")

RH_METHOD = ("Each Rhealstone figure is the paper's method (section III-B, after the RTEMS "
             "implementation): the timed loop of N = 1,000 rounds minus the same loop run empty, "
             "divided by the number of events. RTEMS also subtracts a per-event \"direct "
             "overhead\" (%s). That variant is listed as \"(direct overhead subtracted)\" only "
             "where the direct overhead is clearly smaller than the event (the remainder at "
             "least %d%% of the figure): on FreeRTOS a yield with no other task ready still "
             "traps and switches (to the same task), so subtracting it from the task switch "
             "leaves nothing that is a cost, and that variant is not published."
             % ("; ".join("%s: %s" % kv for kv in F.DIRECT_OVERHEAD.items()),
                round(100 * F.VARIANT_MIN_SHARE)))

METHOD = ("Every image runs on tempo-sim --soc paper (the paper's SoC: 32 KiB instruction and "
          "data memory, CLINT, 1 kHz tick), deterministic: the same build gives the same "
          "figures every run. Kernel metrics: 10,000 samples each; a sample is the cycle "
          "difference between a counter read before the operation and the read in the thread "
          "(or handler) that sees its effect, minus the cost of one counter read; samples "
          "during which the CLINT mtime changed (a tick may have fallen inside) are excluded "
          "from avg / min / max and reported apart (max with tick, and their number). "
          "Rhealstone: see above. Thread-Metric: operations in 100 ms of simulated time. "
          "Minimal context switch: measured by the host tool from the simulator's instruction "
          "trace. Definitions: docs/benchmarks.md; the core's timing rules: docs/timing.md.")


def environment():
    return jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES),
                              autoescape=jinja2.select_autoescape(["html", "j2"]),
                              undefined=jinja2.StrictUndefined, trim_blocks=False,
                              lstrip_blocks=False)


def meta(ctx):
    res = ctx.results
    tools = res.get("tools", {})
    names = [("compiler", "compiler"), ("tempo_sim", "tempo-sim"), ("freertos", "FreeRTOS"),
             ("python", "Python"), ("matplotlib", "matplotlib")]
    return {"generated": res.get("generated", "-"),
            "commit": "%s%s" % (res.get("git", {}).get("commit", "-"),
                                " (with uncommitted changes)" if res.get("git", {}).get("dirty")
                                else ""),
            "tools": [(label, tools[key]) for key, label in names if tools.get(key)],
            "images": len(ctx.runs), "seconds": ctx.seconds}


def lead_kernels(ctx):
    """"Tempo", "Tempo and FreeRTOS V11.1.0", "Tempo, FreeRTOS V11.1.0 and RMP", ..."""
    names = ["Tempo"]
    for k in ctx.kernels:
        if k == "freertos":
            version = ctx.results.get("tools", {}).get("freertos") or ""
            names.append(("FreeRTOS " + version).strip())
        elif k != "tempo":
            names.append(R.name(k))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def html(ctx, draw=True, timelines=None, more=None):
    """The page; draw=False leaves the charts out (the tool's tests of the tables).
    timelines: {kernel: SVG text} of the Thread-Metric timeline window (bench.py
    timeline_svg), shown per kernel.  more: the cached run and the sweeps
    (cachesweep.load)."""
    more = more or {"cache": None, "sweeps": []}
    tables = {k: R.kernel_tables(ctx, k) for k in ctx.kernels}
    bt = R.budget_table(ctx)
    missed = None
    if bt:
        rows = [r for r in bt.rows if r[4] != "ok"]
        if rows:
            missed = R.Table("Missed budgets", bt.columns, rows, align=bt.align)
    names = ("speedup", "kernel_metrics", "alarms", "rhealstone", "thread_metric",
             "rv64_overhead", "switch_histograms", "latency_histograms")
    drawn = {n: getattr(charts, n)(ctx) if draw else "" for n in names}
    km_histograms = charts.metric_histograms(ctx, "kernel-metrics") if draw else []
    return environment().get_template("report.html.j2").render(
        summary=R.summary(ctx), conventions=R.CONVENTIONS, kernels=ctx.kernels, tables=tables,
        has_freertos=ctx.has_freertos(),
        freertos_version=ctx.results.get("tools", {}).get("freertos") or "",
        freertos_missing=R.freertos_missing_text(ctx),
        comparison=R.comparison_table(ctx) if ctx.has_freertos() else None,
        paper=R.paper_table(ctx), kernel_sections=K.sections(ctx),
        lead_kernels=lead_kernels(ctx),
        paper_notes=R.paper_notes(), ch32=R.ch32_table(ctx), charts=drawn,
        rh_method=RH_METHOD, km_histograms=km_histograms, budgets=bt, budget_missed=missed,
        analysis=R.analysis_sections(ctx), analysis_intro=R.ANALYSIS_INTRO,
        failed=R.failed_runs(ctx), method=METHOD, meta=meta(ctx),
        timelines=[(R.name(k), markupsafe.Markup(timelines[k])) for k in ctx.kernels
                   if draw and timelines and k in timelines],
        timeline_case=F.TIMELINE_CASE, timeline_window=F.TIMELINE_WINDOW,
        cache=more["cache"], sweeps=more["sweeps"])
