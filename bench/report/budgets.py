"""Tempo's latency budgets (docs/kernel.md) evaluated on a set of records (one kernel): used
by `bench.py check` (make test) and shown in the report.  Each row: (group, item, measured,
budget, ok), measured and budget as display strings."""
from . import figures as F

GROUPS = ("task-switch", "task-preempt", "interrupt-latency", "nested-interrupt-latency",
          "kernel-metrics", "rv64-vs-rv32", "worst-case", "footprint")


def worst(r):
    """A record's slowest sample, or its average when it has no samples' extremes."""
    return r["max_cycles"] if r.get("max_cycles") is not None else r["avg_cycles"]


def evaluate(records, kernel="tempo"):
    by = {(r["suite"], r["metric"], r["xlen"]): r for r in records if r["kernel"] == kernel}
    rows = []

    def missing(group, what):
        rows.append((group, what, "no result", "-", False))

    for group, metric, budget in (
            ("task-switch", "task switch", F.BUDGET_TASK_SWITCH),
            ("task-preempt", "task preempt", F.BUDGET_TASK_PREEMPT)):
        for x in (32, 64):
            r = by.get(("rhealstone", metric, x))
            if not r:
                missing(group, "RV%d Rhealstone %s" % (x, metric))
                continue
            rows.append((group, "RV%d Rhealstone %s" % (x, metric), "%.2f" % r["avg_cycles"],
                         "<= %d" % budget, r["avg_cycles"] <= budget))
    for x in (32, 64):
        r = by.get(("rhealstone", "interrupt latency", x))
        if not r:
            missing("interrupt-latency", "RV%d Rhealstone interrupt latency" % x)
            continue
        rows.append(("interrupt-latency", "RV%d Rhealstone interrupt latency (slowest sample)" % x,
                     "%d" % worst(r), "<= %d" % F.BUDGET_INTERRUPT_LATENCY,
                     worst(r) <= F.BUDGET_INTERRUPT_LATENCY))
    for x in (32, 64):
        r = by.get(("rhealstone", F.RH_DIRECT_LATENCY, x))
        if not r:
            missing("interrupt-latency", "RV%d Rhealstone %s" % (x, F.RH_DIRECT_LATENCY))
            continue
        rows.append(("interrupt-latency", "RV%d Rhealstone %s (slowest sample)"
                     % (x, F.RH_DIRECT_LATENCY), "%d" % worst(r),
                     "<= %d" % F.BUDGET_DIRECT_LATENCY, worst(r) <= F.BUDGET_DIRECT_LATENCY))
    for x in (32, 64):
        n, r = (by.get(("rhealstone", F.RH_NESTED_LATENCY, x)),
                by.get(("rhealstone", "interrupt latency", x)))
        if not n or not r:
            missing("nested-interrupt-latency", "RV%d Rhealstone %s and interrupt latency"
                    % (x, F.RH_NESTED_LATENCY))
            continue
        limit = worst(r) + F.BUDGET_NESTED_SLACK
        rows.append(("nested-interrupt-latency",
                     "RV%d Rhealstone %s (slowest sample)" % (x, F.RH_NESTED_LATENCY),
                     "%d" % worst(n), "<= %d (interrupt latency %d + %d)" % (
                         limit, worst(r), F.BUDGET_NESTED_SLACK), worst(n) <= limit))
    for m, budget in F.BUDGET_KM.items():
        for x in (32, 64):
            r = by.get(("kernel-metrics", m, x))
            if not r:
                missing("kernel-metrics", "RV%d %s" % (x, m))
                continue
            rows.append(("kernel-metrics", "RV%d %s average" % (x, m), "%.2f" % r["avg_cycles"],
                         "<= %d" % budget, r["avg_cycles"] <= budget))
    for m, budget in F.CH32V307.items():
        for x in (32, 64):
            r = by.get(("kernel-metrics", m, x))
            if not r:
                missing("kernel-metrics", "RV%d %s" % (x, m))
                continue
            rows.append(("kernel-metrics", "RV%d %s average" % (x, m), "%.2f" % r["avg_cycles"],
                         "<= %d (CH32V307)" % budget, r["avg_cycles"] <= budget))
    for suite in ("kernel-metrics", "rhealstone", "context-switch"):
        for m in F.ORDER[suite]:
            a, b = by.get((suite, m, 32)), by.get((suite, m, 64))
            if m in F.RH_VARIANTS and not (a or b):
                continue  # a variant not published at either width (figures.VARIANT_MIN_SHARE)
            if not a or not b:
                missing("rv64-vs-rv32", "%s %s" % (suite, m))
                continue
            if a["avg_cycles"] <= 0:
                continue
            ratio = b["avg_cycles"] / a["avg_cycles"]
            limit = F.BUDGET_RV64_RATIO_KM if suite == "kernel-metrics" else F.BUDGET_RV64_RATIO
            rows.append(("rv64-vs-rv32", "%s %s" % (suite, m), "%+.1f%%" % (100 * (ratio - 1)),
                         "<= +%.0f%%" % (100 * (limit - 1)), ratio <= limit))
    # Thread-Metric: cycles per operation are period / count, so RV64 / RV32 is the inverse
    # ratio of the counts.  "basic processing" is left out: it makes no kernel call (a
    # baseline, docs/benchmarks.md) and measures the core's arithmetic, not the kernel.
    for m in F.TM_ORDER:
        if m == F.TM_BASELINE:
            continue
        a, b = by.get(("thread-metric", m, 32)), by.get(("thread-metric", m, 64))
        if not a or not b:
            missing("rv64-vs-rv32", "thread-metric %s" % m)
            continue
        if b["count"] <= 0:
            continue
        ratio = (a["count"] / a["period_cycles"]) / (b["count"] / b["period_cycles"])
        rows.append(("rv64-vs-rv32", "thread-metric %s (cycles per operation)" % m,
                     "%+.1f%%" % (100 * (ratio - 1)),
                     "<= +%.0f%%" % (100 * (F.BUDGET_RV64_RATIO - 1)),
                     ratio <= F.BUDGET_RV64_RATIO))
    for (suite, m, x), r in sorted(by.items(), key=lambda i: (i[0][2], i[0][0], i[0][1])):
        if r.get("max_cycles") is None or not r.get("avg_cycles"):
            continue
        ratio = r["max_cycles"] / r["avg_cycles"]
        limit = F.BUDGET_WORST_RATIO_KM if suite == "kernel-metrics" else F.BUDGET_WORST_RATIO
        rows.append(("worst-case", "RV%d %s %s (max %d, avg %.2f)" % (
            x, suite, m, r["max_cycles"], r["avg_cycles"]), "x%.2f" % ratio,
            "<= x%.1f" % limit, ratio <= limit))
    for m, budgets in F.BUDGET_FOOTPRINT.items():
        for x, budget in sorted(budgets.items()):
            r = by.get(("footprint", m, x))
            if not r:
                missing("footprint", "RV%d %s" % (x, m))
                continue
            rows.append(("footprint", "RV%d %s (-Os; goal %d)" % (x, m, F.FOOTPRINT_GOAL[m]),
                         "%d B" % r["bytes"], "<= %d B" % budget, r["bytes"] <= budget))
    return rows
