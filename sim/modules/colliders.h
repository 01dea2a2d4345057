// Contacts (the last pass of every substep): particles are projected out of the sphere
// colliders and, in the position-based ground mode, back onto the ground plane; a contact then
// removes a share of the substep's tangential motion (contact friction). One thread per particle.
// Active only while there is something to collide with.
#pragma once

#include "shaders/colliders.h"
#include "sim/solver_module.h"

namespace weft {

class Colliders final : public SolverModule {
 public:
  explicit Colliders(const ModuleContext& context);

  std::string_view name() const override { return "colliders"; }
  std::vector<const PassInfo*> passes() const override;
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  bool active() const override;
  uint32_t threads(const Step&) const override { return params_.particle_count; }
  PushConstants push(const Step& step) const override;
  void run(const Step&, CpuPass<float>& pass) const override { collide(pass); }
  void run(const Step&, CpuPass<double>& pass) const override { collide(pass); }
  std::vector<ModuleBuffer> buffers() const override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  // xyz: centre (m); w: radius (m).
  const std::vector<glm::vec4>& spheres() const { return spheres_; }

 private:
  template <typename Real>
  void collide(CpuPass<Real>& pass) const;

  const gpu::SimParams& params_;
  std::vector<glm::vec4> spheres_;
};

}  // namespace weft
