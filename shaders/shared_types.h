// The data layout shared by the GLSL compute/graphics shaders and the C++ that feeds them.
// GLSL includes this file through glslc; C++ includes it inside namespace weft::gpu. Every struct
// uses only 4-byte scalars and vec4s laid out on 16-byte boundaries, so std430 and C++ agree
// without padding traps; sim/model/gpu_layout_checks.cpp static_asserts the sizes and offsets.
#ifndef WEFT_SHARED_TYPES_H
#define WEFT_SHARED_TYPES_H

#ifdef __cplusplus
#include <cstdint>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>
namespace weft::gpu {
using uint = std::uint32_t;
using vec4 = glm::vec4;
using uvec4 = glm::uvec4;
using mat4 = glm::mat4;
#endif

// Threads per workgroup of every per-element compute pass.
#define WEFT_GROUP_SIZE 256
// Wider dispatches fold into the y dimension: Vulkan only guarantees 65535 groups per dimension.
#define WEFT_MAX_GROUPS_X 65535

// SolverSettings::integrator
#define WEFT_INTEGRATOR_EXPLICIT_EULER 0
#define WEFT_INTEGRATOR_SEMI_IMPLICIT_EULER 1
#define WEFT_INTEGRATOR_VERLET 2

// Environment::ground mode
#define WEFT_GROUND_NONE 0
#define WEFT_GROUND_FORCE 1       // NeHe lesson 40: repulsion, friction, absorption below the plane
#define WEFT_GROUND_PROJECTION 2  // position-based: particles are pushed back onto the plane

// How a spring's damping acts (Environment::spring_damping)
#define WEFT_SPRING_DAMPING_AXIAL 0     // Witkin, GLUT lab: -kd ((v1 - v2) . e) e
#define WEFT_SPRING_DAMPING_RELATIVE 1  // NeHe lesson 40: -kf (v1 - v2)

// Descriptor sets of every simulation pass: set 0 is the particle state every pass shares
// (particle_bindings.glsl); set 1 holds the buffers of the pass's own module (shaders/<module>.h
// and the shader itself declare them; sim/core/solver_module.h explains modules).
#define WEFT_PARTICLE_SET 0
#define WEFT_MODULE_SET 1
#define WEFT_BINDING_PARAMS 0
#define WEFT_BINDING_POSITIONS 1
#define WEFT_BINDING_PREVIOUS 2
#define WEFT_BINDING_VELOCITIES 3
#define WEFT_BINDING_FORCES 4
#define WEFT_BINDING_HEALTH 5
#define WEFT_BINDING_LINK_STATE 6  // uint per particle: its torn links (link_state_layout.h)
#define WEFT_PARTICLE_BINDING_COUNT 7
// Bytes of push constants every simulation pipeline layout offers (eight uints).
#define WEFT_PUSH_CONSTANT_BYTES 32

// Per-substep constants, written once per frame into a small storage buffer.
struct SimParams {
  vec4 gravity;            // xyz: acceleration, m/s^2
  vec4 wind;               // xyz: velocity of the air that air_drag pulls towards, m/s
  vec4 ground;             // x: height (m); y: repulsion kgr (N/m); z: friction kgf (N s/m);
                           // w: absorption kga (N s/m)
  float dt;                // substep length, s
  float air_drag;          // ka: drag force per unit velocity relative to the wind, N s/m
  float verlet_damping;    // d in x' = x + (1 - d)(x - x_prev) + a dt^2, in [0, 1): the substep's
                           // share of SolverSettings::damping_rate, 1 - exp(-rate dt)
  float contact_friction;  // share of tangential motion removed by a projected contact, [0, 1]
  uint particle_count;
  uint integrator;      // WEFT_INTEGRATOR_*
  uint ground_mode;     // WEFT_GROUND_*
  uint spring_damping;  // WEFT_SPRING_DAMPING_*
  // Coulomb friction of the colliders' and the projected ground's contacts: x static, y kinetic
  // coefficient (Environment::static_friction, kinetic_friction).
  vec4 friction;
};

// A run of consecutive particles a module covers: threads [first_thread, first_thread + count)
// handle particles [first_particle, first_particle + count) (particle_ranges.glsl).
struct ParticleRange {
  uint first_particle;
  uint first_thread;
  uint count;
  uint pad0;
};

// Written by the health passes: what the blow-up watch reads back.
struct Health {
  uint largest_stretch_bits;  // float bits of max (length - rest) / rest, >= 0: uint order works
  uint nonfinite_count;       // particles with a NaN or infinite position
  uint first_nonfinite;       // lowest such index, 0xffffffff if none
  uint torn_links;  // links torn since the start (tearing_layout.h): the watch never clears it
};

// ---- Drawing (app/render/) and picking (app/viewer/) ----

// Descriptor bindings of the render set, shared by the graphics pass and compute_normals.comp.
#define WEFT_RENDER_BINDING_POSITIONS 0       // the solver's positions: xyz (m), w inverse mass
#define WEFT_RENDER_BINDING_NORMALS 1         // vec4 per particle, from compute_normals.comp
#define WEFT_RENDER_BINDING_CORNER_OFFSETS 2  // corners of vertex i: [offsets[i], offsets[i + 1])
#define WEFT_RENDER_BINDING_CORNERS 3         // TriangleCorner
#define WEFT_RENDER_BINDING_LINKS 4           // RenderLink: every spring and constraint
#define WEFT_RENDER_BINDING_SPHERES 5         // the solver's sphere colliders: xyz centre, w radius
#define WEFT_RENDER_BINDING_MARKERS 6         // uint particle indices drawn as markers
#define WEFT_RENDER_BINDING_PARTICLES 7       // RenderParticle: the particles in no triangle
#define WEFT_RENDER_BINDING_STYLE 8           // RenderStyle of the system
#define WEFT_RENDER_BINDING_LINK_STATE \
  9  // the solver's torn links per particle (link_state_layout.h)
#define WEFT_RENDER_BINDING_TRIANGLES 10       // RenderTriangle: the model's, whole
#define WEFT_RENDER_BINDING_CORNER_TEARS 11    // per corner: which links undo its triangle
#define WEFT_RENDER_BINDING_DRAWN 12           // the index buffer drawn: torn triangles collapsed
#define WEFT_RENDER_BINDING_COLORS 13          // uint per particle: its fabric's linear RGB, unorm8
#define WEFT_RENDER_BINDING_TORN_TRIANGLES 14  // TornTriangle, parallel to TRIANGLES
#define WEFT_RENDER_BINDING_PATTERNS 15        // vec4 per particle: its place in its fabric's check
#define WEFT_RENDER_BINDING_COUNT 16

// Descriptor bindings of the ground's set: the shadow map it samples.
#define WEFT_GROUND_BINDING_SHADOW_MAP 0  // sampler2DShadow: depth seen from the key light
#define WEFT_GROUND_BINDING_SHADOW 1      // ShadowParams
#define WEFT_GROUND_BINDING_COUNT 2

// RenderLink::kind: one of these in the low byte; above it, from bit 8, the bits of a's link
// state that say the link tore (0: it cannot tear)
#define WEFT_LINK_SPRING 0
#define WEFT_LINK_CONSTRAINT 1
#define WEFT_LINK_KIND_BITS 0xffu
#define WEFT_LINK_TEAR_SHIFT 8u

// DrawPush::mode: which markers a marker draw draws.
#define WEFT_MARKER_NONE 0     // every draw but the markers'
#define WEFT_MARKER_PINNED 1   // markers on pinned particles
#define WEFT_MARKER_DRAGGED 2  // the marker on the particle under the mouse drag

// The springs view's colours (linear RGB): at rest, stretched and compressed by the strain drawn
// at full colour. The panel's legend shows the same three.
#define WEFT_STRAIN_COLOR_REST 0.55, 0.55, 0.58
#define WEFT_STRAIN_COLOR_STRETCHED 1.0, 0.12, 0.05
#define WEFT_STRAIN_COLOR_COMPRESSED 0.10, 0.35, 1.0

// One triangle as seen from one of its corners: the other two vertices in winding order, so
// that cross(x[next] - x[corner], x[prev] - x[corner]) is the face normal times twice its area.
struct TriangleCorner {
  uint next;
  uint prev;
};

// A triangle of the model, with the links whose tearing opens it: the bits of a's link state for
// its edges to b and c (low 16 bits), and of b's for its edge to c (high 16 bits); 0 when it
// cannot tear. Both ends of a torn link hold its bit, so two states tell.
struct RenderTriangle {
  uint a;
  uint b;
  uint c;
  uint tear_bits;
};

// How torn_cloth.vert splits a triangle of a cloth that tears along its torn edges: for each edge
// (a to b, b to c, c to a), in 4 bits from bit 4 k, 1 + the grid direction of its link from its
// first end (whose link state holds the link's bit), or 0 when it cannot tear; the edges' rest
// lengths; and where along each edge, from its first end, it parts: its middle, or where the
// knife's stroke crossed it.
struct TornTriangle {
  uint edges;
  float rest_ab;  // m
  float rest_bc;
  float rest_ca;
  vec4 parts;  // xyz: share of the edge ab, bc, ca from its first end, 0..1; w: unused
};

// A spring or a distance constraint, as the springs view draws it.
struct RenderLink {
  uint a;
  uint b;
  float rest_length;  // m
  uint kind;          // WEFT_LINK_*
};

// A particle in no triangle, drawn as a sphere: far away it keeps a radius of min_pixels, but
// never more than a share of its spacing on the screen, so a rope's nodes do not merge into a
// string of beads that hides the rope.
struct RenderParticle {
  uint index;     // into the positions
  float spacing;  // m: its shortest line's rest length; 0 when it has none (nothing to crowd)
};

// How large a system's particles, lines and markers are drawn: set once from the scene's size
// and the system's links. Far away, each is still drawn at least min_pixels across.
struct RenderStyle {
  float marker_radius;    // m: pinned and dragged particles
  float particle_radius;  // m: particles in no triangle (ropes, free particles)
  float line_width;       // m: links with an end in no triangle (ropes, free springs)
  float min_pixels;       // px: the smallest radius of a particle or marker, width of a line
};

// Push constants of every draw of the scene pass (128 bytes: the size every device offers).
struct DrawPush {
  mat4 view_projection;
  vec4 eye;           // xyz: camera position (m); w: the share of their distance to the eye by
                      // which cloth, lines and particles are drawn nearer (render_bindings.glsl:
                      // pulled_to_eye), 0 seen from the key light
  vec4 light;         // xyz: unit direction towards the key light; w: ground height (m)
  vec4 strain_style;  // springs view: x: strain drawn at full colour (> 0); y: width at rest (px);
                      // z: width added at full strain (px); w: unused
  float viewport_width;   // px
  float viewport_height;  // px
  uint mode;              // marker.frag: WEFT_MARKER_*
  uint encode_srgb;       // 1: the attachment is UNORM and the shader encodes its colour to sRGB
};

// What the ground needs to find the key light's shadow: written when the light's view of the
// scene changes or shadows are switched on or off, not every frame.
struct ShadowParams {
  mat4 light_view_projection;  // world -> the shadow map's clip space (orthographic)
  float depth_bias;            // in the map's depth units: keeps a surface out of its own shadow
  float darkness;              // share of the key light a shadow takes away, [0, 1]
  uint enabled;                // 0: no shadows (the map is not drawn)
  uint pad0;
};

// Push constants of compute_normals.comp.
// Push constants of compute_normals.comp and open_torn_cloth.comp.
struct NormalsPush {
  uint vertex_count;  // open_torn_cloth.comp: triangles
  uint tears;         // 1 when the model's cloth can tear: read the tear bits and link state
  uint pad1;
  uint pad2;
};

// Descriptor bindings of the picking set (pick.comp).
#define WEFT_PICK_BINDING_POSITIONS 0
#define WEFT_PICK_BINDING_RESULT 1
#define WEFT_PICK_BINDING_COUNT 2

// PickPush::stage: the picking dispatches, in order (see pick.comp).
#define WEFT_PICK_NEAREST_DEPTH 0
#define WEFT_PICK_SMALLEST_ANGLE 1
#define WEFT_PICK_LOWEST_INDEX 2
#define WEFT_PICK_COPY_POSITION 3

// Push constants of pick.comp: the mouse ray.
struct PickPush {
  vec4 origin;          // xyz: m
  vec4 direction;       // xyz: unit
  float tan_tolerance;  // a particle is a candidate within this angle of the ray (tangent)
  uint particle_count;
  uint stage;  // WEFT_PICK_*
  uint pad0;
};

// What pick.comp finds; reset to all-ones bits before a pick.
struct PickResult {
  uint depth_bits;  // float bits of the nearest candidate's distance along the ray
  uint angle_bits;  // float bits of the smallest angle (tangent) among the front candidates
  uint particle;    // the picked particle; 0xffffffff when none
  uint pad0;
  vec4 position;  // xyz: the picked particle's position when picked (m)
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif

#endif  // WEFT_SHARED_TYPES_H
