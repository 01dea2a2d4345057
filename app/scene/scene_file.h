// Scene files: TOML describing objects, their materials and pins, the environment and the solver
// (every key is documented in docs/scenes.md). Loading either yields a Scene ready to simulate or
// throws SceneError naming the file, line, key and what was expected.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "app/scene/obj_reader.h"
#include "app/scene/particle_budget.h"
#include "app/scene/scene_systems.h"

namespace weft {

struct SceneParseOptions {
  std::string file = "scene.toml";       // the name messages use
  std::filesystem::path base_directory;  // mesh files are relative to it
  // Reads a mesh file; tests and the fuzzer substitute their own (the fuzzer reads no files).
  std::function<ObjMesh(const std::filesystem::path&)> read_mesh = read_obj_file;
  // Refuses scenes larger than this before allocating them (a typo like rows = 1000000);
  // load_scene sets it from this machine's memory (particle_budget.h).
  ParticleBudget particle_budget;
  // --columns/--rows: the scene's one [[cloth]] gets this many nodes instead of its own (0: its
  // own). A scene with several cloths, or one pinned by node numbers, is refused.
  uint32_t cloth_columns = 0;
  uint32_t cloth_rows = 0;
  // KEY=VALUE overrides of the file's keys, applied before it is read (scene_overrides.h).
  std::vector<std::string> overrides;
};

// The largest scene file weft reads: far beyond any hand-written scene, far below what would
// strain the TOML parser's memory (it holds a node per value).
constexpr uint64_t kMaxSceneFileBytes = uint64_t{16} << 20;

Scene parse_scene(std::string_view text, const SceneParseOptions& options);

// Reads the file (a missing or unreadable file is a SceneError too); meshes load relative to it.
// A relative path that is not here but names a scene weft ships is read from there
// (data_folder.h). The command line's --set overrides apply (scene_overrides.h).
Scene load_scene(const std::filesystem::path& path);
// The same, resizing the scene's one cloth to columns x rows nodes (both non-zero).
Scene load_scene(const std::filesystem::path& path, uint32_t cloth_columns, uint32_t cloth_rows);

}  // namespace weft
