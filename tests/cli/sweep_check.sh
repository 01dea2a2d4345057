#!/usr/bin/env bash
# A 12-case sweep run as a Slurm job array runs it, locally: each task is tools/slurm_sweep.sh
# with SLURM_ARRAY_TASK_ID set, then --collect joins the summaries. Checks that every case ran
# with its own values (from its summary's overrides and from the physics: more substeps, less
# stretch is not assumed; a longer rope has more particles is), and that a missing case is named.
#   sweep_check.sh WEFT SOURCE_DIR WORK_DIR
set -euo pipefail
weft=$1
source=$2
work=$3
rm -rf "$work"
mkdir -p "$work"
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
cat >"$work/spec.toml" <<SPEC
scene = "$source/tests/data/falling_particle.toml"
output = "results"
frames = 5
device = "cpu"
[set]
"solver.substeps" = 2
[grid]
"environment.gravity" = [[0.0, -1.0, 0.0], [0.0, -2.0, 0.0], [0.0, -4.0, 0.0]]
"particle.mass" = [1.0, 2.0, 3.0, 4.0]
SPEC
"$weft" sweep "$work/spec.toml" --print-jobs >"$work/jobs.txt"
[ "$(wc -l <"$work/jobs.txt")" -eq 12 ] || fail "$(wc -l <"$work/jobs.txt") command lines, expected 12"
grep -q -- "--set solver.substeps=2 --set 'environment.gravity=\[ 0.0, -4.0, 0.0 \]' --set particle.mass=2.0 --summary-json $work/results/case-0009.json$" "$work/jobs.txt" ||
  fail "case 9 is not gravity 4, mass 2: $(sed -n 10p "$work/jobs.txt")"

cd "$work"
for task in $(seq 0 11); do
  SLURM_ARRAY_TASK_ID=$task WEFT=$weft "$source/tools/slurm_sweep.sh" spec.toml >"task$task.log" 2>&1 ||
    fail "task $task: $(cat "task$task.log")"
done
SLURM_ARRAY_TASK_ID=12 WEFT=$weft "$source/tools/slurm_sweep.sh" spec.toml >task12.log 2>&1 &&
  fail "task 12 of a 12-case sweep ran"

"$weft" sweep spec.toml --collect results.csv >collect.log || fail "--collect: $(cat collect.log)"
[ "$(wc -l <results.csv)" -eq 13 ] || fail "results.csv has $(wc -l <results.csv) lines, expected 13"
# Each case's particle falls from rest for 0.05 s: kinetic energy m (g t)^2 / 2.
python3 - "$work/results.csv" <<'PY' || fail "the collected rows are not the cases' physics"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for row in rows:
    g = -float(row["environment.gravity"].strip("[]").split(",")[1])
    m = float(row["particle.mass"])
    expected = 0.5 * m * (g * 0.05) ** 2
    kinetic = float(row["kinetic"])
    assert row["status"] == "done" and row["frames_done"] == "5", row
    assert abs(kinetic - expected) < 1e-5 + 1e-4 * expected, (row, expected)
print(len(rows), "cases collected with their own physics")
PY
rm results/case-0004.json
"$weft" sweep spec.toml --collect partial.csv 2>missing.log || fail "--collect of a partial sweep"
grep -q "case 4: .*case-0004.json: no summary" missing.log || fail "the missing case is not named: $(cat missing.log)"
grep -q "^4,.*,missing," partial.csv || fail "case 4 is not marked missing"
echo "a 12-case sweep ran as a local job array and was collected"
