#!/usr/bin/env bash
# The kernel snippet of docs/application.md (the C block after the line "<!-- snippet: kernel -->")
# compiles and links with the flags it documents: the example Makefile, at both widths and on
# both SoCs; and the program ends (status 0) on tempo-sim.
# usage: sim/tests/readme-snippet-test.sh docs/application.md
set -u
readme=$1
tree=$(pwd)
fail() { echo "FAIL: $*"; exit 1; }
[ -f /usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs ] ||
  { echo "picolibc for the RISC-V cross compiler is not installed: sudo apt-get install -y picolibc-riscv64-unknown-elf"; exit 77; }
dir=build/readme-snippet
rm -rf "$dir" && mkdir -p "$dir"
awk '/<!-- snippet: kernel -->/ {on = 1; next} on && /^```c/ {code = 1; next}
     code && /^```/ {exit} code {print}' "$readme" >"$dir/app.c"
[ -s "$dir/app.c" ] || fail "no C block after <!-- snippet: kernel --> in $readme"
cp examples/hello/Makefile "$dir/Makefile"
for cfg in "paper 32" "virt 64"; do
  set -- $cfg
  (cd "$dir" && make -s TEMPO="$tree" SOC=$1 XLEN=$2 APP=app SRCS=app.c) >"$dir/build.log" 2>&1 ||
    { cat "$dir/build.log"; fail "the snippet does not build ($1, RV$2)"; }
  (cd "$dir" && make -s TEMPO="$tree" SOC=$1 XLEN=$2 APP=app SRCS=app.c run) >"$dir/run.log" 2>&1 ||
    { cat "$dir/run.log"; fail "the snippet does not end with status 0 ($1, RV$2)"; }
done
echo "$(wc -l <"$dir/app.c") lines: they build with examples/hello/Makefile and end with status 0 (paper RV32, virt RV64)"
