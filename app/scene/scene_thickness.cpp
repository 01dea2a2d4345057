// The `thickness` of a cloth or mesh: how far self-collision keeps its particles from those of
// any cloth that are not their neighbours in the rest mesh (sim/modules/self_collision.h).
// Every cloth and mesh gets one, given or derived from its spacing, and becomes a contact group
// of its system's model; self-collision uses them when the environment turns it on.
#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "app/scene/object_keys.h"
#include "app/scene/scene_draft.h"
#include "app/scene/scene_error.h"
#include "sim/model/contact_report.h"

namespace weft {

namespace {

// The object's particles' edges in its triangles, by length.
std::vector<double> edge_lengths(const Model& model, const SceneObject& object) {
  std::vector<double> lengths;
  const uint32_t first = object.first_particle;
  const uint32_t end = first + object.particle_count;
  for (const glm::uvec3& t : model.triangles) {
    if (t.x < first || t.x >= end) continue;
    const uint32_t corners[3] = {t.x, t.y, t.z};
    for (int c = 0; c < 3; ++c) {
      lengths.push_back(glm::distance(glm::dvec3(model.positions[corners[c]]),
                                      glm::dvec3(model.positions[corners[(c + 1) % 3]])));
    }
  }
  std::sort(lengths.begin(), lengths.end());
  return lengths;
}

// A cloth grid's spacing is its smaller step; a mesh's, its median edge.
double spacing(const Model& model, const SceneObject& object) {
  const uint32_t first = object.first_particle;
  if (object.kind == SceneObjectKind::cloth) {
    const glm::dvec3 origin(model.positions[first]);
    const double across = glm::distance(origin, glm::dvec3(model.positions[first + 1]));
    const double down = glm::distance(origin, glm::dvec3(model.positions[first + object.columns]));
    return std::min(across, down);
  }
  const std::vector<double> lengths = edge_lengths(model, object);
  return lengths.empty() ? 0.0 : lengths[lengths.size() / 2];
}

// The object's size across at its narrowest in its own plane: the middle side of its bounding
// box (a flat cloth's smallest side is 0).
double narrowest_width(const Model& model, const SceneObject& object) {
  glm::dvec3 lo(model.positions[object.first_particle]);
  glm::dvec3 hi = lo;
  for (uint32_t k = 0; k < object.particle_count; ++k) {
    const glm::dvec3 x(model.positions[object.first_particle + k]);
    lo = glm::min(lo, x);
    hi = glm::max(hi, x);
  }
  double sides[3] = {hi.x - lo.x, hi.y - lo.y, hi.z - lo.z};
  std::sort(sides, sides + 3);
  return sides[1];
}

}  // namespace

void read_thickness(const TableReader& table, Model& model, SceneObject& object) {
  const std::optional<double> given =
      table.number("thickness", key_range(object_kind_name(object.kind), "thickness"));
  double thickness = given.value_or(spacing(model, object));
  const double width = narrowest_width(model, object);
  if (given && thickness > width) {
    table.fail("thickness", format_number(thickness) + " m is wider than the " +
                                object_kind_name(object.kind) + " itself (" + format_number(width) +
                                " m across at its narrowest); expected " +
                                "a thickness below that, about its spacing");
  }
  if (model.environment.self_collision) {
    // Particles that share no triangle yet are closer at rest than the thickness would be pushed
    // apart from the first substep: such a thickness cannot be the cloth's.
    const ContactGroup alone{object.first_particle, object.particle_count, float(thickness)};
    const ContactReport rest = measure_contacts(model.positions, model.triangles, {alone});
    if (rest.has_closest && given) {
      table.fail("thickness", format_number(thickness) + " m is wider than the " +
                                  object_kind_name(object.kind) + " allows: its particles " +
                                  std::to_string(rest.closest_a - object.first_particle) + " and " +
                                  std::to_string(rest.closest_b - object.first_particle) +
                                  ", which share no triangle, are " +
                                  format_number(rest.closest_distance) +
                                  " m apart at rest; expected at most that");
    }
    if (rest.has_closest) thickness = rest.closest_distance;
  }
  if (!(float(thickness) > 0.0f)) {
    table.fail_table("the " + std::string(object_kind_name(object.kind)) +
                     " has particles at one place, which leaves no room for a thickness");
  }
  model.contact_groups.push_back({object.first_particle, object.particle_count, float(thickness)});
  if (given) object.thickness = float(thickness);
}

}  // namespace weft
