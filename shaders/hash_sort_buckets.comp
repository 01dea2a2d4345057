#version 450
// Self-collision, sixth pass: each bucket's particles sorted by index (insertion sort: a bucket
// holds a few), so that the contacts are summed in the same order on every run and device,
// whatever order the scatter's atomics ran in. One thread per bucket. Mirrors
// SelfCollision::sort_buckets.
#include "contact_hash.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

void main() {
  uint bucket = thread_index();
  if (bucket >= push.bucket_count) return;
  uint first = starts[bucket];
  uint end = starts[bucket + 1u];
  for (uint k = first + 1u; k < end; ++k) {
    uint particle = sorted[k];
    uint slot = k;
    while (slot > first && sorted[slot - 1u] > particle) {
      sorted[slot] = sorted[slot - 1u];
      --slot;
    }
    sorted[slot] = particle;
  }
}
