#version 450
// The colliders other than spheres, one instance per collider (gl_InstanceIndex: its index in the
// shapes buffer), their vertices generated from the vertex index: a plane as a square patch
// around the point of it nearest push.plane_patch, a capsule as two hemispheres joined by a
// cylinder, a box as its six faces, a mesh as its own triangles (the draw's first vertex is the
// mesh's first corner). Each is drawn at the pose of the end of the frame, where the solver's
// last substep put it; capsules and boxes slightly inside their surface, as the spheres are, so
// that the cloth's flat triangles between particles resting on them do not show them through:
// a capsule by the most a triangle's edge sags inside a circle of its radius, spacing^2 / 8r.
#extension GL_GOOGLE_include_directive : require
#include "collider_drawing.h"

layout(std430, set = 0, binding = WEFT_COLLIDER_DRAW_BINDING_SHAPES) readonly buffer ShapesBuffer {
  ColliderShape shapes[];
};
layout(std430, set = 0, binding = WEFT_COLLIDER_DRAW_BINDING_TRIANGLES) readonly buffer
    TrianglesBuffer {
  vec4 corners[];
};
layout(push_constant) uniform Push {
  ColliderDrawPush push;
};

layout(location = 0) out vec3 world_position;
layout(location = 1) out vec3 world_normal;
layout(location = 2) out vec2 plane_position;  // m, along the plane (its checks)
layout(location = 3) flat out uint kind;

const float kPi = 3.14159265358979;
const float kInside = 0.98;  // the drawn share of a capsule's radius or a box's half extents

// q: a unit quaternion (xyz, w), as collide.comp rotates.
vec3 rotate(vec4 q, vec3 v) {
  vec3 t = 2.0 * cross(q.xyz, v);
  return v + q.w * t + cross(q.xyz, t);
}

// Corner `corner` (0..5) of a quad's two triangles, as (0 or 1, 0 or 1).
vec2 quad_corner(uint corner) {
  return vec2((corner == 1u || corner == 2u || corner == 4u) ? 1.0 : 0.0,
              (corner == 2u || corner == 4u || corner == 5u) ? 1.0 : 0.0);
}

void main() {
  ColliderShape s = shapes[gl_InstanceIndex];
  vec3 local = vec3(0.0);
  vec3 n = vec3(0.0, 1.0, 0.0);
  plane_position = vec2(0.0);
  uint quad = gl_VertexIndex / 6u;
  uint corner = gl_VertexIndex % 6u;
  if (s.kind == WEFT_COLLIDER_PLANE) {
    vec3 near_point = rotate(vec4(-s.rotation_end.xyz, s.rotation_end.w),
                             push.plane_patch.xyz - s.position_end.xyz);
    vec2 uv = quad_corner(corner) * 2.0 - 1.0;
    local = vec3(near_point.x + uv.x * push.plane_patch.w, 0.0,
                 near_point.z + uv.y * push.plane_patch.w);
    plane_position = local.xz;
  } else if (s.kind == WEFT_COLLIDER_CAPSULE) {
    vec2 step = quad_corner(corner);
    uint slice = quad % WEFT_CAPSULE_SLICES + uint(step.x);
    uint band = quad / WEFT_CAPSULE_SLICES + uint(step.y);  // 0..STACKS + 1
    bool upper = band <= WEFT_CAPSULE_STACKS / 2;
    float theta = kPi * float(upper ? band : band - 1u) / float(WEFT_CAPSULE_STACKS);
    float phi = 2.0 * kPi * float(slice) / float(WEFT_CAPSULE_SLICES);
    n = vec3(sin(theta) * cos(phi), cos(theta), sin(theta) * sin(phi));
    float sag = push.spacing * push.spacing / (8.0 * s.size.x);
    float radius = max(min(kInside * s.size.x, s.size.x - sag), 0.5 * s.size.x);
    local = n * radius + vec3(0.0, upper ? s.size.y : -s.size.y, 0.0);
  } else if (s.kind == WEFT_COLLIDER_BOX) {
    uint face = quad;  // +x, -x, +y, -y, +z, -z
    uint axis = face / 2u;
    float sign = face % 2u == 0u ? 1.0 : -1.0;
    vec2 uv = quad_corner(corner) * 2.0 - 1.0;
    vec3 half_extents = kInside * s.size.xyz;
    n = vec3(0.0);
    n[axis] = sign;
    local[axis] = sign * half_extents[axis];
    local[(axis + 1u) % 3u] = uv.x * half_extents[(axis + 1u) % 3u];
    local[(axis + 2u) % 3u] = uv.y * half_extents[(axis + 2u) % 3u];
  } else {
    uint first = gl_VertexIndex - gl_VertexIndex % 3u;
    vec3 a = corners[first].xyz;
    n = normalize(cross(corners[first + 1u].xyz - a, corners[first + 2u].xyz - a));
    local = corners[gl_VertexIndex].xyz;
  }
  world_position = s.position_end.xyz + rotate(s.rotation_end, local);
  world_normal = rotate(s.rotation_end, n);
  kind = s.kind;
  gl_Position = push.view_projection * vec4(world_position, 1.0);
}
