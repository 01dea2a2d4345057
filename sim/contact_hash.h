// The CPU side of shaders/contact_hash.glsl: a particle's cell and its cell's bucket, with the
// shader's arithmetic, so that the CPU mirror and the traffic count put every particle where the
// GPU does.
#pragma once

#include <cstdint>

#include <glm/common.hpp>
#include <glm/vec3.hpp>

namespace weft {

struct ContactHash {
  float inverse_cell = 0.0f;  // 1/m
  uint32_t bucket_count = 0;  // a power of two

  template <typename Real>
  glm::ivec3 cell_of(const glm::vec<3, Real>& x) const {
    return glm::ivec3(glm::floor(x * Real(inverse_cell)));
  }
  uint32_t bucket_of(const glm::ivec3& cell) const {
    const uint32_t h = (static_cast<uint32_t>(cell.x) * 73856093u) ^
                       (static_cast<uint32_t>(cell.y) * 19349663u) ^
                       (static_cast<uint32_t>(cell.z) * 83492791u);
    return h & (bucket_count - 1u);
  }
};

}  // namespace weft
