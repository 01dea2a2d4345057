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

#include "sim/cloth_material.h"
#include "sim/model.h"

namespace weft {

enum class SceneObjectKind { particle, rope, cloth, mesh };

// Where an object's particles sit in its system's model.
struct SceneObject {
  std::string name;  // unique in the scene
  SceneObjectKind kind = SceneObjectKind::particle;
  uint32_t first_particle = 0;
  uint32_t particle_count = 0;
  uint32_t columns = 0;  // cloth only: node (c, r) is first_particle + r * columns + c
  uint32_t rows = 0;     // cloth only
  std::optional<ClothMaterial> material;  // cloth and mesh given a material
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
};

struct Scene {
  std::filesystem::path source;  // the scene file; empty for the built-in default scene
  std::string title;
  std::string description;
  uint32_t frames = 120;  // what `weft run` simulates when --frames is not given
  std::vector<SceneSystem> systems;
  std::vector<std::string> notes;  // what the loader repaired or decided (printed by `weft run`)

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
