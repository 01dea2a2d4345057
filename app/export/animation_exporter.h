// `weft run SCENE --export-animation FILE [--every K]`: the whole run as one animation file, the
// format from FILE's extension. Frames 0, K, 2K, ... are sampled (a last frame off that grid is
// not: both formats want evenly spaced samples).
//   .pc2  a point cache (Blender's Mesh Cache modifier, Houdini, 3ds Max): every particle of the
//         scene, numbered across systems in scene order, at every sample; beside it FILE with the
//         extension .obj, the rest mesh (frame 0) whose vertices are in the same order.
//   .glb  glTF 2.0 binary: one mesh per system (triangles with normals and texture coordinates,
//         ropes as lines, free particles as points) whose frames are morph targets, played by an
//         animation of the morph weights (docs/export.md says why).
// Nothing is written until the run is over; then each file is written whole, or not at all.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <vector>

#include <glm/vec3.hpp>

#include "app/export/output_file.h"
#include "app/export/surface_layout.h"
#include "app/scene/scene_systems.h"

namespace weft {

enum class AnimationFormat { pc2, glb };

// The format for a file name, by its extension (either case); nullopt for any other.
std::optional<AnimationFormat> animation_format_for(const std::filesystem::path& file);

// What a run recorded: positions[sample][system][particle] at frames[sample].
struct AnimationSamples {
  uint32_t every = 1;     // frames between samples
  float frame_dt = 0.0f;  // s per frame
  std::vector<uint32_t> frames;
  std::vector<std::vector<std::vector<glm::vec3>>> positions;
};

// The point cache: "POINTCACHE2\0", version 1, point count, start frame, frames per sample,
// sample count (little-endian int32 and float32), then x, y, z per point per sample.
void write_pc2(std::ostream& out, const AnimationSamples& samples);
// The rest mesh beside a point cache: one OBJ object per system, the first sample's positions.
void write_rest_obj(std::ostream& out, const Scene& scene,
                    const std::vector<SurfaceLayout>& layouts, const AnimationSamples& samples);
// The glTF binary. Throws ExportError when the scene cannot be written (for example no sample).
void write_glb(std::ostream& out, const Scene& scene, const std::vector<SurfaceLayout>& layouts,
               const AnimationSamples& samples);

// A point cache's rest mesh (FILE.obj beside FILE.pc2) has a name the user did not give: it is
// written as a regular file, and replaces only a rest mesh weft wrote (which starts with these
// words), never a mesh of the user's.
inline constexpr const char* kRestMeshFirstWords = "# weft: rest mesh";
std::filesystem::path rest_mesh_file_for(const std::filesystem::path& point_cache);
OutputOptions rest_mesh_options();

class AnimationExporter {
 public:
  // Throws ExportError, before any frame is simulated, for an unknown extension or a directory
  // that does not exist or cannot be written.
  AnimationExporter(const Scene& scene, std::filesystem::path file, uint32_t every);

  bool wants(uint32_t frame) const { return frame % samples_.every == 0; }
  // The next frame after `frame` that wants a sample, or `last_frame`.
  uint32_t next_after(uint32_t frame, uint32_t last_frame) const;
  // positions[s]: every particle of system s. link_states[s], when given, is each particle's torn
  // links: a system whose cloth tore is written with the triangles whole at its last sample (a
  // morph-target animation and a point cache keep one set of faces for the whole run).
  void record(uint32_t frame, const std::vector<std::vector<glm::vec3>>& positions,
              const std::vector<std::vector<uint32_t>>& link_states = {});

  // Writes the file (and the rest mesh of a point cache); returns what was written.
  std::vector<WrittenFile> finish();

  const AnimationSamples& samples() const { return samples_; }
  // Where a point cache's rest mesh goes: the file with the extension .obj.
  std::filesystem::path rest_mesh_file() const;

 private:
  const Scene& scene_;
  std::filesystem::path file_;
  AnimationFormat format_;
  std::vector<SurfaceLayout> layouts_;
  AnimationSamples samples_;
};

}  // namespace weft
