#version 450
// Long-range attachments, once per substep after the relaxation sweeps: a particle further from one
// of its pins than the tether allows is put back on the tether's sphere around the pin, and one
// beyond both its tethers goes to the nearest point within reach of both. Only the particle moves
// (pins do not), so each thread owns its particle and the pass needs no colours. A particle pinned
// by a mouse drag keeps its tethers: the drag cannot pull the cloth further than it reaches. Euler
// integrators carry a velocity, so a correction also changes it by dx/dt. In a cloth that tears, a
// tether that a tear cut (check_tethers.comp) no longer holds, and a tether lets go while its
// particle is further from the pin than the cloth along it can stretch before it breaks: then the
// pull is the links', which break where it gathers, and the tether holds again once the cloth is
// back within that reach. Mirrors Tethers::relax in sim/modules/tethers.cpp.
#include "particle_bindings.glsl"
#include "tethers_layout.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_TETHERS_BINDING_TETHERS) readonly buffer
    TethersBuffer {
  Tether tethers[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_TETHERS_BINDING_GIVE_WAY) readonly buffer
    GiveWayBuffer {
  float give_way[];
};
layout(push_constant) uniform Push {
  TethersPush push;
};

// Whether the tether to `pin` holds the particle at x: always, unless it was cut or the particle
// is beyond the length it lets go at (give: that length over max_length; 0: never lets go).
bool holds(vec3 x, uint pin, float max_length, float give, bool cut) {
  if (pin == WEFT_TETHER_NONE || cut) return false;
  return give == 0.0 || length(x - positions[pin].xyz) <= max_length * give;
}

// x pulled onto the sphere of radius max_length around the pin, if it is outside.
vec3 attach(vec3 x, uint pin, float max_length) {
  vec3 anchor = positions[pin].xyz;
  vec3 d = x - anchor;
  float len = length(d);
  if (len <= max_length) return x;
  return anchor + d * (max_length / len);
}

// The point nearest x within reach of both tethers: the balls of radius r0 around pin0 and r1
// around pin1. Pulling x onto one sphere and then the other would leave it beyond the first
// wherever both are taut (a cloth hung between two pins), always in favour of the second: the
// cloth would shear along the line where the second tether starts to hold.
vec3 attach_both(vec3 x, uint pin0, float r0, uint pin1, float r1) {
  vec3 onto0 = attach(x, pin0, r0);
  vec3 a = positions[pin0].xyz;
  vec3 b = positions[pin1].xyz;
  if (length(onto0 - b) <= r1) return onto0;
  vec3 onto1 = attach(x, pin1, r1);
  if (length(onto1 - a) <= r0) return onto1;
  // Neither alone will do: the point is on both spheres, on the circle where they meet, which
  // lies across the pins' axis at s from pin0. Spheres that do not meet (pins dragged further
  // apart than the tethers reach) leave the particle on the axis, halfway across the gap.
  float d = length(b - a);
  if (d == 0.0) return onto1;
  vec3 axis = (b - a) / d;
  // precise: no fused multiply-adds, which a GPU may make of these differences of products (r0^2
  // - s^2 nearly cancels where the spheres barely meet). The CPU reference rounds each product,
  // and a fused one here was where a GPU's trajectory first parted from it.
  precise float s = d > r0 + r1 ? 0.5 * (r0 + d - r1) : (d * d + r0 * r0 - r1 * r1) / (2.0 * d);
  precise float radius = sqrt(max(r0 * r0 - s * s, 0.0));
  precise vec3 centre = a + axis * s;
  precise vec3 across = (x - centre) - dot(x - centre, axis) * axis;
  float len = length(across);
  if (len == 0.0) {  // on the axis, where every point of the circle is as near: take one
    across = cross(axis, abs(axis.x) < 0.9 ? vec3(1.0, 0.0, 0.0) : vec3(0.0, 1.0, 0.0));
    len = length(across);
  }
  return centre + across * (radius / len);
}

void main() {
  uint i = thread_index();
  if (i >= push.particle_count) return;
  Tether tether = tethers[i];
  if (tether.pin0 == WEFT_TETHER_NONE) return;
  uint cut = 0u;
  float give = 0.0;
  if (push.tears != 0u) {
    cut = link_state[i];
    give = give_way[i];
  }
  vec4 p = positions[i];
  vec3 x = p.xyz;
  bool hold0 =
      holds(p.xyz, tether.pin0, tether.max_length0, give, (cut & WEFT_LINK_TETHER_CUT_0) != 0u);
  bool hold1 =
      holds(p.xyz, tether.pin1, tether.max_length1, give, (cut & WEFT_LINK_TETHER_CUT_1) != 0u);
  if (hold0 && hold1) {
    x = attach_both(x, tether.pin0, tether.max_length0, tether.pin1, tether.max_length1);
  } else if (hold0) {
    x = attach(x, tether.pin0, tether.max_length0);
  } else if (hold1) {
    x = attach(x, tether.pin1, tether.max_length1);
  }
  if (x == p.xyz) return;
  positions[i] = vec4(x, p.w);
  if (!integrator_is_verlet()) velocities[i].xyz += (x - p.xyz) / params.dt;
}
