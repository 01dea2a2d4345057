// The integrator (the integrate stage of every substep): explicit Euler, semi-implicit Euler or
// Verlet with damping (GAMES101), one thread per particle; pinned particles stay. In frames whose
// only force is the environment's (FrameShape::environment_in_integration), it computes that force
// itself. Where every particle is a node of a grid whose lines are walked, the walk along rows
// integrates them as it loads them (FrameShape::integration_in_lines) and this module schedules
// nothing. Also the blow-up watch's count of particles whose position is no longer finite. Every
// model has this module.
#pragma once

#include "sim/core/cpu_forces.h"
#include "sim/core/mirrored_module.h"

namespace weft {

// One free particle's step of the integrator (shaders/integration.glsl): where it goes, and what
// velocities[] keeps (Euler's velocity, or what Verlet's rounding owes the next step).
template <typename Real>
struct IntegrationStep {
  cpu::vec3<Real> position;
  cpu::vec3<Real> velocity;
};

// Particle i, free; `environment`: the environment's force is computed here (no force gather ran).
template <typename Real>
IntegrationStep<Real> integration_step(const gpu::SimParams& params,
                                       const ParticleState<Real>& state, uint32_t i,
                                       bool environment);
// Stores particle i's step: previous[] keeps the position the substep started from.
template <typename Real>
void store_integration_step(ParticleState<Real>& state, uint32_t i,
                            const IntegrationStep<Real>& step);
// Every free particle's step, stored: integrate.comp's pass, and the line walks' where they
// integrate (FrameShape::integration_in_lines).
template <typename Real>
void integrate_particles(CpuPass<Real>& pass, bool environment);

class ParticleIntegration final : public MirroredModule<ParticleIntegration> {
 public:
  explicit ParticleIntegration(const ModuleContext& context) : params_(context.params) {}

  std::string_view name() const override { return "particles"; }
  std::vector<const PassInfo*> passes() const override;
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  uint32_t threads(const Step& step) const override;
  std::vector<ModuleBuffer> buffers() const override { return {}; }
  void schedule_health(std::vector<Step>& steps) const override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;

  // The integration pass of an integrator (WEFT_INTEGRATOR_*): each has its own name.
  static const PassInfo& integrate_pass(uint32_t integrator);

 private:
  friend class MirroredModule<ParticleIntegration>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  template <typename Real>
  void measure_health_of(const ParticleState<Real>& state, HealthReport& report) const;

  const gpu::SimParams& params_;
};

}  // namespace weft
