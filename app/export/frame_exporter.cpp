#include "app/export/frame_exporter.h"

#include <cstdio>

#include "app/export/mesh_writers.h"
#include "app/export/output_file.h"
#include "app/scene/names.h"
#include "app/scene/safe_text.h"
#include "sim/model/link_state.h"

namespace weft {

FrameExporter::FrameExporter(const Scene& scene, std::filesystem::path directory, uint32_t every)
    : scene_(scene), directory_(std::move(directory)), every_(every == 0 ? 1 : every) {
  for (const SceneSystem& system : scene_.systems)
    layouts_.push_back(surface_layout(system));
  // A system's name becomes a file name in the folder: it must be a plain name, never a path
  // (the scene loader refuses such names; this holds for every other source of scenes too).
  for (const SceneSystem& system : scene_.systems) {
    if (auto problem = name_problem(system.name)) {
      throw ExportError("cannot export the system '" + quoted_input(system.name) + "': its name " +
                        *problem + ", and export files are named after it");
    }
  }
  create_output_folder(directory_);
}

uint32_t FrameExporter::next_after(uint32_t frame, uint32_t last_frame) const {
  const uint64_t next = (uint64_t{frame} / every_ + 1) * every_;
  return next < last_frame ? static_cast<uint32_t>(next) : last_frame;
}

std::filesystem::path FrameExporter::file_for(size_t system, uint32_t frame) const {
  const SceneSystem& s = scene_.systems[system];
  char number[16];
  std::snprintf(number, sizeof number, "%06u", frame);
  const SurfaceLayout& layout = layouts_[system];
  const char* extension = layout.has_surface() || layout.has_lines() ? ".obj" : ".ply";
  return directory_ / (s.name + "_" + number + extension);
}

void FrameExporter::write(uint32_t frame, const std::vector<std::vector<glm::vec3>>& positions,
                          const std::vector<std::vector<uint32_t>>& link_states) {
  for (size_t s = 0; s < scene_.systems.size(); ++s) {
    const SceneSystem& system = scene_.systems[s];
    char comment[160];
    std::snprintf(comment, sizeof comment, "weft: system %s, frame %u, t = %.6g s",
                  system.name.c_str(), frame,
                  static_cast<double>(frame) * double{system.model.solver.frame_dt});
    // Inside weft's own export folder, whatever has the file's name is replaced, even a FIFO.
    OutputOptions options;
    options.streams_in_place = false;
    const WrittenFile written = write_output_file(
        file_for(s, frame),
        [&](std::ostream& out) {
          const SurfaceLayout& layout = layouts_[s];
          if (layout.has_surface() && s < link_states.size() && !link_states[s].empty()) {
            SurfaceLayout torn = layout;
            torn.triangles = intact_triangles(system.model, link_states[s]);
            write_obj(out, positions[s], torn, comment);
          } else if (layout.has_surface() || layout.has_lines()) {
            write_obj(out, positions[s], layout, comment);
          } else {
            write_ply_points(out, positions[s], comment);
          }
        },
        options);
    ++files_written_;
    if (written.replaced) ++files_replaced_;
  }
}

WrittenFile write_positions_csv(const std::filesystem::path& file,
                                const std::vector<std::vector<glm::vec3>>& positions) {
  OutputOptions options;
  options.create_folders = true;
  return write_output_file(
      file,
      [&](std::ostream& out) {
        write_csv_header(out);
        uint64_t first = 0;
        for (const std::vector<glm::vec3>& system : positions) {
          write_csv_rows(out, system, first);
          first += system.size();
        }
      },
      options);
}

}  // namespace weft
