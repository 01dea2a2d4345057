#version 450
// Grid path, pass 3 of a substep: one Jacobi sweep over every distance constraint of a cloth
// grid, one thread per particle. Each thread gathers the XPBD correction of each of its
// constraints from the positions of the previous sweep and writes its particle's new position to
// the other buffer (positions <-> scratch, alternating by sweep), so no thread reads what another
// writes and a whole sweep is one dispatch. Both ends of a constraint compute it identically
// (owner minus other, from the same inputs); the owner (lower index) keeps its multiplier.
// Corrections are scaled by jacobi_scale so that the sum over a particle's constraints cannot
// overshoot. Mirrors relax_grid_jacobi() in sim/cpu_grid_passes.h.
#extension GL_EXT_control_flow_attributes : require
#include "grid_directions.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(push_constant) uniform Push {
  RelaxPush relax;
};
layout(std430, set = 0, binding = WEFT_BINDING_SCRATCH) buffer ScratchBuffer {
  vec4 scratch[];
};
layout(std430, set = 0, binding = WEFT_BINDING_LAMBDAS_SCRATCH) buffer LambdasScratchBuffer {
  float lambdas_scratch[];
};

vec4 source_position(uint i) { return relax.read_scratch != 0u ? scratch[i] : positions[i]; }

float source_lambda(uint i) {
  if (relax.reset_lambda != 0u || grid.uses_lambdas == 0u) return 0.0;
  return relax.read_scratch != 0u ? lambdas_scratch[i] : lambdas[i];
}

void write_lambda(uint i, float value) {
  if (grid.uses_lambdas == 0u) return;
  if (relax.read_scratch != 0u) {
    lambdas[i] = value;
  } else {
    lambdas_scratch[i] = value;
  }
}

void main() {
  uint i = thread_index();
  if (i >= params.particle_count) return;
  vec4 p = source_position(i);
  uint column = i % grid.columns;
  uint row = i / grid.columns;
  vec3 correction = vec3(0.0);
  [[unroll]] for (uint k = 0u; k < 12u; ++k) {
    uint j;
    if ((grid.constraint_kinds & kKindBit[k]) == 0u || !grid_neighbour(column, row, k, j)) continue;
    bool forward = (k & 1u) == 0u;
    uint owner = forward ? i : j;
    vec4 po = forward ? p : source_position(j);
    vec4 pt = forward ? source_position(j) : p;
    uint slot = owner * WEFT_GRID_LAMBDAS_PER_PARTICLE + k / 2u;
    float lambda = source_lambda(slot);
    float w = po.w + pt.w;
    vec3 d = po.xyz - pt.xyz;
    float len = length(d);
    if (w == 0.0 || len == 0.0) {
      if (forward) write_lambda(slot, lambda);
      continue;
    }
    float alpha = grid.compliance[kKind[k]] / (params.dt * params.dt);
    vec3 n = d / len;
    float delta_lambda =
        grid.jacobi_scale * (-(len - grid_rest_length(k / 2u)) - alpha * lambda) / (w + alpha);
    if (forward) write_lambda(slot, lambda + delta_lambda);
    correction += forward ? (p.w * delta_lambda) * n : (-p.w * delta_lambda) * n;
  }
  vec4 result = vec4(p.xyz + correction, p.w);
  if (relax.read_scratch != 0u) {
    positions[i] = result;
  } else {
    scratch[i] = result;
  }
  if (!integrator_is_verlet()) velocities[i].xyz += correction / params.dt;
}
