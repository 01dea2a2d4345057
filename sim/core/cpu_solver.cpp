#include "sim/core/cpu_solver.h"

#include <stdexcept>

namespace weft {

namespace {

template <typename Real>
std::vector<glm::vec<4, Real>> widen(const std::vector<glm::vec4>& values) {
  return {values.begin(), values.end()};
}

}  // namespace

template <typename Real>
CpuSolver<Real>::CpuSolver(const Model& model, unsigned threads)
    : core_(model), threads_(threads > 1 ? std::make_unique<CpuThreads>(threads) : nullptr) {
  if (threads == 0) throw std::invalid_argument("the CPU reference needs at least one thread");
  state_.positions = widen<Real>(core_.positions());
  state_.previous = widen<Real>(core_.previous());
  state_.velocities = widen<Real>(core_.velocities());
  state_.forces.assign(core_.positions().size(), glm::vec<4, Real>(0));
  state_.link_state = core_.link_state();
  for (uint64_t size : core_.state_array_sizes())
    state_.module_arrays.emplace_back(size, Real(0));
}

template <typename Real>
void CpuSolver<Real>::execute(const Step& step) {
  CpuPass<Real> pass{core_.params(), state_, threads_.get()};
  Step current = step;
  const SolverModule& module = core_.module(step.module);
  current.push = module.push(step);
  module.run(current, pass);
}

template <typename Real>
void CpuSolver<Real>::step(float frame_dt, uint32_t substeps) {
  const FrameShape shape = core_.begin_frame(frame_dt, substeps);
  for (const Step& step : core_.schedule(shape))
    execute(step);
  core_.end_frame();
  simulated_time_ += frame_dt;
}

template <typename Real>
void CpuSolver<Real>::run_pass(const Step& step, float dt) {
  core_.begin_pass(dt);
  execute(step);
  core_.end_frame();
}

template <typename Real>
void CpuSolver<Real>::apply_inverse_mass_edits() {
  for (const auto& [particle, inverse_mass] : core_.take_inverse_mass_edits())
    state_.positions[particle].w = Real(inverse_mass);
}

template <typename Real>
void CpuSolver<Real>::set_inverse_mass(uint32_t particle, float inverse_mass) {
  core_.set_inverse_mass(particle, inverse_mass);
  apply_inverse_mass_edits();
}

template <typename Real>
void CpuSolver<Real>::set_inverse_masses(const std::vector<std::pair<uint32_t, float>>& edits) {
  core_.set_inverse_masses(edits);
  apply_inverse_mass_edits();
}

template <typename Real>
void CpuSolver<Real>::drag(uint32_t particle, const glm::vec3& target, float follow_time) {
  core_.drag(particle, target, follow_time);
  apply_inverse_mass_edits();
}

template <typename Real>
void CpuSolver<Real>::end_drag() {
  core_.end_drag();
  apply_inverse_mass_edits();
}

template <typename Real>
HealthReport CpuSolver<Real>::measure_health() const {
  HealthReport report;
  for (const auto& module : core_.modules())
    module->measure_health(state_, report);
  report.torn_links = state_.torn_links;
  return report;
}

template <typename Real>
std::vector<glm::vec<3, Real>> CpuSolver<Real>::velocities() const {
  return particle_velocities(state_, core_.params().integrator == WEFT_INTEGRATOR_VERLET,
                             core_.params().dt);
}

template class CpuSolver<float>;
template class CpuSolver<double>;

}  // namespace weft
