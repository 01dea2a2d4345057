#version 450
// Bending of cloth grids, once per substep: one workgroup per row (or per column) of every grid
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
//
// The elimination is a chain: each node needs the one before, so a line is walked by one
// invocation. Walked through device memory, every step would wait for a load; instead a
// workgroup takes WEFT_BEND_LINES_PER_GROUP lines in chunks of CHUNK nodes: all its invocations
// load the chunks into shared memory at once (two nodes each), the first invocations walk one
// line each there, side by side, and all store the results at once. Each invocation reads back,
// in the second pass, only the factors it stored itself in the first (chunks start at multiples
// of CHUNK in both), so no barrier on device memory is needed.
//
// Where every particle is a node of a bending grid (push.integrate), the pass along rows also
// integrates each free node as it loads it in the forward walk (integration.glsl) and stores the
// step there: the look-ahead nodes past a chunk and the walkers' first two nodes are integrated
// again, in registers, when they are read, and stored only by the chunk that owns them. The back
// substitution reads each node's position from the invocation that stored it.
// Mirrors GridBending::run_cpu in sim/modules/grid_bending.cpp.
#include "integration.glsl"
#include "grid_bending_layout.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
#define LINES WEFT_BEND_LINES_PER_GROUP
#define LANES (WEFT_GROUP_SIZE / WEFT_BEND_LINES_PER_GROUP)  // invocations loading one line
#define CHUNK (2u * LANES)                                  // nodes of a line per chunk
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
  uint tear_bits;  // the middle node's links along the line (link_state_layout.h)
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

// Node i's position as the solve sees it: integrated first where this pass integrates.
vec4 node_position(Line line, uint i) {
  if (i >= line.count) return vec4(0.0);
  uint particle = line.first + i * line.stride;
  vec4 p = positions[particle];
  if (push.integrate == WEFT_BEND_INTEGRATE_NONE || p.w == 0.0) return p;
  IntegrationStep step =
      integration_step(particle, p, push.integrate == WEFT_BEND_INTEGRATE_ENVIRONMENT);
  return vec4(step.position, p.w);
}

// A chunk of each of the workgroup's lines: its nodes' positions (two more for the elimination's
// look-ahead) and link states, then the factors of its rows, then its corrections.
shared vec4 chunk_positions[LINES][CHUNK + 2];
shared uint chunk_links[LINES][CHUNK + 2];
shared vec4 chunk_factors[LINES][CHUNK];
shared float chunk_betas[LINES][CHUNK];
shared vec3 chunk_corrections[LINES][CHUNK];

// The element centred on node k of the line, whose nodes are a, b, c, with the link state of its
// middle node: its stiffness (0 where there is none) and its C at these positions.
void element(Line line, uint k, uint links, vec4 a, vec4 b, vec4 c, out float stiffness,
             out vec3 curve) {
  stiffness = 0.0;
  curve = vec3(0.0);
  if (k == 0u || k + 1u >= line.count) return;
  if (line.tears != 0u && (links & line.tear_bits) != 0u) return;
  bool clamped = b.w == 0.0 && (a.w == 0.0) != (c.w == 0.0);
  stiffness = 1.0 / (clamped ? 0.5 * line.compliance : line.compliance);
  curve = a.xyz - 2.0 * b.xyz + c.xyz;
}

void main() {
  uint first_line = (gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x) * LINES;
  // Loading and storing, an invocation handles nodes lane and lane + LANES of each chunk of line
  // `slot`; walking, invocation `walker` walks line `walker` (the walkers sit side by side, in one
  // SIMD group).
  uint slot = gl_LocalInvocationID.x / LANES;
  uint lane = gl_LocalInvocationID.x % LANES;
  uint walker = gl_LocalInvocationID.x;
  // Every invocation goes through every chunk of the group's longest line, so that all reach
  // every barrier; the lines that are shorter, or past the last line, skip the work.
  Line line = Line(0u, 0u, 0u, 0u, 0.0, 0u, 0u);
  uint longest = 0u;
  for (uint s = 0u; s < LINES && first_line + s < push.line_count; ++s) {
    Line other = line_of_thread(first_line + s);
    longest = max(longest, other.count);
    if (s == slot) line = other;
  }
  Line walked = Line(0u, 0u, 0u, 0u, 0.0, 0u, 0u);
  if (walker < LINES && first_line + walker < push.line_count)
    walked = line_of_thread(first_line + walker);
  float inverse_dt2 = 1.0 / (params.dt * params.dt);

  // Forward elimination: row i reads d[i] + alpha[i] d[i+1] + beta[i] d[i+2] = z[i] after it.
  // The elements centred on i - 1, i and i + 1 touch node i: kept as (stiffness, C) in turn; the
  // walker's state carries over from chunk to chunk.
  float s_before = 0.0, s_here = 0.0, s_after;
  vec3 c_before = vec3(0.0), c_here = vec3(0.0), c_after;
  vec4 here = node_position(walked, 0u);
  vec4 next = node_position(walked, 1u);
  float alpha1 = 0.0, beta1 = 0.0, alpha2 = 0.0, beta2 = 0.0;  // rows i - 1 and i - 2
  vec3 z1 = vec3(0.0), z2 = vec3(0.0);
  barrier();  // the walkers read their first nodes before the first chunk's loads store them
  for (uint base = 0u; base < longest; base += CHUNK) {
    for (uint j = lane; j < CHUNK + 2u; j += LANES) {
      uint node = base + j;
      if (push.integrate != WEFT_BEND_INTEGRATE_NONE && j < CHUNK && node < line.count) {
        uint particle = line.first + node * line.stride;
        vec4 p = positions[particle];
        if (p.w != 0.0) {
          IntegrationStep step =
              integration_step(particle, p, push.integrate == WEFT_BEND_INTEGRATE_ENVIRONMENT);
          store_integration_step(particle, p, step);
          p.xyz = step.position;
        }
        chunk_positions[slot][j] = p;
      } else {
        chunk_positions[slot][j] = node_position(line, node);
      }
      chunk_links[slot][j] =
          line.tears != 0u && node < line.count ? link_state[line.first + node * line.stride] : 0u;
    }
    barrier();
    uint end = min(walked.count, base + CHUNK);
    for (uint i = base; i < end; ++i) {
      vec4 after_next = chunk_positions[walker][i + 2u - base];
      element(walked, i + 1u, chunk_links[walker][i + 1u - base], here, next, after_next, s_after,
              c_after);
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
      chunk_betas[walker][i - base] = beta;
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
        factors[line.first_slot + node * line.stride] = chunk_factors[slot][j];
        betas[line.first_slot + node * line.stride] = chunk_betas[slot][j];
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
        chunk_factors[slot][j] = factors[line.first_slot + node * line.stride];
        chunk_betas[slot][j] = betas[line.first_slot + node * line.stride];
      }
    }
    barrier();
    for (uint k = min(walked.count, base + CHUNK); k > base; --k) {
      uint i = k - 1u - base;
      vec4 f = chunk_factors[walker][i];
      vec3 d = f.xyz - f.w * d1 - chunk_betas[walker][i] * d2;
      chunk_corrections[walker][i] = d;
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
        positions[particle] = vec4(p.xyz + chunk_corrections[slot][j], p.w);
        if (!integrator_is_verlet()) velocities[particle].xyz += chunk_corrections[slot][j] / params.dt;
      }
    }
    // The next chunk's loads write the factors, which no one reads any more; its walk writes the
    // corrections only after the barrier that follows them.
  }
}
