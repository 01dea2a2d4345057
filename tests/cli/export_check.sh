#!/usr/bin/env bash
# `weft run --export` and `--export-animation` end to end: the files asked for are there, complete,
# and open in a standard tool (assimp, Debian's assimp-utils): a triangle mesh (OBJ), ropes as
# lines (OBJ), a point set (PLY), an animated glTF binary and a point cache with its rest mesh.
#   export_check.sh WEFT SCENES_DIR WORK_DIR
# Exits 77 (ctest: skipped) when assimp is not installed.
set -euo pipefail
weft=$1
scenes=$2
work=$3
if ! command -v assimp >/dev/null; then
  echo "SKIPPED: assimp is not installed (apt-get install assimp-utils)"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work"

"$weft" run "$scenes/glut_cloth.toml" --cpu --frames 20 --every 10 --export "$work/cloth" \
  --export-csv "$work/cloth.csv" --quiet
"$weft" run "$scenes/games101_ropes.toml" --cpu --frames 5 --every 5 --export "$work/ropes" --quiet
"$weft" run "$scenes/nehe39_three_cases.toml" --cpu --frames 5 --every 5 --export "$work/particles" \
  --quiet
"$weft" run "$scenes/glut_cloth.toml" --cpu --frames 20 --every 5 \
  --export-animation "$work/cloth.glb" --quiet
"$weft" run "$scenes/glut_cloth.toml" --cpu --frames 20 --every 5 \
  --export-animation "$work/cloth.pc2" --quiet

expect_files() {
  local dir=$1
  shift
  local actual
  actual=$(cd "$dir" && ls -A | tr '\n' ' ')
  if [ "$actual" != "$* " ]; then
    echo "FAIL: $dir holds '$actual', expected '$* '" >&2
    exit 1
  fi
}
expect_files "$work/cloth" glut_cloth_000000.obj glut_cloth_000010.obj glut_cloth_000020.obj
expect_files "$work/ropes" euler_000000.obj euler_000005.obj verlet_000000.obj verlet_000005.obj

# 20 x 20 cloth: 400 vertices, 2 x 19 x 19 = 722 triangles; the CSV has a header and 400 rows.
info=$(assimp info "$work/cloth/glut_cloth_000020.obj")
grep -Eq "Vertices: +400" <<<"$info" || { echo "FAIL: OBJ vertices: $info" >&2; exit 1; }
grep -Eq "Faces: +722" <<<"$info" || { echo "FAIL: OBJ faces: $info" >&2; exit 1; }
grep -Eq "Primitive Types: +triangles" <<<"$info" || { echo "FAIL: $info" >&2; exit 1; }
[ "$(wc -l <"$work/cloth.csv")" -eq 401 ] || { echo "FAIL: CSV rows" >&2; exit 1; }
[ "$(head -1 "$work/cloth.csv")" = "index,x,y,z" ] || { echo "FAIL: CSV header" >&2; exit 1; }

# A rope is a polyline: 16 nodes, 15 segments as assimp counts them.
info=$(assimp info "$work/ropes/verlet_000005.obj")
grep -Eq "Primitive Types: +lines" <<<"$info" || { echo "FAIL: rope OBJ: $info" >&2; exit 1; }
grep -Eq "Faces: +15" <<<"$info" || { echo "FAIL: rope segments: $info" >&2; exit 1; }

# A point set has no faces, which assimp's default validation rejects: read it raw (-r).
info=$(assimp info "$work/particles/gravitation_000005.ply" -r)
grep -Eq "Primitive Types: +points" <<<"$info" || { echo "FAIL: $info" >&2; exit 1; }

# The glTF: the cloth with its animation (frames 0, 5, 10, 15, 20).
info=$(assimp info "$work/cloth.glb")
grep -Eq "Vertices: +400" <<<"$info" || { echo "FAIL: glTF vertices: $info" >&2; exit 1; }
grep -Eq "Animations: +1" <<<"$info" || { echo "FAIL: glTF animation: $info" >&2; exit 1; }

# The point cache: 32 bytes of header, then 5 samples of 400 points of 12 bytes; its rest mesh.
[ "$(head -c 11 "$work/cloth.pc2")" = POINTCACHE2 ] || { echo "FAIL: PC2 header" >&2; exit 1; }
[ "$(stat -c %s "$work/cloth.pc2")" -eq $((32 + 5 * 400 * 12)) ] ||
  { echo "FAIL: PC2 size $(stat -c %s "$work/cloth.pc2")" >&2; exit 1; }
info=$(assimp info "$work/cloth.obj")
grep -Eq "Faces: +722" <<<"$info" || { echo "FAIL: rest mesh: $info" >&2; exit 1; }
echo "exports complete and readable by assimp"
