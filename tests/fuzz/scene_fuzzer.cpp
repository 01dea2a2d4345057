// libFuzzer target: any bytes as a scene file. The loader must either return a Scene or throw
// SceneError; any other exception, a crash, a leak or undefined behaviour is a finding. A scene
// that loads is written back as a scene file (app/scene/scene_writer.h), which must load again
// as the same particles and links: a writer that cannot say what the loader took, or says
// something else, is a finding too. Built and run by tools/fuzz_scene.sh (clang's
// -fsanitize=fuzzer,address,undefined).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "app/scene/scene_error.h"
#include "app/scene/scene_file.h"
#include "app/scene/scene_writer.h"

namespace {

// Every mesh file name reads as this small square: the fuzzer reads no files.
constexpr std::string_view kSquare =
    "v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nv 1 0 0\nf 1 2 3\nf 1 3 4\nf 1 5 2\n";

[[noreturn]] void finding(const std::string& what) {
  std::fprintf(stderr, "scene writer: %s\n", what.c_str());
  std::abort();
}

template <typename T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

// The scene written and loaded again: the same systems, particles (positions, velocities,
// inverse masses) and numbers of links, anchors, triangles and colliders.
void check_round_trip(const weft::Scene& scene, const weft::SceneParseOptions& options) {
  weft::SceneText text;
  try {
    text = weft::write_scene_text(scene, "saved");
  } catch (const weft::SceneWriteError& error) {
    finding(std::string("cannot write a scene the loader took: ") + error.what());
  }
  weft::SceneParseOptions again = options;
  again.file = "saved.toml";
  again.read_mesh = [&text](const std::filesystem::path& path) {
    for (const weft::SceneText::Mesh& mesh : text.meshes) {
      if (path == mesh.file) return weft::parse_obj(mesh.obj, path.string());
    }
    finding("the saved scene names a mesh it does not write: " + path.string());
  };
  weft::Scene reloaded;
  try {
    reloaded = weft::parse_scene(text.toml, again);
  } catch (const weft::SceneError& error) {
    finding(std::string("the saved scene does not load: ") + error.what() + "\n" + text.toml);
  }
  if (reloaded.systems.size() != scene.systems.size()) finding("another number of systems");
  for (size_t s = 0; s < scene.systems.size(); ++s) {
    const weft::Model& a = scene.systems[s].model;
    const weft::Model& b = reloaded.systems[s].model;
    if (!same_bits(a.positions, b.positions) || !same_bits(a.velocities, b.velocities) ||
        !same_bits(a.inverse_masses, b.inverse_masses) || a.springs.size() != b.springs.size() ||
        a.constraints.size() != b.constraints.size() || a.anchors.size() != b.anchors.size() ||
        a.triangles.size() != b.triangles.size() || a.bending.size() != b.bending.size() ||
        a.environment.colliders.size() != b.environment.colliders.size()) {
      finding("system " + scene.systems[s].name + " loads back as another model\n" + text.toml);
    }
  }
}

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
    check_round_trip(scene, options);
  } catch (const weft::SceneError&) {
    // Refused with a message: the expected outcome for most inputs.
  }
  return 0;
}
