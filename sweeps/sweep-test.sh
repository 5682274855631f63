#!/usr/bin/env bash
# tools/sweep.py on sweeps/test/tiny.toml: the expansion (20 jobs: "none" is not repeated per
# memory; parameters joined with +), the Slurm array script, running the job list (GNU
# parallel when installed, else one by one as a Slurm task would), the merge (a free memory
# gives the figures without caches; the CSV, the JSON, the chart), and refused descriptions.
# usage: sweeps/sweep-test.sh SIM OUTDIR
set -u
sim=$1 out=$2
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$out" && mkdir -p "$out"
python3 tools/sweep.py expand sweeps/test/tiny.toml --out "$out/tiny" --sim "$sim" >"$out/expand.log" 2>&1 ||
  fail "expand: $(cat "$out/expand.log")"
n=$(wc -l < "$out/tiny/jobs.txt")
[ "$n" = 20 ] || fail "$n jobs, expected 20"
grep -q '^#SBATCH --array=1-20$' "$out/tiny/sweep.slurm" || fail "the Slurm script is not an array of 20"
bash -n "$out/tiny/sweep.slurm" || fail "the Slurm script is not valid bash"
grep -q -- "--set jal=5 --set jalr=5" "$out/tiny/jobs.txt" || fail "jal+jalr did not become two --set"
[ "$(grep -c -- '--icache' "$out/tiny/jobs.txt")" = 16 ] || fail "not 16 cached jobs"
if command -v parallel >/dev/null; then
  parallel --jobs 2 < "$out/tiny/jobs.txt" || fail "parallel: a job failed"
else
  for i in $(seq 1 "$n"); do SLURM_ARRAY_TASK_ID=$i bash "$out/tiny/sweep.slurm" || fail "task $i"; done
fi
python3 tools/sweep.py merge --out "$out/tiny" >"$out/merge.log" 2>&1 || fail "merge: $(tail -3 "$out/merge.log")"
python3 - "$out/tiny" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1] + "/results.json"))
recs = [r for r in d["records"] if r["metric"] == "task switch"]
def fig(x, cache, mem, s):
    v = [r["avg_cycles"] for r in recs if (r["xlen"], r["cache"], r["mem"], r["set"]) == (x, cache, mem, s)]
    assert len(v) == 1, (x, cache, mem, s, v)
    return v[0]
bad = []
if len(recs) != 20 or d["missing"] or d["failed"]:
    bad.append("%d records, missing %s, failed %s" % (len(recs), d["missing"], d["failed"]))
for x in (32, 64):
    for s in ("jal=6 jalr=6", "jal=5 jalr=5"):
        none, free = fig(x, "none", "", s), fig(x, "1K:32:2", "0:0:4", s)
        slow = fig(x, "1K:32:2", "20:1:4", s)
        if none != free:
            bad.append("rv%d %s: free memory %s, no cache %s" % (x, s, free, none))
        if not slow > none:
            bad.append("rv%d %s: a 1K cache before DRAM (%s) not slower than none (%s)" % (x, s, slow, none))
    if not fig(x, "none", "", "jal=5 jalr=5") < fig(x, "none", "", "jal=6 jalr=6"):
        bad.append("rv%d: jal=jalr=5 not faster than 6" % x)
for b in bad:
    print("FAIL: " + b)
sys.exit(1 if bad else 0)
PY
[ "$(head -1 "$out/tiny/results.csv" | cut -c1-30)" = "id,kernel,xlen,bench,cache,mem" ] || fail "results.csv header"
grep -q '<polyline' "$out/tiny/tiny.svg" || fail "the chart has no line"
# refused: an unknown axis, an unknown timing parameter
printf '[axes]\nkernel=["tempo"]\nxlen=[32]\nbench=["b"]\nwidth=[1]\n[images]\ntempo="x"\n' > "$out/bad1.toml"
printf '[axes]\nkernel=["tempo"]\nxlen=[32]\nbench=["b"]\n[params]\nnot_a_param=[1]\n[images]\ntempo="x"\n' > "$out/bad2.toml"
for b in bad1 bad2; do
  python3 tools/sweep.py expand "$out/$b.toml" --out "$out/$b" --sim "$sim" 2>"$out/$b.err" && fail "$b accepted"
  grep -q "^sweep: .*$b.toml: " "$out/$b.err" || fail "$b: no one-line reason"
done
echo "20 jobs expanded, run and merged; free-memory figures equal those without caches"
