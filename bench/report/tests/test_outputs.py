"""The outputs of a run (results.json and its schema, results.csv, analysis.md, the page) on the
fixture, and the page make test generated (--page): self-contained, the answer first, every
chart with its unit."""
import copy
import html.parser
import json
import os
import re

import pytest

from .. import bench
from .. import cachesweep
from .. import figures as F
from .. import fixture
from .. import render
from .. import report


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """The fixture's run written as make bench writes it: (directory, results, runs, analysis)."""
    d = str(tmp_path_factory.mktemp("run"))
    results, runs, analysis = fixture.fixture()
    for name, obj in (("results.json", results), ("runs.json", runs),
                      ("analysis.json", analysis)):
        with open(os.path.join(d, name), "w") as f:
            json.dump(obj, f)
    bench.write_reports(d, results, runs, analysis, None, 1.0)
    return d, results, runs, analysis


def test_schema_and_published_figures(run):
    d = run[0]
    assert bench.validate(os.path.join(d, "results.json")) == 0
    problems = bench.published_figures_problems(d)
    assert problems == [], problems


def test_analysis_leaves_out_negative_residues(run):
    with open(os.path.join(run[0], "analysis.md")) as f:
        md = f.read()
    assert "stack_scan" in md and "below zero" in md and "-40" not in md and \
        "-21.78" not in md, "a negative per-event residue printed as cycles"


def test_page(run):
    with open(os.path.join(run[0], "report.html")) as f:
        page = f.read()
    check_page(page, with_freertos=True)
    assert F.RH_NESTED_LATENCY in page and "does not nest interrupts" in page


def test_nested_interrupt_latency_rows(run):
    """Tempo's rows; FreeRTOS's table says why it has none."""
    _, results, runs, analysis = run
    assert {(r["kernel"], r["xlen"]) for r in results["records"]
            if r["metric"] == F.RH_NESTED_LATENCY} == {("tempo", 32), ("tempo", 64)}
    ctx = render.Context(results, runs, analysis)
    for k in ("tempo", "freertos"):
        rh = next(t for t in render.kernel_tables(ctx, k) if t.id == "rhealstone-" + k)
        rows = [r for r in rh.rows if r[0] == F.RH_NESTED_LATENCY]
        assert len(rows) == (k == "tempo") and "does not nest interrupts" in rh.note, rh.note


def test_negative_variant_rejected(run, tmp_path):
    """The old tool's output, the variant published as a figure of -10.76 cycles: the schema
    and the published-figures check both reject it, the page's copy too."""
    _, results, runs, analysis = run
    d = str(tmp_path)
    old = copy.deepcopy(results)
    old["records"].append({"kernel": "freertos", "xlen": 32, "suite": "rhealstone",
                           "metric": "task switch" + F.VARIANT_SUFFIX, "test": "task switch",
                           "method": F.METHOD_DIRECT, "avg_cycles": -10.76,
                           "min_cycles": None, "max_cycles": None, "samples": 1998})
    old["omitted"] = []
    for name, obj in (("results.json", old), ("runs.json", runs), ("analysis.json", analysis)):
        with open(os.path.join(d, name), "w") as f:
            json.dump(obj, f)
    bench.write_reports(d, old, runs, analysis, None, 1.0, draw=False)
    assert bench.validate(os.path.join(d, "results.json")) == 1, "schema took -10.76"
    problems = bench.published_figures_problems(d)
    assert any("-10.76" in p for p in problems), problems
    assert any(p.startswith("report.html") for p in problems), problems


def test_tick_samples_without_their_worst_rejected(run, tmp_path):
    """A kernel metric's tick samples: their number and worst always together (schema)."""
    half = copy.deepcopy(run[1])
    km = next(r for r in half["records"] if r.get("max_with_tick") is not None)
    del km["max_with_tick"]
    path = os.path.join(str(tmp_path), "results.json")
    with open(path, "w") as f:
        json.dump(half, f)
    assert bench.validate(path) == 1, "tick_samples alone"


def test_tempo_alone(run):
    """The page says FreeRTOS was not measured and how to include it."""
    _, results, runs, analysis = run
    alone = copy.deepcopy(results)
    alone["records"] = [r for r in alone["records"] if r["kernel"] == "tempo"]
    alone["omitted"] = []
    ctx = render.Context(alone, [r for r in runs if r["kernel"] == "tempo"],
                         [a for a in analysis if a["kernel"] == "tempo"],
                         "FREERTOS_DIR is not set")
    page = report.html(ctx)
    assert "FREERTOS_DIR=/path/to/FreeRTOS-Kernel" in page
    check_page(page, with_freertos=False)


def test_cache_and_sweeps(tmp_path):
    """The cached run's tables and each sweep's merged table are in the page when their files
    are in the results directory, and the page says how to produce them when they are not
    (the browser test, bench-browser, checks the drawn page)."""
    d = str(tmp_path)
    with open(fixture.fixture_dir(d, draw=False)) as f:
        page = f.read()
    for tid in ("cache-tempo", "cache-freertos", "sweep-fixture-0"):
        assert 'id="%s"' % tid in page, "table #%s missing" % tid
    assert 'id="caches"' in page and 'id="sweeps"' in page
    assert "No cached run" not in page and "No sweep results" not in page
    os.remove(os.path.join(d, "cache.json"))
    os.remove(os.path.join(d, "sweep-fixture.json"))
    results, runs, analysis = bench.load_previous(d)
    page = report.html(render.Context(results, runs, analysis), False, None,
                       cachesweep.load(d, False))
    assert "No cached run" in page and "No sweep results" in page
    assert 'id="cache-tempo"' not in page


class Scan(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.external, self.order = {}, [], []

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        self.order.append((tag, dict(attrs)))
        for k, v in attrs:
            if k in ("src", "href") and v and "://" in v:
                self.external.append(v)


def check_page(text, with_freertos):
    """The page is self-contained, opens with the answer, and its charts name their units."""
    scan = Scan()
    scan.feed(text)
    assert scan.tags.get("svg", 0) >= (5 if with_freertos else 4), "inline SVG charts missing"
    assert scan.tags.get("table", 0) >= 4, "tables missing"
    assert not scan.tags.get("script") and not scan.tags.get("link") and \
        not scan.tags.get("img"), "external resources"
    assert not scan.external, scan.external
    # the kernel metrics' samples with a tick inside: a column of their worst and number
    assert "max with tick (samples)" in text, "no tick samples column"
    tags = [t for t, _ in scan.order]
    first_h2 = tags.index("h2")
    answer = [i for i, (t, a) in enumerate(scan.order) if a.get("class") == "answer"]
    assert answer and answer[0] < first_h2, "the summary does not open the page"
    body = text[text.index('class="answer"'):]
    body = body[:body.index("</section>")]
    if with_freertos:
        assert "Tempo is faster than FreeRTOS" in body and "RV32" in body and "RV64" in body
        assert "Table II" in body and "CH32V307" in body
    for svg in re.findall(r"<svg.*?</svg>", text, re.S):
        words = " ".join(re.findall(r">([^<>]+)<", svg))
        assert re.search(r"cycles|operations|times faster|%", words), \
            "a chart without a unit on its axis"
    for rx in (r"\bissues? #?\d", r"\.\./shared", r"\bspec/\w+\.md", r"\bseeds/"):
        assert not re.search(rx, text, re.I), "internal reference in the page: %s" % rx


def test_generated_page(generated_page):
    """The page make test generated (Tempo only, or both kernels): --page PATH."""
    with open(generated_page) as f:
        text = f.read()
    check_page(text, with_freertos="FreeRTOS RV32" in text and "speed-up RV32" in text)
