#!/usr/bin/env bash
# Check that $1 (RK0_DIR) is an RK0 tree with what this project builds: the core's sources
# and headers (the architecture layer is rk0/port/).  Exit 0 and print the kernel version if
# it is; exit 2 with a one-line reason if not.
set -u
dir=${1:-}
if [ -z "$dir" ]; then
  echo "rk0: RK0_DIR not set: make ... RK0_DIR=/path/to/RK0" >&2
  exit 2
fi
for f in core/inc/kapi.h core/inc/kconfig.h core/inc/kcommondefs.h core/inc/kversion.h \
         core/src/ksch.c core/src/ksema.c core/src/ksystasks.c core/src/ktimer.c; do
  if [ ! -f "$dir/$f" ]; then
    echo "rk0: RK0_DIR=$dir is not an RK0 tree (no $f); point it at an RK0 checkout," \
         "e.g. git clone https://github.com/antoniogiacomelli/RK0" >&2
    exit 2
  fi
done
v() { sed -n "s/^#define RK_VERSION_$1 *\([0-9]*\).*/\1/p" "$dir/core/inc/kversion.h"; }
echo "$(v MAJOR).$(v MINOR).$(v PATCH)"
