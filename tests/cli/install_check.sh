#!/usr/bin/env bash
# `cmake --install` into a fresh prefix, then from a folder outside the source tree: the installed
# weft runs a shipped scene by its README path, an example program builds against the installed
# CMake package (examples/embed) and runs, and Python imports the installed module.
#   install_check.sh BUILD_DIR SOURCE_DIR WORK_DIR PYTHON PYTHON_INSTALL_DIR
set -euo pipefail
build=$1
source=$2
work=$3
python=${4:-}
python_dir=${5:-}
rm -rf "$work"
mkdir -p "$work/elsewhere"
prefix=$work/prefix
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

cmake --install "$build" --prefix "$prefix" >"$work/install.log" || fail "cmake --install: $(tail -5 "$work/install.log")"
for installed in bin/weft include/weft/weft.h share/weft/scenes/flag_in_wind.toml \
  share/weft/scenes/meshes share/weft/shaders/integrate.comp; do
  [ -e "$prefix/$installed" ] || fail "not installed: $installed"
done
config=$(find "$prefix" -name weftConfig.cmake | head -1)
[ -n "$config" ] || fail "no weftConfig.cmake under $prefix"

cd "$work/elsewhere"
# The README's command, from a folder with no scenes/: the installed scenes, not the source's.
"$prefix/bin/weft" run scenes/flag_in_wind.toml --cpu --frames 2 --quiet --stats f.csv \
  >run.log 2>&1 || fail "installed weft run: $(cat run.log)"
grep -q "read $prefix/share/weft/scenes/flag_in_wind.toml" run.log ||
  fail "the installed weft did not read its installed scene: $(cat run.log)"
[ "$(wc -l <f.csv)" -eq 4 ] || fail "f.csv has $(wc -l <f.csv) lines, expected a header and 3 frames"

cmake -S "$source/examples/embed" -B embed -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
  >embed.log 2>&1 || fail "configuring examples/embed: $(tail -20 embed.log)"
cmake --build embed >>embed.log 2>&1 || fail "building examples/embed: $(tail -20 embed.log)"
./embed/weft_embed >embed.out 2>&1 || fail "weft_embed: $(cat embed.out)"
grep -q "^substeps 30$" embed.out || fail "the override did not reach the scene: $(cat embed.out)"
grep -q "^particles 11, last at" embed.out || fail "weft_embed: $(cat embed.out)"
./embed/weft_embed scenes/nehe40_rope.toml rope.obj >embed_file.out 2>&1 ||
  fail "weft_embed on an installed scene: $(cat embed_file.out)"
[ "$(grep -c '^v ' rope.obj)" -eq 80 ] || fail "rope.obj does not hold the rope's 80 nodes"
./embed/weft_embed scenes/no_such_scene.toml >missing.out 2>&1 && fail "a missing scene was read"
grep -q "scene file not found" missing.out || fail "missing scene: $(cat missing.out)"

if [ -n "$python" ]; then
  PYTHONPATH="$prefix/$python_dir" "$python" -c "
import weft
sim = weft.Simulation('scenes/nehe40_rope.toml')
sim.step(2)
assert sim.positions.shape == (80, 3), sim.positions.shape
print('python:', weft.__file__)
" >python.out 2>&1 || fail "the installed Python module: $(cat python.out)"
  grep -q "python: $prefix/" python.out || fail "Python imported another weft: $(cat python.out)"
fi
echo "installed into $prefix: weft, its scenes, the C++ package and the Python module work from $work/elsewhere"
