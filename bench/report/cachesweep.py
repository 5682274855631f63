"""The report's sections for what make bench measures after the suites: the cached run
(cache.json, written by cache.py) and the sweeps (sweep-NAME.json, the merged results.json of
tools/sweep.py, with the chart NAME.svg beside it), read from the results directory.

load(out) returns what the template shows: {"cache": {...} or None, "sweeps": [...]}; a part
whose file is absent is None or empty, and the page says how to produce it."""
import glob
import json
import os

from . import cache
from . import figures as F
from . import render as R

# what a sweep's chart shows, by the description's [chart] kind (tools/sweep.py)
SWEEP_CAPTIONS = {
    "overhead": "RV64's extra cycles relative to RV32 (%) along the cache axis, one line per "
                "kernel, metric, memory and parameter setting; the run without caches is the "
                "first point of every line.",
    "range": "Each metric's range over the swept parameters, per width: the bar spans the "
             "settings, the black tick is the default parameters, the red diamond the "
             "reference (the paper)."}

# cycle figures shown in the chart of the cached run (Thread-Metric counts operations: its
# table has it)
CACHE_CHART_SUITES = ("kernel-metrics", "rhealstone")
STATE_BARS = (("none", "no cache (avg)"), ("warm", "caches (avg)"), ("cold", "cold caches (worst)"))


def read_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def md_tables(text):
    """The markdown tables of a text: [(columns, rows, align)] ("---:" is right-aligned)."""
    out, cur = [], None
    for line in text.splitlines():
        if not line.startswith("|"):
            cur = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cur is None:
            cur = [cells, [], None]
            out.append(cur)
        elif cur[2] is None and all(set(c) <= set("-:") and c for c in cells):
            cur[2] = ["r" if c.endswith(":") else "l" for c in cells]
        else:
            cur[1].append(cells)
    return [(c, r, a or ["l"] * len(c)) for c, r, a in out]


def cache_section(out, draw):
    data = read_json(os.path.join(out, "cache.json"))
    if not data or not data.get("records"):
        return None
    base = cache.uncached(os.path.join(out, "results.json"))
    tables = []
    for k, rows in cache.table_rows(data["records"], base):
        tables.append(R.Table("%s with caches (%s): cycles; Thread-Metric: operations in 100 ms"
                              % (R.name(k), data.get("options", "")), cache.CACHE_COLUMNS, rows,
                              align=["l", "l"] + ["r"] * (len(cache.CACHE_COLUMNS) - 2),
                              tid="cache-" + k))
    failed = ["%s rv%d %s %s: %s" % (r["kernel"], r["xlen"], r["state"], r["image"], r["fail"])
              for r in data.get("runs", []) if not r.get("ok")]
    charts = [(R.name(k), cache_chart(data["records"], base, k)) for k, _ in
              cache.table_rows(data["records"], base)] if draw else []
    return {"cache": data.get("cache", "?"), "options": data.get("options", ""),
            "tables": tables, "charts": [(k, svg) for k, svg in charts if svg],
            "failed": failed}


def cache_chart(records, base, kernel):
    """One kernel: per metric and width, the average without caches, with caches and the
    worst case from cold caches (horizontal bars, RV32 and RV64 panels)."""
    from . import charts  # matplotlib: only when drawing
    plt = charts.plt
    by = {(r["suite"], r["metric"], r["xlen"], r["state"]): r for r in records
          if r["kernel"] == kernel}
    metrics = [(s, m) for s in CACHE_CHART_SUITES for m in F.ORDER[s]
               if (s != "rhealstone" or cache.rh_shown(m))
               and any((s, m, x, "warm") in by for x in (32, 64))]
    if not metrics:
        return ""

    def val(s, m, x, state):
        if state == "none":
            r = base.get((kernel, s, m, x))
            return r.get("avg_cycles") if r else None
        r = by.get((s, m, x, state))
        return r and r.get("max_cycles" if state == "cold" else "avg_cycles")
    colors = {"none": "#bbbbbb", "warm": charts.COLORS[("tempo", 32)], "cold": "#c0392b"}
    bar = 0.8 / len(STATE_BARS)
    height = 1.4 + 0.42 * len(metrics)
    fig, axes = plt.subplots(1, 2, figsize=(9.6, height), sharey=True, sharex=True)
    for ax, x in zip(axes, (32, 64)):
        for gi, (s, m) in enumerate(metrics):
            for si, (state, name) in enumerate(STATE_BARS):
                v = val(s, m, x, state)
                if v is None:
                    continue
                y = gi + (si - (len(STATE_BARS) - 1) / 2) * bar
                ax.barh(y, v, height=bar * 0.9, color=colors[state],
                        label=name if gi == 0 else None)
        ax.set_title("RV%d" % x, loc="left")
        ax.xaxis.set_major_formatter(charts.THOUSANDS)
        ax.grid(axis="x", color="#ddd", linewidth=0.6)
        ax.set_axisbelow(True)
        ax.set_xlabel(charts.CYCLES_AXIS_SHORT, fontsize=8)
    axes[0].set_yticks(range(len(metrics)))
    axes[0].set_yticklabels(["%s: %s" % (F.SUITE_TITLE[s], m) for s, m in metrics])
    axes[0].invert_yaxis()
    title = "%s: cycles without caches, with caches, and from cold caches" % R.name(kernel)
    fig.suptitle(title, x=0.01, ha="left", fontsize=10, fontweight="bold")
    # both panels label the same bars: the legend of one
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=max(len(labels), 1), fontsize=7.5,
               bbox_to_anchor=(0.5, 0.0))
    fig.tight_layout(rect=(0, 0.45 / height, 1, 1))
    return charts.to_svg(fig, title)


def sweep_sections(out):
    """[{name, description, jobs, records, missing, failed, tables, svg, caption}] of every
    sweep-NAME.json in out, by name."""
    found = []
    for path in sorted(glob.glob(os.path.join(out, "sweep-*.json"))):
        data = read_json(path)
        if not data or "records" not in data:
            continue
        name = data.get("sweep") or os.path.basename(path)[len("sweep-"):-len(".json")]
        svg = None
        try:
            with open(os.path.join(out, name + ".svg")) as f:
                svg = f.read()
            svg = svg[svg.index("<svg"):]
        except (OSError, ValueError):
            svg = None
        tables = [R.Table("%s: %s" % (name, data.get("description", "")) if i == 0 else "",
                          cols, rows, align=align, tid="sweep-%s-%d" % (name, i))
                  for i, (cols, rows, align) in enumerate(md_tables(data.get("table", "")))]
        found.append({"name": name, "description": data.get("description", ""),
                      "jobs": data.get("jobs", 0), "records": len(data["records"]),
                      "missing": data.get("missing", []), "failed": data.get("failed", []),
                      "tables": tables, "svg": svg,
                      "caption": SWEEP_CAPTIONS.get(data.get("chart", {}).get("kind"), "")})
    return found


def load(out, draw=True):
    return {"cache": cache_section(out, draw), "sweeps": sweep_sections(out)}
