#version 450
// Grid path, pass 3 of a substep: one Jacobi sweep over every distance constraint of the cloth
// grids, one thread per node. Each thread gathers the XPBD correction of each of its
// constraints from the positions of the previous sweep and writes its node's new position to
// the other buffer (positions <-> scratch, alternating by sweep), so no thread reads what another
// writes and a whole sweep is one dispatch. Both ends of a constraint compute it identically
// (owner minus other, from the same inputs); the owner (lower index) keeps its multiplier.
// Corrections are scaled by jacobi_scale so that the sum over a node's constraints cannot
// overshoot. The grids' bending is solved before the sweeps (bend_grid_lines.comp), and so is the
// stretch of their structural links (stretch_grid_lines.comp).
// Mirrors GridJacobi::relax in sim/modules/grid_jacobi.cpp.
#extension GL_EXT_control_flow_attributes : require
#include "grid_directions.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(push_constant) uniform Push {
  GridPush push;
};
// Multipliers: WEFT_GRID_LAMBDAS_PER_PARTICLE slots per node, indexed by thread.
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_GRID_BINDING_LAMBDAS) buffer LambdasBuffer {
  float lambdas[];
};
// Positions written by even sweeps and read by odd ones, indexed by thread.
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_GRID_BINDING_SCRATCH) buffer ScratchBuffer {
  vec4 scratch[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_GRID_BINDING_LAMBDAS_SCRATCH) buffer
    LambdasScratchBuffer {
  float lambdas_scratch[];
};

// The position of the node at `thread` (particle `particle`) as the previous sweep left it.
vec4 source_position(uint thread, uint particle) {
  return push.read_scratch != 0u ? scratch[thread] : positions[particle];
}

// The multiplier of the link in `slot` (of kind `kind`) as the previous sweep left it; 0 on a
// substep's first sweep, but for the structural links the line solve has just written.
float source_lambda(GridParams grid, uint slot, uint kind) {
  if (grid.uses_lambdas == 0u) return 0.0;
  bool restart = push.reset_lambda != 0u &&
                 (kind != 0u || grid.structural_solved_along_lines == 0u);
  if (restart) return 0.0;
  return push.read_scratch != 0u ? lambdas_scratch[slot] : lambdas[slot];
}

void write_lambda(GridParams grid, uint slot, float value) {
  if (grid.uses_lambdas == 0u) return;
  if (push.read_scratch != 0u) {
    lambdas[slot] = value;
  } else {
    lambdas_scratch[slot] = value;
  }
}

void main() {
  uint t = thread_index();
  if (t >= push.thread_count) return;
  GridParams grid = grids[grid_of_thread(t, push.grid_count)];
  uint node = t - grid.first_thread;
  uint i = grid.first_particle + node;
  vec4 p = source_position(t, i);
  uint column = node % grid.columns;
  uint row = node / grid.columns;
  // Links that tore are skipped, their multipliers kept at 0 (tearing_layout.h).
  uint links = grid.break_strain > 0.0 ? link_state[i] : 0u;
  vec3 correction = vec3(0.0);
  [[unroll]] for (uint k = 0u; k < 12u; ++k) {
    uint j;
    if ((grid.constraint_kinds & kKindBit[k]) == 0u || !grid_neighbour(grid, column, row, k, j)) continue;
    bool forward = (k & 1u) == 0u;
    uint other_thread = grid.first_thread + j;
    uint owner = forward ? t : other_thread;
    vec4 po = forward ? p : source_position(other_thread, grid.first_particle + j);
    vec4 pt = forward ? source_position(other_thread, grid.first_particle + j) : p;
    uint slot = owner * WEFT_GRID_LAMBDAS_PER_PARTICLE + k / 2u;
    if (link_torn(links, k)) {
      if (forward) write_lambda(grid, slot, 0.0);
      continue;
    }
    float lambda = source_lambda(grid, slot, kKind[k]);
    float w = po.w + pt.w;
    vec3 d = po.xyz - pt.xyz;
    float len = length(d);
    if (w == 0.0 || len == 0.0) {
      if (forward) write_lambda(grid, slot, lambda);
      continue;
    }
    float rest = grid_rest_length(grid, k / 2u);
    // Softer while compressed where the material buckles (sim/model/link.h).
    float compliance = len < rest ? grid.compression[kKind[k]] : grid.compliance[kKind[k]];
    float alpha = compliance / (params.dt * params.dt);
    vec3 n = d / len;
    float delta_lambda = grid.jacobi_scale * (-(len - rest) - alpha * lambda) / (w + alpha);
    if (forward) write_lambda(grid, slot, lambda + delta_lambda);
    correction += forward ? (p.w * delta_lambda) * n : (-p.w * delta_lambda) * n;
  }
  vec4 result = vec4(p.xyz + correction, p.w);
  if (push.read_scratch != 0u) {
    positions[i] = result;
  } else {
    scratch[t] = result;
  }
  if (!integrator_is_verlet()) velocities[i].xyz += correction / params.dt;
}
