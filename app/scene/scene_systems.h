// A scene: what a scene file describes, ready to simulate. It holds one or more independent
// systems (the GAMES101 preset runs an Euler rope beside a Verlet rope); each system is a Model
// with its own solver settings, advanced by its own solver. All systems share frame_dt, so one
// frame advances every system by the same simulated time.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "app/scene/scene_camera.h"
#include "app/scene/scene_drape_test.h"
#include "sim/model/cloth_grid.h"
#include "sim/model/cloth_material.h"
#include "sim/model/model.h"
#include "sim/model/rope.h"
#include "sim/model/triangle_mesh.h"

namespace weft {

enum class SceneObjectKind { particle, rope, cloth, mesh };

// The pins a scene file gave an object by grid corner or by box (pins by node number are the
// model's own: its zero inverse masses). Kept so that a saved scene pins the same way, which
// still means the same nodes at another --columns and --rows.
struct ScenePinShapes {
  std::vector<std::string> corners;     // cloth: "first_row_first_column", ... ("all" spelled out)
  std::optional<glm::vec3> region_min;  // m: the `region` box, bounds included
  std::optional<glm::vec3> region_max;
};

// A [[mesh]]'s vertices as its OBJ file gives them, repaired but not placed, and the placement
// that put them in the scene: scale, then rotate about x, y and z, then translate.
struct SceneMeshSource {
  std::vector<glm::vec3> vertices;  // in the order of the mesh's particles
  glm::vec3 scale{1.0f};
  glm::vec3 rotate{0.0f};     // degrees
  glm::vec3 translate{0.0f};  // m
};

// Where an object's particles sit in its system's model.
struct SceneObject {
  std::string name;  // unique in the scene
  SceneObjectKind kind = SceneObjectKind::particle;
  uint32_t first_particle = 0;
  uint32_t particle_count = 0;
  uint32_t columns = 0;  // cloth only: node (c, r) is first_particle + r * columns + c
  uint32_t rows = 0;     // cloth only
  std::optional<ClothMaterial> material;  // cloth and mesh given a material
  // What built the object, for writing it again (scene_writer.h): what the model no longer says,
  // such as a rope's ends, a grid's axes, the link tables and the mass per particle (a
  // material's, once applied). A mesh's placed vertices and triangles are left out: they are
  // the model's. Pins are not in them (they are the model's inverse masses).
  std::optional<RopeDesc> rope;
  std::optional<ClothGridDesc> cloth;
  std::optional<TriangleMeshDesc> mesh;
  std::optional<SceneMeshSource> mesh_source;
  std::optional<float> thickness;  // m: cloth and mesh, as the file gave it (else from spacing)
  ScenePinShapes pin_shapes;
  std::optional<glm::vec3> color;  // cloth, mesh and rope: sRGB, 0..1 (scene_colors.h)
  float check_size = 0.0f;         // cloth and mesh: m, a woven check's squares (0: plain)
};

// What a scene file said of a sphere's or collider's orientation, which the model holds as a
// quaternion only: degrees do not come back exactly from one, so a saved scene writes these
// words again while the model still holds what they give.
struct ColliderWords {
  glm::vec3 rotate{0.0f};                             // degrees: capsule, box, mesh
  glm::vec3 normal{0.0f, 1.0f, 0.0f};                 // plane: as given, not made unit
  float offset = 0.0f;                                // plane: m
  std::vector<std::optional<glm::vec3>> path_rotate;  // each keyframe's `rotate`, when given
};

// Something that happens at the start of a frame (frame 0 is the first frame simulated).
struct SceneEvent {
  enum class Kind { force, anchor_velocity };
  Kind kind = Kind::force;
  uint32_t frame = 0;
  uint32_t particle = 0;  // force: the particle pushed, in the system's model
  uint32_t anchor = 0;    // anchor_velocity: index into model.anchors
  glm::vec3 value{0.0f};  // force: N, applied for the frame's first substep; velocity: m/s
};

struct SceneSystem {
  std::string name;
  Model model;
  std::vector<SceneObject> objects;
  std::vector<SceneEvent> events;  // sorted by frame
  // The last this many of model.springs are [[spring]] tables (the rest are objects' links).
  uint32_t scene_springs = 0;
  // Parallel to model.environment.spheres and colliders, as read (scene_writer.h).
  std::vector<ColliderWords> sphere_words;
  std::vector<ColliderWords> collider_words;
};

struct Scene {
  std::filesystem::path source;  // the scene file; empty for the built-in default scene
  std::string title;
  std::string description;
  uint32_t frames = 120;  // what `weft run` simulates when --frames is not given
  std::vector<SceneSystem> systems;
  std::vector<std::string> notes;     // what the loader repaired or decided (printed by `weft run`)
  std::optional<SceneCamera> camera;  // [camera]: where pictures are taken from (else framed)
  std::optional<SceneDrapeTest> drape_test;  // [drape_test]: `weft run` reports the coefficient

  uint64_t particle_count() const;
  float frame_dt() const { return systems.empty() ? 0.0f : systems.front().model.solver.frame_dt; }
};

const char* object_kind_name(SceneObjectKind kind);  // "rope", "cloth", ...

// Calls action(system, event) for each event of `frame` in every system, in order.
template <typename Action>
void for_each_event_at(const Scene& scene, uint32_t frame, Action&& action) {
  for (const SceneSystem& system : scene.systems) {
    for (const SceneEvent& event : system.events) {
      if (event.frame == frame) action(system, event);
    }
  }
}

// Applies an event to a solver (CpuSolver, GpuSolver or anything with the same two methods).
template <typename Solver>
void apply_event(const SceneEvent& event, Solver& solver) {
  if (event.kind == SceneEvent::Kind::force) {
    solver.apply_force_once(event.particle, event.value);
  } else {
    solver.set_anchor_velocity(event.anchor, event.value);
  }
}

}  // namespace weft
