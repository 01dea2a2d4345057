#include "app/viewer/hand_pins.h"

#include <glm/common.hpp>

namespace weft {

float freed_inverse_mass(const std::vector<float>& scene_inverse_masses, uint32_t particle) {
  const size_t n = scene_inverse_masses.size();
  if (particle < n && scene_inverse_masses[particle] > 0.0f) return scene_inverse_masses[particle];
  for (size_t step = 1; step < n; ++step) {
    if (particle + step < n && scene_inverse_masses[particle + step] > 0.0f) {
      return scene_inverse_masses[particle + step];
    }
    if (particle >= step && scene_inverse_masses[particle - step] > 0.0f) {
      return scene_inverse_masses[particle - step];
    }
  }
  return 1.0f;
}

std::vector<uint32_t> particles_in_box(const std::vector<glm::vec4>& positions,
                                       const OrbitCamera& camera, glm::vec2 viewport,
                                       glm::vec2 corner_a, glm::vec2 corner_b) {
  const glm::vec2 low = glm::min(corner_a, corner_b);
  const glm::vec2 high = glm::max(corner_a, corner_b);
  const glm::mat4 view_projection = camera.view_projection(viewport);
  std::vector<uint32_t> inside;
  for (size_t i = 0; i < positions.size(); ++i) {
    const glm::vec4 clip = view_projection * glm::vec4(glm::vec3(positions[i]), 1.0f);
    if (clip.w <= 0.0f) continue;  // behind the camera
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    const glm::vec2 pixel = (0.5f * ndc + 0.5f) * viewport;
    if (pixel.x >= low.x && pixel.x <= high.x && pixel.y >= low.y && pixel.y <= high.y) {
      inside.push_back(static_cast<uint32_t>(i));
    }
  }
  return inside;
}

}  // namespace weft
