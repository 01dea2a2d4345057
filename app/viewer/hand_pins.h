// Pins edited by hand in the viewer (Ctrl-click, Ctrl-drag): which particles a box on the screen
// holds, and what mass a particle the scene pinned gets when it is freed.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include "app/render/camera.h"

namespace weft {

// The inverse mass (1/kg) a particle freed by hand gets: its own from the scene, or, when the
// scene pinned it, that of the nearest particle by index that the scene left free (its
// neighbour in the same rope, grid row or mesh); 1 when the scene pinned every particle.
float freed_inverse_mass(const std::vector<float>& scene_inverse_masses, uint32_t particle);

// The particles in front of the camera whose positions land inside the box between two corners
// (framebuffer pixels, y down; either order), in index order.
std::vector<uint32_t> particles_in_box(const std::vector<glm::vec4>& positions,
                                       const OrbitCamera& camera, glm::vec2 viewport,
                                       glm::vec2 corner_a, glm::vec2 corner_b);

}  // namespace weft
