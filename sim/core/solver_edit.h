// The edits a program makes to a running simulation that belong to one kind of element: an
// anchor's velocity, a one-shot force, a mouse drag, links cut with the knife. The solver core
// checks what it can check alone (a particle exists, a number is finite), then hands the edit
// to its modules in their order until one takes it (SolverModule::take); the core names no
// module, and a new kind of edit is a new struct here and a module that takes it.
#pragma once

#include <cstdint>
#include <variant>
#include <vector>

#include <glm/vec3.hpp>

#include "sim/model/link_state.h"

namespace weft {

// The velocity (m/s) a model's anchor moves its particle at from the next frame on.
struct AnchorVelocityEdit {
  uint32_t anchor = 0;
  glm::vec3 velocity{0.0f};
};

// A force (N) on a particle for the next frame only.
struct OneShotForceEdit {
  uint32_t particle = 0;
  glm::vec3 force{0.0f};
};

// A mouse drag pulling `particle` towards `target` (m), following it within `follow_time` (s)
// (particle_drag.h). A module that cannot let the particle be dragged throws ModelError.
struct DragEdit {
  uint32_t particle = 0;
  glm::vec3 target{0.0f};
  float follow_time = 0.0f;
};

// The drag lets go.
struct DragEndEdit {};

// Links that break at the start of the next frame (the viewer's knife).
struct LinkCutsEdit {
  const std::vector<LinkCut>& cuts;
};

using SolverEdit =
    std::variant<AnchorVelocityEdit, OneShotForceEdit, DragEdit, DragEndEdit, LinkCutsEdit>;

}  // namespace weft
