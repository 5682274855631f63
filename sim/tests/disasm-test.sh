#!/usr/bin/env bash
# The disassembler against objdump, word for word, on every image given (the ISA tests cover
# every instruction of the decoder table, CSRs and fences; the kernel images compiled code).
# usage: sim/tests/disasm-test.sh DISASM_CHECK OBJDUMP IMAGE...
set -u
t=$1 objdump=$2
shift 2
total=0
for img in "$@"; do
  case $(head -c 5 "$img" | tail -c 1 | od -An -tu1 | tr -d ' ') in
  1) xlen=32 ;; 2) xlen=64 ;; *) echo "FAIL: $img is not ELF32/ELF64"; exit 1 ;;
  esac
  out=$("$objdump" -d -M no-aliases "$img" | "$t" "$xlen") || { echo "$out"; echo "FAIL: $img"; exit 1; }
  n=$(sed -n 's/^RV[0-9]*: \([0-9]*\) instructions.*/\1/p' <<<"$out")
  total=$((total + n))
done
echo "$total instructions in $# images disassembled as objdump does"
