// What every self-collision pass shares: its buffers (set 1, shaders/self_collision.h) and the
// spatial hash. A particle's cell is floor(x / cell) with cells as wide as the widest contact
// reach, so every particle within reach of x lies in x's cell or one of its 26 neighbours; a
// cell's bucket is a hash of its integer coordinates (Teschner et al. 2003) modulo the table's
// size. Several cells may share a bucket: a search checks each particle's own cell.
#ifndef WEFT_CONTACT_HASH_GLSL
#define WEFT_CONTACT_HASH_GLSL
#include "particle_bindings.glsl"
#include "self_collision.h"

layout(std430, set = WEFT_MODULE_SET, binding = WEFT_CONTACT_BINDING_PARTICLES) readonly buffer
    ContactParticlesBuffer {
  ContactParticle contact_particles[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_CONTACT_BINDING_NEIGHBOURS) readonly buffer
    NeighboursBuffer {
  uint neighbours[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_CONTACT_BINDING_COUNTS) buffer CountsBuffer {
  uint counts[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_CONTACT_BINDING_STARTS) buffer StartsBuffer {
  uint starts[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_CONTACT_BINDING_BLOCKS) buffer BlocksBuffer {
  uint blocks[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_CONTACT_BINDING_BUCKETS) buffer BucketsBuffer {
  uint buckets[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_CONTACT_BINDING_SORTED) buffer SortedBuffer {
  uint sorted[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_CONTACT_BINDING_CORRECTIONS) buffer
    CorrectionsBuffer {
  vec4 corrections[];
};
layout(push_constant) uniform Push {
  SelfCollisionPush push;
};

// A multiplication, not a division: it rounds the same on every device and on the CPU, so both
// put a particle in the same cell.
ivec3 cell_of(vec3 x) {
  return ivec3(floor(x * push.inverse_cell));
}

uint bucket_of(ivec3 cell) {
  uint h = (uint(cell.x) * 73856093u) ^ (uint(cell.y) * 19349663u) ^ (uint(cell.z) * 83492791u);
  return h & (push.bucket_count - 1u);
}

#endif  // WEFT_CONTACT_HASH_GLSL
