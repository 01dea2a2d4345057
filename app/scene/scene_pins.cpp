// [object.pin]: which particles of a rope, cloth or mesh never move: node indices, grid corners
// (cloth only) and an axis-aligned box tested against the built positions.
#include <algorithm>
#include <cmath>

#include <glm/vector_relational.hpp>
#include <glm/common.hpp>

#include "app/scene/closest_match.h"
#include "app/scene/mesh_repair.h"
#include "app/scene/object_keys.h"
#include "app/scene/scene_draft.h"

namespace weft {

void apply_scene_pins(const TableReader& owner, SceneObjectKind kind, Model& model,
                      SceneObject& object, const std::vector<uint32_t>* vertex_to_particle) {
  auto pin = owner.table("pin", object_table_key_names("pin"));
  if (!pin) return;
  auto pin_particle = [&](uint32_t index) {
    model.inverse_masses[object.first_particle + index] = 0;
  };
  const int64_t node_limit =
      vertex_to_particle ? int64_t(vertex_to_particle->size()) : int64_t(object.particle_count);
  if (auto nodes = pin->integers("nodes", 0, node_limit - 1)) {
    for (int64_t node : *nodes) {
      uint32_t index = static_cast<uint32_t>(node);
      if (vertex_to_particle) {
        index = (*vertex_to_particle)[index];
        if (index == RepairedMesh::kDropped) {
          pin->fail("nodes", "vertex " + std::to_string(node) +
                                 " was dropped by the mesh repair "
                                 "(no face uses it), so it cannot be pinned");
        }
      }
      pin_particle(index);
    }
  }
  if (pin->has("corners")) {
    if (kind != SceneObjectKind::cloth) pin->fail("corners", "only a cloth grid has corners");
    const std::vector<std::string> names = {"first_row_first_column", "first_row_last_column",
                                            "last_row_first_column", "last_row_last_column"};
    std::vector<std::string> chosen = *pin->strings("corners");
    if (chosen == std::vector<std::string>{"all"}) chosen = names;
    for (const std::string& corner : chosen) {
      uint32_t c = 0, r = 0;
      if (corner == names[1] || corner == names[3]) c = object.columns - 1;
      if (corner == names[2] || corner == names[3]) r = object.rows - 1;
      if (std::find(names.begin(), names.end(), corner) == names.end()) {
        std::vector<std::string> expected = names;
        expected.push_back("all");
        pin->fail("corners", "unknown corner '" + corner + "'; expected " + quoted_list(expected));
      }
      pin_particle(r * object.columns + c);
      object.pin_shapes.corners.push_back(corner);
    }
  }
  if (auto region = pin->table("region", {"min", "max"})) {
    const glm::vec3 lo = region->required_vec3("min", key_range("pin", "region"));
    const glm::vec3 hi = region->required_vec3("max", key_range("pin", "region"));
    object.pin_shapes.region_min = lo;
    object.pin_shapes.region_max = hi;
    uint32_t pinned = 0;
    glm::vec3 box_lo(INFINITY), box_hi(-INFINITY);
    for (uint32_t i = 0; i < object.particle_count; ++i) {
      const glm::vec3 p = model.positions[object.first_particle + i];
      box_lo = glm::min(box_lo, p);
      box_hi = glm::max(box_hi, p);
      if (glm::all(glm::greaterThanEqual(p, lo)) && glm::all(glm::lessThanEqual(p, hi))) {
        pin_particle(i);
        ++pinned;
      }
    }
    if (pinned == 0) {
      auto v = [](const glm::vec3& p) {
        return "[" + format_number(p.x) + ", " + format_number(p.y) + ", " + format_number(p.z) +
               "]";
      };
      region->fail_table("the box pins no particle: the object spans " + v(box_lo) + " to " +
                         v(box_hi));
    }
  }
}

}  // namespace weft
