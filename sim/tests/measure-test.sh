#!/usr/bin/env bash
# tempo-sim --measure:
#   - on the producer/consumer example (build/examples/KERNEL-paper-XLEN): the timer
#     interrupt's assertion (its line rising) to its handler's first instruction is the
#     model's interrupt latency (11 cycles with the defaults; 3 more with fsm_irq 3 higher:
#     the latency is read from the run, so a recalibrated model needs no edit here) for the
#     most of them and the least, longer only for one that rose while interrupts were off (a critical
#     section), one interval per interrupt taken; the alarm's callback to the consumer running comes once per item; a
#     probe from a symbol to itself measures periods; the JSON histogram adds up to the count;
#   - on the context-switch benchmark image (Tempo only): tk_yield to the next thread running
#     gives what the benchmark's own trace walker (bench/report/elfinfo.py) finds: the same
#     number of switches and the same minimum and most common value;
#   - a spec that is not NAME=FROM,TO, an unknown event or symbol, a thread name no thread
#     had, and switch:/run: on an image without a kernel are usage errors (status 120);
#   - without --stats the figures are printed all the same.
# usage: sim/tests/measure-test.sh tempo|freertos XLEN SIM [CTXSW_ELF PLAIN_ELF]
set -u
kernel=$1 xlen=$2 sim=$3 ctxsw=${4:-} plain=${5:-}
elf=build/examples/$kernel-paper-$xlen/prodcons/build-paper-$xlen/prodcons.elf
out=build/sim/tests/measure-$kernel-$xlen
fail() { echo "FAIL: $*"; exit 1; }
[ "$kernel" != freertos ] || [ -n "${FREERTOS_DIR:-}" ] ||
  { echo "FREERTOS_DIR not set: make test FREERTOS_DIR=/path/to/FreeRTOS-Kernel"; exit 77; }
[ -f "$elf" ] || { echo "no $elf: the examples test (sim/tests/examples-test.sh $kernel paper $xlen) builds it"; exit 77; }
mkdir -p "$out"
py=$(tools/python.sh --which 2>/dev/null || command -v python3)
"$sim" --stats-json "$out/m.json" --measure isr=irq:timer,trap --measure "wake=on_tick,run:cons" \
  --measure "period=on_tick,on_tick" "$elf" >/dev/null 2>"$out/err.txt" || fail "the run failed"
fsm=$("$sim" --list-params | awk '$1 == "fsm_irq" { print $2 }')
[ -n "$fsm" ] || fail "--list-params has no fsm_irq"
"$sim" --stats-json "$out/set.json" --set fsm_irq=$((fsm + 3)) --measure isr=irq:timer,trap "$elf" >/dev/null 2>&1 ||
  fail "the run with --set failed"
"$sim" --stats --measure isr=irq:timer,trap "$elf" >/dev/null 2>"$out/stats.txt" || fail "the --stats run failed"
grep -Eq '^  measure isr \(irq:timer -> trap\): [0-9]+ intervals, min [0-9]+, avg [0-9.]+, max [0-9]+ cycles$' "$out/stats.txt" ||
  fail "--stats has no measure line: $(grep measure "$out/stats.txt")"
"$py" - "$out/m.json" "$out/set.json" <<'PY' || fail "the measures"
import json, sys
d, s = (json.load(open(f)) for f in sys.argv[1:3])
m = {p["name"]: p for p in d["measures"]}
isr, wake, period = m["isr"], m["wake"], m["period"]
assert isr["count"] == d["interrupts"] > 0, "isr: %d intervals for %d interrupts" % (isr["count"], d["interrupts"])
def mode(p):
    return max(p["values"], key=lambda vc: vc[1])[0]
L = isr["min"]
assert mode(isr) == L > 0, "interrupt latency from %s, mostly %s" % (L, mode(isr))
t = s["measures"][0]
assert t["min"] == mode(t) == L + 3, "with fsm_irq 3 higher the latency is from %s, mostly %s, not %d" % (t["min"], mode(t), L + 3)
assert wake["count"] == 16 and wake["min"] > 0, "wake: %d intervals (16 items)" % wake["count"]
assert period["count"] == 15, "period: %d intervals between 16 ticks" % period["count"]
assert period["max"] == 200000 and sum(h["count"] for h in period["histogram"] if h["lo"] <= 200000 <= h["hi"]) >= 14, \
    "the alarm's period is not 200,000 cycles (2 ticks): %r" % period["histogram"]
for p in d["measures"]:
    assert sum(h["count"] for h in p["histogram"]) == p["count"], "%s: histogram != count" % p["name"]
    assert p["histogram"][0]["lo"] == p["min"] and p["histogram"][-1]["hi"] >= p["max"], p["name"]
    vals = [v for v, _ in p["values"]]
    assert sum(c for _, c in p["values"]) == p["count"] and vals == sorted(set(vals)), "%s: values" % p["name"]
    assert vals[0] == p["min"] and vals[-1] == p["max"], "%s: values' range" % p["name"]
    assert abs(sum(v * c for v, c in p["values"]) / p["count"] - p["avg"]) < 0.001, "%s: values' mean" % p["name"]
print("isr %d x %d (%d with fsm_irq 3 higher), wake %d x avg %.1f, period %d"
      % (L, isr["count"], L + 3, wake["count"], wake["avg"], period["max"]))
PY
if [ -n "$ctxsw" ]; then
  "$sim" --stats-json "$out/cs.json" --trace-file "$out/cs.trace" --measure sw=tk_yield,run "$ctxsw" \
    >/dev/null 2>&1 || fail "the context-switch image failed"
  PYTHONPATH=bench "$py" - "$out/cs.json" "$out/cs.trace" "$ctxsw" <<'PY' || fail "against the benchmark's trace walker"
import collections, json, sys
from report import elfinfo
p = json.load(open(sys.argv[1]))["measures"][0]
walk = elfinfo.switch_cycles(sys.argv[2], sys.argv[3], "tk_yield")
mode = collections.Counter(walk).most_common(1)[0][0]
ours = max(p["histogram"], key=lambda h: h["count"])
assert p["count"] == len(walk), "%d switches measured, the walker finds %d" % (p["count"], len(walk))
assert p["min"] == min(walk) and ours["lo"] == mode == ours["hi"], \
    "min %d / mode %r measured, the walker's %d / %d" % (p["min"], ours, min(walk), mode)
print("tk_yield -> run: %d switches, min %d, mode %d, as the benchmark's trace walker" % (len(walk), min(walk), mode))
PY
fi
e=sim/tests/expect.sh
$e 120 "^tempo-sim: --measure: 'isr' is not NAME=FROM,TO$" "$sim" --measure isr "$elf" >/dev/null || fail "no NAME=FROM,TO"
$e 120 "^tempo-sim: --measure: 'nosuch' is no event, no symbol" "$sim" --measure a=nosuch,trap "$elf" >/dev/null ||
  fail "an unknown symbol"
$e 120 "an interrupt is irq, irq:ext, irq:timer or irq:soft" "$sim" --measure a=irq:nmi,trap "$elf" >/dev/null ||
  fail "an unknown interrupt"
$e 120 "^tempo-sim: --measure: no thread named 'consumer' ran" "$sim" --measure a=trap,run:consumer "$elf" >/dev/null ||
  fail "a thread name no thread had"
$e 0 "^  measure isr \(irq:timer -> trap\): [0-9]+ intervals" "$sim" --measure isr=irq:timer,trap "$elf" >/dev/null ||
  fail "--measure without --stats prints nothing"
if [ -n "$plain" ]; then
  $e 120 "^tempo-sim: --measure: switch: and run: need a kernel" "$sim" --measure a=trap,run:x "$plain" >/dev/null ||
    fail "run: without a kernel"
fi
echo "$kernel RV$xlen: measures consistent"
