#!/usr/bin/env bash
# Static analysis of tempo-sim's C sources, one translation unit at a time.
# usage: sim/analyze.sh gcc|clang REPORT_DIR FLAGS -- FILE...
#   gcc:   GCC's -fanalyzer (with -Werror: any finding fails);
#   clang: clang's analyzer through scan-build (clang-tools), HTML reports in REPORT_DIR.
# Prints one line (files, findings); exit 1 on a finding, 77 when the analyzer is missing.
set -u
tool=$1 reports=$2; shift 2
flags=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do flags+=("$1"); shift; done
shift
n=$#
case $tool in
  gcc)
    echo 'int main(void){return 0;}' | gcc -fanalyzer -x c -o /dev/null - 2>/dev/null ||
      { echo "gcc -fanalyzer skipped: GCC 10 or later needed"; exit 77; }
    bad=0
    for f in "$@"; do
      gcc "${flags[@]}" -fanalyzer -Werror -c -o /dev/null "$f" || bad=$((bad + 1))
    done
    echo "gcc -fanalyzer: $n files, $bad with findings"
    [ $bad -eq 0 ] ;;
  clang)
    command -v scan-build >/dev/null && command -v clang >/dev/null ||
      { echo "clang static analyzer skipped: scan-build (clang-tools) not installed"; exit 77; }
    rm -rf "$reports"
    log=$(mktemp)
    # scan-build runs the analyzer on every compiler call it sees through $CC
    scan-build --use-cc=clang --status-bugs -o "$reports" sh -c 'for f; do $CC $0 -c -o /dev/null "$f" || exit 2; done' \
      "${flags[*]}" "$@" >"$log" 2>&1
    rc=$?
    grep -E 'warning:|error:' "$log"
    found=$(sed -n 's/^scan-build: \([0-9]*\) bugs\? found.*/\1/p' "$log")
    echo "clang static analyzer: $n files, ${found:-0} findings${found:+ (reports: $reports)}"
    rm -f "$log"
    [ $rc -eq 0 ] ;;
  *) echo "usage: $0 gcc|clang REPORT_DIR FLAGS -- FILE..."; exit 2 ;;
esac
