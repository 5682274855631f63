#!/usr/bin/env python3
"""A window of a tempo-sim --timeline file as a self-contained SVG: one row per track
(interrupt handlers, then the threads), a bar where the track held the core, the kernel calls
inside it as a thinner darker bar with the call's name where it fits, a tick at every thread
switch, and a cycle axis.  Standard library only; the same input gives the same bytes.

usage: timeline-svg.py TIMELINE [-o OUT.svg] [--from CYCLE] [--to CYCLE] [--width PX]
  TIMELINE     a .json or a .pftrace (tools/timeline_read.py); the same run gives the same SVG
  --from/--to  the window in cycles (default: the whole file; 100 per microsecond)"""
import argparse
import sys
from xml.sax.saxutils import escape

import timeline_read

ROW, BAR, CALL, LEFT, TOP, AXIS = 22, 14, 6, 110, 8, 28
COLORS = ["#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#ff9da7",
          "#9c755f", "#bab0ac"]
IRQ_COLOR = "#e15759"


def nice_step(span, ticks=8):
    raw = max(span / ticks, 1)
    mag = 10 ** (len(str(int(raw))) - 1)
    for m in (1, 2, 5, 10):
        if m * mag >= raw:
            return m * mag
    return 10 * mag


def render(image, names, order, spans, marks, lo, hi, width):
    spans = [s for s in spans if s[1] > lo and s[0] < hi]
    marks = [m for m in marks if lo <= m[0] < hi]
    tids = sorted({s[2] for s in spans}, key=lambda t: (order.get(t, t), t))
    row = {t: i for i, t in enumerate(tids)}
    plot = width - LEFT - 10
    height = TOP + ROW * len(tids) + AXIS

    def x(c):
        return LEFT + (min(max(c, lo), hi) - lo) * plot / max(hi - lo, 1)

    # threads that share a name (a benchmark's) are told apart by their order: "bench 2"
    base = {t: names.get(t, str(t)) for t in tids}
    label = dict(base)
    for t in tids:
        same = [u for u in tids if base[u] == base[t]]
        if len(same) > 1:
            label[t] = "%s %d" % (base[t], same.index(t) + 1)
    title = "%s: cycles %d to %d" % (image or "timeline", lo, hi)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="sans-serif" font-size="11">' % (width, height, width, height),
           "<title>%s</title>" % escape(title),
           '<rect width="%d" height="%d" fill="#ffffff"/>' % (width, height)]
    for t in tids:
        y = TOP + row[t] * ROW
        out.append('<text x="%d" y="%d" text-anchor="end">%s</text>'
                   % (LEFT - 6, y + BAR - 3, escape(label[t])))
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#dddddd"/>'
                   % (LEFT, y + BAR + 2, LEFT + plot, y + BAR + 2))
    for s in sorted(spans, key=lambda s: (s[3] == "kernel", s[0])):
        y = TOP + row[s[2]] * ROW
        x0, x1 = x(s[0]), x(s[1])
        w = max(x1 - x0, 0.5)
        tip = "%s %s: cycles %d-%d (%d)" % (s[3], s[4], s[0], s[1], s[1] - s[0])
        if s[3] == "kernel":
            out.append('<rect x="%.2f" y="%d" width="%.2f" height="%d" fill="#333333" opacity="0.75">'
                       '<title>%s</title></rect>' % (x0, y + BAR - CALL, w, CALL, escape(tip)))
            if w > 7 * len(s[4]):
                out.append('<text x="%.2f" y="%d" font-size="9" fill="#ffffff">%s</text>'
                           % (x0 + 2, y + BAR - 8, escape(s[4])))
        else:
            color = IRQ_COLOR if s[3] == "interrupt" else COLORS[row[s[2]] % len(COLORS)]
            out.append('<rect x="%.2f" y="%d" width="%.2f" height="%d" fill="%s"><title>%s</title></rect>'
                       % (x0, y, w, BAR, color, escape(tip)))
    for t, c, _, _ in marks:
        y = TOP + row.get(t, 0) * ROW
        out.append('<line x1="%.2f" y1="%d" x2="%.2f" y2="%d" stroke="#000000" stroke-width="1"/>'
                   % (x(c), y - 2, x(c), y + BAR + 2))
    axis = TOP + ROW * len(tids) + 4
    out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000000"/>' % (LEFT, axis, LEFT + plot, axis))
    step = nice_step(hi - lo)
    tick = (lo + step - 1) // step * step
    while tick <= hi:
        out.append('<line x1="%.2f" y1="%d" x2="%.2f" y2="%d" stroke="#000000"/>'
                   '<text x="%.2f" y="%d" text-anchor="middle">%d</text>'
                   % (x(tick), axis, x(tick), axis + 4, x(tick), axis + 16, tick))
        tick += step
    out.append('<text x="%d" y="%d" text-anchor="end">cycle</text>' % (LEFT - 45, axis + 16))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("timeline")
    ap.add_argument("-o", "--output")
    ap.add_argument("--from", dest="lo", type=int)
    ap.add_argument("--to", dest="hi", type=int)
    ap.add_argument("--width", type=int, default=900)
    a = ap.parse_args()
    try:
        t = timeline_read.load(a.timeline)
    except (OSError, ValueError, timeline_read.Invalid) as e:
        sys.exit("timeline-svg: %s: %s" % (a.timeline, e))
    spans = t.spans
    if not spans:
        sys.exit("timeline-svg: %s has no spans" % a.timeline)
    lo = a.lo if a.lo is not None else min(s[0] for s in spans)
    hi = a.hi if a.hi is not None else max(s[1] for s in spans)
    if hi <= lo:
        sys.exit("timeline-svg: an empty window (%d to %d)" % (lo, hi))
    svg = render(t.image, t.names, t.order, spans, t.marks, lo, hi, a.width)
    if a.output:
        with open(a.output, "w") as f:
            f.write(svg)
    else:
        sys.stdout.write(svg)


if __name__ == "__main__":
    main()
