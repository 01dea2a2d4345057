// Each GPU compute pass alone against its module's CPU mirror, from the same perturbed state, for
// the test scenes and every integrator. Every step of a frame runs, module by module (the loop
// over the solver's module list covers any kind of element registered); every particle's every
// field and every module's state array are compared. Tests per module check what that module's
// pass must visibly do.
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

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

#include <glm/geometric.hpp>

#include "shaders/integration.h"
#include "sim/core/cpu_solver.h"
#include "sim/gpu/gpu_solver.h"
#include "sim/model/grid_layout.h"
#include "sim/modules/adjacency_springs.h"
#include "sim/modules/aerodynamics.h"
#include "sim/modules/anchors.h"
#include "sim/modules/colliders.h"
#include "sim/modules/coloured_distance.h"
#include "sim/modules/external_forces.h"
#include "sim/modules/grid_jacobi.h"
#include "sim/modules/grid_springs.h"
#include "sim/modules/particle_integration.h"
#include "sim/modules/self_collision.h"
#include "sim/modules/strain_limits.h"
#include "sim/modules/tethers.h"
#include "tests/support/state_compare.h"
#include "tests/support/test_scenes.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

constexpr float kDt = 1.0f / 600.0f;

// Upper bound of the magnitudes of the terms a force gather adds for particle i.
double force_scale(const SolverCore& core, const ParticleState<float>& state,
                   const std::vector<glm::vec3>& velocities, size_t i) {
  const gpu::SimParams& p = core.params();
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
  if (const GridSprings* grid = core.find<GridSprings>()) {
    // Every grid link at this particle counted as a spring of the strongest kind: a bound.
    for (size_t g = 0; g < grid->grids().layouts().size(); ++g) {
      const GridLayout& layout = grid->grids().layouts()[g];
      const gpu::GridParams& params = grid->grids().params()[g];
      const double stiffness =
          std::max({params.stiffness.x, params.stiffness.y, params.stiffness.z});
      const double damping = std::max({params.damping.x, params.damping.y, params.damping.z});
      const double rest = 2.0 * (params.bend_rest_lengths.x + params.bend_rest_lengths.y);
      const uint32_t first = layout.first_particle;
      for_each_grid_link(layout, [&](uint32_t a, uint32_t b, GridLinkKind, uint32_t) {
        if (first + a == i) add_spring(first + b, rest, stiffness, damping);
        if (first + b == i) add_spring(first + a, rest, stiffness, damping);
      });
    }
  }
  if (const Aerodynamics* air = core.find<Aerodynamics>()) {
    // Each triangle at the particle adds at most (drag + lift) A |u|^2 / 3, |u| bounded by the
    // wind, the gusts and its corners' speeds.
    const glm::vec3 wind(p.wind);
    const double gusts = glm::length(glm::vec3(air->air().gust_amplitude));
    for (uint32_t t = 0; t < air->particles().size(); ++t) {
      if (air->particles()[t] != i) continue;
      for (uint32_t k = air->offsets()[t]; k < air->offsets()[t + 1]; ++k) {
        const gpu::TriangleCorner& c = air->corners()[k];
        const glm::vec3 x(state.positions[i]);
        const double area = 0.5 * glm::length(glm::cross(glm::vec3(state.positions[c.next]) - x,
                                                         glm::vec3(state.positions[c.prev]) - x));
        const double u = glm::length(wind) + gusts + speed + glm::length(velocities[c.next]) +
                         glm::length(velocities[c.prev]);
        scale += (air->air().drag + air->air().lift) * area * u * u;
      }
    }
  }
  if (const AdjacencySprings* springs = core.find<AdjacencySprings>()) {
    const SpringAdjacency& adjacency = springs->adjacency();
    for (uint32_t t = 0; t + 1 < adjacency.offsets.size(); ++t) {
      if (springs->particle_of_thread(t) != i) continue;
      for (uint32_t k = adjacency.offsets[t]; k < adjacency.offsets[t + 1]; ++k) {
        const gpu::SpringRef& s = adjacency.refs[k];
        add_spring(s.other, s.rest_length, s.stiffness, s.damping);
      }
    }
  }
  return scale;
}

// The steps of one frame's first substep that belong to a module of this kind.
template <typename Module>
std::vector<Step> steps_of(const SolverCore& core) {
  std::vector<Step> steps;
  const Module* module = core.find<Module>();
  if (!module) return steps;
  for (const Step& step : core.build_schedule(core.full_shape(1))) {
    if (step.module == module->index) steps.push_back(step);
  }
  return steps;
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
    cpu_->state().module_arrays = start_.module_arrays;
    gpu_->upload_state(start_);
    // The velocities the force pass sees, for its tolerance.
    const bool verlet = model_.solver.integrator == Integrator::verlet;
    for (size_t i = 0; i < start_.positions.size(); ++i) {
      velocities_.push_back(verlet ? glm::vec3(start_.positions[i] - start_.previous[i]) / kDt
                                   : glm::vec3(start_.velocities[i]));
    }
  }

  void run_both(const Step& step) {
    cpu_->run_pass(step, kDt);
    gpu_->run_pass(step, kDt);
  }
  void run_both(const std::vector<Step>& steps) {
    ASSERT_FALSE(steps.empty()) << "the scene should run this module";
    for (const Step& step : steps)
      run_both(step);
  }
  const SolverCore& core() const { return cpu_->core(); }

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
      return 1e-5 * force_scale(core(), start_, velocities_, i);
    };
    EXPECT_TRUE(all_near(gpu.positions, cpu.positions, position_tolerance, what + ": positions"));
    EXPECT_TRUE(all_near(gpu.previous, cpu.previous, previous_tolerance, what + ": previous"));
    EXPECT_TRUE(
        all_near(gpu.velocities, cpu.velocities, velocity_tolerance, what + ": velocities"));
    EXPECT_TRUE(all_near(gpu.forces, cpu.forces, force_tolerance, what + ": forces"));
    ASSERT_EQ(gpu.module_arrays.size(), cpu.module_arrays.size());
    for (size_t a = 0; a < cpu.module_arrays.size(); ++a) {
      const std::vector<float>& expected = cpu.module_arrays[a];
      auto lambda_tolerance = [&](size_t i) { return 1e-5 * std::abs(expected[i]) + 1e-10; };
      EXPECT_TRUE(all_near(widen(gpu.module_arrays[a]), widen(expected), lambda_tolerance,
                           what + ": " + core().state_array_names()[a]));
    }
  }

  Model model_;
  std::unique_ptr<CpuSolver<float>> cpu_;
  std::unique_ptr<GpuSolver> gpu_;
  ParticleState<float> start_;
  std::vector<glm::vec3> velocities_;
};

// Every step of a frame alone, in order, compared after each: whatever modules the scene has.
TEST_P(GpuPassTest, EveryStepOfAFrame) {
  const std::vector<Step> steps = core().build_schedule(core().full_shape(1));
  ASSERT_GE(steps.size(), 5u);
  // A Jacobi pass that alternates buffers leaves the GPU's result in its scratch buffers until
  // the module's next step brings it home; other modules' steps may run in between.
  std::set<uint32_t> in_scratch;
  for (const Step& step : steps) {
    run_both(step);
    const SolverModule& module = core().module(step.module);
    if (module.result_in_scratch(step)) {
      in_scratch.insert(step.module);
    } else {
      in_scratch.erase(step.module);
    }
    if (in_scratch.empty()) expect_states_match(module.label(step));
  }
}

TEST_P(GpuPassTest, ForceAccumulation) {
  std::vector<Step> gathers = steps_of<AdjacencySprings>(core());
  const std::vector<Step> grid = steps_of<GridSprings>(core());
  gathers.insert(gathers.end(), grid.begin(), grid.end());
  run_both(gathers);
  expect_states_match("force accumulation");
  // The test must see real forces, not zeros on both sides.
  EXPECT_GT(glm::length(glm::vec3(cpu_->state().forces[5])), 0.1f);
}

TEST_P(GpuPassTest, Aerodynamics) {
  if (!model_.environment.air.on() || model_.triangles.empty()) {
    // Nothing for the air to push on: the module is left out, and no frame runs its pass.
    EXPECT_EQ(core().find<Aerodynamics>(), nullptr);
    return;
  }
  const std::vector<Step> air = steps_of<Aerodynamics>(core());
  std::vector<Step> gathers = steps_of<AdjacencySprings>(core());
  const std::vector<Step> grid = steps_of<GridSprings>(core());
  gathers.insert(gathers.end(), grid.begin(), grid.end());
  run_both(gathers);
  const std::vector<glm::vec4> before = cpu_->state().forces;
  run_both(air);
  expect_states_match("aerodynamics");
  // The air must have moved the forces, well beyond the tolerance, and pinned particles must
  // not feel it.
  float largest = 0.0f;
  for (size_t i = 0; i < before.size(); ++i) {
    const float change = glm::length(glm::vec3(cpu_->state().forces[i] - before[i]));
    if (model_.inverse_masses[i] == 0.0f) {
      EXPECT_EQ(change, 0.0f) << "pinned particle " << i;
    }
    largest = std::max(largest, change);
  }
  EXPECT_GT(largest, 0.1f);
}

TEST_P(GpuPassTest, ExternalForces) {
  // Two forces on particle 3 are merged into one entry; particle 7 gets its own.
  for (auto [particle, force] :
       {std::pair{3u, glm::vec3(1.0f, 2.0f, -3.0f)}, std::pair{3u, glm::vec3(0.5f, 0.0f, 0.0f)},
        std::pair{7u, glm::vec3(0.0f, -4.0f, 0.0f)}}) {
    cpu_->apply_force_once(particle, force);
    gpu_->apply_force_once(particle, force);
  }
  run_both(steps_of<ExternalForces>(core()));
  expect_states_match("external forces");
  EXPECT_FLOAT_EQ(cpu_->state().forces[3].x, start_.forces[3].x + 1.5f);
}

TEST_P(GpuPassTest, Integration) {
  run_both(steps_of<ParticleIntegration>(core()));
  expect_states_match("integration");
}

// A model whose only force is the environment's: the integrator computes gravity, air drag and
// the ground's force itself (FrameShape::environment_in_integration) and reads no forces[].
TEST_P(GpuPassTest, IntegrationThatComputesTheEnvironmentsForce) {
  std::vector<Step> steps = steps_of<ParticleIntegration>(core());
  ASSERT_EQ(steps.size(), 1u);
  gpu::IntegratePush push{};
  push.environment = 1;
  steps[0].push = to_push(push);
  // The same step reading the perturbed forces[] instead must land elsewhere, or this test could
  // not tell a shader that ignores the flag from a right one.
  CpuSolver<float> from_forces(model_);
  from_forces.state() = cpu_->state();
  Step reading_forces = steps[0];
  reading_forces.push = to_push(gpu::IntegratePush{});
  from_forces.run_pass(reading_forces, kDt);
  run_both(steps);
  expect_states_match("integration computing the environment's force");
  const uint32_t moving = model_.inverse_masses[5] > 0.0f ? 5u : 6u;
  // 10 times expect_states_match's tolerance on what the force moves: Verlet's position, the
  // Euler integrators' velocity (100 times: it is the force times dt itself).
  if (model_.solver.integrator == Integrator::verlet) {
    const glm::vec3 x(cpu_->state().positions[moving]);
    EXPECT_GT(glm::distance(x, glm::vec3(from_forces.state().positions[moving])),
              1e-5f * std::max(1.0f, glm::length(x)));
  } else {
    const glm::vec3 v(cpu_->state().velocities[moving]);
    EXPECT_GT(glm::distance(v, glm::vec3(from_forces.state().velocities[moving])),
              1e-3f * std::max(1.0f, glm::length(v)));
  }
}

TEST_P(GpuPassTest, Anchors) {
  // Put the anchored particle just above the ground, so that this pass's move would take it
  // below in the rope scene (where the anchor keeps above the ground) and the clamp must act.
  const uint32_t anchored = model_.anchors[0].particle;
  start_.positions[anchored].y = model_.environment.ground.height + 1e-3f;
  cpu_->state().positions = start_.positions;
  gpu_->upload_state(start_);
  run_both(steps_of<Anchors>(core()));
  expect_states_match("anchors");
  EXPECT_NE(cpu_->state().positions[anchored], start_.positions[anchored]);
}

TEST_P(GpuPassTest, ConstraintRelaxationEveryColourAndSweep) {
  if (const GridJacobi* jacobi = core().find<GridJacobi>()) {
    // The line solves of bending and stretch (rows, columns), then the Jacobi sweeps, as many
    // as one dispatch runs, twice, and one more: even and odd dispatches read different buffers,
    // and an odd count ends in the scratch copies, which the GPU copies back.
    FrameShape shape = core().full_shape(1);
    shape.relaxation_sweeps = 2 * jacobi->sweeps_per_dispatch() + 1;
    std::vector<Step> steps;
    for (const Step& step : core().build_schedule(shape)) {
      if (step.module == jacobi->index) steps.push_back(step);
    }
    ASSERT_EQ(steps.size(), 5u);
    ASSERT_EQ(steps[0].pass, &LineSolves::pass());
    ASSERT_EQ(steps[1].pass, &LineSolves::pass());
    ASSERT_FALSE(steps[4].copies.empty()) << "an odd count must end with a copy back";
    for (const Step& step : steps) {
      run_both(step);
      // After the first dispatch the GPU's result sits in its scratch buffers: compare after the
      // others.
      if (!jacobi->result_in_scratch(step)) expect_states_match(jacobi->label(step));
    }
    return;
  }
  const ColouredDistance* distance = core().find<ColouredDistance>();
  ASSERT_NE(distance, nullptr);
  ASSERT_GE(distance->colored().color_count(), 2u)
      << "the scene should have constraints of several colours";
  for (const Step& step : steps_of<ColouredDistance>(core())) {
    run_both(step);
    expect_states_match("relaxation sweep " + std::to_string(step.sweep) + " colour " +
                        std::to_string(step.part));
  }
}

TEST_P(GpuPassTest, Tethers) {
  // Every fifth particle held by two pins is moved away from the middle of its pins by half its
  // longer tether: beyond both, and often so far that pulling it onto either sphere leaves it
  // beyond the other, where it goes to the circle in which the two spheres meet.
  const Tethers* module = core().find<Tethers>();
  if (!module) {
    EXPECT_TRUE(model_.tether_groups.empty()) << "tethers in the model but no tethers module";
    return;
  }
  const std::vector<gpu::Tether>& tethers = module->tethers();
  uint32_t held_by_two = 0;
  for (size_t i = 0; i < tethers.size(); ++i) {
    const gpu::Tether& tether = tethers[i];
    if (tether.pin0 == WEFT_TETHER_NONE || tether.pin1 == WEFT_TETHER_NONE) continue;
    if (held_by_two++ % 5 != 0) continue;
    const glm::vec3 x(start_.positions[i]);
    const glm::vec3 middle = 0.5f * (glm::vec3(start_.positions[tether.pin0]) +
                                     glm::vec3(start_.positions[tether.pin1]));
    const glm::vec3 moved =
        x + glm::normalize(x - middle) * 0.5f * std::max(tether.max_length0, tether.max_length1);
    start_.positions[i] = glm::vec4(moved, start_.positions[i].w);
  }
  cpu_->state().positions = start_.positions;
  gpu_->upload_state(start_);
  run_both(steps_of<Tethers>(core()));
  expect_states_match("tethers");
  // The jitter put some particles beyond their tethers: they must have been pulled back.
  uint32_t moved = 0;
  for (size_t i = 0; i < start_.positions.size(); ++i)
    moved += cpu_->state().positions[i] != start_.positions[i];
  EXPECT_GT(moved, 3u);
  // A cloth has particles held by two pins, and some of them need the circle.
  if (held_by_two == 0) return;
  uint32_t on_the_circle = 0;
  for (size_t i = 0; i < tethers.size(); ++i) {
    const gpu::Tether& tether = tethers[i];
    if (tether.pin0 == WEFT_TETHER_NONE || tether.pin1 == WEFT_TETHER_NONE) continue;
    const glm::vec3 x(start_.positions[i]);
    const glm::vec3 a(start_.positions[tether.pin0]);
    const glm::vec3 b(start_.positions[tether.pin1]);
    const glm::vec3 onto_a = a + (x - a) * (tether.max_length0 / glm::distance(x, a));
    const glm::vec3 onto_b = b + (x - b) * (tether.max_length1 / glm::distance(x, b));
    on_the_circle += glm::distance(x, a) > tether.max_length0 &&
                     glm::distance(x, b) > tether.max_length1 &&
                     glm::distance(onto_a, b) > tether.max_length1 &&
                     glm::distance(onto_b, a) > tether.max_length0;
  }
  EXPECT_GT(on_the_circle, 3u);
}

TEST_P(GpuPassTest, StrainLimits) {
  if (!core().find<StrainLimits>()) {
    EXPECT_TRUE(model_.grids.empty()) << "every grid of the test scenes has tethers";
    return;
  }
  const std::vector<Step> passes = steps_of<StrainLimits>(core());
  // Two passes, and two more after self-collision where it runs.
  ASSERT_EQ(passes.size(), self_collision_runs(model_) ? 4u : 2u);
  // The first pass of each two leaves the GPU's result in the scratch buffer: compare after the
  // second.
  run_both(passes);
  expect_states_match("strain limits");
  // The jitter stretched some pairs of nodes beyond their limit: they must have been pulled in.
  uint32_t moved = 0;
  for (size_t i = 0; i < start_.positions.size(); ++i)
    moved += cpu_->state().positions[i] != start_.positions[i];
  EXPECT_GT(moved, 3u);
}

TEST_P(GpuPassTest, Collision) {
  const Environment& e = model_.environment;
  const bool collides =
      e.ground.mode == GroundMode::projection || !e.spheres.empty() || !e.colliders.empty();
  if (!core().find<Colliders>()) {
    EXPECT_FALSE(collides) << "colliders in the model but no colliders module";
    return;
  }
  run_both(steps_of<Colliders>(core()));
  expect_states_match("collision");
  if (!collides) return;  // the ground pushes with a force here (ForceAccumulation)
  // The jitter put some particles inside the colliders: they must have been pushed out.
  uint32_t moved = 0;
  for (size_t i = 0; i < start_.positions.size(); ++i)
    moved += cpu_->state().positions[i] != start_.positions[i];
  EXPECT_GT(moved, 3u);
}

TEST_P(GpuPassTest, BlowUpWatch) {
  const HealthReport gpu = gpu_->measure_health();
  const HealthReport cpu = cpu_->measure_health();
  EXPECT_EQ(gpu.nonfinite_count, 0u);
  EXPECT_GT(cpu.largest_stretch, 0.0f);
  EXPECT_NEAR(gpu.largest_stretch, cpu.largest_stretch, 1e-5 * cpu.largest_stretch);
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
