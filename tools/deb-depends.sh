#!/usr/bin/env bash
# The Depends field of a Debian package holding the program $1: the package of each shared
# library it needs (dpkg -S), the C library with the newest GLIBC symbol version it uses, as
# dpkg-shlibdeps would compute it (dpkg-dev is not needed for this one binary).
# usage: tools/deb-depends.sh PROGRAM
set -u
prog=$1
deps=()
for lib in $(objdump -p "$prog" | awk '$1 == "NEEDED" { print $2 }'); do
  path=$(ldd "$prog" | awk -v l="$lib" '$1 == l { print $3 }')
  [ -n "$path" ] || { echo "deb-depends: $lib not found" >&2; exit 1; }
  # merged /usr: the package lists /lib/..., ldd may print /usr/lib/...
  pkg=$(dpkg -S "$path" 2>/dev/null || dpkg -S "${path#/usr}" 2>/dev/null || dpkg -S "/usr$path" 2>/dev/null)
  pkg=${pkg%%:*}
  [ -n "$pkg" ] || { echo "deb-depends: no package holds $path" >&2; exit 1; }
  if [ "$lib" = libc.so.6 ]; then
    v=$(objdump -T "$prog" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -V | tail -n 1)
    [ -n "$v" ] && pkg="$pkg (>= $v)"
  fi
  deps+=("$pkg")
done
(IFS=,; echo "${deps[*]}" | sed 's/,/, /g')
