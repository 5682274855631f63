#!/bin/sh
# Run a Python 3 that has the modules the benchmark report needs (matplotlib, jinja2,
# pyelftools, jsonschema): the first of `python3` on PATH and /usr/bin/python3 (where Debian's
# python3-* packages install, which a pyenv or venv python3 first on PATH does not see).
#   tools/python.sh SCRIPT ARGS...   run SCRIPT with it
#   tools/python.sh --which          print its path (exit 1 when there is none)
# tools/toolchain.sh installs the missing Debian packages (or prints the command).
MODULES='import matplotlib, jinja2, elftools, jsonschema'
for py in python3 /usr/bin/python3; do
  command -v "$py" >/dev/null 2>&1 || continue
  if "$py" -c "$MODULES" >/dev/null 2>&1; then
    if [ "${1:-}" = --which ]; then command -v "$py"; exit 0; fi
    exec "$py" "$@"
  fi
done
echo "tempo: no python3 with matplotlib, jinja2, pyelftools and jsonschema; run:" \
     "sudo apt-get install -y python3-matplotlib python3-jinja2 python3-pyelftools python3-jsonschema" >&2
exit 1
