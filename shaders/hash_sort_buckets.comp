#version 450
// Self-collision, sixth pass: each bucket's particles in order of index, so that the contacts are
// summed in the same order on every run and device, whatever order the scatter's atomics ran in.
// One thread per slot of the scatter's list: its particle's rank within its bucket is how many of
// the bucket's particles have a lower index (a bucket holds a few). The slot of that rank gets
// the particle's point: its position and index side by side, which the contact search reads in
// bucket order instead of looking up two buffers. Mirrors SelfCollision::sort_buckets.
#include "contact_hash.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

void main() {
  uint slot = thread_index();
  if (slot >= starts[push.bucket_count]) return;
  uint particle = sorted[slot];
  uint bucket = buckets[particle];
  uint first = starts[bucket];
  uint end = starts[bucket + 1u];
  uint rank = 0u;
  for (uint k = first; k < end; ++k)
    rank += sorted[k] < particle ? 1u : 0u;
  points[first + rank] = uvec4(floatBitsToUint(positions[particle].xyz), particle);
}
