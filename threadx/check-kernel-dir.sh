#!/usr/bin/env bash
# Check that $1 (THREADX_DIR) is a ThreadX tree with what this project builds: the common
# kernel, the RISC-V 64 GNU port and Thread-Metric.  Exit 0 and print the kernel version if it
# is; exit 2 with a one-line reason if not.
set -u
dir=${1:-}
if [ -z "$dir" ]; then
  echo "threadx: THREADX_DIR not set: make ... THREADX_DIR=/path/to/threadx" >&2
  exit 2
fi
for f in common/inc/tx_api.h common/src/tx_thread_create.c common/src/tx_initialize_kernel_enter.c \
         ports/risc-v64/gnu/inc/tx_port.h ports/risc-v64/gnu/src/tx_thread_schedule.S \
         utility/benchmarks/thread_metric/tm_api.h \
         utility/benchmarks/thread_metric/threadx_example/tm_porting_layer_threadx.c; do
  if [ ! -f "$dir/$f" ]; then
    echo "threadx: THREADX_DIR=$dir is not a ThreadX tree (no $f); point it at a ThreadX" \
         "checkout, e.g. git clone https://github.com/eclipse-threadx/threadx" >&2
    exit 2
  fi
done
v() { sed -n "s/^#define THREADX_$1_VERSION *\([0-9]*\).*/\1/p" "$dir/common/inc/tx_api.h"; }
echo "$(v MAJOR).$(v MINOR).$(v PATCH)"
