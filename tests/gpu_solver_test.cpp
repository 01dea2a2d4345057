// The GPU solver's contract beyond the physics: validation is really on, models that do not fit
// the device are refused before anything is allocated, and the pass timer names each pass in
// order within the host's wait.
#include <gtest/gtest.h>

#include <chrono>

#include <string>

#include "engine/check.h"
#include "engine/command_ring.h"
#include "sim/model/cloth_grid.h"
#include "sim/core/cpu_solver.h"
#include "sim/gpu/gpu_footprint.h"
#include "sim/gpu/gpu_solver.h"
#include "sim/model/model_error.h"
#include "tests/support/test_scenes.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

class GpuSolverTest : public VulkanTest {};

TEST_F(GpuSolverTest, TheValidationLayerReportsMisuse) {
  // A zero-size buffer is invalid usage: if validation were off, every other test in this
  // suite would pass whatever the synchronization did.
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = 0;
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  VkBuffer buffer = VK_NULL_HANDLE;
  const VkResult result = vkCreateBuffer(device().handle(), &info, nullptr, &buffer);
  if (result == VK_SUCCESS && buffer) vkDestroyBuffer(device().handle(), buffer, nullptr);
  const std::vector<std::string> errors = instance().take_validation_errors();
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors[0].find("VUID-VkBufferCreateInfo-size"), std::string::npos) << errors[0];
}

TEST_F(GpuSolverTest, VulkanErrorsNameTheCallAndTheResult) {
  try {
    VK_CHECK(VK_ERROR_OUT_OF_DEVICE_MEMORY);
    FAIL() << "VK_CHECK did not throw";
  } catch (const VulkanError& error) {
    EXPECT_NE(std::string(error.what()).find("VK_ERROR_OUT_OF_DEVICE_MEMORY"), std::string::npos);
    EXPECT_EQ(error.result(), VK_ERROR_OUT_OF_DEVICE_MEMORY);
  }
  try {
    check_vk(VK_ERROR_DEVICE_LOST, "vkQueueSubmit2(queue, 1, &submit, fence)", "sim/x.cpp", 12);
    FAIL() << "check_vk did not throw";
  } catch (const VulkanError& error) {
    EXPECT_STREQ(error.what(), "vkQueueSubmit2 failed: VK_ERROR_DEVICE_LOST (sim/x.cpp:12)");
  }
}

TEST_F(GpuSolverTest, RefusesAModelLargerThanTheDeviceAllows) {
  uint64_t particles = device().limits().maxStorageBufferRange / 16 + 1;
  try {
    check_fits_device(device(), particle_buffer_sizes(particles), particles, particles);
    FAIL() << "accepted " << particles << " particles";
  } catch (const ModelError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("too large for " + device().name()), std::string::npos) << message;
    EXPECT_NE(message.find("positions"), std::string::npos) << message;
  }
  particles = 1000;
  std::vector<GpuBufferSize> buffers = particle_buffer_sizes(particles);
  buffers.push_back({"springs: spring refs", uint64_t{1} << 44});  // 16 TiB of springs
  EXPECT_THROW(check_fits_device(device(), buffers, particles, particles), ModelError);
  buffers.back().bytes = 8000 * 16;
  EXPECT_NO_THROW(check_fits_device(device(), buffers, particles, particles));
  // A pass wider than the device can launch, with buffers that fit.
  const VkPhysicalDeviceLimits& limits = device().limits();
  const uint64_t widest =
      uint64_t{limits.maxComputeWorkGroupCount[1] + 1ull} * WEFT_MAX_GROUPS_X * WEFT_GROUP_SIZE;
  EXPECT_THROW(check_fits_device(device(), buffers, particles, widest), ModelError);
}

TEST_F(GpuSolverTest, RefusesAnInvalidModelBeforeAllocating) {
  Model model = cloth_scene(Integrator::verlet);
  model.inverse_masses[3] = -2.0f;
  try {
    GpuSolver solver(device(), model);
    FAIL() << "accepted a negative mass";
  } catch (const ModelError& error) {
    EXPECT_NE(std::string(error.what()).find("particle 3"), std::string::npos) << error.what();
  }
}

TEST_F(GpuSolverTest, TheGridPathWatchesTheStretchOfEveryLinkKind) {
  // Shear links alone, then bend links alone, as springs and as constraints: a watch that looked
  // at structural links only would see no stretch at all.
  for (bool bend : {false, true}) {
    for (LinkKind kind : {LinkKind::spring, LinkKind::constraint}) {
      Model model;
      ClothGridDesc cloth;
      cloth.columns = 7;
      cloth.rows = 5;
      cloth.structural = {LinkKind::none, 0.0f, 0.0f, 0.0f};
      cloth.shear = {bend ? LinkKind::none : kind, 10.0f, 0.0f, 0.0f};
      cloth.bend = {bend ? kind : LinkKind::none, 10.0f, 0.0f, 0.0f};
      add_cloth_grid(model, cloth);
      model.positions[16].y += 0.2f;  // stretches every link at particle 16 (column 2, row 2)
      model.solver.variant = SolverVariant::grid;
      CpuSolver<float> cpu(model);
      GpuSolver gpu(device(), model);
      const HealthReport expected = cpu.measure_health();
      EXPECT_GT(expected.largest_stretch, 0.05f);
      EXPECT_NEAR(gpu.measure_health().largest_stretch, expected.largest_stretch, 1e-5f);
    }
  }
}

TEST_F(GpuSolverTest, TheFrameIsTimedPassByPassWithinTheHostsWait) {
  GpuSolver solver(device(), cloth_scene(Integrator::verlet));
  PassTimer timer(device(), 2);
  if (!timer.supported()) GTEST_SKIP() << device().name() << " has no timestamp queries";
  CommandRing ring(device(), 2, "timer test");
  VkCommandBuffer cmd = ring.begin();
  timer.begin(cmd, ring.current_slot());
  solver.record_frame(cmd, 1.0f / 60.0f, 4, &timer);
  const auto submitted = std::chrono::steady_clock::now();
  ring.submit();
  ring.wait_all();
  // The GPU ran the frame between the submission and the wait's end.
  const double wall_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - submitted)
          .count();
  const std::optional<FrameTimings> timings = timer.read(ring.current_slot());
  ASSERT_TRUE(timings.has_value());
  std::vector<std::string> names;
  for (const auto& [pass, ms] : timings->sections) {
    EXPECT_GE(ms, 0.0) << pass->name;
    names.push_back(pass->name);
  }
  // Every particle is a node of the grid whose lines are walked: the walk along rows integrates
  // them.
  EXPECT_EQ(names,
            (std::vector<std::string>{"frame updates", "force accumulation", "anchors",
                                      "bending and stretch along lines", "constraint relaxation",
                                      "collision", "tethers", "strain limits"}));
  EXPECT_GT(timings->total_ms, 0.0);
  // Converted with the device's timestamp period, the frame took no longer than the host waited
  // for it: a wrong period or a misread query gives a time far off.
  EXPECT_LE(timings->total_ms, wall_ms);
}

}  // namespace
}  // namespace weft::test
