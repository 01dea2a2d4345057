// The storage buffers the graphics pass and compute_normals.comp see (the render set), and the
// push constants of the draws. Binding numbers and structs come from shared_types.h.
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

layout(std430, set = 0, binding = WEFT_RENDER_BINDING_POSITIONS) readonly buffer PositionsBuffer {
  vec4 positions[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_NORMALS) buffer NormalsBuffer {
  vec4 normals[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_CORNER_OFFSETS) readonly buffer
    CornerOffsetsBuffer {
  uint corner_offsets[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_CORNERS) readonly buffer CornersBuffer {
  TriangleCorner corners[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_LINKS) readonly buffer LinksBuffer {
  RenderLink links[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_SPHERES) readonly buffer SpheresBuffer {
  vec4 spheres[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_MARKERS) readonly buffer MarkersBuffer {
  uint markers[];
};
