#version 450
// Self-collision, third pass: one workgroup turns the blocks' totals into each block's offset
// (the sum of the totals before it), a chunk of WEFT_CONTACT_BLOCK blocks at a time, and writes
// the grand total after the last bucket's start. Mirrors SelfCollision::scan_totals.
#include "contact_hash.glsl"

layout(local_size_x = WEFT_CONTACT_BLOCK) in;

shared uint sums[WEFT_CONTACT_BLOCK];

void main() {
  uint local = gl_LocalInvocationIndex;
  uint carried = 0u;  // the same in every thread: the totals of the chunks before
  for (uint first = 0u; first < push.block_count; first += WEFT_CONTACT_BLOCK) {
    uint block = first + local;
    uint total = block < push.block_count ? blocks[block] : 0u;
    sums[local] = total;
    barrier();
    for (uint offset = 1u; offset < WEFT_CONTACT_BLOCK; offset <<= 1u) {
      uint before = local >= offset ? sums[local - offset] : 0u;
      barrier();
      sums[local] += before;
      barrier();
    }
    if (block < push.block_count) blocks[block] = carried + sums[local] - total;
    carried += sums[WEFT_CONTACT_BLOCK - 1u];
    barrier();  // everyone has read the chunk's total before the next chunk overwrites it
  }
  if (local == 0u) starts[push.bucket_count] = carried;
}
