#!/usr/bin/env python3
"""Check a tempo-sim --timeline file: the Chrome Trace Event Format structure, and that its
spans tell one consistent story of one core.

usage: timeline-check.py FILE.json [--threads a,b,...] [--calls f,g,...] [--irq] [--cycles N]

  - every event has the fields of its phase ("X" spans: ts, dur >= 0, pid, tid, name, cat;
    "i" markers; "M" metadata), ts and dur are the cycles in args / 100 (100 MHz), and the
    events are sorted by ts;
  - every tid has a thread_name; --threads: these names are tracks (and the only thread tracks
    besides "main");
  - one core: the thread and interrupt spans never overlap, whatever their track;
  - every kernel-call span lies inside a thread or interrupt span of its own track, and spans
    on one track nest (none overlaps another partly);
  - every switch marker falls where a thread span of its track begins, and names that track;
  - --calls: each of these kernel calls has at least one span; --irq: interrupt spans exist;
  - --cycles N: the spans cover the run up to cycle N (the last one ends there).
"""
import argparse
import bisect
import json
import sys


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def cycles(us):
    return round(us * 100)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--threads", default="")
    ap.add_argument("--calls", default="")
    ap.add_argument("--irq", action="store_true")
    ap.add_argument("--cycles", type=int)
    a = ap.parse_args()
    with open(a.file) as f:
        doc = json.load(f)
    events = doc.get("traceEvents")
    if not isinstance(events, list) or not events:
        fail("no traceEvents list")
    if doc.get("otherData", {}).get("complete") is not True:
        fail("otherData.complete is not true (events were lost)")

    names, spans, marks = {}, [], []
    last_ts = None
    for e in events:
        ph = e.get("ph")
        if ph == "M":
            if e.get("name") == "thread_name":
                names[e["tid"]] = e["args"]["name"]
            continue
        for k in ("pid", "tid", "ts", "name"):
            if k not in e:
                fail("event without %s: %r" % (k, e))
        if last_ts is not None and e["ts"] < last_ts:
            fail("events not sorted by ts at %r" % e)
        last_ts = e["ts"]
        start = e["args"]["cycle"]
        if cycles(e["ts"]) != start:
            fail("ts %s is not cycle %d / 100" % (e["ts"], start))
        if ph == "i":
            if e["name"] != "switch" or "from" not in e["args"] or "to" not in e["args"]:
                fail("a marker that is no switch: %r" % e)
            marks.append(e)
        elif ph == "X":
            if e.get("cat") not in ("thread", "interrupt", "kernel"):
                fail("span of unknown category: %r" % e)
            if e["dur"] < 0 or cycles(e["dur"]) != e["args"]["cycles"]:
                fail("dur %s is not cycles %d / 100" % (e["dur"], e["args"]["cycles"]))
            spans.append((start, start + e["args"]["cycles"], e["tid"], e["cat"], e["name"]))
        else:
            fail("unknown phase %r" % ph)

    for s in spans:
        if s[2] not in names:
            fail("tid %d has no thread_name" % s[2])

    # one core: CPU spans (thread, interrupt) are disjoint
    cpu = sorted(s for s in spans if s[3] != "kernel")
    for p, q in zip(cpu, cpu[1:]):
        if q[0] < p[1]:
            fail("two spans hold the core at once: %r and %r" % (p, q))
    if not cpu:
        fail("no thread spans")
    # thread spans are named after their track
    for s in cpu:
        if s[3] == "thread" and s[4] != names[s[2]]:
            fail("thread span %r on the track of %s" % (s, names[s[2]]))

    # kernel calls inside a CPU span of their track; spans of a track nest
    by_tid = {}
    for s in cpu:  # sorted and disjoint: the one that may hold s starts at or before it
        by_tid.setdefault(s[2], ([], []))
        by_tid[s[2]][0].append(s[0])
        by_tid[s[2]][1].append(s)
    for s in spans:
        if s[3] != "kernel":
            continue
        starts_, own = by_tid.get(s[2], ([], []))
        i = bisect.bisect_right(starts_, s[0]) - 1
        if i < 0 or s[1] > own[i][1]:
            fail("kernel call %r outside every span of its track" % (s,))
    for tid in {s[2] for s in spans}:
        track = sorted((s for s in spans if s[2] == tid), key=lambda s: (s[0], -s[1]))
        open_ = []
        for s in track:
            while open_ and open_[-1][1] <= s[0]:
                open_.pop()
            if open_ and s[1] > open_[-1][1]:
                fail("spans overlap partly on %s: %r and %r" % (names[tid], open_[-1], s))
            open_.append(s)

    # switches: a thread span of the marker's track starts at its cycle
    starts = {(s[2], s[0]) for s in cpu if s[3] == "thread"}
    for m in marks:
        if (m["tid"], m["args"]["cycle"]) not in starts:
            fail("switch marker at cycle %d without a span of %s starting there" % (m["args"]["cycle"], names[m["tid"]]))
        if m["args"]["to"] != names[m["tid"]]:
            fail("switch marker on %s names %s" % (names[m["tid"]], m["args"]["to"]))

    threads = {n for t, n in names.items() if any(s[2] == t and s[3] == "thread" for s in spans)}
    want = {t for t in a.threads.split(",") if t}
    if want and (want - threads or threads - want - {"main"}):
        fail("thread tracks %s, expected %s" % (sorted(threads), sorted(want)))
    calls = {s[4] for s in spans if s[3] == "kernel"}
    for c in (c for c in a.calls.split(",") if c):
        if c not in calls:
            fail("no span of kernel call %s (calls seen: %s)" % (c, ", ".join(sorted(calls))))
    if a.irq and not any(s[3] == "interrupt" for s in spans):
        fail("no interrupt span")
    if a.cycles is not None and max(s[1] for s in cpu) != a.cycles:
        fail("the last span ends at cycle %d, the run at %d" % (max(s[1] for s in cpu), a.cycles))
    print("%s: %d spans (%d kernel calls, %d interrupts), %d switches, threads %s: consistent"
          % (a.file, len(spans), sum(s[3] == "kernel" for s in spans),
             sum(s[3] == "interrupt" for s in spans), len(marks), ", ".join(sorted(threads))))


if __name__ == "__main__":
    main()
