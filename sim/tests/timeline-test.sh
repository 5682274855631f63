#!/usr/bin/env bash
# tempo-sim --timeline on the producer/consumer example (build/examples/KERNEL-paper-XLEN, as
# sim/tests/examples-test.sh built it): the file is a Chrome trace whose spans tell one
# consistent story (sim/tests/timeline-check.py: one core, calls nested in their thread's
# spans, switch markers, the example's threads and kernel calls, the timer interrupts), ends
# at the run's last cycle, and a --trace-from/--trace-to window cuts it; the same run and the
# same window written in Perfetto's protobuf format (.pftrace) hold the same spans and switches
# and draw the same SVG; neither file keeps the room reserved for it on the disk, and a file
# written over a longer one keeps nothing of it.
# usage: sim/tests/timeline-test.sh tempo|freertos XLEN SIM
set -u
kernel=$1 xlen=$2 sim=$3
elf=build/examples/$kernel-paper-$xlen/prodcons/build-paper-$xlen/prodcons.elf
out=build/sim/tests/timeline-$kernel-$xlen
fail() { echo "FAIL: $*"; exit 1; }
[ "$kernel" != freertos ] || [ -n "${FREERTOS_DIR:-}" ] ||
  { echo "FREERTOS_DIR not set: make test FREERTOS_DIR=/path/to/FreeRTOS-Kernel"; exit 77; }
[ -f "$elf" ] || { echo "no $elf: the examples test (sim/tests/examples-test.sh $kernel paper $xlen) builds it"; exit 77; }
mkdir -p "$out"
py=$(tools/python.sh --which 2>/dev/null || command -v python3)
if [ "$kernel" = tempo ]; then
  threads=cons,prod,idle calls=tk_bmq_send,tk_bmq_recv,tk_mutex_lock,tk_mutex_unlock,tk_sem_pend,tk_sem_post_from_isr,tk_thread_create
else
  threads="cons,prod,IDLE,Tmr Svc" calls=xQueueGenericSend,xQueueReceive,xQueueSemaphoreTake,xTaskCreate,vTaskStartScheduler,xTimerCreate
fi
"$sim" --timeline "$out/all.json" --stats-json "$out/stats.json" "$elf" >/dev/null 2>&1 || fail "the run failed"
cycles=$(grep -o '"cycles": [0-9]*' "$out/stats.json" | head -n 1 | grep -o '[0-9]*$')
"$py" sim/tests/timeline-check.py "$out/all.json" --threads "$threads" --calls "$calls" --irq \
  --cycles "$cycles" || fail "the whole run's timeline"
"$sim" --timeline "$out/all.pftrace" "$elf" >/dev/null 2>&1 || fail "the run with a .pftrace failed"
# the room reserved for a file ahead of its writes is given back at its end: it takes the disk
# no more than its length (and the file system's own rounding), not the 1 MB reserved
for f in "$out/all.json" "$out/all.pftrace"; do
  read -r blocks unit size < <(stat -c '%b %B %s' "$f")
  [ $((blocks * unit)) -lt $((size + 524288)) ] || fail "$f takes $((blocks * unit)) bytes of the disk for its $size"
done
"$py" sim/tests/timeline-check.py "$out/all.pftrace" --threads "$threads" --calls "$calls" --irq \
  --cycles "$cycles" --same-as "$out/all.json" || fail "the whole run's Perfetto trace"
# a window: from the 5th item's tick (a cycle count) to the first time the consumer prints;
# each file written over a longer one (the whole run's), which must leave nothing of it
cp "$out/all.json" "$out/window.json"
cp "$out/all.pftrace" "$out/window.pftrace"
"$sim" --timeline "$out/window.json" --trace-from 1000000 --trace-to printf "$elf" >/dev/null 2>&1 ||
  fail "the run with a window failed"
"$py" sim/tests/timeline-check.py "$out/window.json" --irq || fail "the window's timeline"
"$sim" --timeline "$out/window.pftrace" --trace-from 1000000 --trace-to printf "$elf" >/dev/null 2>&1 ||
  fail "the run with a window and a .pftrace failed"
"$py" sim/tests/timeline-check.py "$out/window.pftrace" --irq --same-as "$out/window.json" ||
  fail "the window's Perfetto trace"
for f in window.json window.pftrace; do
  [ "$(stat -c %s "$out/$f")" -lt "$(stat -c %s "$out/all.${f#*.}")" ] || fail "$f is not shorter than the file it was written over"
done
"$py" - "$out/window.json" <<'PY' || fail "the window's bounds"
import json, sys
ev = [e for e in json.load(open(sys.argv[1]))["traceEvents"] if e["ph"] in "Xi"]
lo = min(round(e["ts"] * 100) for e in ev)
hi = max(round(e["ts"] * 100) + e["args"].get("cycles", 0) for e in ev)
assert lo == 1000000, "the window starts at %d, not cycle 1000000" % lo
assert hi < 1300000, "the window goes on to %d: past the first printf after cycle 1000000" % hi
PY
# the window as an SVG (tools/timeline-svg.py): well-formed, a row per thread, a bar per span
"$py" tools/timeline-svg.py "$out/window.json" -o "$out/window.svg" || fail "timeline-svg.py failed"
"$py" tools/timeline-svg.py "$out/window.pftrace" -o "$out/window-pftrace.svg" || fail "timeline-svg.py failed on the .pftrace"
cmp -s "$out/window.svg" "$out/window-pftrace.svg" || fail "the window's SVG differs between the two formats"
"$py" - "$out/window.json" "$out/window.svg" <<'PY' || fail "the SVG"
import json, sys, xml.etree.ElementTree as ET
ev = json.load(open(sys.argv[1]))["traceEvents"]
root = ET.parse(sys.argv[2]).getroot()
ns = "{http://www.w3.org/2000/svg}"
titles = [t.text for r in root.iter(ns + "rect") for t in r.iter(ns + "title")]
spans = [e for e in ev if e["ph"] == "X"]
assert len(titles) == len(spans), "%d bars for %d spans" % (len(titles), len(spans))
used = {e["tid"] for e in spans}
names = {e["args"]["name"] for e in ev if e.get("name") == "thread_name" and e["tid"] in used}
labels = {t.text for t in root.iter(ns + "text")}
assert names <= labels, "rows %s, tracks %s" % (labels, names)
PY
echo "$kernel RV$xlen: whole run ($cycles cycles) and a window from cycle 1000000 to printf: consistent, the same in both formats; its SVG, the same from both"
