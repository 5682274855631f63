#!/usr/bin/env bash
# The sweep's Slurm job array on a real Slurm: a single-node cluster of Debian's slurmctld,
# slurmd and munged, started here with a throwaway configuration in OUT (ports picked free,
# traffic on 127.0.0.1 only), sweeps/test/tiny.toml submitted with sbatch (3 jobs per array
# task), and the merged results compared with the same job list run here one job at a time.  Every daemon is this
# script's child and is stopped on exit.  SKIP (exit 77, one line) where the packages cannot
# be installed or the daemons do not come up.
# usage: sweeps/slurm-test.sh SIM OUTDIR
set -u
sim=$1 out=$2
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "$*"; exit 77; }
tools/toolchain.sh --slurm >/dev/null 2>"$out.toolchain.log" ||
  skip "Slurm is not installed and cannot be here: $(tail -n 1 "$out.toolchain.log")"
for c in slurmctld slurmd munged sbatch sinfo squeue scancel; do
  command -v "$c" >/dev/null || [ -x "/usr/sbin/$c" ] || skip "Slurm: $c not found"
done
PATH=$PATH:/usr/sbin
rm -rf "$out" && mkdir -p "$out" || fail "cannot make $out"
out=$(cd "$out" && pwd)
etc=$out/etc && mkdir -p "$etc" "$out/state" "$out/spool" "$out/munge"

pids=()
cleanup() {
  # the daemons this script started, by their process ids, and the jobs they left
  [ -f "$etc/slurm.conf" ] && SLURM_CONF=$etc/slurm.conf timeout 10 scancel --quiet --user="$(id -un)" 2>/dev/null
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${pids[@]}"; do
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$p" 2>/dev/null || break; sleep 0.5; done
    kill -9 "$p" 2>/dev/null
  done
}
trap cleanup EXIT
trap 'exit 143' TERM INT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# munge: its own key and socket, so the machine's munged (if any) is left alone
dd if=/dev/urandom of="$out/munge/munge.key" bs=1024 count=1 status=none && chmod 400 "$out/munge/munge.key"
chmod 700 "$out/munge"
munged --foreground --force --key-file="$out/munge/munge.key" --socket="$out/munge/munge.sock" \
  --pid-file="$out/munge/munged.pid" --log-file="$out/munge/munged.log" \
  --seed-file="$out/munge/munged.seed" >"$out/munge/stdout.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 40); do [ -S "$out/munge/munge.sock" ] && break; sleep 0.25; done
[ -S "$out/munge/munge.sock" ] || skip "munged did not start: $(tail -n 1 "$out/munge/munged.log" "$out/munge/stdout.log" 2>/dev/null | tail -n 1)"

host=$(uname -n | cut -d. -f1)   # slurmctld must find itself under this name
cpus=$(nproc)
user=$(id -un)
cat >"$etc/slurm.conf" <<EOF
ClusterName=tempotest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$out/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$out/state
SlurmdSpoolDir=$out/spool
SlurmctldPidFile=$out/slurmctld.pid
SlurmdPidFile=$out/slurmd.pid
SlurmctldLogFile=$out/slurmctld.log
SlurmdLogFile=$out/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=tempo Nodes=$host Default=YES MaxTime=30 State=UP
EOF
export SLURM_CONF=$etc/slurm.conf
slurmctld -D -i -f "$SLURM_CONF" >"$out/slurmctld.stdout" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$host" >"$out/slurmd.stdout" 2>&1 &
pids+=($!)
up=
deadline=$((SECONDS + 60))
while [ $SECONDS -lt $deadline ]; do
  state=$(timeout 5 sinfo -h -N -o '%T' 2>/dev/null | head -n 1)
  case $state in idle*|mixed*|allocated*) up=1; break ;; esac
  sleep 0.5
done
if [ -z "$up" ]; then
  # the daemons' last complaint, slurmd's first (a fresh state directory is no complaint)
  why=$(cat "$out/slurmctld.stdout" "$out/slurmctld.log" "$out/slurmd.stdout" "$out/slurmd.log" \
        2>/dev/null | grep -iE 'error|fatal|cannot' | grep -v 'state save' | tail -n 1)
  skip "the single-node Slurm did not come up in 60 s (node state '${state:-none}')${why:+: $why}"
fi
echo "Slurm $(sinfo -V | cut -d' ' -f2): node $host idle with $cpus CPUs"

# the same sweep twice: through Slurm, and here one job at a time
# 3 jobs per array task: 7 tasks, the last one short
tools/python.sh tools/sweep.py expand sweeps/test/tiny.toml --out "$out/slurm" --sim "$sim" \
  --per-task 3 >/dev/null || fail "expand"
grep -q '^#SBATCH --array=1-7$' "$out/slurm/sweep.slurm" || fail "not an array of 7 tasks of 3 jobs"
tools/python.sh tools/sweep.py expand sweeps/test/tiny.toml --out "$out/local" --sim "$sim" >/dev/null ||
  fail "expand"
n=$(wc -l <"$out/local/jobs.txt")
bash "$out/local/jobs.txt" || fail "the local run"
tools/python.sh tools/sweep.py merge --out "$out/local" --quiet || fail "merge of the local run"
t0=$(date +%s)
timeout 300 sbatch --wait --quiet "$out/slurm/sweep.slurm" >"$out/sbatch.log" 2>&1
rc=$?
[ $rc -eq 0 ] || fail "sbatch --wait exited $rc: $(tail -n 3 "$out/sbatch.log")"
logs=$(find "$out/slurm" -maxdepth 1 -name 'slurm-*_*.log' | wc -l)
[ "$logs" = 7 ] || fail "$logs task logs for 7 array tasks"
tools/python.sh tools/sweep.py merge --out "$out/slurm" --quiet || fail "merge of the Slurm run"
tools/python.sh - "$out/local/results.json" "$out/slurm/results.json" <<'PY' || exit 1
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
if not a["records"] or a["records"] != b["records"] or b["missing"] or b["failed"]:
    print("FAIL: the Slurm run's records differ from the local run's (%d and %d records; "
          "missing %s, failed %s)" % (len(a["records"]), len(b["records"]), b["missing"], b["failed"]))
    sys.exit(1)
print("%d records, equal to the local run's" % len(b["records"]))
PY
echo "$n jobs in 7 array tasks through sbatch in $(( $(date +%s) - t0 )) s; merged results equal the local run's"
