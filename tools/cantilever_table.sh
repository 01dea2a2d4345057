#!/usr/bin/env bash
# The cantilever bending test (tools/cantilever.py) across what the README's "How it bends" and
# docs/physics.md quote: cotton at three node spacings on the three paths (a grid on the general
# and grid paths, the same strip as a [[mesh]]), at 8, 16 and 64 substeps, and every material of
# the materials table at overhangs of 1 to 4 bending lengths. CPU reference; each strip settles
# for 10 s. Prints one line per strip: what it was, then tools/cantilever.py's judgement.
#
#   tools/cantilever_table.sh [WEFT] [PART...]    PART: spacing, substeps, materials (all three)
set -euo pipefail
cd "$(dirname "$0")/.."
weft=$(realpath "${1:-build/app/weft}")
tools=$(pwd)/tools
shift || true
parts=${*:-spacing substeps materials}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

strip() {  # label, path (general|grid|mesh), cantilever.py options...
  local label=$1 path=$2
  shift 2
  local scene_options=("$@")
  if [ "$path" = mesh ]; then
    scene_options+=(--mesh strip.obj)  # beside the scene: a scene reads meshes from its folder
  else
    scene_options+=(--variant "$path")
  fi
  (cd "$work" && "$tools/cantilever.py" scene "${scene_options[@]}" >strip.toml)
  "$weft" run "$work/strip.toml" --cpu --quiet --export-csv "$work/strip.csv" </dev/null >/dev/null
  printf '%-34s %-8s %s\n' "$label" "$path" "$("$tools/cantilever.py" judge "$work/strip.csv" "$@")"
}

# Cotton (0.15 kg/m^2, 3e-6 N m) over two bending lengths at 5.1, 2.5 and 1.3 mm.
if [[ $parts == *spacing* ]]; then
  for nodes in 5 10 20; do
    for path in general grid mesh; do
      strip "cotton, $nodes nodes over 2c" "$path" --nodes "$nodes"
    done
  done
fi

# The same strip at 2.5 mm, 8, 16 and 64 substeps.
if [[ $parts == *substeps* ]]; then
  for substeps in 8 16 64; do
    for path in general grid mesh; do
      strip "cotton, 10 nodes, $substeps substeps" "$path" --nodes 10 --substeps "$substeps"
    done
  done
fi

# Every material of the table (areal density kg/m^2, bending stiffness N m), 10 nodes.
if [[ $parts == *materials* ]]; then
  while read -r name density bending; do
    for overhang in 1 2 3 4; do
      for path in general grid; do
        strip "$name over ${overhang}c" "$path" --nodes 10 --overhang "$overhang" \
          --density "$density" --bending "$bending"
      done
    done
  done <<'MATERIALS'
silk 0.082 2e-6
cotton 0.15 3e-6
denim 0.35 5e-5
wool 0.2 5e-6
leather 0.75 3e-4
rubber 0.47 2.1e-5
paper 0.08 4.2e-4
MATERIALS
fi
