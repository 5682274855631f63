"""Host tests of the report tool itself (make test: bench-tool): the result-line parser, the
trace walker, the budget evaluation and the report's self-containment.  Each assertion could
fail; they run in well under a second."""
import html
import html.parser
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
import budgets  # noqa: E402
import elfinfo  # noqa: E402
import figures as F  # noqa: E402


def check_parser():
    good = ("BENCH kernel=tempo xlen=32 suite=kernel-metrics case=km_yield\n"
            "RESULT suite=kernel-metrics metric=Mail/I avg=12.50 min=10 max=15 samples=4\n"
            "RESULT suite=thread-metric metric=message_processing count=7 period_cycles=100\n"
            "SIZE name=tcb bytes=88\nNOTE excluded=3\nDONE\n")
    head, recs, sizes, notes, fail, done = bench.parse_output(good)
    assert head["case"] == "km_yield" and done and fail is None
    assert recs[0] == {"suite": "kernel-metrics", "metric": "Mail/I", "avg_cycles": 12.5,
                       "min_cycles": 10, "max_cycles": 15, "samples": 4}, recs[0]
    assert recs[1]["metric"] == "message processing" and recs[1]["count"] == 7
    assert sizes == {"tcb": 88} and notes == {"excluded": 3}
    _, _, _, _, fail, done = bench.parse_output("BENCH x=1\nFAIL flip == 1 (got 0, expected 1)\n")
    assert fail.startswith("flip") and not done
    _, recs, _, _, fail, done = bench.parse_output("garbage\n\nRESULT\nDONE\n")
    assert recs == [] and fail == "malformed line: RESULT", fail
    _, recs, _, _, fail, _ = bench.parse_output("RESULT suite=s metric=m avg=x samples=1\n")
    assert recs == [] and fail.startswith("malformed"), fail


def check_trace():
    # routine at 0x100..0x120: enter at cycle 10, leave by jr t0 (0x00028067) at 0x110 -> next
    # instruction at cycle 40: one sample of 30; a second entry left by mret outside the range
    lines = ["0 00000000 00000013", "10 00000100 00000013", "12 00000104 00000013",
             "20 00000110 00028067", "40 00000500 00000013", "41 trap mcause=0xb",
             "50 00000100 00000013", "60 00000900 30200073", "75 00000600 00000013",
             "80 00000100 00000013", "85 00000104 000080e7", "90 00000700 00000013"]
    got = elfinfo.walk_trace(lines, [(0x100, 0x120)])
    # the third entry calls out (jalr ra) and never leaves: no sample
    assert got == [30, 25], got
    # an entry that jumps on into a second listed routine and leaves from there
    lines = ["10 00000100 00000013", "11 00000104 0000006f", "17 00000200 00000013",
             "18 00000204 00028067", "30 00000800 00000013"]
    got = elfinfo.walk_trace(lines, [(0x100, 0x120), (0x200, 0x220)])
    assert got == [20], got


def check_budgets():
    recs = []
    for x in (32, 64):
        recs.append({"kernel": "tempo", "xlen": x, "suite": "rhealstone",
                     "metric": F.PAPER_METRIC["task switch"], "avg_cycles": 80.0 + x,  # 112 ok, 144 over
                     "min_cycles": None, "max_cycles": None, "samples": 10})
        recs.append({"kernel": "tempo", "xlen": x, "suite": "kernel-metrics", "metric": "Yield",
                     "avg_cycles": 200.0, "min_cycles": 150, "max_cycles": 301, "samples": 10})
    rows = {(g, i): ok for g, i, _, _, ok in budgets.evaluate(recs)}
    assert rows[("task-switch", "RV32 Rhealstone task switch (loop overhead only)")] is True
    assert rows[("task-switch", "RV64 Rhealstone task switch (loop overhead only)")] is False
    assert rows[("kernel-metrics", "RV32 Yield average")] is True
    worst = [ok for (g, i), ok in rows.items() if g == "worst-case"]
    assert worst == [False, False], worst  # 301 > 1.5 * 200
    assert any(g == "kernel-metrics" and not ok and "Mail" in i for (g, i), ok in rows.items())


class Scan(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.external = {}, []

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        for k, v in attrs:
            if k in ("src", "href") and v and "://" in v:
                self.external.append(v)


def check_report(path):
    """The generated page is self-contained: charts inline, tables present, no network."""
    with open(path) as f:
        text = f.read()
    scan = Scan()
    scan.feed(text)
    assert scan.tags.get("svg", 0) >= 3, "inline SVG charts missing"
    assert scan.tags.get("table", 0) >= 4, "tables missing"
    assert not scan.tags.get("script") and not scan.tags.get("link"), "external resources"
    assert not scan.external, scan.external
    # Bar labels are right-aligned at x: each needs room for its text on the left, taken at
    # 0.55 em per character of the 12px label font (a sans-serif's average advance).
    labels = re.findall(r'<text x="([0-9.]+)" y="[0-9.]+" class="lbl">([^<]*)</text>', text)
    assert labels, "chart labels missing"
    for x, label in labels:
        label = html.unescape(label)
        assert float(x) >= 0.55 * 12 * len(label), "label cut off on the left: %r" % label


def main(argv):
    check_parser()
    check_trace()
    check_budgets()
    if len(argv) > 1:
        check_report(argv[1])
    print("bench tool self-test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
