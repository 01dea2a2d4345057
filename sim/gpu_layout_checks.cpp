// Compile-time proof that the C++ view of shaders/shared_types.h matches std430: if a field is
// added or moved without keeping 16-byte groups, the build fails here instead of the physics
// going silently wrong on the GPU.
#include <cstddef>

#include "sim/gpu_types.h"

namespace weft::gpu {

static_assert(sizeof(vec4) == 16);
static_assert(sizeof(SimParams) == 96);
static_assert(offsetof(SimParams, gravity) == 0);
static_assert(offsetof(SimParams, wind) == 16);
static_assert(offsetof(SimParams, ground) == 32);
static_assert(offsetof(SimParams, dt) == 48);
static_assert(offsetof(SimParams, contact_friction) == 60);
static_assert(offsetof(SimParams, particle_count) == 64);
static_assert(offsetof(SimParams, spring_damping) == 76);
static_assert(offsetof(SimParams, anchor_count) == 80);
static_assert(offsetof(SimParams, external_force_count) == 92);

static_assert(sizeof(SpringRef) == 16);
static_assert(offsetof(SpringRef, damping) == 12);
static_assert(sizeof(DistanceConstraint) == 16);
static_assert(offsetof(DistanceConstraint, compliance) == 12);
static_assert(sizeof(Anchor) == 32);
static_assert(offsetof(Anchor, particle) == 16);
static_assert(sizeof(ExternalForce) == 32);
static_assert(offsetof(ExternalForce, particle) == 16);
static_assert(sizeof(RelaxPush) == 16);
static_assert(sizeof(Health) == 16);
static_assert(offsetof(RelaxPush, read_scratch) == 12);
static_assert(sizeof(GridParams) == 112);
static_assert(offsetof(GridParams, rest_lengths) == 16);
static_assert(offsetof(GridParams, compliance) == 80);
static_assert(offsetof(GridParams, jacobi_scale) == 96);
static_assert(offsetof(GridParams, uses_lambdas) == 100);
static_assert(offsetof(Health, first_nonfinite) == 8);

}  // namespace weft::gpu
