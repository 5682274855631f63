#!/usr/bin/env bash
# usage: sim/tests/hazard-test.sh SIM SOC DIR  (DIR/hazard0.elf .. hazard3.elf: fw/hazard.S;
#        DIR/lost.elf: fw/lost.S; DIR/ecall_wait.elf: fw/ecall_wait.S)
# The MRET hazard, on both engines: 0 to 2 instructions between the write of mepc and the MRET
# go back to the old mepc with one line naming both instructions (status 2), 3 reach the new
# one silently (status 1); --hazards stop ends the run there (128); the window closed
# (mret_mepc_window=0) is the conformance core; --stats and --stats-json count it.  And the
# store into instruction memory the paper SoC loses: one line, counted, --hazards stop ends it.
# And the netlist's ECALL behind a waiting instruction, off by default (ecall_mepc_wait=1):
# the ECALL runs twice, one line, counted.
set -u
sim=$1 soc=$2 dir=$3
fail() { echo "FAIL: $*"; exit 1; }
line='^tempo-sim: MRET hazard at cycle [0-9]+: the MRET at pc 0x[0-9a-f]+ in handler returned to the old mepc 0x[0-9a-f]+ in _start, not to 0x[0-9a-f]+ in after written by the CSR instruction at pc 0x[0-9a-f]+ in handler'
for engine in fast reference; do
  run() { "$sim" --engine $engine --soc "$soc" --max-cycles 100000 "$@" 2>&1; }
  for n in 0 1 2; do
    out=$(run "$dir/hazard$n.elf"); rc=$?
    [ $rc -eq 2 ] || fail "$engine, $n between: exit $rc, expected 2 (back to the old mepc)"
    [ "$(printf '%s\n' "$out" | grep -Ec "$line $n instruction")" = 1 ] ||
      fail "$engine, $n between: no single hazard line naming $n instruction(s): $out"
  done
  out=$(run "$dir/hazard3.elf"); rc=$?
  [ $rc -eq 1 ] || fail "$engine, 3 between: exit $rc, expected 1 (the new mepc)"
  [ -z "$out" ] || fail "$engine, 3 between: unexpected output: $out"
  out=$(run --hazards stop "$dir/hazard1.elf"); rc=$?
  [ $rc -eq 128 ] || fail "$engine, --hazards stop: exit $rc, expected 128"
  printf '%s\n' "$out" | grep -Eq "$line 1 instruction" || fail "$engine, --hazards stop: no line: $out"
  out=$(run --set mret_mepc_window=0 "$dir/hazard0.elf"); rc=$?
  [ $rc -eq 1 ] && [ -z "$out" ] || fail "$engine, window closed: exit $rc, expected 1 and silence: $out"
  out=$(run --stats --stats-json "$dir/stats.json" "$dir/hazard0.elf")
  printf '%s\n' "$out" | grep -q '^  hazards: MRET to the old mepc 1, lost stores 0, ECALL saving the pc before it 0$' ||
    fail "$engine: --stats does not count the hazard"
  grep -q '"hazards": {"mret_stale_mepc": 1, "store_lost": 0, "ecall_mepc_back": 0}' "$dir/stats.json" || fail "$engine: --stats-json does not count it"
  out=$(run "$dir/ecall_wait.elf"); rc=$?
  [ $rc -eq 1 ] && [ -z "$out" ] || fail "$engine, ECALL behind a wait, by default: exit $rc, expected 1 and silence: $out"
  out=$(run --set ecall_mepc_wait=1 --stats --stats-json "$dir/stats.json" "$dir/ecall_wait.elf"); rc=$?
  [ $rc -eq 2 ] || fail "$engine, ecall_mepc_wait=1: exit $rc, expected 2 (the ECALL ran twice)"
  [ "$(printf '%s\n' "$out" | grep -Ec '^tempo-sim: ECALL hazard at cycle [0-9]+: the ECALL at pc 0x[0-9a-f]+ in waiting_ecall saved mepc 0x[0-9a-f]+, the instruction before it')" = 1 ] ||
    fail "$engine, ecall_mepc_wait=1: no single hazard line: $out"
  printf '%s\n' "$out" | grep -q '^  hazards: MRET to the old mepc 0, lost stores 0, ECALL saving the pc before it 1$' ||
    fail "$engine: --stats does not count the ECALL hazard"
  grep -q '"ecall_mepc_back": 1}' "$dir/stats.json" || fail "$engine: --stats-json does not count the ECALL hazard"
  out=$(run --stats "$dir/lost.elf"); rc=$?
  if [ "$soc" = paper ]; then
    [ $rc -eq 1 ] || fail "$engine: a store into instruction memory was not lost (exit $rc)"
    [ "$(printf '%s\n' "$out" | grep -Ec '^tempo-sim: lost store at cycle [0-9]+: the 4-byte store at pc 0x[0-9a-f]+ in _start to 0x[0-9a-f]+ changed nothing')" = 1 ] ||
      fail "$engine: no single lost-store line: $out"
    printf '%s\n' "$out" | grep -q '^  hazards: MRET to the old mepc 0, lost stores 1, ECALL saving the pc before it 0$' || fail "$engine: --stats does not count the lost store"
    out=$(run --hazards stop "$dir/lost.elf"); rc=$?
    [ $rc -eq 128 ] && printf '%s\n' "$out" | grep -q '^tempo-sim: lost store at cycle' ||
      fail "$engine: --hazards stop on a lost store: exit $rc: $out"
  else
    [ $rc -eq 2 ] && ! printf '%s\n' "$out" | grep -q '^tempo-sim: lost store' || fail "$engine: virt's RAM store: exit $rc: $out"
  fi
done
out=$("$sim" --hazards sometimes "$dir/hazard0.elf" 2>&1); rc=$?
[ $rc -eq 120 ] && [ "$out" = "tempo-sim: --hazards: unknown choice 'sometimes' (warn or stop)" ] ||
  fail "a bad --hazards value: exit $rc: $out"
echo "hazard ok ($soc)"
