#version 450
// Self-collision, fifth pass: each particle takes a slot in its bucket's range of the sorted list
// by counting its bucket's count down. The slots of one bucket go to its particles in whatever
// order the atomics run (hash_sort_buckets.comp then orders them); the counts end at zero,
// ready for the next build. One thread per particle. Mirrors SelfCollision::scatter.
#include "contact_hash.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

void main() {
  uint i = thread_index();
  if (i >= push.particle_count) return;
  uint bucket = buckets[i];
  if (bucket == WEFT_CONTACT_NONE) return;
  uint left = atomicAdd(counts[bucket], 0xffffffffu);  // count before the decrement
  sorted[starts[bucket] + left - 1u] = i;
}
