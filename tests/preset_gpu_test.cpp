// Every preset runs on the GPU solver (validation layer on; any validation error fails the test)
// and, after two frames, agrees with the CPU reference. Two frames keep this cheap on lavapipe;
// GpuTrajectoryTest is where whole trajectories are compared closely. The tolerance, 0.1 mm, is
// far above float rounding over two frames and far below what a wrong pass does (gravity alone
// moves a free particle 1.4 mm per frame).
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include <glm/geometric.hpp>

#include "app/scene/scene_file.h"
#include "sim/model/contact_report.h"
#include "sim/core/cpu_solver.h"
#include "sim/gpu/gpu_solver.h"
#include "sim/model/strain_report.h"
#include "tests/support/hanging_cloth.h"
#include "tests/support/presets.h"
#include "tests/support/scene_text.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

class PresetGpuTest : public VulkanTest, public ::testing::WithParamInterface<std::string> {};

TEST_P(PresetGpuTest, RunsOnTheGpuLikeTheCpuReference) {
  const Scene scene = load_scene(preset_path(GetParam()));
  for (const SceneSystem& system : scene.systems) {
    GpuSolver gpu(device(), system.model);
    CpuSolver<float> cpu(system.model);
    for (uint32_t frame = 0; frame < 2; ++frame) {
      for (const SceneEvent& event : system.events) {
        if (event.frame != frame) continue;
        apply_event(event, gpu);
        apply_event(event, cpu);
      }
      gpu.step_frames(1);
      cpu.step_frame();
    }
    EXPECT_EQ(blow_up_reason(gpu.measure_health()), std::nullopt) << system.name;
    const ParticleState<float> state = gpu.download_state();
    ASSERT_EQ(state.positions.size(), cpu.state().positions.size());
    float worst = 0.0f;
    for (size_t i = 0; i < state.positions.size(); ++i) {
      worst = std::max(
          worst, glm::distance(glm::vec3(state.positions[i]), glm::vec3(cpu.state().positions[i])));
    }
    EXPECT_LT(worst, 1e-4f) << system.name << ": GPU and CPU differ by " << worst << " m";
  }
}

std::string preset_test_name(const ::testing::TestParamInfo<std::string>& param) {
  return param.param;
}

INSTANTIATE_TEST_SUITE_P(Scenes, PresetGpuTest, ::testing::ValuesIn(preset_names()),
                         preset_test_name);

// The fold's promise on the GPU (preset_test checks it on the CPU reference): settled on the
// ground, no two particles that share no triangle closer than half the thickness.
TEST_F(VulkanTest, SelfCollisionFoldSettlesOnTheGpuWithNoPairWithinHalfItsThickness) {
  const Scene scene = parse_scene_text(small_fold_text());
  const Model& model = scene.systems[0].model;
  GpuSolver gpu(device(), model);
  gpu.step_frames(scene.frames);
  EXPECT_EQ(blow_up_reason(gpu.measure_health()), std::nullopt);
  std::vector<glm::vec3> x;
  for (const glm::vec4& p : gpu.download_state().positions)
    x.emplace_back(p);
  const ContactReport report = measure_contacts(x, model.triangles, model.contact_groups);
  EXPECT_EQ(report.closer_than_half, 0u);
  EXPECT_GT(report.particles, 0u);
}

// scenes/hanging_cloth.toml settled on lavapipe at 32 x 32, both paths: the same bounds as the
// CPU reference's (material_test, hanging_cloth_test, which covers the resolutions). Two seconds
// with damping raised to 6/s leave 6e-6 of the fall's motion; real cotton would stretch about
// 0.15% at the top, and the bounds fail cloth that stretches by percents.
class HangingClothGpuTest : public VulkanTest, public ::testing::WithParamInterface<uint32_t> {};

TEST_P(HangingClothGpuTest, KeepsItsLengthOnBothPaths) {
  for (SolverVariant variant : {SolverVariant::general, SolverVariant::grid}) {
    const Model model = hanging_cloth(GetParam(), variant);
    GpuSolver gpu(device(), model);
    gpu.step_frames(120);
    EXPECT_EQ(blow_up_reason(gpu.measure_health()), std::nullopt);
    const ParticleState<float> state = gpu.download_state();
    const std::vector<glm::vec3> positions(state.positions.begin(), state.positions.end());
    const StrainReport strain = measure_strain(model, positions);
    const char* path = variant == SolverVariant::grid ? "grid" : "general";
    EXPECT_LT(strain.max, 0.01) << path;
    EXPECT_LT(strain.mean, 0.003) << path;
    EXPECT_GT(strain.mean, 0.0) << path << ": a hanging cloth is in tension";
  }
}

INSTANTIATE_TEST_SUITE_P(NodesASide, HangingClothGpuTest, ::testing::Values(32u));

}  // namespace
}  // namespace weft::test
