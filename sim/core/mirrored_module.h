// The base of a solver module whose CPU mirror is written once, as templates over the scalar:
// float, as the GPU computes, and double, for the reference that checks it. The module defines
//
//   template <typename Real> void run_cpu(const Step& step, CpuPass<Real>& pass) const;
//
// and, when it has what they measure,
//
//   template <typename Real>
//   void measure_health_of(const ParticleState<Real>& state, HealthReport& report) const;
//   template <typename Real> double elastic_energy_of(const ParticleState<Real>& state) const;
//
// (private, with `friend class MirroredModule<Module>;`), and this base implements
// SolverModule's float and double overloads with them. A module without the last two measures
// nothing and stores no energy.
#pragma once

#include "sim/core/solver_module.h"

namespace weft {

template <typename Module>
class MirroredModule : public SolverModule {
 public:
  void run(const Step& step, CpuPass<float>& pass) const final { self().run_cpu(step, pass); }
  void run(const Step& step, CpuPass<double>& pass) const final { self().run_cpu(step, pass); }
  void measure_health(const ParticleState<float>& state, HealthReport& report) const final {
    self().measure_health_of(state, report);
  }
  void measure_health(const ParticleState<double>& state, HealthReport& report) const final {
    self().measure_health_of(state, report);
  }
  double elastic_energy(const ParticleState<float>& state) const final {
    return self().elastic_energy_of(state);
  }
  double elastic_energy(const ParticleState<double>& state) const final {
    return self().elastic_energy_of(state);
  }

 private:
  const Module& self() const { return static_cast<const Module&>(*this); }

  // What a module that declares its own hides: nothing to measure, no energy.
  template <typename Real>
  void measure_health_of(const ParticleState<Real>& /*state*/, HealthReport& /*report*/) const {}
  template <typename Real>
  double elastic_energy_of(const ParticleState<Real>& /*state*/) const {
    return 0.0;
  }
};

}  // namespace weft
