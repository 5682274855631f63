#!/usr/bin/env bash
# Tempo as a user installs it (docs/install.md), checked from the installed files only.
#   install: make install DESTDIR=OUT/root PREFIX=/usr; the files where they belong; the man
#            page lists every option and exit status; the snippet compiles with nothing but
#            pkg-config --cflags tempo; prodcons copied out of the tree builds with no TEMPO=
#            (pkg-config finds the tree) and runs on the installed tempo-sim; make uninstall
#            leaves no file behind.
#   deb:     make deb; the package installed with dpkg into a scratch root (its own dpkg
#            database), hello built and run against it the same way, then removed.
# usage: tests/install/install-test.sh install|deb OUT
set -u
mode=$1 out=$2
tree=$(pwd)
fail() { echo "FAIL: $*"; exit 1; }
[ -f /usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs ] ||
  { echo "picolibc for the RISC-V cross compiler is not installed: sudo apt-get install -y picolibc-riscv64-unknown-elf"; exit 77; }
command -v pkg-config >/dev/null ||
  { echo "pkg-config is not installed: sudo apt-get install -y pkgconf"; exit 77; }
rm -rf "$out" && mkdir -p "$out" || fail "cannot make $out"
out=$(cd "$out" && pwd)
root=$out/root
mkdir -p "$root"

if [ "$mode" = install ]; then
  make -s --no-print-directory install DESTDIR="$root" PREFIX=/usr >"$out/install.log" 2>&1 ||
    { tail -20 "$out/install.log"; fail "make install"; }
  app=prodcons xlen=64
else
  command -v dpkg >/dev/null || { echo "dpkg is not installed (not a Debian system)"; exit 77; }
  deb=$(make -s --no-print-directory deb 2>"$out/deb.log" | tail -n 1)
  [ -f "$deb" ] || { tail -20 "$out/deb.log"; fail "make deb made no package ($deb)"; }
  dpkg-deb --field "$deb" Package Version Architecture Depends >"$out/fields" || fail "dpkg-deb --field"
  grep -q '^Package: tempo$' "$out/fields" || fail "package name: $(cat "$out/fields")"
  grep -q '^Depends: .*libc6' "$out/fields" || fail "no libc6 in Depends: $(cat "$out/fields")"
  # a scratch root with its own dpkg database; the cross tools it recommends come from the host
  mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/log"
  : >"$root/var/lib/dpkg/status"
  dpkg --root="$root" --force-not-root --force-depends --log="$out/dpkg.log" -i "$deb" \
    >"$out/dpkg-i.log" 2>&1 || { cat "$out/dpkg-i.log"; fail "dpkg -i into $root"; }
  dpkg --root="$root" -s tempo 2>/dev/null | grep -q '^Status: install ok installed' ||
    fail "dpkg does not list tempo as installed in $root"
  dpkg --root="$root" -L tempo >"$out/files" || fail "dpkg -L"
  grep -qx /usr/bin/tempo-sim "$out/files" || fail "/usr/bin/tempo-sim not in the package"
  gzip -t "$root/usr/share/man/man1/tempo-sim.1.gz" || fail "the man page is not compressed"
  app=hello xlen=32
fi

# the layout
for f in usr/bin/tempo-sim usr/share/pkgconfig/tempo.pc usr/share/tempo/kernel/include/tempo.h \
         usr/share/tempo/kernel/sched.c usr/share/tempo/port/riscv/switch.S \
         usr/share/tempo/bsp/paper/link.ld usr/share/tempo/bsp/virt/link.ld \
         usr/share/tempo/bsp/common/sections.ld usr/share/tempo/include/riscv/encoding.h \
         usr/share/tempo/freertos/board/FreeRTOSConfig.h usr/share/tempo/examples/hello/Makefile \
         usr/share/tempo/examples/prodcons/prodcons.c usr/share/doc/tempo/README.md; do
  [ -f "$root/$f" ] || fail "/$f not installed"
done
[ -x "$root/usr/bin/tempo-sim" ] || fail "tempo-sim is not executable"
man=$root/usr/share/man/man1/tempo-sim.1
[ "$mode" = deb ] && { gzip -dc "$man.gz" >"$out/tempo-sim.1" || fail "gunzip"; man=$out/tempo-sim.1; }
tools/manpage.py "$root/usr/bin/tempo-sim" --check "$man" || fail "the installed man page"
if command -v groff >/dev/null; then
  groff -man -Tutf8 -ww -z "$man" 2>"$out/groff.log" && [ ! -s "$out/groff.log" ] ||
    fail "groff warns about the man page: $(head -3 "$out/groff.log")"
fi

# pkg-config sees the scratch root's tree: prefix moved there, as for a relocated install
pc="pkg-config --define-variable=prefix=$root/usr"
export PKG_CONFIG_PATH=$root/usr/share/pkgconfig PKG_CONFIG_LIBDIR=$root/usr/share/pkgconfig
[ "$($pc --variable=tempodir tempo)" = "$root/usr/share/tempo" ] ||
  fail "tempodir: $($pc --variable=tempodir tempo)"
[ "$($pc --variable=sim tempo)" = "$root/usr/bin/tempo-sim" ] || fail "sim: $($pc --variable=sim tempo)"
$pc --modversion tempo >/dev/null || fail "no version"

# the smallest program of docs/application.md with only pkg-config's flags
awk '/<!-- snippet: kernel -->/ {on = 1; next} on && /^```c/ {code = 1; next}
     code && /^```/ {exit} code {print}' docs/application.md >"$out/snippet.c"
[ -s "$out/snippet.c" ] || fail "no snippet in docs/application.md"
# shellcheck disable=SC2046
riscv64-unknown-elf-gcc -std=c11 -Wall -Wextra -Werror -march=rv32im_zicsr -mabi=ilp32 \
  --specs=picolibc.specs -DBOARD_PAPER $($pc --cflags tempo) -c -o "$out/snippet.o" "$out/snippet.c" 2>"$out/snippet.log" ||
  { cat "$out/snippet.log"; fail "the snippet does not compile with pkg-config --cflags tempo"; }

# an example copied out of the installed tree, built with no TEMPO (pkg-config finds it) and run
cp -r "$root/usr/share/tempo/examples/$app" "$out/$app" || fail "cp"
cd "$out/$app" || exit 1
unset TEMPO SIM
make -s PKG_CONFIG="$pc" XLEN=$xlen >"$out/$app.build.log" 2>&1 ||
  { tail -20 "$out/$app.build.log"; fail "$app did not build from the installed tree"; }
grep -rqs --include='*.d' "$root/usr/share/tempo/kernel/sched.c" "build-paper-$xlen" ||
  fail "$app was not built from the kernel in $root"
res=$(make -s PKG_CONFIG="$pc" XLEN=$xlen -n run)
printf '%s\n' "$res" | grep -q "^$root/usr/bin/tempo-sim " || fail "make run would not use the installed tempo-sim: $res"
run=$(make -s PKG_CONFIG="$pc" XLEN=$xlen run 2>&1) || { echo "$run" | tail -5; fail "$app: make run failed"; }
case $app in
hello) want="^hello, world: thread hello on the paper SoC, RV$xlen, tick 0$" ;;
prodcons) want="^done: 16 produced, 16 consumed, sum 136$" ;;
esac
grep -Eq "$want" <<<"$run" || { echo "$run" | tail -5; fail "$app: no line /$want/"; }
cd "$tree" || exit 1

if [ "$mode" = install ]; then
  make -s --no-print-directory uninstall DESTDIR="$root" PREFIX=/usr >>"$out/install.log" 2>&1 || fail "make uninstall"
  left=$(find "$root" -type f | head -5)
  [ -z "$left" ] || fail "make uninstall left: $left"
  echo "make install DESTDIR=... PREFIX=/usr: $app built from the installed tree through tempo.pc, ran; uninstalled"
else
  dpkg --root="$root" --force-not-root --log="$out/dpkg.log" -r tempo >"$out/dpkg-r.log" 2>&1 ||
    { cat "$out/dpkg-r.log"; fail "dpkg -r"; }
  left=$(find "$root/usr" -type f 2>/dev/null | head -5)
  [ -z "$left" ] || fail "dpkg -r left: $left"
  echo "$(basename "$deb"): installed with dpkg into a scratch root, $app built and ran against it, removed"
fi
