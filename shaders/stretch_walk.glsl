// Stretch of cloth grids along one axis: each line (row or column) of every grid solves the XPBD
// step of its structural links together. Link i joins nodes i - 1 and i; with multipliers
// starting at 0 the step is (J W J^T + alpha~) dl = -C, dx = W J^T dl, J the links' gradients where
// they lie (-n_i at node i - 1, +n_i at node i), W the inverse masses, alpha~ = compliance / dt^2.
// Links i - 1 and i share node i - 1 alone, so the system is tridiagonal (diagonal w_(i-1) + w_i +
// alpha~, coupling -w_(i-1) n_(i-1).n_i): eliminated forward (per link its pivot, right-hand side
// and coupling kept) and substituted back, in O(nodes); the back substitution finds each link's
// direction again from the positions, which costs less than keeping it. A relaxation sweep moves
// a correction a node or two; the line solve carries it the whole length of the cloth, so a fine
// cloth that falls or swings does not stretch while the sweeps catch up. Each link's multiplier
// goes into the owning module's (relax_distance or relax_grid_jacobi), whose first sweep
// continues from it. Pinned nodes do not move; a torn link, or one whose pivot vanishes (a free
// node in line between two held ones, inextensible), is left out. Euler integrators carry a
// velocity, so a correction also changes it by dx/dt.
//
// The walk goes through shared memory in chunks (line_walk.glsl). Each invocation reads back, in
// the second pass, only the factors it stored itself in the first, so no barrier on device memory
// is needed. Mirrors solve_stretch_line in sim/modules/stretch_lines.cpp.
#ifndef WEFT_STRETCH_WALK_GLSL
#define WEFT_STRETCH_WALK_GLSL
#include "particle_bindings.glsl"
#include "stretch_lines_layout.h"
#include "line_walk.glsl"

// The owning module's XPBD multipliers.
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_STRETCH_BINDING_LAMBDAS) buffer
    LambdasBuffer {
  float lambdas[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_STRETCH_BINDING_GRIDS) readonly buffer
    StretchGridsBuffer {
  StretchGrid stretch_grids[];
};
// Per link (the slot of its higher node): its pivot m and eliminated right-hand side y.
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_STRETCH_BINDING_FACTORS) buffer
    StretchFactorsBuffer {
  vec2 stretch_factors[];
};
// Per link: its coupling b with the link before.
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_STRETCH_BINDING_COUPLINGS) buffer
    StretchCouplingsBuffer {
  float stretch_couplings[];
};
// Per node: where the multipliers of its row's and its column's link before it go.
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_STRETCH_BINDING_SLOTS) readonly buffer
    StretchSlotsBuffer {
  uvec2 stretch_slots[];
};

// One row or column: node i is particle first + i * stride and slot first_slot + i * stride.
struct StretchLine {
  uint first;
  uint first_slot;
  uint stride;
  uint count;
  float rest;
  float compliance;
  float compression;
  uint tears;
  uint tear_bit;  // node i's link towards node i - 1 (link_state_layout.h)
};

StretchLine stretch_line(StretchLinesPush walk, uint t) {
  uint g = 0u;
  for (uint k = 1u; k < walk.grid_count; ++k) {
    uint first_line = walk.axis == WEFT_STRETCH_ALONG_ROWS ? stretch_grids[k].first_row_line
                                                            : stretch_grids[k].first_column_line;
    if (t >= first_line) g = k;
  }
  StretchGrid grid = stretch_grids[g];
  bool rows = walk.axis == WEFT_STRETCH_ALONG_ROWS;
  uint index = t - (rows ? grid.first_row_line : grid.first_column_line);
  StretchLine line;
  line.first = grid.first_particle + (rows ? index * grid.columns : index);
  line.first_slot = grid.first_node + (rows ? index * grid.columns : index);
  line.stride = rows ? 1u : grid.columns;
  line.count = rows ? grid.columns : grid.rows;
  line.rest = rows ? grid.rest_lengths.x : grid.rest_lengths.y;
  line.compliance = grid.compliance.x;
  line.compression = grid.compliance.y;
  line.tears = grid.tears;
  line.tear_bit = rows ? 1u << 1 : 1u << 3;
  return line;
}

// Link i's direction, from node i - 1 to node i (0 for a link of no length).
vec3 stretch_direction(vec4 before, vec4 here) {
  vec3 d = here.xyz - before.xyz;
  float len = length(d);
  return len > 0.0 ? d / len : vec3(0.0);
}

// Solves the workgroup's lines of walk.axis. Every invocation of the workgroup calls it.
void walk_stretch(StretchLinesPush walk) {
  uint first_line = walk_first_line();
  uint slot = walk_slot();
  uint lane = walk_lane();
  uint walker = walk_walker();
  // Every invocation goes through every chunk of the group's longest line, so that all reach
  // every barrier; the lines that are shorter, or past the last line, skip the work.
  StretchLine line = StretchLine(0u, 0u, 0u, 0u, 0.0, 0.0, 0.0, 0u, 0u);
  uint longest = 0u;
  for (uint s = 0u; s < LINES && first_line + s < walk.line_count; ++s) {
    StretchLine other = stretch_line(walk, first_line + s);
    longest = max(longest, other.count);
    if (s == slot) line = other;
  }
  StretchLine walked = StretchLine(0u, 0u, 0u, 0u, 0.0, 0.0, 0.0, 0u, 0u);
  if (walker < LINES && first_line + walker < walk.line_count)
    walked = stretch_line(walk, first_line + walker);
  float dt2 = params.dt * params.dt;

  // Forward elimination; the walker's state (the node and link before) carries over from chunk
  // to chunk.
  vec4 before = vec4(0.0);
  vec3 n_before = vec3(0.0);
  float m_before = 1.0, y_before = 0.0;
  for (uint base = 0u; base < longest; base += CHUNK) {
    for (uint j = lane; j < CHUNK; j += LANES) {
      uint node = base + j;
      bool inside = node < line.count;
      chunk_positions[slot][j] = inside ? positions[line.first + node * line.stride] : vec4(0.0);
      chunk_links[slot][j] =
          line.tears != 0u && inside ? link_state[line.first + node * line.stride] : 0u;
    }
    barrier();
    uint end = min(walked.count, base + CHUNK);
    for (uint i = base; i < end; ++i) {
      vec4 here = chunk_positions[walker][i - base];
      vec3 n = vec3(0.0);
      float m = 1.0, y = 0.0, b = 0.0;
      float len = length(here.xyz - before.xyz);
      bool torn = walked.tears != 0u && (chunk_links[walker][i - base] & walked.tear_bit) != 0u;
      if (i > 0u && !torn && len > 0.0) {
        float compliance = len < walked.rest ? walked.compression : walked.compliance;
        float diagonal = before.w + here.w + compliance / dt2;
        n = stretch_direction(before, here);
        b = -before.w * dot(n_before, n);
        m = diagonal - b * b / m_before;
        y = -(len - walked.rest) - b * y_before / m_before;
        if (!(m > 1e-4 * diagonal)) {
          n = vec3(0.0);
          m = 1.0;
          y = 0.0;
          b = 0.0;
        }
      }
      chunk_factors[walker][i - base] = vec4(m, y, 0.0, 0.0);
      chunk_scalars[walker][i - base] = b;
      n_before = n;
      m_before = m;
      y_before = y;
      before = here;
    }
    barrier();
    for (uint j = lane; j < CHUNK; j += LANES) {
      uint node = base + j;
      if (node < line.count) {
        stretch_factors[line.first_slot + node * line.stride] = chunk_factors[slot][j].xy;
        stretch_couplings[line.first_slot + node * line.stride] = chunk_scalars[slot][j];
      }
    }
    // The next chunk's loads write positions and links, which no one reads any more; its walk
    // writes the factors only after the barrier that follows them.
  }
  barrier();  // the back substitution's loads overwrite the factors the last stores read

  // Back substitution, from the lines' far ends, chunk by chunk: node i moves by
  // w_i (n_i dl_i - n_(i+1) dl_(i+1)). A chunk's nodes, and the node before it, are loaded before
  // any of them moves; the node before moves with the next chunk.
  float dl_after = 0.0, b_after = 0.0;
  vec3 n_after = vec3(0.0);
  for (uint c = (longest + CHUNK - 1u) / CHUNK; c > 0u; --c) {
    uint base = (c - 1u) * CHUNK;
    for (uint j = lane; j < CHUNK + 1u; j += LANES) {
      uint node = base + j - 1u;  // j = 0: the node before the chunk
      if (j + base > 0u && node < line.count)
        chunk_positions[slot][j] = positions[line.first + node * line.stride];
      if (j < CHUNK && base + j < line.count) {
        chunk_factors[slot][j] =
            vec4(stretch_factors[line.first_slot + (base + j) * line.stride], 0.0, 0.0);
        chunk_scalars[slot][j] = stretch_couplings[line.first_slot + (base + j) * line.stride];
      }
    }
    barrier();
    for (uint k = min(walked.count, base + CHUNK); k > base; --k) {
      uint i = k - 1u - base;
      vec3 n = k - 1u > 0u
                   ? stretch_direction(chunk_positions[walker][i], chunk_positions[walker][i + 1u])
                   : vec3(0.0);
      vec4 f = chunk_factors[walker][i];
      float dl = (f.y - b_after * dl_after) / f.x;
      chunk_moves[walker][i] = n * dl - n_after * dl_after;
      chunk_multipliers[walker][i] = dl;
      dl_after = dl;
      b_after = chunk_scalars[walker][i];
      n_after = n;
    }
    barrier();
    for (uint j = lane; j < CHUNK; j += LANES) {
      uint node = base + j;
      if (node >= line.count) continue;
      uint particle = line.first + node * line.stride;
      vec4 p = positions[particle];  // not the shared copy: the next chunk's loads may overwrite it
      if (p.w != 0.0) {
        vec3 move = p.w * chunk_moves[slot][j];
        positions[particle] = vec4(p.xyz + move, p.w);
        if (!integrator_is_verlet()) velocities[particle].xyz += move / params.dt;
      }
      if (walk.keeps_multipliers != 0u) {
        uvec2 node_slots = stretch_slots[line.first_slot + node * line.stride];
        uint multiplier = walk.axis == WEFT_STRETCH_ALONG_ROWS ? node_slots.x : node_slots.y;
        if (multiplier != WEFT_STRETCH_NO_SLOT) lambdas[multiplier] = chunk_multipliers[slot][j];
      }
    }
    // The next chunk's loads write the positions and factors, which no one reads any more; its
    // walk writes the impulses only after the barrier that follows them.
  }
}

#endif  // WEFT_STRETCH_WALK_GLSL
