#!/usr/bin/env python3
"""Check a tempo-sim --timeline file: its format's structure, and that its spans tell one
consistent story of one core.

usage: timeline-check.py FILE.json|FILE.pftrace [--threads a,b,...] [--calls f,g,...] [--irq]
                         [--cycles N] [--same-as OTHER]

  - the format's structure (tools/timeline_read.py: JSON or Perfetto's protobuf), and no
    events lost;
  - every tid has a thread_name; --threads: these names are tracks (and the only thread tracks
    besides "main");
  - one core: the thread and interrupt spans never overlap, whatever their track;
  - every kernel-call span lies inside a thread or interrupt span of its own track, and spans
    on one track nest (none overlaps another partly);
  - every switch marker falls where a thread span of its track begins, and names that track;
  - --calls: each of these kernel calls has at least one span; --irq: interrupt spans exist;
  - --cycles N: the spans cover the run up to cycle N (the last one ends there);
  - --same-as OTHER: OTHER (the same run in the other format) has the same tracks, spans and
    switches.
"""
import argparse
import bisect
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import timeline_read  # noqa: E402


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--threads", default="")
    ap.add_argument("--calls", default="")
    ap.add_argument("--irq", action="store_true")
    ap.add_argument("--cycles", type=int)
    ap.add_argument("--same-as")
    a = ap.parse_args()
    def load(path):
        try:
            t = timeline_read.load(path)
        except (OSError, timeline_read.Invalid) as e:
            fail("%s: %s" % (path, e))
        if not t.complete:
            fail("%s: events were lost" % path)
        return t.names, t.spans, t.marks
    names, spans, marks = load(a.file)
    if a.same_as:
        other = load(a.same_as)
        used = lambda n, s: {t: n[t] for t in {x[2] for x in s}}
        if used(names, spans) != used(other[0], other[1]):
            fail("tracks %r, %s has %r" % (used(names, spans), a.same_as, used(other[0], other[1])))
        for what, mine, theirs in (("spans", spans, other[1]), ("switches", marks, other[2])):
            if sorted(mine) != sorted(theirs):
                d = sorted(set(mine) ^ set(theirs))[:3]
                fail("%d %s, %s has %d; first differences %r" % (len(mine), what, a.same_as, len(theirs), d))

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
    for tid, cycle, _, to in marks:
        if (tid, cycle) not in starts:
            fail("switch marker at cycle %d without a span of %s starting there" % (cycle, names[tid]))
        if to != names[tid]:
            fail("switch marker on %s names %s" % (names[tid], to))

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
