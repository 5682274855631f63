#!/usr/bin/env bash
# The sweep's job list through GNU parallel over ssh, as on several hosts: Debian's sshd
# started here on a free loopback port with a throwaway host key and client key (OUT), the job
# list of sweeps/test/tiny.toml run with parallel --sshlogin to 127.0.0.1 and --workdir (the
# "shared file system" is this one), and the merged results compared with the same jobs run
# here one at a time.  The joblog and sshd's log show that every job went through ssh.  sshd
# is this script's child and is stopped on exit.  SKIP (exit 77, one line) where the packages
# cannot be installed or sshd does not start.
# usage: sweeps/ssh-test.sh SIM OUTDIR
set -u
sim=$1 out=$2
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "$*"; exit 77; }
tools/toolchain.sh --ssh >/dev/null 2>"$out.toolchain.log" ||
  skip "GNU parallel or the OpenSSH server is not installed and cannot be here: $(tail -n 1 "$out.toolchain.log")"
sshd=$(command -v sshd || echo /usr/sbin/sshd)
[ -x "$sshd" ] || skip "sshd not found"
rm -rf "$out" && mkdir -p "$out" || fail "cannot make $out"
out=$(cd "$out" && pwd)
d=$out/ssh && mkdir -p "$d" && chmod 700 "$d"

pid=
cleanup() { [ -n "$pid" ] && { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; }; }
trap cleanup EXIT
trap 'exit 143' TERM INT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
ssh-keygen -q -t ed25519 -N '' -f "$d/host_key" || fail "ssh-keygen"
ssh-keygen -q -t ed25519 -N '' -f "$d/client_key" || fail "ssh-keygen"
cp "$d/client_key.pub" "$d/authorized_keys" && chmod 600 "$d/authorized_keys"
cat >"$d/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port $port
HostKey $d/host_key
PidFile $d/sshd.pid
AuthorizedKeysFile $d/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
LogLevel VERBOSE
EOF
# sshd wants its privilege-separation directory (the package's service creates it at boot)
[ -d /run/sshd ] || mkdir -p -m 755 /run/sshd 2>/dev/null
"$sshd" -D -e -f "$d/sshd_config" 2>"$d/sshd.log" &
pid=$!
ssh="ssh -p $port -i $d/client_key -o BatchMode=yes -o StrictHostKeyChecking=no \
-o UserKnownHostsFile=$d/known_hosts -o ConnectTimeout=5 -o LogLevel=ERROR"
ok=
for _ in $(seq 1 40); do
  kill -0 "$pid" 2>/dev/null || break
  [ "$($ssh 127.0.0.1 echo up 2>/dev/null)" = up ] && { ok=1; break; }
  sleep 0.25
done
[ -n "$ok" ] || skip "sshd on 127.0.0.1:$port did not accept the throwaway key: $(grep -v '^$' "$d/sshd.log" | tail -n 1)"
echo "sshd on 127.0.0.1:$port: $(ssh -V 2>&1)"

tools/python.sh tools/sweep.py expand sweeps/test/tiny.toml --out "$out/ssh" --sim "$sim" >/dev/null || fail "expand"
tools/python.sh tools/sweep.py expand sweeps/test/tiny.toml --out "$out/local" --sim "$sim" >/dev/null || fail "expand"
n=$(wc -l <"$out/local/jobs.txt")
bash "$out/local/jobs.txt" || fail "the local run"
tools/python.sh tools/sweep.py merge --out "$out/local" --quiet || fail "merge of the local run"
accepted0=$(grep -c 'Accepted publickey' "$d/sshd.log")
t0=$(date +%s)
# docs/sweeps.md's command, with the test's ssh options and 2 jobs at a time on the "host"
timeout 300 parallel --ssh "$ssh" --sshlogin "2/127.0.0.1" --workdir "$PWD" \
  --joblog "$out/ssh/joblog" <"$out/ssh/jobs.txt" >"$out/parallel.log" 2>&1 ||
  fail "parallel over ssh: $(tail -n 3 "$out/parallel.log")"
secs=$(( $(date +%s) - t0 ))
# joblog: Seq Host Starttime JobRuntime Send Receive Exitval Signal Command
hosts=$(awk 'NR > 1 { print $2 }' "$out/ssh/joblog" | sort | uniq -c | awk '{ print $1 " on " $2 }')
[ "$hosts" = "$n on 127.0.0.1" ] || fail "the joblog's hosts: ${hosts:-none} (want $n on 127.0.0.1)"
accepted=$(( $(grep -c 'Accepted publickey' "$d/sshd.log") - accepted0 ))
[ "$accepted" -ge 1 ] || fail "sshd accepted no connection for the jobs"
tools/python.sh tools/sweep.py merge --out "$out/ssh" --quiet || fail "merge of the run over ssh"
tools/python.sh - "$out/local/results.json" "$out/ssh/results.json" <<'PY' || exit 1
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
if not a["records"] or a["records"] != b["records"] or b["missing"] or b["failed"]:
    print("FAIL: the records over ssh differ from the local run's (%d and %d records; "
          "missing %s, failed %s)" % (len(a["records"]), len(b["records"]), b["missing"], b["failed"]))
    sys.exit(1)
print("%d records, equal to the local run's" % len(b["records"]))
PY
echo "$n jobs through parallel --sshlogin 2/127.0.0.1 in $secs s ($accepted ssh logins); merged results equal the local run's"
