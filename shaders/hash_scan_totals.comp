#version 450
// Self-collision, third pass: one workgroup turns the blocks' totals into each block's offset
// (the sum of the totals before it), a chunk of WEFT_GROUP_SIZE blocks at a time, and writes the
// grand total after the last bucket's start. Mirrors SelfCollision::scan_totals.
#include "contact_hash.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

shared uint sums[WEFT_GROUP_SIZE];

void main() {
  uint local = gl_LocalInvocationIndex;
  uint carried = 0u;  // the same in every thread: the totals of the chunks before
  for (uint first = 0u; first < push.block_count; first += WEFT_GROUP_SIZE) {
    uint block = first + local;
    uint total = block < push.block_count ? blocks[block] : 0u;
    sums[local] = total;
    barrier();
    for (uint offset = 1u; offset < WEFT_GROUP_SIZE; offset <<= 1u) {
      uint before = local >= offset ? sums[local - offset] : 0u;
      barrier();
      sums[local] += before;
      barrier();
    }
    if (block < push.block_count) blocks[block] = carried + sums[local] - total;
    carried += sums[WEFT_GROUP_SIZE - 1u];
    barrier();  // everyone has read the chunk's total before the next chunk overwrites it
  }
  if (local == 0u) starts[push.bucket_count] = carried;
}
