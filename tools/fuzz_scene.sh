#!/usr/bin/env bash
# Fuzzes the scene-file loader (and the writer, on every scene that loads) and the OBJ reader
# with libFuzzer (Debian's clang-14 and libclang-rt-14-dev), under AddressSanitizer and
# UndefinedBehaviorSanitizer. The seed corpus is scenes/ and tests/data/fuzz_regressions/
# (scenes/meshes/ and tests/data/ for the OBJ reader); found inputs go to a scratch corpus in
# WORK_DIR, never into the source tree.
#
#   tools/fuzz_scene.sh [SECONDS_PER_TARGET] [WORK_DIR]    (defaults: 30, build/fuzz)
#
# Exits 0 when both targets ran crash-free for the time given, 1 on a finding (the crashing input
# is saved in WORK_DIR), 77 when clang or its fuzzer runtime is missing (ctest: skipped).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
work=${2:-build/fuzz}

clang=$(command -v clang++-14 || command -v clang++ || true)
if [ -z "$clang" ]; then
  echo "SKIPPED: clang++ is not installed (apt-get install clang-14 libclang-rt-14-dev)"
  exit 77
fi
if ! echo 'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }' |
  "$clang" -x c++ -fsanitize=fuzzer - -o /dev/null 2>/dev/null; then
  echo "SKIPPED: $clang has no libFuzzer runtime (apt-get install libclang-rt-14-dev)"
  exit 77
fi
mkdir -p "$work"

# What the loader needs of weft: the scene code and the model builders; no Vulkan. toml++'s
# parser is compiled from its headers here (once, in toml_implementation.cpp below, not in every
# file that reads TOML) so that it is instrumented too.
# The weft_scene library (app/scene and the default scene) and what it uses of sim/model.
sources=(app/scene/*.cpp app/default_scene.cpp
  sim/model/bending_element.cpp sim/model/cloth_grid.cpp sim/model/cloth_material.cpp sim/model/collider_path.cpp
  sim/model/contact_report.cpp sim/model/grid_layout.cpp sim/model/host_memory.cpp sim/model/link.cpp sim/model/model.cpp
  sim/model/model_origin.cpp sim/model/model_validation.cpp sim/model/rest_neighbours.cpp sim/model/rope.cpp sim/model/triangle_mesh.cpp
  sim/model/frame_clock.cpp sim/model/drape_shadow.cpp sim/model/surface_area.cpp sim/model/material_figures.cpp
  sim/model/range_text.cpp sim/model/setting_keys.cpp)
# TOML_ASSERT: toml++ 3.3.0 asserts a precondition in parse_key() that malformed headers such as
# '[[[' or '[[*' violate (fixed upstream in marzer/tomlplusplus PR #301); Debian's release build
# of the library has the assertion compiled out and reports a normal parse error, which is what
# weft links against. The fuzz build matches it, so that the fuzzer looks for real faults.
flags=(-std=c++20 -g1 -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
  -DTOML_HEADER_ONLY=0 "-DTOML_ASSERT(expr)=static_cast<void>(0)" -DGLM_FORCE_RADIANS
  -DGLM_FORCE_DEPTH_ZERO_TO_ONE -I.)

# The sources are compiled as three translation units (the scene code, the model code, toml++'s
# parser), each including its sources one after another, so that the headers they share are
# parsed once per unit rather than once per source: about a fifth of the compile time. A unit is
# recompiled when a source or header under app/scene, sim or shaders is newer than its object.
objects=()
unit() {  # NAME SOURCE...
  local name=$1 file="$work/obj/$1.cpp"
  shift
  printf '#include "%s"\n' "$@" >"$file.new"
  cmp -s "$file.new" "$file" && rm "$file.new" || mv "$file.new" "$file"
  objects+=("$work/obj/$name.o")
}
# New flags (an edit of this script, another clang) invalidate every object.
if [ "$(cat "$work/obj/flags" 2>/dev/null)" != "$clang ${flags[*]}" ]; then
  rm -rf "$work/obj" "$work/scene_fuzzer" "$work/obj_fuzzer"
fi
mkdir -p "$work/obj"
echo "$clang ${flags[*]}" >"$work/obj/flags"
scene_sources=()
model_sources=()
for source in "${sources[@]}"; do
  case $source in
  app/*) scene_sources+=("$PWD/$source") ;;
  *) model_sources+=("$PWD/$source") ;;
  esac
done
unit scene "${scene_sources[@]}"
unit model "${model_sources[@]}"
toml_implementation="$work/obj/toml_implementation.cpp"
[ -f "$toml_implementation" ] ||
  printf '#define TOML_IMPLEMENTATION\n#include <toml++/toml.h>\n' >"$toml_implementation"
objects+=("$work/obj/toml_implementation.o")
compile_one() {  # OBJECT
  local source=${1%.o}.cpp
  if [ ! -f "$1" ] || [ "$source" -nt "$1" ] ||
    [ -n "$(find app/scene sim shaders -newer "$1" -name '*.[ch]*' | head -1)" ]; then
    echo "compiling $(basename "$source")"
    "$clang" "${flags[@]}" -c "$source" -o "$1"
  fi
}
export -f compile_one
export clang
export flags_string="${flags[*]}"
printf '%s\0' "${objects[@]}" | xargs -0 -n 1 -P 2 bash -c 'flags=($flags_string); compile_one "$0"'

build_target() {  # NAME
  local name=$1 binary="$work/$1"
  local newest
  newest=$(ls -t "${objects[@]}" "tests/fuzz/$name.cpp" 2>/dev/null | head -1)
  if [ -x "$binary" ] && [ "$binary" -nt "$newest" ]; then
    return
  fi
  echo "building $binary"
  "$clang" "${flags[@]}" "tests/fuzz/$name.cpp" "${objects[@]}" -o "$binary"
}

run_target() {  # NAME SEED_DIR... -- [extra libFuzzer flags]
  local name=$1
  shift
  local seeds=()
  while [ "$1" != "--" ]; do
    seeds+=("$PWD/$1")
    shift
  done
  shift
  local corpus="$work/${name}_corpus"
  mkdir -p "$corpus"
  # -timeout: an input that takes 5 s (a scene of at most 4096 particles) is a hang to report.
  (cd "$work" && "./$name" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 \
    -max_len=8192 -print_final_stats=1 "$@" "${name}_corpus" "${seeds[@]}") 2>&1 |
    tee "$work/$name.log" | grep -E "^(#[0-9]+.*(DONE|INITED)|Done|==[0-9]+==ERROR|SUMMARY|stat::number_of_executed_units)" || true
  if grep -q "stat::number_of_executed_units" "$work/$name.log" &&
    ! grep -qE "ERROR: (libFuzzer|AddressSanitizer|UndefinedBehaviorSanitizer)|runtime error" "$work/$name.log"; then
    runs=$(grep -Eo "stat::number_of_executed_units: [0-9]+" "$work/$name.log" | grep -Eo "[0-9]+$")
    echo "$name: $runs runs in ${seconds} s, no crash"
  else
    echo "$name: FINDING, see $work/$name.log (the input is saved as $work/crash-*)" >&2
    return 1
  fi
}

build_target scene_fuzzer
build_target obj_fuzzer
status=0
run_target scene_fuzzer scenes tests/data/fuzz_regressions -- -dict="$PWD/tests/fuzz/scene.dict" ||
  status=1
run_target obj_fuzzer scenes/meshes tests/data -- || status=1
exit $status
