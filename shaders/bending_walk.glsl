// Bending of cloth grids along one axis: each line (row or column) of every grid solves the
// implicit step of the bending elements along it exactly. Those elements are linear (C = x[k-1] -
// 2 x[k] + x[k+1], energy |C|^2 / 2 compliance), so the step from the predicted positions x is the
// correction d that solves (M / dt^2 + K) d = -K x on the line's free nodes, K = sum over
// elements of c c^T / compliance: a symmetric five-diagonal system, eliminated forward (its
// factors kept per node) and substituted back, in O(nodes). A relaxation sweep moves a bend a node
// or two; a line solve carries it the whole length of the cloth in one pass, so a strip droops the
// same at any resolution and any number of substeps. Pinned nodes do not move. An element on an
// edge row or column stands for half the width (twice the compliance); one held in the middle and
// on one side only bends over its free half (half the compliance: a clamp). Elements across a
// torn link are gone. Euler integrators carry a velocity, so a correction also changes it by d/dt.
//
// The walk goes through shared memory in chunks (line_walk.glsl). Each invocation reads back, in
// the second pass, only the factors it stored itself in the first (chunks start at multiples of
// CHUNK in both), so no barrier on device memory is needed.
//
// Where every particle is a node of a bending grid (walk.integrate), the walk along rows also
// integrates each free node as it loads it in the forward walk (integration.glsl) and stores the
// step there: the look-ahead nodes past a chunk and the walkers' first two nodes are integrated
// again, in registers, when they are read, and stored only by the chunk that owns them. The back
// substitution reads each node's position from the invocation that stored it.
// The including shader sets BENDING_GRIDS_BINDING, BENDING_FACTORS_BINDING and
// BENDING_BETAS_BINDING. Mirrors solve_bending_line in sim/modules/bending_lines.cpp.
#ifndef WEFT_BENDING_WALK_GLSL
#define WEFT_BENDING_WALK_GLSL
#include "grid_bending_layout.h"
#include "integration.glsl"
#include "line_walk.glsl"

layout(std430, set = WEFT_MODULE_SET, binding = BENDING_GRIDS_BINDING) readonly buffer
    BendingGridsBuffer {
  BendingGrid bending_grids[];
};
layout(std430, set = WEFT_MODULE_SET, binding = BENDING_FACTORS_BINDING) buffer
    BendingFactorsBuffer {
  vec4 bending_factors[];
};
layout(std430, set = WEFT_MODULE_SET, binding = BENDING_BETAS_BINDING) buffer
    BendingBetasBuffer {
  float bending_betas[];
};

// One row or column: node i is particle first + i * stride and slot first_slot + i * stride.
struct BendingLine {
  uint first;
  uint first_slot;
  uint stride;
  uint count;
  float compliance;
  uint tears;
  uint tear_bits;  // the middle node's links along the line (link_state_layout.h)
  uint bends;
};

BendingLine bending_line(GridBendingPush walk, uint t) {
  uint g = 0u;
  for (uint k = 1u; k < walk.grid_count; ++k) {
    uint first_line = walk.axis == WEFT_BEND_ALONG_ROWS ? bending_grids[k].first_row_line
                                                         : bending_grids[k].first_column_line;
    if (t >= first_line) g = k;
  }
  BendingGrid grid = bending_grids[g];
  bool rows = walk.axis == WEFT_BEND_ALONG_ROWS;
  uint index = t - (rows ? grid.first_row_line : grid.first_column_line);
  uint across = rows ? grid.rows : grid.columns;
  BendingLine line;
  line.first = grid.first_particle + (rows ? index * grid.columns : index);
  line.first_slot = grid.first_node + (rows ? index * grid.columns : index);
  line.stride = rows ? 1u : grid.columns;
  line.count = rows ? grid.columns : grid.rows;
  float edge = index == 0u || index + 1u == across ? 2.0 : 1.0;
  line.compliance = edge * (rows ? grid.compliance.x : grid.compliance.y);
  line.tears = grid.tears;
  line.tear_bits = rows ? 3u : 3u << 2;
  line.bends = grid.bends;
  return line;
}

// Node i's position as the solve sees it: integrated first where this walk integrates.
vec4 bending_node(GridBendingPush walk, BendingLine line, uint i) {
  if (i >= line.count) return vec4(0.0);
  uint particle = line.first + i * line.stride;
  vec4 p = positions[particle];
  if (walk.integrate == WEFT_BEND_INTEGRATE_NONE || p.w == 0.0) return p;
  IntegrationStep step =
      integration_step(particle, p, walk.integrate == WEFT_BEND_INTEGRATE_ENVIRONMENT);
  return vec4(step.position, p.w);
}

// The element centred on node k of the line, whose nodes are a, b, c, with the link state of its
// middle node: its stiffness (0 where there is none) and its C at these positions.
void bending_element(BendingLine line, uint k, uint links, vec4 a, vec4 b, vec4 c,
                     out float stiffness, out vec3 curve) {
  stiffness = 0.0;
  curve = vec3(0.0);
  if (k == 0u || k + 1u >= line.count || line.bends == 0u) return;
  if (line.tears != 0u && (links & line.tear_bits) != 0u) return;
  bool clamped = b.w == 0.0 && (a.w == 0.0) != (c.w == 0.0);
  stiffness = 1.0 / (clamped ? 0.5 * line.compliance : line.compliance);
  curve = a.xyz - 2.0 * b.xyz + c.xyz;
}

// Solves the workgroup's lines of walk.axis. Every invocation of the workgroup calls it.
void walk_bending(GridBendingPush walk) {
  uint first_line = walk_first_line();
  uint slot = walk_slot();
  uint lane = walk_lane();
  uint walker = walk_walker();
  // Every invocation goes through every chunk of the group's longest line, so that all reach
  // every barrier; the lines that are shorter, or past the last line, skip the work.
  BendingLine line = BendingLine(0u, 0u, 0u, 0u, 0.0, 0u, 0u, 0u);
  uint longest = 0u;
  for (uint s = 0u; s < LINES && first_line + s < walk.line_count; ++s) {
    BendingLine other = bending_line(walk, first_line + s);
    longest = max(longest, other.count);
    if (s == slot) line = other;
  }
  BendingLine walked = BendingLine(0u, 0u, 0u, 0u, 0.0, 0u, 0u, 0u);
  if (walker < LINES && first_line + walker < walk.line_count)
    walked = bending_line(walk, first_line + walker);
  float inverse_dt2 = 1.0 / (params.dt * params.dt);

  // Forward elimination: row i reads d[i] + alpha[i] d[i+1] + beta[i] d[i+2] = z[i] after it.
  // The elements centred on i - 1, i and i + 1 touch node i: kept as (stiffness, C) in turn; the
  // walker's state carries over from chunk to chunk.
  float s_before = 0.0, s_here = 0.0, s_after;
  vec3 c_before = vec3(0.0), c_here = vec3(0.0), c_after;
  vec4 here = bending_node(walk, walked, 0u);
  vec4 next = bending_node(walk, walked, 1u);
  float alpha1 = 0.0, beta1 = 0.0, alpha2 = 0.0, beta2 = 0.0;  // rows i - 1 and i - 2
  vec3 z1 = vec3(0.0), z2 = vec3(0.0);
  barrier();  // the walkers read their first nodes before the first chunk's loads store them
  for (uint base = 0u; base < longest; base += CHUNK) {
    for (uint j = lane; j < CHUNK + 2u; j += LANES) {
      uint node = base + j;
      if (walk.integrate != WEFT_BEND_INTEGRATE_NONE && j < CHUNK && node < line.count) {
        uint particle = line.first + node * line.stride;
        vec4 p = positions[particle];
        if (p.w != 0.0) {
          IntegrationStep step =
              integration_step(particle, p, walk.integrate == WEFT_BEND_INTEGRATE_ENVIRONMENT);
          store_integration_step(particle, p, step);
          p.xyz = step.position;
        }
        chunk_positions[slot][j] = p;
      } else {
        chunk_positions[slot][j] = bending_node(walk, line, node);
      }
      chunk_links[slot][j] =
          line.tears != 0u && node < line.count ? link_state[line.first + node * line.stride] : 0u;
    }
    barrier();
    uint end = min(walked.count, base + CHUNK);
    for (uint i = base; i < end; ++i) {
      vec4 after_next = chunk_positions[walker][i + 2u - base];
      bending_element(walked, i + 1u, chunk_links[walker][i + 1u - base], here, next, after_next,
                      s_after, c_after);
      float alpha = 0.0, beta = 0.0;
      vec3 z = vec3(0.0);
      if (here.w != 0.0) {
        float e = s_before;                    // (i, i - 2)
        float c = -2.0 * (s_before + s_here);  // (i, i - 1)
        float d = inverse_dt2 / here.w + s_before + 4.0 * s_here + s_after;
        float u1 = -2.0 * (s_here + s_after);  // (i, i + 1)
        float u2 = s_after;                    // (i, i + 2)
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
      chunk_factors[walker][i - base] = vec4(z, alpha);
      chunk_scalars[walker][i - base] = beta;
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
    barrier();
    for (uint j = lane; j < CHUNK; j += LANES) {
      uint node = base + j;
      if (node < line.count) {
        bending_factors[line.first_slot + node * line.stride] = chunk_factors[slot][j];
        bending_betas[line.first_slot + node * line.stride] = chunk_scalars[slot][j];
      }
    }
    // The next chunk's loads write positions and links, which no one reads any more; its walk
    // writes the factors only after the barrier that follows them.
  }
  barrier();  // the back substitution's loads overwrite the factors the last stores read

  // Back substitution, from the lines' far ends, chunk by chunk.
  vec3 d1 = vec3(0.0), d2 = vec3(0.0);  // d[i + 1], d[i + 2]
  for (uint c = (longest + CHUNK - 1u) / CHUNK; c > 0u; --c) {
    uint base = (c - 1u) * CHUNK;
    for (uint j = lane; j < CHUNK; j += LANES) {
      uint node = base + j;
      if (node < line.count) {
        chunk_factors[slot][j] = bending_factors[line.first_slot + node * line.stride];
        chunk_scalars[slot][j] = bending_betas[line.first_slot + node * line.stride];
      }
    }
    barrier();
    for (uint k = min(walked.count, base + CHUNK); k > base; --k) {
      uint i = k - 1u - base;
      vec4 f = chunk_factors[walker][i];
      vec3 d = f.xyz - f.w * d1 - chunk_scalars[walker][i] * d2;
      chunk_moves[walker][i] = d;
      d2 = d1;
      d1 = d;
    }
    barrier();
    for (uint j = lane; j < CHUNK; j += LANES) {
      uint node = base + j;
      if (node >= line.count) continue;
      uint particle = line.first + node * line.stride;
      vec4 p = positions[particle];
      if (p.w != 0.0) {
        positions[particle] = vec4(p.xyz + chunk_moves[slot][j], p.w);
        if (!integrator_is_verlet()) velocities[particle].xyz += chunk_moves[slot][j] / params.dt;
      }
    }
    // The next chunk's loads write the factors, which no one reads any more; its walk writes the
    // corrections only after the barrier that follows them.
  }
}

#endif  // WEFT_BENDING_WALK_GLSL
