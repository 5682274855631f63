#!/usr/bin/env bash
# Check that $1 (FREERTOS_DIR) is a FreeRTOS-Kernel tree with the GCC RISC-V port.
# Exit 0 and print the kernel version if it is; exit 2 with a one-line reason if not.
set -u
dir=${1:-}
if [ -z "$dir" ]; then
  echo "freertos: FREERTOS_DIR not set: make ... FREERTOS_DIR=/path/to/FreeRTOS-Kernel" >&2
  exit 2
fi
for f in tasks.c queue.c list.c timers.c include/FreeRTOS.h include/task.h \
         portable/MemMang/heap_4.c portable/GCC/RISC-V/port.c portable/GCC/RISC-V/portASM.S; do
  if [ ! -f "$dir/$f" ]; then
    echo "freertos: FREERTOS_DIR=$dir is not a FreeRTOS-Kernel tree (no $f); point it at a" \
         "FreeRTOS-Kernel checkout, e.g. git clone -b V11.1.0 https://github.com/FreeRTOS/FreeRTOS-Kernel" >&2
    exit 2
  fi
done
version=$(sed -n 's/^#define tskKERNEL_VERSION_NUMBER *"\(.*\)"/\1/p' "$dir/include/task.h")
# The paper measured V11.1.0 (the paper, section IV-A); another version builds, but its figures
# are not the paper's experiment.
paper_version=V11.1.0
case $version in
  "$paper_version"*) ;;
  *) echo "freertos: warning: FREERTOS_DIR holds FreeRTOS ${version:-of unknown version}, the paper used $paper_version" >&2 ;;
esac
echo "${version:-unknown}"
