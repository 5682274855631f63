#!/usr/bin/env bash
# tempo-sim --gdb with gdb-multiarch in batch mode, on the producer/consumer example as
# sim/tests/examples-test.sh built it (build/examples/KERNEL-paper-XLEN/prodcons):
#   1. a session as a user would have it: break on a kernel call, continue, info threads
#      (names, states, priorities), the backtrace of the other threads, a watchpoint on the
#      kernel's current-thread variable, stepi and step, continue to the exit (status 0);
#   2. the kernel table's structure offsets (monitor rtos) against the image's DWARF;
#   3. simulated time stops while halted: the cycle count at every hit of a breakpoint on a
#      kernel call is the cycle the same instruction issues at in a run without GDB (its
#      trace), and both runs end at the same cycle;
#   4. the engines: session 1 on the reference loop (--engine reference) gives the same
#      transcript, stop for stop, as on the fast engine (the default).
# With a fourth argument, OPT (tempo), the same on the example built here with the compiler
# options OPT instead, the kernel's for size (mk/firmware.mk TK_SIZE_OPT): its switch frame is
# libgcc's (port/riscv/port_defs.h TK_FRAME_PC), which the thread view must read too.
# usage: sim/tests/gdb-test.sh tempo|freertos XLEN SIM [OPT]
set -u
kernel=$1 xlen=$2 sim=$3 opt=${4:-}
dir=build/examples/$kernel-paper-$xlen/prodcons
out=build/sim/tests/gdb-$kernel-$xlen
fail() { echo "FAIL: $*"; exit 1; }
if [ -n "$opt" ]; then
  tree=$(pwd)
  dir=build/examples/$kernel-os-paper-$xlen/prodcons out=build/sim/tests/gdb-os-$kernel-$xlen
  rm -rf "$dir" && mkdir -p "$dir" && cp examples/prodcons/Makefile examples/prodcons/prodcons.c "$dir" ||
    fail "cannot make $dir"
  (cd "$dir" && make -s TEMPO="$tree" SOC=paper XLEN="$xlen" OPT="$opt") \
    >"$dir.build.log" 2>&1 || { tail -5 "$dir.build.log"; fail "the example at $opt does not build"; }
fi
elf=$dir/build-paper-$xlen/prodcons.elf
[ "$kernel" != freertos ] || [ -n "${FREERTOS_DIR:-}" ] ||
  { echo "FREERTOS_DIR not set: make test FREERTOS_DIR=/path/to/FreeRTOS-Kernel"; exit 77; }
command -v gdb-multiarch >/dev/null ||
  { echo "gdb-multiarch is not installed: sudo apt-get install -y gdb-multiarch"; exit 77; }
[ -f "$elf" ] || { echo "no $elf: the examples test (sim/tests/examples-test.sh $kernel paper $xlen) builds it"; exit 77; }
rm -rf "$out" && mkdir -p "$out"
if [ "$kernel" = tempo ]; then
  call=tk_mutex_lock current=tk_kernel_state.current threads="cons prod idle"
else
  call=xQueueReceive current=pxCurrentTCB threads="cons prod IDLE Tmr"
fi

# start tempo-sim on a free port; run gdb with the command file $1; the session's output in $2
session() {
  local cmds=$1 log=$2 port
  shift 2
  "$sim" --gdb 0 "$@" "$elf" >"$log.sim" 2>"$log.simerr" &
  local pid=$!
  for _ in $(seq 50); do
    port=$(grep -o '127\.0\.0\.1:[0-9]*' "$log.simerr" 2>/dev/null | head -1 | cut -d: -f2)
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { kill $pid; fail "tempo-sim did not listen: $(cat "$log.simerr")"; }
  sed "s/@PORT@/$port/" "$cmds" >"$log.cmds"
  timeout 120 gdb-multiarch -batch -nx -x "$log.cmds" "$elf" >"$log" 2>&1
  local rc=$?
  wait $pid
  echo $? >"$log.status"
  [ $rc -eq 0 ] || { tail -20 "$log"; fail "gdb-multiarch exited $rc"; }
}

# ---- 1. the user's session ----
cat >"$out/story.gdb" <<EOF
set pagination off
set confirm off
target remote :@PORT@
break $call
continue
info threads
thread apply all bt
delete
watch $current
continue
delete
print \$pc
monitor cycles
stepi
print \$pc
monitor cycles
step
monitor stats
continue
EOF
session "$out/story.gdb" "$out/story.log"
log=$out/story.log
grep -Eq "^(Thread [0-9]+ hit )?Breakpoint 1, $call \(" "$log" || fail "no stop at breakpoint 1 in $call"
for t in $threads; do
  grep -Eq "^[* ] +[0-9]+ +Thread [0-9]+ \($t[: ]" "$log" ||
    { grep -E '^[* ] +[0-9]+ ' "$log"; fail "info threads does not list $t"; }
done
grep -Eq '^\* +[0-9]+ +Thread [0-9]+ \([A-Za-z ]+: running, prio [0-9]+' "$log" || fail "no running thread marked current"
n=$(grep -Ec '^[* ] +[0-9]+ +Thread [0-9]+ \([A-Za-z ]+: (ready|blocked|sleeping|suspended|running)( [^,]*)?, prio [0-9]+' "$log")
[ "$n" -ge 3 ] || fail "info threads: $n threads with a state and a priority"
# the idle thread was switched out at interrupt exit: its frame is where the interrupt found it,
# in its loop (frame #0, or #1 under a function inlined there), not in the switch code
if [ "$kernel" = tempo ]; then idle='idle: ready, prio 32' fn=tk_idle_main; else idle='IDLE: ready, prio 0' fn=prvIdleTask; fi
awk -v head="^Thread [0-9]+ \\(Thread [0-9]+ \\($idle\\)\\):" '$0 ~ head { on = 1; next } on && /^$/ { exit } on' "$log" >"$out/idle.bt"
grep -Eq "^#[01]  +$fn \(" "$out/idle.bt" && ! grep -Eq '^#0 .*(tk_port_switch|tk_port_trap_entry|tk_port_start|tk__isr_exit|vPortYield|xPortStartScheduler)' "$out/idle.bt" ||
  { cat "$out/idle.bt"; fail "the idle thread is not shown where it was interrupted"; }
# the backtrace of each example thread, whichever runs, reaches its function
for fn in consumer producer; do
  grep -Eq "^#[0-9]+ +(0x[0-9a-f]+ in )?$fn \(" "$log" || fail "no backtrace reaches $fn"
done
grep -Eq "^(Thread [0-9]+ hit )?Hardware watchpoint 2: $current" "$log" || fail "the watchpoint on $current did not stop"
grep -q '^Old value = ' "$log" && grep -q '^New value = ' "$log" || fail "the watchpoint shows no old and new value"
pcs=$(grep -E '^\$[0-9]+ = \(void \(\*\)\(\)\) 0x[0-9a-f]+' "$log" | grep -o '0x[0-9a-f]*' | head -2 | tr '\n' ' ')
set -- $pcs
[ $# = 2 ] && [ "$1" != "$2" ] || fail "stepi did not move pc ($pcs)"
cyc=$(grep -Eo '^cycle [0-9]+' "$log" | awk '{print $2}' | tr '\n' ' ')
set -- $cyc
[ $# = 2 ] && [ "$2" -gt "$1" ] || fail "stepi did not advance the cycle count ($cyc)"
grep -Eq '^\[Inferior 1 \(Remote target\) exited normally\]' "$log" || fail "GDB did not see the exit"
[ "$(cat "$log.status")" = 0 ] || fail "tempo-sim exited $(cat "$log.status")"
grep -q '^done: 16 produced, 16 consumed' "$log.sim" || fail "the program's output is missing"

# ---- 2. the kernel table's offsets against DWARF ----
cat >"$out/rtos.gdb" <<EOF
target remote :@PORT@
monitor rtos
kill
EOF
session "$out/rtos.gdb" "$out/rtos.log"
grep -q "^kernel $kernel" "$out/rtos.log" || fail "monitor rtos: not $kernel"
# every "offset TYPE::FIELD N" and "offset sizeof(TYPE) N" line, printed by one gdb
names=() values=() exprs=()
while IFS='|' read -r what value; do
  case $what in
  sizeof*) exprs+=(-ex "print (long)$what") ;;
  *::*) exprs+=(-ex "print (long)&((${what%%::*} *)0)->${what##*::}") ;;
  *) continue ;;
  esac
  names+=("$what") values+=("$value")
done < <(sed -n 's/^offset \(.*\) \([0-9]*\)$/\1|\2/p' "$out/rtos.log")
mapfile -t got < <(gdb-multiarch -batch -nx "${exprs[@]}" "$elf" 2>&1 | sed -n 's/^\$[0-9]* = //p')
checks=${#names[@]}
for i in "${!names[@]}"; do
  [ "${got[$i]:-}" = "${values[$i]}" ] ||
    fail "monitor rtos: ${names[$i]} is ${values[$i]}, the image's DWARF says ${got[$i]:-nothing}"
done
[ $checks -ge 8 ] || fail "monitor rtos: only $checks offsets checked"
[ "$(cat "$out/rtos.log.status")" = 137 ] || fail "GDB's kill: tempo-sim exited $(cat "$out/rtos.log.status"), not 137"

# ---- 3. the same cycles with and without GDB ----
addr=$(gdb-multiarch -batch -nx -ex "print (long)&$call" "$elf" | sed -n 's/^\$1 = //p')
[ -n "$addr" ] || fail "no address for $call"
cat >"$out/cycles.gdb" <<EOF
set pagination off
target remote :@PORT@
break *$call
commands
silent
monitor cycles
continue
end
continue
EOF
session "$out/cycles.gdb" "$out/cycles.log" --stats-json "$out/gdb-stats.json"
"$sim" --trace-file "$out/trace.txt" --stats-json "$out/stats.json" "$elf" >/dev/null 2>&1 ||
  fail "the run without GDB failed"
with=$(grep -Eo '^cycle [0-9]+ \(mcycle [0-9]+, minstret [0-9]+, pc 0x[0-9a-f]+\)$' "$out/cycles.log" |
       awk '{print $2}')
hex=$(printf '%0*x' $((xlen / 4)) "$addr")
without=$(awk -v pc="$hex" '$2 == pc {print $1}' "$out/trace.txt")
[ -n "$with" ] || fail "no breakpoint hit reported a cycle"
[ "$with" = "$without" ] || { diff <(echo "$with") <(echo "$without") | head; fail "the cycles at the breakpoint differ with GDB"; }
c1=$(grep -o '"cycles": [0-9]*' "$out/gdb-stats.json" | head -n 1) c2=$(grep -o '"cycles": [0-9]*' "$out/stats.json" | head -n 1)
[ -n "$c1" ] && [ "$c1" = "$c2" ] || fail "the run ends at $c1 under GDB, $c2 without"
# ---- 4. the same session on the reference loop ----
session "$out/story.gdb" "$out/story-ref.log" --engine reference
transcript() { grep -v '^Remote debugging using' "$1"; }
diff <(transcript "$out/story.log") <(transcript "$out/story-ref.log") >"$out/story.diff" ||
  { head -20 "$out/story.diff"; fail "the session differs between the fast engine and the reference loop"; }
[ "$(cat "$out/story-ref.log.status")" = 0 ] || fail "tempo-sim --engine reference exited $(cat "$out/story-ref.log.status")"
stops=$(grep -Ec '^(Thread [0-9]+ hit )?(Breakpoint|Hardware watchpoint) [0-9]+' "$out/story.log")

echo "$kernel RV$xlen: breakpoint, threads ($threads), backtraces, watchpoint, stepi/step, exit;" \
     "$checks offsets match DWARF; $(echo "$with" | wc -l) breakpoint hits at the cycles of the run without GDB (${c1#*: } cycles);" \
     "the session's $stops stops and its statistics the same on both engines"
