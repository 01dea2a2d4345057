#include "sim/particle_drag.h"

#include <cmath>
#include <string>

#include "sim/model_error.h"
#include "sim/packed_model.h"

namespace weft {

gpu::Anchor make_drag_anchor(uint32_t particle, const glm::vec3& target, float follow_time) {
  gpu::Anchor anchor{};
  anchor.target = glm::vec4(target, follow_time);
  anchor.particle = particle;
  anchor.keep_above_ground = 1;  // the cursor may point below the ground; the cloth may not go
  anchor.mode = WEFT_ANCHOR_TARGET;
  return anchor;
}

void check_drag(const PackedModel& packed, uint32_t particle, const glm::vec3& target,
                float follow_time) {
  if (particle >= packed.particle_count()) {
    throw ModelError("cannot drag particle " + std::to_string(particle) + ": the model has " +
                     std::to_string(packed.particle_count()));
  }
  for (uint32_t k = 0; k < packed.model_anchor_count(); ++k) {
    if (packed.anchors[k].particle == particle) {
      throw ModelError("cannot drag particle " + std::to_string(particle) + ": anchor " +
                       std::to_string(k) + " drives it");
    }
  }
  if (!std::isfinite(target.x) || !std::isfinite(target.y) || !std::isfinite(target.z)) {
    throw ModelError("a drag target must be finite");
  }
  if (!(follow_time >= 0.0f) || !std::isfinite(follow_time)) {
    throw ModelError("a drag's follow time must be finite and >= 0, got " +
                     std::to_string(follow_time));
  }
}

}  // namespace weft
