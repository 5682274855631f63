#!/bin/sh
# Run a Python 3 that has the modules the benchmark report needs (matplotlib, jinja2,
# pyelftools, jsonschema): the first of `python3` on PATH and /usr/bin/python3 (where Debian's
# python3-* packages install, which a pyenv or venv python3 first on PATH does not see).
#   tools/python.sh SCRIPT ARGS...       run SCRIPT with it
#   tools/python.sh -m report ARGS...    the report tool, the package bench/report/
#   tools/python.sh -m pytest ARGS...    pytest (python3-pytest), required of that python3 too
#   tools/python.sh --which              print its path (exit 1 when there is none)
# The repository's bench/ is put first on PYTHONPATH, so that `-m report` (and a script's
# `from report import ...`) finds the package from any working directory.
# tools/toolchain.sh installs the missing Debian packages (or prints the command).
MODULES='import matplotlib, jinja2, elftools, jsonschema'
PACKAGES='python3-matplotlib python3-jinja2 python3-pyelftools python3-jsonschema'
if [ "${1:-}" = -m ] && [ "${2:-}" = pytest ]; then
  MODULES="$MODULES, pytest"
  PACKAGES="$PACKAGES python3-pytest"
fi
top=$(cd "$(dirname "$0")/.." && pwd)
PYTHONPATH="$top/bench${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
for py in python3 /usr/bin/python3; do
  command -v "$py" >/dev/null 2>&1 || continue
  if "$py" -c "$MODULES" >/dev/null 2>&1; then
    if [ "${1:-}" = --which ]; then command -v "$py"; exit 0; fi
    exec "$py" "$@"
  fi
done
echo "tempo: no python3 with $(echo "$PACKAGES" | sed 's/python3-//g; s/ /, /g'); run:" \
     "sudo apt-get install -y $PACKAGES" >&2
exit 1
