#!/usr/bin/env bash
# ELF loader on malformed input: each case must give its documented exit status and one
# line on stderr starting with "tempo-sim: ", and never crash.
# usage: sim/tests/elf-test.sh SIM ELFMUT GOOD32.elf GOOD64.elf GOODVIRT32.elf OUTDIR
set -u
sim=$1 mut=$2 good32=$3 good64=$4 virt32=$5 dir=$6
mkdir -p "$dir"
fails=0
check() { # name status pattern file [sim args]
  local name=$1 want=$2 pat=$3 file=$4; shift 4
  local err rc lines
  err=$("$sim" "$@" ${file:+"$file"} 2>&1 >/dev/null)
  rc=$?
  lines=$(printf '%s\n' "$err" | grep -c .)
  if [ "$rc" -ne "$want" ] || [ "$lines" -ne 1 ] || ! printf '%s' "$err" | grep -Eq "^tempo-sim: .*$pat"; then
    echo "FAIL $name: status $rc (want $want), stderr: $err"
    fails=$((fails + 1))
  else
    echo "ok   $name: $err"
  fi
}
for g in "$good32" "$good64"; do
  w=$(basename "$(dirname "$g")")-$(basename "$g" .elf)
  for mode in trunc-header trunc-phdr machine class garbage overlap outside rvc shoff type endian; do
    "$mut" "$mode" "$g" "$dir/$w-$mode.elf" || { echo "elfmut $mode failed"; exit 1; }
  done
  check "$w truncated header" 122 "truncated ELF header" "$dir/$w-trunc-header.elf"
  check "$w truncated program headers" 122 "truncated program headers" "$dir/$w-trunc-phdr.elf"
  check "$w wrong machine" 122 "not a RISC-V" "$dir/$w-machine.elf"
  check "$w wrong class" 122 "neither ELF32 nor ELF64" "$dir/$w-class.elf"
  check "$w garbage" 122 "not an ELF file" "$dir/$w-garbage.elf"
  check "$w overlapping segments" 122 "segments overlap" "$dir/$w-overlap.elf"
  check "$w section headers outside the file" 122 "section headers outside the file" "$dir/$w-shoff.elf"
  check "$w not ET_EXEC" 122 "not an executable" "$dir/$w-type.elf"
  check "$w big-endian" 122 "not little-endian" "$dir/$w-endian.elf"
  check "$w segment outside memory" 123 "outside the memory" "$dir/$w-outside.elf"
  # the RVC e_flag alone is no reason to refuse an image (riscv-tests ma_fetch has it)
  "$sim" "$dir/$w-rvc.elf" >/dev/null 2>&1
  rc=$?
  if [ $rc -eq 7 ]; then echo "ok   $w RVC flag: runs"; else echo "FAIL $w RVC flag: status $rc"; fails=$((fails + 1)); fi
done
: > "$dir/empty.elf"
check "zero-length file" 122 "empty file" "$dir/empty.elf"
check "missing file" 121 "cannot open" "$dir/does-not-exist.elf"
check "directory" 121 "cannot read" "$dir"
check "virt image on paper" 123 "outside the memory of --soc paper" "$virt32"
check "no image" 120 "no image" ""
check "bad option" 120 "unknown option" "$good32" --bogus
check "bad soc" 120 "unknown SoC" "$good32" --soc nope
check "bad size" 120 "dmem-size" "$good32" --dmem-size 1M
check "bad set" 120 "" "$good32" --set no_such_param=1
# 300 seeded random corruptions of headers and tables: a defined status (a loader error, or
# a run that ends by itself or at the cycle limit), never a crash (status >= 128: a signal)
crashes=0
for seed in $(seq 1 300); do
  "$mut" "flip$seed" "$good32" "$dir/flip.elf" || { echo "elfmut flip failed"; exit 1; }
  "$sim" --max-cycles 200000 "$dir/flip.elf" >/dev/null 2>&1
  rc=$?
  if [ $rc -ge 128 ]; then echo "FAIL flip$seed: status $rc"; crashes=$((crashes + 1)); fi
  "$mut" "flip$seed" "$good64" "$dir/flip.elf" || exit 1
  "$sim" --max-cycles 200000 "$dir/flip.elf" >/dev/null 2>&1
  rc=$?
  if [ $rc -ge 128 ]; then echo "FAIL flip$seed (64): status $rc"; crashes=$((crashes + 1)); fi
done
echo "random corruptions: $crashes crashes in 600 runs"
[ "$fails" -eq 0 ] && [ "$crashes" -eq 0 ]
