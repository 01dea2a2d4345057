#version 450
// Self-collision, fourth pass: each bucket's start within its block plus its block's offset is
// where its particles start in the sorted list. One thread per run of WEFT_CONTACT_SCAN_RUN
// buckets (one block). Mirrors SelfCollision::scan_add.
#include "contact_hash.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

void main() {
  uint first = thread_index() * WEFT_CONTACT_SCAN_RUN;
  if (first >= push.bucket_count) return;
  uint offset = blocks[first / WEFT_CONTACT_BLOCK];
  for (uint k = first; k < first + WEFT_CONTACT_SCAN_RUN; ++k)
    starts[k] += offset;
}
