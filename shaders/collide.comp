#version 450
// Last pass of a substep: projects each particle out of the colliders (in the position-based
// ground mode, back onto the ground plane; then out of every sphere, plane, capsule, box and
// triangle mesh in turn), to its reach off their surfaces (half its cloth's thickness: a layer
// of cloth rests a thickness's half above what it lies on, and the triangles between particles
// stay out of a curved collider as well as the particles). A collider that moves is where its
// frame's motion puts it at the end of this substep. A contact then applies Coulomb friction to the
// particle's motion relative to the collider's surface in this substep, along the surface (held
// below the static limit, slowed by the kinetic one above it; the coefficients mix the collider's
// own and the particle's material's, contact_mu), and removes a share (contact_friction) of what is
// left. One thread per particle. Mirrors Colliders::collide in sim/modules/colliders.cpp.
#include "particle_bindings.glsl"
#include "colliders_layout.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_COLLIDERS_BINDING_SPHERES) readonly buffer
    SpheresBuffer {
  vec4 spheres[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_COLLIDERS_BINDING_SPHERE_STARTS) readonly
    buffer SphereStartsBuffer {
  vec4 sphere_starts[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_COLLIDERS_BINDING_SHAPES) readonly buffer
    ShapesBuffer {
  ColliderShape shapes[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_COLLIDERS_BINDING_TRIANGLES) readonly buffer
    TrianglesBuffer {
  vec4 corners[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_COLLIDERS_BINDING_REACHES) readonly buffer
    ReachesBuffer {
  float reaches[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_COLLIDERS_BINDING_FRICTIONS) readonly buffer
    FrictionsBuffer {
  vec2 frictions[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_COLLIDERS_BINDING_PARTICLE_FRICTIONS)
    readonly buffer ParticleFrictionsBuffer {
  vec2 particle_frictions[];
};
layout(push_constant) uniform Push {
  CollidePush push;
};

// The Coulomb coefficients (static, kinetic) of a contact between a surface and a particle's
// material, each given as its own (static < 0: none): the geometric mean of the two where both
// have their own, the one that has, else the environment's. The mean keeps a frictionless
// surface frictionless whatever touches it, and kinetic below static.
vec2 contact_mu(vec2 surface, vec2 material) {
  if (surface.x < 0.0) return material.x < 0.0 ? params.friction.xy : material;
  if (material.x < 0.0) return surface;
  return sqrt(surface * material);
}

// q: a unit quaternion (xyz, w).
vec3 rotate(vec4 q, vec3 v) {
  vec3 t = 2.0 * cross(q.xyz, v);
  return v + q.w * t + cross(q.xyz, t);
}

vec3 unrotate(vec4 q, vec3 v) {
  return rotate(vec4(-q.xyz, q.w), v);
}

vec3 closest_on_segment(vec3 x, vec3 a, vec3 b) {
  vec3 ab = b - a;
  float t = clamp(dot(x - a, ab) / dot(ab, ab), 0.0, 1.0);
  return a + t * ab;
}

// Whether `p`, on the plane of the triangle abc (normal n), lies inside it.
bool over_triangle(vec3 p, vec3 a, vec3 b, vec3 c, vec3 n) {
  return dot(cross(b - a, p - a), n) >= 0.0 && dot(cross(c - b, p - b), n) >= 0.0 &&
         dot(cross(a - c, p - c), n) >= 0.0;
}

// Keeps `local` at least the margin plus its reach from the mesh's triangles, on the side of each
// triangle
// where the particle started the substep (`local_prev`). The whole path of the substep counts: a
// particle that passed through a thin mesh ends outside its bounds, and beside the face it
// crossed when it moved slantwise. Returns whether it moved it.
bool collide_mesh(ColliderShape s, float reach, inout vec3 local, vec3 local_prev,
                  inout vec3 n_local) {
  if (any(lessThan(max(local, local_prev), s.bounds_min.xyz - reach)) ||
      any(greaterThan(min(local, local_prev), s.bounds_max.xyz + reach))) {
    return false;
  }
  float margin = s.size.x + reach;
  bool hit = false;
  for (uint t = s.first_triangle; t < s.first_triangle + s.triangle_count; ++t) {
    vec3 a = corners[3u * t].xyz;
    vec3 b = corners[3u * t + 1u].xyz;
    vec3 c = corners[3u * t + 2u].xyz;
    vec3 n = normalize(cross(b - a, c - a));
    float h = dot(local - a, n);
    float h_prev = dot(local_prev - a, n);
    float side = h_prev >= 0.0 ? 1.0 : -1.0;
    if (side * h >= margin) continue;
    vec3 p = local - h * n;
    bool over = over_triangle(p, a, b, c, n);
    if (!over && side * h < 0.0) {
      // Through the plane in this substep: where it crossed it.
      vec3 crossing = local_prev + (local - local_prev) * (h_prev / (h_prev - h));
      over = over_triangle(crossing, a, b, c, n);
    }
    if (over) {
      // Over the face, or through it in this substep: back to its own side.
      local = p + (side * margin) * n;
      n_local = side * n;
      hit = true;
      continue;
    }
    vec3 e = closest_on_segment(local, a, b);
    vec3 e1 = closest_on_segment(local, b, c);
    if (dot(local - e1, local - e1) < dot(local - e, local - e)) e = e1;
    vec3 e2 = closest_on_segment(local, c, a);
    if (dot(local - e2, local - e2) < dot(local - e, local - e)) e = e2;
    vec3 d = local - e;
    float dist = length(d);
    if (dist < margin && dist > 0.0) {
      n_local = d / dist;
      local = e + n_local * margin;
      hit = true;
    }
  }
  return hit;
}

void main() {
  uint i = thread_index();
  if (i >= params.particle_count) return;
  vec4 p = positions[i];
  if (p.w == 0.0) return;
  vec3 x = p.xyz;
  vec3 x_prev = previous[i].xyz;
  float reach = reaches[i];
  bool touched = false;
  vec3 normal = vec3(0.0, 1.0, 0.0);
  vec3 carried = vec3(0.0);  // how far the touched surface moved in this substep
  vec2 material = particle_frictions[i];
  // The touched surface's and the material's Coulomb coefficients (static, kinetic); the ground
  // has none of its own.
  vec2 mu = contact_mu(vec2(-1.0), material);
  float f0 = float(push.substep) / float(push.substeps);
  float f1 = float(push.substep + 1u) / float(push.substeps);
  if (params.ground_mode == WEFT_GROUND_PROJECTION && x.y < params.ground.x + reach) {
    x.y = params.ground.x + reach;
    touched = true;
  }
  for (uint s = 0u; s < push.sphere_count; ++s) {
    vec4 sphere = spheres[s];
    vec3 start = sphere_starts[s].xyz;
    vec3 c1 = start + (sphere.xyz - start) * f1;
    vec3 d = x - c1;
    float dist = length(d);
    if (dist < sphere.w + reach) {
      normal = dist > 0.0 ? d / dist : vec3(0.0, 1.0, 0.0);
      x = c1 + normal * (sphere.w + reach);
      carried = c1 - (start + (sphere.xyz - start) * f0);
      mu = contact_mu(frictions[s], material);
      touched = true;
    }
  }
  for (uint k = 0u; k < push.shape_count; ++k) {
    ColliderShape s = shapes[k];
    vec3 p0 = s.position_start.xyz + (s.position_end.xyz - s.position_start.xyz) * f0;
    vec3 p1 = s.position_start.xyz + (s.position_end.xyz - s.position_start.xyz) * f1;
    vec4 q0 = normalize(s.rotation_start + (s.rotation_end - s.rotation_start) * f0);
    vec4 q1 = normalize(s.rotation_start + (s.rotation_end - s.rotation_start) * f1);
    vec3 local = unrotate(q1, x - p1);
    vec3 n_local = vec3(0.0, 1.0, 0.0);
    bool hit = false;
    if (s.kind == WEFT_COLLIDER_PLANE) {
      if (local.y < reach) {
        local.y = reach;
        hit = true;
      }
    } else if (s.kind == WEFT_COLLIDER_CAPSULE) {
      vec3 axis = vec3(0.0, clamp(local.y, -s.size.y, s.size.y), 0.0);
      vec3 d = local - axis;
      float dist = length(d);
      if (dist < s.size.x + reach) {
        n_local = dist > 0.0 ? d / dist : vec3(1.0, 0.0, 0.0);
        local = axis + n_local * (s.size.x + reach);
        hit = true;
      }
    } else if (s.kind == WEFT_COLLIDER_BOX) {
      // The box grown by the particle's reach, its edges and corners rounded: a particle is a
      // ball of that radius, and it touches an edge or a corner at its reach from it.
      vec3 extent = s.size.xyz;
      vec3 q = abs(local) - extent;
      if (q.x <= 0.0 && q.y <= 0.0 && q.z <= 0.0) {  // inside: out through the nearest face
        uint axis = q.x > q.y ? (q.x > q.z ? 0u : 2u) : (q.y > q.z ? 1u : 2u);
        n_local = vec3(0.0);
        n_local[axis] = local[axis] < 0.0 ? -1.0 : 1.0;
        local[axis] = n_local[axis] * (extent[axis] + reach);
        hit = true;
      } else {
        vec3 nearest = clamp(local, -extent, extent);
        vec3 d = local - nearest;
        float dist = length(d);
        if (dist < reach) {
          n_local = d / dist;
          local = nearest + n_local * reach;
          hit = true;
        }
      }
    } else {
      hit = collide_mesh(s, reach, local, unrotate(q0, x_prev - p0), n_local);
    }
    if (hit) {
      x = p1 + rotate(q1, local);
      normal = rotate(q1, n_local);
      carried = x - (p0 + rotate(q0, local));
      mu = contact_mu(frictions[push.sphere_count + k], material);
      touched = true;
    }
  }
  if (!touched) return;
  vec3 moved = x - x_prev - carried;
  vec3 tangential = moved - dot(moved, normal) * normal;
  // Coulomb: the contact's push along the normal in this substep is its normal force's impulse
  // (over the mass, times dt); friction may take up to mu times that off the slide.
  float pushed = max(dot(x - p.xyz, normal), 0.0);
  float slide = length(tangential);
  if (slide > 0.0) {
    if (slide <= mu.x * pushed) {
      x -= tangential;  // static: held where it touched
      tangential = vec3(0.0);
    } else {
      vec3 kept = tangential * (1.0 - min(mu.y * pushed / slide, 1.0));
      x -= tangential - kept;
      tangential = kept;
    }
  }
  x -= params.contact_friction * tangential;
  positions[i] = vec4(x, p.w);
  if (!integrator_is_verlet()) velocities[i].xyz += (x - p.xyz) / params.dt;
}
