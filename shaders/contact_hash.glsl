// What every self-collision pass shares: its buffers (set 1, shaders/self_collision_layout.h) and the
// spatial hash. A particle's cell is floor(x / cell) with cells twice as wide as the widest
// contact reach, so every particle within reach of x lies in one of the 2 x 2 x 2 cells nearest
// x: its own and, along each axis, the neighbour on the side of the cell's middle that x is on.
// A cell's bucket is a hash of its block of 2 x 2 x 2 cells (Teschner et al. 2003) modulo the
// table's size, with the cell's place in its block in the lowest bits: neighbouring cells fill
// neighbouring buckets, so the threads of neighbouring particles read the same memory, and the
// eight cells a search visits, whose places in their blocks all differ, have eight buckets.
// Cells far apart may share a bucket: a search tells pairs by distance.
#ifndef WEFT_CONTACT_HASH_GLSL
#define WEFT_CONTACT_HASH_GLSL
#include "particle_bindings.glsl"
#include "self_collision_layout.h"

layout(std430, set = WEFT_MODULE_SET, binding = WEFT_CONTACT_BINDING_PARTICLES) readonly buffer
    ContactParticlesBuffer {
  ContactParticle contact_particles[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_CONTACT_BINDING_NEIGHBOURS) readonly buffer
    NeighboursBuffer {
  uvec4 neighbours[];
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
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_CONTACT_BINDING_POINTS) buffer PointsBuffer {
  uvec4 points[];
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
vec3 in_cells(vec3 x) {
  return x * push.inverse_cell;
}
ivec3 cell_of(vec3 x) {
  return ivec3(floor(in_cells(x)));
}

uint bucket_of(ivec3 cell) {
  ivec3 block = cell >> WEFT_CONTACT_CELL_BITS;  // arithmetic shift: floor division
  uvec3 place = uvec3(cell & ((1 << WEFT_CONTACT_CELL_BITS) - 1));
  uint h = (uint(block.x) * 73856093u) ^ (uint(block.y) * 19349663u) ^ (uint(block.z) * 83492791u);
  uint inner = (((place.z << WEFT_CONTACT_CELL_BITS) | place.y) << WEFT_CONTACT_CELL_BITS) | place.x;
  return ((h << (3 * WEFT_CONTACT_CELL_BITS)) | inner) & (push.bucket_count - 1u);
}

#endif  // WEFT_CONTACT_HASH_GLSL
