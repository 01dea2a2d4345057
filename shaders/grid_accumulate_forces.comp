#version 450
// Grid path, pass 1 of a substep: accumulate_forces.comp for a cloth grid, finding each
// particle's springs by index (kColumnOffset/kRowOffset) instead of reading an adjacency list.
// Same force model, same order of terms. Mirrors grid_accumulate_forces() in
// sim/cpu_grid_passes.h.
#include "grid_directions.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

vec3 ground_force(vec3 x, vec3 v) {
  if (params.ground_mode != WEFT_GROUND_FORCE || x.y >= params.ground.x) return vec3(0.0);
  vec3 f = -params.ground.z * vec3(v.x, 0.0, v.z);
  if (v.y < 0.0) f.y -= params.ground.w * v.y;
  f.y += params.ground.y * (params.ground.x - x.y);
  return f;
}

void main() {
  uint i = thread_index();
  if (i >= params.particle_count) return;
  vec4 p = positions[i];
  if (p.w == 0.0) {
    forces[i] = vec4(0.0);
    return;
  }
  vec3 v = velocity_of(i);
  vec3 f = params.gravity.xyz / p.w;
  f -= params.air_drag * (v - params.wind.xyz);
  f += ground_force(p.xyz, v);
  uint column = i % grid.columns;
  uint row = i / grid.columns;
  for (uint k = 0u; k < 12u; ++k) {
    uint j;
    if ((grid.spring_kinds & kKindBit[k]) == 0u || !grid_neighbour(column, row, k, j)) continue;
    float stiffness = grid.stiffness[kKind[k]];
    float damping = grid.damping[kKind[k]];
    float rest = grid_rest_length(k / 2u);
    vec3 d = p.xyz - positions[j].xyz;
    vec3 dv = v - velocity_of(j);
    float len = length(d);
    vec3 spring = vec3(0.0);
    if (len > 0.0) {
      vec3 e = d / len;
      spring = -stiffness * (len - rest) * e;
      if (params.spring_damping == WEFT_SPRING_DAMPING_AXIAL) spring -= damping * dot(dv, e) * e;
    }
    if (params.spring_damping == WEFT_SPRING_DAMPING_RELATIVE) spring -= damping * dv;
    f += spring;
  }
  forces[i] = vec4(f, 0.0);
}
