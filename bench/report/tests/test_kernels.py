"""Every kernel on one core (kernels.py): the columns of a third kernel, where it leads, the
cross-check against a kernel's own benchmark, a kernel without a primitive."""
import copy
import importlib.util
import json
import os

import jsonschema

from .. import bench
from .. import kernels
from .. import render
from ..fixture import TOP, fixture


def threadx_native():
    """threadx/native.py, ThreadX's own Thread-Metric run: a script beside its kernel's files,
    not part of this package, so loaded from its path."""
    path = os.path.join(TOP, "threadx", "native.py")
    spec = importlib.util.spec_from_file_location("threadx_native", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_kernels():
    """Every kernel on one core: a third kernel gets its columns and Tempo's speed-up over it,
    the one metric where it beats Tempo is listed (and nothing else), its own benchmark is
    cross-checked column by column against the suite, and results.json keeps it (schema)."""
    results, runs, analysis = fixture()
    extra = []
    for r in results["records"]:
        if r["kernel"] == "freertos":
            q = dict(r, kernel="rmp")
            if q["suite"] == "kernel-metrics" and q["metric"] == "Sem" and q["xlen"] == 64:
                q["avg_cycles"] = 50.0  # faster than Tempo's 102.5 here only
            elif q.get("avg_cycles") is not None:
                q["avg_cycles"] = q["avg_cycles"] * 2
            elif q.get("count") is not None:
                q["count"] = q["count"] // 2
            extra.append(q)
    results["records"] += extra
    results["native"] = {"rmp": {
        "benchmark": "rmp_benchmark.c", "method": "m", "columns": ["Yield", "Sem"],
        "widths": {"rv32": {"Yield": {"avg": 150, "max": 160, "min": 140}},
                   "rv64": {"Sem": {"avg": 40, "max": 41, "min": 39}}},
        "published": {"CH32V307VC RV32IMAC GCC -O3": {"Yield": 209}}}}
    ctx = render.Context(results, runs, analysis)
    assert ctx.kernels == ["tempo", "freertos", "rmp"], ctx.kernels
    km = next(t for t in kernels.suite_tables(ctx) if t.id == "all-kernel-metrics")
    assert "RMP RV64" in km.columns and "Tempo vs RMP RV32" in km.columns, km.columns
    nl = kernels.not_leading(ctx)
    assert [(s, m, x, k) for s, m, x, k, _ in nl] == [("kernel-metrics", "Sem", 64, "rmp")], nl
    xc = kernels.cross_check_tables(ctx)
    assert len(xc) == 1
    yield_row = next(r for r in xc[0].rows if r[0] == "Yield")
    # suite 100.5 * 2 = 201 against the native 150 at RV32; no native RV64 Yield
    assert yield_row[1:7] == ["150", "201", "+51", "-", "201", "-"], yield_row
    nat = kernels.native_tables(ctx)
    assert nat and nat[0].rows[0][:2] == ["Yield", "150"] and nat[0].rows[0][4] == "209", nat[0].rows
    with open(bench.SCHEMA) as f:
        v = jsonschema.Draft7Validator(json.load(f))
    assert not list(v.iter_errors(results))
    bad = copy.deepcopy(results)
    bad["native"]["rmp"]["widths"]["rv32"]["Yield"]["avg"] = -1
    assert list(v.iter_errors(bad)), "a negative native figure passed the schema"
    assert "Every kernel on one core" in kernels.markdown(ctx)


def test_native():
    """ThreadX's own benchmark (threadx/native.py) in results.json "native": its lines parse,
    the suite's RESULT line parses, the object passes the schema, and the cross-check
    (kernels.py) sets the figures and the kernel's share side by side."""
    native = threadx_native()
    assert native.LINE.match('TMNATIVE test="Memory Allocation Test" count=5 period_cycles=9')
    assert not native.LINE.match('TMNATIVE test="x" count=-5 period_cycles=9')
    assert native.suite_result("RESULT suite=thread-metric metric=memory_allocation count=600 "
                               "period_cycles=100000") == (600, 100000)
    assert native.suite_result("RESULT suite=thread-metric count=0 period_cycles=1") is None
    title = "Interrupt Preemption Processing Test"
    results = {"records": [], "omitted": [], "native": {"threadx": {
        "benchmark": native.BENCHMARK, "columns": [title], "published": {},
        "widths": {"rv32": {title: {"avg": 1000, "kernel": 500, "suite": 500,
                                    "suite_kernel": 125}}}}}}
    ctx = render.Context(results, [], [])
    ctx.kernels = ["threadx"]
    xc, = kernels.cross_check_tables(ctx)
    row = next(r for r in xc.rows if r[0] == "interrupt preemption processing")
    assert row[1:7] == ["1,000", "500", "-500", "500", "125", "-75.0%"], row
    with open(bench.SCHEMA) as f:
        schema = json.load(f)
    v = jsonschema.Draft7Validator(schema["properties"]["native"])
    assert v.is_valid(results["native"]), list(v.iter_errors(results["native"]))
    bad = copy.deepcopy(results["native"])
    bad["threadx"]["widths"]["rv32"][title]["suite_kernel"] = -1
    assert not v.is_valid(bad), "a negative kernel figure passed the schema"


def test_missing():
    """A kernel without a primitive (kernels.MISSING): a dash in its column of the every-kernel
    table, the reason under it, and, where its own figures are a suite's (NATIVE_IS_SUITE),
    the paragraph saying so; neither for a run without that kernel."""
    results, runs, analysis = fixture()
    extra = []
    for r in results["records"]:
        if r["kernel"] == "freertos" and not (r["suite"] == "kernel-metrics" and r["metric"] == "Mem"):
            extra.append(dict(r, kernel="rk0"))
    results["records"] += extra
    ctx = render.Context(results, runs, analysis)
    assert "rk0" in ctx.kernels, ctx.kernels
    km = next(t for t in kernels.suite_tables(ctx) if t.id == "all-kernel-metrics")
    col = km.columns.index("RK0 RV32")
    mem = next(r for r in km.rows if r[0] == "Mem")
    assert mem[col] == "-" and mem[col + 1] == "-", mem
    assert "RK0, Mem: no figure: RK0 has no variable-size allocator" in km.note, km.note
    heads = {h: paras for h, paras, _ in kernels.sections(ctx)}
    own = heads.get("Each kernel's own benchmark", [])
    assert any("Thread-Metric suite through bench/ports/rk0" in p for p in own), heads
    results, runs, analysis = fixture()
    ctx = render.Context(results, runs, analysis)
    km = next(t for t in kernels.suite_tables(ctx) if t.id == "all-kernel-metrics")
    assert "no figure" not in km.note, km.note
    assert "Each kernel's own benchmark" not in [h for h, _, _ in kernels.sections(ctx)]
