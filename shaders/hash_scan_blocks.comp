#version 450
// Self-collision, second pass: the prefix sum of the bucket counts, within each block of
// WEFT_CONTACT_BLOCK buckets (one workgroup): every bucket gets the sum of the counts before it
// in its block, and the block its total (hash_scan_totals.comp then offsets the blocks). A
// Hillis-Steele scan in shared memory. Mirrors SelfCollision::scan_blocks.
#include "contact_hash.glsl"

layout(local_size_x = WEFT_CONTACT_BLOCK) in;

shared uint sums[WEFT_CONTACT_BLOCK];

void main() {
  uint bucket = thread_index();
  // A whole workgroup past the table (a dispatch folded into y) leaves together.
  if (bucket >= push.bucket_count) return;
  uint local = gl_LocalInvocationIndex;
  uint count = counts[bucket];
  sums[local] = count;
  barrier();
  for (uint offset = 1u; offset < WEFT_CONTACT_BLOCK; offset <<= 1u) {
    uint before = local >= offset ? sums[local - offset] : 0u;
    barrier();
    sums[local] += before;
    barrier();
  }
  starts[bucket] = sums[local] - count;
  if (local == WEFT_CONTACT_BLOCK - 1u) blocks[bucket / WEFT_CONTACT_BLOCK] = sums[local];
}
