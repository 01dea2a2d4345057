// Compile-time proof that the C++ view of shaders/shared_types.h matches std430: if a field is
// added or moved without keeping 16-byte groups, the build fails here instead of the physics
// going silently wrong on the GPU. Each module checks its own structs (shaders/<module>.h) in its
// own source file.
#include <cstddef>

#include "sim/model/gpu_types.h"

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
static_assert(offsetof(SimParams, friction) == 80);
static_assert(sizeof(ParticleRange) == 16);
static_assert(offsetof(ParticleRange, count) == 8);
static_assert(sizeof(Health) == 16);
static_assert(offsetof(Health, first_nonfinite) == 8);

static_assert(sizeof(TriangleCorner) == 8);
static_assert(sizeof(RenderLink) == 16);
static_assert(offsetof(RenderLink, kind) == 12);
static_assert(sizeof(DrawPush) == 128);  // the push-constant size every device guarantees
static_assert(offsetof(DrawPush, eye) == 64);
static_assert(offsetof(DrawPush, strain_style) == 96);
static_assert(offsetof(DrawPush, viewport_width) == 112);
static_assert(offsetof(DrawPush, mode) == 120);
static_assert(offsetof(DrawPush, encode_srgb) == 124);
static_assert(sizeof(NormalsPush) == 16);
static_assert(sizeof(PickPush) == 48);
static_assert(offsetof(PickPush, tan_tolerance) == 32);
static_assert(offsetof(PickPush, stage) == 40);
static_assert(sizeof(PickResult) == 32);
static_assert(offsetof(PickResult, particle) == 8);
static_assert(offsetof(PickResult, position) == 16);

}  // namespace weft::gpu
