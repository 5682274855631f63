#!/usr/bin/env bash
# Rebuild the fuzzers' seed corpora (sim/fuzz/corpus/) from the test images; kept in the
# repository, so this runs only when the seeds should change.  The result is merged
# (libFuzzer -merge=1: only inputs that add coverage stay) to keep it small.
# usage: sim/fuzz/make-corpus.sh BUILD_DIR FUZZ_ELF FUZZ_EXEC   (make fuzz-corpus)
set -eu
build=$1 fuzz_elf=$2 fuzz_exec=$3
cross=${CROSS:-riscv64-unknown-elf-}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/elf" "$tmp/exec"
for soc in paper virt; do
  for x in 32 64; do
    img=$build/sim/tests/$soc-$x/hello.elf tag=$soc-$x
    "${cross}objcopy" --strip-all "$img" "$tmp/elf/$tag-stripped"
    "${cross}objcopy" --strip-debug "$img" "$tmp/elf/$tag-symbols"
  done
done
# exec: the 32-byte header (width, SoC, traced; register choices 1..31) + the text of ISA tests
for x in 32 64; do
  for area in alu branch csr traps interrupts loadstore div jump; do
    for soc in paper virt; do
      img=$build/isa/rv$x-$soc/$area.elf
      [ -f "$img" ] || continue
      cfg=$(( x == 64 ? 1 : 0 ))
      [ "$soc" = virt ] && cfg=$(( cfg | 2 ))
      out=$tmp/exec/rv$x-$soc-$area
      # the header: then x1..x31 = register choice (i * 37) mod 256, a fixed spread
      printf "\\$(printf %o $cfg)" > "$out"
      for i in $(seq 1 31); do printf "\\$(printf %o $(( (i * 37) & 255 )))"; done >> "$out"
      "${cross}objcopy" -O binary -j .text "$img" "$tmp/text.bin"
      head -c 1024 "$tmp/text.bin" >> "$out"
    done
  done
done
for kind in elf exec; do
  dir=sim/fuzz/corpus/$kind
  fuzz=$([ $kind = elf ] && echo "$fuzz_elf" || echo "$fuzz_exec")
  rm -rf "$dir" && mkdir -p "$dir"
  "$fuzz" -merge=1 "$dir" "$tmp/$kind" >/dev/null 2>&1
  echo "$dir: $(ls "$dir" | wc -l) inputs, $(du -sk "$dir" | cut -f1) KiB"
done
