// The CPU side of shaders/contact_hash.glsl: a particle's cell and its cell's bucket, with the
// shader's arithmetic, so that the CPU mirror and the traffic count put every particle where the
// GPU does.
#pragma once

#include <cstdint>

#include <glm/common.hpp>
#include <glm/vec3.hpp>

#include "shaders/self_collision_layout.h"

namespace weft {

struct ContactHash {
  float inverse_cell = 0.0f;  // 1/m
  uint32_t bucket_count = 0;  // a power of two

  template <typename Real>
  glm::vec<3, Real> in_cells(const glm::vec<3, Real>& x) const {
    return x * Real(inverse_cell);
  }
  template <typename Real>
  glm::ivec3 cell_of(const glm::vec<3, Real>& x) const {
    return glm::ivec3(glm::floor(in_cells(x)));
  }
  uint32_t bucket_of(const glm::ivec3& cell) const {
    constexpr int bits = WEFT_CONTACT_CELL_BITS;
    const glm::ivec3 block = cell >> bits;  // arithmetic shift, as in GLSL: floor division
    const glm::uvec3 place(cell & ((1 << bits) - 1));
    const uint32_t h = (static_cast<uint32_t>(block.x) * 73856093u) ^
                       (static_cast<uint32_t>(block.y) * 19349663u) ^
                       (static_cast<uint32_t>(block.z) * 83492791u);
    const uint32_t inner = (((place.z << bits) | place.y) << bits) | place.x;
    return ((h << (3 * bits)) | inner) & (bucket_count - 1u);
  }
};

}  // namespace weft
