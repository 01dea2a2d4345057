// [drape_test]: read after the objects, since it names one, and measured after a run.
#include "app/scene/scene_drape_test.h"

#include <numbers>
#include <stdexcept>

#include "app/scene/closest_match.h"
#include "app/scene/scene_draft.h"
#include "sim/model/model_origin.h"
#include "sim/model/surface_area.h"

namespace weft {

namespace {

bool has_surface(const SceneObject& object) {
  return object.kind == SceneObjectKind::cloth || object.kind == SceneObjectKind::mesh;
}

// The object's triangles among its system's (each lies within one object).
std::vector<glm::uvec3> object_triangles(const Model& model, const SceneObject& object) {
  std::vector<glm::uvec3> triangles;
  for (const glm::uvec3& t : model.triangles) {
    if (t.x >= object.first_particle && t.x - object.first_particle < object.particle_count) {
      triangles.push_back(t);
    }
  }
  return triangles;
}

}  // namespace

std::optional<SceneDrapeTest> read_drape_test(const TableReader& root, const SceneDraft& draft) {
  const std::optional<TableReader> table =
      root.table("drape_test", {"cloth", "center", "support_radius"});
  if (!table) return std::nullopt;
  SceneDrapeTest test;
  test.cloth = table->required_string("cloth");
  const auto found = draft.objects.find(test.cloth);
  if (found == draft.objects.end()) {
    std::vector<std::string> surfaces;
    for (const auto& [name, place] : draft.objects) {
      if (has_surface(draft.systems[place.system].system.objects[place.object])) {
        surfaces.push_back(name);
      }
    }
    std::string message = "no [[cloth]] or [[mesh]] is named '" + test.cloth.substr(0, 64) + "'";
    if (auto suggestion = closest_match(test.cloth, surfaces)) {
      message += "; did you mean '" + *suggestion + "'?";
    }
    table->fail("cloth", message);
  }
  const SceneSystem& system = draft.systems[found->second.system].system;
  const SceneObject& specimen = system.objects[found->second.object];
  if (!has_surface(specimen)) {
    table->fail("cloth", "'" + test.cloth + "' is a " + object_kind_name(specimen.kind) +
                             ": the drape test measures the shadow of a [[cloth]] or [[mesh]]");
  }
  test.center = table->required_vec3("center", NumberRange::any("m"));
  test.support_radius =
      static_cast<float>(table->required_number("support_radius", NumberRange::above(0.0, "m")));
  if (!(test.support_radius > 0.0f)) {
    table->fail("support_radius", "is too small to be a float > 0");
  }
  // The coefficient divides by the ring between the support and the specimen: there must be one.
  const double specimen_area =
      surface_area(system.model.positions, object_triangles(system.model, specimen));
  const double radius = test.support_radius;
  const double support_area = std::numbers::pi * radius * radius;
  if (!(support_area < specimen_area)) {
    table->fail("support_radius",
                "a support of radius " + format_number(radius) + " m (" +
                    format_number(support_area) + " m^2) is no smaller than the specimen '" +
                    test.cloth + "' (" + format_number(specimen_area) +
                    " m^2): the drape coefficient needs a specimen larger than its support");
  }
  return test;
}

DrapeMeasurement measure_scene_drape(const Scene& scene,
                                     const std::vector<std::vector<glm::vec3>>& positions) {
  if (!scene.drape_test) throw std::invalid_argument("the scene has no drape test");
  const SceneDrapeTest& test = *scene.drape_test;
  for (size_t s = 0; s < scene.systems.size(); ++s) {
    const SceneSystem& system = scene.systems[s];
    for (const SceneObject& object : system.objects) {
      if (object.name != test.cloth) continue;
      // The support is where the file put it, in the world; the positions are in the model's frame.
      const glm::vec3 center = model_position(system.model, glm::dvec3(test.center));
      const DrapeSupport support{{center.x, center.z}, test.support_radius};
      return measure_drape(positions.at(s), system.model.positions,
                           object_triangles(system.model, object), support);
    }
  }
  throw std::invalid_argument("the drape test's cloth '" + test.cloth + "' is not in the scene");
}

}  // namespace weft
