// The mass-spring model both solvers advance: particles, force elements (springs), position
// elements (distance constraints), program-driven pins (anchors), the environment and the solver
// settings. Plain data in SI units; the topology builders (rope.h, cloth_grid.h,
// triangle_mesh.h) fill it, model_validation.h checks it.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <glm/vec3.hpp>
#include <glm/ext/vector_double3.hpp>

#include "sim/model/bending_element.h"
#include "sim/model/collider_path.h"
#include "sim/model/contact_friction.h"
#include "sim/model/enum_keys.h"
#include "sim/model/grid_layout.h"

namespace weft {

enum class Integrator : uint32_t {
  explicit_euler = 0,       // x += v dt, then v += a dt: unstable for stiff springs, as A shows
  semi_implicit_euler = 1,  // v += a dt, then x += v dt: symplectic
  verlet =
      2,  // x' = x + (1 - d)(x - x_prev) + a dt^2 (GAMES101); d from SolverSettings::damping_rate
};

inline constexpr EnumKeys<Integrator, 3> kIntegratorKeys{{
    {Integrator::explicit_euler, "explicit_euler", "explicit Euler"},
    {Integrator::semi_implicit_euler, "semi_implicit_euler", "semi-implicit Euler"},
    {Integrator::verlet, "verlet", "Verlet"},
}};

enum class GroundMode : uint32_t {
  none = 0,
  force = 1,       // NeHe lesson 40: repulsion, friction and absorption below the plane
  projection = 2,  // position-based: particles below the plane are put back on it
};

inline constexpr EnumKeys<GroundMode, 3> kGroundModeKeys{{
    {GroundMode::none, "none", "none"},
    {GroundMode::force, "force", "NeHe forces"},
    {GroundMode::projection, "projection", "projection"},
}};

enum class SpringDamping : uint32_t {
  axial = 0,     // Witkin, GLUT lab: -kd ((v1 - v2) . e) e
  relative = 1,  // NeHe lesson 40: -kf (v1 - v2)
};

inline constexpr EnumKeys<SpringDamping, 2> kSpringDampingKeys{{
    {SpringDamping::axial, "axial", "axial (Witkin, GLUT)"},
    {SpringDamping::relative, "relative", "relative (NeHe)"},
}};

// A force element between particles a and b.
struct Spring {
  uint32_t a = 0;
  uint32_t b = 0;
  float rest_length = 0.0f;  // m; 0 is allowed (NeHe lesson 39's F = -k (x - c))
  float stiffness = 0.0f;    // ks, N/m
  float damping = 0.0f;      // kd, N s/m (see SpringDamping)
};

// A position element: keeps |x_a - x_b| near rest_length, softened by compliance (XPBD).
struct DistanceConstraint {
  uint32_t a = 0;
  uint32_t b = 0;
  float rest_length = 0.0f;  // m, > 0
  float compliance = 0.0f;   // m/N, inverse stiffness; 0 is inextensible
  // m/N while the link is shorter than its rest length; none: compliance (link.h).
  std::optional<float> compression_compliance;
};

// A pinned particle that the program moves at a velocity each substep.
struct Anchor {
  uint32_t particle = 0;
  glm::vec3 velocity{0.0f};        // m/s
  bool keep_above_ground = false;  // NeHe: the rope connection never goes below the ground
};

// Long-range attachments (tethers) for the particles of one object: each free particle may be no
// further from its nearest pins than its distance to them in the rest shape, along the cloth,
// times `scale`. They hold a pinned cloth's length however many particles it has, where the
// relaxation sweeps alone leave an error that grows with the resolution (sim/modules/tethers.h).
struct TetherGroup {
  uint32_t first_particle = 0;
  uint32_t particle_count = 0;
  // >= 1: the stretch the tethers allow along any path from a pin is scale - 1, and between two
  // pins scale^2 - 1; the strain limits of the object's grids hold its pairs to it too.
  float scale = 1.0f;
  // The most a single link stretches, 1 + the material's max_stretch; the strain limits hold
  // neighbouring nodes of the object's grids to it. 0 on a cloth that tears: its links are left
  // to their break strain.
  float link_scale = 1.0f;
};

struct Sphere {
  glm::vec3 center{0.0f};                   // m
  float radius = 0.0f;                      // m
  ColliderPath path;                        // moves its centre (keyframe rotations do not matter)
  std::optional<ContactFriction> friction;  // none: the material's, else the environment's
};

enum class ColliderShape : uint32_t { plane, capsule, box, mesh };

inline constexpr EnumKeys<ColliderShape, 4> kColliderShapeKeys{{
    {ColliderShape::plane, "plane", "plane"},
    {ColliderShape::capsule, "capsule", "capsule"},
    {ColliderShape::box, "box", "box"},
    {ColliderShape::mesh, "mesh", "mesh"},
}};

// A collider other than the ground and the spheres, in its own frame (`pose`, or `path` when it
// moves): particles are projected out of it, and a contact removes contact_friction of their
// motion relative to the collider's surface.
struct Collider {
  ColliderShape shape = ColliderShape::plane;
  ColliderPose pose;  // plane: a point on it, local +y its normal
  ColliderPath path;
  float radius = 0.0f;           // capsule: m, > 0
  float half_length = 0.0f;      // capsule: m, along local y between the two caps' centres, >= 0
  glm::vec3 half_extents{0.0f};  // box: m, each > 0
  float margin = 0.0f;           // mesh: m, how far particles are kept from its triangles, > 0
  std::vector<glm::vec3> triangles;         // mesh: three corners per triangle, local, m
  std::optional<ContactFriction> friction;  // none: the material's, else the environment's
};

// Cloth-to-cloth contact for the particles of one cloth or mesh: each is kept at least the mean
// of the two objects' thicknesses away from every particle of any contact group that is not its
// neighbour in the rest mesh (shares no triangle with it), itself included
// (sim/modules/self_collision.h). Used when Environment::self_collision is on.
struct ContactGroup {
  uint32_t first_particle = 0;
  uint32_t particle_count = 0;
  float thickness = 0.0f;  // m, > 0
};

// The friction of a cloth's or mesh's particles against the colliders and the ground, where its
// material gives one (add_cloth_grid, add_triangle_mesh); elsewhere the colliders' own.
struct SurfaceFriction {
  uint32_t first_particle = 0;
  uint32_t particle_count = 0;
  ContactFriction friction;
};

struct Ground {
  GroundMode mode = GroundMode::none;
  float height = 0.0f;       // m; the plane faces +y
  float repulsion = 100.0f;  // kgr, N/m (force mode)
  float friction = 0.2f;     // kgf, N s/m (force mode)
  float absorption = 2.0f;   // kga, N s/m (force mode)
};

// Wind that varies in space and time: each axis of the wind gets its amplitude times a smooth,
// deterministic noise in [-1, 1], a sum of travelling waves (sim/modules/aerodynamics.h).
struct Gusts {
  glm::vec3 amplitude{0.0f};  // m/s per axis, >= 0; 0 is a steady wind
  float frequency = 0.5f;     // Hz, > 0: how fast the wind at one place changes
  float scale = 2.0f;         // m, > 0: how far apart two places feel different gusts
};

// The air on every triangle of the model (the classic flat-plate model of a flag): drag along the
// wind relative to the triangle and lift across it, from its area and how square it stands to
// the wind. Off while both coefficients are 0.
struct Air {
  float density = 1.2f;           // rho, kg/m^3 (air at 20 C, sea level)
  float drag_coefficient = 0.0f;  // C_D, dimensionless, >= 0
  float lift_coefficient = 0.0f;  // C_L, dimensionless, >= 0
  Gusts gusts;

  bool on() const { return drag_coefficient > 0.0f || lift_coefficient > 0.0f; }
};

struct Environment {
  glm::vec3 gravity{0.0f, -9.81f, 0.0f};  // m/s^2
  glm::vec3 wind{0.0f};   // m/s: air drag pulls velocities towards it; the air on triangles
                          // blows at it (plus gusts)
  float air_drag = 0.0f;  // ka, N s/m per particle
  Air air;                // on triangles (sim/modules/aerodynamics.h)
  Ground ground;
  std::vector<Sphere> spheres;
  std::vector<Collider> colliders;  // collide after the ground and the spheres, in order
  float contact_friction = 0.0f;  // share of tangential motion a projected contact removes, [0, 1]
  // Coulomb friction of the same contacts: a particle stays where it touched while its motion
  // along the surface is under static_friction times how far the contact pushed it out (the
  // normal force's impulse over its mass, times dt); above that, kinetic_friction times that
  // distance is taken off its slide. Both >= 0, kinetic <= static. These are the coefficients of
  // a contact where neither surface has its own: a collider (Sphere::friction,
  // Collider::friction) and a particle's cloth or mesh (Model::surface_frictions, from its
  // material) may each give their own. Where both do, the contact uses the geometric mean of each
  // pair, sqrt(mu_collider * mu_material), as rigid-body engines mix two surfaces' friction: a
  // frictionless surface stays frictionless whatever it touches. Where one does, the contact uses
  // that one's. The ground has none of its own.
  float static_friction = 0.0f;
  float kinetic_friction = 0.0f;
  SpringDamping spring_damping = SpringDamping::axial;
  // Cloth-to-cloth contact between the model's contact groups, with Coulomb friction: sliding
  // is resisted by at most self_friction times the contact's push.
  bool self_collision = false;
  float self_friction = 0.3f;  // >= 0, dimensionless
};

// Which solver modules run a cloth grid (both in the CPU reference and on the GPU): the general
// ones every object can use, or the grid ones, which find a grid node's neighbours by index.
enum class SolverVariant : uint32_t {
  // The general path, except for a cloth grid whose links are not listed (too large to list):
  // that takes the grid path. Gauss-Seidel colouring converges faster per sweep than the grid
  // path's Jacobi sweeps, so the grid path is for when bandwidth, not convergence, is the limit.
  automatic = 0,
  general = 1,  // springs through a per-particle adjacency, coloured Gauss-Seidel constraints
  grid = 2,     // neighbours by index, Jacobi constraint sweeps (grid_layout.h)
};

inline constexpr EnumKeys<SolverVariant, 3> kSolverVariantKeys{{
    {SolverVariant::automatic, "auto", "automatic"},
    {SolverVariant::general, "general", "general"},
    {SolverVariant::grid, "grid", "grid"},
}};

struct SolverSettings {
  Integrator integrator = Integrator::verlet;
  SolverVariant variant = SolverVariant::automatic;  // for every cloth grid of the model
  float frame_dt = 1.0f / 60.0f;                     // s of simulated time per frame
  uint32_t substeps = 16;                            // per frame, >= 1
  uint32_t relaxation_sweeps = 8;                    // constraint sweeps per substep
  // 1/s, >= 0: Verlet's velocities decay as exp(-damping_rate t), whatever the substep (a
  // substep of length dt keeps exp(-damping_rate dt) of its motion).
  float damping_rate = 0.0f;
};

struct Model {
  // m: where the model's frame sits in the world. Every position the model holds (particles,
  // colliders and their paths, the ground's height) is relative to it, so that a model far from
  // the world's origin keeps a float's finest steps where its particles are (model_origin.h).
  glm::dvec3 origin{0.0};
  std::vector<glm::vec3> positions;   // m
  std::vector<glm::vec3> velocities;  // m/s (Verlet starts from x_prev = x - v dt)
  std::vector<float> inverse_masses;  // 1/kg; 0 pins the particle
  std::vector<Spring> springs;
  std::vector<DistanceConstraint> constraints;
  std::vector<Anchor> anchors;
  std::vector<BendingElement> bending;  // listed (meshes'); cloth grids describe theirs
  std::vector<glm::uvec3> triangles;    // for drawing and normals; no physics of their own
  Environment environment;
  SolverSettings solver;
  // Every cloth grid add_cloth_grid built, with where its particles and links are: the grid
  // solver modules can run these by index (solver_paths.h).
  std::vector<GridLayout> grids;
  std::vector<TetherGroup> tether_groups;
  std::vector<ContactGroup> contact_groups;  // cloths and meshes, whatever self_collision says
  std::vector<SurfaceFriction> surface_frictions;

  uint32_t particle_count() const { return static_cast<uint32_t>(positions.size()); }
  // Adds a particle at rest and returns its index; inverse mass 0 pins it.
  uint32_t add_particle(const glm::vec3& position, float inverse_mass);
};

// The tether group whose particles include every node of `grid`, if any: the grid's tethers'
// scale is its strain limit.
const TetherGroup* tether_group_holding(const Model& model, const GridLayout& grid);

// The indices in model.grids of the grids that can tear (a break strain: sim/modules/tearing.h),
// and whether there is one.
std::vector<size_t> tearable_grids(const Model& model);
inline bool model_tears(const Model& model) {
  return !tearable_grids(model).empty();
}

}  // namespace weft
