// Contacts (the last pass of every substep): particles are projected out of the colliders (in
// the position-based ground mode, back onto the ground plane; then out of the spheres, planes,
// capsules, boxes and triangle meshes), to half their cloth's thickness off the surface; a contact
// then applies Coulomb friction with the coefficients the collider's and the particle's material's
// own mix to (Environment::static_friction), and removes a share of what is left of the substep's
// motion relative to the collider's surface, along it (contact friction). One thread per particle.
// Colliders that move on a scripted path (collider_path.h) take their poses at the start and end of
// each frame and move linearly in between, substep by substep. Active only while there is something
// to collide with.
#pragma once

#include "shaders/colliders_layout.h"
#include "sim/model/model.h"
#include "sim/core/mirrored_module.h"
#include "sim/modules/mesh_contact.h"
#include "sim/modules/triangle_grid.h"

namespace weft {

class Colliders final : public MirroredModule<Colliders> {
 public:
  explicit Colliders(const ModuleContext& context);

  std::string_view name() const override { return "colliders"; }
  std::vector<const PassInfo*> passes() const override;
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  bool active() const override;
  uint32_t threads(const Step&) const override { return params_.particle_count; }
  std::vector<ModuleBuffer> buffers() const override;
  void frame_time(double start, double frame_dt) override;
  void take_updates(std::vector<BufferUpdate>& updates) override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  // xyz: centre at the end of the last frame begun (m); w: radius (m).
  const std::vector<glm::vec4>& spheres() const { return spheres_; }
  const std::vector<gpu::ColliderShape>& shapes() const { return shapes_; }
  // xyz: centre at the start of the last frame begun (m).
  const std::vector<glm::vec4>& sphere_starts() const { return sphere_starts_; }
  // Three per mesh triangle, in its collider's frame.
  const std::vector<glm::vec4>& mesh_corners() const { return corners_; }
  const std::vector<float>& reaches() const { return reaches_; }

 private:
  friend class MirroredModule<Colliders>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  void pose_all(double start, double end);
  // Each particle's own friction, its cloth's material's (Model::surface_frictions; none:
  // (-1, -1)).
  void pack_particle_frictions(const Model& model);

  const gpu::SimParams& params_;
  Environment environment_;  // the colliders and their paths
  bool moving_ = false;      // some collider has a path
  bool uploads_due_ = false;
  std::vector<glm::vec4> spheres_;
  std::vector<glm::vec4> sphere_starts_;
  std::vector<gpu::ColliderShape> shapes_;
  std::vector<glm::vec4> corners_;  // three per mesh triangle, local
  // For the CPU: each triangle's normal, and per shape its triangles' grid (a mesh's).
  mesh_contact::TriangleNormals normals_;
  std::vector<TriangleGrid> triangle_grids_;
  // Per particle, m: how far it is kept off every collider's surface (half its cloth's
  // thickness, 0 for ropes and particles).
  std::vector<float> reaches_;
  std::vector<glm::vec2> frictions_;  // per sphere, then per shape: its own (static, kinetic)
  std::vector<glm::vec2> particle_frictions_;  // per particle: its material's (static, kinetic)
};

}  // namespace weft
