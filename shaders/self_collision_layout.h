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
#define WEFT_CONTACT_BINDING_NEIGHBOURS 1   // uvec4: rest-mesh neighbours (ContactParticle)
#define WEFT_CONTACT_BINDING_COUNTS 2       // uint per bucket: particles counted; 0 between builds
#define WEFT_CONTACT_BINDING_STARTS 3       // uint per bucket + 1: where its particles start
#define WEFT_CONTACT_BINDING_BLOCKS 4       // uint per block of buckets: its sum, then its offset
#define WEFT_CONTACT_BINDING_BUCKETS 5      // uint per particle: its bucket, or WEFT_CONTACT_NONE
#define WEFT_CONTACT_BINDING_SORTED 6       // uint per slot: particles by bucket, in any order
#define WEFT_CONTACT_BINDING_POINTS 7       // uvec4 per slot, in sorted order: x bits, particle
#define WEFT_CONTACT_BINDING_CORRECTIONS 8  // two vec4 per particle (collide_particles.comp)

// A particle outside every contact group has no bucket; unused rest-neighbour slots hold it too.
#define WEFT_CONTACT_NONE 0xffffffffu
// Buckets each thread of the prefix sum adds up in turn (one uvec4), and the buckets a workgroup
// sums into a block (hash_scan_blocks.comp).
#define WEFT_CONTACT_SCAN_RUN 4
#define WEFT_CONTACT_BLOCK (WEFT_GROUP_SIZE * WEFT_CONTACT_SCAN_RUN)
// The hash keeps cells together in blocks of 2 x 2 x 2 (contact_hash.glsl): bits of a bucket that
// say which cell of its block.
#define WEFT_CONTACT_CELL_BITS 1
// Rest-mesh neighbours a contact search holds in registers, two uvec4 (the rest it reads from
// memory when a pair is close).
#define WEFT_CONTACT_NEAR_NEIGHBOURS 8

// One particle's part in the contacts.
// Its rest-mesh neighbours, sorted, are the uints [first, first + count) of the neighbours
// buffer; `first` is a multiple of 4, and the list is padded with WEFT_CONTACT_NONE to at least
// WEFT_CONTACT_NEAR_NEIGHBOURS and to a multiple of 4, so that its first eight load as two uvec4.
struct ContactParticle {
  float radius;          // m: half its object's thickness; 0 for a particle without contacts
  uint neighbour_first;  // in uints
  uint neighbour_count;  // without the padding
  uint pad0;
};

// Push constants of every self-collision pass.
struct SelfCollisionPush {
  uint particle_count;
  uint bucket_count;   // a power of two, a multiple of WEFT_CONTACT_BLOCK
  uint block_count;    // bucket_count / WEFT_CONTACT_BLOCK
  float inverse_cell;  // 1/m: cells are twice as wide as the widest contact reach
  float friction;      // Coulomb coefficient, >= 0
  float max_radius;    // m: the largest radius of any particle
  uint pad0;
  uint pad1;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_SELF_COLLISION_H
