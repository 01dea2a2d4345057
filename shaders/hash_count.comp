#version 450
// Self-collision, first pass of the spatial hash's counting sort: each particle of a contact group
// finds its cell's bucket, keeps it, and counts itself there. The counts start at zero (the
// scatter hands every count back). Atomic additions of 1 give the same totals in any order.
// One thread per particle. Mirrors SelfCollision::count in sim/modules/self_collision_cpu.cpp.
#include "contact_hash.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

void main() {
  uint i = thread_index();
  if (i >= push.particle_count) return;
  if (contact_particles[i].radius == 0.0) {
    buckets[i] = WEFT_CONTACT_NONE;
    return;
  }
  uint bucket = bucket_of(cell_of(positions[i].xyz));
  buckets[i] = bucket;
  atomicAdd(counts[bucket], 1u);
}
