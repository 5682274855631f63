"""Reading a tempo-sim --timeline file, in either of its formats (sim/observe/timeline.h): the
Chrome Trace Event Format's JSON, or Perfetto's protobuf (.pftrace, .perfetto-trace; read here
with the standard library).  load() gives one model of both, and checks the file's structure
as it reads it (Invalid says what is wrong):

  - JSON: every event has the fields of its phase ("X" spans: ts, dur >= 0, pid, tid, name,
    cat; "i" markers; "M" metadata), ts is a whole cycle / 100 (100 MHz), dur a span's
    cycles in args / 100, and the events are sorted by ts;
  - protobuf: one packet sequence whose first packet clears its state; every name, category
    and annotation name interned before its number is used, in a packet that says it needs
    the sequence's state; every track described (a thread of pid 1) before its first event;
    timestamps in order and whole cycles (10 ns); every slice's end on a track with a slice
    begun, none left open.
"""
import collections
import json

# names: track name by tid; order: the tracks' display order by tid; spans: (start, end, tid,
# category, name) in cycles; marks: switches (tid, cycle, from, to); image: the image's name;
# complete: no events were lost
Timeline = collections.namedtuple("Timeline", "names order spans marks image complete")
INCOMPLETE = "incomplete: events were lost (no memory)"


class Invalid(Exception):
    pass


def invalid(msg):
    raise Invalid(msg)


def cycles(us):
    return round(us * 100)


def load_json(path):
    """A Chrome Trace Event Format timeline, its events' fields checked"""
    with open(path) as f:
        doc = json.load(f)
    events = doc.get("traceEvents")
    if not isinstance(events, list) or not events:
        invalid("no traceEvents list")
    names, order, spans, marks = {}, {}, [], []
    last_ts = None
    for e in events:
        ph = e.get("ph")
        if ph == "M":
            if e.get("name") == "thread_name":
                names[e["tid"]] = e["args"]["name"]
            elif e.get("name") == "thread_sort_index":
                order[e["tid"]] = e["args"]["sort_index"]
            continue
        for k in ("pid", "tid", "ts", "name"):
            if k not in e:
                invalid("event without %s: %r" % (k, e))
        if last_ts is not None and e["ts"] < last_ts:
            invalid("events not sorted by ts at %r" % e)
        last_ts = e["ts"]
        start = cycles(e["ts"])
        if abs(e["ts"] * 100 - start) > 0.01:  # a float's error, far from a cycle's fraction
            invalid("ts %s is not a whole cycle / 100" % e["ts"])
        if ph == "i":
            if e["name"] != "switch" or e.get("cat") != "switch" or "from" not in e["args"] or "to" not in e["args"]:
                invalid("a marker that is no switch: %r" % e)
            marks.append((e["tid"], start, e["args"]["from"], e["args"]["to"]))
        elif ph == "X":
            if e.get("cat") not in ("thread", "interrupt", "kernel"):
                invalid("span of unknown category: %r" % e)
            if e["dur"] < 0 or cycles(e["dur"]) != e["args"]["cycles"]:
                invalid("dur %s is not cycles %d / 100" % (e["dur"], e["args"]["cycles"]))
            spans.append((start, start + e["args"]["cycles"], e["tid"], e["cat"], e["name"]))
        else:
            invalid("unknown phase %r" % ph)
    other = doc.get("otherData", {})
    return Timeline(names, order, spans, marks, other.get("image"), other.get("complete") is True)


def pb_fields(buf):
    """A protobuf message's fields: (number, value), value an int (varint) or bytes"""
    i, n = 0, len(buf)

    def varint():
        nonlocal i
        v = shift = 0
        while True:
            if i >= n:
                invalid("a varint runs past its message")
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
                invalid("field %d runs past its message" % field)
            yield field, buf[i:i + size]
            i += size
        elif wire in (1, 5):
            i += 8 if wire == 1 else 4
        else:
            invalid("wire type %d in field %d" % (wire, field))


def pb_message(buf):
    """A message's fields as a dict: number -> list of values"""
    m = {}
    for f, v in pb_fields(buf):
        m.setdefault(f, []).append(v)
    return m


def pb_one(m, field, default=None):
    return m[field][-1] if field in m else default


def load_pftrace(path):
    """A Perfetto protobuf timeline, its packets checked (perfetto_trace.proto's numbers:
    Trace.packet 1; TracePacket timestamp 8, trusted_packet_sequence_id 10, track_event 11,
    interned_data 12, sequence_flags 13, track_descriptor 60; TrackEvent category_iids 3,
    debug_annotations 4, type 9, name_iid 10, track_uuid 11, name 23)"""
    with open(path, "rb") as f:
        trace = pb_message(f.read())
    packets = trace.get(1, [])
    if not packets or set(trace) != {1}:
        invalid("not a Trace of packets")
    interned = {1: {}, 2: {}, 3: {}}  # categories, event names, annotation names
    tracks, names, spans, marks, open_ = {}, {}, [], [], {}
    last_ts, cleared, image, complete = None, False, None, True
    for k, raw in enumerate(packets):
        p = pb_message(raw)
        flags = pb_one(p, 13, 0)
        if 12 in p or 11 in p:
            if pb_one(p, 10) != 1:
                invalid("packet %d is not on sequence 1" % k)
            if flags & 1:
                cleared = True
                interned = {1: {}, 2: {}, 3: {}}
            if not cleared:
                invalid("packet %d before the sequence's state was cleared" % k)
        if 12 in p:
            if not flags & 2:
                invalid("packet %d interns without SEQ_NEEDS_INCREMENTAL_STATE" % k)
            data = pb_message(pb_one(p, 12))
            for field, table in interned.items():
                for entry in data.get(field, []):
                    e = pb_message(entry)
                    table[pb_one(e, 1)] = pb_one(e, 2, b"").decode()
        if 60 in p:
            d = pb_message(pb_one(p, 60))
            uuid = pb_one(d, 1)
            if 3 in d:
                proc = pb_message(pb_one(d, 3))
                if pb_one(proc, 1) != 1:
                    invalid("the process is not pid 1")
                image = pb_one(proc, 6, b"").decode()
            elif 4 in d:
                t = pb_message(pb_one(d, 4))
                if pb_one(t, 1) != 1:
                    invalid("thread track %d not in pid 1" % uuid)
                tracks[uuid] = pb_one(t, 2)
                names[pb_one(t, 2)] = pb_one(t, 5, b"").decode()
            else:
                invalid("track %d is neither process nor thread" % uuid)
        if 11 not in p:
            continue
        ts = pb_one(p, 8)
        if ts is None or ts % 10:
            invalid("packet %d: timestamp %r is not a whole cycle" % (k, ts))
        if last_ts is not None and ts < last_ts:
            invalid("packet %d: timestamps out of order" % k)
        last_ts = ts
        e = pb_message(pb_one(p, 11))
        uuid, kind = pb_one(e, 11), pb_one(e, 9)
        if uuid not in tracks:
            invalid("packet %d: an event on track %r before its descriptor" % (k, uuid))
        tid = tracks[uuid]

        def lookup(table, iid):
            if not flags & 2:
                invalid("packet %d uses interned names without SEQ_NEEDS_INCREMENTAL_STATE" % k)
            if iid not in interned[table]:
                invalid("packet %d uses name %d before it was interned" % (k, iid))
            return interned[table][iid]
        name = lookup(2, pb_one(e, 10)) if 10 in e else pb_one(e, 23, b"").decode()
        cats = [lookup(1, c) for c in e.get(3, [])]
        if kind == 1:
            open_.setdefault(tid, []).append((ts // 10, cats, name))
        elif kind == 2:
            if not open_.get(tid):
                invalid("packet %d: a slice ends on %s with none begun" % (k, names[tid]))
            start, cats, name = open_[tid].pop()
            if len(cats) != 1 or cats[0] not in ("thread", "interrupt", "kernel"):
                invalid("span of unknown category: %r" % cats)
            spans.append((start, ts // 10, tid, cats[0], name))
        elif kind == 3 and name == INCOMPLETE:
            complete = False
        elif kind == 3:
            args = {}
            for a in e.get(4, []):
                a = pb_message(a)
                args[lookup(3, pb_one(a, 1))] = pb_one(a, 6, b"").decode()
            if name != "switch" or cats != ["switch"] or set(args) != {"from", "to"}:
                invalid("a marker that is no switch: %s %r %r" % (name, cats, args))
            marks.append((tid, ts // 10, args["from"], args["to"]))
        else:
            invalid("packet %d: event type %r" % (k, kind))
    if any(open_.values()):
        invalid("slices left open: %r" % {names[t]: s for t, s in open_.items() if s})
    return Timeline(names, {t: t - 1 for t in names}, spans, marks, image, complete)


def load(path):
    """The timeline in `path`, by its name's ending (OSError when it cannot be read)"""
    try:
        return (load_pftrace if path.endswith((".pftrace", ".perfetto-trace")) else load_json)(path)
    except (KeyError, IndexError, TypeError, AttributeError, ValueError) as e:  # JSON's shape, text
        raise Invalid("not a tempo-sim timeline (%s: %s)" % (type(e).__name__, e))
