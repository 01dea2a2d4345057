// Self-collision on the GPU against its CPU mirror, pass by pass, on the contact test scene (a
// cloth folded over itself above a second cloth, from a perturbed state): the spatial hash's
// integer buffers must equal the CPU's exactly after every pass (the scatter's order within a
// bucket excepted, which the sort's points then fix), and the contacts must move every particle
// as the CPU does and separate the pairs that overlap.
//
// Tolerances. The hash passes work on integers computed from positions by a multiplication and a
// floor, which round the same on both sides: exact. The contact sums add up to ~30 terms of a few
// operations on lengths of ~0.1 m; the GPU may round each operation differently (FMA
// contraction, sqrt within 2.5 ULP), so they are compared to 1e-6 m (about 1000 ULP of the terms,
// 1e-4 of a typical 1 cm push), and the contact counts exactly. Positions after the apply pass
// keep gpu_pass_test's 1e-6 m.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>

#include "engine/buffer.h"
#include "sim/model/cloth_grid.h"
#include "sim/model/contact_report.h"
#include "sim/core/cpu_solver.h"
#include "sim/gpu/gpu_solver.h"
#include "sim/modules/self_collision.h"
#include "tests/support/state_compare.h"
#include "tests/support/test_scenes.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

constexpr float kDt = 1.0f / 600.0f;

class GpuSelfCollisionTest : public VulkanTest, public ::testing::WithParamInterface<Integrator> {
 protected:
  void SetUp() override {
    VulkanTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    model_ = contact_scene(GetParam());
    cpu_ = std::make_unique<CpuSolver<float>>(model_);
    gpu_ = std::make_unique<GpuSolver>(device(), model_);
    start_ = perturbed_state(model_, kDt, 11);
    cpu_->state().positions = start_.positions;
    cpu_->state().previous = start_.previous;
    cpu_->state().velocities = start_.velocities;
    cpu_->state().module_arrays = start_.module_arrays;
    gpu_->upload_state(start_);
    module_ = cpu_->core().find<SelfCollision>();
    ASSERT_NE(module_, nullptr);
    for (const Step& step : cpu_->core().build_schedule(cpu_->core().full_shape(1))) {
      if (step.module == module_->index) steps_.push_back(step);
    }
    ASSERT_EQ(steps_.size(), 8u);
  }

  void run_both(const Step& step) {
    cpu_->run_pass(step, kDt);
    gpu_->run_pass(step, kDt);
  }
  std::vector<uint32_t> gpu_words(uint32_t binding) {
    const Buffer& buffer = gpu_->module_buffer(module_->index, binding);
    const uint64_t bytes = module_->buffers()[binding].bytes;
    std::vector<uint32_t> words(bytes / 4);
    download_from_buffer(device(), buffer, words.data(), bytes);
    return words;
  }
  std::vector<glm::uvec4> gpu_points() {
    std::vector<glm::uvec4> points(model_.particle_count());
    download_from_buffer(device(), gpu_->module_buffer(module_->index, WEFT_CONTACT_BINDING_POINTS),
                         points.data(), points.size() * 16);
    return points;
  }
  std::vector<glm::vec4> gpu_corrections() {
    const uint32_t binding = WEFT_CONTACT_BINDING_CORRECTIONS;
    std::vector<glm::vec4> sums(module_->buffers()[binding].bytes / 16);
    download_from_buffer(device(), gpu_->module_buffer(module_->index, binding), sums.data(),
                         sums.size() * 16);
    return sums;
  }
  std::vector<glm::vec3> cpu_positions() const {
    std::vector<glm::vec3> x;
    for (const glm::vec4& p : cpu_->state().positions)
      x.emplace_back(p);
    return x;
  }

  Model model_;
  std::unique_ptr<CpuSolver<float>> cpu_;
  std::unique_ptr<GpuSolver> gpu_;
  ParticleState<float> start_;
  const SelfCollision* module_ = nullptr;
  std::vector<Step> steps_;
};

TEST_P(GpuSelfCollisionTest, HashPassesMatchTheCpuExactly) {
  const ContactScratch<float>& cpu = module_->cpu_scratch();
  const uint32_t buckets = module_->bucket_count();
  for (const Step& step : steps_) {
    run_both(step);
    const PassInfo* pass = step.pass;
    SCOPED_TRACE(pass->name);
    if (pass == &SelfCollision::count_pass()) {
      EXPECT_EQ(gpu_words(WEFT_CONTACT_BINDING_BUCKETS), cpu.buckets);
      EXPECT_EQ(gpu_words(WEFT_CONTACT_BINDING_COUNTS), cpu.counts);
      // The test must see buckets shared by several particles, where order could matter.
      EXPECT_GE(*std::max_element(cpu.counts.begin(), cpu.counts.end()), 2u);
    } else if (pass == &SelfCollision::scan_blocks_pass() ||
               pass == &SelfCollision::scan_totals_pass() ||
               pass == &SelfCollision::scan_add_pass()) {
      EXPECT_EQ(gpu_words(WEFT_CONTACT_BINDING_STARTS), cpu.starts);
      EXPECT_EQ(gpu_words(WEFT_CONTACT_BINDING_BLOCKS), cpu.blocks);
    } else if (pass == &SelfCollision::scatter_pass()) {
      // Every count handed back, and each bucket holding the same particles in some order.
      EXPECT_EQ(gpu_words(WEFT_CONTACT_BINDING_COUNTS), std::vector<uint32_t>(buckets, 0u));
      std::vector<uint32_t> gpu = gpu_words(WEFT_CONTACT_BINDING_SORTED);
      std::vector<uint32_t> expected = cpu.sorted;
      for (uint32_t b = 0; b < buckets; ++b) {
        std::sort(gpu.begin() + cpu.starts[b], gpu.begin() + cpu.starts[b + 1]);
        std::sort(expected.begin() + cpu.starts[b], expected.begin() + cpu.starts[b + 1]);
      }
      EXPECT_EQ(gpu, expected);
    } else if (pass == &SelfCollision::sort_pass()) {
      // The points in order of index within each bucket, each with its particle's position.
      EXPECT_EQ(gpu_points(), cpu.points);
      EXPECT_EQ(cpu.starts[buckets], model_.particle_count());  // every particle has contacts
      for (uint32_t k = 0; k < model_.particle_count(); ++k) {
        const glm::uvec4 point = cpu.points[k];
        EXPECT_EQ(glm::vec3(std::bit_cast<float>(point.x), std::bit_cast<float>(point.y),
                            std::bit_cast<float>(point.z)),
                  glm::vec3(cpu_->state().positions[point.w]))
            << "slot " << k;
      }
    } else if (pass == &SelfCollision::contacts_pass()) {
      const std::vector<glm::vec4> gpu = gpu_corrections();
      ASSERT_EQ(gpu.size(), cpu.corrections.size());
      uint32_t touching = 0;
      for (size_t k = 0; k < gpu.size(); k += 2) {
        EXPECT_EQ(gpu[k].w, cpu.corrections[k].w) << "contacts of particle " << k / 2;
        touching += cpu.corrections[k].w > 0.0f;
      }
      EXPECT_TRUE(all_near(gpu, cpu.corrections, 1e-6, "contact sums"));
      EXPECT_GT(touching, model_.particle_count() / 3);
    }
  }
  EXPECT_TRUE(all_near(
      gpu_->download_state().positions, cpu_->state().positions,
      [&](size_t i) {
        return 1e-6 * std::max(1.0, double{glm::length(glm::vec3(cpu_->state().positions[i]))});
      },
      "positions after the contacts"));
}

TEST_P(GpuSelfCollisionTest, ContactsSeparateOverlappingPairs) {
  std::vector<glm::vec3> before;
  for (const glm::vec4& p : start_.positions)
    before.emplace_back(p);
  const ContactReport overlapping =
      measure_contacts(before, model_.triangles, model_.contact_groups);
  ASSERT_GT(overlapping.closer_than_thickness, 50u) << "the scene should start overlapping";
  ASSERT_GT(overlapping.closer_than_half, 0u);
  for (const Step& step : steps_)
    run_both(step);
  const ContactReport after =
      measure_contacts(cpu_positions(), model_.triangles, model_.contact_groups);
  // One Jacobi pass does not resolve every pair (a particle moves by the mean of its pushes: in
  // this tangle of 100 pairs about 15 passes do), but it must leave fewer, none as deep as the
  // deepest before, and none within half their thickness.
  EXPECT_LT(after.closer_than_thickness, overlapping.closer_than_thickness);
  EXPECT_EQ(after.closer_than_half, 0u);
  EXPECT_GT(after.closest_distance / after.closest_thickness,
            overlapping.closest_distance / overlapping.closest_thickness);
  const ParticleState<float> gpu = gpu_->download_state();
  EXPECT_TRUE(all_near(gpu.positions, cpu_->state().positions, 1e-6, "positions"));
  EXPECT_TRUE(all_near(gpu.previous, cpu_->state().previous, 1e-6, "previous positions"));
}

class GpuLargeHashTest : public VulkanTest {};

// hash_scan_totals.comp sums the blocks' totals a chunk of 256 blocks at a time, carrying from
// chunk to chunk: a flat grid of 363 x 363 particles (no links: only the hash runs) has 524,288
// buckets in 512 blocks of 1024, two chunks.
TEST_F(GpuLargeHashTest, PrefixSumCarriesAcrossChunksOfBlocks) {
  Model model;
  ClothGridDesc grid;
  grid.columns = 363;
  grid.rows = 363;
  grid.width_axis = {2.0f, 0.0f, 0.0f};
  grid.height_axis = {0.0f, 0.3f, 2.0f};
  grid.particle_mass = 1e-3f;
  grid.structural = {LinkKind::none, 0.0f, 0.0f, 0.0f};
  add_cloth_grid(model, grid);
  model.contact_groups.push_back({0, model.particle_count(), 0.005f});
  model.environment.self_collision = true;
  CpuSolver<float> cpu(model);
  GpuSolver gpu(device(), model);
  const SelfCollision* module = cpu.core().find<SelfCollision>();
  ASSERT_EQ(module->bucket_count() / WEFT_CONTACT_BLOCK, 512u);
  for (const Step& step : cpu.core().build_schedule(cpu.core().full_shape(1))) {
    if (step.module != module->index || step.pass == &SelfCollision::contacts_pass()) continue;
    cpu.run_pass(step, kDt);
    gpu.run_pass(step, kDt);
    if (step.pass == &SelfCollision::sort_pass()) break;
  }
  auto words = [&](uint32_t binding) {
    std::vector<uint32_t> values(module->buffers()[binding].bytes / 4);
    download_from_buffer(device(), gpu.module_buffer(module->index, binding), values.data(),
                         values.size() * 4);
    return values;
  };
  const ContactScratch<float>& expected = module->cpu_scratch();
  EXPECT_EQ(expected.starts.back(), model.particle_count());
  EXPECT_EQ(words(WEFT_CONTACT_BINDING_BLOCKS), expected.blocks);
  EXPECT_EQ(words(WEFT_CONTACT_BINDING_STARTS), expected.starts);
  std::vector<glm::uvec4> points(expected.points.size());
  download_from_buffer(device(), gpu.module_buffer(module->index, WEFT_CONTACT_BINDING_POINTS),
                       points.data(), points.size() * 16);
  EXPECT_EQ(points, expected.points);
}

INSTANTIATE_TEST_SUITE_P(Integrators, GpuSelfCollisionTest,
                         ::testing::Values(Integrator::semi_implicit_euler, Integrator::verlet),
                         [](const ::testing::TestParamInfo<Integrator>& param) {
                           return param.param == Integrator::verlet ? std::string("Verlet")
                                                                    : std::string("Euler");
                         });

}  // namespace
}  // namespace weft::test
