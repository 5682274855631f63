#!/usr/bin/env bash
# Run ISA test images and report each one.
# usage: tests/isa/run.sh sim|qemu IMAGE...
#   sim:  build/tempo-sim (or $TEMPO_SIM) with --soc taken from the image's folder
#         (build/isa/rv<XLEN>-<soc>/name.elf);
#   qemu: qemu-system-riscv<XLEN> -M virt, with C, S and U disabled so that the core
#         matches the paper's M-mode-only RV<XLEN>IM core (misaligned jump targets trap).
# Exit 0 when every image passed, 77 (with the reason last) when the runner is absent,
# 1 otherwise.  An image's exit status is the number of its failing test case.
set -u
mode=$1; shift
sim=${TEMPO_SIM:-build/tempo-sim}
max_cycles=${ISA_MAX_CYCLES:-50000000}   # a test image runs well under a million cycles
fail=0
for img in "$@"; do
  dir=$(basename "$(dirname "$img")")       # rv32-paper, rv64-virt, ...
  xlen=${dir%%-*}; xlen=${xlen#rv}; soc=${dir#*-}
  case $mode in
    sim)
      [ -x "$sim" ] || { echo "SKIP: $sim not built"; exit 77; }
      out=$(timeout 20 "$sim" --soc "$soc" --max-cycles "$max_cycles" "$img" 2>&1); rc=$? ;;
    qemu)
      q=qemu-system-riscv$xlen
      command -v "$q" >/dev/null 2>&1 || { echo "qemu cross-check skipped: $q not installed"; exit 77; }
      out=$(timeout 20 "$q" -M virt -cpu "rv$xlen,c=false,h=false,s=false,u=false,a=false,f=false,d=false" -smp 1 -m 16M -icount shift=0 \
            -bios none -nographic -monitor none -serial stdio -kernel "$img" 2>&1); rc=$? ;;
    *) echo "usage: $0 sim|qemu IMAGE..."; exit 2 ;;
  esac
  if [ $rc -eq 0 ]; then
    echo "pass $img"
  else
    fail=1
    case $rc in
      124) why="timed out" ;;
      255) why="failed outside a test case" ;;
      *)   why="exit $rc (failing test case $rc, or a simulator error code)" ;;
    esac
    echo "FAIL $img ($mode, soc $soc): $why"
    [ -n "$out" ] && printf '%s\n' "$out" | tail -n 5 | sed 's/^/  /'
  fi
done
exit $fail
