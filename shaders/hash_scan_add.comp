#version 450
// Self-collision, fourth pass: each bucket's start within its block plus its block's offset is
// where its particles start in the sorted list. One thread per bucket. Mirrors
// SelfCollision::scan_add.
#include "contact_hash.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

void main() {
  uint bucket = thread_index();
  if (bucket >= push.bucket_count) return;
  starts[bucket] += blocks[bucket / WEFT_CONTACT_BLOCK];
}
