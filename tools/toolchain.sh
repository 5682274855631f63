#!/usr/bin/env bash
# Make sure the RISC-V cross GCC is present; install it with apt-get when we are root,
# otherwise print the exact command to run.  Optional tools (qemu-system-misc for
# cross-checks, chromium for the report screenshot) are installed the same way when
# asked for with --optional; GNU parallel (make sweep) with --sweep.
set -u
need() { command -v "$1" >/dev/null 2>&1; }
install() {   # install Debian packages $@ or explain how
  if [ "$(id -u)" -eq 0 ] && need apt-get; then
    echo "tempo: installing $* with apt-get" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"; } >/dev/null 2>&1 ||
      { echo "tempo: apt-get install $* failed" >&2; return 1; }
  else
    echo "tempo: missing $*; run: sudo apt-get install -y $*" >&2; return 1
  fi
}
need riscv64-unknown-elf-gcc || install gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf || exit 1
# bench/report/bench.py (the benchmark runner and report) needs python3 (standard library).
need python3 || install python3 || exit 1
# make sweep runs its jobs with GNU parallel.
if [ "${1:-}" = --sweep ]; then
  need parallel || install parallel || exit 1
  exit 0
fi
if [ "${1:-}" = --optional ]; then
  need qemu-system-riscv32 || install qemu-system-misc || true
fi
exit 0
