#!/usr/bin/env bash
# The image file has a size cap (/dev/zero and a huge sparse file are refused at once with
# status 121), and an entry point outside the SoC's code memory is refused at load (123).
# usage: sim/tests/image-test.sh SIM ELFMUT PAPER32.elf PAPER64.elf VIRT32.elf OUTDIR
set -u
sim=$1 mut=$2 p32=$3 p64=$4 v32=$5 dir=$6
mkdir -p "$dir"
e=sim/tests/expect.sh
fails=0
t() { "$e" "$@" || fails=$((fails + 1)); }
# refused after reading at most the limit, without growing (at most 2 GB of address space);
# the 10 s timeout only catches a hang (status 124): wall time is printed, never asserted
quick() { # name file
  local s ms out rc
  s=$(date +%s%N)
  out=$( (ulimit -v 2000000; timeout 10 "$sim" "$2") 2>&1); rc=$?
  ms=$((($(date +%s%N) - s) / 1000000))
  echo "$1: status $rc in $ms ms: $out"
  if [ $rc -ne 121 ] || ! grep -q "larger than the 64 MiB image limit" <<<"$out"; then
    echo "FAIL $1"; fails=$((fails + 1))
  fi
}
quick /dev/zero /dev/zero
truncate -s 1G "$dir/huge.elf"
quick "sparse 1 GiB file" "$dir/huge.elf"
rm -f "$dir/huge.elf"
for g in "$p32" "$p64"; do
  w=$(basename "$(dirname "$g")")
  "$mut" entry30000000 "$g" "$dir/$w-entry-none.elf" || exit 1
  "$mut" entry10000000 "$g" "$dir/$w-entry-data.elf" || exit 1
  t 123 '^tempo-sim: .*entry point 0x30000000 is outside the code memory of --soc paper' "$sim" "$dir/$w-entry-none.elf"
  t 123 '^tempo-sim: .*entry point 0x10000000 is outside the code memory of --soc paper' "$sim" "$dir/$w-entry-data.elf"
done
"$mut" entry30000000 "$v32" "$dir/virt-32-entry-none.elf" || exit 1
t 123 '^tempo-sim: .*entry point 0x30000000 is outside the code memory of --soc virt' "$sim" --soc virt "$dir/virt-32-entry-none.elf"
[ $fails -eq 0 ]
