#!/usr/bin/env bash
# One case of a weft sweep as one task of a Slurm job array (docs/batch.md):
#   sbatch --array=0-11 tools/slurm_sweep.sh SPEC.toml
# Task N runs line N + 1 of `weft sweep SPEC.toml --print-jobs`, whose summary JSON
# `weft sweep SPEC.toml --collect results.csv` then joins with the others. Run by hand, it is
# the same with SLURM_ARRAY_TASK_ID set: SLURM_ARRAY_TASK_ID=3 tools/slurm_sweep.sh SPEC.toml
#SBATCH --job-name=weft-sweep
#SBATCH --output=weft-sweep-%A_%a.log
set -euo pipefail
spec=${1:?usage: sbatch --array=0-N tools/slurm_sweep.sh SPEC.toml}
task=${SLURM_ARRAY_TASK_ID:?SLURM_ARRAY_TASK_ID is not set: run this through sbatch --array}
weft=${WEFT:-weft}
line=$("$weft" sweep "$spec" --print-jobs | sed -n "$((task + 1))p")
if [ -z "$line" ]; then
  echo "weft-sweep: $spec has no case $task" >&2
  exit 2
fi
echo "weft-sweep: case $task: $line"
eval "exec $line"
