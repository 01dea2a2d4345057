#version 450
// The blow-up watch over distance constraints, once per frame: one thread per constraint
// reports its stretch (length - rest) / rest. Mirrors ColouredDistance::measure_health.
#include "particle_bindings.glsl"
#include "distance_constraints.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_DISTANCE_BINDING_CONSTRAINTS) readonly buffer
    ConstraintsBuffer {
  DistanceConstraint constraints[];
};
// Per constraint: the bits of its end a's link state that say it tore (0: it cannot tear).
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_DISTANCE_BINDING_TEAR_BITS) readonly buffer
    TearBitsBuffer {
  uint tear_bits[];
};
layout(push_constant) uniform Push {
  RelaxPush relax;
};

void main() {
  uint c = thread_index();
  if (c >= relax.count) return;
  DistanceConstraint constraint = constraints[relax.first + c];
  // A torn link is not stretch: the cloth tore.
  if (relax.tears != 0u && (link_state[constraint.a] & tear_bits[relax.first + c]) != 0u) return;
  float rest = constraint.rest_length;
  report_stretch((length(positions[constraint.a].xyz - positions[constraint.b].xyz) - rest) / rest);
}
