#version 450
// Self-collision, second pass: the prefix sum of the bucket counts, within each block of
// WEFT_CONTACT_BLOCK buckets (one workgroup): every bucket gets the sum of the counts before it
// in its block, and the block its total (hash_scan_totals.comp then offsets the blocks). Each
// thread adds up a run of WEFT_CONTACT_SCAN_RUN buckets (one uvec4) in turn, and the runs' totals
// are summed by a Hillis-Steele scan in shared memory: four buckets per barrier, where a CPU
// device's threads wait longest. Mirrors SelfCollision::scan_blocks.
#include "contact_hash.glsl"

#if WEFT_CONTACT_SCAN_RUN != 4
#error "a run is one uvec4 of counts"
#endif

layout(local_size_x = WEFT_GROUP_SIZE) in;

shared uint sums[WEFT_GROUP_SIZE];

void main() {
  uint run = thread_index();
  uint first = run * WEFT_CONTACT_SCAN_RUN;
  // A whole workgroup past the table (a dispatch folded into y) leaves together.
  if (first >= push.bucket_count) return;
  uint local = gl_LocalInvocationIndex;
  uvec4 count = uvec4(counts[first], counts[first + 1u], counts[first + 2u], counts[first + 3u]);
  uvec4 before_in_run = uvec4(0u, count.x, count.x + count.y, count.x + count.y + count.z);
  uint total = before_in_run.w + count.w;
  sums[local] = total;
  barrier();
  for (uint offset = 1u; offset < WEFT_GROUP_SIZE; offset <<= 1u) {
    uint before = local >= offset ? sums[local - offset] : 0u;
    barrier();
    sums[local] += before;
    barrier();
  }
  uvec4 start = before_in_run + (sums[local] - total);
  starts[first] = start.x;
  starts[first + 1u] = start.y;
  starts[first + 2u] = start.z;
  starts[first + 3u] = start.w;
  if (local == WEFT_GROUP_SIZE - 1u) blocks[first / WEFT_CONTACT_BLOCK] = sums[local];
}
