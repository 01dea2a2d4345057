// Springs by adjacency: the force gather (pass 1 of every substep) for every particle not on the
// grid path. Each covered particle walks its own list of springs (CSR, spring_adjacency.h) and
// adds gravity, air drag and the ground's force (cpu_forces.h), so no two threads write one
// particle and no float atomics are needed. A model with no springs and no grid path leaves that
// force to the integrator in frames where no other module writes forces (one pass fewer per
// substep). Also the blow-up watch's stretch of these springs.
#pragma once

#include "sim/core/mirrored_module.h"
#include "sim/model/spring_adjacency.h"

namespace weft {

class AdjacencySprings final : public MirroredModule<AdjacencySprings> {
 public:
  // Covers the particles SolverPaths::general_particles() names, with its springs().
  explicit AdjacencySprings(const ModuleContext& context);

  std::string_view name() const override { return "springs"; }
  std::vector<const PassInfo*> passes() const override;
  bool needed() const override { return thread_count_ > 0; }
  bool writes_forces() const override { return true; }
  bool gathers_environment_only() const override { return environment_only_; }
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  uint32_t threads(const Step&) const override { return thread_count_; }
  std::vector<ModuleBuffer> buffers() const override;
  void schedule_health(std::vector<Step>& steps) const override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  // The springs as packed: offsets per covered thread, refs.
  const SpringAdjacency& adjacency() const { return adjacency_; }
  const std::vector<gpu::ParticleRange>& ranges() const { return ranges_; }
  // The particle covered thread t handles (shaders/springs_bindings.glsl: covered_particle).
  uint32_t particle_of_thread(uint32_t t) const;

 private:
  friend class MirroredModule<AdjacencySprings>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  template <typename Real>
  void measure_health_of(const ParticleState<Real>& state, HealthReport& report) const;
  template <typename Real>
  double elastic_energy_of(const ParticleState<Real>& state) const;
  PushConstants push_constants() const;

  std::vector<gpu::ParticleRange> ranges_;
  uint32_t thread_count_ = 0;
  SpringAdjacency adjacency_;      // indexed by covered thread
  bool environment_only_ = false;  // no springs, and every particle covered
};

}  // namespace weft
