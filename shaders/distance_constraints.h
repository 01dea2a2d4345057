// Coloured distance constraints (sim/modules/coloured_distance.h): relax_distance.comp and
// measure_distance.comp, and the C++ that packs them. Included by GLSL and C++ alike.
#ifndef WEFT_DISTANCE_CONSTRAINTS_H
#define WEFT_DISTANCE_CONSTRAINTS_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

// Set 1 of the distance-constraint passes.
#define WEFT_DISTANCE_BINDING_CONSTRAINTS 0  // sorted by colour
#define WEFT_DISTANCE_BINDING_LAMBDAS 1      // XPBD multiplier per constraint
#define WEFT_DISTANCE_BINDING_TEAR_BITS 2    // per constraint: bits of a's link state (tearing)

// A position-based distance constraint, solved by XPBD projection.
struct DistanceConstraint {
  uint a;
  uint b;
  float rest_length;             // m
  float compliance;              // inverse stiffness, m/N; 0 is inextensible
  float compression_compliance;  // m/N, while shorter than rest_length (sim/model/link.h)
};

// Push constants of relax_distance.comp: one colour of one sweep (and of measure_distance.comp,
// which reads first and count only: every constraint).
struct RelaxPush {
  uint first;         // first constraint of the colour
  uint count;         // constraints in the colour
  uint reset_lambda;  // 1 on the first sweep of a substep: XPBD restarts its multipliers
  uint tears;         // 1 when a constraint can tear: its tear bits are read
  // The colour's first constraints, this many, are links solved along lines before the sweeps
  // (stretch_lines_layout.h): reset_lambda leaves the multipliers the line solve wrote.
  uint solved_along_lines;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_DISTANCE_CONSTRAINTS_H
