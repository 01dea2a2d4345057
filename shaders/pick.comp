#version 450
// GPU picking: the particle under the mouse ray, found in four small dispatches over the
// particles (the result is read back a frame or two later, so the frame loop never waits).
// A particle is a candidate when it lies within tan_tolerance of the ray (a few pixels).
//   NEAREST_DEPTH:   the depth of the front-most candidate.
//   SMALLEST_ANGLE:  among candidates in a slab behind that depth (the front layer of cloth, not
//                    the one behind it), the smallest angle to the ray.
//   LOWEST_INDEX:    the lowest index with that angle (a deterministic tie-break).
//   COPY_POSITION:   one thread copies the winner's position.
// Floats are compared through their bits with atomicMin: for non-negative floats the bit
// patterns order as the values do.
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;

layout(std430, set = 0, binding = WEFT_PICK_BINDING_POSITIONS) readonly buffer PositionsBuffer {
  vec4 positions[];
};
layout(std430, set = 0, binding = WEFT_PICK_BINDING_RESULT) buffer ResultBuffer {
  PickResult result;
};
layout(push_constant) uniform Push {
  PickPush push;
};

// The slab is this many cone radii deep at the front-most candidate's depth.
const float kSlabInConeRadii = 3.0;

void main() {
  uint i = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * WEFT_GROUP_SIZE;
  if (push.stage == WEFT_PICK_COPY_POSITION) {
    if (i == 0u && result.particle != 0xffffffffu) result.position = positions[result.particle];
    return;
  }
  if (i >= push.particle_count) return;
  vec3 d = positions[i].xyz - push.origin.xyz;
  float depth = dot(d, push.direction.xyz);
  if (!(depth > 0.0)) return;  // behind the camera (or not a number)
  float angle = length(d - depth * push.direction.xyz) / depth;
  if (!(angle <= push.tan_tolerance)) return;
  if (push.stage == WEFT_PICK_NEAREST_DEPTH) {
    atomicMin(result.depth_bits, floatBitsToUint(depth));
    return;
  }
  float front = uintBitsToFloat(result.depth_bits);
  if (depth > front * (1.0 + kSlabInConeRadii * push.tan_tolerance)) return;
  if (push.stage == WEFT_PICK_SMALLEST_ANGLE) {
    atomicMin(result.angle_bits, floatBitsToUint(angle));
  } else if (floatBitsToUint(angle) == result.angle_bits) {
    atomicMin(result.particle, i);
  }
}
