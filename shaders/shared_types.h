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
#define WEFT_BINDING_GRID 13            // grid path: GridParams
#define WEFT_BINDING_SCRATCH 14         // grid path: positions written by odd relaxation sweeps
#define WEFT_BINDING_LAMBDAS_SCRATCH 15 // grid path: multipliers written by odd sweeps
#define WEFT_BINDING_COUNT 16

// Grid path: bits of GridParams::spring_kinds and constraint_kinds
#define WEFT_GRID_STRUCTURAL 1
#define WEFT_GRID_SHEAR 2
#define WEFT_GRID_BEND 4
#define WEFT_GRID_LAMBDAS_PER_PARTICLE 8

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

// A pinned particle (inverse mass 0) that the program moves at a velocity (NeHe's rope
// connection, a mouse drag). Each substep moves it by velocity * dt, never below the ground.
struct Anchor {
  vec4 velocity;  // xyz: m/s
  uint particle;
  uint keep_above_ground;  // 1: clamp to the ground height as NeHe's rope connection does
  uint pad0;
  uint pad1;
};

// A force applied during one substep and then cleared (Witkin's one-shot external force).
struct ExternalForce {
  vec4 force;  // xyz: N
  uint particle;
  uint pad0;
  uint pad1;
  uint pad2;
};

// Push constants of the constraint relaxation passes: one colour of one sweep (general path) or
// one whole sweep (grid path).
struct RelaxPush {
  uint first;         // general path: first constraint of the colour
  uint count;         // general path: constraints in the colour
  uint reset_lambda;  // 1 on the first sweep of a substep: XPBD restarts its multipliers
  uint read_scratch;  // grid path: 1 when this sweep reads the scratch copies (odd sweeps)
};

// The grid path's description of a cloth grid (sim/grid_layout.h): links follow from a node's
// column and row, one material per link kind (x structural, y shear, z bend) and one rest length
// per direction.
struct GridParams {
  uint columns;
  uint rows;
  uint spring_kinds;       // WEFT_GRID_* bits: link kinds that are springs
  uint constraint_kinds;   // WEFT_GRID_* bits: link kinds that are distance constraints
  vec4 rest_lengths;       // m: x (+1,0), y (0,+1), z (+1,+1), w (-1,+1)
  vec4 bend_rest_lengths;  // m: x (+2,0), y (0,+2)
  vec4 stiffness;          // ks per kind, N/m
  vec4 damping;            // kd per kind, N s/m
  vec4 compliance;         // per kind, m/N
  float jacobi_scale;  // share of each constraint's correction a Jacobi sweep applies
  uint uses_lambdas;   // 1 when a constraint kind has compliance > 0 (multipliers matter)
  uint pad0;
  uint pad1;
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
