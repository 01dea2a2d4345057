// Self-collision and cloth-to-cloth contact: every particle of a contact group (a cloth or mesh
// with a thickness, model.h) is kept at least the pair's thickness from every particle of any
// group that is not its neighbour in the rest mesh, with Coulomb friction. Runs in the collide
// stage, before the colliders (which have the last word), in eight passes per substep:
//
//   hash count, scan blocks, scan totals, scan add, scatter, sort buckets
//       a spatial hash rebuilt on the GPU every substep by a counting sort (shaders/hash_*.comp):
//       counts per bucket, their prefix sum (within blocks, the blocks' offsets, both added),
//       each particle into its bucket's range, then each range in order of particle index as
//       points (position and index side by side);
//   particle contacts   each particle sums, Jacobi style, what each close pair in the 2 x 2 x 2
//                       cells nearest it asks of it
//   apply contacts      and moves by their mean, which cannot overshoot
//
// Nothing comes back to the CPU. The atomics of the count and scatter passes run in any order,
// but the counts do not depend on it and the sort puts each bucket in index order, so the
// contacts are summed in the same order on every run, device and in the CPU mirror
// (self_collision_cpu.cpp), which runs the same passes one by one.
#pragma once

#include "shaders/self_collision_layout.h"
#include "sim/core/solver_module.h"

namespace weft {

// The CPU mirror's copy of the GPU's scratch buffers (WEFT_CONTACT_BINDING_*), rebuilt every
// substep: what the tests compare with the GPU's.
template <typename Real>
struct ContactScratch {
  std::vector<uint32_t> counts;
  std::vector<uint32_t> starts;
  std::vector<uint32_t> blocks;
  std::vector<uint32_t> buckets;
  std::vector<uint32_t> sorted;
  std::vector<glm::uvec4> points;
  std::vector<glm::vec<4, Real>> corrections;
};

// Whether a model's self-collision runs: asked for, and something with a thickness to keep apart.
bool self_collision_runs(const Model& model);

class SelfCollision final : public SolverModule {
 public:
  explicit SelfCollision(const ModuleContext& context);

  std::string_view name() const override { return "self-collision"; }
  std::vector<const PassInfo*> passes() const override;
  bool needed() const override { return enabled_; }
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  uint32_t threads(const Step& step) const override;
  PushConstants push(const Step& step) const override;
  void run(const Step& step, CpuPass<float>& pass) const override;
  void run(const Step& step, CpuPass<double>& pass) const override;
  std::vector<ModuleBuffer> buffers() const override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  const std::vector<gpu::ContactParticle>& particles() const { return particles_; }
  uint32_t bucket_count() const { return bucket_count_; }
  float cell_size() const { return cell_size_; }
  // The rest-mesh neighbours, each particle's padded (gpu::ContactParticle).
  const std::vector<uint32_t>& neighbours() const { return neighbours_; }
  const ContactScratch<float>& cpu_scratch() const { return float_scratch_; }

  // The passes, in the order each substep runs them (tests pick steps by them).
  static const PassInfo& count_pass();
  static const PassInfo& scan_blocks_pass();
  static const PassInfo& scan_totals_pass();
  static const PassInfo& scan_add_pass();
  static const PassInfo& scatter_pass();
  static const PassInfo& sort_pass();
  static const PassInfo& contacts_pass();
  static const PassInfo& apply_pass();

 private:
  template <typename Real>
  ContactScratch<Real>& scratch() const;
  template <typename Real>
  void run_pass(const PassInfo& pass, CpuPass<Real>& cpu) const;
  // The CPU mirrors, one per shader (self_collision_cpu.cpp).
  template <typename Real>
  void count(CpuPass<Real>& cpu, ContactScratch<Real>& s) const;
  template <typename Real>
  void scan_blocks(ContactScratch<Real>& s) const;
  template <typename Real>
  void scan_totals(ContactScratch<Real>& s) const;
  template <typename Real>
  void scan_add(ContactScratch<Real>& s) const;
  template <typename Real>
  void scatter(CpuPass<Real>& cpu, ContactScratch<Real>& s) const;
  template <typename Real>
  void sort_buckets(CpuPass<Real>& cpu, ContactScratch<Real>& s) const;
  template <typename Real>
  void collide(CpuPass<Real>& cpu, ContactScratch<Real>& s) const;
  template <typename Real>
  void apply(CpuPass<Real>& cpu, ContactScratch<Real>& s) const;

  const gpu::SimParams& params_;
  bool enabled_ = false;
  float friction_ = 0.0f;
  float cell_size_ = 0.0f;   // m: twice the widest reach
  float max_radius_ = 0.0f;  // m: half the widest reach
  uint32_t bucket_count_ = 0;
  uint32_t members_ = 0;  // particles in contact groups
  std::vector<gpu::ContactParticle> particles_;
  std::vector<uint32_t> neighbours_;  // padded per particle (gpu::ContactParticle)
  mutable ContactScratch<float> float_scratch_;
  mutable ContactScratch<double> double_scratch_;
};

}  // namespace weft
