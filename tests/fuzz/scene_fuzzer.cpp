// libFuzzer target: any bytes as a scene file. The loader must either return a Scene or throw
// SceneError; any other exception, a crash, a leak or undefined behaviour is a finding. Built and
// run by tools/fuzz_scene.sh (clang's -fsanitize=fuzzer,address,undefined).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "app/scene/scene_error.h"
#include "app/scene/scene_file.h"

namespace {

// Every mesh file name reads as this small square: the fuzzer reads no files.
constexpr std::string_view kSquare =
    "v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nv 1 0 0\nf 1 2 3\nf 1 3 4\nf 1 5 2\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  weft::SceneParseOptions options;
  options.file = "fuzz.toml";
  // Large grids are legal but slow to build under the sanitizers; the limit check is exercised.
  options.particle_budget.max_particles = 4096;
  options.read_mesh = [](const std::filesystem::path& path) {
    return weft::parse_obj(kSquare, path.string());
  };
  try {
    const weft::Scene scene =
        weft::parse_scene(std::string_view(reinterpret_cast<const char*>(data), size), options);
    (void)scene;
  } catch (const weft::SceneError&) {
    // Refused with a message: the expected outcome for most inputs.
  }
  return 0;
}
