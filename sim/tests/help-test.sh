#!/usr/bin/env bash
# -h, --help and --version answer on stdout with status 0; --help lists every option and
# every exit status of the simulator.  usage: sim/tests/help-test.sh SIM
set -u
sim=$1
e=sim/tests/expect.sh
fails=0
t() { "$e" "$@" || fails=$((fails + 1)); }
t 0 '^usage: tempo-sim \[options\] image.elf' "$sim" -h
t 0 '^usage: tempo-sim \[options\] image.elf' "$sim" --help
t 0 '^usage: tempo-sim \[options\] image.elf' "$sim" --soc virt -h no-such.elf
t 0 '^tempo-sim [0-9A-Za-z._-]+$' "$sim" --version
out=$("$sim" --help 2>/dev/null)
for o in soc max-cycles imem-size dmem-size ram-size trace trace-file stats stats-json profile \
         profile-json coverage set list-params engine version help \
         trace-from trace-to timeline measure gdb hazards; do
  grep -Eq -- "^  --$o( |$)" <<<"$out" || { echo "--help does not list --$o"; fails=$((fails + 1)); }
done
# the paper SoC's devices and .mem images
for o in xlen keys keys-file vga-text vga-png vga-font; do
  grep -Eq -- "^  --$o( |$)" <<<"$out" || { echo "--help does not list --$o"; fails=$((fails + 1)); }
done
for s in 120 121 122 123 124 125 126 127 128 130 137; do
  grep -Eq "^  $s  " <<<"$out" || { echo "--help does not list status $s"; fails=$((fails + 1)); }
done
[ $fails -eq 0 ]
