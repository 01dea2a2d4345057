// The scenes the viewer's preset switcher offers: variations of the default scene (a cloth
// pinned at two corners over a sphere) that show off different materials and models, at any
// grid size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include <glm/vec3.hpp>

#include "app/scene/scene_systems.h"
#include "sim/model/model.h"

namespace weft {

struct Preset {
  const char* name;
  const char* description;
  const char* material;  // a named material (cloth_material.h)
  // The fabric's colour (sRGB, 0 to 1), so that the materials tell themselves apart at a glance;
  // the palette's first where none (weft's orange cotton).
  std::optional<glm::vec3> color;
};

std::span<const Preset> presets();

// Builds preset `index` with a cloth of columns x rows particles (both >= 2), as a scene of one
// system named "cloth" that a scene file could describe (its pins are pins, not anchors).
Scene preset_scene(size_t index, uint32_t columns, uint32_t rows);

// Gives every pinned particle that no anchor drives an anchor at rest that stays above the
// ground, so that the arrow keys can move the pins as NeHe's keys move the rope's end.
void anchor_pins(Model& model);

}  // namespace weft
