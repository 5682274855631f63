#!/usr/bin/env bash
# The repository stands on its own: in the folders listed below, no reference to documents
# outside it (a shared folder beside the repository, the former spec/*.md and seeds/ files), no
# absolute path of the machine the code was written on, no internal work-item number; and every
# reference to docs/ names a file that exists and, where it quotes a section ("docs/timing.md
# \"Memory\""), a heading that exists.  Usage: tests/tools/references.sh [DIR...]
set -u
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || dirs=(README.md Makefile mk sim include kernel port bsp bench freertos rmp sweeps tools docs tests)
bad=0
pattern='\.\./shared|spec/(core-timing|benchmarks|toolchain)\.md|seeds/[0-9]|/work/|/root/|/home/[a-z]|[Ii]ssues? #?[0-9]'
if hits=$(grep -rnIE "$pattern" "${dirs[@]}" --exclude=references.sh); then
  echo "references to things outside the repository or to work items:"
  echo "$hits"
  bad=1
fi
# docs/NAME.md "Section": the file and the heading exist
while IFS= read -r ref; do
  file=${ref%%:*}; rest=${ref#*:}
  doc=$(sed -E 's/.*(docs\/[a-z-]+\.md).*/\1/' <<<"$rest")
  section=$(sed -nE 's/.*docs\/[a-z-]+\.md[ :]+"([^"]+)".*/\1/p' <<<"$rest")
  if [ ! -f "$doc" ]; then
    echo "$file: $doc does not exist"; bad=1; continue
  fi
  if [ -n "$section" ] && ! grep -qiE "^#+ .*${section}" "$doc"; then
    echo "$file: $doc has no section \"$section\""; bad=1
  fi
done < <(grep -rnoIE 'docs/[a-z-]+\.md([ :]+"[^"]+")?' "${dirs[@]}" --exclude=references.sh | sed -E 's/^([^:]+):[0-9]+:/\1:/')
[ $bad -eq 0 ] && echo "no outside references in ${dirs[*]}; every docs/ reference resolves"
exit $bad
