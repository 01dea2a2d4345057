#version 450
// The air on the cloth, after the force gathers of every substep: each triangle feels drag along
// the wind relative to it and lift across that wind, in proportion to its area and to how square
// it stands to the wind (the classic flat-plate model of a flag). With u the air's velocity
// relative to the triangle (the wind, gusts included, at its centre, less the mean of its corners'
// velocities) and n its unit normal turned to face downwind,
//   F = A |u.n| (drag u + lift (|u| n - (|u.n| / |u|) u)),   drag = rho C_D / 2, lift = rho C_L /
// 2,
// so drag goes as |u|^2 cos(theta) and lift as |u|^2 cos(theta) sin(theta), theta the angle
// between u and n. A third of F goes to each corner. Gather, not scatter: a thread per particle
// walks the triangles it is a corner of and computes each one's force itself, so no two threads
// write one particle. Pinned particles keep the zero force the gather gave them. Mirrors
// Aerodynamics::apply in sim/modules/aerodynamics.cpp.
#include "particle_bindings.glsl"
#include "aerodynamics_layout.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_AERODYNAMICS_BINDING_PARTICLES) readonly
    buffer ParticlesBuffer {
  uint covered[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_AERODYNAMICS_BINDING_OFFSETS) readonly
    buffer OffsetsBuffer {
  uint corner_offsets[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_AERODYNAMICS_BINDING_CORNERS) readonly
    buffer CornersBuffer {
  TriangleCorner corners[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_AERODYNAMICS_BINDING_AIR) readonly
    buffer AirBuffer {
  AirParams air;
};
// Per corner, the links whose tearing opens its triangle (corner_tear_bits in
// sim/model/link_state.h):
// the corner's vertex's bits for its two edges (low 16), the next vertex's for the third (high).
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_AERODYNAMICS_BINDING_TEARS) readonly
    buffer TearsBuffer {
  uint corner_tears[];
};
layout(push_constant) uniform Push {
  AerodynamicsPush push;
};

// The wind at x: the steady wind plus the gusts' waves.
vec3 wind_at(vec3 x) {
  vec3 w = params.wind.xyz;
  for (uint k = 0u; k < WEFT_GUST_WAVES; ++k) {
    GustWave wave = air.waves[k];
    float phase = dot(wave.wave_vector.xyz, x) + wave.wave_vector.w +
                  float(push.substep) * params.dt * wave.angular_frequency;
    w[wave.axis] += 0.5 * air.gust_amplitude[wave.axis] * sin(phase);
  }
  return w;
}

void main() {
  uint t = thread_index();
  if (t >= push.thread_count) return;
  uint i = covered[t];
  vec4 p = positions[i];
  if (p.w == 0.0) return;
  vec3 v = velocity_of(i);
  vec3 f = vec3(0.0);
  uint end = corner_offsets[t + 1u];
  for (uint k = corner_offsets[t]; k < end; ++k) {
    TriangleCorner c = corners[k];
    // A torn open triangle is no longer there to catch the air.
    uint bits = push.tears != 0u ? corner_tears[k] : 0u;
    if (bits != 0u && ((link_state[i] & (bits & 0xffffu)) | (link_state[c.next] & (bits >> 16))) != 0u) {
      continue;
    }
    vec3 x_next = positions[c.next].xyz;
    vec3 x_prev = positions[c.prev].xyz;
    vec3 area_normal = cross(x_next - p.xyz, x_prev - p.xyz);  // twice the area along n
    float twice_area = length(area_normal);
    if (twice_area == 0.0) continue;
    vec3 n = area_normal / twice_area;
    vec3 centre = (p.xyz + x_next + x_prev) / 3.0;
    vec3 u = wind_at(centre) - (v + velocity_of(c.next) + velocity_of(c.prev)) / 3.0;
    float speed = length(u);
    if (speed == 0.0) continue;
    float normal_speed = dot(u, n);
    float facing = abs(normal_speed);
    vec3 downwind = normal_speed < 0.0 ? -n : n;
    vec3 across = speed * downwind - (facing / speed) * u;
    f += (0.5 * twice_area * facing / 3.0) * (air.drag * u + air.lift * across);
  }
  forces[i].xyz += f;
}
