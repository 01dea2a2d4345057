#include "sim/model/particle_drag.h"

namespace weft {

gpu::Anchor make_drag_anchor(uint32_t particle, const glm::vec3& target, float follow_time) {
  gpu::Anchor anchor{};
  anchor.target = glm::vec4(target, follow_time);
  anchor.particle = particle;
  anchor.keep_above_ground = 1;  // the cursor may point below the ground; the cloth may not go
  anchor.mode = WEFT_ANCHOR_TARGET;
  return anchor;
}

}  // namespace weft
