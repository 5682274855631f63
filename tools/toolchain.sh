#!/usr/bin/env bash
# Make sure the tools the build needs are present; install the missing Debian packages with
# apt-get when we are root, otherwise print the exact command to run.
#   (no option)    the RISC-V cross GCC, python3, the report's Python modules and pytest, picolibc for
#                  the cross GCC and gdb-multiarch (the examples and the --gdb tests),
#                  libdw-dev (source lines in tempo-sim --check's findings)
#   --optional     also qemu-system-misc (QEMU cross-checks; their tests SKIP without it),
#                  clang (the fuzz harnesses; they SKIP without it) and iverilog (the RTL
#                  tests' stand-in testbench; the netlists' own tests need the netlists too)
#   --coverage     also lcov (make coverage: genhtml for the HTML report)
#   --analysis     also clang, clang-tools and frama-c-base (make analyze, fuzz, frama-c)
#   --screenshots  also chromium (tools/screenshots.sh: the report in a headless browser)
#   --sweep        also GNU parallel (make sweep runs its jobs with it)
#   --slurm        also Slurm and munge (the sweep's Slurm test runs a one-node cluster)
#   --ssh          also GNU parallel and the OpenSSH server (the sweep's test over ssh)
#   --wcet         also GLPK's glpsol (make wcet: the longest path as an integer program)
set -u
need() { command -v "$1" >/dev/null 2>&1; }
updated=
install() {   # install Debian packages $@ or explain how
  if [ "$(id -u)" -eq 0 ] && need apt-get; then
    echo "tempo: installing $* with apt-get" >&2
    { [ -n "$updated" ] || apt-get update -qq -o DPkg::Lock::Timeout=300; } >/dev/null 2>&1 && updated=1
    # another apt-get or dpkg holding the lock is waited for, not failed on
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 "$@" \
      >/dev/null 2>&1 ||
      { echo "tempo: apt-get install $* failed" >&2; return 1; }
  else
    echo "tempo: missing $*; run: sudo apt-get install -y $*" >&2; return 1
  fi
}
need riscv64-unknown-elf-gcc || install gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf || exit 1
# The examples' printf (picolibc for the cross compiler) and the debugger tempo-sim --gdb is
# tested with; without them those tests SKIP, saying which package is missing.
[ -f /usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs ] || install picolibc-riscv64-unknown-elf || true
need gdb-multiarch || install gdb-multiarch || true
# tempo-sim --check names source lines through elfutils' libdw; without it the simulator
# builds all the same and its findings name functions only (sim/sim.mk).
pkg-config --exists libdw 2>/dev/null || { need pkg-config || install pkg-config; } &&
  { pkg-config --exists libdw || install libdw-dev; } || true
need python3 || need /usr/bin/python3 || install python3 || exit 1
# bench/report/ (the benchmark report) needs matplotlib, Jinja2, pyelftools and jsonschema,
# and its tests pytest (make test: bench-tool).  Debian's packages install them for
# /usr/bin/python3; tools/python.sh finds the python3 that has them (a pyenv or venv python3
# first on PATH does not see them).
if ! tools/python.sh -m pytest --version >/dev/null 2>&1; then
  py=$(command -v /usr/bin/python3 || command -v python3)
  missing=
  for pair in matplotlib:python3-matplotlib jinja2:python3-jinja2 elftools:python3-pyelftools \
              jsonschema:python3-jsonschema pytest:python3-pytest; do
    "$py" -c "import ${pair%%:*}" >/dev/null 2>&1 || missing="$missing ${pair#*:}"
  done
  # shellcheck disable=SC2086
  [ -z "$missing" ] || install $missing || exit 1
fi
case "${1:-}" in
--optional)
  need qemu-system-riscv32 || install qemu-system-misc || true
  need clang || install clang || true
  { need iverilog && need vvp; } || install iverilog || true ;;
--coverage)
  need genhtml || install lcov || true ;;
--analysis)
  need clang || install clang || true
  need scan-build || install clang-tools || true
  need frama-c || install frama-c-base || true ;;
--screenshots)
  need chromium || install chromium || exit 1 ;;
--sweep)
  need parallel || install parallel || exit 1 ;;
--slurm)
  { need slurmctld || [ -x /usr/sbin/slurmctld ]; } && { need slurmd || [ -x /usr/sbin/slurmd ]; } &&
    { need munged || [ -x /usr/sbin/munged ]; } && need sbatch || install slurm-wlm munge || exit 1 ;;
--ssh)
  need parallel || install parallel || exit 1
  { need sshd || [ -x /usr/sbin/sshd ]; } && need ssh-keygen || install openssh-server openssh-client || exit 1 ;;
--wcet)
  need glpsol || install glpk-utils || exit 1 ;;
esac
exit 0
