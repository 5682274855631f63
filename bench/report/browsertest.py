"""The report in a real browser (make test: bench-browser): Debian's chromium, headless,
renders the page at a laptop's width and a narrow one, and a script added to a copy of the
page measures it: every section, every chart drawn at a size, every table laid out (the
closed <details> opened first), nothing outside a scrolling table block wider than the window,
and a table wider than its block scrolls inside it.

  python3 -m report.browsertest OUT [REPORT.html ...]

OUT receives a page rendered from the tool's fixture with every part make bench writes (both
kernels, the cached run, a sweep merged by tools/sweep.py), which is checked; so is each
REPORT given (the one make test generated).  Exit 77 when no chromium can be had."""
import html
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

from . import fixture

WIDTHS = (1366, 820)
SECTIONS = ("vs", "anchors", "km", "rh", "cs", "tm", "footprint", "widths", "caches", "sweeps",
            "budgets", "analysis", "method")

MEASURE = """<script>
(function () {
  document.querySelectorAll('details').forEach(function (d) { d.open = true; });
  var W = document.documentElement.clientWidth;
  var res = {width: W, pageScrollWidth: document.documentElement.scrollWidth,
             figures: [], tables: [], wide: [], sections: []};
  document.querySelectorAll('figure').forEach(function (f) {
    var s = f.querySelector('svg'), r = s ? s.getBoundingClientRect() : null;
    res.figures.push({label: s ? (s.getAttribute('aria-label') || f.className) : '',
                      w: r ? r.width : 0, h: r ? r.height : 0, right: r ? r.right : 0});
  });
  document.querySelectorAll('table').forEach(function (t) {
    var r = t.getBoundingClientRect(), sc = t.closest('.scroll');
    res.tables.push({id: t.id, rows: t.rows.length, w: r.width, h: r.height,
                     block: sc ? sc.getBoundingClientRect().right : -1,
                     overflow: sc ? getComputedStyle(sc).overflowX : '',
                     scrolls: sc ? sc.scrollWidth > sc.clientWidth : false});
  });
  document.querySelectorAll('body *').forEach(function (e) {
    if (e.closest('svg') && e.tagName.toLowerCase() !== 'svg') return;
    var sc = e.closest('.scroll');
    if (sc && sc !== e) return;
    var r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > W + 1)
      res.wide.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
                    (typeof e.className === 'string' && e.className ? '.' + e.className : '') +
                    ' ends at ' + Math.round(r.right) + ' px');
  });
  document.querySelectorAll('h2[id]').forEach(function (h) { res.sections.push(h.id); });
  var pre = document.createElement('pre');
  pre.id = 'layout-result';
  pre.textContent = JSON.stringify(res);
  document.body.appendChild(pre);
})();
</script>"""


def browser():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def measure(chrome, page, width, work):
    """Layout figures of PAGE in a WIDTH-pixel window (the script above, run by chromium)."""
    with open(page) as f:
        text = f.read()
    probe = os.path.join(work, "probe-%d.html" % width)
    with open(probe, "w") as f:
        f.write(text.replace("</body>", MEASURE + "\n</body>", 1))
    cmd = [chrome, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
           "--window-size=%d,900" % width, "--virtual-time-budget=10000", "--dump-dom",
           "file://" + os.path.abspath(probe)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        raise SystemExit("FAIL: %s did not finish in 120 s" % chrome)
    m = re.search(r'<pre id="layout-result">(.*?)</pre>', p.stdout, re.S)
    if not m:
        raise SystemExit("FAIL: %s ran no script on the page (exit %d): %s"
                         % (chrome, p.returncode, p.stderr.strip()[-300:]))
    return json.loads(html.unescape(m.group(1))), text


def check(res, text, width, full):
    """Problems of one page at one width."""
    bad = []
    W = res["width"]
    if res["pageScrollWidth"] > W + 1:
        bad.append("the page is %d px wide in a %d px window" % (res["pageScrollWidth"], W))
    bad += ["wider than the page: " + w for w in res["wide"][:10]]
    want = SECTIONS if full else tuple(s for s in SECTIONS if s != "vs" or 'id="vs"' in text)
    bad += ["section #%s missing" % s for s in want if s not in res["sections"]]
    n_fig, n_tab = len(re.findall(r"<figure\b", text)), len(re.findall(r"<table\b", text))
    if len(res["figures"]) != n_fig or len(res["tables"]) != n_tab:
        bad.append("%d figures and %d tables laid out, the page has %d and %d"
                   % (len(res["figures"]), len(res["tables"]), n_fig, n_tab))
    for f in res["figures"]:
        if f["w"] < 200 or f["h"] < 50 or f["right"] > W + 1:
            bad.append("chart '%s' drawn %dx%d px, ending at %d" % (f["label"], f["w"], f["h"], f["right"]))
    for t in res["tables"]:
        if t["h"] <= 0 or t["rows"] < 1:
            bad.append("table %s not laid out" % (t["id"] or "?"))
        if t["block"] < 0:
            bad.append("table %s is not in a scrolling block" % (t["id"] or "?"))
        elif t["block"] > W + 1 or t["overflow"] not in ("auto", "scroll"):
            bad.append("table %s: block ends at %d, overflow %s" % (t["id"], t["block"], t["overflow"]))
    if width < 1000 and not any(t["scrolls"] for t in res["tables"]):
        bad.append("no table scrolls in its block at %d px: the check of wide tables saw none" % W)
    if full:
        ids = {t["id"] for t in res["tables"]}
        for tid in ("comparison", "cache-tempo", "cache-freertos", "sweep-fixture-0"):
            if tid not in ids:
                bad.append("table #%s missing" % tid)
        labels = " | ".join(f["label"] for f in res["figures"])
        for what in ("Tempo speed-up over FreeRTOS", "Tempo: cycles without caches",
                     "FreeRTOS: cycles without caches", "sweep"):
            if what not in labels:
                bad.append("chart '%s' missing (charts: %s)" % (what, labels[:300]))
    return bad


def speedup_chart(text):
    """Problems of the speed-up chart: every tick label of its axis a ratio such as 2x, 1x
    among them; every bar starts at the 1x tick, and the fixture's ratio below 1 goes left
    of it."""
    m = re.search(r'<svg[^>]*aria-label="Tempo speed-up over FreeRTOS".*?</svg>', text, re.S)
    if not m:
        return ["no speed-up chart"]
    ns = "{http://www.w3.org/2000/svg}"
    try:
        svg = ET.fromstring(m.group(0))
    except ET.ParseError as e:
        return ["the speed-up chart is not well-formed SVG: %s" % e]
    labels = ["".join(t.itertext()).strip() for g in svg.iter(ns + "g")
              if g.get("id", "").startswith("xtick_") for t in g.iter(ns + "text")]
    bad = [s for s in labels if not re.fullmatch(r"\d+(\.\d+)?\u00d7", s)]
    if bad or "1\u00d7" not in labels or len(labels) < 3:
        return ["speed-up axis labels %s" % labels]
    # the bars: the clipped patches of the axes (the legend's are not clipped); x of 1x from
    # its tick label
    one = [float(t.get("x")) for g in svg.iter(ns + "g") if g.get("id", "").startswith("xtick_")
           for t in g.iter(ns + "text") if "".join(t.itertext()).strip() == "1\u00d7"][0]
    left = right = 0
    problems = []
    for g in svg.iter(ns + "g"):
        if not g.get("id", "").startswith("patch_"):
            continue
        for p in g.iter(ns + "path"):
            if not p.get("clip-path"):
                continue
            xs = [float(v) for v in re.findall(r"[-\d.]+", p.get("d", ""))[0::2]]
            if abs(min(xs) - one) < 0.6 and max(xs) > one:
                right += 1
            elif abs(max(xs) - one) < 0.6 and min(xs) < one:
                left += 1
            else:
                problems.append("a speed-up bar from x %.1f to %.1f does not start at 1x (x %.1f)"
                                % (min(xs), max(xs), one))
    if not left or not right:
        problems.append("speed-up bars: %d right of 1x, %d left of it (the fixture has both)"
                        % (right, left))
    return problems


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    chrome = browser()
    if not chrome:
        print("no chromium: sudo apt-get install -y chromium")
        return 77
    work = os.path.abspath(argv[1])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    pages = [(fixture.fixture_dir(os.path.join(work, "results")), True)]
    for p in argv[2:]:
        if os.path.exists(p):
            pages.append((p, False))
        else:  # its run failed: the bench-* checks say so
            print("%s: absent, not checked" % p)
    problems = []
    for page, full in pages:
        for width in WIDTHS:
            res, text = measure(chrome, page, width, work)
            bad = check(res, text, width, full)
            if full and width == WIDTHS[0]:
                bad += speedup_chart(text)
            problems += ["%s at %d px: %s" % (os.path.relpath(page), width, b) for b in bad]
            print("%s at %d px: %d charts, %d tables, page %d px wide%s"
                  % (os.path.relpath(page), width, len(res["figures"]), len(res["tables"]),
                     res["pageScrollWidth"], ", %d wide table(s) scroll in their block"
                     % sum(t["scrolls"] for t in res["tables"])))
    for p in problems:
        print("FAIL: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
