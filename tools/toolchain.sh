#!/usr/bin/env bash
# Make sure the RISC-V cross GCC is present; install it with apt-get when we are root,
# otherwise print the exact command to run.  Optional tools are installed the same way:
# --optional (make test: qemu-system-misc for cross-checks, clang for fuzzing,
# python3-pyelftools for the coverage tool), --coverage (make coverage: pyelftools, lcov),
# --analysis (make analyze, fuzz, frama-c: clang, clang-tools, frama-c-base).
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
# A python3 that can import pyelftools (Debian's package is not seen by a pyenv python3).
pyelftools() { python3 -c 'import elftools' 2>/dev/null || /usr/bin/python3 -c 'import elftools' 2>/dev/null; }
case "${1:-}" in
  --optional)   # make test: QEMU cross-checks, fuzzing and clang's analyzer, the coverage tool
    need qemu-system-riscv32 || install qemu-system-misc || true
    need clang || install clang || true
    pyelftools || install python3-pyelftools || true ;;
  --coverage)   # make coverage: DWARF reading and the HTML report
    pyelftools || install python3-pyelftools || exit 1
    need genhtml || install lcov || true ;;
  --analysis)   # make analyze, make fuzz, make frama-c
    need clang || install clang || true
    need scan-build || install clang-tools || true
    need frama-c || install frama-c-base || true ;;
esac
exit 0
