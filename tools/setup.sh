#!/usr/bin/env bash
# weft's one entry point for a fresh Debian 12 machine: installs what is missing (apt, with sudo
# when not root), configures and builds with the CMake presets, then does what was asked.
#
#   tools/setup.sh run    weft's main job: the default cloth in the viewer, or, with no display,
#                         headless with a screenshot (extra arguments go to weft)
#   tools/setup.sh test   every test: the suite on lavapipe with validation, then the CPU tests
#                         again under AddressSanitizer + UndefinedBehaviorSanitizer
#   tools/setup.sh build  only install and build
#   tools/setup.sh install [PREFIX]
#                         build, then install weft, its scenes, the C++ library and the Python
#                         module into PREFIX (default ~/.local)
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  cmake ninja-build g++ pkg-config python3
  libvulkan-dev libvulkan-volk-dev mesa-vulkan-drivers vulkan-validationlayers vulkan-tools
  glslc libglfw3-dev libglm-dev libgtest-dev libcli11-dev libtomlplusplus-dev libimgui-dev
  libstb-dev libtinygltf-dev ffmpeg
  xvfb xauth
  # Profiling: RenderDoc's API header, library and command-line tool; JSON for bench.
  librenderdoc-dev librenderdoc renderdoccmd nlohmann-json3-dev
  # Tests: exported OBJ, PLY and glTF files must open in a standard tool; the scene fuzzer (libFuzzer).
  assimp-utils libassimp-dev clang libclang-rt-14-dev
  # The Python module and its tests.
  pybind11-dev python3-dev python3-numpy python3-pytest
)

install_missing() {
  local missing=()
  for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  echo "weft: installing ${missing[*]}"
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() {
  local preset=$1
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
}

case "${1:-}" in
  run)
    install_missing
    build default
    shift
    if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
      exec build/app/weft view "$@"
    fi
    echo "weft: no display (DISPLAY and WAYLAND_DISPLAY are unset): running headless instead"
    build/app/weft run --frames 150 --screenshot weft-cloth.png "$@"
    echo "weft: the last frame is in $(pwd)/weft-cloth.png (xvfb-run -a tools/setup.sh run" \
      "opens the viewer on a virtual display)"
    ;;
  test)
    install_missing
    build default
    # CI must execute the Vulkan tests, never skip them for want of a device.
    export WEFT_REQUIRE_VULKAN=1
    # ... nor the RenderDoc capture tests for want of RenderDoc (installed above).
    export WEFT_REQUIRE_RENDERDOC=1
    ctest --preset default -j2
    build asan
    ctest --preset asan -j2
    ;;
  build)
    install_missing
    build default
    ;;
  install)
    install_missing
    build default
    prefix=${2:-$HOME/.local}
    cmake --install build --prefix "$prefix" >/dev/null
    echo "weft: installed into $prefix: $prefix/bin/weft, the library (find_package(weft)) and" \
      "the Python module (import weft)"
    case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "weft: add $prefix/bin to PATH to type weft" ;; esac
    ;;
  *)
    echo "usage: tools/setup.sh run|test|build|install [PREFIX]" >&2
    exit 2
    ;;
esac
