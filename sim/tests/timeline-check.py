#!/usr/bin/env python3
"""Check a tempo-sim --timeline file: the Chrome Trace Event Format structure, and that its
spans tell one consistent story of one core.

usage: timeline-check.py FILE.json|FILE.pftrace [--threads a,b,...] [--calls f,g,...] [--irq]
                         [--cycles N] [--same-as OTHER]

  - JSON: every event has the fields of its phase ("X" spans: ts, dur >= 0, pid, tid, name,
    cat; "i" markers; "M" metadata), ts and dur are the cycles in args / 100 (100 MHz), and
    the events are sorted by ts;
  - Perfetto's protobuf (.pftrace, read here with the standard library): one packet sequence
    whose first packet clears its state; every name, category and annotation name interned
    before its number is used, in a packet that says it needs the sequence's state; every
    track described (a thread of pid 1) before its first event; timestamps in order and whole
    cycles (10 ns); every slice's end on a track with a slice begun, none left open;
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
import json
import sys


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def cycles(us):
    return round(us * 100)


def load_json(path):
    """The file's track names by tid, spans (start, end, tid, cat, name) and switch markers
    (tid, cycle, from, to)"""
    with open(path) as f:
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
            if e["name"] != "switch" or e.get("cat") != "switch" or "from" not in e["args"] or "to" not in e["args"]:
                fail("a marker that is no switch: %r" % e)
            marks.append((e["tid"], start, e["args"]["from"], e["args"]["to"]))
        elif ph == "X":
            if e.get("cat") not in ("thread", "interrupt", "kernel"):
                fail("span of unknown category: %r" % e)
            if e["dur"] < 0 or cycles(e["dur"]) != e["args"]["cycles"]:
                fail("dur %s is not cycles %d / 100" % (e["dur"], e["args"]["cycles"]))
            spans.append((start, start + e["args"]["cycles"], e["tid"], e["cat"], e["name"]))
        else:
            fail("unknown phase %r" % ph)
    return names, spans, marks


def pb_fields(buf):
    """A protobuf message's fields: (number, value), value an int (varint) or bytes"""
    i, n = 0, len(buf)

    def varint():
        nonlocal i
        v = shift = 0
        while True:
            if i >= n:
                fail("a varint runs past its message")
            b = buf[i]
            i += 1
            v |= (b & 0x7F) << shift
            shift += 7
            if b < 0x80:
                return v
    while i < n:
        key = varint()
        field, wire = key >> 3, key & 7
        if wire == 0:
            yield field, varint()
        elif wire == 2:
            size = varint()
            if i + size > n:
                fail("field %d runs past its message" % field)
            yield field, buf[i:i + size]
            i += size
        elif wire in (1, 5):
            i += 8 if wire == 1 else 4
        else:
            fail("wire type %d in field %d" % (wire, field))


def pb_message(buf):
    """A message's fields as a dict: number -> list of values"""
    m = {}
    for f, v in pb_fields(buf):
        m.setdefault(f, []).append(v)
    return m


def pb_one(m, field, default=None):
    return m[field][-1] if field in m else default


def load_pftrace(path):
    """load_json()'s model of a Perfetto protobuf trace (perfetto_trace.proto's numbers:
    Trace.packet 1; TracePacket timestamp 8, trusted_packet_sequence_id 10, track_event 11,
    interned_data 12, sequence_flags 13, track_descriptor 60; TrackEvent category_iids 3,
    debug_annotations 4, type 9, name_iid 10, track_uuid 11, name 23)"""
    with open(path, "rb") as f:
        trace = pb_message(f.read())
    packets = trace.get(1, [])
    if not packets or set(trace) != {1}:
        fail("not a Trace of packets")
    interned = {1: {}, 2: {}, 3: {}}  # categories, event names, annotation names
    tracks, names, spans, marks, open_ = {}, {}, [], [], {}
    last_ts, cleared = None, False
    for k, raw in enumerate(packets):
        p = pb_message(raw)
        flags = pb_one(p, 13, 0)
        if 12 in p or 11 in p:
            if pb_one(p, 10) != 1:
                fail("packet %d is not on sequence 1" % k)
            if flags & 1:
                cleared = True
                interned = {1: {}, 2: {}, 3: {}}
            if not cleared:
                fail("packet %d before the sequence's state was cleared" % k)
        if 12 in p:
            if not flags & 2:
                fail("packet %d interns without SEQ_NEEDS_INCREMENTAL_STATE" % k)
            data = pb_message(pb_one(p, 12))
            for field, table in interned.items():
                for entry in data.get(field, []):
                    e = pb_message(entry)
                    table[pb_one(e, 1)] = pb_one(e, 2, b"").decode()
        if 60 in p:
            d = pb_message(pb_one(p, 60))
            uuid = pb_one(d, 1)
            if 3 in d:
                if pb_one(pb_message(pb_one(d, 3)), 1) != 1:
                    fail("the process is not pid 1")
            elif 4 in d:
                t = pb_message(pb_one(d, 4))
                if pb_one(t, 1) != 1:
                    fail("thread track %d not in pid 1" % uuid)
                tracks[uuid] = pb_one(t, 2)
                names[pb_one(t, 2)] = pb_one(t, 5, b"").decode()
            else:
                fail("track %d is neither process nor thread" % uuid)
        if 11 not in p:
            continue
        ts = pb_one(p, 8)
        if ts is None or ts % 10:
            fail("packet %d: timestamp %r is not a whole cycle" % (k, ts))
        if last_ts is not None and ts < last_ts:
            fail("packet %d: timestamps out of order" % k)
        last_ts = ts
        e = pb_message(pb_one(p, 11))
        uuid, kind = pb_one(e, 11), pb_one(e, 9)
        if uuid not in tracks:
            fail("packet %d: an event on track %r before its descriptor" % (k, uuid))
        tid = tracks[uuid]

        def lookup(table, iid):
            if not flags & 2:
                fail("packet %d uses interned names without SEQ_NEEDS_INCREMENTAL_STATE" % k)
            if iid not in interned[table]:
                fail("packet %d uses name %d before it was interned" % (k, iid))
            return interned[table][iid]
        name = lookup(2, pb_one(e, 10)) if 10 in e else pb_one(e, 23, b"").decode()
        cats = [lookup(1, c) for c in e.get(3, [])]
        if kind == 1:
            open_.setdefault(tid, []).append((ts // 10, cats, name))
        elif kind == 2:
            if not open_.get(tid):
                fail("packet %d: a slice ends on %s with none begun" % (k, names[tid]))
            start, cats, name = open_[tid].pop()
            if len(cats) != 1 or cats[0] not in ("thread", "interrupt", "kernel"):
                fail("span of unknown category: %r" % cats)
            spans.append((start, ts // 10, tid, cats[0], name))
        elif kind == 3:
            args = {}
            for a in e.get(4, []):
                a = pb_message(a)
                args[lookup(3, pb_one(a, 1))] = pb_one(a, 6, b"").decode()
            if name != "switch" or cats != ["switch"] or set(args) != {"from", "to"}:
                fail("a marker that is no switch: %s %r %r" % (name, cats, args))
            marks.append((tid, ts // 10, args["from"], args["to"]))
        else:
            fail("packet %d: event type %r" % (k, kind))
    if any(open_.values()):
        fail("slices left open: %r" % {names[t]: s for t, s in open_.items() if s})
    return names, spans, marks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--threads", default="")
    ap.add_argument("--calls", default="")
    ap.add_argument("--irq", action="store_true")
    ap.add_argument("--cycles", type=int)
    ap.add_argument("--same-as")
    a = ap.parse_args()
    load = lambda path: (load_pftrace if path.endswith((".pftrace", ".perfetto-trace")) else load_json)(path)
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
