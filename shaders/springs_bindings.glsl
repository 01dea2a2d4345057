// Set 1 of the springs-by-adjacency passes (springs.h): the particles the module covers and each
// one's springs.
#ifndef WEFT_SPRINGS_BINDINGS_GLSL
#define WEFT_SPRINGS_BINDINGS_GLSL
#include "particle_bindings.glsl"
#include "springs.h"

layout(std430, set = WEFT_MODULE_SET, binding = WEFT_SPRINGS_BINDING_RANGES) readonly buffer
    RangesBuffer {
  ParticleRange ranges[];
};
// Springs of covered thread t are spring_refs[spring_offsets[t] .. spring_offsets[t + 1]).
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_SPRINGS_BINDING_OFFSETS) readonly buffer
    SpringOffsetsBuffer {
  uint spring_offsets[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_SPRINGS_BINDING_REFS) readonly buffer
    SpringRefsBuffer {
  SpringRef spring_refs[];
};
layout(push_constant) uniform Push {
  SpringsPush push;
};

// The particle covered thread t handles: the last range starting at or before t.
uint covered_particle(uint t) {
  uint low = 0u;
  uint high = push.range_count;
  while (high - low > 1u) {
    uint middle = (low + high) / 2u;
    if (ranges[middle].first_thread <= t) {
      low = middle;
    } else {
      high = middle;
    }
  }
  return ranges[low].first_particle + (t - ranges[low].first_thread);
}

#endif  // WEFT_SPRINGS_BINDINGS_GLSL
