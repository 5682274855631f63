#!/usr/bin/env bash
# usage: sim/tests/paper-soc-test.sh SIM XLEN PAPER_SOC.elf HELLO_ROM.elf OBJCOPY OUTDIR
# The paper SoC's VGA screen and PS/2 keyboard (docs/boards.md) with firmware written here:
# the keys' Set-2 codes and their timing (checked by the firmware), the screen as text and as
# PNG (checked here, the PNG decoded and compared pixel by pixel with a font made here), both
# engines alike; a .mem image made from an ELF runs as the ELF does, to the cycle; and the bad
# inputs of the new options end with a one-line usage error.
set -u
sim=$1 xlen=$2 soc=$3 rom=$4 objcopy=$5 out=$6
mkdir -p "$out"
fail() { echo "FAIL: $*"; exit 1; }

# A font whose glyph c, row r is the byte (c + 3r) mod 256: every pixel says which glyph it is.
font=$out/font.mem
python3 -c 'import sys; sys.stdout.write("".join(f"{(c + 3 * r) % 256:02x}\n" for c in range(256) for r in range(16)))' > "$font"

for engine in fast reference; do
  "$sim" --engine $engine --keys 'aB\n' --vga-text --vga-png "$out/screen-$engine.png" \
      --vga-font "$font" --max-cycles 50000000 "$soc" > "$out/out-$engine.txt" 2>&1
  rc=$?
  [ $rc -eq 0 ] || { cat "$out/out-$engine.txt"; fail "$engine: exit status $rc, not 0"; }
done
cat "$out/out-fast.txt"
# --keys-file types the same keys from a file's bytes
printf 'aB\n' > "$out/keys.txt"
"$sim" --keys-file "$out/keys.txt" --vga-text --max-cycles 50000000 "$soc" > "$out/out-file.txt" 2>&1 \
  || fail "--keys-file: exit status $?"
cmp -s "$out/out-fast.txt" "$out/out-file.txt" || fail "--keys-file differs from --keys"
cmp -s "$out/out-fast.txt" "$out/out-reference.txt" || fail "the engines' outputs differ"
cmp -s "$out/screen-fast.png" "$out/screen-reference.png" || fail "the engines' screens differ"
grep -qx 'codes 1c f0 1c 12 32 f0 32 f0 12 5a f0 5a' "$out/out-fast.txt" || fail "scancodes"
grep -qx 'ps2 ok' "$out/out-fast.txt" || fail "no 'ps2 ok'"

# The screen's text: 32 lines in a frame; row 0 the message, row 1 a lone "A" (a word store
# writes one character), row 29 ends with '#', nothing of the store beyond the screen.
blank=$(printf '%80s' '')
screen=$(grep -A31 -- '^+-' "$out/out-fast.txt" | head -32)
[ "$(echo "$screen" | wc -l)" -eq 32 ] || fail "the screen is not 32 lines"
row() { echo "$screen" | sed -n "$(($1 + 2))p"; }
[ "$(row 0)" = "|paper SoC screen${blank:16}|" ] || fail "row 0: '$(row 0)'"
[ "$(row 1)" = "|A${blank:1}|" ] || fail "row 1: '$(row 1)'"
[ "$(row 29)" = "|${blank:1}#|" ] || fail "row 29: '$(row 29)'"
[ "$(row 2)" = "|$blank|" ] || fail "row 2 is not blank"
echo "$screen" | grep -q '!' && fail "a store beyond the screen showed"

# The PNG: 640 x 480, 8-bit grey, every pixel white exactly where the font's bit is set.
python3 - "$out/screen-fast.png" "$out/out-fast.txt" <<'PY' || fail "the PNG"
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "signature"
pos, chunks = 8, {}
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    crc, = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
    assert zlib.crc32(kind + body) == crc, f"CRC of {kind}"
    chunks[kind] = chunks.get(kind, b"") + body
    pos += 12 + n
w, h, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
assert (w, h, depth, colour) == (640, 480, 8, 0), (w, h, depth, colour)
raw = zlib.decompress(chunks[b"IDAT"])
assert len(raw) == 480 * 641
text = open(sys.argv[2]).read().split("\n")
start = next(i for i, l in enumerate(text) if l.startswith("+-"))
rows = [l[1:81] for l in text[start + 1:start + 31]]
for y in range(480):
    assert raw[y * 641] == 0, "filter byte"
    for x in range(640):
        c = ord(rows[y // 16][x // 8])
        bit = ((c + 3 * (y % 16)) % 256) >> (7 - x % 8) & 1
        assert raw[y * 641 + 1 + x] == (255 if bit else 0), (x, y)
print("png ok")
PY

# A .mem image: the paper-rom hello as the RTL would load it runs as its ELF does.
"$objcopy" -O binary "$rom" "$out/hello.bin" || fail "objcopy"
truncate -s %4 "$out/hello.bin"
od -An -v -tx4 -w4 "$out/hello.bin" | tr -d ' ' > "$out/hello.mem"
"$sim" --stats "$rom" > "$out/elf.txt" 2>&1; rc_elf=$?
"$sim" --stats --xlen "$xlen" "$out/hello.mem" > "$out/mem.txt" 2>&1; rc_mem=$?
[ $rc_elf -eq $rc_mem ] || fail ".mem exit $rc_mem, ELF $rc_elf"
grep -q 'hello from tempo-sim' "$out/mem.txt" || { cat "$out/mem.txt"; fail ".mem output"; }
c_elf=$(grep -m1 -E '^ *cycles' "$out/elf.txt") c_mem=$(grep -m1 -E '^ *cycles' "$out/mem.txt")
[ -n "$c_elf" ] && [ "$c_elf" = "$c_mem" ] || fail "cycles: ELF '$c_elf', .mem '$c_mem'"
echo ".mem: $c_mem, as the ELF"

# Bad input: a one-line reason and the documented status.
expect() {
  local want=$1 pat=$2; shift 2
  local got
  got=$("$@" 2>&1); local rc=$?
  [ $rc -eq "$want" ] || fail "exit $rc, not $want: $*: $got"
  [ "$(echo "$got" | wc -l)" -eq 1 ] && echo "$got" | grep -Eq -- "$pat" || fail "message '$got': $*"
}
printf '00000013\nnot-hex\n' > "$out/bad.mem"
expect 122 ':2: not a 32-bit hexadecimal word' "$sim" --xlen 32 "$out/bad.mem"
printf '@10\n' > "$out/at.mem"
expect 122 'not supported' "$sim" --xlen 32 "$out/at.mem"
expect 120 'give --xlen 32 or 64' "$sim" "$out/hello.mem"
expect 120 'neither 32 nor 64' "$sim" --xlen 16 "$out/hello.mem"
expect 120 'is for .mem images' "$sim" --xlen 32 "$soc"
expect 120 'no key' "$sim" --keys $'\x01' "$soc"
expect 120 'unknown escape' "$sim" --keys 'a\q' "$soc"
expect 120 'unknown escape' "$sim" --keys 'a\' "$soc"
expect 120 'cannot open' "$sim" --keys-file "$out/none" "$soc"
expect 120 'give --vga-font' "$sim" --vga-png "$out/x.png" "$soc"
expect 120 'virt has none' "$sim" --soc virt --vga-text "$soc"
head -n 100 "$font" > "$out/short-font.mem"
expect 120 'not 4,096' "$sim" --vga-font "$out/short-font.mem" --vga-png "$out/x.png" "$soc"
echo "paper soc ok"
