#!/usr/bin/env bash
# Interrupt-disabled windows (sim/observe/irqoff.h) of sim/tests/fw/dev_irqoff.c, reported by
# --stats-json on both engines: the same windows; the CSR window that waited in WFI counts its
# busy cycles only and reports the wait; the interrupts' windows end at MRET in the handler;
# the window open at the end is not counted; --irq-off-json writes the same.
# usage: sim/tests/irqoff-test.sh SIM SOC IMAGE OUTDIR
set -u
sim=$1 soc=$2 img=$3 out=$4
mkdir -p "$out"
for e in fast reference; do
    "$sim" --max-cycles 100000000 --soc "$soc" --engine "$e" --stats-json "$out/$e.json" "$img" \
        | grep -q '^irqoff ok$' || { echo "engine $e: no 'irqoff ok'"; exit 1; }
done
"$sim" --max-cycles 100000000 --soc "$soc" --irq-off-json "$out/alone.json" "$img" >/dev/null ||
    { echo "--irq-off-json: exit status $?"; exit 1; }
python3 - "$out/fast.json" "$out/reference.json" "$out/alone.json" <<'PY'
import json, sys
fast, ref, alone = (json.load(open(p))["irq_off"] for p in sys.argv[1:4])
print(json.dumps(fast, indent=1))
assert fast == ref, "the engines disagree"
assert alone == fast, "--irq-off-json and --stats-json disagree"
w = fast["windows"]
assert fast["count"] == 3, "3 windows closed (the open one not counted)"
assert fast["max_cycles"] == max(x["cycles"] for x in w) == w[0]["cycles"]
wfi = [x for x in w if x["wfi_wait_cycles"]]
assert len(wfi) == 1 and wfi[0]["wfi_wait_cycles"] >= 900000 and wfi[0]["cycles"] < 2000, wfi
assert wfi[0]["start_function"] == wfi[0]["end_function"] == "main"
assert wfi[0]["start_by"] == wfi[0]["end_by"] == "csr"
traps = [x for x in w if x["start_by"] == "trap"]
assert len(traps) == 1 and traps[0]["count"] == 2 and traps[0]["end_by"] == "mret", traps
print("ok")
PY
