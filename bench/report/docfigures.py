"""The figures of README.md and docs/ that come from `make bench`, generated from its results.

A generated block in a page is

    <!-- figures: NAME -->
    (markdown written from the results)
    <!-- /figures -->

`make bench` rewrites every block from its run (`write`); `make test` generates them again from
the tree's own run and fails where a page differs, naming the page, the line and the figure
(`check`).  Simulated cycles are deterministic, so a difference is a stale figure or a changed
tree, never noise.  Prose around the blocks carries no figure from a run."""
import re

from . import figures as F
from . import render

BLOCK = re.compile(r"(<!-- figures: ([a-z-]+) -->\n)(.*?)(<!-- /figures -->)", re.S)
PAGES = ("README.md", "docs/results.md", "docs/kernel.md")


def glance(ctx):
    rows = [("Rhealstone task switch", "rhealstone", "task switch"),
            ("Rhealstone task preempt", "rhealstone", "task preempt"),
            ("minimal context switch", "context-switch", "minimal context switch"),
            ("interrupt latency (raise to first handler statement)", "rhealstone",
             "interrupt latency"),
            ("interrupt latency, direct handler", "rhealstone",
             "interrupt latency (direct handler)")]
    cols = [""]
    for k in ctx.kernels:
        cols += ["%s RV32" % render.name(k), "%s RV64" % render.name(k)]
    cols.append("paper (FreeRTOS on the FPGA)")
    out = []
    for label, suite, metric in rows:
        row = [label]
        for k in ctx.kernels:
            row += [render.fmt_int(_round(ctx.value(k, suite, metric, x))) for x in (32, 64)]
        paper = [F.PAPER_TABLE2.get((metric, x)) for x in (32, 64)]
        row.append("%s / %s" % tuple(render.fmt_int(p) for p in paper) if paper[0] else "")
        out.append(row)
    text = render.Table("", cols, out).markdown().split("\n", 2)[2]
    said = [t for h, t in render.summary(ctx)
            if h.startswith("Tempo vs ") or h.startswith("RV64 vs RV32")]
    return text + "\n" + "\n".join("- %s" % t for t in said) + "\n"


def _round(v):
    return None if v is None else round(v)


def tables(ctx):
    return render.readme_tables(ctx)


def worst(ctx):
    """Each kernel metric whose maximum is not its average, and its worst case with a tick."""
    cols = ["kernel metric"]
    for k in ctx.kernels:
        cols += ["%s max RV32 / RV64" % render.name(k),
                 "%s max with tick RV32 / RV64" % render.name(k)]
    rows = []
    for m in F.ORDER["kernel-metrics"]:
        recs = {(k, x): ctx.get(k, "kernel-metrics", m, x) for k in ctx.kernels for x in (32, 64)}
        if all(r is None or r.get("max_cycles") == r.get("min_cycles") for r in recs.values()):
            continue
        row = [m]
        for k in ctx.kernels:
            a, b = recs[(k, 32)], recs[(k, 64)]
            row.append("%s / %s" % (_max(a), _max(b)))
            row.append("%s / %s" % (_tick(a), _tick(b)))
        rows.append(row)
    return render.Table("", cols, rows).markdown().split("\n", 2)[2]


def _max(r):
    if not r or r.get("max_cycles") is None:
        return "-"
    return "%s (%.2fx)" % (render.fmt_int(r["max_cycles"]), r["max_cycles"] / r["avg_cycles"])


def _tick(r):
    if not r or not r.get("tick_samples"):
        return "-"
    return render.fmt_int(r.get("max_with_tick"))


def summary(ctx):
    return "\n".join("- **%s.** %s" % (h, t) for h, t in render.summary(ctx)) + "\n"


def footprint(ctx):
    t = render.footprint_table(ctx, "tempo")
    return t.markdown().split("\n", 2)[2] if t else "(no footprint in this run)\n"


def published(ctx):
    """Tempo RV32 beside the best published figures (figures.PUBLISHED)."""
    rows = []
    for label, suite, metric, value, unit, where in F.PUBLISHED:
        r = ctx.get("tempo", suite, metric, 32)
        mine = None if r is None else r.get("bytes", r.get("avg_cycles"))
        rows.append([label, unit, render.fmt_avg(mine) if mine is not None else "-",
                     render.fmt_int(value), where])
    return render.Table("", ["metric", "unit", "Tempo RV32", "best published", "where"],
                        rows).markdown().split("\n", 2)[2]


GENERATORS = {"glance": glance, "tables": tables, "worst": worst, "summary": summary,
              "footprint": footprint, "published": published}


def generate(text, ctx):
    """The page with every block written from ctx; unknown block names raise KeyError."""
    return BLOCK.sub(lambda m: m.group(1) + GENERATORS[m.group(2)](ctx) + m.group(4), text)


def problems(path, text, ctx):
    """One line per figure of a page that differs from ctx: 'path:line: ...'."""
    bad = []
    for m in BLOCK.finditer(text):
        name = m.group(2)
        if name not in GENERATORS:
            bad.append("%s:%d: unknown figures block '%s'" % (
                path, text.count("\n", 0, m.start()) + 1, name))
            continue
        want = GENERATORS[name](ctx).split("\n")
        have = m.group(3).split("\n")
        first = text.count("\n", 0, m.start(3)) + 1
        for i in range(max(len(want), len(have))):
            w = want[i] if i < len(want) else "(nothing)"
            h = have[i] if i < len(have) else "(nothing)"
            if w != h:
                bad.append("%s:%d: figures block '%s' differs from this tree's run: the page has "
                           "'%s', the run gives '%s' (make bench rewrites it)"
                           % (path, first + i, name, h, w))
    return bad
