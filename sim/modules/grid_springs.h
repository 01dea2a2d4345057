// Springs on a grid: the force gather (pass 1 of every substep) for the cloth grids on the grid
// path. Each node finds its springs by index (grid_set.h) instead of reading a list, and adds
// gravity, air drag and the ground's force, as AdjacencySprings does for everything else. One
// dispatch covers every grid. Also the blow-up watch's stretch of every grid link.
#pragma once

#include "sim/modules/grid_set.h"
#include "sim/core/mirrored_module.h"

namespace weft {

class GridSprings final : public MirroredModule<GridSprings> {
 public:
  explicit GridSprings(const ModuleContext& context);

  std::string_view name() const override { return "grid springs"; }
  std::vector<const PassInfo*> passes() const override;
  bool needed() const override { return !grids_.empty(); }
  bool writes_forces() const override { return true; }
  // Grids of constraints only, covering every particle: the gather would add nothing but gravity,
  // air drag and the ground, which the integrator then computes itself.
  bool gathers_environment_only() const override { return environment_only_; }
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  uint32_t threads(const Step&) const override { return grids_.thread_count(); }
  std::vector<ModuleBuffer> buffers() const override;
  void schedule_health(std::vector<Step>& steps) const override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  const GridSet& grids() const { return grids_; }

 private:
  friend class MirroredModule<GridSprings>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  template <typename Real>
  void measure_health_of(const ParticleState<Real>& state, HealthReport& report) const;
  template <typename Real>
  double elastic_energy_of(const ParticleState<Real>& state) const;
  PushConstants push_constants() const;

  GridSet grids_;
  bool environment_only_ = false;
};

}  // namespace weft
