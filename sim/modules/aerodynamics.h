// The air on the cloth: drag and lift on every triangle of the model from the wind relative to
// it, its area and its normal (shaders/aerodynamics.comp has the formula), added to the forces
// after the gathers of every substep. The wind is Environment::wind plus gusts: along each axis,
// two travelling sine waves of the gusts' frequency (times fixed irrational ratios, so the sum
// never repeats) and of wavelengths near the gusts' scale, in fixed directions. That noise is
// smooth in space and time and the same on every run; its phases are kept in double on the CPU,
// wrapped to one turn, and written once per frame, so a long run loses no precision to a large
// time in float.
#pragma once

#include "shaders/aerodynamics_layout.h"
#include "sim/model/model.h"
#include "sim/core/mirrored_module.h"

namespace weft {

class Aerodynamics final : public MirroredModule<Aerodynamics> {
 public:
  explicit Aerodynamics(const ModuleContext& context);

  std::string_view name() const override { return "aerodynamics"; }
  std::vector<const PassInfo*> passes() const override;
  bool needed() const override { return on_ && !particles_.empty(); }
  bool writes_forces() const override { return true; }
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  void frame_time(double start, double frame_dt) override;
  uint32_t threads(const Step&) const override { return uint32_t(particles_.size()); }
  std::vector<ModuleBuffer> buffers() const override;
  void take_updates(std::vector<BufferUpdate>& updates) override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  const gpu::AirParams& air() const { return air_; }
  // Thread t handles particles()[t] and walks corners()[offsets()[t] .. offsets()[t + 1]).
  const std::vector<uint32_t>& particles() const { return particles_; }
  const std::vector<uint32_t>& offsets() const { return offsets_; }
  const std::vector<gpu::TriangleCorner>& corners() const { return corners_; }
  // Per corner, the links whose tearing opens its triangle (empty: no cloth tears).
  const std::vector<uint32_t>& corner_tears() const { return tears_; }

 private:
  friend class MirroredModule<Aerodynamics>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  // The air's coefficients and the waves' phases at simulated time `start` (s).
  void set_air(const Air& settings, double start);

  bool on_ = false;
  Air settings_;
  std::vector<uint32_t> particles_;  // the corners of some triangle, in index order
  std::vector<uint32_t> offsets_;    // per thread, into corners_
  std::vector<gpu::TriangleCorner> corners_;
  std::vector<uint32_t> tears_;  // per corner, for a cloth that tears (empty: none does)
  gpu::AirParams air_{};
  double start_ = 0.0;
  glm::dvec3 origin_{0.0};  // the model's (Model::origin)
  bool dirty_ = false;      // air_ changed since the GPU's copy was written
};

}  // namespace weft
