// A scene file's [drape_test] table: the scene is a textile drape tester (Cusick's), and `weft
// run` reports the drape coefficient of the cloth it names at the end of the run
// (sim/model/drape_shadow.h): how much of the ring between the support disc and the flat specimen
// the draped cloth's shadow, seen from above, still covers.
#pragma once

#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "sim/model/drape_shadow.h"

namespace weft {

struct Scene;

struct SceneDrapeTest {
  std::string cloth;            // the specimen: a [[cloth]] or [[mesh]], by name
  glm::vec3 center{0.0f};       // m: the centre of the support disc's top face
  float support_radius = 0.0f;  // m, > 0: the support disc's radius
};

// The drape coefficient of the scene's specimen with its system's particles at `positions` (one
// list per system, as all_positions gives them). The scene must have a drape test.
DrapeMeasurement measure_scene_drape(const Scene& scene,
                                     const std::vector<std::vector<glm::vec3>>& positions);

}  // namespace weft
