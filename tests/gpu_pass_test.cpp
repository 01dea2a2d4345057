// Each GPU compute pass alone against its CPU reference function, from the same perturbed state,
// for both test scenes and every integrator. Every particle's every field is compared.
//
// Tolerances. Both sides compute in float with the same formulas in the same order; they may
// still differ by a few ULP per operation, because the GPU compiler may contract a*b+c into an
// FMA and the Vulkan spec lets division and sqrt be off by up to 2.5 ULP, while the CPU rounds
// every step. Hence:
// - positions: 1e-6 m * max(1, |x|), about 8 ULP of the coordinate. Integrate and the
//   projections change a position by a few operations on values no larger than it.
// - velocities: 1e-5 * max(1 m/s, |v|): v + a dt and dx/dt divide position rounding by dt.
// - forces: 1e-5 * (sum of the magnitudes of the terms the gather adds). A gather adds up to 12
//   spring terms of ~10 operations each; 1e-5 is ~160 ULP of that sum, which bounds the
//   accumulated rounding with margin.
// - lambdas: 1e-5 * |lambda| + 1e-10.
// The scenes are tuned so that each physical term (gravity, drag, wind, spring, damping, ground
// repulsion/friction/absorption, Verlet damping, contact friction, an anchor's motion) changes
// its result by at least 100 times these tolerances: a shader that drops a term, flips a sign or
// reads a wrong neighbour fails here.
#include <gtest/gtest.h>

#include <cmath>
#include <tuple>

#include <glm/geometric.hpp>

#include "sim/cpu_solver.h"
#include "sim/gpu_solver.h"
#include "sim/grid_layout.h"
#include "tests/support/state_compare.h"
#include "tests/support/test_scenes.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

constexpr float kDt = 1.0f / 600.0f;

std::vector<glm::vec4> widen(const std::vector<float>& values) {
  std::vector<glm::vec4> out;
  for (float v : values)
    out.emplace_back(v, 0.0f, 0.0f, 0.0f);
  return out;
}

// Upper bound of the magnitudes of the terms accumulate_forces adds for particle i.
double force_scale(const PackedModel& model, const ParticleState<float>& state,
                   const std::vector<glm::vec3>& velocities, size_t i) {
  const gpu::SimParams& p = model.params;
  const float w = state.positions[i].w;
  if (w == 0.0f) return 1.0;
  const double speed = glm::length(velocities[i]);
  double scale = 1.0 + glm::length(glm::vec3(p.gravity)) / w +
                 p.air_drag * (speed + glm::length(glm::vec3(p.wind))) + p.ground.y +
                 (p.ground.z + p.ground.w) * speed;
  auto add_spring = [&](uint32_t other, double rest, double stiffness, double damping) {
    const double length =
        glm::distance(glm::vec3(state.positions[i]), glm::vec3(state.positions[other]));
    scale += stiffness * (rest + length) + damping * (speed + glm::length(velocities[other]));
  };
  if (model.grid_path) {
    // Every grid link at this particle counted as a spring of the strongest kind: a bound.
    const gpu::GridParams& g = model.grid_params;
    const double stiffness = std::max({g.stiffness.x, g.stiffness.y, g.stiffness.z});
    const double damping = std::max({g.damping.x, g.damping.y, g.damping.z});
    const double rest = 2.0 * (g.bend_rest_lengths.x + g.bend_rest_lengths.y);
    for_each_grid_link(*model.grid, [&](uint32_t a, uint32_t b, GridLinkKind, uint32_t) {
      if (a == i) add_spring(b, rest, stiffness, damping);
      if (b == i) add_spring(a, rest, stiffness, damping);
    });
    return scale;
  }
  for (uint32_t k = model.springs.offsets[i]; k < model.springs.offsets[i + 1]; ++k) {
    const gpu::SpringRef& s = model.springs.refs[k];
    add_spring(s.other, s.rest_length, s.stiffness, s.damping);
  }
  return scale;
}

class GpuPassTest : public VulkanTest,
                    public ::testing::WithParamInterface<std::tuple<TestScene, Integrator>> {
 protected:
  void SetUp() override {
    VulkanTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    model_ = make_test_scene(std::get<0>(GetParam()), std::get<1>(GetParam()));
    cpu_ = std::make_unique<CpuSolver<float>>(model_);
    gpu_ = std::make_unique<GpuSolver>(device(), model_);
    start_ = perturbed_state(model_, kDt, 7);
    cpu_->state().positions = start_.positions;
    cpu_->state().previous = start_.previous;
    cpu_->state().velocities = start_.velocities;
    cpu_->state().forces = start_.forces;
    cpu_->state().lambdas = start_.lambdas;
    gpu_->upload_state(start_);
    // The velocities the force pass sees, for its tolerance.
    const bool verlet = model_.solver.integrator == Integrator::verlet;
    for (size_t i = 0; i < start_.positions.size(); ++i) {
      velocities_.push_back(verlet ? glm::vec3(start_.positions[i] - start_.previous[i]) / kDt
                                   : glm::vec3(start_.velocities[i]));
    }
  }

  void run_both(const PassStep& step) {
    cpu_->run_pass(step, kDt);
    gpu_->run_pass(step, kDt);
  }

  void expect_states_match(const std::string& what) {
    const ParticleState<float> gpu = gpu_->download_state();
    const ParticleState<float>& cpu = cpu_->state();
    auto position_tolerance = [&](size_t i) {
      return 1e-6 * std::max(1.0, double{glm::length(glm::vec3(cpu.positions[i]))});
    };
    auto previous_tolerance = [&](size_t i) {
      return 1e-6 * std::max(1.0, double{glm::length(glm::vec3(cpu.previous[i]))});
    };
    auto velocity_tolerance = [&](size_t i) {
      return 1e-5 * std::max(1.0, double{glm::length(glm::vec3(cpu.velocities[i]))});
    };
    auto force_tolerance = [&](size_t i) {
      return 1e-5 * force_scale(cpu_->packed(), start_, velocities_, i);
    };
    auto lambda_tolerance = [&](size_t i) { return 1e-5 * std::abs(cpu.lambdas[i]) + 1e-10; };
    EXPECT_TRUE(all_near(gpu.positions, cpu.positions, position_tolerance, what + ": positions"));
    EXPECT_TRUE(all_near(gpu.previous, cpu.previous, previous_tolerance, what + ": previous"));
    EXPECT_TRUE(
        all_near(gpu.velocities, cpu.velocities, velocity_tolerance, what + ": velocities"));
    EXPECT_TRUE(all_near(gpu.forces, cpu.forces, force_tolerance, what + ": forces"));
    EXPECT_TRUE(
        all_near(widen(gpu.lambdas), widen(cpu.lambdas), lambda_tolerance, what + ": lambdas"));
  }

  Model model_;
  std::unique_ptr<CpuSolver<float>> cpu_;
  std::unique_ptr<GpuSolver> gpu_;
  ParticleState<float> start_;
  std::vector<glm::vec3> velocities_;
};

TEST_P(GpuPassTest, ForceAccumulation) {
  run_both({cpu_->packed().grid_path ? Pass::grid_accumulate_forces : Pass::accumulate_forces});
  expect_states_match("force accumulation");
  // The test must see real forces, not zeros on both sides.
  EXPECT_GT(glm::length(glm::vec3(cpu_->state().forces[5])), 0.1f);
}

TEST_P(GpuPassTest, ExternalForces) {
  // Two forces on particle 3 are merged into one entry; particle 7 gets its own.
  for (auto [particle, force] :
       {std::pair{3u, glm::vec3(1.0f, 2.0f, -3.0f)}, std::pair{3u, glm::vec3(0.5f, 0.0f, 0.0f)},
        std::pair{7u, glm::vec3(0.0f, -4.0f, 0.0f)}}) {
    cpu_->apply_force_once(particle, force);
    gpu_->apply_force_once(particle, force);
  }
  run_both({Pass::apply_external_forces});
  expect_states_match("external forces");
  EXPECT_FLOAT_EQ(cpu_->state().forces[3].x, start_.forces[3].x + 1.5f);
}

TEST_P(GpuPassTest, Integration) {
  run_both({Pass::integrate});
  expect_states_match("integration");
}

TEST_P(GpuPassTest, Anchors) {
  // Put the anchored particle just above the ground, so that this pass's move would take it
  // below in the rope scene (where the anchor keeps above the ground) and the clamp must act.
  const uint32_t anchored = model_.anchors[0].particle;
  start_.positions[anchored].y = model_.environment.ground.height + 1e-3f;
  cpu_->state().positions = start_.positions;
  gpu_->upload_state(start_);
  run_both({Pass::drive_anchors});
  expect_states_match("anchors");
  EXPECT_NE(cpu_->state().positions[anchored], start_.positions[anchored]);
}

TEST_P(GpuPassTest, ConstraintRelaxationEveryColourAndSweep) {
  if (cpu_->packed().grid_path) {
    // Three Jacobi sweeps: even and odd sweeps read different buffers, and an odd count ends in
    // the scratch copies, which the GPU copies back.
    for (uint32_t sweep = 0; sweep < 3; ++sweep) {
      PassStep step{Pass::relax_grid_jacobi, 0, sweep};
      step.relax = {0u, 0u, sweep == 0 ? 1u : 0u, sweep % 2};
      step.ends_in_scratch = sweep == 2;
      run_both(step);
      // After sweep 0 the GPU's result sits in its scratch buffers: compare after 1 and 2.
      if (sweep > 0) expect_states_match("grid relaxation after sweep " + std::to_string(sweep));
    }
    return;
  }
  const std::vector<uint32_t>& offsets = cpu_->packed().constraints.color_offsets;
  ASSERT_GE(offsets.size(), 3u) << "the scene should have constraints of several colours";
  for (uint32_t sweep = 0; sweep < 2; ++sweep) {
    for (uint32_t c = 0; c + 1 < offsets.size(); ++c) {
      PassStep step{Pass::relax_distance, 0, sweep, c};
      step.relax = {offsets[c], offsets[c + 1] - offsets[c], sweep == 0 ? 1u : 0u, 0u};
      run_both(step);
      expect_states_match("relaxation sweep " + std::to_string(sweep) + " colour " +
                          std::to_string(c));
    }
  }
}

TEST_P(GpuPassTest, Collision) {
  run_both({Pass::collide});
  expect_states_match("collision");
}

TEST_P(GpuPassTest, BlowUpWatch) {
  const HealthReport gpu = gpu_->measure_health();
  const HealthReport cpu = cpu_->measure_health();
  EXPECT_EQ(gpu.nonfinite_count, 0u);
  EXPECT_GT(cpu.max_stretch, 0.0f);
  EXPECT_NEAR(gpu.max_stretch, cpu.max_stretch, 1e-5 * cpu.max_stretch);
  EXPECT_FALSE(blow_up_reason(gpu).has_value());

  // Two particles gone non-finite: both watches count them and name the first.
  start_.positions[9].y = NAN;
  start_.positions[4].x = INFINITY;
  cpu_->state().positions = start_.positions;
  gpu_->upload_state(start_);
  const HealthReport broken_gpu = gpu_->measure_health();
  const HealthReport broken_cpu = cpu_->measure_health();
  EXPECT_EQ(broken_cpu.nonfinite_count, 2u);
  EXPECT_EQ(broken_cpu.first_nonfinite, 4u);
  EXPECT_EQ(broken_gpu.nonfinite_count, 2u);
  EXPECT_EQ(broken_gpu.first_nonfinite, 4u);
  ASSERT_TRUE(blow_up_reason(broken_gpu).has_value());
  EXPECT_NE(blow_up_reason(broken_gpu)->find("first: particle 4"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(AllScenesAndIntegrators, GpuPassTest, every_scene_and_integrator(),
                         scene_and_integrator_name);

}  // namespace
}  // namespace weft::test
