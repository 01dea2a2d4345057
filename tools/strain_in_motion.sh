#!/usr/bin/env bash
# The largest strain of the structural links while the cloth moves, for the README's "How it
# bends" and docs/physics.md: the corner-hung and hanging cloths falling from flat and settling
# (5 s), and the flag in its gusts, at three resolutions on both solver paths (CPU reference).
# Each runs at its scene's substeps and sweeps, but the corner-hung cloth on the grid path, which
# runs at the bench's 16 x 4 (the scene's 37 x 1 is the general path's). Prints one line per
# run: scene, nodes a side, path, the largest strain during the run (checked every 10 frames)
# and the strain at the end.
#
#   tools/strain_in_motion.sh [WEFT] [SIZES]     defaults: build/app/weft, "32 64 128"
set -euo pipefail
cd "$(dirname "$0")/.."
weft=${1:-build/app/weft}
sizes=${2:-32 64 128}

run() {  # scene, columns, rows, path, extra options...
  local scene=$1 columns=$2 rows=$3 path=$4
  shift 4
  local summary
  summary=$("$weft" run "scenes/$scene.toml" --cpu --columns "$columns" --rows "$rows" </dev/null \
    --variant "$path" "$@" 2>&1) || { echo "$scene $columns x $rows $path: failed"; return 1; }
  local during end
  during=$(grep -m1 '^  max strain:' <<<"$summary" | awk '{print $3}')
  end=$(grep -m1 '^  strain at end:' <<<"$summary" | awk '{print $5}')
  printf '%-18s %4s x %-4s %-8s during %-8s at end %s\n' "$scene" "$columns" "$rows" "$path" \
    "$during" "$end"
}

for n in $sizes; do
  run corner_hung_cloth "$n" "$n" general
  run corner_hung_cloth "$n" "$n" grid --substeps 16 --sweeps 4
  run hanging_cloth "$((n + 1))" "$((n + 1))" general
  run hanging_cloth "$((n + 1))" "$((n + 1))" grid
done
run flag_in_wind 48 32 general
run flag_in_wind 48 32 grid
run flag_in_wind 96 64 general
run flag_in_wind 96 64 grid
