// `weft run --export DIR --every K`: one file per system for frame 0, every K-th frame and the
// last frame, named <system>_<frame, 6 digits>.obj when the system has triangles (a surface with
// texture coordinates and normals) or ropes and springs (polylines), and .ply otherwise (a point
// set). `--export-csv FILE`: the final positions of every
// particle of the scene, numbered across systems in scene order.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "app/export/output_file.h"
#include "app/export/surface_layout.h"
#include "app/scene/scene_systems.h"

namespace weft {

class FrameExporter {
 public:
  // Creates the directory (and its parents) if needed; throws ExportError when it cannot, or when
  // a system's name is not a valid name (names.h) and so cannot name a file.
  FrameExporter(const Scene& scene, std::filesystem::path directory, uint32_t every);

  // Whether frame `frame` (frames done so far; 0 = the initial state) is exported in a run of
  // `last_frame` frames.
  bool wants(uint32_t frame, uint32_t last_frame) const {
    return frame % every_ == 0 || frame == last_frame;
  }
  // The next frame after `frame` that wants an export.
  uint32_t next_after(uint32_t frame, uint32_t last_frame) const;

  // positions[s]: every particle of system s. link_states[s], when given, is each particle's torn
  // links (shaders/link_state_layout.h): a system whose cloth tore is written without the triangles
  // that lost an edge, as it is drawn.
  void write(uint32_t frame, const std::vector<std::vector<glm::vec3>>& positions,
             const std::vector<std::vector<uint32_t>>& link_states = {});

  std::filesystem::path file_for(size_t system, uint32_t frame) const;
  uint64_t files_written() const { return files_written_; }
  uint64_t files_replaced() const { return files_replaced_; }  // of an earlier export
  const std::filesystem::path& directory() const { return directory_; }

 private:
  const Scene& scene_;
  std::vector<SurfaceLayout> layouts_;  // per system
  std::filesystem::path directory_;
  uint32_t every_;
  uint64_t files_written_ = 0;
  uint64_t files_replaced_ = 0;
};

WrittenFile write_positions_csv(const std::filesystem::path& file,
                                const std::vector<std::vector<glm::vec3>>& positions);

}  // namespace weft
