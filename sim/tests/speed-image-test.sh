#!/usr/bin/env bash
# The speed images (the loop, sim/speed/loop.c, and the kernel image, sim/speed/irq.c) keep
# written data off the 4 KiB pages that hold code, so that QEMU's TCG does not take its
# self-modifying-code path on them (make bench-sim compares with QEMU on these images).
# usage: sim/tests/speed-image-test.sh READELF IMAGE...
set -u
readelf=$1; shift
fails=0
for img in "$@"; do
  code_end=0 data_start=0
  # section lines: [Nr] Name Type Addr Off Size ES Flg ...; allocated ones have an address
  while read -r name type addr _ size _ flags _; do
    a=$((16#$addr)) n=$((16#$size))
    [ $a -eq 0 ] && continue
    case $type in PROGBITS|NOBITS) ;; *) continue ;; esac
    if [[ $flags == *W* ]]; then
      { [ $data_start -eq 0 ] || [ $a -lt $data_start ]; } && data_start=$a
    elif [ $((a + n)) -gt $code_end ]; then
      code_end=$((a + n)) # code and read-only data: never written
    fi
  done < <("$readelf" -SW "$img" | sed -n 's/^ *\[ *[0-9]*\] //p' | grep '^\.')
  if [ $data_start -eq 0 ] || [ $(((code_end - 1) / 4096)) -ge $((data_start / 4096)) ]; then
    printf 'FAIL %s: code ends at 0x%x, data starts at 0x%x: a shared 4 KiB page\n' "$img" $code_end $data_start
    fails=$((fails + 1))
  else
    printf 'ok   %s: code ends at 0x%x, data starts at 0x%x\n' "$img" $code_end $data_start
  fi
done
[ $fails -eq 0 ]
