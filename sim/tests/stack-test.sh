#!/usr/bin/env bash
# Per-thread stack marks (--stats-json "threads"): the free bytes tempo-sim measured (from the
# lowest sp it saw in each thread's stack) against the firmware's own measure, a painted
# stack: sim/tests/fw/tk_stack.c on Tempo, FreeRTOS's uxTaskGetStackHighWaterMark in the
# FreeRTOS example (build/examples/freertos-paper-XLEN, when built).  The paint can only show
# a word as used when it was written, so it may see up to 16 bytes more free than the lowest sp.
# usage: sim/tests/stack-test.sh SIM XLEN tempo TK_STACK_ELF
#        sim/tests/stack-test.sh SIM XLEN freertos      (FREERTOS_DIR in the environment)
set -u
sim=$1 xlen=$2 kernel=$3 elf=${4:-}
out=build/sim/tests/stack-$kernel-$xlen
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p "$out"
py=$(tools/python.sh --which 2>/dev/null || command -v python3)
# compare NAME=UNUSED pairs of stdout with the JSON's free bytes of thread NAME
check() {
  "$py" - "$@" <<'PY'
import json, re, sys
stats, text = json.load(open(sys.argv[1])), open(sys.argv[2]).read()
free = {t["name"]: t for t in stats["threads"]}
for name, want in re.findall(r"^stack (\S+) unused (\d+)$", text, re.M):
    t = free[name]
    assert t["free_bytes"] <= int(want) <= t["free_bytes"] + 16, \
        "%s: tempo-sim %d bytes free, the paint %s" % (name, t["free_bytes"], want)
    assert t["used_bytes"] + t["free_bytes"] == t["stack_top"] - t["stack_base"], name
    print("%s: %d free (paint %s), %d used" % (name, t["free_bytes"], want, t["used_bytes"]))
n = len(re.findall(r"^stack ", text, re.M))
assert n, "no stack line in the output"
if "deep" in free:
    assert free["deep"]["used_bytes"] >= 192 * stats["xlen"] // 8, "deep used less than its array"
PY
}
if [ "$kernel" = tempo ]; then
  "$sim" --stats-json "$out/tk.json" "$elf" >"$out/tk.txt" 2>&1 || fail "tk_stack exited $?"
  check "$out/tk.json" "$out/tk.txt" || fail "Tempo's stack marks"
  exit 0
fi
[ -n "${FREERTOS_DIR:-}" ] || { echo "FREERTOS_DIR not set: make test FREERTOS_DIR=/path/to/FreeRTOS-Kernel"; exit 77; }
fr=build/examples/freertos-paper-$xlen/prodcons/build-paper-$xlen/prodcons.elf
[ -f "$fr" ] || { echo "no $fr: the examples test (sim/tests/examples-test.sh freertos paper $xlen) builds it"; exit 77; }
"$sim" --stats-json "$out/fr.json" "$fr" >"$out/fr.txt" 2>&1 || fail "the FreeRTOS example exited $?"
sed -i 's/^producer stack unused \([0-9]*\) bytes$/stack prod unused \1/' "$out/fr.txt"
check "$out/fr.json" "$out/fr.txt" || fail "FreeRTOS's stack marks"
