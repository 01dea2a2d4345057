#!/usr/bin/env bash
# Makes every picture in README.md and docs/ from the current build, into docs/images/, with
# `weft run SCENE --screenshot` (and --video for the GIF) and a camera chosen for each picture,
# and the flag's plot from `weft run --stats` and tools/plot_stats.py.
#
#   tools/make_images.sh                 the pictures of README.md and docs/ (a few minutes on a
#                                        CPU device)
#   tools/make_images.sh --gallery DIR   also every scene in scenes/ as DIR/<scene>.png, framed
#                                        as `weft run --screenshot` frames it (docs/viewer.md's
#                                        gallery describes them)
#
# WEFT (default build/app/weft) names the program. Needs ffmpeg for the GIF.
set -euo pipefail
cd "$(dirname "$0")/.."
weft=${WEFT:-build/app/weft}
images=docs/images
[ -x "$weft" ] || { echo "make_images.sh: no $weft: build weft first (tools/setup.sh build)" >&2; exit 1; }
gallery=""
if [ "${1:-}" = "--gallery" ]; then
  [ -n "${2:-}" ] || { echo "make_images.sh: --gallery needs a folder" >&2; exit 1; }
  gallery=$2
fi

# A picture: its file, its scene, then weft run's options (frames, camera).
picture() {
  local file=$1 scene=$2
  shift 2
  echo "make_images.sh: $file"
  # weft replaces a picture only once the new one is complete.
  "$weft" run "scenes/$scene" --screenshot "$images/$file" "$@" >/dev/null
}

picture cloth_over_sphere.png cloth_over_sphere.toml \
  --camera eye=2.2,1.2,2.6 target=0,-0.15,0 fov=40
picture gathered_curtain.png gathered_curtain.toml \
  --camera eye=0.9,1.3,2.1 target=0,1.1,0 fov=45
picture self_collision_fold.png self_collision_fold.toml  # its own camera: the fold in front
picture tearing_curtain.png tearing_curtain.toml --frames 125

# The flag as a GIF: a short video, then a 64-colour palette (keeps the file small).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "make_images.sh: flag_in_wind.gif"
"$weft" run scenes/flag_in_wind.toml --frames 240 --video "$work/flag.mp4" --size 480x270 \
  --fps 30 --camera eye=1.3,1.5,3.8 target=0.7,1.1,0 fov=40 >/dev/null
ffmpeg -loglevel error -y -i "$work/flag.mp4" \
  -vf "fps=15,split[a][b];[a]palettegen=max_colors=64[p];[b][p]paletteuse" "$work/flag.gif"
mv "$work/flag.gif" "$images/flag_in_wind.gif"
# The flag's energy and strain over its run, from --stats (tools/plot_stats.py).
echo "make_images.sh: flag_stats.png"
"$weft" run scenes/flag_in_wind.toml --cpu --frames 240 --stats "$work/flag.csv" --quiet >/dev/null
tools/plot_stats.py "$work/flag.csv" "$images/flag_stats.png"

if [ -n "$gallery" ]; then
  mkdir -p "$gallery"
  for scene in scenes/*.toml; do
    name=$(basename "$scene" .toml)
    echo "make_images.sh: $gallery/$name.png"
    # A scene that blows up on purpose has no last frame to draw: say so and go on.
    "$weft" run "$scene" --screenshot "$gallery/$name.png" >/dev/null ||
      echo "make_images.sh: $scene drew no picture (see weft run $scene)" >&2
  done
fi
