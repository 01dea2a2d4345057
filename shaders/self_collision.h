// Self-collision, cloth-to-cloth contact (sim/modules/self_collision.h): the spatial hash's
// passes (hash_*.comp), the contacts (collide_particles.comp, apply_contacts.comp) and the C++
// that packs their data. Included by GLSL and C++ alike.
#ifndef WEFT_SELF_COLLISION_H
#define WEFT_SELF_COLLISION_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

// Buffers of set 1, in the order SelfCollision::buffers() declares them.
#define WEFT_CONTACT_BINDING_PARTICLES 0    // ContactParticle, one per particle
#define WEFT_CONTACT_BINDING_NEIGHBOURS 1   // uint: rest-mesh neighbours, sorted per particle
#define WEFT_CONTACT_BINDING_COUNTS 2       // uint per bucket: particles counted; 0 between builds
#define WEFT_CONTACT_BINDING_STARTS 3       // uint per bucket + 1: where its particles start
#define WEFT_CONTACT_BINDING_BLOCKS 4       // uint per block of buckets: its sum, then its offset
#define WEFT_CONTACT_BINDING_BUCKETS 5      // uint per particle: its bucket, or WEFT_CONTACT_NONE
#define WEFT_CONTACT_BINDING_SORTED 6       // uint per particle: particles by bucket, then index
#define WEFT_CONTACT_BINDING_CORRECTIONS 7  // two vec4 per particle (collide_particles.comp)

// A particle outside every contact group has no bucket.
#define WEFT_CONTACT_NONE 0xffffffffu
// Buckets are summed in blocks of one workgroup each (hash_scan_blocks.comp).
#define WEFT_CONTACT_BLOCK WEFT_GROUP_SIZE

// One particle's part in the contacts.
struct ContactParticle {
  float radius;          // m: half its object's thickness; 0 for a particle without contacts
  uint neighbour_first;  // its rest-mesh neighbours: neighbours[first, first + count)
  uint neighbour_count;
  uint pad0;
};

// Push constants of every self-collision pass.
struct SelfCollisionPush {
  uint particle_count;
  uint bucket_count;   // a power of two, a multiple of WEFT_CONTACT_BLOCK
  uint block_count;    // bucket_count / WEFT_CONTACT_BLOCK
  float inverse_cell;  // 1/m: cells are as wide as the widest contact reach
  float friction;      // Coulomb coefficient, >= 0
  uint pad0;
  uint pad1;
  uint pad2;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_SELF_COLLISION_H
