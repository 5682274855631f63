#!/usr/bin/env bash
# --measure's irq:soft on the kernel speed image (sim/speed/irq.c: a thread raises the
# CLINT's software interrupt, whose handler wakes a higher-priority worker, 50,000 times):
# the line rises with the store to msip, so each interrupt's assertion to its handler's first
# instruction is one value, the model's interrupt latency, and to the worker's run is one
# too, shorter than a round (517 cycles); one interval per interrupt taken.
# usage: sim/tests/measure-soft-test.sh SIM IMAGE...
set -u
sim=$1; shift
py=$(tools/python.sh --which 2>/dev/null || command -v python3)
fails=0
for img in "$@"; do
  json=${img%.elf}.measure-soft.json
  if ! "$sim" --soc virt --stats-json "$json" --measure core=irq:soft,trap \
       --measure lat=irq:soft,run:worker "$img" >/dev/null 2>&1; then
    echo "FAIL: $img: the run failed"; fails=$((fails + 1)); continue
  fi
  "$py" - "$json" <<'PY' || { echo "FAIL: $img"; fails=$((fails + 1)); }
import json, sys
d = json.load(open(sys.argv[1]))
m = {p["name"]: p for p in d["measures"]}
core, lat = m["core"], m["lat"]
assert core["count"] == lat["count"] == d["interrupts"] == 50000, \
    "%d and %d intervals for %d interrupts" % (core["count"], lat["count"], d["interrupts"])
assert 0 < core["min"] == core["max"] < 100, "assertion to handler: %d-%d cycles" % (core["min"], core["max"])
assert core["max"] < lat["min"] == lat["max"] < 517, "assertion to the worker's run: %d-%d cycles" % (lat["min"], lat["max"])
print("irq:soft to trap %d cycles, to the worker's run %d, x %d" % (core["min"], lat["min"], core["count"]))
PY
done
[ $fails -eq 0 ]
