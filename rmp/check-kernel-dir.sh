#!/usr/bin/env bash
# Check that $1 (RMP_DIR) is an RMP tree with the RV32P platform and the benchmark.
# Exit 0 (printing "ok") if it is; exit 2 with a one-line reason if not.
set -u
dir=${1:-}
if [ -z "$dir" ]; then
  echo "rmp: RMP_DIR not set: make ... RMP_DIR=/path/to/RMP" >&2
  exit 2
fi
for f in Include/rmp.h Include/Kernel/rmp_kernel.h Source/Kernel/rmp_kernel.c \
         Include/Platform/RV32P/rmp_platform_rv32p.h Include/Platform/RV32P/rmp_platform_rv32p_gcc.inc \
         Source/Platform/RV32P/rmp_platform_rv32p.c Source/Platform/RV32P/rmp_platform_rv32p_gcc.s \
         Source/Test/rmp_benchmark.c; do
  if [ ! -f "$dir/$f" ]; then
    echo "rmp: RMP_DIR=$dir is not an RMP tree (no $f); point it at an RMP checkout," \
         "e.g. git clone https://github.com/EDI-Systems/M5P01_Prokaron" >&2
    exit 2
  fi
done
echo ok
