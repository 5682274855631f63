"""The runner's reading of what the firmware prints (bench.py): the result, TICK and HIST
lines, the publishing rule for Rhealstone variants, and the static bounds and
interrupt-disabled windows attached to the records."""
import json
import os

import pytest

from .. import bench
from .. import figures as F
from ..fixture import FREERTOS_SWITCH


def test_parser():
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


def test_tick_lines():
    """TICK lines: the samples left out for a changed mtime, after the RESULT of their metric,
    become tick_samples and max_with_tick on its record (and the published one); a TICK line
    without its RESULT is malformed."""
    res = ("BENCH kernel=tempo xlen=32 suite=kernel-metrics case=km_sem\n"
           "RESULT suite=kernel-metrics metric=Sem/I avg=12.00 min=12 max=12 samples=4\n")
    _, recs, _, notes, fail, _ = bench.parse_output(
        res + "TICK suite=kernel-metrics metric=Sem/I samples=3 max=250\nNOTE excluded=3\nDONE\n")
    assert fail is None and recs[0]["tick_samples"] == 3 and recs[0]["max_with_tick"] == 250, recs
    pub, _ = bench.publish("tempo", 32, recs, notes)
    assert (pub[0]["tick_samples"], pub[0]["max_with_tick"]) == (3, 250), pub
    _, recs, _, _, _, _ = bench.parse_output(res + "DONE\n")
    assert "max_with_tick" not in bench.publish("tempo", 32, recs, {})[0]
    for bad in ("TICK suite=kernel-metrics metric=Sem samples=3 max=250\n",
                "TICK suite=kernel-metrics metric=Sem/I samples=x max=250\n"):
        _, _, _, _, fail, _ = bench.parse_output(res + bad)
        assert fail and fail.startswith("malformed"), (bad, fail)
    _, _, _, _, fail, _ = bench.parse_output(
        "TICK suite=kernel-metrics metric=Sem/I samples=3 max=250\n" + res)
    assert fail and fail.startswith("malformed"), "TICK before its RESULT: %s" % fail


HIST_HEAD = "BENCH kernel=tempo xlen=32 suite=kernel-metrics case=km_fifo\n"
HIST_RESULT = "RESULT suite=kernel-metrics metric=Mail/I avg=%s min=10 max=15 samples=4\n"
HIST = ("HIST suite=kernel-metrics metric=Mail/I 10:1 12:1\n"
        "HIST suite=kernel-metrics metric=Mail/I 13:1 15:1\n")


def test_histogram_lines():
    """HIST lines: the samples' distribution after the RESULT line of their metric, several
    lines of one metric joined."""
    _, recs, _, _, fail, done = bench.parse_output(HIST_HEAD + HIST_RESULT % "12.50" + HIST + "DONE\n")
    assert fail is None and done, fail
    assert recs[0]["histogram"] == [[10, 1], [12, 1], [13, 1], [15, 1]], recs[0]


def test_histogram_average():
    # the firmware rounds the average half up to hundredths: 50/4 = 12.5 -> 12.50, 49/4 -> 12.25
    _, _, _, _, fail, _ = bench.parse_output(HIST_HEAD + HIST_RESULT % "12.49" + HIST)
    assert fail and "average" in fail, fail
    rec = {"samples": 3, "min_cycles": 7, "max_cycles": 9, "avg_cycles": 8.33}
    assert bench.histogram_problem(rec, [[7, 1], [8, 1], [9, 1]]) is not None  # 8.00
    assert bench.histogram_problem(rec, [[7, 1], [9, 2]]) is None  # 25/3 = 8.333


@pytest.mark.parametrize("wrong, old, new", [
    ("count", "15:1", "15:2"), ("range", "10:1", "9:1"), ("order", "13:1 15:1", "15:1 13:1"),
    ("metric", "Mail/I 13", "Mail 13")])
def test_histogram_not_the_samples(wrong, old, new):
    """A histogram that is not exactly the figure's samples fails the run."""
    _, _, _, _, fail, _ = bench.parse_output(HIST_HEAD + HIST_RESULT % "12.50" + HIST.replace(old, new))
    assert fail, "a histogram with the wrong %s passed" % wrong


@pytest.mark.parametrize("text, what", [
    (HIST_HEAD + HIST + HIST_RESULT % "12.50", "HIST before its RESULT"),
    (HIST_HEAD + HIST_RESULT % "12.50" + "HIST suite=kernel-metrics metric=Mail/I 10:x\n",
     "a count that is not a number"),
    ("RESULT suite=thread-metric metric=m count=7 period_cycles=100\n"
     "HIST suite=thread-metric metric=m 7:1\n", "HIST of a count")])
def test_histogram_malformed(text, what):
    _, _, _, _, fail, _ = bench.parse_output(text)
    assert fail and fail.startswith("malformed"), "%s: %s" % (what, fail)


def test_publishing():
    """The variant left over after subtracting a direct overhead that is itself the event is
    not published, at either width (-10.76 is not a cost, nor is 4.63 of 451.63), and the
    reason says why in words; a clear remainder is published."""
    for x in (32, 64):
        _, recs, _, notes, _, _ = bench.parse_output(FREERTOS_SWITCH[x])
        pub, left = bench.publish("freertos", x, recs, notes)
        assert [r["metric"] for r in pub] == ["task switch"], pub
        assert pub[0]["method"] == F.METHOD_LOOP and pub[0]["avg_cycles"] > 300
        assert len(left) == 1 and left[0]["metric"] == "task switch" + F.VARIANT_SUFFIX
        assert "yield" in left[0]["reason"] and "-10" not in left[0]["reason"], left[0]
    text = FREERTOS_SWITCH[32].replace("avg=-10.76", "avg=120.00")
    _, recs, _, notes, _, _ = bench.parse_output(text)
    pub, left = bench.publish("freertos", 32, recs, notes)
    assert len(pub) == 2 and not left and pub[1]["method"] == F.METHOD_DIRECT


def test_bounds_and_windows(tmp_path):
    """The irq-off record is the longest window over a kernel's runs; bounds attach to their
    kernel metric; a maximum above its bound, or a metric without one, is a failure."""
    w = lambda c, f: {"cycles": c, "start_function": f, "start_by": "csr", "end_function": f,
                      "end_by": "csr"}
    runs = [{"image": "a", "irq_off": {"windows": [w(10, "x"), w(5, "y")]}},
            {"image": "b", "irq_off": {"windows": [w(12, "z")]}}, {"image": "c", "irq_off": None}]
    r = bench.irq_off_record("tempo", 32, runs)
    assert (r["max_cycles"], r["start_function"], r["image"], r["images"]) == (12, "z", "b", 3), r
    assert bench.irq_off_record("tempo", 32, [{"image": "c", "irq_off": None}]) is None
    recs = [{"kernel": "tempo", "xlen": 32, "suite": "kernel-metrics", "metric": "Sem",
             "max_cycles": 100, "cache": "none"},
            {"kernel": "tempo", "xlen": 32, "suite": "kernel-metrics", "metric": "Alrm",
             "max_cycles": 100, "cache": "none"},
            {"kernel": "freertos", "xlen": 32, "suite": "kernel-metrics", "metric": "Sem",
             "max_cycles": 300, "cache": "none"}, dict(r)]
    path = os.path.join(str(tmp_path), "wcet.json")
    with open(path, "w") as f:
        json.dump({"records": [{"metric": "Sem", "xlen": 32, "bound_cycles": 120}],
                   "interrupt_latency": {"32": {"bound_cycles": 50}}}, f)
    bench.add_bounds(recs, path)
    assert recs[0]["bound_cycles"] == 120 and "bound_cycles" not in recs[2]
    assert recs[3]["latency_bound_cycles"] == 50
    bad = []
    bench.wcet_problems(recs, bad)
    assert bad == [], bad
    recs[0]["max_cycles"] = 121
    del recs[1]["metric"]
    recs[1]["metric"] = "Mail"
    bench.wcet_problems(recs, bad)
    assert len(bad) == 2 and "above the bound" in bad[0] and "no static bound" in bad[1], bad
