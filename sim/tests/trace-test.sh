#!/usr/bin/env bash
# --trace on a kernel image: a window from a symbol to a symbol starts at the first's first
# instruction and ends with the second's; every line names the running thread (" irq" inside
# an interrupt handler); a window bound that is neither a cycle count nor a symbol, and a
# window without a trace or timeline, are usage errors.
# usage: sim/tests/trace-test.sh SIM XLEN   (the Tempo example of build/examples/tempo-paper-XLEN)
set -u
sim=$1 xlen=$2
elf=build/examples/tempo-paper-$xlen/prodcons/build-paper-$xlen/prodcons.elf
out=build/sim/tests/trace-$xlen
fail() { echo "FAIL: $*"; exit 1; }
[ -f "$elf" ] || { echo "no $elf: the examples test (sim/tests/examples-test.sh tempo paper $xlen) builds it"; exit 77; }
mkdir -p "$out"
"$sim" --trace-file "$out/t.txt" --trace-from on_tick --trace-to tk_bmq_recv "$elf" >/dev/null 2>&1 ||
  fail "the run failed"
first=$(grep -v ' trap ' "$out/t.txt" | head -1) last=$(tail -1 "$out/t.txt")
grep -Eq '^[0-9]+ [0-9a-f]+ [0-9a-f]{8}  on_tick\+0x0  ' <<<"$first" || fail "the window does not start at on_tick: $first"
grep -Eq '^[0-9]+ [0-9a-f]+ [0-9a-f]{8}  tk_bmq_recv\+0x0  ' <<<"$last" || fail "the window does not end at tk_bmq_recv: $last"
grep -Eq '  thread=(cons|prod|idle)  irq$' <<<"$first" || fail "on_tick runs in the timer interrupt: $first"
grep -Eq '  thread=cons$' <<<"$last" || fail "the consumer calls tk_bmq_recv: $last"
bad=$(grep -v ' trap ' "$out/t.txt" | grep -Evc '  thread=(cons|prod|idle)(  irq)?$')
[ "$bad" = 0 ] || fail "$bad lines without a thread"
grep -q '  thread=prod$' "$out/t.txt" || fail "the producer never runs inside the window"
n=$(wc -l <"$out/t.txt")
e=sim/tests/expect.sh
$e 120 "^tempo-sim: --trace-from/--trace-to: 'nosuch' is neither a cycle count nor a symbol" \
  "$sim" --trace --trace-from nosuch "$elf" >/dev/null || fail "an unknown symbol"
$e 120 "^tempo-sim: --trace-from and --trace-to bound --trace, --trace-file or --timeline" \
  "$sim" --trace-to 100 "$elf" >/dev/null || fail "a window without a trace"
echo "RV$xlen: on_tick .. tk_bmq_recv, $n lines, each with its thread"
