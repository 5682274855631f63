#!/usr/bin/env bash
# usage: paper/paper-firmware.sh SIM PAPER_FW_DIR OUT_DIR [FR_PAPER_ELF]
# Runs the paper's RV64 Rhealstone images (firmware_RV64_rhealstone.mem,
# firmware_RV64_Rhealreal.mem) as they are published, typing `rheal all` on the paper SoC's
# PS/2 keyboard, and prints the figures they print beside Table II; the RV32 images
# (firmware_RV32_Rheal.mem, and firmware_tasks.mem, which the RV32 netlist's testbench loads),
# if present, with the RV32 shell's commands one by one.
# With FR_PAPER_ELF (make ... FREERTOS_DIR=...), tempo-sim's own FreeRTOS build of the
# experiment (freertos/paper/fr_paper.c) is shown beside them.  Screens go to OUT_DIR as
# text, and as PNG when the font ROM cp437_8x16.mem is in PAPER_FW_DIR.
# Exit status: 0; 2 for a PAPER_FW_DIR that is not a directory or holds no image; 1 when an
# image does not print its figures.
set -u
sim=$1 dir=$2 out=$3 fr=${4:-}
if [ -z "$dir" ]; then
  echo "paper-firmware: SKIP: give PAPER_FW_DIR=<your copy of the paper's firmware_RV64_*.mem> (docs/paper-firmware.md)"
  exit 0
fi
[ -d "$dir" ] || { echo "paper-firmware: PAPER_FW_DIR=$dir is not a directory"; exit 2; }
mkdir -p "$out"
# The shell waits for keys after the last test: the run ends at this limit (status 124).
# The RV32 tests run 50,000 iterations each.
limit=30000000 limit32=300000000
font=()
[ -f "$dir/cp437_8x16.mem" ] && font=(--vga-font "$dir/cp437_8x16.mem")

# The paper, Table II (RV64, cycles per iteration); the other tests have no Table II figure.
declare -A table2=([switch]=437 [preempt]=1264)
tests=(switch preempt msg sem deadlock)
declare -A label=([switch]="Task switch" [preempt]="Task preempt" [msg]="Message latency"
                  [sem]="Semaphore shuffle" [deadlock]="Deadlock break")
declare -A fig
images=()
status=0
for name in firmware_RV64_rhealstone firmware_RV64_Rhealreal; do
  img=$dir/$name.mem
  [ -f "$img" ] || continue
  images+=("$name")
  log=$out/$name.txt
  png=()
  [ ${#font[@]} -gt 0 ] && png=(--vga-png "$out/$name.png" "${font[@]}")
  "$sim" --xlen 64 --keys 'rheal all\n' --max-cycles $limit --vga-text "${png[@]}" "$img" > "$log" 2>&1
  rc=$?
  if [ $rc -ne 124 ] || ! grep -q 'Rhealstone-lite all done' "$log"; then
    echo "paper-firmware: $name did not print its figures (exit status $rc; $log)"
    status=1
    continue
  fi
  for t in "${tests[@]}"; do
    # "<Test> OK", then "  total cycles : N" and "  cycles/iter  : N"
    fig[$name,$t]=$(awk -v h="${label[$t]} OK" '$0 == h {f = 1} f && /cycles\/iter/ {print $NF; exit}' "$log")
  done
done
rv32=()
for name in firmware_RV32_Rheal firmware_tasks; do
  [ -f "$dir/$name.mem" ] && rv32+=("$name")
done
if [ ${#images[@]} -eq 0 ] && [ ${#rv32[@]} -eq 0 ]; then
  echo "paper-firmware: no image in $dir (firmware_RV64_rhealstone.mem, firmware_RV64_Rhealreal.mem, firmware_RV32_Rheal.mem, firmware_tasks.mem)"
  exit 2
fi

if [ -n "$fr" ]; then
  "$sim" "$fr" > "$out/fr-paper-64.txt" 2>&1
  for t in switch preempt; do
    fig[fr,$t]=$(sed -n "s/^fr-paper: task_$t .* result=\([0-9]*\).*/\1/p" "$out/fr-paper-64.txt")
  done
fi

if [ ${#images[@]} -gt 0 ]; then
echo "The paper's own RV64 firmware on tempo-sim --soc paper --keys 'rheal all\\n' (cycles per iteration, as each image prints them)"
printf '%-18s %9s' "test" "Table II"
for n in "${images[@]}"; do printf ' %26s' "$n"; done
[ -n "$fr" ] && printf ' %18s' "tempo-sim FreeRTOS"
printf ' %6s\n' "RTL"
for t in "${tests[@]}"; do
  printf '%-18s %9s' "${label[$t]}" "${table2[$t]:--}"
  for n in "${images[@]}"; do
    v=${fig[$n,$t]:-}
    d=
    [ -n "$v" ] && [ -n "${table2[$t]:-}" ] && d=$(awk -v a="$v" -v b="${table2[$t]}" 'BEGIN {printf " (%+.1f%%)", 100 * (a - b) / b}')
    printf ' %26s' "${v:-?}$d"
  done
  [ -n "$fr" ] && printf ' %18s' "${fig[fr,$t]:--}"
  printf ' %6s\n' "-"
done
echo "RTL: not run here (docs/timing-rtl.md, \"The paper's own firmware\"); screens: $out/*.txt${font:+, *.png}"
fi

# The RV32 images (the shell has no `rheal all`, and its deadlock test restarts the firmware):
# one run per test, each image's lines that report a test printed as they are.
for name in "${rv32[@]}"; do
  echo "RV32 $name.mem, each line as the image prints it (Table II, RV32: task switch 320, task preempt 1,074):"
  for t in switch preempt msg sem; do
    "$sim" --xlen 32 --keys "rheal $t\n" --max-cycles $limit32 "$dir/$name.mem" > "$out/$name-$t.txt" 2>&1
    grep -E 'Rhealstone:|unexpected' "$out/$name-$t.txt" | sed 's/^/  /'
  done
done
exit $status
