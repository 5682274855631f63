"""The report's charts, drawn with matplotlib as inline SVG (the page stays one file).

Each function returns an <svg> element (text as text, no fonts embedded; same output for the
same data) or "" when there is nothing to draw.  Every axis names its unit; averages are
bars, min..max are error bars; the published anchors are drawn as markers."""
import io
import re

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import FixedLocator, FuncFormatter, NullFormatter  # noqa: E402

from . import figures as F  # noqa: E402
from . import render as R  # noqa: E402

plt.rcParams.update({
    "svg.fonttype": "none",          # text stays text: small, selectable, searchable
    "svg.hashsalt": "tempo-report",  # stable ids: the same data gives the same file
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.titlesize": 10,
    "axes.titleweight": "bold",
    "legend.fontsize": 8,
    "legend.frameon": False,
})

COLORS = {("tempo", 32): "#1f5fa8", ("tempo", 64): "#7fb2e5",
          ("freertos", 32): "#c0392b", ("freertos", 64): "#f1a195",
          ("rmp", 32): "#2e8b57", ("rmp", 64): "#98d8b0",
          ("threadx", 32): "#b9770e", ("threadx", 64): "#f5cba7",
          ("rk0", 32): "#7d3c98", ("rk0", 64): "#c9a0dc"}
# Any other kernel: a dark and a light shade of one of these, by its place in the report.
OTHER_COLORS = [("#566573", "#bfc9ca"), ("#a04000", "#edbb99"), ("#117a65", "#a2d9ce")]


def color(kernel, xlen, kernels=()):
    """The colour of a kernel's bars at a width (RV32 dark, RV64 light)."""
    if (kernel, xlen) in COLORS:
        return COLORS[(kernel, xlen)]
    others = [k for k in kernels if (k, 32) not in COLORS]
    i = others.index(kernel) if kernel in others else 0
    return OTHER_COLORS[i % len(OTHER_COLORS)][0 if xlen == 32 else 1]
ANCHOR = "#222222"
CYCLES_AXIS_SHORT = "cycles (lower is better; 100 = 1 \u00b5s)"
THOUSANDS = FuncFormatter(lambda v, _: "{:,.0f}".format(v))


def label(kernel, xlen):
    return "%s RV%d" % (R.name(kernel), xlen)


def to_svg(fig, title):
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    svg = buf.getvalue()
    svg = svg[svg.index("<svg"):]
    # sized by the page (CSS), not in points; the viewBox keeps the proportions
    svg = re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"',
                 r'<svg\1 role="img" aria-label="%s"' % title.replace('"', "'"), svg, count=1)
    return svg


def panels(ctx, suite, metrics, key, title, xlabel, anchors=None, errors=True,
           value_fmt=R.fmt_avg):
    """One panel per width (RV32 left, RV64 right, same scale): a group of horizontal bars per
    metric, one bar per kernel; error bars from min to max where the records have them;
    anchors {(metric, xlen, kernel or None): (value, label)} drawn as a vertical black mark
    across the kernel's bar (None: across the whole group)."""
    ks = ctx.kernels
    groups = [m for m in metrics
              if any(ctx.get(k, suite, m, x) for k in ks for x in (32, 64))]
    if not groups:
        return ""
    nk = len(ks)
    bar = 0.8 / nk
    height = max(2.2, 1.35 + len(groups) * (0.19 * nk + 0.14))
    fig, axes = plt.subplots(1, 2, figsize=(9.6, height), sharey=True, sharex=True)
    vmax = 0
    for ax, x in zip(axes, (32, 64)):
        for gi, m in enumerate(groups):
            for ki, k in enumerate(ks):
                r = ctx.get(k, suite, m, x)
                if not r or r.get(key) is None:
                    continue
                y = gi + (ki - (nk - 1) / 2) * bar
                v = r[key]
                lo, hi = r.get("min_cycles"), r.get("max_cycles")
                xerr, end = None, v
                if errors and lo is not None and hi is not None and (lo != v or hi != v):
                    xerr = [[max(v - lo, 0)], [max(hi - v, 0)]]
                    end = max(hi, v)
                vmax = max(vmax, end)
                ax.barh(y, v, height=bar * 0.9, color=COLORS.get((k, x), "#888"),
                        label=label(k, x) if gi == 0 else None, xerr=xerr,
                        error_kw={"ecolor": "#444", "elinewidth": 0.8, "capsize": 1.5})
                ax.annotate(value_fmt(v), (end, y), xytext=(3, 0), textcoords="offset points",
                            va="center", ha="left", fontsize=6.5, color="#333", zorder=6,
                            bbox={"boxstyle": "square,pad=0.05", "fc": "white", "ec": "none",
                                  "alpha": 0.85})
        drawn = set()
        for (m, ax_x, k), (value, name) in (anchors or {}).items():
            if ax_x != x or m not in groups:
                continue
            gi = groups.index(m)
            if k is None or k not in ks:
                y0, y1 = gi - 0.45, gi + 0.45
            else:
                ki = ks.index(k)
                y = gi + (ki - (nk - 1) / 2) * bar
                y0, y1 = y - bar * 0.6, y + bar * 0.6
            ax.plot([value, value], [y0, y1], color=ANCHOR, linewidth=2.2, solid_capstyle="butt",
                    label=name if name not in drawn else None, zorder=5)
            drawn.add(name)
            vmax = max(vmax, value)
        ax.set_title("RV%d" % x, loc="left")
        ax.xaxis.set_major_formatter(THOUSANDS)
        ax.grid(axis="x", color="#ddd", linewidth=0.6)
        ax.set_axisbelow(True)
        ax.set_xlabel(xlabel, fontsize=8)
    axes[0].set_yticks(range(len(groups)))
    axes[0].set_yticklabels(groups)
    axes[0].invert_yaxis()
    axes[0].set_xlim(0, vmax * 1.2)
    fig.suptitle(title, x=0.01, ha="left", fontsize=10, fontweight="bold")
    handles, labels = [], []
    for ax in axes:
        for h, lab in zip(*ax.get_legend_handles_labels()):
            if lab not in labels:
                handles.append(h)
                labels.append(lab)
    fig.legend(handles, labels, loc="lower center", ncol=min(len(labels), 5), fontsize=7.5,
               bbox_to_anchor=(0.5, 0.0))
    fig.tight_layout(rect=(0, 0.45 / height, 1, 1))
    return to_svg(fig, title)


def kernel_metrics(ctx):
    anchors = {(m, 32, None): (v, "published CH32V307 (RV32)") for m, v in F.CH32V307.items()}
    metrics = [m for m in F.KM_ORDER if m in F.CH32V307]
    return panels(ctx, "kernel-metrics", metrics, "avg_cycles",
                  "Kernel metrics: average cycles per operation (min–max as error bars)",
                  CYCLES_AXIS_SHORT, anchors)


def alarms(ctx):
    return panels(ctx, "kernel-metrics", [m for m in F.KM_ORDER if m not in F.CH32V307],
                  "avg_cycles", "Alrm: cycles a tick with five periodic alarms costs a busy "
                  "thread (min–max as error bars)", CYCLES_AXIS_SHORT)


def rhealstone(ctx):
    # across FreeRTOS's bar when it was measured, else across the group
    where = "freertos" if ctx.has_freertos() else None
    anchors = {(m, x, where): (v, "the paper's Table II (FreeRTOS on the FPGA)")
               for (m, x), v in F.PAPER_TABLE2.items()}
    return panels(ctx, "rhealstone", F.RH_TESTS, "avg_cycles",
                  "Rhealstone: cycles per event (loop overhead subtracted)", CYCLES_AXIS_SHORT,
                  anchors)


def thread_metric(ctx):
    return panels(ctx, "thread-metric", F.TM_ORDER, "count",
                  "Thread-Metric: operations completed in 100 ms of simulated time",
                  "operations per 100 ms (more is better)", errors=False, value_fmt=R.fmt_int)


# The labelled ticks of the speed-up chart's log axis: ratios a reader names ("2x", "0.8x"),
# coarse to fine; the finest set with at most SPEEDUP_MAX_TICKS inside the drawn range is
# labelled, and no other tick is.
SPEEDUP_TICKS = ((0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100),
                 (0.25, 0.8, 1.5, 3, 4, 8, 30),
                 (1.25, 6, 15))
SPEEDUP_MAX_TICKS = 10


def speedup_ticks(lo, hi):
    chosen, ticks = [], []
    for level in SPEEDUP_TICKS:
        ticks = sorted(ticks + [t for t in level if lo <= t <= hi])
        if len(ticks) > SPEEDUP_MAX_TICKS and chosen:
            break
        chosen = ticks
    return chosen


def speedup(ctx):
    """How many times faster Tempo is than FreeRTOS, per metric and width, on a log axis
    whose ticks are labelled ratios; each bar starts at 1x, so one that goes left of the line
    (below 1) is a loss for Tempo and one that goes right a gain."""
    if not ctx.has_freertos():
        return ""
    rows = [(suite, m, vals) for suite, m, vals in R.comparison_rows(ctx)
            if m not in F.RH_VARIANTS]
    rows = [r for r in rows if any(v[2] for v in r[2])]
    if not rows:
        return ""
    fig, ax = plt.subplots(figsize=(9.6, 1.2 + 0.25 * len(rows)))
    bar = 0.38
    for i, (suite, m, vals) in enumerate(rows):
        for j, x in enumerate((32, 64)):
            s = vals[j][2]
            if s is None:
                continue
            y = i + (j - 0.5) * bar
            # from 1x to the ratio: leftwards for a ratio below 1
            ax.barh(y, s - 1.0, height=bar * 0.92, left=1.0, color=color("tempo", x),
                    label="RV%d" % x if i == 0 else None)
            ax.text(s, y, (" %.2f\u00d7" if s >= 1 else "%.2f\u00d7 ") % s, va="center",
                    ha="left" if s >= 1 else "right", fontsize=7, color="#333")
    ax.set_xscale("log")
    ax.axvline(1.0, color=ANCHOR, linewidth=1)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels(["%s: %s" % (F.SUITE_TITLE[s], m) for s, m, _ in rows])
    ax.invert_yaxis()
    lo = min(v[2] for _, _, vals in rows for v in vals if v[2])
    hi = max(v[2] for _, _, vals in rows for v in vals if v[2])
    x0, x1 = min(0.5, lo / 1.4), max(2.0, hi * 1.6)
    ax.set_xlim(x0, x1)
    ax.xaxis.set_major_locator(FixedLocator(speedup_ticks(x0, x1)))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: "%g\u00d7" % v))
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel("Tempo speed-up over FreeRTOS (times faster, log scale): bars start at 1\u00d7; "
                  "right of the line Tempo is faster, left of it slower")
    ax.set_title("How many times faster Tempo is than FreeRTOS on the same core", loc="left")
    ax.grid(axis="x", color="#ddd", linewidth=0.6, which="major")
    ax.set_axisbelow(True)
    ax.legend(loc="lower right")
    return to_svg(fig, "Tempo speed-up over FreeRTOS")


def rv64_overhead(ctx):
    """RV64 overhead per metric and kernel, with Tempo's +10% budget drawn in."""
    rows = []
    for suite in ("kernel-metrics", "rhealstone", "context-switch", "thread-metric"):
        for m in F.ORDER[suite]:
            if m in F.RH_VARIANTS or (suite == "thread-metric" and m == F.TM_BASELINE):
                continue
            vals = {}
            for k in ctx.kernels:
                a, b = ctx.get(k, suite, m, 32), ctx.get(k, suite, m, 64)
                if not a or not b:
                    continue
                if suite == "thread-metric":
                    va, vb = a["period_cycles"] / a["count"], b["period_cycles"] / b["count"]
                else:
                    va, vb = a["avg_cycles"], b["avg_cycles"]
                if va > 0 and vb > 0:
                    vals[k] = 100 * (vb / va - 1)
            if vals:
                rows.append(("%s: %s" % (F.SUITE_TITLE[suite], m), vals))
    if not rows:
        return ""
    ks = ctx.kernels
    bar = 0.8 / len(ks)
    fig, ax = plt.subplots(figsize=(9.6, 1.2 + len(rows) * (0.12 + 0.1 * len(ks))))
    for i, (name, vals) in enumerate(rows):
        for j, k in enumerate(ks):
            if k not in vals:
                continue
            y = i + (j - (len(ks) - 1) / 2) * bar
            ax.barh(y, vals[k], height=bar * 0.92, color=color(k, 32, ctx.kernels),
                    label=label(k, 64).replace(" RV64", "") if i == 0 else None)
            ax.annotate(R.signed_pct(vals[k]), (vals[k], y), textcoords="offset points",
                        xytext=(3 if vals[k] >= 0 else -3, 0), ha="left" if vals[k] >= 0
                        else "right", va="center", fontsize=6.5, color="#333")
    ax.axvline(0, color=ANCHOR, linewidth=0.8)
    ax.axvline(100 * (F.BUDGET_RV64_RATIO - 1), color="#555", linewidth=0.8, linestyle="--",
               label="Tempo's budget: +%.0f%%" % (100 * (F.BUDGET_RV64_RATIO - 1)))
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([n for n, _ in rows])
    ax.invert_yaxis()
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: "%+.0f%%" % v))
    ax.set_xlabel("RV64 overhead: extra cycles RV64 needs relative to RV32 (%; Thread-Metric: "
                  "per operation)")
    ax.set_title("RV64 against RV32: the extra cycles of the wider core, per kernel", loc="left")
    ax.grid(axis="x", color="#ddd", linewidth=0.6)
    ax.set_axisbelow(True)
    ax.legend(loc="lower right")
    return to_svg(fig, "RV64 overhead per metric")


def _histograms(ctx, suite, metric, spread_only, unit, xlabel, ylabel, title):
    """One histogram per kernel and width of a metric whose every sample the record holds
    ("histogram": [cycles, count] pairs); spread_only: only those with more than one value."""
    panels = []
    for k in ctx.kernels:
        for x in (32, 64):
            r = ctx.get(k, suite, metric, x)
            if r and r.get("histogram") and (len(r["histogram"]) > 1 or not spread_only):
                panels.append(((k, x), r))
    if not panels:
        return ""
    cols = 2
    rows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(9.6, 2.1 * rows), squeeze=False)
    for ax in axes.flat[len(panels):]:
        ax.set_visible(False)
    for ax, ((k, x), r) in zip(axes.flat, panels):
        vals = [v for v, _ in r["histogram"]]
        counts = [c for _, c in r["histogram"]]
        ax.bar(vals, counts, width=1.0, color=color(k, x, ctx.kernels), edgecolor=color(k, 32, ctx.kernels),
               linewidth=0.8)
        if len(vals) <= 12:
            for v, c in zip(vals, counts):
                ax.annotate(str(c), (v, c), xytext=(0, 2), textcoords="offset points",
                            ha="center", va="bottom", fontsize=6.5, color="#333")
        ax.set_ylim(0, max(counts) * 1.18)
        ax.axvline(r["avg_cycles"], color=ANCHOR, linewidth=0.8, linestyle="--")
        lo, hi = min(vals), max(vals)
        ax.set_xlim(lo - 5, hi + 5)
        ax.set_title("%s: avg %s, min %s, max %s (%d %s)" % (
            label(k, x), R.fmt_avg(r["avg_cycles"]), r["min_cycles"], r["max_cycles"],
            r["samples"], unit), loc="left", fontsize=8.5)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
    fig.tight_layout()
    return to_svg(fig, title)


def switch_histograms(ctx):
    """The minimal context switch, every switch of the traced run: one histogram per kernel
    and width."""
    return _histograms(ctx, "context-switch", "minimal context switch", False, "switches",
                       "cycles per switch", "switches",
                       "Minimal context switch: cycles of every switch")


def latency_histograms(ctx):
    """Rhealstone's interrupt latency, every interrupt (the simulator's probe, equal to the
    firmware's samples: bench.py probe_histogram), where it has more than one value."""
    return _histograms(ctx, "rhealstone", F.PROBE_METRIC, True, "interrupts",
                       "cycles from the raise to the handler's counter read", "interrupts",
                       "Interrupt latency: cycles of every interrupt")


# The samples a kernel-metric record's histogram counts, per metric (Alrm: one per tick).
KM_HIST_UNIT = {"Alrm": "ticks"}


def metric_histograms(ctx, suite="kernel-metrics"):
    """[(metric, svg)]: for each metric of the suite, in its table order, the distribution of
    every sample (the firmware's exact histogram: bench_histogram), one panel per kernel and
    width that has more than one value; metrics without any such panel are left out."""
    out = []
    for m in F.ORDER[suite]:
        unit = KM_HIST_UNIT.get(m, "samples")
        svg = _histograms(ctx, suite, m, True, unit, "cycles", unit, F.HIST_TITLE % m)
        if svg:
            out.append((m, svg))
    return out
