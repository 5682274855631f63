#!/usr/bin/env bash
# `make bench-sim`: tempo-sim's speed (simulated instructions and cycles per host second,
# the timing model in the loop) on the loop images of sim/speed/loop.c at both SoCs and
# widths and on the kernel images of sim/speed/irq.c (the Tempo kernel taking software
# interrupts) at virt, both widths; and QEMU's (qemu-system-riscv32/64 -M virt, TCG) on the
# same virt images when it is installed.  The comparison is meant to be fair: one ELF for
# both (its written data off the code pages: loop.c), the same work on both (no timer paces
# either image), the two run interleaved (tempo-sim, QEMU, tempo-sim, ...), whole-process
# wall time (start-up included), the median of RUNS runs each; every run must exit 0 and
# print the image's checksum line as tempo-sim's first run did, or the script fails.  QEMU's
# instruction count is tempo-sim's for the same image.  The ratio is tempo-sim's time over
# QEMU's (at most 1: tempo-sim takes no longer) on this host: it differs from host to host,
# so the first line names the host's processor and the date, and no ratio is a property of
# tempo-sim alone.  Then the fast engine without its generated code (--engine threaded) and
# the reference execute loop (--engine reference), for what each buys, and --check's cost.
# Not a test: the figures depend on the machine.
# usage: sim/speed/speed.sh SIM DIR [RUNS]
#   (DIR holds loop-{paper,virt}-{32,64}.elf and irq-virt-{32,64}.elf)
set -u
sim=$1 dir=$2 runs=${3:-9}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ns() { date +%s%N; }
timed() { # command...: "WALL CPU", the whole process's wall time and CPU time (user + system,
  # its children's included) in seconds (its output in $tmp/out); fails when the command fails
  local s e u y TIMEFORMAT='%3U %3S'
  s=$(ns)
  { time "$@" >"$tmp/out" 2>/dev/null; } 2>"$tmp/time" || return 1
  e=$(ns)
  read -r u y <"$tmp/time"
  awk -v d=$((e - s)) -v u="$u" -v y="$y" 'BEGIN { printf "%.4f %.4f", d / 1e9, u + y }'
}
wall() { # command...: timed's wall time
  local t
  t=$(timed "$@") || return 1
  echo "${t% *}"
}
checked() { # LINE command...: timed, and the command must have printed LINE (the checksum line)
  local line=$1 t
  shift
  t=$(timed "$@") && grep -qxF "$line" "$tmp/out" && echo "$t"
}
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
rate() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.1f", n / t / 1e6 }'; }
field() { grep -o "\"$1\": [0-9]*" "$2" | head -1 | grep -o '[0-9]*$'; }
# image SoC pairs: the loop at both SoCs, the kernel image at virt (QEMU's machine)
images="loop-paper-32:paper loop-paper-64:paper loop-virt-32:virt loop-virt-64:virt irq-virt-32:virt irq-virt-64:virt"

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
echo "tempo-sim speed on ${cpu:-an unknown processor} ($(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)), $(date -u +%Y-%m-%d): median of $runs runs, whole-process wall time (and CPU time)"
printf '%-13s %12s %12s | %9s %8s %10s | %9s %8s | %s\n' image instructions cycles "tempo-sim" Minsn/s Mcycles/s "QEMU s" Minsn/s "ratio (CPU time)"
for entry in $images; do
  name=${entry%:*} soc=${entry#*:}
  x=${name##*-} img=$dir/$name.elf json=$dir/$name.json
  "$sim" --soc "$soc" --stats-json "$json" "$img" >"$tmp/first" || { echo "tempo-sim failed on $img"; exit 1; }
  sum=$(grep checksum "$tmp/first" | head -n 1)
  [ -n "$sum" ] || { echo "tempo-sim printed no checksum line on $img"; exit 1; }
  n=$(field instructions "$json") c=$(field cycles "$json")
  q=qemu-system-riscv$x
  [ "$soc" = virt ] && command -v "$q" >/dev/null 2>&1 && qemu=1 || qemu=0
  ts="" tc="" qs="" qc=""
  for _ in $(seq "$runs"); do
    t=$(checked "$sum" "$sim" --soc "$soc" "$img") || { echo "tempo-sim failed on $img (or printed another checksum)"; exit 1; }
    ts="$ts ${t% *}" tc="$tc ${t#* }"
    if [ $qemu = 1 ]; then
      t=$(checked "$sum" timeout 300 "$q" -M virt -bios none -nographic -kernel "$img") ||
        { echo "$q failed on $img: not exit status 0 with tempo-sim's line '$sum'; it printed:"; cat "$tmp/out"; exit 1; }
      qs="$qs ${t% *}" qc="$qc ${t#* }"
    fi
  done
  t=$(median <<<"$ts")
  printf '%-13s %12s %12s | %8.3fs %8s %10s |' "$name" "$n" "$c" "$t" "$(rate "$n" "$t")" "$(rate "$c" "$t")"
  if [ $qemu = 1 ]; then
    u=$(median <<<"$qs")
    printf ' %8.3fs %8s | %.2f (%s)\n' "$u" "$(rate "$n" "$u")" "$(awk -v a="$t" -v b="$u" 'BEGIN { print a / b }')" \
      "$(awk -v a="$(median <<<"$tc")" -v b="$(median <<<"$qc")" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "n/a" }')"
  elif [ "$soc" = virt ]; then
    echo " $q not installed: not measured"
  else
    echo " (QEMU has no paper SoC)"
  fi
done
echo "ratio: tempo-sim's time over QEMU's on the same image (at most 1.00: tempo-sim takes no longer), wall time (CPU time: the medians of each one's user + system time); every run measured exited 0 with tempo-sim's checksum line"
rruns=3
for engine in threaded reference; do
  case $engine in
    threaded) echo "the fast engine's interpreter alone (--engine threaded: no generated code; median of $rruns runs):" ;;
    reference) echo "the reference execute loop (--engine reference, median of $rruns runs), for comparison:" ;;
  esac
  for entry in $images; do
    name=${entry%:*} soc=${entry#*:}
    img=$dir/$name.elf json=$dir/$name.json
    n=$(field instructions "$json") c=$(field cycles "$json")
    ts=""
    for _ in $(seq $rruns); do
      t=$(wall "$sim" --engine $engine --soc "$soc" "$img") || { echo "tempo-sim failed on $img"; exit 1; }
      ts="$ts $t"
    done
    t=$(median <<<"$ts")
    printf '%-13s %12s %12s | %8.3fs %8s %10s\n' "$name" "$n" "$c" "$t" "$(rate "$n" "$t")" "$(rate "$c" "$t")"
  done
done
echo "--check (docs/check.md; median of $rruns runs): every check, and hang,deadlock alone (both on the fast engine):"
for soc in paper virt; do
  for x in 32 64; do
    img=$dir/loop-$soc-$x.elf json=$dir/loop-$soc-$x.json
    n=$(field instructions "$json")
    for list in all hang,deadlock; do
      ts=""
      for _ in $(seq $rruns); do
        # the loop computes for longer than --check-hang's default without output: a larger limit
        t=$(wall "$sim" --check="$list" --check-hang 10000000000 --soc "$soc" "$img") ||
          { echo "tempo-sim --check=$list failed on $img"; exit 1; }
        ts="$ts $t"
      done
      t=$(median <<<"$ts")
      printf '%-9s --check=%-13s %8.3fs %8s Minsn/s\n' "$soc-$x" "$list" "$t" "$(rate "$n" "$t")"
    done
  done
done
# The observers, the profile, coverage, the caches, the predictor table and every check
# against the plain run of the same image, the loop and the kernel image (where the kernel
# awareness acts: thread switches, interrupts, stacks): interleaved, median of $oruns; the
# ratio is the observed run's time over the plain run's (how much a long run slows down
# when one is turned on), wall time and CPU time (the timeline's writer is a thread of its
# own: CPU time counts it), the median of each pair's ratio (a pair runs back to back, so
# a host whose speed drifts over the minutes the table takes moves both alike).  --measure
# takes main to main on the loop, and on the kernel image each interrupt's latency to the
# worker thread's run; the trace window is 100 cycles half-way through the run; the loop
# computes for longer than --check-hang's default without output; the JSON timeline also
# to /dev/null, which leaves out what the host kernel takes to put its file in the page
# cache (a time that varies with the host, on some from run to run).  The runs of a pair
# take turns at going first, so that whatever the one before leaves the host (caches,
# clock speed) favours neither.
oruns=15
observed() { # "IMAGE..." "OPTIONS" [PIN...]: the table's rows, one per line of OPTIONS and
  # image, each run under PIN (taskset -c 0, say)
  local names=$1 list=$2 name img probe mid opts ps os rw rc p o i turn
  shift 2
  for name in $names; do
    img=$dir/$name.elf
    case $name in
      loop-*) probe=m=main,main ;;
      irq-*) probe=lat=irq:soft,run:worker ;;
    esac
    mid=$(( $(field cycles "$dir/$name.json") / 2 ))
    while IFS= read -r opts; do
      [ -n "$opts" ] || continue
      opts=${opts//@P@/$probe} opts=${opts//@F@/$mid} opts=${opts//@E@/$((mid + 100))}
      ps="" os="" rw="" rc=""
      for i in $(seq $oruns); do
        for turn in $((i % 2)) $((1 - i % 2)); do
          if [ "$turn" = 0 ]; then
            p=$(timed "$@" "$sim" --soc virt "$img") || { echo "tempo-sim failed on $img"; exit 1; }
          else
            # shellcheck disable=SC2086 # opts holds several options
            o=$(timed "$@" "$sim" --soc virt ${opts//@T@/$tmp} "$img") || { echo "tempo-sim $opts failed on $img"; exit 1; }
            # its file gone before the next run: written back meanwhile, it would slow that run
            rm -f "$tmp"/t.json "$tmp"/t.pftrace "$tmp"/c.txt "$tmp"/t.txt
          fi
        done
        ps="$ps ${p% *}" os="$os ${o% *}"
        rw="$rw $(awk -v a="${o% *}" -v b="${p% *}" 'BEGIN { print a / b }')"
        rc="$rc $(awk -v a="${o#* }" -v b="${p#* }" 'BEGIN { if (b > 0) print a / b }')"
      done
      printf '%-13s %-62s %8.3fs %8.3fs %7.2f (%s)\n' "$name" "${opts//@T@\//}" "$(median <<<"$ps")" "$(median <<<"$os")" \
        "$(median <<<"$rw")" "$(if [ -n "${rc// /}" ]; then printf '%.2f' "$(median <<<"$rc")"; else echo n/a; fi)"
    done <<<"$list"
  done
}
all_opts='--measure @P@
--timeline @T@/t.json
--timeline /dev/null
--timeline @T@/t.pftrace
--profile
--coverage @T@/c.txt
--stats
--trace-file @T@/t.txt --trace-from @F@ --trace-to @E@
--icache 4K:32:2 --dcache 4K:32:2
--set predictor=table
--check=all --check-hang 10000000000'
echo "observed runs (median of $oruns, interleaved with the plain run): time over the plain run's, the median of the pairs' ratios"
printf '%-13s %-62s %9s %9s %7s\n' image options plain observed "ratio (CPU time)"
observed "loop-virt-32 loop-virt-64 irq-virt-32 irq-virt-64" "$all_opts"
# Under a debugger: gdb-multiarch in batch mode sets a breakpoint at board_exit and
# continues through the whole loop.  tempo-sim's CPU time (user + system; it takes none while
# it waits for GDB), against the plain run's CPU time.
seconds() { awk -v u="${1% *}" -v s="${1#* }" 'BEGIN { printf "%.4f", u + s }'; } # "user system"
cpu() { # command...: timed's CPU time
  local t
  t=$(timed "$@") || return 1
  echo "${t#* }"
}
if command -v gdb-multiarch >/dev/null 2>&1; then
  for x in 32 64; do
    img=$dir/loop-virt-$x.elf ps="" os=""
    for _ in $(seq $oruns); do
      t=$(cpu "$sim" --soc virt "$img") || { echo "tempo-sim failed on $img"; exit 1; }
      ps="$ps $t"
      rm -f "$tmp/gdb.err" "$tmp/gdb.cpu"
      ( TIMEFORMAT='%3U %3S'; { time "$sim" --soc virt --gdb 0 "$img" >/dev/null 2>"$tmp/gdb.err"; } 2>"$tmp/gdb.cpu" ) &
      pid=$! port=""
      for _ in $(seq 100); do
        port=$(grep -o '127\.0\.0\.1:[0-9]*' "$tmp/gdb.err" 2>/dev/null | head -1 | cut -d: -f2)
        [ -n "$port" ] && break
        sleep 0.05
      done
      [ -n "$port" ] || { kill $pid; echo "tempo-sim --gdb did not listen"; exit 1; }
      gdb-multiarch -batch -nx -ex "target remote :$port" -ex "break board_exit" -ex continue -ex kill "$img" \
        >"$tmp/gdb.log" 2>&1
      wait $pid
      grep -q '^Breakpoint 1, board_exit' "$tmp/gdb.log" || { cat "$tmp/gdb.log"; echo "no stop at board_exit under GDB"; exit 1; }
      os="$os $(seconds "$(cat "$tmp/gdb.cpu")")"
    done
    p=$(median <<<"$ps") o=$(median <<<"$os")
    printf '%-13s %-62s %8.3fs %8.3fs %7.2f\n' "loop-virt-$x" "--gdb: break board_exit, continue (CPU time)" "$p" "$o" \
      "$(awk -v a="$o" -v b="$p" 'BEGIN { print a / b }')"
  done
else
  echo "--gdb: gdb-multiarch is not installed (sudo apt-get install -y gdb-multiarch): not measured"
fi
# A single-core host: the writer's thread of the timeline, and the host kernel's work for the
# files, take the simulation's core there, so its wall time is about the CPU time the runs
# take on one core.  The kernel image's rows again, every run pinned to the first core; and
# the JSON timeline run again on its file, as a user repeating a run does (again.json is
# not removed between runs: the writer writes over it).
if [ "$(nproc)" -gt 1 ] && command -v taskset >/dev/null 2>&1; then
  echo "the kernel image's observed runs on one core (taskset -c 0: what a single-core host sees), as above;"
  echo "again.json: each run writes over the file the run before wrote"
  observed "irq-virt-32 irq-virt-64" '--timeline @T@/t.json
--timeline @T@/again.json
--timeline /dev/null
--timeline @T@/t.pftrace
--measure @P@
--icache 4K:32:2 --dcache 4K:32:2
--check=all --check-hang 10000000000' taskset -c 0
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
