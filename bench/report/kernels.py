"""Every kernel on one core: one table per suite over all the kernels measured, and each
kernel's own (native) benchmark beside its published figures and cross-checked against
Tempo's suite on the same kernel.

Data-driven: the kernels are those of the results (render.Context.kernels), the native
benchmarks those under results.json "native" (bench.py run --native KERNEL=FILE, written by
the kernel's own tool: rmp/native.py, threadx/native.py), the cross-checks those of
CROSS_CHECK below.
Nothing here holds a measured figure; the method differences are text."""
from . import figures as F
from . import footprint as FP
from . import render as R

# A kernel's own benchmark whose columns measure what a Tempo suite metric measures, and why
# the two figures may differ (docs/rmp.md "Cross-check", docs/benchmarks.md "Native
# benchmarks").  suite metric -> the difference of method, in words; columns: suite metric ->
# the benchmark's own column where its names differ; unit: where not average cycles.
CROSS_CHECK = {
    "rmp": {
        "suite": "kernel-metrics",
        "source": "rmp_benchmark.c",
        "doc": "docs/rmp.md",
        "method": {
            "Yield": "only the layer: its call (bp_yield) on the way in and its return on the way "
                     "out; the kernel path is the same",
            "Mail": "the suite's sender goes through the layer's id check (bp_mail_send) and its "
                    "receiver through bp_mail_recv",
            "Sem": "the layer's id check and call on both sides",
            "FIFO": "the layer's calls, and the suite checks the node it got back inside the "
                    "timed window",
            "Msgq": "the suite sends a 16-byte message by copy: the layer copies it into a slot "
                    "and out again around RMP's by-reference queue; RMP's benchmark passes a "
                    "list node",
            "Bmq": "as Msgq, with RMP's blocking queue",
            "Mail/I": "the interrupt reaches both through the board's vector; the suite's "
                      "handler calls the layer (bp_mail_send_isr) and the woken thread returns "
                      "through bp_mail_recv before its counter read",
            "Sem/I": "as Mail/I, through bp_sem_put_isr and bp_sem_get",
            "Msgq/I": "as Mail/I, plus the copy of the 16-byte message into a slot and out (Msgq)",
            "Bmq/I": "as Msgq/I",
            "Mem": "different sizes and pool: the suite allocates 8 blocks of 8 to 256 bytes "
                   "from a small heap inside the scheduler lock (bp_malloc), RMP's benchmark 8 "
                   "blocks of 1/32 to 1/2 of a 16 KiB pool without a lock; each figure is per "
                   "allocate/free pair",
            "Alrm": "not the same quantity: RMP's benchmark times one RMP_Amgr_Proc call per "
                    "tick directly; the suite measures what a spinning thread loses per tick, "
                    "which adds the tick interrupt and the alarm thread's wake-up and switches",
        },
    },
    "threadx": {
        "suite": "thread-metric",
        "source": "Thread-Metric with tm_porting_layer_threadx.c",
        "doc": "docs/benchmarks.md \"Native benchmarks\"",
        "unit": "cycles per round",
        # Tempo's suite metric -> the original's own test title
        "columns": {
            "basic processing": "Basic Single Thread Processing Test",
            "cooperative scheduling": "Cooperative Scheduling Test",
            "preemptive scheduling": "Preemptive Scheduling Test",
            "interrupt processing": "Interrupt Processing Test",
            "interrupt preemption processing": "Interrupt Preemption Processing Test",
            "message processing": "Message Processing Test",
            "synchronization processing": "Synchronization Processing Test",
            "memory allocation": "Memory Allocation Test",
        },
        "method": {
            "basic processing": "different work (1,024 words against 256) and no kernel call: "
                                "not comparable",
            "cooperative scheduling": "the layers (tm_* against bp_*) and the suite's checked "
                                      "volatile counters",
            "preemptive scheduling": "as cooperative scheduling",
            "interrupt processing": "per round: the suite's count divided by the 2 counters "
                                    "it adds per round",
            "interrupt preemption processing": "per round: the suite's count divided by its 3 "
                                               "counters per round",
            "message processing": "the original's messages are 4 ULONGs (32 bytes at RV64), "
                                  "the suite's 16 bytes, checked word by word",
            "synchronization processing": "the layer's id check and error mapping around "
                                          "each call",
            "memory allocation": "the layer's call and the suite's writes and reads of the "
                                 "block",
        },
    },
}


def native(ctx):
    """{kernel: the native benchmark's object} of the results."""
    return ctx.results.get("native", {}) or {}


def pct(a, b):
    """b against a as a signed percentage, or "-"."""
    if a is None or b is None or a <= 0:
        return "-"
    return R.signed_pct(100.0 * (b / a - 1))


def native_tables(ctx):
    """Each kernel's own benchmark at both widths beside the rows it publishes."""
    out = []
    for k, nat in sorted(native(ctx).items()):
        cols = nat.get("columns", [])
        widths = nat.get("widths", {})
        pub = nat.get("published", {})
        head = ["column", "RV32", "RV64", "RV64 overhead"]
        for p in pub:
            head += [p, "RV32 vs " + p.split()[0]]
        rows = []
        for c in cols:
            a = widths.get("rv32", {}).get(c, {}).get("avg")
            b = widths.get("rv64", {}).get(c, {}).get("avg")
            row = [c, R.fmt_int(a), R.fmt_int(b), R.overhead(a, b)]
            for p in pub.values():
                row += [R.fmt_int(p.get(c)) if p.get(c) is not None else "TBD", pct(p.get(c), a)]
            rows.append(row)
        out.append(R.Table("%s's own benchmark (%s) on the paper core, cycles%s"
                           % (R.name(k), nat.get("benchmark", "?"),
                              ", beside its published row" if pub else ""),
                           head, rows,
                           "The kernel's benchmark built unmodified and run on tempo-sim (%s)%s."
                           % (nat.get("method", ""),
                              "; the published row is the kernel's own, from another chip and "
                              "core (TBD: not published)" if pub else ""),
                           tid="native-%s" % k))
    return out


def cross_check_tables(ctx):
    """Each native benchmark's columns against Tempo's suite on the same kernel; with the
    cycles inside the kernel where the native benchmark profiled both (threadx/native.py)."""
    out = []
    for k, spec in sorted(CROSS_CHECK.items()):
        nat = native(ctx).get(k)
        if not nat or k not in ctx.kernels:
            continue
        widths = nat.get("widths", {})
        inside = any("kernel" in f for w in widths.values() for f in w.values())
        rows = []
        for m in F.ORDER[spec["suite"]]:
            if m not in spec["method"]:
                continue
            col = spec.get("columns", {}).get(m, m)
            row = [m]
            for x in (32, 64):
                fig = widths.get("rv%d" % x, {}).get(col, {})
                n = fig.get("avg")
                s = fig["suite"] if "suite" in fig else ctx.value(k, spec["suite"], m, x)
                row += [R.fmt_int(n), R.fmt_avg(s),
                        "-" if n is None or s is None else "%+d" % round(s - n)]
                if inside:
                    row += [R.fmt_int(fig.get("kernel")), R.fmt_int(fig.get("suite_kernel")),
                            pct(fig.get("kernel"), fig.get("suite_kernel"))]
            row.append(spec["method"][m])
            rows.append(row)
        head = ["metric"]
        for x in (32, 64):
            head += ["own RV%d" % x, "suite RV%d" % x, "suite - own RV%d" % x]
            if inside:
                head += ["kernel: own RV%d" % x, "kernel: suite RV%d" % x,
                         "kernel: suite vs own RV%d" % x]
        out.append(R.Table("Cross-check: %s's own benchmark (%s) against Tempo's %s suite on "
                           "%s, %s" % (R.name(k), spec["source"],
                                       F.SUITE_TITLE[spec["suite"]].lower(), R.name(k),
                                       spec.get("unit", "average cycles")),
                           head + ["difference of method"], rows,
                           "Same kernel, same core, same compiler; each difference is explained "
                           "by a stated difference of method (%s).%s" % (
                               spec["doc"], " kernel: the cycles inside the kernel's own "
                               "functions (tempo-sim --profile-json of both images), the rest "
                               "being each benchmark's porting layer and test loop."
                               if inside else ""),
                           align=["l"] + ["r"] * (len(head) - 1) + ["l"],
                           tid="cross-check-%s" % k))
    return out


# How each kernel is built for the benchmark images (its port.mk; docs/benchmarks.md, and the
# kernel's own page where it has one).
KERNEL_CONFIG = {
    "tempo": "-O2, the default configuration (kernel/include/tempo.h)",
    "freertos": "V11.1.0 as in the paper: -Os, its GCC RISC-V port, 17 priorities without time "
                "slicing, software timers (freertos/board/FreeRTOSConfig.h)",
    "rmp": "-O3 as its published rows, its RV32P platform at RV32 and rmp/rv64p/ at RV64 "
           "(bench/ports/rmp/port.mk, docs/rmp.md)",
    "threadx": "-O2, the build options its own Thread-Metric layer gives for speed, error checking "
               "off as that layer builds it; RV64 its risc-v64/gnu port, RV32 the GNU port "
               "written here (docs/threadx.md)",
    "rk0": "-O2, the level of its own profiling build, error checking on as it ships (its "
           "profiling build's NDEBUG leaves a semaphore's wait queue uninitialised), trace "
           "console off; the RISC-V port written here (docs/rk0.md)",
}

# A metric a kernel has no primitive for: no figure (a dash), and why, by (kernel, suite,
# metric).  Its image is not built (the kernel's port.mk BENCH_NO_CASES_K).
MISSING = {
    ("rk0", "kernel-metrics", "Mem"):
        "RK0 has no variable-size allocator (its memory service is fixed-block partitions, "
        "kMemPartitionAlloc/Free: Thread-Metric's memory allocation test measures those)",
}

# A kernel whose own published figures are one of Tempo's suites run through its layer: it
# ships no benchmark that measures, so its "native" figures are that suite's.
NATIVE_IS_SUITE = {
    "rk0": ("thread-metric",
            "RK0 ships no benchmark that measures (its app/ is a demonstration); its wiki "
            "(\"RK0 Profiling\") measures it with Thread-Metric, so its own figures are Tempo's "
            "Thread-Metric suite through bench/ports/rk0 (the Thread-Metric table above; "
            "docs/rk0.md)"),
}


def missing_notes(ctx, suite):
    """Why a kernel of the results has no figure for a metric of this suite, one line each."""
    return ["%s, %s: no figure: %s." % (R.name(k), m, why)
            for (k, s, m), why in sorted(MISSING.items()) if s == suite and k in ctx.kernels]


def config_table(ctx):
    """Which build of each kernel the figures are."""
    rows = [[R.name(k), KERNEL_CONFIG.get(k, "see its bench/ports/%s/port.mk" % k)]
            for k in ctx.kernels]
    return R.Table("The kernels as measured", ["kernel", "configuration"], rows,
                   align=["l", "l"], tid="kernels-config")


def suite_tables(ctx):
    """One table per suite: every kernel at both widths, its RV64 overhead, and Tempo's
    speed-up over it (above 1: Tempo faster)."""
    others = [k for k in ctx.kernels if k != "tempo"]
    out = []
    for suite in ("kernel-metrics", "rhealstone", "context-switch", "thread-metric"):
        fmt = R.fmt_int if suite == "thread-metric" else R.fmt_avg
        cols = ["metric"]
        for k in ctx.kernels:
            cols += ["%s RV32" % R.name(k), "%s RV64" % R.name(k), "%s RV64 overhead" % R.name(k)]
        if "tempo" in ctx.kernels:
            for k in others:
                cols += ["Tempo vs %s RV32" % R.name(k), "Tempo vs %s RV64" % R.name(k)]
        rows = []
        for m in F.ORDER[suite]:
            if m in F.RH_VARIANTS:
                continue  # a variant is each kernel's own reading (docs/benchmarks.md)
            row, seen = [m], 0
            for k in ctx.kernels:
                a, b = ctx.get(k, suite, m, 32), ctx.get(k, suite, m, 64)
                va, vb = ctx.value(k, suite, m, 32), ctx.value(k, suite, m, 64)
                seen += (va is not None) + (vb is not None)
                ovh = (R.tm_overhead(a, b) if suite == "thread-metric"
                       else R.overhead(va, vb))
                row += [fmt(va), fmt(vb), ovh]
            if "tempo" in ctx.kernels:
                for k in others:
                    for x in (32, 64):
                        row.append(R.fmt_speedup(R.speedup_value(
                            suite, ctx.value("tempo", suite, m, x), ctx.value(k, suite, m, x))))
            if seen and len(ctx.kernels) > 1:
                rows.append(row)
        if rows:
            out.append(R.Table("%s: every kernel on the same core (%s)" % (
                F.SUITE_TITLE[suite], "operations per period, more is better"
                if suite == "thread-metric" else "average cycles, lower is better"),
                cols, rows, " ".join(["Tempo vs K: how many times faster Tempo is than kernel "
                                      "K (above 1: Tempo faster)."] + missing_notes(ctx, suite)),
                tid="all-%s" % suite))
    return out


def footprint_table(ctx):
    """The kernels' footprint side by side (bytes of each kernel's own code and data kept in
    its smallest program and, for Tempo, its full API: bench/report/footprint.py)."""
    cols = ["metric"]
    for k in ctx.kernels:
        cols += ["%s RV32" % R.name(k), "%s RV64" % R.name(k)]
    rows = []
    for m in FP.ORDER:
        if m.startswith("RAM per"):
            continue
        row = [m]
        for k in ctx.kernels:
            for x in (32, 64):
                r = ctx.get(k, "footprint", m, x)
                row.append(R.fmt_int(r["bytes"]) if r else "-")
        if sum(c != "-" for c in row[1:]) and len(ctx.kernels) > 1:
            rows.append(row)
    if not rows:
        return None
    return R.Table("Footprint: every kernel (bytes; -Os unless marked)", cols, rows,
                   "Each kernel's own code (text: code and constants) and data kept by the "
                   "linker in a program of it: \"minimal\" is each kernel's smallest program "
                   "(Tempo: bench/footprint/minimal.c; RMP: its benchmark's MINIMAL_SIZE build "
                   "in its smallest configuration, docs/rmp.md; ThreadX and RK0: two threads, a "
                   "yield and a semaphore, threadx/footprint/minimal.c, "
                   "rk0/footprint/minimal.c).", tid="all-footprint")


# Why another kernel is faster than Tempo where it is, by (kernel, suite, metric) or, for any
# kernel, (suite, metric); the gap is Tempo's
# budget: the report lists it until Tempo leads there too (docs/rmp.md "Where Tempo does not
# lead").
WHY_NOT_LEADING = {
    ("threadx", "thread-metric", "memory allocation"):
        "ThreadX's block pool keeps its free list in the pool's first words and does no check "
        "with error checking off (as its Thread-Metric builds it); Tempo's pool checks the "
        "block it is given back (docs/benchmarks.md)",
    ("threadx", "thread-metric", "message processing"):
        "ThreadX's queues copy a message in ULONGs, the register width; Tempo's ring queues "
        "copy 32-bit words at both widths (kernel/ring.h; docs/benchmarks.md)",
    ("threadx", "kernel-metrics", "Alrm"):
        "ThreadX ticks whatever is due, so its tick's fixed cost is subtracted and only its "
        "timer wheel's expiry remains; Tempo is tickless and the whole of its timer interrupt "
        "counts (docs/benchmarks.md)",
    ("thread-metric", "memory allocation"):
        "the other kernel has no fixed-block pool: its layer's pool is a bare free list with "
        "interrupts masked around two loads and a store (bench/ports/<kernel>/port.c), where "
        "Tempo's is a kernel object with its checks (tk_pool_alloc, tk_pool_free)",
}


def not_leading(ctx):
    """[(suite, metric, xlen, kernel, speed-up)] where a kernel is faster than Tempo."""
    out = []
    for suite in ("kernel-metrics", "rhealstone", "context-switch", "thread-metric"):
        for m in F.ORDER[suite]:
            if m in F.RH_VARIANTS:
                continue
            for x in (32, 64):
                for k in ctx.kernels:
                    if k == "tempo":
                        continue
                    s = R.speedup_value(suite, ctx.value("tempo", suite, m, x),
                                        ctx.value(k, suite, m, x))
                    if s is not None and s < 1:
                        out.append((suite, m, x, k, s))
    return out


def not_leading_table(ctx):
    rows = []
    for s, m, x, k, v in not_leading(ctx):
        fmt = R.fmt_int if s == "thread-metric" else R.fmt_avg
        better = "at least" if s == "thread-metric" else "at most"
        rows.append([F.SUITE_TITLE[s], m, "RV%d" % x, R.name(k), R.fmt_speedup(v),
                     fmt(ctx.value("tempo", s, m, x)),
                     "%s %s (%s's)" % (better, fmt(ctx.value(k, s, m, x)), R.name(k)),
                     WHY_NOT_LEADING.get((k, s, m))
                     or WHY_NOT_LEADING.get((s, m), "not explained yet")])
    if not rows:
        return None
    return R.Table("Where Tempo does not lead: the gap is Tempo's budget",
                   ["suite", "metric", "width", "faster kernel", "Tempo speed-up", "Tempo",
                    "budget", "why"], rows,
                   "Below 1: the other kernel needs fewer cycles (Thread-Metric: completes more "
                   "operations). Each row stays here, a budget Tempo misses, until Tempo leads.",
                   align=["l", "l", "l", "l", "r", "r", "l", "l"], tid="not-leading")


def sections(ctx):
    """[(heading, [paragraphs], [tables])] of every kernel on one core, for markdown and
    HTML alike; empty with a single kernel and no native benchmark."""
    out = []
    tables = suite_tables(ctx)
    fp = footprint_table(ctx)
    if fp:
        tables.append(fp)
    nl = not_leading_table(ctx)
    if tables:
        paras = ["The same benchmark sources on every kernel through its porting layer "
                 "(bench/port.h), same core, compiler and memory; each kernel at the "
                 "optimisation level its own published figures state."]
        if "tempo" in ctx.kernels and len(ctx.kernels) > 1 and nl is None:
            paras.append("Tempo leads every kernel on every metric at both widths.")
        out.append(("Every kernel on one core", paras,
                    [config_table(ctx)] + tables + ([nl] if nl else [])))
    nat = native_tables(ctx) + cross_check_tables(ctx)
    own = [text for k, (_, text) in sorted(NATIVE_IS_SUITE.items()) if k in ctx.kernels]
    if nat or own:
        out.append(("Each kernel's own benchmark", [p + "." for p in own], nat))
    return out


def markdown(ctx):
    out = []
    for head, paras, tables in sections(ctx):
        out += ["## " + head, ""]
        for p in paras:
            out += [p, ""]
        out += [t.markdown() for t in tables]
    return "\n".join(out)


def text(ctx):
    return "\n\n".join(t.text() for _, _, tables in sections(ctx) for t in tables)
