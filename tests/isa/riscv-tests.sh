#!/usr/bin/env bash
# Run the official riscv-tests p-tests on tempo-sim --soc virt.
# usage: RISCV_TESTS_DIR=DIR tests/isa/riscv-tests.sh
#   DIR holds p-test ELF images the user built from riscv-tests (env p, linked at
#   0x8000_0000, reporting through `tohost`): every rv32ui/rv32um/rv32mi/rv64ui/rv64um/
#   rv64mi-p-* file in it (or in DIR/isa) is run; .dump and other non-ELF files are ignored.
# Prints one line per test and a summary; exit 0 when all passed, 77 (SKIP, reason last)
# when RISCV_TESTS_DIR is unset, 1 when a test failed or DIR has no p-test.
set -u
sim=${TEMPO_SIM:-build/tempo-sim}
max_cycles=${RISCV_TESTS_MAX_CYCLES:-10000000}   # a p-test retires well under 100,000
dir=${RISCV_TESTS_DIR:-}
if [ -z "$dir" ]; then
  echo "riscv-tests skipped: set RISCV_TESTS_DIR= to a directory of built p-tests (rv32ui-p-add, ...)"
  exit 77
fi
[ -d "$dir" ] || { echo "riscv-tests: RISCV_TESTS_DIR=$dir is not a directory"; exit 1; }
[ -x "$sim" ] || { echo "riscv-tests: $sim not built"; exit 1; }
[ -d "$dir/isa" ] && dir=$dir/isa
pass=0; fail=0; failed=
for suite in rv32ui rv32um rv32mi rv64ui rv64um rv64mi; do
  for img in "$dir"/"$suite"-p-*; do
    [ -f "$img" ] || continue
    [ "$(head -c 4 "$img" | od -An -tx1 | tr -d ' ')" = 7f454c46 ] || continue   # ELF only
    name=$(basename "$img")
    out=$(timeout 20 "$sim" --soc virt --max-cycles "$max_cycles" "$img" 2>&1); rc=$?
    if [ $rc -eq 0 ]; then
      pass=$((pass + 1)); echo "PASS $name"
    else
      fail=$((fail + 1)); failed="$failed $name"
      # riscv-tests: tohost = (n << 1) | 1 -> tempo-sim exits with n, the failing TESTNUM
      echo "FAIL $name (exit $rc: failing TESTNUM, or a simulator error code) ${out:+: $(printf '%s' "$out" | tail -n 1)}"
    fi
  done
done
if [ $((pass + fail)) -eq 0 ]; then
  echo "riscv-tests: no rv32ui/rv32um/rv32mi/rv64ui/rv64um/rv64mi-p-* ELF in $dir"
  exit 1
fi
echo "riscv-tests: $pass passed, $fail failed${failed:+ (failed:$failed)}"
[ $fail -eq 0 ]
