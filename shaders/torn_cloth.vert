#version 450
// The torn triangles of a cloth that tears, drawn in pieces so that the cloth opens along the
// line of its torn links rather than losing whole triangles (open_torn_cloth.comp leaves those out
// of the cloth's own draw). Each side of a torn edge keeps its part of the edge up to a little
// short (kCutGap) of where the edge parts (TornTriangle::parts: its middle, or where the knife's
// stroke crossed it): a cut shows as a narrow slit along the stroke, and opens as far as the two
// sides part. Nine vertices per triangle, no vertex
// buffer: up to three pieces, and nothing for a whole triangle. Outputs as cloth.vert's, for
// cloth.frag.
#include "render_bindings.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) out vec3 world_position;
layout(location = 1) out vec3 world_normal;
layout(location = 2) out vec4 fabric;
layout(location = 3) out vec3 pattern;

// The share of a torn edge's rest length each side stops short of where it parts.
const float kCutGap = 0.12;
const uint kNone = 0xffu;

// A point of a piece: vertex `owner` of the triangle (0..2), or, when `toward` differs, the point
// of its edge to vertex `toward` where its side of the edge ends.
uint point(uint owner, uint toward) {
  return owner * 4u + toward;
}

void main() {
  uint t = gl_VertexIndex / 9u;
  RenderTriangle tri = triangles[t];
  TornTriangle torn = torn_triangles[t];
  uint v[3] = uint[3](tri.a, tri.b, tri.c);
  float rest[3] = float[3](torn.rest_ab, torn.rest_bc, torn.rest_ca);
  float parts[3] = float[3](torn.parts.x, torn.parts.y, torn.parts.z);
  // Edge e joins vertex e and vertex e + 1; its code is read from vertex e's state.
  bool cut[3];
  uint cuts = 0u;
  for (uint e = 0u; e < 3u; ++e) {
    uint code = (torn.edges >> (4u * e)) & 15u;
    cut[e] = code != 0u && (link_state[v[e]] & (1u << (code - 1u))) != 0u;
    cuts += cut[e] ? 1u : 0u;
  }
  uint pieces[9] = uint[9](kNone, kNone, kNone, kNone, kNone, kNone, kNone, kNone, kNone);
  if (cuts == 1u) {
    // One edge torn: each of its ends keeps a wedge that still hangs from the third vertex.
    uint i = cut[0] ? 0u : (cut[1] ? 1u : 2u), j = (i + 1u) % 3u, o = (i + 2u) % 3u;
    pieces = uint[9](point(i, i), point(i, j), point(o, o), point(j, i), point(j, j), point(o, o),
                     kNone, kNone, kNone);
  } else if (cuts == 2u) {
    // A vertex cut off from the other two: a corner for it, and the rest of the triangle.
    uint s = (cut[0] && cut[2]) ? 0u : ((cut[0] && cut[1]) ? 1u : 2u);
    uint u = (s + 1u) % 3u, w = (s + 2u) % 3u;
    pieces = uint[9](point(s, s), point(s, u), point(s, w), point(u, s), point(u, u), point(w, w),
                     point(u, s), point(w, w), point(w, s));
  } else if (cuts == 3u) {
    pieces = uint[9](point(0u, 0u), point(0u, 1u), point(0u, 2u), point(1u, 1u), point(1u, 2u),
                     point(1u, 0u), point(2u, 2u), point(2u, 0u), point(2u, 1u));
  }
  uint code = pieces[gl_VertexIndex % 9u];
  if (code == kNone) {
    gl_Position = vec4(0.0, 0.0, 2.0, 1.0);  // outside the depth range: clipped
    world_position = vec3(0.0);
    world_normal = vec3(0.0, 1.0, 0.0);
    fabric = vec4(0.0);
    pattern = vec3(0.0);
    return;
  }
  uint owner = code / 4u, toward = code % 4u;
  vec3 x = positions[v[owner]].xyz;
  pattern = fabric_patterns[v[owner]].xyz;
  if (toward != owner) {
    // The edge between the two: edge `owner` when `toward` follows it (and owner is its first
    // end), else edge `toward`; the owner's share of it runs from its end to where it parts.
    bool first = toward == (owner + 1u) % 3u;
    uint e = first ? owner : toward;
    float share = max((first ? parts[e] : 1.0 - parts[e]) - kCutGap, 0.0);
    vec3 d = positions[v[toward]].xyz - x;
    float len = length(d);
    if (len > 0.0) {
      float along = share * min(rest[e], len) / len;
      x += d * along;
      // The check follows the cloth: its rest coordinates are shared out as the position is.
      pattern.xy += (fabric_patterns[v[toward]].xy - pattern.xy) * along;
    }
  }
  world_position = x;
  world_normal = normals[v[owner]].xyz;
  fabric = fabric_color(v[owner]);
  gl_Position = push.view_projection * vec4(pulled_to_eye(x, push.eye), 1.0);
}
