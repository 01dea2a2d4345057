// The graphics pass on the GPU, with validation: normals from compute_normals.comp against their
// CPU mirror, and offscreen pictures of the default scene: the cloth where the camera says it
// is, the background elsewhere, and the springs view coloured by strain.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "app/default_scene.h"
#include "app/render/framing.h"
#include "app/render/offscreen_render.h"
#include "app/render/render_mesh.h"
#include "engine/device.h"
#include "sim/gpu_solver.h"
#include "tests/support/picture_regions.h"
#include "tests/support/test_scenes.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

constexpr VkExtent2D kExtent{320, 200};

Model small_default_scene() {
  DefaultSceneOptions options;
  options.columns = 16;
  options.rows = 16;
  return make_default_scene(options);
}

class RenderTest : public VulkanTest {};

TEST_F(RenderTest, GpuNormalsMatchTheirCpuMirror) {
  const Model model = cloth_scene(Integrator::verlet);
  GpuSolver solver(device(), model);
  // A crumpled state, so that every normal is different.
  solver.upload_state(perturbed_state(model, 1e-3f, 7));
  const RenderFormats formats = choose_render_formats(device(), VK_FORMAT_R8G8B8A8_SRGB);
  const DrawnSystem system{&solver, &model};
  SceneRenderer renderer(device(), std::span<const DrawnSystem>(&system, 1), formats);
  device().submit_and_wait(
      [&](VkCommandBuffer cmd) { renderer.record_prepare(cmd, DrawSettings{}); });

  std::vector<glm::vec4> gpu(model.particle_count());
  download_from_buffer(device(), renderer.system(0).normals(), gpu.data(), gpu.size() * 16);
  const ParticleState<float> state = solver.download_state();
  std::vector<glm::vec3> positions(state.positions.begin(), state.positions.end());
  const std::vector<glm::vec3> cpu =
      vertex_normals(positions, build_corner_adjacency(model.particle_count(), model.triangles));
  for (size_t i = 0; i < cpu.size(); ++i) {
    EXPECT_LT(glm::distance(glm::vec3(gpu[i]), cpu[i]), 1e-5f) << "vertex " << i;
  }
}

TEST_F(RenderTest, TheClothIsDrawnWhereTheCameraPutsIt) {
  const Model model = small_default_scene();
  GpuSolver solver(device(), model);
  const OrbitCamera camera = default_camera(model, kExtent);
  const Picture picture = render_offscreen(device(), solver, model, camera, kExtent);

  // The cloth starts flat: its four corners bound where it must appear.
  PixelBox expected{1e9f, 1e9f, -1e9f, -1e9f};
  const glm::vec2 viewport(kExtent.width, kExtent.height);
  for (uint32_t corner : {0u, 15u, 240u, 255u}) {
    const glm::vec3 p = camera.project(model.positions[corner], viewport);
    expected = {std::min(expected.x0, p.x), std::min(expected.y0, p.y), std::max(expected.x1, p.x),
                std::max(expected.y1, p.y)};
  }
  const ClothPixels cloth = find_cloth(picture.rgba, picture.width, picture.height);
  // A flat quad fills about half its bounding box; the whole picture has far more pixels.
  const float box_area = (expected.x1 - expected.x0) * (expected.y1 - expected.y0);
  EXPECT_GT(cloth.count, 0.3f * box_area);
  EXPECT_LT(cloth.count, 0.7f * box_area);
  // Every cloth pixel is inside the box (give or take the edge's antialiasing).
  EXPECT_GE(cloth.bounds.x0, expected.x0 - 2);
  EXPECT_GE(cloth.bounds.y0, expected.y0 - 2);
  EXPECT_LE(cloth.bounds.x1, expected.x1 + 2);
  EXPECT_LE(cloth.bounds.y1, expected.y1 + 2);
  // Above the cloth, at the top of the picture, is the background: the clear colour.
  const uint8_t* corner = &picture.rgba[0];
  EXPECT_LT(corner[0], 90);
  EXPECT_NEAR(corner[0], corner[1], 12);
  EXPECT_FALSE(is_cloth_color(corner));
}

TEST_F(RenderTest, TheSpringsViewColoursStretchedLinksRed) {
  const Model model = small_default_scene();
  GpuSolver solver(device(), model);
  const OrbitCamera camera = default_camera(model, kExtent);
  DrawSettings springs;
  springs.springs_view = true;
  const auto count_red = [&](const Picture& picture) {
    uint32_t red = 0;
    for (size_t i = 0; i < picture.rgba.size(); i += 4) {
      const uint8_t* p = &picture.rgba[i];
      if (p[0] > 180 && p[0] > p[1] + 100 && p[0] > p[2] + 100) ++red;
    }
    return red;
  };
  const uint32_t at_rest =
      count_red(render_offscreen(device(), solver, model, camera, kExtent, springs));
  // Stretch the whole cloth by 5% about its first corner: every link is 5% too long.
  ParticleState<float> state = solver.download_state();
  const glm::vec3 origin(state.positions[0]);
  for (glm::vec4& p : state.positions) {
    p = glm::vec4(origin + 1.05f * (glm::vec3(p) - origin), p.w);
  }
  solver.upload_state(state);
  const uint32_t stretched =
      count_red(render_offscreen(device(), solver, model, camera, kExtent, springs));
  EXPECT_EQ(at_rest, 0u);
  EXPECT_GT(stretched, 2000u);
}

}  // namespace
}  // namespace weft::test
