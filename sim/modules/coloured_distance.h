// Distance constraints relaxed by colour (in every relaxation sweep): XPBD projection, split at
// setup into colours such that no two constraints of a colour share a particle
// (constraint_coloring.h). Each relaxation sweep runs the colours in turn: Gauss-Seidel between
// colours, one dispatch per colour. Before a substep's sweeps, the rows and columns of the cloth
// grids on this path are walked for their bending and the stretch of their structural links
// (line_solves.h); within a colour those links come first, and the first sweep starts them from
// the multipliers the line solve left. Also the blow-up watch's stretch of these constraints.
#pragma once

#include "sim/model/constraint_coloring.h"
#include "sim/core/mirrored_module.h"
#include "sim/modules/line_solves.h"

namespace weft {

class ColouredDistance final : public MirroredModule<ColouredDistance> {
 public:
  // The constraints of SolverPaths::constraints().
  explicit ColouredDistance(const ModuleContext& context);

  std::string_view name() const override { return "distance constraints"; }
  std::vector<const PassInfo*> passes() const override;
  bool needed() const override { return !colored_.constraints.empty(); }
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  std::string label(const Step& step) const override;
  uint32_t threads(const Step& step) const override;
  std::vector<ModuleBuffer> buffers() const override;
  bool has_constraints() const override { return !colored_.constraints.empty(); }
  bool integrates_every_particle() const override { return lines_.nodes() == particle_count_; }
  void schedule_health(std::vector<Step>& steps) const override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  const ColoredConstraints& colored() const { return colored_; }
  const std::vector<uint32_t>& solved_along_lines() const { return solved_along_lines_; }
  const LineSolves& lines() const { return lines_; }

 private:
  friend class MirroredModule<ColouredDistance>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  template <typename Real>
  void measure_health_of(const ParticleState<Real>& state, HealthReport& report) const;
  template <typename Real>
  double elastic_energy_of(const ParticleState<Real>& state) const;

  std::vector<uint32_t> solved_along_lines_;  // per colour: how many of its links are
  ColoredConstraints colored_;                // within a colour, the links solved along lines first
  std::vector<uint32_t> tear_bits_;  // per constraint (relax_distance.comp); empty: none tears
  LineSolves lines_;
  uint32_t particle_count_ = 0;  // the model's
};

}  // namespace weft
