#!/usr/bin/env bash
# Check that a build refuses a kernel directory that is not the kernel's tree: BUILD_COMMAND
# must fail, saying "VAR=DIR is not a KIND tree" (or "an").  Used by the kernels' bad-dir tests.
# usage: tools/refuses-dir.sh KIND VAR DIR BUILD_COMMAND
set -u
kind=$1 var=$2 dir=$3 build=$4
log=$(mktemp)
$build >"$log" 2>&1
rc=$?
cat "$log"
if [ $rc -eq 0 ]; then
  echo "the build accepted $var=$dir, which is not a $kind tree"
  rm -f "$log"; exit 1
fi
if ! grep -qF -e "$var=$dir is not a $kind tree" -e "$var=$dir is not an $kind tree" "$log"; then
  echo "the build failed without saying that $var is not a $kind tree"
  rm -f "$log"; exit 1
fi
rm -f "$log"
