#include "app/scene/scene_colors.h"

#include <array>
#include <cmath>

#include "app/scene/object_keys.h"
#include "app/scene/scene_systems.h"
#include "app/scene/table_reader.h"

namespace weft {

namespace {

// Fabric colours far enough apart in hue that neighbouring cloths never look alike, and none of
// them the teal of free particles, the magenta of pins or the grey of colliders and ground.
constexpr std::array<glm::vec3, 6> kPalette = {{
    {0.86f, 0.42f, 0.16f},  // terracotta
    {0.24f, 0.42f, 0.72f},  // denim blue
    {0.46f, 0.64f, 0.28f},  // sage green
    {0.72f, 0.20f, 0.30f},  // claret
    {0.88f, 0.70f, 0.22f},  // mustard
    {0.56f, 0.44f, 0.76f},  // lavender
}};

float srgb_component_to_linear(float c) {
  return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}

}  // namespace

glm::vec3 palette_color(size_t n) {
  return kPalette[n % kPalette.size()];
}

glm::vec3 srgb_to_linear(const glm::vec3& srgb) {
  return {srgb_component_to_linear(srgb.x), srgb_component_to_linear(srgb.y),
          srgb_component_to_linear(srgb.z)};
}

std::vector<std::vector<ParticleColors>> object_colors(const Scene& scene) {
  std::vector<std::vector<ParticleColors>> colors(scene.systems.size());
  size_t next = 0;
  for (size_t s = 0; s < scene.systems.size(); ++s) {
    for (const SceneObject& object : scene.systems[s].objects) {
      if (object.kind == SceneObjectKind::particle) continue;  // drawn in the particles' teal
      const glm::vec3 srgb = object.color ? *object.color : palette_color(next++);
      colors[s].push_back({object.first_particle, object.particle_count, srgb_to_linear(srgb),
                           object.kind == SceneObjectKind::mesh, object.check_size});
    }
  }
  return colors;
}

std::optional<glm::vec3> read_color(const TableReader& table) {
  return table.vec3("color", key_range("objects", "color"));
}

float read_check_size(const TableReader& table) {
  return static_cast<float>(
      table.number("check_size", key_range("objects", "check_size")).value_or(0.0));
}

}  // namespace weft
