#!/usr/bin/env bash
# The trace tools/wcet/wcet.py needs to bound a run's interrupt-disabled windows: the first
# CAP cycles whole, then a piece around each window of IRQ_JSON (tempo-sim --irq-off-json of
# the whole run) that starts later, each piece after a line "-- piece" (a new stretch of run).
# usage: tools/wcet/irq-trace.sh SIM IMAGE IRQ_JSON CAP
set -u
sim=$1 img=$2 json=$3 cap=$4
"$sim" --soc paper --max-cycles "$cap" --trace-file /dev/stdout "$img" 2>/dev/null
python3 - "$json" "$cap" <<'PY' | while read -r from to; do
import json, sys
cap = int(sys.argv[2])
for w in json.load(open(sys.argv[1]))["irq_off"]["windows"]:
    if w["start_cycle"] + w["cycles"] + w.get("wfi_wait_cycles", 0) >= cap:
        # from before its start (a trap's line, a CSR write's) to after its end
        print(max(0, w["start_cycle"] - 64), w["start_cycle"] + w["cycles"] + w.get("wfi_wait_cycles", 0) + 256)
PY
    echo "-- piece"
    "$sim" --soc paper --max-cycles "$((to + 1))" --trace-file /dev/stdout --trace-from "$from" \
        --trace-to "$to" "$img" 2>/dev/null
done
exit 0
