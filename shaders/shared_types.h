// The data layout shared by the GLSL compute/graphics shaders and the C++ that feeds them.
// GLSL includes this file through glslc; C++ includes it inside namespace weft::gpu. Every struct
// uses only 4-byte scalars and vec4s laid out on 16-byte boundaries, so std430 and C++ agree
// without padding traps; sim/gpu_layout_checks.cpp static_asserts the sizes and offsets.
#ifndef WEFT_SHARED_TYPES_H
#define WEFT_SHARED_TYPES_H

#ifdef __cplusplus
#include <cstdint>
#include <glm/vec4.hpp>
namespace weft::gpu {
using uint = std::uint32_t;
using vec4 = glm::vec4;
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

// Descriptor bindings of the simulation set (set 0), shared by every compute pass.
#define WEFT_BINDING_PARAMS 0
#define WEFT_BINDING_POSITIONS 1
#define WEFT_BINDING_PREVIOUS 2
#define WEFT_BINDING_VELOCITIES 3
#define WEFT_BINDING_FORCES 4
#define WEFT_BINDING_SPRING_OFFSETS 5
#define WEFT_BINDING_SPRING_REFS 6
#define WEFT_BINDING_CONSTRAINTS 7
#define WEFT_BINDING_LAMBDAS 8
#define WEFT_BINDING_ANCHORS 9
#define WEFT_BINDING_SPHERES 10
#define WEFT_BINDING_EXTERNAL_FORCES 11
#define WEFT_BINDING_HEALTH 12
#define WEFT_BINDING_COUNT 13

// Per-substep constants, written once per frame into a small storage buffer.
struct SimParams {
  vec4 gravity;  // xyz: acceleration, m/s^2
  vec4 wind;     // xyz: velocity of the air that air_drag pulls towards, m/s
  vec4 ground;   // x: height (m); y: repulsion kgr (N/m); z: friction kgf (N s/m);
                 // w: absorption kga (N s/m)
  float dt;                // substep length, s
  float air_drag;          // ka: drag force per unit velocity relative to the wind, N s/m
  float verlet_damping;    // d in x' = x + (1 - d)(x - x_prev) + a dt^2, in [0, 1)
  float contact_friction;  // share of tangential motion removed by a projected contact, [0, 1]
  uint particle_count;
  uint integrator;      // WEFT_INTEGRATOR_*
  uint ground_mode;     // WEFT_GROUND_*
  uint spring_damping;  // WEFT_SPRING_DAMPING_*
  uint anchor_count;
  uint sphere_count;
  uint constraint_count;
  uint external_force_count;
};

// One spring as seen from one of its ends: the force gather walks these per particle (CSR).
struct SpringRef {
  uint other;         // index of the particle at the spring's other end
  float rest_length;  // m
  float stiffness;    // ks, N/m
  float damping;      // kd (axial) or kf (relative), N s/m
};

// A position-based distance constraint, solved by XPBD projection.
struct DistanceConstraint {
  uint a;
  uint b;
  float rest_length;  // m
  float compliance;   // inverse stiffness, m/N; 0 is inextensible
};

// Anchor::mode
#define WEFT_ANCHOR_VELOCITY 0  // moves its particle by velocity * dt each substep (NeHe's rope)
#define WEFT_ANCHOR_TARGET 1    // pulls its particle towards target (a mouse drag)

// A pinned particle (inverse mass 0) that the program moves: at a velocity (NeHe's rope
// connection) or towards a target (a mouse drag, sim/particle_drag.h). Never below the ground
// when keep_above_ground is set.
struct Anchor {
  vec4 velocity;  // xyz: m/s (WEFT_ANCHOR_VELOCITY)
  vec4 target;    // xyz: m; w: time constant of the approach, s, >= 0 (WEFT_ANCHOR_TARGET): each
                  // substep covers dt / (dt + w) of the way, so ~63% of it takes w seconds
  uint particle;
  uint keep_above_ground;  // 1: clamp to the ground height as NeHe's rope connection does
  uint mode;               // WEFT_ANCHOR_*
  uint pad0;
};

// A force applied during one substep and then cleared (Witkin's one-shot external force).
struct ExternalForce {
  vec4 force;  // xyz: N
  uint particle;
  uint pad0;
  uint pad1;
  uint pad2;
};

// Push constants of the constraint relaxation pass: one colour of one sweep.
struct RelaxPush {
  uint first;  // first constraint of the colour
  uint count;  // constraints in the colour
  uint reset_lambda;  // 1 on the first sweep of a substep: XPBD restarts its multipliers
  uint pad0;
};

// Written by the health pass: what the blow-up watch reads back.
struct Health {
  uint max_stretch_bits;  // float bits of max (length - rest) / rest, >= 0 (so uint order works)
  uint nonfinite_count;  // particles with a NaN or infinite position
  uint first_nonfinite;  // lowest such index, 0xffffffff if none
  uint pad0;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif

#endif  // WEFT_SHARED_TYPES_H
