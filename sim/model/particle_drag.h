// A mouse drag, the same in both solvers (the GLUT lab's "dragging moves it with the cursor").
// The dragged particle is pinned (inverse mass 0) and the anchors module's drag slot
// (modules/anchors.h) pulls it towards the target in every substep. Ending the drag gives the
// particle its inverse mass back; it leaves with the velocity the drag gave it, so a flick throws
// the cloth.
#pragma once

#include <cstdint>

#include <glm/vec3.hpp>

#include "shaders/anchors_layout.h"

namespace weft {

// Time constant of the pull towards the cursor, s: ~63% of the way in 30 ms, and no
// teleporting when the mouse jumps (which would launch the particle on release).
constexpr float kDragFollowTime = 0.03f;

struct ParticleDrag {
  bool active = false;
  uint32_t particle = 0;
  float saved_inverse_mass = 0.0f;  // given back when the drag ends
};

// The drag slot's anchor: pulls `particle` towards `target` (m) with time constant follow_time.
gpu::Anchor make_drag_anchor(uint32_t particle, const glm::vec3& target, float follow_time);

}  // namespace weft
