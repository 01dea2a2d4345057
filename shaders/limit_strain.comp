#version 450
// Strain limits of cloth grids, once per substep after the relaxation sweeps and the tethers, and
// again after self-collision where it runs: every pair of nodes 2, 4, 8, ... apart along a row or a
// column may be no further apart than the cloth's tether scale times their rest distance, and
// neighbours no further than its links' scale (the material's whole allowance) times theirs. A pair
// beyond it is pulled back to it, each node by its share of the excess (by inverse mass: a pin
// takes none). One thread per node gathers the pulls of its pairs from the positions the sweeps
// left and moves by their mean (Jacobi: a mean of pulls cannot overshoot). Two passes each time:
// the first reads the positions and writes the scratch buffer, the second reads that and writes the
// positions, so no thread reads what another writes and nothing is copied. The pairs span every
// scale up to the grid's size, so a correction reaches across the cloth in one pass where the
// sweeps move it a few links (multi-resolution strain limiting). The mean weights each pull by its
// own size over the square of how far apart its pair's nodes are: a plain mean over the pairs past
// their limit would jump as a pair crosses it (its pull still nothing, the others' share cut), and
// rounding would decide where the cloth goes; a mean weighted by size moves a node no further than
// its largest pull asks. A far pair's excess is the sum of the links' between its nodes, yet only
// its two nodes move, which puts all of it on their own links: weighted by size alone, a node
// amid stretched links followed its far pairs and stretched the link beside it further, so the
// near pairs, which see that link, get the larger say (docs/physics.md, "What the strain limits
// weigh"). Where only far pairs pull, the mean is theirs, as before. Euler integrators carry a
// velocity, so a correction also changes it by dx/dt. After self-collision a correction settles:
// it moves the previous position too and changes no velocity, as self-collision moves a layer out
// of an overlap it already had. Where layers lie in a fold whose links cannot all be within their
// limit a thickness apart, the two take turns each substep; had the limits' pull back counted as
// motion, each turn would give the layers speed that the next push took away, and a hem tucked
// into a fold kept flapping (docs/physics.md, "The strain limits again after self-collision").
// Mirrors StrainLimits::run_cpu in sim/modules/strain_limits.cpp.
#extension GL_EXT_control_flow_attributes : require
#include "grid_directions.glsl"
#include "strain_limits_layout.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(push_constant) uniform Push {
  StrainLimitsPush push;
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_STRAIN_LIMITS_BINDING_SCALES) readonly buffer
    ScalesBuffer {
  vec2 scales[];  // x: pairs 2 or more apart, y: neighbours (0: not held)
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_STRAIN_LIMITS_BINDING_SCRATCH) buffer
    ScratchBuffer {
  vec4 scratch[];
};

// The position of node `node` of `grid` as the previous pass left it.
vec4 source_position(GridParams grid, uint node) {
  return push.read_scratch != 0u ? scratch[grid.first_thread + node]
                                 : positions[grid.first_particle + node];
}

void main() {
  uint t = thread_index();
  if (t >= push.thread_count) return;
  uint g = grid_of_thread(t, push.grid_count);
  GridParams grid = grids[g];
  uint node = t - grid.first_thread;
  vec4 p = source_position(grid, node);
  uint column = node % grid.columns;
  uint row = node / grid.columns;
  // A torn cloth: pairs hold only across links that have not torn (tearing_layout.h). Levels past
  // WEFT_REACH_MAX_LEVEL count as reaching, which a grid of fewer than 2^15 nodes a side allows.
  uint links = grid.break_strain > 0.0 ? link_state[grid.first_particle + node] : 0xffffffffu;
  // Each pull m_k along its direction u_k, with its weight w_k = m_k / apart_k^2.
  vec3 moves = vec3(0.0);  // the sum of the w_k m_k u_k
  float weights = 0.0;     // the sum of the w_k
  if (p.w > 0.0) {
    [[unroll]] for (uint axis = 0u; axis < 2u; ++axis) {
      uint along = axis == 0u ? column : row;
      uint nodes = axis == 0u ? grid.columns : grid.rows;
      uint stride = axis == 0u ? 1u : grid.columns;
      uint first = scales[g].y > 0.0 ? 1u : 2u;  // neighbours first, unless the links tear
      uint level = first;  // apart = 2^(level - 1): held while the node reaches that far
      for (uint apart = first; apart < nodes; apart *= 2u, ++level) {
        float scale = apart == 1u ? scales[g].y : scales[g].x;
        float limit = scale * float(apart) * grid.rest_lengths[axis];
        float clearly_within = limit * limit * WEFT_STRAIN_LIMITS_CLEARLY_WITHIN;
        [[unroll]] for (uint side = 0u; side < 2u; ++side) {
          if (side == 0u ? along < apart : along + apart >= nodes) continue;
          if (reach_level(links, 2u * axis + side) < min(level, WEFT_REACH_MAX_LEVEL)) continue;
          uint other = side == 0u ? node - apart * stride : node + apart * stride;
          vec4 q = source_position(grid, other);
          vec3 d = p.xyz - q.xyz;
          if (dot(d, d) < clearly_within) continue;  // most pairs: no square root
          float distance = length(d);
          if (distance <= limit) continue;
          float size = (distance - limit) * p.w / (p.w + q.w);
          float weight = size / float(apart * apart);
          moves -= (weight * size / distance) * d;
          weights += weight;
        }
      }
    }
  }
  vec3 x = weights > 0.0 ? p.xyz + moves / weights : p.xyz;
  if (push.read_scratch != 0u) {
    positions[grid.first_particle + node] = vec4(x, p.w);
  } else {
    scratch[t] = vec4(x, p.w);
  }
  if (push.settles != 0u) {
    previous[grid.first_particle + node].xyz += x - p.xyz;
  } else if (!integrator_is_verlet()) {
    velocities[grid.first_particle + node].xyz += (x - p.xyz) / params.dt;
  }
}
