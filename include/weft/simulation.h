// A scene advanced frame by frame by a solver: the CPU reference (this library, no Vulkan), or
// the GPU solver (weft/gpu.h, the weft::weft_gpu library). The scene's events fire on their
// frames as in `weft run`. Positions, velocities and normals are per system, in the order of
// the system's particles (a cloth's node (c, r) is r * columns + c after those before it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "weft/report.h"
#include "weft/scene.h"

namespace weft::api {

struct Vec3 {
  float x = 0.0f, y = 0.0f, z = 0.0f;
};

// `count` points of three floats, each `stride` floats after the one before, in the world:
// memory the Simulation owns (the CPU solver's own state for a scene simulated at the world's
// origin; else a download or a copy moved into the world), valid until it steps again, sets a
// parameter, reads positions again or is destroyed.
struct PointView {
  const float* data = nullptr;
  size_t count = 0;
  size_t stride = 3;
  // The solver's own memory, which follows the simulation as it steps (the CPU reference, for a
  // scene simulated at the world's origin); else a copy, in world coordinates.
  bool live = false;
  Vec3 operator[](size_t i) const {
    return {data[i * stride], data[i * stride + 1], data[i * stride + 2]};
  }
};

class SimulationBackend;  // the solver behind a Simulation (CPU or GPU)

class Simulation {
 public:
  // The CPU reference solver, on one thread. InputError when the scene's model is invalid.
  explicit Simulation(const Scene& scene);
  // The CPU reference on `threads` threads (0: every core the process may use); the results are
  // the same bit for bit for any count.
  Simulation(const Scene& scene, unsigned threads);
  explicit Simulation(std::unique_ptr<SimulationBackend> backend);  // weft/gpu.h makes one
  Simulation(Simulation&&) noexcept;
  Simulation& operator=(Simulation&&) noexcept;
  ~Simulation();

  void step(uint32_t frames = 1);
  uint32_t frame() const;  // frames simulated so far
  double time() const;     // s simulated so far
  const Scene& scene() const;
  std::string device() const;  // "CPU reference (float)", "GPU (Vulkan compute) on ..."
  // Errors the Vulkan validation layer reported so far (GpuOptions::validation); 0 on the CPU.
  int validation_errors() const;

  PointView positions(size_t system = 0);           // m
  std::vector<Vec3> velocities(size_t system = 0);  // m/s
  // Unit normal per particle: the area-weighted normals of its triangles; (0, 1, 0) off any.
  std::vector<Vec3> normals(size_t system = 0);

  // A key's value now (Scene::get), and a change while running: the scene is read again with
  // the override and the solver takes what it can change live (environment, solver, damping,
  // stiffness and materials, as the viewer's panel does). InputError for a bad key or value, or
  // one that changes what the scene is made of (its particles and links): make a new Simulation.
  std::optional<std::string> get(const std::string& key) const;
  void set(const std::string& key, const std::string& value);

  // Energy and strain now, per system (report.h).
  Report report();

  // The current frame as files, written whole or not at all (MachineError when they cannot be):
  // an OBJ of one system (its surface with texture coordinates and normals, ropes as lines), or
  // every particle of the scene as index,x,y,z.
  void export_obj(const std::string& path, size_t system = 0);
  void export_csv(const std::string& path);

 private:
  std::unique_ptr<SimulationBackend> backend_;
};

}  // namespace weft::api
