#version 450
// Bending of cloth grids, once per substep: one thread per row (or per column) of every grid
// solves the implicit step of the bending elements along its line exactly. Those elements are
// linear (C = x[k-1] - 2 x[k] + x[k+1], energy |C|^2 / 2 compliance), so the step from the
// predicted positions x is the correction d that solves (M / dt^2 + K) d = -K x on the line's
// free nodes, K = sum over elements of c c^T / compliance: a symmetric five-diagonal system,
// eliminated forward (its factors kept per node) and substituted back, in O(nodes). A relaxation
// sweep moves a bend a node or two; a line solve carries it the whole length of the cloth in one
// pass, so a strip droops the same at any resolution and any number of substeps. Rows are
// solved first, then columns (two dispatches). Pinned nodes do not move. An element on an edge
// row or column stands for half the width (twice the compliance); one held in the middle and on
// one side only bends over its free half (half the compliance: a clamp). Elements across a torn
// link are gone. Euler integrators carry a velocity, so a correction also changes it by d/dt.
// Mirrors GridBending::solve in sim/modules/grid_bending.cpp.
#include "particle_bindings.glsl"
#include "grid_bending.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_GRID_BENDING_BINDING_GRIDS) readonly buffer
    GridsBuffer {
  BendingGrid grids[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_GRID_BENDING_BINDING_FACTORS) buffer
    FactorsBuffer {
  vec4 factors[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_GRID_BENDING_BINDING_BETAS) buffer
    BetasBuffer {
  float betas[];
};
layout(push_constant) uniform Push {
  GridBendingPush push;
};

// One row or column: node i is particle first + i * stride and slot first_slot + i * stride.
struct Line {
  uint first;
  uint first_slot;
  uint stride;
  uint count;
  float compliance;
  uint tears;
  uint tear_bits;  // the middle node's links along the line (link_state.h)
};

Line line_of_thread(uint t) {
  uint g = 0u;
  for (uint k = 1u; k < push.grid_count; ++k) {
    uint first_line = push.axis == WEFT_BEND_ALONG_ROWS ? grids[k].first_row_line
                                                         : grids[k].first_column_line;
    if (t >= first_line) g = k;
  }
  BendingGrid grid = grids[g];
  bool rows = push.axis == WEFT_BEND_ALONG_ROWS;
  uint index = t - (rows ? grid.first_row_line : grid.first_column_line);
  uint across = rows ? grid.rows : grid.columns;
  Line line;
  line.first = grid.first_particle + (rows ? index * grid.columns : index);
  line.first_slot = grid.first_node + (rows ? index * grid.columns : index);
  line.stride = rows ? 1u : grid.columns;
  line.count = rows ? grid.columns : grid.rows;
  float edge = index == 0u || index + 1u == across ? 2.0 : 1.0;
  line.compliance = edge * (rows ? grid.compliance.x : grid.compliance.y);
  line.tears = grid.tears;
  line.tear_bits = rows ? 3u : 3u << 2;
  return line;
}

// The element centred on node k, whose nodes are a, b, c: its stiffness (0 where there is none)
// and its C at these positions.
void element(Line line, uint k, vec4 a, vec4 b, vec4 c, out float stiffness, out vec3 curve) {
  stiffness = 0.0;
  curve = vec3(0.0);
  if (k == 0u || k + 1u >= line.count) return;
  if (line.tears != 0u && (link_state[line.first + k * line.stride] & line.tear_bits) != 0u) return;
  bool clamped = b.w == 0.0 && (a.w == 0.0) != (c.w == 0.0);
  stiffness = 1.0 / (clamped ? 0.5 * line.compliance : line.compliance);
  curve = a.xyz - 2.0 * b.xyz + c.xyz;
}

vec4 node_position(Line line, uint i) {
  return i < line.count ? positions[line.first + i * line.stride] : vec4(0.0);
}

void main() {
  uint t = thread_index();
  if (t >= push.line_count) return;
  Line line = line_of_thread(t);
  float inverse_dt2 = 1.0 / (params.dt * params.dt);

  // Forward elimination: row i reads d[i] + alpha[i] d[i+1] + beta[i] d[i+2] = z[i] after it.
  // The elements centred on i - 1, i and i + 1 touch node i: kept as (stiffness, C) in turn.
  float s_before = 0.0, s_here = 0.0, s_after;
  vec3 c_before = vec3(0.0), c_here = vec3(0.0), c_after;
  vec4 here = node_position(line, 0u);
  vec4 next = node_position(line, 1u);
  float alpha1 = 0.0, beta1 = 0.0, alpha2 = 0.0, beta2 = 0.0;  // rows i - 1 and i - 2
  vec3 z1 = vec3(0.0), z2 = vec3(0.0);
  for (uint i = 0u; i < line.count; ++i) {
    vec4 after_next = node_position(line, i + 2u);
    element(line, i + 1u, here, next, after_next, s_after, c_after);
    float alpha = 0.0, beta = 0.0;
    vec3 z = vec3(0.0);
    if (here.w != 0.0) {
      float e = s_before;                          // (i, i - 2)
      float c = -2.0 * (s_before + s_here);        // (i, i - 1)
      float d = inverse_dt2 / here.w + s_before + 4.0 * s_here + s_after;
      float u1 = -2.0 * (s_here + s_after);        // (i, i + 1)
      float u2 = s_after;                          // (i, i + 2)
      vec3 rhs = -(s_before * c_before - 2.0 * s_here * c_here + s_after * c_after);
      c -= e * alpha2;
      d -= e * beta2;
      rhs -= e * z2;
      d -= c * alpha1;
      u1 -= c * beta1;
      rhs -= c * z1;
      alpha = u1 / d;
      beta = u2 / d;
      z = rhs / d;
    }
    factors[line.first_slot + i * line.stride] = vec4(z, alpha);
    betas[line.first_slot + i * line.stride] = beta;
    alpha2 = alpha1;
    beta2 = beta1;
    z2 = z1;
    alpha1 = alpha;
    beta1 = beta;
    z1 = z;
    s_before = s_here;
    c_before = c_here;
    s_here = s_after;
    c_here = c_after;
    here = next;
    next = after_next;
  }

  // Back substitution, from the line's far end.
  vec3 d1 = vec3(0.0), d2 = vec3(0.0);  // d[i + 1], d[i + 2]
  for (uint k = line.count; k > 0u; --k) {
    uint i = k - 1u;
    vec4 f = factors[line.first_slot + i * line.stride];
    vec3 d = f.xyz - f.w * d1 - betas[line.first_slot + i * line.stride] * d2;
    uint particle = line.first + i * line.stride;
    vec4 p = positions[particle];
    if (p.w != 0.0) {
      positions[particle] = vec4(p.xyz + d, p.w);
      if (!integrator_is_verlet()) velocities[particle].xyz += d / params.dt;
    }
    d2 = d1;
    d1 = d;
  }
}
