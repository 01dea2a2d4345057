// The drawing structs that C++ fills and GLSL reads (shaders/shared_types.h) must agree on sizes
// and offsets under std430: checked at compile time, as sim/ checks the solver's.
#include <cstddef>

#include "shaders/shared_types.h"

namespace weft::gpu {

static_assert(sizeof(RenderParticle) == 8);
static_assert(offsetof(RenderParticle, spacing) == 4);
static_assert(sizeof(RenderStyle) == 16);
static_assert(offsetof(RenderStyle, line_width) == 8);
static_assert(offsetof(RenderStyle, min_pixels) == 12);
static_assert(sizeof(TornTriangle) == 32);
static_assert(offsetof(TornTriangle, rest_ca) == 12);
static_assert(offsetof(TornTriangle, parts) == 16);
static_assert(sizeof(ShadowParams) == 80);
static_assert(offsetof(ShadowParams, depth_bias) == 64);
static_assert(offsetof(ShadowParams, darkness) == 68);
static_assert(offsetof(ShadowParams, enabled) == 72);

}  // namespace weft::gpu
